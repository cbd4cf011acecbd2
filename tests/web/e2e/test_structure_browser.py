"""The structure in the French console (issue 15): a director creates an event from The
Tournament Director's .tdt file, reads its levels in the Structure tab, changes a level to come
(EVENT-STRUCTURE), sees it there and on the room's clock, then undoes it from the log.

With ``POKERTD_SCREENSHOTS=1`` the screenshot goes to ``docs/screenshots/`` (else a temporary
folder): ``console-structure-fr.png``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from night_steps import look, tab
from playwright.sync_api import Dialog, Page, expect
from test_console_desk import draw_and_start, french_console, register_in_french

pytestmark = pytest.mark.e2e

TDT = Path(__file__).resolve().parents[2] / "data" / "tdt" / "club_night.tdt"


def next_levels(page: Page, tournament: str) -> str:
    """What the room's clock shows as the levels to come."""
    page.goto(f"/display/{tournament}/clock")
    return page.locator("[data-field=next]").inner_text()


def test_a_director_changes_a_level_to_come_and_undoes_it(
    new_page: Callable[..., Page], server: Any, login: Callable[[Page], None], tmp_path: Path
) -> None:
    page = french_console(new_page, server, login)
    form = page.locator("#create-form")
    form.get_by_label("Titre").fill("Lundi du club")
    form.locator("[data-test=structure-file]").set_input_files(str(TDT))
    form.get_by_role("button", name="Créer").click()
    expect(page).to_have_url(re.compile(r"/console/[^/?]+$"))
    tournament = page.url.rsplit("/", 1)[1]
    register_in_french(page, ("Zoé", "Étienne"))
    draw_and_start(page)

    # The levels of the file, the level in play marked and closed to change.
    tab(page, "Structure")
    table = page.locator("[data-test=structure]")
    expect(table.locator("tr[data-level]")).to_have_count(12)
    expect(table.locator("[data-test=structure-break]")).to_have_count(3)
    first = table.locator("tr[data-level='1']")
    expect(first.locator("[data-test=current-level]")).to_have_text("en cours")
    expect(first.locator("[data-test=change-level]")).to_have_count(0)
    expect(table.locator("tr[data-level='12'] [data-test=big-blind]")).to_have_text("4\u202f000")

    # Level 2 changed: 75/150, ante 25, 25 minutes.
    row = table.locator("tr[data-level='2']")
    row.get_by_text("Modifier…").click()
    row.get_by_label("Petite blind").fill("75")
    row.get_by_label("Grosse blind").fill("150")
    row.get_by_label("Ante").fill("25")
    row.get_by_label("Minutes").fill("25")
    row.get_by_role("button", name="Modifier le niveau 2").click()
    row = page.locator("[data-test=structure] tr[data-level='2']")
    expect(row.locator("[data-test=big-blind]")).to_have_text("150")
    expect(row.locator("[data-test=minutes]")).to_have_text("25")
    look(page, "console-structure-fr", tmp_path)

    # A blind the chips cannot pay is refused with its reason; nothing changes.
    row.get_by_text("Modifier…").click()
    row.get_by_label("Grosse blind").fill("160")
    row.get_by_role("button", name="Modifier le niveau 2").click()
    error = page.locator(".form-error:not(:empty)").first
    expect(error).to_contain_text("le niveau 2 (75/160 ante 25) ne peut pas être payé")
    expect(row.locator("[data-test=big-blind]")).to_have_text("150")

    tab(page, "Journal")
    expect(page.locator("table.log")).to_contain_text(
        "niveau 2 modifié : blinds 75/150, ante 25, 25 minutes"
    )

    display = new_page(server, locale="fr-FR")
    expect(display.locator("body")).to_be_attached()
    assert next_levels(display, tournament).splitlines()[0] == "Suivant : 75 / 150 · ante 25"

    # Undone from the log: the file's level 2 again, in the console and on the clock.
    def accept(dialog: Dialog) -> None:
        dialog.accept()

    page.once("dialog", accept)
    page.get_by_role("button", name="Annuler la dernière commande").click()
    expect(page.locator("table.log tr.undone").first).to_contain_text("niveau 2 modifié")
    tab(page, "Structure")
    row = page.locator("[data-test=structure] tr[data-level='2']")
    expect(row.locator("[data-test=big-blind]")).to_have_text("100")
    expect(row.locator("[data-test=minutes]")).to_have_text("15")
    shown = next_levels(display, tournament)
    assert shown.splitlines()[0] == "Suivant : 50 / 100"
    assert "ante 25" not in shown
