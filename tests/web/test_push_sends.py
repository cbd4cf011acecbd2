"""A send started in the writer itself (issue 20: no task per send when the client takes the bytes
at once) ends as the same send run as a task would: its result, its error, its cancellation."""

from __future__ import annotations

import asyncio

import pytest

from async_run import run_async
from pokertd.web.hub import _started


class Send:
    """A send that waits ``waits`` times for its client (a future set from outside), then
    fails if told to; it records where it got."""

    def __init__(self, waits: int, *, fails: bool = False) -> None:
        self.waits, self.fails = waits, fails
        self.steps: list[str] = []
        self.clients: list[asyncio.Future[str]] = []

    async def run(self) -> None:
        try:
            for _ in range(self.waits):
                client: asyncio.Future[str] = asyncio.get_running_loop().create_future()
                self.clients.append(client)
                self.steps.append(await client)
            if self.fails:
                raise OSError("the socket is closed")
            self.steps.append("done")
        except asyncio.CancelledError:
            self.steps.append("cancelled")
            raise


async def _taken(send: Send, ended: asyncio.Future[None]) -> None:
    """Let the client take each part of ``send`` as soon as it waits for it, until it ends."""
    while not ended.done():
        await asyncio.sleep(0)
        for number, client in enumerate(send.clients):
            if not client.done():
                client.set_result(f"took {number}")
    ended.result()


def test_a_send_taken_at_once_is_done_without_a_task() -> None:
    async def main() -> tuple[bool, list[str]]:
        send = Send(0)
        ended = _started(send.run())
        return ended.done() and not isinstance(ended, asyncio.Task), send.steps

    assert run_async(main()) == (True, ["done"])


@pytest.mark.parametrize("waits", [1, 3])
def test_a_send_that_waits_carries_on_with_what_it_waited_for(waits: int) -> None:
    async def main() -> list[str]:
        send = Send(waits)
        ended = _started(send.run())
        assert not ended.done()
        await _taken(send, ended)
        return send.steps

    assert run_async(main()) == [*(f"took {n}" for n in range(waits)), "done"]


@pytest.mark.parametrize("waits", [0, 2])
def test_a_failed_send_gives_its_error(waits: int) -> None:
    async def main() -> None:
        send = Send(waits, fails=True)
        ended = _started(send.run())
        await _taken(send, ended)

    with pytest.raises(OSError, match="closed"):
        run_async(main())


def test_a_send_cancelled_while_it_waits_is_told() -> None:
    async def main() -> tuple[list[str], bool]:
        send = Send(1)
        ended = _started(send.run())
        await asyncio.sleep(0)
        ended.cancel()
        with pytest.raises(asyncio.CancelledError):
            await ended
        return send.steps, ended.cancelled()

    assert run_async(main()) == (["cancelled"], True)


def test_a_send_timed_out_by_wait_for_is_cancelled() -> None:
    """The slow consumer: ``wait_for`` gives up on the send and cancels it."""

    async def main() -> list[str]:
        send = Send(1)
        ended = _started(send.run())
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(ended, 0.01)
        return send.steps

    assert run_async(main()) == ["cancelled"]
