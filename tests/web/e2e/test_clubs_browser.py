"""Two clubs on one server, in the browser (issue 21): each director, in French, at his club's
address, runs his own events and sees nothing of the other club's; his session does not open
the other club's console. A real ``pokertd web --clubs`` process on 127.0.0.1; Chromium reaches
``bannalec.test`` and ``quimper.test`` there by its own host-resolver rule (no DNS, no hosts file).
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from playwright.sync_api import Browser, Page, Playwright, expect
from test_console_desk import create_in_french, register_in_french

from conftest import CHROMIUM_ARGS, EXPECT_TIMEOUT
from pokertd.cli.main import cli

PASSWORDS = {"bannalec": "mot-de-passe-bannalec", "quimper": "mot-de-passe-quimper"}
SCREENSHOTS = Path(__file__).parents[3] / "docs" / "screenshots"


@pytest.fixture
def clubs_browser(playwright: Playwright) -> Iterator[Browser]:
    """Chromium that finds every ``*.test`` host name at 127.0.0.1."""
    chromium = shutil.which("chromium")
    assert chromium is not None, "no chromium on PATH: install Debian's package (make browser)"
    args = [*CHROMIUM_ARGS, "--host-resolver-rules=MAP *.test 127.0.0.1"]
    launched = playwright.chromium.launch(executable_path=chromium, args=args)
    yield launched
    launched.close()


@pytest.fixture
def address(tmp_path: Path) -> Iterator[int]:
    """A server of the two clubs; yields its port."""
    from test_clubs_server import serving_clubs  # tests/web: the real server of the clubs

    db = str(tmp_path / "server.db")
    for slug, password in PASSWORDS.items():
        name = f"Poker Club de {slug.title()}"
        options = ["--name", name, "--host", f"{slug}.test", "--password", password]
        added = CliRunner().invoke(cli, ["club", "add", slug, *options, "--db", db])
        assert added.exit_code == 0, added.output
    with serving_clubs(db) as served:
        yield int(served.rsplit(":", 1)[1])


def console_of(browser: Browser, club: str, port: int) -> Page:
    """A French director's browser at ``club``'s address, logged in with its password."""
    context = browser.new_context(
        base_url=f"http://{club}.test:{port}",
        locale="fr-FR",
        viewport={"width": 1280, "height": 900},
    )
    context.set_default_timeout(EXPECT_TIMEOUT)
    page = context.new_page()
    page.goto("/login")
    page.locator("input[name=password]").fill(PASSWORDS[club])
    page.locator("form[action='/login'] button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/console$"))
    expect(page.locator("h1")).to_have_text("Console du directeur")
    expect(page.locator("header .brand")).to_have_text(f"Poker Club de {club.title()}")
    return page


def test_two_directors_each_run_their_club_and_see_nothing_of_the_other(
    clubs_browser: Browser, address: int
) -> None:
    bannalec = console_of(clubs_browser, "bannalec", address)
    create_in_french(bannalec, "Tournoi du vendredi à Bannalec")
    register_in_french(bannalec, ("Gwenaël Le Goff", "Maëlle Tanguy"))
    quimper = console_of(clubs_browser, "quimper", address)
    create_in_french(quimper, "Deepstack de Quimper")
    register_in_french(quimper, ("Corentin Quéré",))

    # Each console lists its own club's events, with the same numbers: nothing of the other.
    for page, own, other in (
        (bannalec, "Tournoi du vendredi à Bannalec", "Deepstack de Quimper"),
        (quimper, "Deepstack de Quimper", "Tournoi du vendredi à Bannalec"),
    ):
        page.goto("/console")
        expect(page.locator("main")).to_contain_text(own)
        expect(page.locator("main")).not_to_contain_text(other)
    quimper.goto("/console/tournament-1?tab=desk")
    expect(quimper.locator("#desk tbody")).to_contain_text("Corentin Quéré")
    expect(quimper.locator("#desk tbody")).not_to_contain_text("Gwenaël")
    SCREENSHOTS.mkdir(exist_ok=True)
    quimper.screenshot(path=str(SCREENSHOTS / "clubs-quimper-desk.png"))

    # The public lobby of each club shows its own events only.
    bannalec.goto("/")
    expect(bannalec.locator("main")).to_contain_text("Tournoi du vendredi à Bannalec")
    expect(bannalec.locator("main")).not_to_contain_text("Quimper")

    # Bannalec's session is Bannalec's: at Quimper's address, the same browser must log in.
    stranger = bannalec.context.new_page()
    stranger.goto(f"http://quimper.test:{address}/console")
    expect(stranger.locator("h1")).to_have_text("Connexion du directeur")
    stranger.locator("input[name=password]").fill(PASSWORDS["bannalec"])
    stranger.locator("form[action='/login'] button[type=submit]").click()
    expect(stranger.locator("main")).to_contain_text("Mot de passe incorrect")

    # An address no club answers at names none.
    stranger.goto(f"http://nowhere.test:{address}/")
    expect(stranger.locator("body")).to_contain_text("Aucun club ne répond à cette adresse.")
