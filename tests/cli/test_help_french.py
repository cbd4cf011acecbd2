"""Every ``pokertd`` command's ``--help`` is in French when the command line asks for French
(``--lang fr``, ``POKERTD_LANG=fr``, a French system), from the one catalogue
(``cli.bilingual_help``).

The walk covers the whole command tree: a command added without its French (a docstring, an
option's help) fails here with the texts to translate, listed by command (``make messages``
adds them to the catalogue, empty). The example of docs/cli.md runs as the page shows it.
"""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest
from babel.messages.pofile import read_po
from click.testing import CliRunner, Result

from pokertd.cli.bilingual_help import HELP_OPTION, in_lang, texts, translated, walk
from pokertd.cli.main import COMMANDS, cli
from pokertd.present.i18n import LOCALE_DIR

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = LOCALE_DIR / "fr" / "LC_MESSAGES" / "pokertd.po"
TREE = list(walk(cli, ["pokertd"]))
NO_LOCALE: dict[str, str | None] = {
    "POKERTD_LANG": None,
    "POKERTD_DB": None,
    "LC_ALL": None,
    "LC_MESSAGES": None,
    "LANG": None,
    "COLUMNS": "80",
}


def invoke(*args: str, **env: str) -> Result:
    return CliRunner().invoke(cli, list(args), env={**NO_LOCALE, **env}, prog_name="pokertd")


def test_every_help_text_has_its_french() -> None:
    with CATALOGUE.open("rb") as po:
        french = {message.id: message.string for message in read_po(po) if message.id}
    untranslated = [
        f"{' '.join(path)}: {text!r}"
        for path, command in TREE
        for text in texts(command)
        if not french.get(text)
    ]
    untranslated += [
        f"pokertd --help lists {name}: {listed.summary!r}"
        for name, listed in COMMANDS.items()
        if not french.get(listed.summary)
    ]
    assert not untranslated, (
        "help texts without French: run `make messages`, then translate in "
        f"{CATALOGUE.relative_to(ROOT)}:\n" + "\n".join(untranslated)
    )


def test_the_walk_sees_every_command() -> None:
    paths = {" ".join(path) for path, _ in TREE}
    assert {"pokertd", "pokertd tournament clock adjust", "pokertd floor see"} <= paths
    assert {f"pokertd {name}" for name in COMMANDS} <= paths
    assert len(paths) > 100


@pytest.mark.parametrize(
    "path", [path[1:] for path, _ in TREE], ids=lambda path: " ".join(path) or "pokertd"
)
def test_each_help_page_is_in_french(path: list[str]) -> None:
    english = invoke(*path, "--help")
    french = invoke(*path, "--help", LANG="fr_FR.UTF-8")
    assert english.exit_code == french.exit_code == 0, french.output
    assert english.output.startswith("Usage: pokertd")
    assert french.output.startswith("Utilisation : pokertd")
    assert french.output != english.output
    command = {tuple(found[1:]): command for found, command in TREE}[tuple(path)]
    shown = " ".join(french.output.split())
    for text in texts(command):
        said = translated(text, "fr") or ""
        assert " ".join(said.split())[:25] in shown, (text, said)
    assert translated(HELP_OPTION, "fr") in shown
    assert "Show this message" not in shown
    assert "Usage:" not in shown


def test_a_group_lists_its_commands_in_french() -> None:
    listing = invoke("rules", "--help", POKERTD_LANG="fr").output
    assert "Commandes:" in listing
    assert "Lister les profils livrés" in listing
    assert "List the shipped" not in listing
    assert "List the shipped" in invoke("rules", "--help").output


def test_an_option_s_default_is_said_in_french() -> None:
    page = invoke("simulate", "--help", POKERTD_LANG="fr").output
    assert "[par défaut : 100]" in " ".join(page.split())
    assert "[default: 100]" in " ".join(invoke("simulate", "--help").output.split())


def test_the_english_commands_are_left_as_they_were() -> None:
    french = in_lang(cli, "fr")
    assert french is not cli
    assert in_lang(cli, "en") is cli
    assert in_lang(french, "fr") is french
    assert cli.help is not None
    assert cli.help.startswith("pokertd: poker tournaments")
    context = click.Context(cli, info_name="pokertd")
    tournament = cli.get_command(context, "tournament")
    assert tournament is not None
    assert (tournament.help or "").startswith("Run a tournament")


# -- the example of docs/cli.md ------------------------------------------------------------------

EXAMPLE = re.compile(r"```console\n\$ POKERTD_LANG=fr pokertd (.*?)\n(.*?)```", re.DOTALL)


def test_the_documented_example_runs_in_french() -> None:
    page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    found = EXAMPLE.search(page)
    assert found is not None, "docs/cli.md has no French example"
    command, expected = found.groups()
    result = invoke(*command.split(), POKERTD_LANG="fr")
    assert result.exit_code == 0, result.output
    assert result.output == expected
    assert "Utilisation : pokertd rules show" in result.output
    assert "Montrer chaque règle d'un profil" in result.output


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_pokertd_lists_each_command_by_its_own_french_summary(name: str) -> None:
    french = in_lang(COMMANDS[name].load(), "fr")
    assert translated(COMMANDS[name].summary, "fr") == french.get_short_help_str(limit=10_000)
