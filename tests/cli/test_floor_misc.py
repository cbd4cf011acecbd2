"""``pokertd floor clock | clock-expired | see | penalty``: rulings as text and JSON, exit codes,
one-line errors. The commands are registered on a bare ``floor`` group, as cli/floor.py does."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner, Result

from pokertd.cli.floor_misc import register
from pokertd.cli.main import cli

HAND = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [10000, 10000, 10000]
"""
#: The button opens, both blinds call; on the flop p1 checks and p2 bets: p3 faces a bet.
FACING = 'actions = ["p3 cbr 300", "p1 cc", "p2 cc", "d db AhKd7c", "p1 cc", "p2 cbr 600"]\n'
#: ... and p3 calls, so on the flop's close the turn comes; after it p1 is to act, facing no bet.
CHECKING = (
    'actions = ["p3 cbr 300", "p1 cc", "p2 cc", "d db AhKd7c", "p1 cc", "p2 cbr 600", "p3 cc",'
    ' "p1 cc", "d db 2s"]\n'
)
EX_50 = [
    "see", "--players", "4", "--bettor", "3", "--callers", "1,2,4", "--tabled", "2",
    "--mucked", "4", "--pushed", "3",
]  # fmt: skip


def run(*args: str) -> Result:
    # Through the real root command: its help options (-h, --help) are what click caches on
    # the shared command objects, and what docs/cli.md shows.
    return CliRunner().invoke(cli, ["floor", *args])


def ok(*args: str) -> str:
    result = run(*args)
    assert result.exit_code == 0, result.output
    return result.stdout


def as_json(*args: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(ok(*args, "--json"))
    return document


def fails(status: int, *args: str) -> str:
    result = run(*args)
    assert result.exit_code == status, result.output
    assert result.stdout == ""
    assert result.stderr.startswith("error: ")
    assert result.stderr.count("\n") == 1
    return result.stderr


def hand_file(tmp_path: Path, actions: str) -> str:
    path = tmp_path / "hand.phh"
    path.write_text(HAND + actions, encoding="utf-8")
    return str(path)


def test_register_adds_the_four_commands() -> None:
    group = click.Group("floor", context_settings={"help_option_names": ["-h", "--help"]})
    register(group)
    assert sorted(group.commands) == ["clock", "clock-expired", "penalty", "see"]
    for name in group.commands:
        assert "--profile" in ok(name, "--help")


# -- clock ----------------------------------------------------------------------------------------


def test_clock_text() -> None:
    out = ok("clock", "--caller", "seated-player")
    assert out.startswith("ruling: the TD decides\nrule: CLK-REQUEST (TDA 29, 30)\n")
    assert "may_call: yes" in out
    assert out.rstrip().endswith("30 seconds in all, the last 5 counted down aloud.")


def test_clock_json_lfp_dealer() -> None:
    document = as_json("clock", "--caller", "dealer", "--profile", "lfp")
    assert document["rule"] == "CLK-REQUEST"
    assert document["articles"] == ["LFP 3.6"]
    assert document["details"]["may_call"] is False
    assert document["td_decides"] is False


def test_clock_gran_madrid_too_early_in_french() -> None:
    out = ok("clock", "--caller", "player-in-hand", "--waited", "90", "--profile", "gran-madrid",
             "--lang", "fr")  # fmt: skip
    assert "Trop tôt" in out
    assert out.startswith("règle : CLK-REQUEST (GM 5°)\n")
    assert "may_call : non" in out
    assert "wait_more_seconds : 30" in out
    assert "directeur" not in out


@pytest.mark.parametrize(
    "args",
    [
        ("clock",),
        ("clock", "--caller", "spectator"),
        ("clock", "--caller", "dealer", "--waited", "-3"),
        ("clock", "--caller", "dealer", "--waited", "soon"),
        ("clock", "--caller", "dealer", "--lang", "de"),
        ("clock", "--caller", "dealer", "--profile", "wsop"),
        ("clock", "--caller", "dealer", "--profile", "missing/club.toml"),
    ],
)
def test_clock_bad_input_exits_1(args: tuple[str, ...]) -> None:
    fails(1, *args)


def test_clock_house_profile_file(tmp_path: Path) -> None:
    club = tmp_path / "club.toml"
    club.write_text('extends = "lfp"\n[clock_seconds]\nvalue = 45\n', encoding="utf-8")
    document = as_json("clock", "--caller", "manager", "--profile", str(club))
    assert document["details"]["total"] == 55
    assert document["articles"] == ["LFP 3.6"]


# -- clock-expired --------------------------------------------------------------------------------


def test_clock_expired_facing_a_bet(tmp_path: Path) -> None:
    out = ok("clock-expired", hand_file(tmp_path, FACING))
    french = ok("clock-expired", hand_file(tmp_path, FACING), "--lang", "fr")
    assert french.splitlines()[:4] == [
        "p3 (flop, face à 600)",
        "décision : passer (fold)",
        "règle : CLK-EXPIRY (TDA 29)",
        "étape 1 : Déclarer la main morte (joueur 3 : temps écoulé).",
    ]
    assert out.splitlines()[:5] == [
        "p3 (flop, facing 600)",
        "ruling: fold",
        "rule: CLK-EXPIRY (TDA 29)",
        "step 1: Kill the hand (player 3: time ran out).",
        "player: p3, is_facing_bet: yes",
    ]


@pytest.mark.parametrize(("profile", "action"), [("tda-2017", "check"), ("bannalec", "fold")])
def test_clock_expired_not_facing_a_bet(tmp_path: Path, profile: str, action: str) -> None:
    document = as_json("clock-expired", hand_file(tmp_path, CHECKING), "--profile", profile)
    assert document["action"] == action
    assert document["details"] == {"player": 0, "is_facing_bet": False}


def test_clock_expired_uses_the_files_profile(tmp_path: Path) -> None:
    path = hand_file(tmp_path, '_profile = "lfp"\n' + FACING)
    document = as_json("clock-expired", path, "--lang", "fr")
    assert document["articles"] == ["LFP 3.6"]
    assert document["explanation"] == document["explanation_fr"]
    assert document["details"]["dead_from"] == "declaration"


def test_clock_expired_rule_errors_exit_2(tmp_path: Path) -> None:
    illegal = 'actions = ["p3 cbr 150"]\n'
    assert "BET-MINRAISE" in fails(2, "clock-expired", hand_file(tmp_path, illegal))
    over = 'actions = ["p3 f", "p1 f"]\n'
    assert "CLK-EXPIRY" in fails(2, "clock-expired", hand_file(tmp_path, over))


def test_clock_expired_malformed_exits_1(tmp_path: Path) -> None:
    fails(1, "clock-expired", str(tmp_path / "none.phh"))
    broken = tmp_path / "broken.phh"
    broken.write_text("variant = \n", encoding="utf-8")
    fails(1, "clock-expired", str(broken))


# -- see ------------------------------------------------------------------------------------------


def test_see_ex_50_tda_text() -> None:
    out = ok(*EX_50, "--requester", "1", "--target", "3")
    assert out.startswith("rule: SHOW-RIGHT-TO-SEE (TDA 18A, 18B)\n")
    assert "requester: p1, target: p3, may_see: yes, right: inalienable" in out
    assert "inalienable right" in out


def test_see_ex_50_other_request_is_for_the_td() -> None:
    out = ok(*EX_50, "--requester", "p2", "--target", "p1")
    assert out.startswith("ruling: the TD decides\nrule: SHOW-RIGHT-TO-SEE")
    assert "may_see: -" in out


def test_see_ex_50_bannalec_json() -> None:
    document = as_json(*EX_50, "--requester", "4", "--target", "3", "--profile", "bannalec")
    assert document["rule"] == "SHOW-LAST-AGGRESSOR-MUST-SHOW"
    assert document["details"] == {
        "requester": 3,
        "target": 2,
        "may_see": True,
        "right": "must-show",
    }


def test_see_lfp_options() -> None:
    base = ["see", "--players", "3", "--tabled", "1", "--pushed", "2", "--target", "2"]
    base += ["--profile", "lfp"]
    assert as_json(*base, "--requester", "table")["details"]["may_see"] is True
    assert "requester: -, target: p2, may_see: yes" in ok(*base, "--requester", "table")
    assert as_json(*base, "--requester", "3", "--heads-up")["details"]["may_see"] is False
    again = as_json(*base, "--requester", "3", "--asked", "1")
    assert (again["details"]["right"], again["td_decides"]) == ("once-per-event", True)
    winner = as_json(*base, "--requester", "1", "--winner", "1")
    assert winner["details"]["is_live"] is True


def test_see_generic_consent() -> None:
    base = ["see", "--players", "2", "--mucked", "2", "--requester", "1", "--target", "2"]
    assert as_json(*base, "--profile", "generic")["details"]["may_see"] is False
    assert as_json(*base, "--profile", "generic", "--consent")["details"]["may_see"] is True


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--requester", "one", "--target", "2"], "number from 1"),
        (["--requester", "1", "--target", "5"], "no player 5"),
        (["--requester", "1", "--target", "1"], "his own hand"),
        (["--requester", "1", "--target", "2", "--tabled", "2"], "already tabled"),
        (["--requester", "1", "--target", "2", "--tabled", "3", "--mucked", "3"], "two holdings"),
        (["--requester", "1", "--target", "2", "--callers", "3"], "need a river bet"),
        (["--requester", "1", "--target", "2", "--winner", "0"], "no player 0"),
        (["--requester", "1"], "Missing option"),
    ],
)
def test_see_bad_input_exits_1(extra: list[str], message: str) -> None:
    assert message in fails(1, "see", "--players", "3", *extra)


def test_see_needs_two_players() -> None:
    fails(1, "see", "--players", "1", "--requester", "1", "--target", "1")


# -- penalty --------------------------------------------------------------------------------------


def test_penalty_two_rounds_at_seven() -> None:
    out = ok("penalty", "--players", "7", "--rounds", "2")
    assert out.startswith("rule: PEN-MISSED-HANDS (TDA 71A)\n")
    assert "7 × 2 = 14 hands" in out


def test_penalty_one_hand() -> None:
    document = as_json("penalty", "--players", "7", "--hands", "1", "--profile", "gran-madrid")
    assert document["details"] == {"players_at_table": 7, "hands": 1}


def test_penalty_ladder_bannalec_first_fault() -> None:
    out = ok("penalty", "--players", "7", "--faults", "1", "--profile", "bannalec", "--lang", "fr")
    assert out.startswith("règle : PEN-LADDER (BAN/SANCTIONS)\n")
    assert "penalty : none, mandatory : non" in out
    assert "Pas de sanction" in out
    assert "directeur décide" not in out


def test_penalty_ladder_with_rounds_and_offence() -> None:
    document = as_json("penalty", "--players", "7", "--rounds", "2", "--faults", "2",
                       "--offence", "abuse", "--profile", "lfp")  # fmt: skip
    assert document["details"]["hands"] == 14
    assert document["details"]["mandatory"] is True
    assert document["articles"] == ["LFP 13.1", "TDA 71A"]


def test_penalty_too_many_rounds_exits_2() -> None:
    message = fails(2, "penalty", "--players", "7", "--rounds", "5", "--profile", "lfp")
    assert "PEN-LADDER" in message


@pytest.mark.parametrize(
    "args",
    [
        ("penalty", "--players", "7"),
        ("penalty", "--rounds", "2"),
        ("penalty", "--players", "1", "--rounds", "2"),
        ("penalty", "--players", "7", "--rounds", "2", "--hands", "3"),
        ("penalty", "--players", "7", "--hands", "3", "--faults", "2"),
        ("penalty", "--players", "7", "--faults", "0"),
        ("penalty", "--players", "7", "--faults", "2", "--offence", "murder"),
    ],
)
def test_penalty_bad_input_exits_1(args: tuple[str, ...]) -> None:
    fails(1, *args)
