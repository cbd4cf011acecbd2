"""Hidden information at online tables (DESIGN.md): a view never holds a card its viewer may not
know, nor the deck's seed or salt.

Whole online hands are played at a ``LiveTable`` (no store, no service); after every action every
view (each seat's, the public's and the dealer's) is checked against the table's own knowledge of
the hand, rebuilt from its seed: the only cards in a seat's view are his own hole cards, the board
dealt so far and the hands the engine tabled; the dealer sees the hole cards too, never a burn
card nor a card still in the deck.
"""

from __future__ import annotations

import json
import re
from typing import Any

from table_play import Play, choice

from pokertd.cards import Card
from pokertd.cards.card import ALL_CARDS
from pokertd.engine import Hand
from pokertd.table import Viewer, commands
from pokertd.table.events import TableHandStarted
from pokertd.table.views import card_texts

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


def dealt_cards(play: Play, started: TableHandStarted) -> tuple[Hand, list[Card]]:
    """Return the hand as it was dealt and its board as it will come, from the deck its seed
    gives (what the server knows and no view may show)."""
    hand = started.create_hand(play.tournament.state.profile)
    deck = started.deck()
    assert deck is not None
    deck.deal(hand.game.hole_count * hand.player_count)
    board: list[Card] = []
    for count in hand.game.board_counts[1:]:
        board += deck.deal(1 + count)[1:]  # a burn card, then the street's cards
    return hand, board


def check_views(play: Play, hand: Hand, board: list[Card], started: TableHandStarted) -> None:
    dealer = play.view(Viewer.dealer())
    dealt_board = [str(card) for card in board[: len(dealer["board"])]]
    assert dealer["board"] == dealt_board
    holes = {
        seat: {str(card) for card in hand.hole_cards(player)}
        for player, seat in enumerate(started.plan.seats)
    }
    shown: set[str] = set()
    for line in dealer["log"]:
        if line["event"] == "hand-shown":
            assert set(line["cards"]) == holes[line["seat"]]
            shown |= holes[line["seat"]]
    public_cards = set(dealt_board) | shown
    assert cards_in(dealer) == public_cards | set().union(*holes.values())
    for viewer, mine in [(Viewer.public(), set()), *((Viewer.seat(s), holes[s]) for s in holes)]:
        view = play.view(viewer)
        assert cards_in(view) <= public_cards | mine
        if mine:
            assert mine <= cards_in(view)  # his own cards are there
    for view in (dealer, play.view(Viewer.public())):
        text = json.dumps(view)
        assert started.seed is not None
        assert started.salt is not None
        assert started.seed not in text
        assert started.salt not in text
        assert "seed" not in strings(view)
        assert "salt" not in strings(view)


def test_no_view_shows_a_card_its_viewer_may_not_know() -> None:
    play = Play(stack=3_000, seed=11)
    hands = showdowns = 0
    while play.tournament.state.winner is None and hands < 60:
        started = play.start()
        hands += 1
        hand, board = dealt_cards(play, started)
        check_views(play, hand, board, started)
        while play.table.is_playing:
            assert play.table.hand is not None
            legal = play.table.hand.legal()
            assert legal is not None  # online: the engine deals and shows down
            kind, to = choice(legal, play.rng)
            play.run(commands.Act(started.plan.seats[legal.player], kind, to))
            check_views(play, hand, board, started)
        log = play.view(Viewer.public())["log"]
        showdowns += any(line["event"] == "hand-shown" for line in log)
    assert hands >= 20
    assert showdowns >= 5


def test_card_texts_are_the_cards_as_text() -> None:
    """``card_texts`` reads each card's text from a table by its code: every card, whether the
    shared one or one made anew, is written as ``str`` writes it."""
    made = [Card(card.rank, card.suit) for card in ALL_CARDS]
    assert card_texts([*ALL_CARDS, None, *made]) == [
        *(str(card) for card in ALL_CARDS),
        None,
        *(str(card) for card in made),
    ]
    assert len(set(card_texts(ALL_CARDS))) == 52
