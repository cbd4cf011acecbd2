"""The TV clock as a player across the room reads it, in French: a stopped clock says PAUSE,
numbers have their thousands separated, the time of day, the next levels, the break and late
registration counting down, the counts of the field; the page fits a phone; the connection's
state is told honestly.

With ``POKERTD_SCREENSHOTS=1`` the screenshots go to ``docs/screenshots/`` (else a temporary
folder): ``clock-*-fr.png`` at 1920x1080 and 390x844.
"""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from shots import shoot_screen

pytestmark = pytest.mark.e2e

TV = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}
FRENCH = "fr-FR"
PLAYERS = tuple(f"Joueur {n:02d}" for n in range(1, 19))
#: French thousands: a narrow no-break space (pokertd.present.formats.FRENCH_THOUSANDS).
NNBSP = "\u202f"


def french(number: int) -> str:
    """Return a whole number as French writes it: ``108 571`` (a narrow no-break space)."""
    return f"{number:,}".replace(",", NNBSP)


def open_clock(new_page: Callable[..., Page], server: Any, tournament: str, **size: Any) -> Page:
    """Open the clock display in French and wait for its socket."""
    display: Page = new_page(server, viewport=size.get("viewport", TV), locale=FRENCH)
    display.goto(f"/display/{tournament}/clock")
    expect(display.locator("html")).to_have_attribute("lang", "fr")
    expect(display.locator("#connection")).to_have_attribute("data-state", "open")
    return display


def test_a_paused_clock_says_en_pause_in_big(
    server: Any,
    new_page: Callable[..., Page],
    login: Callable[[Page], None],
    director_api: Callable[[Any], Any],
    tmp_path: Path,
) -> None:
    tournament = director_api(server).event(PLAYERS, title="Tournoi du jeudi", start=False)
    display = open_clock(new_page, server, tournament)
    state = display.locator("[data-field=clock-state]")
    expect(state).to_have_text("DÉBUT IMMINENT", use_inner_text=True)

    console = new_page(server, locale=FRENCH)
    login(console)
    console.goto(f"/console/{tournament}")
    console.locator("button[data-action=clock-start]").click()
    expect(state).to_be_hidden()
    console.locator("button[data-action=clock-pause]").click()
    expect(state).to_be_visible()
    expect(state).to_have_text("EN PAUSE", use_inner_text=True)
    expect(state).to_have_attribute("data-state", "paused")
    height = display.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('[data-field=clock-state]')).fontSize)"
    )
    assert height >= 80, f"the PAUSE word is {height}px high on a 1080p TV"
    box = state.bounding_box()
    assert box is not None
    assert box["y"] + box["height"] <= TV["height"], "the PAUSE word is below the screen"
    shoot_screen(display, "clock-paused-fr", tmp_path)

    console.locator("button[data-action=clock-resume]").click()
    expect(state).to_be_hidden()
    expect(display.locator("[data-field=time]")).to_have_attribute("data-running", "true")


def test_big_numbers_have_their_thousands_separated_in_french(
    server: Any, new_page: Callable[..., Page], director_api: Callable[[Any], Any]
) -> None:
    api = director_api(server)
    # 18 players of 30,000 (the deep template's stack); a buy-in of 1,500 + 100 euros each.
    tournament = api.event(
        PLAYERS,
        title="Grand tournoi",
        template="deep-stack",
        money={"buy_in": {"prize": 150_000, "fee": 10_000}},
    )
    status = api.request.get(f"/api/tournaments/{tournament}/display").json()["status"]
    chips, average = status["chips_in_play"], status["average_stack"]
    assert chips >= 100_000, status
    assert average >= 10_000, status
    display = open_clock(new_page, server, tournament)
    expect(display.locator("[data-field=chips]")).to_have_text(french(chips))
    expect(display.locator("[data-field=average]")).to_have_text(french(average))
    expect(display.locator("[data-field=pool]")).to_have_text(f"27{NNBSP}000,00 €")
    expect(display.locator("[data-field=payouts]")).to_contain_text(
        re.compile(rf"^1re : \d+{NNBSP}\d{{3}},\d\d € · 2e : ")
    )  # the prizes too
    # The numbers pushed later (a player busts) are written the same way.
    api.command(tournament, "bust-players", entries=[1])
    expect(display.locator("[data-field=players]")).to_have_text("17 / 18")
    expect(display.locator("[data-field=average]")).to_have_text(french(chips // 17))

    english = new_page(server, viewport=TV)
    english.goto(f"/display/{tournament}/clock")
    expect(english.locator("#connection")).to_have_attribute("data-state", "open")
    expect(english.locator("[data-field=chips]")).to_have_text(f"{chips:,}")
    expect(english.locator("[data-field=pool]")).to_have_text("€27,000.00")


def cut_cells(display: Page) -> list[str]:
    """Return the text of the clock's cells (and of its time) wider than their box."""
    found: list[str] = display.evaluate(
        "[...document.querySelectorAll('.clock .side .cell, .clock .time')]"
        ".filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.innerText)"
    )
    return found


def mmss(seconds: float) -> str:
    """Return seconds as the clock shows them, rounded up: ``12:00``."""
    whole = math.ceil(seconds - 1e-6)
    return f"{whole // 60:02d}:{whole % 60:02d}"


def test_the_clock_shows_the_hour_what_comes_next_and_the_field(
    server: Any,
    new_page: Callable[..., Page],
    director_api: Callable[[Any], Any],
    tmp_path: Path,
) -> None:
    api = director_api(server)
    money = {
        "buy_in": {"prize": 2_000, "fee": 500},
        "rebuy": {"prize": 2_000, "chips": 10_000},
        "rebuy_levels": 3,
        "rebuy_threshold": "at-or-below-starting",
    }
    tournament = api.event(
        PLAYERS, title="Tournoi du jeudi", late_registration_levels=4, money=money
    )
    api.command(tournament, "bust-players", entries=[1])
    api.command(tournament, "re-enter", entry=1)  # a re-entry (BUY-REENTRY)
    api.command(tournament, "rebuy", entry=2)  # a rebuy (BUY-REBUY-ELIGIBILITY)
    api.command(tournament, "pause-clock")  # every countdown stands still: exact figures
    status = api.request.get(f"/api/tournaments/{tournament}/display").json()["status"]
    clock, late = status["clock"], status["late_registration"]
    assert status["entries"] == len(PLAYERS) + 1, status
    assert late["open"], late
    assert late["on_clock"], late

    display = open_clock(new_page, server, tournament)
    page = display.locator("#clock")
    first, second = clock["next_levels"]
    upcoming = display.locator("[data-field=next] .upcoming")
    expect(upcoming.nth(0)).to_have_text(
        f"Suivant : {first['small_blind']} / {first['big_blind']}"
        + (f" · ante {first['ante']}" if first.get("ante") else "")
    )
    expect(upcoming.nth(1)).to_contain_text(
        f"Puis : {second['small_blind']} / {second['big_blind']}"
    )
    expect(display.locator("[data-field=break-in]")).to_have_text(mmss(clock["next_break_in"]))
    expect(upcoming.nth(2)).to_have_text(f"pause dans {mmss(clock['next_break_in'])}")
    latebox = display.locator("[data-field=late]")
    expect(latebox).to_contain_text("Inscriptions tardives")
    expect(display.locator("[data-field=late-state]")).to_have_text("Ouvertes")
    expect(display.locator("[data-field=late-left]")).to_have_text(
        f"fin dans {mmss(late['closes_in'])}"
    )
    expect(display.locator("[data-field=entries]")).to_have_text(str(len(PLAYERS) + 1))
    expect(display.locator("[data-field=reentries]")).to_have_text("1")
    expect(display.locator("[data-field=rebuys]")).to_have_text("1")
    expect(display.locator("[data-field=addons]")).to_have_text("0")
    expect(page).to_contain_text("Re-entries 1")
    expect(page).to_contain_text("Recaves 1")
    expect(page).to_contain_text("Add-ons 0")
    chips, average = status["chips_in_play"], status["average_stack"]
    stack = chips - 10_000  # the rebuy's chips are in play
    assert stack % (len(PLAYERS) + 1) == 0, status
    expect(display.locator("[data-field=chips]")).to_have_text(french(chips))
    big_blind = clock["level"]["big_blind"]
    expect(display.locator("[data-field=average-bb]")).to_have_text(
        f"{french(round(average / big_blind))} BB"
    )
    hour = display.locator("[data-field=time-of-day]")
    expect(hour).to_have_text(re.compile(r"^\d\d:\d\d$"))
    now = datetime.datetime.now()
    minutes = {f"{t:%H:%M}" for t in (now, now + datetime.timedelta(minutes=1))}
    assert hour.inner_text() in minutes, (hour.inner_text(), minutes)

    # The clock runs again: the break and late registration count down with it.
    api.command(tournament, "resume-clock")
    expect(display.locator("[data-field=late-left]")).not_to_have_text(
        f"fin dans {mmss(late['closes_in'])}"
    )
    expect(display.locator("[data-field=clock-state]")).to_be_hidden()
    assert not cut_cells(display), "a cell of the TV clock is wider than its box"
    shoot_screen(display, "clock-display-fr", tmp_path)
    phone = open_clock(new_page, server, tournament, viewport=PHONE)
    expect(phone.locator("[data-field=late-state]")).to_have_text("Ouvertes")
    shoot_screen(phone, "clock-phone-fr", tmp_path)


def test_the_clock_fits_a_phone(
    server: Any, new_page: Callable[..., Page], director_api: Callable[[Any], Any]
) -> None:
    api = director_api(server)
    tournament = api.event(PLAYERS, title="Tournoi du jeudi")
    api.command(tournament, "adjust-clock", seconds=-(12 * 60 - (4 * 60 + 45)))  # 04:45 left
    api.command(tournament, "pause-clock")
    phone = open_clock(new_page, server, tournament, viewport=PHONE)
    time = phone.locator("[data-field=time]")
    expect(time).to_have_text("04:45")  # all of it: today's page showed "04:4"
    box = time.bounding_box()
    assert box is not None
    assert box["x"] >= 0, box
    assert box["x"] + box["width"] <= PHONE["width"], box
    wide = phone.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"the clock page is {wide}px wider than the phone"
    assert not cut_cells(phone), "a cell of the clock is wider than its box on a phone"
    size = phone.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('.clock .time')).fontSize)"
    )
    assert size >= 80, f"the time is {size}px high on a phone"
    for name in ("clock-state", "blinds", "players", "late-state", "next"):
        expect(phone.locator(f"[data-field={name}]")).to_be_in_viewport()
    expect(phone.locator("[data-field=clock-state]")).to_have_text("EN PAUSE", use_inner_text=True)


def test_every_display_says_when_it_is_not_live(
    server: Any,
    new_page: Callable[..., Page],
    director_api: Callable[[Any], Any],
    tmp_path: Path,
) -> None:
    tournament = director_api(server).event(PLAYERS, title="Tournoi du jeudi")
    clock = open_clock(new_page, server, tournament)
    seating = new_page(server, viewport=TV, locale=FRENCH)
    seating.goto(f"/display/{tournament}/seating")
    for display in (clock, seating):
        connection = display.locator("#connection")
        expect(connection).to_have_text("en direct")
        expect(connection).to_have_attribute("data-state", "open")
    server.stop()
    for display in (clock, seating):
        connection = display.locator("#connection")
        expect(connection).to_have_text("reconnexion…")
        expect(connection).not_to_have_text(re.compile("en direct"))
        red = display.evaluate(
            "getComputedStyle(document.getElementById('connection')).backgroundColor"
        )
        assert red == "rgb(179, 38, 30)", red
    shoot_screen(clock, "clock-reconnecting-fr", tmp_path)
    server.start()
    for display in (clock, seating):
        expect(display.locator("#connection")).to_have_text("en direct")


def test_the_winner_screen_names_the_winner_and_the_first_places(
    server: Any,
    new_page: Callable[..., Page],
    director_api: Callable[[Any], Any],
    tmp_path: Path,
) -> None:
    api = director_api(server)
    players = ("Zoé Arnaud", "Bruno Leroy", "Chloé Bernard", "Denis Petit")
    money = {"buy_in": {"prize": 2_000, "fee": 500}}  # 4 × 20 € in the pool
    tournament = api.event(players, title="Tournoi du jeudi", money=money)
    api.command(tournament, "set-payouts", prizes=[5_000, 3_000])  # 50 € and 30 €
    display = open_clock(new_page, server, tournament)
    results = display.locator("[data-field=results]")
    expect(results).to_be_hidden()
    expect(display.locator("[data-field=time]")).to_be_visible()

    for entry in (1, 2, 3):  # ELIM-END: one player left, the winner
        api.command(tournament, "bust-players", entries=[entry])
    expect(display.locator("[data-field=winner-name]")).to_have_text("Denis Petit")
    expect(display.locator("[data-field=winner]")).to_have_text("Vainqueur : Denis Petit")
    expect(display.locator("[data-field=hfh]")).to_be_hidden()  # no hand is dealt any more
    rows = results.locator("li")
    expect(rows).to_have_count(4)
    expect(rows.nth(0).locator(".place")).to_have_text("1re")
    expect(rows.nth(0).locator(".name")).to_have_text("Denis Petit")
    expect(rows.nth(0).locator(".prize")).to_have_text("50,00 €")
    expect(rows.nth(1)).to_contain_text("Chloé Bernard")
    expect(rows.nth(1).locator(".prize")).to_have_text("30,00 €")
    expect(rows.nth(3).locator(".place")).to_have_text("4e")
    expect(rows.nth(3).locator(".name")).to_have_text("Zoé Arnaud")
    expect(rows.nth(3).locator(".prize")).to_have_text("")  # a place not paid
    # The clock of a finished event is gone: the winner and the places take the screen.
    expect(display.locator("[data-field=time]")).to_be_hidden()
    expect(display.locator("[data-field=late]")).to_be_hidden()
    expect(rows.nth(3)).to_be_in_viewport()
    size = display.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('.clock .results li')).fontSize)"
    )
    assert size >= 50, f"the winner's line is {size}px high on a 1080p TV"
    shoot_screen(display, "clock-winner-fr", tmp_path)

    phone = open_clock(new_page, server, tournament, viewport=PHONE)  # drawn by the server
    phone_rows = phone.locator("[data-field=results] li")
    expect(phone_rows).to_have_count(4)
    expect(phone_rows.nth(0).locator(".name")).to_have_text("Denis Petit")
    expect(phone.locator("[data-field=winner]")).to_be_in_viewport()
    expect(phone_rows.nth(3)).to_be_in_viewport()
    wide = phone.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"the winner page is {wide}px wider than the phone"
    shoot_screen(phone, "clock-winner-phone-fr", tmp_path)


def test_a_message_typed_at_the_console_shows_on_every_display(
    server: Any,
    new_page: Callable[..., Page],
    login: Callable[[Page], None],
    director_api: Callable[[Any], Any],
    tmp_path: Path,
) -> None:
    tournament = director_api(server).event(PLAYERS, title="Tournoi du jeudi")
    display = open_clock(new_page, server, tournament)
    seating = new_page(server, viewport=TV, locale=FRENCH)
    seating.goto(f"/display/{tournament}/seating")
    expect(seating.locator("#connection")).to_have_attribute("data-state", "open")
    for screen in (display, seating):
        expect(screen.locator("[data-field=message]")).to_be_hidden()

    console = new_page(server, locale=FRENCH)
    login(console)
    console.goto(f"/console/{tournament}")
    console.wait_for_load_state()  # htmx is deferred: act once it runs
    card = console.locator("#display-message")
    expect(card.locator("[data-test=display-message]")).to_have_text("Aucun message n'est affiché.")
    card.get_by_label("Message").fill("Pause repas à 20 h 30 : les tables 5 et 6 ferment")
    card.get_by_role("button", name="Afficher sur les écrans").click()
    shown = "Pause repas à 20 h 30 : les tables 5 et 6 ferment"
    expect(card.locator("[data-test=display-message]")).to_have_text(
        f"Les écrans affichent : « {shown} »"
    )
    for screen in (display, seating):
        expect(screen.locator("[data-field=message]")).to_have_text(shown)
        expect(screen.locator("[data-field=message]")).to_be_in_viewport()
    size = display.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('[data-field=message]')).fontSize)"
    )
    assert size >= 40, f"the message is {size}px high on a 1080p TV"
    assert not cut_cells(display), "a cell of the TV clock is wider than its box"
    shoot_screen(display, "clock-message-fr", tmp_path)
    phone = open_clock(new_page, server, tournament, viewport=PHONE)
    expect(phone.locator("[data-field=message]")).to_have_text(shown)
    wide = phone.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"the clock page is {wide}px wider than the phone"
    shoot_screen(phone, "clock-message-phone-fr", tmp_path)

    # Too long: refused next to the form, with the limit, and the line typed kept.
    card.get_by_label("Message").evaluate("(input) => input.removeAttribute('maxlength')")
    card.get_by_label("Message").fill("x" * 121)
    card.get_by_role("button", name="Afficher sur les écrans").click()
    expect(console.locator("#display-message-form + .form-error")).to_have_text(
        "le message des écrans a 121 caractères : 120 au plus"
    )
    expect(display.locator("[data-field=message]")).to_have_text(shown)

    console.get_by_role("button", name="Effacer le message").click()
    expect(card.locator("[data-test=display-message]")).to_have_text("Aucun message n'est affiché.")
    for screen in (display, seating):
        expect(screen.locator("[data-field=message]")).to_be_hidden()
