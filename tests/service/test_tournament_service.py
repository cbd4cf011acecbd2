"""Whole tournaments through ``TournamentService``: a 1,000-player event over a
``MemoryEventStore`` and a shorter one over an ``SQLiteEventStore`` file, run to a winner.

The floor is scripted (``tournament_child.next_command``): hands at the tables, bust-outs in
groups of one to three, the moves that are due. After every command the invariants of
``tournament_tools`` are checked (seats, entries, places, confirmed moves); at the end there is
exactly one winner, the places are 1..N (shared places allowed), every player moved for balance
is followed to his next hand, and replaying the stored events gives the same tournament.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "tournament"))

from tournament_child import FakeClock, next_command
from tournament_tools import (
    check_entries,
    check_moves,
    check_places,
    check_positions,
    check_replay,
    check_seats,
)

from pokertd.errors import IllegalActionError, NotFoundError
from pokertd.service.tournaments import TournamentService
from pokertd.store import EventStore, MemoryEventStore, SQLiteEventStore
from pokertd.tournament import commands, events
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.structure import template


def run_to_a_winner(
    store: EventStore, *, players: int, profile: str, seed: int
) -> tuple[TournamentService, str, int]:
    """Run the scripted floor through a service over ``store``, checking after every command;
    return the service, the tournament's id and the number of commands."""
    clock = FakeClock()
    service = TournamentService(store, now=clock, rng=random.Random(seed))
    script = random.Random(seed)
    create = next_command(None, script, players=players, profile=profile)
    assert isinstance(create, commands.CreateTournament)
    tournament_id = service.create(create).stream
    tournament = service.load(tournament_id)
    count = 1
    while (
        command := next_command(tournament, script, players=players, profile=profile)
    ) is not None:
        clock.set(tournament.version)
        before = dict(tournament.state.tables) if isinstance(command, commands.ConfirmMoves) else {}
        outcome = service.execute(tournament_id, command)
        count += 1
        tournament = service.load(tournament_id)
        assert tournament.version == outcome.version == store.version(tournament_id)
        check_seats(tournament)
        check_entries(tournament)
        check_places(tournament, finished=False)
        if isinstance(command, commands.ConfirmMoves):
            moved = [e for e in outcome.events if isinstance(e, events.PlayersMoved)]
            check_moves(before, tournament, moved[0].moves)
        assert count < 20 * players, "the script does not end"
    return service, tournament_id, count


def check_finished(service: TournamentService, tournament_id: str, players: int) -> None:
    tournament = service.load(tournament_id)
    state = tournament.state
    assert state.winner is not None
    winners = [entry for entry in state.entries.values() if entry.place == 1]
    assert [entry.number for entry in winners] == [state.winner]
    check_places(tournament, finished=True)
    places = [entry.place for entry in state.entries.values()]
    assert len(places) == players
    assert None not in places
    report = check_positions(tournament)
    assert report.hands > 0
    stored = [events.from_data(item.type, item.data) for item in service.store.read(tournament_id)]
    replayed = Tournament.replay(stored)
    assert replayed.digest() == tournament.digest()
    check_replay(tournament)


def test_a_1000_player_event_runs_to_one_winner() -> None:
    """1,000 players at 112 tables of nine (TDA), over a memory store."""
    service, tournament_id, count = run_to_a_winner(
        MemoryEventStore(), players=1_000, profile="tda-2017", seed=7
    )
    check_finished(service, tournament_id, 1_000)
    tournament = service.load(tournament_id)
    assert sum(isinstance(e, events.PlayersBusted) for e in tournament.events) < 999
    assert sum(isinstance(e, events.HandStarted) for e in tournament.events) > 300
    assert sum(isinstance(e, events.TableClosed) for e in tournament.events) == 111
    assert count > 2_000


@pytest.mark.parametrize("profile", ["gran-madrid", "lfp"])
def test_an_event_over_sqlite_survives_a_reopen(profile: str, tmp_path: Path) -> None:
    """120 players over an SQLite file (GM redraws at 3, 2 and 1 tables from 100 entrants; LFP
    at the final table); reopened with a new service, the tournament is the same."""
    path = tmp_path / "events.db"
    store = SQLiteEventStore(path)
    service, tournament_id, _ = run_to_a_winner(store, players=120, profile=profile, seed=3)
    check_finished(service, tournament_id, 120)
    digest = service.load(tournament_id).digest()
    store.close()
    reopened = SQLiteEventStore(path)
    try:
        again = TournamentService(reopened, rng=random.Random(0))
        assert again.tournaments() == [tournament_id]
        assert again.load(tournament_id).digest() == digest
        assert again.resolve(None) == again.resolve("1") == tournament_id
    finally:
        reopened.close()


def test_a_refused_command_stores_nothing() -> None:
    store = MemoryEventStore()
    service = TournamentService(store, now=FakeClock(), rng=random.Random(1))
    tournament_id = service.create(
        commands.CreateTournament("Friday", template("turbo").to_dict())
    ).stream
    for name in ("Ann", "Bob"):
        service.execute(tournament_id, commands.Register(name))
    service.execute(tournament_id, commands.DrawSeats())
    version = store.version(tournament_id)
    with pytest.raises(IllegalActionError):
        service.execute(tournament_id, commands.DrawSeats())
    with pytest.raises(NotFoundError):
        service.execute(tournament_id, commands.Arrive(9))
    assert store.version(tournament_id) == version
    with pytest.raises(NotFoundError):
        service.resolve("7")


def test_two_services_on_one_store_see_each_others_commands() -> None:
    """A second writer's events are read before the next command (the cache is refreshed)."""
    store = MemoryEventStore()
    first = TournamentService(store, now=FakeClock(), rng=random.Random(1))
    second = TournamentService(store, now=FakeClock(), rng=random.Random(2))
    tournament_id = first.create(
        commands.CreateTournament("Friday", template("turbo").to_dict())
    ).stream
    first.execute(tournament_id, commands.Register("Ann"))
    second.execute(tournament_id, commands.Register("Bob"))
    outcome = first.execute(tournament_id, commands.Register("Cyd"))
    assert outcome.version == 4
    registered = [
        e for e in first.load(tournament_id).events if isinstance(e, events.PlayerRegistered)
    ]
    assert [(e.entry, e.player) for e in registered] == [(1, "Ann"), (2, "Bob"), (3, "Cyd")]
    assert first.load(tournament_id).digest() == second.load(tournament_id).digest()


def test_listeners_hear_every_stored_command() -> None:
    heard: list[tuple[str, int]] = []
    service = TournamentService(MemoryEventStore(), now=FakeClock(), rng=random.Random(1))
    service.subscribe(lambda stream, found: heard.append((stream, len(found))))
    tournament_id = service.create(
        commands.CreateTournament("Friday", template("turbo").to_dict())
    ).stream
    service.execute(tournament_id, commands.Register("Ann"))
    with pytest.raises(IllegalActionError):
        service.execute(tournament_id, commands.DrawSeats())  # one player: refused
    assert heard == [(tournament_id, 1), (tournament_id, 1)]
