"""Availability figures of ``docs/security.md``: the public lookup on a 1,000-player event, and a
director's command while thousands of display sockets listen.

The real server (``python -m pokertd web``) runs as a subprocess on 127.0.0.1 over a fresh SQLite
file (``web_load.server``). As the director, through the JSON API, the script registers
``--players`` players, draws the seats, starts the clock and busts ``--busts`` of them (a long
history). Then:

- the lookup: ``GET /healthz`` alone (the reference, measured in the same run), the first
  ``/lookup/{id}?name=a`` (every player matches), then ``--lookups`` more; and ``/healthz`` again
  while four clients ask lookups without pause: how much one anonymous visitor slows the room.
- the displays: for each count of ``--sockets``, that many asyncio clients of another process
  open ``/ws/tournaments/{id}`` and read everything they are sent; once each has its first
  document, the director runs ``--commands`` commands (pause and resume the clock) and the
  script times each answer, and the time until every socket got the last command's document
  (its version). The director's client has a process of its own: timed in the displays'
  process, an answer also waited for that process to read 2,000 documents.

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
import multiprocessing
import re
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from multiprocessing.synchronize import Event as EventType
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


#: The document's version, which comes first in the JSON text (after its topic and kind).
VERSION = re.compile(r'"version":\s*(\d+)')


@dataclass
class Display:
    """One display socket and the version of the newest document it got."""

    socket: ClientConnection
    version: int = 0


async def read(display: Display) -> None:
    """Read everything the server sends; note the newest document's version."""
    with contextlib.suppress(Exception):
        async for text in display.socket:
            found = VERSION.search(str(text)[:300])
            if found:
                display.version = max(display.version, int(found[1]))


async def until(condition: Callable[[], bool], seconds: float) -> None:
    """Return once ``condition()`` holds (checked every 5 ms); TimeoutError after ``seconds``."""
    async with asyncio.timeout(seconds):
        while not condition():
            await asyncio.sleep(0.005)


async def listen(url: str, sockets: int, deflate: bool, channels: Channels) -> None:
    """The displays: open ``sockets`` of them, read everything they are sent; tell when each
    has its first document, then the moment every one has the version the director names."""
    compression = "deflate" if deflate else None
    displays = [
        Display(await connect(url, max_size=None, open_timeout=300, compression=compression))
        for _ in range(sockets)
    ]
    readers = [asyncio.create_task(read(display)) for display in displays]
    await until(lambda: all(display.version for display in displays), 600)
    channels.ready.set()
    version = await asyncio.to_thread(channels.version.get)
    await until(lambda: all(display.version >= version for display in displays), 600)
    channels.delivered.put(time.monotonic())  # one clock for every process of the machine
    for display in displays:
        await display.socket.close()
    for reader in readers:
        reader.cancel()


@dataclass
class Channels:
    """Between the director and the displays' process."""

    ready: EventType
    version: multiprocessing.Queue[int]
    delivered: multiprocessing.Queue[float]


def displays_process(url: str, sockets: int, deflate: bool, channels: Channels) -> None:
    asyncio.run(listen(url, sockets, deflate, channels))


def command_figures(base: str, cookie: dict[str, str], tournament: str, sockets: int,
                    commands: int, token: str, deflate: bool) -> None:  # fmt: skip
    """Print the command latency with ``sockets`` displays listening, which offer
    permessage-deflate as browsers do (``pokertd web`` declines it) or not.

    The displays read in a process of their own: reading 2,000 documents of 170 KB after each
    command keeps a process busy, and the director's answers must not wait for it to be timed.
    The commands start once every display has its first document."""
    # as the display page asks: only the parts that changed (a server before them sends all)
    url = base.replace("http", "ws") + f"/ws/tournaments/{tournament}?parts=same"
    context = multiprocessing.get_context("spawn")
    channels = Channels(context.Event(), context.Queue(), context.Queue())
    process = context.Process(target=displays_process, args=(url, sockets, deflate, channels))
    if sockets:
        process.start()
        if not channels.ready.wait(900):
            raise RuntimeError("the displays did not all get their first document")
    latencies: list[float] = []
    with httpx.Client(base_url=base, timeout=300, cookies=cookie) as client:
        client.headers["X-CSRF-Token"] = token
        for number in range(commands):
            command = "resume-clock" if number % 2 else "pause-clock"
            start = time.perf_counter()
            answer = client.post(
                f"/api/tournaments/{tournament}/commands", json={"command": command}
            )
            latencies.append((time.perf_counter() - start) * 1000)
            if answer.status_code != 200:
                raise RuntimeError(answer.text)
        answered = time.monotonic()
    how = "offering deflate" if deflate else "not offering deflate"
    print(line(f"command with {sockets} display sockets ({how})", latencies), flush=True)
    if sockets:
        channels.version.put(answer.json()["version"])
        delivered = (channels.delivered.get(timeout=900) - answered) * 1000
        print(f"  every socket had the last command's document {delivered:.0f} ms after its answer")
        process.join(60)


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
                    command_figures(
                        base, cookie, tournament, count, options.commands, token, deflate
                    )


if __name__ == "__main__":
    main()
