"""The structure planner: how an event's structure will play out for the field a director expects.

``PlanAsked`` is what the director asks (the expected players and re-entries, and the event's own
structure, profile, table size and late registration), checked against the planner's limits;
``play_plan`` plays ``runs`` simulated tournaments of it (``pokertd.sim.run.simulate``) and
``estimate`` reads their spread: when the event ends, when the bubble bursts and when the final
table forms (seconds after the start, and the level), and ``blind_warnings`` what the chips cannot
cover. Everything is pure: the seed is given, and the caller decides when to stop
(``keep_going``, asked before each run and after each round of hands).

Re-entries are counted as entries from the start: the simulation seats its whole field at the
draw, so the chips of a re-entry play from the first hand instead of from its level.

>>> from pokertd.tournament.structure import template
>>> asked = PlanAsked(players=12, structure=template("turbo", players=12), runs=3).checked()
>>> plan = estimate(asked, play_plan(asked, seed=1))
>>> plan.runs, plan.end.earliest <= plan.end.median <= plan.end.latest
(3, True)
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from pokertd import rules
from pokertd.errors import ParseError
from pokertd.messages import message
from pokertd.rules.profile import AnteForm, BigBlindAnte, Profile
from pokertd.sim.run import Settings, SimulationResult, simulate
from pokertd.tournament.structure import Level, Structure

__all__ = [
    "MAX_ENTRIES",
    "MAX_RUNS",
    "RUNS",
    "BlindWarning",
    "Moment",
    "Plan",
    "PlanAsked",
    "Spread",
    "StopPlan",
    "blind_warnings",
    "estimate",
    "orbit_cost",
    "play_plan",
]

#: Runs played when none is asked: enough for a stable median and a fair range.
RUNS: Final = 50
#: The most runs one estimate plays.
MAX_RUNS: Final = 100
#: The most entries (players and re-entries) one estimate seats: a run of 300 takes seconds.
MAX_ENTRIES: Final = 300


class StopPlan(Exception):  # noqa: N818 - a signal, not an error
    """Raised by a ``keep_going`` that says stop, to end the run being played."""


@dataclass(frozen=True, slots=True)
class PlanAsked:
    """What to estimate: ``players`` expected and ``reentries`` expected in all, the event's
    ``structure``, ``profile`` id, ``table_size``, late registration (its last level, 0 for none)
    and re-entries allowed per player (None: no limit), over ``runs`` runs; ``paid_percent``
    is the share of the field the event's standard payout table pays (the bubble)."""

    players: int
    structure: Structure
    reentries: int = 0
    profile: str = rules.DEFAULT_PROFILE
    table_size: int = 9
    late_registration_levels: int = 0
    reentry_limit: int | None = None
    runs: int = RUNS
    paid_percent: int = 15

    @property
    def entries(self) -> int:
        """Return the entries simulated: the players and their re-entries."""
        return self.players + self.reentries

    def checked(self) -> PlanAsked:
        """Return the request once checked; raise ParseError naming the limit it breaks."""
        if self.players < 2:
            raise ParseError(
                message(
                    "a tournament needs at least 2 players, not {players}", players=self.players
                )
            )
        if self.reentries < 0:
            raise ParseError(
                message("re-entries cannot be negative, not {count}", count=self.reentries)
            )
        if self.reentries and self.late_registration_levels <= 0:  # BUY-REENTRY: TDA 7A
            raise ParseError(
                message("this event has no late registration: nobody can re-enter (BUY-REENTRY)")
            )
        limit = self.reentry_limit
        if limit is not None and self.reentries > self.players * limit:  # BUY-REENTRY: TDA 7A
            raise ParseError(
                message(
                    "{count} re-entries is more than {players} players may make "
                    "({limit} each, BUY-REENTRY)",
                    count=self.reentries,
                    players=self.players,
                    limit=limit,
                )
            )
        if self.entries > MAX_ENTRIES:
            raise ParseError(
                message(
                    "the planner simulates at most {limit} entries (players and re-entries), "
                    "not {entries}",
                    limit=MAX_ENTRIES,
                    entries=self.entries,
                )
            )
        if not 1 <= self.runs <= MAX_RUNS:
            raise ParseError(
                message(
                    "the planner plays 1 to {limit} runs, not {runs}",
                    limit=MAX_RUNS,
                    runs=self.runs,
                )
            )
        self.settings(0).checked()
        return self

    def settings(self, seed: int) -> Settings:
        """Return the simulation's settings for the run of ``seed``."""
        return Settings(
            players=self.entries,
            structure=self.structure,
            profile=self.profile,
            table_size=self.table_size,
            seed=seed,
            paid_percent=self.paid_percent,
        )


def play_plan(
    asked: PlanAsked, *, seed: int, keep_going: Callable[[int], bool] | None = None
) -> list[SimulationResult]:
    """Play the runs of ``asked`` with seeds ``seed``, ``seed + 1``...; ``keep_going(done)`` is
    asked before each run and after each round of hands (``done``: the runs finished): when it
    says no, the runs finished so far are returned (the one being played is dropped)."""
    results: list[SimulationResult] = []

    def progress(hands: int, left: int) -> None:
        if keep_going is not None and not keep_going(len(results)):
            raise StopPlan

    for index in range(asked.runs):
        if keep_going is not None and not keep_going(len(results)):
            break
        try:
            results.append(simulate(asked.settings(seed + index), progress))
        except StopPlan:
            break
    return results


@dataclass(frozen=True, slots=True)
class Spread:
    """Seconds after the start: the earliest, the median and the latest over the runs, and the
    10th and 90th percentiles."""

    earliest: float
    low: float
    median: float
    high: float
    latest: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        """Return the spread of ``values`` (at least one)."""
        ordered = sorted(values)
        if len(ordered) == 1:
            low = high = ordered[0]
        else:
            deciles = statistics.quantiles(ordered, n=10, method="inclusive")
            low, high = deciles[0], deciles[-1]
        return cls(ordered[0], low, statistics.median(ordered), high, ordered[-1])


@dataclass(frozen=True, slots=True)
class Moment:
    """When something happens: its spread in seconds and the level it happens at most often
    (None when it happened at a break in most runs), in ``runs`` of the runs."""

    spread: Spread
    level: int | None
    runs: int


@dataclass(frozen=True, slots=True)
class BlindWarning:
    """Something the chips cannot cover: ``kind`` says what (``unpayable``: CHIP-WHEN, a level
    the chips in play cannot pay; ``late-entry``: a player entering at the last level of late
    registration cannot pay a round; ``outgrown``: a round of blinds costs more than the
    average stack at a full final table; ``too-short``: the runs outlast the last level),
    ``level`` which level, and the figures that show it."""

    kind: str
    level: int
    cost: int = 0
    chips: int = 0
    runs: int = 0


@dataclass(frozen=True, slots=True)
class Plan:
    """What the runs show: ``end``, ``bubble`` and ``final_table`` (None when no run had one),
    the paid places, the warnings, and whether the runs were cut short (``stopped``)."""

    runs: int
    asked_runs: int
    entries: int
    paid: int
    end: Spread
    end_level: int | None
    bubble: Moment | None
    final_table: Moment | None
    warnings: tuple[BlindWarning, ...]

    @property
    def stopped(self) -> bool:
        """Return whether fewer runs were played than asked (the time limit)."""
        return self.runs < self.asked_runs


def estimate(asked: PlanAsked, results: Sequence[SimulationResult]) -> Plan:
    """Return the plan the runs show; raise ParseError when there is no run."""
    if not results:
        raise ParseError(message("there is no run to summarize"))
    bubbles = [r.bubble for r in results if r.bubble is not None]
    finals = [r.final_table for r in results if r.final_table is not None]
    ends = [r.levels[-1].level if r.levels else None for r in results]
    reached = max((level for level in ends if level is not None), default=0)
    final_table = _moment([m.seconds for m in finals], [m.level for m in finals])
    final_level = final_table.level if final_table and final_table.level else reached
    warnings = blind_warnings(
        asked, reached, reached_in=ends.count(reached), final_level=final_level
    )
    return Plan(
        runs=len(results),
        asked_runs=asked.runs,
        entries=asked.entries,
        paid=results[0].paid,
        end=Spread.of([r.seconds for r in results]),
        end_level=_most_common(ends),
        bubble=_moment([m.seconds for m in bubbles], [m.level for m in bubbles]),
        final_table=final_table,
        warnings=tuple(warnings),
    )


def _moment(seconds: list[float], levels: list[int | None]) -> Moment | None:
    if not seconds:
        return None
    return Moment(Spread.of(seconds), _most_common(levels), len(seconds))


def _most_common(levels: Sequence[int | None]) -> int | None:
    """The level found most often; the latest of equals (a director plans for the later)."""
    counts: dict[int | None, int] = {}
    for level in levels:
        counts[level] = counts.get(level, 0) + 1
    return max(counts, key=lambda level: (counts[level], level or 0))


def orbit_cost(level: Level, profile: Profile, seats: int) -> int:
    """Return what one player pays in one round of ``seats`` hands at ``level``: the small and
    big blinds once, and the antes (every hand, or once as the big blind's ante: ANTE-BB)."""
    if profile.ante_form is AnteForm.BIG_BLIND:  # ANTE-BB: BAN/BLINDS, P-09
        ante = level.ante
        if ante and profile.big_blind_ante is BigBlindAnte.BIG_BLIND_IF_SIX_ELSE_SMALL_BLIND:
            ante = level.big_blind if seats >= 6 else level.small_blind
        return level.small_blind + level.big_blind + ante
    return level.small_blind + level.big_blind + level.ante * seats


def blind_warnings(
    asked: PlanAsked, reached: int, *, reached_in: int = 0, final_level: int = 0
) -> list[BlindWarning]:
    """Return what the chips cannot cover, one warning of each kind at its first level:
    ``reached`` is the last level a run got to (in ``reached_in`` runs), ``final_level`` the
    level the final table forms at.

    The blinds of a sound structure outgrow the average stack at a full final table only after
    the final table has formed (that is how a tournament ends); a level that does it while
    there are still several tables is one the chips cannot cover: the field is blinded off."""
    structure, profile = asked.structure, rules.load(asked.profile)
    found = _unpayable(structure)
    seats = asked.table_size
    stack = structure.starting_stack
    levels = structure.levels
    late = asked.late_registration_levels
    if 0 < late <= len(levels):
        cost = orbit_cost(levels[late - 1], profile, seats)
        if cost > stack:
            found.append(BlindWarning("late-entry", late, cost=cost, chips=stack))
    average = asked.entries * stack // max(min(seats, asked.entries), 1)
    for number, level in enumerate(levels[: min(final_level, len(levels))], start=1):
        cost = orbit_cost(level, profile, seats)
        if cost > average:
            found.append(BlindWarning("outgrown", number, cost=cost, chips=average))
            break
    if reached and reached >= len(levels):
        found.append(BlindWarning("too-short", len(levels), runs=reached_in))
    return found


def _unpayable(structure: Structure) -> list[BlindWarning]:
    """CHIP-WHEN (TDA 25B, LFP 10): the first level whose blinds or ante the chips in play then
    cannot pay (not a multiple of the smallest chip left after the colour-ups), the check the
    structure's validation makes when it is created or a level changed."""
    for index, item in enumerate(structure.items):
        if not isinstance(item, Level):
            continue
        unit = min(structure.denominations_at(index), default=1)
        if any(amount % unit for amount in item.amounts):
            number = structure.level_number(index) or 0
            return [BlindWarning("unpayable", number, cost=item.big_blind, chips=unit)]
    return []
