"""The players' pages without a browser: the phone page shows the name the club chose for the
public (the register's), never the person's id; its QR code is an SVG image of the page's
address; an unknown entry is refused by name."""

from __future__ import annotations

from fastapi.testclient import TestClient
from test_people_pages import FIRST, NAME, add_person, new_event


def as_public(client: TestClient, path: str) -> str:
    """The page at ``path`` as someone who is not logged in sees it."""
    kept = dict(client.cookies)
    client.cookies.clear()
    try:
        return client.get(path).text
    finally:
        client.cookies.update(kept)


def test_the_phone_page_shows_the_public_name_not_the_id(director: TestClient, csrf: str) -> None:
    person = add_person(director, csrf, name=NAME, first_name=FIRST, nickname="Zeb")
    tournament = new_event(director, [person, "Ana Costa"])
    director.post(f"/api/tournaments/{tournament}/commands", json={"command": "draw-seats"})
    director.post("/people/settings", data={"csrf": csrf, "shown": "initial"})
    page = as_public(director, f"/me/{tournament}/1?lang=fr")
    assert f"{FIRST} Q." in page
    assert NAME not in page
    assert person not in page
    assert "Table" in page
    assert "Siège" in page
    part = as_public(director, f"/me/{tournament}/1/part")
    assert f"{FIRST} Q." in part
    assert person not in part
    lobby = as_public(director, "/lobby?lang=fr")
    assert "Friday Turbo" in lobby
    assert "/display/" + tournament + "/clock" in lobby


def test_the_qr_code_of_a_phone_page_is_an_svg_image(director: TestClient) -> None:
    tournament = new_event(director, ["Ana Costa", "Bruno Diaz"])
    answer = director.get(f"/me/{tournament}/2/qr.svg")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "image/svg+xml"
    assert answer.text.startswith("<?xml")
    assert 'xmlns="http://www.w3.org/2000/svg"' in answer.text


def test_an_unknown_entry_is_refused_by_number(director: TestClient) -> None:
    tournament = new_event(director, ["Ana Costa"])
    for path in (f"/me/{tournament}/7", f"/me/{tournament}/0/part", f"/me/{tournament}/-3/qr.svg"):
        answer = director.get(path, headers={"Accept": "application/json"})
        assert answer.status_code == 404
        assert "there is no entry" in answer.text
