"""The clock and seating displays follow the console live over the WebSocket, and come back by
themselves, with the same clock, after the server restarts on the same event file."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

PLAYERS = ("Alice Martin", "Bruno Leroy", "Chloé Bernard", "David Moreau", "Emma Petit")
TV = {"width": 1280, "height": 720}


def updates(display: Page, root: str) -> int:
    """Return how many documents the display received over its socket."""
    return int(display.evaluate(f"Number(document.getElementById({root!r}).dataset.updates || 0)"))


def wait_for_update(display: Page, root: str, after: int) -> None:
    """Wait until the display has received a document after the ``after``-th."""
    display.wait_for_function(
        "([root, n]) => Number(document.getElementById(root).dataset.updates || 0) > n",
        arg=[root, after],
    )


def test_the_clock_display_follows_the_console_and_survives_a_restart(
    server: Any,
    page: Page,
    new_page: Callable[..., Page],
    login: Callable[[Page], None],
    director_api: Callable[[Any], Any],
) -> None:
    tournament = director_api(server).event(PLAYERS, title="Clock test")
    display = new_page(server, viewport=TV)
    display.goto(f"/display/{tournament}/clock")
    connection = display.locator("#connection")
    expect(connection).to_have_attribute("data-state", "open")
    level, blinds = display.locator("[data-field=level]"), display.locator("[data-field=blinds]")
    time = display.locator("[data-field=time]")
    expect(display.locator("[data-field=title]")).to_have_text("Clock test")
    expect(level).to_have_text("Level 1")
    expect(blinds).to_have_text("100 / 200")
    expect(time).to_have_attribute("data-running", "true")
    expect(display.locator("[data-field=players]")).to_have_text(f"{len(PLAYERS)} / {len(PLAYERS)}")
    display.evaluate("window.notReloaded = true")

    login(page)
    page.goto(f"/console/{tournament}")
    page.locator("button[data-action=clock-pause]").click()
    expect(page.locator("[data-test=clock]")).to_contain_text("paused")
    expect(time).to_have_attribute("data-running", "false")
    expect(time).to_have_class("time paused")

    page.locator("button[data-action=clock-skip]").click()
    expect(page.locator("[data-test=clock]")).to_contain_text("Level 2")
    expect(level).to_have_text("Level 2")
    expect(blinds).to_have_text("150 / 300")
    expect(display.locator("[data-field=next]")).to_contain_text("250 / 500")
    page.locator("input[name=seconds]").fill("-1:23")
    page.locator("input[name=seconds]").press("Enter")
    expect(page.locator("[data-test=clock]")).to_contain_text("10:37 left")
    expect(time).to_have_text("10:37")
    expect(time).to_have_attribute("data-running", "false")
    assert display.evaluate("window.notReloaded === true"), "the display was reloaded"

    before = updates(display, "clock")
    server.stop()
    expect(connection).to_have_attribute("data-state", "closed")
    expect(connection).to_have_class("connection lost")
    server.start()
    expect(connection).to_have_attribute("data-state", "open")
    wait_for_update(display, "clock", before)
    expect(level).to_have_text("Level 2")
    expect(blinds).to_have_text("150 / 300")
    expect(time).to_have_text("10:37")
    expect(time).to_have_attribute("data-running", "false")
    assert display.evaluate("window.notReloaded === true"), "the display was reloaded"

    # The director's session outlives the restart, and the new socket carries the next change.
    page.locator("button[data-action=clock-resume]").click()
    expect(page.locator("[data-test=clock]")).to_contain_text("running")
    expect(time).to_have_attribute("data-running", "true")
    expect(time).not_to_have_class("time paused")


def test_the_seating_display_drops_a_busted_player(
    server: Any,
    page: Page,
    new_page: Callable[..., Page],
    login: Callable[[Page], None],
    director_api: Callable[[Any], Any],
) -> None:
    tournament = director_api(server).event(PLAYERS, title="Seating test")
    display = new_page(server, viewport=TV)
    display.goto(f"/display/{tournament}/seating")
    expect(display.locator("#connection")).to_have_attribute("data-state", "open")
    seating = display.locator("#seating")
    for player in PLAYERS:
        expect(seating).to_contain_text(player)
    expect(seating.locator("[data-table='1'] tr")).to_have_count(len(PLAYERS))
    display.evaluate("window.notReloaded = true")

    login(page)
    page.goto(f"/console/{tournament}")
    seen = updates(display, "seating")
    page.locator("button[data-action=clock-pause]").click()  # sent without the seating
    expect(page.locator("[data-test=clock]")).to_contain_text("paused")
    wait_for_update(display, "seating", seen)
    expect(seating.locator("[data-table='1'] tr")).to_have_count(len(PLAYERS))
    page.goto(f"/console/{tournament}?tab=bust")
    busted = PLAYERS[2]
    page.locator("#bust-form label", has_text=busted).locator("input[type=checkbox]").check()
    page.locator("#bust-form button[type=submit]").click()
    expect(page.locator("[data-test=players-left]")).to_have_text(str(len(PLAYERS) - 1))

    expect(seating).not_to_contain_text(busted)
    expect(seating.locator("[data-table='1'] tr")).to_have_count(len(PLAYERS) - 1)
    for player in PLAYERS:
        if player != busted:
            expect(seating).to_contain_text(player)
    assert display.evaluate("window.notReloaded === true"), "the display was reloaded"


def test_the_clock_display_keeps_the_time_to_the_break_after_an_update(
    server: Any, new_page: Callable[..., Page], director_api: Callable[[Any], Any]
) -> None:
    tournament = director_api(server).event(PLAYERS, title="Break test")
    display = new_page(server, viewport=TV)
    display.goto(f"/display/{tournament}/clock")
    expect(display.locator("#connection")).to_have_attribute("data-state", "open")
    wait_for_update(display, "clock", 0)
    expect(display.locator("[data-field=next]")).to_contain_text("break in")
    expect(display.locator("[data-field=break-in]")).to_have_text(re.compile(r"^\d\d:\d\d$"))
