"""Broadcast off the command's path (issue 16): each socket has a mailbox of one document (the
latest) and its own writer; a command never waits for a socket, a slow one is dropped with 1013
(its page reconnects), and the displays of a tournament share one render per change."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from pokertd.web import ws
from pokertd.web.hub import TRY_AGAIN, Hub, Listener

Run = Callable[..., Any]
#: A bound on how long the test waits for something that must happen (seconds), never a timing.
BOUND = 30.0


class StuckSocket:
    """A socket whose client never reads: ``send_text`` waits until the test releases it."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.release = threading.Event()
        self.closed: int | None = None

    async def send_text(self, text: str) -> None:
        while not self.release.is_set():
            await asyncio.sleep(0.01)
        self.sent.append(json.loads(text))

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = code


def join_stuck(client: TestClient, app: FastAPI, tournament: str) -> tuple[Hub, StuckSocket]:
    hub: Hub = app.state.web.hub
    socket = StuckSocket()

    async def render() -> dict[str, Any]:
        return ws.display_document(app.state.web, tournament)

    assert client.portal is not None
    client.portal.call(hub.join, tournament, Listener(socket, render))  # type: ignore[arg-type]
    return hub, socket


def in_time(action: Callable[[], Any]) -> Any:
    """Run ``action`` in a thread; fail (instead of hanging) if it does not end within BOUND."""
    done: list[Any] = []
    worker = threading.Thread(target=lambda: done.append(action()), daemon=True)
    worker.start()
    worker.join(BOUND)
    assert done, "blocked: the request did not end"
    return done[0]


def test_a_command_never_waits_for_a_socket(
    director: TestClient, new_tournament: Callable[..., str], run: Run, app: FastAPI
) -> None:
    tournament = new_tournament(director, start=True)
    hub, socket = join_stuck(director, app, tournament)
    answer = in_time(lambda: run(director, tournament, "pause-clock"))
    assert answer["events"][0]["type"] == "clock-paused"
    assert socket.sent == []  # the document waits in the mailbox; the command did not
    socket.release.set()
    until(lambda: len(socket.sent) == 1)
    assert socket.sent[0]["status"]["clock"]["is_running"] is False
    assert hub.listeners(tournament) == 1


def test_a_socket_behind_gets_the_latest_document_only(
    director: TestClient, new_tournament: Callable[..., str], run: Run, app: FastAPI
) -> None:
    tournament = new_tournament(director, start=True)
    _, socket = join_stuck(director, app, tournament)
    for entry in (1, 2, 3):
        in_time(lambda entry=entry: run(director, tournament, "bust-players", entries=[entry]))
    socket.release.set()
    until(lambda: socket.sent and socket.sent[-1]["status"]["players_left"] == 2)
    assert len(socket.sent) <= 2  # the one in flight, then the latest: never a backlog
    assert [sent["status"]["players_left"] for sent in socket.sent][-1] == 2


def test_a_slow_socket_is_dropped_and_told_to_reconnect(
    director: TestClient,
    new_tournament: Callable[..., str],
    run: Run,
    app: FastAPI,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tournament = new_tournament(director, start=True)
    hub, socket = join_stuck(director, app, tournament)
    monkeypatch.setattr(hub, "slow", 0.1)
    with director.websocket_connect(f"/ws/tournaments/{tournament}") as good:
        good.receive_json()
        in_time(lambda: run(director, tournament, "pause-clock"))
        assert good.receive_json()["status"]["clock"]["is_running"] is False
        until(lambda: socket.closed is not None)
        assert socket.closed == TRY_AGAIN
        assert hub.listeners(tournament) == 1  # the good one stays
        run(director, tournament, "resume-clock")
        assert good.receive_json()["status"]["clock"]["is_running"] is True


def test_the_displays_of_a_tournament_share_one_render(
    director: TestClient,
    new_tournament: Callable[..., str],
    run: Run,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tournament = new_tournament(director, start=True)
    renders: list[str] = []
    document = ws.display_document

    def counted(*args: Any) -> dict[str, Any]:
        renders.append(args[1])
        return document(*args)

    monkeypatch.setattr(ws, "display_document", counted)
    with (
        director.websocket_connect(f"/ws/tournaments/{tournament}") as first,
        director.websocket_connect(f"/ws/tournaments/{tournament}") as second,
        director.websocket_connect(f"/ws/tournaments/{tournament}?lang=fr") as third,
    ):
        for socket in (first, second, third):
            socket.receive_json()
        renders.clear()
        run(director, tournament, "pause-clock")
        pushed = [socket.receive_json() for socket in (first, second, third)]
    assert len(renders) == 2  # one per language, not one per socket
    assert pushed[0] == pushed[1]
    assert all(doc["status"]["clock"]["is_running"] is False for doc in pushed)


def until(condition: Callable[[], Any]) -> None:
    """Wait (bounded) until ``condition()`` holds: something the server's tasks do by themselves."""
    deadline = time.monotonic() + BOUND
    while not condition():
        assert time.monotonic() < deadline, "it did not happen"
        time.sleep(0.01)


def test_each_dealer_socket_gets_its_own_tables_view(
    director: TestClient, new_tournament: Callable[..., str], run: Run
) -> None:
    """The dealers of two tables both listen to the tournament: a shared render is per table."""
    players = tuple(f"Player {n:02}" for n in range(1, 13))
    tournament = new_tournament(director, players=players, start=True, table_size=6)
    with (
        director.websocket_connect(f"/ws/tables/{tournament}/1") as one,
        director.websocket_connect(f"/ws/tables/{tournament}/2") as two,
    ):
        seats = {1: one.receive_json()["seats"], 2: two.receive_json()["seats"]}
        assert seats[1] != seats[2]
        run(director, tournament, "pause-clock")  # a change of the tournament: both are told
        assert one.receive_json()["seats"] == seats[1]
        assert two.receive_json()["seats"] == seats[2]


def test_displays_asking_at_once_share_one_render(
    director: TestClient,
    new_tournament: Callable[..., str],
    clock: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At the end of a level every display asks ``refresh``: one render serves them all (for
    ``FRESH`` seconds of the app's clock); a second later, a new render."""
    tournament = new_tournament(director, start=True)
    renders: list[str] = []
    document = ws.display_document

    def counted(*args: Any) -> dict[str, Any]:
        renders.append(args[1])
        return document(*args)

    monkeypatch.setattr(ws, "display_document", counted)
    with (
        director.websocket_connect(f"/ws/tournaments/{tournament}") as first,
        director.websocket_connect(f"/ws/tournaments/{tournament}") as second,
    ):
        for socket in (first, second):
            socket.receive_json()
        clock.advance(725)  # the first level is over
        renders.clear()
        for socket in (first, second):
            socket.send_text("refresh")
        levels = [
            socket.receive_json()["status"]["clock"]["level_number"] for socket in (first, second)
        ]
        assert levels == [2, 2]
        assert len(renders) == 1
        clock.advance(2)
        first.send_text("refresh")
        first.receive_json()
        assert len(renders) == 2


def test_a_display_that_merges_is_sent_only_what_changed(
    director: TestClient, new_tournament: Callable[..., str], run: Run
) -> None:
    """A paused clock changes the status, not the seating: the display page (``parts=same``)
    is sent the document without the tables, named in ``same``; merged with the one it holds,
    it is the whole document another socket gets."""
    tournament = new_tournament(director, start=True)
    with (
        director.websocket_connect(f"/ws/tournaments/{tournament}?parts=same") as merging,
        director.websocket_connect(f"/ws/tournaments/{tournament}") as whole,
    ):
        held, _ = merging.receive_json(), whole.receive_json()
        assert "same" not in held
        assert held["tables"]
        run(director, tournament, "pause-clock")
        partial, full = merging.receive_json(), whole.receive_json()
        assert "tables" in partial["same"]
        assert "tables" not in partial
        assert "same" not in full
        assert full["tables"] == held["tables"]
        same = partial.pop("same")
        merged = {**partial, **{part: held[part] for part in same}}
        assert merged == full
        assert merged["status"]["clock"]["is_running"] is False
        merging.send_text("refresh")  # asked for: the whole document
        assert "same" not in merging.receive_json()


def test_a_change_of_names_in_the_register_sends_every_display_its_whole_document(
    director: TestClient, new_tournament: Callable[..., str], run: Run, csrf: str
) -> None:
    """Documents hold person ids, which a rename does not change: a display that merges is
    sent the whole document at once (names resolved again), never a partial one."""
    tournament = new_tournament(director, start=True)
    with director.websocket_connect(f"/ws/tournaments/{tournament}?parts=same") as merging:
        merging.receive_json()
        run(director, tournament, "pause-clock")
        assert "same" in merging.receive_json()
        shown = director.post(
            "/people/settings", data={"csrf": csrf, "shown": "full"}, follow_redirects=False
        )
        assert shown.status_code == 303
        pushed = in_time(merging.receive_json)  # fails, not hangs, if nothing is pushed
        assert "same" not in pushed
        assert pushed["tables"]


def test_a_clock_command_does_not_compare_every_table_seating(
    director: TestClient,
    new_tournament: Callable[..., str],
    run: Run,
    app: FastAPI,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Pausing the clock moves nobody: the seating of each table is not worked out again; a
    bust-out is."""
    tournament = new_tournament(director, start=True)
    web = app.state.web
    compared: list[str] = []
    seats_changed = web.seats_changed

    def counted(tournament: str) -> None:
        compared.append(tournament)
        seats_changed(tournament)

    monkeypatch.setattr(web, "seats_changed", counted)
    run(director, tournament, "pause-clock")
    run(director, tournament, "resume-clock")
    assert compared == []
    run(director, tournament, "bust-players", entries=[1])
    assert compared == [tournament]
