"""Backups of a club's event file: what the check costs, and what a backup costs the requests.

The club file holds ``--tournaments`` copies of a 100-player tournament played to the end by
bots (``pokertd.sim``; about 1,800 events each) in as many streams. Measured in this run, best of
``--rounds``:

- the raw copy (``SQLiteEventStore.copy_to``, SQLite's online backup API): the reference;
- one replay of every tournament from the file: the other reference;
- ``backups.backup``: the copy, SQLite's integrity check, the events compared with the source and
  every tournament replayed from the copy and from the source (twice the replay, as the
  reference predicts);
- the server's next backup once one more tournament is stored (``known``: only that stream is
  replayed);
- what a request-sized piece of work (load a tournament from the cache, build its status
  document) takes, p50 and p99, alone and while a full backup runs in another thread (the
  server's backups run on a worker thread of their own, sharing the interpreter).

Run ``python bench/backup.py [--tournaments 20] [--rounds 3]``. Nothing here asserts.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import platform
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from pokertd.service import backups
from pokertd.service.documents import status_document
from pokertd.service.tournaments import TournamentService
from pokertd.sim.run import Settings, _Run  # the run keeps its aggregate: its events are the data
from pokertd.store import NewEvent, SQLiteEventStore
from pokertd.tournament import events
from pokertd.tournament.aggregate import Tournament

NOW = datetime.datetime(2026, 3, 6, 22, 30, tzinfo=datetime.UTC)


def played_events(players: int = 100) -> list[NewEvent]:
    """Return the events of a tournament of ``players`` bots played to the end."""
    run = _Run(Settings(players=players, seed=3, template="turbo").checked(), None)
    run.play()
    return [NewEvent(event.name, events.to_data(event)) for event in run.tournament.events]


def club_file(folder: Path, tournaments: int) -> Path:
    """Write the club file: ``tournaments`` streams of the same played tournament."""
    db = folder / "club.db"
    played = played_events()
    with contextlib.closing(SQLiteEventStore(db)) as store:
        for number in range(1, tournaments + 1):
            store.append(f"tournament-{number}", played, expected_version=0,
                         recorded_at=NOW.isoformat())  # fmt: skip
    return db


def best(rounds: int, action: Callable[[], object]) -> float:
    """Return the shortest of ``rounds`` runs of ``action``, in seconds."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times)


@contextlib.contextmanager
def fresh(folder: Path) -> Iterator[Path]:
    """Yield a new empty folder for one run's backup files."""
    with tempfile.TemporaryDirectory(dir=folder) as inner:
        yield Path(inner)


def replay_all(db: Path) -> None:
    with contextlib.closing(SQLiteEventStore(db, read_only=True)) as store:
        for stream in store.streams():
            Tournament.replay([events.from_data(e.type, e.data) for e in store.read(stream)])


def latencies(service: TournamentService, tournament: str, count: int) -> list[float]:
    """Time ``count`` request-sized pieces of work, in milliseconds."""
    found = []
    for _ in range(count):
        start = time.perf_counter()
        status_document(service.load(tournament), tournament, NOW)
        found.append((time.perf_counter() - start) * 1000)
    return found


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tournaments", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        db = club_file(folder, args.tournaments)
        with contextlib.closing(SQLiteEventStore(db)) as store:
            total = sum(store.version(stream) for stream in store.streams())

            def raw_copy() -> None:
                with fresh(folder) as inner:
                    store.copy_to(inner / "copy.db")

            copy_s = best(args.rounds, raw_copy)
        replay_s = best(args.rounds, lambda: replay_all(db))

        def full() -> None:
            with fresh(folder) as inner:
                backups.backup(db, inner, now=NOW)

        full_s = best(args.rounds, full)
        with fresh(folder) as inner:
            _, first = backups.backup(db, inner, now=NOW, trigger="start")
            with contextlib.closing(SQLiteEventStore(db)) as store:  # one more tournament
                again = [NewEvent(e.type, e.data) for e in store.read("tournament-1")]
                store.append(f"tournament-{args.tournaments + 1}", again, expected_version=0,
                             recorded_at=NOW.isoformat())  # fmt: skip
            start = time.perf_counter()
            backups.backup(db, inner, now=NOW, trigger="periodic", known=first.versions())
            next_s = time.perf_counter() - start

        with contextlib.closing(SQLiteEventStore(db)) as store:
            service = TournamentService(store, now=lambda: NOW)
            tournament = service.tournaments()[-1]
            service.load(tournament)
            alone = latencies(service, tournament, 300)
            done = threading.Event()

            def in_background() -> None:
                with fresh(folder) as inner:
                    backups.backup(db, inner, now=NOW)
                done.set()

            worker = threading.Thread(target=in_background)
            worker.start()
            during: list[float] = []
            while not done.is_set():
                during.extend(latencies(service, tournament, 10))
            worker.join()

    print(f"club file: {args.tournaments} tournaments, {total:,} events")
    print(f"  raw copy (online backup API)       {copy_s:8.3f} s")
    print(f"  replay every tournament once       {replay_s:8.3f} s")
    ratios = f"{full_s / replay_s:.2f} x one replay, {full_s / copy_s:.0f} x the raw copy"
    print(f"  backup + check (full)              {full_s:8.3f} s  = {ratios}")
    print(f"  next server backup (1 stream new)  {next_s:8.3f} s  = {next_s / full_s:.2f} x full")
    print(f"  request-sized work alone           p50 {percentile(alone, 0.5):.2f} ms, "
          f"p99 {percentile(alone, 0.99):.2f} ms")  # fmt: skip
    print(f"  ... during a full backup           p50 {percentile(during, 0.5):.2f} ms, "
          f"p99 {percentile(during, 0.99):.2f} ms ({len(during)} samples)")  # fmt: skip
    print(f"  machine: {platform.processor() or platform.machine()}, Python "
          f"{platform.python_version()}")  # fmt: skip


if __name__ == "__main__":
    main()
