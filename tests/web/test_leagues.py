"""The leagues' pages: the director's seasons, the public standings and results, the exports."""

from __future__ import annotations

import contextlib
import re
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient

from pokertd.present import league_exports
from pokertd.store import SQLiteEventStore
from pokertd.web.pages import leagues

Run = Callable[..., Any]
NewTournament = Callable[..., str]


def finished(client: TestClient, new_tournament: NewTournament, run: Run, title: str,
             order: tuple[int, ...]) -> str:  # fmt: skip
    """A three-player tournament played to its end: ``order`` are the entries busted in turn."""
    players = ("Ana Costa", "Bruno Diaz", "Chloé Martin")
    tournament = new_tournament(client, players, start=True, title=title)
    for entry in order:
        run(client, tournament, "bust-players", entries=[entry])
    return tournament


@contextlib.contextmanager
def stranger(client: TestClient) -> Iterator[TestClient]:
    """The director's client as a stranger's browser: no session, no token; then back."""
    cookies, token = dict(client.cookies), client.headers.pop("X-CSRF-Token")
    client.cookies.clear()
    try:
        yield client
    finally:
        client.cookies.clear()
        client.cookies.update(cookies)
        client.headers["X-CSRF-Token"] = token


def season(client: TestClient, csrf: str, **fields: str) -> str:
    """Create a season through the form; return its id."""
    data = {"csrf": csrf, "title": "Club", "season": "2026", "kind": "linear", **fields}
    answer = client.post("/leagues/create", data=data, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    found = re.fullmatch(r"/leagues/(league-\d+)", answer.headers["location"])
    assert found is not None
    return found.group(1)


def public_address(client: TestClient, league: str) -> str:
    """The slug of the season's public pages, as its page shows it to the director."""
    found = re.search(
        r'href="[^"]*/public/leagues/([a-z0-9]+)"', client.get(f"/leagues/{league}").text
    )
    assert found is not None
    return found[1]


def published(client: TestClient, csrf: str, league: str) -> str:
    """Publish the season's public pages; return their slug."""
    answer = client.post(f"/leagues/{league}/publish", data={"csrf": csrf, "published": "1"})
    assert answer.status_code == 200, answer.text
    return public_address(client, league)


def test_a_season_with_two_finished_events_and_its_public_pages(
    director: TestClient, csrf: str, new_tournament: NewTournament, run: Run
) -> None:
    """Worked by hand, ``table:10,6,4`` with a bonus of 1: the first event Ana 1st (11), Bruno
    2nd (7), Chloé 3rd (5); the second Chloé 1st (11), Ana 2nd (7), Bruno 3rd (5). Ana 18,
    Chloé 16, Bruno 12."""
    first = finished(director, new_tournament, run, "Vendredi 1", (3, 2))
    second = finished(director, new_tournament, run, "Vendredi 2", (2, 1))
    league = season(director, csrf, kind="table", value="10,6,4", bonus="1")
    slug = published(director, csrf, league)
    for tournament in (first, second):
        answer = director.post(
            f"/leagues/{league}/attach", data={"csrf": csrf, "tournament": tournament}
        )
        assert answer.status_code == 200, answer.text  # followed to the season's page
    page = director.get(f"/leagues/{league}").text
    row = (
        r'<tr data-player="([^"]+)"><td class="num" data-test="rank">(\d+=?)</td>'
        r'<td>[^<]+</td><td class="num" data-test="points"><b>([^<]+)</b>'
    )
    rows = re.findall(row, page)
    assert rows == [
        ("Ana Costa", "1", "18"),
        ("Chloé Martin", "2", "16"),
        ("Bruno Diaz", "3", "12"),
    ]
    with stranger(director) as visitor:
        public = visitor.get(f"/public/leagues/{slug}?lang=fr")
        assert public.status_code == 200
        assert "Classement" in public.text
        assert "Ana Costa" in public.text
        assert "frame-ancestors *" in public.headers["content-security-policy"]
        assert "x-frame-options" not in public.headers
        results = visitor.get(f"/public/leagues/{slug}/events/2")
        assert results.status_code == 200
        assert re.search(r'data-player="Chloé Martin">.*?data-test="points">11<', results.text)
        assert visitor.get(f"/public/leagues/{slug}/events/3").status_code == 404
        assert visitor.get(f"/leagues/{league}").status_code == 401  # the director's page
        script = visitor.get(f"/public/leagues/{slug}/embed.js")
        assert script.headers["content-type"].startswith("text/javascript")
        assert 'createElement("iframe")' in script.text
    assert director.get(f"/leagues/{league}").headers["x-frame-options"] == "DENY"
    assert "frame-ancestors 'none'" in director.get("/leagues").headers["content-security-policy"]


def test_contacts_never_reach_a_public_page(
    director: TestClient, csrf: str, new_tournament: NewTournament, run: Run
) -> None:
    tournament = new_tournament(director, (), start=False, title="Contacts")
    for name in ("Ana Costa", "Bruno Diaz"):
        run(director, tournament, "register", player=name, contact=f"{name[:3]}@example.org")
    run(director, tournament, "draw-seats")
    run(director, tournament, "start-clock")
    run(director, tournament, "bust-players", entries=[2])
    league = season(director, csrf)
    slug = published(director, csrf, league)
    director.post(f"/leagues/{league}/attach", data={"csrf": csrf, "tournament": tournament})
    with stranger(director) as visitor:
        pages = [
            visitor.get(f"/public/leagues/{slug}").text,
            visitor.get(f"/public/leagues/{slug}/events/1").text,
            visitor.get(f"/public/leagues/{slug}/standings.csv").text,
        ]
    assert all("Ana Costa" in page for page in pages)
    assert not any("example.org" in page for page in pages)


def test_a_tournament_attached_while_running_is_added_when_it_finishes(
    director: TestClient, csrf: str, new_tournament: NewTournament, run: Run
) -> None:
    league = season(director, csrf)
    tournament = new_tournament(director, ("Ana", "Bruno", "Chloé"), start=True, title="Live")
    director.post(f"/leagues/{league}/attach", data={"csrf": csrf, "tournament": tournament})
    page = director.get(f"/leagues/{league}").text
    assert f'data-waiting="{tournament}"' in page
    assert "No result yet." in page
    run(director, tournament, "bust-players", entries=[3])
    run(director, tournament, "bust-players", entries=[2])  # Ana wins: the season is told
    page = director.get(f"/leagues/{league}").text
    assert 'data-waiting="' not in page
    assert re.search(r'data-player="Ana".*?data-test="points"><b>3<', page)


def test_after_a_restart_a_tournament_expected_is_added_as_it_finishes(
    director: TestClient,
    csrf: str,
    new_tournament: NewTournament,
    run: Run,
    make_app: Callable[..., FastAPI],
    db_path: Path,
    log_in: Callable[..., str],
) -> None:
    """The app follows the tournaments from its start: no league page need be opened first."""
    league = season(director, csrf)
    tournament = new_tournament(director, ("Ana", "Bruno", "Chloé"), start=True, title="Live")
    director.post(f"/leagues/{league}/attach", data={"csrf": csrf, "tournament": tournament})
    with TestClient(make_app()) as restarted:
        log_in(restarted)
        run(restarted, tournament, "bust-players", entries=[3])
        run(restarted, tournament, "bust-players", entries=[2])  # Ana wins
        with contextlib.closing(SQLiteEventStore(db_path)) as store:
            stored = [event.type for event in store.read(league)]
    assert "event-added" in stored


def test_a_bad_formula_is_refused_saying_why_and_nothing_changes(
    director: TestClient, csrf: str
) -> None:
    league = season(director, csrf)
    answer = director.post(
        f"/leagues/{league}/formula",
        data={"csrf": csrf, "kind": "custom", "value": "10 * sqrt(entrants)"},
        headers={"HX-Request": "true"},
    )
    assert answer.headers["HX-Retarget"] == "#errors"  # HTMX shows the reason in the page
    assert "unknown variable 'entrants' (did you mean 'entries'?)" in answer.text
    assert "entries − place + 1" in director.get(f"/leagues/{league}").text
    refused = director.post(
        f"/leagues/{league}/formula", data={"csrf": csrf, "kind": "linear", "best": "zero"}
    )
    assert refused.status_code == 400
    assert "the number of best results counted is a whole number from 1" in refused.text
    forged = director.post(f"/leagues/{league}/undo", data={"csrf": "forged"})
    assert forged.status_code == 403


def test_the_formula_changes_and_undo_restores(
    director: TestClient, csrf: str, new_tournament: NewTournament, run: Run
) -> None:
    """Linear: Ana 3, Bruno 2, Chloé 1; ``sqrt:12`` (12 × √(3 ÷ place)): Ana 12√3 = 20.78."""
    league = season(director, csrf)
    tournament = finished(director, new_tournament, run, "Vendredi", (3, 2))
    director.post(f"/leagues/{league}/attach", data={"csrf": csrf, "tournament": tournament})
    director.post(f"/leagues/{league}/formula", data={"csrf": csrf, "kind": "sqrt", "value": "12"})
    page = director.get(f"/leagues/{league}").text
    assert re.search(r'data-player="Ana Costa".*?data-test="points"><b>20.78<', page)
    director.post(f"/leagues/{league}/undo", data={"csrf": csrf})
    page = director.get(f"/leagues/{league}").text
    assert re.search(r'data-player="Ana Costa".*?data-test="points"><b>3<', page)


def test_the_exports_of_the_standings(
    director: TestClient, csrf: str, new_tournament: NewTournament, run: Run,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    """Linear over one event: Ana 3, Bruno 2, Chloé 1 (the CSV as a French spreadsheet reads)."""
    league = season(director, csrf)
    slug = published(director, csrf, league)
    tournament = finished(director, new_tournament, run, "Vendredi", (3, 2))
    director.post(f"/leagues/{league}/attach", data={"csrf": csrf, "tournament": tournament})
    csv = director.get(f"/public/leagues/{slug}/standings.csv?lang=fr")
    assert csv.headers["content-type"] == "text/csv; charset=utf-8"
    assert csv.text.splitlines() == [
        "rang;joueur;points;manches;victoires;meilleure_place;retenues;#1 Vendredi",
        "1;Ana Costa;3;1;1;1;#1;3",
        "2;Bruno Diaz;2;1;0;2;#1;2",
        "3;Chloé Martin;1;1;0;3;#1;1",
    ]
    pdf = director.get(f"/public/leagues/{slug}/standings.pdf")
    assert pdf.headers["content-type"] == "application/pdf"
    assert pdf.content.startswith(b"%PDF-")
    assert b"DejaVu" in pdf.content
    # In the core font the text is written as it reads: the names and points are there.
    monkeypatch.setattr(league_exports, "_font", lambda pdf: "Helvetica")
    plain = director.get(f"/public/leagues/{slug}/standings.pdf?lang=fr").content
    text = b"".join(
        zlib.decompress(stream)
        for stream in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", plain, re.S)
    )
    for shown in (b"(Ana Costa)", b"(Chlo\xe9 Martin)", b"(Rang)", b"(#1 Vendredi \\(2024-05-03"):
        assert shown in text, shown


def test_the_statistics_on_the_season_page(
    director: TestClient, csrf: str, new_tournament: NewTournament, run: Run
) -> None:
    """Two events of three, no money: Ana won the first and was 2nd, Chloé won the second."""
    league = season(director, csrf)
    for title, order in (("Vendredi 1", (3, 2)), ("Vendredi 2", (2, 1))):
        tournament = finished(director, new_tournament, run, title, order)
        director.post(f"/leagues/{league}/attach", data={"csrf": csrf, "tournament": tournament})
    page = director.get(f"/leagues/{league}?lang=en").text
    assert "2 events · 6 entries · 3 players" in page
    row = re.search(r'<tr data-player="Ana Costa"><td>Ana Costa</td>(.*?)</tr>', page)
    assert row is not None
    cells = re.findall(r'<td class="num"[^>]*>([^<]*)</td>', row.group(1))
    assert cells == ["2", "1", "2", "0 (0%)", "0", "0"]


def test_a_finished_tournament_the_formula_cannot_score_waits_and_the_page_says_why(
    director: TestClient, csrf: str, new_tournament: NewTournament, run: Run
) -> None:
    """``100 / (entries - 3)`` computes on the fields it is tried on (2, 10 and 100 entries) but
    not on three entries: the tournament stays waiting, the season's page says why, the public
    page stays up; with a formula that scores it, the next reading adds it."""
    league = season(director, csrf, kind="custom", value="100 / (entries - 3)")
    slug = published(director, csrf, league)
    tournament = new_tournament(director, ("Ana", "Bruno", "Chloé"), start=True, title="Trois")
    director.post(f"/leagues/{league}/attach", data={"csrf": csrf, "tournament": tournament})
    run(director, tournament, "bust-players", entries=[3])
    run(director, tournament, "bust-players", entries=[2])  # finished: the season refuses it
    page = director.get(f"/leagues/{league}").text
    assert re.search(rf'data-test="refused">.*{tournament}: .*division by zero', page)
    assert f'data-waiting="{tournament}"' in page
    with stranger(director) as visitor:
        assert visitor.get(f"/public/leagues/{slug}").status_code == 200
    director.post(f"/leagues/{league}/formula", data={"csrf": csrf, "kind": "linear"})
    page = director.get(f"/leagues/{league}").text
    assert 'data-test="refused"' not in page
    assert re.search(r'data-player="Ana".*?data-test="points"><b>3<', page)


def test_an_event_taken_out_is_not_added_back(
    director: TestClient, csrf: str, new_tournament: NewTournament, run: Run
) -> None:
    league = season(director, csrf)
    tournament = finished(director, new_tournament, run, "Vendredi", (3, 2))
    director.post(f"/leagues/{league}/attach", data={"csrf": csrf, "tournament": tournament})
    director.post(f"/leagues/{league}/remove", data={"csrf": csrf, "event": "1"})
    page = director.get(f"/leagues/{league}").text
    assert "No event in this season yet." in page
    assert f'<option value="{tournament}">Vendredi (finished)</option>' in page  # to attach again
    director.post(f"/leagues/{league}/undo", data={"csrf": csrf})
    assert 'data-event="1"' in director.get(f"/leagues/{league}").text


def test_unpublished_standings_are_on_no_public_route(
    director: TestClient, csrf: str, new_tournament: NewTournament, run: Run
) -> None:
    """Every public league route: a 404 for the public while the season is unpublished, or at
    its guessable number; the director previews; published, the public sees them; unpublished
    again, they are gone."""
    first = finished(director, new_tournament, run, "Vendredi 1", (3, 2))
    league = season(director, csrf)
    director.post(f"/leagues/{league}/attach", data={"csrf": csrf, "tournament": first})
    slug = public_address(director, league)
    assert re.fullmatch(r"[a-z2-9]{20}", slug)
    paths = [
        route.path.replace("{league}", slug).replace("{number}", "1")
        for route in leagues.public.routes
        if isinstance(route, APIRoute)
    ]
    assert len(paths) == 5
    for path in paths:
        assert director.get(path).status_code == 200, path  # the director's preview
    with stranger(director) as visitor:
        for path in paths:
            assert visitor.get(path).status_code == 404, path
            assert visitor.get(path.replace(slug, league)).status_code == 404, path
            assert visitor.get(path.replace(slug, "1")).status_code == 404, path
    published(director, csrf, league)
    with stranger(director) as visitor:
        for path in paths:
            assert visitor.get(path).status_code == 200, path
            assert visitor.get(path.replace(slug, league)).status_code == 404, path
    director.post(f"/leagues/{league}/publish", data={"csrf": csrf, "published": "0"})
    assert public_address(director, league) == slug  # the address stays the same
    with stranger(director) as visitor:
        assert all(visitor.get(path).status_code == 404 for path in paths)


def test_the_season_page_names_an_event_two_merged_ids_played(
    director: TestClient, csrf: str, new_tournament: NewTournament, run: Run
) -> None:
    """Two ids of the register that played one event, merged since: the season counts him once
    (at his better place) and its page says so (docs/judgements.md)."""
    ids = []
    for first, name in (("Léa", "Martin"), ("Lea", "Martin")):
        answer = director.post(
            "/people", data={"csrf": csrf, "first_name": first, "name": name},
            follow_redirects=False,
        )  # fmt: skip
        ids.append(answer.headers["location"].rsplit("/", 1)[1])
    league = season(director, csrf)
    tournament = new_tournament(director, (ids[0], ids[1], "Bruno Diaz"), start=True)
    for entry in (1, 3):  # Léa out 3rd under her first id, the winner under her second
        run(director, tournament, "bust-players", entries=[entry])
    director.post(f"/leagues/{league}/attach", data={"csrf": csrf, "tournament": tournament})
    merged = {"csrf": csrf, "into": ids[1]}
    assert director.post(f"/people/{ids[0]}/merge", data=merged).status_code < 400
    page = director.get(f"/leagues/{league}?lang=fr").text
    assert "Manche 1 : Lea Martin a joué sous 2 identifiants du fichier des joueurs" in page
    rows = re.findall(r'<tr data-player="Lea Martin">(.*?)</tr>', page, re.S)
    assert len(rows) == 2  # the standings and the statistics: one player
    # ranked 1st with the 3 points of a win on linear over 3 entries, one event played
    assert re.search(r'data-test="rank">1<.*data-test="points"><b>3</b></td><td class="num">1<',
                     rows[0])  # fmt: skip
