"""``pokertd replay``: the JSON contract of DESIGN.md, exit codes, and errors without tracebacks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pokertd.cli.main import cli

WSOP = Path(__file__).resolve().parents[1] / "data" / "phh" / "wsop-2023-43-5"

HEADER = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [10000, 10000, 10000]
"""


def run(tmp_path: Path, text: str, *options: str) -> tuple[int, str, str]:
    path = tmp_path / "hand.phh"
    path.write_text(text)
    result = CliRunner().invoke(cli, ["replay", str(path), *options])
    return result.exit_code, result.stdout, result.stderr


def test_design_example_after_the_blinds(tmp_path: Path) -> None:
    """The document DESIGN.md shows for three players at 50/100 once the blinds are posted."""
    status, out, _ = run(tmp_path, HEADER + "actions = []\n", "--json")
    assert status == 0
    assert json.loads(out) == {
        "ok": True,
        "finished": False,
        "street": "preflop",
        "stacks": [9950, 9900, 10000],
        "bets": [50, 100, 0],
        "pots": [],
        "to_act": 2,
        "legal": {
            "fold": True,
            "check": False,
            "call": 100,
            "min_raise_to": 200,
            "max_raise_to": 10000,
        },
        "finishing_stacks": None,
        "error": None,
    }


def test_rule_error_exit_2_and_state_before_it(tmp_path: Path) -> None:
    actions = 'actions = ["d dh p1 AsKs", "d dh p2 ????", "d dh p3 ????", "p3 cbr 150"]\n'
    status, out, _ = run(tmp_path, HEADER + actions, "--json")
    assert status == 2
    document = json.loads(out)
    assert document["ok"] is False
    assert document["error"]["index"] == 3
    assert document["error"]["action"] == "p3 cbr 150"
    assert document["error"]["rule"] == "BET-MINRAISE"
    assert "150" in document["error"]["message"]
    assert document["to_act"] == 2
    assert document["bets"] == [50, 100, 0]


def test_profile_option_changes_the_rule(tmp_path: Path) -> None:
    """LFP 7.11 doubles the previous bet: after an open to 300 the minimum is 600, not 500."""
    actions = 'actions = ["p3 cbr 300"]\n'
    _, tda, _ = run(tmp_path, HEADER + actions, "--json")
    _, lfp, _ = run(tmp_path, HEADER + actions, "--json", "--profile", "lfp")
    assert json.loads(tda)["legal"]["min_raise_to"] == 500
    assert json.loads(lfp)["legal"]["min_raise_to"] == 600


def test_profile_field_in_the_file(tmp_path: Path) -> None:
    actions = 'actions = ["p3 cbr 300"]\n_profile = "lfp"\n'
    _, out, _ = run(tmp_path, HEADER + actions, "--json")
    assert json.loads(out)["legal"]["min_raise_to"] == 600


def test_finished_hand_matches_the_recorded_stacks() -> None:
    result = CliRunner().invoke(cli, ["replay", str(WSOP / "1.phh"), "--json"])
    assert result.exit_code == 0
    document = json.loads(result.stdout)
    assert document["finished"] is True
    assert document["finishing_stacks"] == [7340000, 3775000, 5110000, 8935000, 4545000]
    assert document["matches_recorded"] is True
    assert document["legal"] is None


def test_human_output(tmp_path: Path) -> None:
    status, out, _ = run(tmp_path, HEADER + 'actions = ["p3 cbr 300"]\n')
    assert status == 0
    assert "to act: p1: fold, call 250, raise to 500..10000" in out


def test_human_rule_error_on_stderr(tmp_path: Path) -> None:
    status, _, err = run(tmp_path, HEADER + 'actions = ["p3 cbr 150"]\n')
    assert status == 2
    assert err.startswith("error: action 0 'p3 cbr 150'")
    assert "BET-MINRAISE" in err


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("variant = [", "not valid TOML"),
        ('variant = "NT"\n', "missing the required field"),
        (HEADER + 'actions = ["p3 sd"]\n', "No-limit hold'em has no draw"),
        (HEADER + 'actions = ["p9 f"]\n', "p9"),
        (HEADER + 'actions = ["d db AsAs??"]\n', ""),
    ],
)
def test_malformed_file_exit_1_one_line(tmp_path: Path, text: str, message: str) -> None:
    status, out, err = run(tmp_path, text)
    assert status in (1, 2)
    assert "Traceback" not in out + err
    assert len(err.strip().splitlines()) == 1
    assert message in err


def test_missing_file_exit_1(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["replay", str(tmp_path / "none.phh")])
    assert result.exit_code == 1
    assert "No such file" in result.stderr


STUD = """variant = "F7S"
antes = [5, 5, 5]
bring_in = 10
small_bet = 20
big_bet = 40
starting_stacks = [1000, 1000, 1000]
actions = ["d dh p1 ????9d", "d dh p2 ????2c", "d dh p3 AsKs2h"]
"""


def test_stud_bring_in_in_json_and_text(tmp_path: Path) -> None:
    """A stud hand waits for the bring-in: ``legal`` says so, and the text marks the up cards."""
    status, out, _ = run(tmp_path, STUD, "--json")
    assert status == 0
    document = json.loads(out)
    assert document["street"] == "third"
    assert document["to_act"] == 1
    assert document["legal"] == {"fold": False, "check": False, "call": 10, "min_raise_to": 20,
                                 "max_raise_to": 20, "bring_in": True}  # fmt: skip
    status, out, _ = run(tmp_path, STUD)
    assert "to act: p2: bring-in 10, complete to 20" in out
    assert "AsKs [2h]" in out


def test_stud_illegal_fold_of_the_bring_in_exit_2(tmp_path: Path) -> None:
    text = STUD.replace('"d dh p3 AsKs2h"]', '"d dh p3 AsKs2h", "p2 f"]')
    status, out, _ = run(tmp_path, text, "--json")
    assert status == 2
    assert json.loads(out)["error"]["rule"] == "ENGINE-BRING-IN"


@pytest.mark.parametrize("number", ["11", "48", "85"])
def test_wsop_stud_hands_finish_as_recorded(number: str) -> None:
    result = CliRunner().invoke(cli, ["replay", str(WSOP / f"{number}.phh"), "--json"])
    assert result.exit_code == 0
    document = json.loads(result.stdout)
    assert document["finished"] is True
    assert document["matches_recorded"] is True


# --- bulk files, cents, draws and PokerStars text ----------------------------------------------


def test_a_phhs_file_replays_every_hand(tmp_path: Path) -> None:
    """A bulk file: one document per section; a malformed section is reported, the rest go on."""
    hands = [(WSOP / f"{number}.phh").read_text() for number in (45, 55)]
    text = "".join(f"[{n}]\n{hand}\n" for n, hand in enumerate(hands, start=1))
    path = tmp_path / "day5.phhs"
    path.write_text(text + '[3]\nvariant = "NT"\n')
    result = CliRunner().invoke(cli, ["replay", str(path), "--json"])
    assert result.exit_code == 1
    documents = json.loads(result.stdout)["hands"]
    assert [d["section"] for d in documents] == [1, 2, 3]
    assert [d.get("matches_recorded") for d in documents[:2]] == [True, True]
    assert documents[2]["ok"] is False
    assert "day5.phhs[3]: missing the required field 'antes'" in documents[2]["malformed"]
    assert "missing the required field 'antes'" in result.stderr


def test_a_bulk_file_named_phh_is_read_as_bulk(tmp_path: Path) -> None:
    """The "missing the required field 'variant'" of a .phhs file read as one hand is gone."""
    path = tmp_path / "two.phh"
    path.write_text(f"[1]\n{(WSOP / '1.phh').read_text()}\n[2]\n{(WSOP / '2.phh').read_text()}")
    result = CliRunner().invoke(cli, ["replay", str(path)])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("[1] No-limit hold'em")
    assert "\n[2] " in result.stdout


def test_amounts_in_cents_are_printed_in_the_file_unit(tmp_path: Path) -> None:
    text = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [0.05, 0.10, 0]
min_bet = 0.10
starting_stacks = [10.00, inf, 9.87]
actions = ["p3 cbr 0.35"]
"""
    status, out, _ = run(tmp_path, text, "--json")
    assert status == 0
    document = json.loads(out)
    assert document["stacks"] == [9.95, None, 9.52]
    assert document["bets"] == [0.05, 0.1, 0.35]
    assert document["legal"]["call"] == 0.3
    _, out, _ = run(tmp_path, text)
    assert "to act: p1: fold, call 0.30, raise to 0.60..10.00" in out


def test_a_draw_waits_for_the_player_to_draw(tmp_path: Path) -> None:
    lines = (WSOP / "45.phh").read_text().splitlines()
    actions = lines[6].split("'p2 sd JsJd'")[0].rstrip(", ") + "]"
    text = "\n".join([*lines[:6], actions, ""])
    status, out, _ = run(tmp_path, text, "--json")
    assert status == 0
    document = json.loads(out)
    assert document["street"] == "first-draw"
    assert document["to_act"] == 1
    assert document["legal"]["draw"] == 5
    _, out, _ = run(tmp_path, text)
    assert "to act: p2: draw (discard up to 5 cards) or stand pat" in out


def test_pokerstars_text_of_a_draw_hand() -> None:
    result = CliRunner().invoke(cli, ["replay", str(WSOP / "55.phh"), "--pokerstars"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == (
        "PokerStars Hand #55: Tournament #1, Triple Draw 2-7 Lowball Limit - Level I "
        "(250000/500000) - 2023/06/22 00:00:00 UTC"
    )
    assert "*** THIRD DRAW ***" in lines
    assert "James Obst: discards 2 cards [Qd Jc]" in lines
    assert lines[-1].startswith("Seat 5: ")
