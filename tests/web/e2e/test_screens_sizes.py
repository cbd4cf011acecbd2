"""Every screen of the room, at the three sizes it is seen at (a 1080p TV, a 1024x768 tablet, a
390x844 phone), in French and in English, as a person across the room or at the table reads it
(issue 17): no page wider than its screen, the one thing the screen is for whole and inside it
(the clock's time, the pause word, the winner's name, every player of the seating on one of its
pages, the action buttons without scrolling...), big enough on a TV, and no word of the other
language.

One server (and one more for the lobby's two running events) serves the whole module; each test
opens its screen in a fresh page. With ``POKERTD_SCREENSHOTS=1`` the French screens are saved as
``docs/screenshots/<screen>-<width>x<height>.png`` (a few in English, ``...-en.png``), else in a
temporary folder.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import product
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from online_steps import bots_but_one
from playwright.sync_api import Locator, Page, Playwright, ViewportSize, expect
from test_english_pages import french_on
from test_french_pages import english_on

from conftest import PASSWORD, DirectorApi, NewPage, Server, free_port

pytestmark = pytest.mark.e2e

DOCS = Path(__file__).resolve().parents[3] / "docs" / "screenshots"
TV: ViewportSize = {"width": 1920, "height": 1080}
TABLET: ViewportSize = {"width": 1024, "height": 768}
PHONE: ViewportSize = {"width": 390, "height": 844}
SIZES = {"1920x1080": TV, "1024x768": TABLET, "390x844": PHONE}
LOCALES = {"fr": "fr-FR", "en": "en-GB"}
#: The English screens also saved (the French ones all are).
ENGLISH_SHOTS = {("clock-running", "1920x1080"), ("online", "390x844")}
FIRST = ("Alice", "Bruno", "Chloé", "Denis", "Élodie", "Farid", "Gaëlle", "Hugo", "Inès", "Jules",
         "Katell", "Louis", "Manon", "Nicolas", "Océane", "Pierre", "Rose", "Samuel", "Tiphaine",
         "Ugo")  # fmt: skip
LAST = ("Martin", "Leroy", "Bernard", "Haddad", "Le Goff", "Fournier", "Girard", "Lambert",
        "Riou", "Bonnet", "Dupont", "Roux", "Morel", "Costa", "Diaz")  # fmt: skip
WINNER = "Denis Lambert"
#: Seconds a page of the seating stays: longer than a test, the test shows each page itself.
STILL = 3600

#: What a person cannot read on the screen: text cut by the screen's edge (a leaf element with
#: text, shown, sticking out left or right) and text wider than its own box (``04:4`` shown of
#: ``04:45``: an element whose content overflows it without a scrollbar).
CUT = """() => {
  const out = [];
  for (const el of document.body.querySelectorAll("*")) {
    if (!el.getClientRects().length || el.closest("[hidden]")) continue;
    if (el.closest("details:not([open]) > :not(summary)")) continue;  // folded away
    const style = getComputedStyle(el);
    if (style.visibility === "hidden") continue;
    const text = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!text) continue;
    const r = el.getBoundingClientRect();
    const what = (el.innerText || el.outerHTML).slice(0, 60);
    if (r.right > innerWidth + 1 || r.left < -1) out.push("off the screen: " + what);
    const clips = ["hidden", "clip"].includes(style.overflowX) && style.textOverflow !== "ellipsis";
    if (clips && el.scrollWidth > el.clientWidth + 1) out.push("cut: " + what);
  }
  return out;
}"""
#: The page's text in its own language: elements marked with another ``lang`` (the rulebook's
#: French quoted on the English floor page) are left out.
OWN_TEXT = """() => {
  const copy = document.documentElement.cloneNode(true);
  const own = document.documentElement.lang;
  copy.querySelectorAll("[lang]").forEach((el) => { if (el.lang !== own) el.remove(); });
  return copy.outerHTML;
}"""
#: Each page of the seating shown in turn as its pager shows it (``hidden`` on the others): the
#: names each lists, and what sticks out of the screen or of its card.
SEATING_PAGES = """() => {
  const seating = document.getElementById("seating");
  const sheets = [...seating.querySelectorAll(".seating-page")];
  const inside = (r) => r.left >= -0.5 && r.top >= -0.5
    && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
  const pages = sheets.map((sheet) => {
    sheets.forEach((other) => { other.hidden = other !== sheet; });
    const out = [];
    sheet.querySelectorAll(".card").forEach((card) => {
      const box = card.getBoundingClientRect();
      if (!inside(box)) out.push(card.innerText.slice(0, 40));
      card.querySelectorAll("td").forEach((td) => { const r = td.getBoundingClientRect();
        if (r.right > box.right + 0.5 || r.bottom > box.bottom + 0.5) out.push(td.textContent);
        if (td.scrollWidth > td.clientWidth + 1) out.push("cut: " + td.textContent); });
    });
    const texts = (selector) => [...sheet.querySelectorAll(selector)].map((td) => td.textContent);
    const names = texts(".by-name tr td:first-child");
    return {names, seated: texts(".table-block tr td:nth-child(2)"), out};
  });
  sheets.forEach((sheet, n) => { sheet.hidden = n !== Number(seating.dataset.page); });
  return pages;
}"""


def players(count: int) -> list[str]:
    return [f"{first} {last}" for last, first in product(LAST, FIRST)][:count]


@dataclass
class Room:
    """The module's server, the director's API on it, and its events by name."""

    server: Server
    api: DirectorApi
    events: dict[str, str] = field(default_factory=dict)
    #: The online table's player's link, once his turn has come.
    online: str = ""
    #: The dealer's pass to table 1 of the dealer's event, once issued.
    dealer_pass: str = ""


def _serve(folder: Path) -> Iterator[Server]:
    server = Server(folder / "events.db", free_port(), folder / "server.log")
    server.start()
    try:
        yield server
    finally:
        server.stop()


def _api(playwright: Playwright, server: Server) -> DirectorApi:
    request = playwright.request.new_context(base_url=server.url)
    answer = request.post("/api/login", data={"password": PASSWORD})
    assert answer.ok, answer.text()
    return DirectorApi(request, answer.json()["csrf"])


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory, playwright: Playwright) -> Iterator[Room]:
    """One server with every event the room's screens show: a clock running, one paused at
    04:45, one over (its winner), the seating of 100 and of 300 players, a dealer's table (the
    online table is made by its first look)."""
    for server in _serve(tmp_path_factory.mktemp("room")):
        api = _api(playwright, server)
        room = Room(server, api)
        room.events["running"] = api.event(players(18), title="Brest Poker Club")
        paused = api.event(players(18), title="Quimper Poker Club")
        api.command(paused, "adjust-clock", seconds=-(12 * 60 - (4 * 60 + 45)))  # 04:45 left
        api.command(paused, "pause-clock")
        room.events["paused"] = paused
        ended = api.event([*players(3), WINNER], title="Lorient Poker Club")
        for entry in (1, 2, 3):  # ELIM-END: one player left, the winner
            api.command(ended, "bust-players", entries=[entry])
        room.events["ended"] = ended
        for count in (100, 300):
            room.events[f"seating-{count}"] = api.event(players(count), title="Rennes Poker Club")
        room.events["dealer"] = _arrived(api, 3)
        yield room
        api.request.dispose()


@pytest.fixture(scope="module")
def lobby(tmp_path_factory: pytest.TempPathFactory, playwright: Playwright) -> Iterator[Server]:
    """A server whose lobby shows two running events, the day's next one and last night's."""
    for server in _serve(tmp_path_factory.mktemp("lobby")):
        api = _api(playwright, server)
        final = api.event(players(2), title="Lorient Poker Club")
        api.command(final, "bust-players", entries=[2])
        api.event(players(5), title="Morlaix Poker Club", draw=False, start=False)
        api.event(players(12), title="Quimper Poker Club")
        api.event(players(18), title="Brest Poker Club")
        yield server
        api.request.dispose()


@pytest.fixture(params=list(SIZES), ids=list(SIZES))
def size(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    return name


@pytest.fixture(params=list(LOCALES), ids=list(LOCALES))
def lang(request: pytest.FixtureRequest) -> str:
    code: str = request.param
    return code


@dataclass
class Screen:
    """One screen opened at one size in one language."""

    page: Page
    name: str
    size: str
    lang: str
    folder: Path

    @property
    def tv(self) -> bool:
        return self.size == "1920x1080"

    def checked(self) -> None:
        """What every screen owes its reader: its language, no word of the other language, no
        horizontal scrollbar, no text cut or off the screen; then its screenshot."""
        page = self.page
        expect(page.locator("html")).to_have_attribute("lang", self.lang)
        html = page.evaluate(OWN_TEXT)
        leaks = english_on(html) if self.lang == "fr" else french_on(html)
        assert not leaks, f"{self.name} in {self.lang}: words of the other language: {leaks}"
        wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert wide <= 0, f"{self.name} at {self.size}: {wide}px wider than the screen"
        cut = page.evaluate(CUT)
        assert not cut, f"{self.name} at {self.size}: {cut}"
        self.shoot()

    def shoot(self) -> None:
        """Save what the screen shows (the viewport: what the room sees) as a PNG; in English
        only for the few ENGLISH_SHOTS."""
        if self.lang == "en" and (self.name, self.size) not in ENGLISH_SHOTS:
            return
        suffix = "-en" if self.lang == "en" else ""
        self.page.screenshot(
            path=self.folder / f"{self.name}-{self.size}{suffix}.png", animations="disabled"
        )

    def inside(self, locator: Locator) -> None:
        """The element is shown whole, inside the screen, and nothing of its text is cut."""
        expect(locator).to_be_visible()
        expect(locator).to_be_in_viewport(ratio=1)
        wider = locator.evaluate("(el) => el.scrollWidth - el.clientWidth")
        assert wider <= 1, f"{self.name} at {self.size}: {locator} is cut by {wider}px"

    def font(self, locator: Locator) -> float:
        size: float = locator.evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)")
        return size


@pytest.fixture
def screen(
    new_page: NewPage, size: str, lang: str, tmp_path: Path
) -> Callable[[Server, str], Screen]:
    """Return ``screen(server, name)``: a fresh page at the test's size and language."""
    folder = DOCS if os.environ.get("POKERTD_SCREENSHOTS") == "1" else tmp_path

    def open_screen(server: Server, name: str) -> Screen:
        page = new_page(server, viewport=SIZES[size], locale=LOCALES[lang])
        return Screen(page, name, size, lang, folder)

    return open_screen


def live(page: Page, path: str) -> None:
    """Open a live screen and wait for its socket."""
    page.goto(path)
    expect(page.locator("#connection")).to_have_attribute("data-state", "open")


#: The least font size, in CSS pixels, of the clock's time at each size: on a 1080p TV read
#: from across the room, on a tablet on the table, on a phone in the hand.
CLOCK_TIME = {"1920x1080": 200, "1024x768": 100, "390x844": 80}


def test_the_running_clock(room: Room, screen: Callable[[Server, str], Screen]) -> None:
    shown = screen(room.server, "clock-running")
    live(shown.page, f"/display/{room.events['running']}/clock")
    time = shown.page.locator("[data-field=time]")
    expect(time).to_have_text(re.compile(r"^\d\d:\d\d$"))
    expect(time).to_have_attribute("data-running", "true")
    expect(shown.page.locator("[data-field=clock-state]")).to_be_hidden()
    shown.inside(time)
    assert shown.font(time) >= CLOCK_TIME[shown.size], shown.font(time)
    for name in ("blinds", "level", "players", "next"):
        shown.inside(shown.page.locator(f"[data-field={name}]"))
    shown.checked()


def test_the_paused_clock(room: Room, screen: Callable[[Server, str], Screen]) -> None:
    shown = screen(room.server, "clock-paused")
    live(shown.page, f"/display/{room.events['paused']}/clock")
    time = shown.page.locator("[data-field=time]")
    expect(time).to_have_text("04:45")  # all of it: a phone once showed "04:4"
    shown.inside(time)
    assert shown.font(time) >= CLOCK_TIME[shown.size], shown.font(time)
    state = shown.page.locator("[data-field=clock-state]")
    expect(state).to_have_attribute("data-state", "paused")
    expect(state).to_have_text("EN PAUSE" if shown.lang == "fr" else "PAUSED", use_inner_text=True)
    shown.inside(state)
    assert shown.font(state) >= (80 if shown.tv else 30), shown.font(state)
    shown.checked()


def test_the_clock_of_an_event_over_names_its_winner(
    room: Room, screen: Callable[[Server, str], Screen]
) -> None:
    shown = screen(room.server, "clock-ended")
    live(shown.page, f"/display/{room.events['ended']}/clock")
    name = shown.page.locator("[data-field=winner-name]")
    expect(name).to_have_text(WINNER)
    shown.inside(shown.page.locator("[data-field=winner]"))
    rows = shown.page.locator("[data-field=results] li")
    expect(rows).to_have_count(4)
    for row in rows.all():
        shown.inside(row)
    expect(shown.page.locator("[data-field=time]")).to_be_hidden()
    assert shown.font(rows.first) >= (50 if shown.tv else 18), shown.font(rows.first)
    shown.checked()


@pytest.mark.parametrize("count", [100, 300])
def test_the_seating_shows_every_player_within_its_pages(
    count: int, room: Room, screen: Callable[[Server, str], Screen]
) -> None:
    shown = screen(room.server, f"seating-{count}")
    live(shown.page, f"/display/{room.events[f'seating-{count}']}/seating?turn={STILL}")
    seating = shown.page.locator("#seating")
    expect(seating).to_have_attribute("data-pages", re.compile(r"^\d+$"))
    expect(seating.locator(".seating-page")).to_have_count(
        int(seating.get_attribute("data-pages") or 0)
    )
    pages = shown.page.evaluate(SEATING_PAGES)
    assert len(pages) >= 2, "100 players fit no screen on one page"
    for number, sheet in enumerate(pages, start=1):
        assert not sheet["out"], f"page {number}: cut or off the screen: {sheet['out']}"
    listed = [name for sheet in pages for name in sheet["names"]]
    seated = [name for sheet in pages for name in sheet["seated"]]
    names = players(count)
    assert sorted(listed) == sorted(names), "the list by name misses or repeats players"
    assert sorted(seated) == sorted(names), "the tables' cards miss or repeat players"
    shown.inside(shown.page.locator("#seating-pager"))
    first = shown.page.locator("#seating .seating-page:not([hidden]) td").first
    assert shown.font(first) >= (20 if shown.tv else 14), shown.font(first)
    shown.checked()


def test_the_lobby_with_two_running_events(
    lobby: Server, screen: Callable[[Server, str], Screen]
) -> None:
    shown = screen(lobby, "lobby")
    live(shown.page, "/lobby")
    cards = shown.page.locator(".lobby-event")
    expect(cards).to_have_count(4)
    running = cards.filter(has=shown.page.locator(".stage-playing"))
    expect(running.locator("h2")).to_have_text(["Brest Poker Club", "Quimper Poker Club"])
    first = running.first
    for name in ("level", "time", "players"):
        shown.inside(first.locator(f"[data-field={name}]"))
    if shown.tv:  # every event on the TV at once, its clock read from across the room
        for card in cards.all():
            shown.inside(card)
        assert shown.font(first.locator("[data-field=time]")) >= 80
        assert shown.font(first.locator("[data-field=level]")) >= 32
    shown.checked()


def test_a_players_phone_page(room: Room, screen: Callable[[Server, str], Screen]) -> None:
    tournament = room.events["running"]
    seat = room.api.request.get(f"/api/tournaments/{tournament}/tables").json()[0]["seats"][1]
    shown = screen(room.server, "phone")
    live(shown.page, f"/me/{tournament}/{seat['entry']}")
    expect(shown.page.locator(".me-seat h2")).to_contain_text(seat["player"])
    for name, value in (("table", "1"), ("seat", str(seat["seat"]))):
        found = shown.page.locator(f"[data-field={name}]")
        expect(found).to_have_text(value)
        shown.inside(found)
        assert shown.font(found) >= 32, shown.font(found)
    for name in ("stack", "level", "time"):
        shown.inside(shown.page.locator(f"[data-field={name}]"))
    shown.checked()


def _arrived(api: DirectorApi, seated: int) -> str:
    """An event of ``seated`` players at one table, each arrived (a slow profile's clock: LFP,
    70 s to act online, longer than the six looks at his turn)."""
    event = api.event(players(seated), title=f"Vannes Poker Club {seated}", profile="lfp")
    for entry in range(1, seated + 1):
        api.command(event, "arrive", entry=entry)
    return event


def _online_turn(room: Room, new_page: NewPage, login: Callable[[Page], None]) -> str:
    """Bots on every seat of a new online table but one, a hand dealt until his turn: return
    his link's path (kept for the next looks while his turn lasts)."""
    if room.online:
        return room.online
    dealer = new_page(room.server, locale="fr-FR")
    login(dealer)
    dealer.goto(f"/table/{_arrived(room.api, 9)}/1")
    _, path = bots_but_one(dealer, 9)
    player = new_page(room.server, viewport=PHONE, locale="fr-FR")
    player.goto(path)
    dealer.get_by_role("button", name="Jeu en ligne : lancer la main en ligne").click()
    view = player.locator("#table")
    turn, over = view.locator(".your-turn"), view.locator("[data-field=result]")
    for _ in range(12):  # a hand the bots end before his turn: the next one
        expect(turn.or_(over).first).to_be_visible()
        if turn.count():
            break
    expect(turn).to_be_visible()
    room.online = path
    return path


def test_the_online_table_as_a_player(
    room: Room,
    screen: Callable[[Server, str], Screen],
    new_page: NewPage,
    login: Callable[[Page], None],
) -> None:
    shown = screen(room.server, "online")
    shown.page.goto(_online_turn(room, new_page, login))
    turn = shown.page.locator("#table .your-turn")
    try:
        expect(turn).to_be_visible(timeout=3_000)
    except AssertionError:  # his clock ran out since the last look (tests spread over workers)
        room.online = ""
        shown.page.goto(_online_turn(room, new_page, login))
    expect(turn).to_be_visible()
    assert shown.page.evaluate("window.scrollY") == 0
    buttons = turn.get_by_role("button").all()
    assert len(buttons) >= 3
    for button in buttons:  # his thumb reaches every one without scrolling
        shown.inside(button)
        box = button.bounding_box()
        assert box is not None
        assert box["height"] >= 44, box
    shown.checked()


def _dealer_pass(room: Room, new_page: NewPage, login: Callable[[Page], None]) -> str:
    """The director issues the pass of the dealer's table 1 (once for the module); return its
    link's path: the tablet opens it with no password, as the dealer does."""
    if room.dealer_pass:
        return room.dealer_pass
    director = new_page(room.server, locale="fr-FR")
    login(director)
    director.goto("/staff")
    issue = director.locator("form[action='/staff/passes']")
    issue.get_by_label("Tournoi").select_option(value=room.events["dealer"])
    issue.get_by_label("Table").fill("1")
    issue.get_by_role("button", name="Donner l'accès").click()
    room.dealer_pass = urlsplit(director.locator("a.dealer-link").inner_text()).path
    return room.dealer_pass


def test_the_dealer_tablet(
    room: Room,
    screen: Callable[[Server, str], Screen],
    new_page: NewPage,
    login: Callable[[Page], None],
) -> None:
    path = _dealer_pass(room, new_page, login)
    shown = screen(room.server, "dealer")
    shown.page.goto(path)
    expect(shown.page).to_have_url(re.compile(r"/table/[^/]+/1$"))
    table = shown.page.locator("#table")
    heading = table.locator("[data-field=to-act]")
    if not heading.count():  # the first look deals the hand the others see
        before = table.get_attribute("data-log")
        table.locator("button[name=mode][value=dealer]").click()
        expect(table).not_to_have_attribute("data-log", before or "")
    kinds = table.locator("form.actions > button[name=kind]")
    expect(kinds.first).to_be_visible()
    if shown.size == "390x844":  # a phone: the seats above, scrolled away once
        heading.evaluate("(el) => scrollTo(0, scrollY + el.getBoundingClientRect().top - 8)")
    shown.inside(heading)
    for button in kinds.all():  # the dealer's taps: whole, in view, big enough for a finger
        shown.inside(button)
        box = button.bounding_box()
        assert box is not None
        assert box["height"] >= 44, box
    shown.checked()


FLOOR = ("/floor/ruling?profile=lfp&kind=chips&chips=1000&blinds=50/100&stacks=10000&players=6"
         "&game=nlhe&actions=p3+cbr+300")  # fmt: skip


def test_the_floor_assistant(room: Room, screen: Callable[[Server, str], Screen]) -> None:
    shown = screen(room.server, "floor")
    shown.page.goto(FLOOR)
    decision = shown.page.locator("#ruling .decision")
    expect(decision).to_be_visible()
    decision.scroll_into_view_if_needed()
    shown.inside(decision)
    shown.checked()
