"""The seating display on a 1080p TV at 100 and 300 players: every player is on one of its
pages, the pages turn by themselves, nothing is cut or off the screen; in French.

With ``POKERTD_SCREENSHOTS=1`` the screenshots go to ``docs/screenshots/`` (else a temporary
folder): ``seating-100-fr.png`` and ``seating-300-fr.png``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import product
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from shots import shoot_screen

pytestmark = pytest.mark.e2e

TV = {"width": 1920, "height": 1080}
FIRST = ("Alice", "Bruno", "Chloé", "Denis", "Élodie", "Farid", "Gaëlle", "Hugo", "Inès", "Jules",
         "Katell", "Louis", "Manon", "Nicolas", "Océane", "Pierre", "Rose", "Samuel", "Tiphaine",
         "Ugo")  # fmt: skip
LAST = ("Martin", "Leroy", "Bernard", "Petit", "Moreau", "Haddad", "Le Goff", "Fournier",
        "Girard", "Lambert", "Riou", "Bonnet", "Dupont", "Roux", "Morel")  # fmt: skip
#: Seconds a page of the seating stays (``?turn=``): short, so that the test sees every page.
TURN = 2

#: Each visible page: the names of its list by name, and what sticks out of the screen or of
#: its card (a cut card, a row below the screen).
VISIBLE_PAGE = """() => {
  const page = document.querySelector("#seating .seating-page:not([hidden])");
  const out = [];
  const inside = (el) => { const r = el.getBoundingClientRect();
    return r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight; };
  page.querySelectorAll(".card").forEach((card) => {
    const box = card.getBoundingClientRect();
    if (!inside(card)) out.push(card.innerText.slice(0, 40));
    card.querySelectorAll("td").forEach((td) => { const r = td.getBoundingClientRect();
      if (r.right > box.right + 0.5 || r.bottom > box.bottom + 0.5) out.push(td.textContent); });
  });
  const texts = (selector) => [...page.querySelectorAll(selector)].map((td) => td.textContent);
  const names = texts(".by-name tr td:first-child");
  const seated = texts(".table-block tr td:nth-child(2)");
  return {page: document.getElementById("seating").dataset.page, names, seated, out};
}"""


def players(count: int) -> list[str]:
    return [f"{first} {last}" for last, first in product(LAST, FIRST)][:count]


@pytest.mark.parametrize("count", [100, 300])
def test_every_player_is_on_a_page_of_the_seating_display(
    count: int,
    server: Any,
    new_page: Callable[..., Page],
    director_api: Callable[[Any], Any],
    tmp_path: Path,
) -> None:
    names = players(count)
    tournament = director_api(server).event(names, title="Grand tournoi du samedi")
    display = new_page(server, viewport=TV, locale="fr-FR")
    display.goto(f"/display/{tournament}/seating?turn={TURN}")
    expect(display.locator("#connection")).to_have_attribute("data-state", "open")
    seating = display.locator("#seating")
    expect(seating).to_have_attribute("data-pages", re.compile(r"^([2-9]|\d\d)$"))
    pages = int(seating.get_attribute("data-pages") or "0")
    pager = display.locator("#seating-pager")
    expect(pager).to_have_text(f"page 1 / {pages}")

    listed: list[str] = []
    seated: list[str] = []
    bound = (pages + 2) * TURN * 1000  # a whole turn of the pages, whichever is shown now
    for number in range(pages):  # the pages turn by themselves, one after the other
        expect(seating).to_have_attribute("data-page", str(number), timeout=bound)
        shown = display.evaluate(VISIBLE_PAGE)
        if shown["page"] != str(number):  # turned meanwhile: read it on its next turn
            expect(seating).to_have_attribute("data-page", str(number), timeout=bound)
            shown = display.evaluate(VISIBLE_PAGE)
        assert shown["page"] == str(number)
        assert not shown["out"], f"page {number + 1}: cut or off the screen: {shown['out']}"
        if number == 0:
            shoot_screen(display, f"seating-{count}-fr", tmp_path)
        listed += shown["names"]
        seated += shown["seated"]
    assert sorted(listed) == sorted(names), "the list by name misses or repeats players"
    assert sorted(seated) == sorted(names), "the tables' cards miss or repeat players"


def test_a_confirmed_move_is_announced_on_the_seating_display(
    server: Any,
    new_page: Callable[..., Page],
    director_api: Callable[[Any], Any],
    tmp_path: Path,
) -> None:
    api = director_api(server)
    names = players(20)  # three tables (7, 7, 6): two fewer fit on two tables of 9
    tournament = api.event(names, title="Tournoi du jeudi")
    display = new_page(server, viewport=TV, locale="fr-FR")
    display.goto(f"/display/{tournament}/seating")
    expect(display.locator("#connection")).to_have_attribute("data-state", "open")
    banner = display.locator("[data-field=moves]")
    expect(banner).to_be_hidden()

    tables = api.request.get(f"/api/tournaments/{tournament}/tables").json()
    for table in sorted(tables, key=lambda table: -len(table["seats"]))[:2]:
        api.command(tournament, "bust-players", entries=[table["seats"][0]["entry"]])
    api.command(tournament, "propose-moves")
    api.command(tournament, "confirm-moves")  # TABLE-BREAK: 18 left fit on two tables
    moved = api.request.get(f"/api/tournaments/{tournament}/display").json()["moved"]
    [broken] = moved["broken"]
    assert {move["from_table"] for move in moved["moves"]} == {broken}, moved
    expect(banner).to_be_visible()
    expect(banner.locator("li.broken")).to_have_text(f"La table {broken} est cassée")
    lines = [
        f"{move['player']} → table {move['to_table']}, siège {move['to_seat']}"
        for move in moved["moves"]
    ]
    assert len(lines) >= 6, moved
    expect(banner.locator("li:not(.broken)")).to_have_text(lines)
    expect(banner).to_be_in_viewport()
    size = display.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('[data-field=moves]')).fontSize)"
    )
    assert size >= 36, f"the moves are {size}px high on a 1080p TV"
    shoot_screen(display, "seating-moves-fr", tmp_path)

    # A display opened later, within the announcement, shows it too (drawn by the server).
    late = new_page(server, viewport=TV, locale="fr-FR")
    late.goto(f"/display/{tournament}/seating")
    expect(late.locator("[data-field=moves] li:not(.broken)")).to_have_text(lines)
