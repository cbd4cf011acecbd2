"""The EventStore contract, run against every implementation.

``STORES`` lists every store and how a test opens a fresh one; each test below runs once per
store. A new store adds its line there, and the first test fails until it does. The PostgreSQL
store runs on a real server (``tests/postgres_server.py``), a new database for each test.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable, Iterator
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest

from pokertd.errors import ConflictError, ParseError
from pokertd.store import (
    EventStore,
    MemoryEventStore,
    NewEvent,
    SQLiteEventStore,
    StoredEvent,
    open_store,
)
from pokertd.store.postgres import PostgresEventStore

AT = "2024-05-01T18:30:00+00:00"
LATER = "2024-05-01T18:45:10.250000+00:00"


#: Every implementation of EventStore, and how to open a fresh, empty one: in a test's folder, or
#: in a new database (``database()`` returns its URL).
STORES: dict[type[EventStore], Callable[[Path, Callable[[], str]], EventStore]] = {
    MemoryEventStore: lambda _folder, _database: MemoryEventStore(),
    SQLiteEventStore: lambda folder, _database: SQLiteEventStore(folder / "events.db"),
    PostgresEventStore: lambda _folder, database: open_store(database()),
}


@pytest.fixture(params=list(STORES), ids=lambda kind: kind.__name__)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[EventStore]:
    def database() -> str:
        url: str = request.getfixturevalue("postgres_url")  # the server starts when needed
        return url

    opened = STORES[request.param](tmp_path, database)
    assert type(opened) is request.param
    yield opened
    opened.close()


def implementations(kind: type) -> set[type]:
    """Return pokertd's classes below ``kind`` that can be instantiated (not the tests' own)."""
    found: set[type] = set()
    subclass: type
    for subclass in kind.__subclasses__():
        if not inspect.isabstract(subclass) and subclass.__module__.startswith("pokertd."):
            found.add(subclass)
        found |= implementations(subclass)
    return found


def test_the_contract_runs_against_every_store() -> None:
    assert implementations(EventStore) == set(STORES)


def test_a_store_must_write_every_hook() -> None:
    class Partial(EventStore):
        def _stream_version(self, stream: str) -> int:
            return 0

    with pytest.raises(TypeError, match="abstract"):
        Partial()  # type: ignore[abstract]


def registered(player: str) -> NewEvent:
    return NewEvent("player-registered", {"player": player})


def test_append_then_read_gives_the_events_back(store: EventStore) -> None:
    version = store.append(
        "t1",
        [registered("Ana"), NewEvent("seat-drawn", {"player": "Ana", "table": 1, "seat": 4})],
        expected_version=0,
        recorded_at=AT,
    )
    assert version == 2
    assert store.read("t1") == [
        StoredEvent("t1", 1, "player-registered", {"player": "Ana"}, AT, 1),
        StoredEvent("t1", 2, "seat-drawn", {"player": "Ana", "table": 1, "seat": 4}, AT, 2),
    ]


def test_each_append_returns_the_new_version(store: EventStore) -> None:
    assert store.version("t1") == 0
    assert store.append("t1", [registered("Ana")], expected_version=0, recorded_at=AT) == 1
    assert (
        store.append(
            "t1", [registered("Bo"), registered("Cy")], expected_version=1, recorded_at=LATER
        )
        == 3
    )
    assert store.version("t1") == 3
    assert [(event.version, event.recorded_at) for event in store.read("t1")] == [
        (1, AT),
        (2, LATER),
        (3, LATER),
    ]


def test_streams_are_independent_and_listed_in_creation_order(store: EventStore) -> None:
    store.append("t2", [registered("Ana")], expected_version=0, recorded_at=AT)
    store.append("t1", [registered("Bo"), registered("Cy")], expected_version=0, recorded_at=AT)
    store.append("t2", [registered("Di")], expected_version=1, recorded_at=AT)
    assert store.streams() == ["t2", "t1"]
    assert (store.version("t1"), store.version("t2"), store.version("t3")) == (2, 2, 0)
    assert [event.data["player"] for event in store.read("t1")] == ["Bo", "Cy"]
    assert [event.data["player"] for event in store.read("t2")] == ["Ana", "Di"]
    assert store.read("t3") == []


def test_positions_increase_across_streams_in_append_order(store: EventStore) -> None:
    order = ["a", "b", "a", "c", "b", "a"]
    for number, stream in enumerate(order):
        store.append(
            stream,
            [registered(f"p{number}")] * (1 + number % 2),
            expected_version=store.version(stream),
            recorded_at=AT,
        )
    events = sorted(
        (event for stream in store.streams() for event in store.read(stream)),
        key=lambda event: event.position,
    )
    positions = [event.position for event in events]
    assert positions == sorted(set(positions))
    assert positions[0] >= 1
    appended = [event.data["player"] for event in events]
    assert appended == [f"p{n}" for n, _ in enumerate(order) for _ in range(1 + n % 2)]


@pytest.mark.parametrize(("expected", "actual"), [(0, 2), (1, 2), (3, 2), (7, 2)])
def test_a_wrong_expected_version_is_a_conflict_and_writes_nothing(
    store: EventStore, expected: int, actual: int
) -> None:
    store.append("t1", [registered("Ana"), registered("Bo")], expected_version=0, recorded_at=AT)
    before = store.read("t1")
    with pytest.raises(ConflictError) as raised:
        store.append("t1", [registered("Cy")], expected_version=expected, recorded_at=LATER)
    message = str(raised.value)
    assert "'t1'" in message
    assert f"version {actual}" in message
    assert f"expected version {expected}" in message
    assert store.read("t1") == before
    assert store.version("t1") == actual


def test_expecting_a_stream_that_does_not_exist_is_a_conflict(store: EventStore) -> None:
    with pytest.raises(ConflictError, match=r"'t9' is at version 0, not the expected version 1"):
        store.append("t9", [registered("Ana")], expected_version=1, recorded_at=AT)
    assert store.streams() == []


def test_a_conflict_leaves_the_store_usable(store: EventStore) -> None:
    store.append("t1", [registered("Ana")], expected_version=0, recorded_at=AT)
    with pytest.raises(ConflictError):
        store.append("t1", [registered("Bo")], expected_version=0, recorded_at=AT)
    assert store.append("t1", [registered("Bo")], expected_version=1, recorded_at=AT) == 2
    assert [event.position for event in store.read("t1")] == [1, 2]


class Opaque:
    """A value JSON cannot hold."""


NOT_JSON: list[Any] = [
    {1, 2},
    b"bytes",
    Opaque(),
    math.nan,
    math.inf,
    {"nested": [1, {"deeper": {3j}}]},
    {7: "an int key"},
    {("a", "b"): "a tuple key"},
    10**5000,  # more digits than Python writes as text
]


@pytest.mark.parametrize("bad", NOT_JSON, ids=lambda bad: type(bad).__name__)
def test_a_batch_with_data_that_is_not_json_writes_nothing(store: EventStore, bad: Any) -> None:
    store.append("t1", [registered("Ana")], expected_version=0, recorded_at=AT)
    batch = [registered("Bo"), NewEvent("chips-counted", {"value": bad}), registered("Cy")]
    with pytest.raises(TypeError, match=r"event 2 \(chips-counted\)"):
        store.append("t1", batch, expected_version=1, recorded_at=AT)
    assert store.version("t1") == 1
    assert [event.data for event in store.read("t1")] == [{"player": "Ana"}]
    with pytest.raises(TypeError):
        store.append("t2", batch, expected_version=0, recorded_at=AT)
    assert store.streams() == ["t1"]


def test_data_that_is_not_a_mapping_is_refused(store: EventStore) -> None:
    a_list: Any = [1, 2]
    with pytest.raises(TypeError, match="mapping"):
        store.append("t1", [NewEvent("chips-counted", a_list)], expected_version=0, recorded_at=AT)
    a_tuple: Any = ("chips-counted", {})
    with pytest.raises(TypeError, match="NewEvent"):
        store.append("t1", [a_tuple], expected_version=0, recorded_at=AT)
    assert store.streams() == []


@pytest.mark.parametrize("kind", ["", "PlayerRegistered", "player registered", "-x", "a--b", 7])
def test_an_event_type_that_is_not_kebab_case_is_refused(store: EventStore, kind: Any) -> None:
    with pytest.raises(ParseError, match="kebab-case"):
        store.append(
            "t1", [registered("Ana"), NewEvent(kind, {})], expected_version=0, recorded_at=AT
        )
    assert store.version("t1") == 0


@pytest.mark.parametrize(
    "recorded_at", ["", "yesterday", "2024-05-01T18:30:00", "2024-05-01T18:30:00+02:00"]
)
def test_recorded_at_must_be_an_iso_utc_timestamp(store: EventStore, recorded_at: str) -> None:
    with pytest.raises(ParseError, match="recorded_at"):
        store.append("t1", [registered("Ana")], expected_version=0, recorded_at=recorded_at)
    assert store.streams() == []


@pytest.mark.parametrize("recorded_at", ["2024-05-01T18:30:00Z", "2024-05-01T18:30:00.5+00:00"])
def test_recorded_at_is_kept_as_given(store: EventStore, recorded_at: str) -> None:
    store.append("t1", [registered("Ana")], expected_version=0, recorded_at=recorded_at)
    assert store.read("t1")[0].recorded_at == recorded_at


def test_bad_arguments_are_refused_before_anything_is_written(store: EventStore) -> None:
    with pytest.raises(ParseError, match="empty"):
        store.append("", [registered("Ana")], expected_version=0, recorded_at=AT)
    with pytest.raises(ValueError, match="negative"):
        store.append("t1", [registered("Ana")], expected_version=-1, recorded_at=AT)
    with pytest.raises(TypeError):
        store.append("t1", [registered("Ana")], expected_version=True, recorded_at=AT)
    with pytest.raises(ValueError, match="negative"):
        store.read("t1", after=-1)
    assert store.streams() == []


def test_a_stream_name_with_a_nul_character_is_refused(store: EventStore) -> None:
    """No store keeps one (PostgreSQL's text cannot), so none accepts one, and none has one."""
    with pytest.raises(ParseError, match="NUL"):
        store.append("t\x001", [registered("Ana")], expected_version=0, recorded_at=AT)
    with pytest.raises(ParseError, match="NUL"):
        store.save_snapshot("t\x001", 1, {})
    assert (store.streams(), store.version("t\x001"), store.read("t\x001")) == ([], 0, [])
    assert store.load_snapshot("t\x001") is None


def test_an_empty_batch_checks_the_version_and_writes_nothing(store: EventStore) -> None:
    assert store.append("t1", [], expected_version=0, recorded_at=AT) == 0
    assert store.streams() == []
    store.append("t1", [registered("Ana")], expected_version=0, recorded_at=AT)
    assert store.append("t1", [], expected_version=1, recorded_at=AT) == 1
    with pytest.raises(ConflictError):
        store.append("t1", [], expected_version=0, recorded_at=AT)


def test_read_after_a_version(store: EventStore) -> None:
    store.append("t1", [registered(name) for name in "ABCD"], expected_version=0, recorded_at=AT)
    assert [event.version for event in store.read("t1", after=0)] == [1, 2, 3, 4]
    assert [event.version for event in store.read("t1", after=2)] == [3, 4]
    assert [event.data["player"] for event in store.read("t1", after=3)] == ["D"]
    assert store.read("t1", after=4) == []
    assert store.read("t1", after=10) == []


def test_json_values_round_trip(store: EventStore) -> None:
    data = {
        "text": "Éric — 🂡",
        "int": -(2**62),
        "float": 0.1,
        "bool": True,
        "none": None,
        "list": [1, [2, 3], {"k": []}],
        "dict": {"": 0, "nested": {"deep": False}},
    }
    store.append("t1", [NewEvent("chips-counted", data)], expected_version=0, recorded_at=AT)
    assert store.read("t1")[0].data == data


def test_tuples_come_back_as_lists_and_any_mapping_is_accepted(store: EventStore) -> None:
    data = MappingProxyType({"seats": (1, 2), "inner": MappingProxyType({"x": (3,)})})
    store.append("t1", [NewEvent("table-opened", data)], expected_version=0, recorded_at=AT)
    assert store.read("t1")[0].data == {"seats": [1, 2], "inner": {"x": [3]}}


def test_the_store_keeps_its_own_copy_of_the_data(store: EventStore) -> None:
    data: dict[str, Any] = {"players": ["Ana"]}
    store.append("t1", [NewEvent("table-opened", data)], expected_version=0, recorded_at=AT)
    data["players"].append("Bo")
    read = store.read("t1")[0].data
    read["players"].append("Cy")
    assert store.read("t1")[0].data == {"players": ["Ana"]}


def test_snapshots_latest_version_wins(store: EventStore) -> None:
    assert store.load_snapshot("t1") is None
    store.append("t1", [registered(name) for name in "ABC"], expected_version=0, recorded_at=AT)
    store.save_snapshot("t1", 1, {"players": ["A"]})
    assert store.load_snapshot("t1") == (1, {"players": ["A"]})
    store.save_snapshot("t1", 3, {"players": ["A", "B", "C"]})
    store.save_snapshot("t1", 2, {"players": ["A", "B"]})
    assert store.load_snapshot("t1") == (3, {"players": ["A", "B", "C"]})
    store.save_snapshot("t1", 3, {"players": ["A", "B", "C"], "format": 2})
    assert store.load_snapshot("t1") == (3, {"players": ["A", "B", "C"], "format": 2})
    assert store.load_snapshot("t2") is None


@pytest.mark.parametrize("version", [0, 4, -1])
def test_a_snapshot_must_match_an_event_of_the_stream(store: EventStore, version: int) -> None:
    store.append("t1", [registered(name) for name in "ABC"], expected_version=0, recorded_at=AT)
    with pytest.raises(ValueError, match="'t1'"):
        store.save_snapshot("t1", version, {})
    with pytest.raises(ValueError, match="no events"):
        store.save_snapshot("t2", 1, {})
    assert store.load_snapshot("t1") is None


@pytest.mark.parametrize("version", [True, "1", 1.0, None])
def test_a_snapshot_version_must_be_an_int(store: EventStore, version: Any) -> None:
    store.append("t1", [registered("Ana")], expected_version=0, recorded_at=AT)
    with pytest.raises(TypeError, match="snapshot version must be an int"):
        store.save_snapshot("t1", version, {})
    assert store.load_snapshot("t1") is None


def test_a_snapshot_needs_a_stream_name(store: EventStore) -> None:
    with pytest.raises(ParseError, match="empty"):
        store.save_snapshot("", 1, {})
    assert store.streams() == []


def test_a_snapshot_belongs_to_its_stream(store: EventStore) -> None:
    store.append("t1", [registered(name) for name in "AB"], expected_version=0, recorded_at=AT)
    store.append("t2", [registered("C")], expected_version=0, recorded_at=AT)
    store.save_snapshot("t1", 2, {"players": ["A", "B"]})
    store.save_snapshot("t2", 1, {"players": ["C"]})
    assert store.load_snapshot("t1") == (2, {"players": ["A", "B"]})
    assert store.load_snapshot("t2") == (1, {"players": ["C"]})
    with pytest.raises(ValueError, match=r"'t2' at version 2: its versions are 1 to 1"):
        store.save_snapshot("t2", 2, {})


def test_a_snapshot_state_must_be_json(store: EventStore) -> None:
    store.append("t1", [registered("Ana")], expected_version=0, recorded_at=AT)
    with pytest.raises(TypeError, match="snapshot"):
        store.save_snapshot("t1", 1, {"players": {"Ana"}})
    assert store.load_snapshot("t1") is None


def test_a_closed_store_refuses_every_call(store: EventStore) -> None:
    store.append("t1", [registered("Ana")], expected_version=0, recorded_at=AT)
    store.close()
    store.close()
    calls: list[Callable[[], object]] = [
        lambda: store.append("t1", [registered("Bo")], expected_version=1, recorded_at=AT),
        lambda: store.read("t1"),
        lambda: store.version("t1"),
        lambda: store.streams(),
        lambda: store.save_snapshot("t1", 1, {}),
        lambda: store.load_snapshot("t1"),
    ]
    for call in calls:
        with pytest.raises(ValueError, match="closed"):
            call()


# -- records kept with a batch (a form's key with its command: web.form_keys) ---------------------

KEY = ("form-key", "t1/desk-1", {"made": "t1", "at": AT})


def test_records_given_to_append_are_kept_with_the_events(store: EventStore) -> None:
    assert store.append(
        "t1", [registered("Ana")], expected_version=0, recorded_at=AT, records=[KEY]
    )
    assert store.get_record("form-key", "t1/desk-1") == {"made": "t1", "at": AT}
    assert store.records("form-key") == [("t1/desk-1", {"made": "t1", "at": AT})]


def test_records_are_not_kept_when_the_events_are_not(store: EventStore) -> None:
    store.append("t1", [registered("Ana")], expected_version=0, recorded_at=AT)
    with pytest.raises(ConflictError):
        store.append("t1", [registered("Bo")], expected_version=0, recorded_at=AT, records=[KEY])
    assert store.append("t1", [], expected_version=1, recorded_at=AT, records=[KEY]) == 1
    with pytest.raises(ParseError):  # a record that cannot be kept: no event either
        store.append(
            "t1",
            [registered("Cy")],
            expected_version=1,
            recorded_at=AT,
            records=[KEY, ("", "k", {})],
        )
    assert store.get_record("form-key", "t1/desk-1") is None
    assert [event.data["player"] for event in store.read("t1")] == ["Ana"]
