"""Steps of the table app's browser tests: a tap that changes the hand; a table of bots around
one player by his seat link."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from playwright.sync_api import Locator, Page, expect


def tapped(table: Locator, button: Locator) -> None:
    """Tap a button that changes the hand; wait until the table shows what followed."""
    before = table.get_attribute("data-log")
    button.click()
    expect(table).not_to_have_attribute("data-log", before or "")


def bots_but_one(dealer: Page, players: int) -> tuple[int, str]:
    """On the dealer's table page: make the seat links, a bot on every seat but the first
    link's; return that seat and his link's path (a link carries the room's address, the LAN
    one: the tests' server is on loopback)."""
    table = dealer.locator("#table")
    dealer.get_by_role("button", name="Créer les liens des sièges").click()
    links = table.locator(".seat-links li")
    expect(links).to_have_count(players)
    human = int(re.findall(r"(\d+)", links.first.inner_text())[0])
    address = links.first.locator("input[readonly]").input_value()
    for seat in table.locator(".seat").all():
        number = int(seat.get_attribute("data-seat") or 0)
        if number != human:
            seat.get_by_role("button", name="Faire jouer un bot").click()
            expect(table.locator(f".seat[data-seat='{number}'] .badge")).to_contain_text("bot")
    return human, urlsplit(address).path
