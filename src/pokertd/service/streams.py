"""Aggregates kept in event-store streams: replayed once, then caught up with what was stored, and
``StreamService``, the one service of every kind (tournaments, leagues).

``Streams.load`` returns the aggregate of a stream, from the cache while nobody else wrote, caught
up with the new events when someone did; ``Streams.store_events`` appends a command's events with
the version they were decided at and applies them (a ``ConflictError`` there means another writer
came first: the cache is dropped so that the caller can reload and try again).

With ``Snapshots`` (the tournaments), a stream not in the cache is loaded from its latest snapshot
and the events after it, the events before it read only when asked for; a snapshot written by
another version of pokertd, or damaged, is ignored (and logged) and every event replayed. A
snapshot is saved each time the stream passes a multiple of ``Snapshots.every`` events, and after
a stream that long was replayed from its first event, through ``Snapshots.defer`` (the web server
saves it once the command is answered).
"""

from __future__ import annotations

import abc
import datetime
import logging
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from pokertd.errors import ConflictError, NotFoundError
from pokertd.messages import Message, message
from pokertd.store import DamagedEventError, EventStore, NewEvent, StoredEvent
from pokertd.store.base import Record

#: How many times a command is decided again when another writer (the CLI, the server) stored
#: events in between: each time from the events just stored, so each try is quick.
ATTEMPTS = 12

#: Events between two snapshots of a stream: loading replays at most this many after the latest.
SNAPSHOT_EVERY = 1_000

LOG = logging.getLogger("pokertd.service")


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


def run_now(work: Callable[[], None]) -> None:
    """Do ``work`` at once (the default ``Snapshots.defer``)."""
    work()


@dataclass(frozen=True)
class Snapshots(Generic[A]):
    """How the aggregates of a kind are saved in snapshots and started from one.

    ``encode(aggregate)`` gives the JSON data of a snapshot; ``resume(data, version, before)``
    gives the aggregate at ``version`` from that data (``before()`` reads the events up to
    ``version`` when they are asked for) and raises ValueError for data it cannot use (another
    version of pokertd, a damaged snapshot). ``defer(work)`` runs the saving of a snapshot: at
    once by default, later in the web server (off the command's path).
    """

    encode: Callable[[A], dict[str, Any]]
    resume: Callable[[Mapping[str, Any], int, Callable[[], list[Any]]], A]
    every: int = SNAPSHOT_EVERY
    defer: Callable[[Callable[[], None]], None] = run_now


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
        snapshots: Snapshots[A] | None = None,
    ) -> None:
        self.store, self.prefix = store, prefix
        self._replay, self._decode, self._encode = replay, decode, encode
        self.snapshots = snapshots
        self._cache: dict[str, A] = {}
        #: Streams found damaged, at the version they had then: told again without rereading.
        self._damaged: dict[str, tuple[int, DamagedEventError]] = {}

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
        """Return the aggregate of ``stream`` as stored now.

        Raises DamagedEventError, naming the event, when an event of the stream cannot be read
        or does not apply (a damaged file): the other streams stay readable.
        """
        return self._load(stream, self.store.version(stream))

    def found(self, stream: str) -> A | None:
        """Return the aggregate of ``stream`` as stored now, None when it has no event (nothing
        is cached for it then); its version is asked of the store once, as ``load`` asks it."""
        stored_version = self.store.version(stream)
        return None if stored_version == 0 else self._load(stream, stored_version)

    def _load(self, stream: str, stored_version: int) -> A:
        """``load``, the stream's version in the store just read."""
        cached = self._cache.get(stream)
        if cached is not None and cached.version == stored_version:
            return cached
        damaged = self._damaged.get(stream)
        if damaged is not None and damaged[0] == stored_version:
            raise damaged[1]
        try:
            if cached is not None and cached.version < stored_version:
                new = self.store.read(stream, after=cached.version)
                for item, event in zip(new, self._decoded(new), strict=True):
                    _apply_one(cached, item, event)
                return cached
            loaded = self._from_snapshot(stream, stored_version)
            if loaded is None:
                loaded = self._replayed(stream, self._decoded(self.store.read(stream)))
                self._snapshot_after_replay(stream, loaded)
        except DamagedEventError as error:
            self._cache.pop(stream, None)
            self._damaged[stream] = (stored_version, error)
            raise
        self._cache[stream] = loaded
        return loaded

    def _snapshot_after_replay(self, stream: str, aggregate: A) -> None:
        """Save a snapshot of a long stream just replayed from its first event: a file written
        before snapshots, or whose snapshot was another version's, opens quickly from then on."""
        snapshots = self.snapshots
        if snapshots is not None and snapshots.every and aggregate.version >= snapshots.every:

            def save() -> None:
                self.save_snapshot(stream, aggregate)

            snapshots.defer(save)

    def _from_snapshot(self, stream: str, stored_version: int) -> A | None:
        """Return the aggregate from the stream's latest snapshot and the events after it, or
        None (replay every event) when there is none or it cannot be used: written by another
        version, damaged, or not leading to a state the events after it apply to."""
        if self.snapshots is None:
            return None
        try:
            found = self.store.load_snapshot(stream)
        except (ValueError, TypeError) as error:  # its JSON is damaged
            LOG.warning("the snapshot of %s is ignored: %s", stream, error)
            return None
        if found is None:
            return None
        version, data = found
        if version > stored_version:  # a file whose events were cut after it was taken
            LOG.warning("the snapshot of %s is ignored: it is after the last event", stream)
            return None
        try:
            aggregate = self.snapshots.resume(data, version, self._reader(stream, version))
            new = self.store.read(stream, after=version)
            aggregate.apply(self._decoded(new))
        except DamagedEventError:
            raise
        except Exception as error:  # a snapshot is only a shortcut: the replay says the truth
            LOG.warning("the snapshot of %s is ignored: %s", stream, error)
            return None
        return aggregate

    def _reader(self, stream: str, version: int) -> Callable[[], list[Any]]:
        """Return what reads the events of ``stream`` up to ``version``, decoded."""
        return lambda: self._decoded(self.store.read(stream)[:version])

    def _decoded(self, stored: Sequence[StoredEvent]) -> list[Any]:
        """Decode stored events; DamagedEventError names the first that cannot be."""
        decoded = []
        for item in stored:
            try:
                decoded.append(self._decode(item.type, item.data))
            except (ValueError, TypeError, KeyError) as error:  # ParseError is a ValueError
                raise DamagedEventError(item.stream, item.version, str(error)) from None
        return decoded

    def _replayed(self, stream: str, history: list[Any]) -> A:
        """Replay ``history``; when it fails, find the event that does not apply."""
        try:
            return self._replay(history)
        except Exception as error:  # the domain's code on data read from a file: anything
            found = self._replay([])
            for version, event in enumerate(history, start=1):
                try:
                    found.apply([event])
                except Exception as failure:  # told as the damage it is
                    why = f"it does not apply ({str(failure) or type(failure).__name__})"
                    raise DamagedEventError(stream, version, why) from None
            raise error  # not reproducible event by event: a bug, told as it is

    def cached_version(self, stream: str) -> int | None:
        """Return the version of the aggregate kept in memory (None if none is): behind the
        store's when another process wrote."""
        cached = self._cache.get(stream)
        return None if cached is None else cached.version

    def store_events(
        self,
        stream: str,
        aggregate: A,
        new_events: Sequence[Named],
        now: datetime.datetime,
        receipt: Receipt | None = None,
    ) -> None:
        """Append ``new_events`` at the version ``aggregate`` decided them, then apply them;
        the ``receipt`` is kept with them, in the same transaction.

        Raises ConflictError (and forgets the cached aggregate) when another writer came first.
        """
        at = now.astimezone(datetime.UTC).isoformat()
        kept = () if receipt is None else [receipt.record(stream, at)]
        try:
            self.store.append(
                stream,
                [NewEvent(event.name, self._encode(event)) for event in new_events],
                expected_version=aggregate.version,
                recorded_at=at,
                records=kept,
            )
        except ConflictError:
            self._cache.pop(stream, None)
            raise
        before = aggregate.version
        aggregate.apply(new_events)
        snapshots = self.snapshots
        if snapshots is not None and _passes(before, aggregate.version, snapshots.every):

            def save() -> None:
                self.save_snapshot(stream, aggregate)

            snapshots.defer(save)

    def save_snapshot(self, stream: str, aggregate: A) -> bool:
        """Save a snapshot of ``aggregate`` at its version; return whether it was saved.

        A snapshot that cannot be saved (the store closed meanwhile, a disk full) is logged and
        forgotten: it only saves time.
        """
        if self.snapshots is None:
            return False
        try:
            self.store.save_snapshot(stream, aggregate.version, self.snapshots.encode(aggregate))
        except Exception as error:  # anything: a snapshot lost is only time lost
            LOG.warning("no snapshot of %s at version %s: %s", stream, aggregate.version, error)
            return False
        return True


def _passes(before: int, after: int, every: int) -> bool:
    """Whether going from version ``before`` to ``after`` passes a multiple of ``every``."""
    return every > 0 and after // every > before // every


@dataclass(frozen=True, slots=True)
class Receipt:
    """The mark of who sent a command, kept with its events in the same transaction (the key
    of the form that sent it, ``web.form_keys``): it is in the store exactly when the command
    is, so a resend is recognised even after a crash or a restart. Kept as the store's record
    ``(kind, key)``: the stream the command went to (``made``) and when (``at``)."""

    kind: str
    key: str

    def record(self, stream: str, at: str) -> Record:
        """The store's record of this receipt, for a command stored in ``stream`` at ``at``."""
        return self.kind, self.key, {"made": stream, "at": at}


def _apply_one(aggregate: Aggregate, item: StoredEvent, event: Any) -> None:
    """Apply one event read from the store; DamagedEventError when it does not apply."""
    try:
        aggregate.apply([event])
    except Exception as failure:  # the domain's code on data read from a file: anything
        why = f"it does not apply ({str(failure) or type(failure).__name__})"
        raise DamagedEventError(item.stream, item.version, why) from None


E = TypeVar("E", bound=Named)
C = TypeVar("C")


@dataclass(frozen=True, slots=True)
class Outcome(Generic[E]):
    """What a command did: the stream's id, its new version and the events stored."""

    stream: str
    version: int
    events: tuple[E, ...]


Listener = Callable[[str, tuple[E, ...]], None]


class StreamService(Generic[A, C, E], abc.ABC):
    """The service of one kind of aggregate (tournaments, leagues): ids, lookup by id or number,
    loading, and commands handled, stored and told to listeners.

    A subclass says how its aggregate decides a command (``_decide``) and names its kind in
    the messages (``_none_yet``, ``_unknown``).
    A command is acknowledged once its events are stored.
    """

    def __init__(self, streams: Streams[A], *, now: Callable[[], datetime.datetime]) -> None:
        self.store = streams.store
        self._streams = streams
        self._now = now
        self._listeners: list[Listener[E]] = []

    @abc.abstractmethod
    def _none_yet(self) -> Message:
        """Return the message that there is no stream of this kind yet."""

    @abc.abstractmethod
    def _unknown(self, name: str) -> Message:
        """Return the message that there is no stream ``name`` of this kind."""

    @abc.abstractmethod
    def _decide(self, aggregate: A, command: C, now: datetime.datetime) -> Sequence[E]:
        """Return the events ``command`` causes on ``aggregate`` at ``now`` (or raise)."""

    def subscribe(self, listener: Listener[E]) -> None:
        """Call ``listener(stream_id, events)`` after every stored command (WebSocket push)."""
        self._listeners.append(listener)

    def ids(self) -> list[str]:
        """Return the ids of the streams of this kind, oldest first."""
        return self._streams.ids()

    def resolve(self, name: str | None) -> str:
        """Return a stream id from an id, a number, or None for the latest one.

        Raises NotFoundError when there is no such stream.
        """
        existing = self.ids()
        if name is None:
            if not existing:
                raise NotFoundError(self._none_yet())
            return existing[-1]
        prefix = self._streams.prefix
        stream = name if name.startswith(prefix) else f"{prefix}{name}"
        if stream not in existing:
            raise NotFoundError(self._unknown(name))
        return stream

    def load(self, stream: str) -> A:
        """Return the aggregate, replayed from the store (cached while nobody else writes)."""
        return self._streams.load(stream)

    def found(self, stream: str) -> A | None:
        """Return the aggregate as ``load`` does, None for a stream with no event (one version
        asked of the store, not two as a check before ``load`` would)."""
        return self._streams.found(stream)

    def execute(self, stream: str, command: C, *, receipt: Receipt | None = None) -> Outcome[E]:
        """Handle ``command`` now, store its events, and return them once stored (acknowledged).
        A ``receipt`` is stored with the events, in the same transaction (none when the command
        changes nothing).

        Raises what the aggregate raises (nothing is stored then), and ConflictError if another
        writer keeps changing the stream.
        """
        for _ in range(ATTEMPTS):
            aggregate = self.load(stream)
            now = self._now()
            new_events = self._decide(aggregate, command, now)
            if not new_events:
                return Outcome(stream, aggregate.version, ())
            try:
                self._streams.store_events(stream, aggregate, new_events, now, receipt)
            except ConflictError:
                continue  # someone else wrote: reload and retry
            stored = tuple(new_events)
            for listener in self._listeners:
                listener(stream, stored)
            return Outcome(stream, aggregate.version, stored)
        raise ConflictError(
            message("{stream} keeps changing under this command; try again", stream=stream)
        )
