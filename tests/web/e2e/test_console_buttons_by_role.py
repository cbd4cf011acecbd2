"""The console shows each role only the buttons it may use (permissions.ACTION_COMMANDS and
COMMANDS, the routes' ROUTES): the floor runs the room, the cashier the desk and the money, the
director sees them all. A button the role would be refused is a trap: it is not shown."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from test_staff_roles import add_staff_member

from conftest import DirectorApi, NewPage, Server
from pokertd.present.money_input import money_rules
from pokertd.tournament.structure import template

pytestmark = pytest.mark.e2e

TABS = {"overview": "Vue d'ensemble", "desk": "Inscriptions", "tables": "Tables",
        "bust": "Éliminations", "money": "Argent", "structure": "Structure"}  # fmt: skip
FLOOR = {
    "overview": {"clock-pause", "clock-back", "clock-skip", "clock-adjust", "display-message"},
    "desk": {"arrive", "away", "penalty", "disqualify", "quit"},
    "tables": {"chip-counts", "table-app"},
    "bust": {"bust"},
    "money": set(),
    "structure": {"plan"},  # the structure planner, nothing recorded
}
CASHIER = {
    "overview": set(),
    "desk": {"register", "import", "pay"},
    "tables": set(),
    "bust": set(),
    "money": {"payouts", "exports"},
    "structure": set(),
}
#: What only the director has (the undo, the deal recorded, the end of the day, the time bank,
#: the structure).
DIRECTOR_ONLY = {"overview": {"undo"}, "tables": {"bag", "time-bank"}, "money": {"deal"},
                 "structure": {"level-change"}}  # fmt: skip


def seen(page: Page, tournament: str) -> dict[str, set[str]]:
    """The actions each tab offers: its buttons' ``data-action``, and the forms and links a
    role may be refused (named here by what they do)."""
    found = {}
    for tab, name in TABS.items():
        page.goto(f"/console/{tournament}")
        page.locator("nav.tabs").get_by_role("link", name=name, exact=True).click()
        expect(page.locator("nav.tabs a[aria-current=page]")).to_have_text(name)
        actions = set(page.locator("#section [data-action]").evaluate_all(
            "nodes => nodes.map(n => n.dataset.action)"
        ))  # fmt: skip
        extras = {
            "display-message": "#display-message-form",
            "penalty": "#penalty-form",
            "move-slips": "[data-test=move-slips]",
            "table-app": "a[href^='/table/']",
            "exports": "a[href$='ledger.csv']",
        }
        actions |= {what for what, where in extras.items() if page.locator(where).count()}
        found[tab] = actions - {"display-message-clear"}
    return found


def log_in_as(new_page: NewPage, server: Server, name: str, password: str) -> Page:
    """Log a staff member in; on the list of events, no New event form, no Archive (the
    director's)."""
    page = new_page(server, locale="fr-FR", viewport={"width": 1280, "height": 900})
    page.goto("/login")
    page.get_by_label("Nom").fill(name)
    page.get_by_label("Mot de passe").fill(password)
    page.get_by_role("button", name="Se connecter").click()
    expect(page).to_have_url(re.compile(r"/console$"))
    expect(page.locator("li[data-event]")).to_have_count(1)
    expect(page.locator("#create-form")).to_have_count(0)
    expect(page.get_by_role("button", name="Archiver")).to_have_count(0)
    return page


def test_the_floor_and_the_cashier_see_their_buttons_the_director_all(
    new_page: NewPage,
    server: Server,
    login: Callable[[Page], None],
    director_api: Callable[[Server], DirectorApi],
) -> None:
    api = director_api(server)
    money = money_rules({"buy_in": "18+2"}, starting_stack=template("turbo").starting_stack)
    players = ("Ana Costa", "Bruno Diaz", "Chloé Martin", "Dan Evans", "Eva Lund", "Fanny Roux")
    tournament = api.event(players[:5], money=money, late_registration_levels=4)
    api.command(tournament, "arrive", entry=1)  # one here, the others not yet arrived
    api.command(tournament, "register", player=players[5], paid=False)  # waits to pay
    director = new_page(server, locale="fr-FR", viewport={"width": 1280, "height": 900})
    login(director)
    expect(director.locator("#create-form")).to_be_visible()
    expect(director.get_by_role("button", name="Archiver")).to_have_count(1)
    add_staff_member(director, "fabrice", "Arbitre (floor)", "le floor du samedi")
    add_staff_member(director, "claire", "Caissier", "la caisse du samedi")

    floor = seen(log_in_as(new_page, server, "fabrice", "le floor du samedi"), tournament)
    cashier = seen(log_in_as(new_page, server, "claire", "la caisse du samedi"), tournament)
    everything = seen(director, tournament)
    assert floor == FLOOR
    assert cashier == CASHIER
    for tab in TABS:  # the director: every button of the floor and the cashier, and his own
        assert everything[tab] == FLOOR[tab] | CASHIER[tab] | DIRECTOR_ONLY.get(tab, set()), tab
