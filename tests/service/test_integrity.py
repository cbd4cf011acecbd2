"""A damaged event in an SQLite event file: told by stream and number, the rest readable, and
``pokertd.service.integrity`` lists and (after a backup) removes it.

Each test writes real events into a file of ``tmp_path``, damages one row with SQL (as a disk
error or a hand edit would), then reads the file again through a new service.
"""

from __future__ import annotations

import contextlib
import json
import random
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from table_tools import Clock, tables, tournament

from pokertd.service.integrity import damages, repair
from pokertd.service.tournaments import TournamentService
from pokertd.store import DamagedEventError, SQLiteEventStore
from pokertd.table import TableMode, Viewer
from pokertd.tournament import commands


@contextlib.contextmanager
def opened(path: Path) -> Iterator[SQLiteEventStore]:
    store = SQLiteEventStore(path)
    try:
        yield store
    finally:
        store.close()


def two_tournaments(path: Path) -> None:
    """``tournament-1`` (six players drawn, clock running) and ``tournament-2`` (one player)."""
    with opened(path) as store:
        service, _ = tournament(store, Clock())
        other = service.create(
            commands.CreateTournament(
                "Other", service.load("tournament-1").state.structure.to_dict()
            )
        )  # type: ignore[union-attr]
        service.execute(other.stream, commands.Register("Zoé"))


def damage(path: Path, stream: str, version: int, data: str) -> str:
    """Overwrite the data of one event; return what it held."""
    with contextlib.closing(sqlite3.connect(path)) as connection, connection:
        (before,) = connection.execute(
            "SELECT data FROM events WHERE stream = ? AND version = ?", (stream, version)
        ).fetchone()
        connection.execute(
            "UPDATE events SET data = ? WHERE stream = ? AND version = ?", (data, stream, version)
        )
    return str(before)


def test_a_row_that_is_not_json_names_its_event_and_the_rest_stays_readable(
    tmp_path: Path,
) -> None:
    path = tmp_path / "pokertd.db"
    two_tournaments(path)
    damage(path, "tournament-1", 3, '{"entry": 2, "pla')
    with opened(path) as store:
        service = TournamentService(store, rng=random.Random(1))
        with pytest.raises(DamagedEventError) as damaged:
            service.load("tournament-1")
        assert (damaged.value.stream, damaged.value.version) == ("tournament-1", 3)
        assert "event 3 of tournament-1 is damaged" in str(damaged.value)
        assert service.load("tournament-2").state.title == "Other"
        assert service.tournaments() == ["tournament-2"]  # the lists stay readable
        with pytest.raises(DamagedEventError):  # told again, from what was found
            service.load("tournament-1")


def test_an_event_that_does_not_apply_is_named(tmp_path: Path) -> None:
    path = tmp_path / "pokertd.db"
    two_tournaments(path)
    registered = json.loads(damage(path, "tournament-1", 2, "{}"))
    assert registered["player"] == "Player 1"
    with opened(path) as store:
        with pytest.raises(DamagedEventError) as damaged:
            TournamentService(store).load("tournament-1")
        assert damaged.value.version == 2


def test_an_event_damaged_after_the_service_read_the_stream_is_named(tmp_path: Path) -> None:
    """The server had the tournament in memory; another process appends a damaged event."""
    path = tmp_path / "pokertd.db"
    two_tournaments(path)
    with opened(path) as store:
        service = TournamentService(store, now=Clock(), rng=random.Random(1))
        version = service.load("tournament-1").version
        service.execute("tournament-1", commands.PauseClock())
        damage(path, "tournament-1", version + 1, "[1, 2]")
        service.execute("tournament-2", commands.Register("Yann"))
        with opened(path) as other:
            TournamentService(other, now=Clock()).execute(
                "tournament-2", commands.Register("Xavier")
            )
        fresh = TournamentService(store)
        with pytest.raises(DamagedEventError) as damaged:
            fresh.load("tournament-1")
        assert damaged.value.version == version + 1
        assert len(fresh.load("tournament-2").state.entries) == 3


def test_a_damaged_table_event_is_named(tmp_path: Path) -> None:
    path = tmp_path / "pokertd.db"
    clock = Clock()
    with opened(path) as store:
        service, tid = tournament(store, clock)
        tables(service, clock).start_hand(tid, 1, mode=TableMode.ONLINE)
    damage(path, f"table-{tid}-1", 1, '{"hand": "one"}')
    with opened(path) as store:
        live = tables(TournamentService(store, now=clock), clock)
        with pytest.raises(DamagedEventError) as damaged:
            live.view(tid, 1, Viewer.public())
        assert (damaged.value.stream, damaged.value.version) == (f"table-{tid}-1", 1)


def test_check_lists_every_damage_and_repair_removes_them_after_a_backup(
    tmp_path: Path,
) -> None:
    path = tmp_path / "pokertd.db"
    two_tournaments(path)
    original = damage(path, "tournament-2", 2, "not json")
    started = damage(path, "tournament-1", 15, "{}")
    assert '"cmd":15' in started  # the clock started: nothing after it needs it
    with opened(path) as store:
        found = damages(store)
        assert [(d.stream, d.version) for d in found] == [
            ("tournament-1", 15),
            ("tournament-2", 2),
        ]
        assert found[1].text == "not json"
        assert "not JSON" in found[1].why
        removed = repair(store, tmp_path / "backup.db")
        assert [(d.stream, d.version) for d in removed] == [
            ("tournament-1", 15),
            ("tournament-2", 2),
        ]
        assert damages(store) == []
        service = TournamentService(store)
        assert service.tournaments() == ["tournament-1", "tournament-2"]
        assert service.load("tournament-2").state.entries == {}
        assert store.version("tournament-1") == 14
        assert len(service.load("tournament-1").state.entries) == 6
    with opened(tmp_path / "backup.db") as backup:  # the damaged file, word for word
        assert backup.rows("tournament-2")[1][2] == "not json"
    assert original  # what the row held before (not kept anywhere: the damage destroyed it)
    with pytest.raises(FileExistsError), opened(path) as store:
        repair(store, tmp_path / "backup.db")  # never over an earlier copy
