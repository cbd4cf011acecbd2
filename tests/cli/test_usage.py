"""Click's usage errors in French under ``--lang fr`` (or ``POKERTD_LANG=fr``, or a French
system) for every command, ``pokertd`` itself included: exit status 1, one line, the command to
ask for help (``cli.usage``)."""

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
        (["rules", "show"], "il manque l'argument 'ID_OR_FILE'", "Missing argument"),
        (["floor", "nosuch"], "commande inconnue 'nosuch'", "No such command"),
        (["simulate", "--nope"], "option inconnue '--nope'", "No such option"),
        (["--nope"], "option inconnue '--nope'", "No such option"),
    ],
)
def test_usage_errors_follow_the_language(
    tmp_path: Path, args: list[str], french: str, english: str
) -> None:
    with_db = args[0] in {"tournament", "league"} and args[-1] != "nosuch"
    db = ["--db", str(tmp_path / "events.db")] if with_db else []
    runner = CliRunner()
    in_french = runner.invoke(cli, [*args, *db], prog_name="pokertd", env={"POKERTD_LANG": "fr"})
    assert in_french.exit_code == 1
    assert french in in_french.output
    assert "(voir pokertd" in in_french.output
    in_english = runner.invoke(cli, [*args, *db], prog_name="pokertd", env={"POKERTD_LANG": ""})
    assert in_english.exit_code == 1
    assert english in in_english.output


def test_a_french_system_gets_the_errors_in_french() -> None:
    environment = {"POKERTD_LANG": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "fr_FR.UTF-8"}
    result = CliRunner().invoke(cli, ["people", "--nope"], prog_name="pokertd", env=environment)
    assert result.exit_code == 1
    assert result.output == "erreur : option inconnue '--nope' (voir pokertd people --help)\n"
