"""Staff accounts and dealers' passes (issue 18), in a real browser, in French: the director
gives a cashier an account, the cashier registers a player at the desk and is told clearly what
her role does not allow; a dealer's tablet opens its table by the pass's link, and loses it the
moment the director revokes it."""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from conftest import DirectorApi, NewPage, Server

pytestmark = pytest.mark.e2e

CASHIER_PASSWORD = "la caisse du vendredi"
NOT_ALLOWED = (
    "vous êtes connecté comme caissier, qui n'a pas le droit de faire ceci : {what}. "
    "Demandez au directeur"
)


def add_staff_member(page: Page, name: str, role: str, password: str) -> None:
    """On the staff page, add a member as the director does."""
    page.get_by_role("link", name="Personnel").click()
    expect(page.locator("h1")).to_have_text("Personnel")
    form = page.locator("form[action='/staff/add']")
    form.get_by_label("Nom").fill(name)
    form.get_by_label("Rôle").select_option(label=role)
    form.get_by_label("Mot de passe").fill(password)
    form.get_by_role("button", name="Ajouter").click()
    expect(page.locator("table.staff tr", has_text=name)).to_contain_text(role)


def test_a_cashier_registers_at_the_desk_and_is_refused_a_directors_action(
    new_page: NewPage,
    server: Server,
    login: Callable[[Page], None],
    director_api: Callable[[Server], DirectorApi],
) -> None:
    tournament = director_api(server).event(("Ana Costa", "Bruno Diaz"), draw=False, start=False)
    number = tournament.removeprefix("tournament-")
    page = new_page(server, locale="fr-FR", viewport={"width": 1280, "height": 900})
    login(page)
    add_staff_member(page, "claire", "Caissier", CASHIER_PASSWORD)
    page.get_by_role("button", name="Se déconnecter").click()
    expect(page).to_have_url(f"{server.url}/")

    page.get_by_role("link", name="Se connecter").click()
    page.get_by_label("Nom").fill("claire")
    page.get_by_label("Mot de passe").fill(CASHIER_PASSWORD)
    page.get_by_role("button", name="Se connecter").click()
    expect(page).to_have_url(re.compile(r"/console$"))
    expect(page.get_by_role("link", name="Personnel")).to_have_count(0)

    page.goto(f"/console/{number}")
    page.get_by_role("link", name="Inscriptions").click()
    page.wait_for_load_state()  # htmx is deferred: act once it runs
    form = page.locator("#register-form")
    form.get_by_label("Joueur", exact=True).fill("Zoé Lefèvre")
    form.get_by_role("button", name=re.compile("^Inscrire")).click()
    expect(page.locator("tr[data-entry]", has_text="Zoé Lefèvre")).to_be_visible()

    page.get_by_role("link", name="Vue d'ensemble").click()
    page.wait_for_load_state()
    expect(page.get_by_text("Inscrits : 3")).to_be_visible()
    expect(page.get_by_role("button", name="Tirer les places")).to_have_count(0)  # the floor's

    page.goto("/staff")  # the director's page
    expect(page.get_by_role("alert")).to_have_text(NOT_ALLOWED.format(what="/staff"))

    page.goto(f"/console/{number}?tab=log")
    expect(page.locator("tr", has_text="Zoé Lefèvre").first).to_contain_text("par claire")


def test_a_dealers_pass_opens_his_table_and_its_revocation_closes_it_at_once(
    new_page: NewPage,
    server: Server,
    login: Callable[[Page], None],
    director_api: Callable[[Server], DirectorApi],
) -> None:
    director_api(server).event(("Ana Costa", "Bruno Diaz", "Chloé Martin"), title="Vendredi")
    page = new_page(server, locale="fr-FR")
    login(page)
    page.get_by_role("link", name="Personnel").click()
    issue = page.locator("form[action='/staff/passes']")
    issue.get_by_label("Tournoi").select_option(label="Vendredi")
    issue.get_by_label("Table").fill("1")
    issue.get_by_role("button", name="Donner l'accès").click()
    expect(page.get_by_role("heading", name="Accès du croupier de la table 1")).to_be_visible()
    expect(page.locator("#issued .qr svg")).to_be_visible()
    link = page.locator("a.dealer-link").inner_text()

    tablet = new_page(server, locale="fr-FR")
    tablet.goto(urlsplit(link).path)  # the room's address: this test's server is on loopback
    expect(tablet).to_have_url(re.compile(r"/table/1/1$"))
    expect(tablet.locator("h1")).to_contain_text("Vendredi — Table 1")
    expect(tablet.get_by_role("button", name="Se déconnecter")).to_be_visible()

    page.goto("/staff")
    row = page.locator("table.staff tr", has_text="Vendredi")
    asked: list[str] = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    row.get_by_role("button", name="Révoquer").click()
    expect(page.get_by_text("Aucun accès de croupier en cours.")).to_be_visible()
    assert asked == [
        "Révoquer l’accès de la table 1 ? La tablette qui le détient est fermée aussitôt."
    ]
    tablet.reload()
    expect(tablet.locator("h1")).to_have_text("Connexion du directeur")
