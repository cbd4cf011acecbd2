"""An event store in memory, for tests and simulations.

It keeps the events as the JSON text the SQLite store would write, so both stores accept and
return exactly the same values, and a caller changing a mapping it got back changes nothing here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from pokertd.store.base import (
    NewEvent,
    StoredEvent,
    _check_count,
    _check_snapshot_version,
    _check_stream,
    _check_version,
    _decode,
    _encode,
    _encode_batch,
)

__all__ = ["MemoryEventStore"]


class _Row(NamedTuple):
    type: str
    data: str
    recorded_at: str
    position: int


class MemoryEventStore:
    """The :class:`~pokertd.store.EventStore` contract in memory; gone when the object is.

    >>> from pokertd.store import NewEvent
    >>> store = MemoryEventStore()
    >>> store.append("t1", [NewEvent("player-registered", {"player": "Ana"})],
    ...              expected_version=0, recorded_at="2024-05-01T18:30:00+00:00")
    1
    >>> [(event.version, event.data) for event in store.read("t1")]
    [(1, {'player': 'Ana'})]
    """

    def __init__(self) -> None:
        self._streams: dict[str, list[_Row]] = {}
        self._snapshots: dict[str, dict[int, str]] = {}
        self._position = 0
        self._is_closed = False

    def __repr__(self) -> str:
        return "MemoryEventStore()"

    def append(
        self, stream: str, events: Sequence[NewEvent], *, expected_version: int, recorded_at: str
    ) -> int:
        """Append ``events`` atomically and return the new version (see ``EventStore.append``).

        >>> from pokertd.store import NewEvent
        >>> MemoryEventStore().append("t1", [NewEvent("clock-paused", {})], expected_version=0,
        ...                           recorded_at="2024-05-01T18:30:00Z")
        1
        """
        self._check_open()
        encoded = _encode_batch(stream, events, expected_version, recorded_at)
        rows = self._streams.get(stream, [])
        _check_version(stream, expected_version, len(rows))
        if not encoded:
            return len(rows)
        new_rows = [
            _Row(kind, data, recorded_at, self._position + number)
            for number, (kind, data) in enumerate(encoded, start=1)
        ]
        self._streams[stream] = rows
        rows.extend(new_rows)
        self._position += len(new_rows)
        return len(rows)

    def read(self, stream: str, *, after: int = 0) -> list[StoredEvent]:
        """Return the events of ``stream`` after version ``after`` (see ``EventStore.read``).

        >>> MemoryEventStore().read("t1")
        []
        """
        self._check_open()
        _check_count("after", after)
        rows = self._streams.get(stream, [])
        return [
            StoredEvent(stream, version, row.type, _decode(row.data), row.recorded_at, row.position)
            for version, row in enumerate(rows[after:], start=after + 1)
        ]

    def version(self, stream: str) -> int:
        """Return the version of ``stream``, 0 if unknown (see ``EventStore.version``).

        >>> MemoryEventStore().version("t1")
        0
        """
        self._check_open()
        return len(self._streams.get(stream, ()))

    def streams(self) -> list[str]:
        """Return the stream names in creation order (see ``EventStore.streams``).

        >>> MemoryEventStore().streams()
        []
        """
        self._check_open()
        return list(self._streams)

    def save_snapshot(self, stream: str, version: int, state: Mapping[str, Any]) -> None:
        """Save the state of ``stream`` after ``version`` (see ``EventStore.save_snapshot``).

        >>> store = MemoryEventStore()
        >>> store.save_snapshot("t1", 1, {})
        Traceback (most recent call last):
        ...
        ValueError: cannot save a snapshot of stream 't1' at version 1: it has no events
        """
        self._check_open()
        _check_stream(stream)
        text = _encode(state, "the snapshot state")
        _check_snapshot_version(stream, version, self.version(stream))
        self._snapshots.setdefault(stream, {})[version] = text

    def load_snapshot(self, stream: str) -> tuple[int, Mapping[str, Any]] | None:
        """Return the snapshot with the highest version (see ``EventStore.load_snapshot``).

        >>> MemoryEventStore().load_snapshot("t1") is None
        True
        """
        self._check_open()
        snapshots = self._snapshots.get(stream)
        if not snapshots:
            return None
        version = max(snapshots)
        return version, _decode(snapshots[version])

    def close(self) -> None:
        """Drop the events; later calls but ``close`` raise ``ValueError``.

        >>> MemoryEventStore().close()
        """
        self._is_closed = True
        self._streams.clear()
        self._snapshots.clear()

    def _check_open(self) -> None:
        if self._is_closed:
            raise ValueError("the event store is closed")
