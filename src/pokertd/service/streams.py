"""Aggregates kept in event-store streams: replayed once, then caught up with what was stored.

Shared by the tournament and league services. ``Streams.load`` returns the aggregate of a stream,
from the cache while nobody else wrote, caught up with the new events when someone did;
``Streams.store`` appends a command's events with the version they were decided at and applies
them (a ``ConflictError`` there means another writer came first: the cache is dropped so that the
caller can reload and try again).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

from pokertd.errors import ConflictError
from pokertd.store import EventStore, NewEvent


class Named(Protocol):
    """An event with its wire name (``player-registered``)."""

    @property
    def name(self) -> str: ...


class Aggregate(Protocol):
    """What ``Streams`` needs of an aggregate (``pokertd.sourcing.EventSourced``)."""

    @property
    def version(self) -> int: ...

    def apply(self, new_events: Iterable[Any]) -> None: ...


A = TypeVar("A", bound=Aggregate)


class Streams(Generic[A]):
    """The aggregates of one kind in an event store (``tournament-N``, ``league-N``)."""

    def __init__(
        self,
        store: EventStore,
        prefix: str,
        *,
        replay: Callable[[list[Any]], A],
        decode: Callable[[str, Mapping[str, Any]], Any],
        encode: Callable[[Any], dict[str, Any]],
    ) -> None:
        self.store, self.prefix = store, prefix
        self._replay, self._decode, self._encode = replay, decode, encode
        self._cache: dict[str, A] = {}

    def ids(self) -> list[str]:
        """Return the ids of the streams of this kind, oldest first."""
        pattern = rf"{re.escape(self.prefix)}\d+"
        found = [stream for stream in self.store.streams() if re.fullmatch(pattern, stream)]
        return sorted(found, key=lambda stream: int(stream.removeprefix(self.prefix)))

    def next_id(self) -> str:
        """Return the id a new stream of this kind takes."""
        existing = self.ids()
        return f"{self.prefix}{int(existing[-1].removeprefix(self.prefix)) + 1 if existing else 1}"

    def load(self, stream: str) -> A:
        """Return the aggregate of ``stream`` as stored now."""
        cached = self._cache.get(stream)
        stored_version = self.store.version(stream)
        if cached is not None and cached.version == stored_version:
            return cached
        if cached is not None and cached.version < stored_version:
            new = self.store.read(stream, after=cached.version)
            cached.apply(self._decode(item.type, item.data) for item in new)
            return cached
        history = [self._decode(item.type, item.data) for item in self.store.read(stream)]
        loaded = self._replay(history)
        self._cache[stream] = loaded
        return loaded

    def store_events(
        self, stream: str, aggregate: A, new_events: Sequence[Named], now: datetime.datetime
    ) -> None:
        """Append ``new_events`` at the version ``aggregate`` decided them, then apply them.

        Raises ConflictError (and forgets the cached aggregate) when another writer came first.
        """
        try:
            self.store.append(
                stream,
                [NewEvent(event.name, self._encode(event)) for event in new_events],
                expected_version=aggregate.version,
                recorded_at=now.astimezone(datetime.UTC).isoformat(),
            )
        except ConflictError:
            self._cache.pop(stream, None)
            raise
        aggregate.apply(new_events)
