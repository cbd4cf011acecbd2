"""Another process writing the server's file (issue 16): the CLI's writes wait for the server's
lock and retry when the server wrote in between, and what they change reaches the displays
without a reload.

The server runs for real (``python -m pokertd web`` on 127.0.0.1, a free port); the CLI runs
in this test's process, another process than the server's.
"""

from __future__ import annotations

import contextlib
import json
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from websockets.sync.client import connect

from pokertd.cli.main import cli as pokertd
from pokertd.service.tournaments import TournamentService
from pokertd.store import SQLiteEventStore
from pokertd.tournament import commands
from pokertd.tournament.structure import template

#: Bounds, never waits: how long a server may take to start, and a push to arrive.
START_TIMEOUT = 30.0
PUSH_TIMEOUT = 15.0
ENVIRONMENT: dict[str, str | None] = {"POKERTD_DB": None, "POKERTD_LANG": None}


def invoke(*args: str) -> Result:
    result = CliRunner().invoke(pokertd, list(args), env=ENVIRONMENT, prog_name="pokertd")
    assert "Traceback" not in result.output
    return result


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def serving(db: Path) -> Iterator[str]:
    """``pokertd web`` on ``db``; yield its address."""
    port = free_port()
    log = db.with_suffix(".log")
    with log.open("wb") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "pokertd", "web", "--db", str(db), "--port", str(port),
             "--password", "correct horse battery", "--keep", "0"],
            stdout=output, stderr=subprocess.STDOUT,
        )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            assert process.poll() is None, log.read_text(errors="replace")
            try:
                with urllib.request.urlopen(f"{url}/", timeout=2):
                    break
            except (urllib.error.URLError, OSError):
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.05)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_a_cli_change_reaches_a_display_without_a_reload(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert invoke("tournament", "create", "--title", "Vendredi").exit_code == 0
    assert invoke("tournament", "register", "Alice", "Bruno").exit_code == 0
    with serving(tmp_path / "pokertd.db") as url:
        address = url.replace("http://", "ws://") + "/ws/tournaments/tournament-1"
        with connect(address, open_timeout=PUSH_TIMEOUT) as display:
            first: dict[str, Any] = json.loads(display.recv(timeout=PUSH_TIMEOUT))
            assert first["status"]["entries"] == 2
            assert invoke("tournament", "register", "Chloé").exit_code == 0
            pushed: dict[str, Any] = json.loads(display.recv(timeout=PUSH_TIMEOUT))
            assert pushed["status"]["entries"] == 3


def test_a_cli_write_waits_for_a_lock_held_longer_than_sqlites_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another writer holds the file's write lock for 7 s (SQLite's default wait is 5 s): the
    CLI waits for it instead of failing with "database is locked"."""
    monkeypatch.chdir(tmp_path)
    assert invoke("tournament", "create", "--title", "Vendredi").exit_code == 0
    holder = sqlite3.connect(tmp_path / "pokertd.db", isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")
    release = threading.Timer(7.0, lambda: holder.execute("ROLLBACK"))
    release.start()
    try:
        result = invoke("tournament", "register", "Alice")
    finally:
        release.join()
        holder.close()
    assert result.exit_code == 0, result.output
    assert "#1 Alice registered" in result.output


class Busy(SQLiteEventStore):
    """An event file where another process (a second store on the same file) stores a command
    of the same tournament just before each of this store's first ``busy`` appends."""

    def __init__(self, path: Path, busy: int) -> None:
        super().__init__(path)
        self.busy, self._other = busy, SQLiteEventStore(path)

    def _append_encoded(
        self, stream: str, rows: Any, expected_version: int, at: str, records: Any
    ) -> int:
        if self.busy and stream.startswith("tournament-"):
            self.busy -= 1
            TournamentService(self._other).execute(stream, commands.AdjustClock(-1))
        return super()._append_encoded(stream, rows, expected_version, at, records)

    def _close(self) -> None:
        self._other.close()
        super()._close()


def test_a_command_retries_while_the_server_keeps_writing(tmp_path: Path) -> None:
    """The server stored a command between each of the CLI's reads and writes, five times in a
    row: the command is decided again from what was stored each time, then stored once."""
    path = tmp_path / "pokertd.db"
    with contextlib.closing(SQLiteEventStore(path)) as store:
        service = TournamentService(store)
        tid = service.create(commands.CreateTournament("Busy", template("turbo").to_dict())).stream
        service.execute(tid, commands.StartClock())
    with contextlib.closing(Busy(path, busy=5)) as busy:
        outcome = TournamentService(busy).execute(tid, commands.Register("Alice"))
        assert [event.name for event in outcome.events] == ["player-registered"]
        assert busy.busy == 0
        names = [event.type for event in busy.read(tid)]
        assert names.count("clock-adjusted") == 5
        assert names.count("player-registered") == 1
