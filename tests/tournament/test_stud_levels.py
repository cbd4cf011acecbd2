"""The stud levels of a mixed event dealt at its tables: what a level gives a stud hand (its ante,
bring-in and limits), the hand planned and played with the button frozen through the stud games
(TBL-MIXED-BUTTON: TDA 10B), and back at hold'em the button where it was frozen."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tournament_tools import Driver

from pokertd.engine import ActionKind, Phase
from pokertd.engine.events import AntePosted, BlindPosted, PlayerActed
from pokertd.errors import ParseError
from pokertd.rules import load
from pokertd.table.plan import HandPlan, plan_hand
from pokertd.tournament import commands, events
from pokertd.tournament.rotation import HORSE, Rotation, frozen_button, is_stud_game
from pokertd.tournament.seating import Blinds, NextHand, engine_order
from pokertd.tournament.structure import Level, Structure, stud_bets


def horse(*, chips: tuple[int, ...] = (25, 100), bring_in: int | None = None) -> dict[str, Any]:
    """A HORSE by level (flhe, flo8, razz, stud, stud8, flhe...), 10,000 chips each."""
    levels = tuple(
        Level(50 * n, 100 * n, 0 if n < 3 else 25 * n, bring_in=bring_in) for n in range(1, 9)
    )
    return Rotation.horse().apply_to(Structure(levels, chips, 10_000)).to_dict()


def start(driver: Driver) -> tuple[events.HandStarted, HandPlan]:
    new = driver.do(commands.StartHand(1))
    started = next(event for event in new if isinstance(event, events.HandStarted))
    return started, plan_hand(driver.state, started)


def play_out(driver: Driver, plan: HandPlan, seed: int) -> None:
    """Play the hand on the engine (everyone calls or checks) and report its stacks."""
    hand = plan.create_hand(load("tda-2017"), rng=random.Random(seed))
    while not hand.is_finished:
        legal = hand.legal()
        assert legal is not None
        kind = ActionKind.CHECK if legal.check else ActionKind.CALL
        if legal.is_bring_in:
            kind = ActionKind.BRING_IN
        hand.act(legal.player, kind)
    assert hand.result is not None
    driver.do(commands.FinishHand(1, dict(zip(plan.entries, hand.result.stacks, strict=True))))


def test_tbl_mixed_button_horse_through_stud_and_back_to_hold_em() -> None:
    """TDA 10B: after the last hold'em (here Omaha-8) hand the button moves on one place and
    stays there through razz, stud and stud-8; every stud hand is dealt to everyone, with the
    level's ante, bring-in and limits and no blind; back at hold'em the first button is there."""
    driver = Driver.create(players=6, structure_data=horse())
    games = []
    for level in range(2):  # flhe, flo8: the button moves every hand
        for hand in range(2):
            started, plan = start(driver)
            games.append(plan.game)
            assert sum(plan.blind_posts) == plan.blinds[0] + plan.blinds[1]
            play_out(driver, plan, seed=10 * level + hand)
        driver.do(commands.SkipLevel())
    table = driver.state.tables[1]
    frozen = frozen_button(table)
    assert table.last_hand is not None
    assert frozen != table.last_hand.button
    seated = set(table.players)
    for level in range(3):  # razz, stud, stud8
        for hand in range(2):
            started, plan = start(driver)
            games.append(plan.game)
            assert started.button == frozen
            assert set(started.dealt) == seated
            assert started.sitting_out == ()
            small_bet = 100 * (3 + level)
            assert plan.limits == (small_bet, 2 * small_bet)
            assert plan.bring_in == small_bet // 4
            assert plan.ante == 25 * (3 + level)
            assert plan.blind_posts == (0,) * len(seated)
            assert plan.positions == (frozen, 0, 0)
            assert plan.seats[plan.button] == frozen  # the cards go round from his left
            play_out(driver, plan, seed=100 + 10 * level + hand)
            assert driver.state.tables[1].last_hand == table.last_hand  # frozen
        driver.do(commands.SkipLevel())
    started, plan = start(driver)
    games.append(plan.game)
    assert started.button == frozen  # TDA 10B: where it was frozen
    play_out(driver, plan, seed=7)
    assert start(driver)[0].button != frozen  # and it moves again
    assert games == [*(game for game in HORSE for _ in range(2)), "flhe"]


def test_tbl_mixed_button_a_bust_during_stud_leaves_a_dead_frozen_button() -> None:
    driver = Driver.create(players=5, structure_data=horse())
    for _ in range(2):
        play_out(driver, start(driver)[1], seed=3)
        driver.do(commands.SkipLevel())
    frozen = frozen_button(driver.state.tables[1])
    started, plan = start(driver)  # razz
    stacks = dict.fromkeys(plan.entries, 10_000)
    out = int(driver.state.tables[1].players[frozen])
    stacks[out] = 0
    driver.do(commands.FinishHand(1, stacks))
    driver.do(commands.BustPlayers((out,)))
    started, plan = start(driver)
    assert started.button == frozen
    assert frozen not in started.dealt
    assert plan.seats[plan.button] != frozen
    assert len(plan.seats) == 4


def test_stud_bringin_absent_pays_the_bring_in() -> None:
    """STUD-BRINGIN-ABSENT (TDA 30, 71C): an absent player is dealt in, antes, and pays the
    bring-in when his up card calls for it; his hand is dead."""
    driver = Driver.create(players=4, structure_data=horse())
    for _ in range(2):
        driver.do(commands.SkipLevel())
    driver.do(commands.GoAway(2))
    _started, plan = start(driver)
    absent = plan.entries.index(2)
    assert plan.absent == (absent,)
    for seed in range(200):  # a deal whose bring-in card is his
        hand = plan.create_hand(load("tda-2017"), rng=random.Random(seed))
        posted = [e for e in hand.events if isinstance(e, PlayerActed) and e.player == absent]
        if posted:
            break
    else:
        raise AssertionError("no deal gave the absent player the bring-in card")
    assert posted[0].kind is ActionKind.BRING_IN
    assert posted[0].to == plan.bring_in
    assert any(isinstance(e, AntePosted) and e.player == absent for e in hand.events)
    assert hand.is_folded(absent)
    assert not any(isinstance(e, BlindPosted) for e in hand.events)


def test_stud_bringin_the_level_s_amounts_when_the_director_sets_them() -> None:
    driver = Driver.create(players=3, structure_data=horse(bring_in=100))
    for _ in range(3):
        driver.do(commands.SkipLevel())  # stud, level 4: 200/400 ante 100
    plan = start(driver)[1]
    assert (plan.game, plan.ante, plan.bring_in, plan.limits) == ("stud", 100, 100, (400, 800))
    hand = plan.create_hand(load("tda-2017"), rng=random.Random(1))
    assert hand.phase is Phase.BETTING
    legal = hand.legal()
    assert legal is not None
    assert legal.is_bring_in
    assert legal.call == 100
    assert (legal.min_raise_to, legal.max_raise_to) == (400, 400)  # the completion


def test_a_stud_level_s_bring_in_is_checked_and_kept() -> None:
    with pytest.raises(ParseError, match="at most the small bet 200"):
        Level(100, 200, game="razz", bring_in=300)
    with pytest.raises(ParseError, match="bring-in must be a whole number"):
        Level(100, 200, game="razz", bring_in=2.5)  # type: ignore[arg-type]
    structure = Structure((Level(100, 200, 25, game="stud", bring_in=60),), (25,), 5_000)
    assert structure.problems() == [
        "level 1 (100/200 ante 25) is not payable with chips (25,)"
    ]  # 60 is no multiple of 25
    level = Level(100, 200, 25, game="stud", bring_in=50)
    assert Structure.from_dict(Structure((level,), (25,), 5_000).to_dict()).levels == (level,)
    kept = Structure((level,), (25,), 5_000).with_level(1, 150, 300, 50, 20)
    assert kept.levels[0].bring_in == 50


@given(
    unit=st.sampled_from([1, 5, 10, 25, 100, 500]),
    units=st.integers(min_value=1, max_value=400),
    ante=st.sampled_from([0, None]),
)
def test_stud_bets_defaults_follow_the_small_bet(unit: int, units: int, ante: int | None) -> None:
    """The bring-in about a quarter of the small bet, the ante an eighth (when the level has
    none), each a multiple of the smallest chip, at least one, at most the small bet."""
    small_bet = unit * units
    level = Level(small_bet // 2, small_bet, ante or 0, game="razz")
    bets = stud_bets(level, unit)
    assert bets.limits == (small_bet, 2 * small_bet)
    for amount, part in ((bets.bring_in, 4), (bets.ante, 8)):
        assert amount % unit == 0
        assert unit <= amount <= small_bet
        assert amount == unit or abs(amount - small_bet / part) <= unit / 2


def plan_before(state: Any, started: events.HandStarted) -> HandPlan:
    """``plan_hand`` as it was before the stud levels (a game with blinds)."""
    table = state.tables[started.table]
    level = state.structure.items[started.item]
    blinds = Blinds(started.button, started.small_blind, started.big_blind)
    heads_up = len(started.dealt) == 2
    order = engine_order(table, NextHand(blinds, started.dealt, started.sitting_out, heads_up))
    entries = tuple(int(entry) for entry in order.entries)
    denominations = state.structure.denominations_at(started.item)
    return HandPlan(
        table=started.table,
        hand=started.hand,
        game=level.game,
        level=state.structure.level_number(started.item),
        seats=order.seats,
        entries=entries,
        names=tuple(state.entries[entry].player for entry in entries),
        stacks=tuple(state.entries[entry].stack or 0 for entry in entries),
        blinds=(level.small_blind, level.big_blind),
        ante=level.ante,
        button=order.button,
        blind_posts=order.blind_posts((level.small_blind, level.big_blind)),
        absent=tuple(entries.index(entry) for entry in started.killed if entry in entries),
        chip_unit=min(denominations) if denominations else 1,
        is_final_heads_up=heads_up and state.active_count == 2,
        positions=(started.button, started.small_blind, started.big_blind),
        sitting_out=started.sitting_out,
    )


@given(seed=st.integers(min_value=0, max_value=10_000), players=st.integers(2, 9))
def test_a_flop_game_s_plan_is_the_one_planned_before(seed: int, players: int) -> None:
    """Random hands of a rotation of flop and draw games, players busting and going away: the
    plan is the one ``plan_hand`` made before stud came to the tables."""
    rng = random.Random(seed)
    data = Rotation.parse("nlhe, flo8, fl27td").apply_to(Structure.from_dict(horse())).to_dict()
    driver = Driver.create(players=players, structure_data=data, seed=seed)
    for _ in range(12):
        if driver.state.winner is not None:
            break
        started, plan = start(driver)
        assert plan == plan_before(driver.state, started)
        assert not is_stud_game(plan.game)
        assert plan.bring_in == 0
        assert plan.limits is None
        stacks = {entry: rng.choice([0, 10_000, 20_000]) for entry in plan.entries}
        if all(chips == 0 for chips in stacks.values()):
            stacks[plan.entries[0]] = 10_000
        driver.do(commands.FinishHand(1, stacks))
        out = tuple(entry for entry, chips in stacks.items() if chips == 0)
        if out:
            starts = {entry: plan.stacks[plan.entries.index(entry)] for entry in out}
            driver.do(commands.BustPlayers(out, start_stacks=starts))
        if driver.state.winner is None and rng.random() < 0.3:
            driver.do(commands.SkipLevel())
        present = [e.number for e in driver.state.active() if e.is_present]
        if driver.state.winner is None and present and rng.random() < 0.2:
            driver.do(commands.GoAway(rng.choice(present)))
