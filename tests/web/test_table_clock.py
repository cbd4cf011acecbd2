"""The online action clock runs on the server (CLK-EXPIRY): a timer is set for the player to act,
and when it fires the clock's ruling is applied even though no page sent ``expire``."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

from pokertd.web.pages.table import expire_due, topic

Document = dict[str, Any]


def online_hand(
    director: TestClient, new_tournament: Callable[..., str], run: Callable[..., Any]
) -> str:
    """Five arrived players at table 1 and an online hand started (nobody a bot)."""
    tournament = new_tournament(director, start=True)
    for entry in range(1, 6):
        run(director, tournament, "arrive", entry=entry)
    started = director.post(
        f"/api/tournaments/{tournament}/tables/1/hands", json={"mode": "online"}
    )
    assert started.status_code == 200, started.text
    return tournament


def view(director: TestClient, tournament: str) -> Document:
    found: Document = director.get(f"/api/tournaments/{tournament}/tables/1/view").json()
    return found


def test_clk_expiry_a_timer_waits_for_the_player_to_act(
    director: TestClient, new_tournament: Callable[..., str], run: Callable[..., Any]
) -> None:
    tournament = online_hand(director, new_tournament, run)
    deadline = view(director, tournament)["deadline"]
    timers = director.app.state.web.table_timers  # type: ignore[attr-defined]
    handle = timers[topic(tournament, 1)]
    # The timer is due when the player's time is up (the default loop's clock is monotonic).
    delay = handle.when() - time.monotonic()
    assert deadline["seconds_left"] - 1 < delay <= deadline["seconds_left"] + 0.05


def test_clk_expiry_the_server_applies_the_clock_without_any_page(
    director: TestClient,
    new_tournament: Callable[..., str],
    run: Callable[..., Any],
    clock: Any,
) -> None:
    tournament = online_hand(director, new_tournament, run)
    before = view(director, tournament)
    web = director.app.state.web  # type: ignore[attr-defined]
    portal = director.portal  # type: ignore[attr-defined]
    portal.call(expire_due, web, tournament, 1)
    assert view(director, tournament)["to_act"] == before["to_act"]  # not out of time yet
    clock.advance(before["deadline"]["seconds"] + 1)
    portal.call(expire_due, web, tournament, 1)
    after = view(director, tournament)
    assert after["to_act"] != before["to_act"]
    assert len(after["log"]) > len(before["log"])
