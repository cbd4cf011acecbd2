"""Dealing: automatic from a shuffled deck, or cards entered one by one at a live table or a replay.

Automatic dealing burns one card before each board (DEAL-BURN-PRACTICE: GEN 1.13) and deals hole
cards one at a time clockwise from the seat left of the button, so the button gets the last card
(TDA 34 heads-up). Entered cards are checked only for consistency: a card cannot appear twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NoReturn

from pokertd.cards import Card
from pokertd.engine.events import BoardDealt, HoleDealt
from pokertd.engine.state import HandState
from pokertd.errors import IllegalActionError
from pokertd.messages import Message, message


def deal_holes(st: HandState) -> None:
    """Deal every player's hole cards from the deck, one card at a time around the table."""
    assert st.deck is not None
    count = st.count
    cards = st.deck.deal(st.game.hole_count * count)
    holes, log = st.holes, st.log
    player = st.button
    for offset in range(count):
        player += 1
        if player == count:
            player = 0
        hole: list[Card | None] = cards[offset::count]  # type: ignore[assignment]
        holes[player] = hole
        log.append((HoleDealt, player, tuple(hole)))


def deal_board(st: HandState) -> None:
    """Burn one card and deal the board cards of the current street from the deck."""
    assert st.deck is not None
    burn, *cards = st.deck.deal(1 + st.game.board_counts[st.street])
    st.board.extend(cards)
    st.log.append((BoardDealt, st.street, tuple(cards), burn))


def enter_hole(st: HandState, player: int, cards: Sequence[Card | None]) -> None:
    """Record hole cards entered by the dealer; ``None`` marks a card nobody saw (ENGINE-DEAL)."""
    if len(cards) != st.game.hole_count:
        _refuse(
            message(
                "player {player} gets {holes} hole cards, not {count} (ENGINE-DEAL)",
                player=player + 1,
                holes=st.game.hole_count,
                count=len(cards),
            )
        )
    if any(card is not None for card in st.holes[player]):
        _refuse(message("player {player} already has hole cards (ENGINE-DEAL)", player=player + 1))
    _check_unseen(st, [card for card in cards if card is not None])
    st.holes[player] = list(cards)
    st.log.append((HoleDealt, player, tuple(cards)))


def enter_board(st: HandState, cards: Sequence[Card]) -> None:
    """Record the board cards of the current street entered by the dealer (ENGINE-DEAL)."""
    expected = st.game.board_counts[st.street]
    if len(cards) != expected:
        _refuse(
            message(
                "this street has {expected} board cards, not {count} (ENGINE-DEAL)",
                expected=expected,
                count=len(cards),
            )
        )
    _check_unseen(st, cards)
    st.board.extend(cards)
    st.log.append((BoardDealt, st.street, tuple(cards)))


def reveal_hole(st: HandState, player: int, cards: Sequence[Card | None]) -> None:
    """Fill in a player's unknown hole cards when he shows them; known cards must match.

    A shown card may stay unknown (``None``, from a history): a card of his already known is
    then kept in its place.
    """
    hole = st.holes[player]
    if len(cards) != len(hole):
        _refuse(
            message(
                "player {player} shows {count} cards; he holds {held} (ENGINE-DEAL)",
                player=player + 1,
                count=len(cards),
                held=len(hole),
            )
        )
    known = [card for card in hole if card is not None]
    shown = [card for card in cards if card is not None]
    hidden = [card for card in known if card not in shown]
    if len(hidden) > len(cards) - len(shown):
        held = " ".join(str(card) for card in known)
        _refuse(
            message(
                "player {player} shows cards other than the {held} he was dealt (ENGINE-DEAL)",
                player=player + 1,
                held=held,
            )
        )
    _check_unseen(st, [card for card in shown if card not in known])
    revealed = list(cards)
    for card in hidden:
        revealed[revealed.index(None)] = card
    st.holes[player] = revealed


def _check_unseen(st: HandState, cards: Sequence[Card]) -> None:
    # ``None`` (a card not known) is in ``seen`` too, never in ``cards``: one set built in C.
    seen = set(st.board).union(*st.holes)
    if len(set(cards)) != len(cards):
        _refuse(
            message(
                "the same card is entered twice in {cards} (ENGINE-DEAL)",
                cards=" ".join(map(str, cards)),
            )
        )
    for card in cards:
        if card in seen:
            _refuse(message("{card} is already dealt (ENGINE-DEAL)", card=str(card)))


def _refuse(said: Message) -> NoReturn:
    # ENGINE-DEAL: the cards entered must be those the street deals, each once.
    raise IllegalActionError(said, rule="ENGINE-DEAL", action="deal")
