"""``pokertd tournament`` and the rules an event runs under (issue 19): a house profile runs an
event, and the commands apply the profile's rules as the book states them.

Run in-process with click's CliRunner on a temporary event file, at a fixed moment and seed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from pokertd.cli.main import cli

T0 = "2026-03-06T19:00:00+00:00"

CLUB = """\
name = "Club du jeudi"
extends = "lfp"

[late_registration_levels]
value = 3
"""


class Director:
    """Runs ``pokertd tournament ...`` against one event file."""

    def __init__(self, db: Path) -> None:
        self.db = db

    def run(self, *args: str) -> Result:
        env: dict[str, str | None] = {"POKERTD_NOW": T0, "POKERTD_SEED": "7", "POKERTD_DB": None}
        return CliRunner().invoke(cli, ["tournament", *args, "--db", str(self.db)], env=env)

    def ok(self, *args: str) -> str:
        result = self.run(*args)
        assert result.exit_code == 0, result.output
        return result.stdout

    def json(self, *args: str) -> Any:
        return json.loads(self.ok(*args, "--json"))


@pytest.fixture
def director(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Director:
    monkeypatch.delenv("POKERTD_LANG", raising=False)
    return Director(tmp_path / "event.db")


def test_create_with_a_house_profile_file(director: Director, tmp_path: Path) -> None:
    club = tmp_path / "club.toml"
    club.write_text(CLUB, encoding="utf-8")
    out = director.ok("create", "--title", "Jeudi", "--profile", str(club))
    assert "profile club" in out
    assert "late registration to the end of level 3" in out
    club.write_text(CLUB.replace("value = 3", "value = 1"), encoding="utf-8")  # edited later
    assert "late registration to the end of level 3" in director.ok("log")
    assert director.json("status")["profile"] == "club"


def test_create_refuses_a_house_profile_that_does_not_load(
    director: Director, tmp_path: Path
) -> None:
    club = tmp_path / "club.toml"
    club.write_text('extends = "lfp"\n[reopen]\nvalue = "sometimes"\n', encoding="utf-8")
    result = director.run("create", "--title", "Jeudi", "--profile", str(club))
    assert result.exit_code == 1
    assert "reopen = 'sometimes' is not allowed" in result.stderr
    assert not director.db.exists()
