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
    client: TestClient, tournament: str, first: str, *, consent: bool = True, licence: str = ""
) -> str:
    """A visitor (no session: the director's cookies set aside) signs up; the page's text."""
    cookies, header = client.cookies, client.headers.pop("X-CSRF-Token")
    client.cookies = httpx.Cookies()
    try:
        return _sign_up(client, tournament, first, consent=consent, licence=licence)
    finally:
        client.cookies, client.headers["X-CSRF-Token"] = cookies, header


def _sign_up(
    visitor: TestClient, tournament: str, first: str, *, consent: bool, licence: str
) -> str:
    page = visitor.get(f"/public/signup/{tournament}?lang=fr")
    if page.status_code != 200 or 'name="csrf"' not in page.text:
        return f"{page.status_code} {html.unescape(page.text)}"
    csrf = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert csrf
    data = {"csrf": csrf[1], "first_name": first, "name": "Martin", "contact": "06 12"}
    if licence:
        data["licence"] = licence
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


def test_after_the_cut_off_time_the_page_says_so_and_a_sign_up_is_refused(
    director: TestClient, csrf: str
) -> None:
    made = director.post("/api/tournaments", json={"title": "Dimanche", "template": "turbo"})
    tournament = made.json()["tournament"].removeprefix("tournament-")
    # the test's clock says 2024-05-03 19:00 UTC: sign-up closed at 18:00
    settings = {"csrf": csrf, "cap": "9", "public": "1", "closes_at": "2024-05-03T18:00+00:00"}
    director.post(f"/checkin/{tournament}/settings", data=settings, follow_redirects=False)
    page = html.unescape(director.get(f"/public/signup/{tournament}?lang=fr").text)
    assert "Les préinscriptions à ce tournoi sont closes depuis le 2024-05-03 18:00" in page
    refused = director.post(
        f"/public/signup/{tournament}?lang=fr",
        data={"csrf": csrf, "first_name": "Ana", "name": "Martin", "consent": "1"},
    )
    assert refused.status_code == 400
    assert "les préinscriptions à ce tournoi ont fermé le 2024-05-03 18:00" in html.unescape(
        refused.text
    )
    assert "Ana" not in html.unescape(director.get("/people").text)  # nothing kept


def test_members_only_takes_a_member_by_licence_and_name_and_refuses_others(
    director: TestClient, csrf: str
) -> None:
    made = director.post("/api/tournaments", json={"title": "Club", "template": "turbo"})
    tournament = made.json()["tournament"].removeprefix("tournament-")
    member = {"csrf": csrf, "name": "Martin", "first_name": "Léa", "licence": "FR-4521",
              "member": "1", "season": "2024"}  # fmt: skip
    assert director.post("/people", data=member, follow_redirects=False).status_code < 400
    settings = {"csrf": csrf, "cap": "9", "public": "1", "members_only": "1", "season": "2024"}
    director.post(f"/checkin/{tournament}/settings", data=settings, follow_redirects=False)
    page = html.unescape(director.get(f"/public/signup/{tournament}?lang=fr").text)
    assert "réservée aux membres de la saison 2024 du club" in page

    refused = visitor_signs_up(director, tournament, "Léa", licence="FR-9999")
    assert refused.startswith("400")
    assert "réservées aux membres de la saison 2024 : aucun membre n'a ce numéro" in refused
    taken = visitor_signs_up(director, tournament, "Léa", licence="fr-4521")
    assert "Vous avez une place" in taken
    register = html.unescape(director.get("/people").text)
    assert register.count("Martin") == 1  # the member signed up; nobody new in the register
