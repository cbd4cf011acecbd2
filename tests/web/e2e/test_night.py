"""Running the night from the console, in French, in a real browser: issue 15's defects 4 (hand-for-
hand on the bubble), 6 (chip counts, chip leaders, the deal preview from typed counts), 10 (a live
console), 11 (moves with names, move slips, the final table's size) and 13 (the end of the event).

The event is set up through the JSON API (players registered, seats drawn); what each defect is
about is done by clicking and typing in the French console, and asserted as the director sees it.
With ``POKERTD_SCREENSHOTS=1`` the new screens are written to ``docs/screenshots/``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from shots import shoot

from pokertd.present.money_input import money_rules
from pokertd.tournament.structure import template

pytestmark = pytest.mark.e2e

NAMES = (
    "Alice Martin", "Bruno Leroy", "Chloé Bernard", "David Moreau", "Emma Petit", "Fabien Roux",
    "Gaëlle Faure", "Hugo Girard", "Inès Blanc", "Julien Garnier", "Karima Chevalier",
    "Louis Muller", "Manon Lefèvre", "Nicolas Fontaine", "Océane Robin", "Paul Mercier",
    "Quentin Dupuis", "Rose Lambert", "Samuel Bonnet", "Théo François", "Ugo Martinez",
    "Valérie Legrand", "William Garcia", "Yasmine David",
)  # fmt: skip
#: 12 places paid out of a pool of 24 entries at 18 € (cents, decreasing, adding up to the pool).
TWELVE_PAID = [10000, 7000, 5000, 4000, 3400, 3000, 2600, 2200, 1800, 1800, 1700, 700]


def money_event(api: Any, players: tuple[str, ...], **fields: Any) -> str:
    """Create an 18+2 € event (tda-2017, turbo, 9 seats a table), register, draw, start."""
    money = money_rules({"buy_in": "18+2"}, starting_stack=template("turbo").starting_stack)
    return str(api.event(players, money=money, **fields))


def status(api: Any, tournament: str) -> dict[str, Any]:
    answer = api.request.get(f"/api/tournaments/{tournament}")
    assert answer.ok, answer.text()
    document: dict[str, Any] = answer.json()
    return document


def bust_down_to(api: Any, tournament: str, left: int) -> None:
    """Bust players through the API, the moves confirmed as they fall due, until ``left``."""
    while status(api, tournament)["players_left"] > left:
        tables = api.request.get(f"/api/tournaments/{tournament}/tables").json()
        fullest = max(tables, key=lambda table: len(table["seats"]))
        api.command(tournament, "bust-players", entries=[fullest["seats"][0]["entry"]])
        if status(api, tournament)["moves"] != "none":
            api.command(tournament, "propose-moves")
            api.command(tournament, "confirm-moves")


def french_console(new_page: Callable[..., Page], server: Any, login: Callable[..., None]) -> Page:
    page = new_page(server, locale="fr-FR")
    login(page)
    return page


def test_defect_4_hand_for_hand_on_the_bubble(
    server: Any,
    new_page: Callable[..., Page],
    login: Callable[..., None],
    director_api: Callable[[Any], Any],
    tmp_path: Path,
) -> None:
    api = director_api(server)
    tournament = money_event(api, NAMES)
    api.command(tournament, "set-payouts", prizes=TWELVE_PAID)
    bust_down_to(api, tournament, 13)  # 13 left on two tables, 12 paid: the bubble
    page = french_console(new_page, server, login)
    tv = new_page(server, locale="fr-FR", viewport={"width": 1280, "height": 720})
    tv.goto(f"/display/{tournament}/clock")
    expect(tv.locator("#connection[data-state=open]")).to_be_visible()
    expect(tv.locator("[data-field=hfh]")).to_be_hidden()
    expect(tv.locator("[data-field=paid]")).to_have_text("12")

    page.goto(f"/console/{tournament}")
    summary = page.locator("#summary")
    expect(summary.locator("[data-test=players-left]")).to_have_text("13")
    expect(summary.locator("[data-test=places-paid]")).to_have_text("12")
    expect(summary.locator("[data-test=bubble]")).to_have_text("Bulle")
    card = page.locator("#hand-for-hand")
    expect(card.locator("[data-test=hfh-advice]")).to_contain_text(
        "Sur la bulle : le prochain éliminé est le dernier non payé."
    )
    expect(card).to_contain_text("HFH-TRIGGER, TDA PR-8A")
    shoot(page, "night-bubble-fr", tmp_path)

    card.get_by_role("button", name="Lancer le main par main").click()
    expect(summary.locator("[data-test=hfh-badge]")).to_have_text("Main par main")
    expect(card.locator("[data-test=hfh-state]")).to_contain_text(
        "Chaque main coûte 02:00 du niveau"
    )
    expect(page.locator("[data-test=clock]")).to_contain_text("retenue pour le main par main")
    expect(tv.locator("[data-field=hfh]")).to_be_visible()
    expect(tv.locator("[data-field=hfh]")).to_have_text("Main par main")
    shoot(tv, "night-hand-for-hand-tv-fr", tmp_path, full_page=False)

    # HFH-CLOCK (TDA PR-8B): the level's clock is held; each hand dealt costs two minutes.
    countdown = page.locator("[data-test=clock] .countdown")
    held = float(countdown.get_attribute("data-remaining") or "nan")
    card.get_by_role("button", name="Main suivante à toutes les tables").click()
    expect(countdown).not_to_have_attribute("data-remaining", str(held))
    after = float(countdown.get_attribute("data-remaining") or "nan")
    assert after == pytest.approx(held - 120)
    shoot(page, "night-hand-for-hand-fr", tmp_path)

    page.locator("nav.tabs a[href$='tab=bust']").click()
    out = page.locator("#bust-form label").first
    out.locator("input[type=checkbox]").check()
    page.get_by_role("button", name="Enregistrer les éliminations").click()
    expect(summary.locator("[data-test=players-left]")).to_have_text("12")
    card = page.locator("#hand-for-hand")
    expect(card.locator("[data-test=hfh-advice]")).to_have_text(
        "La bulle a éclaté : finissez le main par main."
    )
    card.get_by_role("button", name="Finir le main par main").click()
    expect(summary.locator("[data-test=hfh-badge]")).to_have_count(0)
    expect(tv.locator("[data-field=hfh]")).to_be_hidden()
    assert status(api, tournament)["clock"]["is_running"] is True


def test_defect_6_chip_counts_chip_leaders_and_a_deal_on_typed_counts(
    server: Any,
    new_page: Callable[..., Page],
    login: Callable[..., None],
    director_api: Callable[[Any], Any],
    tmp_path: Path,
) -> None:
    api = director_api(server)
    tournament = money_event(api, NAMES[:6])
    api.command(tournament, "set-payouts", prizes=[6000, 3000, 1800])  # 108 € to three places
    bust_down_to(api, tournament, 3)
    page = french_console(new_page, server, login)
    page.goto(f"/console/{tournament}?tab=tables")
    table = page.locator("section[data-table]").first
    seats = table.locator("input[name^=chips-]")
    expect(seats).to_have_count(3)
    counts = [30000, 60000, 30000]
    names = [field.get_attribute("name") or "" for field in seats.all()]
    leader_entry = names[1].removeprefix("chips-")
    for field, count in zip(seats.all(), counts, strict=True):
        field.fill(f"{count:,}".replace(",", " "))  # typed as a French director writes it
    table.get_by_role("button", name=re.compile("Enregistrer les tapis de la table")).click()
    stacks = page.locator("section[data-table] [data-test=stack]")
    expect(stacks).to_have_text([f"{count:,}".replace(",", "\u202f") for count in counts])
    leaders = page.locator("#chip-leaders tr")
    expect(leaders).to_have_count(3)
    expect(leaders.first).to_contain_text("60\u202f000")  # as a French page writes it
    shoot(page, "night-chip-counts-fr", tmp_path)

    page.locator("nav.tabs a[href$='tab=money']").click()
    rows = page.locator("#deal-form tbody tr")
    expect(rows).to_have_count(3)
    icm = page.locator(f"#deal-form tr[data-entry='{leader_entry}'] [data-test=icm]")
    before = icm.inner_text()
    assert before, "no ICM preview on the recorded counts"
    short = rows.filter(has_not=page.locator(f"input[name='stack-{leader_entry}']")).first
    short.locator("input[name^=stack-]").fill("1000")  # a short stack typed in the form
    expect(icm).not_to_have_text(before)  # recomputed as it is typed, nothing recorded
    shoot(page, "night-deal-preview-fr", tmp_path)
    assert status(api, tournament)["players_left"] == 3

    # DAY-END: the counts recorded are the bagged stacks; the day ends, its clock stopped.
    page.locator("nav.tabs a[href$='tab=tables']").click()
    page.get_by_role("button", name="Ensacher les tapis et finir la journée").click()
    expect(page.locator("[data-test=summary-clock] .countdown")).to_have_attribute(
        "data-running", "false"
    )
    ended = status(api, tournament)
    assert ended["clock"]["is_running"] is False
    entries = api.request.get(f"/api/tournaments/{tournament}/entries").json()
    bagged = {e["entry"]: e["stack"] for e in entries if e["status"] == "seated"}
    assert bagged[int(leader_entry)] == 60000
    assert sorted(bagged.values()) == sorted(counts)


def test_defect_10_the_console_is_live(
    server: Any,
    new_page: Callable[..., Page],
    login: Callable[..., None],
    director_api: Callable[[Any], Any],
) -> None:
    api = director_api(server)
    tournament = api.event(NAMES[:8], late_registration_levels=4)  # the desk still registers
    desk_a = french_console(new_page, server, login)
    desk_b = french_console(new_page, server, login)
    desk_a.goto(f"/console/{tournament}")
    desk_a.evaluate("window.notReloaded = true")
    clock_line = desk_a.locator("[data-test=summary-clock] .countdown")
    first = clock_line.inner_text()
    expect(clock_line).not_to_have_text(first)  # it ticks by itself

    desk_b.goto(f"/console/{tournament}?tab=bust")
    desk_b.locator("#bust-form label", has_text=NAMES[0]).locator("input[type=checkbox]").check()
    desk_b.get_by_role("button", name="Enregistrer les éliminations").click()
    expect(desk_b.locator("[data-test=players-left]")).to_have_text("7")
    expect(desk_a.locator("[data-test=players-left]")).to_have_text("7")  # pushed to desk A
    assert desk_a.evaluate("window.notReloaded === true"), "desk A reloaded the whole page"

    # What desk A is typing is never wiped: it is told another desk changed the event.
    desk_a.locator("nav.tabs a[href$='tab=desk']").click()
    desk_a.locator("#register-form input[name=player]").fill("Zoé Arnaud")
    desk_b.locator("#bust-form label", has_text=NAMES[1]).locator("input[type=checkbox]").check()
    desk_b.get_by_role("button", name="Enregistrer les éliminations").click()
    expect(desk_b.locator("[data-test=players-left]")).to_have_text("6")
    expect(desk_a.locator("[data-test=stale]")).to_contain_text(
        "Un autre poste a modifié le tournoi."
    )
    expect(desk_a.locator("#register-form input[name=player]")).to_have_value("Zoé Arnaud")
    expect(desk_a.locator("[data-test=players-left]")).to_have_text("7")
    desk_a.locator("[data-test=stale] button").click()
    expect(desk_a.locator("[data-test=players-left]")).to_have_text("6")


def test_defect_11_moves_with_names_slips_and_the_final_table(
    server: Any,
    new_page: Callable[..., Page],
    login: Callable[..., None],
    director_api: Callable[[Any], Any],
    tmp_path: Path,
) -> None:
    api = director_api(server)
    tournament = api.event(NAMES[:18])  # two full tables of 9
    tables = api.request.get(f"/api/tournaments/{tournament}/tables").json()
    first = [seat["entry"] for seat in tables[0]["seats"]]
    for entry in first[:3]:  # 6 against 9: more than 2 apart, a move is due (TBL-BALANCE-THRESHOLD)
        api.command(tournament, "bust-players", entries=[entry])
    page = french_console(new_page, server, login)
    page.goto(f"/console/{tournament}?tab=tables")
    final = page.locator("#final-table")
    expect(final.locator("[data-test=final-table-size]")).to_have_text("10")
    expect(final.locator("[data-test=final-table-warning]")).to_contain_text(
        "Plus que les 9 places d'une table"
    )
    page.get_by_role("button", name="Proposer les déplacements").click()
    moves = page.locator("#moves tr[data-move]")
    expect(moves).to_have_count(1)
    number = int(moves.first.get_attribute("data-move") or "0")
    player = NAMES[number - 1]
    expect(moves.first).to_contain_text(player)
    expect(moves.first).to_contain_text("équilibrage")
    shoot(page, "night-moves-fr", tmp_path)

    with page.context.expect_page() as opened:
        page.locator("[data-test=move-slips]").click()
    slips = opened.value
    slip = slips.locator(".slip")
    expect(slip).to_have_count(1)
    expect(slip).to_contain_text(player)
    expect(slip.locator(".slip-to")).to_contain_text("Aller à : table 1, siège")
    shoot(slips, "night-move-slips-fr", tmp_path)

    page.get_by_role("button", name="Confirmer les déplacements").click()
    expect(page.locator("#moves")).to_have_count(0)
    row = page.locator("section[data-table='1']", has_text=player)
    expect(row).to_be_visible()


def test_defect_13_the_end_of_the_event(
    server: Any,
    new_page: Callable[..., Page],
    login: Callable[..., None],
    director_api: Callable[[Any], Any],
    tmp_path: Path,
) -> None:
    api = director_api(server)
    players = NAMES[:3]
    tournament = money_event(api, players)
    api.command(tournament, "set-payouts", prizes=[3000, 1600, 800])  # 54 € to three places
    page = french_console(new_page, server, login)
    tv = new_page(server, locale="fr-FR", viewport={"width": 1280, "height": 720})
    tv.goto(f"/display/{tournament}/clock")
    expect(tv.locator("#connection[data-state=open]")).to_be_visible()
    expect(tv.locator("[data-field=time]")).to_have_attribute("data-running", "true")

    page.goto(f"/console/{tournament}?tab=bust")
    for player in players[:2]:
        page.locator("#bust-form label", has_text=player).locator("input[type=checkbox]").check()
        page.get_by_role("button", name="Enregistrer les éliminations").click()
        expect(page.locator("#bust-form label", has_text=player)).to_have_count(0)
    winner = players[2]
    expect(page.locator("#bust-form")).to_have_count(0)  # nobody is left to bust
    expect(page.locator("#summary [data-test=winner-line]")).to_contain_text(winner)
    expect(page.locator("#summary [data-test=summary-clock]")).to_have_count(0)
    results = page.locator("#results")
    expect(results.locator("h2")).to_have_text("Le tournoi est terminé")
    expect(results.locator("[data-test=winner]")).to_contain_text(winner)
    rows = results.locator("tbody tr")
    expect(rows).to_have_count(3)
    expect(rows.first).to_contain_text(winner)
    expect(results.locator("[data-test=prize]")).to_have_text(["30,00", "16,00", "8,00"])
    shoot(page, "night-event-over-fr", tmp_path)

    page.locator("nav.tabs a[href$='tab=overview']").click()
    expect(page.locator("[data-test=clock]")).to_have_text(
        "Le tournoi est terminé : l'horloge est arrêtée."
    )
    expect(page.get_by_role("button", name="Pause")).to_have_count(0)
    expect(tv.locator("[data-field=time]")).to_have_attribute("data-running", "false")
    expect(tv.locator("[data-field=winner]")).to_be_visible()
    expect(tv.locator("[data-field=winner-name]")).to_have_text(winner)
    assert status(api, tournament)["clock"]["is_running"] is False  # ELIM-END: stopped
    shoot(tv, "night-winner-tv-fr", tmp_path, full_page=False)


def test_defect_9_the_log_newest_first_filtered_and_an_earlier_bust_out_corrected(
    server: Any,
    new_page: Callable[..., Page],
    login: Callable[..., None],
    director_api: Callable[[Any], Any],
    tmp_path: Path,
) -> None:
    api = director_api(server)
    tournament = api.event(NAMES[:8])
    page = french_console(new_page, server, login)
    page.goto(f"/console/{tournament}?tab=bust")
    wrong, right = NAMES[0], NAMES[1]
    page.locator("#bust-form label", has_text=wrong).locator("input[type=checkbox]").check()
    page.get_by_role("button", name="Enregistrer les éliminations").click()
    expect(page.locator("[data-test=players-left]")).to_have_text("7")
    page.locator("nav.tabs a[href$='tab=overview']").click()
    page.locator("button[data-action=clock-pause]").click()  # a command after the mistake
    expect(page.locator("[data-test=clock]")).to_contain_text("en pause")

    page.locator("nav.tabs a[href$='tab=log']").click()
    rows = page.locator("#log tr[data-cmd]")
    numbers = [int(row.get_attribute("data-cmd") or "0") for row in rows.all()]
    assert numbers == sorted(numbers, reverse=True), "the log is not newest first"
    expect(rows.first).to_contain_text("pause")
    page.locator("[data-test=log-filter]").fill("elimine")  # no accent, no capital: found
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text(wrong)
    shoot(page, "night-log-fr", tmp_path)

    rows.first.locator("[data-test=undo-back-to]").click()
    expect(page.locator("h1")).to_contain_text("Annuler jusqu'à la commande")
    cancelled = page.locator("#cancelled tr[data-cmd]")
    expect(cancelled).to_have_count(2)  # the bust-out and the pause after it
    expect(cancelled.nth(0)).to_contain_text("pause")
    expect(cancelled.nth(1)).to_contain_text(wrong)
    expect(page.locator("#changes [data-test=players-after]")).to_have_text("8")
    changed = page.locator("#changes tr[data-entry]")
    expect(changed).to_have_count(1)
    expect(changed.first).to_contain_text(wrong)
    expect(changed.first.locator("td").nth(2)).to_contain_text("en jeu · table 1 siège")
    shoot(page, "night-undo-preview-fr", tmp_path)
    page.get_by_role("button", name="Annuler ces commandes").click()

    expect(page.locator("[data-test=players-left]")).to_have_text("8")
    expect(page.locator("#log tr.undone")).to_have_count(2)
    page.locator("nav.tabs a[href$='tab=bust']").click()
    page.locator("#bust-form label", has_text=right).locator("input[type=checkbox]").check()
    page.get_by_role("button", name="Enregistrer les éliminations").click()
    expect(page.locator("#results")).to_contain_text(right)
    expect(page.locator("#results")).not_to_contain_text(wrong)
    assert status(api, tournament)["clock"]["is_running"] is True
