"""The JSON API: reading a tournament, running commands, and refusing bad ones unchanged."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

Run = Callable[..., Any]
Version = Callable[[TestClient, str], int]


def test_list_and_status_of_a_new_tournament(
    director: TestClient, tournament: str, players: tuple[str, ...]
) -> None:
    listed = director.get("/api/tournaments").json()
    assert listed == [
        {
            "tournament": tournament,
            "title": "Friday Turbo",
            "profile": "tda-2017",
            "entries": len(players),
            "players_left": 0,  # nobody plays before the draw
            "stage": "registration",
            "archived": False,
        }
    ]
    status = director.get(f"/api/tournaments/{tournament}").json()
    assert status["stage"] == "registration"
    assert status["registered"] == len(players)
    assert status["clock"]["started"] is False
    assert status["tables"] == 0
    # a number stands for the id
    number = tournament.removeprefix("tournament-")
    assert director.get(f"/api/tournaments/{number}").json()["tournament"] == tournament


def test_entries_tables_standings_display_after_the_draw(
    director: TestClient, tournament: str, players: tuple[str, ...], run: Run
) -> None:
    assert director.get(f"/api/tournaments/{tournament}/tables").json() == []
    drawn = run(director, tournament, "draw-seats")
    assert [event["type"] for event in drawn["events"]] == ["seats-drawn"]
    entries = director.get(f"/api/tournaments/{tournament}/entries").json()
    assert [e["player"] for e in entries] == list(players)
    assert all(e["status"] == "seated" and e["table"] == 1 for e in entries)
    assert len({e["seat"] for e in entries}) == len(players)
    tables = director.get(f"/api/tournaments/{tournament}/tables").json()
    assert [t["table"] for t in tables] == [1]
    assert {seat["player"] for seat in tables[0]["seats"]} == set(players)
    standings = director.get(f"/api/tournaments/{tournament}/standings").json()
    assert {s["places"] for s in standings} == {"in play"}
    display = director.get(f"/api/tournaments/{tournament}/display").json()
    assert display["kind"] == "display"
    assert display["status"]["players_left"] == len(players)
    assert display["tables"] == tables


def test_a_game_through_the_commands(
    director: TestClient, new_tournament: Callable[..., str], run: Run, clock: Any
) -> None:
    tournament = new_tournament(director, start=True)
    status = director.get(f"/api/tournaments/{tournament}").json()
    assert status["clock"]["is_running"] is True
    assert status["clock"]["remaining"] == 12 * 60
    clock.advance(100)
    assert director.get(f"/api/tournaments/{tournament}").json()["clock"]["remaining"] == 620
    busted = run(director, tournament, "bust-players", entries=[2])
    assert busted["events"][0]["type"] == "players-busted"
    assert busted["events"][0]["results"][0][:2] == [2, 5]  # entry 2 finishes 5th
    status = director.get(f"/api/tournaments/{tournament}").json()
    assert status["players_left"] == 4
    paused = run(director, tournament, "pause-clock")
    assert paused["version"] == busted["version"] + 1
    clock.advance(1000)
    clock_view = director.get(f"/api/tournaments/{tournament}").json()["clock"]
    assert (clock_view["is_running"], clock_view["remaining"]) == (False, 620)
    run(director, tournament, "resume-clock")
    run(director, tournament, "adjust-clock", seconds=-20)
    assert director.get(f"/api/tournaments/{tournament}").json()["clock"]["remaining"] == 600
    for entry in (1, 3, 4):
        run(director, tournament, "bust-players", entries=[entry])
    status = director.get(f"/api/tournaments/{tournament}").json()
    assert (status["stage"], status["winner"], status["players_left"]) == ("finished", 5, 1)
    standings = director.get(f"/api/tournaments/{tournament}/standings").json()
    assert [(s["entry"], s["places"]) for s in standings] == [
        (5, "1"),
        (4, "2"),
        (3, "3"),
        (1, "4"),
        (2, "5"),
    ]


def test_log_lists_the_stored_events(director: TestClient, tournament: str, run: Run) -> None:
    log = director.get(f"/api/tournaments/{tournament}/log").json()
    assert log["tournament"] == tournament
    assert [e["type"] for e in log["events"]] == ["tournament-created"] + ["player-registered"] * 5
    assert log["version"] == 6
    last = director.get(f"/api/tournaments/{tournament}/log", params={"last": 2}).json()
    assert [e["version"] for e in last["events"]] == [5, 6]
    run(director, tournament, "undo")
    log = director.get(f"/api/tournaments/{tournament}/log").json()
    assert log["version"] == 7
    assert log["events"][5]["cancelled"] is True  # undo compensates, never deletes


def test_create_with_options(director: TestClient) -> None:
    answer = director.post(
        "/api/tournaments",
        json={"title": "Ligue", "template": "regular", "profile": "lfp", "table_size": 6},
    )
    assert answer.status_code == 201, answer.text
    created = answer.json()["events"][0]
    assert (created["profile"], created["table_size"]) == ("lfp", 6)


@pytest.mark.parametrize(
    ("before", "command", "status", "kind", "rule"),
    [
        pytest.param(
            (),
            {"command": "bust-players", "entries": [99]},
            404,
            "not-found",
            None,
            id="bust-unknown-entry",
        ),
        pytest.param(
            ("draw-seats",),
            {"command": "draw-seats"},
            422,
            "illegal-action",
            "SEAT-DRAW",
            id="draw-twice",
        ),
        pytest.param(
            (), {"command": "resume-clock"}, 422, "illegal-action", None, id="resume-before-start"
        ),
        pytest.param(
            (), {"command": "withdraw", "entry": 42}, 404, "not-found", None, id="withdraw-unknown"
        ),
    ],
)
def test_a_refused_command_changes_nothing(
    director: TestClient,
    tournament: str,
    run: Run,
    version_of: Version,
    before: tuple[str, ...],
    command: dict[str, Any],
    status: int,
    kind: str,
    rule: str | None,
) -> None:
    for name in before:
        run(director, tournament, name)
    version = version_of(director, tournament)
    state = director.get(f"/api/tournaments/{tournament}").json()
    answer = director.post(f"/api/tournaments/{tournament}/commands", json=command)
    assert answer.status_code == status, answer.text
    error = answer.json()["error"]
    assert answer.json()["ok"] is False
    assert (error["status"], error["kind"]) == (status, kind)
    assert error["message"]
    if rule is not None:
        assert error["rule"] == rule
        assert f"({rule})" in error["message"]
    assert version_of(director, tournament) == version
    assert director.get(f"/api/tournaments/{tournament}").json() == state


@pytest.mark.parametrize(
    ("body", "words"),
    [
        pytest.param({"command": "fly"}, ["unknown command", "'fly'", "register"], id="unknown"),
        pytest.param({"player": "Ana"}, ["unknown command", "None"], id="no-command"),
        pytest.param({"command": 3}, ["unknown command", "3"], id="command-not-text"),
        pytest.param({"command": "register"}, ["missing", "player"], id="missing-field"),
        pytest.param({"command": "register", "player": 7}, ["player", "7"], id="wrong-type"),
        pytest.param(
            {"command": "bust-players", "entries": "2"}, ["entries", "'2'"], id="text-for-list"
        ),
        pytest.param(
            {"command": "bust-players", "entries": [True]}, ["entries", "True"], id="bool-for-int"
        ),
        pytest.param(
            {"command": "adjust-clock", "seconds": "ten"},
            ["seconds", "'ten'"],
            id="text-for-number",
        ),
        pytest.param(
            {"command": "register", "player": "Zoé", "age": 30},
            ["unknown", "age"],
            id="unknown-field",
        ),
        pytest.param(
            {"command": "confirm-moves", "moves": [{"entry": 1}]},
            ["missing", "table"],
            id="nested-missing",
        ),
    ],
)
def test_malformed_commands_are_refused_clearly(
    director: TestClient,
    tournament: str,
    version_of: Version,
    body: dict[str, Any],
    words: list[str],
) -> None:
    version = version_of(director, tournament)
    answer = director.post(f"/api/tournaments/{tournament}/commands", json=body)
    assert answer.status_code == 400, answer.text
    error = answer.json()["error"]
    assert error["kind"] == "bad-input"
    for word in words:
        assert word in error["message"]
    assert version_of(director, tournament) == version


@pytest.mark.parametrize(
    "body",
    [
        pytest.param([1, 2], id="list"),
        pytest.param("register", id="string"),
        pytest.param(None, id="null"),
    ],
)
def test_a_body_that_is_not_an_object_is_refused(
    director: TestClient, tournament: str, version_of: Version, body: Any
) -> None:
    version = version_of(director, tournament)
    answer = director.post(f"/api/tournaments/{tournament}/commands", json=body)
    assert answer.status_code == 422, answer.text
    error = answer.json()["error"]
    assert error["kind"] == "invalid-input"
    assert "body" in error["message"]
    assert version_of(director, tournament) == version


def test_a_body_that_is_not_json_is_refused(director: TestClient, tournament: str) -> None:
    answer = director.post(
        f"/api/tournaments/{tournament}/commands",
        content=b"{not json",
        headers={"content-type": "application/json"},
    )
    assert answer.status_code == 422
    assert answer.json()["error"]["kind"] == "invalid-input"


@pytest.mark.parametrize(
    ("body", "words"),
    [
        pytest.param({}, ["title"], id="no-title"),
        pytest.param({"title": "  "}, ["title"], id="blank-title"),
        pytest.param({"title": "X", "template": "nope"}, ["nope"], id="unknown-template"),
        pytest.param({"title": "X", "profile": "nope"}, ["nope"], id="unknown-profile"),
        pytest.param({"title": "X", "table_size": "9"}, ["table_size"], id="wrong-type"),
        pytest.param({"title": "X", "colour": "red"}, ["colour"], id="unknown-field"),
    ],
)
def test_create_refuses_bad_input(
    director: TestClient, body: dict[str, Any], words: list[str]
) -> None:
    answer = director.post("/api/tournaments", json=body)
    assert 400 <= answer.status_code < 500, answer.text
    error = answer.json()["error"]
    for word in words:
        assert word in error["message"]
    assert director.get("/api/tournaments").json() == []


@pytest.mark.parametrize("suffix", ["", "/entries", "/tables", "/standings", "/display", "/log"])
@pytest.mark.parametrize("name", ["tournament-9", "9", "nope", "tournament-x"])
def test_unknown_tournament_is_404(director: TestClient, suffix: str, name: str) -> None:
    answer = director.get(f"/api/tournaments/{name}{suffix}")
    assert answer.status_code == 404
    assert answer.json()["error"]["kind"] == "not-found"
    assert repr(name) in answer.json()["error"]["message"]


def test_log_refuses_last_below_one(director: TestClient, tournament: str) -> None:
    answer = director.get(f"/api/tournaments/{tournament}/log", params={"last": 0})
    assert answer.status_code == 400
    assert "last" in answer.json()["error"]["message"]


def test_errors_in_french(director: TestClient, tournament: str) -> None:
    answer = director.post(
        f"/api/tournaments/{tournament}/commands",
        json={"command": "bust-players", "entries": [99]},
        headers={"accept-language": "fr-FR,fr;q=0.9"},
    )
    assert answer.status_code == 404
    assert "99" in answer.json()["error"]["message"]
    assert "there is" not in answer.json()["error"]["message"]
