"""Hidden information at online tables (DESIGN.md): a view never holds a card its viewer may not
know, nor the deck's seed or salt.

Whole online hands are played between bots; after every action every view (each seat's, the
public's and the dealer's) is checked against the server's own knowledge of the hand, rebuilt
from the stored seed: the only cards in a seat's view are his own hole cards, the board dealt so
far and the hands the engine tabled; the dealer sees the hole cards too, never a burn card nor a
card still in the deck.
"""

from __future__ import annotations

import json
import re
from typing import Any

from table_tools import Clock, dealt_cards, last_setup, seats, tables, tournament

from pokertd.cards import Card
from pokertd.engine import Hand
from pokertd.service.tables import TableService
from pokertd.store import MemoryEventStore
from pokertd.table import TableMode, Viewer

CARD = re.compile(r"^[2-9TJQKA][cdhs]$")


def strings(value: Any) -> list[str]:
    """Return every string in a JSON value, keys included."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for key, item in value.items() for text in [key, *strings(item)]]
    if isinstance(value, list):
        return [text for item in value for text in strings(item)]
    return []


def cards_in(view: dict[str, Any]) -> set[str]:
    found = {text for text in strings(view) if CARD.match(text)}
    text = json.dumps(view)
    assert found == set(re.findall(r'"([2-9TJQKA][cdhs])"', text))
    return found


def check_views(live: TableService, tid: str, hand: Hand, board: list[Card], data: dict[str, Any]):
    dealer = live.view(tid, 1, Viewer.dealer())
    dealt_board = [str(card) for card in board[: len(dealer["board"])]]
    assert dealer["board"] == dealt_board
    holes = {
        seat: {str(card) for card in hand.hole_cards(player)}
        for player, seat in enumerate(data["seats"])
    }
    shown: set[str] = set()
    for line in dealer["log"]:
        if line["event"] == "hand-shown":
            assert set(line["cards"]) == holes[line["seat"]]
            shown |= holes[line["seat"]]
    public_cards = set(dealt_board) | shown
    assert cards_in(dealer) == public_cards | set().union(*holes.values())
    for viewer, mine in [(Viewer.public(), set()), *((Viewer.seat(s), holes[s]) for s in holes)]:
        view = live.view(tid, 1, viewer)
        assert cards_in(view) <= public_cards | mine
        if mine:
            assert mine <= cards_in(view)  # his own cards are there
    for view in (dealer, live.view(tid, 1, Viewer.public())):
        text = json.dumps(view)
        assert data["seed"] not in text
        assert data["salt"] not in text
        assert "seed" not in strings(view)
        assert "salt" not in strings(view)


def test_no_view_shows_a_card_its_viewer_may_not_know() -> None:
    clock = Clock()
    service, tid = tournament(MemoryEventStore(), clock, stack=3_000)
    live = tables(service, clock, seed=11)
    for seat in seats(service, tid):
        live.set_bot(tid, 1, seat, True)
    hands = showdowns = 0
    while service.load(tid).state.winner is None and hands < 60:
        live.start_hand(tid, 1, mode=TableMode.ONLINE)
        hands += 1
        data = last_setup(service.store, tid)
        hand, board = dealt_cards(service, data)
        check_views(live, tid, hand, board, data)
        while live.run_bots(tid, 1, limit=1):
            check_views(live, tid, hand, board, data)
        log = live.view(tid, 1, Viewer.public())["log"]
        showdowns += any(line["event"] == "hand-shown" for line in log)
    assert hands >= 20
    assert showdowns >= 5
