"""The structure planner's service (issue 15): the estimate asked read from the event's own
settings, and the runs bounded in time by the clock the service reads (a fake one here)."""

from __future__ import annotations

import datetime
import random

import pytest

from pokertd.errors import ParseError
from pokertd.service.planner import plan_asked, plan_event
from pokertd.sim.plan import PlanAsked
from pokertd.tournament import commands
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.structure import template

NOW = datetime.datetime(2026, 3, 6, 19, 0, tzinfo=datetime.UTC)


def event(**settings: object) -> Tournament:
    tournament = Tournament()
    create = commands.CreateTournament(
        "Jeudi",
        template("turbo", players=40).to_dict(),
        **settings,  # type: ignore[arg-type]
    )
    tournament.apply(tournament.handle(create, NOW, random.Random(0)))
    return tournament


def test_the_estimate_reads_the_event_settings() -> None:
    money = {"buy_in": {"prize": 2_000, "chips": 20_000}, "paid_percent": 20}
    state = event(
        profile="lfp", table_size=8, late_registration_levels=4, reentries=1, money=money
    ).state
    asked = plan_asked(state, players=30, reentries=12, runs=5)
    assert asked.paid_percent == 20
    assert asked.settings(seed=1).paid_percent == 20
    assert (asked.profile, asked.table_size, asked.late_registration_levels) == ("lfp", 8, 4)
    assert (asked.entries, asked.reentry_limit, asked.runs) == (42, 1, 5)
    assert asked.structure == state.structure
    with pytest.raises(ParseError, match=r"more than 10 players may make \(1 each"):
        plan_asked(state, players=10, reentries=11)
    closed = event(late_registration_levels=0).state
    with pytest.raises(ParseError, match="BUY-REENTRY"):
        plan_asked(closed, players=10, reentries=1)


class Clock:
    """A clock that moves ``step`` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_the_time_limit_keeps_the_runs_finished() -> None:
    asked = PlanAsked(players=10, structure=template("turbo", players=10), runs=40).checked()
    seen: list[int] = []
    plan = plan_event(asked, time_limit=30, progress=seen.append, clock=Clock(0.05))
    assert 0 < plan.runs < 40
    assert plan.stopped
    assert seen == sorted(seen)
    assert seen[-1] == plan.runs


def test_not_one_run_in_time_is_said_with_the_limit() -> None:
    asked = PlanAsked(players=10, structure=template("turbo", players=10), runs=3).checked()
    with pytest.raises(ParseError, match="not one run of 10 entries ended within the planner's "
                       "limit of 1 seconds"):  # fmt: skip
        plan_event(asked, time_limit=1, clock=Clock(5))
