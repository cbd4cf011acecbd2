"""Hidden information (DESIGN.md): a player's connection never carries another player's unexposed
cards nor the deck.

An online table of five: four bots and one human whose ``/ws/play/{token}`` socket is open while
whole hands are played through the player's HTTP actions (JSON and the page's form) and the action
clock. Every message received on that socket and every HTTP answer to that player is recorded;
each may name only the player's own cards, the board dealt so far and the cards of the seats it
says were tabled at showdown — never any other of the 52 cards — and never the deck's seed or
salt. The dealer's view (the director) and the stored events give the truth it is checked against.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from pokertd.cards import Card
from pokertd.store import SQLiteEventStore

ALL_CARDS = [rank + suit for rank in "23456789TJQKA" for suit in "shdc"]
SYMBOLS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}
RENDERED = re.compile(r"(10|[2-9AKQJ])([♠♥♦♣])")
HANDS = 8


class Clock(Protocol):
    """The test's fixed clock (``conftest.Clock``)."""

    def advance(self, seconds: float) -> None: ...


@dataclass
class Recorded:
    """What the player received: its text, and for JSON the document itself."""

    source: str
    text: str
    document: dict[str, Any] | None = None
    #: For an HTML answer: the document the player's API gave at the same moment.
    alongside: dict[str, Any] | None = None


@dataclass
class Player:
    """The human seat's side of the table: his client calls, every answer recorded."""

    client: TestClient
    token: str
    socket: WebSocketTestSession
    received: list[Recorded] = field(default_factory=list)

    def drain(self) -> None:
        """Record every message sent to the socket so far (the pong follows all of them)."""
        self.socket.send_text("ping")
        while (message := self.socket.receive_json()).get("kind") != "pong":
            self.received.append(Recorded("socket", json.dumps(message), message))

    def document(self) -> dict[str, Any]:
        answer = self.client.get(f"/api/play/{self.token}")
        assert answer.status_code == 200, answer.text
        found: dict[str, Any] = answer.json()
        self.received.append(Recorded("GET /api/play", answer.text, found))
        return found

    def act(self, kind: str, to: int | None, *, as_form: bool) -> None:
        if as_form:
            data = {"kind": kind, **({"to": str(to)} if to is not None else {})}
            answer = self.client.post(
                f"/play/{self.token}/act",
                data=data,
                headers={"X-Requested-With": "pokertd", "HX-Request": "true"},
            )
            assert answer.status_code == 200, answer.text
            self.received.append(Recorded("POST /play/act", answer.text, None, self.document()))
        else:
            answer = self.client.post(
                f"/api/play/{self.token}/actions", json={"kind": kind, "to": to}
            )
            assert answer.status_code == 200, answer.text
            self.received.append(Recorded("POST /api/play/actions", answer.text, answer.json()))
        self.drain()

    def page(self) -> None:
        for path in (f"/play/{self.token}", f"/play/{self.token}/part"):
            answer = self.client.get(path)
            assert answer.status_code == 200
            self.received.append(Recorded(f"GET {path}", answer.text, None, self.document()))


def choose(legal: dict[str, Any], rng: random.Random) -> tuple[str, int | None]:
    """The human's action: mostly calls and checks (to reach showdowns), some raises and folds."""
    if legal["show"]:
        return ("show" if rng.random() < 0.7 or not legal["muck"] else "muck"), None
    roll = rng.random()
    if legal["min_raise_to"] is not None and roll < 0.15:
        return "raise", legal["min_raise_to"]
    if legal["check"]:
        return "check", None
    if roll < 0.85:
        return "call", None
    return "fold", None


def allowed_cards(document: dict[str, Any]) -> set[str]:
    """The cards a player document may name: his own, the board, the tabled hands."""
    view, me = document["view"], document["me"]
    if view is None:
        return set()
    cards = set(view["board"])
    for seat in view["seats"]:
        if seat["cards"] and (seat["seat"] == me["seat"] or seat["is_shown"]):
            cards.update(card for card in seat["cards"] if card)
    return cards


def named_cards(text: str) -> set[str]:
    """Every card string (``As``) standing alone in ``text``, and every card an HTML page
    renders (``A♠``, ``data-card``)."""
    found = {card for card in ALL_CARDS if re.search(rf"\b{card}\b", text)}
    for rank, suit in RENDERED.findall(text):
        found.add(("T" if rank == "10" else rank) + SYMBOLS[suit])
    return found


def test_a_players_connection_never_carries_hidden_cards_or_the_deck(
    director: TestClient,
    new_tournament: Callable[..., str],
    run: Callable[..., Any],
    clock: Clock,
    db_path: Path,
) -> None:
    tournament = new_tournament(director, start=True)
    for entry in range(1, 6):
        run(director, tournament, "arrive", entry=entry)
    api = f"/api/tournaments/{tournament}/tables/1"
    links = director.post(f"{api}/links").json()
    human, bots = links[0], links[1:]
    for bot in bots:
        assert (
            director.post(f"{api}/bots", json={"seat": bot["seat"], "on": True}).status_code == 200
        )
    rng = random.Random(7)
    truth: dict[int, dict[int, list[str]]] = {}  # hand -> seat -> hole cards (dealer's view)
    shown_at_end: dict[int, set[int]] = {}
    my_seat = human["seat"]
    with director.websocket_connect(f"/ws/play/{human['token']}") as socket:
        player = Player(director, human["token"], socket)
        player.drain()
        player.page()
        for number in range(1, HANDS + 1):
            if player.document()["view"] is None:
                break  # he busted
            started = director.post(f"{api}/hands", json={"mode": "online"})
            assert started.status_code == 200, started.text
            dealer = started.json()
            assert dealer["hand"] == number
            truth[number] = {
                seat["seat"]: seat["cards"] for seat in dealer["seats"] if seat["cards"]
            }
            player.drain()
            turn = 0
            while (document := player.document())["view"]["status"] == "playing":
                view = document["view"]
                assert view["to_act"] == my_seat, "the bots act up to the human"
                turn += 1
                if turn == 2 and not view["legal"]["show"]:
                    # His time runs out: the client's countdown says so, the server checks it.
                    clock.advance(view["deadline"]["seconds_left"])
                    socket.send_text("expire")
                    player.drain()
                    continue
                kind, to = choose(view["legal"], rng)
                player.act(kind, to, as_form=turn % 2 == 1)
            final = director.get(f"{api}/view").json()
            assert final["hand"] == number
            shown_at_end[number] = {seat["seat"] for seat in final["seats"] if seat["is_shown"]}
            player.page()
    # The hands went far enough to mean something: showdowns with tabled hands happened.
    assert len(truth) >= 3
    assert any(seats - {my_seat} for seats in shown_at_end.values())
    assert sum(1 for r in player.received if r.source == "socket") > 3 * len(truth)
    with contextlib.closing(SQLiteEventStore(db_path)) as store:  # the server's event file
        stored = store.read(f"table-{tournament}-1")
    secrets = [
        value
        for event in stored
        if event.type == "table-hand-started"
        for value in (event.data["seed"], event.data["salt"])
    ]
    assert len(secrets) == 2 * len(truth)
    for record in player.received:
        for secret in secrets:
            assert secret not in record.text, record.source
        document = record.document or record.alongside
        assert document is not None
        view = document["view"]
        if view is None or view["hand"] is None:
            assert not named_cards(record.text) - set(), record.source
            continue
        allowed = allowed_cards(document)
        leaked = named_cards(record.text) - allowed
        assert not leaked, f"{record.source} of hand {view['hand']} names {leaked}"
        hand = truth[view["hand"]]
        for seat in view["seats"]:
            if seat["seat"] == my_seat and seat["cards"]:
                assert seat["cards"] == hand[my_seat]  # his own cards are his
            elif seat["cards"]:
                assert seat["is_shown"]
                assert seat["seat"] in shown_at_end[view["hand"]]
                assert seat["cards"] == hand[seat["seat"]]
        others = {card for seat, cards in hand.items() if seat != my_seat for card in cards}
        tabled = {
            card for seat in view["seats"] if seat["is_shown"] for card in seat["cards"] or ()
        }
        assert not (named_cards(record.text) & (others - tabled)), record.source
    assert Card.parse(ALL_CARDS[0])  # the card list is the engine's own
