"""What a season's facts are worth: places after BAN/D2, points per result, the standings.

Everything here is computed from ``LeagueState`` and nothing is stored, so an undo, a merge or a
removed event changes every figure at once and replaying the log always gives the same table.

**BAN/D2** (SEAT-D2-REGULAR). A regular's absences at the start of day 2 are counted in the
order the events were played (date, then number). The first one changes nothing: he went out
just before day 2 and scores the place he has. On a repeat he is ranked as if he had gone out
first: he takes the last place of the field and every player ranked below him moves up one
place. Two repeat offenders in one event share the last two places.

**Standings.** A player's total is the sum of his counted results: all of them, or his ``best``
N when the season says so (the highest points; on equal points, the earlier event). Players are
ranked by total points, then by more wins (1st places in any event), then by a better best
place; players equal on all three share the rank, listed alphabetically.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from pokertd.league.points import Done
from pokertd.league.results import name_key
from pokertd.league.state import LeagueState, ScoredEvent


class Offence:
    """How a day-2 absence counts (SEAT-D2-REGULAR)."""

    FIRST = "first"
    REPEAT = "repeat"


@dataclass(frozen=True, slots=True)
class ScoredResult:
    """A result as the season counts it: the place after BAN/D2 (``recorded`` is the place and
    sharing as imported), its points, and the day-2 ``offence`` (``first``, ``repeat`` or "")."""

    event: int
    player: str
    place: int
    shared: int
    points: Fraction
    prize: int = 0
    bounties: int = 0
    recorded: tuple[int, int] = (0, 1)
    offence: str = ""

    @property
    def is_moved(self) -> bool:
        """Return whether BAN/D2 moved this result from its recorded place."""
        return (self.place, self.shared) != self.recorded


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the standings.

    ``rank`` is shared by players equal on points, wins and best place (``is_tied``);
    ``results`` are in the order the events were played; ``counted`` are the events whose points
    make the total.
    """

    rank: int
    is_tied: bool
    player: str
    points: Fraction
    played: int
    counted: tuple[int, ...]
    wins: int
    best_place: int
    results: tuple[ScoredResult, ...]


def offences(state: LeagueState) -> dict[tuple[int, str], str]:
    """Return each day-2 absence, (event, player as counted), as a first or a repeat offence.

    SEAT-D2-REGULAR (BAN/D2, "si c'est la première fois" / "si cela se reproduit"): a player's
    absences count within the season, in the order the events were played.

    >>> offences(LeagueState())
    {}
    """
    order = {event.number: index for index, event in enumerate(state.ordered())}
    absences = sorted(
        (order[absence.event], absence.event, state.canonical(absence.player))
        for absence in state.absences
        if absence.event in order
    )
    found: dict[tuple[int, str], str] = {}
    offenders: set[str] = set()
    for _, event, player in absences:
        found[(event, player)] = Offence.REPEAT if player in offenders else Offence.FIRST
        offenders.add(player)
    return found


def score_event(
    state: LeagueState,
    event: ScoredEvent,
    found: dict[tuple[int, str], str] | None = None,
) -> list[ScoredResult]:
    """Return an event's results as the season counts them, best place first.

    Raises ParseError if the season's formula cannot be computed for one of them.
    """
    found = offences(state) if found is None else found
    results = state.players_in(event)
    repeaters = {name for name in results if found.get((event.number, name)) == Offence.REPEAT}
    # SEAT-D2-REGULAR (BAN/D2, "sorti du tournoi comme s'il avait été éliminé en premier"): on a
    # repeat the offenders take the last places; the players ranked below them move up.
    last = event.field.places
    scored: list[ScoredResult] = []
    for name, result in results.items():
        if name in repeaters:
            place, shared = last - len(repeaters) + 1, len(repeaters)
        else:
            above = sum(1 for other in repeaters if results[other].place < result.place)
            alongside = sum(1 for other in repeaters if results[other].place == result.place)
            place, shared = result.place - above, result.shared - alongside
        points = state.formula.points(
            place=place,
            shared=shared,
            entries=event.field.entries,
            prize=result.prize,
            buyin=event.buyin,
            bounties=result.bounties,
            done=Done(result.rebuys, result.addons, result.knockouts, event.field.paid_places),
        )
        scored.append(
            ScoredResult(
                event.number,
                name,
                place,
                shared,
                points,
                result.prize,
                result.bounties,
                (result.place, result.shared),
                found.get((event.number, name), ""),
            )
        )
    return sorted(scored, key=lambda item: (item.place, name_key(item.player), item.player))


def scored_events(state: LeagueState) -> dict[int, list[ScoredResult]]:
    """Return every event's counted results, by event number, in the order played."""
    found = offences(state)
    return {event.number: score_event(state, event, found) for event in state.ordered()}


def standings(state: LeagueState) -> list[Standing]:
    """Return the standings, best first (see the module's text for the order).

    >>> standings(LeagueState())
    []
    """
    by_player: dict[str, list[ScoredResult]] = {}
    for results in scored_events(state).values():
        for result in results:
            by_player.setdefault(result.player, []).append(result)
    lines = [_line(player, results, state.best) for player, results in by_player.items()]
    keys = {line.player: _merit(line) for line in lines}
    ranked: list[Standing] = []
    for line in sorted(lines, key=lambda line: (_merit(line), name_key(line.player), line.player)):
        mine = keys[line.player]
        rank = 1 + sum(1 for key in keys.values() if key < mine)
        is_tied = sum(1 for key in keys.values() if key == mine) > 1
        ranked.append(
            Standing(
                rank,
                is_tied,
                line.player,
                line.points,
                line.played,
                line.counted,
                line.wins,
                line.best_place,
                line.results,
            )
        )
    return ranked


def _merit(line: Standing) -> tuple[Fraction, int, int]:
    """The order of the standings: more points, more wins, better best place (smaller first)."""
    return (-line.points, -line.wins, line.best_place)


def _line(player: str, results: Sequence[ScoredResult], best: int | None) -> Standing:
    chosen = sorted(enumerate(results), key=lambda item: (-item[1].points, item[0]))
    if best is not None:
        chosen = chosen[:best]
    counted = tuple(result.event for _, result in sorted(chosen, key=lambda item: item[0]))
    return Standing(
        0,
        False,
        player,
        sum((result.points for _, result in chosen), Fraction(0)),
        len(results),
        counted,
        sum(1 for result in results if result.place == 1),
        min(result.place for result in results),
        tuple(results),
    )


def result_of(standing: Standing, event: int) -> ScoredResult | None:
    """Return a standing's result in ``event``, if he played it."""
    return next((result for result in standing.results if result.event == event), None)
