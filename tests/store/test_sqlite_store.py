"""What only the SQLite store does: a file that survives reopening, pragmas, schema, bad files."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from async_run import run_async
from pokertd.errors import ConflictError, ParseError
from pokertd.store import NewEvent, SQLiteEventStore

AT = "2024-05-01T18:30:00+00:00"
POKERTD_APPLICATION_ID = 0x506B5444


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "events.db"


@contextlib.contextmanager
def raw(path: Path) -> Iterator[sqlite3.Connection]:
    """A plain sqlite3 connection, to look at or tamper with the file as another program would."""
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        yield connection
    finally:
        connection.close()


def pragma(path: Path, name: str) -> object:
    with raw(path) as connection:
        return connection.execute(f"PRAGMA {name}").fetchone()[0]


def fill(store: SQLiteEventStore) -> None:
    store.append(
        "t2", [NewEvent("player-registered", {"player": "Ana"})], expected_version=0, recorded_at=AT
    )
    store.append(
        "t1",
        [NewEvent("seat-drawn", {"seat": n}) for n in range(3)],
        expected_version=0,
        recorded_at=AT,
    )
    store.save_snapshot("t1", 2, {"seats": [0, 1]})


def test_reopening_the_file_gives_the_same_store(path: Path) -> None:
    store = SQLiteEventStore(path)
    fill(store)
    before = (store.streams(), store.read("t1"), store.read("t2"), store.load_snapshot("t1"))
    store.close()
    reopened = SQLiteEventStore(path)
    assert (
        reopened.streams(),
        reopened.read("t1"),
        reopened.read("t2"),
        reopened.load_snapshot("t1"),
    ) == before
    assert (
        reopened.append("t1", [NewEvent("seat-drawn", {})], expected_version=3, recorded_at=AT) == 4
    )
    assert reopened.read("t1", after=3)[0].position == 5
    reopened.close()


def test_the_connection_runs_with_wal_full_sync_and_foreign_keys(path: Path) -> None:
    store = SQLiteEventStore(path)
    assert store.pragmas() == {
        "journal_mode": "wal",
        "synchronous": "full",
        "foreign_keys": "on",
        "schema_version": 3,
    }
    store.close()
    assert pragma(path, "journal_mode") == "wal"  # WAL is a property of the file


def test_a_new_file_gets_the_current_schema(path: Path) -> None:
    SQLiteEventStore(path).close()
    assert pragma(path, "user_version") == 3
    assert pragma(path, "application_id") == POKERTD_APPLICATION_ID
    with raw(path) as connection:
        tables = {name for (name,) in connection.execute("SELECT name FROM sqlite_master")}
    assert {"streams", "events", "snapshots"} <= tables
    SQLiteEventStore(path).close()  # opening again migrates nothing
    assert pragma(path, "user_version") == 3


def test_an_empty_existing_file_becomes_a_store(path: Path) -> None:
    path.write_bytes(b"")
    store = SQLiteEventStore(path)
    assert store.pragmas()["schema_version"] == 3
    store.close()


def test_a_database_from_a_newer_pokertd_is_refused_untouched(path: Path) -> None:
    with raw(path) as connection:
        connection.execute(f"PRAGMA application_id = {POKERTD_APPLICATION_ID}")
        connection.execute("PRAGMA user_version = 99")
    with pytest.raises(ParseError, match="newer pokertd") as raised:
        SQLiteEventStore(path)
    assert str(path) in str(raised.value)
    assert "\n" not in str(raised.value)
    assert pragma(path, "journal_mode") == "delete"
    assert pragma(path, "user_version") == 99


@pytest.mark.parametrize("user_version", [0, 99])
def test_another_programs_database_is_refused(path: Path, user_version: int) -> None:
    with raw(path) as connection:
        connection.execute("CREATE TABLE players (name TEXT)")
        connection.execute(f"PRAGMA user_version = {user_version}")
    with pytest.raises(ParseError, match="not a pokertd event store") as raised:
        SQLiteEventStore(path)
    assert str(path) in str(raised.value)


def test_a_file_that_is_not_a_database_is_refused_untouched(path: Path) -> None:
    content = b"player,chips\nAna,10000\n" * 100
    path.write_bytes(content)
    with pytest.raises(ParseError, match="not a pokertd event store") as raised:
        SQLiteEventStore(path)
    assert str(path) in str(raised.value)
    assert "\n" not in str(raised.value)
    assert path.read_bytes() == content


def test_a_file_that_cannot_be_opened_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(OSError, match="no-such-folder"):
        SQLiteEventStore(tmp_path / "no-such-folder" / "events.db")


def test_stream_and_version_are_unique_in_the_file(path: Path) -> None:
    store = SQLiteEventStore(path)
    fill(store)
    store.close()
    with raw(path) as connection, pytest.raises(sqlite3.IntegrityError, match="UNIQUE"):
        connection.execute(
            "INSERT INTO events (stream, version, type, data, recorded_at)"
            " VALUES ('t1', 2, 'seat-drawn', '{}', ?)",
            (AT,),
        )


def test_the_unique_constraint_turns_a_lost_race_into_a_conflict(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = SQLiteEventStore(path)
    fill(store)
    # Pretend the version check read a stale version, as a writer without the lock would.
    monkeypatch.setattr("pokertd.store.sqlite._stream_version", lambda connection, stream: 1)
    with pytest.raises(ConflictError, match="'t1'"):
        store.append("t1", [NewEvent("seat-drawn", {})], expected_version=1, recorded_at=AT)
    monkeypatch.undo()
    assert store.version("t1") == 3
    store.close()


def test_two_store_objects_on_one_file_see_each_other_and_conflict(path: Path) -> None:
    first, second = SQLiteEventStore(path), SQLiteEventStore(path)
    first.append("t1", [NewEvent("seat-drawn", {})], expected_version=0, recorded_at=AT)
    assert second.version("t1") == 1
    second.append("t1", [NewEvent("seat-drawn", {})], expected_version=1, recorded_at=AT)
    with pytest.raises(ConflictError, match="at version 2, not the expected version 1"):
        first.append("t1", [NewEvent("seat-drawn", {})], expected_version=1, recorded_at=AT)
    assert [event.position for event in first.read("t1")] == [1, 2]
    first.close()
    second.close()


def test_a_cached_version_follows_every_writer_of_the_file(path: Path) -> None:
    """Versions are cached between commits: a commit by this store, by another store object
    (the CLI's) or by a plain SQLite connection is seen by the next ``version``."""
    store, other = SQLiteEventStore(path), SQLiteEventStore(path)
    store.append("t1", [NewEvent("seat-drawn", {})], expected_version=0, recorded_at=AT)
    assert (store.version("t1"), store.version("t2"), store.version("t1")) == (1, 0, 1)
    other.append("t1", [NewEvent("seat-drawn", {})], expected_version=1, recorded_at=AT)
    other.append("t2", [NewEvent("seat-drawn", {})], expected_version=0, recorded_at=AT)
    assert (store.version("t1"), store.version("t2")) == (2, 1)
    store.append("t1", [NewEvent("seat-drawn", {})], expected_version=2, recorded_at=AT)
    assert (store.version("t1"), other.version("t1")) == (3, 3)
    with raw(path) as connection:
        connection.execute("DELETE FROM events WHERE stream = 't1' AND version = 3")
    assert store.version("t1") == 2
    store.remove_event("t1", 2)
    assert (store.version("t1"), other.version("t1")) == (1, 1)
    store.close()
    other.close()


def test_in_one_turn_of_an_asyncio_loop_the_versions_are_those_of_its_start(path: Path) -> None:
    """In the web server (a running asyncio loop) the WAL index header is read once a turn:
    another process's commit in the middle of a turn is seen from the next turn on (what the
    turn handles arrived before it began); this store's own writes are seen at once, and
    events read are never newer than the version then given."""

    async def play() -> None:
        store, other = SQLiteEventStore(path), SQLiteEventStore(path)
        store.append("t1", [NewEvent("seat-drawn", {})], expected_version=0, recorded_at=AT)
        # the same turn: the other process's commit is not seen yet
        assert store.version("t1") == 1
        other.append("t1", [NewEvent("seat-drawn", {})], expected_version=1, recorded_at=AT)
        assert (store.version("t1"), store.version("t2")) == (1, 0)
        await asyncio.sleep(0)  # the next turn: it is
        assert store.version("t1") == 2
        # this store's own write is seen at once, the other's committed before it too
        assert store.version("t2") == 0
        other.append("t2", [NewEvent("seat-drawn", {})], expected_version=0, recorded_at=AT)
        assert store.version("t2") == 0
        store.append("t1", [NewEvent("seat-drawn", {})], expected_version=2, recorded_at=AT)
        assert (store.version("t1"), store.version("t2")) == (3, 1)
        # a refused append ends the turn's trust as well: the retry sees the winner's version
        other.append("t1", [NewEvent("seat-drawn", {})], expected_version=3, recorded_at=AT)
        assert store.version("t1") == 3
        with pytest.raises(ConflictError):
            store.append("t1", [NewEvent("seat-drawn", {})], expected_version=3, recorded_at=AT)
        assert store.version("t1") == 4
        # events read past the turn's version: the version is theirs from then on
        other.append("t1", [NewEvent("seat-drawn", {})], expected_version=4, recorded_at=AT)
        assert store.version("t1") == 4
        assert [event.version for event in store.read("t1", after=4)] == [5]
        assert store.version("t1") == 5
        store.close()
        other.close()

    run_async(play())
    # outside a loop every version is read as it is now (the test above)
    store, other = SQLiteEventStore(path), SQLiteEventStore(path)
    assert store.version("t1") == 5
    other.append("t1", [NewEvent("seat-drawn", {})], expected_version=5, recorded_at=AT)
    assert store.version("t1") == 6
    store.close()
    other.close()


@settings(max_examples=10, deadline=None)
@given(
    steps=st.lists(
        st.tuples(
            st.sampled_from(["append", "conflict", "record", "remove", "raw"]),
            st.integers(min_value=0, max_value=2),  # which of the three writers
            st.sampled_from(["t1", "t2", "t3"]),
        ),
        max_size=40,
    )
)
def test_the_cached_versions_are_always_the_files(
    tmp_path_factory: pytest.TempPathFactory, steps: list[tuple[str, int, str]]
) -> None:
    """Three store objects on one file (as three processes), each writing in turn: appends,
    appends refused (a stale expected version), records, events removed, and a plain SQLite
    connection's deletes; after each step the store that wrote, and at the end every store,
    gives every stream the version the file has. A store's own commit keeps its cache only when
    it was the only commit since its versions were read (the others wrote meanwhile here)."""
    path = tmp_path_factory.mktemp("versions") / "events.db"
    stores = [SQLiteEventStore(path) for _ in range(3)]
    streams = ("t1", "t2", "t3")

    def truth() -> dict[str, int]:
        with raw(path) as connection:
            return {
                name: connection.execute(
                    "SELECT coalesce(max(version), 0) FROM events WHERE stream = ?", (name,)
                ).fetchone()[0]
                for name in streams
            }

    try:
        for kind, who, stream in steps:
            store = stores[who]
            version = truth()[stream]  # not asked of the store: its cache may be behind
            if kind == "append":
                new = [NewEvent("seat-drawn", {})]
                store.append(stream, new, expected_version=version, recorded_at=AT)
            elif kind == "conflict" and version:
                with pytest.raises(ConflictError):
                    store.append(
                        stream,
                        [NewEvent("seat-drawn", {})],
                        expected_version=version - 1,
                        recorded_at=AT,
                    )
            elif kind == "record":
                store.put_record("note", stream, {"n": version})
            elif kind == "remove" and version:
                store.remove_event(stream, version)
            elif kind == "raw" and version > 1:  # the last event stays: the stream is kept
                with raw(path) as connection:
                    connection.execute(
                        "DELETE FROM events WHERE stream = ? AND version = ?", (stream, version)
                    )
            assert {name: store.version(name) for name in streams} == truth()
        for each in stores:
            assert {name: each.version(name) for name in streams} == truth()
    finally:
        for store in stores:
            store.close()


def test_a_batch_that_fails_half_way_is_rolled_back(path: Path) -> None:
    store = SQLiteEventStore(path)
    fill(store)
    with raw(path) as connection:
        connection.execute(
            "CREATE TRIGGER refuse BEFORE INSERT ON events WHEN NEW.type = 'refused-here'"
            " BEGIN SELECT RAISE(ABORT, 'refused by the test'); END"
        )
    batch = [NewEvent("seat-drawn", {}), NewEvent("refused-here", {}), NewEvent("seat-drawn", {})]
    with pytest.raises(sqlite3.IntegrityError, match="refused by the test"):
        store.append("t1", batch, expected_version=3, recorded_at=AT)
    with pytest.raises(sqlite3.IntegrityError):
        store.append("t3", batch, expected_version=0, recorded_at=AT)
    assert (store.version("t1"), store.streams()) == (3, ["t2", "t1"])
    assert store.append("t1", [NewEvent("seat-drawn", {})], expected_version=3, recorded_at=AT) == 4
    store.close()


def test_data_is_stored_as_json_text(path: Path) -> None:
    store = SQLiteEventStore(path)
    store.append(
        "t1",
        [NewEvent("player-registered", {"player": "Éric", "seat": 4})],
        expected_version=0,
        recorded_at=AT,
    )
    store.close()
    with raw(path) as connection:
        data, player = connection.execute(
            "SELECT data, json_extract(data, '$.player') FROM events"
        ).fetchone()
    assert json.loads(data) == {"player": "Éric", "seat": 4}
    assert player == "Éric"


def test_a_store_object_belongs_to_the_thread_that_opened_it(path: Path) -> None:
    store = SQLiteEventStore(path)
    errors: list[BaseException] = []

    def use() -> None:
        try:
            store.version("t1")
        except BaseException as error:
            errors.append(error)

    thread = threading.Thread(target=use)
    thread.start()
    thread.join()
    assert [type(error) for error in errors] == [sqlite3.ProgrammingError]
    store.close()


def test_the_repr_is_a_constructor_call(path: Path) -> None:
    store = SQLiteEventStore(str(path))
    assert repr(store) == f"SQLiteEventStore({str(path)!r})"
    assert store.path == str(path)
    store.close()
