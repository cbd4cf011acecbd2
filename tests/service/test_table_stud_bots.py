"""Bots and the action clock at an online table of a stud level: the bots post the bring-in and
play razz, stud and stud-8 hands to their end, which reach the tournament with their PHH in the
game's variant code; a player who lets his time run out while he owes the bring-in has it posted
for him (CLK-EXPIRY, STUD-BRINGIN-ABSENT: TDA 30, 71C)."""

from __future__ import annotations

import pytest
from table_tools import Clock, tables, tournament

from pokertd.history import read_phh
from pokertd.store import MemoryEventStore
from pokertd.table import TableMode, Viewer


@pytest.mark.parametrize(("game", "variant"), [("razz", "FR"), ("stud", "F7S"), ("stud8", "F7S/8")])
def test_stud_bringin_a_table_of_bots_finishes_stud_hands(game: str, variant: str) -> None:
    clock = Clock()
    service, tid = tournament(MemoryEventStore(), clock, players=5, game=game)
    live = tables(service, clock, seed=5)
    for seat in live.view(tid, 1, Viewer.public())["seats"]:
        live.set_bot(tid, 1, seat["seat"], True)
    for _ in range(3):
        live.start_hand(tid, 1, mode=TableMode.ONLINE)
        live.run_bots(tid, 1)
        view = live.view(tid, 1, Viewer.dealer())
        assert view["status"] == "finished"
        acted = [line["action"] for line in view["log"] if line["event"] == "player-acted"]
        assert acted[0] in ("bring-in", "bet", "raise")  # the bring-in, or a completion
    histories = live.hand_histories(tid, 1)
    assert len(histories) == 3
    assert {read_phh(text).variant for text in histories} == {variant}
    stacks = service.load(tid).state.entries
    assert sum(entry.stack or 0 for entry in stacks.values()) == 5 * 10_000


@pytest.mark.parametrize("profile", ["tda-2017", "lfp"])
def test_clk_expiry_the_bring_in_owed_is_posted_for_him(profile: str) -> None:
    clock = Clock()
    service, tid = tournament(MemoryEventStore(), clock, players=3, game="razz", profile=profile)
    live = tables(service, clock)
    live.start_hand(tid, 1, mode=TableMode.ONLINE)
    view = live.view(tid, 1, Viewer.public())
    assert view["legal"]["bring_in"]
    clock.advance(view["deadline"]["seconds_left"])
    ruling = live.expire(tid, 1)
    assert ruling is not None
    assert (ruling.rule, ruling.outcome) == ("CLK-EXPIRY", "bring-in-posted")
    after = live.view(tid, 1, Viewer.public())
    last = after["log"][-1]
    assert (last["seat"], last["action"], last["to"]) == (view["to_act"], "bring-in", 50)
    assert after["to_act"] != view["to_act"]
    assert "bring_in" not in after["legal"]  # the next player calls it, completes or folds
