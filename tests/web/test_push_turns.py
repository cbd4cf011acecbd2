"""The hub's turns (issue 16): after a change, the sockets with a document waiting are queued and
``SENDING`` writers at a time are given a turn, in order; the others stay asleep (2,000 writers
woken at once held the loop). A socket whose client does not take its bytes holds no turn, and a
writer that goes away gives its turn back."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from async_run import run_async
from pokertd.web.hub import SENDING, Hub, Listener

#: A bound on how long the test waits for something that must happen (seconds), never a timing.
BOUND = 30.0


class Socket:
    """A socket that records what it is sent; ``stuck`` ones never let a send end."""

    def __init__(self, name: int, sent: list[int], *, stuck: bool = False) -> None:
        self.name, self.sent, self.stuck = name, sent, stuck
        self.never = asyncio.Event()

    async def send_text(self, text: str) -> None:
        if self.stuck:
            await self.never.wait()
        self.sent.append(self.name)
        assert json.loads(text)["topic"] == "t"

    async def close(self, code: int = 1000, reason: str = "") -> None:
        pass


def listener(socket: Socket) -> Listener:
    async def render() -> dict[str, Any]:
        return {"kind": "display"}

    return Listener(socket, render, key="display")  # type: ignore[arg-type]


async def until_sent(sent: list[int], count: int) -> None:
    async with asyncio.timeout(BOUND):
        while len(sent) < count:
            await asyncio.sleep(0.01)


def test_sockets_that_do_not_take_their_bytes_hold_no_turn() -> None:
    """Twice ``SENDING`` sockets never finish taking a document: the others still get theirs."""

    async def main() -> list[int]:
        hub, sent = Hub(), []
        stuck = [Socket(-n, sent, stuck=True) for n in range(1, 2 * SENDING + 1)]
        good = [Socket(n, sent) for n in range(1, 11)]
        for socket in [*stuck, *good]:
            hub.join("t", listener(socket))
        hub.changed("t")
        await hub.flush()
        await until_sent(sent, len(good))
        return sent

    assert sorted(run_async(main())) == list(range(1, 11))


def test_writers_that_leave_give_their_turns_back() -> None:
    """Sockets posted a document and gone before their writers ran: the next one is sent its
    document (a turn kept by a writer cancelled would stop every socket after ``SENDING``)."""

    async def main() -> list[int]:
        hub, sent = Hub(), []
        gone = [listener(Socket(-n, sent)) for n in range(1, 3 * SENDING + 1)]
        for each in gone:
            hub.join("t", each)
            await hub.send("t", each)
            hub.leave("t", each)  # before its writer ran
        for number in (1, 2):
            late = listener(Socket(number, sent))
            hub.join("t", late)
            await hub.send("t", late)
        await until_sent(sent, 2)
        return sent

    assert run_async(main()) == [1, 2]
