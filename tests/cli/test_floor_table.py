"""``pokertd floor sa | oot | misdeal | board | correct``, run in process on a ``floor`` group
built here (the lead wires ``register`` into the real one): text and JSON, French, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from pokertd.cli.floor_table import register

HEADER_5 = """variant = "NT"
antes = [0, 0, 0, 0, 0]
blinds_or_straddles = [100, 200, 0, 0, 0]
min_bet = 200
starting_stacks = [100000, 100000, 100000, 100000, 100000]
"""
HEADER_6 = """variant = "NT"
antes = [0, 0, 0, 0, 0, 0]
blinds_or_straddles = [100, 200, 0, 0, 0, 0]
min_bet = 200
starting_stacks = [100000, 100000, 100000, 100000, 100000, 100000]
"""
DEAL_5 = '"d dh p1 AsAh", "d dh p2 ????", "d dh p3 ????", "d dh p4 ????", "d dh p5 ????"'
DEAL_6 = DEAL_5 + ', "d dh p6 ????"'
FLOP_5 = '"p3 cc", "p4 cc", "p5 cc", "p1 cc", "p2 cc", "d db Kd7c2h"'
EX_17 = (
    HEADER_5
    + f'actions = [{DEAL_5}, {FLOP_5}, "p1 cbr 600", "p2 cbr 1000", "p3 cc", "p4 cc", "p5 f"]\n'
)
EX_42 = HEADER_6 + f'actions = [{DEAL_6}, "p3 cbr 600"]\n'
PLO = """variant = "PO"
antes = [0, 0, 0]
blinds_or_straddles = [500, 1000, 0]
min_bet = 1000
starting_stacks = [100000, 100000, 100000]
actions = ["d dh p1 ????????", "d dh p2 ????????", "d dh p3 ????????", "p3 cbr 3500", "p1 cc",
  "p2 cc", "d db Kd7c2h", "p1 cbr 9500", "p2 f"]
"""


@pytest.fixture
def floor() -> click.Group:
    # The help options of the root command (-h, --help): click caches them on the shared
    # command objects, and docs/cli.md shows them.
    group = click.Group("floor", context_settings={"help_option_names": ["-h", "--help"]})
    register(group)
    return group


def run(floor: click.Group, tmp_path: Path, text: str, *args: str) -> tuple[int, str, str]:
    path = tmp_path / "hand.phh"
    path.write_text(text, encoding="utf-8")
    command, *rest = args
    result = CliRunner().invoke(floor, [command, str(path), *rest])
    return result.exit_code, result.stdout, result.stderr


def test_register_adds_the_commands(floor: click.Group) -> None:
    assert sorted(floor.commands) == ["board", "correct", "misdeal", "oot", "sa"]
    for name in floor.commands:
        assert CliRunner().invoke(floor, [name, "--help"]).exit_code == 0


# -- sa --------------------------------------------------------------------------------------------


def test_sa_text_and_json(floor: click.Group, tmp_path: Path) -> None:
    status, out, _ = run(floor, tmp_path, EX_42, "sa")
    assert status == 0
    assert out.startswith("rule: DEAL-SA-DEFINITION (TDA 36)\nsubstantial_action: no, ")
    assert "is not substantial action" in out
    status, out, _ = run(floor, tmp_path, EX_42, "sa", "--since", "0", "--json", "--lang", "fr")
    document = json.loads(out)
    assert document["rule"] == "DEAL-SA-DEFINITION"
    assert document["details"]["actions"] == ["player 3 raise"]
    assert "action substantielle" in document["explanation"]


def test_sa_errors(floor: click.Group, tmp_path: Path) -> None:
    assert run(floor, tmp_path, EX_42, "sa", "--since", "99")[0] == 1
    assert run(floor, tmp_path, EX_17, "sa")[0] == 2  # p2's under-raise breaks the rules
    status, _, err = run(floor, tmp_path, EX_42, "sa", "--since", "x")
    assert status == 1
    assert err.startswith("error: ")


# -- oot -------------------------------------------------------------------------------------------


def test_oot_after_sa_tda(floor: click.Group, tmp_path: Path) -> None:
    """EX-42 by the command line: S5 called out of turn, S6 folds."""
    args = ("oot", "--earlier", "p5 call", "--player", "6", "--action", "fold")
    status, out, _ = run(floor, tmp_path, EX_42, *args)
    assert status == 0
    assert out.splitlines()[:3] == [
        "p4 (preflop, facing 600)",
        "ruling: the TD decides: fold | call",
        "rule: BET-OOT (TDA 44B, TDA 36)",
    ]


def test_oot_lfp_skipped_player_raises(floor: click.Group, tmp_path: Path) -> None:
    args = ("oot", "--earlier", "5 call", "--player", "p6", "--action", "fold", "--profile", "lfp",
            "--skipped-acts", "raise 1200", "--json")  # fmt: skip
    status, out, _ = run(floor, tmp_path, EX_42, *args)
    document = json.loads(out)
    assert status == 0
    assert document["action"] == "raise"
    assert document["to"] == 1200
    assert [row["stands"] for row in document["details"]["declarations"]] == [False, True]


def test_oot_errors(floor: click.Group, tmp_path: Path) -> None:
    assert run(floor, tmp_path, EX_42, "oot", "--player", "9", "--action", "call")[0] == 1
    assert run(floor, tmp_path, EX_42, "oot", "--player", "5", "--action", "jump")[0] == 1
    status, _, err = run(floor, tmp_path, EX_42, "oot", "--player", "4", "--action", "call")
    assert status == 2  # player 4 is the player to act
    assert err.rstrip().endswith("(BET-OOT)")
    assert run(floor, tmp_path, EX_42, "oot", "--player", "5")[0] == 1  # --action missing


# -- misdeal ---------------------------------------------------------------------------------------


def test_misdeal(floor: click.Group, tmp_path: Path) -> None:
    args = ("misdeal", "--situation", "wrong-count", "--player", "5", "--cards-held", "1")
    status, out, _ = run(floor, tmp_path, EX_42, *args, "--lang", "fr")
    assert status == 0
    assert "DEAL-MISDEAL-CONDITIONS" in out
    assert (
        "étape 1 : Rendre les mises (blinds, antes et mises reviennent à leurs propriétaires)."
        in out
    )
    status, out, _ = run(floor, tmp_path, EX_42, "misdeal", "--situation", "button-misplaced")
    assert out.startswith("ruling: the TD decides\nrule: DEAL-MISDEAL-CONDITIONS")
    assert run(floor, tmp_path, EX_42, "misdeal", "--situation", "bad")[0] == 1
    assert run(floor, tmp_path, EX_42, "misdeal", "--situation", "wrong-count")[0] == 1


# -- board -----------------------------------------------------------------------------------------


def test_board_four_card_flop(floor: click.Group, tmp_path: Path) -> None:
    text = HEADER_5 + f'actions = [{DEAL_5}, "p3 cc", "p4 cc", "p5 cc", "p1 cc", "p2 cc"]\n'
    args = ("board", "--error", "four-card-flop", "--cards", "Kd7c2h9s", "--burns", "3c",
            "--seed", "4", "--json")  # fmt: skip
    status, out, _ = run(floor, tmp_path, text, *args)
    document = json.loads(out)
    assert status == 0
    assert document["rule"] == "DEAL-FOUR-CARD-FLOP"
    assert document["seed"] == 4
    after = document["details"]["after"]
    assert len(after["board"]) == 6
    assert len(after["burns"]) == 4
    assert "AsAh" in after["hands"]
    cards = "".join(after[key] for key in ("board", "burns", "stub", "set_aside", "hands"))
    assert len(cards) == 2 * 52


def test_board_turn_options(floor: click.Group, tmp_path: Path) -> None:
    text = HEADER_5 + f"actions = [{DEAL_5}, {FLOP_5}]\n"
    args = ("board", "--error", "premature-turn", "--cards", "9s", "--stub", "3c4c5c6c",
            "--burns", "8s8h", "--profile", "lfp")  # fmt: skip
    status, out, _ = run(floor, tmp_path, text, *args)
    assert status == 0
    assert out.startswith("rule: DEAL-PREMATURE-TURN (LFP 2.23, LFP 2.25)\n")
    assert "step 3: Burn 3c (once the flop betting is over: a burn).\n" in out
    status, out, _ = run(floor, tmp_path, text, "board", "--error", "turn-no-burn", "--cards",
                         "9s", "--after-sa")  # fmt: skip
    assert "DEAL-BOARD-ERROR-AFTER-SA" in out
    assert "seed " in out


def test_board_errors(floor: click.Group, tmp_path: Path) -> None:
    base = ("board", "--error", "four-card-flop")
    assert run(floor, tmp_path, EX_42, *base, "--cards", "Kd7c2h")[0] == 1  # three, not four
    assert run(floor, tmp_path, EX_42, *base, "--cards", "Kd7c2h??")[0] == 1
    assert run(floor, tmp_path, EX_42, *base, "--cards", "AsKd7c2h")[0] == 1  # As is p1's


# -- correct ---------------------------------------------------------------------------------------


def test_correct_ex_17(floor: click.Group, tmp_path: Path) -> None:
    status, out, _ = run(floor, tmp_path, EX_17, "correct", "--json")
    document = json.loads(out)
    assert status == 0
    assert document["rule"] == "BET-UNDERRAISE-CORRECTION"
    assert document["details"]["bets"][0] == {"player": 1, "was": 1000, "to": 1200}
    assert document["choices"] == ["fold", "call", "raise 1800"]
    status, out, _ = run(floor, tmp_path, EX_17, "correct")
    assert out.splitlines()[:6] == [
        "ruling: fold | call | raise to 1800",
        "rule: BET-UNDERRAISE-CORRECTION (TDA 43A, TDA 47A)",
        "corrected: yes, to_act: p1",
        "p2: 1000 -> 1200",
        "p3: 1000 -> 1200",
        "p4: 1000 -> 1200",
    ]
    status, out, _ = run(floor, tmp_path, EX_17, "correct", "--profile", "lfp", "--noticed",
                         "gathered", "--lang", "fr")  # fmt: skip
    assert "corrected : non\np2 : 1000 -> 1000\n" in out
    assert "l'erreur est maintenue" in out


def test_correct_after_the_next_card(floor: click.Group, tmp_path: Path) -> None:
    text = EX_17.replace('"p5 f"]', '"p5 f", "d db 9s"]')
    status, out, _ = run(floor, tmp_path, text, "correct")
    assert status == 0
    assert "bets stand as played" in out


def test_correct_skips_commentary_and_shows_a_decision(floor: click.Group, tmp_path: Path) -> None:
    """A standalone commentary among the table's actions is skipped; a decision is printed."""
    text = EX_17.replace('"p3 cc", "p4 cc", "p5 f"]', '"# dealer pauses", "p3 cc"]')
    status, out, _ = run(floor, tmp_path, text, "correct")
    assert status == 0
    assert "player 3: call" not in out
    assert "Player 3 adds 200" in out
    status, out, _ = run(floor, tmp_path, EX_42, "oot", "--player", "5", "--action", "call",
                         "--skipped-acts", "call")  # fmt: skip
    assert "ruling: call\n" in out


def test_correct_pot_limit_ex_38(floor: click.Group, tmp_path: Path) -> None:
    status, out, _ = run(floor, tmp_path, PLO, "correct", "--at", "7", "--quoted", "9500")
    assert status == 0
    assert "BET-PL-CORRECTION" in out
    assert "must bring his bet up to the pot, 10500" in out


def test_correct_errors(floor: click.Group, tmp_path: Path) -> None:
    assert run(floor, tmp_path, PLO, "correct")[0] == 1  # every action legal, no --at
    assert run(floor, tmp_path, PLO, "correct", "--at", "8")[0] == 1  # a fold
    assert run(floor, tmp_path, PLO, "correct", "--at", "40")[0] == 1
    assert run(floor, tmp_path, EX_17, "correct", "--at", "15")[0] == 2  # after the error
    assert run(floor, tmp_path, EX_42, "correct", "--at", "6")[0] == 1  # NL within bounds
