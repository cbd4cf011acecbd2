"""The director lays the TV clock out from the console, in French, and the open clock follows at
once: a cell hidden, colours, a sponsor's strip, a logo uploaded. Then the clock's warnings: one
minute left, the last level of late registration, the end of a break, each said (the last one is
kept on ``#clock``: headless Chromium has no speakers), and none once the event's switch is off.

With ``POKERTD_SCREENSHOTS=1`` the screenshots go to ``docs/screenshots/``:
``clock-layout-fr.png`` (the TV) and ``clock-layout-console-fr.png`` (the console's form).
"""

from __future__ import annotations

import re
import struct
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from shots import shoot_screen
from test_clock_display import FRENCH, PHONE, open_clock

pytestmark = pytest.mark.e2e

PLAYERS = tuple(f"Joueur {n:02d}" for n in range(1, 13))
#: Two levels of late registration, then a break, then a third level.
STRUCTURE = {
    "starting_stack": 20_000,
    "chips": [25, 100, 500],
    "items": [
        {"type": "level", "small_blind": 100, "big_blind": 200, "minutes": 12},
        {"type": "level", "small_blind": 200, "big_blind": 400, "minutes": 12},
        {"type": "break", "minutes": 10, "colour_up": []},
        {"type": "level", "small_blind": 300, "big_blind": 600, "minutes": 12},
    ],
}


def logo_png(width: int = 240, height: int = 80) -> bytes:
    """A PNG made here (a gold band on green), nothing read from disk."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = struct.pack(">I", zlib.crc32(kind + body))
        return struct.pack(">I", len(body)) + kind + body + crc

    rows = b"".join(
        b"\x00"
        + (b"\xe4\xb7\x3d" if height // 3 <= y < 2 * height // 3 else b"\x1d\x5b\x3a") * width
        for y in range(height)
    )
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


def console_page(new_page: Callable[..., Page], server: Any, login: Callable[[Page], None]) -> Page:
    console = new_page(server, locale=FRENCH)
    login(console)
    return console


def test_the_director_lays_the_clock_out_and_the_open_clock_follows(
    server: Any,
    new_page: Callable[..., Page],
    login: Callable[[Page], None],
    director_api: Callable[[Any], Any],
    tmp_path: Path,
) -> None:
    api = director_api(server)
    tournament = api.event(PLAYERS, title="Tournoi du Café du Coin")
    display = open_clock(new_page, server, tournament)
    chips = display.locator("[data-field=chips]")
    expect(chips).to_be_visible()

    console = console_page(new_page, server, login)
    console.goto(f"/console/{tournament}")
    console.get_by_role("link", name="Présentation de l'horloge").click()
    expect(
        console.get_by_text("Ce tournoi affiche la présentation par défaut du club.")
    ).to_be_visible()
    console.get_by_label("Jetons en jeu").uncheck()
    console.get_by_label("Fond").fill("#0b2340")
    console.get_by_label("Texte", exact=True).fill("#fff8e7")
    console.get_by_label("Accent").fill("#ffc14d")
    console.get_by_label("Bandeau du partenaire").fill("Avec le soutien du Café du Coin")
    shoot_screen(console, "clock-layout-console-fr", tmp_path)
    console.get_by_role("button", name="Enregistrer pour ce tournoi").click()
    expect(console.locator("[data-test=layout-saved]")).to_be_visible()
    expect(console.get_by_text("Ce tournoi a sa propre présentation.")).to_be_visible()

    # The clock already open shows it: no reload (its socket's next document).
    expect(chips).to_be_hidden()
    expect(display.locator("[data-field=players]")).to_be_visible()
    sponsor = display.locator("[data-field=sponsor]")
    expect(sponsor).to_have_text("Avec le soutien du Café du Coin")
    expect(display.locator("#clock")).to_have_css("background-color", "rgb(11, 35, 64)")
    expect(display.locator("[data-field=time]")).to_have_css("color", "rgb(255, 248, 231)")
    expect(display.locator("[data-field=level]")).to_have_css("color", "rgb(255, 193, 77)")

    console.get_by_label("Image (PNG, JPEG ou WebP, 500 Ko au plus)").set_input_files(
        {"name": "logo.png", "mimeType": "image/png", "buffer": logo_png()}
    )
    console.get_by_role("button", name="Envoyer le logo").click()
    expect(console.locator("[data-test=logo-preview]")).to_be_visible()
    logo = display.locator("[data-field=logo]")
    expect(logo).to_be_visible()
    display.wait_for_function(
        "document.querySelector('[data-field=logo]').naturalWidth === 240"
    )  # the image itself, loaded from its address
    shoot_screen(display, "clock-layout-fr", tmp_path)

    # A wrong file is refused in French, the logo stays.
    console.get_by_label("Image (PNG, JPEG ou WebP, 500 Ko au plus)").set_input_files(
        {"name": "logo.png", "mimeType": "image/png", "buffer": b"GIF89a" + bytes(64)}
    )
    console.get_by_role("button", name="Envoyer le logo").click()
    expect(console.locator("[data-test=layout-error]")).to_have_text(
        "un logo est une image PNG, JPEG ou WebP"
    )
    expect(logo).to_be_visible()

    # A new clock opened now, on a phone, shows the same layout from its first page.
    phone = open_clock(new_page, server, tournament, viewport=PHONE)
    expect(phone.locator("[data-field=chips]")).to_be_hidden()
    expect(phone.locator("[data-field=sponsor]")).to_be_visible()
    shoot_screen(phone, "clock-layout-phone-fr", tmp_path)


def said(display: Page, kind: str, words: str) -> None:
    """The clock gave the warning ``kind`` with ``words`` in it."""
    clock = display.locator("#clock")
    expect(clock).to_have_attribute("data-announced", kind)
    expect(clock).to_have_attribute("data-announced-text", words)


def test_the_clock_warns_at_the_right_moments_and_stays_quiet_once_switched_off(
    server: Any,
    new_page: Callable[..., Page],
    login: Callable[[Page], None],
    director_api: Callable[[Any], Any],
) -> None:
    api = director_api(server)
    tournament = api.create(
        "Tournoi annoncé", structure=STRUCTURE, profile="tda-2017", late_registration_levels=2
    )
    for player in PLAYERS:
        api.command(tournament, "register", player=player)
    api.command(tournament, "draw-seats")
    api.command(tournament, "start-clock")
    display = open_clock(new_page, server, tournament)
    display.get_by_role("button", name="Activer les annonces").click()
    clock = display.locator("#clock")
    expect(clock).not_to_have_attribute("data-announced", "minute")

    api.command(tournament, "adjust-clock", seconds=-(12 * 60 - 58))  # 58 seconds left
    said(display, "minute", "Plus qu'une minute dans ce niveau.")

    api.command(tournament, "skip-level")  # level 2: the last of late registration
    said(display, "late-last", "Niveau 2. Blindes 200, 400. Dernier niveau d'inscription tardive.")
    api.command(tournament, "skip-level")  # the break
    expect(clock).to_have_attribute("data-announced-text", "Pause de 10 minutes.")
    api.command(tournament, "skip-level")  # level 3: the break is over
    said(
        display,
        "break-end",
        "La pause est finie : joueurs, à vos places. Niveau 3. Blindes 300, 600.",
    )
    count = clock.get_attribute("data-announcements")
    assert count == "4"

    console = console_page(new_page, server, login)
    console.goto(f"/console/{tournament}/screens")
    console.get_by_label("Sons et annonces parlées", exact=False).uncheck()
    console.get_by_role("button", name="Enregistrer pour ce tournoi").click()
    expect(clock).to_have_attribute("data-sounds", "false")
    expect(display.get_by_role("button", name="Activer les annonces")).to_be_hidden()

    api.command(tournament, "go-back-level")  # a new item on the clock, and a minute left
    expect(display.locator("[data-field=level]")).to_have_text("Pause")
    api.command(tournament, "adjust-clock", seconds=-(10 * 60 - 58))
    expect(display.locator("[data-field=time]")).to_have_text(re.compile(r"^00:5\d$"))
    api.command(tournament, "skip-level")
    expect(display.locator("[data-field=level]")).to_have_text("Niveau 3")
    api.command(tournament, "adjust-clock", seconds=-(12 * 60 - 58))
    expect(display.locator("[data-field=time]")).to_have_text(re.compile(r"^00:5\d$"))
    assert clock.get_attribute("data-announcements") == "4"
    assert clock.get_attribute("data-announced") == "break-end"
