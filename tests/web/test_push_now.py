"""A document rendered for one socket alone (a player's view: a listener without a key) is sent
in the broadcast itself, its writer not woken (issue 20: a task's turn per document, six per
action at a table). A send its client does not take at once goes on in the writer as before:
the newer documents wait in the mailbox (the latest is sent), a socket slower than ``slow`` is
dropped with 1013, a failed one with 1011."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from async_run import run_async
from pokertd.web.hub import TRY_AGAIN, Hub, Listener

#: A bound on how long the test waits for something that must happen (seconds), never a timing.
BOUND = 30.0


class Socket:
    """Records the documents it is sent (their ``n``); the first send waits for ``hold`` when
    given one, or every send fails with ``fails``."""

    def __init__(self, hold: asyncio.Event | None = None, *, fails: bool = False) -> None:
        self.hold, self.fails = hold, fails
        self.sent: list[int] = []
        self.closed: int | None = None

    async def send_text(self, text: str) -> None:
        if self.fails:
            raise OSError("the socket is closed")
        if self.hold is not None and not self.sent:
            await self.hold.wait()
        self.sent.append(json.loads(text)["n"])

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = code


def player(socket: Socket, counter: list[int]) -> Listener:
    """A listener without a key (rendered for it alone), its document numbered by ``counter``."""

    async def render() -> dict[str, Any]:
        return {"kind": "table", "n": counter[0]}

    return Listener(socket, render)  # type: ignore[arg-type]


async def change(hub: Hub, counter: list[int]) -> None:
    """A change of topic ``t``, its broadcast run to its end."""
    counter[0] += 1
    hub.changed("t")
    await hub.flush()
    assert hub._broadcasting is not None
    await hub._broadcasting


async def until(condition: Any) -> None:
    async with asyncio.timeout(BOUND):
        while not condition():
            await asyncio.sleep(0.01)


def test_a_players_documents_are_sent_in_the_broadcast() -> None:
    """Each socket has its document before the next listener's is rendered (none waits for a
    writer's turn of the loop), and all have every document once the broadcast is over."""

    async def main() -> tuple[list[list[int]], list[int]]:
        hub, counter = Hub(), [0]
        sockets = [Socket() for _ in range(6)]
        seen: list[int] = []  # at each render: the documents the other sockets had

        def listener(socket: Socket) -> Listener:
            async def render() -> dict[str, Any]:
                seen.append(sum(len(other.sent) for other in sockets if other is not socket))
                return {"kind": "table", "n": counter[0]}

            return Listener(socket, render)  # type: ignore[arg-type]

        listeners = [listener(socket) for socket in sockets]
        for each in listeners:
            hub.join("t", each)
        for _ in range(3):
            await change(hub, counter)
        assert all(each.idle.is_set() for each in listeners)
        return [socket.sent for socket in sockets], seen

    sent, seen = run_async(main())
    assert sent == [[1, 2, 3]] * 6
    # the k-th render of change c sees the c - 1 documents of the other five, and the k - 1
    # sent in this broadcast before it (the topic's listeners go in any order)
    assert sorted(seen) == sorted(5 * change + k for change in range(3) for k in range(6))


def test_a_send_not_taken_at_once_goes_on_and_the_latest_follows() -> None:
    async def main() -> tuple[list[int], list[int]]:
        hub, counter, hold = Hub(), [0], asyncio.Event()
        slow, quick = Socket(hold), Socket()
        for socket in (slow, quick):
            hub.join("t", player(socket, counter))
        for _ in range(4):
            await change(hub, counter)
        assert slow.sent == []  # the first still under way; 2, 3 and 4 in the mailbox: 4 kept
        hold.set()
        await until(lambda: len(slow.sent) == 2)
        return slow.sent, quick.sent

    assert run_async(main()) == ([1, 4], [1, 2, 3, 4])


def test_a_socket_slower_than_slow_is_dropped() -> None:
    async def main() -> tuple[int | None, int, list[int]]:
        hub, counter = Hub(slow=0.05), [0]
        stuck, quick = Socket(asyncio.Event()), Socket()
        for socket in (stuck, quick):
            hub.join("t", player(socket, counter))
        await change(hub, counter)
        await until(lambda: stuck.closed is not None)
        await change(hub, counter)
        return stuck.closed, hub.listeners("t"), quick.sent

    assert run_async(main()) == (TRY_AGAIN, 1, [1, 2])


def test_a_failed_send_drops_its_socket() -> None:
    async def main() -> tuple[int | None, int]:
        hub, counter = Hub(), [0]
        broken = Socket(fails=True)
        hub.join("t", player(broken, counter))
        await change(hub, counter)
        await until(lambda: broken.closed is not None)
        return broken.closed, hub.listeners("t")

    assert run_async(main()) == (1011, 0)


def test_a_socket_moved_before_its_writer_took_its_send_gets_its_next_documents() -> None:
    """A send not taken at once is handed to the writer; the listener leaves its only topic
    (a player moved to another table) before the writer ran: the send is given up as a
    cancelled writer gives it up, and the next document goes out once the client reads."""

    async def main() -> list[int]:
        hub, counter, hold = Hub(), [1], asyncio.Event()
        socket = Socket(hold)
        moved = player(socket, counter)
        hub.join("a", moved)
        await hub.send("a", moved)  # document 1: not taken, handed to the writer
        hub.leave("a", moved)  # before the writer ran
        hub.join("t", moved)
        await change(hub, counter)  # document 2
        hold.set()
        await until(lambda: socket.sent)
        return socket.sent

    assert run_async(main()) == [2]
