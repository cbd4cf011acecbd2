"""An online hand at table 1 of a started tournament, for the tests of the table's inputs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient


def start_online_hand(
    director: TestClient,
    new_tournament: Callable[..., str],
    run: Callable[..., Any],
    *players: str,
) -> tuple[str, dict[int, str]]:
    """Five players (``players``, else the fixtures' five) arrived at table 1, an online hand
    started: the tournament and its seat links' tokens by seat."""
    chosen = {"players": players} if players else {}
    tournament = new_tournament(director, start=True, **chosen)
    for entry in range(1, 6):
        run(director, tournament, "arrive", entry=entry)
    links = director.post(f"/api/tournaments/{tournament}/tables/1/links").json()
    started = director.post(
        f"/api/tournaments/{tournament}/tables/1/hands", json={"mode": "online"}
    )
    assert started.status_code == 200, started.text
    return tournament, {link["seat"]: link["token"] for link in links}
