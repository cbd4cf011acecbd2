"""The ledger by person from the French console's money tab, in a real browser (issue 15, defect
14: "the ledger also per person, not only per entry"): a player and his re-entry on one line, as
French Excel opens it.

The event is set up through the JSON API (an 18+2 € event with re-entries, a bust-out and a
re-entry); the download is clicked in the French console.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from pokertd.present.money_input import money_rules
from pokertd.tournament.structure import template

pytestmark = pytest.mark.e2e


def test_the_ledger_by_person_downloaded_from_the_french_money_tab(
    server: Any,
    new_page: Callable[..., Page],
    login: Callable[..., None],
    director_api: Callable[[Any], Any],
) -> None:
    api = director_api(server)
    stack = template("turbo").starting_stack
    money = money_rules({"buy_in": "18+2", "reentry": "18+2"}, starting_stack=stack)
    players = ("Zoé Martin", "Bruno Leroy", "Chloé Bernard")
    tournament = api.event(players, money=money, late_registration_levels=3, title="Jeudi")
    api.command(tournament, "bust-players", entries=[1])
    api.command(tournament, "re-enter", entry=1)

    page = new_page(server, locale="fr-FR")
    login(page)
    page.goto(f"/console/{tournament}")
    page.get_by_role("link", name="Argent").click()
    page.wait_for_load_state()  # htmx is deferred: act once it runs
    link = page.get_by_role("link", name="Comptes par personne (CSV)")
    expect(link).to_be_visible()
    with page.expect_download() as download:
        link.click()
    assert download.value.suggested_filename == f"{tournament}-people.csv"
    content = Path(download.value.path()).read_bytes()
    assert content.startswith("\ufeff".encode())  # French Excel reads UTF-8 only with it
    rows = list(csv.reader(io.StringIO(content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0][:4] == ["Joueur", "Entrées", "Buy-in", "Re-entry"]
    zoe = rows[1]
    assert zoe[:4] == ["Zoé Martin", "#1 #4", "20,00", "20,00"]
    assert zoe[-1] == "-40,00"  # she paid twice and is still in: no place, no prize yet
    assert [row[0] for row in rows[1:]] == list(players)
