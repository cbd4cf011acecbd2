"""The ledger by person (issue 15, defect 14: "the ledger also per person, not only per entry"):
the console's money view offers it; each person's buy-in, re-entries, rebuys, add-ons, prizes,
bounties and net, a player's re-entries on his line; in French as French Excel opens it
(semicolons, decimal commas, a byte order mark), a name like a formula kept as text."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

from pokertd.league.results import results_from_rows
from pokertd.present.tournament_input import read_csv

Run = Callable[..., Any]
NASTY = '=HYPERLINK("http://evil.example","x")'


def _money_event(director: TestClient, run: Run) -> str:
    """An 18+2 event with a 5.00 bounty, re-entries and rebuys: Ana busts (Bruno takes her
    bounty) and re-enters, Bruno rebuys, then Dan busts (Ana takes his bounty)."""
    token = director.headers["X-CSRF-Token"]
    fields = {"csrf": token, "title": "Soirée", "template": "turbo", "buy_in": "18+2",
              "bounty": "5", "reentry": "18+2", "late_levels": "3", "rebuy": "10",
              "rebuy_levels": "2"}  # fmt: skip
    made = director.post("/console/create", data=fields, follow_redirects=False)
    assert made.status_code == 303, made.text
    tournament = str(made.headers["location"]).rsplit("/", 1)[1]
    for player in ("Ana", "Bruno", NASTY, "Dan"):
        run(director, tournament, "register", player=player)
    run(director, tournament, "draw-seats")
    run(director, tournament, "start-clock")
    run(director, tournament, "bust-players", entries=[1], takers={"1": 2})
    run(director, tournament, "re-enter", entry=1)
    run(director, tournament, "rebuy", entry=2, stack=0)
    run(director, tournament, "bust-players", entries=[4], takers={"4": 5})
    return tournament


def test_the_money_view_offers_the_ledger_by_person(director: TestClient, run: Run) -> None:
    tournament = _money_event(director, run)
    director.cookies.set("lang", "fr")
    page = director.get(f"/console/{tournament}?tab=money").text
    assert f'href="/console/{tournament}/export/people.csv"' in page
    assert "Comptes par personne (CSV)" in page


def test_the_ledger_by_person_in_french(director: TestClient, run: Run) -> None:
    tournament = _money_event(director, run)
    director.cookies.set("lang", "fr")
    answer = director.get(f"/console/{tournament}/export/people.csv")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/csv")
    assert 'filename="tournament-1-people.csv"' in answer.headers["content-disposition"]
    raw = answer.content.decode("utf-8")
    assert raw.startswith("\ufeff")  # French Excel reads UTF-8 only with it
    rows = list(csv.reader(io.StringIO(raw.removeprefix("\ufeff")), delimiter=";"))
    assert rows == [
        ["Joueur", "Entrées", "Buy-in", "Re-entry", "Recave", "Add-on", "Payé", "Place", "Prix",
         "Primes", "Net"],
        ["Ana", "#1 #5", "25,00", "25,00", "0,00", "0,00", "50,00", "", "0,00", "5,00", "-45,00"],
        ["Bruno", "#2", "25,00", "0,00", "10,00", "0,00", "35,00", "", "0,00", "5,00", "-30,00"],
        ["'" + NASTY, "#3", "25,00", "0,00", "0,00", "0,00", "25,00", "", "0,00", "0,00",
         "-25,00"],
        ["Dan", "#4", "25,00", "0,00", "0,00", "0,00", "25,00", "4", "0,00", "0,00", "-25,00"],
    ]  # fmt: skip
    director.cookies.delete("lang")
    by_entry = director.get(f"/console/{tournament}/export/ledger.csv").text
    per_entry = list(csv.DictReader(io.StringIO(by_entry)))
    assert sum(float(row["net"]) for row in per_entry) == -125.0  # the same money, by entry


def test_the_ledger_by_person_in_english_and_an_unknown_export(
    director: TestClient, run: Run
) -> None:
    tournament = _money_event(director, run)
    text = director.get(f"/console/{tournament}/export/people.csv").text
    assert text.splitlines()[1] == "Ana,#1 #5,25.00,25.00,0.00,0.00,50.00,,0.00,5.00,-45.00"
    answer = director.get(f"/console/{tournament}/export/persons.csv")
    assert answer.status_code == 404
    assert "results, payouts, ledger or people" in answer.text


def test_defect_15_french_exports_head_their_columns_in_french_and_read_back_into_a_league(
    director: TestClient, run: Run, tmp_path: Any
) -> None:
    """The French results file's columns are French (Place, Joueur, Prix...), and a league
    still reads it (``pokertd league add-event --csv``: the names it knows in both languages)."""
    tournament = _money_event(director, run)
    run(director, tournament, "bust-players", entries=[2], takers={"2": 5})
    director.cookies.set("lang", "fr")
    text = director.get(f"/console/{tournament}/export/results.csv").text
    assert text.splitlines()[0] == "\ufeffPlace;Joueur;Entrée;Prix;Primes"
    for what, heading in (("payouts", "Place;Prix"), ("ledger", "Entrée;Joueur;Place;Payé")):
        answer = director.get(f"/console/{tournament}/export/{what}.csv").text
        assert answer.removeprefix("\ufeff").startswith(heading), what
    path = tmp_path / "resultats.csv"
    path.write_text(text, encoding="utf-8")
    field = results_from_rows(read_csv(path, []), entries=5)
    read = {result.player: (result.place, result.bounties) for result in field.results}
    assert read["Dan"] == (4, 0)
    assert read["Bruno"] == (3, 500)  # Ana's bounty, read from "Primes" with a decimal comma
    director.cookies.delete("lang")
    english = director.get(f"/console/{tournament}/export/results.csv").text
    assert english.splitlines()[0] == "place,player,entry,prize,bounties"  # a file format
