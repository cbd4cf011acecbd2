"""Group commit (``pokertd.web.durable``, issue 20): the web app's SQLite store commits without
waiting for the disk, and nothing leaves the server, neither an answer nor a pushed document,
before every commit made so far is on it; commands committed together share one fsync, run off
the event loop."""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import json
import random
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from async_run import run_async
from pokertd.store import NewEvent, SQLiteEventStore
from pokertd.web.app import create_app
from pokertd.web.durable import Durability
from pokertd.web.hub import Hub, Listener

#: A bound on how long the test waits for something that must happen (seconds), never a timing.
BOUND = 30.0
AT = "2026-01-01T00:00:00+00:00"


class SyncCounting(SQLiteEventStore):
    """The real SQLite store, noting how many commits each fsync covers; with ``gate``, an
    fsync waits for it to open (the disk is slow)."""

    def __init__(self, path: Path, gate: threading.Event | None = None) -> None:
        super().__init__(path)
        self.covered: list[int] = []
        self.gate = gate
        self.entered = threading.Event()

    def sync(self) -> None:
        covered = self.commits
        self.entered.set()
        if self.gate is not None:
            self.gate.wait(BOUND)
        super().sync()
        self.covered.append(covered)


def append(store: SQLiteEventStore, stream: str = "t") -> None:
    version = store.version(stream)
    event = NewEvent("noted", {"n": version})
    store.append(stream, [event], expected_version=version, recorded_at=AT)


@contextlib.contextmanager
def durable(store: SQLiteEventStore) -> Iterator[Durability]:
    """The store and its ``Durability``, both closed at the end (used on one thread: the
    store's)."""
    durability = Durability(store)
    try:
        yield durability
    finally:
        durability.close()
        store.close()


def test_the_web_store_commits_without_waiting_for_the_disk(tmp_path: Path) -> None:
    """``defer_sync``: SQLite's ``synchronous=NORMAL``; each commit counted, every one of them
    kept (read back by a new store), ``sync`` putting them on the disk."""
    store = SyncCounting(tmp_path / "events.db")
    with durable(store):
        assert store.pragmas()["synchronous"] == "normal"
        for _ in range(3):
            append(store)
        assert store.commits == 3
        store.sync()
        assert store.covered == [3]
    with contextlib.closing(SQLiteEventStore(tmp_path / "events.db")) as again:
        assert [event.data["n"] for event in again.read("t")] == [0, 1, 2]
        assert again.pragmas()["synchronous"] == "full"  # other processes: as before


def test_waiters_share_one_fsync(tmp_path: Path) -> None:
    """Twenty answers waiting for three commits: one fsync covers them all."""

    async def main() -> tuple[int, list[int], int, int]:
        store = SyncCounting(tmp_path / "events.db")
        with durable(store) as durability:
            for _ in range(3):
                append(store)
            await asyncio.gather(*(durability.wait() for _ in range(20)))
            once = durability.syncs
            await asyncio.gather(*(durability.wait() for _ in range(20)))  # nothing new
            return once, store.covered, durability.synced, durability.syncs

    assert run_async(main()) == (1, [3], 3, 1)


def test_a_commit_made_during_an_fsync_waits_for_the_next_one(tmp_path: Path) -> None:
    """A command committed while the disk takes the previous fsync is not acknowledged by it:
    its waiter waits for a second fsync, which covers it."""
    gate = threading.Event()

    async def main() -> tuple[bool, int, list[int], int]:
        store = SyncCounting(tmp_path / "events.db", gate)
        with durable(store) as durability:
            append(store)
            first = asyncio.ensure_future(durability.wait())
            await asyncio.to_thread(store.entered.wait, BOUND)  # fsync 1 runs, held by the gate
            append(store)  # commit 2, while fsync 1 runs
            second = asyncio.ensure_future(durability.wait())
            await asyncio.sleep(0.05)
            waiting = not first.done() and not second.done()  # the disk has not answered
            gate.set()
            async with asyncio.timeout(BOUND):
                await first
                first_synced = durability.synced
                await second
            return waiting, first_synced, store.covered, durability.synced

    waiting, first_synced, covered, synced = run_async(main())
    assert waiting
    assert first_synced >= 1
    assert covered == [1, 2]
    assert synced == 2


class Socket:
    """A socket that records the documents it is sent."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send_text(self, text: str) -> None:
        self.sent.append(json.loads(text))

    async def close(self, code: int = 1000, reason: str = "") -> None:
        pass


def test_nothing_is_pushed_before_the_change_is_on_the_disk(tmp_path: Path) -> None:
    """A change committed, its topic marked: the listeners get nothing while the fsync is held,
    and the fresh document once it is done."""
    gate = threading.Event()

    async def main() -> tuple[int, list[dict[str, Any]], list[int]]:
        store = SyncCounting(tmp_path / "events.db", gate)
        with durable(store) as durability:
            hub, socket = Hub(), Socket()
            hub.durable = durability.wait

            async def render() -> dict[str, Any]:
                return {"version": store.version("t")}

            hub.join("t", Listener(socket, render))  # type: ignore[arg-type]
            append(store)
            hub.changed("t")
            await hub.flush()
            await asyncio.to_thread(store.entered.wait, BOUND)
            await asyncio.sleep(0.05)
            held = len(socket.sent)
            gate.set()
            async with asyncio.timeout(BOUND):
                while not socket.sent:
                    await asyncio.sleep(0.01)
            return held, socket.sent, list(store.covered)

    held, sent, covered = run_async(main())
    assert held == 0
    assert [document["version"] for document in sent] == [1]
    assert covered == [1]


@pytest.fixture
def stores() -> list[SyncCounting]:
    return []


@pytest.fixture
def app(
    db_path: Path,
    clock: Callable[[], datetime.datetime],
    rng: random.Random,
    password: str,
    stores: list[SyncCounting],
) -> FastAPI:
    """The app over the real SQLite store, counting its fsyncs."""

    def opened() -> SyncCounting:
        stores.append(SyncCounting(db_path))
        return stores[-1]

    return create_app(opened, password=password, now=clock, rng=rng)


def test_an_answer_leaves_once_its_command_is_on_the_disk(
    app: FastAPI,
    director: TestClient,
    new_tournament: Callable[..., str],
    run: Callable[..., Any],
    stores: list[SyncCounting],
) -> None:
    """A registration answered: the fsync before its answer covered its commit (without the
    wait nothing would have synced it: the store no longer does)."""
    tournament = new_tournament(director)
    store = stores[-1]  # the one the running app uses
    before = store.commits
    run(director, tournament, "register", player="Zoé Lambert")
    assert store.commits > before
    assert store.covered
    assert store.covered[-1] == store.commits
    assert app.state.durability.synced == store.commits
