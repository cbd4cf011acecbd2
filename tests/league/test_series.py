"""A series: several events of one room on one schedule (dates, buy-ins, formats) whose results
make one leaderboard with the season's own points formula. A series is a league season with a
schedule (docs/leagues.md, "A series"); its standings are the season's."""

from __future__ import annotations

import datetime
import random

import pytest

from pokertd.errors import IllegalActionError, ParseError
from pokertd.league import commands as cmd
from pokertd.league.aggregate import League
from pokertd.league.standings import standings
from pokertd.service.leagues import LeagueService
from pokertd.service.tournaments import TournamentService
from pokertd.store import MemoryEventStore
from pokertd.tournament import commands
from pokertd.tournament.structure import template

NOW = datetime.datetime(2026, 6, 1, 12, 0, tzinfo=datetime.UTC)


def event(tournaments: TournamentService, title: str, players: tuple[str, ...]) -> str:
    """A tournament registered and drawn, not finished: the last player listed wins it."""
    name = tournaments.create(commands.CreateTournament(title, template("turbo").to_dict())).stream
    for player in players:
        tournaments.execute(name, commands.Register(player))
    tournaments.execute(name, commands.DrawSeats())
    return name


def finish(tournaments: TournamentService, name: str) -> None:
    """Bust the entries from the first to the one before last: the last one wins."""
    entries = sorted(tournaments.load(name).state.entries)
    for entry in entries[:-1]:
        tournaments.execute(name, commands.BustPlayers((entry,)))


def services() -> tuple[TournamentService, LeagueService]:
    store = MemoryEventStore()
    tournaments = TournamentService(store, now=lambda: NOW, rng=random.Random(1))
    leagues = LeagueService(store, now=lambda: NOW)
    leagues.follow(tournaments)
    return tournaments, leagues


def test_series_schedule_results_and_leaderboard_by_its_own_formula() -> None:
    tournaments, leagues = services()
    series = leagues.create(
        cmd.CreateLeague("Summer series", "2026", points="entries - place + 1")
    ).stream
    opening = event(tournaments, "Opening", ("Chloé", "Bruno", "Alice"))
    plo = event(tournaments, "PLO", ("Alice", "David", "Bruno", "Chloé"))
    leagues.schedule(series, "2026-07-03", "PLO", buyin=15_000, format="PLO re-entry",
                     tournament=plo)  # fmt: skip
    leagues.schedule(series, "2026-07-01", "Opening", buyin=10_000, format="NLHE freezeout",
                     tournament=opening)  # fmt: skip
    leagues.schedule(series, "2026-07-05", "Main event", buyin=50_000, format="NLHE, flights")
    before = leagues.programme(series)
    # by date, whatever the order they were put on the schedule
    assert [(s.planned.date, s.planned.title, s.planned.buyin, s.planned.format, s.stage)
            for s in before] == [
        ("2026-07-01", "Opening", 10_000, "NLHE freezeout", "running"),
        ("2026-07-03", "PLO", 15_000, "PLO re-entry", "running"),
        ("2026-07-05", "Main event", 50_000, "NLHE, flights", "planned"),
    ]  # fmt: skip
    assert leagues.load(series).state.waiting() == (plo, opening)
    finish(tournaments, opening)  # Alice wins, Bruno second, Chloé third
    finish(tournaments, plo)  # Chloé wins, Bruno second, David third, Alice fourth
    after = {s.planned.title: s for s in leagues.programme(series)}
    assert (after["Opening"].stage, after["Opening"].winner) == ("finished", "Alice")
    assert (after["PLO"].stage, after["PLO"].winner, after["PLO"].players) == (
        "finished", "Chloé", 4,
    )  # fmt: skip
    assert after["Opening"].scored is not None
    assert after["PLO"].scored is not None
    assert after["Main event"].stage == "planned"
    # the leaderboard, by the series' formula entries - place + 1: Opening 3-2-1, PLO 4-3-2-1
    lines = [(s.player, s.points) for s in standings(leagues.load(series).state)]
    assert lines == [("Chloé", 5), ("Bruno", 5), ("Alice", 4), ("David", 2)]


def test_series_a_tournament_scheduled_after_it_finished_counts_at_once() -> None:
    tournaments, leagues = services()
    series = leagues.create(cmd.CreateLeague("Series", "2026")).stream
    played = event(tournaments, "Turbo", ("A", "B", "C"))
    finish(tournaments, played)
    leagues.schedule(series, "2026-07-01", "Turbo", tournament=played)
    state = leagues.load(series).state
    assert [e.source for e in state.events.values()] == [played]
    assert leagues.programme(series)[0].stage == "finished"


@pytest.mark.parametrize(
    ("command", "error", "said"),
    [
        (cmd.ScheduleEvent("1 July", "Opening"), ParseError, "a date is written YYYY-MM-DD"),
        (cmd.ScheduleEvent("2026-07-01", "  "), ParseError, "the event's title cannot be empty"),
        (cmd.ScheduleEvent("2026-07-01", "X", buyin=-1), ParseError, "a buy-in is 0 to"),
    ],
)
def test_series_bad_schedule_lines_are_refused(
    command: cmd.ScheduleEvent, error: type[Exception], said: str
) -> None:
    _, leagues = services()
    series = leagues.create(cmd.CreateLeague("Series", "2026")).stream
    with pytest.raises(error, match=said):
        leagues.execute(series, command)
    assert leagues.load(series).state.schedule == {}


def test_series_a_tournament_is_on_the_schedule_once() -> None:
    tournaments, leagues = services()
    series = leagues.create(cmd.CreateLeague("Series", "2026")).stream
    played = event(tournaments, "Turbo", ("A", "B", "C"))
    leagues.schedule(series, "2026-07-01", "Turbo", tournament=played)
    with pytest.raises(IllegalActionError, match="already on the schedule"):
        leagues.schedule(series, "2026-07-02", "Turbo again", tournament=played)
    assert len(leagues.load(series).state.schedule) == 1


def test_series_schedule_replays_and_undoes() -> None:
    _, leagues = services()
    series = leagues.create(cmd.CreateLeague("Series", "2026")).stream
    leagues.schedule(series, "2026-07-01", "Opening", buyin=10_000)
    leagues.schedule(series, "2026-07-02", "Second")
    loaded = leagues.load(series)
    assert League.replay(loaded.events).state.schedule == loaded.state.schedule
    leagues.execute(series, cmd.Undo())
    assert [p.title for p in leagues.load(series).state.programme()] == ["Opening"]
