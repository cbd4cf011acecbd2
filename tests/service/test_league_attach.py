"""Tournaments attached to a season when they finish: through the service, whoever finishes them."""

from __future__ import annotations

import datetime
import random

from pokertd.league import commands as cmd
from pokertd.league.standings import standings
from pokertd.service.leagues import LeagueService
from pokertd.service.tournaments import TournamentService
from pokertd.store import MemoryEventStore
from pokertd.tournament import commands
from pokertd.tournament.structure import template

NOW = datetime.datetime(2026, 3, 6, 12, 0, tzinfo=datetime.UTC)


def running(tournaments: TournamentService, title: str) -> str:
    """A three-player tournament one bust-out from its end: Chloé is out, Alice and Bruno in."""
    name = tournaments.create(commands.CreateTournament(title, template("turbo").to_dict())).stream
    for player in ("Alice", "Bruno", "Chloé"):
        tournaments.execute(name, commands.Register(player))
    tournaments.execute(name, commands.DrawSeats())
    for entry in (1, 2, 3):
        tournaments.execute(name, commands.CheckIn(entry))
    tournaments.execute(name, commands.StartClock())
    tournaments.execute(name, commands.BustPlayers((3,)))
    return name


def test_an_expected_tournament_is_added_when_it_finishes() -> None:
    store = MemoryEventStore()
    tournaments = TournamentService(store, now=lambda: NOW, rng=random.Random(1))
    leagues = LeagueService(store, now=lambda: NOW)
    leagues.follow(tournaments)
    league = leagues.create(cmd.CreateLeague("Club", "2026", points="linear")).stream
    friday = running(tournaments, "Friday")
    leagues.expect(league, friday)
    assert leagues.load(league).state.events == {}  # still running: waiting
    assert leagues.load(league).state.waiting() == (friday,)
    tournaments.execute(friday, commands.BustPlayers((2,)))  # Alice wins
    state = leagues.load(league).state
    assert [(event.title, event.source) for event in state.events.values()] == [("Friday", friday)]
    assert [(s.player, s.points) for s in standings(state)] == [
        ("Alice", 3),
        ("Bruno", 2),
        ("Chloé", 1),
    ]
    assert state.waiting() == ()


def test_a_finished_tournament_is_added_at_once_and_a_missed_finish_on_catching_up() -> None:
    store = MemoryEventStore()
    tournaments = TournamentService(store, now=lambda: NOW, rng=random.Random(1))
    leagues = LeagueService(store, now=lambda: NOW)  # not following: another process finishes
    league = leagues.create(cmd.CreateLeague("Club", "2026")).stream
    first, second = running(tournaments, "First"), running(tournaments, "Second")
    tournaments.execute(first, commands.BustPlayers((2,)))
    done = leagues.expect(league, "1")  # a number, as the CLI takes it
    assert [outcome.stream for outcome in done] == [league, league]  # expected, then added
    leagues.expect(league, second)
    tournaments.execute(second, commands.BustPlayers((1,)))
    assert len(leagues.load(league).state.events) == 1
    assert len(leagues.catch_up(league)) == 1
    assert [event.title for event in leagues.load(league).state.ordered()] == ["First", "Second"]
    assert leagues.catch_up(league) == []
