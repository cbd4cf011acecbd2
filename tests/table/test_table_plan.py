"""``plan_hand``: the hand a tournament deals at a table, read from its state, the one mapping
between seats and engine players (shared by the live table and the simulator)."""

from __future__ import annotations

from table_play import Play

from pokertd.table import HandPlan, plan_hand
from pokertd.tournament import commands
from pokertd.tournament import events as tournament_events


def started_plan(play: Play) -> tuple[tournament_events.HandStarted, HandPlan]:
    new = play.do(commands.StartHand(1))
    started = next(e for e in new if isinstance(e, tournament_events.HandStarted))
    return started, plan_hand(play.tournament.state, started)


def test_the_plan_is_the_tournaments_seating_in_engine_order() -> None:
    play = Play(players=5, stack=7_000)
    started, plan = started_plan(play)
    state = play.tournament.state
    seated = state.tables[1].players
    assert sorted(plan.seats) == sorted(seated)
    for player, seat in enumerate(plan.seats):
        assert plan.player_at(seat) == player
        assert int(seated[seat]) == plan.entries[player]
        assert plan.names[player] == state.entries[plan.entries[player]].player
        assert plan.stacks[player] == 7_000
    assert plan.player_at(10) is None
    assert plan.positions == (started.button, started.small_blind, started.big_blind)
    assert plan.seats[plan.button] == started.button
    # PHH order: player 0 sits left of the button.
    assert plan.seats[(plan.button + 1) % len(plan.seats)] == started.small_blind
    assert (plan.blinds, plan.ante, plan.level, plan.game) == ((100, 200), 0, 1, "nlhe")
    assert plan.chip_unit == 25  # POT-ODD-CHIP: the smallest chip in play
    assert not plan.is_final_heads_up


def test_absent_players_are_dealt_in_with_their_hands_killed_abs_dead_hand() -> None:
    play = Play(players=4, absent=(2,))
    _, plan = started_plan(play)
    assert [plan.entries[player] for player in plan.absent] == [2]
    hand = plan.create_hand(play.tournament.state.profile)
    assert hand.player_count == 4
    assert hand.is_folded(plan.absent[0])


def test_two_players_left_is_the_final_heads_up_bet_raise_cap() -> None:
    play = Play(players=2)
    _, plan = started_plan(play)
    assert len(plan.seats) == 2
    assert plan.is_final_heads_up
