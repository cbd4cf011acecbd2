"""A console form's key is stored in the same transaction as its command (issue 15, defect 2):
in the event file both are there or neither, so a crash between the two cannot let a resend
run the command twice, and a resend after a restart is recognised (``web.form_keys``,
``EventStore.append``'s ``records``).

The failure is injected in a real SQLite file: a trigger refuses the key's row, after the
command's events were written in the same transaction.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from pokertd.store import SQLiteEventStore
from pokertd.web.form_keys import KIND

FAIL_ON_KEY = """
CREATE TRIGGER fail_on_key BEFORE INSERT ON records WHEN NEW.key LIKE '%/desk-1'
BEGIN SELECT RAISE(ABORT, 'injected failure between the command and its key'); END
"""


PASSWORD = "correct horse battery"  # the director's (tests/web/conftest.py)


@contextlib.contextmanager
def started(make_app: Callable[..., FastAPI]) -> Iterator[TestClient]:
    """An app on the test's event file (a restart each time), its director logged in."""
    with TestClient(make_app(), raise_server_exceptions=False) as client:
        answer = client.post("/api/login", json={"password": PASSWORD})
        assert answer.status_code == 200, answer.text
        client.headers["X-CSRF-Token"] = answer.json()["csrf"]
        yield client


def post(client: TestClient, path: str, **fields: str) -> int:
    data = {"csrf": client.headers["X-CSRF-Token"], **fields}
    return client.post(path, data=data, follow_redirects=False).status_code


def in_file(db_path: Path, tournament: str) -> tuple[list[str], dict[str, Any]]:
    """What the event file holds: the players registered, and the form keys kept."""
    store = SQLiteEventStore(db_path)
    try:
        players = [
            e.data["player"] for e in store.read(tournament) if e.type == "player-registered"
        ]
        return players, dict(store.records(KIND))
    finally:
        store.close()


def new_event(make_app: Callable[..., FastAPI]) -> str:
    with started(make_app) as client:
        assert post(client, "/console/create", title="Mardi", key="create-1") == 303
        tournament: str = client.get("/api/tournaments").json()[0]["tournament"]
    return tournament


def test_defect_2_a_command_and_its_key_are_stored_together(
    db_path: Path, make_app: Callable[..., FastAPI]
) -> None:
    tournament = new_event(make_app)
    with started(make_app) as client:
        register = f"/console/{tournament}/do/register"
        assert post(client, register, player="Ana", tab="desk", key="desk-1") == 303
    players, keys = in_file(db_path, tournament)
    assert players == ["Ana"]
    assert keys[f"{tournament}/desk-1"]["made"] == tournament
    assert keys["/create-1"]["made"] == tournament  # the New event form's, with its event


def test_defect_2_a_failure_between_the_command_and_its_key_leaves_neither(
    db_path: Path, make_app: Callable[..., FastAPI]
) -> None:
    tournament = new_event(make_app)
    register = f"/console/{tournament}/do/register"
    with sqlite3.connect(db_path) as connection:
        connection.execute(FAIL_ON_KEY)
    with started(make_app) as client:
        assert post(client, register, player="Ana", tab="desk", key="desk-1") == 500
    players, keys = in_file(db_path, tournament)
    assert players == []  # the command's events were rolled back with its key
    assert f"{tournament}/desk-1" not in keys
    with sqlite3.connect(db_path) as connection:
        connection.execute("DROP TRIGGER fail_on_key")

    with started(make_app) as client:  # restarted: the browser resends the form
        assert post(client, register, player="Ana", tab="desk", key="desk-1") == 303
        assert post(client, register, player="Ana", tab="desk", key="desk-1") == 303
    with started(make_app) as client:  # and again after another restart
        assert post(client, register, player="Ana", tab="desk", key="desk-1") == 303
    players, keys = in_file(db_path, tournament)
    assert players == ["Ana"]
    assert f"{tournament}/desk-1" in keys


def test_defect_2_the_new_event_form_resent_after_a_restart_creates_one_event(
    make_app: Callable[..., FastAPI],
) -> None:
    tournament = new_event(make_app)
    with started(make_app) as client:
        answer = client.post(
            "/console/create",
            data={"csrf": client.headers["X-CSRF-Token"], "title": "Mardi", "key": "create-1"},
            follow_redirects=False,
        )
        assert answer.headers["location"] == f"/console/{tournament}"
        assert [t["tournament"] for t in client.get("/api/tournaments").json()] == [tournament]


#: A player list of five; the failure comes as the third row's command is stored.
LISTING = "Nom;Prénom\nAbed;Ana\nBrun;Bruno\nCosta;Chloé\nDurand;David\nEon;Emma\n"
FAIL_ON_THIRD_ROW = """
CREATE TRIGGER fail_on_row BEFORE INSERT ON records WHEN NEW.key LIKE '%/list-1#4'
BEGIN SELECT RAISE(ABORT, 'injected failure in the middle of the import'); END
"""


def send_list(client: TestClient, tournament: str) -> tuple[int, str]:
    """Send the player list's form (its key ``list-1``); return the status and the page."""
    answer = client.post(
        f"/console/{tournament}/import",
        data={"csrf": client.headers["X-CSRF-Token"], "key": "list-1"},
        files={"file": ("joueurs.csv", LISTING.encode("cp1252"), "text/csv")},
        follow_redirects=False,
    )
    return answer.status_code, answer.text


def test_a_player_list_resent_after_a_failure_in_its_middle_imports_each_name_once(
    db_path: Path, make_app: Callable[..., FastAPI]
) -> None:
    tournament = new_event(make_app)
    with sqlite3.connect(db_path) as connection:
        connection.execute(FAIL_ON_THIRD_ROW)
    with started(make_app) as client:
        assert send_list(client, tournament)[0] == 500
    players, keys = in_file(db_path, tournament)
    assert players == ["Ana Abed", "Bruno Brun"]  # each with its row's key, the third with none
    assert {f"{tournament}/list-1#2", f"{tournament}/list-1#3"} <= set(keys)
    assert f"{tournament}/list-1#4" not in keys
    assert f"{tournament}/list-1" not in keys  # the list is not done
    with sqlite3.connect(db_path) as connection:
        connection.execute("DROP TRIGGER fail_on_row")

    with started(make_app) as client:  # restarted: the browser resends the list
        status, page = send_list(client, tournament)
        assert status == 200, page
        assert 'data-test="registered">5<' in page  # the two before, reported registered
        assert 'data-test="refused"' not in page  # not "already registered"
        assert send_list(client, tournament)[0] == 303  # the whole list done: a double click
    with started(make_app) as client:  # and again after another restart
        assert send_list(client, tournament)[0] == 303
    players, keys = in_file(db_path, tournament)
    assert players == ["Ana Abed", "Bruno Brun", "Chloé Costa", "David Durand", "Emma Eon"]
    assert f"{tournament}/list-1" in keys
