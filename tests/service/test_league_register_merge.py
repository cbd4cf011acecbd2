"""A person merged in the register counts as one player in every league (issue 18): the standings
of a season whose two events saw him under two ids, once merged, are those computed as if he had
had one id all along, whichever id is kept, with a best-N count and on the web's and the CLI's
reading (``LeagueService.as_registered``)."""

from __future__ import annotations

import contextlib
import datetime
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.errors import ParseError
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


def _season_of(
    store: MemoryEventStore, fields: list[list[str]], outs: list[list[int]], best: int | None
) -> tuple[LeagueService, str]:
    """A season of one tournament per field (player ids, one per entry; an id twice is a
    player who entered twice), entries busting in the order ``outs`` gives."""
    tournaments = TournamentService(store, now=lambda: NOW, rng=random.Random(1))
    leagues = LeagueService(store, now=lambda: NOW)
    stream = leagues.create(
        cmd.CreateLeague("Club", "2026", points="table:10,6,4,2", best=best)
    ).stream
    for number, (field, out) in enumerate(zip(fields, outs, strict=True)):
        leagues.add_tournament(stream, played(tournaments, f"Manche {number}", field, out))
    return leagues, stream


@settings(max_examples=20, deadline=None)
@given(
    fields=st.lists(st.lists(st.integers(0, 4), min_size=2, max_size=5), min_size=1, max_size=3),
    order=st.randoms(use_true_random=False),
    merges=st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4)), max_size=4),
    best=st.sampled_from([None, 1, 2]),
)
def test_merged_ids_that_played_one_event_count_once_as_one_id_all_along(
    fields: list[list[int]],
    order: random.Random,
    merges: list[tuple[int, int]],
    best: int | None,
) -> None:
    """Whatever the register merges, even two ids that played the same event: the season's
    standings and statistics are those of a season where he had one id all along (so an id
    twice in one event: a player who entered twice, counted once at his better place), and
    the event logs and the season's log replay as they did."""
    store = MemoryEventStore()
    people = PeopleService(store, now=lambda: NOW, rng=random.Random(7))
    ids = [people.add(name=f"Joueur {n}").id for n in range(5)]
    outs = []
    for field in fields:
        entries = list(range(1, len(field) + 1))
        order.shuffle(entries)
        outs.append(entries[:-1])
    named = [[ids[n] for n in field] for field in fields]
    leagues, stream = _season_of(store, named, outs, best)
    before = [(s, list(leagues.load(s).events)) for s in leagues.leagues()]
    tournaments = TournamentService(store, now=lambda: NOW)
    logs = {s: tournaments.load(s).events for s in tournaments.ids()}
    for duplicate, into in merges:
        with contextlib.suppress(ParseError):  # merged already, or into himself: refused
            people.merge(ids[duplicate], into=ids[into])
    links = people.links()
    alone, alone_stream = _season_of(
        MemoryEventStore(), [[links.get(p, p) for p in field] for field in named], outs, best
    )
    merged_state = leagues.as_registered(stream)
    expected_state = alone.load(alone_stream).state
    assert standings(merged_state) == standings(expected_state)
    assert player_statistics(merged_state) == player_statistics(expected_state)
    assert season_statistics(merged_state) == season_statistics(expected_state)
    after = [(s, list(leagues.load(s).events)) for s in leagues.leagues()]
    assert after == before
    assert {s: tournaments.load(s).events for s in tournaments.ids()} == logs
    twice = {
        (event.number, links.get(r.player, r.player))
        for event in merged_state.events.values()
        for r in event.results
    }
    extra = sum(len(names) - 1 for _event, _player, names in merged_state.doubled())
    assert extra == sum(len(event.results) for event in merged_state.events.values()) - len(twice)


def test_two_merged_ids_in_one_event_count_once_at_the_better_place() -> None:
    """The worked example of docs/judgements.md: Ana played event 1 as two ids (P1 out first,
    P2 second of four); once merged she has one result, 2nd (6 points), one event played, and
    the director's page names the event."""
    store = MemoryEventStore()
    people = PeopleService(store, now=lambda: NOW, rng=random.Random(7))
    ana, twin, bruno, chloe = (people.add(name=n).id for n in ("Ana", "Anna", "Bruno", "Chloé"))
    leagues, stream = _season_of(store, [[ana, twin, bruno, chloe]], [[1, 4, 2]], None)
    people.merge(twin, into=ana)
    state = leagues.as_registered(stream)
    table = {line.player: (line.rank, line.points, line.played) for line in standings(state)}
    assert table == {
        bruno: (1, Fraction(10), 1),
        ana: (2, Fraction(6), 1),
        chloe: (3, Fraction(4), 1),
    }
    assert state.doubled() == [(1, ana, (twin, ana))]  # as recorded: 2nd, then 4th
    assert [s.player for s in player_statistics(state)].count(ana) == 1


def test_a_persons_league_points_follow_the_register() -> None:
    """A person's history holds his league points: the season's line under his id, the ids
    merged into him counted (issue 18, "each person's history ... league points")."""
    leagues, stream = season(two_ids=True, kept=0, best=None)
    people = PeopleService(leagues.store)
    ana = next(p.id for p in people.everyone() if p.name == "Ana")
    [line] = leagues.seasons_of(ana)
    assert (line.league, line.rank, line.points, line.played, line.wins) == (
        stream,
        1,
        Fraction(20),
        2,
        2,
    )
    chloe = next(p.id for p in people.everyone() if p.name == "Chloé")
    assert [s.played for s in leagues.seasons_of(chloe)] == [3]
