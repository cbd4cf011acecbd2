"""The event-sourcing loop of the aggregates (``Tournament``, ``League``): events in, state rebuilt.

An aggregate keeps its events and the state they build. ``apply(events)`` makes stored events part
of it; an undo is a compensating event, so the state is then rebuilt from every event but the
undone command's (DESIGN.md, "Tournament": undo is never a deletion). ``replay(history)``
rebuilds an aggregate from its stored events.

``resume`` starts an aggregate from a snapshot instead (the state after the first ``version``
events, the commands undone by then and the last command's number): the events before it are
not read until something asks for them (``History``: the log, an undo, a rule that looks
back), and an undo of a command after the snapshot rebuilds from the snapshot, not from the
first event.
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Generic, Protocol, Self, TypeVar, overload


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


class History(Sequence[E]):
    """The events of an aggregate, oldest first: the first ``base`` read from the store only
    when asked for (``load``), the later ones held.

    Its length, its last events and a walk back from the newest (``reversed``) need none of the
    events before ``base``; anything else reads them once and keeps them.

    >>> history = History(lambda: ["a", "b"], 2)
    >>> history.append("c")
    >>> len(history), history[-1], history.is_loaded
    (3, 'c', False)
    >>> list(history), history.is_loaded
    (['a', 'b', 'c'], True)
    """

    def __init__(
        self, load: Callable[[], Sequence[E]] | None = None, base: int = 0, last_cmd: int = 0
    ) -> None:
        self._load, self.base = load, base
        #: The last command of the events before ``base``: a later one has no event there.
        self.last_cmd = last_cmd
        self._before: Sequence[E] | None = None if base else ()
        self._after: list[E] = []

    @property
    def is_loaded(self) -> bool:
        """Whether the events before ``base`` are in memory."""
        return self._before is not None

    def append(self, event: E) -> None:
        """Add the newest event."""
        self._after.append(event)

    def before(self) -> Sequence[E]:
        """Return the events before ``base``, read from the store the first time."""
        if self._before is None:
            assert self._load is not None
            found = self._load()
            if len(found) != self.base:
                raise ValueError(f"the store gave {len(found)} events, not {self.base}")
            self._before = found
        return self._before

    def after(self) -> list[E]:
        """Return the events from ``base`` on (held in memory)."""
        return self._after

    def since(self, cmd: int) -> Sequence[E]:
        """Return events among which are all those of the commands numbered ``cmd`` or more:
        the events held when none of those commands is before ``base``, else all."""
        return self._after if cmd > self.last_cmd else self

    def __len__(self) -> int:
        return self.base + len(self._after)

    @overload
    def __getitem__(self, index: int) -> E: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[E]: ...

    def __getitem__(self, index: int | slice) -> E | Sequence[E]:
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if start >= self.base and step == 1:
                return self._after[start - self.base : max(start, stop) - self.base]
            return [*self.before(), *self._after][index]
        position = index + len(self) if index < 0 else index
        if position >= self.base:
            return self._after[position - self.base]
        if position < 0:
            raise IndexError("history index out of range")
        return self.before()[position]

    def __eq__(self, other: object) -> bool:
        """Equal to a list, a tuple or a history of the same events (as the list it was)."""
        if not isinstance(other, list | tuple | History):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]  # it changes as events are applied

    def __repr__(self) -> str:
        return f"History({self.base} before, {self._after!r})"

    def __iter__(self) -> Iterator[E]:
        yield from self.before()
        yield from self._after

    def __reversed__(self) -> Iterator[E]:
        yield from reversed(self._after)
        yield from reversed(self.before())


class EventSourced(abc.ABC, Generic[E, S]):
    """Events and the state they build; subclasses say what a fresh state is and which events
    undo a command."""

    def __init__(self) -> None:
        self.state: S = self._new_state()
        self._history: History[E] = History()
        self._undone: set[int] = set()
        self._last_cmd = 0
        #: The snapshot the aggregate was resumed from, to rebuild from: a fresh copy of its
        #: state, the commands undone by then, and the last command before it.
        self._base: tuple[Callable[[], S], frozenset[int], int] | None = None

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
        aggregate._history = History()
        for event in history:
            aggregate._history.append(event)
        aggregate._rebuild()
        return aggregate

    @classmethod
    def resume(
        cls,
        state: Callable[[], S],
        version: int,
        undone: frozenset[int],
        last_cmd: int,
        before: Callable[[], Sequence[E]],
    ) -> Self:
        """Start the aggregate from a snapshot: ``state()`` gives (each call, a new copy) the
        state after the first ``version`` events, ``undone`` and ``last_cmd`` what those events
        undid and their last command, and ``before()`` reads those events when they are asked
        for. Apply the events after ``version`` next."""
        aggregate = cls()
        aggregate.state = state()
        aggregate._history = History(before, version, last_cmd)
        aggregate._undone = set(undone)
        aggregate._last_cmd = last_cmd
        aggregate._base = (state, undone, last_cmd)
        return aggregate

    @property
    def events(self) -> Sequence[E]:
        """Return the events so far, oldest first (those before a snapshot read when asked)."""
        return self._history

    @property
    def version(self) -> int:
        """Return the number of events so far (the store's stream version)."""
        return len(self._history)

    @property
    def undone(self) -> frozenset[int]:
        """Return the numbers of the commands cancelled by an undo."""
        return frozenset(self._undone)

    @property
    def last_cmd(self) -> int:
        """Return the number of the last command (0 before any)."""
        return self._last_cmd

    def apply(self, new_events: Iterable[E]) -> None:
        """Make stored events part of the aggregate."""
        for event in new_events:
            self._history.append(event)
            self._last_cmd = max(self._last_cmd, event.cmd)
            if self._undone_by(event) is not None:
                self._rebuild()
            elif event.cmd not in self._undone:
                self.state.apply(event)

    def _rebuild(self) -> None:
        """Build the state again without the commands undone: from the snapshot when every
        command undone since was given after it, from the first event otherwise."""
        if self._base is not None and self._rebuild_from_snapshot(*self._base):
            return
        self._undone = {
            undone for event in self._history if (undone := self._undone_by(event)) is not None
        }
        self.state = self._new_state()
        for event in self._history:
            self._last_cmd = max(self._last_cmd, event.cmd)
            if event.cmd not in self._undone:
                self.state.apply(event)

    def _rebuild_from_snapshot(
        self, state: Callable[[], S], undone: frozenset[int], last_cmd: int
    ) -> bool:
        """Rebuild from the snapshot and the events after it; False (nothing changed) when a
        command undone since is one of the snapshot's (its events are in the snapshot's state)."""
        later = self._history.after()
        since = {found for event in later if (found := self._undone_by(event)) is not None}
        if any(number <= last_cmd and number not in undone for number in since):
            return False
        self._undone = set(undone) | since
        self.state = state()
        for event in later:
            self._last_cmd = max(self._last_cmd, event.cmd)
            if event.cmd not in self._undone:
                self.state.apply(event)
        return True
