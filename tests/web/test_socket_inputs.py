"""A table socket answers what it cannot read with a clear error and stays open (issue 16):
binary data, a message of megabytes, JSON nested a hundred thousand deep."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from online_hand import start_online_hand
from starlette.testclient import WebSocketTestSession

from pokertd.web.pages.table import MAX_SAID

Document = dict[str, Any]


@pytest.fixture
def online(
    director: TestClient, new_tournament: Callable[..., str], run: Callable[..., Any]
) -> tuple[str, str]:
    """An online hand at table 1; returns the tournament and the first seat's link."""
    tournament, tokens = start_online_hand(director, new_tournament, run)
    return tournament, next(iter(tokens.values()))


def answer_to(socket: WebSocketTestSession, send: Callable[[], None]) -> Document:
    """Send something, then return the error it is answered with (documents skipped)."""
    send()
    while (got := socket.receive_json()).get("kind") not in ("error", "pong"):
        pass
    return got


def still_open(socket: WebSocketTestSession) -> bool:
    socket.send_text("ping")
    while socket.receive_json().get("kind") != "pong":
        pass
    return True


NASTY: list[tuple[str, Callable[[WebSocketTestSession], None], str]] = [
    ("binary", lambda s: s.send_bytes(b"\x00\xff" * 10), "text, not binary"),
    ("huge", lambda s: s.send_text("x" * (MAX_SAID + 1)), f"at most {MAX_SAID} characters"),
    ("nested", lambda s: s.send_text("[" * 2000 + "]" * 2000), "nested too deeply"),
    ("nested object", lambda s: s.send_text('{"act":' + "[" * 2000 + "]" * 2000 + "}"), "deeply"),
]


@pytest.mark.parametrize(("what", "send", "said"), NASTY, ids=[case[0] for case in NASTY])
def test_the_players_socket_answers_and_stays_open(
    director: TestClient,
    online: tuple[str, str],
    what: str,
    send: Callable[[WebSocketTestSession], None],
    said: str,
) -> None:
    _, token = online
    with director.websocket_connect(f"/ws/play/{token}") as socket:
        socket.receive_json()
        error = answer_to(socket, lambda: send(socket))
        assert error["kind"] == "error", what
        assert error["error"]["status"] == 400
        assert said in error["error"]["message"]
        assert still_open(socket)


@pytest.mark.parametrize("what", ["binary", "huge"])
def test_the_dealers_socket_answers_and_stays_open(
    director: TestClient, online: tuple[str, str], what: str
) -> None:
    tournament, _ = online
    send, said = {case[0]: (case[1], case[2]) for case in NASTY}[what]
    with director.websocket_connect(f"/ws/tables/{tournament}/1") as socket:
        socket.receive_json()
        error = answer_to(socket, lambda: send(socket))
        assert error["kind"] == "error"
        assert said in error["error"]["message"]
        assert still_open(socket)
