"""Run a small event from registration to the winner through the console, in a real browser."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

PLAYERS = ("Alice Martin", "Bruno Leroy", "Chloé Bernard", "David Moreau", "Emma Petit")


def create_event(page: Page, title: str) -> str:
    """Fill the console's "New event" form; return the new event's id."""
    form = page.locator("#create-form")
    form.locator("input[name=title]").fill(title)
    form.locator("input[name=profile][value=tda-2017]").check()
    form.locator("input[name=template][value=turbo]").check()
    form.locator("input[name=table_size]").fill("9")
    form.locator("input[name=buy_in]").fill("18+2")
    form.locator("button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/console/[^/?]+$"))
    expect(page.locator("h1")).to_contain_text(title)
    return page.url.rsplit("/", 1)[1]


def register(page: Page, players: tuple[str, ...]) -> None:
    """Register players at the desk, one form post each, refreshed in place by HTMX."""
    page.locator("nav.tabs a[href$='tab=desk']").click()
    form = page.locator("#register-form")
    expect(form).to_be_visible()
    page.evaluate("window.notReloaded = true")
    for count, player in enumerate(players, start=1):
        form.locator("input[name=player]").fill(player)
        form.locator("button[type=submit]").click()
        expect(page.locator("[data-test=entries]")).to_have_text(str(count))
        expect(page.locator("tr[data-entry]", has_text=player)).to_be_visible()
        expect(form.locator("input[name=player]")).to_have_value("")
    assert page.evaluate("window.notReloaded === true"), "the desk reloaded the page (no HTMX)"
    expect(page.locator("tr[data-entry]")).to_have_count(len(players))


def test_a_small_event_from_registration_to_the_winner(
    page: Page, login: Callable[[Page], None]
) -> None:
    login(page)
    expect(page.locator("h1")).to_have_text("Director's console")
    tournament = create_event(page, "E2E Cup")
    register(page, PLAYERS)

    page.locator("nav.tabs a[href$='tab=overview']").click()
    page.locator("button[data-action=draw]").click()
    expect(page.locator("#section")).to_contain_text("Tables: 1")
    page.locator("button[data-action=clock-start]").click()
    clock = page.locator("[data-test=clock]")
    expect(clock).to_contain_text("Level 1")
    expect(clock).to_contain_text("100/200")
    expect(clock).to_contain_text("running")

    page.locator("nav.tabs a[href$='tab=tables']").click()
    expect(page.locator("section[data-table='1'] tr")).to_have_count(len(PLAYERS))
    for player in PLAYERS:
        expect(page.locator("section[data-table='1']")).to_contain_text(player)

    page.goto(f"/console/{tournament}?tab=bust")
    left = page.locator("[data-test=players-left]")
    expect(left).to_have_text(str(len(PLAYERS)))
    for out, player in enumerate(PLAYERS[:-1], start=1):
        seat = page.locator("#bust-form label", has_text=player)
        seat.locator("input[type=checkbox]").check()
        page.locator("#bust-form button[type=submit]").click()
        expect(left).to_have_text(str(len(PLAYERS) - out))
        expect(page.locator("#bust-form label", has_text=player)).to_have_count(0)

    winner = PLAYERS[-1]
    expect(page.locator("#summary")).to_contain_text(f"Winner: {winner} (#5)")
    expect(page.locator("#summary")).to_contain_text("finished")
    results = page.locator("#results tbody tr")
    expect(results).to_have_count(len(PLAYERS))
    for row, (place, player, entry) in zip(results.all(), _places(), strict=True):
        prize = re.compile(r"^(\d+\.\d\d)?$")  # the pool pays the first places only
        expect(row.locator("td")).to_have_text([str(place), player, str(entry), prize])
    expect(results.first).to_contain_text(winner)

    page.goto(f"/console/{tournament}?tab=desk")
    expect(page.locator("tr[data-entry='5']")).to_contain_text("(1)")
    expect(page.locator("tr[data-entry='1']")).to_contain_text("(5)")


def _places() -> list[tuple[int, str, int]]:
    """Place, player and entry, winner first: the players bust in the order they registered."""
    count = len(PLAYERS)
    return [(count - index, player, index + 1) for index, player in enumerate(PLAYERS)][::-1]
