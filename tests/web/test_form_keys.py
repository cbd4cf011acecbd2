"""The keys of the forms done outlive the app (issue 15, defect 2): kept in the store's records,
found again by a new app on the same file, forgotten after ``KEEP``."""

from __future__ import annotations

import datetime

from pokertd.store import MemoryEventStore
from pokertd.web.form_keys import KEEP, KIND, FormKeys

START = datetime.datetime(2024, 5, 3, 19, 0, tzinfo=datetime.UTC)


def test_a_key_is_found_again_by_a_new_app_on_the_same_store() -> None:
    store = MemoryEventStore()
    FormKeys(store, lambda: START)[("", "k1")] = "tournament-1"
    again = FormKeys(store, lambda: START + datetime.timedelta(minutes=5))  # a restart
    assert ("", "k1") in again
    assert again[("", "k1")] == "tournament-1"
    assert ("tournament-1", "k1") not in again  # a key is per event


def test_a_key_older_than_keep_is_forgotten_when_the_keys_are_first_used() -> None:
    store = MemoryEventStore()
    keys = FormKeys(store, lambda: START)
    keys[("tournament-1", "old")] = ""
    later = START + KEEP + datetime.timedelta(seconds=1)
    FormKeys(store, lambda: later)[("tournament-1", "new")] = ""
    assert [name for name, _ in store.records(KIND)] == ["tournament-1/new"]
