"""The records beside the event log (``put_record``, ``get_record``, ``records``,
``delete_record``, ``read_record`` and ``swap_record``: compare and set by version), run against
every store of ``STORES``: the same answers and errors."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_event_store import STORES

from pokertd.errors import ParseError
from pokertd.store import (
    EventStore,
    MemoryEventStore,
    NewEvent,
    RecordMovedError,
    SQLiteEventStore,
    open_store,
)
from pokertd.store.postgres import PostgresEventStore

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


def test_every_write_moves_a_records_version(store: EventStore) -> None:
    assert store.read_record("signups", "t1") == (None, 0)
    store.put_record("signups", "t1", {"lines": []})
    assert store.read_record("signups", "t1") == ({"lines": []}, 1)
    assert store.swap_record("signups", "t1", {"lines": ["P-1"]}, expected_version=1) == 2
    store.put_record("signups", "t1", {"lines": ["P-2"]})
    store.append("t1", [NewEvent("player-registered", {"player": "P-2"})], expected_version=0,
                 recorded_at=AT, records=[("signups", "t1", {"lines": ["P-3"]})])  # fmt: skip
    assert store.read_record("signups", "t1") == ({"lines": ["P-3"]}, 4)
    assert store.read_record("signups", "t2") == (None, 0)


def test_a_swap_over_a_moved_version_is_refused_and_writes_nothing(store: EventStore) -> None:
    assert store.swap_record("signups", "t1", {"lines": ["P-1"]}, expected_version=0) == 1
    with pytest.raises(RecordMovedError, match="the record 't1' of 'signups' changed"):
        store.swap_record("signups", "t1", {"lines": ["P-2"]}, expected_version=0)
    store.put_record("signups", "t1", {"lines": ["P-1", "P-3"]})
    with pytest.raises(RecordMovedError):
        store.swap_record("signups", "t1", {"lines": ["P-2"]}, expected_version=1)
    assert store.read_record("signups", "t1") == ({"lines": ["P-1", "P-3"]}, 2)
    with pytest.raises(RecordMovedError):  # no record at version 5 either
        store.swap_record("signups", "t9", {"lines": []}, expected_version=5)
    assert store.get_record("signups", "t9") is None


def test_a_swap_checks_its_arguments(store: EventStore) -> None:
    with pytest.raises(ParseError, match="must be 1 to 200 characters"):
        store.swap_record("signups", "", {}, expected_version=0)
    with pytest.raises(ValueError, match="negative"):
        store.swap_record("signups", "t1", {}, expected_version=-1)
    with pytest.raises(TypeError, match="which JSON cannot hold"):
        store.swap_record("signups", "t1", {"x": {1}}, expected_version=0)
    assert store.read_record("signups", "t1") == (None, 0)


def test_a_deleted_record_starts_again_at_no_version(store: EventStore) -> None:
    store.put_record("signups", "t1", {"lines": []})
    store.delete_record("signups", "t1")
    assert store.read_record("signups", "t1") == (None, 0)
    assert store.swap_record("signups", "t1", {"lines": []}, expected_version=0) == 1


def test_writers_that_read_one_version_swap_once_between_them(store: EventStore) -> None:
    """Eight threads, each on its own store over the same records (a file, a database; the
    memory store's one), read one version and swap at once: exactly one wins."""
    store.put_record("signups", "t1", {"lines": []})
    start = threading.Barrier(8)
    won: list[int] = []
    lock = threading.Lock()

    def write(number: int) -> None:
        mine = _again(store)  # opened in its thread, which uses it
        try:
            _, version = mine.read_record("signups", "t1")
            start.wait(timeout=30)
            mine.swap_record("signups", "t1", {"lines": [number]}, expected_version=version)
            with lock:
                won.append(number)
        except RecordMovedError:
            pass
        finally:
            if mine is not store:
                mine.close()

    threads = [threading.Thread(target=write, args=(number,)) for number in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert len(won) == 1
    assert store.read_record("signups", "t1") == ({"lines": won}, 2)


def _again(store: EventStore) -> EventStore:
    """Another store over the same records as ``store`` (an SQLite file, a database); the memory
    store itself."""
    if isinstance(store, MemoryEventStore):
        return store
    if isinstance(store, SQLiteEventStore):
        return SQLiteEventStore(store.path)
    assert isinstance(store, PostgresEventStore)
    return open_store(store._url)


def test_an_older_file_gets_its_records_versioned(tmp_path: Path) -> None:
    """A file of schema 2 (records without a version): each record is at version 1."""
    path = tmp_path / "club.db"
    store = SQLiteEventStore(path)
    store.put_record("signups", "t1", {"lines": ["P-1"]})
    store.close()
    with sqlite3.connect(path) as connection:
        connection.execute("ALTER TABLE records DROP COLUMN version")
        connection.execute("PRAGMA user_version = 2")
    connection.close()
    again = SQLiteEventStore(path)
    assert again.read_record("signups", "t1") == ({"lines": ["P-1"]}, 1)
    again.close()
