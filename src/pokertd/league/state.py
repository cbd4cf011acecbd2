"""The state of a league's season, rebuilt by applying its events in order (``LeagueState.apply``).

The state keeps facts only: the events and their results as copied, the merges, the day-2
absences. What they are worth (places after BAN/D2, points, standings) is worked out from them
by ``pokertd.league.standings``, so that an undo or a merge changes every figure consistently.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field

from pokertd.league import events as ev
from pokertd.league.commands import Lateness
from pokertd.league.points import PointsFormula
from pokertd.league.results import FieldResults, Result


@dataclass(frozen=True, slots=True)
class ScoredEvent:
    """One event of the season (a "manche"): its number in the season, what it is, when, where
    its results came from (``source``: a tournament id or a file name), its field and results,
    and the buy-in in cents."""

    number: int
    title: str
    date: str
    source: str
    field: FieldResults
    buyin: int = 0

    @property
    def results(self) -> tuple[Result, ...]:
        """Return the results as recorded, best place first."""
        return self.field.results


@dataclass(frozen=True, slots=True)
class Planned:
    """An event on the season's schedule: a series' programme (``ScheduleEvent``)."""

    number: int
    date: str
    title: str
    buyin: int = 0
    format: str = ""
    source: str = ""


@dataclass(frozen=True, slots=True)
class Absence:
    """A regular who missed the start of day 2 of ``event`` (SEAT-D2-REGULAR)."""

    event: int
    player: str
    lateness: Lateness
    has_warned: bool = False


@dataclass
class LeagueState:
    """Everything a season knows, rebuilt from events."""

    created: bool = False
    title: str = ""
    season: str = ""
    formula: PointsFormula = field(default_factory=lambda: PointsFormula.parse("linear"))
    best: int | None = None
    planned: int | None = None
    regulars: tuple[str, ...] = ()
    regular_after: int = 0
    events: dict[int, ScoredEvent] = field(default_factory=dict)
    #: Spellings merged into another name: name -> the name its results count under.
    aliases: dict[str, str] = field(default_factory=dict)
    absences: list[Absence] = field(default_factory=list)
    last_number: int = 0
    #: Tournaments (stream ids) to add when they finish, in the order they were named.
    expected: tuple[str, ...] = ()
    #: The schedule (a series' programme), by number.
    schedule: dict[int, Planned] = field(default_factory=dict)

    # -- reading ------------------------------------------------------------------------------

    def programme(self) -> list[Planned]:
        """The schedule by date, then in the order the events were put on it."""
        return sorted(self.schedule.values(), key=lambda planned: (planned.date, planned.number))

    def canonical(self, name: str) -> str:
        """Return the name ``name``'s results count under (itself unless merged)."""
        return self.aliases.get(name, name)

    def ordered(self) -> list[ScoredEvent]:
        """Return the events in the order they were played: by date, then by number."""
        return sorted(self.events.values(), key=lambda event: (event.date, event.number))

    def with_people(self, links: Mapping[str, str]) -> LeagueState:
        """Return this season as the club's register sees it: ``links`` maps each person id
        merged into another to the id it was merged into (the end of the chain), so that both
        ids count as one player, as if he had had one id all along. The season's own merges
        still apply on top; nothing is stored (the register's merges are not league events)."""
        if not links:
            return self

        def final(name: str) -> str:
            kept = links.get(name, name)
            return self.aliases.get(kept, kept)

        aliases = {name: final(target) for name, target in self.aliases.items()}
        aliases.update({old: final(kept) for old, kept in links.items() if final(kept) != old})
        return dataclasses.replace(self, aliases=aliases)

    def players_in(self, event: ScoredEvent) -> dict[str, Result]:
        """Return an event's results by the name they count under, one per player.

        Two names that count as one player and both have a result in the event (two ids of
        the register merged, a person who played under both) are one player who entered twice:
        he counts once, as a re-entry does (``results_from_tournament``), at the better of the
        two places with the money and counts of both (docs/judgements.md, "Players and
        privacy"); ``doubled`` names them for the director.
        """
        found: dict[str, Result] = {}
        for result in event.results:
            name = self.canonical(result.player)
            found[name] = _joined(found[name], result) if name in found else result
        return found

    def doubled(self) -> list[tuple[int, str, tuple[str, ...]]]:
        """Return each event where several names of one player have a result: (event number,
        the player as counted, the names as recorded), in the order played."""
        found: list[tuple[int, str, tuple[str, ...]]] = []
        for event in self.ordered():
            names: dict[str, list[str]] = {}
            for result in event.results:
                names.setdefault(self.canonical(result.player), []).append(result.player)
            found.extend(
                (event.number, player, tuple(recorded))
                for player, recorded in names.items()
                if len(recorded) > 1
            )
        return found

    def players(self) -> set[str]:
        """Return every name that counts in the season: players with results, and regulars."""
        found = {self.canonical(name) for name in self.regulars}
        for event in self.events.values():
            found.update(self.players_in(event))
        return found

    def waiting(self) -> tuple[str, ...]:
        """Return the tournaments expected that are not events of the season yet."""
        added = {event.source for event in self.events.values()}
        return tuple(source for source in self.expected if source not in added)

    def has_regulars(self) -> bool:
        """Return whether the season says who its regulars are (else every player is one)."""
        return bool(self.regulars) or self.regular_after > 0

    def is_regular(self, player: str, before: ScoredEvent) -> bool:
        """Return whether ``player`` counts as a regular at ``before`` (SEAT-D2-REGULAR)."""
        if not self.has_regulars():
            return True
        name = self.canonical(player)
        if name in {self.canonical(regular) for regular in self.regulars}:
            return True
        if self.regular_after <= 0:
            return False
        order = self.ordered()
        earlier = order[: order.index(before)]
        return sum(1 for event in earlier if name in self.players_in(event)) >= self.regular_after

    # -- applying events ----------------------------------------------------------------------

    def apply(self, event: ev.LeagueEvent) -> None:
        """Apply one event."""
        match event:
            case ev.LeagueCreated():
                self.created = True
                self.title, self.season = event.title, event.season
                self.formula = PointsFormula.parse(event.points, bonus=event.bonus)
                self.best, self.planned = event.best, event.planned
                self.regulars, self.regular_after = event.regulars, event.regular_after
            case ev.EventAdded() | ev.EventReplaced():
                results = tuple(Result.from_row(row) for row in event.results)
                field = FieldResults(event.entries, event.places, results)
                self.events[event.event] = ScoredEvent(
                    event.event, event.title, event.date, event.source, field, event.buyin
                )
                self.last_number = max(self.last_number, event.event)
            case ev.EventRemoved():
                # A tournament taken out is no longer expected: it is not added back.
                source = self.events.pop(event.event).source
                self.expected = tuple(name for name in self.expected if name != source)
                self.absences = [a for a in self.absences if a.event != event.event]
            case ev.RegularAbsentD2Applied():
                self.absences.append(
                    Absence(event.event, event.player, Lateness(event.lateness), event.has_warned)
                )
            case ev.PlayersMerged():
                source, target = self.canonical(event.player), self.canonical(event.into)
                for name, counted in list(self.aliases.items()):
                    if counted == source:
                        self.aliases[name] = target
                self.aliases[source] = target
            case ev.ResultsDetailed():
                scored = self.events[event.event]
                detailed = tuple(
                    Result.from_row(result.to_row(), more)
                    for result, more in zip(scored.results, event.extras, strict=True)
                )
                field = FieldResults(
                    scored.field.entries,
                    scored.field.places,
                    detailed,
                    event.paid_places,
                    event.final_table,
                )
                self.events[event.event] = dataclasses.replace(scored, field=field)
            case ev.FormulaChanged():
                self.formula = PointsFormula.parse(event.points, bonus=event.bonus)
                self.best, self.planned = event.best, event.planned
            case ev.TournamentExpected():
                self.expected = (*self.expected, event.source)
            case ev.EventScheduled():
                self.schedule[event.number] = Planned(
                    event.number, event.date, event.title, event.buyin, event.format, event.source
                )
            case ev.CommandUndone():
                pass  # undoing replays without the undone command (see ``League``)


def _joined(kept: Result, other: Result) -> Result:
    """One player's two results in one event as one: the better place (and its sharing), the
    money and the counts of both."""
    best = min(kept, other, key=lambda result: (result.place, result.shared))
    return dataclasses.replace(
        best,
        player=kept.player,
        prize=kept.prize + other.prize,
        bounties=kept.bounties + other.bounties,
        rebuys=kept.rebuys + other.rebuys,
        addons=kept.addons + other.addons,
        knockouts=kept.knockouts + other.knockouts,
        paid=kept.paid + other.paid,
    )
