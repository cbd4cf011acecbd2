"""Draw games in the table app without a browser: a player's draw by form, JSON and socket
(DRAW-DISCARD, DRAW-ORDER refusals with their rule, nothing changed), the dealer's draw and the
serving of the new cards, the hands in words, and a stud level dealt at a live table."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from pokertd.present.hand_words import game_name, hand_words
from pokertd.tournament.structure import template

HEADERS = {"X-Requested-With": "pokertd"}


def event(client: TestClient, run: Any, game: str, players: int = 3) -> str:
    """An event whose levels are all ``game``, its players seated, present, clock running."""
    turbo = template("turbo").to_dict()
    for item in turbo["items"]:
        if item["type"] == "level":
            item["game"] = game
    answer = client.post("/api/tournaments", json={"title": "Draw night", "structure": turbo})
    assert answer.status_code == 201, answer.text
    tournament: str = answer.json()["tournament"]
    for number in range(players):
        run(client, tournament, "register", player=f"Player {number + 1}")
    run(client, tournament, "draw-seats")
    run(client, tournament, "start-clock")
    for entry in range(1, players + 1):
        run(client, tournament, "arrive", entry=entry)
    return tournament


def table_view(client: TestClient, tournament: str) -> dict[str, Any]:
    found: dict[str, Any] = client.get(f"/api/tournaments/{tournament}/tables/1/view").json()
    return found


def to_the_draw(client: TestClient, tournament: str) -> dict[str, Any]:
    """Everyone calls or checks, through the dealer's API, until the draw."""
    for _ in range(10):
        current = table_view(client, tournament)
        if current["phase"] == "drawing":
            return current
        legal = current["legal"]
        kind = "check" if legal["check"] else "call"
        answer = client.post(
            f"/api/tournaments/{tournament}/tables/1/actions",
            json={"seat": current["to_act"], "kind": kind},
        )
        assert answer.status_code == 200, answer.text
    raise AssertionError("the hand never reached the draw")


@pytest.fixture
def online(director: TestClient, run: Any) -> tuple[str, dict[int, str]]:
    """A 2-7 triple draw hand online, at the first draw; the players' tokens by seat."""
    tournament = event(director, run, "fl27td")
    links = director.post(f"/api/tournaments/{tournament}/tables/1/links").json()
    start = director.post(f"/api/tournaments/{tournament}/tables/1/hands", json={"mode": "online"})
    assert start.status_code == 200, start.text
    to_the_draw(director, tournament)
    return tournament, {link["seat"]: link["token"] for link in links}


def his_cards(document: dict[str, Any]) -> list[str]:
    seat = document["me"]["seat"]
    cards: list[str] = next(s for s in document["view"]["seats"] if s["seat"] == seat)["cards"]
    return cards


def test_a_player_draws_by_tapping_then_stands_pat_by_form(
    director: TestClient, online: tuple[str, dict[int, str]]
) -> None:
    tournament, tokens = online
    first = table_view(director, tournament)["to_act"]
    token = tokens[first]
    page = director.get(f"/play/{token}")
    assert "data-draw" in page.text
    assert 'name="discard"' in page.text
    before = his_cards(director.get(f"/api/play/{token}").json())
    answer = director.post(
        f"/play/{token}/act",
        data={"kind": "draw", "discard": [before[0], before[2]]},
        headers=HEADERS,
    )
    assert answer.status_code == 200, answer.text
    second = table_view(director, tournament)["to_act"]
    assert second != first
    answer = director.post(f"/play/{tokens[second]}/act", data={"kind": "pat"}, headers=HEADERS)
    assert answer.status_code == 200, answer.text
    seats = {s["seat"]: s for s in table_view(director, tournament)["seats"]}
    assert (seats[first]["drew"], seats[second]["drew"]) == (2, 0)


def test_draw_discard_a_draw_with_no_card_is_refused_and_changes_nothing(
    director: TestClient, online: tuple[str, dict[int, str]]
) -> None:
    tournament, tokens = online
    before = table_view(director, tournament)
    token = tokens[before["to_act"]]
    answer = director.post(f"/play/{token}/act", data={"kind": "draw"}, headers=HEADERS)
    assert answer.status_code == 400  # bad input: no card chosen
    assert "DRAW-DISCARD" in answer.text
    assert table_view(director, tournament)["log"] == before["log"]


def test_draw_discard_a_card_not_his_is_refused_through_the_json_api(
    director: TestClient, online: tuple[str, dict[int, str]]
) -> None:
    tournament, tokens = online
    before = table_view(director, tournament)
    seat = before["to_act"]
    other = next(s for s in before["seats"] if s["seat"] != seat)["cards"][0]
    answer = director.post(
        f"/api/play/{tokens[seat]}/actions", json={"kind": "draw", "cards": [other]}
    )
    assert answer.status_code == 422
    assert answer.json()["error"]["rule"] == "DRAW-DISCARD"
    assert table_view(director, tournament)["log"] == before["log"]


def test_draw_order_a_player_out_of_turn_is_refused_on_his_socket(
    director: TestClient, online: tuple[str, dict[int, str]]
) -> None:
    tournament, tokens = online
    before = table_view(director, tournament)
    waiting = next(seat for seat in tokens if seat != before["to_act"])
    with director.websocket_connect(f"/ws/play/{tokens[waiting]}") as socket:
        socket.receive_json()  # his document
        socket.send_text('{"act": "pat"}')
        refused = socket.receive_json()
    assert (refused["kind"], refused["error"]["rule"]) == ("error", "DRAW-ORDER")
    assert table_view(director, tournament)["log"] == before["log"]


def test_the_dealer_draws_unseen_cards_and_serves_each_seat_in_order(
    director: TestClient, run: Any
) -> None:
    tournament = event(director, run, "nl27sd")
    token = director.headers["X-CSRF-Token"]
    director.post(f"/table/{tournament}/1/do/start", data={"csrf": token, "mode": "dealer"})
    current = to_the_draw(director, tournament)
    drawers = []
    while current["phase"] == "drawing":
        seat = current["to_act"]
        drawers.append(seat)
        answer = director.post(
            f"/table/{tournament}/1/do/act",
            data={"csrf": token, "seat": str(seat), "kind": "draw", "discard": ["??"]},
            headers={"HX-Request": "true"},
        )
        assert answer.status_code == 200, answer.text
        current = table_view(director, tournament)
    assert current["draw_owed"] == drawers
    page = director.get(f"/table/{tournament}/1")
    assert "Serve the draw: seat" in page.text
    for seat in drawers:
        answer = director.post(
            f"/api/tournaments/{tournament}/tables/1/cards", json={"seat": seat, "cards": [None]}
        )
        assert answer.status_code == 200, answer.text
    assert table_view(director, tournament)["phase"] == "betting"


def test_tbl_mixed_button_a_stud_level_is_dealt_at_a_live_table(
    director: TestClient, run: Any
) -> None:
    """A razz level is dealt online: no blind, the level's ante and bring-in, the bring-in owed
    first (it was refused before stud came to the live tables)."""
    tournament = event(director, run, "razz")
    answer = director.post(f"/api/tournaments/{tournament}/tables/1/hands", json={"mode": "online"})
    assert answer.status_code == 200, answer.text
    view = table_view(director, tournament)
    assert (view["status"], view["family"], view["street"]) == ("playing", "stud", "third")
    small_bet = view["blinds"][1]
    assert view["limits"] == [small_bet, 2 * small_bet]
    assert view["bring_in"] == small_bet // 4
    assert view["positions"]["small_blind"] == 0
    assert view["positions"]["big_blind"] == 0
    assert view["legal"]["bring_in"]
    assert view["legal"]["call"] == view["bring_in"]
    assert not [line for line in view["log"] if line["event"] == "blind-posted"]
    assert all(len(seat["cards"]) == 3 for seat in view["seats"])


def test_stud_bringin_tie_the_dealer_types_third_street_s_up_cards_alone(
    director: TestClient, run: Any
) -> None:
    """The dealer types each player's up card alone: it stands for two unseen down cards and
    it; of two kings in razz the spade brings in (STUD-BRINGIN-TIE: TDA PR-9C)."""
    tournament = event(director, run, "razz")
    token = director.headers["X-CSRF-Token"]
    director.post(f"/table/{tournament}/1/do/start", data={"csrf": token, "mode": "dealer"})
    seats = [seat["seat"] for seat in table_view(director, tournament)["seats"]]
    ups = ("Kd", "Ks", "3c")
    for seat, up in zip(seats, ups, strict=True):
        answer = director.post(
            f"/table/{tournament}/1/do/hole",
            data={"csrf": token, "seat": str(seat), "cards": up},
            headers={"HX-Request": "true"},
        )
        assert answer.status_code == 200, answer.text
    view = table_view(director, tournament)
    assert [seat["cards"] for seat in view["seats"]] == [[None, None, up] for up in ups]
    assert view["legal"]["bring_in"]
    assert view["to_act"] == seats[1]


@pytest.mark.parametrize(
    ("game", "cards", "board", "english", "french"),
    [
        ("fl27td", "8h 6d 4c 3s 2h", "", "8-6 low (8-6-4-3-2)", "low 8-6 (8-6-4-3-2)"),
        ("nl27sd", "7h 5d 4c 3s 2h", "", "7-5 low (7-5-4-3-2)", "low 7-5 (7-5-4-3-2)"),
        ("nl27sd", "Kh Kd 4c 3s 2h", "", "pair of kings", "paire de rois"),
        ("nl27sd", "Ah 5h 4h 3h 2h", "", "flush, ace high", "couleur, as"),
        ("badugi", "7s 4h 3d 2c", "", "badugi 7-4-3-2", "badugi 7-4-3-2"),
        ("badugi", "7s 4h 3d 3c", "", "3-card hand 7-4-3", "main de 3 cartes 7-4-3"),
        ("nl5cd", "Kh Kd 5c 5s 9h", "", "two pair, kings and fives", "deux paires, rois et cinq"),
        ("nlhe", "Ah Ad", "Ac 2d 3d", "three of a kind, aces", "brelan d'as"),
    ],
)
def test_tabled_hands_in_words(
    game: str, cards: str, board: str, english: str, french: str
) -> None:
    assert hand_words(game, cards.split(), board.split()) == english
    assert hand_words(game, cards.split(), board.split(), lang="fr") == french


def test_hands_not_all_known_have_no_words_and_games_have_names() -> None:
    assert hand_words("fl27td", ["8h", None, "4c", "3s", "2h"]) == ""
    assert hand_words("stud8", ["8h", "6d", "4c", "3s", "2h"]) == ""
    assert game_name("badugi", "fr") == "Badugi limit"


def test_the_api_creates_an_8_game_event_whose_first_level_deals_2_7_triple_draw(
    director: TestClient, run: Any
) -> None:
    answer = director.post(
        "/api/tournaments", json={"title": "Mixed", "template": "turbo", "rotation": "8-game"}
    )
    assert answer.status_code == 201, answer.text
    tournament = answer.json()["tournament"]
    for number in range(3):
        run(director, tournament, "register", player=f"Player {number + 1}")
    run(director, tournament, "draw-seats")
    run(director, tournament, "start-clock")
    for entry in range(1, 4):
        run(director, tournament, "arrive", entry=entry)
    start = director.post(f"/api/tournaments/{tournament}/tables/1/hands", json={"mode": "online"})
    assert start.status_code == 200, start.text
    assert table_view(director, tournament)["game"] == "fl27td"
    refused = director.post(
        "/api/tournaments", json={"title": "Mixed", "rotation": "horse every 8 hands"}
    )
    assert refused.status_code == 400
    assert "changes game every 8 hands" in refused.text


def test_a_players_documents_name_only_cards_he_held_or_saw_tabled_in_a_draw_hand(
    director: TestClient, online: tuple[str, dict[int, str]]
) -> None:
    """Hidden information in a draw game: his discards and new cards are his; the others'
    discards, draws and the reshuffled discards never reach him (DRAW-DISCARD)."""
    tournament, tokens = online
    watcher = min(tokens)
    received: list[str] = []
    for _ in range(60):
        received.append(director.get(f"/api/play/{tokens[watcher]}").text)
        received.append(director.get(f"/play/{tokens[watcher]}/part").text)
        current = table_view(director, tournament)
        if current["status"] != "playing":
            break
        seat, legal = current["to_act"], current["legal"]
        if legal["draw"]:
            held = next(s for s in current["seats"] if s["seat"] == seat)["cards"]
            body: dict[str, Any] = {"kind": "draw", "cards": held[:3]}
        elif legal["show"]:
            body = {"kind": "show"}
        else:
            body = {"kind": "check" if legal["check"] else "call"}
        answer = director.post(f"/api/play/{tokens[seat]}/actions", json=body)
        assert answer.status_code == 200, answer.text
    final = table_view(director, tournament)  # the dealer's: every card
    assert final["status"] == "finished"
    held = {
        card
        for line in final["log"]
        if line["event"] in ("hole-dealt", "cards-drawn") and line["seat"] == watcher
        for card in line["cards"]
    }
    tabled = {card for seat in final["seats"] if seat["is_shown"] for card in seat["cards"] or ()}
    everyone = {
        card
        for line in final["log"]
        if line["event"] in ("hole-dealt", "cards-drawn")
        for card in line["cards"]
    }
    hidden = everyone - held - tabled
    assert hidden  # the others' cards and discards: plenty of cards he never saw
    for text in received:
        assert not {card for card in hidden if f'"{card}"' in text}
