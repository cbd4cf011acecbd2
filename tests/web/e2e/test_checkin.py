"""Pre-registration and the door (issue 18), in a real browser, in French: the director opens
two places; the cashier pre-registers three players from the register (the third waits), checks
one in by the link his QR code holds, sees a withdrawal move the waitlist up, and checks the
next one in by a search. The checked-in players are the event's entries."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from test_people_register import add_in_french
from test_staff_roles import add_staff_member

from conftest import DirectorApi, NewPage, Server

pytestmark = pytest.mark.e2e

CASHIER_PASSWORD = "la caisse du vendredi"
PEOPLE = (("Ana", "Costa"), ("Bruno", "Diaz"), ("Chloé", "Bernard"))


def pre_register(page: Page, typed: str, picked: str) -> None:
    form = page.locator("#signup-form")
    form.get_by_label("Joueur", exact=True).fill(typed)
    form.get_by_label(picked).check()
    form.get_by_role("button", name="Préinscrire").click()
    expect(page.locator("#signups tr", has_text=picked)).to_be_visible()


def test_the_cashier_pre_registers_and_checks_players_in_by_qr_and_search(
    new_page: NewPage,
    server: Server,
    login: Callable[[Page], None],
    director_api: Callable[[Server], DirectorApi],
) -> None:
    tournament = director_api(server).create(
        "Vendredi", template="turbo", profile="tda-2017", table_size=9
    )
    number = tournament.removeprefix("tournament-")
    page = new_page(server, locale="fr-FR", viewport={"width": 1280, "height": 900})
    login(page)
    for first, name in PEOPLE:
        add_in_french(page, first, name)
    page.goto(f"/checkin/{number}")
    settings = page.locator("#signup-settings")
    settings.get_by_label("Places", exact=True).fill("2")
    settings.get_by_role("button", name="Enregistrer").click()
    expect(page.locator("#signup-counts")).to_contain_text("0 places prises sur 2")
    page.goto("/console")
    add_staff_member(page, "claire", "Caissier", CASHIER_PASSWORD)
    page.get_by_role("button", name="Se déconnecter").click()

    page.goto("/login")
    page.get_by_label("Nom").fill("claire")
    page.get_by_label("Mot de passe").fill(CASHIER_PASSWORD)
    page.get_by_role("button", name="Se connecter").click()
    expect(page).to_have_url(re.compile(r"/console$"))
    page.goto(f"/console/{number}?tab=desk")
    page.get_by_role("link", name="Arrivées des préinscrits (QR code)").click()
    expect(page.locator("h1")).to_have_text("Arrivées — Vendredi")
    expect(page.locator("#signup-settings")).to_have_count(0)  # the director's, not hers
    page.wait_for_load_state()  # htmx is deferred: act once it runs
    pre_register(page, "ana", "Ana Costa")
    pre_register(page, "bruno", "Bruno Diaz")
    pre_register(page, "chloe", "Chloé Bernard")
    rows = page.locator("#signups tbody tr")
    expect(rows.filter(has_text="Chloé Bernard")).to_contain_text("liste d'attente, numéro 1")
    expect(page.locator("#signup-counts")).to_contain_text("2 places prises sur 2, 1 sur la")

    # the QR code of Ana's sign-up holds this link: her phone's code, scanned at the door
    rows.filter(has_text="Ana Costa").get_by_role("link", name="QR code").click()
    expect(page.locator("h1")).to_have_text("Ana Costa")
    expect(page.locator("figure.qr svg")).to_be_visible()
    page.get_by_role("button", name="Enregistrer l'arrivée de Ana Costa").click()
    expect(rows.filter(has_text="Ana Costa")).to_contain_text("pointé")

    page.wait_for_load_state()  # back on the list: htmx is deferred, the search needs it
    page.get_by_label("Rechercher").fill("BRUNO")
    expect(rows).to_have_count(1)
    rows.get_by_role("button", name="Retirer Bruno Diaz").click()
    expect(rows.filter(has_text="Bruno Diaz")).to_contain_text("s'est retiré")
    expect(rows.filter(has_text="Chloé Bernard")).to_contain_text("a une place")

    page.wait_for_load_state()
    page.get_by_label("Rechercher").fill("chloe")
    expect(rows).to_have_count(1)
    rows.get_by_role("button", name="Enregistrer l'arrivée de Chloé Bernard").click()
    expect(rows.filter(has_text="Chloé Bernard")).to_contain_text("pointé")

    page.goto(f"/console/{number}?tab=desk")
    entries = page.locator("tr[data-entry]")
    expect(entries).to_have_count(2)
    expect(entries.filter(has_text="Ana Costa")).to_contain_text("pointé")
    expect(entries.filter(has_text="Chloé Bernard")).to_contain_text("pointé")


def test_the_director_releases_the_no_shows_after_confirming(
    new_page: NewPage,
    server: Server,
    login: Callable[[Page], None],
    director_api: Callable[[Server], DirectorApi],
) -> None:
    tournament = director_api(server).create("Samedi", template="turbo", profile="lfp")
    number = tournament.removeprefix("tournament-")
    page = new_page(server, locale="fr-FR", viewport={"width": 1280, "height": 900})
    login(page)
    for first, name in PEOPLE[:2]:
        add_in_french(page, first, name)
    page.goto(f"/checkin/{number}")
    settings = page.locator("#signup-settings")
    settings.get_by_label("Places", exact=True).fill("5")
    settings.get_by_role("button", name="Enregistrer").click()
    page.wait_for_load_state()
    pre_register(page, "ana", "Ana Costa")
    pre_register(page, "bruno", "Bruno Diaz")
    rows = page.locator("#signups tbody tr")
    rows.filter(has_text="Ana Costa").get_by_role("link", name="QR code").click()
    page.get_by_role("button", name="Enregistrer l'arrivée de Ana Costa").click()
    expect(rows.filter(has_text="Ana Costa")).to_contain_text("pointé")

    questions: list[str] = []
    answers = [False, True]  # cancelled once: nothing is released; then confirmed
    page.on("dialog", lambda dialog: (questions.append(dialog.message),
            dialog.accept() if answers.pop(0) else dialog.dismiss()))  # fmt: skip
    release = page.get_by_role("button", name="Libérer maintenant les places des absents")
    release.click()
    expect(rows.filter(has_text="Bruno Diaz")).to_have_attribute("data-status", "signed")
    assert questions == ["Libérer la place de chaque joueur qui n'est pas arrivé ?"]
    release.click()
    expect(rows.filter(has_text="Bruno Diaz")).to_have_attribute("data-status", "released")
    expect(rows.filter(has_text="Ana Costa")).to_have_attribute("data-status", "checked-in")
    assert len(questions) == 2
