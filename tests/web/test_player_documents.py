"""A seat link's document (``player_document``: the page, the API and every push to a player's
socket) is the one it was before issue 20 made it from one load of the tournament
(``TableService.seat_view``): the same JSON text, for every entry, after every action of online
hands played at two tables with seeded random choices (folds, raises, all-ins: players bust)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from pokertd.engine import ActionKind
from pokertd.table.views import Viewer
from pokertd.web.context import Web
from pokertd.web.hub import encode
from pokertd.web.pages.table import player_document

PLAYERS = tuple(f"Player {number:02}" for number in range(1, 15))


def document_as_before(web: Web, tournament: str, entry: int) -> dict[str, Any]:
    """The player's document as it was built before: the tournament loaded for his name, his
    table and seat looked up (loading it again), the table's view from his seat (again)."""
    record = web.service.load(tournament).state.entries[entry]
    me = {"entry": entry, "name": record.player, "table": None, "seat": None}
    where = web.tables.locate(tournament, entry)
    if where is None:
        return {"tournament": tournament, "me": me, "view": None}
    table, seat = where
    me.update(table=table, seat=seat)
    view = web.tables.view(tournament, table, Viewer.seat(seat))
    return {"tournament": tournament, "me": me, "view": view}


def choose(legal: dict[str, Any], rng: random.Random) -> tuple[ActionKind, int | None]:
    """A random legal action: show at showdown, else fold, check or call, a raise, all-in."""
    if legal["show"]:
        return ActionKind.SHOW, None
    roll = rng.random()
    if legal["min_raise_to"] is not None and roll < 0.3:
        to = legal["max_raise_to"] if roll < 0.1 else legal["min_raise_to"]
        return (ActionKind.RAISE if legal["call"] else ActionKind.BET), to
    if legal["check"]:
        return ActionKind.CHECK, None
    return (ActionKind.CALL if roll < 0.8 else ActionKind.FOLD), None


def same_documents(web: Web, tournament: str, entries: int) -> None:
    for entry in range(1, entries + 1):
        found = player_document(web, tournament, entry)
        assert encode(found) == encode(document_as_before(web, tournament, entry)), entry


@pytest.mark.parametrize("seed", range(3))
def test_a_players_document_is_the_one_built_before(
    seed: int,
    director: TestClient,
    new_tournament: Callable[..., str],
    run: Callable[..., Any],
    app: FastAPI,
) -> None:
    tournament = new_tournament(director, PLAYERS, start=True, table_size=7)
    for entry in range(1, len(PLAYERS) + 1):
        run(director, tournament, "arrive", entry=entry)
    web: Web = app.state.web
    rng = random.Random(seed)
    api = f"/api/tournaments/{tournament}/tables"
    portal = director.portal  # the app's store is used on the app's thread
    assert portal is not None

    def hand(table: int) -> int:
        """Play the hand at ``table`` to its end, comparing every document after each action."""
        actions = 0
        while (view := web.tables.view(tournament, table, Viewer.public()))["legal"]:
            kind, to = choose(view["legal"], rng)
            web.tables.act(tournament, table, view["to_act"], kind, to)
            actions += 1
            same_documents(web, tournament, len(PLAYERS))
        return actions

    portal.call(same_documents, web, tournament, len(PLAYERS))  # before any hand
    actions = 0
    for _ in range(4):
        for table in sorted(portal.call(web.service.load, tournament).state.tables):
            started = director.post(f"{api}/{table}/hands", json={"mode": "online"})
            if started.status_code == 200:  # else a table to balance after a bust-out
                actions += portal.call(hand, table)
    assert actions > 20  # hands were played, documents compared mid-hand
