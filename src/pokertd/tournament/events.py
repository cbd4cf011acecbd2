"""Tournament events: every change to a tournament is one of these frozen values, in order.

The store keeps them as a type name and a JSON object (``to_data`` / ``from_data``); the state is
rebuilt by replaying them (``Tournament.replay``). Names are past tense; wire names kebab-case.
Every event carries ``at`` (when it happened, ISO-8601 UTC, given by the service's clock) and
``cmd`` (the number of the command that produced it: an undo cancels one command's events), and
``by``, who gave the command (a staff member's name, ``director``, a dealer's pass; empty in
events stored before it was kept, and for the CLI's commands).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from pokertd.codec import codec_for
from pokertd.errors import ParseError
from pokertd.messages import message

# Tuples of (entry, table, seat) and the like: events hold only JSON-friendly values.
Seating = tuple[tuple[int, int, int], ...]
Chips = tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentEvent:
    """Fields every event has."""

    name: ClassVar[str] = "event"
    at: str
    cmd: int = 0
    #: Who gave the command (the web's caller); written only when known, so that an event stored
    #: before it was kept reads and writes back exactly as it was.
    by: str = dataclasses.field(default="", repr=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentCreated(TournamentEvent):
    """A tournament was set up (its structure as ``Structure.to_dict()``)."""

    name: ClassVar[str] = "tournament-created"
    title: str
    profile: str
    structure: dict[str, Any]
    table_size: int
    max_players: int
    late_registration_levels: int
    break_order: tuple[int, ...] = ()
    late_registration_until: str = ""  # ISO-8601; when set, registration closes then
    money: dict[str, Any] = dataclasses.field(default_factory=dict)  # MoneyRules.to_dict()
    #: The rule profile as it was resolved (``Profile.to_data``), a house profile's included:
    #: the tournament replays under it whatever becomes of the files. Empty in tournaments
    #: created before it was kept, which replay under the shipped profile ``profile``.
    rules: dict[str, Any] = dataclasses.field(default_factory=dict, repr=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentLimitsSet(TournamentEvent):
    """The event's own limits, set at its creation when it has any (a separate event, so that a
    tournament-created event stays as it always was stored)."""

    name: ClassVar[str] = "tournament-limits-set"
    reentries: int | None = None  # BUY-REENTRY: re-entries per player; None: no limit
    final_table: str = ""  # TBL-FINAL-SIZE: the event's choice; "": the profile's rule


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerRegistered(TournamentEvent):
    """An entry was registered: a new player, an alternate, or a re-entry of an earlier entry."""

    name: ClassVar[str] = "player-registered"
    entry: int
    player: str
    contact: str = ""
    is_alternate: bool = False
    reentry_of: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class EntryWithdrawn(TournamentEvent):
    """An entry was withdrawn before being seated."""

    name: ClassVar[str] = "entry-withdrawn"
    entry: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerCheckedIn(TournamentEvent):
    """A registered player is present."""

    name: ClassVar[str] = "player-checked-in"
    entry: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatsDrawn(TournamentEvent):
    """The opening seat draw: ``seats`` are (entry, table, seat); ``buttons`` (table, seat)."""

    name: ClassVar[str] = "seats-drawn"
    seats: Seating
    buttons: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerSeated(TournamentEvent):
    """A late entrant, an alternate or a re-entry took a seat, with a full stack."""

    name: ClassVar[str] = "player-seated"
    entry: int
    table: int
    seat: int
    stack: int
    waits_for_big_blind: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockStarted(TournamentEvent):
    """The clock was started."""

    name: ClassVar[str] = "clock-started"


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockPaused(TournamentEvent):
    """The clock was paused."""

    name: ClassVar[str] = "clock-paused"


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockResumed(TournamentEvent):
    """The clock was resumed."""

    name: ClassVar[str] = "clock-resumed"


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockAdjusted(TournamentEvent):
    """Time was added to (positive) or taken from (negative) the current level or break."""

    name: ClassVar[str] = "clock-adjusted"
    seconds: float


@dataclass(frozen=True, slots=True, kw_only=True)
class LevelSkipped(TournamentEvent):
    """The clock jumped to the start of the next level or break."""

    name: ClassVar[str] = "level-skipped"


@dataclass(frozen=True, slots=True, kw_only=True)
class LevelWentBack(TournamentEvent):
    """The clock went back to the start of the current, or the previous, level or break."""

    name: ClassVar[str] = "level-went-back"


@dataclass(frozen=True, slots=True, kw_only=True)
class HandStarted(TournamentEvent):
    """A hand started at a table: its level (structure item), positions by seat, who is dealt in,
    who sits out, and the entries whose hands are killed (absent or penalised players)."""

    name: ClassVar[str] = "hand-started"
    table: int
    hand: int
    item: int
    button: int
    small_blind: int
    big_blind: int
    dealt: tuple[int, ...]
    sitting_out: tuple[int, ...] = ()
    killed: tuple[int, ...] = ()
    hand_for_hand: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class HandPlayedLive(TournamentEvent):
    """The hand just started at a table is played at a live table, which reports its stacks
    and bust-outs: until then nothing may contradict it (EVENT-LIVE-HAND)."""

    name: ClassVar[str] = "hand-played-live"
    table: int
    hand: int


@dataclass(frozen=True, slots=True, kw_only=True)
class HandFinished(TournamentEvent):
    """A hand ended at a table; ``stacks`` are the chip counts reported, if any."""

    name: ClassVar[str] = "hand-finished"
    table: int
    hand: int
    stacks: Chips = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayersBusted(TournamentEvent):
    """Players were eliminated together: (entry, place, places shared, stack at hand start)."""

    name: ClassVar[str] = "players-busted"
    results: tuple[tuple[int, int, int, int | None], ...]
    table: int | None = None
    hand: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PaymentTaken(TournamentEvent):
    """An entry paid: ``kind`` is buy-in, re-entry, rebuy, add-on or double-add-on; the cents
    to the prize pool, to the house and onto his head, and the chips it gave."""

    name: ClassVar[str] = "payment-taken"
    entry: int
    kind: str
    prize: int
    fee: int = 0
    bounty: int = 0
    chips: int = 0
    #: SAT-TICKET: paid by this satellite ticket, not in cash (a later field: see LATER_FIELDS)
    ticket: str = dataclasses.field(default="", repr=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class PaymentRefunded(TournamentEvent):
    """An entry that withdrew before playing got its buy-in back."""

    name: ClassVar[str] = "payment-refunded"
    entry: int
    prize: int
    fee: int = 0
    bounty: int = 0
    ticket: str = dataclasses.field(default="", repr=False)  # SAT-TICKET: given back as it


@dataclass(frozen=True, slots=True, kw_only=True)
class BountyTaken(TournamentEvent):
    """``taker`` eliminated ``busted``: ``cash`` cents paid to him, ``to_head`` onto his head."""

    name: ClassVar[str] = "bounty-taken"
    busted: int
    taker: int
    cash: int
    to_head: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class EnvelopesSealed(TournamentEvent):
    """BOUNTY-MYSTERY: the published ``prizes`` were shuffled into ``order`` (the order the
    envelopes are drawn); ``commitment`` (sha256 of ``salt:order``) is published at once, the
    salt and the order when the tournament is over."""

    name: ClassVar[str] = "envelopes-sealed"
    prizes: tuple[int, ...]
    order: tuple[int, ...]
    salt: str
    commitment: str


@dataclass(frozen=True, slots=True, kw_only=True)
class EnvelopeDrawn(TournamentEvent):
    """BOUNTY-MYSTERY: the elimination of ``busted`` drew envelope ``envelope`` (1: the first of
    the order) worth ``value`` cents, shared as ``shares`` (taker, cents) (BOUNTY-SPLIT)."""

    name: ClassVar[str] = "envelope-drawn"
    busted: int
    envelope: int
    value: int
    shares: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class TicketIssued(TournamentEvent):
    """SAT-TICKET: a satellite's seat: a ticket of ``value`` cents to ``target`` for ``holder``."""

    name: ClassVar[str] = "ticket-issued"
    entry: int
    value: int
    target: str
    holder: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TicketTransferred(TournamentEvent):
    """SAT-TICKET: entry ``entry``'s ticket now belongs to ``holder``."""

    name: ClassVar[str] = "ticket-transferred"
    entry: int
    holder: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TicketRefunded(TournamentEvent):
    """SAT-TICKET: entry ``entry``'s ticket was given back for ``value`` cents in cash."""

    name: ClassVar[str] = "ticket-refunded"
    entry: int
    value: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TicketReturned(TournamentEvent):
    """SAT-TICKET: the entry its ticket paid withdrew: the ticket is open again, its holder's."""

    name: ClassVar[str] = "ticket-returned"
    entry: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TicketUsed(TournamentEvent):
    """SAT-TICKET: entry ``entry``'s ticket paid ``player``'s buy-in at ``target``."""

    name: ClassVar[str] = "ticket-used"
    entry: int
    target: str
    player: str


@dataclass(frozen=True, slots=True, kw_only=True)
class FlightCarried(TournamentEvent):
    """FLIGHT-MERGE: this flight's survivors and its prize pool (``pool`` cents, ``entries``
    paid) went to the day 2 ``into``; the flight pays no prize of its own."""

    name: ClassVar[str] = "flight-carried"
    into: str
    pool: int
    entries: int


@dataclass(frozen=True, slots=True, kw_only=True)
class FlightsMerged(TournamentEvent):
    """FLIGHT-MERGE: this day 2 took the survivors of ``flights`` (registered just before, with
    their bagged ``stacks`` by entry), their pools (``pool`` cents) and their field (``entries``
    paid): places and prizes are over the whole field. Its clock stands ``elapsed`` seconds into
    item ``item`` of the structure, where the flights stopped (FLIGHT-RESUME)."""

    name: ClassVar[str] = "flights-merged"
    flights: tuple[str, ...]
    pool: int
    entries: int
    stacks: Chips
    day: int = 2
    item: int = 0
    elapsed: float = 0.0


@dataclass(frozen=True, slots=True, kw_only=True)
class PayoutsSet(TournamentEvent):
    """The prizes by place, in cents (1st first), for a prize pool of ``pool`` cents."""

    name: ClassVar[str] = "payouts-set"
    prizes: tuple[int, ...]
    pool: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DealMade(TournamentEvent):
    """The players left agreed a deal: (entry, cents) each, and ``left`` cents to play for."""

    name: ClassVar[str] = "deal-made"
    method: str
    shares: tuple[tuple[int, int], ...]
    left: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipRaceRun(TournamentEvent):
    """A table's chip race: the record (``ChipRace.to_dict``), each entry's stack change and
    the chips the rounding and protection created (negative: removed)."""

    name: ClassVar[str] = "chip-race-run"
    table: int
    race: dict[str, Any]
    changes: tuple[tuple[int, int], ...]
    created: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipsFound(TournamentEvent):
    """Chips of a raced denomination were found in a stack: what was given for them and what was
    taken out of the tournament (``LateFound.to_dict``)."""

    name: ClassVar[str] = "chips-found"
    entry: int
    found: dict[str, Any]


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerArrived(TournamentEvent):
    """A seated player arrived, or came back to his seat."""

    name: ClassVar[str] = "player-arrived"
    entry: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerWentAway(TournamentEvent):
    """A seated player left his seat for a while (ABS-AWAY); he is dealt in and blinded."""

    name: ClassVar[str] = "player-went-away"
    entry: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerQuit(TournamentEvent):
    """A player left the tournament for good (ABS-QUIT); ``place`` is set when his chips went."""

    name: ClassVar[str] = "player-quit"
    entry: int
    chips_removed: bool
    place: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerDisqualified(TournamentEvent):
    """A player was disqualified; his chips are removed (PEN-DQ, per ``articles``)."""

    name: ClassVar[str] = "player-disqualified"
    entry: int
    reason: str = ""
    articles: tuple[str, ...] = dataclasses.field(default=(), repr=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyGiven(TournamentEvent):
    """A warning or a penalty of ``hands`` hands to sit out (PEN-*): ``kind`` (a
    ``rules.penalties.PenaltyKind`` value; before it was recorded, a warning had no hands),
    ``rounds`` asked for, and the ``rule`` and ``articles`` that set it."""

    name: ClassVar[str] = "penalty-given"
    entry: int
    hands: int
    reason: str = ""
    kind: str = dataclasses.field(default="", repr=False)
    rounds: int = dataclasses.field(default=0, repr=False)
    rule: str = dataclasses.field(default="", repr=False)
    articles: tuple[str, ...] = dataclasses.field(default=(), repr=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class BreakOrderSet(TournamentEvent):
    """The order in which tables will break (TBL-BREAK-ORDER)."""

    name: ClassVar[str] = "break-order-set"
    tables: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class MovesProposed(TournamentEvent):
    """Moves were proposed for the director to confirm or edit (same tuples as ``PlayersMoved``)."""

    name: ClassVar[str] = "moves-proposed"
    moves: tuple[tuple[int, int, int, int, int, str, str], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayersMoved(TournamentEvent):
    """Players changed seats: (entry, from table, from seat, to table, to seat, reason, card)."""

    name: ClassVar[str] = "players-moved"
    moves: tuple[tuple[int, int, int, int, int, str, str], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class TableResized(TournamentEvent):
    """A table's number of seats changed (the final table: TBL-FINAL-SIZE, TDA 11)."""

    name: ClassVar[str] = "table-resized"
    table: int
    size: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TableClosed(TournamentEvent):
    """A table was broken and taken out of play."""

    name: ClassVar[str] = "table-closed"
    table: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TableButtonSet(TournamentEvent):
    """The director set a table's button seat for its next hand (a new table, a redraw)."""

    name: ClassVar[str] = "table-button-set"
    table: int
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class HandForHandStarted(TournamentEvent):
    """Hand-for-hand play began (HFH-CLOCK: TDA PR-8)."""

    name: ClassVar[str] = "hand-for-hand-started"


@dataclass(frozen=True, slots=True, kw_only=True)
class HandForHandEnded(TournamentEvent):
    """Hand-for-hand play ended."""

    name: ClassVar[str] = "hand-for-hand-ended"


@dataclass(frozen=True, slots=True, kw_only=True)
class DisplayMessageSet(TournamentEvent):
    """The line the displays show under the clock was set (empty: cleared)."""

    name: ClassVar[str] = "display-message-set"
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TimeBankSet(TournamentEvent):
    """The director set the online players' time bank (CLK-TIMEBANK), in seconds; 0: none."""

    name: ClassVar[str] = "time-bank-set"
    seconds: int


@dataclass(frozen=True, slots=True, kw_only=True)
class LevelChanged(TournamentEvent):
    """Level ``level`` (1-based), not played yet, got new blinds, ante and length."""

    name: ClassVar[str] = "level-changed"
    level: int
    small_blind: int
    big_blind: int
    ante: int
    minutes: int
    #: The bring-in set (0: the level's stays), or given back to the default (a stud level).
    bring_in: int = dataclasses.field(default=0, repr=False)
    default_bring_in: bool = dataclasses.field(default=False, repr=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class LastHandsAnnounced(TournamentEvent):
    """The last hands of the day were announced (DAY-END: GM 42°)."""

    name: ClassVar[str] = "last-hands-announced"
    count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DayEnded(TournamentEvent):
    """A day of play ended; ``stacks`` are the bagged chip counts."""

    name: ClassVar[str] = "day-ended"
    day: int
    stacks: Chips


@dataclass(frozen=True, slots=True, kw_only=True)
class DayStarted(TournamentEvent):
    """A new day of play began."""

    name: ClassVar[str] = "day-started"
    day: int


@dataclass(frozen=True, slots=True, kw_only=True)
class StackReported(TournamentEvent):
    """A player's chip count was reported."""

    name: ClassVar[str] = "stack-reported"
    entry: int
    chips: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentFinished(TournamentEvent):
    """One player holds every chip: the tournament is won."""

    name: ClassVar[str] = "tournament-finished"
    winner: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentArchived(TournamentEvent):
    """The tournament was put away (``archived``), out of every list, or brought back."""

    name: ClassVar[str] = "tournament-archived"
    archived: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class CommandUndone(TournamentEvent):
    """The events of command ``undone`` are cancelled (a compensating event: nothing is deleted)."""

    name: ClassVar[str] = "command-undone"
    undone: int


EVENT_TYPES: dict[str, type[TournamentEvent]] = {
    cls.name: cls
    for cls in (
        PaymentTaken,
        PaymentRefunded,
        BountyTaken,
        PayoutsSet,
        DealMade,
        ChipRaceRun,
        ChipsFound,
        TournamentCreated,
        TournamentLimitsSet,
        PlayerRegistered,
        EntryWithdrawn,
        PlayerCheckedIn,
        TournamentArchived,
        SeatsDrawn,
        PlayerSeated,
        ClockStarted,
        ClockPaused,
        ClockResumed,
        ClockAdjusted,
        LevelSkipped,
        LevelWentBack,
        HandStarted,
        HandPlayedLive,
        HandFinished,
        PlayersBusted,
        PlayerArrived,
        PlayerWentAway,
        PlayerQuit,
        PlayerDisqualified,
        PenaltyGiven,
        BreakOrderSet,
        MovesProposed,
        PlayersMoved,
        TableResized,
        TableClosed,
        TableButtonSet,
        HandForHandStarted,
        HandForHandEnded,
        DisplayMessageSet,
        TimeBankSet,
        LevelChanged,
        LastHandsAnnounced,
        DayEnded,
        DayStarted,
        StackReported,
        TournamentFinished,
        CommandUndone,
        EnvelopesSealed,
        EnvelopeDrawn,
        TicketIssued,
        TicketTransferred,
        TicketRefunded,
        TicketUsed,
        FlightCarried,
        FlightsMerged,
        TicketReturned,
    )
}


#: Fields added to an event type after events of it were stored. They are written only when they
#: differ from their default and kept out of ``repr``, so that a stored event reads and writes back
#: exactly as it always has (``tests/data/events``).
LATER_FIELDS: dict[type[TournamentEvent], tuple[str, ...]] = {
    TournamentCreated: ("rules",),
    PlayerDisqualified: ("articles",),
    PenaltyGiven: ("kind", "rounds", "rule", "articles"),
    PaymentTaken: ("ticket",),
    PaymentRefunded: ("ticket",),
    LevelChanged: ("bring_in", "default_bring_in"),
}


def to_data(event: TournamentEvent) -> dict[str, Any]:
    """Return the event's fields as a JSON-friendly dict (tuples become lists).

    >>> to_data(PlayerCheckedIn(entry=3, at="2026-01-01T20:00:00+00:00", cmd=2))
    {'at': '2026-01-01T20:00:00+00:00', 'cmd': 2, 'entry': 3}
    """
    data = codec_for(type(event)).encode(event)
    for name in ("by", *LATER_FIELDS.get(type(event), ())):
        if not data[name]:
            del data[name]
    return data


def from_data(kind: str, data: Mapping[str, Any]) -> TournamentEvent:
    """Rebuild an event from its type name and fields, as the store wrote them (``to_data``).

    >>> from_data("player-checked-in", {"at": "2026-01-01T20:00:00+00:00", "cmd": 2, "entry": 3})
    PlayerCheckedIn(at='2026-01-01T20:00:00+00:00', cmd=2, entry=3)

    Raises ParseError for an unknown type or missing fields.
    """
    cls = EVENT_TYPES.get(kind)
    if cls is None:
        raise ParseError(message("unknown tournament event {kind!r}", kind=kind))
    try:
        return codec_for(cls).decode(data)
    except (TypeError, KeyError, ValueError) as error:
        raise ParseError(
            message("event {kind!r} has bad fields: {error}", kind=kind, error=str(error))
        ) from None
