"""Availability figures of ``docs/security.md``: the public lookup on a 1,000-player event, and a
director's command while thousands of display sockets listen.

The real server (``python -m pokertd web``) runs as a subprocess on 127.0.0.1 over a fresh SQLite
file (``web_load.server``). As the director, through the JSON API, the script registers
``--players`` players, draws the seats, starts the clock and busts ``--busts`` of them (a long
history). Then:

- the lookup: ``GET /healthz`` alone (the reference, measured in the same run), the first
  ``/lookup/{id}?name=a`` (every player matches), then ``--lookups`` more; and ``/healthz`` again
  while four clients ask lookups without pause: how much one anonymous visitor slows the room.
- the displays: for each count of ``--sockets``, that many asyncio clients open
  ``/ws/tournaments/{id}`` and read everything they are sent; the director runs ``--commands``
  commands (pause and resume the clock) and the script times each answer, and the time until
  every socket got the last command's document.

``--python PATH`` runs another checkout's server (its virtualenv's Python) to compare. Nothing
here asserts: timings belong in benchmarks, never in tests. Run ``python bench/availability.py
[--players 1000] [--busts 300] [--sockets 0,500,2000] [--lookups 30] [--commands 40]
[--probes 50] [--profile FILE]``; ``--profile`` runs the server under cProfile and writes its
statistics to FILE.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
from websockets.asyncio.client import ClientConnection, connect

from web_load import director, free_port, machine, percentile, run, server

#: Clients asking lookups without pause while ``/healthz`` is timed.
GUESSERS = 4


def set_up(client: httpx.Client, players: int, busts: int) -> str:
    """Create a turbo event of ``players``, draw, start and bust ``busts``; return its id."""
    created = client.post("/api/tournaments", json={"title": "Big Saturday", "template": "turbo"})
    created.raise_for_status()
    tournament: str = created.json()["tournament"]
    for number in range(1, players + 1):
        run(client, tournament, "register", player=f"Player {number:04d}")
    run(client, tournament, "draw-seats")
    run(client, tournament, "start-clock")
    for entry in range(players, players - busts, -1):
        run(client, tournament, "bust-players", entries=[entry])
    return tournament


def timed(client: httpx.Client, path: str) -> float:
    """Return how long ``GET path`` took, in milliseconds."""
    start = time.perf_counter()
    client.get(path).raise_for_status()
    return (time.perf_counter() - start) * 1000


def line(label: str, values: list[float]) -> str:
    return (
        f"{label}: p50 {statistics.median(values):.1f} ms, p99 {percentile(values, 0.99):.1f} ms,"
        f" max {max(values):.1f} ms ({len(values)} requests)"
    )


@contextlib.contextmanager
def hammering(base: str, path: str) -> Iterator[list[int]]:
    """Ask ``path`` from ``GUESSERS`` threads without pause until the block ends; yield the
    count of answers so far."""
    done, stop = [0], threading.Event()

    def ask() -> None:
        with httpx.Client(base_url=base, timeout=120) as client:
            while not stop.is_set():
                client.get(path)
                done[0] += 1

    threads = [threading.Thread(target=ask) for _ in range(GUESSERS)]
    for thread in threads:
        thread.start()
    try:
        yield done
    finally:
        stop.set()
        for thread in threads:
            thread.join()


def lookup_figures(base: str, tournament: str, lookups: int, probes: int) -> None:
    """Print the lookup's figures against ``/healthz`` alone (``probes`` times each)."""
    with httpx.Client(base_url=base, timeout=300) as client:
        reference = [timed(client, "/healthz") for _ in range(probes)]
        print(line("healthz alone (reference)", reference), flush=True)
        first = timed(client, f"/lookup/{tournament}?name=a")
        print(f"first lookup ?name=a (builds the index): {first:.0f} ms", flush=True)
        warm = [timed(client, f"/lookup/{tournament}?name=a") for _ in range(lookups)]
        print(line("lookup ?name=a", warm), flush=True)
        with hammering(base, f"/lookup/{tournament}?name=a") as done:
            time.sleep(0.5)
            busy = [timed(client, "/healthz") for _ in range(probes)]
        print(line(f"healthz while {GUESSERS} clients ask lookups", busy), flush=True)
        ratio = statistics.median(busy) / statistics.median(reference)
        print(f"  ratio to the reference (p50): {ratio:.1f}; {done[0]} lookups answered meanwhile")


@dataclass
class Display:
    """One display socket and the commands' documents it got."""

    socket: ClientConnection
    received: int = 0
    got_last: asyncio.Event | None = None
    last_marker: bool | None = None


async def read(display: Display) -> None:
    """Read everything the server sends; note when the clock's state is the last command's."""
    with contextlib.suppress(Exception):
        async for text in display.socket:
            display.received += 1
            running = '"is_running":true' in str(text) or '"is_running": true' in str(text)
            if display.got_last is not None and running == display.last_marker:
                display.got_last.set()


async def command_figures(base: str, cookie: dict[str, str], tournament: str, sockets: int,
                          commands: int, token: str, deflate: bool) -> None:  # fmt: skip
    """Print the command latency with ``sockets`` displays listening, which offer
    permessage-deflate as browsers do (``pokertd web`` declines it) or not."""
    url = base.replace("http", "ws") + f"/ws/tournaments/{tournament}"
    displays: list[Display] = []
    for _ in range(sockets):
        compression = "deflate" if deflate else None
        opened = await connect(url, max_size=None, open_timeout=300, compression=compression)
        displays.append(Display(opened))
    readers = [asyncio.create_task(read(display)) for display in displays]
    async with httpx.AsyncClient(base_url=base, timeout=300, cookies=cookie) as client:
        client.headers["X-CSRF-Token"] = token
        latencies: list[float] = []
        running = True
        await asyncio.sleep(1)
        for number in range(commands):
            command = "pause-clock" if running else "resume-clock"
            running = not running
            if number == commands - 1:
                for display in displays:
                    display.got_last, display.last_marker = asyncio.Event(), running
            start = time.perf_counter()
            answer = await client.post(
                f"/api/tournaments/{tournament}/commands", json={"command": command}
            )
            latencies.append((time.perf_counter() - start) * 1000)
            if answer.status_code != 200:
                raise RuntimeError(answer.text)
        sent = time.perf_counter()
        waits = [display.got_last.wait() for display in displays if display.got_last]
        await asyncio.wait_for(asyncio.gather(*waits), 600)
        delivered = (time.perf_counter() - sent) * 1000
    how = "offering deflate" if deflate else "not offering deflate"
    print(line(f"command with {sockets} display sockets ({how})", latencies), flush=True)
    print(f"  every socket had the last command's document {delivered:.0f} ms after its answer")
    for display in displays:
        await display.socket.close()
    for reader in readers:
        reader.cancel()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--busts", type=int, default=300)
    parser.add_argument("--lookups", type=int, default=30)
    parser.add_argument("--sockets", default="0,500,2000")
    parser.add_argument("--commands", type=int, default=40)
    parser.add_argument("--compression", default="deflate,none", help="the sockets' modes")
    parser.add_argument("--probes", type=int, default=50, help="/healthz requests per figure")
    parser.add_argument("--python", default=sys.executable, help="the server's Python")
    parser.add_argument("--profile", type=Path, help="run the server under cProfile into FILE")
    options = parser.parse_args()
    print(f"machine: {machine()}", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        with server(Path(folder) / "bench.db", port, options.profile, options.python):
            client = director(base)
            started = time.perf_counter()
            tournament = set_up(client, options.players, options.busts)
            events = client.get(f"/api/tournaments/{tournament}/log").json()["version"]
            print(
                f"{options.players} players, {events} events, set up in "
                f"{time.perf_counter() - started:.0f} s",
                flush=True,
            )
            lookup_figures(base, tournament, options.lookups, options.probes)
            cookie = dict(client.cookies)
            token = client.headers["X-CSRF-Token"]
            modes = [mode == "deflate" for mode in options.compression.split(",")]
            for count in (int(part) for part in options.sockets.split(",")):
                for deflate in modes if count else modes[:1]:
                    figures = command_figures(
                        base, cookie, tournament, count, options.commands, token, deflate
                    )
                    asyncio.run(figures)


if __name__ == "__main__":
    main()
