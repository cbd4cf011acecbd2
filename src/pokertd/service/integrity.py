"""``pokertd check``: find the damaged events of an event file, and repair it on request.

``damages(store)`` reads every stream of an SQLite event file and returns what cannot be trusted:
what SQLite's integrity check reports, events missing from a stream's numbering, and each event
that is not JSON, that its kind of stream cannot decode, or that does not apply (a tournament,
a league or a table replayed event by event). One damaged event never hides the others: every
stream is checked, and every event of a stream is decoded.

``repair(store, backup)`` first writes a copy of the whole file to ``backup`` (the damaged events
stay there, word for word), then removes each damaged event, the events after it moving up one
version, until every stream replays; it returns what it removed. Nothing is ever repaired
silently: ``pokertd check`` repairs only with ``--repair``, and says what it removed.
"""

from __future__ import annotations

import datetime
import json
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pokertd.league import events as league_events
from pokertd.league.aggregate import League
from pokertd.rules import DEFAULT_PROFILE, Profile, load
from pokertd.store import SQLiteEventStore
from pokertd.table import LiveTable
from pokertd.table import events as table_events
from pokertd.tournament import events as tournament_events
from pokertd.tournament.aggregate import Tournament

__all__ = ["Damage", "damages", "repair"]

_TABLE = re.compile(r"table-(tournament-\d+)-(\d+)")

#: An event as stored: version, type, JSON text, recorded_at, position.
Row = tuple[int, str, str, str, int]


@dataclass(frozen=True, slots=True)
class Damage:
    """A damaged event: its stream and version (0: the file or the stream as a whole), why, and
    its text as stored (to enter it again by hand after a repair)."""

    stream: str
    version: int
    why: str
    text: str = ""

    def to_dict(self) -> dict[str, Any]:
        """Return the damage as JSON.

        >>> Damage("tournament-1", 3, "its data is not JSON").to_dict()["version"]
        3
        """
        return {"stream": self.stream, "version": self.version, "why": self.why,
                "text": self.text}  # fmt: skip


def damages(store: SQLiteEventStore) -> list[Damage]:
    """Return every damage found in the file, stream by stream (tournaments first: a table
    needs its tournament's profile)."""
    found = [Damage("", 0, " ".join(problem.split())) for problem in store.problems()]
    profiles: dict[str, Profile] = {}
    streams = sorted(store.streams(), key=lambda stream: not stream.startswith("tournament-"))
    for stream in streams:
        found += stream_damages(store, stream, profiles)
    return found


def stream_damages(
    store: SQLiteEventStore, stream: str, profiles: dict[str, Profile] | None = None
) -> list[Damage]:
    """Return the damaged events of one stream (``profiles``: the tournaments' profiles, by
    stream, filled as tournaments are replayed)."""
    profiles = {} if profiles is None else profiles
    rows = store.rows(stream)
    found = [
        Damage(stream, expected, "the event is missing")
        for expected, row in enumerate(rows, start=1)
        if row[0] != expected
    ][:1]
    decoded: list[tuple[Row, Any]] = []
    for row in rows:
        try:
            decoded.append((row, _decode(stream, row, profiles)))
        except Exception as error:  # damaged data may raise anything while it is decoded
            found.append(Damage(stream, row[0], _why(error), row[2]))
    if not found:
        found += _replay_damages(stream, decoded, profiles)
    return found


def repair(store: SQLiteEventStore, backup: str | os.PathLike[str]) -> list[Damage]:
    """Write a copy of the file to ``backup``, then remove the damaged events; return them.

    Each pass removes the first damaged event of each damaged stream, then checks the stream
    again: an event that only failed because of an earlier damaged one is kept. Raises
    ``FileExistsError`` if ``backup`` exists (nothing is changed then).
    """
    store.copy_to(backup)
    removed: list[Damage] = []
    profiles: dict[str, Profile] = {}
    streams = sorted(store.streams(), key=lambda stream: not stream.startswith("tournament-"))
    for stream in streams:
        for _ in range(store.version(stream) + 1):  # at most every event, then it is sound
            found = [d for d in stream_damages(store, stream, profiles) if d.version]
            if not found:
                break
            first = found[0]
            store.remove_event(stream, first.version)
            removed.append(first)
    return removed


# -- decoding and replaying -----------------------------------------------------------------------

Decoder = Callable[[str, Mapping[str, Any]], Any]

_DECODERS: dict[str, Decoder] = {
    "tournament-": tournament_events.from_data,
    "league-": league_events.from_data,
}


def _decode(stream: str, row: Row, profiles: dict[str, Profile]) -> Any:
    """Decode one stored row as its kind of stream does (the JSON only for other streams)."""
    try:
        data = json.loads(row[2])
    except (ValueError, TypeError) as error:
        raise ValueError(f"its data is not JSON ({error})") from None
    if not isinstance(data, dict):
        raise ValueError("its data is not a JSON object")
    datetime.datetime.fromisoformat(row[3])
    for prefix, decode in _DECODERS.items():
        if re.fullmatch(rf"{prefix}\d+", stream):
            return decode(row[1], data)
    if _TABLE.fullmatch(stream):
        return table_events.from_data(row[1], data)
    return data


def _replay_damages(
    stream: str, decoded: list[tuple[Row, Any]], profiles: dict[str, Profile]
) -> list[Damage]:
    """Apply a stream's decoded events one by one; return the first that does not apply."""
    aggregate: Any
    if re.fullmatch(r"tournament-\d+", stream):
        aggregate = Tournament()
    elif re.fullmatch(r"league-\d+", stream):
        aggregate = League()
    elif (match := _TABLE.fullmatch(stream)) is not None:
        profile = profiles.get(match.group(1)) or load(DEFAULT_PROFILE)
        aggregate = LiveTable(int(match.group(2)), profile)
    else:
        return []
    for row, event in decoded:
        try:
            if isinstance(aggregate, LiveTable):
                aggregate.apply(event, datetime.datetime.fromisoformat(row[3]))
            else:
                aggregate.apply([event])
        except Exception as error:  # the domain's code on data read from a file: anything
            return [Damage(stream, row[0], f"it does not apply ({_why(error)})", row[2])]
    if isinstance(aggregate, Tournament):
        profiles[stream] = aggregate.state.profile
    return []


def _why(error: Exception) -> str:
    if isinstance(error, LookupError | AttributeError | TypeError):  # "2" alone says nothing
        return f"{type(error).__name__}: {error}"
    return str(error) or type(error).__name__
