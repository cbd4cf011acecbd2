"""``pokertd simulate``, run in-process with click's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pokertd.cli.main import cli


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["simulate", *args])
    return result.exit_code, result.stdout, result.stderr


def test_json_output_of_one_run() -> None:
    code, out, _ = run("--players", "15", "--seed", "3", "--template", "turbo", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["players"] == 15
    assert data["seed"] == 3
    assert data["chips_conserved"]
    assert data["money_balances"]
    assert data["places_complete"]
    assert data["places"][0]["place"] == 1
    assert data["levels"][-1]["players"] == 1
    assert "timeline" not in data


def test_text_output_in_french() -> None:
    code, out, _ = run("--players", "12", "--seed", "2", "--lang", "fr")
    assert code == 0
    assert "Joueurs restants en fin de niveau" in out
    assert "1re" in out


def test_many_runs_with_a_report(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "report"
    code, out, _ = run("--players", "20", "--runs", "2", "--jobs", "1", "--seed", "1",
                       "--report", str(target), "--json")  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert data["summary"]["runs"] == 2
    assert [r["seed"] for r in data["runs"]] == [1, 2]
    for name in ("players.png", "stacks.png", "durations.png", "index.html"):
        assert (target / name).stat().st_size > 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "1"], "at least 2 players"),
        (["--players", "many"], "many"),
        (["--bots", "sharks"], "sharks"),
        (["--pace", "-3"], "pace"),
        (["--runs", "0"], "--runs"),
        (["--profile", "nowhere"], "nowhere"),
        (["--structure", "no-such-file.json"], "no-such-file.json"),
        (["--structure", "x.json", "--template", "turbo"], "--structure"),
    ],
)
def test_bad_input_exits_1_with_one_line(args: list[str], message: str) -> None:
    code, out, err = run(*args)
    assert code == 1
    assert message in err
    assert "Traceback" not in err + out
    assert len(err.strip().splitlines()) == 1
