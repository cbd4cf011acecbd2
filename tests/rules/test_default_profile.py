"""The default profile is named once (``rules.DEFAULT_PROFILE``), and everything that falls back
to a profile falls back to it: new tournaments, the command line, the web forms, replays."""

from __future__ import annotations

import ast
from pathlib import Path

from click.testing import CliRunner

from pokertd import rules
from pokertd.cli.main import cli
from pokertd.tournament import commands
from pokertd.tournament.state import TournamentState

SRC = Path(__file__).resolve().parents[2] / "src" / "pokertd"


def test_the_default_profile_is_a_shipped_profile() -> None:
    assert rules.DEFAULT_PROFILE in rules.PROFILE_IDS
    assert rules.load(rules.DEFAULT_PROFILE).id == rules.DEFAULT_PROFILE


def test_the_default_profile_id_is_written_only_where_the_profiles_are_listed() -> None:
    written = []
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Constant) and node.value == rules.DEFAULT_PROFILE:
                written.append((path.relative_to(SRC).as_posix(), node.lineno))
    # DEFAULT_PROFILE itself, PROFILE_IDS and ROOT_ID (the root of every ``extends`` chain)
    assert [where for where, _ in written] == ["rules/load.py"] * 3, written
    pages = [p.name for p in SRC.rglob("*.html") if f'"{rules.DEFAULT_PROFILE}"' in p.read_text()]
    assert pages == []


def test_what_falls_back_to_a_profile_falls_back_to_the_default() -> None:
    assert commands.CreateTournament("Jeudi", {}).profile == rules.DEFAULT_PROFILE
    assert TournamentState().profile.id == rules.DEFAULT_PROFILE
    for command in (["tournament", "create"], ["simulate"], ["demo"]):
        shown = CliRunner().invoke(cli, [*command, "--help"]).output
        assert f"[default: {rules.DEFAULT_PROFILE}]" in " ".join(shown.split()), command
