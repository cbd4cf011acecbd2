"""A seat link's document (``player_document``: the page, the API and every push to a player's
socket) is the one it was before issue 20 made it from one load of the tournament
(``TableService.seat_view``): the same JSON text, for every entry, after every action of online
hands played at two tables at once with seeded random choices (folds, raises, all-ins: players
bust). And every view of a table (public, dealer, each seat) is the one a new ``TableService``
makes from scratch, though a table's frame is now kept while the tournament changes elsewhere
(another table's hand starting or ending), the director counting a player's chips between
steps."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from pokertd.engine import ActionKind
from pokertd.errors import PokertdError
from pokertd.service.tables import TableService
from pokertd.table import TableMode
from pokertd.table.views import Viewer
from pokertd.tournament.commands import ReportStack
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


def same_views(web: Web, fresh: TableService, tournament: str) -> None:
    """Every view of every table is the one ``fresh`` (nothing cached) makes."""
    for table in sorted(web.service.load(tournament).state.tables):
        public = fresh.view(tournament, table, Viewer.public())
        viewers = [Viewer.public(), Viewer.dealer()]
        viewers += [Viewer.seat(seat["seat"]) for seat in public["seats"]]
        for viewer in viewers:
            found = web.tables.view(tournament, table, viewer)
            assert encode(found) == encode(fresh.view(tournament, table, viewer)), viewer


@pytest.mark.parametrize("seed", range(3))
def test_a_players_document_is_the_one_built_before(
    seed: int,
    director: TestClient,
    new_tournament: Callable[..., str],
    run: Callable[..., Any],
    app: FastAPI,
    clock: Callable[[], Any],
) -> None:
    tournament = new_tournament(director, PLAYERS, start=True, table_size=7)
    for entry in range(1, len(PLAYERS) + 1):
        run(director, tournament, "arrive", entry=entry)
    web: Web = app.state.web
    rng = random.Random(seed)
    portal = director.portal  # the app's store is used on the app's thread
    assert portal is not None

    def compare() -> None:
        same_documents(web, tournament, len(PLAYERS))
        fresh = TableService(web.service, rng=random.Random(0), now=clock)
        same_views(web, fresh, tournament)

    def play() -> tuple[int, int]:
        """Start hands and act at the tables in a random order, comparing after each step."""
        compare()  # before any hand
        tables = sorted(web.service.load(tournament).state.tables)
        hands, actions = dict.fromkeys(tables, 0), 0
        while True:
            playing = [
                t for t in tables if web.tables.view(tournament, t, Viewer.public())["legal"]
            ]
            idle = [t for t in tables if t not in playing and hands[t] < 4]
            if rng.random() < 0.15:  # the tournament changes, a table's seats with it
                counted = ReportStack(rng.randint(1, len(PLAYERS)), rng.randint(1_000, 20_000))
                with contextlib.suppress(PokertdError):  # his hand is in progress
                    web.service.execute(tournament, counted)
            elif idle and (not playing or rng.random() < 0.3):
                table = rng.choice(idle)
                hands[table] += 1
                with contextlib.suppress(PokertdError):  # a table to balance after a bust-out
                    web.tables.start_hand(tournament, table, mode=TableMode.ONLINE)
            elif playing:
                table = rng.choice(playing)
                view = web.tables.view(tournament, table, Viewer.public())
                kind, to = choose(view["legal"], rng)
                web.tables.act(tournament, table, view["to_act"], kind, to)
                actions += 1
            else:
                return sum(hands.values()), actions
            compare()

    hands, actions = portal.call(play)
    assert hands >= 4  # hands were played
    assert actions > 20  # documents compared mid-hand
