"""Tournament commands: what a director (or the table app) asks for, in the imperative.

``Tournament.handle(command, now, rng)`` checks a command against the state and the rule profile
and returns the events it causes, or raises ``IllegalActionError`` (a rule forbids it) or
``ParseError`` (it makes no sense) without changing anything.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pokertd.rules import DEFAULT_PROFILE


@dataclass(frozen=True, slots=True)
class CreateTournament:
    """Set up a tournament. ``structure`` is a ``Structure.to_dict()``; ``late_registration_levels``
    and ``break_order`` default to the profile and to breaking the highest-numbered table first.
    ``late_registration_until``, an ISO-8601 time with its zone, closes registration at a time
    instead of at the end of a level (SEAT-LATE-WINDOW). ``rules`` is a house profile, resolved
    (``Profile.to_data()`` of ``rules.load_file``): the event runs under it instead of the shipped
    profile ``profile``. ``reentries`` limits the re-entries of each player (BUY-REENTRY);
    ``final_table`` chooses the final table's size (TBL-FINAL-SIZE)."""

    title: str
    structure: dict[str, Any]
    profile: str = DEFAULT_PROFILE
    table_size: int = 9
    max_players: int = 0
    late_registration_levels: int | None = None
    break_order: tuple[int, ...] = ()
    late_registration_until: str = ""
    money: dict[str, Any] = field(default_factory=dict)  # MoneyRules.to_dict(); {}: no money
    rules: dict[str, Any] = field(default_factory=dict)  # a house profile; {}: ``profile``
    #: BUY-REENTRY: how many times a player may re-enter; None: no limit, 0: none.
    reentries: int | None = None
    #: TBL-FINAL-SIZE: "table-size" or "table-size-plus-one"; "": the profile's rule.
    final_table: str = ""


@dataclass(frozen=True, slots=True)
class Register:
    """Register a player; after the seat draw, a late registration seats him at once.
    ``paid=False``: the buy-in is taken later (``PayBuyIn``, a list of pre-registered players);
    ``checked_in``: he is here (a walk-in at the desk)."""

    player: str
    contact: str = ""
    paid: bool = True
    checked_in: bool = False


@dataclass(frozen=True, slots=True)
class ArchiveTournament:
    """Put the tournament away, out of every list (``archived=False``: bring it back). Nothing
    is deleted: the event file keeps every event."""

    archived: bool = True


@dataclass(frozen=True, slots=True)
class PayBuyIn:
    """Take the buy-in of an entry registered without paying it; with ``ticket``, by a
    satellite's ticket of ``ticket_value`` cents (SAT-TICKET: the service checks the ticket in
    its satellite and passes its value, see ``pokertd.service.tickets``)."""

    entry: int
    ticket: str = ""
    ticket_value: int = 0


@dataclass(frozen=True, slots=True)
class Withdraw:
    """Withdraw an entry that has no seat yet."""

    entry: int


@dataclass(frozen=True, slots=True)
class CheckIn:
    """Mark a registered player present."""

    entry: int


@dataclass(frozen=True, slots=True)
class DrawSeats:
    """Draw tables and seats for every registered entry, and each table's first button."""


@dataclass(frozen=True, slots=True)
class SeatAlternate:
    """Give an alternate a seat, with a full stack."""

    entry: int


@dataclass(frozen=True, slots=True)
class ReEnter:
    """Buy a busted entry (or, surrendering his chips, an active one: TDA 7B) a new full stack."""

    entry: int


@dataclass(frozen=True, slots=True)
class StartClock:
    """Start the clock."""


@dataclass(frozen=True, slots=True)
class PauseClock:
    """Pause the clock."""


@dataclass(frozen=True, slots=True)
class ResumeClock:
    """Resume the clock."""


@dataclass(frozen=True, slots=True)
class AdjustClock:
    """Add (positive) or remove (negative) seconds of the current level or break."""

    seconds: float


@dataclass(frozen=True, slots=True)
class SkipLevel:
    """Jump to the next level or break."""


@dataclass(frozen=True, slots=True)
class GoBackLevel:
    """Go back to the start of the current, or the previous, level or break."""


@dataclass(frozen=True, slots=True)
class StartHand:
    """A hand starts at a table (LVL-HAND-START): record its level and positions. ``live``: a
    live table (``pokertd.service.tables``) plays it, and reports its stacks and bust-outs
    (EVENT-LIVE-HAND); otherwise the director records them as they come."""

    table: int
    live: bool = False


@dataclass(frozen=True, slots=True)
class FinishHand:
    """The hand at a table is over; ``stacks`` maps entries to chip counts, when known."""

    table: int
    stacks: dict[int, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class BustPlayers:
    """Players eliminated in the same hand. ``start_stacks`` ranks them (ELIM-SIMULTANEOUS);
    ``in_announcement_hand`` marks the hand in progress when hand-for-hand was announced
    (ELIM-HFH-START)."""

    entries: tuple[int, ...]
    start_stacks: dict[int, int] = field(default_factory=dict)
    in_announcement_hand: bool = False
    takers: dict[int, int] = field(default_factory=dict)  # busted entry -> who takes his bounty
    #: BOUNTY-SPLIT: busted entry -> {taker: pots he won from him}, when several eliminate one
    split: dict[int, dict[int, int]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Arrive:
    """A seated player arrives, or comes back to his seat."""

    entry: int


@dataclass(frozen=True, slots=True)
class GoAway:
    """A seated player leaves his seat for a while (ABS-AWAY)."""

    entry: int


@dataclass(frozen=True, slots=True)
class Quit:
    """A player leaves the tournament for good (ABS-QUIT)."""

    entry: int


@dataclass(frozen=True, slots=True)
class Disqualify:
    """Disqualify a player; his chips leave play (PEN-DQ)."""

    entry: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Penalize:
    """A warning (no hands, no rounds), ``hands`` hands or ``rounds`` rounds out (PEN-*), as the
    penalty model of ``rules.penalties`` sets it under the event's book; ``offence`` (a
    ``rules.penalties.Offence`` value) lets the book's rule for soft play and collusion apply
    (PEN-SOFTPLAY)."""

    entry: int
    hands: int = 0
    rounds: int = 0
    reason: str = ""
    offence: str = "other"


@dataclass(frozen=True, slots=True)
class SetBreakOrder:
    """Set the order in which tables break (TBL-BREAK-ORDER)."""

    tables: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ProposeMoves:
    """Work out the moves the tables need now (final table, breaking, balancing) and record them
    for the director to confirm: the draw is made once, and its record kept."""


@dataclass(frozen=True, slots=True)
class Move:
    """One move: ``entry`` to ``table`` and ``seat``; ``reason`` and ``card`` for the record."""

    entry: int
    table: int
    seat: int
    reason: str = "balance"
    card: str = ""


@dataclass(frozen=True, slots=True)
class ConfirmMoves:
    """Carry out the proposed moves, or ``moves`` as the director edited them."""

    moves: tuple[Move, ...] | None = None


@dataclass(frozen=True, slots=True)
class CloseLateArrivals:
    """End the late-arrival period: players who never came are dealt with as the profile says
    (SEAT-LATE-ABSENT: blinded off, or their chips removed)."""


@dataclass(frozen=True, slots=True)
class SetButton:
    """Set a table's button seat for its next hand (a new table, or to match the real table)."""

    table: int
    seat: int


@dataclass(frozen=True, slots=True)
class StartHandForHand:
    """Begin hand-for-hand play (TDA PR-8)."""


@dataclass(frozen=True, slots=True)
class EndHandForHand:
    """End hand-for-hand play."""


@dataclass(frozen=True, slots=True)
class DealHandForHand:
    """Deal the next hand-for-hand hand at every table at once, from a console that does not
    follow the hands: each table's hand starts (its level time charged, HFH-CLOCK) and is
    recorded as played, the button moving on. Once some tables have played the hand on their
    table app, it is dealt at the others only: the hand is finished everywhere."""


@dataclass(frozen=True, slots=True)
class SetDisplayMessage:
    """Show ``text`` on the room's displays, one line under the clock (empty: none)."""

    text: str


@dataclass(frozen=True, slots=True)
class SetTimeBank:
    """Give every online player ``seconds`` of time bank for the whole event, used once his
    action clock has run out (CLK-TIMEBANK); 0: none."""

    seconds: int


@dataclass(frozen=True, slots=True)
class ChangeLevel:
    """Change the blinds, ante and length of level ``level`` (1-based), one not played yet
    (STRUCT-CHANGE, docs/judgements.md); a stud level's bring-in too: ``bring_in`` sets it (0:
    the level's stays), ``default_bring_in`` gives it back to the default ``stud_bets``
    derives."""

    level: int
    small_blind: int
    big_blind: int
    ante: int
    minutes: int
    bring_in: int = 0
    default_bring_in: bool = False


@dataclass(frozen=True, slots=True)
class AnnounceLastHands:
    """Announce the last hands of the day (DAY-END: GM 42°)."""

    count: int


@dataclass(frozen=True, slots=True)
class EndDay:
    """End the day: ``stacks`` are the bagged chip counts of every player still in."""

    stacks: dict[int, int]


@dataclass(frozen=True, slots=True)
class StartDay:
    """Start the next day; ``redraw`` draws new seats (SEAT-REDRAW, DAY-REDRAW: LFP 1.5)."""

    redraw: bool = True


@dataclass(frozen=True, slots=True)
class ReportStack:
    """Record a player's chip count."""

    entry: int
    chips: int


@dataclass(frozen=True, slots=True)
class ReportStacks:
    """Record the chip counts of several players at once (a table counted), entry -> chips."""

    stacks: dict[int, int]


@dataclass(frozen=True, slots=True)
class UndoBackTo:
    """Cancel command ``cmd`` and every command after it still in force (newest first): an
    earlier mistake corrected from the log, what came after it entered again by the director."""

    cmd: int


@dataclass(frozen=True, slots=True)
class Undo:
    """Cancel the last command that changed the tournament (a compensating event)."""


@dataclass(frozen=True, slots=True)
class Rebuy:
    """An entry buys one more stack (BUY-REBUY-ELIGIBILITY); ``stack``: his chips now, when
    they were not reported since his last hand."""

    entry: int
    stack: int | None = None


@dataclass(frozen=True, slots=True)
class AddOn:
    """An entry takes the add-on (BUY-ADDON), or the double add-on."""

    entry: int
    double: bool = False


@dataclass(frozen=True, slots=True)
class SetPayouts:
    """Fix the prizes by place, in cents; ``prizes`` None: the standard table for the pool now."""

    prizes: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class MakeDeal:
    """The players left agree a deal (``method``: icm, chip-chop, even or custom); ``left`` cents
    stay to play for; ``amounts`` are the custom shares; ``stacks`` the chip counts agreed on."""

    method: str
    stacks: dict[int, int] = field(default_factory=dict)
    left: int = 0
    amounts: dict[int, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class RunChipRace:
    """Race the ``old`` chips of a table into ``new`` ones (CHIP-*): ``chips`` maps seats to the
    old chips each holds; ``cards`` the race cards each seat was dealt at the table (text such as
    ``"As"``), or empty to deal them here; ``stacks`` chip counts that replace the last ones
    known."""

    table: int
    old: int
    new: int
    chips: dict[int, int]
    cards: dict[int, tuple[str, ...]] = field(default_factory=dict)
    stacks: dict[int, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class FindChips:
    """``count`` chips of a denomination already raced were found in a player's stack
    (CHIP-LATE-FOUND)."""

    entry: int
    count: int
    old: int


@dataclass(frozen=True, slots=True)
class SealEnvelopes:
    """BOUNTY-MYSTERY: from now on each elimination draws a mystery envelope. ``prizes`` is the
    published list (cents, one envelope per player left, adding up to the bounty pool); the
    order is drawn with the service's random source and committed to before the first draw."""

    prizes: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class IssueTickets:
    """SAT-TICKET: a satellite's bubble has burst: each player in a seat (still playing, or
    placed in a paid seat) gets a ticket to the target event."""


@dataclass(frozen=True, slots=True)
class TransferTicket:
    """SAT-TICKET: entry ``entry``'s ticket goes to ``holder`` (a transferable ticket only)."""

    entry: int
    holder: str


@dataclass(frozen=True, slots=True)
class RefundTicket:
    """SAT-TICKET: entry ``entry``'s ticket is given back for its value in cash (refundable)."""

    entry: int


@dataclass(frozen=True, slots=True)
class UseTicket:
    """SAT-TICKET: entry ``entry``'s ticket pays ``player``'s buy-in at ``target`` (sent by the
    service with the target's ``PayBuyIn``; see ``pokertd.service.tickets``)."""

    entry: int
    target: str
    player: str


@dataclass(frozen=True, slots=True)
class ReturnTicket:
    """SAT-TICKET: the buy-in entry ``entry``'s ticket paid was refunded (the entry withdrew):
    the ticket is open again (sent by the service with the target's refund)."""

    entry: int


@dataclass(frozen=True, slots=True)
class CarryFlight:
    """FLIGHT-MERGE: this flight's bagged survivors and pool go to the day 2 ``into`` (sent by
    the service with the day 2's ``MergeFlights``; see ``pokertd.service.flights``)."""

    into: str


@dataclass(frozen=True, slots=True)
class MergeFlights:
    """FLIGHT-MERGE: this new tournament is the day 2 of ``flights``: ``players`` (name, bagged
    stack) are registered, the flights' ``pool`` and ``entries`` carried, the seats redrawn. The
    day 2's clock stands where the flights stopped (FLIGHT-RESUME): ``elapsed`` seconds into item
    ``item`` of the structure, not running."""

    flights: tuple[str, ...]
    players: tuple[tuple[str, int], ...]
    pool: int
    entries: int
    day: int = 2
    item: int = 0
    elapsed: float = 0.0


Command = (
    CreateTournament
    | Register
    | PayBuyIn
    | ArchiveTournament
    | Withdraw
    | CheckIn
    | DrawSeats
    | SeatAlternate
    | ReEnter
    | StartClock
    | PauseClock
    | ResumeClock
    | AdjustClock
    | SkipLevel
    | GoBackLevel
    | StartHand
    | FinishHand
    | BustPlayers
    | Arrive
    | GoAway
    | Quit
    | Disqualify
    | Penalize
    | SetBreakOrder
    | ProposeMoves
    | ConfirmMoves
    | CloseLateArrivals
    | SetButton
    | StartHandForHand
    | EndHandForHand
    | DealHandForHand
    | SetDisplayMessage
    | SetTimeBank
    | ChangeLevel
    | AnnounceLastHands
    | EndDay
    | StartDay
    | ReportStack
    | ReportStacks
    | Rebuy
    | AddOn
    | SetPayouts
    | MakeDeal
    | RunChipRace
    | FindChips
    | Undo
    | UndoBackTo
    | SealEnvelopes
    | IssueTickets
    | TransferTicket
    | RefundTicket
    | UseTicket
    | ReturnTicket
    | CarryFlight
    | MergeFlights
)
