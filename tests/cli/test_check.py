"""``pokertd check``: the example of docs/security.md ("Integrity") runs as shown; JSON; French;
a missing file; a sound file.
"""

from __future__ import annotations

import contextlib
import difflib
import json
import re
import shlex
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from pokertd.cli.main import cli as pokertd

PAGE = Path(__file__).resolve().parents[2] / "docs" / "security.md"
FENCE = re.compile(r"^```(\w*)\s*$")
ENVIRONMENT: dict[str, str | None] = {
    "POKERTD_NOW": "2026-03-06T22:30:00+00:00",
    "POKERTD_SEED": "7",
    "POKERTD_DB": None,
    "POKERTD_LANG": None,
}


def invoke(*args: str) -> Result:
    result = CliRunner().invoke(pokertd, list(args), env=ENVIRONMENT, prog_name="pokertd")
    assert "Traceback" not in result.output
    return result


def section(text: str, title: str) -> list[tuple[int, str]]:
    """The numbered lines of the page's section ``## title``."""
    lines = list(enumerate(text.splitlines(), 1))
    start = next(i for i, (_, line) in enumerate(lines) if line == f"## {title}")
    end = next(
        (i for i, (_, line) in enumerate(lines) if i > start and line.startswith("## ")),
        len(lines),
    )
    return lines[start:end]


def steps(lines: list[tuple[int, str]]) -> list[tuple[int, str, list[str] | None]]:
    """Each ``$`` line of a shell or console block, with the output a console block shows."""
    found: list[tuple[int, str, list[str] | None]] = []
    kind = None
    for number, line in lines:
        fence = FENCE.match(line)
        if kind is None:
            kind = fence.group(1) if fence else None
        elif fence:
            kind = None
        elif line.startswith("$ "):
            found.append((number, line[2:], [] if kind == "console" else None))
        elif kind == "console" and found and found[-1][2] is not None:
            shown = found[-1][2]
            assert shown is not None
            shown.append(line.rstrip())
    return found


def test_the_integrity_example_shows_what_the_commands_print(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every ``$`` line of the page's "Integrity" section runs in order in an empty folder (the
    ``sqlite3`` line, which damages an event, through Python's sqlite3) and prints what the page
    says."""
    monkeypatch.chdir(tmp_path)
    ran = steps(section(PAGE.read_text(encoding="utf-8"), "Integrity"))
    assert [command.split()[1] for _, command, _ in ran].count("check") == 3
    for line, command, shown in ran:
        args = shlex.split(command)
        if args[0] == "sqlite3":
            with contextlib.closing(sqlite3.connect(args[1])) as connection, connection:
                connection.execute(args[2])
            continue
        assert args[0] == "pokertd", f"security.md:{line}: not a pokertd command"
        result = invoke(*args[1:])
        if shown is None:
            assert result.exit_code == 0, f"security.md:{line}: {result.output}"
            continue
        got = [text.rstrip() for text in result.output.splitlines()]
        if got != shown:
            diff = difflib.unified_diff(shown, got, "page", "pokertd", lineterm="")
            pytest.fail(f"security.md:{line}: $ {command}\n" + "\n".join(diff))
    backup = tmp_path / "pokertd.db.before-repair-20260306T223000.db"
    with contextlib.closing(sqlite3.connect(backup)) as copy:
        (kept,) = copy.execute(
            "SELECT data FROM events WHERE stream = 'tournament-1' AND version = 3"
        ).fetchone()
    assert kept == '{"pla'  # the damaged file, word for word
    assert "Registered: 3" in invoke("tournament", "status").output


@pytest.fixture
def damaged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    assert invoke("tournament", "create", "--title", "Vendredi").exit_code == 0
    assert invoke("tournament", "register", "Alice", "Bruno").exit_code == 0
    path = tmp_path / "pokertd.db"
    with contextlib.closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("UPDATE events SET data = '[]' WHERE version = 2")
    return path


def test_check_in_json_and_exit_status(damaged: Path) -> None:
    result = invoke("check", "--json")
    assert result.exit_code == 1
    document = json.loads(result.output)
    assert document["sound"] is False
    assert [(d["stream"], d["version"]) for d in document["damages"]] == [("tournament-1", 2)]
    assert document["damages"][0]["text"] == "[]"
    assert document["removed"] == []
    repaired = invoke("check", "--repair", "--json")
    assert repaired.exit_code == 0
    assert json.loads(repaired.output)["removed"][0]["version"] == 2


def test_check_in_french(damaged: Path) -> None:
    result = invoke("check", "--lang", "fr")
    assert result.exit_code == 1
    assert "tournament-1, événement 2 :" in result.output
    assert "arrêtez le serveur" in result.output
    assert "endommagé" in invoke("tournament", "status", "--lang", "fr").output


def test_check_of_a_missing_file_creates_nothing(tmp_path: Path) -> None:
    result = invoke("check", "--db", str(tmp_path / "none.db"))
    assert result.exit_code == 1
    assert "there is no event file" in result.output
    assert not (tmp_path / "none.db").exists()
