"""A series in a real browser, in French: the director creates a season with its points
formula, puts three events on its schedule (two run by tournaments already made), the events
finish, and the season's page and its public page show the programme with the winners and the
leaderboard by the series' formula."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from conftest import DirectorApi, NewPage, Server

pytestmark = pytest.mark.e2e


def schedule(
    page: Page, date: str, title: str, buyin: str, game: str, tournament: str, count: int
) -> None:
    """Fill the schedule form of the season's page, in French; then ``count`` events are on
    the schedule."""
    form = page.locator("#schedule-form")
    if not form.get_by_label("Date").is_visible():
        page.get_by_text("Mettre une épreuve au programme").click()
    form.get_by_label("Date").fill(date)
    form.get_by_label("Titre de l'épreuve").fill(title)
    form.get_by_label("Buy-in (€)").fill(buyin)
    form.get_by_label("Format").fill(game)
    if tournament:
        form.get_by_label("Tournoi qui la joue").select_option(label=tournament)
    form.get_by_role("button", name="Mettre au programme").click()
    expect(page.locator("[data-test=schedule] tbody tr")).to_have_count(count)


def test_a_director_creates_a_series_and_reads_its_leaderboard_in_french(
    server: Server,
    new_page: NewPage,
    login: Callable[[Page], None],
    director_api: Callable[[Server], DirectorApi],
) -> None:
    """Worked by hand, points 10, 6, 4 by place: Ouverture: Ana 1re 10, Bruno 2e 6, Chloé 3e
    4; PLO: Chloé 1re 10, Ana 2e 6, Bruno 3e 4. Ana 16, Chloé 14, Bruno 10."""
    api = director_api(server)
    players = ("Ana Costa", "Bruno Diaz", "Chloé Martin")
    opening = api.event(players, title="Ouverture")
    plo = api.event(players, title="PLO")
    page = new_page(server, locale="fr-FR")
    login(page)
    page.get_by_role("link", name="Championnats").click()
    form = page.locator("#league-form")
    form.get_by_label("Championnat").fill("Série d'été")
    form.get_by_label("Saison", exact=True).fill("2026")
    form.get_by_label("Type").select_option(label="un barème de points par place")
    form.get_by_label("Facteur, points par place ou formule").fill("10,6,4")
    form.get_by_role("button", name="Créer la saison").click()
    expect(page).to_have_url(re.compile(r"/leagues/league-1$"))
    expect(page.locator("#schedule")).to_contain_text("Rien au programme pour l'instant.")

    schedule(page, "2026-07-03", "PLO", "150", "PLO re-entry", "PLO", 1)
    schedule(page, "2026-07-01", "Ouverture", "100", "NLHE freezeout", "Ouverture", 2)
    schedule(page, "2026-07-05", "Main event", "500", "NLHE, trois flights", "", 3)
    rows = page.locator("[data-test=schedule] tbody tr")
    expect(rows).to_have_count(3)
    expect(rows.nth(0)).to_contain_text("Ouverture")  # by date
    expect(rows.nth(0)).to_contain_text("100 €")
    expect(rows.nth(0).locator("[data-test=stage]")).to_have_text("en cours")
    expect(rows.nth(2).locator("[data-test=stage]")).to_have_text("prévue")

    for tournament, busted in ((opening, (3, 2)), (plo, (2, 1))):
        for entry in busted:
            api.command(tournament, "bust-players", entries=[entry])
    page.reload()
    rows = page.locator("[data-test=schedule] tbody tr")
    expect(rows.nth(0).locator("[data-test=stage]")).to_have_text("gagnée par Ana Costa")
    expect(rows.nth(1).locator("[data-test=stage]")).to_have_text("gagnée par Chloé Martin")
    standings = page.locator("[data-test=standings] tbody tr")
    expect(standings).to_have_count(3)
    expect(standings.nth(0)).to_contain_text("Ana Costa")
    expect(standings.nth(0).locator("[data-test=points]")).to_have_text("16")
    expect(standings.nth(1).locator("[data-test=points]")).to_have_text("14")
    expect(standings.nth(2).locator("[data-test=points]")).to_have_text("10")

    page.get_by_role("button", name="Publier").click()
    expect(page.locator("[data-test=published]")).to_contain_text("Publié")
    address = page.locator("[data-test=public-link]").get_attribute("href") or ""
    visitor = new_page(server, locale="fr-FR")
    visitor.goto(address)
    expect(visitor.locator("[data-test=schedule] tbody tr")).to_have_count(3)
    expect(visitor.locator("[data-test=schedule]")).to_contain_text("gagnée par Chloé Martin")
    expect(visitor.locator("[data-test=standings] tbody tr").first).to_contain_text("Ana Costa")
