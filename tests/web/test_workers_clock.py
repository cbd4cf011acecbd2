"""The online action clock runs once across the workers sharing a PostgreSQL database
(``pokertd.web.cluster``): a clock whose worker is gone is ruled by the worker holding the sweep
lease, once (CLK-EXPIRY: TDA 29, LFP 3.6). Two apps in this process on one real PostgreSQL, each
with its own event loop, as two workers are.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pokertd.web import cluster
from pokertd.web.app import create_app

Document = dict[str, Any]
#: Bound of the wait for the other worker's sweep (seconds): a bound, never a timing asserted.
BOUND = 60.0


def view(client: TestClient, tournament: str) -> Document:
    found: Document = client.get(f"/api/tournaments/{tournament}/tables/1/view").json()
    return found


def test_clk_expiry_a_clock_whose_worker_died_is_ruled_once_by_another(
    postgres_url: str,
    password: str,
    clock: Any,
    log_in: Callable[..., str],
    new_tournament: Callable[..., str],
    run: Callable[..., Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(cluster, "SWEEP_SECONDS", 0.1)
    first = create_app(postgres_url, password=password, now=clock, rng=random.Random(1))
    second = create_app(postgres_url, now=clock, rng=random.Random(2))
    with TestClient(second) as survivor:
        with TestClient(first) as dying:
            log_in(dying)
            tournament = new_tournament(dying, start=True)
            for entry in range(1, 6):
                run(dying, tournament, "arrive", entry=entry)
            started = dying.post(
                f"/api/tournaments/{tournament}/tables/1/hands", json={"mode": "online"}
            )
            assert started.status_code == 200, started.text
            before = view(dying, tournament)
            assert second.state.web.table_timers == {}  # the first worker timed the clock
        # the first worker is gone, its timer with it; the player's time runs out
        clock.advance(before["deadline"]["seconds"] + 1)
        deadline = time.monotonic() + BOUND
        while (after := view(survivor, tournament))["to_act"] == before["to_act"]:
            assert time.monotonic() < deadline, "no worker applied the clock's ruling"
            time.sleep(0.05)
        assert len(after["log"]) == len(before["log"]) + 1  # one ruling, by one worker
        time.sleep(3 * cluster.SWEEP_SECONDS)  # more sweeps: the next player is not out of time
        assert view(survivor, tournament)["log"] == after["log"]
