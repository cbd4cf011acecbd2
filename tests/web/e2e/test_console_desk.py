"""Issue 15, the desk's half: each defect a director met, in French, in a real browser.

Every test clicks and types as the director does, on a page in French, and asserts what he sees.
Screenshots of the new screens go to docs/screenshots/ (``SCREENSHOTS``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

SCREENSHOTS = Path(__file__).resolve().parents[3] / "docs" / "screenshots"


def french_console(
    new_page: Callable[..., Page], server: Any, login: Callable[[Page], None]
) -> Page:
    """The director's console, logged in, in French (the browser's language)."""
    page = new_page(server, locale="fr-FR", viewport={"width": 1280, "height": 900})
    login(page)
    expect(page.locator("h1")).to_have_text("Console du directeur")
    return page


def create_in_french(page: Page, title: str, **fields: str) -> str:
    """Fill "Nouveau tournoi" as a French director does; return the new event's id.

    ``fields``: ``profile`` (the name shown), ``template`` (the name shown), and any input by
    its name (``late_levels="4"``, ``reentries="1"``, ``buy_in="18+2"``...).
    """
    form = page.locator("#create-form")
    form.get_by_label("Titre").fill(title)
    form.get_by_text(fields.pop("profile", "TDA 2017 (règles internationales)")).click()
    form.get_by_text(fields.pop("template", "Turbo"), exact=True).click()
    final = fields.pop("final_table", "")
    if final:
        form.locator("select[name=final_table]").select_option(label=final)
    for name, value in fields.items():
        form.locator(f"input[name={name}]").fill(value)
    form.get_by_role("button", name="Créer").click()
    expect(page).to_have_url(re.compile(r"/console/[^/?]+$"))
    expect(page.locator("h1")).to_contain_text(title)
    return page.url.rsplit("/", 1)[1]


def register_in_french(page: Page, players: tuple[str, ...]) -> None:
    """Type each name at the desk and press "Inscrire"."""
    page.get_by_role("link", name="Inscriptions").click()
    form = page.locator("#register-form")
    for player in players:
        form.get_by_label("Joueur").fill(player)
        form.get_by_role("button", name=re.compile("^Inscrire")).click()
        expect(page.locator("tr[data-entry]", has_text=player).first).to_be_visible()
        expect(form.get_by_label("Joueur")).to_have_value("")


def draw_and_start(page: Page) -> None:
    page.get_by_role("link", name="Vue d'ensemble").click()
    page.get_by_role("button", name="Tirer les places").click()
    page.get_by_role("button", name="Lancer l'horloge").click()
    expect(page.locator("[data-test=clock]")).to_contain_text("Niveau 1")


def bust_in_french(page: Page, player: str) -> None:
    page.get_by_role("link", name="Éliminations").click()
    page.locator("#bust-form label", has_text=player).locator("input[type=checkbox]").check()
    page.get_by_role("button", name="Enregistrer les éliminations").click()
    expect(page.locator("#bust-form label", has_text=player)).to_have_count(0)


# -- defect 1: late registration and re-entries set in the New event form -------------------------


def test_defect_1_new_event_form_takes_late_registration_and_reentries(
    new_page: Callable[..., Page], server: Any, login: Callable[[Page], None]
) -> None:
    page = french_console(new_page, server, login)
    form = page.locator("#create-form")
    # The profiles and templates by their names, each with a line saying what it is.
    expect(form).to_contain_text("Ligue Française de Poker (LFP)")
    expect(form).to_contain_text("celles des clubs français")
    expect(form).to_contain_text("20\u202f000 jetons, 25 niveaux de 12 minutes")
    expect(form.locator("label", has_text=re.compile(r"^\s*lfp\s*$"))).to_have_count(0)
    expect(form.get_by_label("Ouverte jusqu'à la fin du niveau")).to_be_visible()
    form.get_by_label("Titre").fill("Samedi LFP")
    form.get_by_label("Ouverte jusqu'à la fin du niveau").fill("4")
    form.get_by_label(re.compile("^Re-entries par joueur")).fill("1")
    page.screenshot(path=str(SCREENSHOTS / "console-new-event.png"), full_page=True)

    create_in_french(
        page,
        "Samedi LFP",
        profile="Ligue Française de Poker (LFP)",
        late_levels="4",
        reentries="1",
        max_players="40",
        table_size="9",
        final_table="une table pleine (autant qu'une table a de places)",
        buy_in="18+2",
    )
    expect(page.locator("h1")).to_contain_text("Ligue Française de Poker")
    register_in_french(page, ("Alice Martin", "Bruno Leroy", "Chloé Bernard"))
    draw_and_start(page)

    # Late registration is open (level 1 of 4): a walk-in is seated at once.
    register_in_french(page, ("David Moreau",))
    walk_in = page.locator("tr[data-entry]", has_text="David Moreau")
    expect(walk_in.locator("td").nth(3)).not_to_have_text("")

    # A busted player re-enters once (the event's limit), with a new entry seated.
    bust_in_french(page, "Bruno Leroy")
    page.get_by_role("link", name="Inscriptions").click()
    busted = page.locator("tr[data-entry]", has_text="Bruno Leroy")
    busted.get_by_role("button", name="Re-entry").click()
    expect(page.locator("tr[data-entry]", has_text="Bruno Leroy")).to_have_count(2)
    expect(page.locator("[data-test=entries]")).to_have_text("5")

    # Busted again: the second re-entry is over the limit, refused next to his row.
    bust_in_french(page, "Bruno Leroy")
    page.get_by_role("link", name="Inscriptions").click()
    again = page.locator("tr[data-entry='5']")
    again.get_by_role("button", name="Re-entry").click()
    error = again.locator(".form-error")
    expect(error).to_contain_text("la limite du tournoi est 1")
    expect(error).to_contain_text("BUY-REENTRY")
    expect(page.locator("[data-test=entries]")).to_have_text("5")
