"""The public sign-up page (issue 18): closed until the director opens it, consent required,
a place or the waitlist, and the QR code that holds the sign-up's check-in link."""

from __future__ import annotations

import html
import re
import warnings

import httpx
import segno

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


def visitor_signs_up(
    client: TestClient, tournament: str, first: str, *, consent: bool = True
) -> str:
    """A visitor (no session: the director's cookies set aside) signs up; the page's text."""
    cookies, header = client.cookies, client.headers.pop("X-CSRF-Token")
    client.cookies = httpx.Cookies()
    try:
        return _sign_up(client, tournament, first, consent=consent)
    finally:
        client.cookies, client.headers["X-CSRF-Token"] = cookies, header


def _sign_up(visitor: TestClient, tournament: str, first: str, *, consent: bool) -> str:
    page = visitor.get(f"/public/signup/{tournament}?lang=fr")
    if page.status_code != 200:
        return f"{page.status_code} {html.unescape(page.text)}"
    csrf = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert csrf
    data = {"csrf": csrf[1], "first_name": first, "name": "Martin", "contact": "06 12"}
    answer = visitor.post(
        f"/public/signup/{tournament}?lang=fr",
        data={**data, "consent": "1"} if consent else data,
    )
    text = html.unescape(answer.text)
    return text if answer.status_code == 200 else f"{answer.status_code} {text}"


def test_a_player_signs_up_himself_and_gets_his_qr_code(director: TestClient, csrf: str) -> None:
    made = director.post("/api/tournaments", json={"title": "Vendredi", "template": "turbo"})
    tournament = made.json()["tournament"].removeprefix("tournament-")
    closed = visitor_signs_up(director, tournament, "Ana")
    assert closed.startswith("400")
    assert "ce tournoi n'a pas de préinscription publique" in closed

    settings = {"csrf": csrf, "cap": "1", "public": "1", "release_at": ""}
    director.post(f"/checkin/{tournament}/settings", data=settings, follow_redirects=False)
    refused = visitor_signs_up(director, tournament, "Ana", consent=False)
    assert refused.startswith("400")
    assert "cochez que vous acceptez" in refused

    first = visitor_signs_up(director, tournament, "Ana")
    assert "Vous avez une place" in first
    second = visitor_signs_up(director, tournament, "Bruno")
    assert "vous êtes numéro 1 sur la liste d'attente" in second

    door = html.unescape(director.get(f"/checkin/{tournament}?lang=fr").text)
    tokens = re.findall(rf"/checkin/{tournament}/code/(\w+)", door)
    assert len(tokens) == 2  # the QR holds the link of Ana's sign-up (her line is the first)
    link = f"http://testserver/checkin/{tournament}/code/{tokens[0]}"
    assert segno.make(link, error="m").svg_inline(scale=4) in first
    assert "liste d'attente, numéro 1" in door


def test_one_client_cannot_fill_the_register_with_sign_ups(director: TestClient, csrf: str) -> None:
    made = director.post("/api/tournaments", json={"title": "Samedi", "template": "turbo"})
    tournament = made.json()["tournament"].removeprefix("tournament-")
    settings = {"csrf": csrf, "cap": "50", "public": "1", "release_at": ""}
    director.post(f"/checkin/{tournament}/settings", data=settings, follow_redirects=False)
    for first in ("Ana", "Bruno", "Chloé", "Denis", "Emma"):
        assert "Vous avez une place" in visitor_signs_up(director, tournament, first)

    sixth = visitor_signs_up(director, tournament, "Fanny")
    assert sixth.startswith("429")
    assert "trop de préinscriptions depuis ici" in sixth
    register = html.unescape(director.get("/people?lang=fr").text)
    assert "Emma" in register
    assert "Fanny" not in register  # refused before the register took her
