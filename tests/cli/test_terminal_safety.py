"""What the CLI prints cannot drive the reader's terminal, and odd input or a reader that leaves
ends in one line, never a traceback (issue 16): escape codes in names, a PHH file that is not
UTF-8, text that is not valid UTF-8, ``pokertd demo | head``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from pokertd.cli.main import cli as pokertd

ENVIRONMENT: dict[str, str | None] = {"POKERTD_DB": None, "POKERTD_LANG": None}
#: A window title change (OSC ... BEL), a screen clear (ESC [ 2 J) and a one-character CSI.
HOSTILE = "Ana\x1b]0;pwned\x07\x1b[2J\x9b31m"


def invoke(*args: str) -> Result:
    result = CliRunner().invoke(pokertd, list(args), env=ENVIRONMENT, prog_name="pokertd")
    assert "Traceback" not in result.output
    return result


def test_escape_codes_in_names_are_printed_as_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert invoke("tournament", "create", "--title", f"Title {HOSTILE}").exit_code == 0
    registered = invoke("tournament", "register", HOSTILE)
    assert registered.exit_code == 0
    for output in (
        registered.output,
        invoke("tournament", "entries").output,
        invoke("tournament", "status").output,
        invoke("tournament", "log").output,
    ):
        assert not {"\x1b", "\x07", "\x9b"} & set(output), output
        assert "Ana\\x1b]0;pwned\\x07" in output or "Ana\\x9b31m" in output
    document = json.loads(invoke("tournament", "entries", "--json").output)
    assert document["entries"][0]["player"] == HOSTILE  # JSON keeps the name, escaped
    assert "\x9b" not in invoke("tournament", "entries", "--json").output


def test_text_that_is_not_utf8_is_refused_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A byte that is no UTF-8 in an argument reaches Python as a lone surrogate."""
    monkeypatch.chdir(tmp_path)
    assert invoke("tournament", "create", "--title", "Vendredi").exit_code == 0
    result = invoke("tournament", "register", "Ana\udc9b")
    assert result.exit_code == 1
    assert "some text is not valid UTF-8" in result.output


def test_replay_of_a_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "hand.phh"
    path.write_bytes(b'variant = "NT"\nplayers = ["\xff\xfe"]\n')
    result = invoke("replay", str(path))
    assert result.exit_code == 1
    assert result.output.count("\n") == 1
    assert "is not UTF-8 text (byte 0xff at offset 27)" in result.output


def test_demo_into_a_reader_that_leaves_ends_quietly() -> None:
    """``pokertd demo | head -1``: head reads one line and leaves; no traceback, no error."""
    demo = subprocess.Popen(
        [sys.executable, "-m", "pokertd", "demo"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert demo.stdout is not None
    assert demo.stderr is not None
    assert demo.stdout.readline()
    demo.stdout.close()  # the reader leaves
    errors = demo.stderr.read().decode()
    assert demo.wait(timeout=60) == 141
    assert errors == ""
