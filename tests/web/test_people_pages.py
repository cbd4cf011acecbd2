"""The register through the web app: the desk registers a person by id, pages show his name
(the director's full name, the public's choice), and after erasure his name is in no answer."""

from __future__ import annotations

import contextlib
import re
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from pokertd.service.people import PERSON_ID
from pokertd.store import SQLiteEventStore
from pokertd.web.routes import ROUTERS

NAME, FIRST = "Quichotte", "Zébulon"


def add_person(client: TestClient, csrf: str, **fields: str) -> str:
    answer = client.post("/people", data={"csrf": csrf, **fields}, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    person = answer.headers["location"].rsplit("/", 1)[1]
    assert PERSON_ID.fullmatch(person)
    return person


def new_event(client: TestClient, players: list[str]) -> str:
    answer = client.post("/api/tournaments", json={"title": "Friday Turbo", "template": "turbo"})
    assert answer.status_code == 201, answer.text
    tournament: str = answer.json()["tournament"]
    for player in players:
        register = {"command": "register", "player": player}
        assert client.post(f"/api/tournaments/{tournament}/commands", json=register).is_success
    return tournament


def every_page(client: TestClient, tournament: str, person: str) -> dict[str, str]:
    """Every GET route of the app whose parameters are a tournament or a person: its text."""
    answers = {}
    for route in (route for router in ROUTERS for route in router.routes):
        path, methods = getattr(route, "path", ""), getattr(route, "methods", None) or ()
        if "GET" not in methods or path.startswith(("/static", "/api/docs")):
            continue
        params = set(re.findall(r"{(\w+)}", path))
        if not params <= {"tournament", "person"}:
            continue
        path = path.replace("{tournament}", tournament).replace("{person}", person)
        for query in ("", "?lang=fr", "?format=csv"):
            answer = client.get(path + query)
            answers[path + query] = answer.text
    return answers


def test_the_desk_writes_an_id_and_pages_show_the_name(
    db_path: Path, director: TestClient, csrf: str
) -> None:
    person = add_person(director, csrf, name=NAME, first_name=FIRST, nickname="Zeb")
    tournament = new_event(director, [person, "Ana Costa"])
    console = director.get(f"/console/{tournament}?tab=desk&lang=en").text
    assert f"{FIRST} {NAME}" in console
    assert person not in console
    log = director.get(f"/api/tournaments/{tournament}/entries").json()
    assert f"{FIRST} {NAME}" in str(log)
    with contextlib.closing(SQLiteEventStore(db_path)) as store:
        stored = [event.data for event in store.read(tournament)]
    assert any(data.get("player") == person for data in stored)
    assert NAME not in str(stored)
    assert FIRST not in str(stored)


def as_public(client: TestClient, path: str) -> str:
    """The page at ``path`` as someone who is not logged in sees it."""
    kept = dict(client.cookies)
    client.cookies.clear()
    try:
        return client.get(path).text
    finally:
        client.cookies.update(kept)


def test_the_public_sees_what_the_club_chose(director: TestClient, csrf: str) -> None:
    person = add_person(director, csrf, name=NAME, first_name=FIRST, nickname="Zeb")
    tournament = new_event(director, [person, "Ana Costa"])
    director.post("/api/tournaments/" + tournament + "/commands", json={"command": "draw-seats"})
    shown: dict[str, Any] = {}
    for choice, expected in (("full", f"{FIRST} {NAME}"), ("initial", f"{FIRST} Q."),
                             ("nickname", "Zeb")):  # fmt: skip
        director.post("/people/settings", data={"csrf": csrf, "shown": choice})
        shown[choice] = as_public(director, f"/display/{tournament}/seating")
        assert expected in shown[choice]
    assert NAME not in shown["initial"]
    assert NAME not in shown["nickname"]


def test_after_erasure_the_name_is_in_no_answer(director: TestClient, csrf: str) -> None:
    person = add_person(director, csrf, name=NAME, first_name=FIRST, contact="zeb@example.org")
    other = add_person(director, csrf, name="Costa", first_name="Ana")
    tournament = new_event(director, [person, other, "Bruno Diaz"])
    director.post(f"/api/tournaments/{tournament}/commands", json={"command": "draw-seats"})
    before = every_page(director, tournament, person)
    assert any(NAME in text for text in before.values()), sorted(before)  # the search finds it
    answer = director.post(f"/people/{person}/erase", data={"csrf": csrf})
    assert answer.is_success
    for address, text in every_page(director, tournament, person).items():
        for trace in (NAME, FIRST, "zeb@example.org"):
            assert trace not in text, address
    assert "erased player" in director.get(f"/console/{tournament}?tab=desk&lang=en").text
    french = director.get(f"/console/{tournament}?tab=desk&lang=fr").text
    assert "joueur effacé" in french
    exported = director.get(f"/people/{other}/export").json()
    assert exported["person"]["name"] == "Costa"


def test_a_name_with_markup_is_refused(director: TestClient, csrf: str) -> None:
    answer = director.post("/people", data={"csrf": csrf, "name": "<script>"})
    assert answer.status_code == 400
    assert "letters, spaces, apostrophes" in answer.text


def test_the_desk_search_finds_a_person_by_his_name(director: TestClient, csrf: str) -> None:
    person = add_person(director, csrf, name=NAME, first_name=FIRST)
    tournament = new_event(director, [person, "Ana Costa"])
    found = director.get(f"/console/{tournament}?tab=desk&q=zebulon&lang=en").text
    assert re.search(r"<tr data-entry[^>]*>", found)
    assert len(re.findall(r"<tr data-entry", found)) == 1
    assert f"{FIRST} {NAME}" in found


def test_a_pushed_display_shows_the_public_name_not_the_id(director: TestClient, csrf: str) -> None:
    """The displays' socket is sent the names the club shows, as the page was: a push does not
    go through the answers' middleware."""
    person = add_person(director, csrf, name=NAME, first_name=FIRST, nickname="Zeb")
    tournament = new_event(director, [person, "Ana Costa"])
    director.post(f"/api/tournaments/{tournament}/commands", json={"command": "draw-seats"})
    with director.websocket_connect(f"/ws/tournaments/{tournament}?lang=fr") as socket:
        pushed = socket.receive_text()
    assert f"{FIRST} Q." in pushed
    assert person not in pushed
    assert NAME not in pushed


def test_the_desk_records_consent_when_it_adds_a_person(director: TestClient, csrf: str) -> None:
    """Issue 18, consent at registration: the desk's "add to the register" keeps whether the
    player consented, and when; unticked, he has not."""
    kept = {}
    for typed, ticked in (("Léa Martin", True), ("Paul Durand", False)):
        data = {"csrf": csrf, "player": typed, **({"consent": "1"} if ticked else {})}
        answer = director.post("/people/quick", data=data)
        assert answer.status_code == 200, answer.text
        person = PERSON_ID.findall(answer.text)[0]
        kept[typed] = director.get(f"/people/{person}/export").json()["person"]
    assert kept["Léa Martin"]["consent"] is True
    assert kept["Léa Martin"]["consent_at"].startswith("2024-05-03T19:00")
    assert kept["Paul Durand"]["consent"] is False
    assert kept["Paul Durand"]["consent_at"] == ""


def test_a_persons_page_shows_his_penalties_and_league_points(
    director: TestClient, csrf: str
) -> None:
    person = add_person(director, csrf, name=NAME, first_name=FIRST)
    tournament = new_event(director, [person, "Ana Costa", "Bruno Diaz"])
    for command in (
        {"command": "draw-seats"},
        {"command": "start-clock"},
        {"command": "penalize", "entry": 1, "reason": "langage"},
        {"command": "bust-players", "entries": [3]},
        {"command": "bust-players", "entries": [2]},
    ):
        answer = director.post(f"/api/tournaments/{tournament}/commands", json=command)
        assert answer.status_code == 200, answer.text
    made = director.post(
        "/leagues/create",
        data={"csrf": csrf, "title": "Club", "season": "2026", "kind": "linear"},
        follow_redirects=False,
    )
    league = made.headers["location"].rsplit("/", 1)[1]
    director.post(f"/leagues/{league}/attach", data={"csrf": csrf, "tournament": tournament})
    page = director.get(f"/people/{person}?lang=fr").text
    assert re.search(r'data-test="penalties" title="warning">1<', page)
    row = re.search(rf'<tr data-league="{league}">(.*?)</tr>', page, re.S)
    assert row is not None
    assert "Club 2026" in row[1]
    assert '<td class="num" data-test="points">3</td>' in row[1]  # linear, a win over 3
    exported = director.get(f"/people/{person}/export").json()
    assert exported["seasons"][0]["points"] == "3"
    assert exported["history"][0]["penalties"] == ["warning"]
