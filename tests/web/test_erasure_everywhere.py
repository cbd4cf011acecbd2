"""Erasure leaves no trace (issue 18): a person who played a finished tournament, signed up
for it, and stands in a published league season is erased; then every GET route of the app
(pages, HTMX parts, JSON API, CSV and PDF exports, the public standings, results and embed
script, the sign-up pages), with each path parameter filled and in English and French, and the
displays' socket, are searched for his name, first name, nickname and contact. Before the
erasure the same search finds them, so the search is not blind."""

from __future__ import annotations

import itertools
import re
import zlib
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from test_leagues import published, season
from test_people_pages import add_person

from pokertd.present import league_exports
from pokertd.web.pages.console_money import EXPORTS
from pokertd.web.routes import ROUTERS

NAME, FIRST, NICK, CONTACT = "Quichotte", "Zébulon", "Zebul", "zeb@example.org"
TRACES = (NAME, FIRST, NICK, CONTACT)


def readable(answer: Any) -> str:
    """An answer's text; a PDF's streams decompressed (its text in the core font is plain)."""
    if answer.headers.get("content-type", "").startswith("application/pdf"):
        streams = re.findall(rb"stream\r?\n(.*?)\r?\nendstream", answer.content, re.S)
        return b"".join(zlib.decompress(s) for s in streams).decode("latin-1")
    return str(answer.text)


def every_answer(client: TestClient, values: dict[str, list[str]]) -> dict[str, str]:
    """Every GET route of the app, each path parameter given each of its ``values`` (the
    public league routes their slug): address -> what it answered."""
    answers = {}
    for route in (route for router in ROUTERS for route in router.routes):
        path, methods = getattr(route, "path", ""), getattr(route, "methods", None) or ()
        if "GET" not in methods or path.startswith(("/static", "/api/docs", "/api/articles")):
            continue
        names = re.findall(r"{([^}]+)}", path)
        public = path.startswith("/public/leagues/")
        choices = [values["slug" if public and n == "league" else n] for n in names]
        for chosen in itertools.product(*choices):
            address = path
            for name, value in zip(names, chosen, strict=True):
                address = address.replace("{" + name + "}", value)
            for query in ("", "?lang=fr", "?format=csv"):
                answers[address + query] = readable(client.get(address + query))
    return answers


def test_an_erased_person_is_in_no_page_export_or_api_answer(
    director: TestClient,
    csrf: str,
    new_tournament: Callable[..., str],
    run: Callable[..., Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(league_exports, "_font", lambda pdf: "Helvetica")  # text searchable
    director.post("/people/settings", data={"csrf": csrf, "shown": "full"})  # all shown
    person = add_person(director, csrf, name=NAME, first_name=FIRST, nickname=NICK,
                        contact=CONTACT, licence="FR-1", consent="1")  # fmt: skip
    other = add_person(director, csrf, name="Costa", first_name="Ana")
    tournament = new_tournament(director, (person, other, "Bruno Diaz"), start=True)
    number = tournament.removeprefix("tournament-")
    settings = {"csrf": csrf, "cap": "5", "public": "1", "release_at": ""}
    director.post(f"/checkin/{number}/settings", data=settings, follow_redirects=False)
    director.post(f"/checkin/{number}/signup", data={"csrf": csrf, "person": person})
    token = re.findall(rf"/checkin/{number}/code/(\w+)", director.get(f"/checkin/{number}").text)
    assert len(token) == 1
    run(director, tournament, "bust-players", entries=[3])
    run(director, tournament, "bust-players", entries=[2])  # he wins
    league = season(director, csrf)
    slug = published(director, csrf, league)
    attached = {"csrf": csrf, "tournament": tournament}
    assert director.post(f"/leagues/{league}/attach", data=attached).status_code < 400
    values = {
        "tournament": [number],
        "person": [person],
        "league": [league],
        "slug": [slug],
        "number": ["1"],
        "what": list(EXPORTS),
        "sheet": ["tickets", "tables", "payouts"],
        "table": ["1"],
        "entry": ["1", "2", "3"],
        "token": [token[0]],
        "hand:int": ["1"],
        "digest": ["0" * 64],  # a clock logo's address (no logo: a 404)
    }
    before = every_answer(director, values)
    for trace in (NAME, FIRST):
        found = [address for address, text in before.items() if trace in text]
        for where in ("/public/leagues/", "standings.pdf", "standings.csv", "/api/", "/checkin/"):
            assert any(where in address for address in found), (trace, where)

    assert director.post(f"/people/{person}/erase", data={"csrf": csrf}).is_success
    after = every_answer(director, values)
    assert after.keys() == before.keys()
    for address, text in after.items():
        for trace in TRACES:
            assert trace not in text, (address, trace)
    with director.websocket_connect(f"/ws/tournaments/{tournament}?lang=fr") as socket:
        pushed = socket.receive_text()
    assert not any(trace in pushed for trace in TRACES)
    assert "joueur effacé" in after[f"/public/leagues/{slug}?lang=fr"]
    assert "1;joueur effacé;3" in after[f"/public/leagues/{slug}/standings.csv?lang=fr"]
    assert "(joueur effacé)" in after[f"/public/leagues/{slug}/standings.pdf?lang=fr"]
