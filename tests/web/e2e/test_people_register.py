"""The register of players in a real browser, in French: the director adds people, the desk
picks them as he types, he finds two duplicates, merges them, erases the person and sees
"joueur effacé" in the results."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

PEOPLE = (("Gaëlle", "Le Goff"), ("Gaelle", "Legoff"), ("Bruno", "Diaz"))


def add_in_french(page: Page, first: str, name: str) -> str:
    """Fill "Ajouter une personne" on the register; return the new person's id."""
    page.goto("/people")
    form = page.locator("form.person-form")
    form.get_by_label("Prénom").fill(first)
    form.get_by_label("Nom", exact=True).fill(name)
    form.get_by_label("accepte que le club garde ces données").check()
    form.get_by_role("button", name="Ajouter").click()
    expect(page.locator("h1")).to_have_text(f"{first} {name}")
    return page.url.rsplit("/", 1)[1]


def register_at_the_desk(page: Page, typed: str, picked: str) -> None:
    """Type part of a name at the desk, pick the person the register proposes, register."""
    form = page.locator("#register-form")
    form.get_by_label("Joueur", exact=True).fill(typed)
    form.get_by_label(picked).check()
    form.get_by_role("button", name=re.compile("^Inscrire")).click()
    expect(page.locator("tr[data-entry]", has_text=picked).first).to_be_visible()


def test_the_director_searches_merges_and_erases_in_french(
    new_page: Callable[..., Page], server: Any, login: Callable[[Page], None], director_api: Any
) -> None:
    page = new_page(server, locale="fr-FR", viewport={"width": 1280, "height": 900})
    login(page)
    page.get_by_role("link", name="Joueurs").click()
    expect(page.locator("h1")).to_have_text("Joueurs")
    ids = [add_in_french(page, first, name) for first, name in PEOPLE]

    api = director_api(server)
    tournament = api.create("Vendredi", template="turbo", profile="tda-2017", table_size=9)
    page.goto(f"/console/{tournament}?tab=desk")
    page.wait_for_load_state()  # htmx is deferred: act once it runs
    register_at_the_desk(page, "gaelle le", "Gaëlle Le Goff")
    register_at_the_desk(page, "legof", "Gaelle Legoff")
    register_at_the_desk(page, "bruno", "Bruno Diaz")
    api.command(tournament, "draw-seats")
    api.command(tournament, "start-clock")
    api.command(tournament, "bust-players", entries=[2])
    api.command(tournament, "bust-players", entries=[3])

    page.goto("/people")
    page.wait_for_load_state()
    page.get_by_label("Rechercher").first.fill("GAELLE")
    rows = page.locator("#people-list tbody tr")
    expect(rows).to_have_count(2)
    page.get_by_role("link", name="Gaelle Legoff").click()
    merge = page.locator("#merge-form")
    merge.get_by_label("La même personne que").select_option(label="Gaëlle Le Goff")
    page.once("dialog", lambda dialog: dialog.accept())
    merge.get_by_role("button", name="Fusionner").click()
    expect(page).to_have_url(re.compile(f"/people/{ids[0]}$"))
    expect(page.locator("#history tbody tr")).to_have_count(2)  # both histories kept
    expect(page.locator("#history")).to_contain_text("Vendredi")

    page.get_by_label("Pseudonyme affiché à la place (vide : joueur effacé)").fill("")
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Effacer").click()
    expect(page).to_have_url(re.compile("/people$"))
    expect(page.locator("#people-list")).to_contain_text("joueur effacé")
    expect(page.locator("#people-list")).not_to_contain_text("Gaëlle")

    page.goto(f"/console/{tournament}")
    results = page.locator("#results")
    expect(results).to_contain_text("joueur effacé")
    expect(results).to_contain_text("Bruno Diaz")
    expect(results).not_to_contain_text("Gaëlle")
    expect(results).not_to_contain_text("Legoff")
