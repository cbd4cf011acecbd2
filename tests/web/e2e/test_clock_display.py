"""The TV clock as a player across the room reads it, in French: a stopped clock says PAUSE,
numbers have their thousands separated, the time of day, the next levels, the break and late
registration counting down, the counts of the field; the page fits a phone; the connection's
state is told honestly.

With ``POKERTD_SCREENSHOTS=1`` the screenshots go to ``docs/screenshots/`` (else a temporary
folder): ``clock-*-fr.png`` at 1920x1080 and 390x844.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

DOCS = Path(__file__).resolve().parents[3] / "docs" / "screenshots"
TV = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}
FRENCH = "fr-FR"
PLAYERS = tuple(f"Joueur {n:02d}" for n in range(1, 19))
#: French thousands: a narrow no-break space (pokertd.present.formats.FRENCH_THOUSANDS).
NNBSP = "\u202f"


def shoot(page: Page, name: str, tmp_path: Path) -> Path:
    """Save the viewport as ``name``.png (docs/screenshots/ with POKERTD_SCREENSHOTS=1)."""
    folder = DOCS if os.environ.get("POKERTD_SCREENSHOTS") == "1" else tmp_path
    path = folder / f"{name}.png"
    page.screenshot(path=path, animations="disabled")
    return path


def french(number: int) -> str:
    """Return a whole number as French writes it: ``108 571`` (a narrow no-break space)."""
    return f"{number:,}".replace(",", NNBSP)


def open_clock(new_page: Callable[..., Page], server: Any, tournament: str, **size: Any) -> Page:
    """Open the clock display in French and wait for its socket."""
    display: Page = new_page(server, viewport=size.get("viewport", TV), locale=FRENCH)
    display.goto(f"/display/{tournament}/clock")
    expect(display.locator("html")).to_have_attribute("lang", "fr")
    expect(display.locator("#connection")).to_have_attribute("data-state", "open")
    return display


def test_a_paused_clock_says_en_pause_in_big(
    server: Any,
    new_page: Callable[..., Page],
    login: Callable[[Page], None],
    director_api: Callable[[Any], Any],
    tmp_path: Path,
) -> None:
    tournament = director_api(server).event(PLAYERS, title="Tournoi du jeudi", start=False)
    display = open_clock(new_page, server, tournament)
    state = display.locator("[data-field=clock-state]")
    expect(state).to_have_text("DÉBUT IMMINENT", use_inner_text=True)

    console = new_page(server, locale=FRENCH)
    login(console)
    console.goto(f"/console/{tournament}")
    console.locator("button[data-action=clock-start]").click()
    expect(state).to_be_hidden()
    console.locator("button[data-action=clock-pause]").click()
    expect(state).to_be_visible()
    expect(state).to_have_text("EN PAUSE", use_inner_text=True)
    expect(state).to_have_attribute("data-state", "paused")
    height = display.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('[data-field=clock-state]')).fontSize)"
    )
    assert height >= 80, f"the PAUSE word is {height}px high on a 1080p TV"
    box = state.bounding_box()
    assert box is not None
    assert box["y"] + box["height"] <= TV["height"], "the PAUSE word is below the screen"
    shoot(display, "clock-paused-fr", tmp_path)

    console.locator("button[data-action=clock-resume]").click()
    expect(state).to_be_hidden()
    expect(display.locator("[data-field=time]")).to_have_attribute("data-running", "true")


def test_big_numbers_have_their_thousands_separated_in_french(
    server: Any, new_page: Callable[..., Page], director_api: Callable[[Any], Any]
) -> None:
    api = director_api(server)
    # 18 players of 30,000 (the deep template's stack); a buy-in of 1,500 + 100 euros each.
    tournament = api.event(
        PLAYERS,
        title="Grand tournoi",
        template="deep-stack",
        money={"buy_in": {"prize": 150_000, "fee": 10_000}},
    )
    status = api.request.get(f"/api/tournaments/{tournament}/display").json()["status"]
    chips, average = status["chips_in_play"], status["average_stack"]
    assert chips >= 100_000, status
    assert average >= 10_000, status
    display = open_clock(new_page, server, tournament)
    expect(display.locator("[data-field=chips]")).to_have_text(french(chips))
    expect(display.locator("[data-field=average]")).to_have_text(french(average))
    expect(display.locator("[data-field=pool]")).to_have_text(f"27{NNBSP}000,00 €")
    expect(display.locator("[data-field=payouts]")).to_contain_text(
        re.compile(rf"^1re : \d+{NNBSP}\d{{3}},\d\d € · 2e : ")
    )  # the prizes too
    # The numbers pushed later (a player busts) are written the same way.
    api.command(tournament, "bust-players", entries=[1])
    expect(display.locator("[data-field=players]")).to_have_text("17 / 18")
    expect(display.locator("[data-field=average]")).to_have_text(french(chips // 17))

    english = new_page(server, viewport=TV)
    english.goto(f"/display/{tournament}/clock")
    expect(english.locator("#connection")).to_have_attribute("data-state", "open")
    expect(english.locator("[data-field=chips]")).to_have_text(f"{chips:,}")
    expect(english.locator("[data-field=pool]")).to_have_text("€27,000.00")
