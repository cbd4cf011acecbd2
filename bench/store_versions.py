"""Stream versions read from the SQLite store: cached between commits against a query each time.

The services ask the store for a stream's version before each use of a cached aggregate (is it
still current?): an online action asked it about 70 times (``docs/benchmarks.md``, "Web app under
load"). ``SQLiteEventStore`` now keeps the versions while the WAL index header (one ``pread``) is
unchanged. The reference, in the same run, is the query the store ran each time before
(``SELECT max(version)``, the store's own ``_stream_version`` function). The file holds
``--streams`` streams of ``--events`` events each; one version is read ``--reads`` times, after
each commit ``--burst`` reads (as after an action: a commit, then the views built from it). Both
alternate over ``--rounds`` rounds; each keeps its best. A third way reads as the web server does,
each burst in one turn of a running asyncio loop, where the store reads the header once.
Run ``python bench/store_versions.py``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import platform
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from pokertd.store import NewEvent, SQLiteEventStore
from pokertd.store.sqlite import _stream_version

AT = "2026-11-26T00:00:00Z"


def filled(path: Path, streams: int, events: int) -> SQLiteEventStore:
    """Return a store of ``streams`` streams of ``events`` events each."""
    store = SQLiteEventStore(path)
    for number in range(streams):
        batch = [NewEvent("seat-drawn", {"seat": seat}) for seat in range(events)]
        store.append(f"s{number}", batch, expected_version=0, recorded_at=AT)
    return store


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--streams", type=int, default=100)
    parser.add_argument("--events", type=int, default=500)
    parser.add_argument("--reads", type=int, default=7000)
    parser.add_argument("--burst", type=int, default=70)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        store = filled(Path(folder) / "events.db", args.streams, args.events)
        with contextlib.closing(store):
            connection = store._connection  # the reference reads as the store read before
            version = store.version("s7")

            def commit() -> None:
                nonlocal version
                new = [NewEvent("seat-drawn", {"seat": 0})]
                version = store.append("s7", new, expected_version=version, recorded_at=AT)

            def reads(read: Callable[[], object]) -> float:
                """Time the reads alone: a commit (untimed) before each burst."""
                spent = 0.0
                for _ in range(-(-args.reads // args.burst)):
                    commit()
                    start = time.perf_counter()
                    for _ in range(args.burst):
                        read()
                    spent += time.perf_counter() - start
                return spent

            def reads_in_turns(read: Callable[[], object]) -> float:
                """``reads``, each burst in one turn of a running asyncio loop."""
                spent = 0.0

                async def burst() -> float:
                    start = time.perf_counter()
                    for _ in range(args.burst):
                        read()
                    return time.perf_counter() - start

                with contextlib.closing(asyncio.new_event_loop()) as loop:
                    for _ in range(-(-args.reads // args.burst)):
                        commit()
                        spent += loop.run_until_complete(burst())
                return spent

            best = {"cached": float("inf"), "queried": float("inf"), "in a turn": float("inf")}
            for _ in range(args.rounds):
                spent = reads(lambda: _stream_version(connection, "s7"))
                best["queried"] = min(best["queried"], spent)
                best["cached"] = min(best["cached"], reads(lambda: store.version("s7")))
                turned = reads_in_turns(lambda: store.version("s7"))
                best["in a turn"] = min(best["in a turn"], turned)
    commits = -(-args.reads // args.burst)
    print(f"machine: {platform.platform()}, {platform.processor() or platform.machine()}")
    print(f"{args.reads} version reads, a commit before each {args.burst} ({commits} commits)")
    for name, seconds in best.items():
        print(f"{name}: {seconds * 1e3:.1f} ms, {seconds / args.reads * 1e6:.2f} µs per read")
    print(f"ratio queried / cached: {best['queried'] / best['cached']:.2f}")
    print(f"ratio cached / in a turn: {best['cached'] / best['in a turn']:.2f}")


if __name__ == "__main__":
    main()
