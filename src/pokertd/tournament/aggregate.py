"""``Tournament``: commands in, events out; the state is rebuilt from the events.

``Tournament.handle(command, now, rng)`` checks a command and returns the events it causes, without
changing anything; ``apply(events)`` makes them part of the tournament once they are stored. An
undo is a compensating event: the state is rebuilt from every event except the undone command's.

Each command has its handler, a plain function registered by one of the ``HANDLER_MODULES``
(``tournament/handlers.py``); ``handle`` looks it up by the command's type:

>>> import typing
>>> from pokertd.tournament.handlers import handled
>>> [kind.__name__ for kind in typing.get_args(commands.Command) if kind not in handled()]
[]
"""

from __future__ import annotations

import datetime
import hashlib
import json
import random
from collections.abc import Sequence

from pokertd.errors import ParseError
from pokertd.messages import message
from pokertd.rules.penalties import PenaltyFact, PenaltyKind, penalty_fact
from pokertd.sourcing import EventSourced, History
from pokertd.tournament import (
    chip_commands,
    clock,
    clock_commands,
    commands,
    departures,
    entries,
    events,
    flights,
    money_commands,
    moves,
    seating,
    snapshot,
    table_commands,
    tickets,
)
from pokertd.tournament.events import TournamentEvent
from pokertd.tournament.handlers import Context, handler_for, handles
from pokertd.tournament.refusals import RULE_LIVE_HAND, refuse
from pokertd.tournament.state import TournamentState

#: The modules of the command handlers: importing them registers their handlers (``@handles``).
HANDLER_MODULES = (
    chip_commands,
    clock_commands,
    departures,
    entries,
    flights,
    money_commands,
    table_commands,
    tickets,
)


class Tournament(EventSourced[TournamentEvent, TournamentState]):
    """One tournament: its events and the state they build.

    >>> import datetime, random
    >>> from pokertd.tournament import commands
    >>> from pokertd.tournament.structure import template
    >>> now = datetime.datetime(2026, 1, 1, 20, 0, tzinfo=datetime.UTC)
    >>> t = Tournament()
    >>> t.apply(t.handle(commands.CreateTournament("Friday", template("turbo").to_dict()), now,
    ...                  random.Random(1)))
    >>> for name in ("Alice", "Bruno", "Chloé"):
    ...     t.apply(t.handle(commands.Register(name), now, random.Random(1)))
    >>> t.apply(t.handle(commands.DrawSeats(), now, random.Random(1)))
    >>> sorted(entry.table for entry in t.state.active())
    [1, 1, 1]
    """

    def _new_state(self) -> TournamentState:
        return TournamentState()

    def _undone_by(self, event: TournamentEvent) -> int | None:
        return event.undone if isinstance(event, events.CommandUndone) else None

    # -- commands -----------------------------------------------------------------------------

    def handle(
        self, command: commands.Command, now: datetime.datetime, rng: random.Random
    ) -> list[TournamentEvent]:
        """Return the events ``command`` causes at ``now``; raise without changing anything.

        Raises IllegalActionError when a rule forbids it, NotFoundError for an unknown entry or
        table, ParseError for a command that makes no sense.
        """
        if now.tzinfo is None:
            raise ParseError("times must be timezone-aware")
        if not self.state.created and not isinstance(command, commands.CreateTournament):
            raise refuse(message("the tournament has not been created yet"))
        handler = handler_for(command)
        if handler is None:
            raise ParseError(f"unknown command {type(command).__name__}")
        ctx = Context(now, rng, self._last_cmd + 1, self.events, self.undone)
        return handler(self.state, command, ctx)

    def copy(self) -> Tournament:
        """Return a copy to rehearse commands on (the CLI's ``register A B C``): the state is
        copied through its snapshot encoding rather than replayed from the first event, and
        the copy reads this tournament's events only if it needs them."""
        data = snapshot.encode(self.state, undone=self.undone, last_cmd=self.last_cmd)
        version = self.version
        return Tournament.resume(
            lambda: snapshot.decode(data).state,
            version,
            self.undone,
            self.last_cmd,
            lambda: list(self.events[:version]),
        )

    # -- queries ------------------------------------------------------------------------------

    def registration_is_open(self, now: datetime.datetime) -> bool:
        """Return whether new players (and re-entries) may still join at ``now``."""
        return entries.registration_is_open(self.state, now)

    def rebuys_open(self, table: int) -> bool:
        """Return whether a player at ``table`` may still rebuy (BUY-REBUY-ELIGIBILITY)."""
        return money_commands.rebuys_open(self.state, table)

    def addons_open(self, table: int, now: datetime.datetime) -> bool:
        """Return whether a player at ``table`` may take the add-on at ``now`` (BUY-ADDON)."""
        return money_commands.addons_open(self.state, table, now)

    def clock_view(self, now: datetime.datetime) -> clock.ClockView:
        """Return what the clock shows at ``now``."""
        return clock_commands.clock_view(self.state, now)

    def next_hand(self, table: int) -> seating.NextHand:
        """Return who is button, small blind and big blind at ``table`` next hand, and who
        plays (BTN-DEAD-BUTTON, BTN-NEW-PLAYER, BTN-HU-TRANSITION)."""
        return table_commands.next_hand(self.state, table)

    def proposals(self, rng: random.Random) -> list[moves.MoveTuple]:
        """Return the moves due now (final table, breaking, balancing) without recording them."""
        return table_commands.proposals(self.state, rng)

    def is_halted(self, table: int) -> bool:
        """Return whether play stops at ``table`` until the tables are balanced
        (TBL-BALANCE-HALT)."""
        return table_commands.is_halted(self.state, table)

    def may_halt(self, table: int) -> bool:
        """Return whether ``table`` is short and play there may stop at the director's decision
        or a player's request, without pokertd stopping it (TBL-BALANCE-HALT: TDA 10D in formats
        other than full-ring, LFP 6.8)."""
        return table_commands.may_halt(self.state, table)

    def late_arrivals_due(self, now: datetime.datetime) -> list[int]:
        """Return the absent players whose chips the end of the late-arrival period removes,
        once that period is over at ``now`` (SEAT-LATE-WINDOW: LFP 2.16's one level by default;
        SEAT-LATE-ABSENT)."""
        return departures.late_arrivals_due(self.state, now)

    def penalty(self, command: commands.Penalize | commands.Disqualify) -> PenaltyFact:
        """Return the penalty ``command`` gives under the event's book, as it would be recorded
        (PEN-LADDER, PEN-MISSED-HANDS, PEN-DQ: ``rules.penalties``); raise as its handler would
        for a penalty the book refuses."""
        if isinstance(command, commands.Disqualify):
            entry = self.state.entries.get(command.entry)
            earlier = [PenaltyKind(k) for k in entry.penalties] if entry else []
            return penalty_fact(self.state.profile, PenaltyKind.DISQUALIFICATION, previous=earlier)
        return entries.penalty_of(self.state, command)

    def digest(self) -> str:
        """Return a fingerprint of the state: equal states, equal digests (for crash tests)."""
        state = self.state
        data = {
            "entries": [
                [e.number, e.status, e.table, e.seat, e.stack, e.place, e.shared, e.is_present]
                for e in state.entries.values()
            ],
            "tables": {
                n: [t.size, sorted(t.players.items()), repr(t.last_hand)]
                for n, t in state.tables.items()
            },
            "clock": repr(state.clock),
            "version": self.version,
        }
        return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()


def since(history: Sequence[TournamentEvent], cmd: int) -> Sequence[TournamentEvent]:
    """Return events of ``history`` among which are all those of the commands numbered ``cmd``
    or more: after a snapshot, only those held in memory when none of those commands is older
    (``History.since``), so that an undo of a recent command reads no older event."""
    return history.since(cmd) if isinstance(history, History) else history


def in_force(
    history: Sequence[TournamentEvent], undone: frozenset[int], first: int = 0
) -> list[int]:
    """Return the commands numbered ``first`` or more still in force, that an undo may cancel,
    oldest first (not the creation)."""
    return sorted(
        {
            event.cmd
            for event in since(history, first)
            if event.cmd >= first
            and event.cmd not in undone
            and not isinstance(event, events.CommandUndone | events.TournamentCreated)
        }
    )


def last_in_force(history: Sequence[TournamentEvent], undone: frozenset[int]) -> int | None:
    """Return the last command still in force (None: none), from the events after a snapshot
    when one of them is."""
    recent = history.last_cmd + 1 if isinstance(history, History) else 0
    done = in_force(history, undone, recent) or in_force(history, undone)
    return done[-1] if done else None


@handles(commands.Undo)
def _undo(state: TournamentState, command: commands.Undo, ctx: Context) -> list[TournamentEvent]:
    """Cancel the last command still in force, with a compensating event."""
    last = last_in_force(ctx.history, ctx.undone)
    if last is None:
        raise refuse(message("there is nothing to undo"))
    return _undoing(state, ctx, [last])


@handles(commands.UndoBackTo)
def _undo_back_to(
    state: TournamentState, command: commands.UndoBackTo, ctx: Context
) -> list[TournamentEvent]:
    """Cancel a command and every later one in force, newest first: the state is then exactly
    what it was before that command, as if each had been undone in turn."""
    later = in_force(ctx.history, ctx.undone, command.cmd)
    if command.cmd not in later:
        raise refuse(message("command {cmd} is not in force: it cannot be undone", cmd=command.cmd))
    return _undoing(state, ctx, list(reversed(later)))


def _undoing(state: TournamentState, ctx: Context, targets: list[int]) -> list[TournamentEvent]:
    """The compensating events of ``targets``, in that order; EVENT-LIVE-HAND is checked when
    one of them started, finished or busted players in a hand while live tables play."""
    undos = [ctx.event(events.CommandUndone, undone=number) for number in targets]
    hands = events.HandStarted | events.HandFinished | events.PlayersBusted
    undone = since(ctx.history, min(targets))
    if any(isinstance(e, hands) for e in undone if e.cmd in targets) and any(
        isinstance(e, events.HandPlayedLive) for e in ctx.history
    ):
        _check_undo_keeps_live_hands(state, [*ctx.history, *undos])
    return undos


def _check_undo_keeps_live_hands(state: TournamentState, after: list[TournamentEvent]) -> None:
    """EVENT-LIVE-HAND: an undo may not take back what a live table played: start or end one of
    its hands again, or bring back into play a player the table's hand left without chips (the
    table has dealt, and recorded, that hand; it would deal a player without chips)."""
    undone = Tournament.replay(after).state
    live = {(t, h.number) for t, h in state.in_progress.items() if h.entries}
    live_after = {(t, h.number) for t, h in undone.in_progress.items() if h.entries}
    broke = [
        number
        for number, entry in undone.entries.items()
        if entry.status.is_active and entry.stack == 0 and entry.number in state.entries
        and not state.entries[number].status.is_active
    ]  # fmt: skip
    if live != live_after or broke:
        raise refuse(
            message(
                "a live table has played this: an undo would contradict the hands it dealt; "
                "correct it with a new command"
            ),
            rule=RULE_LIVE_HAND,
        )
