"""``pokertd tournament``, run in-process with click's CliRunner on a temporary event file.

The clock is fixed with ``POKERTD_NOW`` and the draws seeded with ``POKERTD_SEED``; tests read the
seating back from ``tables --json`` rather than trusting one draw, and never wait for time to pass.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from pokertd.cli.main import cli

T0 = "2026-03-06T19:00:00+00:00"
NAMES = [
    "Alice",
    "Bruno",
    "Chloé",
    "David",
    "Emma",
    "Farid",
    "Gaëlle",
    "Hugo",
    "Inès",
    "Jules",
    "Karim",
    "Léa",
    "Malik",
    "Nora",
    "Oscar",
    "Paula",
    "Quentin",
    "Rose",
]


class Director:
    """Runs ``pokertd tournament ...`` against one event file, at a moment of its choosing."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.now = T0

    def run(self, *args: str, now: str | None = None, **env: str) -> Result:
        environment: dict[str, str | None] = {
            "POKERTD_NOW": now or self.now,
            "POKERTD_SEED": "7",
            "POKERTD_DB": None,
            **env,
        }
        return CliRunner().invoke(cli, ["tournament", *args, "--db", str(self.db)], env=environment)

    def ok(self, *args: str, now: str | None = None) -> str:
        result = self.run(*args, now=now)
        assert result.exit_code == 0, result.output
        return result.stdout

    def json(self, *args: str, now: str | None = None) -> Any:
        return json.loads(self.ok(*args, "--json", now=now))

    def tables(self) -> dict[int, list[int]]:
        """Return the entries at each table, by seat."""
        listed = self.json("tables")["tables"]
        return {table["table"]: [seat["entry"] for seat in table["seats"]] for table in listed}

    def version(self) -> int:
        return int(self.json("log")["version"])


@pytest.fixture
def director(tmp_path: Path) -> Director:
    return Director(tmp_path / "event.db")


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests read the English text, whatever language the shell running them asks for."""
    monkeypatch.delenv("POKERTD_LANG", raising=False)


def start(director: Director, players: int = 12, *create: str) -> None:
    """Create a turbo, register and check in ``players``, draw the seats, start the clock."""
    director.ok("create", "--title", "Friday turbo", "--template", "turbo", *create)
    director.ok("register", *NAMES[:players])
    director.ok("check-in", f"1-{players}")
    director.ok("draw")
    director.ok("clock", "start")


def assert_refused(result: Result, rule: str) -> None:
    """A rule refusal: exit 2, one line on stderr naming the rule, nothing on stdout."""
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert result.stderr.startswith("error: ")
    assert result.stderr.count("\n") == 1
    assert rule in result.stderr


def assert_malformed(result: Result, *fragments: str) -> None:
    """Malformed input: exit 1, one line on stderr, never a traceback."""
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith("error: ")
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.output
    for fragment in fragments:
        assert fragment in result.stderr


# -- a whole tournament ---------------------------------------------------------------------------


def test_a_tournament_from_creation_to_its_winner(director: Director) -> None:
    created = director.ok("create", "--title", "Friday turbo", "--template", "turbo")
    assert "tournament created: 'Friday turbo', profile tda-2017" in created
    registered = director.ok("register", *NAMES[:12])
    assert "#1 Alice registered" in registered
    assert "#12 Léa registered" in registered
    assert "#5 Emma checked in" in director.ok("check-in", "1-12")
    drawn = director.ok("draw")
    assert drawn.startswith("seats drawn: 12 players at 2 table(s)")

    assert "Time left: 12:00 (not started)" in director.ok("clock")
    assert "Time left: 12:00 (running)" in director.ok("clock", "start")
    # Ninety seconds later, read from the file by a new invocation.
    later = director.ok("clock", now="2026-03-06T19:01:30+00:00")
    assert "Level 1: 100/200" in later
    assert "Time left: 10:30 (running)" in later
    assert "Next level: 150/300" in later

    tables = director.tables()
    assert sorted(len(players) for players in tables.values()) == [6, 6]
    nxt = director.json("hand", "next", "1")
    assert nxt["big_blind"]["entry"] in tables[1]
    started = director.ok("hand", "start", "1")
    assert started.startswith("table 1 hand 1 started at level 1 (100/200)")
    first, second = tables[1][:2]
    both = director.ok(
        "bust", str(first), str(second), "--stack", f"{first}=4000", "--stack", f"{second}=2500"
    )
    assert "busted in 11th place (started the hand with 4000)" in both
    assert "busted in 12th place (started the hand with 2500)" in both
    assert "table 1 hand 1 finished" in director.ok("hand", "finish", "1")

    # Ten left: the final table (ten seats, TDA 11) is due; the director proposes, then confirms.
    assert director.json("moves")["status"] == "due"
    proposed = director.ok("moves", "propose")
    assert proposed.startswith("moves proposed (to confirm):")
    assert director.json("moves")["status"] == "proposed"
    confirmed = director.ok("moves", "confirm")
    assert "now seats 10" in confirmed
    assert "closed" in confirmed
    (final,) = director.tables().values()
    assert len(final) == 10

    for entry in final[:-1]:
        director.ok("bust", str(entry))
    winner = final[-1]
    status = director.ok("status")
    assert f"Winner: #{winner} " in status
    assert "Players: 1 left of 12 entries" in status
    standings = director.json("standings")["standings"]
    assert [row["places"] for row in standings] == [str(place) for place in range(1, 13)]
    assert standings[0]["entry"] == winner
    assert director.json("status")["stage"] == "finished"


def test_the_state_lives_in_the_file(director: Director, tmp_path: Path) -> None:
    director.ok("create", "--title", "Monday")
    director.ok("register", "Alice", "--contact", "06 12 34 56 78")
    director.ok("register", "Bruno")
    entries = director.json("entries")["entries"]
    assert [(e["entry"], e["player"], e["status"]) for e in entries] == [
        (1, "Alice", "registered"),
        (2, "Bruno", "registered"),
    ]
    assert entries[0]["contact"] == "06 12 34 56 78"
    # The same file through $POKERTD_DB, from another invocation.
    result = CliRunner().invoke(
        cli, ["tournament", "entries"], env={"POKERTD_DB": str(director.db), "POKERTD_NOW": T0}
    )
    assert result.exit_code == 0
    assert "#2     Bruno" in result.stdout


def test_several_tournaments_in_one_file(director: Director) -> None:
    director.ok("create", "--title", "Monday")
    director.ok("create", "--title", "Tuesday", "--profile", "lfp")
    listed = director.json("list")
    assert [(t["tournament"], t["title"], t["profile"]) for t in listed] == [
        ("tournament-1", "Monday", "tda-2017"),
        ("tournament-2", "Tuesday", "lfp"),
    ]
    director.ok("register", "Alice", "--event", "1")
    assert director.json("status", "--event", "tournament-1")["registered"] == 1
    assert director.json("status")["registered"] == 0  # the latest one
    assert_malformed(director.run("status", "--event", "3"), "no tournament '3'")


# -- JSON -----------------------------------------------------------------------------------------


def test_changing_commands_print_their_events_as_json(director: Director) -> None:
    created = director.json("create", "--title", "Monday", "--table-size", "6")
    assert created["tournament"] == "tournament-1"
    assert created["version"] == 1
    (event,) = created["events"]
    assert event["type"] == "tournament-created"
    assert event["table_size"] == 6
    registered = director.json("register", "Alice", "Bruno")
    assert set(registered) == {"tournament", "version", "events"}
    assert registered["version"] == 3
    assert [(e["type"], e["entry"], e["player"]) for e in registered["events"]] == [
        ("player-registered", 1, "Alice"),
        ("player-registered", 2, "Bruno"),
    ]
    assert all("at" in e and "cmd" in e for e in registered["events"])


def test_reading_commands_json(director: Director) -> None:
    start(director, 12)
    status = director.json("status")
    assert status["players_left"] == 12
    assert status["entries"] == 12
    assert status["average_stack"] == 20_000
    assert status["chips_in_play"] == 240_000
    assert status["registration_open"] is False
    assert status["moves"] == "none"
    assert status["clock"]["level_number"] == 1
    assert status["clock"]["is_running"] is True
    clock = director.json("clock")
    assert clock["remaining"] == 720.0
    assert clock["started"] is True
    assert clock["next_level"]["big_blind"] == 300
    tables = director.json("tables")["tables"]
    assert {t["table"] for t in tables} == {1, 2}
    seat = tables[0]["seats"][0]
    assert set(seat) >= {"seat", "entry", "player", "stack", "present", "role", "penalty_hands"}
    assert tables[0]["halted"] is False
    assert tables[0]["next_hand"]["heads_up"] is False
    roles = [s["role"] for s in tables[0]["seats"]]
    assert sorted(r for r in roles if r) == ["big-blind", "button", "small-blind"]
    log = director.json("log", "--last", "2")
    assert [e["type"] for e in log["events"]] == ["seats-drawn", "clock-started"]
    assert log["events"][0]["version"] == log["version"] - 1
    moves = director.json("moves")
    assert moves == {"tournament": "tournament-1", "status": "none", "moves": []}


# -- refusals: exit 2 with the rule ---------------------------------------------------------------


def test_drawing_twice_is_refused_by_seat_draw(director: Director) -> None:
    start(director, 4)
    version = director.version()
    assert_refused(director.run("draw"), "SEAT-DRAW")
    assert director.version() == version


def test_two_busts_without_stacks_are_refused_by_elim_simultaneous(director: Director) -> None:
    start(director, 6)
    assert_refused(director.run("bust", "1", "2"), "ELIM-SIMULTANEOUS")
    assert_refused(director.run("bust", "1", "2", "--stack", "1=900"), "ELIM-SIMULTANEOUS")
    tied = director.json("bust", "1", "2", "--stack", "1=900", "--stack", "2=900")
    (event,) = tied["events"]
    assert [result[:3] for result in event["results"]] == [[1, 5, 2], [2, 5, 2]]
    assert "5-6" in director.ok("standings")


def test_a_short_table_halts_until_balanced(director: Director) -> None:
    start(director, 18)  # two full tables of nine
    tables = director.tables()
    busts = [director.ok("bust", str(entry)) for entry in tables[1][:3]]
    assert "play halts at table(s) 1 until the tables are balanced" in busts[-1]
    assert director.json("tables")["tables"][0]["halted"] is True
    assert_refused(director.run("hand", "start", "1"), "TBL-BALANCE-HALT")
    assert director.json("status")["halted_tables"] == [1]
    due = director.json("moves")
    assert due["status"] == "due"
    assert due["moves"][0]["reason"] == "balance"
    director.ok("moves", "propose")
    director.ok("moves", "confirm")
    assert director.json("status")["halted_tables"] == []
    assert "table 1 hand 1 started" in director.ok("hand", "start", "1")


def test_late_registration_closes_after_the_levels_set(director: Director) -> None:
    start(director, 4, "--late-levels", "1")
    late = director.json("register", "Zoé")
    assert [e["type"] for e in late["events"]] == ["player-registered", "player-seated"]
    assert late["events"][1]["stack"] == 20_000
    director.ok("clock", "skip")
    assert director.json("status")["registration_open"] is False
    assert_refused(director.run("register", "Yann"), "SEAT-LATE-WINDOW")
    assert_refused(director.run("reenter", "1"), "BUY-REENTRY")


def test_late_registration_closes_at_the_time_set(director: Director) -> None:
    """SEAT-LATE-WINDOW at a time: ``--late-until 20:00`` is the next 20:00 after creation."""
    start(director, 4, "--late-until", "2026-03-06T20:00+00:00")
    assert director.json("register", "Zoé", now="2026-03-06T19:59:00+00:00")["events"]
    refused = director.run("register", "Yann", now="2026-03-06T20:00:00+00:00")
    assert_refused(refused, "SEAT-LATE-WINDOW")
    assert "closed at 2026-03-06T20:00+00:00" in refused.stderr
    malformed = director.run("create", "--title", "Bad", "--late-until", "soon")
    assert malformed.exit_code == 1
    assert "22:30" in malformed.stderr


def test_no_late_registration_by_default_under_tda(director: Director) -> None:
    start(director, 4)
    version = director.version()
    assert_refused(director.run("register", "Zoé", "Yann"), "SEAT-LATE-WINDOW")
    assert director.version() == version


def test_gran_madrid_announces_three_to_seven_last_hands(director: Director) -> None:
    start(director, 4, "--profile", "gran-madrid")
    assert_refused(director.run("day", "last-hands", "2"), "DAY-END")
    assert "the last 5 hands of the day" in director.ok("day", "last-hands", "5")


def test_a_hand_cannot_start_twice(director: Director) -> None:
    start(director, 4)
    director.ok("hand", "start", "1")
    assert_refused(director.run("hand", "start", "1"), "EVENT-STATE")


# -- malformed input: exit 1 ----------------------------------------------------------------------


def test_status_without_an_event_file(director: Director) -> None:
    assert_malformed(director.run("status"), "no event file", "event.db")
    assert not director.db.exists()


def test_unknown_and_malformed_entries(director: Director) -> None:
    start(director, 4)
    assert_malformed(director.run("bust", "99"), "no entry 99")
    assert_malformed(director.run("bust", "Alice"), "an entry is a number", "'Alice'")
    assert_malformed(director.run("bust", "1", "--stack", "1:400"), "ENTRY=CHIPS", "'1:400'")
    assert_malformed(director.run("bust", "1", "2", "--stack", "1=lots"), "'lots'")
    assert_malformed(director.run("stack", "1", "12.5"), "whole number of chips")
    assert_malformed(director.run("moves", "confirm", "--move", "1-2-3"), "ENTRY:TABLE:SEAT")


def test_usage_errors_exit_1_on_one_line(director: Director) -> None:
    start(director, 4)
    assert_malformed(director.run("hand", "start"), "Missing argument 'TABLE'")
    assert_malformed(director.run("hand", "start", "one"), "'one' is not a valid integer")
    assert_malformed(director.run("penalty", "1", "--hands", "2", "--warning"), "exactly one")
    assert_malformed(director.run("day", "end"), "--stack ENTRY=CHIPS or --stacks FILE")


@pytest.mark.parametrize("group", [(), ("hand",), ("day",), ("hfh",)])
def test_a_group_without_a_subcommand_shows_its_help(group: tuple[str, ...]) -> None:
    result = CliRunner().invoke(cli, ["tournament", *group])
    assert result.exit_code == 0
    assert result.stdout.startswith(f"Usage: cli tournament {' '.join((*group, ''))}")


def test_a_bad_name_in_a_list_leaves_the_file_unchanged(director: Director) -> None:
    director.ok("create", "--title", "Monday")
    assert_malformed(director.run("register", "Alice", "  "), "needs a name")
    assert director.json("entries")["entries"] == []


def test_bad_create_options_leave_no_file(director: Director, tmp_path: Path) -> None:
    assert_malformed(director.run("create", "--title", "x", "--profile", "nope"), "'nope'")
    assert_malformed(director.run("create", "--title", "x", "--chips", "25,abc"), "--chips")
    assert_malformed(director.run("create", "--title", "x", "--table-size", "12"), "12")
    structure = tmp_path / "s.json"
    structure.write_text("{}", encoding="utf-8")
    assert_malformed(
        director.run("create", "--title", "x", "--structure", str(structure), "--stack", "5"),
        "--structure replaces",
    )
    assert_malformed(director.run("create", "--title", "x", "--structure", str(structure)))
    assert not director.db.exists()


# -- structure files ------------------------------------------------------------------------------

STRUCTURE_TOML = """
name = "Club night"
starting_stack = 10000
chips = [25, 100, 500]

[[items]]
type = "level"
small_blind = 25
big_blind = 50
minutes = 20

[[items]]
type = "break"
minutes = 10
colour_up = [25]

[[items]]
type = "level"
small_blind = 100
big_blind = 200
minutes = 20
"""


def test_create_from_a_toml_structure(director: Director, tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text(STRUCTURE_TOML, encoding="utf-8")
    created = director.json("create", "--title", "Club", "--structure", str(path))
    structure = created["events"][0]["structure"]
    assert structure["name"] == "Club night"
    assert structure["starting_stack"] == 10_000
    assert len(structure["items"]) == 3
    assert "Level 1: 25/50" in director.ok("clock")
    # The structure is checked: an ante of 25 is not payable once the 25s are coloured up.
    path.write_text(STRUCTURE_TOML.replace("big_blind = 200", "big_blind = 200\nante = 25"))
    assert_malformed(
        director.run("create", "--title", "Club", "--structure", str(path)),
        "removes a chip that level 2 (100/200 ante 25) still needs",
    )


def test_create_from_a_json_structure(director: Director, tmp_path: Path) -> None:
    path = tmp_path / "club.json"
    data = {
        "name": "J",
        "starting_stack": 5000,
        "chips": [25, 100],
        "items": [{"type": "level", "small_blind": 25, "big_blind": 50, "minutes": 15}],
    }
    path.write_text(json.dumps(data), encoding="utf-8")
    director.ok("create", "--title", "J", "--structure", str(path))
    assert director.json("clock")["remaining"] == 900.0
    broken = tmp_path / "broken.toml"
    broken.write_text("starting_stack = ", encoding="utf-8")
    assert_malformed(director.run("create", "--title", "K", "--structure", str(broken)))


# -- undo and the log -----------------------------------------------------------------------------


def test_undo_cancels_the_last_command(director: Director) -> None:
    start(director, 4)
    director.ok("bust", "3")
    assert director.json("entries")["entries"][2]["entry"] == 4  # #3 is no longer listed
    undone = director.ok("undo")
    assert undone.startswith("undone: #3 Chloé busted in 4th place (event ")
    assert [e["entry"] for e in director.json("entries")["entries"]] == [1, 2, 3, 4]
    log = director.json("log")["events"]
    assert [e["cancelled"] for e in log[-2:]] == [True, False]
    assert log[-1]["type"] == "command-undone"
    assert "[undone]" in director.ok("log", "--last", "2")


def test_nothing_to_undo(director: Director) -> None:
    director.ok("create", "--title", "Monday")
    assert_refused(director.run("undo"), "EVENT-STATE")


# -- CSV files ------------------------------------------------------------------------------------


def test_import_registers_each_row_and_goes_on_after_errors(
    director: Director, tmp_path: Path
) -> None:
    director.ok("create", "--title", "Monday")
    players = tmp_path / "players.csv"
    players.write_text("Name;Contact\nAlice;alice@example.org\n;nobody\nBruno;\n", "utf-8")
    result = director.run("import", str(players))
    assert result.exit_code == 1
    assert "line 2: #1 Alice registered" in result.stdout
    assert "line 3: (no name) not registered" in result.stdout
    assert "2 of 3 rows registered" in result.stdout
    assert result.stderr.count("\n") == 1
    assert "line 3" in result.stderr
    entries = director.json("entries")["entries"]
    assert [(e["player"], e["contact"]) for e in entries] == [
        ("Alice", "alice@example.org"),
        ("Bruno", ""),
    ]


def test_import_json_reports_rows(director: Director, tmp_path: Path) -> None:
    director.ok("create", "--title", "Monday")
    players = tmp_path / "players.csv"
    players.write_text("name\nAlice\nBruno\n", "utf-8")
    document = director.json("import", str(players))
    assert [row["entry"] for row in document["rows"]] == [1, 2]
    assert [e["type"] for e in document["events"]] == ["player-registered"] * 2


def test_import_after_the_draw_reports_the_rule(director: Director, tmp_path: Path) -> None:
    start(director, 4)
    players = tmp_path / "late.csv"
    players.write_text("name\nZoé\n", "utf-8")
    result = director.run("import", str(players))
    assert result.exit_code == 2
    assert "SEAT-LATE-WINDOW" in result.stdout
    assert "SEAT-LATE-WINDOW" in result.stderr


def test_a_bad_csv_is_refused_whole(director: Director, tmp_path: Path) -> None:
    director.ok("create", "--title", "Monday")
    wrong = tmp_path / "wrong.csv"
    wrong.write_text("nom,tel\nAlice,06\n", "utf-8")
    assert_malformed(director.run("import", str(wrong)), "no 'name' column")
    binary = tmp_path / "binary.csv"
    binary.write_bytes(b"\xff\xfe\x00name")
    assert_malformed(director.run("import", str(binary)), "not a UTF-8 text file")
    assert_malformed(director.run("import", str(tmp_path / "missing.csv")), "missing.csv")
    assert director.json("entries")["entries"] == []


def test_a_day_ends_with_bagged_stacks_from_a_file(director: Director, tmp_path: Path) -> None:
    start(director, 4)
    bags = tmp_path / "bags.csv"
    bags.write_text("entry,chips\n#1,30000\n2,25000\n3,15000\n", "utf-8")
    assert_malformed(director.run("day", "end", "--stacks", str(bags)), "every player still in")
    bags.write_text("entry,chips\n#1,30000\n2,25000\n3,15000\n4,10000\n", "utf-8")
    assert "day 1 ended: 4 stacks bagged" in director.ok("day", "end", "--stacks", str(bags))
    seats = director.json("tables")["tables"][0]["seats"]
    assert {seat["entry"]: seat["stack"] for seat in seats} == {
        1: 30000,
        2: 25000,
        3: 15000,
        4: 10000,
    }
    assert director.json("clock")["is_running"] is False
    bags.write_text("entry,chips\n1,many\n", "utf-8")
    assert_malformed(director.run("day", "end", "--stacks", str(bags)), "'many'")
    started = director.json("day", "start", "--no-redraw")
    assert [e["type"] for e in started["events"]] == ["day-started"]
    assert director.json("status")["day"] == 2


# -- the clock, hands, penalties ------------------------------------------------------------------


def test_clock_commands(director: Director) -> None:
    start(director, 4)
    director.now = "2026-03-06T19:05:00+00:00"
    assert "Time left: 08:00" in director.ok("clock", "adjust", "60")
    assert "Time left: 06:30" in director.ok("clock", "adjust", "-1:30")
    refused = director.run("clock", "adjust", "10:00")
    assert_refused(refused, "LVL-TIMER")
    assert "only 5:30 can be added" in refused.output
    assert "Time left: 06:30" in director.ok("clock")
    assert_malformed(director.run("clock", "adjust", "soon"), "minutes:seconds")
    assert "(paused)" in director.ok("clock", "pause")
    assert "(paused)" in director.ok("clock", now="2026-03-06T19:30:00+00:00")
    assert "(running)" in director.ok("clock", "resume")
    assert "Level 2: 150/300" in director.ok("clock", "skip")
    assert "Level 1: 100/200" in director.ok("clock", "back")
    view = director.json("clock")
    assert view["level_number"] == 1
    assert view["next_break_in"] == 3600.0


def test_hand_for_hand(director: Director) -> None:
    start(director, 4)
    director.now = "2026-03-06T19:04:30+00:00"
    held = director.ok("hfh", "start")
    assert "Hand-for-hand: on" in held
    assert "Time left: 07:30 (held" in held
    director.ok("hand", "start", "1", now="2026-03-06T19:06:00+00:00")
    # Each hand costs two minutes of level time however long it lasts (TDA PR-8B).
    director.now = "2026-03-06T19:20:00+00:00"
    assert director.json("clock")["remaining"] == 330.0
    assert director.json("status")["hand_for_hand"] is True
    assert_refused(director.run("hfh", "start"), "EVENT-STATE")
    assert "Hand-for-hand" not in director.ok("hfh", "end")


def test_tables_show_the_hand_being_played(director: Director) -> None:
    start(director, 4)
    upcoming = director.json("hand", "next", "1")
    assert upcoming["hand_in_progress"] is None
    director.ok("hand", "start", "1")
    (table,) = director.json("tables")["tables"]
    assert table["hand_in_progress"]["hand"] == 1
    assert table["hand_in_progress"]["big_blind"] == upcoming["big_blind"]["seat"]
    assert table["next_hand"] is None
    assert "hand 1 in progress" in director.ok("tables")
    assert "(hand 1 is being played" in director.ok("hand", "next", "1")
    director.ok("hand", "finish", "1")
    after = director.json("hand", "next", "1")
    assert after["big_blind"]["seat"] != upcoming["big_blind"]["seat"]


def test_the_next_hand_and_the_button(director: Director) -> None:
    start(director, 4)
    director.ok("button", "1", "1")
    upcoming = director.json("hand", "next", "1")
    assert upcoming["button"]["seat"] in upcoming["dealt"]
    assert "button:" in director.ok("hand", "next", "1")
    assert_malformed(director.run("hand", "next", "9"), "no table 9")


def test_penalties_presence_and_stacks(director: Director) -> None:
    start(director, 4)
    assert "#2 Bruno warned (slow roll; TDA 71A, TDA 71B)" in director.ok(
        "penalty", "2", "--warning", "--reason", "slow roll"
    )
    given = director.json("penalty", "2", "--rounds", "1")
    assert given["events"][0]["hands"] == 4  # one hand per player at his table (TDA 71A)
    assert "away" in director.ok("away", "3")
    seats = {s["entry"]: s for s in director.json("tables")["tables"][0]["seats"]}
    assert seats[2]["penalty_hands"] == 4
    assert seats[3]["present"] is False
    assert "is at the table" in director.ok("arrive", "3")
    assert "#4 David has 31500" in director.ok("stack", "4", "31 500")
    started = director.json("hand", "start", "1")
    assert 2 in started["events"][0]["killed"]
    assert "disqualified (angle shooting; TDA 71D)" in director.ok(
        "disqualify", "1", "--reason", "angle shooting"
    )


def test_pen_softplay_the_offence_given_at_the_command_line(director: Director) -> None:
    """PEN-SOFTPLAY: `tournament penalty --offence` lets the book fix the penalty: LFP 12.7
    punishes soft play without a warning; a penalty in hands is given."""
    start(director, 4, "--profile", "lfp")
    assert_refused(
        director.run("penalty", "2", "--warning", "--offence", "soft-play"), "PEN-SOFTPLAY"
    )
    given = director.json("penalty", "2", "--hands", "1", "--offence", "soft-play")
    assert given["events"][0]["hands"] == 1
    assert_malformed(director.run("penalty", "2", "--hands", "1", "--offence", "nap"), "nap")


def test_quitting_depends_on_the_profile(director: Director, tmp_path: Path) -> None:
    start(director, 4)  # TDA 30: his chips stay in and are blinded off
    assert "blinded off" in director.ok("quit", "1")
    lfp = Director(tmp_path / "lfp.db")
    start(lfp, 4, "--profile", "lfp")  # LFP 2.18a: his chips are removed
    assert "left the tournament in 4th place; chips removed" in lfp.ok("quit", "1")


def test_bannalec_removes_players_who_never_came(director: Director) -> None:
    director.ok("create", "--title", "Ban", "--profile", "bannalec")
    director.ok("register", "Alice", "Bruno", "Chloé")
    director.ok("check-in", "1", "2")
    director.ok("draw")
    assert "#3 Chloé disqualified" in director.ok("close-late-arrivals")
    tda = Director(director.db.with_name("tda.db"))
    start(tda, 4)
    tda.ok("away", "4")
    assert "blinded off (SEAT-LATE-ABSENT)" in tda.ok("close-late-arrivals")


def test_alternates_withdrawals_and_reentries(director: Director) -> None:
    director.ok("create", "--title", "Small", "--max-players", "3", "--late-levels", "2")
    registered = director.ok("register", "Alice", "Bruno", "Chloé", "David")
    assert "#4 David registered as an alternate" in registered
    director.ok("withdraw", "3")
    assert_refused(director.run("withdraw", "3"), "EVENT-STATE")
    director.ok("check-in", "1", "2")
    director.ok("draw")  # David, the first alternate, takes the place Chloé left
    assert [e["entry"] for e in director.json("entries")["entries"]] == [1, 2, 4]
    assert_refused(director.run("alternate", "4"), "EVENT-STATE")
    director.ok("clock", "start")
    director.ok("bust", "2")
    reentry = director.json("reenter", "2")
    assert reentry["events"][0]["reentry_of"] == 2
    everything = director.json("entries", "--all")["entries"]
    assert [e["status"] for e in everything] == [
        "seated",
        "busted",
        "withdrawn",
        "seated",
        "seated",
    ]
    assert [e["entry"] for e in director.json("entries")["entries"]] == [1, 4, 5]


def test_moves_can_be_confirmed_as_the_director_makes_them(director: Director) -> None:
    start(director, 18)
    tables = director.tables()
    for entry in tables[2][:3]:
        director.ok("bust", str(entry))
    listed = director.json("tables")["tables"]
    mover, from_seat = listed[0]["seats"][0]["entry"], listed[0]["seats"][0]["seat"]
    seat = min(set(range(1, 10)) - {s["seat"] for s in listed[1]["seats"]})
    moved = director.json("moves", "confirm", "--move", f"#{mover}:2:{seat}")
    assert moved["events"][0]["moves"] == [[mover, 1, from_seat, 2, seat, "balance", ""]]
    assert mover in director.tables()[2]
    assert_refused(director.run("moves", "confirm"), "EVENT-STATE")  # nothing proposed


def test_break_order(director: Director) -> None:
    start(director, 18)
    assert "break order: tables 1, 2" in director.ok("break-order", "1", "2")
    assert_malformed(director.run("break-order", "1", "1"), "appears twice")


# -- mixed games ----------------------------------------------------------------------------------


def test_mixed_create_rotation_writes_the_8_game_into_the_levels(director: Director) -> None:
    created = director.json("create", "--title", "Mixed", "--template", "turbo",
                            "--rotation", "8-game")  # fmt: skip
    (event,) = created["events"]
    games = [item["game"] for item in event["structure"]["items"] if item["type"] == "level"]
    assert games[:10] == ["fl27td", "flhe", "flo8", "razz", "stud", "stud8", "nlhe", "plo",
                          "fl27td", "flhe"]  # fmt: skip


def test_mixed_create_rotation_by_hands_or_unknown_games_is_refused(director: Director) -> None:
    by_hands = director.run("create", "--title", "Mixed", "--rotation", "horse every 8 hands")
    assert_malformed(by_hands, "changes game every 8 hands")
    unknown = director.run("create", "--title", "Mixed", "--rotation", "nlhe, chess")
    assert_malformed(unknown, "chess")
    assert not director.db.exists()  # nothing was created


def test_level_change_the_documented_example_then_refused_once_played(director: Director) -> None:
    """``pokertd tournament level-change 5 300 600 75 25`` (its help's example), undone; a level
    being played is refused with its rule (EVENT-STRUCTURE)."""
    director.ok("create", "--title", "Friday", "--template", "regular")
    out = director.ok("level-change", "5", "300", "600", "75", "25")
    assert "level 5 changed: blinds 300/600, ante 75, 25 minutes" in out
    director.ok("undo")
    assert "level 5 changed" in director.ok("log")
    for name in NAMES[:2]:
        director.ok("register", name)
    director.ok("draw")
    director.ok("clock", "start")
    refused = director.run("level-change", "1", "100", "200", "25", "20")
    assert refused.exit_code != 0
    assert "level 1 is being played: only a level to come can be changed (EVENT-STRUCTURE)" in (
        refused.output
    )


def test_level_change_sets_a_stud_levels_bring_in_and_gives_it_back(
    director: Director, tmp_path: Path
) -> None:
    """``level-change 3 250 500 0 12 --bring-in 150`` on a HORSE's razz level, then ``default``."""
    director.ok("create", "--title", "Mixed", "--template", "turbo", "--rotation", "horse")
    director.ok("level-change", "3", "250", "500", "0", "12", "--bring-in", "150")
    level = director.json("clock")["next_levels"][1]
    assert (level["game"], level["bring_in"], level["bets"]["bring_in"]) == ("razz", 150, 150)
    refused = director.run("level-change", "3", "250", "500", "0", "12", "--bring-in", "600")
    assert_malformed(refused, "the bring-in 600 must be above 0 and at most the small bet 500")
    director.ok("level-change", "3", "250", "500", "0", "12", "--bring-in", "default")
    level = director.json("clock")["next_levels"][1]
    assert "bring_in" not in level
    assert level["bets"]["bring_in"] == 125  # a quarter of the small bet
