"""``pokertd`` starts fast: its subcommands are imported only when needed (``cli/main.py``), and
``--help``, ``replay`` and ``tournament status`` import neither the web app nor the plots.

Speed itself is measured by ``bench/cli_startup.py``; these tests check what is imported.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from pokertd.cli.main import COMMANDS, cli

ROOT = Path(__file__).resolve().parents[2]
SHOWDOWN = ROOT / "tests" / "data" / "showdown_nt.phh"

#: Run ``pokertd ARGS...`` in a fresh interpreter, then print the modules it imported.
CHILD = """
import json, sys
from pokertd.cli.main import cli
try:
    cli(sys.argv[1:], prog_name="pokertd")
except SystemExit as stop:
    if stop.code:
        raise
print("MODULES " + json.dumps(sorted(sys.modules)))
"""

WEB = ("pokertd.web", "fastapi", "starlette", "jinja2", "uvicorn")
PLOTS = ("matplotlib", "pokertd.present.sim_report")


def imported_by(*args: str) -> tuple[str, list[str]]:
    """Return what ``pokertd ARGS`` printed and the modules it imported, in a new process."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD, *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=True,
    )
    output, _, modules = done.stdout.rpartition("MODULES ")
    return output, json.loads(modules)


def loaded(modules: list[str], packages: tuple[str, ...]) -> list[str]:
    return [m for m in modules if any(m == p or m.startswith(f"{p}.") for p in packages)]


def test_help_lists_every_command_without_importing_any() -> None:
    output, modules = imported_by("--help")
    for name, entry in COMMANDS.items():
        assert f"  {name} " in output
        assert entry.target.partition(":")[0] not in modules
    assert loaded(modules, (*WEB, *PLOTS, "pokertd.engine", "pokertd.rules")) == []


def test_replay_imports_neither_the_web_app_nor_the_plots() -> None:
    output, modules = imported_by("replay", str(SHOWDOWN))
    assert "finished; finishing stacks: 5100 4900" in output
    assert "pokertd.engine" in modules
    assert loaded(modules, (*WEB, *PLOTS)) == []


def test_tournament_status_imports_neither_the_web_app_nor_the_plots(tmp_path: Path) -> None:
    db = str(tmp_path / "events.db")
    created = CliRunner().invoke(cli, ["tournament", "create", "--title", "Jeudi", "--db", db])
    assert created.exit_code == 0, created.output
    output, modules = imported_by("tournament", "status", "--db", db)
    assert "Jeudi (tournament-1, profile tda-2017)" in output
    assert loaded(modules, (*WEB, *PLOTS)) == []


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_registry_summary_is_the_command_short_help(name: str) -> None:
    command = COMMANDS[name].load()
    assert command.name == name
    assert COMMANDS[name].summary == command.get_short_help_str(limit=10_000)


@pytest.mark.parametrize("width", [60, 80, 100, 140])
def test_help_lists_the_commands_as_click_would(width: int) -> None:
    context = click.Context(cli, info_name="pokertd", terminal_width=width)
    ours = click.HelpFormatter(width=width)
    cli.format_commands(context, ours)
    eager = click.Group("pokertd", commands={n: e.load() for n, e in COMMANDS.items()})
    clicks = click.HelpFormatter(width=width)
    click.Group.format_commands(eager, context, clicks)
    assert ours.getvalue() == clicks.getvalue()
    assert "tournament  Run a tournament" in ours.getvalue()


def test_every_command_runs_its_help() -> None:
    runner = CliRunner()
    for name in COMMANDS:
        result = runner.invoke(cli, [name, "--help"], prog_name="pokertd")
        assert result.exit_code == 0, (name, result.output)
        assert result.output.startswith(f"Usage: pokertd {name} ")


def test_tournament_group_comes_with_its_money_commands() -> None:
    result = CliRunner().invoke(cli, ["tournament", "--help"], prog_name="pokertd")
    for name in ("payouts", "rebuy", "deal", "ledger", "chip-race", "colour-ups"):
        assert f"  {name} " in result.output


def test_money_commands_are_registered_whichever_module_comes_first() -> None:
    # tournament_money builds on tournament_base alone; the group still gets every command
    child = (
        "import pokertd.cli.tournament_money\n"
        "from pokertd.cli.tournament import tournament_group\n"
        "print(sorted(tournament_group.commands))"
    )
    done = subprocess.run(
        [sys.executable, "-c", child], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert "'payouts'" in done.stdout
    assert "'status'" in done.stdout


def test_unknown_command_is_a_one_line_usage_error() -> None:
    result = CliRunner().invoke(cli, ["nosuch"], prog_name="pokertd")
    assert result.exit_code == 1
    assert result.output == "error: No such command 'nosuch'. (see pokertd --help)\n"
