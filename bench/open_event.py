"""Opening a big event: what every ``pokertd tournament ...`` command pays before it does anything.

A command opens the SQLite file, reads the tournament's events (``store.read``), decodes them
(``events.from_data``) and replays them (``Tournament.replay``): ``TournamentService.load`` on a
fresh service, as a new CLI process does. The tournament here is a ``--players`` field played to
the end by bots (``pokertd.sim``), written to a temporary SQLite file as the service writes it.

Each part is timed on its own and the whole load too, taking turns, best of ``--rounds``; the
reference in the same run is the reader before ``pokertd.codec`` (``bench/codec.py``) doing the
decoding. Peak memory is measured once with ``tracemalloc`` (Python's allocations only). Run
``python bench/open_event.py [--players 1000] [--rounds 3]``. Nothing here asserts: timings
belong in benchmarks, never in tests.
"""

from __future__ import annotations

import argparse
import datetime
import pathlib
import platform
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Sequence

from codec import best_of_each, reference_from_data
from pokertd.service.tournaments import TournamentService
from pokertd.sim.run import Settings, _Run  # the run keeps its aggregate: its events are the data
from pokertd.store import NewEvent, SQLiteEventStore, StoredEvent
from pokertd.tournament import events
from pokertd.tournament.aggregate import Tournament

STREAM = "tournament-1"
#: Events appended per transaction while the file is written (how it was written does not
#: change how it is read).
BATCH = 5_000


def write_event(path: pathlib.Path, players: int) -> int:
    """Write the events of a ``players`` tournament played to the end to a new SQLite file at
    ``path``; return how many events it holds."""
    run = _Run(Settings(players=players, seed=3, template="turbo").checked(), None)
    run.play()
    history = run.tournament.events
    store = SQLiteEventStore(path)
    at = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC).isoformat()
    for start in range(0, len(history), BATCH):
        batch = [NewEvent(e.name, events.to_data(e)) for e in history[start : start + BATCH]]
        store.append(STREAM, batch, expected_version=start, recorded_at=at)
    store.close()
    return len(history)


def load(path: pathlib.Path) -> Tournament:
    """Open the file and load the tournament as a new ``pokertd`` process does."""
    store = SQLiteEventStore(path)
    try:
        return TournamentService(store).load(STREAM)
    finally:
        store.close()


def read(path: pathlib.Path) -> list[StoredEvent]:
    """Read the stored events back from the file."""
    store = SQLiteEventStore(path)
    try:
        return store.read(STREAM)
    finally:
        store.close()


def peak_megabytes(action: Callable[[], object]) -> float:
    """Return the peak of Python's allocations during ``action``, in MB."""
    tracemalloc.start()
    try:
        action()
        return tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()


def measure(players: int, rounds: int) -> dict[str, float]:
    """Return the seconds each part of opening the event takes, and the peak memory of a load;
    check first that the codec and the reference decode the same events."""
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder) / "event.db"
        count = write_event(path, players)
        stored = read(path)
        decoded = [events.from_data(item.type, item.data) for item in stored]
        if decoded != [reference_from_data(item.type, item.data) for item in stored]:
            raise AssertionError("the codec reads the stored events otherwise than the reference")
        took = best_of_each(
            rounds,
            lambda: read(path),
            lambda: [events.from_data(item.type, item.data) for item in stored],
            lambda: [reference_from_data(item.type, item.data) for item in stored],
            lambda: Tournament.replay(decoded),
            lambda: load(path),
        )
        memory = peak_megabytes(lambda: load(path))
    names = ("read_s", "decode_s", "decode_reference_s", "replay_s", "load_s")
    return {"events": count, **dict(zip(names, took, strict=True)), "peak_mb": memory}


def rows(found: dict[str, float]) -> Sequence[tuple[str, str]]:
    """Return the measures as (label, value) lines."""
    per_event = 1e6 / found["events"]
    reference = found["load_s"] - found["decode_s"] + found["decode_reference_s"]
    return [
        ("read from SQLite, s (us/event)",
         f"{found['read_s']:.2f} ({found['read_s'] * per_event:.1f})"),
        ("decode, s (us/event), codec / reference",
         f"{found['decode_s']:.2f} ({found['decode_s'] * per_event:.1f}) / "
         f"{found['decode_reference_s']:.2f} ({found['decode_reference_s'] * per_event:.1f})"),
        ("replay, s (us/event)",
         f"{found['replay_s']:.2f} ({found['replay_s'] * per_event:.1f})"),
        ("whole load, s, now / with the reference decoder",
         f"{found['load_s']:.2f} / {reference:.2f}"),
        ("peak Python memory of a load, MB", f"{found['peak_mb']:.0f}"),
    ]  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    started = time.perf_counter()
    found = measure(args.players, args.rounds)
    print(f"{found['events']:,.0f} events of a {args.players:,}-player tournament, "
          f"best of {args.rounds} ({time.perf_counter() - started:.0f} s in all)")  # fmt: skip
    for label, value in rows(found):
        print(f"  {label:<50} {value}")
    print(f"  machine: {platform.processor() or platform.machine()}, Python "
          f"{platform.python_version()}")  # fmt: skip


if __name__ == "__main__":
    main()
