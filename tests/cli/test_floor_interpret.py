"""``pokertd floor interpret``: the JSON of DESIGN.md's "Floor CLI", text in English and French,
exit codes, and one-line errors without tracebacks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from pokertd.cli.main import cli

#: 250/500, five players; UTG (p3) raises to 1100 and UTG+1 (p4, index 3) is to act (EX-22).
RAISED = """variant = "NT"
antes = [0, 0, 0, 0, 0]
blinds_or_straddles = [250, 500, 0, 0, 0]
min_bet = 500
starting_stacks = [50000, 50000, 50000, 50000, 50000]
actions = ["p3 cbr 1100"]
"""
#: 1000/2000, four players on the flop: p1 bets 2000, p2 raises to 8000; p3 is to act (EX-30).
MULTIWAY = """variant = "NT"
antes = [0, 0, 0, 0]
blinds_or_straddles = [1000, 2000, 0, 0]
min_bet = 2000
starting_stacks = [100000, 100000, 100000, 100000]
actions = ["p3 cc", "p4 cc", "p1 cc", "p2 cc", "d db AhKd7c", "p1 cbr 2000", "p2 cbr 8000"]
"""


def run(tmp_path: Path, text: str, *options: str) -> Result:
    path = tmp_path / "hand.phh"
    path.write_text(text, encoding="utf-8")
    return CliRunner().invoke(cli, ["floor", "interpret", str(path), *options])


def test_design_example_shape(tmp_path: Path) -> None:
    """DESIGN.md: ``{"action": "call", "to": 1100, "rule": ..., "articles": [...], ...}``."""
    result = run(tmp_path, RAISED, "--chips", "1000,500", "--json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document == {
        "player": 3,
        "action": "call",
        "to": 1100,
        "choices": [],
        "steps": [],
        "td_decides": False,
        "rule": "BET-MULTI-CHIP",
        "articles": ["TDA 50A"],
        "explanation": document["explanation_en"],
        "explanation_fr": document["explanation_fr"],
        "explanation_en": document["explanation_en"],
        "details": {"change": 400},
    }
    assert "1100" in document["explanation_en"]
    assert "1100" in document["explanation_fr"]


def test_profile_option_and_chip_counts(tmp_path: Path) -> None:
    """EX-23: 1000 + five 100s is a raise to 1700 under TDA, a call under LFP."""
    tda = json.loads(run(tmp_path, RAISED, "--chips", "1000,5x100", "--json").stdout)
    lfp = run(tmp_path, RAISED, "--chips", "1000, 100x5".replace("100x5", "5×100"), "--json",
              "--profile", "lfp")  # fmt: skip
    assert (tda["action"], tda["to"]) == ("raise", 1700)
    document = json.loads(lfp.stdout)
    assert (document["action"], document["to"], document["articles"]) == (
        "call",
        1100,
        ["LFP 7.27", "LFP 7.16"],
    )


def test_profile_from_the_file(tmp_path: Path) -> None:
    result = run(tmp_path, RAISED + '_profile = "lfp"\n', "--chips", "1000,5x100", "--json")
    assert json.loads(result.stdout)["action"] == "call"


def test_french_text(tmp_path: Path) -> None:
    result = run(tmp_path, RAISED, "--chips", "1000,500", "--lang", "fr")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "p4 (preflop, face à 1100)"
    assert lines[1] == "décision : suivre à 1100 (call)"
    assert lines[2] == "règle : BET-MULTI-CHIP (TDA 50A)"
    assert lines[3] == "change : 400"
    assert lines[4].startswith("Le joueur 4 pousse 1000 + 500 = 1500 sans annonce")


def test_english_text_with_td_choices(tmp_path: Path) -> None:
    result = run(tmp_path, MULTIWAY, "--chips", "2x1000")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[:4] == [
        "p3 (flop, facing 8000)",
        "ruling: the TD decides: call 8000 | fold",
        "rule: BET-UNDERCALL (TDA 42B)",
        "forfeit_on_fold: 2000",
    ]


def test_words_and_json_choices(tmp_path: Path) -> None:
    document = json.loads(run(tmp_path, MULTIWAY, "--chips", "2x1000", "--json").stdout)
    assert document["choices"] == ["call 8000", "fold"]
    assert document["td_decides"] is True
    assert document["details"] == {"forfeit_on_fold": 2000}
    said = json.loads(run(tmp_path, MULTIWAY, "--say", "je suis", "--json").stdout)
    assert (said["action"], said["to"], said["rule"]) == ("call", 8000, "BET-VERBAL-BINDING")
    plus = run(tmp_path, MULTIWAY, "--say", "plus 8000", "--json", "--profile", "lfp")
    assert json.loads(plus.stdout)["to"] == 16000  # "plus 8000" is a total: below the minimum


def test_said_first_pulled_back_string_bet_tap_in_front(tmp_path: Path) -> None:
    first = run(tmp_path, MULTIWAY, "--say", "fold", "--chips", "10000", "--said-first", "chips",
                "--json")  # fmt: skip
    assert json.loads(first.stdout)["action"] == "call"
    string = run(tmp_path, MULTIWAY, "--chips", "5000,5000,5000", "--string-bet", "--json")
    assert json.loads(string.stdout)["rule"] == "BET-STRING"
    tap = run(tmp_path, MULTIWAY, "--tap", "--json")
    assert json.loads(tap.stdout)["choices"] == ["call 8000", "fold"]
    after_call = MULTIWAY.replace('"p2 cbr 8000"]', '"p2 cbr 8000", "p3 cc", "p4 f"]')
    pulled = run(tmp_path, after_call, "--pulled-back", "--json")
    assert json.loads(pulled.stdout)["rule"] == "BET-WITHDRAW"
    front = run(tmp_path, after_call, "--in-front", "1000", "--chips", "10000", "--json")
    document = json.loads(front.stdout)  # Add.51-A 2.3: part pulled back, a multi-chip bet
    assert (document["rule"], document["action"], document["to"]) == (
        "BET-PRIOR-CHIPS",
        "raise",
        14000,
    )


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--chips", "abc"], "--chips lists chips by denomination"),
        (["--chips", "0"], "a chip and a count are above 0"),
        (["--chips", "900000"], "player 4 has 50000 behind"),
        (["--say", "banco"], "cannot read 'banco'"),
        (["--lang", "de", "--tap"], "--lang is en or fr, not 'de'"),
        (["--said-first", "both", "--tap"], "--said-first is words or chips"),
        (["--in-front", "x", "--tap"], "--in-front is a whole number"),
        ([], "nothing to rule on"),
        (["--profile", "nope", "--tap"], "nope"),
        (["--bogus"], "No such option"),
    ],
)
def test_malformed_options_exit_1(tmp_path: Path, options: list[str], message: str) -> None:
    result = run(tmp_path, RAISED, *options)
    assert result.exit_code == 1, result.output
    assert message in result.stderr
    assert result.stderr.startswith("error: ")
    assert result.stderr.count("\n") == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_malformed_file_exit_1(tmp_path: Path) -> None:
    result = run(tmp_path, "variant = [", "--tap")
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    missing = CliRunner().invoke(cli, ["floor", "interpret", str(tmp_path / "none.phh"), "--tap"])
    assert missing.exit_code == 1
    assert missing.stderr.startswith("error: ")


def test_finished_hand_exit_1(tmp_path: Path) -> None:
    done = RAISED.replace('["p3 cbr 1100"]', '["p3 f", "p4 f", "p5 f", "p1 f"]')
    result = run(tmp_path, done, "--tap")
    assert result.exit_code == 1
    assert "nobody is to bet in this hand now" in result.stderr


def test_phh_breaking_a_rule_exit_2(tmp_path: Path) -> None:
    illegal = RAISED.replace('"p3 cbr 1100"', '"p3 cbr 600"')
    result = run(tmp_path, illegal, "--chips", "1000", "--json")
    assert result.exit_code == 2
    assert "BET-MINRAISE" in result.stderr
    assert result.stdout == ""


def test_floor_group_without_a_command_prints_its_help() -> None:
    result = CliRunner().invoke(cli, ["floor"])
    assert result.exit_code == 0
    assert "interpret" in result.stdout
