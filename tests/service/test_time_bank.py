"""CLK-TIMEBANK: the online players' time bank, on top of the action clock (CLK-DURATION) and
before the clock's ruling (CLK-EXPIRY). No book speaks of one (docs/judgements.md, "Time bank"):
the profiles give none, the director gives one to an event (``SetTimeBank``); each player's bank
lasts the whole event and pays for every second he takes past his clock."""

from __future__ import annotations

import re

import pytest
from table_tools import Clock, tables, tournament

from pokertd import rules
from pokertd.engine import ActionKind
from pokertd.errors import ParseError
from pokertd.service.tables import TableService
from pokertd.store import MemoryEventStore
from pokertd.table import TableMode, Viewer
from pokertd.tournament import commands

CLOCK = 30  # tda-2017: 25 seconds and a countdown of 5 (CLK-DURATION: TDA 29)


def online(bank: int) -> tuple[Clock, TableService, str]:
    """Six players at one online table, a time bank of ``bank`` seconds, the first hand dealt."""
    clock = Clock()
    service, tid = tournament(MemoryEventStore(), clock)
    if bank:
        service.execute(tid, commands.SetTimeBank(bank))
    live = tables(service, clock)
    live.start_hand(tid, 1, mode=TableMode.ONLINE)
    return clock, live, tid


def deadline(live: TableService, tid: str) -> dict[str, float]:
    found = live.view(tid, 1, Viewer.public())["deadline"]
    assert found is not None
    return dict(found)


def test_clk_timebank_no_book_gives_one_so_no_profile_does() -> None:
    for profile in rules.PROFILE_IDS:
        assert rules.load(profile).time_bank_seconds == 0
    _, live, tid = online(0)
    shown = deadline(live, tid)
    assert shown["seconds_left"] == CLOCK
    assert "bank" not in shown  # no bank: the deadline as it always was


def test_clk_timebank_comes_after_the_clock_and_before_the_ruling() -> None:
    clock, live, tid = online(20)
    shown = deadline(live, tid)
    assert (shown["seconds"], shown["seconds_left"], shown["bank"]) == (CLOCK, CLOCK + 20, 20)
    clock.advance(CLOCK + 5)  # the clock has run out: the bank pays
    assert live.expire(tid, 1) is None
    shown = deadline(live, tid)
    assert (shown["seconds_left"], shown["bank_left"]) == (15, 15)
    clock.advance(15)
    ruling = live.expire(tid, 1)
    assert ruling is not None
    assert ruling.rule == "CLK-EXPIRY"  # the bank spent, the clock's ruling: a fold


def test_clk_timebank_pays_only_for_the_seconds_past_the_clock_for_the_whole_event() -> None:
    clock, live, tid = online(20)
    first = int(live.view(tid, 1, Viewer.public())["to_act"])
    clock.advance(CLOCK + 8)  # 8 seconds of his bank
    live.act(tid, 1, first, ActionKind.CALL)
    while (view := live.view(tid, 1, Viewer.public()))["to_act"] != first:
        assert view["status"] == "playing"
        clock.advance(CLOCK - 1)  # the others act in time: their banks stay whole
        seat = int(view["to_act"])
        live.act(tid, 1, seat, ActionKind.CALL if view["legal"]["call"] else ActionKind.CHECK)
    assert deadline(live, tid)["bank"] == 12
    # A restart (new live tables over the same store, the hands read again) keeps the count.
    again = tables(live.tournaments, clock)
    assert again.view(tid, 1, Viewer.public())["deadline"]["bank"] == 12


def test_clk_timebank_is_the_directors_choice_within_bounds() -> None:
    clock = Clock()
    service, tid = tournament(MemoryEventStore(), clock)
    service.execute(tid, commands.SetTimeBank(45))
    assert service.load(tid).state.profile.time_bank_seconds == 45
    for wrong, said in ((601, "0 to 600 seconds, not 601 (CLK-TIMEBANK)"), (-1, "not -1"),
                        (45, "already 45 seconds")):  # fmt: skip
        with pytest.raises(ParseError, match=re.escape(said)):
            service.execute(tid, commands.SetTimeBank(wrong))
    assert service.load(tid).state.profile.time_bank_seconds == 45
    service.execute(tid, commands.SetTimeBank(0))
    assert service.load(tid).state.profile.time_bank_seconds == 0
