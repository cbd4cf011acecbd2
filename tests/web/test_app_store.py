"""``create_app(store)``: the app's store is a location (a path or a URL) or a function opening
one; the app opens it briefly at creation and again on the event loop's thread while it runs.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pokertd.errors import ParseError
from pokertd.present.i18n import error_text
from pokertd.service.auto_backups import AutoBackups, BackupPolicy
from pokertd.store import EventStore, MemoryEventStore, SQLiteEventStore, open_store
from pokertd.store.postgres import PostgresEventStore
from pokertd.web import backups as web_backups
from pokertd.web.app import create_app

EncodedRow = tuple[int, str, str, str, int]
LogIn = Callable[..., str]
NewTournament = Callable[..., str]


def tournaments(client: TestClient) -> list[str]:
    answer = client.get("/api/tournaments")
    assert answer.status_code == 200, answer.text
    return [item["tournament"] for item in answer.json()]


def test_an_sqlite_url_is_the_file_it_names(
    db_path: Path,
    make_app: Callable[..., Any],
    password: str,
    log_in: LogIn,
    new_tournament: NewTournament,
) -> None:
    with TestClient(create_app(f"sqlite://{db_path.resolve()}", password=password)) as client:
        log_in(client)
        tournament = new_tournament(client)
    with TestClient(make_app(password=None)) as client:  # the same file, by its path
        log_in(client)  # the password set through the URL
        assert tournaments(client) == [tournament]


def test_a_factory_is_called_at_creation_then_on_the_event_loops_thread(
    db_path: Path, password: str, log_in: LogIn, new_tournament: NewTournament
) -> None:
    opened: list[tuple[SQLiteEventStore, threading.Thread]] = []

    def store() -> SQLiteEventStore:
        opened.append((SQLiteEventStore(db_path), threading.current_thread()))
        return opened[-1][0]

    app = create_app(store, password=password)
    assert [thread for _, thread in opened] == [threading.current_thread()]
    with pytest.raises(ValueError, match="closed"):
        opened[0][0].version("settings")  # the store of the first start is closed at once
    with TestClient(app) as client:
        log_in(client)
        new_tournament(client)
        assert len(opened) == 2
        serving, loop_thread = opened[1]
        assert loop_thread is not threading.current_thread()
        assert app.state.web.store is serving
    with pytest.raises(ValueError, match="closed"):
        serving.version("settings")  # closed when the app stops


def test_backups_follow_the_sqlite_file_a_factory_opens(
    db_path: Path,
    tmp_path: Path,
    password: str,
    log_in: LogIn,
    new_tournament: NewTournament,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(web_backups, "TICK_SECONDS", 24 * 3600.0)  # no look but at stop
    policy = BackupPolicy(tmp_path / "backups", keep=2)
    app = create_app(lambda: SQLiteEventStore(db_path), password=password, backups=policy)
    with TestClient(app) as client:
        automatic = app.state.backups
        assert isinstance(automatic, AutoBackups)
        assert automatic.db == db_path
        log_in(client)
        new_tournament(client)
    (backup,) = (tmp_path / "backups").iterdir()  # at stop: a command was stored
    assert backup.name.endswith("-stop.db")


class Elsewhere(EventStore):
    """A store that is neither in memory in the app nor an SQLite file, as a database server's
    would be: every store opened reaches the same events (here, one shared memory store)."""

    def __init__(self, events: MemoryEventStore) -> None:
        super().__init__()
        self.events = events

    def _append_encoded(
        self,
        stream: str,
        rows: Sequence[tuple[str, str]],
        expected_version: int,
        at: str,
        records: Sequence[tuple[str, str, str]],
    ) -> int:
        return self.events._append_encoded(stream, rows, expected_version, at, records)

    def _read_rows(self, stream: str, after: int) -> Iterable[EncodedRow]:
        return self.events._read_rows(stream, after)

    def _stream_version(self, stream: str) -> int:
        return self.events._stream_version(stream)

    def _stream_names(self) -> list[str]:
        return self.events._stream_names()

    def _save_encoded_snapshot(self, stream: str, version: int, state: str) -> int:
        return self.events._save_encoded_snapshot(stream, version, state)

    def _load_encoded_snapshot(self, stream: str) -> tuple[int, str] | None:
        return self.events._load_encoded_snapshot(stream)

    def _put_record(self, kind: str, key: str, data: str) -> None:
        self.events._put_record(kind, key, data)

    def _get_record(self, kind: str, key: str) -> str | None:
        return self.events._get_record(kind, key)

    def _get_versioned_record(self, kind: str, key: str) -> tuple[str, int] | None:
        return self.events._get_versioned_record(kind, key)

    def _swap_record(self, kind: str, key: str, data: str, expected: int) -> int | None:
        return self.events._swap_record(kind, key, data, expected)

    def _record_rows(self, kind: str) -> list[tuple[str, str]]:
        return self.events._record_rows(kind)

    def _delete_record(self, kind: str, key: str) -> bool:
        return self.events._delete_record(kind, key)

    def _close(self) -> None:
        """The events stay on the server."""


def test_any_store_serves_the_app_when_each_opening_reaches_the_same_events(
    password: str, log_in: LogIn, new_tournament: NewTournament
) -> None:
    events = MemoryEventStore()
    app = create_app(lambda: Elsewhere(events), password=password)
    with TestClient(app) as client:
        log_in(client)  # the password stored at creation, read through the second opening
        tournament = new_tournament(client)
        assert app.state.backups is None
    assert events.version(tournament) >= 1


def test_backups_of_a_store_that_is_not_an_sqlite_file_are_refused(
    tmp_path: Path, password: str
) -> None:
    events = MemoryEventStore()
    with pytest.raises(ParseError) as raised:
        create_app(
            lambda: Elsewhere(events), password=password, backups=BackupPolicy(tmp_path / "b")
        )
    assert "automatic backups copy an SQLite event file" in str(raised.value)
    assert "Elsewhere" in str(raised.value)
    assert "sauvegardes automatiques" in error_text(raised.value, "fr")
    assert events.streams() == []  # refused before the first start wrote the password


@pytest.mark.parametrize("store", ["memory:", MemoryEventStore])
def test_a_store_in_memory_is_refused(store: Any, password: str) -> None:
    with pytest.raises(ParseError, match="needs an event file") as raised:
        create_app(store, password=password)
    assert "fichier d'événements" in error_text(raised.value, "fr")


def test_a_postgresql_url_serves_the_events_of_that_database(
    postgres_url: str, password: str, log_in: LogIn, new_tournament: NewTournament
) -> None:
    """The app over a real PostgreSQL database: a tournament created through the API is in the
    database, and a second app on the same URL (another worker, say) serves it."""
    with TestClient(create_app(postgres_url, password=password)) as client:
        log_in(client)
        tournament = new_tournament(client)
    with contextlib.closing(open_store(postgres_url)) as store:
        assert isinstance(store, PostgresEventStore)
        assert tournament in store.streams()
        assert store.read(tournament)[0].type == "tournament-created"
    with TestClient(create_app(postgres_url, password=None)) as client:
        log_in(client)  # the password set by the first app, kept in the database
        assert tournaments(client) == [tournament]


def test_backups_are_refused_over_postgresql(
    postgres_url: str, tmp_path: Path, password: str
) -> None:
    policy = BackupPolicy.beside(tmp_path / "club.db", None, 3)
    with pytest.raises(ParseError, match="this store is a PostgresEventStore"):
        create_app(postgres_url, password=password, backups=policy)
