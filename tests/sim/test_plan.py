"""The structure planner's runs and what it reads from them (issue 15): the end as an ordered
range, the bubble before the final table before the end, and the warnings of the levels the chips
cannot cover, named by level; the planner's limits named."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pokertd.errors import ParseError
from pokertd.rules import load
from pokertd.sim.plan import (
    MAX_ENTRIES,
    MAX_RUNS,
    PlanAsked,
    Spread,
    blind_warnings,
    estimate,
    orbit_cost,
    play_plan,
)
from pokertd.tournament.structure import Level, Structure, template

DATA = Path(__file__).parents[1] / "data" / "structure"


def structure(name: str) -> Structure:
    return Structure.from_dict(json.loads((DATA / name).read_text(encoding="utf-8")))


def test_the_end_is_a_range_and_the_bubble_comes_before_the_final_table() -> None:
    # 70 entries: 11 places paid, more than a table, so the bubble bursts before the final table.
    asked = PlanAsked(players=60, reentries=10, structure=template("turbo", players=70),
                      late_registration_levels=4, runs=3).checked()  # fmt: skip
    plan = estimate(asked, play_plan(asked, seed=7))
    assert plan.runs == 3
    assert plan.entries == 70
    assert plan.paid > asked.table_size
    end = plan.end
    assert end.earliest <= end.low <= end.median <= end.high <= end.latest
    assert plan.bubble is not None
    assert plan.final_table is not None
    assert plan.bubble.spread.median < plan.final_table.spread.median < end.median
    assert plan.bubble.level is not None
    assert plan.final_table.level is not None
    assert plan.bubble.level <= plan.final_table.level <= (plan.end_level or 0)
    assert not [w for w in plan.warnings if w.kind in ("outgrown", "unpayable", "late-entry")]


def test_blinds_that_outgrow_the_chips_are_named_at_their_level() -> None:
    asked = PlanAsked(players=30, structure=structure("blinds_outgrow.json"), runs=4).checked()
    plan = estimate(asked, play_plan(asked, seed=1))
    outgrown = [w for w in plan.warnings if w.kind == "outgrown"]
    assert [(w.level, w.cost, w.chips) for w in outgrown] == [(3, 30_000, 30 * 5_000 // 9)]


def test_a_sane_structure_has_no_warning_of_the_chips() -> None:
    asked = PlanAsked(players=20, structure=template("turbo", players=20), runs=3).checked()
    plan = estimate(asked, play_plan(asked, seed=1))
    assert plan.warnings == ()


def test_late_registration_into_blinds_a_stack_cannot_pay() -> None:
    # Level 3 of the outgrowing structure, 10,000/20,000, is the last of late registration.
    asked = PlanAsked(players=20, structure=structure("blinds_outgrow.json"),
                      late_registration_levels=3).checked()  # fmt: skip
    late = [w for w in blind_warnings(asked, reached=4) if w.kind == "late-entry"]
    assert [(w.level, w.cost, w.chips) for w in late] == [(3, 30_000, 5_000)]
    sane = PlanAsked(players=20, structure=template("turbo", players=20),
                     late_registration_levels=4).checked()  # fmt: skip
    assert blind_warnings(sane, reached=12, final_level=9) == []


def test_chip_when_a_level_the_chips_in_play_cannot_pay() -> None:
    # CHIP-WHEN: a level of 30/60 with 25 chips (the check the structure's validation makes).
    odd = Structure((Level(25, 50), Level(30, 60)), (25, 100), 5_000)
    found = blind_warnings(PlanAsked(players=10, structure=odd), reached=1)
    assert [(w.kind, w.level, w.chips) for w in found] == [("unpayable", 2, 25)]


def test_ante_bb_a_round_costs_the_antes_as_the_profile_posts_them() -> None:
    level = Level(100, 200, 50)
    assert orbit_cost(level, load("tda-2017"), 9) == 100 + 200 + 9 * 50  # TDA 30: each player
    # BAN/BLINDS: the big blind posts one ante for the table, a big blind with six or more
    assert orbit_cost(level, load("bannalec"), 9) == 100 + 200 + 200
    assert orbit_cost(level, load("bannalec"), 5) == 100 + 200 + 100


def test_the_limits_are_named() -> None:
    turbo = template("turbo")
    with pytest.raises(ParseError, match=f"at most {MAX_ENTRIES} entries"):
        PlanAsked(players=MAX_ENTRIES, reentries=1, structure=turbo,
                  late_registration_levels=4).checked()  # fmt: skip
    with pytest.raises(ParseError, match=f"1 to {MAX_RUNS} runs, not 0"):
        PlanAsked(players=10, structure=turbo, runs=0).checked()
    with pytest.raises(ParseError, match=r"BUY-REENTRY"):
        PlanAsked(players=10, reentries=1, structure=turbo).checked()
    with pytest.raises(ParseError, match=r"more than 10 players may make \(1 each"):
        PlanAsked(players=10, reentries=11, structure=turbo, late_registration_levels=4,
                  reentry_limit=1).checked()  # fmt: skip


def test_the_runs_stop_when_told() -> None:
    asked = PlanAsked(players=12, structure=template("turbo", players=12), runs=5).checked()
    asked_after: list[int] = []

    def two_runs(done: int) -> bool:
        asked_after.append(done)
        return done < 2

    results = play_plan(asked, seed=3, keep_going=two_runs)
    assert [r.seed for r in results] == [3, 4]
    assert estimate(asked, results).stopped
    with pytest.raises(ParseError, match="no run"):
        estimate(asked, [])


def test_a_spread_is_ordered() -> None:
    spread = Spread.of([5.0, 1.0, 3.0, 2.0, 4.0])
    assert (spread.earliest, spread.median, spread.latest) == (1.0, 3.0, 5.0)
    assert spread.earliest <= spread.low <= spread.median <= spread.high <= spread.latest
    assert Spread.of([7.0]) == Spread(7.0, 7.0, 7.0, 7.0, 7.0)
