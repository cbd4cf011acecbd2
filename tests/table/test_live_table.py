"""``LiveTable``: commands handled into events, refused with the rule and nothing changed, the
engine's errors named by seats, and the table rebuilt the same from its events."""

from __future__ import annotations

import datetime

import pytest
from table_play import Play, choice

from pokertd.cards import Card
from pokertd.engine import ActionKind
from pokertd.errors import IllegalActionError, ParseError
from pokertd.table import Actor, LiveTable, TableMode, Viewer, commands
from pokertd.table.events import TableHoleDealt, TablePlayerActed


def to_act(play: Play) -> int:
    seat = play.view(Viewer.public())["to_act"]
    assert seat is not None
    return int(seat)


def snapshot(play: Play) -> tuple[int, dict[str, object]]:
    return play.table.version, play.view(Viewer.dealer())


def test_an_action_becomes_one_typed_event() -> None:
    play = Play()
    play.start()
    seat = to_act(play)
    (event,) = play.run(commands.Act(seat, ActionKind.RAISE, 600))
    assert event == TablePlayerActed(seat=seat, action=ActionKind.RAISE, to=600, by=Actor.PLAYER)
    last = play.view(Viewer.public())["log"][-1]
    assert (last["seat"], last["action"], last["to"]) == (seat, "raise", 600)


def test_bet_oot_names_seats_and_changes_nothing() -> None:
    play = Play()
    play.start()
    before = snapshot(play)
    seat = to_act(play)
    other = next(s for s in play.seats() if s != seat)
    with pytest.raises(IllegalActionError) as raised:
        play.run(commands.Act(other, ActionKind.FOLD))
    assert raised.value.rule == "BET-OOT"
    assert str(raised.value) == f"seat {other} is not to act; seat {seat} is (BET-OOT)"
    assert snapshot(play) == before


def test_the_engines_refusal_names_seats_and_changes_nothing() -> None:
    play = Play()
    play.start()
    before = snapshot(play)
    seat = to_act(play)
    with pytest.raises(IllegalActionError) as raised:
        play.run(commands.Act(seat, ActionKind.RAISE, 250))
    assert raised.value.rule == "BET-MINRAISE"
    plan = play.table.plan
    assert plan is not None
    name = dict(zip(plan.seats, plan.names, strict=True))[seat]  # the table knows names
    said = f"player in seat {seat} ({name}): raise to 250 is below the minimum 400 (BET-MINRAISE)"
    assert str(raised.value) == said
    assert raised.value.action == f"seat {seat} raise to 250"
    assert snapshot(play) == before


def test_engine_state_refusals() -> None:
    play = Play(players=3)
    with pytest.raises(
        IllegalActionError, match=r"no hand is being played at table 1 \(ENGINE-STATE\)"
    ):
        play.run(commands.Act(1, ActionKind.FOLD))
    started = play.start(TableMode.DEALER)
    with pytest.raises(IllegalActionError, match="seat 9 is not dealt in this hand") as raised:
        play.run(commands.DealHole(9, (None, None)))
    assert raised.value.rule == "ENGINE-STATE"
    with pytest.raises(IllegalActionError, match="board cards are entered face up"):
        play.run(commands.DealBoard((Card.parse("Qs"), None, None)))
    with pytest.raises(IllegalActionError, match="hand 1 is in progress at table 1"):
        play.table.handle(commands.StartHand("tournament-1", started.plan, TableMode.DEALER))
    with pytest.raises(IllegalActionError, match="no finished hand is waiting to be reported"):
        play.table.handle(commands.RecordHand("Live test", 9))


def test_dealer_cards_are_checked_by_the_engine_eng_deal() -> None:
    play = Play(players=3)
    play.start(TableMode.DEALER)
    first, second, _ = play.seats()
    ace, king = Card.parse("As"), Card.parse("Ks")
    (event,) = play.run(commands.DealHole(first, (ace, king)))
    assert event == TableHoleDealt(seat=first, cards=(ace, king))
    before = snapshot(play)
    with pytest.raises(IllegalActionError) as raised:
        play.run(commands.DealHole(second, (ace, Card.parse("2c"))))
    assert raised.value.rule == "ENGINE-DEAL"
    assert snapshot(play) == before


def test_online_the_server_deals() -> None:
    play = Play()
    play.start(TableMode.ONLINE)
    with pytest.raises(IllegalActionError):
        play.run(commands.DealHole(to_act(play), (Card.parse("As"), Card.parse("Kd"))))


def test_a_hand_nobody_can_play_is_refused_before_it_is_stored() -> None:
    play = Play(players=3, absent=(1, 2, 3))
    with pytest.raises(ParseError, match="absent"):
        play.start()
    assert play.table.version == 0
    assert play.table.started is None


def test_a_bot_seat_is_one_event_and_only_a_change_is_one() -> None:
    play = Play()
    play.start()
    seat = to_act(play)
    other = next(s for s in play.seats() if s != seat)
    assert len(play.run(commands.SetBot(other, True))) == 1
    assert play.run(commands.SetBot(other, True)) == []
    assert play.table.bot_to_act() is None
    play.run(commands.SetBot(seat, True))
    found = play.table.bot_to_act()
    assert found is not None
    assert found[0] == seat
    play.run(commands.SetBot(seat, False))
    assert play.table.bots == {other}


def test_the_action_clock_runs_online_only_clk_duration() -> None:
    play = Play()
    play.start(TableMode.ONLINE)
    deadline = play.table.deadline()
    assert deadline is not None
    assert (deadline.seat, deadline.seconds) == (to_act(play), 30)  # TDA 29: 25 s + 5 s
    assert deadline.at == play.now + datetime.timedelta(seconds=30)
    custom = play.table.deadline(12)
    assert custom is not None
    assert custom.seconds == 12
    dealer = Play()
    dealer.start(TableMode.DEALER)
    assert dealer.table.deadline() is None


def play_hands(play: Play, count: int) -> None:
    for _ in range(count):
        play.start()
        while play.table.is_playing:
            assert play.table.hand is not None
            legal = play.table.hand.legal()
            assert legal is not None
            assert play.table.plan is not None
            kind, to = choice(legal, play.rng)
            play.run(commands.Act(play.table.plan.seats[legal.player], kind, to))
        play.now += datetime.timedelta(minutes=2)


def test_replay_and_catch_up_build_the_same_table() -> None:
    play = Play(seed=3)
    play_hands(play, 4)
    play.start()
    play.run(commands.Act(to_act(play), ActionKind.CALL))
    profile = play.tournament.state.profile
    replayed = LiveTable.replay(1, profile, play.stored)
    caught_up = LiveTable(1, profile)
    caught_up.catch_up(play.stored)
    for table in (replayed, caught_up):
        assert table.version == play.table.version == len(play.stored)
        assert table.histories == play.table.histories
        assert len(table.histories) == 4
        assert table.hand is not None
        assert play.table.hand is not None
        assert table.hand.events == play.table.hand.events
        assert table.turn_since == play.table.turn_since
    assert replayed.hand is not caught_up.hand
