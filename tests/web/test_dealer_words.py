"""The dealer's tablet in French: a wrong board entered is refused in French, saying what is
wrong; a ruling on chips pushed names the seat and the player and says the decision in words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

HX = {"HX-Request": "true"}


@pytest.fixture
def hand(director: TestClient, new_tournament: Callable[..., str], run: Callable[..., Any]) -> str:
    """Five players at table 1, a hand started in dealer mode."""
    tournament = new_tournament(director, start=True)
    for entry in range(1, 6):
        run(director, tournament, "arrive", entry=entry)
    post(director, tournament, "start", mode="dealer")
    return tournament


def post(client: TestClient, tournament: str, action: str, **fields: str) -> Any:
    data = {"csrf": client.headers["X-CSRF-Token"], **fields}
    return client.post(
        f"/table/{tournament}/1/do/{action}", data=data, headers={**HX, "Accept-Language": "fr"}
    )


def view(client: TestClient, tournament: str) -> dict[str, Any]:
    found: dict[str, Any] = client.get(f"/api/tournaments/{tournament}/tables/1/view").json()
    return found


@pytest.mark.parametrize(
    ("cards", "said"),
    [
        ("Ks Qs", "ce tour a 3 cartes au board, pas 2"),
        ("Ks Ks 3d", "la même carte est saisie deux fois"),
        ("Zz Qs 3d", "Zz"),
    ],
)
def test_a_wrong_board_is_refused_in_french(
    director: TestClient, hand: str, cards: str, said: str
) -> None:
    before = view(director, hand)
    while (now := view(director, hand))["legal"] is not None:
        kind = "call" if now["legal"]["call"] else "check"
        post(director, hand, "act", seat=str(now["to_act"]), kind=kind)
    answer = post(director, hand, "board", cards=cards)
    assert answer.headers.get("HX-Retarget") == "#errors", answer.text
    assert said in answer.text
    assert "the board" not in answer.text.lower()  # no English left
    assert view(director, hand)["board"] == []
    assert before["hand"] == view(director, hand)["hand"]


def test_a_ruling_on_chips_pushed_names_the_seat_and_the_player_in_french(
    director: TestClient, hand: str
) -> None:
    now = view(director, hand)
    seat = now["to_act"]
    name = next(s["name"] for s in now["seats"] if s["seat"] == seat)
    answer = post(director, hand, "chips", seat=str(seat), chips="5000")
    assert answer.status_code == 200, answer.text
    assert f"{name} (siège {seat})" in answer.text
    assert "Le joueur 3 " not in answer.text
