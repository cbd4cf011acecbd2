"""A season in a real browser, in French: the director creates it with its points formula,
attaches two finished events, reads the standings, opens the public page, and a club's site
shows the standings through the script snippet."""

from __future__ import annotations

import contextlib
import http.server
import re
import threading
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from conftest import DirectorApi, NewPage, Server

pytestmark = pytest.mark.e2e

PLAYERS = ("Ana Costa", "Bruno Diaz", "Chloé Martin")


def finished(api: DirectorApi, title: str, busted: tuple[int, ...]) -> str:
    """A three-player event played to its end: the entries in ``busted`` go out in turn."""
    tournament = api.event(PLAYERS, title=title)
    for entry in busted:
        api.command(tournament, "bust-players", entries=[entry])
    return tournament


def test_a_season_from_its_creation_to_its_public_page(
    server: Server,
    new_page: NewPage,
    browser: Browser,
    login: Callable[[Page], None],
    director_api: Callable[[Server], DirectorApi],
) -> None:
    """Worked by hand, points ``10, 6, 4`` by place plus 1 per event played:
    Vendredi 1: Ana 1re 11, Bruno 2e 7, Chloé 3e 5; Vendredi 2: Chloé 1re 11, Ana 2e 7,
    Bruno 3e 5. Ana 18, Chloé 16, Bruno 12."""
    api = director_api(server)
    finished(api, "Vendredi 1", (3, 2))
    finished(api, "Vendredi 2", (2, 1))
    page = new_page(server, locale="fr-FR")
    login(page)
    page.get_by_role("link", name="Championnats").click()
    expect(page.locator("h1")).to_have_text("Championnats")
    form = page.locator("#league-form")
    form.get_by_label("Championnat").fill("Club de Quimper")
    form.get_by_label("Saison", exact=True).fill("2026")
    form.get_by_label("Type").select_option(label="un barème de points par place")
    form.get_by_label("Facteur, points par place ou formule").fill("10,6,4")
    form.get_by_label("Bonus par manche jouée").fill("1")
    form.get_by_role("button", name="Créer la saison").click()
    expect(page).to_have_url(re.compile(r"/leagues/league-1$"))
    expect(page.locator("h1")).to_have_text("Club de Quimper 2026")
    expect(page.locator("[data-test=formula]")).to_contain_text("10, 6, 4 points")

    attach = page.locator("#attach-form")
    for count, title in enumerate(("Vendredi 1", "Vendredi 2"), start=1):
        attach.get_by_label("Rattacher un tournoi").select_option(label=f"{title} (terminé)")
        attach.get_by_role("button", name="Rattacher").click()
        expect(page.locator("#events li[data-event]")).to_have_count(count)
        expect(page.locator(f"#events li[data-event='{count}']")).to_contain_text(title)
    standings = page.locator("[data-test=standings] tbody tr")
    expect(standings).to_have_count(3)
    expect(standings.nth(0)).to_contain_text("Ana Costa")
    expect(standings.nth(0).locator("[data-test=points]")).to_have_text("18")
    expect(standings.nth(1).locator("[data-test=points]")).to_have_text("16")
    expect(standings.nth(2)).to_contain_text("Bruno Diaz")
    expect(page.locator("[data-test=player-statistics]")).to_contain_text("Victoires")

    address = page.locator("[data-test=public-link]").get_attribute("href") or ""
    assert "league-1" not in address  # a random slug, not the season's number
    visitor = new_page(server, locale="fr-FR")
    visitor.goto(address)  # not published yet: not there for a stranger
    expect(visitor.locator("h1")).not_to_have_text("Classement")
    expect(page.locator("[data-test=published]")).to_have_text(
        "Non publié : vous seul voyez ces pages."
    )
    page.get_by_role("button", name="Publier").click()
    expect(page.locator("[data-test=published]")).to_contain_text("Publié")
    with page.context.expect_page() as opened:
        page.locator("[data-test=public-link]").click()
    public = opened.value
    expect(public.locator("h1")).to_have_text("Classement")
    expect(public.locator("[data-test=standings] tbody tr").first).to_contain_text("Ana Costa")
    public.get_by_role("link", name="#2 Vendredi 2").click()
    expect(public.locator("[data-test=results] tbody tr").first).to_contain_text("Chloé Martin")

    # A stranger's browser: no login, the public page as a club's visitor sees it.
    visitor.goto(address)
    expect(visitor.locator("[data-test=standings]")).to_contain_text("Chloé Martin")
    expect(visitor.get_by_role("link", name="Connexion du directeur")).to_have_count(0)

    # The club's site (another origin: another port) pastes the script snippet.
    snippet = page.locator("[data-test=script-snippet]").input_value()
    html = f"<!doctype html><title>Club</title><h1>Notre club</h1>{snippet}".encode()
    with club_site(html) as address:
        club = browser.new_context(locale="fr-FR")
        try:
            site = club.new_page()
            site.goto(address)
            frame = site.frame_locator("iframe")
            first = frame.locator("[data-test=standings] tbody tr").first
            expect(first).to_contain_text("Ana Costa")
        finally:
            club.close()


@contextlib.contextmanager
def club_site(html: bytes) -> Iterator[str]:
    """Serve ``html`` as a club's page on its own port (an origin other than pokertd's)."""

    class ClubPage(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(html)

        def log_message(self, format: str, *args: object) -> None:
            del format, args  # quiet

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), ClubPage)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/classement"
    finally:
        server.shutdown()
        server.server_close()
