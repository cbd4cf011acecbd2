"""The structure planner for an event: how its structure plays out for the field the director
expects (``pokertd.sim.plan``), read from the event's own settings and bounded in time.

The runs are played one after the other in the caller's thread (the web runs this off the event
loop), with a fixed seed, so that the same field gives the same estimate; the real clock is read
here only, to stop at ``TIME_LIMIT`` seconds with the runs finished by then.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Final

from pokertd import rules
from pokertd.errors import ParseError
from pokertd.messages import message
from pokertd.rules import Profile
from pokertd.sim.plan import RUNS, Plan, PlanAsked, estimate, play_plan
from pokertd.tournament.refusals import structure_of
from pokertd.tournament.state import TournamentState

__all__ = ["SEED", "TIME_LIMIT", "Progress", "plan_asked", "plan_event"]

#: Seconds one estimate may take; the runs finished by then make the estimate.
TIME_LIMIT: Final = 30.0
#: The seed of the first run: the same field gives the same estimate.
SEED: Final = 1
#: Told the runs finished so far, after each round of hands of the run being played.
Progress = Callable[[int], None]


def plan_asked(state: TournamentState, players: int, reentries: int, runs: int = RUNS) -> PlanAsked:
    """Return the estimate asked for the event of ``state`` (its structure, profile, table size,
    late registration, re-entry limit and share of the field paid), checked: ParseError names
    the limit broken."""
    late = state.late_registration_levels
    if state.late_registration_until is not None:  # a time, not a level: open for the first one
        late = max(late, 1)
    return PlanAsked(
        players=players,
        reentries=reentries,
        structure=structure_of(state),
        profile=_shipped(state.profile),
        table_size=state.table_size,
        late_registration_levels=late,
        reentry_limit=state.reentries,
        runs=runs,
        paid_percent=state.ledger.rules.paid_percent if state.ledger.rules else 15,
    ).checked()


def plan_event(
    asked: PlanAsked,
    *,
    time_limit: float = TIME_LIMIT,
    progress: Progress | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> Plan:
    """Play the runs of ``asked`` for at most ``time_limit`` seconds and return their estimate;
    raise ParseError when not one run finished in time."""
    deadline = clock() + time_limit

    def keep_going(done: int) -> bool:
        if progress is not None:
            progress(done)
        return clock() < deadline

    results = play_plan(asked, seed=SEED, keep_going=keep_going)
    if not results:
        raise ParseError(
            message(
                "not one run of {entries} entries ended within the planner's limit of "
                "{seconds} seconds",
                entries=asked.entries,
                seconds=round(time_limit),
            )
        )
    return estimate(asked, results)


def _shipped(profile: Profile) -> str:
    """The shipped profile the runs are played under: the event's, or for a house profile the
    one it extends (the simulation loads its rules by id)."""
    if profile.id in rules.PROFILE_IDS:
        return profile.id
    base = profile.extends or rules.DEFAULT_PROFILE
    return base if base in rules.PROFILE_IDS else rules.DEFAULT_PROFILE
