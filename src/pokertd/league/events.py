"""League events: every change to a league's season is one of these frozen values, in order.

The store keeps them as a type name and a JSON object (``to_data`` / ``from_data``) in the stream
``league-N``; the state is rebuilt by replaying them (``League.replay``). Every event carries
``at`` (when, ISO-8601 UTC, from the service's clock) and ``cmd`` (the number of the command that
produced it: an undo cancels one command's events). "Event" here is the change; the poker events
a season scores are ``ScoredEvent``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from pokertd.codec import codec_for
from pokertd.errors import ParseError
from pokertd.messages import message

#: A result as stored: (player, place, places shared, prize cents, bounty cents).
ResultRow = tuple[str, int, int, int, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class LeagueEvent:
    """Fields every league event has."""

    name: ClassVar[str] = "league-event"
    at: str
    cmd: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class LeagueCreated(LeagueEvent):
    """A season was started: its name (``title``), label, formula and counting rules."""

    name: ClassVar[str] = "league-created"
    title: str
    season: str
    points: str
    bonus: str = "0"
    best: int | None = None
    planned: int | None = None
    regulars: tuple[str, ...] = ()
    regular_after: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class EventAdded(LeagueEvent):
    """An event's results were copied into the season as event number ``event``."""

    name: ClassVar[str] = "event-added"
    event: int
    title: str
    date: str
    source: str
    entries: int
    places: int
    buyin: int
    results: tuple[ResultRow, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class EventReplaced(LeagueEvent):
    """An event's results were imported again: they replace those of event ``event``."""

    name: ClassVar[str] = "event-replaced"
    event: int
    title: str
    date: str
    source: str
    entries: int
    places: int
    buyin: int
    results: tuple[ResultRow, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class EventRemoved(LeagueEvent):
    """An event and its results were taken out of the season."""

    name: ClassVar[str] = "event-removed"
    event: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RegularAbsentD2Applied(LeagueEvent):
    """A regular missed the start of day 2 of ``event`` (SEAT-D2-REGULAR: BAN/D2);
    ``lateness`` is ``absent`` or ``late``."""

    name: ClassVar[str] = "regular-absent-d2-applied"
    event: int
    player: str
    lateness: str
    has_warned: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayersMerged(LeagueEvent):
    """``player``'s results count as ``into``'s from now on."""

    name: ClassVar[str] = "players-merged"
    player: str
    into: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ResultsDetailed(LeagueEvent):
    """What event ``event``'s results say beside places and money, stored with the event that
    added them (a new event, so that ``event-added`` keeps its stored form): ``extras``, beside
    each result in order, (rebuys, add-ons, knockouts, cents paid in); the places paid; the
    seats of the final table (0: not known)."""

    name: ClassVar[str] = "results-detailed"
    event: int
    extras: tuple[tuple[int, int, int, int], ...]
    paid_places: int = 0
    final_table: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class FormulaChanged(LeagueEvent):
    """The season's points formula and counting rules were changed; every standing follows."""

    name: ClassVar[str] = "formula-changed"
    points: str
    bonus: str = "0"
    best: int | None = None
    planned: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentExpected(LeagueEvent):
    """Tournament ``source`` (a stream id) belongs to the season: it is added when it finishes."""

    name: ClassVar[str] = "tournament-expected"
    source: str


@dataclass(frozen=True, slots=True, kw_only=True)
class EventScheduled(LeagueEvent):
    """An event was put on the season's schedule as number ``number`` (its date, title, buy-in
    in cents, format, and the tournament that runs it, if any)."""

    name: ClassVar[str] = "event-scheduled"
    number: int
    date: str
    title: str
    buyin: int = 0
    format: str = ""
    source: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class CommandUndone(LeagueEvent):
    """The events of command ``undone`` are cancelled (a compensating event: nothing is deleted)."""

    name: ClassVar[str] = "command-undone"
    undone: int


EVENT_TYPES: dict[str, type[LeagueEvent]] = {
    cls.name: cls
    for cls in (
        LeagueCreated,
        EventAdded,
        EventReplaced,
        EventRemoved,
        RegularAbsentD2Applied,
        PlayersMerged,
        ResultsDetailed,
        FormulaChanged,
        TournamentExpected,
        EventScheduled,
        CommandUndone,
    )
}


def to_data(event: LeagueEvent) -> dict[str, Any]:
    """Return the event's fields as a JSON-friendly dict (tuples become lists).

    >>> to_data(EventRemoved(event=2, at="2026-03-06T19:00:00+00:00", cmd=4))
    {'at': '2026-03-06T19:00:00+00:00', 'cmd': 4, 'event': 2}
    """
    return codec_for(type(event)).encode(event)


def from_data(kind: str, data: Mapping[str, Any]) -> LeagueEvent:
    """Rebuild an event from its type name and fields, as the store wrote them (``to_data``);
    raise ParseError for an unknown type or missing fields.

    >>> from_data("players-merged", {"at": "2026-03-06T19:00:00+00:00", "cmd": 3,
    ...                              "player": "jean dupont", "into": "Jean Dupont"})
    PlayersMerged(at='2026-03-06T19:00:00+00:00', cmd=3, player='jean dupont', into='Jean Dupont')
    """
    cls = EVENT_TYPES.get(kind)
    if cls is None:
        raise ParseError(message("unknown league event {kind!r}", kind=kind))
    try:
        return codec_for(cls).decode(data)
    except (TypeError, KeyError, ValueError) as error:
        raise ParseError(
            message("league event {kind!r} has bad fields: {error}", kind=kind, error=str(error))
        ) from None
