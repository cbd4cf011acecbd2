"""WebSocket push of the display document, and a clock that resumes exactly after a restart."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from pokertd.web.hub import Listener

Run = Callable[..., Any]


def test_first_message_is_the_display_document(
    director: TestClient, new_tournament: Callable[..., str]
) -> None:
    tournament = new_tournament(director, start=True)
    expected = director.get(f"/api/tournaments/{tournament}/display").json()
    with director.websocket_connect(f"/ws/tournaments/{tournament}") as socket:
        first = socket.receive_json()
    assert first == {"topic": tournament, **expected}
    assert first["kind"] == "display"


def test_a_command_pushes_a_new_document(
    director: TestClient, new_tournament: Callable[..., str], run: Run
) -> None:
    tournament = new_tournament(director, start=True)
    with director.websocket_connect(f"/ws/tournaments/{tournament}") as socket:
        before = socket.receive_json()
        assert before["status"]["players_left"] == 5
        run(director, tournament, "bust-players", entries=[3])
        after = socket.receive_json()
        assert after["status"]["players_left"] == 4
        assert 3 not in {seat["entry"] for seat in after["tables"][0]["seats"]}
        run(director, tournament, "pause-clock")
        assert socket.receive_json()["status"]["clock"]["is_running"] is False


def test_a_refused_command_pushes_nothing(
    director: TestClient, new_tournament: Callable[..., str], run: Run
) -> None:
    tournament = new_tournament(director, start=True)
    with director.websocket_connect(f"/ws/tournaments/{tournament}") as socket:
        socket.receive_json()
        refused = director.post(
            f"/api/tournaments/{tournament}/commands", json={"command": "draw-seats"}
        )
        assert refused.status_code == 422
        run(director, tournament, "pause-clock")  # the next message is this change's
        assert socket.receive_json()["status"]["clock"]["is_running"] is False


def test_only_the_tournaments_listeners_are_told(
    director: TestClient, new_tournament: Callable[..., str], run: Run
) -> None:
    first = new_tournament(director, start=True)
    second = new_tournament(director, start=True, title="Saturday")
    with director.websocket_connect(f"/ws/tournaments/{first}") as socket:
        socket.receive_json()
        run(director, second, "bust-players", entries=[1])
        run(director, first, "bust-players", entries=[2])
        pushed = socket.receive_json()
        assert (pushed["topic"], pushed["status"]["players_left"]) == (first, 4)


def test_refresh_returns_the_current_document(
    director: TestClient, new_tournament: Callable[..., str], clock: Any
) -> None:
    tournament = new_tournament(director, start=True)
    with director.websocket_connect(f"/ws/tournaments/{tournament}") as socket:
        assert socket.receive_json()["status"]["clock"]["remaining"] == 720
        clock.advance(725)  # the first level is over
        socket.send_text("refresh")
        now = socket.receive_json()
        assert now["status"]["clock"]["level_number"] == 2
        assert now["status"]["clock"]["remaining"] == 715
        assert now["server_time"] == clock().isoformat()
        socket.send_text("something else")  # ignored
        socket.send_text("refresh")
        assert socket.receive_json()["status"]["clock"]["remaining"] == 715


@pytest.mark.parametrize("name", ["tournament-99", "99", "nope"])
def test_unknown_tournament_closes_with_4404(client: TestClient, name: str) -> None:
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(f"/ws/tournaments/{name}") as socket,
    ):
        socket.receive_json()
    assert closed.value.code == 4404


def test_a_closed_socket_is_forgotten(
    director: TestClient, new_tournament: Callable[..., str], run: Run, app: FastAPI
) -> None:
    tournament = new_tournament(director, start=True)
    with director.websocket_connect(f"/ws/tournaments/{tournament}") as socket:
        socket.receive_json()
        assert app.state.web.hub.listeners(tournament) == 1
    run(director, tournament, "pause-clock")  # nobody listens any more: no error
    assert app.state.web.hub.listeners(tournament) == 0


def test_the_document_is_in_the_sockets_language(
    director: TestClient, new_tournament: Callable[..., str]
) -> None:
    money = {"buy_in": {"prize": 2050, "fee": 200, "chips": 20000}}
    tournament = new_tournament(director, start=True, money=money)
    with director.websocket_connect(f"/ws/tournaments/{tournament}?lang=fr") as socket:
        french = socket.receive_json()["money"]
    with director.websocket_connect(f"/ws/tournaments/{tournament}") as socket:
        english = socket.receive_json()["money"]
    assert (french["pool"], french["pool_text"]) == (5 * 2050, "102,50 €")
    assert english["pool_text"] == "€102.50"


def _clock(client: TestClient, tournament: str) -> dict[str, Any]:
    clock = client.get(f"/api/tournaments/{tournament}").json()["clock"]
    assert isinstance(clock, dict)
    return clock


def test_the_clock_resumes_exactly_after_a_restart(
    make_app: Callable[..., FastAPI],
    new_tournament: Callable[..., str],
    log_in: Callable[..., str],
    run: Run,
    clock: Any,
) -> None:
    with TestClient(make_app()) as first:
        log_in(first)
        tournament = new_tournament(first, start=True)
        clock.advance(300)
        assert _clock(first, tournament)["remaining"] == 420
    clock.advance(60)  # the server was down for a minute: the clock kept running
    with TestClient(make_app(password=None)) as second:
        log_in(second)
        running = _clock(second, tournament)
        assert (running["is_running"], running["remaining"]) == (True, 360)
        with second.websocket_connect(f"/ws/tournaments/{tournament}") as socket:
            assert socket.receive_json()["status"]["clock"]["remaining"] == 360
        run(second, tournament, "pause-clock")
        clock.advance(500)
    clock.advance(3600)  # paused, down for an hour
    with TestClient(make_app(password=None)) as third:
        paused = _clock(third, tournament)
        assert (paused["is_running"], paused["remaining"], paused["level_number"]) == (
            False,
            360,
            1,
        )
        with third.websocket_connect(f"/ws/tournaments/{tournament}") as socket:
            pushed = socket.receive_json()["status"]["clock"]
        assert (pushed["is_running"], pushed["remaining"]) == (False, 360)
        log_in(third)
        run(third, tournament, "resume-clock")
        clock.advance(60)
        assert _clock(third, tournament)["remaining"] == 300


def test_a_binary_message_is_ignored(
    director: TestClient, new_tournament: Callable[..., str], run: Run
) -> None:
    tournament = new_tournament(director, start=True)
    with director.websocket_connect(f"/ws/tournaments/{tournament}") as socket:
        socket.receive_json()
        socket.send_bytes(b"refresh")
        run(director, tournament, "pause-clock")
        assert socket.receive_json()["status"]["clock"]["is_running"] is False


class _BrokenSocket:
    closed: int | None = None

    async def send_json(self, data: Any) -> None:
        raise AssertionError("never sent: the render failed")

    async def close(self, code: int = 1000) -> None:
        self.closed = code


def test_a_failing_listener_never_fails_the_command(
    director: TestClient,
    new_tournament: Callable[..., str],
    run: Run,
    app: FastAPI,
    caplog: pytest.LogCaptureFixture,
) -> None:
    tournament = new_tournament(director, start=True)

    async def broken() -> dict[str, Any]:
        raise ValueError("a page's render is broken")

    hub = app.state.web.hub
    socket = _BrokenSocket()
    hub.join(tournament, Listener(socket, broken))  # type: ignore[arg-type]
    with director.websocket_connect(f"/ws/tournaments/{tournament}") as good:
        good.receive_json()
        answer = run(director, tournament, "pause-clock")  # stored, acknowledged: 200
        assert answer["events"][0]["type"] == "clock-paused"
        assert good.receive_json()["status"]["clock"]["is_running"] is False  # others still told
    assert hub.listeners(tournament) == 0
    assert socket.closed == 1011
    assert "could not push" in caplog.text
