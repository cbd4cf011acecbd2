"""The records beside the event log (``put_record``, ``get_record``, ``records``,
``delete_record``), run against every store of ``STORES``: the same answers and errors."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_event_store import STORES

from pokertd.errors import ParseError
from pokertd.store import EventStore, NewEvent, SQLiteEventStore

AT = "2024-05-01T18:30:00+00:00"


@pytest.fixture(params=list(STORES), ids=lambda kind: kind.__name__)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[EventStore]:
    def database() -> str:
        url: str = request.getfixturevalue("postgres_url")
        return url

    opened = STORES[request.param](tmp_path, database)
    yield opened
    opened.close()


def test_a_record_is_kept_replaced_and_read_back(store: EventStore) -> None:
    store.put_record("person", "P-2", {"name": "Éloïse", "tags": ["a", 1, None]})
    store.put_record("person", "P-1", {"name": "Ana"})
    store.put_record("person", "P-1", {"name": "Anna"})
    store.put_record("setting", "P-1", {"shown": "nickname"})
    assert store.get_record("person", "P-1") == {"name": "Anna"}
    assert store.get_record("person", "P-2") == {"name": "Éloïse", "tags": ["a", 1, None]}
    assert store.get_record("person", "P-3") is None
    assert store.records("person") == [
        ("P-1", {"name": "Anna"}),
        ("P-2", {"name": "Éloïse", "tags": ["a", 1, None]}),
    ]
    assert store.records("setting") == [("P-1", {"shown": "nickname"})]


def test_a_deleted_record_is_gone_and_the_log_is_untouched(store: EventStore) -> None:
    store.append("t1", [NewEvent("player-registered", {"player": "P-1"})],
                 expected_version=0, recorded_at=AT)  # fmt: skip
    store.put_record("person", "P-1", {"name": "Ana"})
    assert store.delete_record("person", "P-1") is True
    assert store.delete_record("person", "P-1") is False
    assert store.get_record("person", "P-1") is None
    assert store.records("person") == []
    assert [event.data for event in store.read("t1")] == [{"player": "P-1"}]


def test_a_record_returned_is_a_copy(store: EventStore) -> None:
    store.put_record("person", "P-1", {"name": "Ana"})
    got = store.get_record("person", "P-1")
    assert got is not None
    got["name"] = "changed"
    assert store.get_record("person", "P-1") == {"name": "Ana"}


@pytest.mark.parametrize(("kind", "key"), [("", "P-1"), ("person", ""), ("person", "a\x00b")])
def test_a_record_needs_a_kind_and_a_key(store: EventStore, kind: str, key: str) -> None:
    with pytest.raises(ParseError, match="must be 1 to 200 characters"):
        store.put_record(kind, key, {"name": "Ana"})
    assert store.records("person") == []


def test_a_record_must_be_json(store: EventStore) -> None:
    with pytest.raises(TypeError, match="which JSON cannot hold"):
        store.put_record("person", "P-1", {"name": {1, 2}})
    assert store.get_record("person", "P-1") is None


def test_a_closed_store_refuses_records(store: EventStore) -> None:
    store.close()
    with pytest.raises(ValueError, match="closed"):
        store.get_record("person", "P-1")


def test_records_survive_reopening_a_file(tmp_path: Path) -> None:
    path = tmp_path / "club.db"
    first = SQLiteEventStore(path)
    first.put_record("person", "P-1", {"name": "Ana"})
    first.close()
    again = SQLiteEventStore(path)
    assert again.get_record("person", "P-1") == {"name": "Ana"}
    again.close()


def test_an_erased_record_leaves_no_bytes_in_the_sqlite_file(tmp_path: Path) -> None:
    path = tmp_path / "club.db"
    store = SQLiteEventStore(path)
    store.put_record("person", "P-1", {"name": "Zébulon Quichotte-Unique"})
    assert store.delete_record("person", "P-1")
    store.close()
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir() if p.is_file())
    assert "Zébulon".encode() not in raw
    connection = sqlite3.connect(path)
    assert connection.execute("SELECT count(*) FROM records").fetchone() == (0,)
    connection.close()
