"""A person merged in the register counts as one player in every league (issue 18): the standings
of a season whose two events saw him under two ids, once merged, are those computed as if he had
had one id all along, whichever id is kept, with a best-N count and on the web's and the CLI's
reading (``LeagueService.as_registered``)."""

from __future__ import annotations

import datetime
import random
from fractions import Fraction

import pytest

from pokertd.league import commands as cmd
from pokertd.league.standings import standings
from pokertd.league.statistics import player_statistics, season_statistics
from pokertd.service.leagues import LeagueService
from pokertd.service.people import PeopleService
from pokertd.service.tournaments import TournamentService
from pokertd.store import MemoryEventStore
from pokertd.tournament import commands
from pokertd.tournament.structure import template

NOW = datetime.datetime(2026, 3, 6, 12, 0, tzinfo=datetime.UTC)


def played(tournaments: TournamentService, title: str, players: list[str], out: list[int]) -> str:
    """A tournament of ``players`` played to its end: entries ``out`` bust in that order."""
    name = tournaments.create(commands.CreateTournament(title, template("turbo").to_dict())).stream
    for player in players:
        tournaments.execute(name, commands.Register(player))
    tournaments.execute(name, commands.DrawSeats())
    for entry in range(1, len(players) + 1):
        tournaments.execute(name, commands.CheckIn(entry))
    tournaments.execute(name, commands.StartClock())
    for entry in out:
        tournaments.execute(name, commands.BustPlayers((entry,)))
    return name


def season(*, two_ids: bool, kept: int, best: int | None) -> tuple[LeagueService, str]:
    """Ana plays event 1 as id 0 and event 2 as id 1 (``two_ids``: the register then merges
    them, keeping id ``kept``), else as id ``kept`` in both events."""
    store = MemoryEventStore()
    people = PeopleService(store, now=lambda: NOW, rng=random.Random(7))
    ana, twin, bruno, chloe, dan = (
        people.add(name=n).id for n in ("Ana", "Anna", "Bruno", "Chloé", "Dan")
    )
    ids = (ana, twin)
    first_id, second_id = (ids[0], ids[1]) if two_ids else (ids[kept], ids[kept])
    tournaments = TournamentService(store, now=lambda: NOW, rng=random.Random(1))
    leagues = LeagueService(store, now=lambda: NOW)
    league = leagues.create(cmd.CreateLeague("Club", "2026", points="table:10,6,4,2", best=best))
    stream = league.stream
    events = (
        played(tournaments, "Un", [first_id, bruno, chloe, dan], [4, 3, 2]),  # Ana wins
        played(tournaments, "Deux", [bruno, second_id, chloe, dan], [1, 4, 3]),  # Ana wins
        played(tournaments, "Trois", [bruno, chloe, dan], [3, 2]),  # Ana absent
    )
    for tournament in events:
        leagues.add_tournament(stream, tournament)
    if two_ids:
        people.merge(ids[1 - kept], into=ids[kept])
    return leagues, stream


@pytest.mark.parametrize("kept", [0, 1])
@pytest.mark.parametrize("best", [None, 2])
def test_standings_after_a_register_merge_are_those_of_one_id_all_along(
    kept: int, best: int | None
) -> None:
    merged, merged_id = season(two_ids=True, kept=kept, best=best)
    alone, alone_id = season(two_ids=False, kept=kept, best=best)
    combined = merged.as_registered(merged_id)
    expected = alone.as_registered(alone_id)
    assert standings(combined) == standings(expected)
    assert season_statistics(combined) == season_statistics(expected)
    assert player_statistics(combined) == player_statistics(expected)
    first = standings(combined)[0]
    assert (first.played, first.wins, first.points) == (2, 2, Fraction(20))  # two wins of 10
    # without the register's merge the two ids are two players: the merge is what joins them
    apart = standings(merged.load(merged_id).state)
    assert len(apart) == len(standings(expected)) + 1
