"""The state of a tournament, rebuilt by applying its events in order (``TournamentState.apply``).

Applying never fails and never draws randomness or reads the clock: every decision was made when
the command was handled, and the event carries its outcome and its time.
"""

from __future__ import annotations

import dataclasses
import datetime
from dataclasses import dataclass, field
from enum import StrEnum

from pokertd.rules import DEFAULT_PROFILE, PROFILE_IDS, FinalTableSize, Profile, load, load_data
from pokertd.tournament import clock, events
from pokertd.tournament.clock import ClockState
from pokertd.tournament.ledger import Envelopes, Ledger, Payment, Ticket
from pokertd.tournament.money import MoneyRules, Price
from pokertd.tournament.rotation import is_stud_game
from pokertd.tournament.seating import Blinds, Table
from pokertd.tournament.structure import Level, Structure


class EntryStatus(StrEnum):
    """Where an entry stands."""

    REGISTERED = "registered"  # before the seat draw
    ALTERNATE = "alternate"  # waiting for a seat
    SEATED = "seated"  # playing
    BUSTED = "busted"  # eliminated, with a place
    QUIT = "quit"  # left for good, chips removed, with a place
    DISQUALIFIED = "disqualified"  # chips removed, no place
    WITHDRAWN = "withdrawn"  # withdrawn before playing
    REENTERED = "re-entered"  # surrendered his chips for a new entry (TDA 7B)

    @property
    def is_active(self) -> bool:
        """Return whether the entry still holds a seat and chips."""
        return self is EntryStatus.SEATED


@dataclass
class Entry:
    """One buy-in of one player."""

    number: int
    player: str
    contact: str = ""
    status: EntryStatus = EntryStatus.REGISTERED
    is_present: bool = False
    table: int | None = None
    seat: int | None = None
    stack: int | None = None
    place: int | None = None
    shared: int = 1
    reentry_of: int | None = None
    penalty_hands: int = 0
    warnings: int = 0
    is_leaving: bool = False  # left for good, blinded off until busted (ABS-QUIT)
    waits_for_big_blind: bool = False
    #: PEN-LADDER: the kinds of the penalties given so far, oldest first (the book's escalation).
    penalties: list[str] = field(default_factory=list)


@dataclass
class HandInProgress:
    """The hand being played at a table."""

    number: int
    blinds: Blinds
    announcement: bool = False  # in progress when hand-for-hand was announced (TDA PR-8A)
    #: The entries dealt in.
    dealt: frozenset[int] = frozenset()
    #: Played at a live table: until it reports the hand, the seats and stacks of the players
    #: dealt in are the hand's (EVENT-LIVE-HAND). False for a hand the director records himself.
    live: bool = False
    #: A stud hand: the table's button stays frozen through it (TBL-MIXED-BUTTON: TDA 10B).
    is_button_frozen: bool = False

    @property
    def entries(self) -> frozenset[int]:
        """The entries a live table deals in (none for a hand the director records)."""
        return self.dealt if self.live else frozenset()


@dataclass
class TournamentState:
    """Everything a tournament knows, rebuilt from events."""

    title: str = ""
    profile: Profile = field(default_factory=lambda: load(DEFAULT_PROFILE))
    structure: Structure | None = None
    table_size: int = 9
    max_players: int = 0
    late_registration_levels: int = 0
    late_registration_until: datetime.datetime | None = None
    reentries: int | None = None  # BUY-REENTRY: re-entries allowed per player; None: no limit
    archived: bool = False  # out of every list (the console's "Archive")
    break_order: tuple[int, ...] = ()
    entries: dict[int, Entry] = field(default_factory=dict)
    tables: dict[int, Table] = field(default_factory=dict)
    first_buttons: dict[int, int] = field(default_factory=dict)
    hands_played: dict[int, int] = field(default_factory=dict)
    in_progress: dict[int, HandInProgress] = field(default_factory=dict)
    clock: ClockState = field(default_factory=ClockState.initial)
    is_drawn: bool = False
    hand_for_hand: bool = False
    #: The line the displays show under the clock (``SetDisplayMessage``), empty for none.
    display_message: str = ""
    #: The last moves made (``PlayersMoved``) and when: the seating display announces them.
    last_moves: tuple[tuple[int, int, int, int, int, str, str], ...] = ()
    last_moves_at: str = ""
    #: Tables that started the current hand-for-hand hand, and the level it is played at.
    hfh_round: set[int] = field(default_factory=set)
    hfh_item: int = 0
    chips_given: int = 0
    day: int = 1
    last_hands: int = 0
    winner: int | None = None
    chips_removed: int = 0
    pending_moves: tuple[tuple[int, int, int, int, int, str, str], ...] = ()
    created: bool = False
    #: Who left, in order: each group left together, with its order inside the group (entries
    #: with the same order share places). Places are worked out from it (``_rank``).
    eliminations: list[tuple[tuple[int, int], ...]] = field(default_factory=list)
    ledger: Ledger = field(default_factory=Ledger)
    #: FLIGHT-MERGE: a day 2's stacks bagged in the flights, by entry (the seat draw gives them
    #: instead of the starting stack), and, in a flight, the day 2 it went to.
    bagged: dict[int, int] = field(default_factory=dict)
    carried_into: str = ""
    #: Hands each table started after the rebuy period's last level (BUY-ADDON, LFP 5.5).
    hands_after_rebuys: dict[int, int] = field(default_factory=dict)
    #: Worked out from this state when first asked and kept until the next event (``apply``):
    #: the moves due now, drawn with a fixed seed (``table_commands.moves_due``), and the tables
    #: short of players (``short_tables``). The displays ask after every command, of every table.
    moves_due: tuple[tuple[int, int, int, int, int, str, str], ...] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    short_tables: frozenset[int] | None = field(default=None, init=False, repr=False, compare=False)
    #: Indexes kept up to date by ``apply``, so that a bust-out or a hand's start costs the same
    #: in a field of 10,000 as in a field of 10 (they are derived from ``entries`` and ``tables``
    #: and equal ``indexes()`` after any events): the entries playing, and how many tables seat
    #: each number of players.
    playing: set[int] = field(default_factory=set, init=False, repr=False)
    table_counts: dict[int, int] = field(default_factory=dict, init=False, repr=False)

    # -- reading ------------------------------------------------------------------------------

    def entry(self, number: int) -> Entry:
        """Return an entry; KeyError if there is none."""
        return self.entries[number]

    @property
    def chips_in_play(self) -> int:
        """Return the chips handed out minus the chips removed from play (as far as known)."""
        return self.chips_given - self.chips_removed

    def last_hands_range(self) -> tuple[int, int]:
        """How many last hands of a day may be announced (DAY-END).

        GM 42° says 3 to 7. TDA and LFP have no such procedure, yet directors announce "last
        hands" anyway; without a profile range, 1 to 20 covers every practice seen on a floor.
        """
        low, high = self.profile.day_end_hands_min, self.profile.day_end_hands_max
        return (low, high) if high else (1, 20)

    def active(self) -> list[Entry]:
        """Return the entries still playing, in the order they joined (entries are numbered in
        that order)."""
        entries = self.entries
        return [entries[number] for number in sorted(self.playing)]

    @property
    def active_count(self) -> int:
        """Return how many entries are still playing (``len(active())`` without the list)."""
        return len(self.playing)

    def indexes(self) -> tuple[set[int], dict[int, int]]:
        """Return ``playing`` and ``table_counts`` worked out again from the entries and the
        tables (what the kept indexes must equal: the property tests compare them)."""
        playing = {number for number, entry in self.entries.items() if entry.status.is_active}
        counts: dict[int, int] = {}
        for table in self.tables.values():
            counts[len(table.players)] = counts.get(len(table.players), 0) + 1
        return playing, counts

    def seated_at(self, table: int) -> list[Entry]:
        """Return the entries seated at a table, by seat."""
        players = self.tables[table].players
        return [self.entries[int(players[seat])] for seat in sorted(players)]

    def surrendered(self, number: int) -> tuple[int, ...]:
        """Return the entries a player surrendered, chips and all, to re-enter as ``number``
        (TDA 7B), latest first: their bounties were never won and follow him."""
        found: list[int] = []
        previous = self.entries[number].reentry_of
        while previous is not None:
            entry = self.entries[previous]
            if entry.status is EntryStatus.REENTERED:
                found.append(previous)
            previous = entry.reentry_of
        return tuple(found)

    # -- applying events ----------------------------------------------------------------------

    def apply(self, event: events.TournamentEvent) -> None:
        """Apply one event (its handler is named after the event's class)."""
        self.moves_due = self.short_tables = None  # worked out again from the new state
        handler = getattr(self, f"_on_{type(event).__name__}")
        handler(event)
        if type(event) in _RANKING_EVENTS and self.eliminations:
            self._rank()
        self._close_hand_for_hand_round()

    def _time(self, event: events.TournamentEvent) -> datetime.datetime:
        return datetime.datetime.fromisoformat(event.at)

    def _on_TournamentCreated(self, event: events.TournamentCreated) -> None:  # noqa: N802
        self.title = event.title
        self.profile = _rules_of(event)
        self.structure = Structure.from_dict(event.structure)
        self.table_size = event.table_size
        self.max_players = event.max_players
        self.late_registration_levels = event.late_registration_levels
        until = event.late_registration_until
        self.late_registration_until = datetime.datetime.fromisoformat(until) if until else None
        self.break_order = event.break_order
        self.ledger.rules = MoneyRules.from_dict(event.money) if event.money else None
        self.created = True

    def _on_TournamentLimitsSet(self, event: events.TournamentLimitsSet) -> None:  # noqa: N802
        self.reentries = event.reentries
        if event.final_table:  # TBL-FINAL-SIZE: the event chose its final table's size
            chosen = FinalTableSize(event.final_table)
            self.profile = dataclasses.replace(self.profile, final_table_size=chosen)

    def _on_PlayerRegistered(self, event: events.PlayerRegistered) -> None:  # noqa: N802
        status = EntryStatus.ALTERNATE if event.is_alternate else EntryStatus.REGISTERED
        self.entries[event.entry] = Entry(
            event.entry, event.player, event.contact, status, reentry_of=event.reentry_of
        )
        self.playing.discard(event.entry)
        if event.reentry_of is not None:
            previous = self.entries[event.reentry_of]
            if previous.status.is_active:  # TDA 7B: surrendered chips leave play
                self._unseat(previous)
                self._set_status(previous, EntryStatus.REENTERED)
                self.chips_removed += previous.stack or 0

    def _on_EntryWithdrawn(self, event: events.EntryWithdrawn) -> None:  # noqa: N802
        self._set_status(self.entries[event.entry], EntryStatus.WITHDRAWN)

    def _on_PlayerCheckedIn(self, event: events.PlayerCheckedIn) -> None:  # noqa: N802
        self.entries[event.entry].is_present = True

    def _on_TournamentArchived(self, event: events.TournamentArchived) -> None:  # noqa: N802
        self.archived = event.archived

    def _on_SeatsDrawn(self, event: events.SeatsDrawn) -> None:  # noqa: N802
        assert self.structure is not None
        for entry_number, table, seat in event.seats:
            if table not in self.tables:
                self._put_table(table, Table(table, self.table_size, {}))
                self.hands_played[table] = 0
            stack = self.bagged.get(entry_number, self.structure.starting_stack)
            self._seat(self.entries[entry_number], table, seat, stack)
            self.chips_given += stack
        for table, seat in event.buttons:
            self.first_buttons[table] = seat
        self.is_drawn = True

    def _on_PlayerSeated(self, event: events.PlayerSeated) -> None:  # noqa: N802
        if event.table not in self.tables:
            self._put_table(event.table, Table(event.table, self.table_size, {}))
            self.hands_played[event.table] = 0
        entry = self.entries[event.entry]
        self._seat(entry, event.table, event.seat, event.stack)
        self.chips_given += event.stack
        entry.is_present = True
        entry.waits_for_big_blind = event.waits_for_big_blind
        if event.waits_for_big_blind:
            table = self.tables[event.table]
            self._put_table(
                event.table,
                Table(
                    table.number,
                    table.size,
                    table.players,
                    table.last_hand,
                    table.newcomers,
                    table.waiting_for_big_blind | {event.seat},
                ),
            )

    def _on_ClockStarted(self, event: events.ClockStarted) -> None:  # noqa: N802
        self.clock = clock.start(
            self.clock, self._structure(), self._time(event), **self.clock_options()
        )

    def _on_ClockPaused(self, event: events.ClockPaused) -> None:  # noqa: N802
        self.clock = clock.pause(
            self.clock, self._structure(), self._time(event), **self.clock_options()
        )

    def _on_ClockResumed(self, event: events.ClockResumed) -> None:  # noqa: N802
        self.clock = clock.resume(
            self.clock, self._structure(), self._time(event), **self.clock_options()
        )

    def _on_ClockAdjusted(self, event: events.ClockAdjusted) -> None:  # noqa: N802
        # The event says how much time is added to what the clock shows: the clock's ``adjust``
        # counts elapsed time, so the sign turns.
        self.clock = clock.adjust(
            self.clock, self._structure(), -event.seconds, self._time(event), **self.clock_options()
        )

    def _on_LevelSkipped(self, event: events.LevelSkipped) -> None:  # noqa: N802
        self.clock = clock.skip(
            self.clock, self._structure(), self._time(event), **self.clock_options()
        )

    def _on_LevelWentBack(self, event: events.LevelWentBack) -> None:  # noqa: N802
        self.clock = clock.back(
            self.clock, self._structure(), self._time(event), **self.clock_options()
        )

    def _on_HandStarted(self, event: events.HandStarted) -> None:  # noqa: N802
        blinds = Blinds(event.button, event.small_blind, event.big_blind)
        players = self.tables[event.table].players if event.table in self.tables else {}
        dealt = frozenset(int(players[seat]) for seat in event.dealt if seat in players)
        level = self.structure.items[event.item] if self.structure is not None else None
        frozen = isinstance(level, Level) and is_stud_game(level.game)
        self.in_progress[event.table] = HandInProgress(
            event.hand, blinds, dealt=dealt, is_button_frozen=frozen
        )
        self.hands_played[event.table] = event.hand
        if self.is_after_rebuys(event.item):
            self.hands_after_rebuys[event.table] = self.hands_after_rebuys.get(event.table, 0) + 1
        if event.hand_for_hand and self.hfh_round:
            self.hfh_round.add(event.table)  # the same hand-for-hand hand at another table
        elif event.hand_for_hand:
            # HFH-CLOCK (TDA PR-8B): each hand-for-hand hand costs two minutes, charged once
            # when the first table starts it; every table plays that hand.
            self.hfh_round = {event.table}
            self.hfh_item = event.item
            self.clock, _ = clock.hand_for_hand_hand_started(
                self.clock,
                self._structure(),
                self._time(event),
                seconds_per_hand=self.profile.hand_for_hand_seconds,
                **self.clock_options(),
            )
        for entry_number in event.killed:  # PEN-SERVING: dealt in, hand killed (TDA 71C)
            entry = self.entries[entry_number]
            if entry.penalty_hands:
                entry.penalty_hands -= 1

    def _on_HandPlayedLive(self, event: events.HandPlayedLive) -> None:  # noqa: N802
        hand = self.in_progress.get(event.table)
        if hand is not None and hand.number == event.hand:
            hand.live = True

    def _on_HandFinished(self, event: events.HandFinished) -> None:  # noqa: N802
        hand = self.in_progress.pop(event.table, None)
        if hand is not None and event.table in self.tables:
            # TBL-MIXED-BUTTON (TDA 10B): a stud hand leaves the table as it was, its button
            # frozen and its newcomers new until the first flop-game hand (rotation.after_hand).
            table = self.tables[event.table]
            if not hand.is_button_frozen:
                self._put_table(event.table, table.after_hand(hand.blinds))
            for entry in self.seated_at(event.table):
                entry.waits_for_big_blind = (
                    entry.seat in self.tables[event.table].waiting_for_big_blind
                )
        for entry_number, chips in event.stacks:
            self.entries[entry_number].stack = chips

    def _on_PlayersBusted(self, event: events.PlayersBusted) -> None:  # noqa: N802
        for entry_number, place, shared, _ in event.results:
            entry = self.entries[entry_number]
            self._unseat(entry)
            self._set_status(entry, EntryStatus.BUSTED)
            entry.place, entry.shared, entry.stack = place, shared, 0
        # The places in the event are those known when the hand ended; entries that join later
        # push them down, so only the order (and the ties) inside the group is kept.
        self.eliminations.append(tuple((entry, place) for entry, place, _, _ in event.results))

    def _on_PlayerArrived(self, event: events.PlayerArrived) -> None:  # noqa: N802
        self.entries[event.entry].is_present = True

    def _on_PlayerWentAway(self, event: events.PlayerWentAway) -> None:  # noqa: N802
        self.entries[event.entry].is_present = False

    def _on_PlayerQuit(self, event: events.PlayerQuit) -> None:  # noqa: N802
        entry = self.entries[event.entry]
        entry.is_present = False
        if event.chips_removed:
            self.chips_removed += entry.stack or 0
            self._unseat(entry)
            self._set_status(entry, EntryStatus.QUIT)
            entry.place, entry.stack = event.place, 0
            self.eliminations.append(((entry.number, 0),))
        else:
            entry.is_leaving = True

    def _on_PlayerDisqualified(self, event: events.PlayerDisqualified) -> None:  # noqa: N802
        entry = self.entries[event.entry]
        self.chips_removed += entry.stack or 0
        self._unseat(entry)
        self._set_status(entry, EntryStatus.DISQUALIFIED)
        entry.stack = 0
        entry.place, entry.shared = None, 1  # PEN-DQ: no place, even after busting

    def _on_PenaltyGiven(self, event: events.PenaltyGiven) -> None:  # noqa: N802
        entry = self.entries[event.entry]
        entry.penalty_hands += event.hands
        kind = event.kind or ("warning" if event.hands == 0 else "hands")
        entry.penalties.append(kind)
        if kind == "warning":
            entry.warnings += 1

    def _on_BreakOrderSet(self, event: events.BreakOrderSet) -> None:  # noqa: N802
        self.break_order = event.tables

    def _on_MovesProposed(self, event: events.MovesProposed) -> None:  # noqa: N802
        self.pending_moves = event.moves

    def _on_PlayersMoved(self, event: events.PlayersMoved) -> None:  # noqa: N802
        moving = [self.entries[move[0]] for move in event.moves]
        for entry in moving:  # free every seat first: moves may swap seats (a redraw)
            self._unseat(entry)
        for (_, _, _, table, seat, reason, _), entry in zip(event.moves, moving, strict=True):
            if table not in self.tables:
                self._put_table(table, Table(table, self.table_size, {}))
                self.hands_played[table] = 0
            self._seat(entry, table, seat, entry.stack)
            if reason in ("redraw", "final-table"):
                self._put_table(
                    table, Table(table, self.tables[table].size, self.tables[table].players, None)
                )
        self.pending_moves = ()
        self.last_moves, self.last_moves_at = event.moves, event.at

    def _on_TableResized(self, event: events.TableResized) -> None:  # noqa: N802
        table = self.tables[event.table]
        self._put_table(
            event.table,
            Table(
                table.number,
                event.size,
                table.players,
                table.last_hand,
                table.newcomers,
                table.waiting_for_big_blind,
            ),
        )

    def _on_TableClosed(self, event: events.TableClosed) -> None:  # noqa: N802
        closed = self.tables.pop(event.table, None)
        if closed is not None:
            self._count_table(closed, -1)
        self.in_progress.pop(event.table, None)
        self.first_buttons.pop(event.table, None)

    def _on_TableButtonSet(self, event: events.TableButtonSet) -> None:  # noqa: N802
        table = self.tables[event.table]
        self._put_table(event.table, Table(table.number, table.size, table.players, None))
        self.first_buttons[event.table] = event.seat

    def _on_HandForHandStarted(self, event: events.HandForHandStarted) -> None:  # noqa: N802
        self.hand_for_hand = True
        self.clock = clock.start_hand_for_hand(
            self.clock, self._structure(), self._time(event), **self.clock_options()
        )
        for hand in self.in_progress.values():
            hand.announcement = True

    def _on_HandForHandEnded(self, event: events.HandForHandEnded) -> None:  # noqa: N802
        self.hand_for_hand = False
        self.hfh_round = set()
        self.clock = clock.end_hand_for_hand(
            self.clock, self._structure(), self._time(event), **self.clock_options()
        )

    def _on_DisplayMessageSet(self, event: events.DisplayMessageSet) -> None:  # noqa: N802
        self.display_message = event.text

    def _on_TimeBankSet(self, event: events.TimeBankSet) -> None:  # noqa: N802
        # CLK-TIMEBANK: the event's choice replaces the profile's default (none in the books)
        self.profile = dataclasses.replace(self.profile, time_bank_seconds=event.seconds)

    def _on_LevelChanged(self, event: events.LevelChanged) -> None:  # noqa: N802
        self.structure = self._structure().with_level(
            event.level,
            event.small_blind,
            event.big_blind,
            event.ante,
            event.minutes,
            bring_in=event.bring_in,
            default_bring_in=event.default_bring_in,
        )

    def _on_LastHandsAnnounced(self, event: events.LastHandsAnnounced) -> None:  # noqa: N802
        self.last_hands = event.count
        self.clock = clock.announce_last_hands(
            self.clock,
            event.count,
            self._time(event),
            allowed=self.last_hands_range(),
        )

    def _on_DayEnded(self, event: events.DayEnded) -> None:  # noqa: N802
        for entry_number, chips in event.stacks:
            self.entries[entry_number].stack = chips
        now = self._time(event)
        # The clock may have stopped by itself (GM 42°'s day-end stop, a level held for
        # hand-for-hand): only a clock still running is paused.
        if clock.view(self.clock, self._structure(), now, **self.clock_options()).is_running:
            self.clock = clock.pause(self.clock, self._structure(), now, **self.clock_options())
        self.last_hands = 0

    def _on_DayStarted(self, event: events.DayStarted) -> None:  # noqa: N802
        self.day = event.day

    def _on_StackReported(self, event: events.StackReported) -> None:  # noqa: N802
        self.entries[event.entry].stack = event.chips

    def _on_CommandUndone(self, event: events.CommandUndone) -> None:  # noqa: N802
        """Undoing is done by replaying without the undone command (see ``Tournament``)."""

    def _on_TournamentFinished(self, event: events.TournamentFinished) -> None:  # noqa: N802
        entry = self.entries[event.winner]
        entry.place, entry.shared = 1, 1
        self.winner = event.winner
        # ELIM-END (LFP 1.7): one player holds every chip, the event is over: its clock stops
        # at the time it showed, and hand-for-hand with it.
        self.hand_for_hand, self.hfh_round = False, set()
        at, options = self._time(event), self.clock_options()
        if self.clock.hand_for_hand:
            self.clock = clock.end_hand_for_hand(self.clock, self._structure(), at, **options)
        if clock.view(self.clock, self._structure(), at, **options).is_running:
            self.clock = clock.pause(self.clock, self._structure(), at, **options)

    # -- money --------------------------------------------------------------------------------

    def is_after_rebuys(self, item: int) -> bool:
        """Whether the structure's item ``item`` comes after the rebuy period's last level."""
        rules = self.ledger.rules
        if rules is None or not rules.rebuy_levels or self.structure is None:
            return False
        last = self.structure.level_item(rules.rebuy_levels)
        return last is not None and item > last

    def _on_PaymentTaken(self, event: events.PaymentTaken) -> None:  # noqa: N802
        price = Price(event.prize, event.fee, event.bounty, event.chips)
        self.ledger.pay(Payment(event.entry, event.kind, price, event.ticket))
        if event.kind in ("rebuy", "add-on", "double-add-on"):
            # BUY-REBUY-TIMING (LFP 5.3, TDA 27, GM 18°): the chips are in play at once.
            entry = self.entries[event.entry]
            entry.stack = (entry.stack or 0) + event.chips
            self.chips_given += event.chips

    def _on_PaymentRefunded(self, event: events.PaymentRefunded) -> None:  # noqa: N802
        price = Price(event.prize, event.fee, event.bounty)
        self.ledger.refund(Payment(event.entry, "refund", price, event.ticket))

    def _on_BountyTaken(self, event: events.BountyTaken) -> None:  # noqa: N802
        self.ledger.take_bounty(event.busted, event.taker, event.cash, event.to_head)

    def _on_EnvelopesSealed(self, event: events.EnvelopesSealed) -> None:  # noqa: N802
        sealed = Envelopes(event.prizes, event.order, event.salt, event.commitment)
        self.ledger.seal(sealed)

    def _on_TicketIssued(self, event: events.TicketIssued) -> None:  # noqa: N802
        ticket = Ticket(event.entry, event.value, event.target, event.holder)
        self.ledger.tickets[event.entry] = ticket

    def _on_TicketTransferred(self, event: events.TicketTransferred) -> None:  # noqa: N802
        self.ledger.tickets[event.entry].holder = event.holder

    def _on_TicketRefunded(self, event: events.TicketRefunded) -> None:  # noqa: N802
        self.ledger.tickets[event.entry].refunded = True

    def _on_TicketUsed(self, event: events.TicketUsed) -> None:  # noqa: N802
        self.ledger.tickets[event.entry].used_by = event.player

    def _on_TicketReturned(self, event: events.TicketReturned) -> None:  # noqa: N802
        self.ledger.tickets[event.entry].used_by = ""

    def _on_FlightCarried(self, event: events.FlightCarried) -> None:  # noqa: N802
        self.carried_into = event.into
        self.ledger.carried_out = event.pool

    def _on_FlightsMerged(self, event: events.FlightsMerged) -> None:  # noqa: N802
        self.bagged.update(event.stacks)
        self.day = event.day
        # FLIGHT-RESUME (GM 42°, LFP 1.5): the day 2 goes on at the level, and the time into it,
        # where the flights stopped; its clock waits for the director to start it.
        self.clock = clock.ClockState(
            item=event.item, elapsed=datetime.timedelta(seconds=event.elapsed)
        )
        self.ledger.brought += event.pool
        self.ledger.brought_entries += event.entries

    def _on_EnvelopeDrawn(self, event: events.EnvelopeDrawn) -> None:  # noqa: N802
        self.ledger.draw_envelope(event.shares)

    def _on_PayoutsSet(self, event: events.PayoutsSet) -> None:  # noqa: N802
        self.ledger.prizes = event.prizes

    def _on_DealMade(self, event: events.DealMade) -> None:  # noqa: N802
        self.ledger.deal = dict(event.shares)
        self.ledger.left_to_play = event.left

    def _on_ChipRaceRun(self, event: events.ChipRaceRun) -> None:  # noqa: N802
        # CHIP-COUNT-ROUNDING, CHIP-NO-ELIMINATION: the race creates or removes chips.
        for number, change in event.changes:
            entry = self.entries[number]
            entry.stack = (entry.stack or 0) + change
        if event.created > 0:
            self.chips_given += event.created
        else:
            self.chips_removed -= event.created

    def _on_ChipsFound(self, event: events.ChipsFound) -> None:  # noqa: N802
        # CHIP-LATE-FOUND: the chips found leave; what is given for them stays in play.
        removed = int(event.found["removed"])
        entry = self.entries[event.entry]
        entry.stack = (entry.stack or 0) - removed
        self.chips_removed += removed

    # -- places -------------------------------------------------------------------------------

    def _rank(self) -> None:
        """Give every entry that left its place, counted from the entries in the event now.

        A late registration or a re-entry after a bust adds a place below it: the first to
        bust in a field of 100 entries is 100th, whenever the 100th entry joined. A
        disqualified entry has no place (PEN-DQ) and one that surrendered its chips to re-enter
        (TDA 7B) is not ranked: the places close up over them. Ties inside a group share
        places (ELIM-SIMULTANEOUS).
        """
        entries = self.entries
        position = sum(1 for entry in entries.values() if entry.status in _RANKED)
        for group in self.eliminations:
            left = [(n, order) for n, order in group if entries[n].status in _ELIMINATED]
            best = position - len(left) + 1
            for number, order in left:
                entry = entries[number]
                ahead = sum(1 for _, other in left if other < order)
                entry.place = best + ahead
                entry.shared = sum(1 for _, other in left if other == order)
            position -= len(left)
        if self.winner is not None:
            entries[self.winner].place, entries[self.winner].shared = 1, 1

    def _close_hand_for_hand_round(self) -> None:
        """HFH-CLOCK: the hand-for-hand hand is over once no hand is in progress and every table
        that can deal has played it, whether a table broke or ran short of players meanwhile."""
        if not self.hfh_round or self.in_progress:
            return
        dealing = {number for number, table in self.tables.items() if len(table.players) >= 2}
        if dealing <= self.hfh_round:
            self.hfh_round = set()

    # -- seats --------------------------------------------------------------------------------

    def _set_status(self, entry: Entry, status: EntryStatus) -> None:
        entry.status = status
        if status.is_active:
            self.playing.add(entry.number)
        else:
            self.playing.discard(entry.number)

    def _put_table(self, number: int, table: Table) -> None:
        """Set a table, keeping ``table_counts``."""
        replaced = self.tables.get(number)
        self.tables[number] = table
        if replaced is not None and len(replaced.players) == len(table.players):
            return  # the same count (a hand played, a button set): the most common change
        if replaced is not None:
            self._count_table(replaced, -1)
        self._count_table(table, 1)

    def _count_table(self, table: Table, change: int) -> None:
        counts, players = self.table_counts, len(table.players)
        counts[players] = counts.get(players, 0) + change
        if not counts[players]:
            del counts[players]

    def _seat(self, entry: Entry, table: int, seat: int, stack: int | None) -> None:
        self._put_table(table, self.tables[table].with_player(seat, str(entry.number)))
        entry.table, entry.seat, entry.stack = table, seat, stack
        self._set_status(entry, EntryStatus.SEATED)

    def _unseat(self, entry: Entry) -> None:
        if entry.table is not None and entry.table in self.tables and entry.seat is not None:
            self._put_table(entry.table, self.tables[entry.table].without_player(entry.seat))
        entry.table = entry.seat = None

    def clock_options(self) -> dict[str, int | None]:
        """The day-end stop (DAY-END: GM 42°) every clock move must know."""
        return {"day_end_stop_seconds": self.profile.day_end_stop_seconds or None}

    def _structure(self) -> Structure:
        assert self.structure is not None
        return self.structure


_RANKED = frozenset({EntryStatus.SEATED, EntryStatus.BUSTED, EntryStatus.QUIT})
_ELIMINATED = frozenset({EntryStatus.BUSTED, EntryStatus.QUIT})
#: Events that change how many entries are ranked, so every place already given may move. A
#: bust-out or a quit needs no new count: its event gives the places right above those already
#: given (counted from the players still in), which is where ``_rank`` would put them.
_RANKING_EVENTS = frozenset(
    {events.PlayerDisqualified, events.PlayerSeated, events.PlayerRegistered}
)


def _rules_of(event: events.TournamentCreated) -> Profile:
    """The rules the event was created under, as it keeps them; before they were kept, the shipped
    profile it names. A field pokertd added since takes the value of the shipped profile the event
    names or extends (``tda-2017`` for a house profile built on another house profile)."""
    if not event.rules:
        return load(event.profile)
    named = (event.profile, event.rules.get("extends"))
    shipped = next((name for name in named if name in PROFILE_IDS), DEFAULT_PROFILE)
    return load_data(event.rules, later=load(shipped))
