"""Issue 15, in a real browser, in French: the seat of a late registration shown big at the desk,
with his seat ticket printed at once; and hand-for-hand said on every display (the seating
display, the lobby, the player's phone), live, on and off.

Screenshots go to docs/screenshots/ with ``POKERTD_SCREENSHOTS=1``.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from test_console_desk import SCREENSHOTS

from conftest import DirectorApi, NewPage, Server

pytestmark = pytest.mark.e2e

PLAYERS = ("Alice Martin", "Bruno Leroy", "Chloé Bernard", "Denis Petit")


def register_at_the_desk(page: Page, player: str) -> None:
    """Type a walk-in's name at the desk and press "Inscrire" (here now, pays now)."""
    form = page.locator("#register-form")
    form.get_by_label("Joueur", exact=True).fill(player)
    form.get_by_role("button", name=re.compile("^Inscrire")).click()
    expect(page.locator("tr[data-entry]", has_text=player)).to_have_count(1)
    expect(form.get_by_label("Joueur", exact=True)).to_have_value("")


def test_a_late_registration_shows_his_seat_big_and_prints_his_ticket(
    server: Server,
    new_page: NewPage,
    login: Callable[[Page], None],
    director_api: Callable[[Server], DirectorApi],
) -> None:
    api = director_api(server)
    money = {"buy_in": {"prize": 1_800, "fee": 200}}
    tournament = api.event(PLAYERS, title="Mardi soir", late_registration_levels=4, money=money)
    page = new_page(server, locale="fr-FR", viewport={"width": 1280, "height": 900})
    page.context.add_init_script("window.print = () => { window.printed = true; };")
    login(page)
    page.goto(f"/console/{tournament}?tab=desk")
    expect(page.locator("#desk-seat")).to_have_count(0)  # nobody registered since the draw

    # SEAT-LATE-WINDOW: a walk-in after the draw takes a seat; the desk says which, big.
    register_at_the_desk(page, "Émile Roux")
    seat = page.locator("#desk-seat")
    row = page.locator("tr[data-entry]", has_text="Émile Roux")
    table, chair = row.locator("td").nth(3).inner_text(), row.locator("td").nth(4).inner_text()
    assert table
    assert chair
    expect(seat).to_contain_text("Émile Roux")
    expect(seat.locator(".desk-seat-place")).to_have_text(f"Table {table} · Siège {chair}")
    size = seat.locator("[data-field=seat]").evaluate(
        "b => parseFloat(getComputedStyle(b).fontSize)"
    )
    assert size >= 40  # read from across the desk, not the list's 16 px
    page.screenshot(path=str(SCREENSHOTS / "desk-late-seat-fr.png"), full_page=True)

    # His seat ticket, opened at once with the print dialog asked for.
    with page.expect_popup() as opened:
        seat.get_by_role("link", name="Imprimer son ticket de place").click()
    ticket = opened.value
    ticket.wait_for_load_state()
    tickets = ticket.locator(".ticket")
    expect(tickets).to_have_count(1)
    expect(tickets).to_contain_text("Émile Roux")
    expect(tickets).to_contain_text(f"Table {table} · Siège {chair}")
    qr = tickets.locator("img.ticket-qr")
    entry = row.get_attribute("data-entry")
    expect(qr).to_have_attribute("src", f"/me/{tournament}/{entry}/qr.svg")
    assert qr.evaluate("img => img.complete && img.naturalWidth > 0")  # the QR's svg is drawn
    assert ticket.evaluate("() => window.printed === true")
    ticket.screenshot(path=str(SCREENSHOTS / "desk-late-ticket-fr.png"))

    # A re-entry is the next registration: his seat replaces Émile's.
    api.command(tournament, "bust-players", entries=[2])
    page.goto(f"/console/{tournament}?tab=desk")
    page.locator("tr[data-entry='2']").get_by_role("button", name="Re-entry").click()
    expect(page.locator("tr[data-entry]", has_text="Bruno Leroy")).to_have_count(2)
    expect(seat).to_contain_text("Bruno Leroy")
    expect(seat).not_to_contain_text("Émile Roux")

    # A ticket for an entry with no seat is refused, in words.
    refused = new_page(server, locale="fr-FR")
    login(refused)
    answer = refused.goto(f"/console/{tournament}/print/tickets?entry=2")
    assert answer is not None
    assert answer.status == 404
    expect(refused.locator("body")).to_contain_text("l'entrée 2 n'a pas de place à imprimer")


def test_hand_for_hand_shows_on_the_seating_display_the_lobby_and_the_phone(
    server: Server,
    new_page: NewPage,
    login: Callable[[Page], None],
    director_api: Callable[[Server], DirectorApi],
) -> None:
    api = director_api(server)
    names = [f"Joueur {n}" for n in range(1, 13)]  # two tables of six
    money = {"buy_in": {"prize": 1_800, "fee": 200}}
    tournament = api.event(names, title="Bulle du jeudi", money=money)
    api.command(tournament, "set-payouts", prizes=[11_600, 6_000, 4_000])
    seating = new_page(server, locale="fr-FR", viewport={"width": 1280, "height": 720})
    seating.goto(f"/display/{tournament}/seating")
    lobby = new_page(server, locale="fr-FR")
    lobby.goto("/lobby")
    phone = new_page(server, locale="fr-FR", viewport={"width": 390, "height": 800})
    phone.goto(f"/me/{tournament}/1")
    seating_flag = seating.locator("[data-field=hfh]")
    lobby_flag = lobby.locator(f".lobby-event[data-tournament='{tournament}'] [data-field=hfh]")
    phone_flag = phone.locator("[data-field=hfh]")
    for screen in (seating, lobby, phone):
        expect(screen.locator("#connection[data-state=open]")).to_be_visible()
    for flag in (seating_flag, lobby_flag, phone_flag):
        expect(flag).to_be_hidden()

    page = new_page(server, locale="fr-FR")
    login(page)
    page.goto(f"/console/{tournament}")
    card = page.locator("#hand-for-hand")
    card.get_by_role("button", name="Lancer le main par main").click()
    expect(page.locator("#summary [data-test=hfh-badge]")).to_have_text("Main par main")
    for flag in (seating_flag, lobby_flag, phone_flag):  # HFH-TRIGGER: every display says so
        expect(flag).to_be_visible()
        expect(flag).to_have_text("Main par main")
    held = lobby.locator(f".lobby-event[data-tournament='{tournament}'] [data-field=clock-state]")
    expect(held).to_be_hidden()  # the clock is held for hand-for-hand, not "En pause"
    seating.screenshot(path=str(SCREENSHOTS / "seating-hand-for-hand-fr.png"))
    lobby.screenshot(path=str(SCREENSHOTS / "lobby-hand-for-hand-fr.png"))
    phone.screenshot(path=str(SCREENSHOTS / "phone-hand-for-hand-fr.png"))

    # A page opened while hand-for-hand is on says so from the server's first answer.
    late = new_page(server, locale="en-GB", viewport={"width": 390, "height": 800})
    late.goto(f"/me/{tournament}/2")
    expect(late.locator("[data-field=hfh]")).to_have_text("Hand-for-hand")

    card.get_by_role("button", name="Finir le main par main").click()
    expect(page.locator("#summary [data-test=hfh-badge]")).to_have_count(0)
    for flag in (seating_flag, lobby_flag, phone_flag, late.locator("[data-field=hfh]")):
        expect(flag).to_be_hidden()
