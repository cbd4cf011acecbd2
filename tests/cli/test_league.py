"""``pokertd league``, through the root command, in-process with click's CliRunner.

Seasons live in a temporary event file beside the tournaments they import; the clock is fixed with
``POKERTD_NOW`` and the seat draws seeded with ``POKERTD_SEED``. English unless ``--lang fr``;
errors are one line on stderr, in the language asked, never a traceback.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import shlex
import time
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from pokertd.cli.main import cli
from pokertd.league import commands as cmd
from pokertd.service.leagues import LeagueService
from pokertd.store import open_store

T0 = "2026-03-06T19:00:00+00:00"
#: The custom formula of the season below: 100 points to the winner, down to 100/N for the last
#: of N entries, and 5 points for playing.
FORMULA = "100 * (entries - place + 1) / entries"


class Club:
    """Runs ``pokertd tournament ...`` and ``pokertd league ...`` against one event file."""

    def __init__(self, db: Path) -> None:
        self.db = db

    def run(self, *args: str, now: str = T0, **env: str) -> Result:
        environment: dict[str, str | None] = {
            "POKERTD_NOW": now,
            "POKERTD_SEED": "7",
            "POKERTD_DB": None,
            "POKERTD_LANG": None,
            **env,
        }
        return CliRunner().invoke(cli, [*args, "--db", str(self.db)], env=environment)

    def ok(self, *args: str, now: str = T0) -> str:
        result = self.run(*args, now=now)
        assert result.exit_code == 0, result.output
        assert result.stderr == ""
        return result.stdout

    def league(self, *args: str, now: str = T0) -> str:
        return self.ok("league", *args, now=now)

    def json(self, *args: str) -> Any:
        return json.loads(self.league(*args, "--json"))

    def tournament(self, title: str, *finishers: str, now: str = T0) -> str:
        """Play a tournament to its end: ``finishers`` in finishing order, the winner first.

        Returns its id."""
        created = self.ok("tournament", "create", "--title", title, "--json", now=now)
        stream = json.loads(created)["tournament"]
        self.ok("tournament", "register", *finishers, now=now)
        self.ok("tournament", "check-in", f"1-{len(finishers)}", now=now)
        self.ok("tournament", "draw", now=now)
        self.ok("tournament", "clock", "start", now=now)
        for entry in range(len(finishers), 1, -1):  # the last first
            self.ok("tournament", "bust", str(entry), now=now)
        return str(stream)


@pytest.fixture
def club(tmp_path: Path) -> Club:
    return Club(tmp_path / "club.db")


def write(path: Path, *lines: str) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def assert_error(result: Result, status: int, *fragments: str, lang: str = "en") -> None:
    """An error: its exit status, one line on stderr in the language asked, nothing on stdout."""
    assert result.exit_code == status, result.output
    assert result.stdout == ""
    assert result.stderr.startswith("erreur : " if lang == "fr" else "error: "), result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.output
    for fragment in fragments:
        assert fragment in result.stderr


def points(standing: dict[str, Any]) -> Fraction:
    return Fraction(standing["points_exact"])


# -- a season of three events ---------------------------------------------------------------------


def test_a_season_of_three_events_with_a_custom_formula_and_the_best_two(
    club: Club, tmp_path: Path
) -> None:
    created = club.league(
        "create", "--name", "Club", "--season", "2025-2026", "--points", FORMULA,
        "--bonus", "5", "--best", "2", "--of", "3",
    )  # fmt: skip
    assert created.splitlines() == [
        "league created: 'Club', season 2025-2026",
        f"  points: {FORMULA}, plus 5 points per event played",
        "  counted: the best 2 results (of 3 events)",
    ]
    # 1: a tournament of the file, six players; Alice's prize given on the command line.
    first = club.tournament("Friday", "Alice", "Bruno", "Chloé", "David", "Emma", "Farid")
    added = club.league(
        "add-event", "--tournament", first, "--date", "2026-01-09", "--prize", "1=120"
    )
    assert added.splitlines() == [
        "event 1 added: 'Friday' on 2026-01-09, 6 entries, from tournament-1",
        "  place  player  points  prize  note",
        "  1      Alice   105     120",
        "  2      Bruno   88.33",
        "  3      Chloé   71.67",
        "  4      David   55",
        "  5      Emma    38.33",
        "  6      Farid   21.67",
    ]
    # 2: a CSV file in French columns; Chloé and Gaëlle share places 3 and 4.
    results = write(
        tmp_path / "fevrier.csv",
        "rang;joueur;gain",
        "1;Bruno;80",
        "2;Alice;40",
        "3;Chloé;",
        "3;Gaëlle;",
    )
    added = club.league("add-event", "--csv", str(results), "--date", "2026-02-06")
    assert "event 2 added: 'fevrier' on 2026-02-06, 4 entries, from fevrier.csv" in added
    assert "  3-4    Chloé   42.50" in added
    # 3: another tournament, five players.
    third = club.tournament("March", "Chloé", "Alice", "Bruno", "David", "Emma")
    club.league("add-event", "--tournament", third, "--date", "2026-03-06", "--title", "Mars")

    standings = club.league("standings")
    assert standings.splitlines() == [
        "Club, season 2025-2026: 3 event(s) of 3, best 2 results counted",
        f"points: {FORMULA}, plus 5 points per event played",
        "rank  player  points  events  wins  best  counted",
        "1     Bruno   193.33  3       1     1st   #1, #2",
        "2     Alice   190     3       1     1st   #1, #3",
        "3     Chloé   176.67  3       1     1st   #1, #3",
        "4     David   100     2       0     4th   #1, #3",
        "5     Emma    63.33   2       0     5th   #1, #3",
        "6     Gaëlle  42.50   1       0     3rd   #2",
        "7     Farid   21.67   1       0     6th   #1",
    ]
    table = club.json("standings")
    assert (table["formula"], table["bonus"], table["best"], table["planned"]) == (
        FORMULA,
        "5",
        2,
        3,
    )
    lines = {line["player"]: line for line in table["standings"]}
    # Bruno: 88 1/3 (6 entries, 2nd) + 105 (won February); his 65 in March is not counted.
    assert points(lines["Bruno"]) == Fraction(500, 6) + 5 + 105
    assert lines["Bruno"]["points"] == 193.33
    assert lines["Bruno"]["counted"] == [1, 2]
    assert [r["points_exact"] for r in lines["Bruno"]["results"]] == ["265/3", "105", "65"]
    assert points(lines["Chloé"]) == 105 + Fraction(400, 6) + 5
    alice = lines["Alice"]["results"]
    assert [(r["event"], r["place"], r["prize"]) for r in alice] == [
        (1, 1, 12000),
        (2, 2, 4000),
        (3, 2, 0),
    ]
    listed = club.json("events")["events"]
    assert [(e["event"], e["title"], e["date"], e["entries"], e["source"]) for e in listed] == [
        (1, "Friday", "2026-01-09", 6, "tournament-1"),
        (2, "fevrier", "2026-02-06", 4, "fevrier.csv"),
        (3, "Mars", "2026-03-06", 5, "tournament-2"),
    ]


def test_the_standings_in_french(club: Club, tmp_path: Path) -> None:
    club.league("create", "--name", "Club", "--season", "2026", "--points", "sqrt", "--lang", "fr")
    results = write(tmp_path / "janvier.csv", "place,player", "1,Alice", "2,Bruno", "3,Chloé")
    added = club.league("--lang", "fr", "add-event", "--csv", str(results), "--date", "2026-01-09")
    assert added.splitlines()[:3] == [
        "manche 1 ajoutée : 'janvier' du 2026-01-09, 3 entrées, depuis janvier.csv",
        "  place  joueur  points  gain  note",
        "  1      Alice   17,32",
    ]
    assert club.league("standings", "--lang", "fr").splitlines() == [
        "Club, saison 2026 : 1 manche(s)",
        "points : 10 × √(entrées ÷ place)",
        "rang  joueur  points  manches  victoires  meilleure",
        "1     Alice   17,32   1        1          1re",
        "2     Bruno   12,25   1        0          2e",
        "3     Chloé   10      1        0          3e",
    ]
    # POKERTD_LANG works as --lang does; JSON is the same in both languages.
    result = club.run("league", "standings", "--json", POKERTD_LANG="fr")
    assert json.loads(result.stdout) == club.json("standings")


def test_the_default_title_and_date_of_an_event(club: Club, tmp_path: Path) -> None:
    club.league("create", "--name", "Club", "--season", "2026")
    noon = "2026-04-10T12:00:00+00:00"  # the same day in every time zone of Europe
    tournament = club.tournament("Friday night", "Alice", "Bruno", now=noon)
    club.league("add-event", "--tournament", tournament)
    results = write(tmp_path / "avril.csv", "place,player", "1,Bruno", "2,Alice")
    club.league("add-event", "--csv", str(results), now="2026-04-17T12:00:00+00:00")
    listed = [(e["title"], e["date"]) for e in club.json("events")["events"]]
    assert listed == [("Friday night", "2026-04-10"), ("avril", "2026-04-17")]


def test_several_seasons_in_one_file(club: Club) -> None:
    club.league("create", "--name", "Club", "--season", "2025")
    club.league("create", "--name", "Club", "--season", "2026", "--points", "table:10,5")
    assert [(s["league"], s["season"]) for s in club.json("list")["leagues"]] == [
        ("league-1", "2025"),
        ("league-2", "2026"),
    ]
    assert club.json("standings")["formula"] == "table:10,5"  # the latest
    assert club.json("standings", "--league", "1")["formula"] == "linear"
    assert "league-1  Club  2025    0" in club.league("list")


# -- importing ------------------------------------------------------------------------------------


def test_an_unfinished_tournament_is_refused(club: Club) -> None:
    club.league("create", "--name", "Club", "--season", "2026")
    club.ok("tournament", "create", "--title", "Tonight")
    club.ok("tournament", "register", "Alice", "Bruno", "Chloé")
    club.ok("tournament", "check-in", "1-3")
    club.ok("tournament", "draw")
    result = club.run("league", "add-event", "--tournament", "1")
    assert_error(result, 2, "'Tonight' is not finished: 3 player(s) still in (EVENT-STATE)")
    result = club.run("league", "add-event", "--tournament", "1", "--lang", "fr")
    assert_error(result, 2, "'Tonight' n'est pas terminé", lang="fr")


def test_a_tournament_imported_again_replaces_its_event(club: Club) -> None:
    club.league("create", "--name", "Club", "--season", "2026")
    tournament = club.tournament("Friday", "Alice", "Bruno", "Chloé")
    club.league("add-event", "--tournament", tournament, "--date", "2026-01-09")
    again = club.run("league", "add-event", "--tournament", tournament)
    assert_error(again, 2, "tournament-1 is already event 1 of the season")
    replaced = club.league(
        "add-event", "--tournament", tournament, "--replace", "1", "--prize", "#2=50,5",
        "--bounty", "3=10", "--date", "2026-01-09",
    )  # fmt: skip
    assert replaced.startswith("event 1 imported again: 'Friday' on 2026-01-09")
    assert "  2      Bruno   2       50.50" in replaced
    results = club.json("events", "1")["event"]["results"]
    assert [(r["player"], r["prize"], r["bounties"]) for r in results] == [
        ("Alice", 0, 0),
        ("Bruno", 5050, 0),
        ("Chloé", 0, 1000),
    ]


def test_players_with_names_alike_are_noted_then_merged(club: Club, tmp_path: Path) -> None:
    club.league("create", "--name", "Club", "--season", "2026")
    club.league("add-event", "--csv", str(write(tmp_path / "a.csv", "place,player", "1,Chloé")))
    added = club.league(
        "add-event", "--csv", str(write(tmp_path / "b.csv", "place,player", "1,chloe", "2,Bruno"))
    )
    assert "note: 'Chloé' and 'chloe' may be one player (see merge-players)" in added
    merged = club.league("merge-players", "chloe", "Chloé")
    assert merged == "'chloe' merged into 'Chloé': one player\n"
    assert [line["player"] for line in club.json("standings")["standings"]] == ["Chloé", "Bruno"]
    undone = club.league("undo")
    assert undone == "undone: 'chloe' merged into 'Chloé': one player\n"
    assert len(club.json("standings")["standings"]) == 3
    log = club.league("log").splitlines()
    assert log[-2].endswith("'chloe' merged into 'Chloé': one player  [undone]")
    assert log[-1].endswith("undone: 'chloe' merged into 'Chloé': one player")
    entries = club.json("log")["events"]
    assert [(e["version"], e["type"], e["cancelled"]) for e in entries[-2:]] == [
        (4, "players-merged", True),
        (5, "command-undone", False),
    ]
    assert "joueur" not in club.league("log", "--last", "1")


def test_remove_an_event_and_undo_it(club: Club, tmp_path: Path) -> None:
    club.league("create", "--name", "Club", "--season", "2026")
    club.league("add-event", "--csv", str(write(tmp_path / "a.csv", "place,player", "1,Alice")))
    assert club.league("remove-event", "#1") == "event 1 removed: 'a'\n"
    assert club.json("standings")["standings"] == []
    assert club.league("standings").endswith("no result yet\n")
    assert club.league("undo", "--lang", "fr") == "annulé : manche 1 retirée : 'a'\n"
    assert club.json("standings")["standings"][0]["player"] == "Alice"


def test_the_log_tells_the_changes_made_on_the_web(club: Club) -> None:
    """The web app changes the formula and names a tournament to add when it finishes
    (``LeagueService``, as the league page does); the CLI's log tells both."""
    club.league("create", "--name", "Club", "--season", "2026")
    friday = club.tournament("Friday", "Alice", "Bruno")
    store = open_store(club.db)
    try:
        service = LeagueService(store)
        service.execute("league-1", cmd.ChangeFormula("table:10,6", bonus=1, best=2))
        service.expect("league-1", friday)  # finished: added at once
    finally:
        store.close()
    told = club.league("log", "--last", "4").splitlines()
    without_times = [re.sub(r"^\s*(\d+)\s+\S+ \S+\s+", r"\1  ", line) for line in told]
    assert without_times == [
        "2  points formula changed: 10, 6 points for places 1 to 2, 0 below, plus 1 points "
        "per event played",
        f"3  {friday} expected: added when it finishes",
        f"4  event 1 added: 'Friday' on 2026-03-06, 2 entries, from {friday}",
        "5  event 1: rebuys, add-ons, knockouts and places paid",
    ]
    assert [line["points"] for line in club.json("standings")["standings"]] == [11, 7]


# -- exports --------------------------------------------------------------------------------------


def test_the_standings_and_an_event_export_to_csv(club: Club, tmp_path: Path) -> None:
    club.league("create", "--name", "Club", "--season", "2026", "--points", "table:10,6,4")
    club.league(
        "add-event", "--date", "2026-01-09",
        "--csv", str(write(tmp_path / "jan.csv", "place,player,prize", "1,Alice,100.5", "2,Bruno,",
                           "2,Chloé,")),
    )  # fmt: skip
    club.league(
        "add-event", "--date", "2026-02-06",
        "--csv", str(write(tmp_path / "feb.csv", "place,player", "1,Bruno", "2,David")),
    )  # fmt: skip
    target = tmp_path / "standings.csv"
    assert club.league("standings", "--csv", str(target)) == f"4 player(s) written to {target}\n"
    assert target.read_bytes().startswith(b"\xef\xbb\xbf")  # a BOM, for spreadsheets
    assert target.read_text(encoding="utf-8-sig").splitlines() == [
        "rank,player,points,played,wins,best_place,counted,#1 jan,#2 feb",
        "1,Bruno,15,2,1,1,#1 #2,5,10",
        "2,Alice,10,1,1,1,#1,10,",
        "3,David,6,1,0,2,#2,,6",
        "4,Chloé,5,1,0,2,#1,5,",
    ]
    french = club.league("standings", "--csv", "-", "--lang", "fr").splitlines()
    assert (
        french[0] == "rang;joueur;points;manches;victoires;meilleure_place;retenues;#1 jan;#2 feb"
    )
    exported = club.league("events", "1", "--csv", "-")
    assert exported.splitlines() == [
        "place,player,points,prize,bounties,entries,note",
        "1,Alice,10,100.5,0,3,",
        "2,Bruno,5,0,0,3,",
        "2,Chloé,5,0,0,3,",
    ]
    # The export reads back as an event's results.
    again = write(tmp_path / "again.csv", *exported.splitlines())
    club.league("add-event", "--csv", str(again), "--date", "2026-03-06")
    assert club.json("events", "3")["event"]["results"] == [
        {**result, "event": 3} for result in club.json("events", "1")["event"]["results"]
    ]
    written = club.json("events", "2", "--csv", str(tmp_path / "e2.csv"))
    assert written == {"league": "league-1", "csv": str(tmp_path / "e2.csv"), "rows": 2}


# -- BAN/D2 (SEAT-D2-REGULAR) ---------------------------------------------------------------------


def d2_season(club: Club, tmp_path: Path) -> None:
    """A season whose regulars are David and Emma, with two events of five players."""
    club.league(
        "create", "--name", "Bannalec", "--season", "2026", "--regular", "David",
        "--regular", "Emma",
    )  # fmt: skip
    for name, date, order in (
        ("jan", "2026-01-09", "Alice Bruno David Chloé Emma"),
        ("feb", "2026-02-06", "Alice David Bruno Chloé Emma"),
    ):
        rows = [f"{place},{player}" for place, player in enumerate(order.split(), 1)]
        path = write(tmp_path / f"{name}.csv", "place,player", *rows)
        club.league("add-event", "--csv", str(path), "--date", date)


def test_seat_d2_regular_first_offence_keeps_his_place(club: Club, tmp_path: Path) -> None:
    d2_season(club, tmp_path)
    told = club.league("regular-absent-d2", "1", "David")
    assert told.splitlines() == [
        "BAN/D2: David absent at the start of day 2 of event 1",
        "  first offence: out just before day 2, scores 3rd place (3 points)",
    ]
    results = club.json("events", "1")["event"]["results"]
    assert [(r["player"], r["place"], r["offence"]) for r in results][2] == ("David", 3, "first")


def test_seat_d2_regular_repeat_is_ranked_as_if_out_first(club: Club, tmp_path: Path) -> None:
    d2_season(club, tmp_path)
    club.league("regular-absent-d2", "1", "David")
    told = club.league("regular-absent-d2", "2", "David", "--late")
    assert told.splitlines() == [
        "BAN/D2: David late without warning at the start of day 2 of event 2",
        "  repeat offence: ranked as if out first, place 5 of 5 (1 point)",
    ]
    assert club.league("events", "2").splitlines() == [
        "event 2: 'feb' on 2026-02-06, 5 entries, buy-in 0, from feb.csv",
        "place  player  points  prize  note",
        "1      Alice   5",
        "2      Bruno   4",
        "3      Chloé   3",
        "4      Emma    2",
        "5      David   1              BAN/D2, repeat (was 2)",
    ]
    french = club.league("events", "2", "--lang", "fr").splitlines()
    assert french[-1] == "5      David   1             BAN/D2, récidive (était 2)"
    # Undo the repeat: David is back in 2nd place.
    club.league("undo")
    assert club.json("events", "2")["event"]["results"][1]["player"] == "David"


def test_seat_d2_regular_offences_count_in_the_order_played(club: Club, tmp_path: Path) -> None:
    d2_season(club, tmp_path)
    club.league("regular-absent-d2", "2", "David")
    told = club.league("regular-absent-d2", "1", "David", "--lang", "fr")
    assert told.splitlines() == [
        "BAN/D2 : David absent(e) au début du jour 2 de la manche 1",
        "  première fois : éliminé(e) juste avant le jour 2, marque les points de la 3e place "
        "(3 points)",
        "  manche 2 : l'absence de David est maintenant une récidive",
    ]


def test_seat_d2_regular_refusals(club: Club, tmp_path: Path) -> None:
    d2_season(club, tmp_path)
    result = club.run("league", "regular-absent-d2", "2", "Bruno")
    assert_error(result, 2, "Bruno is not a regular of the league", "(SEAT-D2-REGULAR)")
    result = club.run("league", "regular-absent-d2", "2", "Emma", "--late", "--warned")
    assert_error(result, 2, "Emma was late but warned the director", "(SEAT-D2-REGULAR)")
    result = club.run("league", "regular-absent-d2", "2", "Alice", "--lang", "fr")
    assert_error(result, 2, "Alice a gagné la manche 2", "(SEAT-D2-REGULAR)", lang="fr")
    result = club.run("league", "regular-absent-d2", "2", "david")
    assert_error(result, 1, "david has no result in event 2 (did you mean 'David'?)")
    # Absent, even after warning the director: the rule applies.
    club.league("regular-absent-d2", "2", "Emma", "--warned")
    result = club.run("league", "regular-absent-d2", "2", "Emma")
    assert_error(result, 2, "the day-2 rule is already applied to Emma in event 2")


def test_seat_d2_regular_with_a_two_day_tournament(club: Club) -> None:
    """The director removes the absent regular before day 2 starts; his place is his exit."""
    club.league("create", "--name", "Bannalec", "--season", "2026", "--points", "linear")
    club.ok("tournament", "create", "--title", "Main", "--profile", "bannalec")
    club.ok("tournament", "register", "Alice", "Bruno", "Chloé", "David", "Emma")
    club.ok("tournament", "check-in", "1-5")
    club.ok("tournament", "draw")
    club.ok("tournament", "clock", "start")
    club.ok("tournament", "bust", "2")
    stacks = [
        "--stack",
        "1=30000",
        "--stack",
        "3=25000",
        "--stack",
        "4=25000",
        "--stack",
        "5=20000",
    ]
    club.ok("tournament", "day", "end", *stacks)
    assert "#4 David busted in 4th place" in club.ok("tournament", "bust", "4")
    club.ok("tournament", "day", "start", now="2026-03-07T19:00:00+00:00")
    for entry in ("5", "1"):
        club.ok("tournament", "bust", entry, now="2026-03-07T20:00:00+00:00")
    club.league("add-event", "--tournament", "1", "--date", "2026-03-06")
    told = club.league("regular-absent-d2", "1", "David")
    assert "first offence: out just before day 2, scores 4th place (2 points)" in told


# -- errors ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "status", "english", "french"),
    [
        (["create", "--season", "1"], 1, "give the league's name with --name",
         "donnez le nom de la ligue avec --name"),
        (["create", "--name", "X", "--season", "1", "--best", "²"], 1,
         "--best is a whole number from 1, not '²'", "--best est un nombre entier à partir de 1"),
        (["create", "--name", "X", "--season", "1", "--points", "10 * sqrt(entrants)"], 1,
         "unknown variable 'entrants' (did you mean 'entries'?)",
         "variable inconnue 'entrants' (vouliez-vous dire 'entries' ?)"),
        (["create", "--name", "X", "--season", "1", "--points", "100 / (place - 1)"], 1,
         "cannot be computed for place 1 of 2 entries", "ne peut pas être calculée"),
        (["create", "--name", "X", "--season", "1", "--points", "table"], 1,
         "a points table lists the points of each place", "une table de points donne"),
        (["create", "--name", "X", "--season", "1", "--best", "4", "--of", "3"], 1,
         "the best 4 results cannot be counted out of 3 events",
         "on ne peut retenir les 4 meilleurs résultats sur 3 manches"),
        (["create", "--name", "X", "--season", "1", "--bonus", "-2"], 1,
         "--bonus is a number from 0", "--bonus est un nombre positif"),
        (["add-event"], 1, "give the results with --tournament ID or --csv FILE",
         "donnez les résultats avec --tournament ID ou --csv FICHIER"),
        (["add-event", "--csv", "missing.csv"], 1, "there is no file 'missing.csv'",
         "il n'y a pas de fichier 'missing.csv'"),
        (["add-event", "--tournament", "7"], 1, "there is no tournament '7'",
         "il n'y a pas de tournoi '7'"),
        (["add-event", "--csv", "r.csv", "--prize", "1=5"], 1, "--prize is for a tournament",
         "--prize sert pour un tournoi"),
        (["add-event", "--csv", "r.csv", "--bounty", "1=5"], 1,
         "--bounty is for a tournament; a CSV file has a bounties column",
         "--bounty sert pour un tournoi ; un fichier CSV a une colonne primes"),
        (["add-event", "--tournament", "1", "--prize", "1=5", "--prize", "#1=6"], 1,
         "--prize gives entry 1 twice", "--prize donne deux fois l'entrée 1"),
        (["add-event", "--tournament", "1", "--bounty", "1"], 1,
         "--bounty takes ENTRY=EUROS, such as 12=150, not '1'",
         "--bounty prend ENTRÉE=EUROS, comme 12=150, pas '1'"),
        (["add-event", "--csv", "r.csv", "--date", "9/1/2026"], 1,
         "a date is written YYYY-MM-DD", "une date s'écrit AAAA-MM-JJ"),
        (["add-event", "--csv", "r.csv", "--buyin", "lots"], 1,
         "--buyin is an amount in euros", "--buyin est un montant en euros"),
        (["add-event", "--csv", "bad.csv"], 1, "'bad.csv' line 3: a place is a number from 1",
         "'bad.csv' ligne 3 : une place est un nombre à partir de 1"),
        (["add-event", "--csv", "r.csv"], 2, "r.csv is already event 1 of the season",
         "r.csv est déjà la manche 1 de la saison"),
        (["remove-event", "9"], 1, "there is no event 9 in the season",
         "il n'y a pas de manche 9 dans la saison"),
        (["remove-event", "nine"], 1, "an event is a number such as 3, not 'nine'",
         "une manche est un numéro comme 3, pas 'nine'"),
        (["merge-players", "Zoé", "Alice"], 1, "there is no player 'Zoé' in the league",
         "il n'y a pas de joueur 'Zoé' dans la ligue"),
        (["merge-players", "Alice", "Bruno"], 2, "Alice and Bruno both played event 1",
         "Alice et Bruno ont tous deux joué la manche 1"),
        (["events", "4"], 1, "there is no event 4 in the season",
         "il n'y a pas de manche 4 dans la saison"),
        (["events", "--csv", "-"], 1, "--csv exports one event's results: give the EVENT",
         "--csv exporte les résultats d'une manche : donnez la MANCHE"),
        (["standings", "--csv", "nowhere/s.csv"], 1,
         "cannot write 'nowhere/s.csv': its folder does not exist",
         "impossible d'écrire 'nowhere/s.csv' : son dossier n'existe pas"),
        (["standings", "--league", "5"], 1, "there is no league '5'", "il n'y a pas de ligue '5'"),
        (["formula", "nonsense"], 1, "the formula 'nonsense' is not valid at character 1",
         "la formule 'nonsense' n'est pas valide au caractère 1"),
        (["formula", "linear", "--best", "zero"], 1, "--best is a whole number from 1, not 'zero'",
         "--best est un nombre entier à partir de 1, pas 'zero'"),
        (["formula", "100/(place-1)"], 1,
         "the formula '100/(place-1)' cannot be computed for place 1 of 2 entries",
         "la formule '100/(place-1)' ne peut pas être calculée pour la place 1 sur 2 entrées"),
        (["log", "--last", "0"], 1, "--last is a whole number from 1, not '0'",
         "--last est un nombre entier à partir de 1"),
        (["remove-event"], 1, "Missing argument 'EVENT'", "il manque l'argument 'EVENT'"),
        (["standings", "--bogus"], 1, "No such option '--bogus'", "option inconnue '--bogus'"),
        (["standing"], 1, "No such command 'standing'",
         "commande inconnue 'standing' (vouliez-vous dire standings ?)"),
        (["undo", "extra"], 1, "Got unexpected extra argument (extra)",
         "argument(s) en trop : extra"),
    ],
)  # fmt: skip
def test_user_errors_are_one_line_in_the_language_asked(
    club: Club,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    status: int,
    english: str,
    french: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    club.league("create", "--name", "Club", "--season", "2026")
    club.league("add-event", "--csv", str(write(tmp_path / "r.csv", "place,player", "1,Alice",
                                                "2,Bruno")))  # fmt: skip
    write(tmp_path / "bad.csv", "place,player", "1,Alice", "first,Bruno")
    before = club.json("log")
    assert_error(club.run("league", *args), status, english)
    assert_error(club.run("league", *args, "--lang", "fr"), status, french, lang="fr")
    assert_error(club.run("league", "--lang", "fr", *args), status, french, lang="fr")
    assert club.json("log") == before  # nothing stored


def test_errors_before_any_league(club: Club, tmp_path: Path) -> None:
    result = club.run("league", "standings")
    assert_error(result, 1, f"there is no event file '{club.db}': create a league first")
    club.ok("tournament", "create", "--title", "Friday")  # a file, without a league
    assert_error(club.run("league", "undo"), 1, "there is no league yet: create one first")
    result = club.run("league", "undo", "--lang", "fr")
    assert_error(result, 1, "il n'y a pas encore de ligue : créez-en une d'abord", lang="fr")
    club.league("create", "--name", "Club", "--season", "2026")
    assert_error(club.run("league", "undo"), 2, "there is nothing to undo (EVENT-STATE)")
    not_a_store = write(tmp_path / "notes.txt", "hello")
    result = CliRunner().invoke(
        cli, ["league", "standings", "--db", str(not_a_store), "--lang", "fr"], env={}
    )
    assert_error(result, 1, "ne peut pas être ouvert comme fichier d'événements", lang="fr")
    result = club.run("league", "standings", "--lang", "de")
    assert_error(result, 1, "--lang is en or fr, not 'de'")


def test_help_without_a_command(club: Club) -> None:
    assert "Keep a league" in club.ok("league")
    assert "regular-absent-d2" in club.ok("league", "--help")


# -- docs/leagues.md ------------------------------------------------------------------------------

PAGE = Path(__file__).resolve().parents[2] / "docs" / "leagues.md"
FENCE = re.compile(r"^```(\w*)\s*$")
#: A file shown in the page: "`name.csv`:", a blank line, then a ```csv block.
SHOWN_FILE = re.compile(r"^`([\w.-]+\.csv)`:\n\n```csv\n(.*?)```", re.DOTALL | re.MULTILINE)


@dataclass(frozen=True)
class Step:
    """A ``$ pokertd ...`` line of the page: run, and, in a ```console block, its output."""

    line: int
    command: str
    expected: tuple[str, ...] | None  # None in a ```shell block: the output is not shown


def page_steps(text: str) -> list[Step]:
    steps: list[Step] = []
    kind: str | None = None
    current: list[Any] | None = None
    for number, line in enumerate(text.splitlines(), 1):
        fence = FENCE.match(line)
        if kind is None:
            kind = fence.group(1) if fence else None
            continue
        if fence:
            kind = None
            continue
        if kind not in ("console", "shell"):
            continue
        if line.startswith("$ "):
            current = [number, line.removeprefix("$ "), [] if kind == "console" else None]
            steps.append(Step(current[0], current[1], None if current[2] is None else ()))
        elif current is not None and current[2] is not None:
            current[2].append(line.rstrip())
            steps[-1] = Step(current[0], current[1], tuple(current[2]))
    return steps


def exported(command: str) -> str | None:
    """Return the file a ``standings --csv FILE`` or ``events N --csv FILE`` writes, if any."""
    args = shlex.split(command)
    if args[1:3] not in (["league", "standings"], ["league", "events"]) or "--csv" not in args:
        return None
    return args[args.index("--csv") + 1]


@pytest.fixture
def utc() -> Iterator[None]:
    """The page's log shows times in UTC, the local time of this test."""
    before = os.environ.get("TZ")
    os.environ["TZ"] = "UTC"
    time.tzset()
    yield
    if before is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = before
    time.tzset()


@pytest.mark.usefixtures("utc")
def test_the_page_shows_what_the_commands_print(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every ``$ pokertd`` line of docs/leagues.md runs, in order, in one folder (the files the
    page shows are there), and prints what the page says; the files it writes are the page's."""
    text = PAGE.read_text(encoding="utf-8")
    steps = page_steps(text)
    shown = dict(SHOWN_FILE.findall(text))
    written = {name for step in steps if (name := exported(step.command)) in shown}
    assert len(steps) >= 30
    assert {"fevrier.csv", "classement.csv"} <= set(shown)
    monkeypatch.chdir(tmp_path)
    for name in set(shown) - written:
        (tmp_path / name).write_text(shown[name], encoding="utf-8")
    environment = {"POKERTD_NOW": "2026-03-06T22:30:00+00:00", "POKERTD_SEED": "7",
                   "POKERTD_DB": None, "POKERTD_LANG": None}  # fmt: skip
    for step in steps:
        args = shlex.split(step.command)
        assert args[0] == "pokertd", f"leagues.md:{step.line}: not a pokertd command"
        result = CliRunner().invoke(cli, args[1:], env=environment, prog_name="pokertd")
        assert "Traceback" not in result.output
        if step.expected is None:
            assert result.exit_code == 0, f"leagues.md:{step.line}: {result.output}"
            continue
        got = [line.rstrip() for line in result.output.splitlines()]
        if got != list(step.expected):
            diff = difflib.unified_diff(
                list(step.expected), got, "leagues.md", "pokertd", lineterm=""
            )
            pytest.fail(f"leagues.md:{step.line}: $ {step.command}\n" + "\n".join(diff))
    for name in written:
        assert (tmp_path / name).read_text(encoding="utf-8-sig") == shown[name], name


# -- a series: a season with a schedule (docs/leagues.md, "A series") -----------------------------


def test_series_the_documented_schedule_and_leaderboard_run(club: Club) -> None:
    """docs/leagues.md: three events on the series' schedule, two run by tournaments; the
    first finished in another command counts in the leaderboard by the series' formula."""
    club.league("create", "--name", "Summer series", "--season", "2026",
                "--points", "entries - place + 1")  # fmt: skip
    club.ok("tournament", "create", "--title", "Opening", "--template", "turbo",
            "--buy-in", "90+10")  # fmt: skip
    club.ok("tournament", "create", "--title", "PLO", "--template", "turbo",
            "--buy-in", "135+15")  # fmt: skip
    added = club.league("schedule", "2026-07-01", "Opening", "--buyin", "100",
                        "--format", "NLHE freezeout", "--tournament", "1")  # fmt: skip
    assert added.splitlines() == [
        "on the schedule: 'Opening' on 2026-07-01, buy-in 100, NLHE freezeout",
        "tournament-1 expected: added when it finishes",
    ]
    club.league("schedule", "2026-07-03", "PLO", "--buyin", "150", "--format", "PLO re-entry",
                "--tournament", "2")  # fmt: skip
    club.league("schedule", "2026-07-05", "Main event", "--buyin", "500",
                "--format", "NLHE, three flights")  # fmt: skip
    club.ok("tournament", "register", "Chloé", "Bruno", "Alice", "--event", "1")
    club.ok("tournament", "draw", "--event", "1")
    club.ok("tournament", "bust", "1", "--event", "1")
    club.ok("tournament", "bust", "2", "--event", "1")
    assert club.league("schedule").splitlines() == [
        "date        title       buy-in  format               stage",
        "2026-07-01  Opening     100     NLHE freezeout       finished, won by Alice",
        "2026-07-03  PLO         150     PLO re-entry         planned",
        "2026-07-05  Main event  500     NLHE, three flights  planned",
    ]
    assert club.league("standings").splitlines() == [
        "Summer series, season 2026: 1 event(s)",
        "points: entries - place + 1",
        "rank  player  points  events  wins  best",
        "1     Alice   3       1       1     1st",
        "2     Bruno   2       1       0     2nd",
        "3     Chloé   1       1       0     3rd",
    ]
    listed = club.json("schedule")["schedule"]
    assert [(e["title"], e["stage"], e["winner"], e["event"]) for e in listed] == [
        ("Opening", "finished", "Alice", 1),
        ("PLO", "planned", "", None),
        ("Main event", "planned", "", None),
    ]
    assert_error(club.run("league", "schedule", "1 July", "X"), 1,
                 "a date is written YYYY-MM-DD")  # fmt: skip
    assert_error(club.run("league", "schedule", "2026-07-09", "X", "--tournament", "2"), 2,
                 "tournament-2 is already on the schedule")  # fmt: skip
    french = club.run("league", "schedule", "--lang", "fr")
    assert french.exit_code == 0
    assert "terminé, gagné par Alice" in french.stdout
