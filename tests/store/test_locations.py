"""``open_store(location)``: a path or a URL chooses the store; a bad location says what works."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

import pytest

from pokertd.errors import ParseError
from pokertd.present.i18n import error_text
from pokertd.store import (
    MemoryEventStore,
    NewEvent,
    SQLiteEventStore,
    open_store,
    shown_location,
    sqlite_path,
)
from pokertd.store.postgres import PostgresEventStore

AT = "2024-05-01T18:30:00+00:00"


@pytest.mark.parametrize("location", [None, "memory:", "MEMORY:"])
def test_memory_locations_open_a_new_store_in_memory(location: str | None) -> None:
    first, second = open_store(location), open_store(location)
    assert isinstance(first, MemoryEventStore)
    first.append("t1", [NewEvent("clock-paused", {})], expected_version=0, recorded_at=AT)
    assert second.streams() == []  # each one is new
    assert sqlite_path(location) is None


def sqlite_locations(folder: Path) -> dict[str, Path]:
    """Each way to name an SQLite file, and the file it names (relative ones from ``folder``)."""
    return {
        str(folder / "a.db"): folder / "a.db",
        "b.db": folder / "b.db",
        "sub/c.db": folder / "sub" / "c.db",
        f"sqlite://{folder}/d.db": folder / "d.db",
        f"SQLite://{folder}/e.db": folder / "e.db",
        "sqlite:f.db": folder / "f.db",
        "sqlite:sub/g.db": folder / "sub" / "g.db",
        "club:2024.db": folder / "club:2024.db",  # a colon, no //: a file name
    }


def test_sqlite_locations_open_the_file_they_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    for location, file in sqlite_locations(tmp_path).items():
        with contextlib.closing(open_store(location)) as store:
            assert isinstance(store, SQLiteEventStore), location
            store.append("t1", [NewEvent("clock-paused", {})], expected_version=0, recorded_at=AT)
        with contextlib.closing(SQLiteEventStore(file)) as reopened:
            assert reopened.version("t1") == 1, location
        assert Path(sqlite_path(location) or "").resolve() == file, location


def test_a_path_object_is_always_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with contextlib.closing(open_store(Path("memory:"))) as store:
        assert isinstance(store, SQLiteEventStore)
    assert (tmp_path / "memory:").is_file()
    assert sqlite_path(Path("memory:")) == "memory:"


@pytest.mark.parametrize("scheme", ["postgresql", "postgres", "postgresql+psycopg", "PostgreSQL"])
def test_postgresql_urls_open_the_database_they_name(postgres_url: str, scheme: str) -> None:
    location = postgres_url.replace("postgresql", scheme, 1)
    with contextlib.closing(open_store(location)) as store:
        assert isinstance(store, PostgresEventStore)
        store.append("t1", [NewEvent("clock-paused", {})], expected_version=0, recorded_at=AT)
    with contextlib.closing(open_store(postgres_url)) as reopened:
        assert reopened.version("t1") == 1
    assert sqlite_path(location) is None


@pytest.mark.parametrize(
    ("location", "shown"),
    [
        ("postgresql://club:secret@db.example.org:5432/pokertd", "postgresql://club@db.example.org:5432/pokertd"),
        ("postgres://club:secret@db/pokertd?sslmode=require", "postgresql://club@db/pokertd?sslmode=require"),
        ("postgresql:///pokertd?host=/run/postgresql&password=secret", "postgresql:///pokertd?host=/run/postgresql"),
        ("postgresql+psycopg://club@db/pokertd", "postgresql://club@db/pokertd"),
        ("club.db", "club.db"),
        ("ftp://club:secret@example.org/club.db", "ftp:..."),
    ],
)  # fmt: skip
def test_a_location_is_shown_without_its_password(location: str, shown: str) -> None:
    assert shown_location(location) == shown


def test_postgresql_without_psycopg_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    """A club on SQLite installs no psycopg: a PostgreSQL URL then names the extra to install."""
    monkeypatch.setitem(sys.modules, "pokertd.store.postgres", None)  # import fails as if absent
    with pytest.raises(ParseError) as raised:
        open_store("postgresql://club:secret@db.example.org/pokertd")
    assert "install pokertd[postgres]" in str(raised.value)
    assert "installez pokertd[postgres]" in error_text(raised.value, "fr")
    assert "secret" not in str(raised.value) + error_text(raised.value, "fr")


def test_a_postgresql_location_is_a_url() -> None:
    with pytest.raises(ParseError, match="a PostgreSQL location is a URL") as raised:
        open_store("postgresql:pokertd")
    assert "une URL" in error_text(raised.value, "fr")


@pytest.mark.parametrize(
    ("location", "scheme"),
    [("ftp://example.org/club.db", "ftp"), ("file:///srv/club.db", "file"), ("MySQL://x", "mysql")],
)
def test_an_unknown_scheme_names_the_known_locations(location: str, scheme: str) -> None:
    with pytest.raises(ParseError) as raised:
        open_store(location)
    message = str(raised.value)
    assert f"no event store at {scheme}:// locations" in message
    for known in (
        "memory:",
        "sqlite:///absolute/path.db",
        "sqlite:relative/path.db",
        "file path",
        "postgresql://user:password@host/database",
    ):
        assert known in message
    assert "sqlite:///chemin/absolu.db" in error_text(raised.value, "fr")
    assert "example.org" not in message


@pytest.mark.parametrize(
    ("location", "says"),
    [
        ("", "cannot be empty"),
        ("sqlite:", "names a file"),
        ("sqlite://", "names a file"),
        ("sqlite://host/club.db", "names a file"),
        ("memory:events", "nothing after it"),
    ],
)
def test_a_location_that_names_no_file_is_refused(location: str, says: str) -> None:
    with pytest.raises(ParseError, match=says) as raised:
        open_store(location)
    assert error_text(raised.value, "fr") != str(raised.value)
