"""After a hand's start or end, only the tables its events name are compared with the seating
their players last saw (issue 20: every table was, after every hand at any table); the tables
marked changed are the ones comparing every table marks."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from pokertd.table.views import Viewer
from pokertd.web.context import Web, seating_of

PLAYERS = tuple(f"Player {number:02}" for number in range(1, 15))


def test_the_tables_a_hand_names_are_the_ones_whose_seating_changed(
    director: TestClient,
    new_tournament: Callable[..., str],
    run: Callable[..., Any],
    app: FastAPI,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tournament = new_tournament(director, PLAYERS, start=True, table_size=7)
    for entry in range(1, len(PLAYERS) + 1):
        run(director, tournament, "arrive", entry=entry)
    web: Web = app.state.web
    compare = web.compare_seatings
    narrowed: list[set[int]] = []

    def checked(name: str, tables: Iterable[int] | None) -> None:
        """Compare the given tables, and check every other table's seating is as last seen."""
        if tables is not None:
            tables = set(tables)
            narrowed.append(tables)
            seen = web.seatings.get(name, {})
            state = web.service.load(name).state
            others = (set(state.tables) | set(seen)) - tables
            assert all(seen.get(table) == seating_of(state, table) for table in others)
        compare(name, tables)

    monkeypatch.setattr(web, "compare_seatings", checked)
    web.seats_changed(tournament)  # what its players saw before the hands
    state = web.service.load(tournament).state
    assert len(state.tables) == 2
    api = f"/api/tournaments/{tournament}/tables"
    for table in state.tables:
        for link in director.post(f"{api}/{table}/links").json():
            director.post(f"{api}/{table}/bots", json={"seat": link["seat"], "on": True})
    for _ in range(3):
        for table in state.tables:
            started = director.post(f"{api}/{table}/hands", json={"mode": "online"})
            assert started.status_code == 200, started.text
            assert web.tables.view(tournament, table, Viewer.public())["status"] == "finished"
    assert narrowed  # the hands' ends were compared table by table
    assert all(len(tables) == 1 for tables in narrowed)  # each at its own table
