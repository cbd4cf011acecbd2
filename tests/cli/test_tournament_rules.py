"""``pokertd tournament`` and the rules an event runs under (issue 19): a house profile runs an
event, and the commands apply the profile's rules as the book states them.

Run in-process with click's CliRunner on a temporary event file, at a fixed moment and seed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from pokertd.cli.main import cli

T0 = "2026-03-06T19:00:00+00:00"

CLUB = """\
name = "Club du jeudi"
extends = "lfp"

[late_registration_levels]
value = 3
"""


class Director:
    """Runs ``pokertd tournament ...`` against one event file."""

    def __init__(self, db: Path) -> None:
        self.db = db

    def run(self, *args: str) -> Result:
        env: dict[str, str | None] = {"POKERTD_NOW": T0, "POKERTD_SEED": "7", "POKERTD_DB": None}
        return CliRunner().invoke(cli, ["tournament", *args, "--db", str(self.db)], env=env)

    def ok(self, *args: str) -> str:
        result = self.run(*args)
        assert result.exit_code == 0, result.output
        return result.stdout

    def json(self, *args: str) -> Any:
        return json.loads(self.ok(*args, "--json"))


@pytest.fixture
def director(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Director:
    monkeypatch.delenv("POKERTD_LANG", raising=False)
    return Director(tmp_path / "event.db")


def test_create_with_a_house_profile_file(director: Director, tmp_path: Path) -> None:
    club = tmp_path / "club.toml"
    club.write_text(CLUB, encoding="utf-8")
    out = director.ok("create", "--title", "Jeudi", "--profile", str(club))
    assert "profile club" in out
    assert "late registration to the end of level 3" in out
    club.write_text(CLUB.replace("value = 3", "value = 1"), encoding="utf-8")  # edited later
    assert "late registration to the end of level 3" in director.ok("log")
    assert director.json("status")["profile"] == "club"


def test_create_refuses_a_house_profile_that_does_not_load(
    director: Director, tmp_path: Path
) -> None:
    club = tmp_path / "club.toml"
    club.write_text('extends = "lfp"\n[reopen]\nvalue = "sometimes"\n', encoding="utf-8")
    result = director.run("create", "--title", "Jeudi", "--profile", str(club))
    assert result.exit_code == 1
    assert "reopen = 'sometimes' is not allowed" in result.stderr
    assert not director.db.exists()


def six_handed(director: Director, *create: str) -> dict[int, list[int]]:
    """A 6-handed turbo of twelve: two tables of six, clock running; returns the seats."""
    director.ok("create", "--title", "Six max", "--template", "turbo", "--table-size", "6", *create)
    director.ok("register", *[f"P{number}" for number in range(1, 13)])
    director.ok("check-in", "1-12")
    director.ok("draw")
    director.ok("clock", "start")
    listed = director.json("tables")["tables"]
    return {table["table"]: [seat["entry"] for seat in table["seats"]] for table in listed}


def test_tbl_balance_halt_tda_10d_six_handed_offers_the_halt(director: Director) -> None:
    """TBL-BALANCE-HALT (TDA 10D): 6-handed, three players short: pokertd says halting is the
    director's decision and still deals the short table."""
    tables = six_handed(director)
    busts = [director.ok("bust", str(entry)) for entry in tables[1][:3]]
    said = "halting play at table(s) 1 until the tables are balanced is your decision (TDA 10D)"
    assert said in busts[-1]
    assert "play halts" not in busts[-1]
    assert director.json("tables")["tables"][0]["halted"] is False
    assert "table 1 hand 1 started" in director.ok("hand", "start", "1")


def test_tbl_balance_halt_lfp_6_8_says_a_player_may_ask(director: Director) -> None:
    """TBL-BALANCE-HALT (LFP 6.8), in French: the halt is a player's to ask."""
    tables = six_handed(director, "--profile", "lfp")
    for entry in tables[1][:2]:
        director.ok("bust", str(entry))
    result = director.run("bust", str(tables[1][2]), "--lang", "fr")
    assert result.exit_code == 0, result.output
    said = "le jeu s'arrête à la table 1 si un joueur le demande, jusqu'à l'équilibrage des tables"
    assert f"{said} (LFP 6.8)" in result.stdout


def test_seat_late_absent_lfp_2_17a_free_event_from_the_cli(director: Director) -> None:
    """SEAT-LATE-ABSENT (LFP 2.17a): an LFP event created with `--buy-in 0` is free: at
    `close-late-arrivals` the players who never came leave with their chips."""
    director.ok("create", "--title", "Free", "--profile", "lfp", "--template", "turbo",
                "--buy-in", "0")  # fmt: skip
    director.ok("register", "Ann", "Bob", "Cyd", "Dan")
    director.ok("draw")
    director.ok("check-in", "1-2")
    out = director.ok("close-late-arrivals")
    assert "#3 Cyd disqualified (did not arrive within the late-entry period)" in out
    assert "#4 Dan disqualified" in out
    assert [e["status"] for e in director.json("entries")["entries"]][:2] == ["seated", "seated"]


def test_seat_late_absent_lfp_2_17b_paid_event_from_the_cli(director: Director) -> None:
    """SEAT-LATE-ABSENT (LFP 2.17b): paid, the absentees stay in and are blinded off."""
    director.ok("create", "--title", "Paid", "--profile", "lfp", "--template", "turbo",
                "--buy-in", "45+5")  # fmt: skip
    director.ok("register", "Ann", "Bob", "Cyd")
    director.ok("draw")
    director.ok("check-in", "1-2")
    out = director.ok("close-late-arrivals")
    assert "nothing changed" in out
    assert "disqualified" not in out


def test_seat_late_absent_close_with_everybody_there_says_so(director: Director) -> None:
    """SEAT-LATE-ABSENT: closing the late arrivals of a free LFP event where everybody came
    changes nothing, and says why in the user's language."""
    director.ok("create", "--title", "Free", "--profile", "lfp", "--template", "turbo",
                "--buy-in", "0")  # fmt: skip
    director.ok("register", "Ann", "Bob")
    director.ok("draw")
    director.ok("check-in", "1-2")
    result = director.run("close-late-arrivals", "--lang", "fr")
    assert result.exit_code == 0, result.output
    assert "rien n'a changé : tous les joueurs sont arrivés (SEAT-LATE-ABSENT)" in result.stdout
