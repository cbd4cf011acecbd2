"""``--db postgresql://...`` on the command line, against a real PostgreSQL (``tests/conftest.py``):
the example of docs/deploy.md runs and prints what the page says, ``pokertd web`` starts on the
database and never prints its password, ``pokertd backup`` says to use pg_dump.
"""

from __future__ import annotations

import contextlib
import doctest
import re
import shlex
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from click.testing import CliRunner

from pokertd.cli.main import cli
from pokertd.service.tournaments import TournamentService
from pokertd.store import open_store, shown_location

DEPLOY = Path(__file__).resolve().parents[2] / "docs" / "deploy.md"
#: The database the page's example names, replaced by the test's.
DOCUMENTED = "postgresql://pokertd:secret@localhost/pokertd"
FENCE = re.compile(r"^```console\n(.*?)^```", re.MULTILINE | re.DOTALL)
NOW = "2026-03-06T19:00:00+00:00"


def example() -> str:
    """The console block of docs/deploy.md that runs commands on a PostgreSQL URL."""
    (found,) = [
        block
        for block in FENCE.findall(DEPLOY.read_text(encoding="utf-8"))
        if DOCUMENTED in block and "tournament create" in block
    ]
    return str(found)


@pytest.fixture
def with_password(postgres_url: str) -> str:
    """The test database's URL with a password in it (the test server trusts its socket, so any
    password works): a message that repeated the URL would show it."""
    return postgres_url.replace("pokertd@", "pokertd:s3cret-word@", 1)


def test_the_documented_postgresql_example_runs(
    with_password: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each ``$`` line of the block, in order: ``export`` sets the environment, ``pokertd`` runs
    and prints what the page shows (``...`` stands for any text)."""
    for name in ("POKERTD_DB", "POKERTD_LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("POKERTD_NOW", NOW)
    monkeypatch.setenv("POKERTD_SEED", "7")
    checker = doctest.OutputChecker()
    runs = re.split(r"^\$ ", example().replace(DOCUMENTED, with_password), flags=re.MULTILINE)
    assert len(runs[1:]) == 6
    for run in runs[1:]:
        line, _, expected = run.partition("\n")
        words = shlex.split(line)
        if words[0] == "export":
            name, _, value = words[1].partition("=")
            monkeypatch.setenv(name, value)
            continue
        assert words[0] == "pokertd"
        result = CliRunner().invoke(cli, words[1:])
        assert result.exit_code == 0, (line, result.output)
        assert checker.check_output(expected, result.output, doctest.ELLIPSIS), (line, result)
        assert "s3cret-word" not in result.output
    with contextlib.closing(open_store(with_password)) as store:
        (event,) = TournamentService(store).tournaments()
        assert len(store.read(event)) > 6 * 2  # created, registered, checked in, drawn


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[socket.socket]]:
    """The sockets uvicorn would have served on (it does not serve: the command ends at once)."""
    served_on: list[socket.socket] = []
    monkeypatch.setattr(
        uvicorn.Server, "run", lambda _self, sockets=None: served_on.extend(sockets)
    )
    yield served_on
    for sock in served_on:
        sock.close()


def test_pokertd_web_starts_on_postgresql_and_hides_the_password(
    with_password: str, served: list[socket.socket], monkeypatch: pytest.MonkeyPatch
) -> None:
    """As the page shows: ``POKERTD_DB`` names the database; the demo event is created in it."""
    for name in ("POKERTD_LANG", "POKERTD_PASSWORD"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("POKERTD_DB", with_password)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    result = CliRunner().invoke(cli, ["web", "--port", str(port), "--demo"])
    assert result.exit_code == 0, result.output
    shown = shown_location(with_password)
    assert shown.startswith("postgresql://pokertd@/test_")
    lines = result.output.splitlines()
    assert lines[0] == f"pokertd web app on http://127.0.0.1:{port}  (event file {shown})"
    assert lines[1] == "Demo event created: tournament-1"
    assert "Director's password (shown once, keep it): " in result.output
    assert "s3cret-word" not in result.output
    assert len(served) == 1
    with contextlib.closing(open_store(with_password)) as store:
        assert TournamentService(store).tournaments() == ["tournament-1"]


def test_pokertd_backup_says_to_use_pg_dump(with_password: str) -> None:
    for lang, says in (("en", "back up a PostgreSQL database with pg_dump"), ("fr", "pg_dump")):
        result = CliRunner().invoke(cli, ["backup", "--db", with_password, "--lang", lang])
        assert result.exit_code == 1, result.output
        assert says in result.output
        assert shown_location(with_password) in result.output
        assert "s3cret-word" not in result.output
