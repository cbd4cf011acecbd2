"""The table app: a dealer-mode hand through the page's forms, the JSON API, rulings on chips
pushed, PHH downloads that replay, and seat links for online play."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from pokertd.history import read_phh, read_phhs
from pokertd.history.replay import replay

HX = {"HX-Request": "true"}
BOARD = (["Ks", "Qs", "3d"], ["8c"], ["9h"])


def view(client: TestClient, tournament: str) -> dict[str, Any]:
    answer = client.get(f"/api/tournaments/{tournament}/tables/1/view")
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def do(client: TestClient, tournament: str, action: str, **fields: Any) -> Any:
    """Post one form of the dealer's page as HTMX does, with the session's CSRF token."""
    token = client.headers["X-CSRF-Token"]
    data = {"csrf": token, **{key: str(value) for key, value in fields.items()}}
    answer = client.post(f"/table/{tournament}/1/do/{action}", data=data, headers=HX)
    assert answer.status_code == 200, answer.text
    assert "HX-Retarget" not in answer.headers, answer.text  # an error went to #errors
    return answer


@pytest.fixture
def drawn(director: TestClient, new_tournament: Callable[..., str], run: Callable[..., Any]) -> str:
    """Five players at table 1, all arrived, clock running."""
    tournament = new_tournament(director, start=True)
    for entry in range(1, 6):
        run(director, tournament, "arrive", entry=entry)
    return tournament


def test_dealer_hand_through_the_forms_reaches_the_tournament(
    director: TestClient, drawn: str
) -> None:
    page = director.get(f"/table/{drawn}/1")
    assert page.status_code == 200
    assert "Start next hand" in page.text
    answer = director.post(
        f"/table/{drawn}/1/do/start",
        data={"csrf": director.headers["X-CSRF-Token"], "mode": "dealer"},
        follow_redirects=False,
    )
    assert answer.status_code == 303  # without HTMX: back to the page
    start = view(director, drawn)
    assert (start["status"], start["mode"], start["hand"]) == ("playing", "dealer", 1)
    loser = start["to_act"]
    do(director, drawn, "hole", seat=loser, cards="7h 2c")
    do(director, drawn, "act", seat=loser, kind="all-in")
    winner = view(director, drawn)["to_act"]
    do(director, drawn, "hole", seat=winner, cards="As,Ad")
    do(director, drawn, "act", seat=winner, kind="call")
    boards = iter(BOARD)
    while (current := view(director, drawn))["status"] == "playing":
        seat, legal = current["to_act"], current["legal"]
        if legal is None:
            part = do(director, drawn, "board", cards=" ".join(next(boards)))
        elif legal["show"]:
            part = do(director, drawn, "show", seat=seat)
        elif legal["fold"]:
            part = do(director, drawn, "act", seat=seat, kind="fold")
        else:
            part = do(director, drawn, "act", seat=seat, kind="check")
    assert 'data-field="result"' in part.text
    result = {line["seat"]: line for line in current["result"]["stacks"]}
    assert result[loser]["stack"] == 0
    stack = result[winner]["stack"]
    tables = director.get(f"/api/tournaments/{drawn}/tables").json()
    stacks = {seat["seat"]: seat["stack"] for seat in tables[0]["seats"]}
    assert stacks[winner] == stack
    assert loser not in stacks
    standings = director.get(f"/api/tournaments/{drawn}/standings").json()
    busted = next(s for s in standings if s["entry"] == result[loser]["entry"])
    assert busted["place"] == 5
    # The PHH: one hand, and all hands; both replay to the same stacks.
    text = director.get(f"/table/{drawn}/1/hands/1.phh")
    assert text.status_code == 200
    assert "attachment" in text.headers["content-disposition"]
    history = read_phh(text.text)
    replayed = replay(history)
    assert replayed.error is None
    assert replayed.hand.result is not None
    assert sorted(replayed.hand.result.stacks) == sorted(history.finishing_stacks or ())
    assert "7h2c" in text.text
    assert "AsAd" in text.text
    (again,) = read_phhs(director.get(f"/table/{drawn}/1/hands.phhs").text)
    assert again == history
    assert director.get(f"/table/{drawn}/1/hands/2.phh").status_code == 404
    assert f'href="/table/{drawn}/1/hands/1.phh"' in director.get(f"/table/{drawn}/1").text


def test_illegal_action_is_refused_with_its_rule_and_changes_nothing(
    director: TestClient, drawn: str
) -> None:
    started = director.post(f"/api/tournaments/{drawn}/tables/1/hands", json={"mode": "dealer"})
    assert started.status_code == 200, started.text
    before = view(director, drawn)
    seat, legal = before["to_act"], before["legal"]
    low = legal["min_raise_to"] - 1
    refused = director.post(
        f"/api/tournaments/{drawn}/tables/1/actions",
        json={"seat": seat, "kind": "raise", "to": low},
    )
    assert refused.status_code == 422
    assert refused.json()["error"]["rule"] == "BET-MINRAISE"
    # The page's form: the message goes to the #errors box.
    token = director.headers["X-CSRF-Token"]
    form = {"csrf": token, "seat": str(seat), "kind": "raise", "to": str(low)}
    answer = director.post(f"/table/{drawn}/1/do/act", data=form, headers=HX)
    assert answer.headers["HX-Retarget"] == "#errors"
    assert "BET-MINRAISE" in answer.text
    plain = director.post(f"/table/{drawn}/1/do/act", data=form)
    assert plain.status_code == 422
    no_csrf = director.post(f"/table/{drawn}/1/do/act", data={**form, "csrf": "forged"})
    assert no_csrf.status_code == 403
    other = next(s["seat"] for s in before["seats"] if s["seat"] != seat)
    out_of_turn = director.post(
        f"/api/tournaments/{drawn}/tables/1/actions", json={"seat": other, "kind": "fold"}
    )
    assert out_of_turn.json()["error"]["rule"] == "BET-OOT"
    again = director.post(f"/api/tournaments/{drawn}/tables/1/hands", json={"mode": "dealer"})
    assert again.status_code == 422  # a hand is in progress
    assert view(director, drawn) == before


def test_chips_pushed_are_ruled_on(director: TestClient, drawn: str) -> None:
    director.post(f"/api/tournaments/{drawn}/tables/1/hands", json={"mode": "dealer"})
    before = view(director, drawn)
    seat, big = before["to_act"], before["blinds"][1]
    part = do(director, drawn, "chips", seat=seat, chips=f"{big // 2},{big // 2}")
    assert "BET-MULTI-CHIP" in part.text
    assert "TDA 50A" in part.text
    assert "Applied to the hand." in part.text
    acted = [line for line in view(director, drawn)["log"] if line["event"] == "player-acted"]
    assert (acted[-1]["seat"], acted[-1]["action"]) == (seat, "call")
    nxt = view(director, drawn)["to_act"]
    ruled = director.post(
        f"/api/tournaments/{drawn}/tables/1/chips?lang=fr",
        json={"seat": nxt, "chips": [], "said": f"raise {big * 3}"},
    )
    assert ruled.status_code == 200, ruled.text
    body = ruled.json()
    assert body["ruling"]["rule"] == "BET-VERBAL-TOTAL"
    assert body["applied"] is True
    assert body["ruling"]["explanation"] == body["ruling"]["explanation_fr"]
    assert body["view"]["seats"]
    too_much = director.post(
        f"/api/tournaments/{drawn}/tables/1/chips",
        json={"seat": body["view"]["to_act"], "chips": [10**9]},
    )
    assert too_much.status_code == 400


def test_cards_through_the_api_and_privacy_of_the_public_view(
    director: TestClient, drawn: str, client: TestClient
) -> None:
    director.post(f"/api/tournaments/{drawn}/tables/1/hands", json={"mode": "dealer"})
    seat = view(director, drawn)["to_act"]
    answer = director.post(
        f"/api/tournaments/{drawn}/tables/1/cards", json={"seat": seat, "cards": ["Ah", None]}
    )
    assert answer.status_code == 200, answer.text
    mine = next(s for s in answer.json()["seats"] if s["seat"] == seat)
    assert mine["cards"] == ["Ah", None]
    wrong = director.post(
        f"/api/tournaments/{drawn}/tables/1/cards", json={"seat": seat, "cards": ["Zz"]}
    )
    assert wrong.status_code == 400
    director.post("/logout", data={"csrf": director.headers["X-CSRF-Token"]})
    public = client.get(f"/api/tournaments/{drawn}/tables/1/view").json()
    assert public["viewer"]["kind"] == "public"
    assert all(s["cards"] is None for s in public["seats"])
    assert client.get(f"/table/{drawn}/1").status_code == 401
    refused = client.post(f"/api/tournaments/{drawn}/tables/1/hands", json={"mode": "dealer"})
    assert refused.status_code in (401, 403)


def test_seat_links_resolve_and_a_wrong_token_is_404(director: TestClient, drawn: str) -> None:
    links = director.post(f"/api/tournaments/{drawn}/tables/1/links")
    assert links.status_code == 200, links.text
    found = links.json()
    assert len(found) == 5
    assert len({link["token"] for link in found}) == 5
    first = found[0]
    page = director.get(first["path"])
    assert page.status_code == 200
    assert first["name"] in page.text
    document = director.get(f"/api/play/{first['token']}").json()
    assert document["me"] == {"entry": first["entry"], "name": first["name"], "table": 1,
                              "seat": first["seat"]}  # fmt: skip
    assert director.get("/play/not-a-token").status_code == 404
    assert director.get("/api/play/not-a-token").status_code == 404
    assert director.post("/api/play/not-a-token/actions", json={"kind": "fold"}).status_code == 404
    with (
        pytest.raises(WebSocketDisconnect),
        director.websocket_connect("/ws/play/not-a-token") as ws,
    ):
        ws.receive_json()
    # The dealer's page makes links too, shown once.
    part = do(director, drawn, "links")
    assert len(re.findall(r"/play/[\w-]{20,}", part.text)) >= 5


def test_online_hand_from_a_players_link_against_bots(director: TestClient, drawn: str) -> None:
    links = director.post(f"/api/tournaments/{drawn}/tables/1/links").json()
    human = links[0]
    for link in links[1:]:
        director.post(
            f"/api/tournaments/{drawn}/tables/1/bots", json={"seat": link["seat"], "on": True}
        )
    start = director.post(f"/api/tournaments/{drawn}/tables/1/hands", json={"mode": "online"})
    assert start.status_code == 200, start.text
    token = human["token"]
    for _ in range(50):
        document = director.get(f"/api/play/{token}").json()
        current = document["view"]
        if current["status"] != "playing":
            break
        assert current["to_act"] == human["seat"]  # the bots played up to him
        legal = current["legal"]
        kind = "check" if legal["check"] else ("show" if legal["show"] else "call")
        # A cross-site form post (no header, no JSON body) is refused.
        forged = director.post(f"/play/{token}/act", data={"kind": kind})
        assert forged.status_code == 403
        answer = director.post(
            f"/play/{token}/act", data={"kind": kind}, headers={"X-Requested-With": "pokertd"}
        )
        assert answer.status_code == 200, answer.text
    assert director.get(f"/api/play/{token}").json()["view"]["status"] == "finished"


def test_dealer_socket_needs_the_director_and_pushes_changes(
    director: TestClient, drawn: str, client: TestClient
) -> None:
    with director.websocket_connect(f"/ws/tables/{drawn}/1") as socket:
        first = socket.receive_json()
        assert first["status"] == "waiting"
        director.post(f"/api/tournaments/{drawn}/tables/1/hands", json={"mode": "dealer"})
        pushed = socket.receive_json()
        assert pushed["status"] == "playing"
        assert pushed["viewer"]["kind"] == "dealer"
    director.post("/logout", data={"csrf": director.headers["X-CSRF-Token"]})
    with (
        pytest.raises(WebSocketDisconnect),
        client.websocket_connect(f"/ws/tables/{drawn}/1") as ws,
    ):
        ws.receive_json()
