"""Hand events: every change to a hand is one of these frozen values, in order.

PHH files, hand-history text and the table app's feed are projections of this list. Each event has a
stable kebab-case ``name`` for the wire (``"player-acted"``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from pokertd.cards import Card
from pokertd.engine.actions import ActionKind
from pokertd.engine.games import Exposure
from pokertd.engine.pots import Pot


class Half(StrEnum):
    """Which part of a pot an award is for."""

    WHOLE = "whole"
    HIGH = "high"
    LOW = "low"


@dataclass(frozen=True, slots=True)
class AntePosted:
    """A player posted an ante (``amount`` may be short: all his chips)."""

    name: ClassVar[str] = "ante-posted"
    player: int
    amount: int


@dataclass(frozen=True, slots=True)
class BlindPosted:
    """A player posted a blind (``amount`` may be short: all his chips)."""

    name: ClassVar[str] = "blind-posted"
    player: int
    amount: int


@dataclass(frozen=True, slots=True)
class HoleDealt:
    """Hole cards went to a player; ``None`` stands for a card nobody has seen.

    In stud ``exposures`` says how each card lies (up cards are seen by everyone); flop games deal
    every hole card down and leave it empty.
    """

    name: ClassVar[str] = "hole-dealt"
    player: int
    cards: tuple[Card | None, ...]
    exposures: tuple[Exposure, ...] = ()


@dataclass(frozen=True, slots=True)
class BoardDealt:
    """Board cards were dealt for betting round ``street``, after burning ``burn`` when known.

    In stud the only board card is the common card of a street the deck is too short for.
    """

    name: ClassVar[str] = "board-dealt"
    street: int
    cards: tuple[Card, ...]
    burn: Card | None = None


@dataclass(frozen=True, slots=True)
class CardsDiscarded:
    """In a draw, a player threw away ``cards`` (none: he stood pat); ``None`` for a card nobody
    else saw."""

    name: ClassVar[str] = "cards-discarded"
    player: int
    cards: tuple[Card | None, ...]


@dataclass(frozen=True, slots=True)
class CardBurned:
    """The dealer burned ``card`` before serving the draw of betting round ``street``."""

    name: ClassVar[str] = "card-burned"
    street: int
    card: Card


@dataclass(frozen=True, slots=True)
class CardsDrawn:
    """In a draw, a player was dealt ``cards`` in place of his discards (``None``: unseen)."""

    name: ClassVar[str] = "cards-drawn"
    player: int
    cards: tuple[Card | None, ...]


@dataclass(frozen=True, slots=True)
class DiscardsReshuffled:
    """The stub ran out during the draw of round ``street``: its last card and the discards of the
    other players were shuffled into a new stub (DRAW-DECK-SHORT); ``cards`` are those cards
    (``None`` for a card nobody saw)."""

    name: ClassVar[str] = "discards-reshuffled"
    street: int
    cards: tuple[Card | None, ...]


@dataclass(frozen=True, slots=True)
class HandKilled:
    """A player's hand was killed at the end of the deal (ABS-DEAD-HAND: absent player)."""

    name: ClassVar[str] = "hand-killed"
    player: int


@dataclass(frozen=True, slots=True)
class PlayerActed:
    """A player acted: ``to`` is his bet for the round afterwards, ``added`` the chips he put in."""

    name: ClassVar[str] = "player-acted"
    player: int
    kind: ActionKind
    to: int
    added: int
    is_all_in: bool = False


@dataclass(frozen=True, slots=True)
class UncalledBetReturned:
    """The part of a bet nobody matched went back to its owner (BET-UNCALLED)."""

    name: ClassVar[str] = "uncalled-bet-returned"
    player: int
    amount: int


@dataclass(frozen=True, slots=True)
class BetsGathered:
    """The round's bets were gathered; ``pots`` are the pots in the middle now, main pot first."""

    name: ClassVar[str] = "bets-gathered"
    street: int
    pots: tuple[Pot, ...]


@dataclass(frozen=True, slots=True)
class HandShown:
    """A player tabled his cards. A history may record a hand shown with cards nobody saw (PHH
    ``sm ????``): ``cards`` are then the known ones only, fewer than he holds."""

    name: ClassVar[str] = "hand-shown"
    player: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class HandMucked:
    """A player gave up his claim to the pot without showing."""

    name: ClassVar[str] = "hand-mucked"
    player: int


@dataclass(frozen=True, slots=True)
class PotAwarded:
    """Pot number ``pot`` (0 is the main pot), or one half of it, went to the ``shares`` players."""

    name: ClassVar[str] = "pot-awarded"
    pot: int
    half: Half
    amount: int
    shares: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class HandEnded:
    """The hand is over; ``stacks`` are the finishing stacks."""

    name: ClassVar[str] = "hand-ended"
    stacks: tuple[int, ...]


HandEvent = (
    AntePosted
    | BlindPosted
    | HoleDealt
    | BoardDealt
    | HandKilled
    | CardsDiscarded
    | CardBurned
    | CardsDrawn
    | DiscardsReshuffled
    | PlayerActed
    | UncalledBetReturned
    | BetsGathered
    | HandShown
    | HandMucked
    | PotAwarded
    | HandEnded
)
