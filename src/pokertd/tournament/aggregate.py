"""``Tournament``: commands in, events out; the state is rebuilt from the events.

``Tournament.handle(command, now, rng)`` checks a command and returns the events it causes, without
changing anything; ``apply(events)`` makes them part of the tournament once they are stored. An
undo is a compensating event: the state is rebuilt from every event except the undone command's.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import random
from collections.abc import Callable
from typing import Any

from pokertd.errors import ParseError
from pokertd.sourcing import EventSourced
from pokertd.tournament import (
    chip_commands,
    clock,
    commands,
    events,
    money_commands,
    moves,
    seating,
    table_commands,
)
from pokertd.tournament.entries import EntryCommands
from pokertd.tournament.events import TournamentEvent
from pokertd.tournament.handlers import Context, handler_for
from pokertd.tournament.refusals import refuse as _refuse
from pokertd.tournament.state import TournamentState

#: The modules of the command handlers: importing them registers their handlers (``@handles``).
HANDLER_MODULES = (chip_commands, money_commands, table_commands)


class Tournament(EventSourced[TournamentEvent, TournamentState], EntryCommands):
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

    def __init__(self) -> None:
        super().__init__()
        self._context: Context | None = None

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
            raise _refuse(
                "the tournament has not been created yet", fr="le tournoi n'a pas encore été créé"
            )
        legacy = _HANDLERS.get(type(command))
        self._context = Context(now, rng, self._last_cmd + 1, self.events, self.undone)
        try:
            if legacy is not None:
                return legacy(self, command)
            return handler_for(command)(self.state, command, self._context)
        finally:
            self._context = None

    # -- undo ---------------------------------------------------------------------------------

    def _undo(self, command: commands.Undo) -> list[TournamentEvent]:
        """Cancel the last command still in force, with a compensating event."""
        done = [
            event.cmd
            for event in self.events
            if event.cmd not in self._undone
            and not isinstance(event, events.CommandUndone | events.TournamentCreated)
        ]
        if not done:
            raise _refuse("there is nothing to undo", fr="il n'y a rien à annuler")
        return [self._event(events.CommandUndone, undone=max(done))]

    # -- queries ------------------------------------------------------------------------------

    def rebuys_open(self, table: int) -> bool:
        """Return whether a player at ``table`` may still rebuy (BUY-REBUY-ELIGIBILITY)."""
        return money_commands.rebuys_open(self.state, table)

    def addons_open(self, table: int, now: datetime.datetime) -> bool:
        """Return whether a player at ``table`` may take the add-on at ``now`` (BUY-ADDON)."""
        return money_commands.addons_open(self.state, table, now)

    def clock_view(self, now: datetime.datetime) -> clock.ClockView:
        """Return what the clock shows at ``now``."""
        return table_commands.clock_view(self.state, now)

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


Handler = Callable[[Tournament, Any], list[TournamentEvent]]

_HANDLERS: dict[type, Handler] = {
    commands.CreateTournament: Tournament._create,
    commands.Register: Tournament._register,
    commands.Withdraw: Tournament._withdraw,
    commands.CheckIn: Tournament._check_in,
    commands.DrawSeats: Tournament._draw_seats,
    commands.SeatAlternate: Tournament._seat_alternate,
    commands.ReEnter: Tournament._re_enter,
    commands.CloseLateArrivals: Tournament._close_late_arrivals,
    commands.BustPlayers: Tournament._bust,
    commands.Arrive: Tournament._arrive,
    commands.GoAway: Tournament._go_away,
    commands.Quit: Tournament._quit,
    commands.Disqualify: Tournament._disqualify,
    commands.Penalize: Tournament._penalize,
    commands.ReportStack: Tournament._report_stack,
    commands.Undo: Tournament._undo,
}
