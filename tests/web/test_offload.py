"""CPU-heavy work off the event loop (issue 16): the console's CSV exports and the deal preview's
ICM are computed in a worker thread, two jobs at a time, from a copy of what they read (the
events, the stacks and prizes), and give what the tournament gives."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from async_run import run_async
from pokertd.present.exports import export_rows, spreadsheet_csv
from pokertd.web import offload
from pokertd.web.pages import console_money

Run = Callable[..., Any]
#: A bound on how long the test waits for something that must happen (seconds), never a timing.
BOUND = 30.0


def state_of(director: TestClient, tournament: str) -> Any:
    """The tournament's state as the app holds it (read on the app's event loop)."""
    assert director.portal is not None
    service = director.app.state.web.service  # type: ignore[attr-defined]
    return director.portal.call(service.load, tournament).state


def on_loop() -> bool:
    """Return whether the caller runs on an event loop's thread."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def money_event(director: TestClient, run: Run, players: int) -> str:
    """An 18+2 event of ``players``, drawn and started, the last ones busted down to three."""
    token = director.headers["X-CSRF-Token"]
    made = director.post(
        "/console/create",
        data={"csrf": token, "title": "Night", "template": "turbo", "buy_in": "18+2"},
        follow_redirects=False,
    )
    tournament = str(made.headers["location"]).rsplit("/", 1)[1]
    for number in range(1, players + 1):
        run(director, tournament, "register", player=f"Player {number}")
    run(director, tournament, "draw-seats")
    run(director, tournament, "start-clock")
    for entry in range(players, 3, -1):
        run(director, tournament, "bust-players", entries=[entry])
    return tournament


def test_the_exports_are_written_off_the_event_loop(
    director: TestClient, run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    tournament = money_event(director, run, 8)
    seen: list[bool] = []

    def watched(what: str, state: Any) -> list[list[str]]:
        seen.append(on_loop())
        return export_rows(what, state)

    monkeypatch.setattr(console_money, "export_rows", watched)
    state = state_of(director, tournament)
    for what in console_money.EXPORTS:
        answer = director.get(f"/console/{tournament}/export/{what}.csv")
        assert answer.status_code == 200, answer.text
        assert answer.text == spreadsheet_csv(export_rows(what, state), "en")
    assert seen == [False] * len(console_money.EXPORTS)


def test_the_deal_preview_works_the_icm_out_off_the_event_loop(
    director: TestClient, run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    tournament = money_event(director, run, 6)
    seen: list[bool] = []
    icm = console_money.icm_deal

    def watched(stacks: list[int], prizes: list[int], **options: Any) -> Any:
        seen.append(on_loop())
        return icm(stacks, prizes, **options)

    monkeypatch.setattr(console_money, "icm_deal", watched)
    token = director.headers["X-CSRF-Token"]
    typed = {"stack-1": "90000", "stack-2": "30000", "stack-3": "60000"}
    answer = director.post(f"/console/{tournament}/deal/preview", data={"csrf": token, **typed})
    assert answer.status_code == 200, answer.text
    assert seen == [False]
    state = state_of(director, tournament)
    stacks = {1: 90_000, 2: 30_000, 3: 60_000}
    expected = console_money.deal_preview(state, "en", stacks)  # worked out here: the same
    for row in expected["deal_players"]:
        assert row["amounts"]["icm"] in answer.text


def test_no_more_than_two_jobs_run_at_a_time() -> None:
    """``WORKERS`` jobs at a time: the others wait their turn (without holding the loop)."""
    lock, release = threading.Lock(), threading.Event()
    running, most = [0], [0]

    def job(number: int) -> int:
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        release.wait(BOUND)
        with lock:
            running[0] -= 1
        return number

    async def main() -> list[int]:
        jobs = asyncio.gather(*(offload.off_loop(job, number) for number in range(5)))
        async with asyncio.timeout(BOUND):
            while running[0] < offload.WORKERS:
                await asyncio.sleep(0.01)
            for _ in range(20):  # the other jobs had every chance to start
                await asyncio.sleep(0)
            assert running[0] == offload.WORKERS
            release.set()
            return await jobs

    assert run_async(main()) == [0, 1, 2, 3, 4]
    assert most[0] == offload.WORKERS
