"""Who brings in or acts first in stud (STUD-BRINGIN-TIE, TDA PR-9C, 17A; GEN 1.1) and a player
absent for the deal (STUD-BRINGIN-ABSENT, TDA PR-9B, PR-9D, 30, 71C), from the up cards.

Like the other stud rulings (``pokertd.floor.stud``), each function takes a stud ``Hand`` and
returns a ``Ruling``; LFP, BAN and GM say nothing about stud and their profiles apply TDA.

>>> from pokertd import Hand
>>> from pokertd.cards import parse_cards
>>> hand = Hand.create(game="stud", stacks=[1000] * 3, ante=5, bring_in=10, limits=(20, 40),
...                    deal="entered")
>>> for player, cards in enumerate(["AsKs9d", "QhQd2c", "3c4c2h"]):
...     hand.deal_hole(player, parse_cards(cards))
>>> ruling = first_to_act(hand)
>>> ruling.rule, ruling.details["player"], ruling.details["card"]
('STUD-BRINGIN-TIE', 1, '2c')
"""

from __future__ import annotations

from pokertd.cards import Card, format_cards
from pokertd.engine import Hand
from pokertd.engine.stud import card_key
from pokertd.errors import ParseError
from pokertd.floor.order import _book, _check_seat, _kill, _unique
from pokertd.floor.rulings import Phrase, Ruling, Step, StepKind, phrase
from pokertd.floor.stud import (
    _best_showing,
    _check_stud,
    _next_live,
    _street,
    _with_silent,
)
from pokertd.messages import message

__all__ = ["absent_player", "first_to_act"]


def _door_card(hand: Hand, player: int) -> Card | None:
    holes = hand.hole_cards(player)
    return holes[2] if len(holes) > 2 else None


def first_to_act(hand: Hand, *, claimed: int | None = None) -> Ruling:
    """Rule on who brings in (third street) or acts first (later streets), from the up cards.

    STUD-BRINGIN-TIE: on third street the weakest up card brings in: the lowest in stud and stud8,
    aces high; the highest in razz, aces low; between equal ranks the suit decides, clubs lowest
    and spades highest (TDA PR-9C; GEN 1.1: the suit usually decides). From fourth street the best
    showing hand acts first, identical ones going by their highest card and its suit (TDA 17A,
    PR-9C). STUD-BRINGIN-ABSENT: an absent player holding the card pays the bring-in and his hand
    is dead (TDA 30, 71C); a player all-in on the ante owes nothing, the action starts at his left
    and the others must at least bring in or fold (TDA PR-9D). ``claimed`` is the player said to
    be first, to say whether he is.

    Raises ParseError for a hand that is not stud or whose up cards are not all known.
    """
    _check_stud(hand)
    _check_seat(hand, claimed)
    profile = hand.profile
    if hand.street == 0:
        return _bring_in(hand, claimed)
    first = _best_showing(hand)
    cards = format_cards(list(hand.up_cards(first)))
    outcome = "lowest-showing-first" if hand.game.is_low_showing else "highest-showing-first"
    details: dict[str, object] = {"player": first, "cards": cards}
    values = {"street": _street(hand.street), "player": first + 1, "cards": cards}
    notes: list[Phrase] = []
    if hand.is_all_in(first):
        nxt = _next_live(hand, first)
        notes.append(phrase("all-in-starts-left", player=nxt + 1))
        details["acts"] = nxt
    notes += _claimed(claimed, first)
    ruling = Ruling(
        "STUD-BRINGIN-TIE", ("TDA 17A", "TDA PR-9C"), outcome, values, details=details,
        notes=tuple(notes),
    )  # fmt: skip
    return _with_silent(ruling, profile, "TDA 17A and PR-9C")


def _claimed(claimed: int | None, player: int) -> list[Phrase]:
    if claimed is None or claimed == player:
        return []
    return [phrase("not-claimed", claimed=claimed + 1, player=player + 1)]


def _bring_in(hand: Hand, claimed: int | None) -> Ruling:
    profile = hand.profile
    is_low = hand.game.is_low_showing
    doors = {p: card for p in range(hand.player_count) if (card := _door_card(hand, p)) is not None}
    if len(doors) != hand.player_count:
        raise ParseError(
            message("who brings in needs every player's third-street up card (STUD-BRINGIN-TIE)")
        )

    # Weakest first: in stud the lowest (rank, suit); in razz the highest.
    def weakness(player: int) -> tuple[int, int]:
        rank, suit = card_key(doors[player], is_low=is_low)
        return (rank, suit) if not is_low else (-rank, -suit)

    player = min(doors, key=weakness)
    card = doors[player]
    ties = [p for p, c in doors.items() if p != player and c.rank == card.rank]
    notes: list[Phrase] = []
    if ties:
        other = ", ".join(str(doors[p]) for p in ties)
        notes.append(
            phrase("suit-decides-highest" if is_low else "suit-decides-lowest", other=other)
        )
    details: dict[str, object] = {"player": player, "card": str(card)}
    book = _book(profile)
    articles: tuple[str, ...] = ("GEN 1.1", "TDA PR-9C") if book == "GEN" else ("TDA PR-9C",)
    rule = "STUD-BRINGIN-TIE"
    steps: tuple[Step, ...] = ()
    nxt = _next_live(hand, player)
    if hand.is_folded(player):  # dealt in absent: STUD-BRINGIN-ABSENT
        rule, articles = "STUD-BRINGIN-ABSENT", _unique([*articles, "TDA 30", "TDA 71C"])
        notes.append(phrase("absent-bring-in", player=nxt + 1))
        details["acts"] = nxt
        steps = (
            Step(StepKind.CONTINUE, note=phrase("take-bring-in", player=player + 1)),
            Step(
                StepKind.KILL_HAND,
                note=phrase("player-why", player=player + 1, why=phrase("absent-for-deal")),
            ),
        )
    elif hand.is_all_in(player):  # all-in on the ante: TDA PR-9D
        rule, articles = "STUD-BRINGIN-ABSENT", _unique([*articles, "TDA PR-9D"])
        notes.append(phrase("all-in-on-ante", player=nxt + 1))
        details["acts"] = nxt
    notes += _claimed(claimed, nxt if "acts" in details else player)
    outcome = "brings-in-highest" if is_low else "brings-in-lowest"
    ruling = Ruling(
        rule, articles, outcome, {"player": player + 1, "card": str(card)}, steps=steps,
        details=details, notes=tuple(notes),
    )  # fmt: skip
    return _with_silent(ruling, profile, ", ".join(articles))


def absent_player(hand: Hand, player: int) -> Ruling:
    """Rule on a player not at his seat for the stud deal (STUD-BRINGIN-ABSENT, TDA PR-9B, 30,
    71C): his hand is dead, he gets no fourth-street card; he antes and, if his up card calls for
    it, pays the bring-in. GEN is silent: TDA applies under every profile.

    ``Hand.create(..., absent=[player])`` plays it; for a hand already started the dealer kills
    the hand (a fold when he is to act).

    Raises ParseError for a hand that is not stud or an unknown player.
    """
    _check_stud(hand)
    _check_seat(hand, player)
    decision, steps = _kill(hand, player, phrase("absent-for-deal"))
    steps = (
        *steps,
        Step(StepKind.CONTINUE, note=phrase("no-fourth-street-card", player=player + 1)),
    )
    articles = ("TDA PR-9B", "TDA 30", "TDA 71C")
    ruling = Ruling(
        "STUD-BRINGIN-ABSENT", articles, "absent-dead", {"player": player + 1},
        decision=decision, steps=steps,
    )  # fmt: skip
    return _with_silent(ruling, hand.profile, "TDA PR-9B")
