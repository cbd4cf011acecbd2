"""Click's usage errors in French under ``--lang fr`` for ``pokertd tournament`` as for
``pokertd league``: exit status 1, one line, the command to ask for help."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pokertd.cli.main import cli


@pytest.mark.parametrize(
    ("args", "french", "english"),
    [
        (["tournament", "register"], "il manque l'argument 'NAME...'", "Missing argument"),
        (["tournament", "bust", "--nope"], "option inconnue '--nope'", "No such option"),
        (["tournament", "nosuch"], "commande inconnue 'nosuch'", "No such command"),
        (["league", "nosuch"], "commande inconnue 'nosuch'", "No such command"),
    ],
)
def test_usage_errors_follow_the_language(
    tmp_path: Path, args: list[str], french: str, english: str
) -> None:
    db = ["--db", str(tmp_path / "events.db")] if args[-1] != "nosuch" else []
    runner = CliRunner()
    in_french = runner.invoke(cli, [*args, *db], prog_name="pokertd", env={"POKERTD_LANG": "fr"})
    assert in_french.exit_code == 1
    assert french in in_french.output
    assert "(voir pokertd" in in_french.output
    in_english = runner.invoke(cli, [*args, *db], prog_name="pokertd", env={"POKERTD_LANG": ""})
    assert in_english.exit_code == 1
    assert english in in_english.output
