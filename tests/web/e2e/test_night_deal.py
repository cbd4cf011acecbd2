"""The end of a tournament night in the browser alone (issue 15), what the 40-player night does
not cover: a French club director, in French, on a fresh server, runs a 20-player LFP event.

He imports the player list a French Excel saved (``Nom;Prénom``, cp1252, accents and ``œ``)
through the desk's import form, checks the players in, fixes nine prizes, draws 6-handed
tables, corrects a bust-out recorded by mistake from the log (the player put back, the places
given again), plays the bubble hand-for-hand on two tables, reaches the final table, types the
chip counts, records an ICM deal, plays it out, and downloads the payout sheet and the exports.
Every step is a click or a keystroke, and asserts what the director sees.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from night_steps import bust, cents, confirm_moves, look, players_left, seated, tab
from playwright.sync_api import Dialog, Page, expect

pytestmark = pytest.mark.e2e

PLAYER_LIST = Path(__file__).resolve().parents[2] / "data" / "soiree-bulle-cp1252.csv"
BUY_IN = 20  # euros, no fee: the pool is 20 entries at 20 €
POOL = 20 * BUY_IN * 100
#: Nine places paid, in percent of the pool: the bubble is the tenth player, on two tables.
PERCENTS = (30, 20, 12, 9, 8, 7, 5, 5, 4)
PRIZES = [POOL * share // 100 for share in PERCENTS]


def imported_names() -> list[str]:
    """The names of the list as the desk shows them: first name then last name."""
    rows = list(csv.reader(io.StringIO(PLAYER_LIST.read_bytes().decode("cp1252")), delimiter=";"))
    return [f"{first} {last}" for last, first, _ in rows[1:]]


PLAYING = "Main par main : cette table joue la main."
WAITING = "Main par main : main jouée, cette table attend les autres."


def expect_states(page: Page, states: list[str]) -> None:
    """The console's Tables tab shows each table's place in the hand-for-hand hand."""
    tab(page, "Tables")
    expect(page.locator("section[data-table] [data-test=hfh-table]")).to_have_text(states)


def play_a_hand(
    dealer: Page, tournament: str, table: str, then: Callable[[], None] | None = None
) -> None:
    """Deal a hand on a table's dealer app, and fold it round to the big blind; ``then`` runs
    while the hand is in progress."""
    dealer.goto(f"/table/{tournament}/{table}")
    felt = dealer.locator("#table")
    dealer.get_by_role("button", name="Lancer la main suivante").click()
    expect(felt.locator(".seat.to-act")).to_have_count(1)
    if then is not None:
        then()
    for _ in range(6):
        if felt.locator("[data-field=result]").count():
            break
        before = felt.get_attribute("data-log") or ""
        felt.get_by_role("button", name="Passer").click()
        expect(felt).not_to_have_attribute("data-log", before)
    expect(felt.locator("[data-field=result]")).to_be_visible()


def download(page: Page, link: str) -> tuple[str, bytes]:
    """Click an export link; return the file's suggested name and its bytes."""
    with page.expect_download() as started:
        page.get_by_role("link", name=link, exact=True).click()
    got = started.value
    path = got.path()
    return got.suggested_filename, Path(path).read_bytes()


def french_csv(data: bytes) -> list[list[str]]:
    """A CSV as French Excel opens it: a BOM, UTF-8, ``;`` between the columns."""
    assert data.startswith(b"\xef\xbb\xbf"), "no BOM: French Excel garbles the accents"
    return list(csv.reader(io.StringIO(data[3:].decode("utf-8")), delimiter=";"))


def test_a_night_with_a_wrong_bust_the_bubble_hand_for_hand_and_an_icm_deal(
    new_page: Callable[..., Page], server: Any, login: Callable[[Page], None], tmp_path: Path
) -> None:
    page = new_page(server, locale="fr-FR", viewport={"width": 1280, "height": 900})
    login(page)
    names = imported_names()

    # -- the event: LFP, 6 seats a table, the final table a full table, 20 € ----------------
    form = page.locator("#create-form")
    form.get_by_label("Titre").fill("Vendredi bulle et accord")
    form.get_by_text("Ligue Française de Poker (LFP)").click()
    form.get_by_text("Turbo", exact=True).click()
    form.locator("input[name=table_size]").fill("6")
    form.locator("select[name=final_table]").select_option("table-size")
    form.locator("input[name=buy_in]").fill(str(BUY_IN))
    form.get_by_role("button", name="Créer").click()
    expect(page.locator("h1")).to_contain_text("Vendredi bulle et accord")
    tournament = page.url.rsplit("/", 1)[1].split("?")[0]

    # -- the list from French Excel, everyone paid in advance; each checked in at the door -----
    tab(page, "Inscriptions")
    importing = page.locator("#import-form")
    importing.locator("input[type=file]").set_input_files(str(PLAYER_LIST))
    importing.get_by_label("ont tous payé leur buy-in").check()
    importing.get_by_role("button", name="Importer", exact=True).click()
    expect(page.locator("[data-test=registered]")).to_have_text("20")
    expect(page.locator("[data-test=refused]")).to_have_count(0)
    report = page.locator("tr[data-line]")
    expect(report).to_have_count(20)
    expect(report.nth(1)).to_contain_text("Noël Cœur")  # œ: cp1252, not Latin-1
    look(page, "night-deal-import-fr", tmp_path)
    page.get_by_role("link", name="Retour à l'accueil des inscriptions").click()
    page.wait_for_load_state()
    desk = page.locator("#desk")
    for name in names:
        expect(desk.locator("tr", has_text=name)).to_have_count(1)
    expect(desk.locator(".badge.error")).to_have_count(0)  # all paid
    for name in names:
        desk.locator("tr", has_text=name).get_by_role("button", name="Pointer").click()
        expect(desk.locator("tr", has_text=name)).to_contain_text("pointé")

    # -- nine prizes fixed in percent of the pool -----------------------------------------------
    tab(page, "Argent")
    payouts = page.locator("#payouts-form")
    payouts.get_by_label("pourcentages par place").check()
    payouts.locator("input[name=prizes]").fill(",".join(str(share) for share in PERCENTS))
    payouts.get_by_role("button", name="Fixer les prix").click()
    pool = page.locator("#payouts [data-test=pool]")
    expect(pool).to_have_attribute("data-cents", str(POOL))
    fixed = page.locator("#payouts [data-test=prize]")
    expect(fixed).to_have_count(9)
    assert [int(p.get_attribute("data-cents") or 0) for p in fixed.all()] == PRIZES

    # -- the draw: four tables of five, the clock ------------------------------------------------
    tab(page, "Vue d'ensemble")
    page.get_by_role("button", name="Tirer les places").click()
    expect(page.locator("#section")).to_contain_text("Tables : 4")
    page.get_by_role("button", name="Lancer l'horloge").click()
    expect(page.locator("[data-test=clock]")).to_contain_text("Niveau 1")
    assert players_left(page) == 20

    # -- a bust-out recorded by mistake, then another; corrected from the log ---------------------
    wrong, later, right = seated(page)[0], seated(page)[6], seated(page)[1]
    bust(page, [wrong])
    bust(page, [later])
    tab(page, "Journal")
    rows = page.locator("#log tr[data-cmd]")
    page.locator("[data-test=log-filter]").fill(wrong)  # whole: "Noël" is a family name too
    expect(rows).to_have_count(4)  # registered, checked in, seated, out
    out = rows.filter(has_text="élimin")
    expect(out).to_have_count(1)
    out.locator("[data-test=undo-back-to]").click()
    expect(page.locator("h1")).to_contain_text("Annuler jusqu'à la commande")
    cancelled = page.locator("#cancelled tr[data-cmd]")
    expect(cancelled).to_have_count(2)
    expect(page.locator("#changes [data-test=players-after]")).to_have_text("20")
    put_back = page.locator("#changes tr[data-entry]", has_text=wrong).locator("td")
    expect(put_back.nth(1)).to_have_text(re.compile(r"^éliminé\(e\) · place 20$"))
    expect(put_back.nth(2)).to_contain_text("en jeu · table")
    expect(put_back.nth(2)).to_contain_text("· 20\u202f000 jetons")  # a French number
    look(page, "night-deal-undo-fr", tmp_path)
    page.get_by_role("button", name="Annuler ces commandes").click()
    assert players_left(page) == 20
    bust(page, [right])  # what was meant, then what came after
    bust(page, [later])
    results = page.locator("#results")
    expect(results.locator("tr[data-place='20']")).to_contain_text(right)
    expect(results.locator("tr[data-place='19']")).to_contain_text(later)
    expect(results).not_to_contain_text(wrong)
    assert wrong in seated(page)

    # -- down to the bubble: ten left on two tables, nine paid ------------------------------------
    while players_left(page) > 10:
        bust(page, seated(page)[:1])
        confirm_moves(page)
    tab(page, "Tables")
    expect(page.locator("section[data-table]")).to_have_count(2)
    summary = page.locator("#summary")
    expect(summary).to_contain_text("Joueurs restants : 10 / 9 places payées")
    expect(summary.locator("[data-test=bubble]")).to_have_text("Bulle")
    card = page.locator("#hand-for-hand")
    expect(card.locator("[data-test=hfh-advice]")).to_contain_text(
        "Sur la bulle : le prochain éliminé est le dernier non payé."
    )
    card.get_by_role("button", name="Lancer le main par main").click()
    expect(summary.locator("[data-test=hfh-badge]")).to_have_text("Main par main")
    card = page.locator("#hand-for-hand")
    expect(card.locator("[data-test=hfh-state]")).to_contain_text("Le main par main est en cours.")
    per_table = page.locator("section[data-table] [data-test=hfh-table]")
    ready = "Main par main : prête à distribuer la main suivante."
    expect(per_table).to_have_text([ready, ready])  # HFH-CLOCK: each table's place in the hand

    # Table 1's dealer plays its hand on the table app; table 2, without one, has not played it.
    first = page.locator("section[data-table]").first.get_attribute("data-table") or ""
    dealer = new_page(server, locale="fr-FR")
    login(dealer)
    play_a_hand(dealer, tournament, first, then=lambda: expect_states(page, [PLAYING, ready]))
    expect_states(page, [WAITING, ready])
    look(page, "night-deal-hand-for-hand-fr", tmp_path)
    # The console deals it at table 2 only: the hand is over everywhere, the next one for all.
    card.get_by_role("button", name="Main suivante à toutes les tables").click()
    expect(per_table).to_have_text([ready, ready])
    countdown = page.locator("[data-test=summary-clock] .countdown")
    held = float(countdown.get_attribute("data-remaining") or "nan")
    card.get_by_role("button", name="Main suivante à toutes les tables").click()
    expect(countdown).not_to_have_attribute("data-remaining", str(held))
    assert float(countdown.get_attribute("data-remaining") or "nan") == pytest.approx(held - 120)
    expect(per_table).to_have_text([ready, ready])

    # One player out at each table in the same hand-for-hand hand: ranked by their chips.
    at_one = page.locator("section[data-table]").nth(0).locator("tr:has(td) td:nth-child(2)")
    at_two = page.locator("section[data-table]").nth(1).locator("tr:has(td) td:nth-child(2)")
    first_out = at_one.first.inner_text().split(" #")[0].strip()
    second_out = at_two.first.inner_text().split(" #")[0].strip()
    bust(page, [first_out, second_out], stacks=[5000, 9000])
    expect(results.locator("tr[data-place='10']")).to_contain_text(first_out)
    expect(results.locator("tr[data-place='9']")).to_contain_text(second_out)
    card = page.locator("#hand-for-hand")
    expect(card.locator("[data-test=hfh-advice]")).to_have_text(
        "La bulle a éclaté : finissez le main par main."
    )
    card.get_by_role("button", name="Finir le main par main").click()
    expect(summary.locator("[data-test=hfh-badge]")).to_have_count(0)

    # -- the final table: six left, then three; the counts typed, an ICM deal ------------------
    while players_left(page) > 3:
        bust(page, seated(page)[:1])
        confirm_moves(page)
    tab(page, "Tables")
    expect(page.locator("section[data-table]")).to_have_count(1)
    counts = [70000, 20000, 10000]
    fields = page.locator("section[data-table] input[name^=chips-]")
    for field, count in zip(fields.all(), counts, strict=True):
        field.fill(f"{count:,}".replace(",", " "))
    page.get_by_role("button", name=re.compile("Enregistrer les tapis de la table")).click()
    expect(page.locator("section[data-table] [data-test=stack]").first).to_have_text("70\u202f000")
    leader = seated(page)[0]

    tab(page, "Argent")
    deal = page.locator("#deal-form")
    expect(deal.locator("tbody tr")).to_have_count(3)
    shown = [f.get_attribute("placeholder") for f in deal.locator("input[name^=stack-]").all()]
    typed = {f"{count:,}".replace(",", "\u202f") for count in counts}
    assert set(shown) == typed  # the counts recorded, as a French page writes them
    icm = [cents(text) for text in deal.locator("[data-test=icm]").all_inner_texts()]
    left_prizes = PRIZES[:3]
    assert sum(icm) == sum(left_prizes)
    assert icm != left_prizes
    assert max(icm) < left_prizes[0]
    look(page, "night-deal-icm-fr", tmp_path)
    questions: list[str] = []

    def accept(dialog: Dialog) -> None:
        questions.append(dialog.message)
        dialog.accept()

    page.once("dialog", accept)
    deal.locator("select[name=method]").select_option("icm")
    deal.get_by_role("button", name="Enregistrer l'accord").click()
    shares = page.locator("#deal [data-test=share]")
    expect(shares).to_have_count(3)
    assert questions == ["Enregistrer cet accord ? Les prix des joueurs seront fixés."]
    assert sorted(cents(text) for text in shares.all_inner_texts()) == sorted(icm)

    # -- played out: the results, the money tab and the sheet all show the deal -----------------
    while players_left(page) > 1:
        bust(page, seated(page)[-1:])
    expect(page.locator("#results h2")).to_have_text("Le tournoi est terminé")
    top = {
        row.locator("td").nth(1).inner_text(): cents(row.locator("[data-test=prize]").inner_text())
        for row in page.locator("#results tbody tr").all()[:3]
    }
    assert sorted(top.values()) == sorted(icm)
    assert top[leader] == max(icm)
    look(page, "night-deal-results-fr", tmp_path)

    tab(page, "Argent")
    with page.context.expect_page() as opened:
        page.get_by_role("link", name="Imprimer la répartition des prix").click()
    sheet = opened.value
    sheet.wait_for_load_state()
    expect(sheet.locator("[data-test=deal]")).to_have_count(3)
    expect(sheet.locator("[data-test=deal-note]")).to_contain_text("Un accord a été conclu.")
    sheet_prizes = [cents(text) for text in sheet.locator("[data-test=prize]").all_inner_texts()]
    assert sorted(sheet_prizes[:3]) == sorted(icm)
    assert sheet_prizes[3:] == PRIZES[3:]
    look(sheet, "night-deal-payout-sheet-fr", tmp_path)

    # -- the exports, as French Excel opens them ----------------------------------------------
    name, data = download(page, "Résultats (CSV)")
    assert name.endswith("-results.csv")
    results_csv = french_csv(data)
    places = {row[1]: row[0] for row in results_csv[1:]}
    prizes = {row[1]: cents(row[3]) for row in results_csv[1:]}
    assert len(places) == 20
    assert places[right] == "20"
    assert places[later] == "19"
    assert (places[first_out], places[second_out]) == ("10", "9")
    assert prizes[leader] == max(icm)
    assert prizes[first_out] == 0
    assert sum(prizes.values()) == POOL
    assert "Noël Cœur" in places  # the cp1252 list's œ, through to the export
    name, data = download(page, "Répartition des prix (CSV)")
    assert [cents(row[1]) for row in french_csv(data)[1:]] == PRIZES  # the table fixed
    name, data = download(page, "Comptes (CSV)")
    ledger = french_csv(data)
    assert sum(cents(row[3]) for row in ledger[1:]) == POOL  # paid
    assert sum(cents(row[4]) for row in ledger[1:]) == POOL  # won: the deal and the prizes
    name, data = download(page, "Comptes par personne (CSV)")
    people = french_csv(data)
    assert len(people) == 21
    assert {row[0] for row in people[1:]} == set(names)
