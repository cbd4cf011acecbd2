"""A read-only event file (issue 16: the server started, then refused every change with "try
again"): the web app and the CLI's commands refuse to start on it, saying why, and the file is
left as it was. ``pokertd check`` still reads it.

The file is made read-only for real: ``chmod 444`` for a user, and, since root writes through
file modes, the immutable attribute (``chattr +i``), which binds root too.
"""

from __future__ import annotations

import contextlib
import os
import socket
import stat
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from pokertd.cli.main import cli as pokertd
from pokertd.store import ReadOnlyStoreError, SQLiteEventStore

ENVIRONMENT: dict[str, str | None] = {"POKERTD_LANG": None, "POKERTD_DB": None}


def invoke(*args: str) -> Result:
    result = CliRunner().invoke(pokertd, list(args), env=ENVIRONMENT, prog_name="pokertd")
    assert "Traceback" not in result.output
    return result


@contextlib.contextmanager
def read_only(path: Path) -> Iterator[None]:
    """Make the file or folder ``path`` read-only for this process while the block runs."""
    readable = stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH
    entered = stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH if path.is_dir() else 0
    path.chmod(readable | entered)
    immutable = False
    if os.access(path, os.W_OK):  # root: file modes do not bind him
        subprocess.run(["chattr", "+i", str(path)], check=True)
        immutable = True
    try:
        assert not os.access(path, os.W_OK)
        yield
    finally:
        if immutable:
            subprocess.run(["chattr", "-i", str(path)], check=True)
        path.chmod(stat.S_IRWXU if path.is_dir() else stat.S_IRUSR | stat.S_IWUSR)


@pytest.fixture
def event_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    assert invoke("tournament", "create", "--title", "Vendredi").exit_code == 0
    assert invoke("tournament", "register", "Alice", "Bruno").exit_code == 0
    return tmp_path / "pokertd.db"


def test_a_cli_write_on_a_read_only_file_is_refused_saying_why(event_file: Path) -> None:
    before = event_file.read_bytes()
    with read_only(event_file):
        result = invoke("tournament", "register", "Chloé")
        assert result.exit_code == 1
        assert "cannot be written (the file is read-only)" in result.output
        assert "chmod u+w" in result.output
        assert result.output.count("\n") == 1  # one line
    assert event_file.read_bytes() == before


def test_the_web_app_refuses_to_start_on_a_read_only_file(event_file: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with read_only(event_file):
        result = invoke("web", "--db", str(event_file), "--port", str(port), "--keep", "0")
        assert result.exit_code == 1
        assert "cannot be written (the file is read-only)" in result.output
        with pytest.raises(ReadOnlyStoreError):
            SQLiteEventStore(event_file)
        with contextlib.closing(SQLiteEventStore(event_file, read_only=True)) as store:
            assert store.version("tournament-1") == 3  # reading it is still possible
        checked = invoke("check")
        assert checked.exit_code == 0, checked.output


def test_a_read_only_folder_is_refused_too(event_file: Path, tmp_path: Path) -> None:
    """WAL mode writes two files beside the event file: its folder must take them."""
    folder = tmp_path / "locked"
    folder.mkdir()
    moved = folder / "pokertd.db"
    with contextlib.closing(SQLiteEventStore(event_file)) as store:
        store.copy_to(moved)
    with read_only(folder):
        result = invoke("tournament", "register", "Chloé", "--db", str(moved))
        assert result.exit_code == 1
        assert f"its folder {str(folder)!r} is read-only" in result.output
