"""What makes a copy of the event file a sound backup: it is whole, it replays, it is the source.

``check_copy(copy, source)`` reads a copy of the SQLite event store (a backup, or a file about to
become the event file) and raises ``ParseError`` with the stream and the version at fault unless:

- SQLite's integrity check finds nothing wrong, and every stream's events are numbered 1, 2, 3...
  with none missing;
- with a ``source`` (the event file it was copied from): the copy holds exactly the source's
  events up to the copy's last one (the store numbers every event across streams; events are never
  changed, so the source's first events are still those the copy took, even while it is written);
- every tournament, league and table stream replays without error (``replay=True``), and, with a
  source, each replayed tournament and league equals the source's replayed at the same version.

The other streams (the web app's settings, the seat links) are checked event by event only.
Replaying is the costly part; ``known`` names streams already replayed at a version in an
earlier check of the same source, which need not be replayed again while their version holds.
"""

from __future__ import annotations

import contextlib
import datetime
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pokertd.errors import ParseError
from pokertd.league import events as league_events
from pokertd.league.aggregate import League
from pokertd.messages import Message, message
from pokertd.rules import Profile
from pokertd.store import SQLiteEventStore, StoredEvent
from pokertd.table import LiveTable
from pokertd.table import events as table_events
from pokertd.tournament import events as tournament_events
from pokertd.tournament.aggregate import Tournament

__all__ = ["Checked", "CopyError", "StreamCopy", "check_copy"]

_TOURNAMENT = re.compile(r"tournament-\d+")
_LEAGUE = re.compile(r"league-\d+")
_TABLE = re.compile(r"table-(tournament-\d+)-(\d+)")


class CopyError(ParseError):
    """A fault ``check_copy`` found in a copy (the store's own errors name the file instead)."""


@dataclass(frozen=True, slots=True)
class StreamCopy:
    """One stream of a checked copy: its name, its kind and its version (number of events)."""

    stream: str
    kind: str  # tournament, league, table or other
    version: int

    def to_dict(self) -> dict[str, Any]:
        """Return the stream as JSON.

        >>> StreamCopy("tournament-1", "tournament", 12).to_dict()
        {'stream': 'tournament-1', 'kind': 'tournament', 'version': 12}
        """
        return {"stream": self.stream, "kind": self.kind, "version": self.version}


@dataclass(frozen=True, slots=True)
class Checked:
    """What a check found: a sound copy holding these streams, ``events`` events in all, the
    last numbered ``position`` in the store; ``replayed`` tells whether its streams were
    replayed and ``compared`` whether it was compared with its source."""

    streams: tuple[StreamCopy, ...]
    events: int
    position: int
    replayed: bool
    compared: bool

    def count(self, kind: str) -> int:
        """Return how many streams of ``kind`` the copy holds.

        >>> Checked((StreamCopy("tournament-1", "tournament", 3),), 3, 3, True, False).count(
        ...     "tournament")
        1
        """
        return sum(stream.kind == kind for stream in self.streams)

    def versions(self) -> dict[str, int]:
        """Return each stream's version, by name."""
        return {stream.stream: stream.version for stream in self.streams}


def kind_of(stream: str) -> str:
    """Return the kind of a stream from its name.

    >>> names = ("tournament-2", "league-1", "table-tournament-2-3", "seat-links")
    >>> [kind_of(name) for name in names]
    ['tournament', 'league', 'table', 'other']
    """
    if _TOURNAMENT.fullmatch(stream):
        return "tournament"
    if _LEAGUE.fullmatch(stream):
        return "league"
    return "table" if _TABLE.fullmatch(stream) else "other"


def check_copy(
    copy: SQLiteEventStore,
    source: SQLiteEventStore | None = None,
    *,
    replay: bool = True,
    known: Mapping[str, int] | None = None,
) -> Checked:
    """Check the store ``copy`` (see the module's docstring); return what it holds.

    Events are compared as stored (their JSON text), and decoded only to be replayed, or, when
    there is no source to compare with, to be read once.

    Raises CopyError (a ParseError), in English and French, naming the first fault found, and
    what the store raises for a file too damaged to be read.
    """
    problems = copy.problems()
    if problems:
        first = " ".join(problems[0].split())  # SQLite's report spans lines: one line here
        raise CopyError(
            message("the file is damaged (SQLite integrity check: {first})", first=first)
        )
    names = _ordered(copy.streams())
    position = copy.last_position()
    if source is not None:
        _same_streams(names, source, position)
    replayer = _Replayer(copy, source, dict(known or {}))
    found = []
    for stream in names:
        rows = copy.rows(stream)
        _numbered(stream, rows)
        if source is not None:
            _same_events(stream, rows, source.rows(stream), position)
        if replay and replayer.replays(stream, len(rows)):
            with _faults(stream, reading=True):
                history = copy.read(stream)
            replayer.check(stream, history)
        elif source is None:
            with _faults(stream, reading=True):
                copy.read(stream)
        found.append(StreamCopy(stream, kind_of(stream), len(rows)))
    total = sum(stream.version for stream in found)
    return Checked(tuple(found), total, position, replay, source is not None)


def _ordered(streams: Sequence[str]) -> list[str]:
    """Tournaments first (a table needs its tournament's profile), then the rest, in order."""
    return sorted(streams, key=lambda stream: kind_of(stream) != "tournament")


def _numbered(stream: str, rows: list[Row]) -> None:
    """Raise unless the events of ``stream`` are numbered 1, 2, 3... with none missing."""
    for expected, row in enumerate(rows, start=1):
        if row[0] != expected:
            raise CopyError(
                message("{stream}: event {expected} is missing", stream=stream, expected=expected)
            )


def _same_streams(names: Sequence[str], source: SQLiteEventStore, position: int) -> None:
    """Raise unless the copy has every stream the source had when it was copied."""
    copied = set(names)
    for stream in source.streams():
        first = [] if stream in copied else source.rows(stream)[:1]
        if first and first[0][4] <= position:
            raise CopyError(
                message("the backup lacks the stream {stream} of the event file", stream=stream)
            )


#: An event as stored: version, type, JSON text, recorded_at, position.
Row = tuple[int, str, str, str, int]


def _same_events(stream: str, copied: list[Row], original: list[Row], position: int) -> None:
    """Raise unless ``copied`` are all the events of ``stream`` the source had stored up to
    ``position`` (the copy's last event), exactly as stored."""
    for row in copied:
        version = row[0]
        if version > len(original) or original[version - 1] != row:
            raise CopyError(
                message(
                    "{stream}, event {version}: the backup differs from the event file",
                    stream=stream,
                    version=version,
                )
            )
    following = original[len(copied) : len(copied) + 1]
    if following and following[0][4] <= position:
        version = following[0][0]
        raise CopyError(
            message(
                "{stream}: the backup lacks event {version} of the event file",
                stream=stream,
                version=version,
            )
        )


class _Replayer:
    """Replays the streams of a copy, and those of its source at the same version to compare."""

    def __init__(
        self, copy: SQLiteEventStore, source: SQLiteEventStore | None, known: dict[str, int]
    ) -> None:
        self._copy, self._source, self._known = copy, source, known
        self._profiles: dict[str, Profile] = {}

    def replays(self, stream: str, version: int) -> bool:
        """Whether ``stream`` is to be replayed: an aggregate's or a table's, not already
        replayed at this version."""
        return kind_of(stream) != "other" and self._known.get(stream) != version

    def check(self, stream: str, history: list[StoredEvent]) -> None:
        """Replay one stream of the copy; compare a tournament or a league with the source's,
        replayed up to the same version."""
        kind = kind_of(stream)
        if kind == "table":
            _replay_table(stream, history, self._profile(stream))
            return
        decode, replay = _AGGREGATES[kind]
        aggregate = _replayed(stream, history, decode, replay)
        if isinstance(aggregate, Tournament):
            self._profiles[stream] = aggregate.state.profile
        if self._source is None:
            return
        original = self._source.read(stream)[: len(history)]
        if _replayed(stream, original, decode, replay).state != aggregate.state:
            raise CopyError(
                message(
                    "{stream}: the backup replays to another state than the event "
                    "file's at version {count}",
                    stream=stream,
                    count=len(history),
                )
            )

    def _profile(self, table_stream: str) -> Profile:
        """Return the profile of a table's tournament (replayed for it if it was known)."""
        match = _TABLE.fullmatch(table_stream)
        assert match is not None
        tournament = match.group(1)
        if tournament not in self._profiles:
            history = self._copy.read(tournament)
            if not history:
                raise CopyError(
                    message(
                        "{table_stream}: the backup has no {tournament} for this table",
                        table_stream=table_stream,
                        tournament=tournament,
                    )
                )
            decode, replay = _AGGREGATES["tournament"]
            self._profiles[tournament] = _replayed(
                tournament, history, decode, replay
            ).state.profile
        return self._profiles[tournament]


Decode = Callable[[str, Mapping[str, Any]], Any]
Replay = Callable[[list[Any]], Any]

#: How to replay each kind of aggregate stream: decode its events, then rebuild it.
_AGGREGATES: dict[str, tuple[Decode, Replay]] = {
    "tournament": (tournament_events.from_data, Tournament.replay),
    "league": (league_events.from_data, League.replay),
}


def _replayed(stream: str, history: list[StoredEvent], decode: Decode, replay: Replay) -> Any:
    """Decode and replay a tournament or a league; raise ParseError naming what failed."""
    decoded = []
    for event in history:
        with _faults(stream, event.version):
            decoded.append(decode(event.type, event.data))
    with _faults(stream, None):
        return replay(decoded)


def _replay_table(stream: str, history: list[StoredEvent], profile: Profile) -> None:
    """Replay every hand of a table's stream on the engine, event by event."""
    match = _TABLE.fullmatch(stream)
    assert match is not None
    table = LiveTable(int(match.group(2)), profile)
    for event in history:
        with _faults(stream, event.version):
            at = datetime.datetime.fromisoformat(event.recorded_at)
            table.apply(table_events.from_data(event.type, event.data), at)


@contextlib.contextmanager
def _faults(stream: str, version: int | None = None, *, reading: bool = False) -> Iterator[None]:
    """Turn any failure while reading or replaying a stream into a ParseError naming it.

    Replaying runs the domain's code on data read from a file, which may raise anything (a
    missing key, a rule refusing a move), and damaged data may not even decode: each failure
    means the same here, that this stream cannot be trusted.
    """
    try:
        yield
    except Exception as error:
        where: Message | str = stream
        if version is not None:
            where = message("{stream}, event {version}", stream=stream, version=version)
        text = str(error) or type(error).__name__
        if reading:
            raise CopyError(
                message("{where} cannot be read: {text}", where=where, text=text)
            ) from error
        raise CopyError(
            message("{where} does not replay: {text}", where=where, text=text)
        ) from error
