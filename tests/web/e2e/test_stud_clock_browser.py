"""A HORSE in the French console and on the room's clock (TBL-MIXED-BUTTON, TDA 10B): a director
creates the event from a structure file, reads its stud levels in the Structure tab (limits,
ante and bring-in, not blinds), sets razz's bring-in in the level's form (a bring-in above the
small bet refused next to it), starts the clock and moves on to razz: the clock on the TV,
updated live, and the console's clock card show "Limites 200 / 400 · Ante 25 · Bring-in 75";
the limit hold'em level before showed its limits and blinds.

With ``POKERTD_SCREENSHOTS=1`` the screenshots go to ``docs/screenshots/`` (else a temporary
folder): ``console-structure-horse-fr.png``, ``console-bring-in-refused-fr.png``,
``clock-razz-fr.png``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from night_steps import look, tab
from playwright.sync_api import Page, expect
from test_console_desk import draw_and_start, french_console, register_in_french

pytestmark = pytest.mark.e2e

NBSP = "\u202f"


def horse_file(folder: Path) -> Path:
    """One HORSE turn: limit hold'em, Omaha hi-lo, razz, stud, stud hi-lo (no bring-in set)."""
    levels = [
        {"small_blind": 50, "big_blind": 100, "game": "flhe"},
        {"small_blind": 75, "big_blind": 150, "game": "flo8"},
        {"small_blind": 100, "big_blind": 200, "ante": 25, "game": "razz"},
        {"small_blind": 150, "big_blind": 300, "ante": 25, "game": "stud"},
        {"small_blind": 200, "big_blind": 400, "game": "stud8"},
    ]
    structure = {
        "name": "HORSE",
        "starting_stack": 10_000,
        "chips": [25, 100, 500],
        "items": [{"type": "level", "minutes": 20, **level} for level in levels],
    }
    path = folder / "horse.json"
    path.write_text(json.dumps(structure), encoding="utf-8")
    return path


def test_tbl_mixed_button_the_clock_shows_razz_limits_ante_and_the_bring_in_set(
    new_page: Callable[..., Page], server: Any, login: Callable[[Page], None], tmp_path: Path
) -> None:
    page = french_console(new_page, server, login)
    form = page.locator("#create-form")
    form.get_by_label("Titre").fill("HORSE du jeudi")
    form.locator("[data-test=structure-file]").set_input_files(str(horse_file(tmp_path)))
    form.get_by_role("button", name="Créer").click()
    expect(page).to_have_url(re.compile(r"/console/[^/?]+$"))
    tournament = page.url.rsplit("/", 1)[1]
    register_in_french(page, ("Zoé", "Étienne", "Anaïs"))

    # The Structure tab: a stud level lists its limits, bring-in and ante, not blinds; a
    # bring-in not set is the default (a quarter of the small bet), marked so.
    tab(page, "Structure")
    table = page.locator("[data-test=structure]")
    razz = table.locator("tr[data-level='3']")
    expect(razz.locator("[data-test=stud-bets]")).to_have_text(
        "Limites 200 / 400 · Bring-in 50 (par défaut)"
    )

    # The director sets razz's bring-in: above the small bet it is refused next to the form,
    # what he typed kept; 75 goes through, the other amounts as they were.
    razz.get_by_text("Modifier…").click()
    field = razz.get_by_label("Bring-in")
    expect(field).to_have_attribute("placeholder", "50")
    field.fill("500")
    razz.get_by_role("button", name="Modifier le niveau 3").click()
    error = page.locator(".form-error:not(:empty)").first
    expect(error).to_contain_text(
        "le bring-in 500 doit être supérieur à 0 et au plus la petite mise 200"
    )
    expect(field).to_have_value("500")
    look(page, "console-bring-in-refused-fr", tmp_path)
    field.fill("75")
    razz.get_by_role("button", name="Modifier le niveau 3").click()
    table = page.locator("[data-test=structure]")
    razz = table.locator("tr[data-level='3']")
    expect(razz.locator("[data-test=stud-bets]")).to_have_text("Limites 200 / 400 · Bring-in 75")
    expect(razz.locator("[data-test=ante]")).to_have_text("25")
    expect(razz.locator("[data-test=small-blind]")).to_have_count(0)
    stud = table.locator("tr[data-level='4']")
    expect(stud.locator("[data-test=stud-bets]")).to_have_text(
        "Limites 300 / 600 · Bring-in 75 (par défaut)"
    )
    flhe = table.locator("tr[data-level='1']")
    expect(flhe.locator("[data-test=game]")).to_have_text("flhe · Limites 100 / 200")
    expect(flhe.locator("[data-test=big-blind]")).to_have_text("100")
    look(page, "console-structure-horse-fr", tmp_path)

    draw_and_start(page)
    display = new_page(server, locale="fr-FR", viewport={"width": 1280, "height": 720})
    display.goto(f"/display/{tournament}/clock")
    expect(display.locator("#connection")).to_have_text("en direct")
    blinds = display.locator("[data-field=blinds]")
    expect(blinds).to_have_text("Limites 100 / 200 · Blindes 50 / 100")
    expect(display.locator("[data-field=next] .upcoming").first).to_have_text(
        "Suivant : Limites 150 / 300 · Blindes 75 / 150"
    )

    # Omaha hi-lo: the next level is razz, with its stud amounts.
    display.get_by_role("button", name="Activer les annonces").click()
    page.get_by_role("button", name="Niveau suivant").click()
    expect(page.locator("[data-test=clock]")).to_contain_text("Niveau 2")
    expect(display.locator("[data-field=level]")).to_have_text("Niveau 2")
    expect(display.locator("[data-field=next] .upcoming").first).to_have_text(
        "Suivant : Limites 200 / 400 · Ante 25 · Bring-in 75"
    )

    # Razz, live on the TV and in the console's clock card; stud next.
    page.get_by_role("button", name="Niveau suivant").click()
    expect(page.locator("[data-test=clock]")).to_contain_text(
        "Niveau 3 · Limites 200 / 400 · Ante 25 · Bring-in 75"
    )
    expect(display.locator("[data-field=level]")).to_have_text("Niveau 3")
    expect(blinds).to_have_text("Limites 200 / 400 · Ante 25 · Bring-in 75")
    expect(display.locator("[data-field=next] .upcoming").first).to_have_text(
        "Suivant : Limites 300 / 600 · Ante 25 · Bring-in 75"
    )
    assert "Blindes" not in blinds.inner_text()
    clock = display.locator("#clock")  # the new level said in words, its limits not blinds
    expect(clock).to_have_attribute(
        "data-announced-text", "Niveau 3. Limites 200, 400. Ante 25. Bring-in 75."
    )
    look(display, "clock-razz-fr", tmp_path, full_page=False)

    # The same page loaded afresh (the server's rendering) says the same.
    display.reload()
    expect(blinds).to_have_text("Limites 200 / 400 · Ante 25 · Bring-in 75")
    assert NBSP not in blinds.inner_text()  # amounts under 1 000: no separator
