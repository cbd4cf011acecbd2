"""The registry of the tournament's command handlers, and the context each one is called with.

A handler is a plain function ``(state, command, ctx) -> events``: it reads the state, checks the
command against the rules and returns the events it causes, or raises without changing anything.
Each handler module registers its functions with ``@handles(CommandType)``; ``Tournament.handle``
looks the command's type up with ``handler_for``.

>>> import datetime, random
>>> from pokertd.tournament import events
>>> now = datetime.datetime(2026, 1, 1, 20, 0, tzinfo=datetime.UTC)
>>> ctx = Context(now, random.Random(1), cmd=3)
>>> ctx.event(events.PlayerCheckedIn, entry=7)
PlayerCheckedIn(at='2026-01-01T20:00:00+00:00', cmd=3, entry=7)
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from pokertd.tournament.events import TournamentEvent
from pokertd.tournament.state import TournamentState


@dataclass(frozen=True, slots=True)
class Context:
    """What one command is handled with: its time, its random source and its number, and, for
    the rules that look back, the tournament's events so far and the commands undone."""

    now: datetime.datetime
    rng: random.Random
    cmd: int
    history: Sequence[TournamentEvent] = ()
    undone: frozenset[int] = frozenset()

    def event(self, cls: type[TournamentEvent], **fields: Any) -> TournamentEvent:
        """Return an event of this command, at its time."""
        return cls(at=_iso(self.now), cmd=self.cmd, **fields)


#: The last moment written by ``_iso`` and its text.
_last_iso: tuple[datetime.datetime | None, str] = (None, "")


def _iso(now: datetime.datetime) -> str:
    """Return ``now.isoformat()``, the same string again for the same ``now`` object: the
    commands of a simulated round share their moment (two events a hand at every table), and so
    do the events of one command; their events then keep one string, not one each. Compared by
    identity: equal moments in two time zones are written differently."""
    global _last_iso
    last = _last_iso
    if last[0] is now:
        return last[1]
    text = now.isoformat()
    _last_iso = (now, text)
    return text


C = TypeVar("C")

#: A command handler: the state, the command and its context in; the events it causes out.
Handler = Callable[[TournamentState, C, Context], list[TournamentEvent]]

_HANDLERS: dict[type, Handler[Any]] = {}


def handles(command: type[C]) -> Callable[[Handler[C]], Handler[C]]:
    """Register the decorated function as the handler of ``command``."""

    def register(handler: Handler[C]) -> Handler[C]:
        if command in _HANDLERS:
            raise ValueError(f"{command.__name__} already has a handler")
        _HANDLERS[command] = handler
        return handler

    return register


def handled() -> frozenset[type]:
    """Return the command types that have a handler."""
    return frozenset(_HANDLERS)


def handler_for(command: object) -> Handler[Any] | None:
    """Return the handler of ``command``'s type, or None if no module registered one."""
    return _HANDLERS.get(type(command))
