"""The web app under load: bots playing online tables through the player's WebSocket.

The real server (``python -m pokertd web``) runs as a subprocess on 127.0.0.1 over a fresh
SQLite file. As the director, through the JSON API, the script creates a turbo tournament with
``--tables`` × ``--seats`` players, registers them, draws the seats, starts the clock, marks
every player arrived and makes the seat links. Then one asyncio WebSocket client per seat opens
``/ws/play/{token}``; a director task per table starts an online hand (``POST .../hands``), and
the next one when it is over, until the table has played ``--hands`` hands. A client acts when
the view pushed to it says it is his turn (after ``--think`` milliseconds, 0 by default): check
or call mostly, sometimes a minimum raise or a fold, show at showdown. Its latency is the time
from sending ``{"act": ...}`` to receiving the view in which the action is applied (the hand's
log is longer than when it acted).

Run ``python bench/web_load.py [--tables 100] [--seats 6] [--hands 3] [--think 0]``;
``--profile FILE`` runs the server under cProfile and writes its statistics to FILE. It prints
p50, p90, p99 and max latency, actions per second, errors, the server's CPU use and the machine.
Nothing here asserts: timings belong in benchmarks, never in tests.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

PASSWORD = "bench"
Document = dict[str, Any]


# -- the server -----------------------------------------------------------------------------------


def free_port() -> int:
    """Return a TCP port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def server(
    db: Path, port: int, profile: Path | None = None, python_path: str = sys.executable
) -> Iterator[subprocess.Popen[bytes]]:
    """Run ``pokertd web`` on 127.0.0.1:``port`` until the block ends (SIGINT: a clean stop,
    so that cProfile writes its statistics); ``python_path``: the Python (and so the pokertd)
    that runs it, another checkout's to compare."""
    python = [python_path]
    if profile is not None:
        python += ["-m", "cProfile", "-o", str(profile)]
    command = [*python, "-m", "pokertd", "web", "--db", str(db), "--port", str(port)]
    # The server's warnings go to a file beside its database, never to a pipe nobody reads
    # during the run (a full pipe would stop the server) nor read while it runs (that waits
    # for its end).
    log = db.with_suffix(".stderr")
    with log.open("wb") as errors:
        process = subprocess.Popen(
            [*command, "--password", PASSWORD], stdout=subprocess.DEVNULL, stderr=errors
        )
    try:
        deadline = time.monotonic() + 60
        while True:
            with contextlib.suppress(httpx.TransportError):
                if httpx.get(f"http://127.0.0.1:{port}/api/tournaments").status_code == 200:
                    break
            if process.poll() is not None or time.monotonic() > deadline:
                stop(process)
                error = log.read_text(errors="replace")[-4_000:]
                raise RuntimeError(f"the server did not start within 60 s: {error}")
            time.sleep(0.1)
        yield process
    finally:
        stop(process)


def stop(process: subprocess.Popen[bytes]) -> None:
    """Stop a server as Ctrl+C does, killing it if it has not ended within a minute."""
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def cpu_seconds(pid: int) -> float | None:
    """Return the CPU time a process has used (user + system), None where /proc is missing."""
    times = cpu_times(pid)
    return None if times is None else sum(times)


def cpu_times(pid: int) -> tuple[float, float] | None:
    """Return the CPU time a process has used in user space and in the kernel (its system
    calls: a socket's send is mostly the kernel's), None where /proc is missing."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


# -- the director ---------------------------------------------------------------------------------


def director(base: str) -> httpx.Client:
    """Return a client logged in as the director, its CSRF header set."""
    client = httpx.Client(base_url=base, timeout=60)
    answer = client.post("/api/login", json={"password": PASSWORD})
    answer.raise_for_status()
    client.headers["X-CSRF-Token"] = answer.json()["csrf"]
    return client


def run(client: httpx.Client, tournament: str, command: str, **fields: Any) -> Document:
    """Run one tournament command through the API."""
    answer = client.post(
        f"/api/tournaments/{tournament}/commands", json={"command": command, **fields}
    )
    if answer.status_code != 200:
        raise RuntimeError(f"{command}: {answer.text}")
    document: Document = answer.json()
    return document


def set_up(client: httpx.Client, tables: int, seats: int) -> tuple[str, dict[int, list[str]]]:
    """Create, fill, draw and start a tournament; return its id and the seat links by table."""
    created = client.post(
        "/api/tournaments",
        json={"title": "Load test", "template": "turbo", "table_size": seats},
    )
    created.raise_for_status()
    tournament: str = created.json()["tournament"]
    for number in range(1, tables * seats + 1):
        run(client, tournament, "register", player=f"Bot {number:04d}")
    run(client, tournament, "draw-seats")
    run(client, tournament, "start-clock")
    entries = client.get(f"/api/tournaments/{tournament}/entries").json()
    for entry in entries:
        run(client, tournament, "arrive", entry=entry["entry"])
    links: dict[int, list[str]] = {}
    for table in client.get(f"/api/tournaments/{tournament}/tables").json():
        number = table["table"]
        made = client.post(f"/api/tournaments/{tournament}/tables/{number}/links")
        made.raise_for_status()
        links[number] = [link["token"] for link in made.json()]
    return tournament, links


# -- the players ----------------------------------------------------------------------------------


@dataclass
class Results:
    """What the clients measured."""

    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    finished: dict[int, asyncio.Event] = field(default_factory=dict)  # a hand ended at a table
    last_finished: dict[int, int] = field(default_factory=dict)  # table -> its last hand over
    hands: dict[int, int] = field(default_factory=dict)  # table -> hands played
    stopped: list[str] = field(default_factory=list)  # tables that could not start a hand


def choose(legal: Document, rng: random.Random) -> Document:
    """The bot's action: check or call mostly, sometimes a minimum raise or a fold."""
    if legal["show"]:
        return {"act": "show"}
    roll = rng.random()
    if legal["min_raise_to"] is not None and roll < 0.08:
        return {"act": "raise" if legal["call"] else "bet", "to": legal["min_raise_to"]}
    if legal["check"]:
        return {"act": "check"}
    if roll < 0.85:
        return {"act": "call"}
    return {"act": "fold"}


async def player(
    ws: ClientConnection, results: Results, rng: random.Random, think: float, done: asyncio.Event
) -> None:
    """Play one seat: act when it is his turn, time each action until its view comes back."""
    sent_at: float | None = None
    sent_key: tuple[int, int] = (0, 0)
    acted_key: tuple[int, int] = (0, 0)
    with contextlib.suppress(asyncio.CancelledError):
        while not done.is_set():
            message = json.loads(await ws.recv())
            if message.get("kind") == "error":
                results.errors.append(message["error"]["message"])
                sent_at = None
                continue
            me, view = message["me"], message["view"]
            if view is None or view["hand"] is None:
                continue
            key = (view["hand"], len(view["log"]))
            if sent_at is not None and key > sent_key:
                results.latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if view["status"] == "finished":
                table = view["table"]
                if view["hand"] > results.last_finished.get(table, 0):
                    results.last_finished[table] = view["hand"]
                    results.finished[table].set()
                continue
            if sent_at is not None or key <= acted_key:
                continue
            if view["to_act"] != me["seat"] or view["legal"] is None:
                continue
            if think:
                await asyncio.sleep(rng.uniform(0, 2 * think))
            action = choose(view["legal"], rng)
            sent_key = acted_key = key
            sent_at = time.perf_counter()
            await ws.send(json.dumps(action))


async def deal(
    client: httpx.AsyncClient, tournament: str, table: int, hands: int, results: Results
) -> None:
    """Start the table's hands one after the other, each once the previous one is over."""
    finished = results.finished[table]
    for _ in range(hands):
        answer = await client.post(
            f"/api/tournaments/{tournament}/tables/{table}/hands", json={"mode": "online"}
        )
        if answer.status_code != 200:  # moves pending after a bust-out, ...
            results.stopped.append(f"table {table}: {answer.json()['error']['message']}")
            return
        number = answer.json()["hand"]
        while results.last_finished.get(table, 0) < number:
            finished.clear()
            await finished.wait()
        results.hands[table] = results.hands.get(table, 0) + 1


async def play(
    base: str, tournament: str, links: dict[int, list[str]], hands: int, think: float, seed: int
) -> tuple[Results, float]:
    """Open every seat's socket, play the hands; return the results and the time it took."""
    results = Results(finished={table: asyncio.Event() for table in links})
    done = asyncio.Event()
    rng = random.Random(seed)
    address = base.replace("http://", "ws://")
    sockets = [
        await connect(f"{address}/ws/play/{token}", max_size=2**24, open_timeout=60)
        for tokens in links.values()
        for token in tokens
    ]
    players = [
        asyncio.create_task(player(ws, results, random.Random(rng.random()), think, done))
        for ws in sockets
    ]
    login = httpx.post(f"{base}/api/login", json={"password": PASSWORD})
    async with httpx.AsyncClient(
        base_url=base,
        timeout=120,
        cookies=login.cookies,
        headers={"X-CSRF-Token": login.json()["csrf"]},
        # A table's next hand can come more than uvicorn's 5 s keep-alive after its last: a
        # connection the server closed meanwhile, reused, failed the run (httpx.ReadError).
        limits=httpx.Limits(max_connections=len(links), keepalive_expiry=1.0),
    ) as client:
        start = time.perf_counter()
        await asyncio.gather(*(deal(client, tournament, t, hands, results) for t in links))
        took = time.perf_counter() - start
    done.set()
    for task in players:
        task.cancel()
    await asyncio.gather(*players, return_exceptions=True)
    await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)
    return results, took


# -- the measure ----------------------------------------------------------------------------------


def percentile(values: list[float], share: float) -> float:
    """Return the value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def measure(
    tables: int = 100,
    seats: int = 6,
    hands: int = 3,
    think: float = 0.0,
    seed: int = 1,
    profile: Path | None = None,
) -> dict[str, float]:
    """Play ``hands`` hands at each of ``tables`` online tables of ``seats`` bots through a real
    server; return the action latency (ms) and the throughput."""
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        with server(Path(folder) / "load.db", port, profile) as process:
            with contextlib.closing(director(base)) as client:
                tournament, links = set_up(client, tables, seats)
            cpu_before, client_before = cpu_times(process.pid), time.process_time()
            results, took = asyncio.run(play(base, tournament, links, hands, think / 1000, seed))
            cpu_after, client_after = cpu_times(process.pid), time.process_time()
    latencies = [seconds * 1000 for seconds in results.latencies]
    server_cpu = server_system = -1.0
    if cpu_before is not None and cpu_after is not None:
        server_cpu = (sum(cpu_after) - sum(cpu_before)) / took
        server_system = (cpu_after[1] - cpu_before[1]) / took
    return {
        "tables": len(links),
        "clients": sum(len(tokens) for tokens in links.values()),
        "hands": sum(results.hands.values()),
        "actions": len(latencies),
        "actions_per_s": len(latencies) / took,
        "p50_ms": statistics.median(latencies),
        "p90_ms": percentile(latencies, 0.90),
        "p99_ms": percentile(latencies, 0.99),
        "max_ms": max(latencies),
        "errors": len(results.errors),
        "tables_stopped": len(results.stopped),
        "server_cpu": server_cpu,
        "server_system": server_system,
        "client_cpu": (client_after - client_before) / took,
        "seconds": took,
        "cpus": os.cpu_count() or 0,
    }


def machine() -> str:
    """Describe the machine: platform, processor, CPU count, Python."""
    model = platform.processor() or "unknown processor"
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return (
        f"{platform.platform()}, {model}, {os.cpu_count()} CPUs, "
        f"{platform.python_implementation()} {platform.python_version()}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100, help="online tables (default 100)")
    parser.add_argument("--seats", type=int, default=6, help="seats per table (default 6)")
    parser.add_argument("--hands", type=int, default=3, help="hands per table (default 3)")
    parser.add_argument(
        "--think", type=float, default=0.0, help="mean think time before an action, in ms"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", type=Path, help="run the server under cProfile into FILE")
    options = parser.parse_args()
    found = measure(
        options.tables, options.seats, options.hands, options.think, options.seed, options.profile
    )
    print(f"machine: {machine()}")
    print(
        f"{found['tables']:.0f} tables × {options.seats} seats = {found['clients']:.0f} "
        f"WebSocket clients, {found['hands']:.0f} hands, think time {options.think:g} ms"
    )
    print(
        f"actions: {found['actions']:.0f} in {found['seconds']:.1f} s = "
        f"{found['actions_per_s']:.0f}/s; errors: {found['errors']:.0f}; "
        f"tables stopped early: {found['tables_stopped']:.0f}"
    )
    print(
        f"latency (ms): p50 {found['p50_ms']:.1f}  p90 {found['p90_ms']:.1f}  "
        f"p99 {found['p99_ms']:.1f}  max {found['max_ms']:.1f}"
    )
    if found["server_cpu"] >= 0:
        # per action: the figure a machine shared with other jobs still compares
        per_action = 1000 * found["seconds"] / max(found["actions"], 1)
        print(
            f"server CPU: {100 * found['server_cpu']:.0f}% of one core, "
            f"{per_action * found['server_cpu']:.2f} ms per action "
            f"({per_action * found['server_system']:.2f} of them in the kernel)",
            end="; ",
        )
    print(f"the clients' CPU: {100 * found['client_cpu']:.0f}% of one core")


if __name__ == "__main__":
    main()
