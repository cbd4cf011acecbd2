"""Spreadsheet formula injection (issue 16): a player named ``=HYPERLINK(...)`` reaches every CSV
export as text, never as a formula: the console's downloads, ``pokertd tournament export`` and
``pokertd league standings/events --csv``. Numbers (``-12.50``) stay numbers."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from pokertd.cli.main import cli

NASTY = (
    '=HYPERLINK("http://evil.example","x")',
    "+cmd|' /C calc'!A0",
    "-2+3",
    "@SUM(1+1)",
    "\t=1+1",
    "\r=1+1",
)
Run = Callable[..., Any]


def formulas(text: str, delimiter: str = ",") -> list[str]:
    """Return the cells of a CSV file that a spreadsheet would run as formulas."""
    cells = [cell for row in csv.reader(io.StringIO(text), delimiter=delimiter) for cell in row]
    assert cells
    return [
        cell
        for cell in cells
        if cell[:1] in ("=", "+", "-", "@", "\t", "\r")
        and not cell.lstrip("+-").replace(".", "", 1).replace(",", "", 1).isdigit()
    ]


def test_the_console_downloads_hold_no_formula(director: TestClient, run: Run) -> None:
    token = director.headers["X-CSRF-Token"]
    made = director.post(
        "/console/create",
        data={"csrf": token, "title": "Night", "template": "turbo", "buy_in": "18+2"},
        follow_redirects=False,
    )
    tournament = str(made.headers["location"]).rsplit("/", 1)[1]
    for player in (*NASTY, "Ana"):
        run(director, tournament, "register", player=player)
    run(director, tournament, "draw-seats")
    run(director, tournament, "start-clock")
    run(director, tournament, "bust-players", entries=[1])
    run(director, tournament, "bust-players", entries=[2])
    for what in ("results", "payouts", "ledger", "people"):
        answer = director.get(f"/console/{tournament}/export/{what}.csv")
        assert answer.status_code == 200, answer.text
        assert formulas(answer.text) == [], what
        french = director.get(f"/console/{tournament}/export/{what}.csv", params={"lang": "fr"})
        assert formulas(french.text.removeprefix("\ufeff"), delimiter=";") == [], what
    results = director.get(f"/console/{tournament}/export/results.csv").text
    assert "'=HYPERLINK" in results  # the name is all there, as text


def test_the_cli_exports_hold_no_formula(tmp_path: Path) -> None:
    db = str(tmp_path / "club.db")
    env = {"POKERTD_NOW": "2026-03-06T19:00:00+00:00", "POKERTD_SEED": "7", "POKERTD_DB": None}

    def ok(*args: str) -> str:
        result = CliRunner().invoke(cli, [*args[:2], "--db", db, *args[2:]], env=env)
        assert result.exit_code == 0, result.output
        return result.stdout

    ok("tournament", "create", "--title", "Friday", "--template", "turbo", "--buy-in", "20")
    ok("tournament", "register", "--", *NASTY, "Ana")
    target = tmp_path / "results.csv"
    ok("tournament", "export", "results", str(target))
    assert formulas(target.read_text(encoding="utf-8-sig")) == []
    league = tmp_path / "jan.csv"
    with league.open("w", newline="") as file:
        # names are stripped: the tab of NASTY[4] goes, its "=" stays
        csv.writer(file).writerows([["place", "player"], *enumerate(NASTY[:5], 1)])
    ok("league", "create", "--name", "Club", "--season", "2026")
    ok("league", "add-event", "--csv", str(league), "--date", "2026-01-09")
    for lang, delimiter in (("en", ","), ("fr", ";")):
        standings = ok("league", "standings", "--csv", "-", "--lang", lang)
        assert formulas(standings, delimiter) == [], lang
        event = ok("league", "events", "1", "--csv", "-", "--lang", lang)
        assert formulas(event, delimiter) == [], lang


@pytest.mark.parametrize("number", ["-12.50", "+3", "-7", "12,50"])
def test_numbers_stay_numbers(number: str) -> None:
    from pokertd.present.exports import csv_text

    assert csv_text([[number]]) in (f"{number}\n", f'"{number}"\n')
