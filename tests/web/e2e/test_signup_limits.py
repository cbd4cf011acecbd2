"""The limits of a public sign-up (issue 18), in a real browser, in French: the director sets
a cut-off time and a members-only sign-up on the event's arrivals page; a visitor who comes
after the cut-off is told when it closed, and one who is not a member is refused, naming the
season, and nobody new enters the register; the member signs up with his licence number."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from conftest import DirectorApi, NewPage, Server

pytestmark = pytest.mark.e2e


def add_member(page: Page, first: str, name: str, licence: str, season: str) -> None:
    """Add a member of the club to the register through its form."""
    page.goto("/people")
    form = page.locator("form.person-form")
    form.get_by_label("Prénom").fill(first)
    form.get_by_label("Nom", exact=True).fill(name)
    form.get_by_label("membre du club").check()
    form.get_by_label("Saison", exact=True).fill(season)
    form.get_by_label("Licence fédérale").fill(licence)
    form.get_by_label("accepte que le club garde ces données").check()
    form.get_by_role("button", name="Ajouter").click()
    expect(page.locator("h1")).to_have_text(f"{first} {name}")


def sign_up_as(visitor: Page, number: str, first: str, name: str, licence: str) -> None:
    visitor.goto(f"/public/signup/{number}")
    form = visitor.locator("#public-signup")
    form.get_by_label("Prénom").fill(first)
    form.get_by_label("Nom", exact=True).fill(name)
    form.get_by_label("Licence fédérale").fill(licence)
    form.get_by_label("J'accepte que le club garde ces données").check()
    form.get_by_role("button", name="Se préinscrire").click()


def test_a_late_and_a_non_member_sign_up_are_refused_in_french(
    new_page: NewPage,
    server: Server,
    login: Callable[[Page], None],
    director_api: Callable[[Server], DirectorApi],
) -> None:
    tournament = director_api(server).create("Championnat", template="turbo", profile="lfp")
    number = tournament.removeprefix("tournament-")
    page = new_page(server, locale="fr-FR", viewport={"width": 1280, "height": 900})
    login(page)
    add_member(page, "Léa", "Martin", "FR-4521", "2026")

    page.goto(f"/checkin/{number}")
    settings = page.locator("#signup-settings")
    settings.get_by_label("Places", exact=True).fill("20")
    settings.get_by_label("les joueurs peuvent se préinscrire sur la page publique").check()
    settings.get_by_label("Fin des préinscriptions le").fill("2020-01-10T18:00")
    settings.get_by_role("button", name="Enregistrer").click()
    expect(page.locator("#signup-counts")).to_contain_text(
        "préinscriptions closes le 2020-01-10 18:00"
    )

    visitor = new_page(server, locale="fr-FR")
    visitor.goto(f"/public/signup/{number}")
    expect(visitor.locator("#signup-closed")).to_have_text(
        "Les préinscriptions à ce tournoi sont closes depuis le 2020-01-10 18:00 : "
        "adressez-vous au club à l'entrée."
    )
    expect(visitor.locator("#public-signup")).to_have_count(0)

    settings.get_by_label("Fin des préinscriptions le").fill("")
    settings.get_by_label("membres du club seulement").check()
    settings.get_by_label("Saison d'adhésion (vide : toutes)").fill("2026")
    settings.get_by_role("button", name="Enregistrer").click()
    expect(page.locator("#signup-counts")).to_contain_text("membres de la saison 2026 seulement")

    sign_up_as(visitor, number, "Paul", "Durand", "FR-0007")
    expect(visitor.get_by_text("aucun membre n'a ce numéro de licence et ce nom")).to_contain_text(
        "les préinscriptions à ce tournoi sont réservées aux membres de la saison 2026"
    )
    sign_up_as(visitor, number, "Léa", "MARTIN", "fr-4521")
    expect(visitor.locator("#signup-done")).to_contain_text("Vous avez une place")

    page.goto("/people")
    expect(page.locator("body")).not_to_contain_text("Durand")  # the refused visitor: not kept
    page.goto(f"/checkin/{number}")
    expect(page.locator("#signups tbody tr")).to_have_count(1)
    expect(page.locator("#signups tbody tr")).to_contain_text("Léa Martin")
