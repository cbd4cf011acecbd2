"""League commands: what a director asks of a league's season, in the imperative.

``League.handle(command, now)`` checks a command against the season and returns the events it
causes, or raises ``ParseError`` (it makes no sense), ``NotFoundError`` (an unknown event or
player) or ``IllegalActionError`` (the season's state or a rule forbids it) without changing
anything.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from pokertd.league.results import FieldResults


class Lateness(StrEnum):
    """How a regular missed the start of day 2 (SEAT-D2-REGULAR)."""

    ABSENT = "absent"
    LATE = "late"


@dataclass(frozen=True, slots=True)
class CreateLeague:
    """Start a league's season: its ``name``, its ``season`` label, the ``points`` formula
    (``PointsFormula.parse``) and its participation ``bonus``; only the ``best`` results of each
    player count (``None``: all), out of the ``planned`` events (``None``: not said). A player
    is a regular (SEAT-D2-REGULAR) when named in ``regulars`` or after playing
    ``regular_after`` events of the season; with neither, every player is one."""

    name: str
    season: str
    points: str = "linear"
    bonus: Fraction | int | str = 0
    best: int | None = None
    planned: int | None = None
    regulars: tuple[str, ...] = ()
    regular_after: int = 0


@dataclass(frozen=True, slots=True)
class AddEvent:
    """Add an event's results to the season (``date`` as ``YYYY-MM-DD``, ``buyin`` in cents,
    ``source`` the tournament's id or the file it came from). With ``replaces``, they replace
    the results of that event instead (an import made again, on purpose)."""

    title: str
    date: str
    field: FieldResults
    buyin: int = 0
    source: str = ""
    replaces: int | None = None


@dataclass(frozen=True, slots=True)
class RemoveEvent:
    """Take an event and its results out of the season."""

    event: int


@dataclass(frozen=True, slots=True)
class ApplyRegularAbsentD2:
    """Apply Bannalec's day-2 rule (SEAT-D2-REGULAR: BAN/D2) to a regular who was absent, or late
    without warning the director, at the start of day 2 of ``event``: the first time he keeps
    the points of the place he went out in, just before day 2; on a repeat within the season he
    is ranked as if he had gone out first."""

    event: int
    player: str
    lateness: Lateness = Lateness.ABSENT
    has_warned: bool = False


@dataclass(frozen=True, slots=True)
class MergePlayers:
    """Count ``player``'s results as ``into``'s: one person under two spellings, or a renaming
    when ``into`` is a new name."""

    player: str
    into: str


@dataclass(frozen=True, slots=True)
class ChangeFormula:
    """Change the season's ``points`` formula, its ``bonus``, the ``best`` results counted and
    the events ``planned`` (as ``CreateLeague``); the standings are worked out again."""

    points: str
    bonus: Fraction | int | str = 0
    best: int | None = None
    planned: int | None = None


@dataclass(frozen=True, slots=True)
class ExpectTournament:
    """Say that tournament ``source`` (a stream id of the same store) is an event of the
    season: the service adds its results when it finishes."""

    source: str


@dataclass(frozen=True, slots=True)
class ScheduleEvent:
    """Put an event on the season's schedule (a series' programme): its ``date`` (``YYYY-MM-DD``),
    ``title``, ``buyin`` (cents) and ``format`` (what is played: "NLHE freezeout", "PLO
    re-entry"), and ``source``, the tournament that runs it, if made already: its results count
    in the standings when it finishes (the service expects it)."""

    date: str
    title: str
    buyin: int = 0
    format: str = ""
    source: str = ""


@dataclass(frozen=True, slots=True)
class Undo:
    """Cancel the last command still in force, with a compensating event."""


Command = (
    CreateLeague
    | AddEvent
    | RemoveEvent
    | ApplyRegularAbsentD2
    | MergePlayers
    | ChangeFormula
    | ExpectTournament
    | ScheduleEvent
    | Undo
)
