"""What a change costs the displays: the display document of a 1,000-player event, built and
encoded once per change (the hub shares it with every display socket), against the way it was
built before, measured in the same process and run.

The event is built in this process (no server): ``--players`` registered, drawn, the clock
started and ``--busts`` busted one at a time (so that tables are short and one is due to break).
Each round is one change (the clock paused or resumed) followed by the document's render:
``status_document`` and ``tables_json`` encoded as JSON, as ``pokertd.web.hub`` does.

- now: the code as it is (the short tables and the moves due kept on the state until the next
  event, the chips in play kept by the state);
- before (the reference): the same render with each table's halt worked out by counting every
  table again and drawing the moves due (once per table, twice per document), the moves due
  drawn again for the status.

The two alternate over ``--rounds`` rounds of ``--changes`` changes; each keeps its best round.
Nothing here asserts. Run ``python bench/display.py [--players 1000] [--busts 300]``.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import random
import time
from collections.abc import Iterator

from pokertd.service.documents import status_document, tables_json
from pokertd.tournament import commands, moves, table_commands
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.state import TournamentState
from pokertd.tournament.structure import template
from web_load import machine

NOW = datetime.datetime(2026, 11, 26, 20, 0, tzinfo=datetime.UTC)


def event(players: int, busts: int) -> Tournament:
    """A turbo event of ``players``, drawn and started, ``busts`` of them busted one by one."""
    tournament = Tournament()

    def do(command: commands.Command) -> None:
        tournament.apply(tournament.handle(command, NOW, random.Random(1)))

    do(commands.CreateTournament("Big Saturday", template("turbo").to_dict()))
    for number in range(1, players + 1):
        do(commands.Register(f"Player {number:04d}"))
    do(commands.DrawSeats())
    do(commands.StartClock())
    for entry in range(players, players - busts, -1):
        do(commands.BustPlayers((entry,)))
    return tournament


def render(tournament: Tournament) -> str:
    """The display's part that grows with the event, encoded as the hub encodes it."""
    document = {"status": status_document(tournament, "t", NOW), "tables": tables_json(tournament)}
    return json.dumps(document, separators=(",", ":"))


def recounted_short(state: TournamentState, table_number: int) -> bool:
    """``is_short`` as it was: every table counted again, the moves due drawn again."""
    if len(state.tables) < 2:
        return False
    counts = {number: len(table.players) for number, table in state.tables.items()}
    allowed = moves.max_difference(state.profile, len(counts))
    if max(counts.values()) - counts[table_number] <= allowed:
        return False
    return bool(table_commands.proposals(state, random.Random(0)))


def drawn_again(state: TournamentState) -> tuple[moves.MoveTuple, ...]:
    return tuple(table_commands.proposals(state, random.Random(0)))


@contextlib.contextmanager
def as_before() -> Iterator[None]:
    """Render as before: nothing kept between two questions or two renders."""
    kept = table_commands.is_short, table_commands.moves_due
    table_commands.is_short = recounted_short
    table_commands.moves_due = drawn_again
    try:
        yield
    finally:
        table_commands.is_short, table_commands.moves_due = kept


def changes(tournament: Tournament, count: int) -> float:
    """Make ``count`` changes, each rendered once; return the milliseconds per change."""
    start = time.perf_counter()
    for number in range(count):
        command = commands.PauseClock() if number % 2 == 0 else commands.ResumeClock()
        tournament.apply(tournament.handle(command, NOW, random.Random(1)))
        render(tournament)
    return (time.perf_counter() - start) * 1000 / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--busts", type=int, default=300)
    parser.add_argument("--changes", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=5)
    options = parser.parse_args()
    print(f"machine: {machine()}")
    tournament = event(options.players, options.busts)
    state = tournament.state
    halted = [number for number in state.tables if table_commands.is_halted(state, number)]
    now = render(tournament)
    with as_before():
        assert render(tournament) == now, "the two renders differ"
    print(
        f"{options.players} players, {len(state.tables)} tables ({len(halted)} halted), "
        f"{tournament.version} events; the document's part: {len(now) / 1000:.0f} KB"
    )
    best_now, best_before = float("inf"), float("inf")
    for _ in range(options.rounds):
        best_now = min(best_now, changes(tournament, options.changes))
        with as_before():
            best_before = min(best_before, changes(tournament, options.changes))
    print(f"one change rendered, before (the reference): {best_before:.1f} ms")
    print(f"one change rendered, now: {best_now:.1f} ms")
    print(f"ratio before / now: {best_before / best_now:.1f}")


if __name__ == "__main__":
    main()
