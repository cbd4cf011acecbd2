"""The bust-outs form on a floor person's phone, in French: each player's "chips at start" field
shows its whole hint ("tapis au début" was cut to "tapis a" in a field seven characters wide),
the phone offers digits, and a bust-out typed there is recorded."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

PLAYERS = ("Alice Martin", "Bruno Leroy", "Chloé Bernard", "Denis Haddad")
#: Each stack field's hint against the room inside it: the width of the hint's text in the
#: field's font, and the width left for text (the field less its padding).
HINT_ROOM = """() => [...document.querySelectorAll("#bust-form input[name^=stack-]")].map((el) => {
  const style = getComputedStyle(el);
  const context = document.createElement("canvas").getContext("2d");
  context.font = `${style.fontSize} ${style.fontFamily}`;
  const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return [context.measureText(el.placeholder).width, room, el.inputMode];
})"""


def test_bust_form_hint_whole_on_a_phone(
    new_page: Callable[..., Page],
    server: Any,
    login: Callable[[Page], None],
    director_api: Callable[[Any], Any],
    tmp_path: Path,
) -> None:
    tournament = director_api(server).event(PLAYERS, title="Mardi")
    page = new_page(server, locale="fr-FR", viewport={"width": 390, "height": 844})
    login(page)
    page.goto(f"/console/{tournament}?tab=bust")
    page.wait_for_load_state()
    field = page.get_by_label("tapis au début").first
    expect(field).to_have_attribute("placeholder", "tapis au début")
    fits = page.evaluate(HINT_ROOM)
    assert len(fits) == len(PLAYERS)
    for width, room, mode in fits:
        assert width <= room, f"the hint takes {width:.0f} px in a field of {room:.0f} px"
        assert mode == "numeric"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px phone"
    page.screenshot(path=str(tmp_path / "bust-phone-fr.png"), full_page=True)

    row = page.locator("#bust-form label.row", has_text="Chloé Bernard")
    row.locator("input[type=checkbox]").check()
    row.locator("input[name^=stack-]").fill("1500")
    page.get_by_role("button", name="Enregistrer les éliminations").click()
    expect(page.locator("#bust-form label.row", has_text="Chloé Bernard")).to_have_count(0)
