"""The hub alone: the CPU it spends per document pushed to a player's socket, without the web.

``--tables`` topics of ``--seats`` listeners without a key (a player's own view: rendered for
each socket), sockets that take their bytes at once; the script changes one topic after the other
(``--changes`` in all), lets each broadcast end and every socket take its document, and prints
the process's CPU per document pushed. The documents are a real table's size (``DOCUMENT``),
each seat's differing in a number so that no push is skipped as the same text. It measures one
code: run it before and after a change of the hub (``PYTHONPATH`` to a checkout of the former
code), back to back; on a shared machine only the ratio means something.
Run ``python bench/hub_pushes.py [--tables 100] [--seats 6] [--changes 3000]``.
"""

from __future__ import annotations

import argparse
import asyncio
import time
from typing import Any

from pokertd.web.hub import Hub, Listener

#: A player's document of about the size of one mid-hand (its log, six seats).
DOCUMENT: dict[str, Any] = {
    "kind": "table",
    "log": [
        {"event": "player-acted", "seat": n % 6 + 1, "action": "call", "to": 200} for n in range(30)
    ],
    "seats": [
        {"seat": n, "name": f"Player {n}", "stack": 10_000, "cards": None} for n in range(1, 7)
    ],
}


class Socket:
    """Takes every document at once, as a client on the same machine mostly does."""

    def __init__(self) -> None:
        self.sent = 0

    async def send_text(self, text: str) -> None:
        self.sent += 1

    async def close(self, code: int = 1000, reason: str = "") -> None:
        pass


def listener(socket: Socket, seat: int, counter: list[int]) -> Listener:
    async def render() -> dict[str, Any]:
        return {**DOCUMENT, "me": seat, "n": counter[0]}

    return Listener(socket, render)  # type: ignore[arg-type]


async def measure(tables: int, seats: int, changes: int) -> tuple[float, int]:
    """Return the CPU seconds per document pushed and the documents pushed."""
    hub, counter = Hub(), [0]
    sockets: list[Socket] = []
    for table in range(tables):
        for seat in range(seats):
            socket = Socket()
            sockets.append(socket)
            hub.join(f"t{table}", listener(socket, seat, counter))
    start = time.process_time()
    for change in range(changes):
        counter[0] += 1
        hub.changed(f"t{change % tables}")
        await hub.flush()
        if hub._broadcasting is not None:
            await hub._broadcasting
        while hub._waiting or hub._turns:  # every writer's send done
            await asyncio.sleep(0)
    await asyncio.sleep(0)
    used = time.process_time() - start
    pushed = sum(socket.sent for socket in sockets)
    return used / max(pushed, 1), pushed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seats", type=int, default=6)
    parser.add_argument("--changes", type=int, default=3_000)
    options = parser.parse_args()
    per_document, pushed = asyncio.run(measure(options.tables, options.seats, options.changes))
    print(f"{pushed} documents pushed: {1e6 * per_document:.1f} µs of CPU per document")


if __name__ == "__main__":
    main()
