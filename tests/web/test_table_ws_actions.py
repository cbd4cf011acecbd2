"""Actions over the player's socket: ``{"act": "call"}`` on ``/ws/play/{token}`` is applied as
``POST /play/{token}/act`` applies it, every listener gets its fresh view, and a refused or
malformed message is answered ``{"kind": "error"}`` on that socket alone, changing nothing."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from online_hand import start_online_hand
from starlette.testclient import WebSocketTestSession

Document = dict[str, Any]


def drain(socket: WebSocketTestSession) -> list[Document]:
    """Return every message sent to the socket so far (the pong follows all of them)."""
    socket.send_text("ping")
    received = []
    while (message := socket.receive_json()).get("kind") != "pong":
        received.append(message)
    return received


def table_view(client: TestClient, tournament: str) -> Document:
    answer = client.get(f"/api/tournaments/{tournament}/tables/1/view")
    assert answer.status_code == 200, answer.text
    found: Document = answer.json()
    return found


@pytest.fixture
def online(
    director: TestClient, new_tournament: Callable[..., str], run: Callable[..., Any]
) -> tuple[str, list[Document]]:
    """Five players at table 1, arrived, their seat links made and an online hand started."""
    tournament, tokens = start_online_hand(director, new_tournament, run)
    return tournament, [{"seat": seat, "token": token} for seat, token in tokens.items()]


@contextlib.contextmanager
def sockets(client: TestClient, links: list[Document]) -> Iterator[dict[int, WebSocketTestSession]]:
    """Open every player's socket, by seat, each past the document it is sent at once."""
    with contextlib.ExitStack() as stack:
        opened = {
            link["seat"]: stack.enter_context(client.websocket_connect(f"/ws/play/{link['token']}"))
            for link in links
        }
        for socket in opened.values():
            drain(socket)
        yield opened


def test_a_whole_hand_is_played_over_the_sockets(
    director: TestClient, online: tuple[str, list[Document]]
) -> None:
    tournament, links = online
    with sockets(director, links) as by_seat:
        actions = 0
        while (current := table_view(director, tournament))["status"] == "playing":
            seat, legal = current["to_act"], current["legal"]
            if legal["show"]:
                kind = "show"
            elif legal["check"]:
                kind = "check"
            else:
                kind = "call"
            by_seat[seat].send_json({"act": kind})
            actions += 1
            assert actions < 60
            # The mover's socket first: its pong follows his action; another socket's ping
            # could be answered before the action is handled.
            for other in sorted(by_seat, key=lambda number: number != seat):
                pushed = drain(by_seat[other])
                assert pushed, f"seat {other} was not sent the change"
                document = pushed[-1]
                assert "error" not in document
                assert document["me"]["seat"] == other
                assert len(document["view"]["log"]) > len(current["log"])
            if kind != "show":
                acted = [
                    line for line in document["view"]["log"] if line["event"] == "player-acted"
                ]
                assert (acted[-1]["seat"], acted[-1]["action"]) == (seat, kind)
        last = drain(by_seat[seat])
        assert last == []
    assert current["hand"] == 1
    assert current["result"] is not None
    tables = director.get(f"/api/tournaments/{tournament}/tables").json()
    stacks = {seat["seat"]: seat["stack"] for seat in tables[0]["seats"]}
    result = {line["seat"]: line["stack"] for line in current["result"]["stacks"]}
    assert {seat: stack for seat, stack in result.items() if stack} == stacks


def test_an_illegal_action_is_answered_with_its_rule_and_changes_nothing(
    director: TestClient, online: tuple[str, list[Document]]
) -> None:
    tournament, links = online
    before = table_view(director, tournament)
    seat, legal = before["to_act"], before["legal"]
    other = next(link["seat"] for link in links if link["seat"] != seat)
    with sockets(director, links) as by_seat:
        by_seat[seat].send_json({"act": "raise", "to": legal["min_raise_to"] - 1})
        refused = by_seat[seat].receive_json()
        assert refused["kind"] == "error"
        assert refused["ok"] is False
        assert refused["error"]["status"] == 422
        assert refused["error"]["kind"] == "illegal-action"
        assert refused["error"]["rule"] == "BET-MINRAISE"
        assert "BET-MINRAISE" in refused["error"]["message"]
        by_seat[other].send_json({"act": "fold"})
        out_of_turn = by_seat[other].receive_json()
        assert out_of_turn["error"]["rule"] == "BET-OOT"
        for socket in by_seat.values():
            assert drain(socket) == []  # nobody was sent a change
        assert table_view(director, tournament) == before
        # The same refusal through the page's endpoint: the same error.
        token = next(link["token"] for link in links if link["seat"] == seat)
        answer = director.post(
            f"/play/{token}/act",
            json={"kind": "raise", "to": legal["min_raise_to"] - 1},
            headers={"Accept": "application/json"},
        )
        assert answer.status_code == 422
        assert answer.json()["error"] == refused["error"]


@pytest.mark.parametrize(
    ("message", "words"),
    [
        ("call please", "not 'call please'"),
        ('{"act": "raize", "to": 600}', "unknown action 'raize'"),
        ('{"to": 600}', "unknown action ''"),
        ('["call"]', "an action is an object {act, to}"),
        ('{"act": "raise", "to": "lots"}', "to: 'lots' is not a whole number"),
    ],
)
def test_a_malformed_message_is_a_clear_error_and_the_socket_stays_open(
    director: TestClient, online: tuple[str, list[Document]], message: str, words: str
) -> None:
    tournament, links = online
    before = table_view(director, tournament)
    seat = before["to_act"]
    with sockets(director, links) as by_seat:
        by_seat[seat].send_text(message)
        answer = by_seat[seat].receive_json()
        assert answer["kind"] == "error"
        assert answer["error"]["status"] == 400
        assert answer["error"]["kind"] == "bad-input"
        assert words in answer["error"]["message"]
        assert table_view(director, tournament) == before
        # Still open: the next action is applied.
        by_seat[seat].send_json({"act": "fold"})
        log = drain(by_seat[seat])[-1]["view"]["log"]
        acted = [line for line in log if line["event"] == "player-acted"]
        assert (acted[-1]["seat"], acted[-1]["action"]) == (seat, "fold")
    after = table_view(director, tournament)
    assert after["to_act"] != seat


def test_the_error_is_in_the_sockets_language(
    director: TestClient, online: tuple[str, list[Document]]
) -> None:
    tournament, links = online
    seat = table_view(director, tournament)["to_act"]
    token = next(link["token"] for link in links if link["seat"] == seat)
    with director.websocket_connect(f"/ws/play/{token}?lang=fr") as socket:
        drain(socket)
        socket.send_text("suivre")
        answer = socket.receive_json()
    assert "envoyez ping" in answer["error"]["message"]


def test_a_player_is_sent_what_changes_his_table_only(
    director: TestClient, new_tournament: Callable[..., str], run: Callable[..., Any]
) -> None:
    players = tuple(f"Player {number}" for number in range(1, 11))
    tournament = new_tournament(director, players, start=True, table_size=5)
    for entry in range(1, 11):
        run(director, tournament, "arrive", entry=entry)
    api = f"/api/tournaments/{tournament}/tables"
    links = {table: director.post(f"{api}/{table}/links").json() for table in (1, 2)}
    away = links[2][0]
    with director.websocket_connect(f"/ws/play/{away['token']}") as socket:
        assert drain(socket)[0]["me"]["table"] == 2
        # A hand started and played out at table 1 changes the tournament, not his table.
        assert director.post(f"{api}/1/hands", json={"mode": "online"}).status_code == 200
        while (current := table_view(director, tournament))["status"] == "playing":
            seat, legal = current["to_act"], current["legal"]
            kind = "show" if legal["show"] else "fold" if legal["fold"] else "check"
            token = next(link["token"] for link in links[1] if link["seat"] == seat)
            assert (
                director.post(f"/api/play/{token}/actions", json={"kind": kind}).status_code == 200
            )
        assert drain(socket) == []
        # A player of his table busts: his table's seats changed, he is sent his view.
        other = links[2][1]
        run(director, tournament, "bust-players", entries=[other["entry"]])
        (pushed,) = drain(socket)
        seats = {seat["entry"] for seat in pushed["view"]["seats"]}
        assert away["entry"] in seats
        assert other["entry"] not in seats
        # He busts himself: he is told, and follows the tournament from then on.
        run(director, tournament, "bust-players", entries=[away["entry"]])
        assert drain(socket)[-1]["view"] is None
        socket.send_text("refresh")  # asked for: sent, the same as the last one or not
        (last,) = drain(socket)
        assert (last["topic"], last["view"]) == (tournament, None)
        assert director.app.state.web.hub.listeners(tournament) == 1  # his socket
        # A change of the tournament that leaves his document as it was sends him nothing: the
        # same text is not pushed again (``Hub``).
        run(director, tournament, "pause-clock")
        assert drain(socket) == []
