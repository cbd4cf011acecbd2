"""The append-only event log: append with an expected version, read, snapshots.

Stores: in memory, an SQLite file, and PostgreSQL (``pokertd.store.postgres``, imported by
``open_store`` when a location asks for it: psycopg is an optional extra).

>>> from pokertd.store import NewEvent, open_store
>>> store = open_store("memory:")
>>> store.append("t1", [NewEvent("tournament-created", {"name": "Friday freezeout"})],
...              expected_version=0, recorded_at="2024-05-01T18:30:00+00:00")
1
"""

from __future__ import annotations

from pokertd.store.base import (
    DamagedEventError,
    EventStore,
    NewEvent,
    RecordMovedError,
    StoredEvent,
)
from pokertd.store.locations import open_store, shown_location, sqlite_path
from pokertd.store.memory import MemoryEventStore
from pokertd.store.sqlite import NotAStoreError, ReadOnlyStoreError, SQLiteEventStore

__all__ = [
    "DamagedEventError",
    "EventStore",
    "MemoryEventStore",
    "NewEvent",
    "NotAStoreError",
    "ReadOnlyStoreError",
    "RecordMovedError",
    "SQLiteEventStore",
    "StoredEvent",
    "open_store",
    "shown_location",
    "sqlite_path",
]
