"""The public lookup of a player registered through the register (issue 18): found by the name
the club shows the public, shown by it, never by his id or his full name when the club chose
less."""

from __future__ import annotations

import html
from collections.abc import Iterator
from contextlib import contextmanager

from fastapi.testclient import TestClient

from pokertd.service.people import PERSON_ID


def add_person(client: TestClient, csrf: str, **fields: str) -> str:
    answer = client.post("/people", data={"csrf": csrf, **fields}, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    person: str = answer.headers["location"].rsplit("/", 1)[1]
    return person


@contextmanager
def stranger(client: TestClient) -> Iterator[TestClient]:
    """The director's client as a visitor's browser: no session; then back."""
    cookies, token = dict(client.cookies), client.headers.pop("X-CSRF-Token")
    client.cookies.clear()
    try:
        yield client
    finally:
        client.cookies.clear()
        client.cookies.update(cookies)
        client.headers["X-CSRF-Token"] = token


def lookup(client: TestClient, tournament: str, name: str) -> str:
    answer = client.get(f"/lookup/{tournament}", params={"name": name, "lang": "fr"})
    assert answer.status_code == 200, answer.text
    return html.unescape(answer.text)


def test_the_public_lookup_finds_and_shows_a_register_player_by_his_public_name(
    director: TestClient, csrf: str
) -> None:
    chloe = add_person(director, csrf, first_name="Chloé", name="Bernard", nickname="Clo")
    made = director.post("/api/tournaments", json={"title": "Vendredi", "template": "turbo"})
    tournament = made.json()["tournament"]
    for player in (chloe, "Bruno Diaz"):
        register = {"command": "register", "player": player}
        assert director.post(f"/api/tournaments/{tournament}/commands", json=register).is_success

    with stranger(director) as visitor:
        found = lookup(visitor, tournament, "chloe")  # the club's default: first name, initial
        assert "Chloé B." in found
        assert "Bernard" not in found
        assert not PERSON_ID.search(found)
        nobody = "Aucun joueur de ce nom dans ce tournoi."
        assert nobody in lookup(visitor, tournament, "bernard")  # no more than is shown
        assert nobody in lookup(visitor, tournament, chloe)  # nor by the id

    director.post("/people/settings", data={"csrf": csrf, "shown": "nickname"})
    with stranger(director) as visitor:
        assert "Clo" in lookup(visitor, tournament, "clo")
        assert "Chloé" not in lookup(visitor, tournament, "clo")

    director.post("/people/settings", data={"csrf": csrf, "shown": "full"})
    with stranger(director) as visitor:
        assert "Chloé Bernard" in lookup(visitor, tournament, "bernard")
