"""The public player lookup on a large event (issue 16): the log is read once into an index by
entry, caught up with new events only, in slices that give the event loop back; a lookup shows at
most ``MAX_FOUND`` players and no penalty or disqualification reason."""

from __future__ import annotations

import asyncio
import html
import re
from collections.abc import Callable
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from pokertd.present.tournament_log import describe
from pokertd.present.words import ENGLISH
from pokertd.tournament.aggregate import Tournament
from pokertd.web import lookup
from pokertd.web.context import Web

Run = Callable[..., Any]
PLAYERS = tuple(f"Player {n:02}" for n in range(1, 31))


def sections(page: str) -> dict[int, str]:
    found = re.findall(
        r'<section class="card player" data-entry="(\d+)">(.*?)</section>', page, re.S
    )
    return {int(entry): html.unescape(body) for entry, body in found}


def loaded_in(client: TestClient, app: FastAPI, tournament: str) -> Tournament:
    """Return the app's aggregate of ``tournament``, loaded on the app's thread (SQLite's)."""
    web = app.state.web
    assert isinstance(web, Web)
    assert client.portal is not None
    loaded: Tournament = client.portal.call(web.service.load, tournament)
    return loaded


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the events the lookup describes."""
    calls: list[int] = []
    describe = lookup.describe

    def counting(*args: Any) -> list[str]:
        calls.append(1)
        return describe(*args)

    monkeypatch.setattr(lookup, "describe", counting)
    return calls


def test_the_log_is_read_once_then_only_its_new_events(
    director: TestClient,
    new_tournament: Callable[..., str],
    run: Run,
    version_of: Callable[[TestClient, str], int],
    counted: list[int],
) -> None:
    tournament = new_tournament(director, players=PLAYERS, start=True)
    events = version_of(director, tournament)
    director.get(f"/lookup/{tournament}", params={"name": "player"})  # 20 players found
    assert len(counted) == events  # once for all of them, not once per player found
    run(director, tournament, "penalize", entry=3, reason="")
    director.get(f"/lookup/{tournament}", params={"name": "player 0"})
    assert len(counted) == events + 1


def test_a_lookup_shows_at_most_max_found_players(
    director: TestClient, new_tournament: Callable[..., str]
) -> None:
    tournament = new_tournament(director, players=PLAYERS, draw=True)
    page = director.get(f"/lookup/{tournament}", params={"name": "player"}).text
    assert list(sections(page)) == list(range(1, lookup.MAX_FOUND + 1))
    assert "10 more players have this in their name: type more of it." in page
    french = director.get(f"/lookup/{tournament}", params={"name": "player", "lang": "fr"})
    assert "10 autres joueurs" in french.text
    one = director.get(f"/lookup/{tournament}", params={"name": "player 07"}).text
    assert list(sections(one)) == [7]
    assert "more player" not in one


def test_the_history_is_the_same_as_the_lines_naming_the_entry(
    director: TestClient, new_tournament: Callable[..., str], run: Run, app: FastAPI
) -> None:
    """The index gives what reading the whole log for the entry gives (as the lookup did)."""
    tournament = new_tournament(director, draw=True)
    run(director, tournament, "penalize", entry=2, hands=2)
    page = director.get(f"/lookup/{tournament}", params={"name": "bruno"}).text
    history = [html.unescape(line) for line in re.findall(r"<li>(.*?)</li>", sections(page)[2])]
    loaded = loaded_in(director, app, tournament)
    log = [
        line
        for event in loaded.events
        for line in describe(event, loaded, ENGLISH)
        if re.search(r"#2\b", line)
    ]
    assert len(history) >= 3  # registered, seat drawn, penalised
    assert history == log


def test_penalty_and_disqualification_reasons_stay_off_the_public_lookup(
    director: TestClient, new_tournament: Callable[..., str], run: Run
) -> None:
    tournament = new_tournament(director, draw=True)
    run(director, tournament, "penalize", entry=1, reason="abusive language")
    run(director, tournament, "disqualify", entry=2, reason="collusion with seat 4")
    public = director  # the lookup is the same page for anyone
    for name in ("ana", "bruno"):
        page = public.get(f"/lookup/{tournament}", params={"name": name}).text
        assert "abusive" not in page
        assert "collusion" not in page
    assert "warned" in sections(public.get(f"/lookup/{tournament}?name=ana").text)[1]
    log = str(director.get(f"/api/tournaments/{tournament}/log").json())
    assert "abusive language" in log  # the director still reads it


def test_the_index_gives_the_event_loop_back_while_it_catches_up(
    director: TestClient,
    new_tournament: Callable[..., str],
    app: FastAPI,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Another task runs between two slices of a long catch-up (here 5 events a slice)."""
    tournament = new_tournament(director, players=PLAYERS, start=True)
    monkeypatch.setattr(lookup, "SLICE", 5)
    loaded = loaded_in(director, app, tournament)

    async def race() -> tuple[int, int]:
        index = lookup.LookupIndex()
        seen: list[int] = []

        async def other() -> None:
            seen.append(index._lines[(tournament, "en")].count)

        catching_up = asyncio.ensure_future(index.caught_up(tournament, loaded, "en"))
        await asyncio.sleep(0)  # the catch-up starts and gives the loop back after a slice
        await other()
        await catching_up
        return seen[0], index._lines[(tournament, "en")].count

    assert director.portal is not None
    during, after = director.portal.call(race)  # on the app's loop (a browser test may hold one)
    assert 0 < during < after == len(loaded.events)


def test_contacts_are_for_the_director_only(
    director: TestClient, app: FastAPI, new_tournament: Callable[..., str], run: Run
) -> None:
    tournament = new_tournament(director, players=())
    run(director, tournament, "register", player="Ana", contact="ana@example.org")
    listed = director.get(f"/api/tournaments/{tournament}/entries").json()
    assert listed[0]["contact"] == "ana@example.org"
    director.cookies.clear()  # logged out: the public
    public = director.get(f"/api/tournaments/{tournament}/entries").json()
    assert public[0]["player"] == "Ana"
    assert "contact" not in public[0]
    assert "ana@example.org" not in director.get(f"/lookup/{tournament}?name=ana").text
    assert "ana@example.org" not in str(director.get(f"/api/tournaments/{tournament}").json())
