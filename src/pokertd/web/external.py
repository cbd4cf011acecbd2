"""Changes written by another process (``pokertd tournament ...`` on the server's file) reach the
displays and the table apps without a reload.

While the app runs, ``watching`` looks at the file every ``POLL_SECONDS``: one indexed query
(the position of the last event stored) while nothing changed; otherwise the streams written
since, each with its version. A tournament or a table the server holds in memory at an older
version was changed by someone else: its topics are marked changed and their sockets are sent
fresh documents, as after the server's own commands. What the server wrote itself is already
current in memory, and is not pushed twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import AsyncIterator

from pokertd.errors import PokertdError
from pokertd.store import SQLiteEventStore
from pokertd.web.context import Web

log = logging.getLogger("pokertd.web")

#: How often the server looks for events another process wrote (seconds).
POLL_SECONDS = 1.0

_TOURNAMENT = re.compile(r"tournament-\d+")
_TABLE = re.compile(r"table-tournament-\d+-\d+")


@contextlib.asynccontextmanager
async def watching(web: Web, *, every: float = POLL_SECONDS) -> AsyncIterator[None]:
    """Look for other processes' changes while the block runs (an SQLite file only)."""
    store = web.store
    if not isinstance(store, SQLiteEventStore):
        yield
        return
    task = asyncio.create_task(_watch(web, store, every))
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def _watch(web: Web, store: SQLiteEventStore, every: float) -> None:
    seen = store.last_position()
    while True:
        await asyncio.sleep(every)
        try:
            seen = await look(web, store, seen)
        except Exception:  # a bug, a busy file: tell it in full, look again next time
            log.exception("looking for changes by other processes")


async def look(web: Web, store: SQLiteEventStore, seen: int) -> int:
    """Push what other processes stored after position ``seen``; return the new position."""
    last = store.last_position()
    if last == seen:
        return seen
    await push_changed(web, store.changed_since(seen))
    return last


async def push_changed(web: Web, written: dict[str, int]) -> None:
    """Push the streams another process wrote, each up to a version, that this server holds
    at an older one (or, for a tournament, not at all)."""
    for stream, version in written.items():
        if _TOURNAMENT.fullmatch(stream):
            held = web.service.cached_version(stream)
            if held is None or held < version:
                mark(web, stream)
        elif _TABLE.fullmatch(stream):
            held = web.tables.cached_version(stream)
            if held is not None and held < version:
                mark(web, stream)
    await web.hub.flush()


def mark(web: Web, stream: str) -> None:
    """Mark the topics of a tournament's or a table's stream changed (``hub.flush`` pushes)."""
    if _TOURNAMENT.fullmatch(stream):
        web.hub.changed(stream, "tournaments")
        with contextlib.suppress(PokertdError):  # a damaged one says so when asked
            web.seats_changed(stream)  # its tables' players see the new seats
    elif _TABLE.fullmatch(stream):
        web.hub.changed(stream)
