"""``pokertd tournament`` commands of the console's night (issue 15): ``preregister``, ``pay``,
``stacks``, ``hfh deal``, ``undo-to``, ``archive`` and ``list --archived``.

The example of docs/tournament.md ("At the door, at the tables and after the night") runs as
the page shows it; each command's ``--help`` is in French under ``--lang fr``, from the catalogue;
bad input is one line, nothing recorded.
"""

from __future__ import annotations

import difflib
import json
import re
import shlex
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from pokertd.cli.main import cli as pokertd
from pokertd.present.i18n import render

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "tournament.md"
SECTION = "## At the door, at the tables and after the night"
FENCE = re.compile(r"^```(\w*)\s*$")
ENVIRONMENT: dict[str, str | None] = {
    "POKERTD_NOW": "2026-03-06T19:00:00+00:00",
    "POKERTD_SEED": "7",
    "POKERTD_DB": None,
    "POKERTD_LANG": None,
}
#: The commands of this module, as typed after ``pokertd tournament``.
COMMANDS = (["preregister"], ["pay"], ["stacks"], ["hfh", "deal"], ["undo-to"], ["archive"])


def invoke(*args: str, **env: str | None) -> Result:
    result = CliRunner().invoke(pokertd, list(args), env=ENVIRONMENT | env, prog_name="pokertd")
    assert "Traceback" not in result.output
    return result


def ok(*args: str) -> str:
    result = invoke("tournament", *args)
    assert result.exit_code == 0, result.output
    return result.stdout


def refused(*args: str, status: int = 1) -> str:
    """Run a command that must be refused: its exit status, one line on stderr."""
    result = invoke("tournament", *args)
    assert result.exit_code == status, result.output
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1, result.stderr
    return result.stderr.strip()


@pytest.fixture
def utc(monkeypatch: pytest.MonkeyPatch) -> None:
    """The log prints local times: the page's are UTC."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.fixture
def night(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty folder (the current one) and its event file, ``pokertd.db``."""
    monkeypatch.chdir(tmp_path)
    ok("create", "--title", "Mardi", "--template", "turbo", "--buy-in", "20")
    return tmp_path


# -- the page -------------------------------------------------------------------------------------


def section_steps(text: str) -> list[tuple[int, str, list[str]]]:
    """Return the section's ``$`` lines: (line number, command, output shown)."""
    lines = text.splitlines()
    start = lines.index(SECTION)
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("## "))
    steps: list[tuple[int, str, list[str]]] = []
    inside = False
    for number in range(start, end):
        line = lines[number]
        if FENCE.match(line):
            inside = not inside and FENCE.match(line).group(1) == "console"  # type: ignore[union-attr]
        elif inside and line.startswith("$ "):
            steps.append((number + 1, line.removeprefix("$ "), []))
        elif inside and steps:
            steps[-1][2].append(line.rstrip())
    return steps


def test_the_page_shows_what_the_commands_print(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, utc: None
) -> None:
    """Every ``$`` line of the section runs, in order, in an empty folder, and prints what the
    page says: the refusal, the preview, the correction, the list and the French help."""
    monkeypatch.chdir(tmp_path)
    steps = section_steps(PAGE.read_text(encoding="utf-8"))
    typed = {tuple(shlex.split(command)[1:3]) for _, command, _ in steps}
    for command in COMMANDS:
        assert ("tournament", command[0]) in typed, command
    env: dict[str, str | None] = {}
    for line, command, expected in steps:
        args = shlex.split(command)
        if args[0] == "export":
            name, _, value = args[1].partition("=")
            env[name] = value
            continue
        assert args[0] == "pokertd", f"tournament.md:{line}: not a pokertd command"
        result = invoke(*args[1:], **env)
        got = [text.rstrip() for text in result.output.splitlines()]
        if got != expected:
            diff = difflib.unified_diff(expected, got, "page", "pokertd", lineterm="")
            pytest.fail(f"tournament.md:{line}: $ {command}\n" + "\n".join(diff))
    assert (tmp_path / "mardi.db").exists()


# -- help in English and French -------------------------------------------------------------------


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_help_is_in_french_from_the_catalogue(command: list[str]) -> None:
    english = invoke("tournament", *command, "--help").output
    french = invoke("tournament", *command, "--help", "--lang", "fr").output
    from_env = invoke("tournament", *command, "--help", POKERTD_LANG="fr").output
    assert french == from_env
    assert english.startswith("Usage: pokertd tournament ")
    assert french.startswith("Utilisation : pokertd tournament ")
    # The command's first sentence, and every option's text, as the catalogue has them.
    listed = pokertd_command(command)
    first = (listed.help or "").split("\n\n")[0]
    assert " ".join(render(listed.help or "", "fr").split("\n\n")[0].split())[:40] in " ".join(
        french.split()
    )
    assert " ".join(first.split())[:40] in " ".join(english.split())
    for param in listed.params:
        text = getattr(param, "help", None)
        if text:
            assert render(text, "fr") != text, text
            assert " ".join(render(text, "fr").split())[:30] in " ".join(french.split())
    assert "Afficher ce message et quitter." in french


def test_the_group_lists_the_commands_in_french() -> None:
    listing = invoke("tournament", "--lang", "fr", "--help").output
    assert "Encaisser le buy-in d'entrées préinscrites" in listing
    assert "Take the buy-in" not in listing
    assert "Take the buy-in" in invoke("tournament", "--help").output


def pokertd_command(path: list[str]) -> Any:
    from pokertd.cli.tournament import tournament_group

    found: Any = tournament_group
    for name in path:
        found = found.commands[name]
    return found


# -- preregister and pay --------------------------------------------------------------------------


def test_pay_takes_the_buy_ins_all_or_nothing(night: Path) -> None:
    ok("preregister", "Alice", "Bruno", "--contact", "06 12 34 56 78")
    entries = json.loads(ok("entries", "--json"))["entries"]
    assert [e["player"] for e in entries] == ["Alice", "Bruno"]
    assert json.loads(ok("payouts", "--json"))["entries"] == 0  # nobody has paid
    assert "#1 Alice paid the buy-in" in ok("pay", "#1")
    message = refused("pay", "1-2", status=2)
    assert message == "error: entry 1 has already paid (EVENT-STATE)"
    assert json.loads(ok("payouts", "--json"))["entries"] == 1  # Bruno's not taken either
    assert "entry 9" in refused("pay", "9", status=1)
    ok("pay", "2")
    assert json.loads(ok("payouts", "--json"))["entries"] == 2


# -- stacks ---------------------------------------------------------------------------------------


def test_stacks_records_a_table_counted_from_pairs_or_a_file(night: Path) -> None:
    ok("register", "Alice", "Bruno", "Chloé")
    ok("draw")
    assert ok("stacks", "1=12000", "#2=8000").splitlines() == [
        "#1 Alice has 12000",
        "#2 Bruno has 8000",
    ]
    (night / "counts.csv").write_text("entry,chips\n3,9500\n2,8500\n", encoding="utf-8")
    ok("stacks", "--file", "counts.csv")
    stacks = {e["entry"]: e["stack"] for e in json.loads(ok("entries", "--json"))["entries"]}
    assert stacks == {1: 12000, 2: 8500, 3: 9500}


@pytest.mark.parametrize(
    ("args", "said"),
    [
        ([], "give the chip counts as ENTRY=CHIPS pairs or with --file"),
        (["1=100", "--file", "x.csv"], "give the chip counts as ENTRY=CHIPS pairs or with --file"),
        (["1:12000"], "stacks takes ENTRY=CHIPS, such as 12=4500, not '1:12000'"),
        (["1=12000", "1=9000"], "stacks gives entry 1 twice"),
        (["1=lots"], "the stack of entry 1 is a whole number of chips, not 'lots'"),
    ],
)
def test_stacks_refuses_bad_input_and_records_nothing(
    night: Path, args: list[str], said: str
) -> None:
    ok("register", "Alice", "Bruno")
    ok("draw")
    version = json.loads(ok("log", "--json"))["version"]
    assert refused("stacks", *args) == f"error: {said}"
    assert json.loads(ok("log", "--json"))["version"] == version


def test_stacks_in_french(night: Path) -> None:
    message = refused("stacks", "--lang", "fr")
    assert message == "erreur : donnez les tapis en paires ENTRÉE=JETONS ou avec --file"


# -- hfh deal -------------------------------------------------------------------------------------


def test_hfh_deal_deals_every_table_and_charges_the_clock(night: Path) -> None:
    ok("register", *[f"Player {n}" for n in range(1, 13)])
    ok("draw")
    ok("clock", "start")
    assert refused("hfh", "deal", status=2) == "error: hand-for-hand is not on (HFH-CLOCK)"
    ok("hfh", "start")
    before = json.loads(ok("clock", "--json"))
    dealt = ok("hfh", "deal")
    assert "table 1 hand 1 started" in dealt
    assert "table 2 hand 1 started" in dealt
    assert "table 1 hand 1 finished" in dealt
    after = json.loads(ok("clock", "--json"))
    assert after["remaining"] == before["remaining"] - 120  # HFH-CLOCK: TDA PR-8B
    assert "table 1 hand 2 started" in ok("hfh", "deal")


# -- undo-to --------------------------------------------------------------------------------------


def test_undo_to_cancels_an_earlier_command_and_what_followed(night: Path) -> None:
    ok("register", "Alice", "Bruno", "Chloé", "David")
    ok("draw")
    ok("bust", "2")
    wrong = json.loads(ok("log", "--json"))["version"]  # Bruno's bust-out: the mistake
    ok("stack", "1", "25000")
    before = ok("entries", "--all", "--json")
    preview = json.loads(ok("undo-to", str(wrong), "--preview", "--json"))
    assert [e["type"] for e in preview["events"]] == ["command-undone", "command-undone"]
    assert ok("entries", "--all", "--json") == before  # a preview records nothing
    told = ok("undo-to", str(wrong))
    assert told.splitlines() == [
        f"undone: #1 Alice has 25000 (event {wrong + 1})",
        f"undone: #2 Bruno busted in 4th place (event {wrong})",
    ]
    entries = json.loads(ok("entries", "--json"))["entries"]
    assert {e["entry"]: e["status"] for e in entries} == dict.fromkeys((1, 2, 3, 4), "seated")
    assert "[undone]" in ok("log", "--last", "6")


def test_undo_to_refuses_what_cannot_be_undone(night: Path) -> None:
    ok("register", "Alice")
    version = json.loads(ok("log", "--json"))["version"]
    assert refused("undo-to", "99") == f"error: there is no event 99: the log has {version} events"
    message = refused("undo-to", "1", status=2)
    assert message == "error: command 1 is not in force: it cannot be undone (EVENT-STATE)"
    assert "0 is not in the range x>=1" in refused("undo-to", "0")
    french = refused("undo-to", "99", "--lang", "fr")
    assert french == f"erreur : il n'y a pas d'événement 99 : le journal en compte {version}"
    assert json.loads(ok("log", "--json"))["version"] == version


# -- archive --------------------------------------------------------------------------------------


def test_archive_hides_the_event_from_list_until_restored(night: Path) -> None:
    ok("create", "--title", "Jeudi")
    assert ok("archive", "--event", "1") == "tournament archived\n"
    listed = json.loads(ok("list", "--json"))
    assert [(t["title"], t["archived"]) for t in listed] == [("Jeudi", False)]
    everything = json.loads(ok("list", "--archived", "--json"))
    assert [(t["title"], t["archived"]) for t in everything] == [("Mardi", True), ("Jeudi", False)]
    message = refused("archive", "--event", "1", status=2)
    assert message == "error: the tournament is already archived (EVENT-STATE)"
    ok("archive", "--event", "1", "--restore")
    assert len(json.loads(ok("list", "--json"))) == 2
    message = refused("archive", "--event", "1", "--restore", status=2)
    assert message == "error: the tournament is not archived (EVENT-STATE)"
