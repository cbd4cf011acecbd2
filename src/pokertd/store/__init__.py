"""The append-only event log: append with an expected version, read, snapshots.

>>> from pokertd.store import NewEvent, open_store
>>> store = open_store(None)
>>> store.append("t1", [NewEvent("tournament-created", {"name": "Friday freezeout"})],
...              expected_version=0, recorded_at="2024-05-01T18:30:00+00:00")
1
"""

from __future__ import annotations

import os

from pokertd.store.base import EventStore, NewEvent, StoredEvent
from pokertd.store.memory import MemoryEventStore
from pokertd.store.sqlite import NotAStoreError, SQLiteEventStore

__all__ = [
    "EventStore",
    "MemoryEventStore",
    "NewEvent",
    "NotAStoreError",
    "SQLiteEventStore",
    "StoredEvent",
    "open_store",
]


def open_store(path: str | os.PathLike[str] | None) -> EventStore:
    """Open the SQLite event store at ``path``, or a new store in memory for ``None``.

    Raises what :class:`SQLiteEventStore` raises for a file it cannot use.

    >>> open_store(None)
    MemoryEventStore()
    >>> import os, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     store = open_store(os.path.join(folder, "events.db"))
    ...     type(store).__name__
    ...     store.close()
    'SQLiteEventStore'
    """
    if path is None:
        return MemoryEventStore()
    return SQLiteEventStore(path)
