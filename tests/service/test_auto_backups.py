"""The server's automatic backups (``AutoBackups``): when a tournament's clock reaches a new level
or a break, when it is won, every ``every`` while commands come in, when the server stops; the
last ``keep`` kept. The clock is the test's; the backups run on their worker thread.
"""

from __future__ import annotations

import contextlib
import datetime
import logging
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from table_tools import NOW, Clock

from pokertd.errors import ParseError
from pokertd.service import backups
from pokertd.service.auto_backups import AutoBackups, BackupPolicy
from pokertd.service.tournaments import TournamentService
from pokertd.store import SQLiteEventStore
from pokertd.tournament import commands
from pokertd.tournament.structure import template

MINUTE = 60


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "club.db"


@contextlib.contextmanager
def running(
    db: Path, clock: Clock, policy: BackupPolicy
) -> Iterator[tuple[TournamentService, AutoBackups]]:
    """A service over ``db`` and its automatic backups, as the web app wires them."""
    store = SQLiteEventStore(db)
    service = TournamentService(store, now=clock, rng=random.Random(3))
    auto = AutoBackups(db, policy)
    service.subscribe(lambda _tournament, _events: auto.changed())
    try:
        yield service, auto
    finally:
        auto.stop(clock())
        store.close()


def started_tournament(service: TournamentService, players: int = 3) -> str:
    """A turbo (12-minute levels, a break after level 5) with its clock running."""
    tid = service.create(commands.CreateTournament("Vendredi", template("turbo").to_dict())).stream
    for number in range(players):
        service.execute(tid, commands.Register(f"Player {number + 1}"))
    service.execute(tid, commands.DrawSeats())
    service.execute(tid, commands.StartClock())
    return tid


def written(auto: AutoBackups) -> list[str]:
    """Wait for the backups handed to the worker; return their triggers."""
    return [path.name.split("Z-", 1)[1].removesuffix(".db") for path in auto.wait()]


def test_backups_at_levels_breaks_the_winner_and_the_stop(db: Path) -> None:
    clock = Clock()
    policy = BackupPolicy(db.parent / "backups", keep=20)
    with running(db, clock, policy) as (service, auto):
        assert auto.start(service, clock()) is None  # an empty file: nothing to back up
        tid = started_tournament(service)
        assert auto.tick(service, clock()) == "tournament-1-level-1"  # the clock started
        assert auto.tick(service, clock()) is None
        clock.advance(12 * MINUTE)
        assert auto.tick(service, clock()) == "tournament-1-level-2"
        clock.advance(3 * 12 * MINUTE)
        assert auto.tick(service, clock()) == "tournament-1-level-5"
        clock.advance(12 * MINUTE)
        assert auto.tick(service, clock()) == "tournament-1-break"
        clock.advance(10 * MINUTE)
        assert auto.tick(service, clock()) == "tournament-1-level-6"
        service.execute(tid, commands.BustPlayers((1, 2), {1: 500, 2: 800}))
        assert auto.tick(service, clock()) == "tournament-1-finished"
        assert written(auto) == [
            "tournament-1-level-1", "tournament-1-level-2", "tournament-1-level-5",
            "tournament-1-break", "tournament-1-level-6", "tournament-1-finished",
        ]  # fmt: skip
        clock.advance(12 * MINUTE)
        assert auto.tick(service, clock()) is None  # a won tournament has no more levels
    assert sorted(path.name for path in policy.folder.iterdir()) == [
        "club-20260306T190000Z-tournament-1-level-1.db",
        "club-20260306T191200Z-tournament-1-level-2.db",
        "club-20260306T194800Z-tournament-1-level-5.db",
        "club-20260306T200000Z-tournament-1-break.db",
        "club-20260306T201000Z-tournament-1-finished.db",
        "club-20260306T201000Z-tournament-1-level-6.db",
    ]  # no stop backup: nothing was stored after the last one
    for path in policy.folder.iterdir():  # each one sound, and the file as it was then
        assert backups.check(path, against=db).count("tournament") == 1


def test_a_start_backup_and_periodic_ones_only_while_commands_come_in(db: Path) -> None:
    clock = Clock()
    policy = BackupPolicy(db.parent / "backups", keep=20)
    with running(db, clock, policy) as (service, _):
        tid = service.create(
            commands.CreateTournament("Vendredi", template("turbo").to_dict())
        ).stream
    with running(db, clock, policy) as (service, auto):
        assert auto.start(service, clock()) == "start"
        clock.advance(30 * MINUTE)
        assert auto.tick(service, clock()) is None  # nothing changed since
        service.execute(tid, commands.Register("Ana"))
        assert auto.tick(service, clock()) == "periodic"  # the last backup is 30 minutes old
        service.execute(tid, commands.Register("Bruno"))
        clock.advance(9 * MINUTE)
        assert auto.tick(service, clock()) is None  # not yet 10 minutes since the last one
        clock.advance(1 * MINUTE)
        assert auto.tick(service, clock()) == "periodic"
        service.execute(tid, commands.Register("Chloé"))
        clock.advance(1 * MINUTE)
        assert auto.tick(service, clock()) is None
        assert written(auto) == ["start", "periodic", "periodic"]
    # Each stop follows commands stored after the last backup (the tournament's creation,
    # Chloé's registration).
    assert sorted(path.name for path in policy.folder.iterdir()) == [
        "club-20260306T190000Z-start.db",
        "club-20260306T190000Z-stop.db",
        "club-20260306T193000Z-periodic.db",
        "club-20260306T194000Z-periodic.db",
        "club-20260306T194100Z-stop.db",
    ]
    stop = policy.folder / "club-20260306T194100Z-stop.db"
    with contextlib.closing(SQLiteEventStore(stop, read_only=True)) as copy:
        assert copy.read(tid)[-1].data["player"] == "Chloé"


def test_only_the_last_backups_are_kept(db: Path) -> None:
    clock = Clock()
    policy = BackupPolicy(db.parent / "backups", keep=2)
    with running(db, clock, policy) as (service, auto):
        started_tournament(service)
        backups.backup(db, policy.folder, now=clock(), trigger="manual")
        for _ in range(4):
            clock.advance(12 * MINUTE)
            auto.tick(service, clock())
            auto.wait()
    left = sorted(path.name.split("Z-", 1)[1] for path in policy.folder.iterdir())
    assert left == ["manual.db", "tournament-1-level-4.db", "tournament-1-level-5.db"]


def test_a_failed_backup_is_logged_and_the_next_one_goes_on(
    db: Path, caplog: pytest.LogCaptureFixture
) -> None:
    clock = Clock()
    folder = db.parent / "backups"
    with running(db, clock, BackupPolicy(folder)) as (service, auto):
        started_tournament(service)
        folder.write_text("a file where the folder should be", encoding="utf-8")
        clock.advance(12 * MINUTE)
        with caplog.at_level(logging.ERROR, logger="pokertd.backups"):
            assert auto.tick(service, clock()) == "tournament-1-level-2"
            assert auto.wait() == []
        assert "backup tournament-1-level-2 of" in caplog.text
        folder.unlink()
        clock.advance(12 * MINUTE)
        assert auto.tick(service, clock()) == "tournament-1-level-3"
        assert len(auto.wait()) == 1


def test_the_server_keeps_at_least_one_backup(db: Path) -> None:
    with pytest.raises(ParseError, match="at least 1 backup"):
        BackupPolicy(db.parent, keep=0)
    assert BackupPolicy.beside(db).folder == db.parent / "backups"
    assert BackupPolicy.beside(db).every == datetime.timedelta(minutes=10)
    assert NOW.tzinfo is datetime.UTC
