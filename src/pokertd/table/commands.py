"""Live table commands: what the dealer, a player, the floor, a bot or the clock asks of a table.

``LiveTable.handle(command)`` checks a command against the table and returns the events it
causes, or raises without changing anything. Actions are typed here (``ActionKind``, chip totals,
``Card``): the words people type are read at the edge (the web's forms and JSON).
"""

from __future__ import annotations

from dataclasses import dataclass

from pokertd.cards import Card
from pokertd.engine import ActionKind
from pokertd.table.events import Actor, TableMode
from pokertd.table.plan import HandPlan


@dataclass(frozen=True, slots=True)
class StartHand:
    """Set up the hand ``plan`` describes (the tournament has started it). Online, the deck is
    the one ``seed`` orders and ``salt`` goes into its commitment (both drawn by the service)."""

    tournament: str
    plan: HandPlan
    mode: TableMode
    seed: str | None = None
    salt: str | None = None


@dataclass(frozen=True, slots=True)
class Act:
    """The player in ``seat`` folds, checks, calls, bets or raises ``to`` a total, goes all-in,
    or at showdown shows (cards the engine knows) or mucks; ``by`` says who decided it."""

    seat: int
    kind: ActionKind
    to: int | None = None
    by: Actor = Actor.PLAYER
    rule: str | None = None


@dataclass(frozen=True, slots=True)
class Draw:
    """In a draw game's draw, the player in ``seat`` throws away ``cards`` (none: he stands
    pat; ``None`` for a card the dealer did not see); ``by`` says who decided it."""

    seat: int
    cards: tuple[Card | None, ...] = ()
    by: Actor = Actor.PLAYER


@dataclass(frozen=True, slots=True)
class DealHole:
    """The dealer enters the hole cards of ``seat`` (None for a card he did not see)."""

    seat: int
    cards: tuple[Card | None, ...]


@dataclass(frozen=True, slots=True)
class DealBoard:
    """The dealer enters the board cards of the next street, face up."""

    cards: tuple[Card | None, ...]


@dataclass(frozen=True, slots=True)
class Show:
    """The hand of ``seat`` is tabled, with its ``cards`` when they were not entered."""

    seat: int
    cards: tuple[Card | None, ...] | None = None


@dataclass(frozen=True, slots=True)
class SetBot:
    """A bot plays ``seat`` (``on``), or its player again."""

    seat: int
    on: bool


@dataclass(frozen=True, slots=True)
class RecordHand:
    """The finished hand was reported to the tournament: the entries it eliminated, who took
    their bounties (busted entry, taker), and what its PHH names (the event's title, the
    table's number of seats)."""

    title: str
    seat_count: int
    busted: tuple[int, ...] = ()
    takers: tuple[tuple[int, int], ...] = ()


Command = StartHand | Act | Draw | DealHole | DealBoard | Show | SetBot | RecordHand
