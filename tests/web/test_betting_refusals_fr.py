"""The betting engine's refusals in the player's language, at the online table's endpoint: each
names the rule that refused (BET-*, ENGINE-*) and the player by his seat and his name, with the
facts (the amount tried, the limit) as the sentence's fields; nothing changes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from online_hand import start_online_hand
from test_people_pages import add_person

from pokertd.service.people import PERSON_ID

Document = dict[str, Any]


@pytest.fixture
def online(
    director: TestClient, new_tournament: Callable[..., str], run: Callable[..., Any]
) -> tuple[str, dict[int, str]]:
    """Five players at table 1, an online hand started; their seat links' tokens by seat."""
    return start_online_hand(director, new_tournament, run)


def view(client: TestClient, tournament: str) -> Document:
    answer = client.get(f"/api/tournaments/{tournament}/tables/1/view")
    assert answer.status_code == 200, answer.text
    found: Document = answer.json()
    return found


def name_in(client: TestClient, tournament: str, seat: int) -> str:
    tables = client.get(f"/api/tournaments/{tournament}/tables").json()
    return str(next(found["player"] for found in tables[0]["seats"] if found["seat"] == seat))


def act(client: TestClient, token: str, kind: str, to: int | None = None) -> Any:
    """The player's action from his phone, his page in French."""
    return client.post(
        f"/play/{token}/act?lang=fr",
        json={"kind": kind, "to": to},
        headers={"Accept": "application/json"},
    )


def refused(client: TestClient, tournament: str, token: str, kind: str, to: int | None) -> Document:
    """Try an action that must be refused; return the error (the table unchanged)."""
    before = view(client, tournament)
    answer = act(client, token, kind, to)
    assert answer.status_code == 422, answer.text
    assert view(client, tournament) == before
    error: Document = answer.json()["error"]
    assert error["kind"] == "illegal-action"
    return error


def to_the_flop(client: TestClient, tournament: str, tokens: dict[int, str]) -> Document:
    """Everyone calls, the big blind checks: the flop is dealt; return the view."""
    while not (now := view(client, tournament))["board"]:
        kind = "check" if now["legal"]["check"] else "call"
        assert act(client, tokens[now["to_act"]], kind).status_code == 200
    return now


def test_bet_minraise_in_french(director: TestClient, online: tuple[str, dict[int, str]]) -> None:
    tournament, tokens = online
    now = view(director, tournament)
    seat, low = now["to_act"], now["legal"]["min_raise_to"]
    error = refused(director, tournament, tokens[seat], "raise", low - 1)
    assert error["rule"] == "BET-MINRAISE"
    name = name_in(director, tournament, seat)
    assert error["message"] == (
        f"le joueur du siège {seat} ({name}) : « relancer à {low - 1} » est sous le minimum "
        f"de {low} (BET-MINRAISE)"
    )


def test_bet_incorrect_declaration_check_facing_a_bet_in_french(
    director: TestClient, online: tuple[str, dict[int, str]]
) -> None:
    tournament, tokens = online
    seat = view(director, tournament)["to_act"]
    error = refused(director, tournament, tokens[seat], "check", None)
    assert error["rule"] == "BET-INCORRECT-DECLARATION"
    name = name_in(director, tournament, seat)
    assert error["message"].startswith(f"le joueur du siège {seat} ({name}) : parole face à")
    assert error["message"].endswith("; suivre ou passer (BET-INCORRECT-DECLARATION)")


def test_engine_stack_above_his_whole_stack_in_french(
    director: TestClient, online: tuple[str, dict[int, str]]
) -> None:
    tournament, tokens = online
    now = view(director, tournament)
    seat = now["to_act"]
    error = refused(director, tournament, tokens[seat], "raise", 10_000_000)
    assert error["rule"] == "ENGINE-STACK"
    assert f"le joueur du siège {seat} (" in error["message"]
    assert "« relancer à 10000000 » dépasse le maximum de" in error["message"]
    assert error["message"].endswith("(tout son tapis) (ENGINE-STACK)")


def test_bet_min_bet_and_a_call_with_nothing_to_call_in_french(
    director: TestClient, online: tuple[str, dict[int, str]]
) -> None:
    tournament, tokens = online
    flop = to_the_flop(director, tournament, tokens)
    seat, low = flop["to_act"], flop["legal"]["min_raise_to"]  # the big blind, to open
    error = refused(director, tournament, tokens[seat], "bet", low - 1)
    assert error["rule"] == "BET-MIN-BET"
    assert error["message"].endswith(
        f": « miser à {low - 1} » est sous le minimum de {low} (BET-MIN-BET)"
    )
    error = refused(director, tournament, tokens[seat], "call", None)
    assert error["rule"] == "BET-INCORRECT-DECLARATION"
    name = name_in(director, tournament, seat)
    assert error["message"] == (
        f"le joueur du siège {seat} ({name}) : suivre sans mise à égaler ; c'est parole "
        "(BET-INCORRECT-DECLARATION)"
    )


def test_a_refusal_on_the_players_socket_names_a_registered_person_as_the_club_shows_him(
    director: TestClient, csrf: str, new_tournament: Callable[..., str], run: Callable[..., Any]
) -> None:
    """A player from the club's register is a person id in the event's log; the socket's
    refusal (no page, no middleware) names him as the club shows the public, never by his id."""
    firsts = ("Ana", "Bea", "Cloé", "Dora", "Eva")
    people = tuple(add_person(director, csrf, name="Costa", first_name=first) for first in firsts)
    tournament, tokens = start_online_hand(director, new_tournament, run, *people)
    now = view(director, tournament)
    seat, low = now["to_act"], now["legal"]["min_raise_to"]
    token = tokens[seat]
    with director.websocket_connect(f"/ws/play/{token}?lang=fr") as socket:
        socket.send_text("ping")
        while socket.receive_json().get("kind") != "pong":
            pass
        socket.send_json({"act": "raise", "to": low - 1})
        answer = socket.receive_json()
    said = answer["error"]["message"]
    assert answer["error"]["rule"] == "BET-MINRAISE"
    assert said.startswith(f"le joueur du siège {seat} (")
    assert not PERSON_ID.search(said)
    assert any(first in said for first in firsts)
