"""Many clubs on one server (issue 21): each club's pages answer at its host names, from its own
store; nothing of one club is visible through another, whatever the route, the ids, the cookie.

Two clubs share a server (``pokertd.web.tenants.Clubs``): ``alpha.test`` and ``beta.test``, each
with an SQLite file of its own and a tournament numbered 1, so that every id of one club is also
an id of the other. Every route of the app is asked at alpha's host name as alpha's director,
with the ids of ``test_roles.PARAMS``: no answer may carry a name of beta's.
"""

from __future__ import annotations

import contextlib
import datetime
import random
import re
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect
from test_roles import BODIES, EXPECTED, PARAMS

from pokertd.service.clubs import Club, ClubRegistry
from pokertd.store import open_store
from pokertd.web.app import create_app
from pokertd.web.sessions import COOKIE
from pokertd.web.tenants import Clubs

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

PASSWORD = "correct horse battery"
NOW = datetime.datetime(2026, 11, 27, 20, 0, tzinfo=datetime.UTC)
ALPHA = ("Alice Alpha", "Albert Alpha", "Annie Alpha")
#: Beta's names and title: none may ever appear in an answer at alpha's address.
BETA = ("Zébulon Secret", "Zoé Cachée", "Xavier Discret")
BETA_TITLE = "Tournoi Bêta confidentiel"


def _register(tmp_path: Path) -> Path:
    server = tmp_path / "server.db"
    with contextlib.closing(open_store(server)) as store:
        registry = ClubRegistry(store)
        for slug in ("alpha", "beta"):
            location = str(tmp_path / f"{slug}.db")
            registry.add(slug, slug.title(), [f"{slug}.test"], location, now=NOW)
    return server


@pytest.fixture
def server(tmp_path: Path) -> Clubs:
    registry = _register(tmp_path)

    def make_app(club: Club) -> Any:
        return create_app(
            club.location, password=PASSWORD, now=lambda: NOW, rng=random.Random(club.slug)
        )

    return Clubs(lambda: open_store(registry), make_app)


@pytest.fixture
def client(server: Clubs) -> Iterator[TestClient]:
    with TestClient(server, base_url="http://alpha.test") as test_client:
        yield test_client


def at(client: TestClient, club: str) -> TestClient:
    """``client`` sending to ``club``'s host name (its cookies are that host's, as a browser's);
    logged in as its director once."""
    client.base_url = client.base_url.copy_with(host=f"{club}.test")
    tokens: dict[str, str] = client.__dict__.setdefault("csrf_of", {})
    if club not in tokens:
        answer = client.post("/api/login", json={"password": PASSWORD})
        assert answer.status_code == 200, answer.text
        tokens[club] = answer.json()["csrf"]
    client.headers["X-CSRF-Token"] = tokens[club]
    return client


def _tournament(client: TestClient, title: str, players: tuple[str, ...]) -> str:
    made = client.post("/api/tournaments", json={"title": title, "template": "turbo"})
    assert made.status_code == 201, made.text
    tournament = made.json()["tournament"]
    for player in players:
        command = {"command": "register", "player": player}
        ran = client.post(f"/api/tournaments/{tournament}/commands", json=command)
        assert ran.status_code == 200, ran.text
    for command in ("draw-seats", "start-clock"):
        ran = client.post(f"/api/tournaments/{tournament}/commands", json={"command": command})
        assert ran.status_code == 200, ran.text
    return str(tournament)


@pytest.fixture
def clubs(client: TestClient) -> TestClient:
    """Alpha with one tournament; beta with two (the first numbered as alpha's)."""
    assert _tournament(at(client, "beta"), BETA_TITLE, BETA) == "tournament-1"
    assert _tournament(client, BETA_TITLE + " 2", BETA) == "tournament-2"
    assert _tournament(at(client, "alpha"), "Tournoi Alpha", ALPHA) == "tournament-1"
    return client


def _leaks(text: str) -> list[str]:
    return [name for name in (*BETA, BETA_TITLE, "Bêta") if name in text]


def test_each_club_lists_its_own_events_only(clubs: TestClient) -> None:
    listed = at(clubs, "alpha").get("/api/tournaments").json()
    assert [t["title"] for t in listed] == ["Tournoi Alpha"]
    assert at(clubs, "alpha").get("/api/tournaments/tournament-2").status_code == 404
    beta = at(clubs, "beta").get("/api/tournaments").json()
    assert sorted(t["title"] for t in beta) == [BETA_TITLE, BETA_TITLE + " 2"]


def test_every_route_at_one_club_shows_nothing_of_another(clubs: TestClient) -> None:
    client = at(clubs, "alpha")
    shown = []
    own = set()  # the routes that showed alpha's own names: the ids did reach a tournament
    for key in sorted(EXPECTED):
        method, path = key.split(" ", 1)
        for tournament in ("1", "2"):
            params = {**PARAMS, "tournament": tournament, "action": "clock-pause"}
            url = re.sub(r"\{([^}]+)\}", lambda m, p=params: p[m[1]], path)
            if method == "WS":
                text = _socket_text(client, url)
            elif method == "GET":
                text = client.get(url, follow_redirects=False).text
            elif url.startswith("/api/"):
                text = client.post(url, json=BODIES.get(key, {}), follow_redirects=False).text
            else:
                data = {"csrf": client.headers["X-CSRF-Token"], **BODIES.get(key, {})}
                text = client.post(url, data=data, follow_redirects=False).text
            if key == "POST /logout":
                client.__dict__["csrf_of"].pop("alpha")
                client = at(clubs, "alpha")
            shown += [(key, tournament, name) for name in _leaks(text)]
            if "Alice Alpha" in text or "Tournoi Alpha" in text:
                own.add(key)
    assert shown == []
    assert len(own) >= 10, sorted(own)
    # the same routes do show beta's names at beta's address: the check above could fail
    assert _leaks(at(clubs, "beta").get("/console/tournament-1?tab=desk").text)


def _ws(client: TestClient, path: str) -> str:
    """The socket URL of ``path`` at the client's host (the test client's sockets go to
    ``testserver`` unless given a whole URL)."""
    return f"ws://{client.base_url.host}{path}"


def _socket_text(client: TestClient, url: str) -> str:
    try:
        with client.websocket_connect(_ws(client, url)) as socket:
            return str(socket.receive())
    except WebSocketDisconnect as closed:
        return f"closed {closed.code}"


def test_the_display_socket_of_a_club_pushes_its_own_tournament(clubs: TestClient) -> None:
    alpha = at(clubs, "alpha")
    with alpha.websocket_connect(_ws(alpha, "/ws/tournaments/tournament-1")) as socket:
        document = socket.receive_json()
    assert "Tournoi Alpha" in str(document)
    assert not _leaks(str(document))


def test_a_session_of_one_club_opens_nothing_at_another(clubs: TestClient) -> None:
    at(clubs, "beta")
    beta_cookie = next(c.value for c in clubs.cookies.jar if c.domain.startswith("beta"))
    clubs.cookies.clear()
    clubs.base_url = clubs.base_url.copy_with(host="alpha.test")
    answer = clubs.get("/console", headers={"Cookie": f"{COOKIE}={beta_cookie}"})
    assert answer.status_code in (303, 401) or "password" in answer.text.lower()
    assert not _leaks(answer.text)
    api = clubs.get(
        "/api/tournaments/tournament-1/log", headers={"Cookie": f"{COOKIE}={beta_cookie}"}
    )
    assert api.status_code == 401


def test_an_address_no_club_answers_at_gets_a_404_naming_none(client: TestClient) -> None:
    client.base_url = client.base_url.copy_with(host="nowhere.test")
    answer = client.get("/")
    assert answer.status_code == 404
    assert "Aucun club ne répond à cette adresse" in answer.text
    assert "alpha" not in answer.text.lower()
    assert "beta" not in answer.text.lower()
    socket_url = _ws(client, "/ws/tournaments/tournament-1")
    with pytest.raises(WebSocketDisconnect), client.websocket_connect(socket_url) as socket:
        socket.receive()


def test_a_club_added_while_the_server_runs_answers_at_its_first_request(
    server: Clubs, client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("pokertd.web.tenants.REREAD", 0.0)
    with contextlib.closing(open_store(tmp_path / "server.db")) as store:
        gamma = str(tmp_path / "gamma.db")
        ClubRegistry(store).add("gamma", "Gamma", ["gamma.test"], gamma, now=NOW)
    at(client, "gamma")  # logs in: the app was made, its lifespan run, its password set
    assert [club.slug for club in server.clubs] == ["alpha", "beta", "gamma"]
    assert client.get("/api/tournaments").json() == []


def test_unknown_host_names_read_the_register_at_most_once_a_second(
    server: Clubs, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads: list[int] = []
    register: Callable[[], list[Club]] = server._register
    monkeypatch.setattr(server, "_register", lambda: reads.append(1) or register())
    client.base_url = client.base_url.copy_with(host="nowhere.test")
    for _ in range(20):
        assert client.get("/").status_code == 404
    assert len(reads) <= 1
