"""The floor assistant in a real browser, in French: a four-card flop under the LFP, the steps to
carry out read as French sentences (``pokertd.present.floor.step_text``) and the explanation in
French."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect


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
