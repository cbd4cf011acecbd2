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


def test_the_lookup_is_open_while_the_event_runs_and_closed_once_it_is_over(
    director: TestClient, csrf: str
) -> None:
    """Issue 18: the public lookup needs the event running; once it has a winner it finds
    nobody and says so, and the list of events leaves it out."""
    person = add_person(director, csrf, name="Martin", first_name="Léa")
    made = director.post("/api/tournaments", json={"title": "Jeudi", "template": "turbo"})
    tournament = made.json()["tournament"]
    for player in (person, "Bruno Diaz"):
        command = {"command": "register", "player": player}
        assert director.post(f"/api/tournaments/{tournament}/commands", json=command).is_success
    for command in ({"command": "draw-seats"}, {"command": "start-clock"}):
        assert director.post(f"/api/tournaments/{tournament}/commands", json=command).is_success
    with stranger(director) as visitor:
        running = html.unescape(visitor.get(f"/lookup/{tournament}?name=lea&lang=fr").text)
        assert "Léa M." in running
        assert f'href="/lookup/{tournament}"' in visitor.get("/lookup").text
    bust = {"command": "bust-players", "entries": [2]}
    assert director.post(f"/api/tournaments/{tournament}/commands", json=bust).is_success
    with stranger(director) as visitor:
        over = html.unescape(visitor.get(f"/lookup/{tournament}?name=lea&lang=fr").text)
        assert "Ce tournoi est terminé : la recherche est fermée." in over
        assert "Léa" not in over
        assert f'href="/lookup/{tournament}"' not in visitor.get("/lookup").text
