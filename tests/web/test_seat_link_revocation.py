"""Seat links can be revoked, and their tokens stay out of the server's log (issue 16): a link
issued again for an entry invalidates the one before (its pages, its API, its open socket), and
a server error on a player's page logs the path without the token."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from pokertd.web.pages import table as table_pages


@pytest.fixture
def drawn(director: TestClient, new_tournament: Callable[..., str], run: Callable[..., Any]) -> str:
    """Five players at table 1, all arrived, clock running."""
    tournament = new_tournament(director, start=True)
    for entry in range(1, 6):
        run(director, tournament, "arrive", entry=entry)
    return tournament


def links(client: TestClient, tournament: str) -> dict[int, str]:
    answer = client.post(f"/api/tournaments/{tournament}/tables/1/links")
    assert answer.status_code == 200, answer.text
    return {link["entry"]: link["token"] for link in answer.json()}


def drain_until_pong(socket: Any) -> None:
    """Read a socket's documents; fail at the "pong" that shows it still plays."""
    while True:
        assert socket.receive_json().get("kind") != "pong", "the old link still plays"


def test_a_link_issued_again_revokes_the_old_one(director: TestClient, drawn: str) -> None:
    old = links(director, drawn)
    entry, token = next(iter(old.items()))
    assert director.get(f"/api/play/{token}").status_code == 200
    with director.websocket_connect(f"/ws/play/{token}") as socket:
        assert socket.receive_json()["topic"]
        new = links(director, drawn)  # the director gives every player a new link
        assert new[entry] != token
        director.post(f"/api/tournaments/{drawn}/tables/1/hands", json={"mode": "online"})
        socket.send_text("ping")  # answered "pong" by a socket still open
        with pytest.raises(WebSocketDisconnect) as cut:  # the old socket is cut off
            drain_until_pong(socket)
        assert cut.value.code == 4403
    assert director.get(f"/api/play/{token}").status_code == 404
    assert director.get(f"/play/{token}").status_code == 404
    assert director.get(f"/api/play/{new[entry]}").status_code == 200


def test_a_server_error_on_a_players_page_logs_no_token(
    director: TestClient,
    app: FastAPI,
    drawn: str,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    token = next(iter(links(director, drawn).values()))

    def broken(*_: Any, **__: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(table_pages, "player_document", broken)
    player = TestClient(app, raise_server_exceptions=False)  # the app runs: director's client
    with caplog.at_level(logging.ERROR, logger="pokertd.web"):
        answer = player.get(f"/play/{token}")
    assert answer.status_code == 500
    assert "/play/<token>" in caplog.text
    assert token not in caplog.text
