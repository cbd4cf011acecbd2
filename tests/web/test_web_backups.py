"""The web app backs its event file up by itself (``create_app(backups=...)``): at start, when a
tournament reaches a new level, when it is won, when the app stops; off the event loop, the last
``keep`` kept. The app runs with the test's clock; ``tick`` is what the app's task runs every
few seconds, called here on the app's event loop through the test client's portal.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pokertd.service import backups
from pokertd.service.auto_backups import AutoBackups, BackupPolicy
from pokertd.store import SQLiteEventStore
from pokertd.web import backups as web_backups

MINUTE = 60


@pytest.fixture(autouse=True)
def _no_background_looks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app's own task would look too, at any moment: the tests look when they choose."""
    monkeypatch.setattr(web_backups, "TICK_SECONDS", 24 * 3600.0)


def tick(client: TestClient) -> str | None:
    """Run one look of the app's backups on its event loop, then wait for the backup."""
    app: Any = client.app
    automatic: AutoBackups = app.state.backups
    portal: Any = client.portal  # type: ignore[attr-defined]
    trigger: str | None = portal.call(web_backups.tick, app.state.web, automatic)
    automatic.wait()
    return trigger


def names(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


def test_the_app_backs_up_at_level_changes_the_winner_and_stop(
    make_app: Callable[..., Any],
    db_path: Path,
    tmp_path: Path,
    clock: Any,
    log_in: Callable[..., str],
    new_tournament: Callable[..., str],
    run: Callable[..., Any],
) -> None:
    folder = tmp_path / "backups"
    app = make_app(backups=BackupPolicy(folder, keep=3))
    with TestClient(app) as client:
        log_in(client)
        assert isinstance(app.state.backups, AutoBackups)
        assert not folder.exists()  # no tournament at start: nothing to back up
        tournament = new_tournament(client, start=True)
        assert tick(client) == f"{tournament}-level-1"
        assert tick(client) is None
        clock.advance(12 * MINUTE)
        assert tick(client) == f"{tournament}-level-2"
        assert client.get(f"/api/tournaments/{tournament}").status_code == 200
        for entry in (1, 2, 3, 4):
            run(client, tournament, "bust-players", entries=[entry])
        assert tick(client) == f"{tournament}-finished"
        clock.advance(MINUTE)
        new_tournament(client, players=("Ana", "Bruno"), title="Samedi")
    # The app stopped after commands that no backup holds yet: one more, and the oldest of four
    # automatic backups is removed (keep=3).
    assert names(folder) == [
        "pokertd-20240503T191200Z-tournament-1-finished.db",
        "pokertd-20240503T191200Z-tournament-1-level-2.db",
        "pokertd-20240503T191300Z-stop.db",
    ]
    for path in folder.iterdir():
        assert backups.check(path, against=db_path).count("tournament") >= 1
    with contextlib.closing(SQLiteEventStore(folder / names(folder)[-1], read_only=True)) as copy:
        assert copy.version("tournament-2") == 3  # created, Ana and Bruno registered


def test_a_restarted_app_backs_up_what_the_file_holds(
    make_app: Callable[..., Any],
    tmp_path: Path,
    log_in: Callable[..., str],
    new_tournament: Callable[..., str],
) -> None:
    with TestClient(make_app()) as client:  # no backups unless asked for
        assert client.app.state.backups is None  # type: ignore[attr-defined]
        log_in(client)
        new_tournament(client)
    folder = tmp_path / "saved"
    app = make_app(backups=BackupPolicy(folder))
    with TestClient(app):
        assert [path.name for path in app.state.backups.wait()] == [
            "pokertd-20240503T190000Z-start.db"
        ]
    assert names(folder) == ["pokertd-20240503T190000Z-start.db"]  # nothing stored: no stop


def test_the_app_looks_by_itself(
    make_app: Callable[..., Any],
    tmp_path: Path,
    clock: Any,
    log_in: Callable[..., str],
    new_tournament: Callable[..., str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Nobody calls ``tick``: the app's task does, on its own, while requests come and go."""
    monkeypatch.setattr(web_backups, "TICK_SECONDS", 0.01)
    folder = tmp_path / "backups"
    app = make_app(backups=BackupPolicy(folder))
    with TestClient(app) as client:
        log_in(client)
        tournament = new_tournament(client, start=True)
        clock.advance(12 * MINUTE)
        wanted = folder / "pokertd-20240503T191200Z-tournament-1-level-2.db"
        deadline = time.monotonic() + 60  # a bound for a stuck task, not a measure of speed
        while not wanted.exists() and time.monotonic() < deadline:
            assert client.get(f"/api/tournaments/{tournament}").status_code == 200
            app.state.backups.wait()
        assert wanted.exists()
