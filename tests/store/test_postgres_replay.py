"""The same tournament on SQLite and on PostgreSQL gives the same events, row for row, and the
same state when replayed: a whole tournament run with the CLI (registration to the winner, with an
undo), and the demo event seeded through the service.
"""

from __future__ import annotations

import contextlib
import datetime
import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import psycopg
from click.testing import CliRunner

from pokertd.cli.main import cli
from pokertd.service.demo import seed_demo
from pokertd.service.tournaments import TournamentService
from pokertd.store import EventStore, open_store

NAMES = ["Alice", "Bruno", "Chloé", "David", "Emma", "Farid", "Gaëlle", "Hugo", "Inès", "Jules"]
T0 = datetime.datetime(2026, 3, 6, 19, 0, tzinfo=datetime.UTC)
Row = tuple[Any, ...]


class Director:
    """Runs ``pokertd tournament ...`` on one store, the clock moving a minute per command."""

    def __init__(self, db: str) -> None:
        self.db = db
        self.minutes = 0
        self.printed: list[str] = []

    def run(self, *args: str) -> Any:
        self.minutes += 1
        now = (T0 + datetime.timedelta(minutes=self.minutes)).isoformat()
        result = CliRunner().invoke(
            cli,
            ["tournament", *args, "--db", self.db],
            env={"POKERTD_NOW": now, "POKERTD_SEED": "7", "POKERTD_DB": None, "POKERTD_LANG": None},
        )
        assert result.exit_code == 0, (args, result.output)
        self.printed.append(result.output)
        return json.loads(result.output) if "--json" in args else result.output


def whole_tournament(db: str) -> list[str]:
    """A turbo of ten from registration to its winner; return everything the CLI printed."""
    director = Director(db)
    director.run("create", "--title", "Friday turbo", "--template", "turbo", "--profile", "lfp")
    director.run("register", *NAMES)
    director.run("check-in", "1-10")
    director.run("draw")
    director.run("clock", "start")
    tables = director.run("tables", "--json")["tables"]
    first_table = tables[0]["table"]
    seated = [seat["entry"] for table in tables for seat in table["seats"]]
    director.run("hand", "start", str(first_table))
    director.run("stack", str(seated[0]), "31000")
    director.run("undo")  # a compensating event, replayed like any other
    director.run("bust", str(seated[1]), "--stack", f"{seated[1]}=4000")
    director.run("hand", "finish", str(first_table))
    while director.run("status", "--json")["stage"] != "finished":
        moves = director.run("moves", "--json")["status"]
        if moves == "due":
            director.run("moves", "propose")
            director.run("moves", "confirm")
        left = [
            seat["entry"]
            for table in director.run("tables", "--json")["tables"]
            for seat in table["seats"]
        ]
        director.run("bust", str(left[-1]))
    director.run("standings", "--json")
    director.run("log")
    return director.printed


def sqlite_rows(path: Path) -> list[Row]:
    with contextlib.closing(sqlite3.connect(path)) as connection:
        return connection.execute(
            "SELECT stream, version, type, data, recorded_at, position FROM events"
            " ORDER BY position"
        ).fetchall()


def postgres_rows(url: str) -> list[Row]:
    with psycopg.connect(url) as connection:
        return connection.execute(
            "SELECT stream, version, type, data::text, recorded_at, position FROM pokertd.events"
            " ORDER BY position"
        ).fetchall()


def states(store: EventStore) -> dict[str, Any]:
    """Each tournament of the store, replayed from its events."""
    service = TournamentService(store)
    return {name: service.load(name).state for name in service.tournaments()}


def test_a_whole_tournament_on_the_cli_is_the_same_on_sqlite_and_postgresql(
    tmp_path: Path, postgres_url: str
) -> None:
    printed = whole_tournament(str(tmp_path / "club.db"))
    assert printed == whole_tournament(postgres_url)  # every line, every JSON document
    assert "finished" in json.dumps(printed)
    rows = sqlite_rows(tmp_path / "club.db")
    assert len(rows) > 40
    assert postgres_rows(postgres_url) == rows  # the JSON text too, byte for byte
    with (
        contextlib.closing(open_store(tmp_path / "club.db")) as sqlite,
        contextlib.closing(open_store(postgres_url)) as postgres,
    ):
        assert postgres.streams() == sqlite.streams()
        replayed = states(sqlite)
        assert list(replayed) == ["tournament-1"]
        assert states(postgres) == replayed


def test_the_demo_event_is_the_same_on_sqlite_and_postgresql(
    tmp_path: Path, postgres_url: str
) -> None:
    for location in (tmp_path / "demo.db", postgres_url):
        with contextlib.closing(open_store(location)) as store:
            service = TournamentService(store, now=lambda: T0, rng=random.Random(11))
            assert seed_demo(service) == "tournament-1"
    assert postgres_rows(postgres_url) == sqlite_rows(tmp_path / "demo.db")
    with (
        contextlib.closing(open_store(tmp_path / "demo.db")) as sqlite,
        contextlib.closing(open_store(postgres_url)) as postgres,
    ):
        assert states(postgres) == states(sqlite)
        assert len(states(sqlite)["tournament-1"].entries) == 24
