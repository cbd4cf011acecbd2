"""CLK-TIMEBANK in the browser, in French: the director gives the event's online players a time
bank from the console's Tables tab; a player at an online table sees his action clock, then his
bank counting down once the clock has run out. The page's clock is Playwright's (``page.clock``):
the test moves the phone's time forward instead of waiting; the server's own deadline, which
includes the bank, is not reached meanwhile, so no ruling comes."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from online_steps import bots_but_one
from playwright.sync_api import Page, expect
from shots import shoot_screen
from test_players_screens import PHONE, players

pytestmark = pytest.mark.e2e


def test_a_player_sees_his_time_bank_count_down_once_his_clock_has_run_out(
    server: Any,
    new_page: Callable[..., Page],
    login: Callable[..., None],
    director_api: Callable[[Any], Any],
    tmp_path: Path,
) -> None:
    api = director_api(server)
    tournament = api.event(players(9), title="Tournoi en ligne")
    for entry in range(1, 10):
        api.command(tournament, "arrive", entry=entry)
    director = new_page(server, locale="fr-FR")
    login(director)
    director.goto(f"/console/{tournament}?tab=tables")
    bank = director.locator("#time-bank")
    expect(bank.locator("[data-test=time-bank]")).to_contain_text("Pas de réserve de temps")
    bank.get_by_label("Secondes").fill("20")
    bank.get_by_role("button", name="Fixer la réserve de temps").click()
    expect(director.locator("[data-test=time-bank]")).to_have_text(
        "Chaque joueur en ligne dispose de 20 secondes de réserve de temps pour le tournoi, "
        "utilisées une fois son temps de parole écoulé."
    )

    director.goto(f"/table/{tournament}/1")
    _, path = bots_but_one(director, 9)

    player = new_page(server, viewport=PHONE, locale="fr-FR")
    player.clock.install()  # the phone's time, moved by the test
    player.goto(path)
    director.get_by_role("button", name="Jeu en ligne : lancer la main en ligne").click()
    view = player.locator("#table")
    turn = view.locator(".your-turn")
    for _ in range(12):  # a hand folded to his big blind ends without his turn: the next one
        expect(turn.or_(view.locator("[data-field=result]")).first).to_be_visible()
        if turn.count():
            break
    expect(turn).to_be_visible()
    clock, banked = view.locator("[data-deadline-left]"), view.locator("[data-bank-left]")
    expect(banked).to_have_text("20")  # his whole bank, while his clock runs
    expect(clock).to_have_text(re.compile(r"^(29|30)$"))  # tda-2017: 25 s + 5 (CLK-DURATION)

    player.clock.run_for(31_000)  # his clock has run out: the bank pays
    expect(clock).to_have_text("0")
    expect(banked).to_have_attribute("data-using", "true")
    expect(banked).to_have_text(re.compile(r"^(18|19)$"))
    shoot_screen(player, "online-time-bank-phone-fr", tmp_path)
    player.clock.run_for(6_000)
    expect(banked).to_have_text(re.compile(r"^(12|13)$"))
    expect(turn).to_be_visible()  # still his turn: the server's deadline is 50 s away
    expect(banked).to_have_class(re.compile(r"\bbank\b"))
