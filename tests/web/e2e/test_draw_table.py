"""Draw games at an online table, in a real browser and in French: a player plays 2-7 triple
draw against bots from his phone (he taps the cards he throws away, then stands pat), and the
8-game rotation moves a table from pot-limit Omaha into 2-7 triple draw at the first hand of the
new level, never in the middle of a hand.

With ``POKERTD_SCREENSHOTS=1`` the screenshots go to ``docs/screenshots/`` (else a temporary
folder): ``draw-tap-phone-fr.png`` (two cards tapped), ``draw-result-phone-fr.png`` (the hands
in words), ``draw-dealer-fr.png`` (the dealer's page of a 2-7 hand).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from online_steps import bots_but_one
from playwright.sync_api import Locator, Page, expect
from shots import shoot_screen

from pokertd.tournament.rotation import Rotation
from pokertd.tournament.structure import Level, Structure

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
PLAYERS = ("Ana Costa", "Bruno Diaz", "Chloé Martin")
#: A 2-7 low in words as the result shows it: "low 8-6 (8-6-4-3-2)", or a made hand.
LOW_WORDS = re.compile(r"low [2-9TJQKA]-[2-9TJQKA] \(|paire|couleur|quinte|brelan|full|carré")


def event_of(api: Any, structure: dict[str, Any], title: str = "Soirée mixte") -> str:
    """Create a tda-2017 event with ``structure``, its three players seated and present."""
    tournament: str = api.create(title, structure=structure, profile="tda-2017",
                                 table_size=9)  # fmt: skip
    for player in PLAYERS:
        api.command(tournament, "register", player=player)
    api.command(tournament, "draw-seats")
    api.command(tournament, "start-clock")
    for entry in range(1, len(PLAYERS) + 1):
        api.command(tournament, "arrive", entry=entry)
    return tournament


def deep(game: str = "nlhe") -> Structure:
    """Sixteen 20-minute levels of 100/200 and 50,000 chips each: nobody goes broke in the few
    hands a test plays, whoever wins them."""
    levels = tuple(Level(100, 200, 0, 20, game) for _ in range(16))
    return Structure(levels, (25, 100), 50_000)


def online_table(
    new_page: Callable[..., Page], server: Any, login: Callable[..., None], tournament: str
) -> tuple[Page, Page, int]:
    """The dealer's page (bots on every seat but the first link's) and that player's phone."""
    dealer = new_page(server, locale="fr-FR")
    login(dealer)
    dealer.goto(f"/table/{tournament}/1")
    human, path = bots_but_one(dealer, len(PLAYERS))
    player = new_page(server, viewport=PHONE, locale="fr-FR")
    player.goto(path)
    return dealer, player, human


def clicked(table: Locator, button: Locator) -> None:
    """Click and wait until the table shows what followed (its log grew)."""
    before = table.get_attribute("data-log")
    button.click()
    expect(table).not_to_have_attribute("data-log", before or "")


def his_cards(view: Locator, seat: int) -> list[str]:
    cards = view.locator(f".seat[data-seat='{seat}'] .cards .pc[data-card]").all()
    return [card.get_attribute("data-card") or "" for card in cards]


def play_his_turns(view: Locator, seat: int, shots: Path | None, done: dict[str, bool]) -> None:
    """Play the player's turns to the end of the hand: call or check, tap two cards at his
    first draw, stand pat at the others, show at showdown; screenshot his tapped cards into
    ``shots`` (a folder, or None)."""
    result = view.locator("[data-field=result]")
    turn = view.locator(".your-turn")
    for _ in range(30):
        expect(turn.or_(result).first).to_be_visible()
        if result.count():
            return
        draw = turn.locator("form[data-draw]")
        if draw.count():
            expect(turn.get_by_role("heading")).to_have_text("À vous de tirer")
            before = his_cards(view, seat)
            assert len(before) == 5
            if not done["tapped"]:
                picks = draw.locator("label.pick")
                expect(picks).to_have_count(5)
                picks.nth(0).click()  # a tap on the card itself
                picks.nth(3).click()
                expect(draw.get_by_role("button", name=re.compile(r"^Tirer"))).to_have_text(
                    "Tirer (2)"
                )
                if shots is not None:
                    shoot_screen(view.page, "draw-tap-phone-fr", shots)
                clicked(view, draw.get_by_role("button", name=re.compile(r"^Tirer")))
                after = his_cards(view, seat)
                assert len(after) == 5
                assert after[:3] == [before[1], before[2], before[4]]  # the kept ones stay
                assert not {before[0], before[3]} & set(after)  # the thrown ones are gone
                badge = view.locator(f".seat[data-seat='{seat}'] [data-field=drew]")
                expect(badge).to_have_text("2 changée(s)")
                done["tapped"] = True
            else:
                clicked(view, draw.get_by_role("button", name="Servi"))
                assert his_cards(view, seat) == before  # standing pat keeps his five
                badge = view.locator(f".seat[data-seat='{seat}'] [data-field=drew]")
                expect(badge).to_have_text("servi")
                done["pat"] = True
            continue
        for name in ("Parole", "Montrer", re.compile(r"^Suivre \d+")):
            button = turn.get_by_role("button", name=name)
            if button.count():
                clicked(view, button)
                break


def test_a_player_plays_2_7_triple_draw_online_tapping_and_standing_pat(
    new_page: Callable[..., Page],
    server: Any,
    login: Callable[..., None],
    director_api: Callable[..., Any],
    tmp_path: Path,
) -> None:
    tournament = event_of(director_api(server), deep("fl27td").to_dict())
    dealer, player, human = online_table(new_page, server, login, tournament)
    view = player.locator("#table")
    done = {"tapped": False, "pat": False}
    for hand in range(1, 9):
        dealer.get_by_role("button", name="Jeu en ligne : lancer la main en ligne").click()
        expect(view.locator(".hand-head")).to_contain_text(f"Main {hand}")
        expect(view.locator("[data-field=game]")).to_have_text("2-7 triple draw limit")
        expect(view.locator(f".seat[data-seat='{human}'] .pc[data-card]")).to_have_count(5)
        others = view.locator(f".seat:not([data-seat='{human}']) .cards .pc[data-card]")
        if not view.locator("[data-field=result]").count():
            expect(others).to_have_count(0)  # nobody else's cards while the hand is played
        play_his_turns(view, human, tmp_path, done)
        result = view.locator("[data-field=result]")
        expect(result).to_contain_text(f"Résultat de la main {hand}")
        shown = result.locator("td[data-field=made]", has_text=LOW_WORDS)
        if done["tapped"] and done["pat"] and shown.count():
            break
        expect(dealer.locator("#table [data-field=result]")).to_contain_text(f"main {hand}")
    assert done == {"tapped": True, "pat": True}
    expect(view.locator("[data-field=result] td[data-field=made]", has_text=LOW_WORDS).first
           ).to_be_visible()  # fmt: skip
    shoot_screen(player, "draw-result-phone-fr", tmp_path)
    table = dealer.locator("#table")
    expect(table.locator("[data-field=game]")).to_have_text("2-7 triple draw limit")
    shoot_screen(dealer, "draw-dealer-fr", tmp_path)


def test_the_8_game_rotation_moves_the_table_into_2_7_triple_draw_at_the_next_hand(
    new_page: Callable[..., Page],
    server: Any,
    login: Callable[..., None],
    director_api: Callable[..., Any],
) -> None:
    api = director_api(server)
    eight_game = Rotation.eight_game().apply_to(deep())
    tournament = event_of(api, eight_game.to_dict())
    plo = next(index for index, item in enumerate(eight_game.items)
               if isinstance(item, Level) and item.game == "plo")  # fmt: skip
    for _ in range(plo):  # to pot-limit Omaha, the last game before the mix comes round again
        api.command(tournament, "skip-level")
    dealer, player, human = online_table(new_page, server, login, tournament)
    view = player.locator("#table")
    dealer.get_by_role("button", name="Jeu en ligne : lancer la main en ligne").click()
    expect(view.locator("[data-field=game]")).to_have_text("Omaha pot-limit")
    expect(view.locator(f".seat[data-seat='{human}'] .pc[data-card]")).to_have_count(4)
    # The level changes while the hand is played: the hand keeps its game to its end.
    api.command(tournament, "skip-level")
    player.reload()
    expect(view.locator("[data-field=game]")).to_have_text("Omaha pot-limit")
    turn = view.locator(".your-turn")
    result = view.locator("[data-field=result]")
    for _ in range(10):
        expect(turn.or_(result).first).to_be_visible()
        if result.count():
            break
        for name in ("Parole", "Montrer", "Passer"):  # he checks, or folds to a bet
            button = turn.get_by_role("button", name=name)
            if button.count():
                clicked(view, button)
                break
    expect(result).to_contain_text("Résultat de la main 1")
    # The next hand is 2-7 triple draw: five cards, and a draw step when the betting is done.
    dealer.get_by_role("button", name="Jeu en ligne : lancer la main en ligne").click()
    expect(view.locator(".hand-head")).to_contain_text("Main 2")
    expect(view.locator("[data-field=game]")).to_have_text("2-7 triple draw limit")
    expect(dealer.locator("#table [data-field=game]")).to_have_text("2-7 triple draw limit")
    expect(view.locator(f".seat[data-seat='{human}'] .pc[data-card]")).to_have_count(5)
    done = {"tapped": False, "pat": False}
    play_his_turns(view, human, None, done)
    expect(result).to_contain_text("Résultat de la main 2")
