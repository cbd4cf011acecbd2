"""``LiveTable``: one table of a tournament as its stream builds it; commands in, events out.

``handle(command)`` checks a command against the table and returns the events it causes;
``apply(event, at)`` makes an event part of the table, stored or about to be. The engine is the
judge of what the rules allow: it refuses an illegal action, card or show when the event is
applied, before anything changes, so the same code checks a new event and replays a stored one
(the service applies an event, then stores it). ``at`` is when the event happened (the store's
``recorded_at``): the action clock runs from the last event that passed the turn.

>>> import datetime
>>> from pokertd import rules
>>> table = LiveTable(1, rules.load("tda-2017"))
>>> at = datetime.datetime(2026, 3, 6, 20, 0, tzinfo=datetime.UTC)
>>> for event in table.handle(commands.SetBot(4, True)):
...     table.apply(event, at)
>>> sorted(table.bots), table.version
([4], 1)
"""

from __future__ import annotations

import contextlib
import datetime
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from pokertd.engine import Hand, Legal, Phase
from pokertd.errors import IllegalActionError
from pokertd.messages import Message, message
from pokertd.rules import Profile
from pokertd.table import commands, report
from pokertd.table.events import (
    PLAYED,
    TableBoardDealt,
    TableBotSet,
    TableCardsDiscarded,
    TableEvent,
    TableHandFinished,
    TableHandShown,
    TableHandStarted,
    TableHoleDealt,
    TableMode,
    TablePlayerActed,
    seeded_deck,
)
from pokertd.table.plan import HandPlan

#: A stored event and the moment it was stored.
Stored = tuple[TableEvent, datetime.datetime]


@dataclass(frozen=True, slots=True)
class Deadline:
    """When the player to act runs out of time (online tables): ``seconds`` of action clock,
    then the ``bank`` seconds his time bank still held when he got the turn (CLK-TIMEBANK;
    None: the event gives no bank)."""

    seat: int
    at: datetime.datetime
    seconds: int
    bank: float | None = None

    def to_dict(self, now: datetime.datetime) -> dict[str, Any]:
        """Return the deadline as JSON, with the seconds left at ``now`` (the bank included)
        and, apart, the bank's seconds left (``bank_left``: all of it while the action clock
        runs, then what the clock has not yet taken from it); no bank, no such keys."""
        left = max(0.0, (self.at - now).total_seconds())
        found: dict[str, Any] = {
            "seat": self.seat,
            "at": self.at.isoformat(),
            "seconds": self.seconds,
            "seconds_left": left,
        }
        if self.bank is not None:
            found.update(bank=self.bank, bank_left=min(self.bank, left))
        return found


class LiveTable:
    """One table: its bots, the current (or last) hand and how it started, the hands reported."""

    __slots__ = ("_timed", "bots", "hand", "histories", "is_recorded", "number", "profile",
                 "started", "taken", "turn_since", "version")  # fmt: skip

    def __init__(self, number: int, profile: Profile) -> None:
        self.number = number
        self.profile = profile
        #: The number of events of the stream seen so far (its version in the store).
        self.version = 0
        self.bots: set[int] = set()
        self.started: TableHandStarted | None = None
        self.hand: Hand | None = None
        #: Whether the end of the current hand is reported to the tournament (or there is none).
        self.is_recorded = True
        #: When the player to act got the turn (the time of the hand's last event).
        self.turn_since: datetime.datetime | None = None
        #: The PHH text of every hand reported, by hand number.
        self.histories: dict[int, str] = {}
        #: CLK-TIMEBANK: the seconds each entry took for each decision at an online hand here,
        #: and when the turn passed last (kept for every hand, even one not played again).
        self.taken: dict[int, list[float]] = {}
        self._timed: tuple[HandPlan, datetime.datetime] | None = None

    @classmethod
    def replay(cls, number: int, profile: Profile, history: Iterable[Stored]) -> LiveTable:
        """Rebuild a table from every event of its stream, each hand played again on the engine.

        Raises what ``apply`` raises for an event that does not replay.
        """
        table = cls(number, profile)
        for event, at in history:
            table.apply(event, at)
        return table

    def catch_up(self, stored: Sequence[Stored]) -> None:
        """Make events stored since ``version`` part of the table. Only the last hand among them
        is played on the engine: the earlier ones are over, and only their reports matter."""
        starts = [
            index for index, (event, _) in enumerate(stored) if isinstance(event, TableHandStarted)
        ]
        last_start = starts[-1] if starts else 0
        for index, (event, at) in enumerate(stored):
            if index >= last_start or not isinstance(event, PLAYED):
                self.apply(event, at)
            else:
                self._note_time(event, at)
                self.version += 1

    # -- reading ------------------------------------------------------------------------------

    @property
    def plan(self) -> HandPlan | None:
        """Return the plan of the current (or last) hand, None before the first."""
        return None if self.started is None else self.started.plan

    @property
    def is_playing(self) -> bool:
        """Whether a hand is being played."""
        return self.hand is not None and not self.hand.is_finished

    @property
    def awaits_report(self) -> bool:
        """Whether the hand is over but not yet reported to the tournament."""
        return self.hand is not None and self.hand.is_finished and not self.is_recorded

    def overtime(self, entry: int, seconds: int) -> float:
        """Return the seconds ``entry`` took past his ``seconds`` of action clock at this table's
        online hands: what his time bank paid here (CLK-TIMEBANK)."""
        return sum(max(0.0, taken - seconds) for taken in self.taken.get(entry, ()))

    def bank_left(self, entry: int, seconds: int, bank: int, *, elsewhere: float = 0.0) -> float:
        """Return what is left of the time bank of ``entry`` (CLK-TIMEBANK): ``bank`` seconds
        less every second he took past his ``seconds`` of action clock, at this table and, as
        ``elsewhere`` counts them, at the tables he played at before a move (the bank is his
        for the event: docs/judgements.md)."""
        return max(0.0, bank - elsewhere - self.overtime(entry, seconds))

    def deadline(
        self,
        seconds: int | None = None,
        *,
        bank: int = 0,
        elsewhere: Callable[[int, int], float] | None = None,
    ) -> Deadline | None:
        """Return when the player to act at an online table runs out of time: ``seconds`` from
        the moment he got the turn, by default the time the profile gives once the clock is
        called (CLK-DURATION: TDA 29 25 s + 5 s, LFP 3.6 60 s + 10 s, BAN/TIME 60 s, GM 5°
        60 s + 10 s). Online nobody calls the clock: the books' time after a call is the one
        fair bound they give for every decision. None at a dealer's table or off a betting turn.

        CLK-TIMEBANK (no book; docs/judgements.md): a player with ``bank`` seconds of time bank
        for the event has what is left of it after his clock, before CLK-EXPIRY rules;
        ``elsewhere(entry, seconds)`` is what his bank paid at his earlier tables (0 when None).
        """
        hand, started = self.hand, self.started
        if hand is None or started is None or started.mode is not TableMode.ONLINE:
            return None
        # A draw is timed as a bet is (CLK-EXPIRY: the player stands pat when time runs out).
        timed = hand.phase is Phase.BETTING or hand.phase is Phase.DRAWING
        if not timed or hand.to_act is None or self.turn_since is None:
            return None
        if seconds is None:
            seconds = self.profile.clock_seconds + self.profile.clock_countdown_seconds
        left = None
        if bank:
            entry = started.plan.entries[hand.to_act]
            spent = 0.0 if elsewhere is None else elsewhere(entry, seconds)
            left = self.bank_left(entry, seconds, bank, elsewhere=spent)
        at = self.turn_since + datetime.timedelta(seconds=seconds + (left or 0.0))
        return Deadline(started.plan.seats[hand.to_act], at, seconds, left)

    def bot_to_act(self) -> tuple[int, Legal] | None:
        """Return the seat of the player to act and his options when a bot plays that seat."""
        hand, plan = self.hand, self.plan
        if hand is None or plan is None or hand.is_finished:
            return None
        legal = hand.legal()
        if legal is None or plan.seats[legal.player] not in self.bots:
            return None
        return plan.seats[legal.player], legal

    def require_idle(self) -> None:
        """Refuse while the table's hand is in progress, or over but not reported yet."""
        if self.hand is not None and not self.is_recorded:
            raise refuse(
                message(
                    "hand {hand} is in progress at table {table}",
                    hand=self._plan().hand,
                    table=self.number,
                )
            )

    def require_turn(self, seat: int) -> int:
        """Return the engine player in ``seat`` when he is to act; refuse otherwise.

        BET-OOT (TDA 44A, LFP 7.20, GM 30°): only the player to act acts; an action out of turn
        is the floor's business (``pokertd.floor.out_of_turn``), not a table entry.
        """
        hand = self._playing()
        player = self._player(seat)
        to_act = hand.to_act
        if to_act is None:
            raise refuse(
                message(
                    "nobody is to act: the hand is at {phase} (the board cards are due)",
                    phase=hand.phase,
                )
            )
        if to_act != player:
            turn = self._plan().seats[to_act]
            raise IllegalActionError(
                message(
                    "seat {seat} is not to act; seat {turn} is (BET-OOT)", seat=seat, turn=turn
                ),
                rule="BET-OOT",
                action=f"seat {seat}",
            )
        return player

    # -- commands -----------------------------------------------------------------------------

    def handle(self, command: commands.Command) -> list[TableEvent]:
        """Return the events ``command`` causes; raise without changing anything.

        Raises IllegalActionError (with the rule) when the table's state forbids it; what the
        engine forbids is refused by ``apply``.
        """
        match command:
            case commands.StartHand():
                return [self._start(command)]
            case commands.Act(seat=seat, kind=kind, to=to, by=by, rule=rule):
                self.require_turn(seat)
                return [TablePlayerActed(seat=seat, action=kind, to=to, by=by, rule=rule)]
            case commands.Draw(seat=seat, cards=cards, by=by):
                self._playing()
                self._player(seat)  # whose turn it is to draw is the engine's (DRAW-ORDER)
                return [TableCardsDiscarded(seat=seat, cards=cards, by=by)]
            case commands.DealHole(seat=seat, cards=cards):
                self._playing()
                self._player(seat)
                return [TableHoleDealt(seat=seat, cards=cards)]
            case commands.DealBoard(cards=cards):
                self._playing()
                face_up = tuple(card for card in cards if card is not None)
                if len(face_up) < len(cards):
                    raise refuse(message("board cards are entered face up"))
                return [TableBoardDealt(cards=face_up)]
            case commands.Show(seat=seat, cards=cards):
                self._playing()
                self._player(seat)
                return [TableHandShown(seat=seat, cards=cards)]
            case commands.SetBot(seat=seat, on=on):
                return [] if (seat in self.bots) == on else [TableBotSet(seat=seat, is_bot=on)]
            case commands.RecordHand():
                return [self._report(command)]
        raise AssertionError(f"unknown table command {command!r}")  # pragma: no cover

    def _start(self, command: commands.StartHand) -> TableHandStarted:
        self.require_idle()
        seed = salt = commitment = None
        if command.mode is TableMode.ONLINE:
            seed, salt = command.seed, command.salt
            assert seed is not None
            assert salt is not None
            commitment = seeded_deck(seed).commitment(salt)
        started = TableHandStarted(
            tournament=command.tournament,
            mode=command.mode,
            plan=command.plan,
            seed=seed,
            salt=salt,
            commitment=commitment,
        )
        started.create_hand(self.profile)  # the engine refuses a hand nobody could play
        return started

    def _report(self, command: commands.RecordHand) -> TableHandFinished:
        hand, plan = self.hand, self.plan
        if hand is None or plan is None or not self.awaits_report:
            raise refuse(message("no finished hand is waiting to be reported"))
        return TableHandFinished(
            hand=plan.hand,
            stacks=tuple(sorted(report.stacks_after(plan, hand).items())),
            busted=command.busted,
            takers=tuple(sorted(command.takers)),
            phh=report.phh_text(hand, plan, title=command.title, seat_count=command.seat_count),
        )

    # -- events -------------------------------------------------------------------------------

    def apply(self, event: TableEvent, at: datetime.datetime) -> None:
        """Make one event, stored or about to be, part of the table.

        Raises what the engine raises for an action or cards it refuses (IllegalActionError,
        ParseError, its players named by their seats), having changed nothing.
        """
        match event:
            case TableBotSet(seat=seat, is_bot=is_bot):
                if is_bot:
                    self.bots.add(seat)
                else:
                    self.bots.discard(seat)
            case TableHandStarted():
                hand = event.create_hand(self.profile)
                self.started, self.hand, self.is_recorded, self.turn_since = event, hand, False, at
            case TableHandFinished(hand=number, phh=phh):
                self.is_recorded = True
                self.histories[number] = phh
            case TableHoleDealt(seat=seat, cards=cards):
                player = self._player(seat)
                with self._engine() as hand:
                    hand.deal_hole(player, cards)  # dealing hole cards does not pass the turn
            case TablePlayerActed(seat=seat, action=action, to=to):
                player = self._player(seat)
                with self._engine() as hand:
                    hand.act(player, action, to)
                self.turn_since = at
            case TableCardsDiscarded(seat=seat, cards=cards):
                player = self._player(seat)
                with self._engine() as hand:
                    hand.draw(player, cards)  # DRAW-ORDER, DRAW-DISCARD: the engine checks
                self.turn_since = at
            case TableBoardDealt(cards=cards):
                with self._engine() as hand:
                    hand.deal_board(cards)
                self.turn_since = at
            case TableHandShown(seat=seat, cards=cards):
                player = self._player(seat)
                with self._engine() as hand:
                    hand.show(player, cards)  # type: ignore[arg-type]
                self.turn_since = at
            case _:  # pragma: no cover - every table event is listed above
                raise AssertionError(f"unknown table event {event!r}")
        self._note_time(event, at)
        self.version += 1

    def _note_time(self, event: TableEvent, at: datetime.datetime) -> None:
        """CLK-TIMEBANK: note how long the player who acted took, at an online hand (the time
        since the turn passed: the hand's start, an action, a board dealt, a hand shown). The
        hand's own plan names the entries: ``catch_up`` notes hands it does not play again."""
        match event:
            case TableHandStarted():
                online = event.mode is TableMode.ONLINE
                self._timed = (event.plan, at) if online else None
            case TablePlayerActed(seat=seat) if self._timed is not None:
                plan, since = self._timed
                if seat in plan.seats:
                    entry = plan.entries[plan.seats.index(seat)]
                    self.taken.setdefault(entry, []).append((at - since).total_seconds())
                self._timed = (plan, at)
            case TableBoardDealt() | TableHandShown() if self._timed is not None:
                self._timed = (self._timed[0], at)
            case _:
                pass

    # -- internals ----------------------------------------------------------------------------

    @contextlib.contextmanager
    def _engine(self) -> Iterator[Hand]:
        """Yield the hand being played; an error of the engine names players by their seats."""
        if self.hand is None:
            raise refuse(message("no hand is being played at table {table}", table=self.number))
        try:
            yield self.hand
        except IllegalActionError as error:
            raise in_seats(error, self.plan) from None

    def _plan(self) -> HandPlan:
        plan = self.plan
        assert plan is not None
        return plan

    def _playing(self) -> Hand:
        if self.hand is None or self.hand.is_finished:
            raise refuse(message("no hand is being played at table {table}", table=self.number))
        return self.hand

    def _player(self, seat: int) -> int:
        """Return the engine player in ``seat`` (the plan's one mapping); refuse a seat that
        is not dealt in."""
        player = self._plan().player_at(seat)
        if player is None:
            raise refuse(message("seat {seat} is not dealt in this hand", seat=seat))
        return player


def refuse(reason: Message) -> IllegalActionError:
    """Return the error for a command the table's state does not allow (ENGINE-STATE)."""
    rule = "ENGINE-STATE"
    return IllegalActionError(message("{reason} ({rule})", reason=reason, rule=rule), rule=rule)


def in_seats(error: IllegalActionError, plan: HandPlan | None) -> IllegalActionError:
    """Return the engine's error with its players (``player 3``, ``p3``) named by their seats
    and, where the table knows them, their names ("player in seat 4 (Alice)", in any language).

    The engine numbers players; people at a table know seats and names.
    """
    if plan is None:
        return error
    seats = plan.seats

    def seat(match: re.Match[str]) -> str:
        number = int(match.group(2))
        if not 1 <= number <= len(seats):
            return match.group(0)
        return f"seat {seats[number - 1]}"

    pattern = re.compile(r"\b(player|p) ?(\d+)\b")
    action = pattern.sub(seat, error.action)
    said = error.message
    if said.values:  # every engine refusal is a message (pokertd.messages)
        return IllegalActionError(_seated(said, plan), rule=error.rule, action=action)
    return IllegalActionError(pattern.sub(seat, str(error)), rule=error.rule, action=action)


def _seated(said: Message, plan: HandPlan) -> Message:
    """``said`` with the engine's player numbers (``player``, ``turn``: whose turn it is) named
    by seat and name, in it and in the messages it holds (a reason inside a refusal)."""
    values = dict(said.values)
    for key, value in values.items():
        if isinstance(value, Message):
            values[key] = _seated(value, plan)
        elif key in ("player", "turn") and isinstance(value, int) and 1 <= value <= len(plan.seats):
            name = plan.names[value - 1] if value <= len(plan.names) else ""
            number = plan.seats[value - 1]
            values[key] = (
                message("in seat {seat} ({name})", seat=number, name=name)
                if name
                else message("in seat {seat}", seat=number)
            )
    return Message(said.template, values)
