"""A whole tournament night in the browser alone (issue 15): a French club director, in French,
from a fresh server on an empty event file, runs a 40-player LFP re-entry event.

He creates it with the "Nouveau tournoi" form (late registration, re-entry price), registers 40
players at the desk by typing their names, takes the buy-ins of those who had not paid, draws the
seats, starts the clock, busts players several at once, takes re-entries inside the late
registration (a double click included), moves through the levels, confirms the moves as tables
break and balance, reaches the final table and the end, and opens the payout sheet. Nothing goes
through the API: every step is a click or a keystroke, and each asserts what the director sees.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from night_steps import bust, cents, confirm_moves, look, players_left, seated, tab
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

FIRST = ("Alice", "Bruno", "Chloé", "David", "Emma", "Fabien", "Gaëlle", "Hugo", "Inès", "Julien")
LAST = ("Martin", "Leroy", "Bernard", "Moreau")
#: 40 distinct players, accents included, as typed at the door.
PLAYERS = tuple(f"{first} {last}" for last in LAST for first in FIRST)
#: Those who pay at the desk after registering (the others pay as they register).
PAY_LATER = PLAYERS[-6:]
BUY_IN, REENTRY = 20, 20  # euros, no fee: the pool is every entry's price


def test_a_40_player_lfp_reentry_night_in_french(
    new_page: Callable[..., Page], server: Any, login: Callable[[Page], None], tmp_path: Path
) -> None:
    page = new_page(server, locale="fr-FR", viewport={"width": 1280, "height": 900})
    login(page)
    expect(page.locator("h1")).to_have_text("Console du directeur")

    # -- the event: LFP, late registration to the end of level 4, one re-entry at 20 € ----------
    form = page.locator("#create-form")
    form.get_by_label("Titre").fill("Samedi LFP 40")
    form.get_by_text("Ligue Française de Poker (LFP)").click()
    form.get_by_text("Turbo", exact=True).click()
    form.get_by_label("Ouverte jusqu'à la fin du niveau").fill("4")
    form.get_by_label(re.compile("^Re-entries par joueur")).fill("1")
    form.locator("input[name=table_size]").fill("9")
    form.locator("input[name=buy_in]").fill(str(BUY_IN))
    form.locator("details summary").click()  # re-entries, rebuys, add-on...
    form.get_by_label(re.compile("^Prix de la re-entry")).fill(str(REENTRY))
    form.get_by_role("button", name="Créer").click()
    expect(page).to_have_url(re.compile(r"/console/[^/?]+$"))
    expect(page.locator("h1")).to_contain_text("Samedi LFP 40")

    # -- the door: 40 names typed, 34 pay as they register, 6 pay a moment later ----------------
    tab(page, "Inscriptions")
    register = page.locator("#register-form")
    for count, player in enumerate(PLAYERS, start=1):
        register.get_by_label("Joueur", exact=True).fill(player)
        paid = register.locator("input[name=paid]")
        if player in PAY_LATER:
            paid.uncheck()
        register.get_by_label("Joueur", exact=True).press("Enter")
        expect(page.locator("[data-test=entries]")).to_have_text(str(count))
        expect(register.get_by_label("Joueur", exact=True)).to_have_value("")
    unpaid = page.locator("tr[data-entry]:has(.badge.error)")
    expect(unpaid).to_have_count(len(PAY_LATER))
    for player in PAY_LATER:
        row = page.locator("tr[data-entry]", has_text=player)
        row.get_by_role("button", name="Encaisser le buy-in").click()
        expect(row.locator(".badge.error")).to_have_count(0)
    expect(unpaid).to_have_count(0)
    look(page, "night40-desk-fr", tmp_path)
    # before the draw nobody plays yet: the summary counts the entries, not "0 players left"
    expect(page.locator("#summary [data-test=entries]")).to_have_text("40")
    expect(page.locator("#summary [data-test=players-left]")).to_have_count(0)

    tab(page, "Argent")
    pool = page.locator("#payouts [data-test=pool]")
    expect(pool).to_have_attribute("data-cents", str(40 * BUY_IN * 100))

    # -- the draw and the clock ------------------------------------------------------------------
    tab(page, "Vue d'ensemble")
    page.get_by_role("button", name="Tirer les places").click()
    expect(page.locator("#section")).to_contain_text("Tables : 5")
    page.get_by_role("button", name="Lancer l'horloge").click()
    expect(page.locator("[data-test=clock]")).to_contain_text("Niveau 1")
    assert players_left(page) == 40

    # -- level 1: three players out in one hand; two re-enter (one by a double click) ----------
    first_three = seated(page)[:3]
    bust(page, first_three, stacks=[3000, 2000, 1000])
    assert players_left(page) == 37
    tab(page, "Inscriptions")
    for player in first_three[:2]:
        row = page.locator("tr[data-entry]", has_text=player)
        row.get_by_role("button", name="Re-entry").dblclick()  # a double click: one entry
        expect(page.locator("tr[data-entry]", has_text=player)).to_have_count(2)
    expect(page.locator("[data-test=entries]")).to_have_text("42")
    assert players_left(page) == 39
    tab(page, "Argent")
    expect(pool).to_have_attribute("data-cents", str(42 * BUY_IN * 100))

    # -- levels 2 to 5: the late registration closes at the end of level 4 ---------------------
    tab(page, "Vue d'ensemble")
    for level in range(2, 6):
        page.get_by_role("button", name="Niveau suivant").click()
        expect(page.locator("[data-test=clock]")).to_contain_text(f"Niveau {level}")
    tab(page, "Inscriptions")
    late = first_three[2]
    row = page.locator("tr[data-entry]", has_text=late)
    expect(row).to_contain_text("éliminé")
    expect(row.get_by_role("button", name="Re-entry")).to_have_count(0)  # closed: not offered
    expect(page.locator("[data-test=registration-closed]")).to_contain_text("Inscriptions closes")
    expect(page.locator("#register-form")).to_have_count(0)  # SEAT-LATE-WINDOW: nobody new
    for player in first_three[:2]:  # the limit (one) is reached: no second re-entry offered
        out = page.locator("tr[data-entry][data-state=busted]", has_text=player)
        expect(out).to_have_count(1)
        expect(out.get_by_role("button")).to_have_count(0)

    # -- down to the final table: several out per hand, the moves confirmed as they fall due -----
    summary = page.locator("#summary")
    expect(summary.locator("[data-test=places-paid]")).to_have_text("6")
    moved: list[str] = []
    while players_left(page) > 9:
        if players_left(page) < 30 and not moved:
            tab(page, "Tables")
            look(page, "night40-tables-fr", tmp_path)
        names = seated(page)
        bust(page, names[: min(4, players_left(page) - 9)], stacks=[4000, 3000, 2000, 1000])
        moved += confirm_moves(page)
    # Tables broke (their players by name, the reason translated), then the final table drawn.
    reasons = {row.rsplit("\t", 1)[1] for row in moved}
    assert {"fermeture de table", "table finale"} <= reasons, reasons
    assert all(re.match(r"^\w[\w ]+ #\d+\ttable \d+ siège \d+ → table \d+", row) for row in moved)
    tab(page, "Tables")
    expect(page.locator("section[data-table]")).to_have_count(1)
    final_table = page.locator("section[data-table='1'] tr:has(td)")
    expect(final_table).to_have_count(players_left(page))
    # No counts typed: each stack is the starting stack, written as French writes numbers.
    expect(page.locator("section[data-table] [data-test=stack]").first).to_have_text("20\u202f000")
    look(page, "night40-final-table-fr", tmp_path)
    expect(summary.locator("[data-test=places-paid]")).to_have_text("6")

    # -- the bubble (7 left, 6 paid), then the final table played down to the winner ------------
    while players_left(page) > 7:
        bust(page, seated(page)[:1])
    # On the bubble, at one table: no hand-for-hand to run (HFH-TRIGGER: tables play in step).
    expect(summary).to_contain_text("Joueurs restants : 7 / 6 places payées")
    expect(summary.locator("[data-test=bubble]")).to_have_count(0)
    for out in ([3000, 2000], [2000, 1000], [1000], [1000]):  # 7 -> 5 -> 3 -> 2 -> 1
        bust(page, seated(page)[: len(out)], stacks=out)
    winner = page.locator("#results [data-test=winner] b")
    expect(page.locator("#results h2")).to_have_text("Le tournoi est terminé")
    expect(page.locator("#bust-form")).to_have_count(0)
    champion = winner.inner_text()
    assert champion in PLAYERS
    expect(summary.locator("[data-test=winner-line]")).to_contain_text(champion)
    rows = page.locator("#results tbody tr")
    expect(rows.first).to_contain_text(champion)
    prizes = [cents(text) for text in page.locator("#results [data-test=prize]").all_inner_texts()]
    paid_out = [prize for prize in prizes if prize]
    assert len(paid_out) == 6
    assert sum(paid_out) == 42 * BUY_IN * 100  # the whole pool, to the cent
    assert paid_out == sorted(paid_out, reverse=True)
    look(page, "night40-results-fr", tmp_path)

    # -- the money tab and the printed payout sheet say the same -----------------------------------
    tab(page, "Argent")
    expect(pool).to_have_attribute("data-cents", str(42 * BUY_IN * 100))
    table_prizes = page.locator("#payouts [data-test=prize]")
    expect(table_prizes).to_have_count(6)
    assert [
        int(c or 0) for c in [p.get_attribute("data-cents") for p in table_prizes.all()]
    ] == paid_out
    with page.context.expect_page() as opened:
        page.get_by_role("link", name="Imprimer la répartition des prix").click()
    sheet = opened.value
    sheet.wait_for_load_state()
    sheet_prizes = [cents(t) for t in sheet.locator("[data-test=prize]").all_inner_texts()]
    assert sheet_prizes == paid_out
    expect(sheet.locator("tbody tr").first).to_contain_text(champion)
    look(sheet, "night40-payout-sheet-fr", tmp_path)
