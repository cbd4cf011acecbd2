"""Work that would hold the event loop, run in a worker thread: CSV exports, ICM deals.

Every request and every socket of the room is served by one thread, the event loop's: a CSV
export of a 1,000-player event (about 100 ms) or an ICM deal among 16 players (up to seconds)
would make each of them wait. ``off_loop`` runs such work in a worker thread, ``WORKERS`` at a
time per loop (the others wait their turn without holding the loop): the work still shares the
interpreter, but the loop gets its turn every few milliseconds instead of after the whole job.

A tournament's aggregate is changed in place by the commands the loop runs, so the work never
reads it from the thread: the route hands it a copy (the list of events, which never change, or
plain numbers) and the thread works on that.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable
from typing import ParamSpec, TypeVar

#: Jobs running at the same time, per event loop.
WORKERS = 2

P = ParamSpec("P")
T = TypeVar("T")

_SLOTS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = (
    weakref.WeakKeyDictionary()
)


async def off_loop(work: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """Return ``work(*args, **kwargs)``, computed in a worker thread once a turn is free."""
    slots = _SLOTS.setdefault(asyncio.get_running_loop(), asyncio.Semaphore(WORKERS))
    async with slots:
        return await asyncio.to_thread(work, *args, **kwargs)
