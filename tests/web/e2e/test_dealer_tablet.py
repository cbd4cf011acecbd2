"""The dealer's tablet in a real browser, in French, at a tablet's size (1024x768): the director
issues a pass for table 1, the tablet opens it (no password), and the dealer enters a whole hand
by tapping only: the big action buttons, amounts on the pad, chips pushed on the chips pad (the
floor's ruling names the seat and the player), the board and the shown cards on the 52-card grid.
The seat links come as QR codes on the room's address, and one is cut off.

With ``POKERTD_SCREENSHOTS=1`` the screenshots go to ``docs/screenshots/`` (else a temporary
folder): ``dealer-tablet-raise-fr.png``, ``dealer-tablet-ruling-fr.png``,
``dealer-tablet-board-fr.png``, ``dealer-tablet-result-fr.png``, ``dealer-tablet-links-fr.png``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from online_steps import tapped
from playwright.sync_api import Locator, Page, expect
from shots import shoot

from conftest import DirectorApi, NewPage, Server
from pokertd.service.lan import room_address

pytestmark = pytest.mark.e2e

TABLET = {"width": 1024, "height": 768}
PLAYERS = ("Ana Costa", "Bruno Diaz", "Chloé Martin")
FLOP, TURN, RIVER = ("Ks", "Qs", "3d"), ("8c",), ("9h",)
SHOWN = (("Ah", "Ad"), ("7c", "7d"))
FOLDED = ("2c", "2d")


def to_act(table: Locator) -> str:
    """The name of the player to act, as the heading says it ("Siège 4 — Ana Costa doit
    parler")."""
    heading = table.locator("[data-field=to-act]")
    expect(heading).to_have_text(re.compile(r"^Siège \d+ — .+ doit parler$"))
    found = re.fullmatch(r"Siège (\d+) — (.+) doit parler", heading.inner_text().strip())
    assert found is not None
    assert found[2] in PLAYERS
    return found[2]


def tap_cards(table: Locator, form: Locator, cards: tuple[str, ...], button: str) -> None:
    for card in cards:
        form.locator(f"[data-pick='{card}']").click()
    expect(form.locator("input[name=cards]")).to_have_value(" ".join(cards))
    tapped(table, form.get_by_role("button", name=button))


def dealer_tablet(new_page: NewPage, server: Server, login: Callable[[Page], None]) -> Page:
    """The director issues the pass of table 1; the tablet opens its link, with no password."""
    director = new_page(server, locale="fr-FR")
    login(director)
    director.goto("/staff")
    issue = director.locator("form[action='/staff/passes']")
    issue.get_by_label("Tournoi").select_option(label="Vendredi")
    issue.get_by_label("Table").fill("1")
    issue.get_by_role("button", name="Donner l'accès").click()
    link = director.locator("a.dealer-link").inner_text()
    tablet = new_page(server, viewport=TABLET, locale="fr-FR")
    tablet.goto(urlsplit(link).path)
    expect(tablet).to_have_url(re.compile(r"/table/1/1$"))
    return tablet


def hand_begun(
    new_page: NewPage, server: Server, login: Callable[[Page], None], api: DirectorApi
) -> tuple[str, Page, Locator]:
    """The event "Vendredi", its players arrived, the dealer's tablet open on table 1 and its
    first hand begun by a tap; return the event, the tablet and its table."""
    tournament = api.event(PLAYERS, title="Vendredi")
    for entry in range(1, len(PLAYERS) + 1):
        api.command(tournament, "arrive", entry=entry)
    tablet = dealer_tablet(new_page, server, login)
    table = tablet.locator("#table")
    tapped(table, table.get_by_role("button", name="Lancer la main suivante"))
    return tournament, tablet, table


def test_a_dealer_enters_a_whole_hand_on_his_tablet_by_tapping(
    new_page: NewPage,
    server: Server,
    login: Callable[[Page], None],
    director_api: Callable[[Server], DirectorApi],
    tmp_path: Path,
) -> None:
    api = director_api(server)
    _, tablet, table = hand_begun(new_page, server, login, api)

    # Pre-flop: the first to act raises to 600 on the pad (the first key replaces the least).
    raiser = to_act(table)
    actions = table.locator("form.actions")
    pad = actions.locator(".pad")
    for key in ("6", "0", "0"):
        pad.get_by_role("button", name=key, exact=True).click()
    expect(actions.locator("input[name=to]")).to_have_value("600")
    shoot(tablet, "dealer-tablet-raise-fr", tmp_path)
    tapped(table, actions.get_by_role("button", name="Relancer", exact=True))
    log = table.locator("[data-field=log] li").first
    expect(log).to_have_text(re.compile(rf"^Siège \d+ — {raiser}\s*:\s*relance à 600$"))

    # The next one pushes a single 1000 chip without a word: the floor's ruling names him.
    pusher = to_act(table)
    table.get_by_text("Jetons poussés : demander l'arbitre").click()
    chips = table.locator("form.chips")
    chips.locator(".pad").get_by_role("button", name="1000", exact=True).click()
    expect(chips.locator("input[name=chips]")).to_have_value("1000")
    tapped(table, chips.get_by_role("button", name="Statuer"))
    ruling = tablet.locator("[data-field=ruling]")  # above the table: pushes do not wipe it
    expect(ruling.locator(".decision")).to_have_text("suivre à 600 (call)")
    expect(ruling.locator(".explanation")).to_contain_text(f"{pusher} (siège ")
    expect(ruling.locator(".explanation")).not_to_contain_text("joueur 2 ")
    shoot(tablet, "dealer-tablet-ruling-fr", tmp_path)

    # The big blind's cards, seen as he folds, entered on the grid; then he folds.
    folder = to_act(table)
    table.get_by_text("Cartes privées (touchez le siège, puis ses cartes)").click()
    hole = table.locator("details.hole-entry form")
    hole.get_by_label(re.compile(rf"— {folder}$")).check()
    tap_cards(table, hole, FOLDED, "Saisir les cartes")
    tapped(table, table.get_by_role("button", name="Passer"))
    assert {raiser, pusher, folder} == set(PLAYERS)

    # The board by tapping the grid; the two left check each street.
    for street in (FLOP, TURN, RIVER):
        form = table.locator("form[action$='/do/board']")
        if street is TURN:
            for card in (*FLOP, *FOLDED):  # the cards known are greyed out on the grid
                expect(form.locator(f"[data-pick='{card}']")).to_be_disabled()
            shoot(tablet, "dealer-tablet-board-fr", tmp_path)
        tap_cards(table, form, street, "Distribuer le board")
        for _ in range(2):
            to_act(table)
            tapped(table, table.get_by_role("button", name="Parole"))
    expect(table.locator("form[action$='/do/board']")).to_have_count(0)

    # Showdown: each shows the cards tapped on the grid.
    for cards in SHOWN:
        to_act(table)
        form = table.locator("form[action$='/do/show']")
        tap_cards(table, form, cards, "Montrer")
    result = table.locator("[data-field=result]")
    expect(result).to_contain_text("Résultat de la main 1")
    for name in PLAYERS:
        expect(result).to_contain_text(name)
    expect(result).to_contain_text("1400")  # 600 + 600 + the big blind's 200
    shoot(tablet, "dealer-tablet-result-fr", tmp_path)


def test_seat_links_come_as_qr_codes_on_the_rooms_address_and_one_is_cut_off(
    new_page: NewPage,
    server: Server,
    login: Callable[[Page], None],
    director_api: Callable[[Server], DirectorApi],
    tmp_path: Path,
) -> None:
    """The floor makes the seat links on the table's page: a QR code each, built from the
    server's address on the room's network (the director's page was opened on 127.0.0.1, which
    no phone reaches); a seat's link cut off no longer opens his seat, the others still do."""
    api = director_api(server)
    tournament = api.event(PLAYERS, title="Vendredi")
    page = new_page(server, viewport=TABLET, locale="fr-FR")
    login(page)
    page.goto(f"/table/{tournament}/1")
    table = page.locator("#table")
    table.get_by_role("button", name="Créer les liens des sièges").click()
    links = table.locator(".seat-links li")
    expect(links).to_have_count(len(PLAYERS))
    expect(links.locator("figure.qr svg")).to_have_count(len(PLAYERS))
    for name in PLAYERS:
        expect(links.filter(has_text=name)).to_have_count(1)
    addresses = [item.get_by_role("textbox").input_value() for item in links.all()]
    host = room_address() or "127.0.0.1"  # a machine with no network: its own address
    assert all(urlsplit(address).hostname == host for address in addresses), addresses
    shoot(page, "dealer-tablet-links-fr", tmp_path)
    cut = links.first
    seat = cut.get_attribute("data-seat")
    cut.get_by_role("button", name="Couper ce lien").click()
    expect(table.get_by_role("status")).to_contain_text(f"Le lien du siège {seat} (")
    expect(table.get_by_role("status")).to_contain_text("ne fonctionne plus")
    phone = new_page(server, locale="fr-FR")
    assert phone.goto(urlsplit(addresses[0]).path).status == 404  # type: ignore[union-attr]
    kept = phone.goto(urlsplit(addresses[1]).path)
    assert kept is not None
    assert kept.status == 200
