"""Live table events: every change to a table is one of these frozen values, in order.

The store keeps them in the table's stream ``table-<tournament>-<table>`` as a type name and a
JSON object (``to_data`` / ``from_data``); the table is rebuilt by replaying them
(``LiveTable.replay``). Names are past tense, wire names kebab-case. A hand is set up
(``table-hand-started``: its plan, and online the deck's seed), played (one event per action or
cards entered), and reported to the tournament (``table-hand-finished``, with its PHH); a seat is
given to a bot or back to its player (``table-bot-set``).

Unlike a tournament's events, these carry no time: the store's ``recorded_at`` is the moment of
each, which the action clock reads. The wire shape is the one the live tables have always
stored, so an event file written by an earlier version replays unchanged.
"""

from __future__ import annotations

import dataclasses
import random
import types
import typing
from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Any, ClassVar

from pokertd.cards import Card, Deck
from pokertd.engine import ActionKind, Hand
from pokertd.errors import ParseError
from pokertd.messages import message
from pokertd.rules import Profile
from pokertd.table.plan import HandPlan


class TableMode(StrEnum):
    """How a table is played."""

    #: A live table: the dealer enters the actions, and the cards he sees or none.
    DEALER = "dealer"
    #: Online: the server deals from its random source and the players act themselves.
    ONLINE = "online"

    @classmethod
    def parse(cls, word: str) -> TableMode:
        """Read a mode typed or sent by a person.

        >>> TableMode.parse("online")
        <TableMode.ONLINE: 'online'>

        Raises ParseError for another word.
        """
        try:
            return cls(word)
        except ValueError:
            raise ParseError(
                message("a table is played in dealer or online mode, not {mode!r}", mode=word)
            ) from None


class Actor(StrEnum):
    """Who made an action at the table."""

    PLAYER = "player"  # the player, or the dealer entering what the player did
    FLOOR = "floor"  # the floor's ruling on chips pushed (and words said)
    BOT = "bot"  # a bot playing the seat
    CLOCK = "clock"  # the action clock, the player's time run out online


@dataclass(frozen=True, slots=True, kw_only=True)
class TableEvent:
    """What every table event has: its wire name."""

    name: ClassVar[str] = "table-event"


@dataclass(frozen=True, slots=True, kw_only=True)
class TableHandStarted(TableEvent):
    """A hand was set up at the table as the tournament planned it.

    Online, ``seed`` fixes the deck's order: it stays in the server's database and never appears
    in a view; ``commitment`` is the SHA-256 of that order and ``salt`` (DESIGN.md,
    "Randomness"), published before the deal. On the wire the plan's fields stand beside these.
    """

    name: ClassVar[str] = "table-hand-started"
    tournament: str
    mode: TableMode
    plan: HandPlan
    seed: str | None = None
    salt: str | None = None
    commitment: str | None = None

    def deck(self) -> Deck | None:
        """Return the deck of an online hand, in its order; None for a dealer's hand."""
        return None if self.seed is None else seeded_deck(self.seed)

    def create_hand(self, profile: Profile) -> Hand:
        """Start the engine hand this event set up, exactly as it was started. Online, a draw
        game shuffles its discards when the stub runs out (DRAW-DECK-SHORT) with a random
        source the seed fixes too, so the hand replays the same."""
        deck = self.deck()
        rng = None if self.seed is None else reshuffle_rng(self.seed)
        return self.plan.create_hand(profile, deck=deck, rng=rng)


@dataclass(frozen=True, slots=True, kw_only=True)
class TablePlayerActed(TableEvent):
    """The player in ``seat`` acted (``to``: the total of a bet or a raise); ``by`` says who
    decided it and ``rule`` the rule of the ruling that did, if any."""

    name: ClassVar[str] = "table-player-acted"
    seat: int
    action: ActionKind
    to: int | None = None
    by: Actor = Actor.PLAYER
    rule: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class TableCardsDiscarded(TableEvent):
    """In a draw game's draw, the player in ``seat`` threw away ``cards`` (none: he stood pat;
    None: a card the dealer did not see); ``by`` says who decided it."""

    name: ClassVar[str] = "table-cards-discarded"
    seat: int
    cards: tuple[Card | None, ...] = ()
    by: Actor = Actor.PLAYER


@dataclass(frozen=True, slots=True, kw_only=True)
class TableHoleDealt(TableEvent):
    """The dealer entered the hole cards of ``seat`` (None: a card he did not see)."""

    name: ClassVar[str] = "table-hole-dealt"
    seat: int
    cards: tuple[Card | None, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class TableBoardDealt(TableEvent):
    """The dealer entered the board cards of the next street."""

    name: ClassVar[str] = "table-board-dealt"
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class TableHandShown(TableEvent):
    """The hand of ``seat`` was tabled, with its cards when the dealer had not entered them."""

    name: ClassVar[str] = "table-hand-shown"
    seat: int
    cards: tuple[Card | None, ...] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class TableHandFinished(TableEvent):
    """The hand was reported to the tournament: the stacks after it (entry, chips), the entries
    it eliminated and who took their bounties (busted entry, taker), and its PHH text."""

    name: ClassVar[str] = "table-hand-finished"
    hand: int
    stacks: tuple[tuple[int, int], ...]
    busted: tuple[int, ...] = ()
    takers: tuple[tuple[int, int], ...] = ()
    phh: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TableBotSet(TableEvent):
    """A bot plays ``seat`` from now on (``is_bot``), or its player again."""

    name: ClassVar[str] = "table-bot-set"
    seat: int
    is_bot: bool


def seeded_deck(seed: str) -> Deck:
    """Return the deck that ``seed`` (128 bits in hexadecimal) orders.

    >>> seeded_deck("0" * 32).order() == seeded_deck("0" * 32).order()
    True
    """
    return Deck.shuffled(random.Random(int(seed, 16)))


def reshuffle_rng(seed: str) -> random.Random:
    """Return the random source that shuffles the discards of an online draw hand when its
    stub runs out (DRAW-DECK-SHORT: GEN 1.7): fixed by the hand's secret seed, apart from the
    one that ordered the deck, so the stored hand replays card for card.

    >>> reshuffle_rng("0" * 32).random() == reshuffle_rng("0" * 32).random()
    True
    """
    return random.Random(f"reshuffle-{seed}")


EVENT_TYPES: dict[str, type[TableEvent]] = {
    cls.name: cls
    for cls in (
        TableHandStarted,
        TablePlayerActed,
        TableCardsDiscarded,
        TableHoleDealt,
        TableBoardDealt,
        TableHandShown,
        TableHandFinished,
        TableBotSet,
    )
}

#: The events that play a hand on the engine (the others change the table around it).
PLAYED: tuple[type[TableEvent], ...] = (
    TableHandStarted,
    TablePlayerActed,
    TableCardsDiscarded,
    TableHoleDealt,
    TableBoardDealt,
    TableHandShown,
)


#: The fields a hand's plan gained later (a stud hand's), written only when set: a hand with
#: blinds is stored as it always was, and one stored before them reads with their defaults.
_LATER_FIELDS: dict[str, Any] = {"bring_in": 0, "limits": None}


def to_data(event: TableEvent | HandPlan) -> dict[str, Any]:
    """Return the event's fields as a JSON-friendly dict: cards and words as text, tuples as
    lists, and the plan of a hand's start flat beside the event's own fields (a stud hand's
    bring-in and limits only when it has them).

    >>> to_data(TablePlayerActed(seat=3, action=ActionKind.RAISE, to=600))
    {'seat': 3, 'action': 'raise', 'to': 600, 'by': 'player', 'rule': None}
    """
    data: dict[str, Any] = {}
    for field in dataclasses.fields(event):
        value = getattr(event, field.name)
        if isinstance(value, HandPlan):
            data.update(to_data(value))
        elif field.name in _LATER_FIELDS and value == _LATER_FIELDS[field.name]:
            continue
        else:
            data[field.name] = _plain(value)
    return data


def from_data(kind: str, data: typing.Mapping[str, Any]) -> TableEvent:
    """Rebuild an event from its type name and fields.

    >>> from_data("table-hole-dealt", {"seat": 4, "cards": ["As", None]})
    TableHoleDealt(seat=4, cards=(Card.parse('As'), None))

    Raises ParseError for an unknown type or bad fields.
    """
    cls = EVENT_TYPES.get(kind)
    if cls is None:
        raise ParseError(message("unknown table event {kind!r}", kind=kind))
    try:
        return cls(**_fields(cls, data))
    except (TypeError, KeyError, ValueError) as error:
        raise ParseError(
            message("event {kind!r} has bad fields: {error}", kind=kind, error=str(error))
        ) from None


def _fields(cls: type[Any], data: typing.Mapping[str, Any]) -> dict[str, Any]:
    """Return the keyword arguments of ``cls`` read from ``data`` (a plan from the same data)."""
    values: dict[str, Any] = {}
    for name, hint in _hints(cls).items():
        if hint is HandPlan:
            values[name] = HandPlan(**_fields(HandPlan, data))
        elif name in data:
            values[name] = _typed(data[name], hint)
    return values


def _plain(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    return value


def _typed(value: Any, hint: Any) -> Any:
    """Turn a JSON value back into the type ``hint`` names: cards, words, tuples, or None."""
    if value is None:
        return None
    if hint is Card:
        return Card.parse(value)
    if isinstance(hint, type) and issubclass(hint, Enum):
        return hint(value)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        (hint,) = [arg for arg in args if arg is not type(None)]
        return _typed(value, hint)
    if origin is tuple and isinstance(value, list):
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_typed(item, args[0]) for item in value)
        return tuple(_typed(item, arg) for item, arg in zip(value, args, strict=True))
    return value


_HINTS: dict[type[Any], dict[str, Any]] = {}


def _hints(cls: type[Any]) -> dict[str, Any]:
    found = _HINTS.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls)
        found = _HINTS[cls] = {field.name: hints[field.name] for field in dataclasses.fields(cls)}
    return found
