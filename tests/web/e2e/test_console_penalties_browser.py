"""Issue 19 in a real browser, in French: a penalty shown as the event's book sets it, then
confirmed (PEN-LADDER, PEN-MISSED-HANDS), and the halt of a short table offered, not imposed
(TBL-BALANCE-HALT)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

PLAYERS = tuple(f"Joueur {letter}" for letter in "ABCDEFGHI")


def french_console(
    new_page: Callable[..., Page], server: Any, login: Callable[[Page], None], address: str
) -> Page:
    """The director's console, logged in, in French (the browser's language), at ``address``."""
    page = new_page(server, locale="fr-FR", viewport={"width": 1280, "height": 900})
    login(page)
    page.goto(address)
    page.wait_for_load_state()  # htmx is deferred: act once it runs
    return page


def test_pen_ladder_lfp_suspension_shown_refused_then_confirmed(
    new_page: Callable[..., Page],
    server: Any,
    login: Callable[[Page], None],
    director_api: Callable[[Any], Any],
) -> None:
    tournament = director_api(server).event(PLAYERS[:6], profile="lfp", title="Ligue")
    page = french_console(new_page, server, login, f"/console/{tournament}?tab=desk")
    form = page.locator("#penalty-form")
    form.get_by_label("Entrée").fill("2")
    form.get_by_label("Pénalité").select_option(label="tours de pénalité")
    form.get_by_label("Combien").fill("5")
    form.get_by_label("Motif").fill("Insultes")
    form.get_by_role("button", name="Appliquer la pénalité").click()
    # LFP 13.1: four rounds at most; the refusal names its rule, next to the form.
    error = page.locator("#penalty-form + .form-error")
    expect(error).to_contain_text("PEN-LADDER")
    expect(error).to_contain_text("4")
    expect(page.locator("#penalty-confirm")).to_have_count(0)

    form.get_by_label("Combien").fill("2")
    form.get_by_role("button", name="Appliquer la pénalité").click()
    shown = page.locator("#penalty-confirm")
    expect(shown).to_contain_text("2 tour(s) de table de suspension, soit 12 mains")
    expect(shown).to_contain_text("(6 joueurs à sa table, lui compris)")
    expect(shown.locator("[data-test=penalty-rule]")).to_have_text(
        "PEN-MISSED-HANDS · LFP 13.1, TDA 71A"
    )
    expect(shown).to_contain_text("sa main déclarée morte (PEN-SERVING)")
    expect(page.locator(".form-error:not(:empty)")).to_have_count(0)
    shown.get_by_role("button", name="Confirmer la pénalité").click()
    expect(page.locator("#penalty-confirm")).to_have_count(0)

    # The seat reflects it: 12 hands out.
    page.get_by_role("link", name="Tables", exact=True).click()
    page.wait_for_load_state()
    badge = page.locator("[data-test=penalty-hands]")
    expect(badge).to_have_count(1)
    expect(badge).to_have_text("pénalité : 12 main(s) sans jouer")


def test_pen_dq_confirmed_in_french(
    new_page: Callable[..., Page],
    server: Any,
    login: Callable[[Page], None],
    director_api: Callable[[Any], Any],
) -> None:
    """PEN-DQ (BAN/SANCTIONS): the chips leave play and the next tournament is barred."""
    tournament = director_api(server).event(PLAYERS[:5], profile="bannalec", title="Bannalec")
    page = french_console(new_page, server, login, f"/console/{tournament}?tab=desk")
    form = page.locator("#penalty-form")
    form.get_by_label("Entrée").fill("3")
    form.get_by_label("Pénalité").select_option(label="disqualification")
    form.get_by_label("Ce qu'il a fait").select_option(label="Tricherie")
    form.get_by_role("button", name="Appliquer la pénalité").click()
    shown = page.locator("#penalty-confirm")
    expect(shown).to_contain_text("Ses jetons sont retirés du jeu (PEN-DQ).")
    expect(shown).to_contain_text("suspendu pour le tournoi suivant (BAN/SANCTIONS)")
    shown.get_by_role("button", name="Confirmer la pénalité").click()
    expect(page.locator("tr[data-entry='3']")).to_contain_text("disqualifié(e)")


def test_tbl_balance_halt_offered_to_the_director_in_french(
    new_page: Callable[..., Page],
    server: Any,
    login: Callable[[Page], None],
    director_api: Callable[[Any], Any],
) -> None:
    """TDA 10D: at 6-handed tables, halting a short table is the director's decision."""
    api = director_api(server)
    tournament = api.event(PLAYERS, table_size=6, title="Six-max")
    tables = api.request.get(f"/api/tournaments/{tournament}/tables").json()
    small = min(tables, key=lambda table: len(table["seats"]))
    for seat in small["seats"][:2]:
        api.command(tournament, "bust-players", entries=[seat["entry"]])
    page = french_console(new_page, server, login, f"/console/{tournament}")
    offer = page.locator("#halt-offer")
    expect(offer).to_contain_text("Table courte")
    expect(offer.locator("[data-test=halt-offer]")).to_have_text(
        f"arrêter le jeu à la table {small['table']} jusqu'à l'équilibrage des tables est "
        "votre décision (TDA 10D)"
    )
    expect(page.get_by_text("Jeu arrêté jusqu'à l'équilibrage")).to_have_count(0)
    offer.get_by_role("button", name="L'arrêter et proposer les déplacements").click()
    # The moves are proposed: the offer's button gives way to them.
    expect(page.locator("#halt-offer button")).to_have_count(0)
    page.get_by_role("link", name="Tables", exact=True).click()
    expect(page.locator("#moves")).to_be_visible()
