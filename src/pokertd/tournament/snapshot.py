"""The exact JSON encoding of a tournament's state, for the store's snapshots.

A snapshot only saves replaying time: the events stay the truth (``store.base``). Opening a big
event from its latest snapshot and the events after it must give the very state the replay of
every event gives, so the encoding is exact: every field of ``TournamentState`` and of what it
holds is written by ``pokertd.codec`` from its type hints and read back to an equal value
(``decode(encode(state)) == state``, checked by the property tests), the caches the state works
out again (``moves_due``, ``short_tables``) left out. Beside the state, a snapshot keeps what the
aggregate knows of its events: the commands undone so far and the last command's number.

A snapshot says what wrote it: ``FORMAT`` (raised by hand when the way events build the state
changes, the hints unchanged), the package's version (``code``, given by the service, which
reads it), and the *shape* of the state (a
fingerprint of every field's name and type, worked out from the hints, so that a new field or a
changed type makes the old snapshots unreadable by themselves). A snapshot written otherwise, or
that cannot be read, raises ``SnapshotError``; the service then replays every event instead.

>>> import datetime, random
>>> from pokertd.tournament import commands
>>> from pokertd.tournament.aggregate import Tournament
>>> from pokertd.tournament.structure import template
>>> now = datetime.datetime(2026, 1, 1, 20, 0, tzinfo=datetime.UTC)
>>> t = Tournament()
>>> t.apply(t.handle(commands.CreateTournament("Friday", template("turbo").to_dict()), now,
...                  random.Random(1)))
>>> written = encode(t.state, undone=frozenset(), last_cmd=1, code="0.1.0")
>>> found = decode(written, code="0.1.0")
>>> found.state == t.state, found.last_cmd
(True, 1)
>>> decode(written, code="0.2.0")
Traceback (most recent call last):
...
pokertd.tournament.snapshot.SnapshotError: the snapshot was written by another version ...
"""

from __future__ import annotations

import dataclasses
import hashlib
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pokertd.codec import codec_for
from pokertd.tournament.state import TournamentState

#: Raised by hand when the events build the state otherwise with the same fields (a handler's
#: logic changed): every snapshot written before is then ignored, and replaced as the log grows.
FORMAT = 1


class SnapshotError(ValueError):
    """A snapshot this code cannot use: written by another version, or damaged."""


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A state read back from a snapshot, with what the aggregate knew of its events."""

    state: TournamentState
    undone: frozenset[int]
    last_cmd: int


def encode(
    state: TournamentState, *, undone: frozenset[int], last_cmd: int, code: str = ""
) -> dict[str, Any]:
    """Return the snapshot of ``state`` as JSON data (what ``EventStore.save_snapshot`` takes);
    ``code`` names the version of pokertd that writes it (the service gives it)."""
    return {
        "format": FORMAT,
        "code": code,
        "shape": shape(),
        "undone": sorted(undone),
        "last_cmd": last_cmd,
        "state": codec_for(TournamentState).encode(state),
    }


def decode(data: Mapping[str, Any], *, code: str = "") -> Snapshot:
    """Return the state ``encode`` wrote in ``data``, written by the version ``code``.

    Raises SnapshotError when ``data`` was written by another format, version of pokertd or shape
    of the state, or cannot be read.
    """
    written = (data.get("format"), data.get("code"), data.get("shape"))
    if written != (FORMAT, code, shape()):
        raise SnapshotError(
            f"the snapshot was written by another version (format, code, shape: {written!r})"
        )
    codec = codec_for(TournamentState)
    try:
        written_state = data["state"]
        state = codec.decode(written_state)
        undone = frozenset(int(number) for number in data["undone"])
        last_cmd = int(data["last_cmd"])
        # The reading trusts its data and gives a field left out its default: written back,
        # the state must give the very data read, or something was missing or damaged.
        exact = codec.encode(state) == written_state
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise SnapshotError(f"the snapshot cannot be read ({error!r})") from None
    if not exact:
        raise SnapshotError("the snapshot cannot be read (it does not give back its own data)")
    return Snapshot(state, undone, last_cmd)


_SHAPE: list[str] = []


def shape() -> str:
    """Return the fingerprint of the state's fields and types, and of every dataclass in them."""
    if not _SHAPE:
        seen: dict[type[Any], list[tuple[str, str]]] = {}
        _walk(TournamentState, seen)
        text = repr(sorted((kind.__qualname__, fields) for kind, fields in seen.items()))
        _SHAPE.append(hashlib.sha256(text.encode()).hexdigest()[:16])
    return _SHAPE[0]


def _walk(kind: type[Any], seen: dict[type[Any], list[tuple[str, str]]]) -> None:
    """Note the fields of the dataclass ``kind`` and of the dataclasses its hints name."""
    if kind in seen:
        return
    hints = typing.get_type_hints(kind)
    fields = [field for field in dataclasses.fields(kind) if field.init or field.compare]
    seen[kind] = [(field.name, repr(hints[field.name])) for field in fields]
    for field in fields:
        for named in _named(hints[field.name]):
            _walk(named, seen)


def _named(hint: Any) -> list[type[Any]]:
    """Return the dataclasses a type hint names, nested ones included."""
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return [hint]
    return [found for arg in typing.get_args(hint) for found in _named(arg)]
