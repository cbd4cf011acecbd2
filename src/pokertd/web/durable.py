"""Commits put on the disk together, off the event loop, before anyone is told of them.

The web app's SQLite store commits without waiting for the disk (``SQLiteEventStore.defer_sync``):
an fsync per command on the event loop's thread held every other request for as long as the disk
took (1.7 to 2.8 ms measured on our machine under load, per action of every table). Instead,
before anything leaves the server, an answer (``DurableAnswers``) or a pushed document
(``Hub.durable``) waits until every commit made so far is on the disk: ``Durability.wait`` runs
``sync`` (one fsync of the log) in a thread, and every command committed while it runs waits
for the next one, which covers them all (group commit). The loop serves the other tables
meanwhile.

Nothing acknowledged is lost: a commit is in the operating system's cache when the command
returns (it survives ``kill -9`` of the server), and on the disk (it survives a power cut) before
its answer or its push leaves. A commit nobody was told of yet may be lost in a power cut, as if
the command had not arrived. Other stores (PostgreSQL commits synchronously) have nothing to wait
for.
"""

from __future__ import annotations

import asyncio
import concurrent.futures

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pokertd.store import EventStore, SQLiteEventStore


class Durability:
    """Waits until the store's commits so far are on the disk, one fsync for all the waiters.

    ``commits`` (the store's count) and ``synced`` (the commits the last fsync covered) are read
    and written on the event loop's thread only; the fsync runs in a thread of its own, never
    queued behind the app's other work in threads (exports, deals). ``close`` stops it.
    """

    def __init__(self, store: EventStore) -> None:
        self._store = store if isinstance(store, SQLiteEventStore) else None
        if self._store is not None:
            self._store.defer_sync()
        #: The store's commits that are on the disk: all of them before the first fsync.
        self.synced = 0 if self._store is None else self._store.commits
        #: The fsync under way, if any, and how many fsyncs ran (group commit: far fewer than
        #: the commits).
        self._running: asyncio.Future[None] | None = None
        self.syncs = 0
        self._thread = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="pokertd-sync")

    def close(self) -> None:
        """Stop the fsync thread, once the fsync under way (if any) is over."""
        self._thread.shutdown(wait=True)

    @property
    def commits(self) -> int:
        """How many commits the store made (0 for a store that syncs each one itself)."""
        return 0 if self._store is None else self._store.commits

    async def wait(self) -> None:
        """Return once every commit made so far is on the disk. Raises ``OSError`` when the
        disk fails (nothing is acknowledged then)."""
        target = self.commits
        while self.synced < target:
            if self._running is None:
                self._running = asyncio.ensure_future(self._sync())
            await asyncio.shield(self._running)

    async def _sync(self) -> None:
        """One fsync, covering every commit made before it starts."""
        store = self._store
        assert store is not None
        upto = store.commits
        try:
            await asyncio.get_running_loop().run_in_executor(self._thread, store.sync)
            self.syncs += 1
            self.synced = max(self.synced, upto)
        finally:
            self._running = None


class DurableAnswers:
    """ASGI middleware: an answer starts only once the commits made so far are on the disk
    (the command it answers, and any other the page shows)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        state = scope["app"].state

        async def durable_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                durability: Durability | None = getattr(state, "durability", None)
                if durability is not None:  # set once the app's lifespan opened the store
                    await durability.wait()
            await send(message)

        await self.app(scope, receive, durable_send)
