"""Several workers on one PostgreSQL database: bots playing online tables, 1, 2 and 4 workers.

A PostgreSQL server of its own (Debian's ``initdb`` and ``pg_ctl``, as the tests start it:
``tests/postgres_server.py``) listens on a Unix socket in a temporary folder. For each worker
count, on a new database, ``python -m pokertd web --workers N`` serves 127.0.0.1; the script sets
up a turbo tournament of ``--tables`` × ``--seats`` bots and plays ``--hands`` hands at every
table through the players' WebSockets, with ``bench/web_load.py``'s clients (its latency: from
sending ``{"act": ...}`` to the view where the action is applied). The sockets and the director's
requests land on whichever worker the kernel hands each connection; a bot's view is pushed by
the worker that holds its socket, through PostgreSQL's ``LISTEN/NOTIFY`` when another worker
took the action.

Run ``python bench/workers.py [--tables 100] [--seats 6] [--hands 2] [--think 0]
[--workers 1,2,4]``. It prints, per worker count, actions per second, p50/p99/max latency and
errors, the throughput against one worker measured in the same run, and the database's
transactions per action while the bots played (PostgreSQL's statistics: each query outside a
transaction is one, so it counts the round trips that block a worker). Bounded: every run
stops after ``BOUND`` seconds of play. Nothing here asserts.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import psycopg

sys.path[:0] = [str(Path(__file__).parent), str(Path(__file__).parents[1] / "tests")]

import web_load  # noqa: E402 (the clients of bench/web_load.py)
from postgres_server import Server  # type: ignore[import-not-found]  # noqa: E402

#: Seconds a run may take to play its hands.
BOUND = 600.0
#: Seconds a server may take to start (four workers on a busy machine took more than 60).
START = 180.0


@contextlib.contextmanager
def serving(url: str, port: int, workers: int) -> Iterator[subprocess.Popen[bytes]]:
    """Run ``pokertd web --workers N`` on ``url`` and 127.0.0.1:``port`` until the block ends."""
    command = [sys.executable, "-m", "pokertd", "web", "--db", url, "--port", str(port)]
    with tempfile.TemporaryFile() as log:
        process = subprocess.Popen(
            [*command, "--workers", str(workers), "--password", web_load.PASSWORD],
            stdout=subprocess.DEVNULL,
            stderr=None if os.environ.get("BENCH_LOG") else log,
        )
        try:
            deadline = time.monotonic() + START
            while not _answers(port):
                if process.poll() is not None or time.monotonic() > deadline:
                    log.seek(0)
                    raise RuntimeError(f"the server did not start: {log.read().decode()}")
                time.sleep(0.1)
            yield process
        finally:
            web_load.stop(process)


def _answers(port: int) -> bool:
    with contextlib.suppress(httpx.TransportError):
        return httpx.get(f"http://127.0.0.1:{port}/api/tournaments").status_code == 200
    return False


def cpu_of_workers(parent: int) -> float | None:
    """The CPU seconds the server's processes have used (the supervisor and its workers)."""
    try:
        children = Path(f"/proc/{parent}/task/{parent}/children").read_text().split()
    except OSError:
        return None
    used = [web_load.cpu_seconds(pid) for pid in [parent, *map(int, children)]]
    return sum(seconds for seconds in used if seconds is not None)


def measure(
    server: Server, workers: int, tables: int, seats: int, hands: int, think: float
) -> dict[str, float]:
    """Play the hands with ``workers`` workers on a new database; return what was measured."""
    url = server.database()
    try:
        port = web_load.free_port()
        base = f"http://127.0.0.1:{port}"
        with serving(url, port, workers) as process:
            with contextlib.closing(web_load.director(base)) as client:
                tournament, links = web_load.set_up(client, tables, seats)
            before = cpu_of_workers(process.pid)
            started = transactions(url)
            results, took = asyncio.run(
                asyncio.wait_for(
                    web_load.play(base, tournament, links, hands, think / 1000, seed=1), BOUND
                )
            )
            after = cpu_of_workers(process.pid)
        time.sleep(0.5)  # the workers gone, their statistics flushed
        ended = transactions(url)
    finally:
        server.drop(url)
    latencies = [seconds * 1000 for seconds in results.latencies]
    return {
        "workers": workers,
        "actions": len(latencies),
        "actions_per_s": len(latencies) / took,
        "p50_ms": statistics.median(latencies),
        "p99_ms": web_load.percentile(latencies, 0.99),
        "max_ms": max(latencies),
        "errors": len(results.errors) + len(results.stopped),
        "server_cpu": -1 if before is None or after is None else (after - before) / took,
        "seconds": took,
        "transactions": (ended - started) / max(len(latencies), 1),
    }


def transactions(url: str) -> int:
    """The transactions committed or rolled back in the database of ``url`` so far: with the
    store's reads in autocommit, each statement outside a transaction is one (a round trip)."""
    name = url.partition("?")[0].rpartition("/")[2]
    with psycopg.connect(url, autocommit=True) as connection:
        row = connection.execute(
            "SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = %s", (name,)
        ).fetchone()
    return 0 if row is None else int(row[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100, help="online tables (default 100)")
    parser.add_argument("--seats", type=int, default=6, help="seats per table (default 6)")
    parser.add_argument("--hands", type=int, default=2, help="hands per table (default 2)")
    parser.add_argument("--think", type=float, default=0.0, help="mean think time (ms)")
    parser.add_argument("--workers", default="1,2,4", help="worker counts (default 1,2,4)")
    options = parser.parse_args()
    counts = [int(count) for count in options.workers.split(",")]
    print(f"machine: {web_load.machine()}")
    print(
        f"{options.tables} tables × {options.seats} seats, {options.hands} hands each, think "
        f"time {options.think:g} ms, one PostgreSQL on a Unix socket (fsync off)"
    )
    print(
        "workers  actions  actions/s  vs 1  p50 ms  p99 ms  max ms  errors  server CPU"
        "  transactions/action"
    )
    server = Server()
    server.start()
    reference = 0.0
    try:
        for count in counts:  # each row as soon as it is measured: a long run shows progress
            row = measure(
                server, count, options.tables, options.seats, options.hands, options.think
            )
            reference = reference or row["actions_per_s"]
            print(
                f"{row['workers']:>7.0f}  {row['actions']:>7.0f}  {row['actions_per_s']:>9.0f}  "
                f"{row['actions_per_s'] / reference:>4.2f}  {row['p50_ms']:>6.1f}  "
                f"{row['p99_ms']:>6.1f}  {row['max_ms']:>6.0f}  {row['errors']:>6.0f}  "
                f"{100 * row['server_cpu']:>5.0f}%  {row['transactions']:>6.1f}",
                flush=True,
            )
    finally:
        server.stop()


if __name__ == "__main__":
    main()
