"""``pokertd people``, through the root command with click's CliRunner: the example of
docs/privacy.md (add, search, export, erase), in English and French."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from pokertd.cli.main import cli
from pokertd.service.people import PERSON_ID

NOW = "2026-03-06T20:00:00+00:00"


def people(db: Path, *args: str) -> Result:
    env = {"POKERTD_NOW": NOW, "POKERTD_LANG": ""}
    return CliRunner().invoke(cli, ["people", *args, "--db", str(db)], env=env)


def test_the_documented_example_adds_finds_exports_and_erases(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    added = people(db, "add", "--name", "Le Goff", "--first-name", "Gaëlle", "--consent")
    assert added.exit_code == 0, added.output
    person = PERSON_ID.findall(added.output)[0]
    assert added.output == f"added {person}: Gaëlle Le Goff\n"
    found = people(db, "search", "gaelle legof")
    assert person in found.output
    assert "Gaëlle Le Goff" in found.output
    exported = json.loads(people(db, "export", person).output)
    assert exported["person"]["name"] == "Le Goff"
    assert exported["person"]["consent_at"] == NOW
    assert exported["seasons"] == []  # in no league: his league points would be here
    refused = people(db, "erase", person)
    assert refused.exit_code == 1
    assert "add --yes to confirm" in refused.output
    erased = people(db, "erase", person, "--yes", "--lang", "fr")
    assert erased.output == f"{person} effacé : ses résultats affichent désormais joueur effacé\n"
    listed = people(db, "list", "--json").output
    assert "Gaëlle" not in listed
    assert json.loads(listed)["people"][0]["erased"] is True


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    answer = people(tmp_path / "none.db", "list")
    assert answer.exit_code != 0
    assert "there is no event file" in answer.output
    assert "pokertd people add" in answer.output
