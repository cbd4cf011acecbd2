"""Bots at an online table of a draw game: they bet, draw (DRAW-ORDER, DRAW-DISCARD) and play
hands to their end, which reach the tournament with their PHH in the game's variant code."""

from __future__ import annotations

import pytest
from table_tools import Clock, tables, tournament

from pokertd.engine import ActionKind, Hand
from pokertd.history import read_phh
from pokertd.service.table_bots import bot_discards
from pokertd.store import MemoryEventStore
from pokertd.table import TableMode, Viewer


@pytest.mark.parametrize(
    ("game", "variant"),
    [("fl27td", "F2L3D"), ("nl27sd", "N2L1D"), ("badugi", "FB"), ("nl5cd", "N5CD")],
)
def test_a_table_of_bots_finishes_draw_hands(game: str, variant: str) -> None:
    clock = Clock()
    service, tid = tournament(MemoryEventStore(), clock, players=6, game=game)
    live = tables(service, clock, seed=11)
    for seat in live.view(tid, 1, Viewer.public())["seats"]:
        live.set_bot(tid, 1, seat["seat"], True)
    drawn = 0
    for _ in range(3):
        live.start_hand(tid, 1, mode=TableMode.ONLINE)
        live.run_bots(tid, 1)
        view = live.view(tid, 1, Viewer.dealer())
        assert view["status"] == "finished"
        drawn += sum(1 for line in view["log"] if line["event"] == "cards-discarded")
    assert drawn > 0  # the bots reached a draw at least once
    histories = live.hand_histories(tid, 1)
    assert len(histories) == 3
    assert {read_phh(text).variant for text in histories} == {variant}
    stacks = service.load(tid).state.entries
    assert sum(entry.stack or 0 for entry in stacks.values()) == 6 * 10_000


def test_draw_discard_a_bot_keeps_its_low_cards_and_throws_its_own() -> None:
    hand = Hand.create(game="fl27td", stacks=[1000, 1000], blinds=(5, 10), button=0, seed=4)
    hand.act(0, "call")
    hand.act(1, "check")
    legal = hand.legal()
    assert legal is not None
    thrown = bot_discards(hand, legal)
    held = hand.hole_cards(legal.player)
    assert set(thrown) <= set(held)
    kept = [card for card in held if card not in thrown and card is not None]
    assert all(card.rank <= 8 for card in kept)
    assert len({card.rank for card in kept}) == len(kept)


@pytest.mark.parametrize(("profile", "seconds"), [("tda-2017", 30), ("lfp", 70)])
def test_clk_expiry_a_draw_not_made_in_time_stands_pat(profile: str, seconds: int) -> None:
    clock = Clock()
    service, tid = tournament(MemoryEventStore(), clock, players=3, game="fl27td", profile=profile)
    live = tables(service, clock)
    live.start_hand(tid, 1, mode=TableMode.ONLINE)
    while (view := live.view(tid, 1, Viewer.public()))["phase"] == "betting":
        kind = ActionKind.CHECK if view["legal"]["check"] else ActionKind.CALL
        live.act(tid, 1, view["to_act"], kind)
    assert view["phase"] == "drawing"
    assert view["deadline"]["seconds_left"] == seconds  # the draw is timed too
    clock.advance(seconds - 1)
    assert live.expire(tid, 1) is None
    clock.advance(1)
    ruling = live.expire(tid, 1)
    assert ruling is not None
    assert (ruling.rule, ruling.outcome, ruling.decision) == ("CLK-EXPIRY", "stands-pat", None)
    after = live.view(tid, 1, Viewer.public())
    drew = {seat["seat"]: seat["drew"] for seat in after["seats"]}
    assert drew[view["to_act"]] == 0  # he stood pat
    assert after["to_act"] != view["to_act"]
