"""Hidden information over the pushes (DESIGN.md): every seat of an online table has its socket
open while random hands are played through those sockets; every document pushed to a seat names
his own hole cards, the board and the hands tabled at showdown, never another seat's unexposed
cards. A push renders the table once for all its listeners (``TableFrame``) and adds each seat's
own cards: this checks that no seat's cards stay behind in what the next seat is sent.

The hands differ with the server's random source (the deck, ``rng``) and the test's (the actions:
folds, calls, minimum and all-in raises, shows and mucks).
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from test_table_privacy import named_cards

HANDS = 4


def action(legal: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random player's action."""
    if legal["show"] or legal["muck"]:
        return {"act": "muck" if legal["muck"] and rng.random() < 0.3 else "show"}
    roll = rng.random()
    if legal["max_raise_to"] is not None and roll < 0.05:
        return {"act": "raise" if legal["call"] else "bet", "to": legal["max_raise_to"]}
    if legal["min_raise_to"] is not None and roll < 0.2:
        return {"act": "raise" if legal["call"] else "bet", "to": legal["min_raise_to"]}
    if legal["check"]:
        return {"act": "check"}
    return {"act": "call" if roll < 0.85 else "fold"}


def drain(socket: WebSocketTestSession, into: list[dict[str, Any]]) -> None:
    """Keep every document pushed to ``socket`` so far (the pong follows them)."""
    socket.send_text("ping")
    while (message := socket.receive_json()).get("kind") != "pong":
        assert message.get("kind") != "error", message
        into.append(message)


@pytest.mark.parametrize("rng", [random.Random(seed) for seed in (3, 17, 40)])
def test_each_seat_is_pushed_his_own_cards_and_no_other_hidden_card(
    director: TestClient,
    new_tournament: Callable[..., str],
    run: Callable[..., Any],
    rng: random.Random,
) -> None:
    tournament = new_tournament(director, start=True)
    for entry in range(1, 6):
        run(director, tournament, "arrive", entry=entry)
    api = f"/api/tournaments/{tournament}/tables/1"
    links = {link["seat"]: link["token"] for link in director.post(f"{api}/links").json()}
    pushed: dict[int, list[dict[str, Any]]] = {seat: [] for seat in links}
    truth: dict[int, dict[int, set[str]]] = {}  # hand -> seat -> his hole cards (the dealer's)
    tabled: dict[int, set[int]] = {}  # hand -> the seats that showed
    choices = random.Random(rng.random())
    with contextlib.ExitStack() as stack:
        sockets = {
            seat: stack.enter_context(director.websocket_connect(f"/ws/play/{token}"))
            for seat, token in links.items()
        }
        for number in range(1, HANDS + 1):
            started = director.post(f"{api}/hands", json={"mode": "online"})
            if started.status_code != 200:
                break  # one player left
            dealer = started.json()
            truth[number] = {s["seat"]: set(s["cards"]) for s in dealer["seats"] if s["cards"]}
            while dealer["status"] == "playing":
                sockets[dealer["to_act"]].send_text(json.dumps(action(dealer["legal"], choices)))
                for seat, socket in sockets.items():
                    drain(socket, pushed[seat])
                dealer = director.get(f"{api}/view").json()
            tabled[number] = {s["seat"] for s in dealer["seats"] if s["is_shown"]}
    assert len(truth) >= 3
    for seat, documents in pushed.items():
        assert len(documents) > 2 * len(truth)  # a push after every action
        for document in documents:
            check(seat, document, truth, tabled)


def check(
    seat: int,
    document: dict[str, Any],
    truth: dict[int, dict[int, set[str]]],
    tabled: dict[int, set[int]],
) -> None:
    """The document pushed to ``seat`` names his cards, the board and the tabled hands only."""
    view = document["view"]
    text = json.dumps(document)
    if view is None or view["hand"] is None:
        assert not named_cards(text)
        return
    assert view["viewer"] == {"kind": "seat", "seat": seat}
    holes = truth[view["hand"]]
    shown = {s["seat"] for s in view["seats"] if s["is_shown"]}
    assert shown <= tabled[view["hand"]]
    allowed = set(view["board"]) | holes.get(seat, set())
    allowed |= {card for other in shown for card in holes[other]}
    assert named_cards(text) <= allowed, (seat, named_cards(text) - allowed)
    for other in view["seats"]:
        if other["seat"] == seat and holes.get(seat):
            assert set(other["cards"]) == holes[seat]  # his own cards are there
        elif other["cards"] is not None:
            assert other["seat"] in shown
