"""Issue 20 made the simulation faster without changing a single hand: seeded runs give the
digest (``sim_digest``: result, every event, the random streams) they gave before the work began
(recorded from the code of 651dada), under several profiles, bots and structures. The bigger
runs compared the same way by script are listed in docs/benchmarks.md."""

from __future__ import annotations

import gc

import pytest
from sim_digest import digest

from pokertd.sim import run
from pokertd.sim.run import Settings

BEFORE = {
    (150, 2, "mix", "regular", "tda-2017"): (
        "5d99fc57577fcc77115df20c23bc3cc77f2020269b6d4957bc37e412fdd57b0a",
        1223,
        3093,
    ),
    (40, 4, "calling", "regular", "tda-2017"): (
        "31b1c6554785193273e9967709f3df6e2468ad96cf5a6596205161da653a501b",
        649,
        1483,
    ),
    (90, 5, "tag", "turbo", "tda-2017"): (
        "541062dc2515542a4075bf2129c1e8d40d569b94e607788625633f685b1e6d92",
        644,
        1684,
    ),
    (300, 8, "mix", "turbo", "gran-madrid"): (
        "fe41425c908fb60f5a927749ee13b75c5eedb5d20d6ef6f37fa56ff81db5d88c",
        1253,
        3798,
    ),
    (150, 10, "random", "turbo", "generic"): (
        "83eabea91ce627e817659257e07128cc8ba21d0a5e1335f365b939e017656e1e",
        104,
        780,
    ),
}


@pytest.mark.parametrize("key", sorted(BEFORE))
def test_a_seeded_run_plays_the_hands_it_played_before(key: tuple[int, int, str, str, str]) -> None:
    players, seed, bots, template, profile = key
    settings = Settings(players=players, seed=seed, bots=bots, template=template, profile=profile)
    assert digest(settings) == BEFORE[key]


def test_a_run_that_takes_the_collector_in_hand_plays_the_same_and_gives_it_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settings = Settings(players=40, seed=4, bots="calling")
    monkeypatch.setattr(run, "_FREEZE_FROM", 10)
    freezes = []
    freeze = gc.freeze

    def counted() -> None:
        freezes.append((gc.get_freeze_count(), gc.isenabled()))
        freeze()

    monkeypatch.setattr(gc, "freeze", counted)
    assert gc.get_freeze_count() == 0
    assert gc.isenabled()
    assert digest(settings) == BEFORE[(40, 4, "calling", "regular", "tda-2017")]
    assert len(freezes) > 10  # once a round
    assert not any(enabled for _, enabled in freezes)  # no automatic collection during the run
    assert gc.get_freeze_count() == 0  # every object frozen during the run given back
    assert gc.isenabled()  # and the collector on again


def test_a_run_that_fails_gives_the_collector_back(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(run, "_FREEZE_FROM", 10)
    rounds = []

    def failing(self: run._Run) -> None:
        rounds.append(gc.isenabled())
        raise RuntimeError("a bot fell off its chair")

    monkeypatch.setattr(run._Run, "_round", failing)
    with pytest.raises(RuntimeError, match="chair"):
        run.simulate(Settings(players=40, seed=4))
    assert rounds == [False]  # the collector was off during the round
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0


def test_a_small_run_leaves_the_collector_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = []
    monkeypatch.setattr(run._Run, "_sample", lambda self: seen.append(gc.isenabled()))
    run.simulate(Settings(players=20, seed=4, bots="calling"))
    assert seen
    assert all(seen)
