"""An event store in memory, for tests and simulations.

It keeps the events as the JSON text the SQLite store would write, so both stores accept and
return exactly the same values, and a caller changing a mapping it got back changes nothing here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from pokertd.store.base import EncodedEvent, EncodedRecord, EncodedRow, EventStore

__all__ = ["MemoryEventStore"]


class _Row(NamedTuple):
    type: str
    data: str
    recorded_at: str
    position: int


class MemoryEventStore(EventStore):
    """The :class:`~pokertd.store.EventStore` contract in memory; gone when the object is (or
    when it is closed).

    >>> from pokertd.store import NewEvent
    >>> store = MemoryEventStore()
    >>> store.append("t1", [NewEvent("player-registered", {"player": "Ana"})],
    ...              expected_version=0, recorded_at="2024-05-01T18:30:00+00:00")
    1
    >>> [(event.version, event.data) for event in store.read("t1")]
    [(1, {'player': 'Ana'})]
    """

    def __init__(self) -> None:
        super().__init__()
        self._streams: dict[str, list[_Row]] = {}
        self._snapshots: dict[str, dict[int, str]] = {}
        self._position = 0
        self._records: dict[tuple[str, str], str] = {}
        self._record_versions: dict[tuple[str, str], int] = {}

    def __repr__(self) -> str:
        return "MemoryEventStore()"

    def _append_encoded(
        self,
        stream: str,
        rows: Sequence[EncodedEvent],
        expected_version: int,
        recorded_at: str,
        records: Sequence[EncodedRecord],
    ) -> int:
        stored = self._streams.get(stream, [])
        found = len(stored)
        if found != expected_version or not rows:
            return found
        self._streams[stream] = stored
        for kind, key, data in records:
            self._put_record(kind, key, data)
        stored.extend(
            _Row(kind, data, recorded_at, self._position + number)
            for number, (kind, data) in enumerate(rows, start=1)
        )
        self._position += len(rows)
        return found

    def _read_rows(self, stream: str, after: int) -> Iterable[EncodedRow]:
        stored = self._streams.get(stream, [])
        return [
            (version, row.type, row.data, row.recorded_at, row.position)
            for version, row in enumerate(stored[after:], start=after + 1)
        ]

    def _stream_version(self, stream: str) -> int:
        return len(self._streams.get(stream, ()))

    def _stream_names(self) -> list[str]:
        return list(self._streams)

    def _save_encoded_snapshot(self, stream: str, version: int, state: str) -> int:
        found = self._stream_version(stream)
        if version <= found:
            kept = self._snapshots.setdefault(stream, {})
            kept[version] = state
            for older in [number for number in kept if number < version]:
                del kept[older]  # only the newest is read
        return found

    def _load_encoded_snapshot(self, stream: str) -> tuple[int, str] | None:
        snapshots = self._snapshots.get(stream)
        if not snapshots:
            return None
        version = max(snapshots)
        return version, snapshots[version]

    def _put_record(self, kind: str, key: str, data: str) -> None:
        self._records[kind, key] = data
        self._record_versions[kind, key] = self._record_versions.get((kind, key), 0) + 1

    def _get_versioned_record(self, kind: str, key: str) -> tuple[str, int] | None:
        data = self._records.get((kind, key))
        return None if data is None else (data, self._record_versions[kind, key])

    def _swap_record(self, kind: str, key: str, data: str, expected: int) -> int | None:
        if self._record_versions.get((kind, key), 0) != expected:
            return None
        self._put_record(kind, key, data)
        return expected + 1

    def _get_record(self, kind: str, key: str) -> str | None:
        return self._records.get((kind, key))

    def _record_rows(self, kind: str) -> list[tuple[str, str]]:
        return sorted((key, data) for (found, key), data in self._records.items() if found == kind)

    def _delete_record(self, kind: str, key: str) -> bool:
        self._record_versions.pop((kind, key), None)
        return self._records.pop((kind, key), None) is not None

    def _close(self) -> None:
        """Drop the events."""
        self._streams.clear()
        self._snapshots.clear()
        self._records.clear()
        self._record_versions.clear()
