"""The SQLite store's copy (online backup API), read-only opening and integrity check."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from pokertd.errors import ParseError
from pokertd.present.i18n import error_text
from pokertd.store import NewEvent, SQLiteEventStore

AT = "2024-05-01T18:30:00+00:00"


@contextlib.contextmanager
def opened(path: Path, *, read_only: bool = False) -> Iterator[SQLiteEventStore]:
    store = SQLiteEventStore(path, read_only=read_only)
    try:
        yield store
    finally:
        store.close()


def append(store: SQLiteEventStore, stream: str, count: int = 1) -> None:
    for _ in range(count):
        store.append(stream, [NewEvent("clock-paused", {"n": store.version(stream)})],
                     expected_version=store.version(stream), recorded_at=AT)  # fmt: skip


def test_a_copy_is_one_file_holding_every_event(tmp_path: Path) -> None:
    with opened(tmp_path / "events.db") as store:
        append(store, "t1", 3)
        append(store, "t2", 2)
        store.save_snapshot("t1", 3, {"paused": True})
        store.copy_to(tmp_path / "copy.db")
        expected = {stream: store.read(stream) for stream in store.streams()}
    assert sorted(path.name for path in tmp_path.iterdir() if "copy" in path.name) == ["copy.db"]
    with opened(tmp_path / "copy.db", read_only=True) as copy:
        assert {stream: copy.read(stream) for stream in copy.streams()} == expected
        assert copy.load_snapshot("t1") == (3, {"paused": True})
        assert copy.problems() == []
    with contextlib.closing(sqlite3.connect(tmp_path / "copy.db")) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone() == ("delete",)


def test_a_copy_never_replaces_a_file(tmp_path: Path) -> None:
    (tmp_path / "copy.db").write_text("keep me", encoding="utf-8")
    with opened(tmp_path / "events.db") as store, pytest.raises(FileExistsError):
        store.copy_to(tmp_path / "copy.db")
    assert (tmp_path / "copy.db").read_text(encoding="utf-8") == "keep me"


def test_a_copy_does_not_wait_for_a_writer_and_holds_only_what_was_committed(
    tmp_path: Path,
) -> None:
    """Another connection in the middle of a write transaction neither blocks the copy nor
    leaks into it (WAL: readers never wait for writers)."""
    path = tmp_path / "events.db"
    with opened(path) as store:
        append(store, "t1", 2)
        writer = sqlite3.connect(path, isolation_level=None, timeout=0)
        try:
            writer.execute("BEGIN IMMEDIATE")
            writer.execute(
                "INSERT INTO events (stream, version, type, data, recorded_at)"
                " VALUES ('t1', 3, 'clock-paused', '{}', ?)",
                (AT,),
            )
            store.copy_to(tmp_path / "copy.db")  # the write lock is held meanwhile
            writer.execute("COMMIT")
        finally:
            writer.close()
        assert store.version("t1") == 3
    with opened(tmp_path / "copy.db", read_only=True) as copy:
        assert copy.version("t1") == 2


def test_a_read_only_store_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "events.db"
    with opened(path) as store:
        append(store, "t1")
        store.copy_to(tmp_path / "copy.db")
    before = (tmp_path / "copy.db").read_bytes()
    with opened(tmp_path / "copy.db", read_only=True) as copy:
        with pytest.raises(OSError, match="readonly"):
            append(copy, "t1")
        assert copy.version("t1") == 1
    assert (tmp_path / "copy.db").read_bytes() == before


def test_a_read_only_store_refuses_what_is_not_a_store(tmp_path: Path) -> None:
    (tmp_path / "empty.db").write_bytes(b"")
    with pytest.raises(ParseError) as raised:
        SQLiteEventStore(tmp_path / "empty.db", read_only=True)
    assert str(raised.value).endswith("empty.db' is empty, not a pokertd event store")
    french = error_text(raised.value, "fr")
    assert french.endswith("empty.db' est vide : ce n'est pas un fichier d'événements pokertd")
    with pytest.raises(OSError, match="cannot open"):
        SQLiteEventStore(tmp_path / "missing.db", read_only=True)
    assert not (tmp_path / "missing.db").exists()


def test_problems_are_what_the_integrity_check_finds(tmp_path: Path) -> None:
    path = tmp_path / "events.db"
    with opened(path) as store:
        append(store, "t1", 3)
        store.copy_to(tmp_path / "copy.db")
    copy = tmp_path / "copy.db"
    with contextlib.closing(sqlite3.connect(copy)) as raw:
        (page,) = raw.execute(
            "SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_events_1'"
        ).fetchone()
    data = bytearray(copy.read_bytes())
    data[page * 4096 - 3] ^= 0xFF  # in the last key of the (stream, version) index
    copy.write_bytes(data)
    with opened(copy, read_only=True) as damaged:
        assert damaged.problems() == ["row 1 missing from index sqlite_autoindex_events_1"]
        with pytest.raises(ParseError, match="malformed"):
            damaged.read("t1")
