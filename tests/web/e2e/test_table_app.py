"""The table app in a real browser: a hand in dealer mode on the dealer's page, and a hand online
from a player's private link against bots (his own cards shown, the others' not)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Locator, Page, expect

PLAYERS = ("Ana Costa", "Bruno Diaz", "Chloé Martin")


def seated_event(director_api: Callable[..., Any], server: Any) -> str:
    api = director_api(server)
    tournament: str = api.event(PLAYERS)
    for entry in range(1, len(PLAYERS) + 1):
        api.command(tournament, "arrive", entry=entry)
    return tournament


def clicked(table: Locator, button: Locator) -> None:
    """Click an action and wait until the table shows what followed (its log grew)."""
    before = table.get_attribute("data-log")
    button.click()
    expect(table).not_to_have_attribute("data-log", before or "")


def test_dealer_mode_hand_to_its_result(
    page: Page, server: Any, login: Callable[..., None], director_api: Callable[..., Any]
) -> None:
    tournament = seated_event(director_api, server)
    login(page)
    page.goto(f"/table/{tournament}/1")
    table = page.locator("#table")
    expect(table.locator(".seat")).to_have_count(3)
    page.get_by_role("button", name="Start next hand").click()
    expect(table.locator(".hand-head")).to_contain_text("Hand 1")
    # The first player calls; the others fold to him.
    expect(table.locator(".seat.to-act")).to_have_count(1)
    clicked(table, table.get_by_role("button", name=re.compile(r"^Call \d+")))
    for _ in range(4):
        result = table.locator("[data-field=result]")
        if result.count():
            break
        clicked(table, table.get_by_role("button", name="Fold"))
    expect(table.locator("[data-field=result]")).to_contain_text("Result of hand 1")
    expect(table.get_by_role("link", name="Hand 1")).to_have_attribute(
        "href", f"/table/{tournament}/1/hands/1.phh"
    )
    expect(table.get_by_role("button", name="Start next hand")).to_be_visible()


def test_online_hand_from_a_players_link_against_bots(
    new_page: Callable[..., Page],
    server: Any,
    login: Callable[..., None],
    director_api: Callable[..., Any],
) -> None:
    tournament = seated_event(director_api, server)
    dealer = new_page(server)
    login(dealer)
    dealer.goto(f"/table/{tournament}/1")
    table = dealer.locator("#table")
    dealer.get_by_role("button", name="Make seat links").click()
    links = table.locator(".seat-links li")
    expect(links).to_have_count(3)
    human_seat = int(re.findall(r"Seat (\d+)", links.first.inner_text())[0])
    address = links.first.get_by_role("textbox").input_value()
    for seat in table.locator(".seat").all():
        number = int(seat.get_attribute("data-seat") or 0)
        if number != human_seat:
            seat.get_by_role("button", name="Play with a bot").click()
            expect(
                table.locator(f".seat[data-seat='{number}'] .badge", has_text="bot")
            ).to_be_visible()
    player = new_page(server)  # his own browser: no login
    player.goto(urlsplit(address).path)  # the room's address: this test's server is on loopback
    mine = player.locator(f".seat[data-seat='{human_seat}']")
    expect(mine).to_have_class(re.compile(r"\bmine\b"))
    dealer.get_by_role("button", name="Play online: start hand online").click()
    expect(table.locator(".hand-head")).to_contain_text("Hand 1")
    # Live: the player's page shows the hand without a reload; his cards only.
    expect(player.locator(".hand-head")).to_contain_text("Hand 1")
    expect(mine.locator(".pc[data-card]")).to_have_count(2)
    others = player.locator(f".seat:not([data-seat='{human_seat}']) .pc[data-card]")
    expect(others).to_have_count(0)
    own = mine.locator(".pc[data-card]").all()
    own_cards = [card.get_attribute("data-card") for card in own]
    view = player.locator("#table")
    for _ in range(12):
        if view.locator("[data-field=result]").count():
            break
        turn = view.locator(".your-turn")
        expect(turn.or_(view.locator("[data-field=result]")).first).to_be_visible()
        if view.locator("[data-field=result]").count():
            break
        for name in ("Check", "Show", re.compile(r"^Call \d+")):
            button = turn.get_by_role("button", name=name)
            if button.count():
                # The answer is his table after the bots played up to him again (or the end).
                clicked(view, button)
                break
    expect(view.locator("[data-field=result]")).to_contain_text("Result of hand 1")
    expect(mine.locator(".pc[data-card]")).to_have_count(2)
    assert [c.get_attribute("data-card") for c in mine.locator(".pc[data-card]").all()] == own_cards
    # The dealer's page followed it live.
    expect(table.locator("[data-field=result]")).to_contain_text("Result of hand 1")
