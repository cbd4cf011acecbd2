"""The structure planner in the French console (issue 15): a director opens an event's Structure
tab, types the players and re-entries he expects and the start time, clicks "Estimer" and reads
the estimated end as a range of clock times, the bubble and the final table; for a structure
whose blinds jump past the chips, the warning names the level.

With ``POKERTD_SCREENSHOTS=1`` the screenshot goes to ``docs/screenshots/`` (else a temporary
folder): ``console-structure-planner.png``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from night_steps import look, tab
from playwright.sync_api import Page, expect
from test_console_desk import create_in_french, french_console

pytestmark = pytest.mark.e2e

OUTGROW = Path(__file__).resolve().parents[2] / "data" / "structure" / "blinds_outgrow.json"
#: A clock time as French writes it: ``21 h 05``, maybe on the next day.
TIME = r"\d{1,2} h \d\d"


def estimate(page: Page, players: str, reentries: str, start: str, runs: str) -> None:
    """Fill the planner as a director does and press "Estimer"."""
    form = page.locator("#plan-form")
    form.get_by_label("Joueurs attendus").fill(players)
    form.get_by_label("Re-entries attendues").fill(reentries)
    form.get_by_label("Heure de début").fill(start)
    form.get_by_label("Simulations").fill(runs)
    form.get_by_role("button", name="Estimer").click()


def test_a_director_estimates_the_night_and_reads_the_warning(
    new_page: Callable[..., Page], server: Any, login: Callable[[Page], None], tmp_path: Path
) -> None:
    page = french_console(new_page, server, login)
    create_in_french(page, "Vendredi turbo", late_levels="4", reentries="1")
    tab(page, "Structure")
    running = page.locator("[data-test=plan-running]")
    expect(running).to_be_hidden()
    estimate(page, players="40", reentries="8", start="20:00", runs="8")
    # Seconds of runs: the form says it computes, and its button waits (one computation).
    expect(running).to_contain_text("Calcul en cours… (au plus 30 secondes)")
    expect(running).to_be_visible()
    expect(page.get_by_role("button", name="Estimer")).to_be_disabled()
    plan = page.locator("[data-test=plan]")
    expect(plan).to_be_visible(timeout=60_000)
    expect(running).to_be_hidden()
    expect(page.get_by_role("button", name="Estimer")).to_be_enabled()
    expect(plan.locator("[data-test=plan-end]")).to_contain_text(
        re.compile(rf"Fin estimée : entre {TIME}.* et {TIME}.*le plus probablement vers {TIME}")
    )
    expect(plan.locator("[data-test=plan-bubble]")).to_contain_text(
        re.compile(rf"Bulle : vers {TIME}.*, niveau \d+")
    )
    expect(plan.locator("[data-test=plan-final-table]")).to_contain_text(
        re.compile(rf"Table finale : vers {TIME}.*, niveau \d+")
    )
    expect(plan.locator("[data-test=plan-about]")).to_contain_text(
        "Sur 8 simulations de 48 entrées"
    )
    expect(plan.locator("[data-test=plan-warning][data-kind=outgrown]")).to_have_count(0)
    page.locator("#planner").scroll_into_view_if_needed()
    look(page, "console-structure-planner", tmp_path, full_page=False)

    # An event whose level 3 jumps to 10,000/20,000 with stacks of 5,000.
    page.goto("/console")
    page.wait_for_load_state()
    form = page.locator("#create-form")
    form.get_by_label("Titre").fill("Blindes folles")
    form.locator("[data-test=structure-file]").set_input_files(str(OUTGROW))
    form.get_by_role("button", name="Créer").click()
    expect(page).to_have_url(re.compile(r"/console/[^/?]+$"))
    tab(page, "Structure")
    estimate(page, players="30", reentries="0", start="21h30", runs="5")
    warning = page.locator("[data-test=plan-warning][data-kind=outgrown]")
    expect(warning).to_have_attribute("data-level", "3", timeout=60_000)
    expect(warning).to_contain_text(
        "Dès le niveau 3, un tour de blindes et d'antes coûte 30\u202f000, plus que le tapis "
        "moyen d'une table finale complète (16\u202f666)"
    )
