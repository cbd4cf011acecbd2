"""What every command handler of ``Tournament`` shares: the state, the command's context, errors."""

from __future__ import annotations

import datetime
import random
from typing import Any

from pokertd.errors import IllegalActionError, NotFoundError
from pokertd.tournament import seating
from pokertd.tournament.events import TournamentEvent
from pokertd.tournament.state import Entry, TournamentState
from pokertd.tournament.structure import Structure

RULE_STATE = "EVENT-STATE"


class Context:
    """What one command is handled with: its time, its random source and its number."""

    __slots__ = ("cmd", "now", "rng")

    def __init__(self, now: datetime.datetime, rng: random.Random, cmd: int) -> None:
        self.now, self.rng, self.cmd = now, rng, cmd


class CommandBase:
    """The state and helpers the handlers of ``Tournament`` work with."""

    state: TournamentState
    events: list[TournamentEvent]
    _context: Context | None

    def _event(self, cls: type[TournamentEvent], **fields: Any) -> TournamentEvent:
        context = self._ctx
        return cls(at=context.now.isoformat(), cmd=context.cmd, **fields)

    @property
    def _ctx(self) -> Context:
        assert self._context is not None
        return self._context

    def _entry(self, number: int) -> Entry:
        try:
            return self.state.entries[number]
        except KeyError:
            raise NotFoundError(f"there is no entry {number}") from None

    def _seated(self, number: int) -> Entry:
        entry = self._entry(number)
        if not entry.status.is_active:
            raise refuse(f"entry {number} is not playing ({entry.status})")
        return entry

    def _table(self, number: int) -> seating.Table:
        try:
            return self.state.tables[number]
        except KeyError:
            raise NotFoundError(f"there is no table {number} in play") from None

    def _structure(self) -> Structure:
        assert self.state.structure is not None
        return self.state.structure


def refuse(message: str, *, rule: str = RULE_STATE) -> IllegalActionError:
    """Return the error for a command the tournament's state or rules do not allow."""
    return IllegalActionError(f"{message} ({rule})", rule=rule, action="")
