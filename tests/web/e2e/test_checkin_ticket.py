"""SAT-TICKET at the door, in a real browser, in French: a satellite gave Ana its one seat; at
the main event's check-in the cashier first types Ana's ticket on Bruno's line (refused, next to
the line, naming the holder; nothing changes), then on Ana's: she is checked in, her buy-in paid
by the ticket, and the desk lists her."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from test_checkin import pre_register
from test_people_register import add_in_french

from conftest import DirectorApi, NewPage, Server

pytestmark = pytest.mark.e2e

SATELLITE_MONEY = {
    "buy_in": {"prize": 2_000, "fee": 200, "chips": 20_000},
    "seat_value": 10_000,
    "target": "Main event",
}
MAIN_MONEY = {"buy_in": {"prize": 9_000, "fee": 1_000, "chips": 20_000}}


def play_the_satellite(api: DirectorApi, winner: str, others: list[str]) -> str:
    """Five players at 20 EUR: one seat of 100 EUR, won by ``winner``; return the satellite."""
    satellite = api.create("Satellite", template="turbo", profile="lfp", money=SATELLITE_MONEY)
    for player in (winner, *others):
        api.command(satellite, "register", player=player)
    api.command(satellite, "draw-seats")
    for entry in range(len(others) + 1, 1, -1):
        api.command(satellite, "bust-players", entries=[entry])
    api.command(satellite, "issue-tickets")
    return satellite


def test_sat_ticket_pays_a_check_in_and_a_wrong_holder_is_refused_next_to_his_line(
    new_page: NewPage,
    server: Server,
    login: Callable[[Page], None],
    director_api: Callable[[Server], DirectorApi],
) -> None:
    page = new_page(server, locale="fr-FR", viewport={"width": 1280, "height": 900})
    login(page)
    ana = add_in_french(page, "Ana", "Costa")
    add_in_french(page, "Bruno", "Diaz")
    api = director_api(server)
    satellite = play_the_satellite(api, ana, ["Chloé", "Dan", "Eve", "Fanny"])
    main = api.create("Main event", template="turbo", profile="lfp", money=MAIN_MONEY)
    number = main.removeprefix("tournament-")

    page.goto(f"/checkin/{number}")
    settings = page.locator("#signup-settings")
    settings.get_by_label("Places", exact=True).fill("10")
    settings.get_by_role("button", name="Enregistrer").click()
    expect(page.locator("#signup-counts")).to_contain_text("0 places prises sur 10")
    page.wait_for_load_state()
    pre_register(page, "ana", "Ana Costa")
    pre_register(page, "bruno", "Bruno Diaz")
    rows = page.locator("#signups tbody tr")
    code = f"{satellite}#1"

    bruno = rows.filter(has_text="Bruno Diaz")
    bruno.get_by_label("ou un ticket de satellite").fill(code)
    bruno.get_by_role("button", name="Enregistrer l'arrivée de Bruno Diaz").click()
    refusal = page.get_by_role("alert").filter(has_text="n'est pas cessible")
    expect(refusal).to_contain_text("ce ticket est à Ana Costa")
    expect(bruno).to_have_attribute("data-status", "signed")

    # Bruno's line now holds the refusal, which names Ana: her line is the one of her cell
    ana_line = rows.filter(has=page.get_by_role("cell", name="Ana Costa", exact=True))
    ana_line.get_by_label("ou un ticket de satellite").fill(code)
    ana_line.get_by_role("button", name="Enregistrer l'arrivée de Ana Costa").click()
    expect(ana_line).to_have_attribute("data-status", "checked-in")

    page.goto(f"/console/{number}?tab=desk")
    entries = page.locator("tr[data-entry]")
    expect(entries).to_have_count(1)
    expect(entries.filter(has_text="Ana Costa")).to_contain_text("pointé")
    page.goto(f"/console/{number}?tab=money")
    paid_by_ticket = page.locator("#ledger tr", has_text="payés par tickets de satellite")
    expect(paid_by_ticket).to_contain_text("100,00")
