"""The director's session ends at logout (issue 16), in a real browser, in French: the back
button and the old cookie show the login form, never the console."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from conftest import PASSWORD, NewPage, Server

pytestmark = pytest.mark.e2e


def test_after_logout_the_back_button_and_the_old_cookie_show_the_login_page(
    new_page: NewPage, server: Server, login: Callable[[Page], None]
) -> None:
    page = new_page(server, locale="fr-FR")
    login(page)
    expect(page.locator("h1")).to_have_text("Console du directeur")
    (old,) = [c["value"] for c in page.context.cookies() if c["name"] == "pokertd_session"]

    page.get_by_role("button", name="Se déconnecter").click()
    expect(page).to_have_url(f"{server.url}/")
    page.go_back()  # to the console's address: the server asks for the login again
    expect(page).to_have_url(re.compile(r"/console$"))
    expect(page.locator("h1")).to_have_text("Connexion du directeur")
    expect(page.get_by_text("Veuillez vous connecter en tant que directeur.")).to_be_visible()
    expect(page.get_by_role("button", name="Se déconnecter")).to_have_count(0)

    other = new_page(server, locale="fr-FR")  # another browser with the cookie kept
    other.context.add_cookies([{"name": "pokertd_session", "value": old, "url": server.url}])
    other.goto("/console?tab=desk")
    expect(other.locator("h1")).to_have_text("Connexion du directeur")
    other.locator("input[name=password]").fill(PASSWORD)  # the form comes back to the page
    other.get_by_role("button", name="Se connecter").click()
    expect(other).to_have_url(re.compile(r"/console\?tab=desk$"))
    expect(other.locator("h1")).to_have_text("Console du directeur")


def test_a_password_change_in_french_sends_the_other_browser_to_the_login_page(
    new_page: NewPage, server: Server, login: Callable[[Page], None]
) -> None:
    laptop, phone = new_page(server, locale="fr-FR"), new_page(server, locale="fr-FR")
    login(laptop)
    login(phone)
    laptop.get_by_role("link", name="Mot de passe").click()
    expect(laptop.locator("h1")).to_have_text("Changer le mot de passe")
    laptop.get_by_label("Mot de passe actuel").fill(PASSWORD)
    laptop.get_by_label("Nouveau mot de passe", exact=True).fill("un mot de passe plus long")
    laptop.get_by_label("Nouveau mot de passe, à nouveau").fill("un mot de passe plus long")
    laptop.get_by_role("button", name="Changer le mot de passe").click()
    expect(laptop.get_by_role("status")).to_have_text(
        "Mot de passe changé : toutes les autres sessions sont terminées."
    )
    laptop.goto("/console")  # this browser goes on
    expect(laptop.locator("h1")).to_have_text("Console du directeur")
    phone.reload()  # the other one is asked to log in, and the old password no longer works
    expect(phone.locator("h1")).to_have_text("Connexion du directeur")
    phone.locator("input[name=password]").fill(PASSWORD)
    phone.get_by_role("button", name="Se connecter").click()
    expect(phone.get_by_role("alert")).to_have_text("Mot de passe incorrect.")
