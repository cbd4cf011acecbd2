"""A scripted tournament floor, and the child process of the tournament crash test.

``next_command(tournament, rng)`` plays the floor of a freezeout: it registers the field, draws
the seats, starts the clock, then deals hands at the tables, busts players in groups of one to
three (with their stacks at the start of the hand), and makes the moves that are due (hands are
finished first, then the moves proposed and confirmed), until one player is left. It reads only
the tournament's state and ``rng``, so a script stopped at any point resumes from the stored
events. The service tests run it in process.

Run as a script, ``python tests/service/tournament_child.py DB`` is the crash test's child: it
opens the SQLite event store ``DB`` with a ``TournamentService`` and runs the script forever
(when a tournament is won it creates the next one), printing after each acknowledged command
``<tournament> <version> <digest>``, the stream version and ``Tournament.digest()`` once the
command's events are stored. The clock is fake: ``NOW`` plus 3 seconds per event of the stream,
so it never goes back, even across a restart.
"""

from __future__ import annotations

import datetime
import random
import sys
from collections.abc import Sequence

from pokertd.service.tournaments import TournamentService
from pokertd.store import SQLiteEventStore
from pokertd.tournament import commands
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.moves import MoveTuple
from pokertd.tournament.structure import Level, Structure

NOW = datetime.datetime(2026, 3, 6, 19, 0, tzinfo=datetime.UTC)
#: Fifteen 20-minute levels and no break: hands can always start.
STRUCTURE = Structure(
    tuple(Level(100 * n, 200 * n, minutes=20) for n in range(1, 16)), (100,), 10_000
).to_dict()
#: The crash test's field, and how many commands a child runs at most should its parent vanish.
CHILD_PLAYERS = 60
MAX_COMMANDS = 100_000


def next_command(
    tournament: Tournament | None,
    rng: random.Random,
    *,
    players: int,
    profile: str = "tda-2017",
    table_size: int = 9,
) -> commands.Command | None:
    """Return the floor's next command for ``tournament`` (None: it is won)."""
    if tournament is None or not tournament.state.created:
        return commands.CreateTournament(
            "Scripted freezeout", STRUCTURE, profile=profile, table_size=table_size
        )
    state = tournament.state
    if not state.is_drawn:
        if len(state.entries) < players:
            return commands.Register(f"Player {len(state.entries) + 1}")
        return commands.DrawSeats()
    if not state.clock.is_started:
        return commands.StartClock()
    if state.winner is not None:
        return None
    absent = [entry.number for entry in state.active() if not entry.is_present]
    if absent and rng.random() < 0.2:
        return commands.Arrive(rng.choice(absent))
    # The moves that are due come first; hands at every table are finished before.
    if state.pending_moves and not _moves_twice(state.pending_moves):
        if state.in_progress:
            return commands.FinishHand(min(state.in_progress))
        return commands.ConfirmMoves()
    due = tournament.proposals(random.Random(0))
    if due and not _moves_twice(due):  # see test_final_table_from_three_tables_is_confirmable
        if state.in_progress:
            return commands.FinishHand(min(state.in_progress))
        return commands.ProposeMoves()
    if rng.random() < 0.5:
        table = rng.choice(sorted(state.tables))
        if table in state.in_progress:
            return commands.FinishHand(table)
        if len(state.tables[table].players) >= 2 and not tournament.is_halted(table):
            return commands.StartHand(table)
    crowded = sorted(n for n, t in state.tables.items() if len(t.players) >= 2)
    if not crowded:  # lone players at several tables: the final table was not confirmed
        return commands.BustPlayers((rng.choice([e.number for e in state.active()]),))
    table = rng.choice(crowded)
    seated = sorted(int(entry) for entry in state.tables[table].players.values())
    count = rng.randint(1, min(3, len(seated) - 1))
    busted = tuple(rng.sample(seated, count))
    stacks = {entry: rng.choice([800, 2_000, 2_000, 6_500]) for entry in busted}
    return commands.BustPlayers(busted, stacks)


def _moves_twice(found: Sequence[MoveTuple]) -> bool:
    return len({move[0] for move in found}) != len(found)


class FakeClock:
    """``NOW`` plus ``step`` seconds for each tick."""

    def __init__(self, step: float = 3.0) -> None:
        self.step = step
        self.ticks = 0

    def set(self, ticks: int) -> None:
        self.ticks = ticks

    def __call__(self) -> datetime.datetime:
        return NOW + datetime.timedelta(seconds=self.step * self.ticks)


def main(argv: Sequence[str]) -> int:
    """Run the script on the store ``argv[0]`` forever, acknowledging each stored command."""
    (path,) = argv
    store = SQLiteEventStore(path)
    clock = FakeClock()
    existing = TournamentService(store).tournaments()
    seed = sum(store.version(stream) for stream in existing)
    service = TournamentService(store, now=clock, rng=random.Random(seed))
    current = existing[-1] if existing else None
    for _ in range(MAX_COMMANDS):
        tournament = service.load(current) if current is not None else None
        version = tournament.version if tournament is not None else 0
        command = next_command(tournament, random.Random(version), players=CHILD_PLAYERS)
        if command is None:  # won: the next tournament
            current = None
            continue
        clock.set(version)
        if current is None:
            assert isinstance(command, commands.CreateTournament)
            outcome = service.create(command)
            current = outcome.stream
        else:
            outcome = service.execute(current, command)
        # The acknowledgement: printed only once the events are stored.
        digest = service.load(current).digest()
        print(f"{outcome.stream} {outcome.version} {digest}", flush=True)
    store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
