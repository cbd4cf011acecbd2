"""A festival's two flights in a real browser, in French, under one survival per player
(FLIGHT-TWO-BAGS): the director creates both flights from the Flights page with that rule, the
page shows it, players register at each flight's desk, a survivor of the first flight is
refused at the second with the rule named, and the bagged flights merge into the day 2."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from conftest import DirectorApi, NewPage, Server

pytestmark = pytest.mark.e2e

ONE = "ne peut pas jouer un autre flight (une seule qualification par joueur)"


def create_flight(page: Page, title: str) -> str:
    """Create a flight of "Grand tournoi" from the Flights page; return its id."""
    page.goto("/flights")
    form = page.locator("#flight-form")
    form.get_by_label("Titre du flight").fill(title)
    form.get_by_label("Tournoi dont il est un départ").fill("Grand tournoi")
    form.get_by_label("Buy-in").fill("90+10")
    form.get_by_label("Règles").select_option(label="Ligue Française de Poker (LFP)")
    form.get_by_label("Un joueur qualifié dans un flight").select_option(label=ONE)
    form.get_by_role("button", name="Créer le flight").click()
    expect(page).to_have_url(re.compile(r"/console/tournament-\d+$"))
    return page.url.rsplit("/", 1)[1]


def register(page: Page, player: str) -> None:
    """Register a player at the flight's desk (the console's registration form)."""
    form = page.locator("#register-form")
    if not form.is_visible():
        page.locator("nav.tabs a[href$='tab=desk']").click()
    expect(form).to_be_visible()
    form.locator("input[name=player]").fill(player)
    form.locator("button[type=submit]").click()


def test_one_survival_per_player_across_two_flights_in_french(
    server: Server,
    new_page: NewPage,
    login: Callable[[Page], None],
    director_api: Callable[[Server], DirectorApi],
) -> None:
    api = director_api(server)
    page = new_page(server, locale="fr-FR")
    login(page)
    first = create_flight(page, "Jour 1A")
    for player in ("Ana Costa", "Bruno Diaz", "Chloé Martin"):
        register(page, player)
        expect(page.locator("tr[data-entry]", has_text=player)).to_be_visible()
    api.command(first, "draw-seats")
    api.command(first, "bust-players", entries=[3])
    api.command(first, "end-day", stacks={"1": 25_000, "2": 15_000})

    second = create_flight(page, "Jour 1B")
    register(page, "Ana Costa")  # she bagged in 1A: refused, the rule named
    expect(page.locator("body")).to_contain_text(
        "Ana Costa a ensaché des jetons dans le flight Jour 1A : une seule qualification par "
        "joueur dans Grand tournoi"
    )
    expect(page.locator("body")).to_contain_text("FLIGHT-TWO-BAGS")
    for player in ("Chloé Martin", "David Roux", "Emma Petit"):  # Chloé busted in 1A: she may
        register(page, player)
        expect(page.locator("tr[data-entry]", has_text=player)).to_be_visible()
    expect(page.locator("tr[data-entry]", has_text="Ana Costa")).to_have_count(0)
    api.command(second, "draw-seats")
    api.command(second, "bust-players", entries=[3])
    api.command(second, "end-day", stacks={"1": 32_000, "2": 8_000})

    page.goto("/flights")
    card = page.locator("[data-event='Grand tournoi']")
    expect(card.locator("[data-test=two-bags]")).to_contain_text(ONE)
    expect(card.get_by_label("Un joueur qualifié dans deux flights")).to_have_count(0)
    card.get_by_role("button", name="Fusionner les flights dans le jour 2").click()
    expect(page).to_have_url(re.compile(r"/console/tournament-3$"))
    day_two = api.request.get("/api/tournaments/tournament-3/tables").json()
    stacks = {seat["player"]: seat["stack"] for table in day_two for seat in table["seats"]}
    assert stacks == {
        "Ana Costa": 25_000, "Bruno Diaz": 15_000, "Chloé Martin": 32_000, "David Roux": 8_000,
    }  # fmt: skip
