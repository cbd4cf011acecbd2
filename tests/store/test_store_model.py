"""Property test: after any sequence of appends and snapshots, a store equals a simple model.

Appends go to a few streams with right and wrong expected versions, some with data that is not
JSON; the SQLite and PostgreSQL stores are also closed and reopened now and then. After every
step each stream, version, global order and snapshot is compared with the model. The runs are
derandomized, so every CI run tries the same sequences.
"""

from __future__ import annotations

import math
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

from pokertd.errors import ConflictError
from pokertd.store import EventStore, MemoryEventStore, NewEvent, SQLiteEventStore, open_store
from postgres_server import Server

STREAMS = ["t1", "t2", "t3"]
TIMES = ["2024-05-01T18:30:00+00:00", "2024-05-01T18:30:00.000001Z", "2024-12-31T23:59:59Z"]

keys = st.sampled_from(["", "player", "seat", "chips", "é", "k-1"])
json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**63)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=6)
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(keys, inner, max_size=2),
    max_leaves=5,
)
json_objects = st.dictionaries(keys, json_values, max_size=3)
new_events = st.builds(
    NewEvent, st.sampled_from(["player-registered", "seat-drawn", "level-2-started"]), json_objects
)
not_json = st.sampled_from([{1, 2}, b"x", math.nan, -math.inf, object(), {3: "int key"}])


@dataclass
class Model:
    """What the store should hold: events per stream, global append order, snapshots."""

    streams: dict[str, list[tuple[str, Any, str]]] = field(default_factory=dict)
    order: list[tuple[str, int]] = field(default_factory=list)
    snapshots: dict[str, dict[int, Any]] = field(default_factory=dict)

    def version(self, stream: str) -> int:
        return len(self.streams.get(stream, []))


class StoreMachine(RuleBasedStateMachine):
    """Drive one store and the model side by side."""

    def __init__(self) -> None:
        super().__init__()
        self.store = self.open()
        self.model = Model()

    def open(self) -> EventStore:
        raise NotImplementedError

    def teardown(self) -> None:
        self.store.close()

    @rule(
        stream=st.sampled_from(STREAMS),
        events=st.lists(new_events, max_size=3),
        offset=st.sampled_from([0, 0, 0, -2, -1, 1, 3]),
        recorded_at=st.sampled_from(TIMES),
    )
    def append(self, stream: str, events: list[NewEvent], offset: int, recorded_at: str) -> None:
        actual = self.model.version(stream)
        expected = max(0, actual + offset)
        if expected != actual:
            with pytest.raises(ConflictError):
                self.store.append(
                    stream, events, expected_version=expected, recorded_at=recorded_at
                )
            return
        new_version = self.store.append(
            stream, events, expected_version=expected, recorded_at=recorded_at
        )
        assert new_version == actual + len(events)
        if events:
            rows = self.model.streams.setdefault(stream, [])
            for event in events:
                rows.append((event.type, event.data, recorded_at))
                self.model.order.append((stream, len(rows)))

    @rule(
        stream=st.sampled_from(STREAMS),
        events=st.lists(new_events, min_size=1, max_size=3),
        bad=not_json,
        where=st.integers(min_value=0, max_value=2),
        offset=st.sampled_from([0, 1]),
    )
    def append_not_json(
        self, stream: str, events: list[NewEvent], bad: Any, where: int, offset: int
    ) -> None:
        index = where % len(events)
        events[index] = NewEvent(events[index].type, {**events[index].data, "bad": bad})
        with pytest.raises(TypeError):
            self.store.append(
                stream,
                events,
                expected_version=self.model.version(stream) + offset,
                recorded_at=TIMES[0],
            )

    @rule(stream=st.sampled_from(STREAMS), back=st.integers(-1, 4), state=json_objects)
    def save_snapshot(self, stream: str, back: int, state: dict[str, Any]) -> None:
        version = self.model.version(stream) - back  # mostly a version the stream has
        if 1 <= version <= self.model.version(stream):
            self.store.save_snapshot(stream, version, state)
            self.model.snapshots.setdefault(stream, {})[version] = state
        else:
            with pytest.raises(ValueError, match=repr(stream)):
                self.store.save_snapshot(stream, version, state)

    @invariant()
    def streams_equal_the_model(self) -> None:
        assert self.store.streams() == list(self.model.streams)
        for stream in STREAMS:
            expected = self.model.streams.get(stream, [])
            assert self.store.version(stream) == len(expected)
            events = self.store.read(stream)
            assert [event.version for event in events] == list(range(1, len(expected) + 1))
            assert [(event.type, event.data, event.recorded_at) for event in events] == expected
            assert all(event.stream == stream for event in events)
            assert self.store.read(stream, after=len(expected) // 2) == events[len(expected) // 2 :]

    @invariant()
    def positions_follow_the_append_order(self) -> None:
        events = [event for stream in self.model.streams for event in self.store.read(stream)]
        events.sort(key=lambda event: event.position)
        assert [(event.stream, event.version) for event in events] == self.model.order
        positions = [event.position for event in events]
        assert len(set(positions)) == len(positions)

    @invariant()
    def snapshots_equal_the_model(self) -> None:
        for stream in STREAMS:
            saved = self.model.snapshots.get(stream)
            expected = (max(saved), saved[max(saved)]) if saved else None
            assert self.store.load_snapshot(stream) == expected


class MemoryMachine(StoreMachine):
    def open(self) -> EventStore:
        return MemoryEventStore()


class SQLiteMachine(StoreMachine):
    def open(self) -> EventStore:
        self.folder = tempfile.mkdtemp(prefix="pokertd-store-")
        self.path = Path(self.folder) / "events.db"
        return SQLiteEventStore(self.path)

    @rule()
    def reopen(self) -> None:
        self.store.close()
        self.store = SQLiteEventStore(self.path)

    def teardown(self) -> None:
        super().teardown()
        shutil.rmtree(self.folder)


MODEL = settings(derandomize=True, database=None, deadline=None)

TestMemoryStoreModel = MemoryMachine.TestCase
TestMemoryStoreModel.settings = settings(MODEL, max_examples=50, stateful_step_count=25)
# Each SQLite append waits for an fsync: fewer, shorter runs keep the file quick.
TestSQLiteStoreModel = SQLiteMachine.TestCase
TestSQLiteStoreModel.settings = settings(MODEL, max_examples=40, stateful_step_count=20)


class PostgresMachine(StoreMachine):
    """The same runs on a real PostgreSQL (``tests/conftest.py``), a new database per run (fewer
    runs: each creates its database)."""

    server: Server

    def open(self) -> EventStore:
        self.url = self.server.database()
        return open_store(self.url)

    @rule()
    def reopen(self) -> None:
        self.store.close()
        self.store = open_store(self.url)

    def teardown(self) -> None:
        super().teardown()
        self.server.drop(self.url)


def test_postgresql_store_model(postgres_server: Server) -> None:
    machine = type("Machine", (PostgresMachine,), {"server": postgres_server})
    run_state_machine_as_test(
        machine, settings=settings(MODEL, max_examples=15, stateful_step_count=20)
    )
