"""The event-sourcing loop of the aggregates (``Tournament``, ``League``): events in, state rebuilt.

An aggregate keeps its events and the state they build. ``apply(events)`` makes stored events part
of it; an undo is a compensating event, so the state is then rebuilt from every event but the
undone command's (DESIGN.md, "Tournament": undo is never a deletion). ``replay(history)``
rebuilds an aggregate from its stored events.
"""

from __future__ import annotations

import abc
from collections.abc import Iterable
from typing import Generic, Protocol, Self, TypeVar


class Recorded(Protocol):
    """An event: it carries the number of the command that caused it."""

    @property
    def cmd(self) -> int: ...


E = TypeVar("E", bound=Recorded)
E_contra = TypeVar("E_contra", contravariant=True)


class Folds(Protocol[E_contra]):
    """A state that events change one at a time."""

    def apply(self, event: E_contra) -> None: ...


S = TypeVar("S", bound=Folds)  # type: ignore[type-arg]


class EventSourced(abc.ABC, Generic[E, S]):
    """Events and the state they build; subclasses say what a fresh state is and which events
    undo a command."""

    def __init__(self) -> None:
        self.state: S = self._new_state()
        self.events: list[E] = []
        self._undone: set[int] = set()
        self._last_cmd = 0

    @abc.abstractmethod
    def _new_state(self) -> S:
        """Return the state before any event."""

    @abc.abstractmethod
    def _undone_by(self, event: E) -> int | None:
        """Return the command ``event`` cancels, if it is an undo."""

    @classmethod
    def replay(cls, history: Iterable[E]) -> Self:
        """Rebuild the aggregate from its events."""
        aggregate = cls()
        aggregate.events = list(history)
        aggregate._rebuild()
        return aggregate

    @property
    def version(self) -> int:
        """Return the number of events so far (the store's stream version)."""
        return len(self.events)

    @property
    def undone(self) -> frozenset[int]:
        """Return the numbers of the commands cancelled by an undo."""
        return frozenset(self._undone)

    def apply(self, new_events: Iterable[E]) -> None:
        """Make stored events part of the aggregate."""
        for event in new_events:
            self.events.append(event)
            self._last_cmd = max(self._last_cmd, event.cmd)
            if self._undone_by(event) is not None:
                self._rebuild()
            elif event.cmd not in self._undone:
                self.state.apply(event)

    def _rebuild(self) -> None:
        self._undone = {
            undone for event in self.events if (undone := self._undone_by(event)) is not None
        }
        self.state = self._new_state()
        for event in self.events:
            self._last_cmd = max(self._last_cmd, event.cmd)
            if event.cmd not in self._undone:
                self.state.apply(event)
