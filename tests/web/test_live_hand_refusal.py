"""EVENT-LIVE-HAND through the web: the director's bust of a player dealt into a live online hand
is refused with the rule (422), nothing is stored, and the hand ends and reaches the tournament
(issue 16: it broke the table until the bust was undone)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient


@pytest.fixture
def drawn(director: TestClient, new_tournament: Callable[..., str], run: Callable[..., Any]) -> str:
    """Five players at table 1, all arrived, clock running."""
    tournament = new_tournament(director, start=True)
    for entry in range(1, 6):
        run(director, tournament, "arrive", entry=entry)
    return tournament


def test_event_live_hand_bust_is_refused_by_the_api_and_the_hand_ends(
    director: TestClient, drawn: str, version_of: Callable[[TestClient, str], int]
) -> None:
    start = director.post(f"/api/tournaments/{drawn}/tables/1/hands", json={"mode": "online"})
    assert start.status_code == 200, start.text
    view = director.get(f"/api/tournaments/{drawn}/tables/1/view").json()
    entry = view["seats"][0]["entry"]
    before = version_of(director, drawn)
    answer = director.post(
        f"/api/tournaments/{drawn}/commands", json={"command": "bust-players", "entries": [entry]}
    )
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"]["rule"] == "EVENT-LIVE-HAND"
    assert version_of(director, drawn) == before
    for _ in range(60):
        view = director.get(f"/api/tournaments/{drawn}/tables/1/view").json()
        if view["status"] != "playing":
            break
        kind = "call" if view["legal"]["call"] else "check"
        acted = director.post(
            f"/api/tournaments/{drawn}/tables/1/actions",
            json={"seat": view["to_act"], "kind": kind},
        )
        assert acted.status_code == 200, acted.text
    assert view["status"] == "finished"
    again = director.post(f"/api/tournaments/{drawn}/tables/1/hands", json={"mode": "online"})
    assert again.status_code == 200, again.text
