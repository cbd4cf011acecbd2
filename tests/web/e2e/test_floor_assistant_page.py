"""The floor assistant in a real browser, in French: a four-card flop under the LFP, the steps to
carry out read as French sentences (``pokertd.present.floor.step_text``) and the explanation in
French; a hand described by tapping on a phone (the seats drawn, the button, each action) rules
as the same hand in PHH. With ``POKERTD_SCREENSHOTS=1`` the screenshots go to
``docs/screenshots/``: ``floor-tap-phone-fr.png``, ``floor-tap-ruling-phone-fr.png``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect
from shots import shoot


def test_a_four_card_flop_step_by_step_in_french(
    new_page: Callable[..., Page], server: Any
) -> None:
    page = new_page(server, locale="fr-FR")
    page.goto("/floor?lang=fr")
    page.locator("#floor-profile").select_option("lfp")
    page.get_by_label("Situation").select_option(label="Carte du board exposée ou prématurée")
    page.get_by_label("L'erreur du donneur").select_option(label="Flop de quatre cartes")
    page.get_by_label("Cartes sorties par erreur").fill("AsKd7c2h")
    page.get_by_label("Cartes brûlées sur la table").fill("9c")
    page.get_by_role("button", name="Obtenir la décision").click()
    ruling = page.locator("#ruling")
    expect(ruling).to_contain_text("À faire")
    steps = ruling.locator("ol li")
    expect(steps).to_have_text(
        [
            "Reprendre 2h (la quatrième carte du flop).",
            "Brûler 2h (la brûlure de la turn).",
            "Donner la turn sans autre brûlure : sa brûlure est en place.",
        ]
    )
    expect(ruling.locator(".explanation")).to_have_text(
        "Quatre cartes sont sorties au flop et leur ordre est connu : la quatrième, 2h, devient "
        "la brûlure de la turn et les trois autres forment le flop."
    )
    expect(ruling.locator("code").first).to_have_text("DEAL-FOUR-CARD-FLOP")


PHONE = {"width": 390, "height": 844}
#: The hand tapped below, as PHH: six players, the button in seat 3 (p1, the small blind, in
#: seat 4), p3 (seat 6) raises to 300, p4 (seat 1) calls, p5 (seat 2) folds; p6 (seat 3) acts.
PHH = """variant = "NT"
antes = [0, 0, 0, 0, 0, 0]
blinds_or_straddles = [50, 100, 0, 0, 0, 0]
min_bet = 100
starting_stacks = [10000, 10000, 10000, 10000, 10000, 10000]
actions = ["p3 cbr 300", "p4 cc", "p5 f"]
"""


def ruling_shown(page: Page) -> dict[str, str]:
    ruling = page.locator("#ruling")
    expect(ruling.locator(".decision")).to_be_visible()
    return {
        "decision": ruling.locator(".decision strong").inner_text(),
        "rule": ruling.locator("code").first.inner_text(),
        "explanation": ruling.locator(".explanation").inner_text(),
        "articles": ruling.get_by_text("Articles").inner_text(),
    }


def test_a_floor_ruling_built_by_tapping_is_the_ruling_of_the_same_hand_in_phh(
    new_page: Callable[..., Page], server: Any, tmp_path: Path
) -> None:
    """On a phone, one-handed: the floor person taps six at the table, the button in seat 3,
    then what each did in turn; the ruling on a single 1000 chip pushed by seat 3 is the ruling
    of the same hand typed in PHH, naming the seat instead of the hand's counting."""
    page = new_page(server, viewport=PHONE, locale="fr-FR")
    page.goto("/floor?lang=fr&kind=chips&profile=tda-2017")
    page.locator("#f-chips").fill("1000")
    tap = page.locator("[data-tap]")
    tap.get_by_role("button", name="6", exact=True).click()
    tap.get_by_role("button", name="Siège 3", exact=True).click()
    turn = tap.locator("[data-field=tap-turn]")
    expect(turn).to_have_text("Siège 6 doit parler (préflop)")
    expect(tap.locator("[data-field=tap-to]")).to_have_value("200")
    tap.locator("[data-field=tap-to]").fill("300")
    tap.get_by_role("button", name="Relancer").click()
    expect(turn).to_have_text("Siège 1 doit parler (préflop)")
    tap.get_by_role("button", name="Suivre 300").click()
    tap.get_by_role("button", name="Passer").click()
    expect(turn).to_have_text("Siège 3 doit parler (préflop)")
    expect(tap.locator(".tap-log li")).to_have_text(
        ["Siège 6 : relance à 300", "Siège 1 : suit", "Siège 2 : se couche"]
    )
    expect(page.locator("#f-actions")).to_have_value("p3 cbr 300\np4 cc\np5 f")
    for target in tap.locator("[data-seat], [data-do], [data-count]").all():
        box = target.bounding_box()  # within the phone's width, big enough for a thumb
        assert box is not None
        assert box["x"] >= 0, box
        assert box["x"] + box["width"] <= PHONE["width"], box
        assert box["height"] >= 40 or target.get_attribute("data-do") == "undo", box
    shoot(page, "floor-tap-phone-fr", tmp_path)
    page.get_by_role("button", name="Obtenir la décision").click()
    tapped = ruling_shown(page)
    expect(page.locator("[data-field=ruling-seat]")).to_have_text("(Siège 3)")
    assert "Le joueur du siège 3 pousse 1000" in tapped["explanation"]
    shoot(page, "floor-tap-ruling-phone-fr", tmp_path)

    typed = new_page(server, viewport=PHONE, locale="fr-FR")
    typed.goto("/floor?lang=fr&kind=chips&profile=tda-2017")
    typed.locator("#f-chips").fill("1000")
    typed.get_by_text("Avancé : la main saisie en texte, ou en PHH").click()
    typed.locator("#f-phh").fill(PHH)
    typed.get_by_role("button", name="Obtenir la décision").click()
    from_phh = ruling_shown(typed)
    assert from_phh["decision"] == tapped["decision"] == "suivre 300"
    assert from_phh["rule"] == tapped["rule"] == "BET-SINGLE-CHIP"
    assert from_phh["articles"] == tapped["articles"]
    assert tapped["explanation"].replace("du siège 3", "6") == from_phh["explanation"]
