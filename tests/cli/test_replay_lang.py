"""``pokertd replay`` and ``pokertd floor`` in French: ``--lang fr`` or ``POKERTD_LANG=fr`` gives
the replay's text, its refusals and a floor command's refusals in French (they were English
whatever the language asked), the rule id kept; English stays the default."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pokertd.cli.main import cli
from pokertd.engine.state import Phase
from pokertd.messages import message
from pokertd.present.i18n import render

DATA = Path(__file__).resolve().parents[1] / "data"
#: Player 2 raises to more than his whole stack: ENGINE-STACK refuses his action.
TOO_MUCH = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 AsKs", "d dh p2 QhQd", "p2 cbr 10000"]
"""


@pytest.fixture
def too_much(tmp_path: Path) -> Path:
    path = tmp_path / "trop.phh"
    path.write_text(TOO_MUCH, encoding="utf-8")
    return path


def test_replay_text_in_french() -> None:
    """The documented example (docs/cli.md) with ``--lang fr``: the hand's lines in French."""
    result = CliRunner().invoke(cli, ["replay", str(DATA / "showdown_nt.phh"), "--lang", "fr"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "No-limit hold'em, profil tda-2017 : 15 actions appliquées sur 15"
    assert "derrière" in lines[2]
    assert "misé" in lines[2]
    assert "terminée ; tapis à la fin : 5100 4900" in lines
    assert "les tapis à la fin sont ceux notés dans le fichier" in lines


def test_replay_refusal_in_french_names_the_rule(too_much: Path) -> None:
    """ENGINE-STACK's refusal, in French from the environment, exit 2, the rule id kept."""
    result = CliRunner(env={"POKERTD_LANG": "fr"}).invoke(cli, ["replay", str(too_much)])
    assert result.exit_code == 2
    assert "à parler : p2 : passer, suivre 1, relancer à 4..100" in result.stdout
    assert result.stderr.startswith("erreur : action 2 'p2 cbr 10000' : le joueur 2 : ")
    assert "dépasse le maximum de 100" in result.stderr
    assert result.stderr.rstrip().endswith("(ENGINE-STACK)")


def test_replay_stays_english_by_default(too_much: Path) -> None:
    result = CliRunner().invoke(cli, ["replay", str(too_much)])
    assert result.exit_code == 2
    assert "to act: p2: fold, call 1, raise to 4..100" in result.stdout
    assert result.stderr.startswith("error: action 2 'p2 cbr 10000': player 2: raise to 10000")
    assert result.stderr.rstrip().endswith("(ENGINE-STACK)")


def test_floor_refusal_of_the_file_in_french(too_much: Path) -> None:
    """A floor command on a file whose own action breaks ENGINE-STACK: exit 2, in French, the
    file named."""
    result = CliRunner().invoke(
        cli, ["floor", "interpret", str(too_much), "--chips", "100", "--lang", "fr"]
    )
    assert result.exit_code == 2
    assert result.stderr.startswith("erreur : action 2 'p2 cbr 10000' de trop.phh : le joueur 2")
    assert result.stderr.rstrip().endswith("(ENGINE-STACK)")


def test_floor_error_in_the_language_of_the_environment() -> None:
    """A finished hand (nobody to rule on): the floor's error in the language of
    ``POKERTD_LANG`` (it was English whatever the language)."""
    hand = str(DATA / "showdown_nt.phh")
    french = CliRunner(env={"POKERTD_LANG": "fr"}).invoke(
        cli, ["floor", "interpret", hand, "--chips", "100"]
    )
    english = CliRunner().invoke(cli, ["floor", "interpret", hand, "--chips", "100"])
    assert french.exit_code == english.exit_code == 1
    assert french.stderr.startswith("erreur : personne n'a à parler dans cette main")
    assert english.stderr.startswith("error: nobody is to bet in this hand now")
    # where the hand stands, in words (it said "elle en est à finished")
    assert "elle en est à sa fin" in french.stderr
    assert "it is at its end" in english.stderr


@pytest.mark.parametrize("phase", list(Phase))
def test_every_phase_reads_as_words(phase: Phase) -> None:
    """Each place a hand stands, as the engine's refusals name it: words in both languages,
    never the enum's value (JSON keeps "finished"; a person reads "sa fin")."""
    said = message("no betting now: the hand is at {phase}", phase=phase)
    french, english = render(said, "fr"), render(said, "en")
    assert not french.endswith(f"à {phase.value}")
    assert not english.endswith(f"at {phase.value}")
    assert french.startswith("pas d'enchères maintenant : la main en est à ")
