"""``pokertd club`` and ``pokertd web --clubs`` (issue 21, many clubs on one server): the
documented example run, real server processes on 127.0.0.1 answering each club at its host name,
on SQLite files and on PostgreSQL databases created by ``club add``, with two workers.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner
from live import pokertd_web
from websockets.asyncio.client import connect

from async_run import run_async
from pokertd.cli.main import cli

BOUND = 60.0  # the longest wait for a server to start or a document to come (never asserted)
PASSWORDS = {"alpha": "alpha-director-pw", "beta": "beta-director-pw"}


def _club_add(db: str, slug: str, *more: str) -> str:
    result = CliRunner().invoke(
        cli,
        [
            "club",
            "add",
            slug,
            "--name",
            f"Club {slug}",
            "--host",
            f"{slug}.test",
            "--db",
            db,
            "--password",
            PASSWORDS[slug],
            *more,
        ],
    )
    assert result.exit_code == 0, result.output
    return result.output


def test_the_documented_example_adds_a_club_with_its_own_file_and_a_password(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("POKERTD_NOW", "2026-11-27T20:00:00+00:00")
    runner = CliRunner()
    example = [
        "club",
        "add",
        "bannalec",
        "--name",
        "Poker Club de Bannalec",
        "--host",
        "bannalec.poker.example",
    ]
    added = runner.invoke(cli, example)
    assert added.exit_code == 0, added.output
    assert "club added: bannalec (Poker Club de Bannalec)" in added.output
    assert "pages at: http://bannalec.poker.example/" in added.output
    assert "director's password (shown once, keep it): " in added.output
    assert (tmp_path / "clubs" / "bannalec.db").is_file()
    again = runner.invoke(cli, [*example[:3], "--name", "X", "--host", "autre.example"])
    assert again.exit_code == 1
    assert "there is already a club 'bannalec'" in again.output
    listed = runner.invoke(cli, ["club", "list", "--lang", "fr"])
    assert listed.exit_code == 0, listed.output
    assert "bannalec  Poker Club de Bannalec  bannalec.poker.example" in listed.output
    assert str(tmp_path / "clubs" / "bannalec.db") in listed.output
    as_json = json.loads(runner.invoke(cli, ["club", "list", "--json"]).output)
    assert as_json == [
        {"slug": "bannalec", "name": "Poker Club de Bannalec", "hosts": ["bannalec.poker.example"]}
    ]


def test_a_malformed_host_name_is_refused_and_no_store_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(
        cli, ["club", "add", "kerlouan", "--name", "K", "--host", "pas un nom"]
    )
    assert result.exit_code == 1
    assert "'pas un nom' is not a host name" in result.output
    assert not (tmp_path / "clubs").exists()


@contextlib.contextmanager
def serving_clubs(db: str, *options: str) -> Iterator[str]:
    """Run ``pokertd web --clubs`` on ``db`` (``live.pokertd_web``); yield its address."""
    with pokertd_web("--clubs", "--db", db, *options) as (_, address):
        yield address


def _director(address: str, club: str) -> httpx.Client:
    """A client of ``club`` (its host name sent to the server at ``address``), logged in."""
    client = httpx.Client(
        base_url=f"http://{address}", headers={"Host": f"{club}.test"}, timeout=BOUND
    )
    answer = client.post("/api/login", json={"password": PASSWORDS[club]})
    assert answer.status_code == 200, answer.text
    client.headers["X-CSRF-Token"] = answer.json()["csrf"]
    return client


def _two_clubs_answer_apart(address: str) -> None:
    alpha, beta = _director(address, "alpha"), _director(address, "beta")
    made = alpha.post("/api/tournaments", json={"title": "Tournoi Alpha", "template": "turbo"})
    assert made.status_code == 201, made.text
    assert [t["title"] for t in alpha.get("/api/tournaments").json()] == ["Tournoi Alpha"]
    assert beta.get("/api/tournaments").json() == []
    wrong = httpx.post(
        f"http://{address}/api/login",
        json={"password": PASSWORDS["alpha"]},
        headers={"Host": "beta.test"},
    )
    assert wrong.status_code == 403  # alpha's password is not beta's
    assert "wrong password" in wrong.text
    nowhere = httpx.get(f"http://{address}/", headers={"Host": "nowhere.test"})
    assert nowhere.status_code == 404


def test_a_server_of_clubs_on_sqlite_files_answers_each_at_its_host_name(
    tmp_path: Path,
) -> None:
    db = str(tmp_path / "server.db")
    for slug in PASSWORDS:
        _club_add(db, slug)
    with serving_clubs(db) as address:
        _two_clubs_answer_apart(address)


def test_workers_are_refused_when_a_club_is_an_sqlite_file(tmp_path: Path) -> None:
    db = str(tmp_path / "server.db")
    _club_add(db, "alpha")
    result = CliRunner().invoke(cli, ["web", "--clubs", "--db", db, "--workers", "2"])
    assert result.exit_code == 1
    assert "PostgreSQL database (--db postgresql://...)" in result.output


def test_clubs_in_postgresql_databases_with_two_workers_push_their_own_changes(
    postgres_url: str,
) -> None:
    for slug in PASSWORDS:
        output = _club_add(postgres_url, slug)
        assert f"pages at: http://{slug}.test/" in output
    with serving_clubs(postgres_url, "--workers", "2") as address:
        _two_clubs_answer_apart(address)
        alpha = _director(address, "alpha")
        (tournament,) = [t["tournament"] for t in alpha.get("/api/tournaments").json()]
        run_async(_pushed(address, alpha, tournament))


async def _pushed(address: str, alpha: httpx.Client, tournament: str) -> None:
    """Four displays of alpha's tournament (on both workers, most likely) each get a
    registration made through one of them."""
    port = int(address.rsplit(":", 1)[1])
    url = f"ws://alpha.test:{port}/ws/tournaments/{tournament}"  # reached at 127.0.0.1
    displays = [
        await connect(url, host="127.0.0.1", port=port, open_timeout=BOUND) for _ in range(4)
    ]
    for socket in displays:
        await asyncio.wait_for(socket.recv(), BOUND)
    registered = alpha.post(
        f"/api/tournaments/{tournament}/commands",
        json={"command": "register", "player": "Alice Alpha"},
    )
    assert registered.status_code == 200, registered.text
    version = registered.json()["version"]
    for socket in displays:
        while json.loads(await asyncio.wait_for(socket.recv(), BOUND))["version"] < version:
            pass
        await socket.close()
