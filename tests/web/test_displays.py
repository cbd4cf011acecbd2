"""The public displays (clock, seating) at every stage of an event, and the player lookup."""

from __future__ import annotations

import datetime
import html
import re
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

Run = Callable[..., Any]
STAGES = ("fresh", "running", "paused", "finished")


def at_stage(director: TestClient, new: Callable[..., str], run: Run, stage: str) -> str:
    """Return a tournament at ``stage``: fresh (registration), running, paused or finished."""
    if stage == "fresh":
        return new(director)
    tournament = new(director, start=True)
    if stage == "paused":
        run(director, tournament, "pause-clock")
    if stage == "finished":
        for entry in (1, 2, 3, 4):
            run(director, tournament, "bust-players", entries=[entry])
    return tournament


def field(page: str, name: str) -> str:
    """Return the text of the element marked ``data-field="name"`` (tags removed)."""
    found = re.search(rf'data-field="{name}"[^>]*>(.*?)</(div|b|span|h1)>', page, re.S)
    assert found, name
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(1))).strip()


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("stage", STAGES)
def test_clock_page(
    director: TestClient,
    new_tournament: Callable[..., str],
    run: Run,
    clock: Any,
    stage: str,
    lang: str,
) -> None:
    tournament = at_stage(director, new_tournament, run, stage)
    clock.advance(90)
    answer = director.get(f"/display/{tournament}/clock", params={"lang": lang})
    assert answer.status_code == 200
    page = answer.text
    assert f'<html lang="{lang}">' in page
    assert answer.cookies.get("lang") == lang
    assert field(page, "title") == "Friday Turbo"
    assert f'data-tournament="{tournament}"' in page
    assert "/static/display.js" in page
    assert field(page, "blinds") == "100 / 200"
    time = re.search(r'data-field="time" data-remaining="([^"]+)" data-running="(\w+)"', page)
    assert time
    expected = {
        "fresh": ("720.0", "false", "12:00"),
        "running": ("630.0", "true", "10:30"),
        "paused": ("720.0", "false", "12:00"),
    }
    if stage in expected:
        remaining, running, shown = expected[stage]
        assert (time.group(1), time.group(2)) == (remaining, running)
        assert field(page, "time") == shown
    players = {"fresh": "0 / 5", "running": "5 / 5", "paused": "5 / 5", "finished": "1 / 5"}
    assert field(page, "players") == players[stage]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("stage", STAGES)
def test_seating_page(
    director: TestClient,
    new_tournament: Callable[..., str],
    run: Run,
    players: tuple[str, ...],
    stage: str,
    lang: str,
) -> None:
    tournament = at_stage(director, new_tournament, run, stage)
    answer = director.get(f"/display/{tournament}/seating", params={"lang": lang})
    assert answer.status_code == 200
    page = html.unescape(answer.text)
    assert f'<html lang="{lang}">' in page
    assert f'data-tournament="{tournament}"' in page
    seated = {"fresh": [], "running": players, "paused": players, "finished": players[-1:]}
    for player in players:
        assert (player in page) == (player in seated[stage])
    if stage == "fresh":
        assert 'data-table="1"' not in page
    else:
        assert 'data-table="1"' in page


def test_chosen_language_sticks(director: TestClient, tournament: str) -> None:
    director.get(f"/display/{tournament}/clock", params={"lang": "fr"})
    assert director.cookies.get("lang") == "fr"
    assert '<html lang="fr">' in director.get(f"/display/{tournament}/seating").text
    director.get("/", params={"lang": "en"})
    assert '<html lang="en">' in director.get(f"/display/{tournament}/seating").text
    director.get("/", params={"lang": "xx"})  # not a language: nothing changes
    assert director.cookies.get("lang") == "en"


def test_displays_need_no_login(director: TestClient, tournament: str) -> None:
    director.cookies.clear()  # a stranger's browser
    for path in (f"/display/{tournament}/clock", f"/display/{tournament}/seating", "/lookup"):
        assert director.get(path).status_code == 200
    assert director.get(f"/lookup/{tournament}", params={"name": "Ana"}).status_code == 200


@pytest.mark.parametrize("path", ["/display/{}/clock", "/display/{}/seating", "/lookup/{}"])
def test_unknown_event_display_is_a_404_page(client: TestClient, path: str) -> None:
    answer = client.get(path.format("tournament-42"))
    assert answer.status_code == 404
    assert "text/html" in answer.headers["content-type"]
    assert "tournament-42" in html.unescape(answer.text)


def test_lookup_lists_the_events(director: TestClient, tournament: str) -> None:
    page = director.get("/lookup").text
    assert f'href="/lookup/{tournament}"' in page
    assert "Friday Turbo" in page


def _sections(page: str) -> dict[int, str]:
    found = re.findall(
        r'<section class="card player" data-entry="(\d+)">(.*?)</section>', page, re.S
    )
    return {int(entry): html.unescape(body) for entry, body in found}


def test_lookup_finds_by_part_of_a_name(
    director: TestClient, new_tournament: Callable[..., str], run: Run
) -> None:
    tournament = new_tournament(director, start=True)
    entries = {e["entry"]: e for e in director.get(f"/api/tournaments/{tournament}/entries").json()}
    page = director.get(f"/lookup/{tournament}", params={"name": "  cHLO "}).text
    found = _sections(page)
    assert list(found) == [3]
    chloe = entries[3]
    assert f"Table {chloe['table']}, seat {chloe['seat']}" in found[3]
    assert "Chloé Martin" in found[3]
    # "an" is in Ana and Dan: every match is shown
    answer = director.get(f"/lookup/{tournament}", params={"name": "an"})
    assert list(_sections(answer.text)) == [1, 4]


def test_lookup_shows_the_players_own_history(
    director: TestClient, new_tournament: Callable[..., str], run: Run
) -> None:
    tournament = new_tournament(director, start=True)
    run(director, tournament, "bust-players", entries=[2])
    page = director.get(f"/lookup/{tournament}", params={"name": "bruno"}).text
    bruno = re.findall(r"<li>(.*?)</li>", _sections(page)[2])
    assert bruno
    assert all(re.search(r"#2\b", line) for line in bruno)
    assert "Finished: 5" in _sections(page)[2]
    page = director.get(f"/lookup/{tournament}", params={"name": "Eva"}).text
    eva = re.findall(r"<li>(.*?)</li>", _sections(page)[5])
    assert eva
    assert all(re.search(r"#5\b", line) for line in eva)
    own = [line for line in bruno if line not in eva]  # his registration, his bust-out
    assert len(own) >= 2


def test_lookup_says_when_nothing_matches(director: TestClient, tournament: str) -> None:
    page = director.get(f"/lookup/{tournament}", params={"name": "Zorro"}).text
    assert "No player with that name in this event." in page
    assert _sections(page) == {}
    empty = director.get(f"/lookup/{tournament}").text
    assert "No player with that name" not in empty


def test_lookup_escapes_names(director: TestClient, new_tournament: Callable[..., str]) -> None:
    tournament = new_tournament(director, players=("<script>x</script>",))
    page = director.get(f"/lookup/{tournament}", params={"name": "<script>"}).text
    assert "<script>x</script>" not in page
    assert "&lt;script&gt;x&lt;/script&gt;" in page


def test_seating_lists_players_by_name(
    director: TestClient, new_tournament: Callable[..., str]
) -> None:
    tournament = new_tournament(director, players=("zoé", "Émile", "bob", "Ana"), draw=True)
    entries = director.get(f"/api/tournaments/{tournament}/entries").json()
    page = html.unescape(director.get(f"/display/{tournament}/seating").text)
    listed = re.search(r'data-field="by-name">(.*?)</div>', page, re.S)
    assert listed
    rows = re.findall(
        r"<tr><td>(.*?)</td><td class=\"num\">(\d+)</td>"
        r"<td class=\"num\">(\d+)</td></tr>",
        listed.group(1),
    )
    assert [row[0] for row in rows] == ["Ana", "bob", "Émile", "zoé"]  # no case, no accents
    seats = {e["player"]: (str(e["table"]), str(e["seat"])) for e in entries}
    assert all(seats[player] == (table, seat) for player, table, seat in rows)


def test_clock_page_counts_down_to_the_break(director: TestClient, tournament: str) -> None:
    page = director.get(f"/display/{tournament}/clock").text
    assert 'data-break-in-word="break in"' in page
    assert re.search(r'data-field="break-in" data-seconds="[\d.]+">\d\d:\d\d<', page)


def late_registration(director: TestClient, tournament: str) -> dict[str, Any]:
    answer = director.get(f"/api/tournaments/{tournament}/display")
    assert answer.status_code == 200, answer.text
    late: dict[str, Any] = answer.json()["status"]["late_registration"]
    return late


def test_seat_late_window_counts_down_by_the_clock_to_the_end_of_the_last_open_level(
    director: TestClient, new_tournament: Callable[..., str], run: Run, clock: Any
) -> None:
    # SEAT-LATE-WINDOW (TDA 7): open through level 2 of a turbo (12-minute levels, no break).
    tournament = new_tournament(director, start=True, late_registration_levels=2)
    clock.advance(90)
    late = late_registration(director, tournament)
    assert late == {
        "open": True, "closes_in": 2 * 720 - 90, "on_clock": True, "last_level": 2, "until": None
    }  # fmt: skip
    run(director, tournament, "pause-clock")
    clock.advance(600)  # the clock stands still: so does the countdown
    assert late_registration(director, tournament)["closes_in"] == 2 * 720 - 90
    run(director, tournament, "skip-level")
    run(director, tournament, "skip-level")
    closed = late_registration(director, tournament)
    assert closed["open"] is False
    assert closed["closes_in"] is None


def test_seat_late_window_counts_down_by_the_hour_when_it_ends_at_a_time(
    director: TestClient, new_tournament: Callable[..., str], clock: Any
) -> None:
    until = (clock() + datetime.timedelta(hours=1, minutes=30)).isoformat()
    tournament = new_tournament(director, start=True, late_registration_until=until)
    clock.advance(600)
    late = late_registration(director, tournament)
    assert late["open"] is True
    assert late["on_clock"] is False
    assert late["closes_in"] == 90 * 60 - 600
    assert late["until"] is not None
