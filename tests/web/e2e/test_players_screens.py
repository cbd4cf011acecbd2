"""The players' screens in a real browser, in French: the lobby (a visitor's home page, on a
phone and on a TV), a player's own phone page that follows him when balancing moves him, and the
online action buttons within a 390x844 screen.

With ``POKERTD_SCREENSHOTS=1`` the screenshots go to ``docs/screenshots/`` (else a temporary
folder): ``lobby-phone-fr.png``, ``lobby-tv-fr.png``, ``phone-seat-fr.png``,
``phone-moved-fr.png``, ``phone-finished-fr.png``, ``online-turn-phone-fr.png``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from itertools import product
from pathlib import Path
from typing import Any

import pytest
from online_steps import bots_but_one
from playwright.sync_api import Locator, Page, expect
from shots import shoot_screen

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
TV = {"width": 1920, "height": 1080}
FIRST = ("Alice", "Bruno", "Chloé", "Denis", "Élodie", "Farid", "Gaëlle", "Hugo", "Inès", "Jules")
LAST = ("Martin", "Leroy", "Bernard")
#: Counts the phone's vibrations instead of vibrating (a headless browser has no motor).
VIBRATE = (
    "navigator.vibrate = (p) => {"
    " window.buzzed = (window.buzzed || []).concat([p]); return true; };"
)


def players(count: int) -> list[str]:
    return [f"{first} {last}" for last, first in product(LAST, FIRST)][:count]


def digits(text: str) -> str:
    return re.sub(r"\D", "", text)


def test_the_lobby_lists_two_running_events_live_for_a_visitor(
    server: Any,
    new_page: Callable[..., Page],
    director_api: Callable[[Any], Any],
    tmp_path: Path,
) -> None:
    api = director_api(server)
    final = api.event(["Alice Martin", "Bruno Leroy"], title="Finale du mois")
    api.command(final, "bust-players", entries=[2])  # ELIM-END: Alice wins
    soon = api.event(players(5), title="Tournoi de demain", draw=False, start=False)
    friday = api.event(players(12), title="Tournoi du vendredi")
    saturday = api.event(players(18), title="Grand tournoi du samedi")

    phone = new_page(server, viewport=PHONE, locale="fr-FR")
    phone.goto("/")  # a visitor's home page is the lobby
    expect(phone.get_by_role("heading", level=1)).to_have_text("Tournois")
    expect(phone.locator("#connection")).to_have_attribute("data-state", "open")
    cards = phone.locator(".lobby-event")
    expect(cards.locator("h2")).to_have_text(
        ["Grand tournoi du samedi", "Tournoi du vendredi", "Tournoi de demain", "Finale du mois"]
    )  # running first, then registering, then over
    running = cards.filter(has_text="en cours")
    expect(running).to_have_count(2)
    for card, left in ((running.nth(0), "18 / 18"), (running.nth(1), "12 / 12")):
        expect(card.locator("[data-field=level]")).to_have_text("Niveau 1")
        expect(card.locator("[data-field=time]")).to_have_text(re.compile(r"^\d\d:\d\d$"))
        expect(card.locator("[data-field=players]")).to_have_text(left)
        expect(card.get_by_role("link", name="Horloge")).to_be_visible()
        expect(card.get_by_role("link", name="Placement")).to_be_visible()
        expect(card.get_by_role("link", name="Trouver ma place")).to_be_visible()
        expect(card.get_by_role("link", name="Console")).to_have_count(0)  # a visitor
    expect(cards.nth(0).get_by_role("link", name="Horloge")).to_have_attribute(
        "href", f"/display/{saturday}/clock"
    )
    expect(cards.nth(2).locator("[data-field=stage]")).to_have_text("inscriptions")
    expect(cards.nth(2).locator("[data-field=registered]")).to_have_text("5")
    expect(cards.nth(2)).to_contain_text("Inscrits 5")
    soon_card = cards.nth(2)
    expect(cards.nth(3).locator(".lobby-winner")).to_have_text("Vainqueur : Alice Martin")
    # The clock counts down between the server's documents.
    time = running.nth(0).locator("[data-field=time]")
    shown = time.inner_text()
    expect(time).not_to_have_text(shown)
    shoot_screen(phone, "lobby-phone-fr", tmp_path)

    # Live: a bust and a pause reach the lobby without a reload.
    api.command(friday, "bust-players", entries=[3])
    expect(running.nth(1).locator("[data-field=players]")).to_have_text("11 / 12")
    api.command(friday, "pause-clock")
    expect(running.nth(1).locator("[data-field=clock-state]")).to_have_text("En pause")
    expect(running.nth(1).locator("[data-field=time]")).to_have_class(re.compile(r"\bpaused\b"))
    # Registration closes into play: the card follows (the lobby draws itself again).
    api.command(soon, "register", player="Hugo Bernard")
    expect(soon_card.locator("[data-field=registered]")).to_have_text("6")
    api.command(soon, "draw-seats")
    api.command(soon, "start-clock")
    expect(phone.locator(".lobby-event").filter(has_text="en cours")).to_have_count(3)

    tv = new_page(server, viewport=TV, locale="fr-FR")
    tv.goto("/lobby")
    expect(tv.locator(".lobby-event")).to_have_count(4)
    boxes = [card.bounding_box() for card in tv.locator(".lobby-event").all()]
    assert all(box and box["y"] + box["height"] <= TV["height"] for box in boxes), boxes
    shoot_screen(tv, "lobby-tv-fr", tmp_path)


def phone_of(new_page: Callable[..., Page], server: Any, tournament: str, entry: int) -> Page:
    phone = new_page(server, viewport=PHONE, locale="fr-FR")
    phone.add_init_script(VIBRATE)
    phone.goto(f"/me/{tournament}/{entry}")
    expect(phone.locator("#connection")).to_have_attribute("data-state", "open")
    return phone


def test_a_players_phone_follows_him_when_his_table_breaks(
    server: Any,
    new_page: Callable[..., Page],
    login: Callable[..., None],
    director_api: Callable[[Any], Any],
    tmp_path: Path,
) -> None:
    api = director_api(server)
    tournament = api.event(players(20), title="Tournoi du jeudi")  # three tables: 7, 7, 6
    tables = api.request.get(f"/api/tournaments/{tournament}/tables").json()
    followed = {table["table"]: table["seats"][1] for table in tables}  # one player a table
    phones = {n: phone_of(new_page, server, tournament, s["entry"]) for n, s in followed.items()}
    for number, seat in followed.items():
        phone = phones[number]
        expect(phone.locator("[data-field=table]")).to_have_text(str(number))
        expect(phone.locator("[data-field=seat]")).to_have_text(str(seat["seat"]))
        assert digits(phone.locator("[data-field=stack]").inner_text()) == str(seat["stack"])
        expect(phone.locator(".me-seat h2")).to_contain_text(seat["player"])
        expect(phone.locator("[data-field=level]")).to_have_text("Niveau 1")
        expect(phone.locator("[data-field=moved]")).to_have_count(0)
    shoot_screen(phones[1], "phone-seat-fr", tmp_path)

    # Each seat ticket the director prints carries the QR code of its player's page.
    desk = new_page(server, locale="fr-FR")
    login(desk)
    desk.goto(f"/console/{tournament}/print/tickets")
    some = followed[1]
    qr = desk.locator(f".ticket[data-entry='{some['entry']}'] img.ticket-qr")
    expect(qr).to_have_attribute("alt", "Votre place sur votre téléphone")
    expect(qr).to_have_attribute("src", f"/me/{tournament}/{some['entry']}/qr.svg")
    desk.wait_for_load_state("load")
    assert qr.evaluate("img => img.complete && img.naturalWidth > 0")

    # The lookup by name leads to the same page.
    lookup = new_page(server, viewport=PHONE, locale="fr-FR")
    lookup.goto(f"/lookup/{tournament}")
    lookup.get_by_label("Votre nom").fill(some["player"].split()[0].lower())
    lookup.get_by_role("button", name="Chercher").click()
    lookup.get_by_role("link", name="Suivre ma place sur ce téléphone").first.click()
    expect(lookup).to_have_url(re.compile(rf"/me/{tournament}/\d+$"))

    for table in sorted(tables, key=lambda table: -len(table["seats"]))[:2]:
        api.command(tournament, "bust-players", entries=[table["seats"][0]["entry"]])
    api.command(tournament, "propose-moves")
    api.command(tournament, "confirm-moves")  # TABLE-BREAK: 18 left fit on two tables
    moved = api.request.get(f"/api/tournaments/{tournament}/display").json()["moved"]
    [broken] = moved["broken"]
    [move] = [m for m in moved["moves"] if m["entry"] == followed[broken]["entry"]]
    phone = phones[broken]
    banner = phone.locator("[data-field=moved]")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("Votre table est cassée")
    expect(banner).to_contain_text(f"Allez à la table {move['to_table']}, siège {move['to_seat']}")
    expect(banner).to_be_in_viewport()
    expect(phone.locator("[data-field=table]")).to_have_text(str(move["to_table"]))
    expect(phone.locator("[data-field=seat]")).to_have_text(str(move["to_seat"]))
    assert phone.evaluate("window.buzzed") == [[300, 150, 300]]  # once
    shoot_screen(phone, "phone-moved-fr", tmp_path)
    phone.get_by_role("button", name="OK").click()
    expect(banner).to_be_hidden()
    phone.reload()  # dismissed: not shown again on this phone
    expect(phone.locator("#connection")).to_have_attribute("data-state", "open")
    expect(phone.locator("[data-field=moved]")).to_be_hidden()
    for number, other in phones.items():
        if number != broken:
            expect(other.locator("[data-field=moved]")).to_have_count(0)
            expect(other.locator("[data-field=table]")).to_have_text(str(number))
            assert other.evaluate("window.buzzed") is None

    # Out: his place, live.
    api.command(tournament, "bust-players", entries=[move["entry"]])
    expect(phone.locator("[data-field=place]")).to_have_text("18e")
    expect(phone.locator("[data-field=table]")).to_have_count(0)
    shoot_screen(phone, "phone-finished-fr", tmp_path)


def test_the_phone_takes_only_the_parts_that_changed(
    server: Any, new_page: Callable[..., Page], director_api: Callable[[Any], Any]
) -> None:
    """The phone page asks for partial documents (``parts=same``): a paused clock sends it the
    clock, not every table's seating again; merged with what it holds, the page shows the
    pause and still his seat; a move then comes whole (his table changed) and is shown."""
    api = director_api(server)
    tournament = api.event(players(20), title="Tournoi du jeudi")
    seat = api.request.get(f"/api/tournaments/{tournament}/tables").json()[0]["seats"][1]
    phone = new_page(server, viewport=PHONE, locale="fr-FR")
    frames: list[str] = []
    phone.on(
        "websocket", lambda socket: socket.on("framereceived", lambda f: frames.append(str(f)))
    )
    phone.goto(f"/me/{tournament}/{seat['entry']}")
    root = phone.locator("#me")
    expect(phone.locator("#connection")).to_have_attribute("data-state", "open")
    api.command(tournament, "pause-clock")
    expect(root).to_have_attribute("data-partial", "1")
    expect(phone.locator("[data-field=time]")).to_have_class(re.compile("paused"))
    expect(phone.locator("[data-field=table]")).to_have_text("1")
    expect(phone.locator("[data-field=seat]")).to_have_text(str(seat["seat"]))
    documents = [json.loads(frame) for frame in frames]
    partial = [document for document in documents if "same" in document]
    assert partial, documents
    assert "tables" in partial[0]["same"]  # named as kept, not sent
    assert "tables" not in partial[0]
    whole = [frame for frame in frames if '"same":' not in frame]
    assert len(json.dumps(partial[0])) < min(len(frame) for frame in whole)
    api.command(tournament, "bust-players", entries=[seat["entry"]])
    expect(phone.locator("[data-field=place]")).to_be_visible()


def test_the_phone_page_of_an_unknown_entry_says_so(
    server: Any, new_page: Callable[..., Page], director_api: Callable[[Any], Any]
) -> None:
    tournament = director_api(server).event(players(2), title="Tournoi du jeudi")
    phone = new_page(server, viewport=PHONE, locale="fr-FR")
    answer = phone.goto(f"/me/{tournament}/99")
    assert answer is not None
    assert answer.status == 404
    expect(phone.locator("main")).to_contain_text("il n'y a pas d'entrée 99 dans ce tournoi")


def clicked(table: Locator, button: Locator) -> None:
    before = table.get_attribute("data-log")
    button.click()
    expect(table).not_to_have_attribute("data-log", before or "")


def test_online_action_buttons_are_in_view_on_a_390x844_phone(
    server: Any,
    new_page: Callable[..., Page],
    login: Callable[..., None],
    director_api: Callable[[Any], Any],
    tmp_path: Path,
) -> None:
    api = director_api(server)
    tournament = api.event(players(9), title="Tournoi en ligne")  # a full table of nine
    for entry in range(1, 10):
        api.command(tournament, "arrive", entry=entry)
    dealer = new_page(server, locale="fr-FR")
    login(dealer)
    dealer.goto(f"/table/{tournament}/1")
    _, path = bots_but_one(dealer, 9)
    player = new_page(server, viewport=PHONE, locale="fr-FR")
    player.add_init_script(VIBRATE)
    player.goto(path)
    dealer.get_by_role("button", name="Jeu en ligne : lancer la main en ligne").click()
    view = player.locator("#table")
    turn = view.locator(".your-turn")
    for _ in range(12):
        expect(turn.or_(view.locator("[data-field=result]")).first).to_be_visible()
        if turn.count():
            break
    expect(turn).to_be_visible()
    expect(turn.get_by_role("heading")).to_have_text("À vous de parler")
    assert player.evaluate("window.scrollY") == 0  # nothing scrolled: as the page came
    buttons = turn.get_by_role("button").all()
    assert len(buttons) >= 3
    for button in buttons:
        expect(button).to_be_in_viewport(ratio=1)
        box = button.bounding_box()
        assert box is not None
        assert box["height"] >= 44, box  # a thumb's target
    expect(turn.get_by_role("button", name="Passer")).to_be_in_viewport(ratio=1)
    assert player.evaluate("window.buzzed") == [200]  # his turn came: one vibration
    shoot_screen(player, "online-turn-phone-fr", tmp_path)
    clicked(view, turn.get_by_role("button", name="Passer"))
