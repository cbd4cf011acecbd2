"""The PostgreSQL store's per-action cost: version reads cached or queried, appends in one
statement or in a locked transaction, each against the other in the same run.

An online action asked the store for stream versions about 70 times (``docs/benchmarks.md``,
"Web app under load"), each a query through a socket. A web worker's store now keeps them while
it listens to the appends' notifications (``PostgresEventStore.follow``); the reference is the
query it ran each time before. An append of events alone is now one statement (one round
trip); the reference is the transaction it ran before (``BEGIN``, the row locked, compared,
moved on, the events inserted, ``COMMIT``: the path an append with records still takes).

A PostgreSQL server of its own (``tests/postgres_server.py``: a Unix socket, ``fsync=off``, so
the disk is not in the figures). ``--reads`` version reads, an append before each ``--burst``
(as after an online action); ``--appends`` appends of one event each way. The two ways
alternate over ``--rounds`` rounds; each keeps its best. Run ``python bench/postgres_store.py``.
"""

from __future__ import annotations

import argparse
import contextlib
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path[:0] = [str(Path(__file__).parents[1] / "tests")]

from pokertd.store import NewEvent, open_store  # noqa: E402
from pokertd.store.postgres import PostgresEventStore  # noqa: E402
from postgres_server import Server  # type: ignore[import-not-found]  # noqa: E402

AT = "2026-11-27T00:00:00Z"
EVENT = NewEvent("seat-drawn", {"seat": 0})


def best_of(rounds: int, ways: dict[str, Callable[[], float]]) -> dict[str, float]:
    """Run each way once per round, alternating; keep each one's best time."""
    best = dict.fromkeys(ways, float("inf"))
    for _ in range(rounds):
        for name, way in ways.items():
            best[name] = min(best[name], way())
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reads", type=int, default=7000)
    parser.add_argument("--burst", type=int, default=70)
    parser.add_argument("--appends", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    server = Server()
    server.start()
    try:
        url = server.database()
        store = open_store(url)
        assert isinstance(store, PostgresEventStore)
        with contextlib.closing(store):
            best = measure(store, args)
        server.drop(url)
    finally:
        server.stop()
    print(f"machine: {platform.platform()}, {platform.processor() or platform.machine()}")
    print(f"{args.reads} version reads, an append before each {args.burst}; {args.appends} appends")
    for name, seconds in best.items():
        count = args.reads if name.startswith("read") else args.appends
        print(f"{name}: {seconds * 1e3:.1f} ms, {seconds / count * 1e6:.1f} µs each")
    print(f"ratio read queried / cached: {best['read queried'] / best['read cached']:.1f}")
    print(f"ratio append locked / at once: {best['append locked'] / best['append at once']:.2f}")


def measure(store: PostgresEventStore, args: argparse.Namespace) -> dict[str, float]:
    version = store.append("s1", [EVENT], expected_version=0, recorded_at=AT)

    def reads(following: bool) -> float:
        """Time the reads alone: an append (untimed) before each burst."""
        nonlocal version
        store.follow() if following else store.unfollow()
        spent = 0.0
        for _ in range(-(-args.reads // args.burst)):
            version = store.append("s1", [EVENT], expected_version=version, recorded_at=AT)
            start = time.perf_counter()
            for _ in range(args.burst):
                store.version("s1")
            spent += time.perf_counter() - start
        store.unfollow()
        return spent

    def appends(append: Callable[[str, int], tuple[int, int]]) -> float:
        nonlocal version
        start = time.perf_counter()
        for _ in range(args.appends):
            found, version = append("s1", version)
            assert found == version - 1
        return time.perf_counter() - start

    rows = [(EVENT.type, '{"seat":0}')]
    return best_of(
        args.rounds,
        {
            "read queried": lambda: reads(following=False),
            "read cached": lambda: reads(following=True),
            "append locked": lambda: appends(
                lambda stream, at: store._append_locked(stream, rows, at, AT, [])
            ),
            "append at once": lambda: appends(
                lambda stream, at: store._append_at_once(stream, rows, at, AT)
            ),
        },
    )


if __name__ == "__main__":
    main()
