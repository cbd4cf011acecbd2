"""Draw games at a live table: each draw is one typed event, the engine judges it (named after
the draw rules: DRAW-ORDER, DRAW-DISCARD, DRAW-BURN, DRAW-DECK-SHORT), each viewer sees how many
cards a player changes but only his own cards, and an online hand whose stub runs out replays
card for card from its stored events."""

from __future__ import annotations

import pytest
from table_play import Play

from pokertd.engine import ActionKind, Phase
from pokertd.errors import IllegalActionError
from pokertd.table import Actor, LiveTable, TableMode, Viewer, commands
from pokertd.table.events import TableCardsDiscarded, TableHoleDealt, from_data, to_data


def to_act(play: Play) -> int:
    seat = play.view(Viewer.public())["to_act"]
    assert seat is not None
    return int(seat)


def to_the_draw(play: Play) -> None:
    """Everyone calls (or checks) until the hand reaches a draw."""
    hand = play.table.hand
    assert hand is not None
    while hand.phase is Phase.BETTING:
        legal = hand.legal()
        assert legal is not None
        kind = ActionKind.CHECK if legal.check else ActionKind.CALL
        play.run(commands.Act(to_act(play), kind))


def mine(play: Play, seat: int) -> list[str]:
    view = play.view(Viewer.seat(seat))
    cards = next(s for s in view["seats"] if s["seat"] == seat)["cards"]
    assert cards is not None
    return list(cards)


def test_a_draw_is_one_typed_event_and_the_new_cards_come_online() -> None:
    play = Play(game="fl27td")
    play.start()
    to_the_draw(play)
    seat = to_act(play)
    before = mine(play, seat)
    thrown = tuple(play.table.hand.hole_cards(play.table.plan.player_at(seat))[:2])  # type: ignore[union-attr, arg-type]
    (event,) = play.run(commands.Draw(seat, thrown))
    assert event == TableCardsDiscarded(seat=seat, cards=thrown, by=Actor.PLAYER)
    assert from_data(event.name, to_data(event)) == event
    while play.view(Viewer.public())["phase"] == "drawing":
        play.run(commands.Draw(to_act(play)))  # the others stand pat
    after = mine(play, seat)
    assert len(after) == 5
    assert [card for card in before if card not in map(str, thrown)] == after[:3]
    assert not set(after[3:]) & set(before)


def test_draw_order_a_draw_out_of_turn_is_refused_and_changes_nothing() -> None:
    play = Play(game="fl27td")
    play.start()
    to_the_draw(play)
    seat = to_act(play)
    other = next(s for s in play.seats() if s != seat)
    before = (play.table.version, play.view(Viewer.dealer()))
    with pytest.raises(IllegalActionError) as raised:
        play.run(commands.Draw(other, ()))
    assert raised.value.rule == "DRAW-ORDER"
    plan = play.table.plan
    assert plan is not None
    name = dict(zip(plan.seats, plan.names, strict=True))  # the table names seats and players
    said = (
        f"player in seat {other} ({name[other]}) is not to draw; "
        f"player in seat {seat} ({name[seat]}) is (DRAW-ORDER)"
    )
    assert str(raised.value) == said
    assert (play.table.version, play.view(Viewer.dealer())) == before


def test_draw_discard_a_card_he_does_not_hold_is_refused() -> None:
    play = Play(game="badugi")
    play.start()
    to_the_draw(play)
    seat = to_act(play)
    other = next(s for s in play.seats() if s != seat)
    theirs = play.table.hand.hole_cards(play.table.plan.player_at(other))[0]  # type: ignore[union-attr, arg-type]
    with pytest.raises(IllegalActionError) as raised:
        play.run(commands.Draw(seat, (theirs,)))
    assert raised.value.rule == "DRAW-DISCARD"
    with pytest.raises(IllegalActionError) as betting:
        play.run(commands.Act(seat, ActionKind.CHECK))
    assert betting.value.rule == "ENGINE-STATE"  # no betting while the players draw


def test_a_bet_is_not_a_draw_engine_state() -> None:
    play = Play(game="nl27sd")
    play.start()
    with pytest.raises(IllegalActionError) as raised:
        play.run(commands.Draw(to_act(play), ()))
    assert raised.value.rule == "ENGINE-STATE"


def test_draw_discard_how_many_is_public_which_is_his_own() -> None:
    play = Play(game="fl27td")
    play.start()
    to_the_draw(play)
    seat = to_act(play)
    thrown = mine(play, seat)[:3]
    play.run(
        commands.Draw(seat, tuple(play.table.hand.hole_cards(play.table.plan.player_at(seat))[:3]))
    )  # type: ignore[union-attr, arg-type]
    other = next(s for s in play.seats() if s != seat)
    for viewer, sees in (
        (Viewer.seat(seat), thrown),
        (Viewer.seat(other), None),
        (Viewer.public(), None),
    ):
        view = play.view(viewer)
        line = next(line for line in view["log"] if line["event"] == "cards-discarded")
        assert (line["seat"], line["count"], line["cards"]) == (seat, 3, sees)
        assert next(s for s in view["seats"] if s["seat"] == seat)["drew"] == 3


def test_draw_burn_the_burn_is_never_shown() -> None:
    play = Play(game="fl27td")
    play.start()
    to_the_draw(play)
    while play.view(Viewer.public())["phase"] == "drawing":
        play.run(
            commands.Draw(
                to_act(play),
                (play.table.hand.hole_cards(play.table.plan.player_at(to_act(play)))[0],),
            )
        )  # type: ignore[union-attr, arg-type]
    burned = [str(card) for card in play.table.hand._st.burns]  # type: ignore[union-attr]
    assert len(burned) == 1
    text = str(play.view(Viewer.dealer()))
    assert "card-burned" not in text
    assert burned[0] not in text


def test_draw_deck_short_online_reshuffle_replays_card_for_card() -> None:
    # Eight players throw all five cards at each draw: the stub runs out at the second draw and
    # the discards are shuffled into a new stub (DRAW-DECK-SHORT: GEN 1.7).
    play = Play(game="fl27td", players=8, stack=100_000)
    play.start()
    for _ in range(3):
        to_the_draw(play)
        while play.view(Viewer.public())["phase"] == "drawing":
            seat = to_act(play)
            hand = play.table.hand
            assert hand is not None
            play.run(commands.Draw(seat, tuple(hand.hole_cards(hand.to_act))))  # type: ignore[arg-type]
    lines = play.view(Viewer.public())["log"]
    reshuffles = [line for line in lines if line["event"] == "discards-reshuffled"]
    assert reshuffles
    assert all("cards" not in line for line in reshuffles)
    again = LiveTable.replay(1, play.table.profile, play.stored)
    assert again.hand is not None
    assert play.table.hand is not None
    assert again.hand.events == play.table.hand.events


def test_dealer_mode_draw_owed_in_order_draw_order() -> None:
    play = Play(game="nl27sd", players=3)
    play.start(TableMode.DEALER)
    to_the_draw(play)
    drawers = []
    while play.view(Viewer.public())["phase"] == "drawing":
        seat = to_act(play)
        drawers.append(seat)
        play.run(commands.Draw(seat, (None, None)))  # two cards the dealer did not see
    view = play.view(Viewer.dealer())
    assert view["phase"] == "dealing"
    assert view["draw_owed"] == drawers
    with pytest.raises(IllegalActionError) as raised:
        play.run(commands.DealHole(drawers[1], (None, None)))
    assert raised.value.rule == "DRAW-ORDER"
    for seat in drawers:
        (event,) = play.run(commands.DealHole(seat, (None, None)))
        assert isinstance(event, TableHoleDealt)
    assert play.view(Viewer.public())["phase"] == "betting"
