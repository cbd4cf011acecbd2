"""The event store contract: append with an expected version, read, snapshots.

A store holds named *streams* (one per tournament, say). Each stream is an append-only list of
events numbered 1, 2, 3... Every event also gets a *position*, increasing across all streams in
the order they were appended. Nothing is ever updated or deleted: an undo is a compensating event.

Optimistic concurrency: a writer states the version it believes the stream is at
(``expected_version``, 0 for a new stream). If another writer got there first, the append raises
:class:`~pokertd.errors.ConflictError` and writes nothing; the writer reloads and retries.

Event data and snapshot states are JSON: ``str``, ``int``, ``float`` (finite), ``bool``, ``None``,
lists and dicts with string keys. Tuples are accepted and come back as lists; any other value
raises ``TypeError`` before anything is written.

The store never reads the clock: ``recorded_at`` is an ISO-8601 UTC timestamp given by the
caller (the service takes it from its runtime clock).

:class:`EventStore` is an abstract base class: its public methods check the arguments, encode
and decode the JSON and refuse a closed store, so every implementation behaves the same; an
implementation writes the few hooks that store and fetch encoded rows (``_append_encoded``,
``_read_rows``, ``_stream_version``, ``_stream_names``, ``_save_encoded_snapshot``,
``_load_encoded_snapshot``, ``_close``). ``tests/store/test_event_store.py`` runs the same
contract tests against each one.

Beside the log, a store keeps a few *records*: small JSON documents under a ``(kind, key)`` that
can be replaced and deleted (the club's register of people, ``kind="person"``). They are the one
place where data may be forgotten: a name kept there, and only a pseudonymous id in the events,
can be erased without rewriting the append-only history (docs/privacy.md). ``append`` may also
keep records in the same transaction as its events, both or neither: the key of the form that
sent a command (``web.form_keys``) is there exactly when the command is.
"""

from __future__ import annotations

import abc
import datetime
import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pokertd.errors import ConflictError, ParseError
from pokertd.messages import message

__all__ = ["DamagedEventError", "EventStore", "NewEvent", "RecordMovedError", "StoredEvent"]

#: An event as the store writes it: ``(type, JSON data)``.
EncodedEvent = tuple[str, str]
#: An event as the store reads it back: ``(version, type, JSON data, recorded_at, position)``.
EncodedRow = tuple[int, str, str, str, int]
#: A record kept with a batch of events (``append``'s ``records``): ``(kind, key, data)``.
Record = tuple[str, str, Mapping[str, Any]]
#: A record as the store writes it: ``(kind, key, JSON data)``.
EncodedRecord = tuple[str, str, str]


@dataclass(frozen=True, slots=True)
class NewEvent:
    """An event to append: its kebab-case ``type`` and its JSON ``data``.

    >>> NewEvent("player-registered", {"player": "Ana", "seat": 3})
    NewEvent(type='player-registered', data={'player': 'Ana', 'seat': 3})
    """

    type: str
    data: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """An event as stored: where it is (``stream``, ``version``, ``position``) and when it was
    recorded (``recorded_at``, as given to :meth:`EventStore.append`).

    >>> from pokertd.store import MemoryEventStore
    >>> store = MemoryEventStore()
    >>> _ = store.append("t1", [NewEvent("level-started", {"level": 1})], expected_version=0,
    ...                  recorded_at="2024-05-01T18:30:00+00:00")
    >>> store.read("t1")[0]  # doctest: +NORMALIZE_WHITESPACE
    StoredEvent(stream='t1', version=1, type='level-started', data={'level': 1},
                recorded_at='2024-05-01T18:30:00+00:00', position=1)
    """

    stream: str
    version: int
    type: str
    data: Mapping[str, Any]
    recorded_at: str
    position: int


class RecordMovedError(ConflictError):
    """A record written since it was read (``EventStore.swap_record``): nothing was written;
    read it again and change what is there."""


class DamagedEventError(ParseError):
    """A stored event that cannot be read back: ``stream``, its ``version``, and why.

    The other streams stay readable; ``pokertd check`` lists every damaged event of a file and
    ``pokertd check --repair`` removes them after a backup.

    >>> str(DamagedEventError("tournament-1", 3, "not JSON"))
    'event 3 of tournament-1 is damaged: not JSON'
    """

    def __init__(self, stream: str, version: int, why: str) -> None:
        super().__init__(
            message(
                "event {version} of {stream} is damaged: {why}",
                version=version,
                stream=stream,
                why=why,
            )
        )
        self.stream, self.version, self.why = stream, version, why


class EventStore(abc.ABC):
    """An append-only event log: what the service writes to and replays from.

    The public methods check every argument, encode and decode the JSON and refuse a closed
    store, here, once; an implementation only stores the encoded rows, through the abstract
    hooks below (``_append_encoded``, ``_read_rows``, ...). Implementations:
    :class:`~pokertd.store.MemoryEventStore` (tests, simulations) and
    :class:`~pokertd.store.SQLiteEventStore` (a file, durable once ``append`` returns). A store
    object is used from one thread.

    >>> from pokertd.store import open_store
    >>> store: EventStore = open_store(None)
    >>> store.version("t1")
    0
    """

    def __init__(self) -> None:
        self._is_closed = False

    def append(
        self,
        stream: str,
        events: Sequence[NewEvent],
        *,
        expected_version: int,
        recorded_at: str,
        records: Sequence[Record] = (),
    ) -> int:
        """Append ``events`` to ``stream`` atomically (all or none); return the new version.

        ``expected_version`` is the version the caller read (0 for a new stream). An empty
        batch writes nothing and returns the version, after the same check. ``records``
        (``(kind, key, data)``, as ``put_record`` keeps them) are kept in the same transaction
        as the events: all of them with the events, or none (a conflict, an empty batch, a
        failure).

        Raises ``ConflictError`` if the stream is not at ``expected_version`` (nothing is
        written), ``TypeError`` if some data is not JSON, ``ParseError`` for an empty stream name,
        a type that is not kebab-case or a ``recorded_at`` that is not an ISO-8601 UTC timestamp,
        ``ValueError`` for a negative ``expected_version``.

        >>> from pokertd.store import MemoryEventStore
        >>> store = MemoryEventStore()
        >>> store.append("t1", [NewEvent("player-registered", {"player": "Ana"}),
        ...                     NewEvent("player-registered", {"player": "Bo"})],
        ...              expected_version=0, recorded_at="2024-05-01T18:30:00Z")
        2
        >>> store.append("t1", [NewEvent("player-registered", {"player": "Cy"})],
        ...              expected_version=1, recorded_at="2024-05-01T18:31:00Z")
        Traceback (most recent call last):
        ...
        pokertd.errors.ConflictError: stream 't1' is at version 2, not the expected version 1
        """
        self._check_open()
        rows = _encode_batch(stream, events, expected_version, recorded_at)
        kept = [_encode_record(kind, key, data) for kind, key, data in records]
        found = self._append_encoded(stream, rows, expected_version, recorded_at, kept)
        _check_version(stream, expected_version, found)
        return found + len(rows)

    def read(self, stream: str, *, after: int = 0) -> list[StoredEvent]:
        """Return the events of ``stream`` with a version above ``after``, oldest first.

        An unknown stream has no events. Raises ``ValueError`` for a negative ``after``.

        >>> from pokertd.store import MemoryEventStore
        >>> store = MemoryEventStore()
        >>> _ = store.append("t1", [NewEvent("a-happened", {}), NewEvent("b-happened", {})],
        ...                  expected_version=0, recorded_at="2024-05-01T18:30:00Z")
        >>> [event.type for event in store.read("t1", after=1)]
        ['b-happened']
        """
        self._check_open()
        _check_count("after", after)
        return [
            StoredEvent(stream, version, kind, _decode_row(stream, version, data), at, position)
            for version, kind, data, at, position in self._read_rows(stream, after)
        ]

    def version(self, stream: str) -> int:
        """Return the version of ``stream``: its number of events, 0 if it is unknown.

        >>> from pokertd.store import MemoryEventStore
        >>> MemoryEventStore().version("nowhere")
        0
        """
        self._check_open()
        return self._stream_version(stream)

    def streams(self) -> list[str]:
        """Return the names of the streams that have events, in the order they were created.

        >>> from pokertd.store import MemoryEventStore
        >>> store = MemoryEventStore()
        >>> for name in ("t2", "t1"):
        ...     _ = store.append(name, [NewEvent("tournament-created", {})], expected_version=0,
        ...                      recorded_at="2024-05-01T18:30:00Z")
        >>> store.streams()
        ['t2', 't1']
        """
        self._check_open()
        return self._stream_names()

    def save_snapshot(self, stream: str, version: int, state: Mapping[str, Any]) -> None:
        """Save ``state``, the JSON state of ``stream`` after its event ``version``.

        A snapshot only saves replaying time: the events stay the truth. Saving again at the same
        version replaces that snapshot; saving one deletes the stream's older ones (only the
        newest is ever read). Raises ``ValueError`` unless ``1 <= version <=``
        the stream's version, ``TypeError`` if ``state`` is not JSON.

        >>> from pokertd.store import MemoryEventStore
        >>> store = MemoryEventStore()
        >>> _ = store.append("t1", [NewEvent("level-started", {"level": 1})],
        ...                  expected_version=0, recorded_at="2024-05-01T18:30:00Z")
        >>> store.save_snapshot("t1", 1, {"level": 1})
        >>> store.load_snapshot("t1")
        (1, {'level': 1})
        """
        self._check_open()
        _check_stream(stream)
        text = _encode(state, "the snapshot state")
        _check_int("a snapshot version", version)
        if version >= 1:
            found = self._save_encoded_snapshot(stream, version, text)
        else:
            found = self._stream_version(stream)  # only to say which versions there are
        _check_snapshot_version(stream, version, found)

    def load_snapshot(self, stream: str) -> tuple[int, Mapping[str, Any]] | None:
        """Return ``(version, state)`` of the snapshot of ``stream`` with the highest version.

        ``None`` if there is none; replay the events after ``version`` to bring it up to date.

        >>> from pokertd.store import MemoryEventStore
        >>> MemoryEventStore().load_snapshot("t1") is None
        True
        """
        self._check_open()
        found = self._load_encoded_snapshot(stream)
        if found is None:
            return None
        version, text = found
        return version, _decode(text)

    def put_record(self, kind: str, key: str, data: Mapping[str, Any]) -> None:
        """Keep ``data`` as the record ``key`` of ``kind``, replacing the one there.

        Records are mutable, outside the event log: what may be corrected or forgotten (a
        person's name and contact). Raises ``ParseError`` for an empty kind or key, ``TypeError``
        if ``data`` is not JSON.

        >>> from pokertd.store import MemoryEventStore
        >>> store = MemoryEventStore()
        >>> store.put_record("person", "P-1", {"name": "Ana"})
        >>> store.put_record("person", "P-1", {"name": "Anna"})
        >>> store.get_record("person", "P-1")
        {'name': 'Anna'}
        """
        self._check_open()
        _check_record_key(kind, key)
        self._put_record(kind, key, _encode(data, f"the record {key!r}"))

    def get_record(self, kind: str, key: str) -> dict[str, Any] | None:
        """Return the record ``key`` of ``kind``, or ``None``.

        >>> from pokertd.store import MemoryEventStore
        >>> MemoryEventStore().get_record("person", "P-1") is None
        True
        """
        self._check_open()
        _check_record_key(kind, key)
        text = self._get_record(kind, key)
        return None if text is None else _decode(text)

    def read_record(self, kind: str, key: str) -> tuple[dict[str, Any] | None, int]:
        """Return the record ``key`` of ``kind`` and its version (``None`` and 0: no record).

        The version moves at every write of the record (``put_record``, ``swap_record``, a
        record kept by ``append``); ``swap_record`` writes only over the version it was given.

        >>> from pokertd.store import MemoryEventStore
        >>> store = MemoryEventStore()
        >>> store.read_record("signups", "t1")
        (None, 0)
        >>> store.put_record("signups", "t1", {"lines": []})
        >>> store.read_record("signups", "t1")
        ({'lines': []}, 1)
        """
        self._check_open()
        _check_record_key(kind, key)
        found = self._get_versioned_record(kind, key)
        return (None, 0) if found is None else (_decode(found[0]), found[1])

    def swap_record(
        self, kind: str, key: str, data: Mapping[str, Any], *, expected_version: int
    ) -> int:
        """Keep ``data`` as the record ``key`` of ``kind`` if its version is still
        ``expected_version`` (0: there is no record), as ``read_record`` gave it; return the new
        version. Compare and set, atomic in the store, so that two processes that read the
        same version cannot both write over it: the second is refused with
        ``RecordMovedError`` (nothing written), reads again and changes what it reads.

        >>> from pokertd.store import MemoryEventStore
        >>> store = MemoryEventStore()
        >>> store.swap_record("signups", "t1", {"lines": ["P-1"]}, expected_version=0)
        1
        >>> store.swap_record("signups", "t1", {"lines": ["P-2"]}, expected_version=0)
        Traceback (most recent call last):
        ...
        pokertd.store.base.RecordMovedError: the record 't1' of 'signups' changed since it was read
        >>> store.get_record("signups", "t1")
        {'lines': ['P-1']}
        """
        self._check_open()
        _check_record_key(kind, key)
        _check_count("expected_version", expected_version)
        encoded = _encode(data, f"the record {key!r}")
        version = self._swap_record(kind, key, encoded, expected_version)
        if version is None:
            raise RecordMovedError(
                message(
                    "the record {key!r} of {kind!r} changed since it was read",
                    key=key[:60],
                    kind=kind[:60],
                )
            )
        return version

    def records(self, kind: str) -> list[tuple[str, dict[str, Any]]]:
        """Return every record of ``kind`` as ``(key, data)``, by key.

        >>> from pokertd.store import MemoryEventStore
        >>> store = MemoryEventStore()
        >>> store.put_record("person", "P-2", {"name": "Bo"})
        >>> store.put_record("person", "P-1", {"name": "Ana"})
        >>> store.records("person")
        [('P-1', {'name': 'Ana'}), ('P-2', {'name': 'Bo'})]
        """
        self._check_open()
        _check_record_key(kind, "-")
        return [(key, _decode(text)) for key, text in self._record_rows(kind)]

    def delete_record(self, kind: str, key: str) -> bool:
        """Forget the record ``key`` of ``kind``; return whether there was one.

        >>> from pokertd.store import MemoryEventStore
        >>> store = MemoryEventStore()
        >>> store.put_record("person", "P-1", {"name": "Ana"})
        >>> store.delete_record("person", "P-1"), store.delete_record("person", "P-1")
        (True, False)
        """
        self._check_open()
        _check_record_key(kind, key)
        return self._delete_record(kind, key)

    def close(self) -> None:
        """Release the store; any later call but ``close`` raises ``ValueError``.

        >>> from pokertd.store import MemoryEventStore
        >>> store = MemoryEventStore()
        >>> store.close()
        >>> store.version("t1")
        Traceback (most recent call last):
        ...
        ValueError: the event store is closed
        """
        if self._is_closed:
            return
        try:
            self._close()
        finally:
            self._is_closed = True

    def _check_open(self) -> None:
        """Raise ``ValueError`` once the store is closed (implementations call it for extras)."""
        if self._is_closed:
            raise ValueError("the event store is closed")

    # --- What an implementation writes: the encoded rows in and out -------------------------
    # The arguments are checked: ``stream`` is a non-empty str, versions are ints of at least 0
    # (at least 1 for a snapshot), each row's type is kebab-case and its data JSON text.

    @abc.abstractmethod
    def _append_encoded(
        self,
        stream: str,
        rows: Sequence[EncodedEvent],
        expected_version: int,
        recorded_at: str,
        records: Sequence[EncodedRecord],
    ) -> int:
        """Atomically: if ``stream`` is at ``expected_version``, append ``rows`` (``(type, JSON
        data)``, none for an empty batch) as its next versions, with the next positions, and
        keep ``records`` (replacing those of the same kind and key) when rows were appended;
        then return the version the stream was at, whether or not it matched (a mismatch
        writes nothing: the caller raises ``ConflictError``)."""

    @abc.abstractmethod
    def _read_rows(self, stream: str, after: int) -> Iterable[EncodedRow]:
        """Return the events of ``stream`` above version ``after``, oldest first, as stored:
        ``(version, type, JSON data, recorded_at, position)``."""

    @abc.abstractmethod
    def _stream_version(self, stream: str) -> int:
        """Return the version of ``stream``, 0 if it has no events."""

    @abc.abstractmethod
    def _stream_names(self) -> list[str]:
        """Return the names of the streams with events, in the order they were created."""

    @abc.abstractmethod
    def _save_encoded_snapshot(self, stream: str, version: int, state: str) -> int:
        """Atomically: if ``stream`` has an event ``version`` (at least 1), save the JSON
        ``state`` as its snapshot at that version, replacing one already there; then return the
        stream's version, whether or not it was saved (the caller raises ``ValueError``)."""

    @abc.abstractmethod
    def _load_encoded_snapshot(self, stream: str) -> tuple[int, str] | None:
        """Return ``(version, JSON state)`` of the snapshot of ``stream`` with the highest
        version, or ``None``."""

    @abc.abstractmethod
    def _put_record(self, kind: str, key: str, data: str) -> None:
        """Keep the JSON ``data`` as record ``(kind, key)``, replacing it; durable on return."""

    @abc.abstractmethod
    def _get_record(self, kind: str, key: str) -> str | None:
        """Return the JSON of record ``(kind, key)``, or ``None``."""

    @abc.abstractmethod
    def _get_versioned_record(self, kind: str, key: str) -> tuple[str, int] | None:
        """The record's JSON text and version, or None."""

    @abc.abstractmethod
    def _swap_record(self, kind: str, key: str, data: str, expected: int) -> int | None:
        """Write the record if its version is ``expected`` (0: none), atomically; return the
        new version, or None (nothing written) when the version has moved."""

    @abc.abstractmethod
    def _record_rows(self, kind: str) -> list[tuple[str, str]]:
        """Return ``(key, JSON)`` of every record of ``kind``, ordered by key."""

    @abc.abstractmethod
    def _delete_record(self, kind: str, key: str) -> bool:
        """Delete record ``(kind, key)`` for good; return whether it was there."""

    @abc.abstractmethod
    def _close(self) -> None:
        """Release what the store holds; called once, by ``close``."""


# --- The checks and the JSON codec of EventStore's public methods ------------------------------

_KEBAB = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def _check_stream(stream: str) -> None:
    """Raise unless ``stream`` can name a stream to write to."""
    if not isinstance(stream, str):
        raise TypeError(f"a stream name must be a str, not {type(stream).__name__}")
    if not stream:
        raise ParseError("a stream name cannot be empty")
    if "\x00" in stream:  # no database text holds one (PostgreSQL refuses it)
        raise ParseError("a stream name cannot hold a NUL character")


def _check_record_key(kind: str, key: str) -> None:
    """Raise unless ``kind`` and ``key`` can name a record (non-empty text, no NUL)."""
    for name, value in (("record kind", kind), ("record key", key)):
        if not isinstance(value, str):
            raise TypeError(f"a {name} must be a str, not {type(value).__name__}")
        if not value or "\x00" in value or len(value) > 200:
            raise ParseError(f"a {name} must be 1 to 200 characters, without NUL")


def _encode_record(kind: str, key: str, data: Mapping[str, Any]) -> EncodedRecord:
    """Check a record kept by ``append`` and return it with its data as JSON text."""
    _check_record_key(kind, key)
    return kind, key, _encode(data, f"the record {key!r}")


def _check_int(name: str, value: int) -> None:
    """Raise ``TypeError`` unless ``value`` is an int (a bool is not)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")


def _check_count(name: str, value: int) -> None:
    """Raise unless ``value`` is an int at least 0 (a version or an ``after``)."""
    _check_int(name, value)
    if value < 0:
        raise ValueError(f"{name} cannot be negative, got {value}")


def _check_recorded_at(recorded_at: str) -> None:
    """Raise ``ParseError`` unless ``recorded_at`` is an ISO-8601 timestamp in UTC."""
    example = "e.g. '2024-05-01T18:30:00+00:00'"
    if not isinstance(recorded_at, str):
        raise TypeError(f"recorded_at must be a str ({example}), not {type(recorded_at).__name__}")
    try:
        moment = datetime.datetime.fromisoformat(recorded_at)
    except ValueError:
        raise ParseError(f"recorded_at {recorded_at!r} is not an ISO-8601 timestamp") from None
    if moment.utcoffset() != datetime.timedelta(0):
        raise ParseError(f"recorded_at {recorded_at!r} is not in UTC ({example})")


def _check_version(stream: str, expected: int, actual: int) -> None:
    """Raise ``ConflictError`` if the stream is not at the version the writer expects."""
    if expected != actual:
        raise ConflictError(
            f"stream {stream!r} is at version {actual}, not the expected version {expected}"
        )


def _check_snapshot_version(stream: str, version: int, current: int) -> None:
    """Raise ``ValueError`` unless a snapshot at ``version`` matches an event of the stream."""
    if not 1 <= version <= current:
        known = f"its versions are 1 to {current}" if current else "it has no events"
        raise ValueError(
            f"cannot save a snapshot of stream {stream!r} at version {version}: {known}"
        )


def _check_json(value: object, where: str) -> None:
    """Raise ``TypeError`` naming the place of the first value that JSON cannot hold."""
    if value is None or isinstance(value, str | int):  # bool is an int
        return
    if isinstance(value, float):
        if not math.isfinite(value):
            raise TypeError(f"{where} is {value!r}, which JSON cannot hold")
        return
    if isinstance(value, list | tuple):
        for index, item in enumerate(value):
            _check_json(item, f"{where}[{index}]")
        return
    if isinstance(value, Mapping):
        for key, item in value.items():
            if not isinstance(key, str):
                raise TypeError(f"{where} has the key {key!r}: JSON keys are str")
            _check_json(item, f"{where}[{key!r}]")
        return
    raise TypeError(f"{where} is a {type(value).__name__}, which JSON cannot hold")


def _as_dict(value: object) -> dict[str, Any]:
    """Let ``json.dumps`` write a mapping that is not a dict (``MappingProxyType``, ...)."""
    if isinstance(value, Mapping):
        return dict(value)
    raise TypeError(f"a {type(value).__name__} is not JSON")  # pragma: no cover - checked first


def _encode(value: Mapping[str, Any], where: str) -> str:
    """Return ``value`` as compact JSON text, or raise ``TypeError`` saying where it is not JSON."""
    if not isinstance(value, Mapping):
        raise TypeError(f"{where} must be a mapping, not a {type(value).__name__}")
    _check_json(value, where)
    try:
        text = json.dumps(
            value, ensure_ascii=False, allow_nan=False, separators=(",", ":"), default=_as_dict
        )
    except ValueError as error:  # e.g. an int too long to write as text
        raise TypeError(f"{where} cannot be written as JSON: {error}") from None
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # bytes that were no UTF-8, kept by Python as lone surrogates
        raise ParseError(
            message("some text is not valid UTF-8 (a name typed in another encoding?)")
        ) from None
    return text


def _decode(text: str) -> dict[str, Any]:
    """Return the mapping that :func:`_encode` wrote."""
    value: dict[str, Any] = json.loads(text)
    return value


def _decode_row(stream: str, version: int, text: str) -> dict[str, Any]:
    """Return an event's data, or raise ``DamagedEventError`` naming it when it is not the JSON
    object the store wrote (a damaged file, a hand-edited row)."""
    try:
        value = json.loads(text)
    except (ValueError, TypeError) as error:  # TypeError: a row that holds no text at all
        raise DamagedEventError(stream, version, f"its data is not JSON ({error})") from None
    if not isinstance(value, dict):
        raise DamagedEventError(stream, version, "its data is not a JSON object")
    return value


def _encode_batch(
    stream: str, events: Sequence[NewEvent], expected_version: int, recorded_at: str
) -> list[EncodedEvent]:
    """Check an ``append`` call and return each event as ``(type, JSON data)``.

    Everything is checked before a store changes anything, so a bad batch writes nothing.
    """
    _check_stream(stream)
    _check_count("expected_version", expected_version)
    _check_recorded_at(recorded_at)
    encoded = []
    for number, event in enumerate(events, start=1):
        if not isinstance(event, NewEvent):
            raise TypeError(
                f"event {number} of the batch is a {type(event).__name__}, not a NewEvent"
            )
        if not isinstance(event.type, str) or not _KEBAB.fullmatch(event.type):
            raise ParseError(
                f"event {number} of the batch has the type {event.type!r}, "
                "which is not a kebab-case name such as 'player-registered'"
            )
        encoded.append(
            (event.type, _encode(event.data, f"the data of event {number} ({event.type})"))
        )
    return encoded
