"""A smaller night in English, in the browser alone (issue 15): a director whose browser is in
French switches the console to English and runs a 12-player TDA re-entry event.

He creates it with the "New event" form (late registration to the end of level 2, one re-entry
at 20), imports a player list (CSV, all paid) and checks its players in, registers four walk-ins
by typing their names, draws the seats, runs the clock through the levels, busts players (a
wrong bust-out undone from the log), takes a re-entry, reaches the final table, types its chip
counts, records a chip-chop deal, plays it out, opens the payout sheet and downloads the
results. Every step is a click or a keystroke; each
asserts the English the director sees, and every page is checked for French words
(``look_english``). With ``POKERTD_SCREENSHOTS=1`` its pictures go to docs/screenshots: the
director's guide (docs/web.md) shows them.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from night_steps import bust, confirm_moves, look_english, players_left, seated, tab
from playwright.sync_api import Dialog, Page, expect

pytestmark = pytest.mark.e2e

PLAYER_LIST = Path(__file__).resolve().parents[2] / "data" / "english-night-players.csv"
WALK_INS = ("Isla Bennett", "Jack Foster", "Kate Morgan", "Liam Hayes")
BUY_IN = 20  # dollars, no fee: the pool is every entry's price


def listed() -> list[str]:
    """The names of the player list."""
    return [row["name"] for row in csv.DictReader(io.StringIO(PLAYER_LIST.read_text("utf-8")))]


def english_cents(text: str) -> int:
    """``"1,234.50"`` (English) -> 123450."""
    whole, _, part = re.sub(r"[^\d.]", "", text).partition(".")
    return int(whole or "0") * 100 + int((part + "00")[:2])


def create_the_event(page: Page, tmp_path: Path) -> str:
    """The New event form, in English: TDA, turbo, 6 a table, late registration to the end of
    level 2, one re-entry at 20."""
    expect(page.locator("h1")).to_have_text("Director's console")
    form = page.locator("#create-form")
    form.get_by_label("Title", exact=True).fill("Friday Night Re-entry")
    form.get_by_text("Turbo", exact=True).click()
    form.get_by_label("Open until the end of level").fill("2")
    form.get_by_label(re.compile("^Re-entries per player")).fill("1")
    form.locator("input[name=table_size]").fill("6")
    form.locator("input[name=buy_in]").fill(str(BUY_IN))
    form.locator("details summary").click()  # re-entries, rebuys, add-on...
    form.get_by_label(re.compile("^Re-entry price")).fill(str(BUY_IN))
    look_english(page, "night-en-new-event", tmp_path)
    form.get_by_role("button", name="Create", exact=True).click()
    expect(page).to_have_url(re.compile(r"/console/[^/?]+$"))
    expect(page.locator("h1")).to_contain_text("Friday Night Re-entry")
    return page.url.rsplit("/", 1)[1]


def import_and_register(page: Page, tmp_path: Path) -> None:
    """The list imported (all paid) and checked in; four walk-ins typed at the desk."""
    tab(page, "Registration")
    expect(page.locator("#section h2").first).to_have_text("Registration desk")
    importing = page.locator("#import-form")
    importing.locator("input[type=file]").set_input_files(str(PLAYER_LIST))
    importing.get_by_label("have all paid their buy-in").check()
    importing.get_by_role("button", name="Import", exact=True).click()
    expect(page.locator("[data-test=registered]")).to_have_text("8")
    expect(page.locator("tr[data-line]").first).to_contain_text("registered as #1")
    look_english(page, "night-en-import", tmp_path)
    page.get_by_role("link", name="Back to the registration desk").click()
    page.wait_for_load_state()
    desk = page.locator("#desk")
    for name in listed():
        row = desk.locator("tr", has_text=name)
        expect(row).to_contain_text("paid")
        row.get_by_role("button", name="Check in").click()
        expect(desk.locator("tr", has_text=name)).to_contain_text("checked in")
    register = page.locator("#register-form")
    for count, player in enumerate(WALK_INS, start=9):
        register.get_by_label("Player", exact=True).fill(player)
        register.get_by_label("Player", exact=True).press("Enter")
        expect(page.locator("[data-test=entries]")).to_have_text(str(count))
        expect(register.get_by_label("Player", exact=True)).to_have_value("")
    expect(desk.locator(".badge.error")).to_have_count(0)  # everyone paid
    look_english(page, "night-en-desk", tmp_path)


def undo_from_the_log(page: Page, wrong: str, tmp_path: Path) -> None:
    """The bust-out of ``wrong``, recorded by mistake, taken back from the log's "Undo back to
    here…": the page says what it cancels and changes before anything happens."""
    tab(page, "Log")
    rows = page.locator("#log tr[data-cmd]")
    page.locator("[data-test=log-filter]").fill(wrong)
    expect(rows).to_have_count(4)  # registered, checked in, seated, out
    look_english(page, "night-en-log", tmp_path)
    expect(rows.first).to_contain_text("busted")  # newest first
    rows.first.locator("[data-test=undo-back-to]").click()
    expect(page.locator("h1")).to_contain_text("Undo back to command")
    expect(page.locator("#cancelled h2")).to_have_text("These commands are cancelled (1)")
    expect(page.locator("#changes [data-test=players-after]")).to_have_text("12")
    look_english(page, "night-en-undo", tmp_path)
    page.get_by_role("button", name="Undo these commands").click()
    assert players_left(page) == 12
    assert wrong in seated(page, "en")


def test_a_12_player_reentry_night_in_english(
    new_page: Callable[..., Page], server: Any, login: Callable[[Page], None], tmp_path: Path
) -> None:
    page = new_page(server, locale="fr-FR", viewport={"width": 1280, "height": 900})
    login(page)
    expect(page.locator("h1")).to_have_text("Console du directeur")  # a French browser
    page.locator(".langs").get_by_role("link", name="EN").click()
    page.wait_for_load_state()
    tournament = create_the_event(page, tmp_path)
    import_and_register(page, tmp_path)

    # -- the draw and the clock: two tables of six -------------------------------------------
    tab(page, "Overview")
    page.get_by_role("button", name="Draw the seats").click()
    expect(page.locator("#section")).to_contain_text("Tables: 2")
    page.get_by_role("button", name="Start the clock").click()
    expect(page.locator("[data-test=clock]")).to_contain_text("Level 1")
    assert players_left(page) == 12
    look_english(page, "night-en-overview", tmp_path)

    # -- level 1: a wrong bust-out undone from the log; two out in one hand, one re-enters -------
    # one of the imported list (registered, then checked in: four lines in the log; a walk-in
    # typed at the desk is registered and checked in by one command); the draw decides the seat
    wrong = next(name for name in seated(page, "en") if name in listed())
    bust(page, [wrong], lang="en")
    undo_from_the_log(page, wrong, tmp_path)
    out = seated(page, "en")[:2]
    bust(page, out, stacks=[3000, 1000], lang="en")
    look_english(page, "night-en-bust-outs", tmp_path)
    tab(page, "Registration")
    row = page.locator("tr[data-entry]", has_text=out[0])
    row.get_by_role("button", name="Re-entry").click()
    expect(page.locator("tr[data-entry]", has_text=out[0])).to_have_count(2)
    expect(page.locator("[data-test=entries]")).to_have_text("13")
    assert players_left(page) == 11

    # -- levels 2 and 3: the late registration closes at the end of level 2 ---------------------
    tab(page, "Overview")
    for level in (2, 3):
        page.get_by_role("button", name="Next level").click()
        expect(page.locator("[data-test=clock]")).to_contain_text(f"Level {level}")
    tab(page, "Registration")
    expect(page.locator("[data-test=registration-closed]")).to_contain_text(
        "Registration is closed"
    )
    expect(page.locator("#register-form")).to_have_count(0)

    # -- down to the final table, its counts typed --------------------------------------------
    moved: list[str] = []

    def shown(tables: Page) -> None:  # the first moves proposed, as the director reads them
        if not moved:
            look_english(tables, "night-en-moves", tmp_path)

    while players_left(page) > 3:
        bust(page, seated(page, "en")[:1], lang="en")
        moved += confirm_moves(page, "en", shown)
    reasons = {row.rsplit("\t", 1)[1] for row in moved}
    assert "table broken" in reasons, reasons  # the last other table broken: one table left
    assert all(re.match(r"^\w[\w ]+ #\d+\ttable \d+ seat \d+ → table \d+", row) for row in moved)
    tab(page, "Tables")
    expect(page.locator("section[data-table]")).to_have_count(1)
    counts = [120000, 90000, 50000]
    fields = page.locator("section[data-table] input[name^=chips-]")
    for field, count in zip(fields.all(), counts, strict=True):
        field.fill(f"{count:,}")
    page.get_by_role("button", name=re.compile("Record the counts of table")).click()
    expect(page.locator("section[data-table] [data-test=stack]").first).to_have_text("120,000")
    look_english(page, "night-en-final-table", tmp_path)

    # -- a chip-chop deal, asked first ----------------------------------------------------------
    tab(page, "Money")
    deal = page.locator("#deal-form")
    expect(deal.locator("tbody tr")).to_have_count(3)
    look_english(page, "night-en-deal", tmp_path)
    questions: list[str] = []

    def accept(dialog: Dialog) -> None:
        questions.append(dialog.message)
        dialog.accept()

    page.once("dialog", accept)
    deal.locator("select[name=method]").select_option("chip-chop")
    deal.get_by_role("button", name="Record the deal").click()
    shares = page.locator("#deal [data-test=share]")
    expect(shares).to_have_count(3)
    assert questions == ["Record this deal? The players' prizes will be set."]
    expect(page.locator("#deal")).to_contain_text("A deal was made.")
    pool = int(page.locator("#payouts [data-test=pool]").get_attribute("data-cents") or 0)
    assert pool == 13 * BUY_IN * 100
    deal_shares = sorted(english_cents(text) for text in shares.all_inner_texts())
    assert deal_shares == [5000, 9000, 12000]  # chip chop: the pool in proportion to the chips

    # -- played out: the results, the payout sheet, the results CSV -----------------------------
    while players_left(page) > 1:
        bust(page, seated(page, "en")[-1:], lang="en")
    expect(page.locator("#results h2")).to_have_text("The event is over")
    look_english(page, "night-en-results", tmp_path)
    tab(page, "Money")
    with page.context.expect_page() as opened:
        page.get_by_role("link", name="Print the payout sheet").click()
    sheet = opened.value
    sheet.wait_for_load_state()
    expect(sheet.locator("[data-test=deal-note]")).to_contain_text("A deal was made.")
    top = [english_cents(text) for text in sheet.locator("[data-test=prize]").all_inner_texts()]
    assert sorted(top[:3]) == deal_shares
    look_english(sheet, "night-en-payout-sheet", tmp_path)

    with page.expect_download() as started:
        page.get_by_role("link", name="Results (CSV)", exact=True).click()
    got = started.value
    assert got.suggested_filename == f"{tournament}-results.csv"
    data = Path(got.path()).read_bytes()
    assert not data.startswith(b"\xef\xbb\xbf")  # English: plain UTF-8, commas
    rows = list(csv.reader(io.StringIO(data.decode("utf-8"))))
    assert rows[0][:2] == ["place", "player"]
    assert len(rows) == 1 + 13
    assert {row[1] for row in rows[1:]} == {*listed(), *WALK_INS}
    assert sum(english_cents(row[3]) for row in rows[1:]) == pool
