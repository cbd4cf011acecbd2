"""The console's money tab, deals, penalties, player-list import, CSV exports and printed sheets,
through the test client (fixtures from tests/web/conftest.py)."""

from __future__ import annotations

import csv
import html
import io
import re
from collections.abc import Callable
from decimal import Decimal

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from pokertd.tournament.deals import icm_deal
from pokertd.web.pages import console_money
from pokertd.web.permissions import CALLER, Caller
from pokertd.web.staff import Role
from pokertd.web.templating import environment

Version = Callable[[TestClient, str], int]

PLAYERS = tuple(f"Player {letter}" for letter in "ABCDEFGHI")
BUY_IN = 1800  # cents to the pool of each "18+2" entry


@pytest.fixture
def app(make_app: Callable[..., FastAPI]) -> FastAPI:
    """The app, with this module's router (until routes.py lists it)."""
    built = make_app()
    paths = {getattr(route, "path", "") for route in built.routes}
    if "/console/{tournament}/import" not in paths:
        built.include_router(console_money.router)
    return built


def post(client: TestClient, path: str, **fields: str | list[str]) -> str:
    """Post a console form with the session's token; return the page it leads to."""
    token = client.headers["X-CSRF-Token"]
    answer = client.post(path, data={"csrf": token, **fields})
    assert answer.status_code == 200, answer.text
    return str(answer.text)


def create_event(client: TestClient, players: tuple[str, ...] = PLAYERS) -> str:
    """Create an event with an 18+2 buy-in and register ``players`` at the desk."""
    token = client.headers["X-CSRF-Token"]
    answer = client.post(
        "/console/create",
        data={"csrf": token, "title": "Money Night", "template": "turbo", "buy_in": "18+2"},
        follow_redirects=False,
    )
    assert answer.status_code == 303, answer.text
    tournament = str(answer.headers["location"]).rsplit("/", 1)[1]
    for player in players:
        post(client, f"/console/{tournament}/do/register", player=player, tab="desk")
    return tournament


def cents(page: str, test: str) -> list[int]:
    """Return the ``data-cents`` of the elements marked ``data-test=test``."""
    return [int(c) for c in re.findall(rf'data-test="{test}" data-cents="(\d+)"', page)]


def csv_rows(client: TestClient, tournament: str, what: str) -> list[dict[str, str]]:
    answer = client.get(f"/console/{tournament}/export/{what}.csv")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/csv")
    return list(csv.DictReader(io.StringIO(answer.text)))


def to_cents(amount: str) -> int:
    return int(Decimal(amount or "0") * 100)


def money_tab(client: TestClient, tournament: str) -> str:
    answer = client.get(f"/console/{tournament}?tab=money")
    assert answer.status_code == 200, answer.text
    return str(answer.text)


def test_money_from_registration_to_the_winner_with_an_icm_deal(director: TestClient) -> None:
    tournament = create_event(director)
    post(director, f"/console/{tournament}/do/draw", tab="overview")
    pool = BUY_IN * len(PLAYERS)

    page = money_tab(director, tournament)
    assert cents(page, "pool") == [pool]
    assert sum(cents(page, "prize")) == pool

    page = post(director, f"/console/{tournament}/payouts", mode="percent", prizes="50,30,20")
    page = money_tab(director, tournament)
    prizes = cents(page, "prize")
    assert prizes == [8100, 4900, 3200]  # 50/30/20 of 162.00, rounded to whole euros
    assert sum(prizes) == pool
    assert "Prizes fixed." in page

    for entry in range(9, 3, -1):  # bust #9 to #4, one hand each: 3 players left
        post(director, f"/console/{tournament}/do/bust", entries=str(entry), tab="bust")
    page = money_tab(director, tournament)
    assert page.count('data-test="icm"') == 3

    stacks = {1: 100_000, 2: 50_000, 3: 30_000}
    fields = {f"stack-{entry}": str(chips) for entry, chips in stacks.items()}
    post(director, f"/console/{tournament}/do/deal", method="icm", tab="money", **fields)
    expected = icm_deal(list(stacks.values()), prizes, unit=100)
    page = money_tab(director, tournament)
    assert "A deal was made." in page
    shares = re.findall(r'data-test="share">([\d.]+)<', page)
    assert [to_cents(share) for share in shares] == list(expected.amounts)

    post(director, f"/console/{tournament}/do/bust", entries="3", tab="bust")
    post(director, f"/console/{tournament}/do/bust", entries="2", tab="bust")
    page = money_tab(director, tournament)
    assert sum(cents(page, "prize")) == pool
    assert "Balances to the cent." in page
    assert "Deal" in page
    assert 'id="deal-form"' not in page

    payouts = csv_rows(director, tournament, "payouts")
    assert sum(to_cents(row["prize"]) for row in payouts) == pool
    results = csv_rows(director, tournament, "results")
    assert sum(to_cents(row["prize"]) for row in results) == pool
    assert results[0]["entry"] == "1"
    assert results[0]["place"] == "1"
    won = {int(row["entry"]): to_cents(row["prize"]) for row in results}
    assert [won[entry] for entry in (1, 2, 3)] == list(expected.amounts)
    ledger = csv_rows(director, tournament, "ledger")
    assert sum(to_cents(row["prize"]) for row in ledger) == pool
    assert sum(to_cents(row["paid"]) for row in ledger) == 2000 * len(PLAYERS)

    sheet = director.get(f"/console/{tournament}/print/payouts")
    assert sheet.status_code == 200
    assert "data-print" in sheet.text  # static/page.js prints (no inline script)
    printed = re.findall(r'data-test="prize">([\d.]+)<', sheet.text)
    assert sum(to_cents(amount) for amount in printed) == pool


def test_payouts_by_amounts_must_add_up_to_the_pool(
    director: TestClient, version_of: Version
) -> None:
    tournament = create_event(director, PLAYERS[:4])
    before = version_of(director, tournament)
    token = director.headers["X-CSRF-Token"]
    answer = director.post(
        f"/console/{tournament}/payouts",
        data={"csrf": token, "mode": "amounts", "prizes": "50,10"},
    )
    assert answer.status_code == 400
    assert "the pool is" in answer.text
    assert version_of(director, tournament) == before
    post(director, f"/console/{tournament}/payouts", mode="amounts", prizes="50,22")
    assert cents(money_tab(director, tournament), "prize") == [5000, 2200]


def test_import_reports_the_bad_row_and_registers_the_others(
    director: TestClient, version_of: Version
) -> None:
    tournament = create_event(director, ())
    listing = "Name;Contact\nZoé Lemaire;zoe@example.org\n;no-name@example.org\nYann Kerouac;\n"
    token = director.headers["X-CSRF-Token"]
    answer = director.post(
        f"/console/{tournament}/import",
        data={"csrf": token},
        files={"file": ("players.csv", listing.encode("cp1252"), "text/csv")},
    )
    assert answer.status_code == 200, answer.text
    assert re.search(r'data-line="3" class="error">.*?the name is empty', answer.text, re.S)
    assert 'data-test="registered">2<' in answer.text
    assert 'data-test="refused">1<' in answer.text
    entries = director.get(f"/api/tournaments/{tournament}/entries").json()
    names = [entry["player"] for entry in entries]
    assert names == ["Zoé Lemaire", "Yann Kerouac"]
    assert version_of(director, tournament) == 1 + 2 * 2  # created; two registrations, paid


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"PK\x03\x04\x14\x00\x06\x00binary", "is a spreadsheet file, not text"),
        (b"\x00\x01\x02\x03", "is not a text file"),
        (b"", "is empty"),
        (b"first,last\nAnn,Lee\n", "has no 'name' column"),
        (b"x" * (console_money.MAX_UPLOAD + 1), "larger than 1 MB"),
        (b"x" * (2 * console_money.MAX_UPLOAD), "larger than 1 MB"),  # refused unread
    ],
)
def test_import_refuses_a_bad_file_and_changes_nothing(
    director: TestClient, version_of: Version, content: bytes, message: str
) -> None:
    tournament = create_event(director, ())
    token = director.headers["X-CSRF-Token"]
    answer = director.post(
        f"/console/{tournament}/import",
        data={"csrf": token},
        files={"file": ("list.csv", content, "text/csv")},
    )
    assert answer.status_code == 400
    assert message in html.unescape(answer.text)
    assert version_of(director, tournament) == 1


def test_penalties_and_their_refusals(director: TestClient, version_of: Version) -> None:
    tournament = create_event(director, PLAYERS[:4])
    post(director, f"/console/{tournament}/do/draw", tab="overview")
    before = version_of(director, tournament)
    token = director.headers["X-CSRF-Token"]
    refused = director.post(
        f"/console/{tournament}/do/penalty",
        data={"csrf": token, "entry": "99", "kind": "warning", "tab": "desk"},
    )
    assert refused.status_code == 404
    assert "there is no entry 99" in refused.text
    bad_count = director.post(
        f"/console/{tournament}/do/penalty",
        data={"csrf": token, "entry": "1", "kind": "hands", "count": "0", "tab": "desk"},
    )
    assert bad_count.status_code == 400
    assert "at least one hand or one round" in bad_count.text
    assert version_of(director, tournament) == before

    post(director, f"/console/{tournament}/do/penalty", entry="1", kind="warning", tab="desk")
    post(director, f"/console/{tournament}/do/penalty", entry="2", kind="hands", count="3")
    post(director, f"/console/{tournament}/do/disqualify", entry="3", reason="collusion")
    post(director, f"/console/{tournament}/do/quit", entry="4")
    found = director.get(f"/api/tournaments/{tournament}/entries").json()
    entries = {entry["entry"]: entry for entry in found}
    assert entries[1]["warnings"] == 1
    assert entries[2]["penalty_hands"] == 3
    assert entries[3]["status"] == "disqualified"
    assert entries[4]["status"] in ("quit", "seated")  # seated while blinded off (ABS-QUIT)


def test_print_pages_list_every_seated_player(director: TestClient) -> None:
    tournament = create_event(director)
    post(director, f"/console/{tournament}/do/draw", tab="overview")
    found = director.get(f"/api/tournaments/{tournament}/entries").json()
    seated = [e for e in found if e["status"] == "seated"]
    assert len(seated) == len(PLAYERS)

    tickets = director.get(f"/console/{tournament}/print/tickets")
    assert tickets.status_code == 200
    assert tickets.text.count('class="ticket"') == len(PLAYERS)
    tables = director.get(f"/console/{tournament}/print/tables").text
    for entry in seated:
        ticket = re.search(
            rf'data-entry="{entry["entry"]}">(.*?)</div>\s*</div>', tickets.text, re.S
        )
        assert ticket is not None
        assert entry["player"] in ticket.group(1)
        assert f"Table <b>{entry['table']}</b>" in ticket.group(1)
        assert f"Seat <b>{entry['seat']}</b>" in ticket.group(1)
        row = f'<td class="num">{entry["seat"]}</td><td>{entry["player"]}</td>'
        assert row in tables
    assert director.get(f"/console/{tournament}/print/nothing").status_code == 404


def test_a_post_without_the_csrf_token_is_refused(
    director: TestClient, version_of: Version
) -> None:
    tournament = create_event(director, PLAYERS[:3])
    before = version_of(director, tournament)
    del director.headers["X-CSRF-Token"]
    attempts = [
        (f"/console/{tournament}/do/penalty", {"entry": "1"}, None),
        (f"/console/{tournament}/do/deal", {"method": "icm"}, None),
        (f"/console/{tournament}/payouts", {"mode": "standard"}, None),
        (f"/console/{tournament}/import", {}, {"file": ("l.csv", b"name\nEve\n", "text/csv")}),
    ]
    for path, fields, files in attempts:
        answer = director.post(path, data=fields, files=files)
        assert answer.status_code == 403, path
        assert "reload the page" in answer.text
    assert version_of(director, tournament) == before


def test_the_pages_need_the_login(client: TestClient) -> None:
    for path in ("/console/1/export/ledger.csv", "/console/1/print/tickets"):
        assert client.get(path).status_code == 401


def test_htmx_payouts_refresh_the_money_section(director: TestClient) -> None:
    tournament = create_event(director, PLAYERS[:4])
    token = director.headers["X-CSRF-Token"]
    answer = director.post(
        f"/console/{tournament}/payouts",
        data={"csrf": token, "mode": "percent", "prizes": "1: 62,5; 2: 37,5"},
        headers={"HX-Request": "true"},
    )
    assert answer.status_code == 200
    assert "<html" not in answer.text  # the section only
    assert cents(answer.text, "prize") == [4500, 2700]


def test_an_event_without_money_has_an_empty_money_tab(director: TestClient) -> None:
    token = director.headers["X-CSRF-Token"]
    answer = director.post("/console/create", data={"csrf": token, "title": "Free roll"})
    tournament = str(answer.url).rsplit("/", 1)[1]
    assert "This event keeps no money." in money_tab(director, tournament)
    assert csv_rows(director, tournament, "payouts") == []
    assert "This event keeps no money." in director.get(f"/console/{tournament}/print/payouts").text


def test_the_penalty_forms_render_for_the_desk() -> None:
    token = CALLER.set(Caller(Role.DIRECTOR, "director"))  # the forms are the floor's and his
    page = (
        environment("en")
        .get_template("console/penalties.html")
        .render(
            id="tournament-1",
            csrf="token",
            tab="desk",
            entries=[{"entry": 1, "player": "Ann", "status": "seated"}],
            extra={"offences": [("other", "Another fault")]},
        )
    )
    CALLER.reset(token)
    # A penalty is shown first, then confirmed (console_penalties.py).
    assert 'hx-post="/console/tournament-1/penalty/preview"' in page
    assert '<option value="other" selected>Another fault</option>' in page
    for action in ("disqualify", "quit"):
        assert f'hx-post="/console/tournament-1/do/{action}"' in page
    assert '<option value="1">Ann</option>' in page
