"""A satellite ticket at the registration desk, in a real browser, in French (SAT-TICKET): the
cashier registers the ticket's holder with it, a used ticket is refused, the player withdraws
and gets the ticket back (not cash), and registers again with it."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Dialog, Page, expect

from conftest import DirectorApi, NewPage, Server

pytestmark = pytest.mark.e2e

#: The main event costs 36+4; its satellite 20+2, two players: one seat of 40 EUR.
MAIN = {"buy_in": {"prize": 3_600, "fee": 400, "chips": 20_000}}
SATELLITE = {
    "buy_in": {"prize": 2_000, "fee": 200, "chips": 20_000},
    "seat_value": 4_000,
    "target": "Tournoi principal",
}


def pay_with_ticket(page: Page, code: str) -> None:
    form = page.locator("#ticket-form")
    form.get_by_label("Code du ticket").fill(code)
    form.get_by_role("button", name="Payer avec le ticket").click()


def test_the_desk_takes_a_ticket_and_gives_it_back_on_withdrawal(
    server: Server,
    new_page: NewPage,
    login: Callable[[Page], None],
    director_api: Callable[[Server], DirectorApi],
) -> None:
    api = director_api(server)
    main = api.create("Tournoi principal", template="turbo", profile="lfp", money=MAIN)
    satellite = api.event(("Ana Costa", "Bruno Diaz"), title="Satellite", money=SATELLITE)
    api.command(satellite, "bust-players", entries=[2])
    api.command(satellite, "issue-tickets")
    code = f"{satellite}#1"

    page = new_page(server, locale="fr-FR")
    login(page)
    page.goto(f"/console/{main}?tab=desk")
    expect(page.locator("#desk-ticket h2")).to_have_text("Payer avec un ticket de satellite")
    pay_with_ticket(page, code)
    expect(page).to_have_url(re.compile(rf"/console/{main}\?tab=desk$"))
    row = page.locator("tr[data-entry='1']")
    expect(row).to_contain_text("Ana Costa")
    expect(row.locator(".badge.error")).to_have_count(0)  # paid, by the ticket

    pay_with_ticket(page, code)  # a ticket pays one buy-in
    expect(page.locator("[role=alert]")).to_contain_text("le ticket de l'entrée 1")

    page.goto(f"/console/{main}?tab=desk")
    page.on("dialog", Dialog.accept)
    page.locator("tr[data-entry='1']").get_by_role("button", name="Désinscrire").click()
    expect(page.locator("tr[data-entry='1'] td").nth(2)).to_contain_text("désinscrit")
    ledger = api.request.get(f"/api/tournaments/{main}/log").json()["events"]
    (refund,) = [event for event in ledger if event["type"] == "payment-refunded"]
    assert (refund["ticket"], refund["prize"], refund["fee"]) == (code, 3_600, 400)  # not cash

    page.goto(f"/console/{main}?tab=desk")
    pay_with_ticket(page, code)  # the ticket is open again: she comes back with it
    row = page.locator("tr[data-entry='2']")
    expect(row).to_contain_text("Ana Costa")
    expect(row.locator(".badge.error")).to_have_count(0)
