"""``LeagueService``: seasons stored beside the tournaments they copy, in one event store."""

from __future__ import annotations

import datetime
import random
from collections.abc import Mapping

import pytest

from pokertd.errors import ConflictError, NotFoundError
from pokertd.league import commands as cmd
from pokertd.league.standings import scored_events
from pokertd.service.leagues import LeagueService
from pokertd.service.tournaments import TournamentService
from pokertd.store import MemoryEventStore
from pokertd.tournament import commands
from pokertd.tournament.state import TournamentState
from pokertd.tournament.structure import template

NOW = datetime.datetime(2026, 3, 6, 12, 0, tzinfo=datetime.UTC)  # the 6th in every zone


def finished_tournament(store: MemoryEventStore) -> str:
    """Play a three-player tournament to its end in ``store``: #1 wins, #2 2nd, #3 3rd."""
    service = TournamentService(store, now=lambda: NOW, rng=random.Random(1))
    name = service.create(commands.CreateTournament("Friday", template("turbo").to_dict())).stream
    for player in ("Alice", "Bruno", "Chloé"):
        service.execute(name, commands.Register(player))
    service.execute(name, commands.DrawSeats())
    for entry in (1, 2, 3):
        service.execute(name, commands.CheckIn(entry))
    service.execute(name, commands.StartClock())
    service.execute(name, commands.BustPlayers((3,)))
    service.execute(name, commands.BustPlayers((2,)))
    return name


def test_a_tournament_is_copied_with_its_money_and_the_prizes_given_win() -> None:
    store = MemoryEventStore()
    tournament = finished_tournament(store)
    seen: list[TournamentState] = []

    def money(state: TournamentState) -> tuple[Mapping[int, int], Mapping[int, int]]:
        seen.append(state)
        return {1: 5000, 2: 2000}, {3: 500}

    service = LeagueService(store, now=lambda: NOW)
    league = service.create(cmd.CreateLeague("Club", "2026", points="prize + bounties")).stream
    service.add_tournament(league, None, money=money, prizes={2: 3000})
    assert [state.title for state in seen] == ["Friday"]
    season = service.load(league).state
    event = season.events[1]
    assert (event.title, event.date, event.source) == ("Friday", "2026-03-06", tournament)
    scored = [(r.player, r.place, r.prize, r.bounties, r.points) for r in scored_events(season)[1]]
    assert scored == [
        ("Alice", 1, 5000, 0, 50),
        ("Bruno", 2, 3000, 0, 30),  # the prize given wins over the tournament's
        ("Chloé", 3, 0, 500, 5),
    ]


def test_seasons_are_numbered_and_found() -> None:
    service = LeagueService(MemoryEventStore(), now=lambda: NOW)
    with pytest.raises(NotFoundError, match="there is no league yet"):
        service.resolve(None)
    service.create(cmd.CreateLeague("Club", "2025"))
    service.create(cmd.CreateLeague("Club", "2026"))
    assert service.leagues() == ["league-1", "league-2"]
    assert service.resolve(None) == "league-2"
    assert service.resolve("1") == service.resolve("league-1") == "league-1"
    with pytest.raises(NotFoundError, match="there is no league '3'"):
        service.resolve("3")


def test_a_season_changed_by_another_writer_is_reloaded() -> None:
    store = MemoryEventStore()
    first = LeagueService(store, now=lambda: NOW)
    second = LeagueService(store, now=lambda: NOW)
    league = first.create(cmd.CreateLeague("Club", "2026")).stream
    assert second.load(league).version == 1
    tournament = finished_tournament(store)
    first.add_tournament(league, tournament)
    # read again from the store: the event added and its details (the final table's seats)
    assert second.load(league).version == 3
    outcome = second.execute(league, cmd.RemoveEvent(1))  # appends after the other's events
    assert outcome.version == 4
    assert first.load(league).state.events == {}


def test_a_writer_that_keeps_losing_gives_up(monkeypatch: pytest.MonkeyPatch) -> None:
    store = MemoryEventStore()
    service = LeagueService(store, now=lambda: NOW)
    league = service.create(cmd.CreateLeague("Club", "2026")).stream
    service.add_tournament(league, finished_tournament(store))

    def conflict(*args: object, **kwargs: object) -> None:
        raise ConflictError("someone wrote first")

    monkeypatch.setattr(store, "append", conflict)
    with pytest.raises(ConflictError, match="keeps changing"):
        service.execute(league, cmd.RemoveEvent(1))
    assert 1 in service.load(league).state.events
