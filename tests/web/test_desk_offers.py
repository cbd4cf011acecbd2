"""The desk offers only what the event can take (issue 15, defect 1 found again in the 40-player
night): a Re-entry button only while the player may re-enter (BUY-REENTRY: late registration
open, the event's limit not reached), Rebuy and Add-on buttons only when the event sells them
(BUY-REBUY-ELIGIBILITY, BUY-ADDON). A button always refused is a trap at a busy door."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

from pokertd.present.money_input import money_rules
from pokertd.tournament.structure import template

MONEY = money_rules({"buy_in": "20"}, starting_stack=template("turbo").starting_stack)
PLAYERS = ("Ana Costa", "Bruno Diaz", "Chloé Martin", "Dan Evans", "Eva Lund")


def buttons(client: TestClient, tournament: str, entry: int) -> list[str]:
    """The console actions on the desk row of ``entry``."""
    page = client.get(f"/console/{tournament}?tab=desk").text
    row = re.search(rf'<tr data-entry="{entry}".*?</tr>', page, re.S)
    assert row is not None, f"no row for entry {entry}"
    return re.findall(r'data-action="([\w-]+)"', row.group(0))


def test_buy_reentry_offered_only_while_late_registration_is_open_and_under_the_limit(
    director: TestClient,
    new_tournament: Callable[..., str],
    run: Callable[..., Any],
) -> None:
    tournament = new_tournament(
        director, PLAYERS, start=True, late_registration_levels=1, reentries=1, money=MONEY
    )
    run(director, tournament, "bust-players", entries=[1])
    assert buttons(director, tournament, 1) == ["re-enter"]
    run(director, tournament, "re-enter", entry=1)  # entry 6
    assert buttons(director, tournament, 1) == []  # re-entered already
    run(director, tournament, "bust-players", entries=[6])
    assert buttons(director, tournament, 6) == []  # BUY-REENTRY: the limit (1) is reached
    run(director, tournament, "bust-players", entries=[2])
    assert buttons(director, tournament, 2) == ["re-enter"]
    assert 'id="register-form"' in director.get(f"/console/{tournament}?tab=desk").text
    run(director, tournament, "skip-level")  # level 2: late registration closed
    assert buttons(director, tournament, 2) == []
    desk = director.get(f"/console/{tournament}?tab=desk").text  # SEAT-LATE-WINDOW
    assert 'id="register-form"' not in desk
    assert 'id="import-form"' not in desk
    assert 'data-test="registration-closed"' in desk


def test_buy_rebuy_eligibility_no_rebuy_or_add_on_button_when_the_event_sells_none(
    director: TestClient,
    new_tournament: Callable[..., str],
) -> None:
    plain = new_tournament(director, PLAYERS, start=True, money=MONEY)
    assert buttons(director, plain, 1) == ["arrive"]  # registered through the API: not here yet
    rebuys = money_rules(
        {"buy_in": "20", "rebuy": "20", "rebuy_levels": 2, "addon": "20"},
        starting_stack=template("turbo").starting_stack,
    )
    sold = new_tournament(director, PLAYERS, start=True, money=rebuys, title="Rebuys")
    assert buttons(director, sold, 1) == ["rebuy", "add-on", "arrive"]
