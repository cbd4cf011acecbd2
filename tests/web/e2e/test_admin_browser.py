"""The server administrator, in French, in the browser (issue 21): at the administrator's address
of a real ``pokertd web --clubs --admin-host`` process he logs in, adds a club with its
director's password, follows the new club's address and its director logs in there. Chromium
reaches the ``*.test`` host names at 127.0.0.1 by its host-resolver rule (``clubs_browser``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from playwright.sync_api import Browser, expect
from test_clubs_browser import clubs_browser

from conftest import EXPECT_TIMEOUT
from pokertd.cli.main import cli

ADMIN = "mot-de-passe-administrateur"
DIRECTOR = "mot-de-passe-douarnenez"

__all__ = ["clubs_browser"]


@pytest.fixture
def port(tmp_path: Path) -> Iterator[int]:
    """A server of one club with an administrator's address; yields its port."""
    from test_clubs_server import serving_clubs  # tests/web: the real server of the clubs

    db = str(tmp_path / "server.db")
    options = [
        "--name",
        "Poker Club de Bannalec",
        "--host",
        "bannalec.test",
        "--password",
        "x" * 12,
    ]
    added = CliRunner().invoke(cli, ["club", "add", "bannalec", *options, "--db", db])
    assert added.exit_code == 0, added.output
    secret = tmp_path / "admin-password"
    secret.write_text(ADMIN + "\n", encoding="utf-8")
    admin = ["--admin-host", "admin.test", "--admin-password-file", str(secret)]
    with serving_clubs(db, *admin) as served:
        yield int(served.rsplit(":", 1)[1])


def test_the_administrator_adds_a_club_whose_director_logs_in_at_its_address(
    clubs_browser: Browser, port: int
) -> None:
    context = clubs_browser.new_context(
        base_url=f"http://admin.test:{port}",
        locale="fr-FR",
        viewport={"width": 1280, "height": 900},
    )
    context.set_default_timeout(EXPECT_TIMEOUT)
    page = context.new_page()
    page.goto("/admin")
    expect(page.locator("h1")).to_have_text("Connexion de l'administrateur du serveur")
    page.get_by_label("Mot de passe").fill("mauvais-mot-de-passe")
    page.get_by_role("button", name="Se connecter").click()
    expect(page.get_by_role("alert")).to_have_text("Mot de passe incorrect.")
    page.get_by_label("Mot de passe").fill(ADMIN)
    page.get_by_role("button", name="Se connecter").click()
    expect(page.locator("h1")).to_have_text("Clubs du serveur")
    expect(page.locator("table.clubs")).to_contain_text("Poker Club de Bannalec")
    expect(page.locator("table.clubs")).to_contain_text("bannalec.test")

    # A host name already the club of Bannalec's: refused, saying which, nothing added.
    page.get_by_label("Nom court").fill("douarnenez")
    page.get_by_label("Nom du club").fill("Douarnenez Poker")
    page.get_by_label("Noms d'hôte").fill("bannalec.test")
    page.get_by_label("Mot de passe de son directeur").fill(DIRECTOR)
    page.get_by_role("button", name="Ajouter le club").click()
    expect(page.get_by_role("alert")).to_contain_text("bannalec.test")
    expect(page.locator("table.clubs tbody tr")).to_have_count(1)

    page.get_by_label("Noms d'hôte").fill("douarnenez.test")
    page.get_by_label("Mot de passe de son directeur").fill(DIRECTOR)
    page.get_by_role("button", name="Ajouter le club").click()
    expect(page.locator("#added")).to_contain_text("Club ajouté : Douarnenez Poker.")
    expect(page.locator("table.clubs tbody tr")).to_have_count(2)
    expect(page.locator("table.clubs")).to_contain_text("douarnenez.db")

    # The new club's address, from the confirmation: its director logs in there.
    page.locator("#added a").click()
    expect(page).to_have_url(f"http://douarnenez.test:{port}/")
    expect(page.locator("header .brand")).to_have_text("Douarnenez Poker")
    page.goto(f"http://douarnenez.test:{port}/login")
    page.locator("input[name=password]").fill(DIRECTOR)
    page.locator("form[action='/login'] button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/console$"))
    expect(page.locator("h1")).to_have_text("Console du directeur")
    context.close()
