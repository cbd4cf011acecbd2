"""``pokertd backup`` and ``pokertd restore`` as a director types them: the examples of
docs/backups.md, JSON, French, and refusals on one line, without a traceback, leaving the event
file as it was.

The commands run through the ``pokertd`` command itself, with ``pokertd tournament`` to fill the
event file.
"""

from __future__ import annotations

import contextlib
import difflib
import json
import re
import shlex
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from pokertd.cli.main import cli as pokertd
from pokertd.store import SQLiteEventStore

PAGE = Path(__file__).resolve().parents[2] / "docs" / "backups.md"
FENCE = re.compile(r"^```(\w*)\s*$")
ENVIRONMENT: dict[str, str | None] = {
    "POKERTD_NOW": "2026-03-06T22:30:00+00:00",
    "POKERTD_SEED": "7",
    "POKERTD_DB": None,
    "POKERTD_LANG": None,
}
BACKUP = Path("backups/pokertd-20260306T223000Z-manual.db")
KEPT = Path("backups/pokertd-20260306T223000Z-before-restore.db")


def invoke(*args: str, **env: str | None) -> Result:
    result = CliRunner().invoke(pokertd, list(args), env=ENVIRONMENT | env, prog_name="pokertd")
    assert "Traceback" not in result.output
    return result


def ok(*args: str, **env: str | None) -> str:
    result = invoke(*args, **env)
    assert result.exit_code == 0, result.output
    return result.output


def refused(*args: str, **env: str | None) -> str:
    """Run a command that must be refused: exit status 1, one line on stderr."""
    result = invoke(*args, **env)
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1, result.stderr
    return result.stderr.strip()


@contextlib.contextmanager
def opened(path: Path) -> Iterator[SQLiteEventStore]:
    store = SQLiteEventStore(path, read_only=True)
    try:
        yield store
    finally:
        store.close()


@pytest.fixture
def club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder (the current one) holding ``pokertd.db``: a tournament, four players (5 events)."""
    monkeypatch.chdir(tmp_path)
    ok("tournament", "create", "--title", "Vendredi")
    ok("tournament", "register", "Alice", "Bruno", "Chloé", "David")
    return tmp_path


# -- docs/backups.md ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """A ``$ pokertd ...`` line of the page and, in a ```console block, the output shown."""

    line: int
    command: str
    expected: tuple[str, ...] | None  # None in a ```shell block: the output is not shown


def page_steps(text: str) -> list[Step]:
    steps: list[Step] = []
    kind: str | None = None
    for number, line in enumerate(text.splitlines(), 1):
        fence = FENCE.match(line)
        if kind is None:
            kind = fence.group(1) if fence else None
        elif fence:
            kind = None
        elif kind in ("console", "shell") and line.startswith("$ "):
            steps.append(Step(number, line.removeprefix("$ "), () if kind == "console" else None))
        elif kind == "console" and steps and steps[-1].expected is not None:
            last = steps[-1]
            assert last.expected is not None
            steps[-1] = Step(last.line, last.command, (*last.expected, line.rstrip()))
    return steps


def test_the_page_shows_what_the_commands_print(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every ``$ pokertd`` line of docs/backups.md runs, in order, in one empty folder, and
    prints what the page says, the refusal included."""
    monkeypatch.chdir(tmp_path)
    steps = page_steps(PAGE.read_text(encoding="utf-8"))
    assert [step.command.split()[1] for step in steps].count("restore") == 2
    for step in steps:
        args = shlex.split(step.command)
        assert args[0] == "pokertd", f"backups.md:{step.line}: not a pokertd command"
        result = invoke(*args[1:])
        if step.expected is None:
            assert result.exit_code == 0, f"backups.md:{step.line}: {result.output}"
            continue
        got = [line.rstrip() for line in result.output.splitlines()]
        if got != list(step.expected):
            diff = difflib.unified_diff(list(step.expected), got, "page", "pokertd", lineterm="")
            pytest.fail(f"backups.md:{step.line}: $ {step.command}\n" + "\n".join(diff))
    # The page ends with the forced restore: the event file is the backup again, and Emma's
    # registration is in the file kept before the restore.
    with opened(tmp_path / "pokertd.db") as store:
        assert store.version("tournament-1") == 5
    with opened(tmp_path / KEPT) as store:
        assert store.read("tournament-1")[-1].data["player"] == "Emma"


# -- backup ---------------------------------------------------------------------------------------


def test_backup_prints_json_and_the_file_holds_the_events(club: Path) -> None:
    document = json.loads(ok("backup", "--json"))
    assert document["backup"] == str(BACKUP)
    assert document["source"] == "pokertd.db"
    assert document["streams"] == [{"stream": "tournament-1", "kind": "tournament", "version": 5}]
    assert document["events"] == 5
    assert document["replayed"] is True
    assert document["compared_with"] == "pokertd.db"
    with opened(club / BACKUP) as copy, opened(club / "pokertd.db") as source:
        assert copy.read("tournament-1") == source.read("tournament-1")
    # One file, readable by any SQLite tool: no write-ahead log beside it.
    assert sorted(path.name for path in (club / "backups").iterdir()) == [BACKUP.name]


def test_backup_into_a_named_file_and_never_over_one(club: Path) -> None:
    assert "backup written: friday.db" in ok("backup", "friday.db")
    before = (club / "friday.db").read_bytes()
    message = refused("backup", "friday.db")
    assert message == "error: friday.db already exists: a backup never replaces a file"
    assert (club / "friday.db").read_bytes() == before


def test_backup_in_french(club: Path) -> None:
    assert ok("backup", "--lang", "fr").splitlines() == [
        f"sauvegarde écrite : {BACKUP}",
        "  de pokertd.db : 1 tournoi, 5 événements",
        "  vérifiée : fichier sain, chaque flux se rejoue, mêmes événements et mêmes états que "
        "pokertd.db",
    ]


def test_backup_of_a_missing_event_file_creates_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert refused("backup", "--db", "club.db") == "error: there is no event file 'club.db'"
    assert refused("backup", "--db", "club.db", "--lang", "fr") == (
        "erreur : il n'y a pas de fichier d'événements 'club.db'"
    )
    assert list(tmp_path.iterdir()) == []


def test_check_says_what_is_wrong_with_a_file_that_is_no_backup(club: Path) -> None:
    (club / "notes.db").write_text("Friday: 24 players, 2 tables\n", encoding="utf-8")
    assert refused("backup", "--check", "notes.db") == (
        "error: 'notes.db' is not a pokertd event store: file is not a database"
    )
    assert refused("backup", "--check", "notes.db", "--lang", "fr") == (
        "erreur : 'notes.db' n'est pas un fichier d'événements pokertd : ce n'est pas une base "
        "SQLite"
    )
    assert refused("backup", "--check") == (
        "error: give the backup to check: pokertd backup --check FILE"
    )


def test_usage_errors_in_french(club: Path) -> None:
    assert refused("restore", "--lang", "fr") == (
        "erreur : il manque l'argument 'BACKUP' (voir pokertd restore --help)"
    )
    assert refused("backup", "--chek", "x.db", "--lang", "fr").startswith(
        "erreur : option inconnue '--chek'"
    )


# -- restore --------------------------------------------------------------------------------------


def test_round_trip_restores_what_was_backed_up(club: Path) -> None:
    ok("backup")
    events = _events(club / "pokertd.db")
    for name in ("pokertd.db", "pokertd.db-wal", "pokertd.db-shm"):
        (club / name).unlink(missing_ok=True)  # the disk lost them
    output = ok("restore", str(BACKUP), "--lang", "fr")
    assert output.splitlines() == [
        f"pokertd.db restauré depuis {BACKUP} : 1 tournoi, 5 événements",
        "  il n'y avait pas de fichier d'événements avant",
    ]
    assert _events(club / "pokertd.db") == events
    # The restored file is the event file again: the tournament goes on.
    ok("tournament", "register", "Emma")
    assert len(_events(club / "pokertd.db")) == 6


def test_restore_keeps_what_is_left_of_a_lost_event_file(club: Path) -> None:
    ok("backup")
    with opened(club / "pokertd.db") as store:  # a reader leaves the write-ahead log behind
        assert store.version("tournament-1") == 5
    log = (club / "pokertd.db-wal").read_bytes()
    (club / "pokertd.db").unlink()
    output = ok("restore", str(BACKUP))
    assert f"the file it replaced is kept as {KEPT}-wal" in output
    assert (club / f"{KEPT}-wal").read_bytes() == log
    assert not (club / "pokertd.db-wal").exists()  # never replayed into the restored file
    assert len(_events(club / "pokertd.db")) == 5


def test_restore_over_the_same_history_needs_no_force_and_keeps_the_file(club: Path) -> None:
    ok("backup")
    before = _events(club / "pokertd.db")
    document = json.loads(ok("restore", str(BACKUP), "--json"))
    assert document["saved"] == str(KEPT)
    assert document["dropped"] == 0
    assert _events(club / KEPT) == before == _events(club / "pokertd.db")


def test_restore_refuses_garbage_and_leaves_the_event_file(club: Path) -> None:
    (club / "photo.db").write_bytes(bytes(range(256)) * 64)
    before = (club / "pokertd.db").read_bytes()
    assert refused("restore", "photo.db") == (
        "error: 'photo.db' is not a pokertd event store: file is not a database"
    )
    (club / "empty.db").write_bytes(b"")
    assert refused("restore", "empty.db", "--lang", "fr") == (
        "erreur : 'empty.db' est vide : ce n'est pas un fichier d'événements pokertd"
    )
    other = sqlite3.connect(club / "other.db")
    other.execute("CREATE TABLE members (name TEXT)")
    other.close()
    assert refused("restore", "other.db") == (
        "error: 'other.db' is an SQLite database, not a pokertd event store"
    )
    assert refused("restore", "missing.db") == "error: there is no backup 'missing.db'"
    ok("backup")
    assert refused("restore", str(BACKUP), "--db", "gone/club.db", "--lang", "fr") == (
        "erreur : il n'y a pas de dossier 'gone' pour le fichier d'événements"
    )
    assert refused("backup", "gone/friday.db") == (
        "error: there is no folder 'gone' for the backup"
    )
    assert (club / "pokertd.db").read_bytes() == before
    assert [path.name for path in (club / "backups").iterdir()] == [BACKUP.name]  # nothing saved


def test_restore_refuses_a_damaged_backup_and_leaves_the_event_file(club: Path) -> None:
    ok("backup")
    data = bytearray((club / BACKUP).read_bytes())
    with contextlib.closing(sqlite3.connect(club / BACKUP)) as raw:
        (page,) = raw.execute(
            "SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_events_1'"
        ).fetchone()
    data[page * 4096 - 3] ^= 0xFF  # a byte of the last key of the (stream, version) index
    (club / "damaged.db").write_bytes(data)
    (club / "cut.db").write_bytes(data[: len(data) // 2])
    before = (club / "pokertd.db").read_bytes()
    assert refused("restore", "damaged.db") == (
        "error: damaged.db: the file is damaged (SQLite integrity check: row 1 missing from "
        "index sqlite_autoindex_events_1)"
    )
    assert refused("restore", "cut.db", "--lang", "fr") == (
        "erreur : 'cut.db' n'est pas un fichier d'événements pokertd : le fichier est endommagé"
    )
    assert refused("backup", "--check", "cut.db") == (
        "error: 'cut.db' is not a pokertd event store: database disk image is malformed"
    )
    assert (club / "pokertd.db").read_bytes() == before
    assert sorted(path.name for path in (club / "backups").iterdir()) == [BACKUP.name]


def test_restore_refuses_a_backup_that_does_not_replay(club: Path) -> None:
    ok("backup")
    with contextlib.closing(sqlite3.connect(club / BACKUP, isolation_level=None)) as raw:
        raw.execute(  # David's registration becomes an event no tournament knows
            "UPDATE events SET type = 'player-teleported' WHERE version = 5"
        )
    before = (club / "pokertd.db").read_bytes()
    assert refused("restore", str(BACKUP)) == (
        f"error: {BACKUP}: tournament-1, event 5 does not replay: unknown tournament event "
        "'player-teleported'"
    )
    assert (club / "pokertd.db").read_bytes() == before


def test_restore_refuses_a_file_a_running_program_holds(club: Path) -> None:
    """A server holds its event file open; replacing it would lose what it writes next."""
    ok("backup")
    ok("tournament", "register", "Emma")
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(club / "pokertd.db")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == "open"
        before = _events(club / "pokertd.db")
        for force in ((), ("--force",)):
            assert refused("restore", str(BACKUP), *force) == (
                "error: pokertd.db is open in another program (a running pokertd web?): stop "
                "it, then restore"
            )
        assert _events(club / "pokertd.db") == before
        assert not (club / KEPT).exists()
    finally:
        holder.communicate("")  # the holder closes the file and ends
    assert holder.returncode == 0
    assert "restored" in ok("restore", str(BACKUP), "--force")  # once the program is gone


#: A program holding the event file open, as ``pokertd web`` does, until its stdin closes.
HOLDER = """
import sys
from pokertd.store import SQLiteEventStore
store = SQLiteEventStore(sys.argv[1])
store.version("tournament-1")
print("open", flush=True)
sys.stdin.read()
store.close()
"""


def test_restore_over_an_unreadable_event_file_needs_force_and_keeps_it(club: Path) -> None:
    ok("backup")
    (club / "pokertd.db").write_bytes(b"\x00" * 100 + b"what the flood left" * 50)
    damaged = (club / "pokertd.db").read_bytes()
    message = refused("restore", str(BACKUP))
    assert message.startswith("error: pokertd.db cannot be read (")
    assert message.endswith("--force restores over it, keeping it first")
    assert (club / "pokertd.db").read_bytes() == damaged
    output = ok("restore", str(BACKUP), "--force")
    assert f"the file it replaced is kept as {KEPT}" in output
    assert (club / KEPT).read_bytes() == damaged
    assert len(_events(club / "pokertd.db")) == 5


def test_restore_over_a_damaged_event_file_needs_force_and_keeps_it(club: Path) -> None:
    ok("backup")
    ok("tournament", "register", "Emma")
    db = club / "pokertd.db"
    with contextlib.closing(sqlite3.connect(db)) as raw:
        (page,) = raw.execute(
            "SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_events_1'"
        ).fetchone()
    data = bytearray(db.read_bytes())
    data[page * 4096 - 3] ^= 0xFF  # the disk damaged the (stream, version) index
    db.write_bytes(data)
    assert refused("restore", str(BACKUP)) == (
        "error: pokertd.db cannot be read (row 1 missing from index sqlite_autoindex_events_1); "
        "--force restores over it, keeping it first"
    )
    assert db.read_bytes() == data
    assert "restored" in ok("restore", str(BACKUP), "--force")
    assert (club / KEPT).read_bytes() == data
    assert len(_events(db)) == 5


def _events(path: Path) -> list[tuple[str, int, str, dict[str, object], str]]:
    with opened(path) as store:
        return [
            (e.stream, e.version, e.type, dict(e.data), e.recorded_at)
            for stream in store.streams()
            for e in store.read(stream)
        ]
