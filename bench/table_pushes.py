"""An online action and its push at the table service, without the web: what the server's CPU
does for ``TableService`` between receiving an action and handing the views to the sockets.

A tournament of ``--tables`` tables × ``--seats`` players in a fresh SQLite file (the web
server's store), every table playing online hands; in turn at each table, the player to act acts
(a bot's choice: ``TableService.act``) and the push follows as the web server makes it after an
action: the public view (``changed()``: is the hand over?), then each seat's view and the
public's again (the hub's renders), all in one turn of a running asyncio loop. ``--bank``
gives every player a time bank (CLK-TIMEBANK: the deadline then counts his time at every table
that played). The script prints the time per action, its push included, and the store's version
reads per action. It measures one code; run it before and after a change (``PYTHONPATH`` to a
checkout of the former code), back to back: on a shared machine only the ratio means something.
Run ``python bench/table_pushes.py [--tables 100] [--seats 6] [--actions 3000] [--bank 0]``.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import platform
import random
import tempfile
import time
from pathlib import Path

from pokertd.service.table_bots import bot_choice, bot_discards
from pokertd.service.tables import TableService
from pokertd.service.tournaments import TournamentService
from pokertd.store import SQLiteEventStore
from pokertd.table import TableMode, Viewer
from pokertd.tournament import commands
from pokertd.tournament.structure import Level, Structure

START = datetime.datetime(2026, 11, 27, 19, 0, tzinfo=datetime.UTC)


class Clock:
    """The server's clock, a second a call: nobody runs out of time."""

    def __init__(self) -> None:
        self.moment = START

    def __call__(self) -> datetime.datetime:
        self.moment += datetime.timedelta(seconds=1)
        return self.moment


def event(store: SQLiteEventStore, tables: int, seats: int, bank: int) -> TableService:
    """Return the table service of a running event of ``tables`` tables of ``seats``."""
    clock = Clock()
    service = TournamentService(store, now=clock, rng=random.Random(7))
    levels = tuple(Level(100 * n, 200 * n, 0, minutes=20) for n in range(1, 16))
    structure = Structure(levels, (25, 100), 100_000).to_dict()
    created = commands.CreateTournament("Bench", structure, table_size=seats)
    tid = service.create(created).stream
    for number in range(tables * seats):
        service.execute(tid, commands.Register(f"Player {number + 1}", checked_in=True))
    service.execute(tid, commands.DrawSeats())
    service.execute(tid, commands.StartClock())
    if bank:
        service.execute(tid, commands.SetTimeBank(bank))
    return TableService(service, rng=random.Random(5), now=clock)


def act(live: TableService, tid: str, table: int, rng: random.Random) -> None:
    """The player to act at ``table`` acts (a new hand first when none is playing)."""
    view = live.view(tid, table, Viewer.public())
    if view["status"] != "playing":
        live.start_hand(tid, table, mode=TableMode.ONLINE)
    found = live._live(tid, table)  # the bench plays the table's bots' moves itself
    hand, plan = found.hand, found.plan
    assert hand is not None
    assert plan is not None
    legal = hand.legal()
    assert legal is not None
    seat = plan.seats[legal.player]
    if legal.draw:
        live.draw(tid, table, seat, bot_discards(hand, legal))
        return
    kind, to = bot_choice(hand, legal, rng)
    live.act(tid, table, seat, kind, to)


def push(live: TableService, tid: str, table: int, seats: list[int]) -> None:
    """The views an action's push builds: the public's (is the hand over?), every seat's,
    and the public's for the spectators."""
    live.view(tid, table, Viewer.public())
    for seat in seats:
        live.view(tid, table, Viewer.seat(seat))
    live.view(tid, table, Viewer.public())


async def run(live: TableService, tid: str, actions: int) -> tuple[float, int]:
    """Play ``actions`` actions round the tables, each and its push in one turn of the loop;
    return the CPU seconds they took (the disk's fsyncs not counted) and the store's version
    reads."""
    rng = random.Random(3)
    state = live.tournaments.load(tid).state
    numbers = sorted(state.tables)
    seats = {number: sorted(state.tables[number].players) for number in numbers}
    store = live.tournaments.store
    reads = 0
    version = store.version

    def counted(stream: str) -> int:
        nonlocal reads
        reads += 1
        return version(stream)

    store.version = counted  # type: ignore[method-assign]
    start = time.process_time()
    for count in range(actions):
        table = numbers[count % len(numbers)]
        act(live, tid, table, rng)
        push(live, tid, table, seats[table])
        await asyncio.sleep(0)  # the next action is another turn
    return time.process_time() - start, reads


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seats", type=int, default=6)
    parser.add_argument("--actions", type=int, default=3000)
    parser.add_argument("--bank", type=int, default=0, help="time bank, seconds (default none)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        store = SQLiteEventStore(Path(folder) / "events.db")
        try:
            live = event(store, options.tables, options.seats, options.bank)
            tid = live.tournaments.ids()[-1]
            took, reads = asyncio.run(run(live, tid, options.actions))
        finally:
            store.close()
    per = took / options.actions
    print(f"{options.tables} tables × {options.seats} seats, time bank {options.bank} s")
    print(f"{options.actions} actions, each pushed: {1e3 * per:.3f} ms of CPU an action (push too)")
    print(f"store version reads: {reads / options.actions:.1f} an action")
    print(f"  {platform.processor() or platform.machine()}, Python {platform.python_version()}")


if __name__ == "__main__":
    main()
