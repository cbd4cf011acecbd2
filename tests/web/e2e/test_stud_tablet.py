"""A razz hand of a HORSE event at the dealer's tablet and online, in a real browser and in
French: the felt shows the level's limits, ante and bring-in and no blind; the dealer taps each
player's up card on the grid (the down cards stay unseen), the highest up card owes the bring-in
(razz), which the dealer posts with one tap; at the next street he taps the new up cards again
(TBL-MIXED-BUTTON: TDA 10B; STUD-BRINGIN-TIE: TDA PR-9C). Online, a player plays razz against
bots from his phone: his own down cards, the others' up cards only.

With ``POKERTD_SCREENSHOTS=1`` the screenshots go to ``docs/screenshots/`` (else a temporary
folder): ``stud-tablet-third-fr.png`` (third street entered, the bring-in owed),
``stud-tablet-fourth-fr.png`` (fourth street's up cards), ``stud-online-phone-fr.png``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from online_steps import bots_but_one, tapped
from playwright.sync_api import Locator, Page, expect
from shots import shoot
from test_draw_table import event_of

from conftest import DirectorApi, NewPage, Server
from pokertd.tournament.rotation import Rotation
from pokertd.tournament.structure import Level, Structure

pytestmark = pytest.mark.e2e

TABLET = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}
PLAYERS = ("Ana Costa", "Bruno Diaz", "Chloé Martin")
#: Third street's up cards in seat order: in razz the highest brings in, the king of spades
#: above the king of diamonds by suit (STUD-BRINGIN-TIE).
THIRD = ("Kd", "Ks", "3c")
FOURTH = ("5h", "9d", "Ah")


def horse_at_razz(api: DirectorApi) -> str:
    """A HORSE event (limits 200/400 from level 1), its three players arrived, at level 3: razz."""
    levels = tuple(Level(100, 200, 0, 20) for _ in range(10))
    structure = Rotation.horse().apply_to(Structure(levels, (25, 100), 20_000)).to_dict()
    tournament = event_of(api, structure, "Soirée HORSE")
    for _ in range(2):  # hold'em and Omaha-8 go by: razz
        api.command(tournament, "skip-level")
    return tournament


def enter_up_cards(table: Locator, ups: tuple[str, ...]) -> list[str]:
    """Tap each player's up card on the grid, seat after seat, as the form offers them; return
    the seats in the order served."""
    served: list[str] = []
    for up in ups:
        form = table.locator("details.hole-entry form")
        expect(form).to_be_visible()  # open by itself: the street waits for its cards
        seat = form.locator("input[name=seat]:checked").get_attribute("value") or ""
        form.locator(f"[data-pick='{up}']").click()
        expect(form.locator("input[name=cards]")).to_have_value(up)
        tapped(table, form.get_by_role("button", name="Saisir les cartes"))
        served.append(seat)
    return served


def test_a_dealer_deals_razz_of_a_horse_event_on_his_tablet(
    new_page: NewPage,
    server: Server,
    login: Callable[[Page], None],
    director_api: Callable[[Server], DirectorApi],
    tmp_path: Path,
) -> None:
    tournament = horse_at_razz(director_api(server))
    tablet = new_page(server, viewport=TABLET, locale="fr-FR")
    login(tablet)
    tablet.goto(f"/table/{tournament}/1")
    table = tablet.locator("#table")
    tapped(table, table.get_by_role("button", name="Lancer la main suivante"))

    head = table.locator(".hand-head")
    expect(head.locator("[data-field=game]")).to_have_text("Razz")
    expect(head.locator("[data-field=bets]")).to_have_text(
        "Limites 200/400 · Ante 25 · Bring-in 50"
    )
    expect(head).not_to_contain_text("Blinds")
    expect(table.locator(".seat .badge", has_text=re.compile(r"^(PB|GB|SB|BB)$"))).to_have_count(0)
    expect(table.locator("[data-field=cards-due]")).to_contain_text("Donnez la rue")
    expect(table.locator("[data-field=status]")).to_have_text("troisième rue")

    served = enter_up_cards(table, THIRD)
    # Each seat shows two unseen down cards and its up card.
    for seat, up in zip(served, THIRD, strict=True):
        cards = table.locator(f".seat[data-seat='{seat}'] .cards .pc")
        expect(cards).to_have_count(3)
        expect(cards.nth(2)).to_have_attribute("data-card", up)
        expect(cards.nth(0)).to_have_attribute("title", "carte inconnue")
    # Razz: the highest up card brings in, the king of spades by suit (TDA PR-9C).
    king = served[THIRD.index("Ks")]
    expect(table.locator("[data-field=to-act]")).to_have_text(
        re.compile(rf"^Siège {king} — .+ doit parler$")
    )
    actions = table.locator("form.actions")
    expect(actions.get_by_role("button", name="Bring-in 50")).to_be_visible()
    expect(actions.get_by_text("Compléter à")).to_be_visible()
    expect(actions.get_by_role("button", name="Passer")).to_have_count(0)  # he owes it
    expect(actions.locator("button[name=kind][value=all-in]")).to_have_count(0)
    # Limit: the pad's last key is the most he may bet, not his stack ("Tapis" said all-in).
    expect(actions.get_by_role("button", name=re.compile("^Tapis"))).to_have_count(0)
    expect(actions.get_by_role("button", name=re.compile(r"^Max\s*200$"))).to_be_visible()
    shoot(tablet, "stud-tablet-third-fr", tmp_path)
    tapped(table, actions.get_by_role("button", name="Bring-in 50"))
    log = table.locator("[data-field=log] li").first
    expect(log).to_have_text(re.compile(rf"^Siège {king} — .+\s*:\s*paie le bring-in 50$"))

    # The two others call the bring-in: fourth street waits for its up cards.
    for _ in range(2):
        tapped(table, table.locator("form.actions").get_by_role("button", name="Suivre 50"))
    expect(table.locator("[data-field=status]")).to_have_text("quatrième rue")
    enter_up_cards(table, FOURTH)
    for seat in served:
        expect(table.locator(f".seat[data-seat='{seat}'] .cards .pc")).to_have_count(4)
    # The best razz board acts first on fourth street: 3-A (the ace is low).
    low = served[THIRD.index("3c")]
    expect(table.locator("[data-field=to-act]")).to_have_text(
        re.compile(rf"^Siège {low} — .+ doit parler$")
    )
    expect(table.locator("form.actions").get_by_role("button", name="Parole")).to_be_visible()
    shoot(tablet, "stud-tablet-fourth-fr", tmp_path)


def test_a_player_plays_razz_online_from_his_phone_against_bots(
    new_page: NewPage,
    server: Server,
    login: Callable[[Page], None],
    director_api: Callable[[Server], DirectorApi],
    tmp_path: Path,
) -> None:
    """Online the server deals: the player sees his two down cards and his up card, the bots'
    up cards and never their down cards; he calls or checks to the end of the hand."""
    tournament = horse_at_razz(director_api(server))
    dealer = new_page(server, locale="fr-FR")
    login(dealer)
    dealer.goto(f"/table/{tournament}/1")
    human, path = bots_but_one(dealer, len(PLAYERS))
    phone = new_page(server, viewport=PHONE, locale="fr-FR")
    phone.goto(path)
    view = phone.locator("#table")
    dealer.get_by_role("button", name="Jeu en ligne : lancer la main en ligne").click()
    expect(view.locator("[data-field=game]")).to_have_text("Razz")
    expect(view.locator("[data-field=bets]")).to_have_text(
        "Limites 200/400 · Ante 25 · Bring-in 50"
    )
    mine = view.locator(f".seat[data-seat='{human}'] .cards .pc[data-card]")
    expect(mine).to_have_count(3)  # his down cards and his up card
    expect(view.locator(f".seat[data-seat='{human}'] .cards .pc.down")).to_have_count(2)
    expect(mine.nth(0)).to_have_attribute("title", "carte cachée")
    others = view.locator(f".seat:not([data-seat='{human}'])")
    expect(others).to_have_count(len(PLAYERS) - 1)
    result = view.locator("[data-field=result]")
    if not result.count():  # the bots may have ended it already
        for other in others.all():  # an up card each, the down cards unseen
            cards = other.locator(".cards .pc")
            expect(cards.nth(2)).to_have_attribute("data-card", re.compile(r"^[2-9TJQKA][cdhs]$"))
            expect(cards.nth(0)).not_to_have_attribute("data-card", re.compile("."))
            expect(cards.nth(1)).not_to_have_attribute("data-card", re.compile("."))
        shoot(phone, "stud-online-phone-fr", tmp_path)
    turn = view.locator(".your-turn")
    for _ in range(12):
        expect(turn.or_(result).first).to_be_visible()
        if result.count():
            break
        # Limit: the most he may bet is no all-in with 20,000 chips ("Tapis (200)" said it was).
        expect(turn.get_by_role("button", name=re.compile("^Tapis"))).to_have_count(0)
        for name in (re.compile(r"^Bring-in \d+"), "Parole", "Montrer", re.compile(r"^Suivre \d+")):
            button = turn.get_by_role("button", name=name)
            if button.count():
                before = view.get_attribute("data-log")
                button.click()
                expect(view).not_to_have_attribute("data-log", before or "")
                break
    expect(result).to_contain_text("Résultat de la main 1")
