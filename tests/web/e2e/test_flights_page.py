"""Two starting flights merged into their day 2 in a real browser, in French (FLIGHT-MERGE,
DAY-REDRAW: LFP 1.5): the director creates a flight from the Flights page, is refused the
merge while a flight plays on, then merges the bagged flights and lands on the day 2's console
with the survivors and their stacks."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from conftest import DirectorApi, NewPage, Server

pytestmark = pytest.mark.e2e

MONEY = {"buy_in": {"prize": 9_000, "fee": 1_000, "chips": 20_000}, "flight_of": "Grand tournoi"}


def bagged_flight(
    api: DirectorApi, title: str, players: tuple[str, ...], stacks: dict[str, int]
) -> str:
    """A flight of three, its last entry busted and the others' stacks bagged."""
    flight = api.event(players, title=title, profile="lfp", start=False, money=MONEY)
    api.command(flight, "bust-players", entries=[3])
    api.command(flight, "end-day", stacks=stacks)
    return flight


def test_two_flights_are_merged_into_day_two_in_french(
    server: Server,
    new_page: NewPage,
    login: Callable[[Page], None],
    director_api: Callable[[Server], DirectorApi],
) -> None:
    api = director_api(server)
    bagged_flight(api, "Jour 1A", ("Ana Costa", "Bruno Diaz", "Chloé Martin"),
                  {"1": 25_000, "2": 15_000})  # fmt: skip
    bagged_flight(api, "Jour 1B", ("Ana Costa", "David Roux", "Emma Petit"),
                  {"1": 32_000, "2": 8_000})  # fmt: skip
    page = new_page(server, locale="fr-FR")
    login(page)
    page.get_by_role("link", name="Flights").click()
    expect(page.locator("h1")).to_have_text("Flights")
    card = page.locator("[data-event='Grand tournoi']")
    expect(card.locator("tbody tr")).to_have_count(2)
    expect(card).to_contain_text("tapis sous sachet")
    # the pool grows with every flight: 6 entries of 90 EUR to the pool
    expect(card.locator("[data-test=pool]")).to_contain_text("540,00")

    # a third flight, created here, plays on: the merge is refused and nothing changes
    form = page.locator("#flight-form")
    form.get_by_label("Titre du flight").fill("Jour 1C")
    form.get_by_label("Tournoi dont il est un départ").fill("Grand tournoi")
    form.get_by_label("Buy-in").fill("90+10")
    form.get_by_label("Règles").select_option(label="Ligue Française de Poker (LFP)")
    form.get_by_role("button", name="Créer le flight").click()
    expect(page).to_have_url(re.compile(r"/console/tournament-3$"))
    page.get_by_role("link", name="Flights").click()
    expect(card.locator("tbody tr")).to_have_count(3)
    card.get_by_role("button", name="Fusionner les flights dans le jour 2").click()
    expect(page.locator("body")).to_contain_text(
        "le flight Jour 1C n'a pas mis ses tapis sous sachet"
    )
    api.command("tournament-3", "archive-tournament")  # put away: not a flight to merge

    page.goto("/flights")
    card = page.locator("[data-event='Grand tournoi']")
    expect(card.locator("tbody tr")).to_have_count(2)
    card.get_by_label("Titre du jour 2").fill("Grand tournoi, jour 2")
    card.get_by_label("Un joueur qualifié dans deux flights").select_option(
        label="garde son meilleur tapis"
    )
    card.get_by_role("button", name="Fusionner les flights dans le jour 2").click()
    expect(page).to_have_url(re.compile(r"/console/tournament-4$"))
    expect(page.locator("h1")).to_contain_text("Grand tournoi, jour 2")
    day_two = api.request.get("/api/tournaments/tournament-4/tables").json()
    stacks = {seat["player"]: seat["stack"] for table in day_two for seat in table["seats"]}
    assert stacks == {"Ana Costa": 32_000, "Bruno Diaz": 15_000, "David Roux": 8_000}

    page.goto("/flights")
    card = page.locator("[data-event='Grand tournoi']")
    expect(card.get_by_role("link", name="fusionné dans le jour 2")).to_have_count(2)
    expect(card.get_by_role("button", name="Fusionner les flights dans le jour 2")).to_have_count(0)
