"""Shared fixtures of the web tests: an app over a temporary SQLite file, a fixed clock, a seeded
rng, a test client, a logged-in director and a helper that sets up a small tournament.

Fixtures: ``clock`` (a ``Clock``: call it for ``now``, ``clock.advance(seconds)``), ``rng``,
``db_path``, ``make_app`` (builds another app over the same file: a "server restart"), ``app``,
``client`` (a ``TestClient`` with the lifespan running), ``director`` (``client`` logged in
through ``/api/login``, its ``X-CSRF-Token`` header set on every request), ``csrf`` (that token),
``password`` and ``players`` (the director's password, the five players' names), and helpers
given as fixtures: ``log_in(client, password=...) -> csrf``, ``run(client, id, "command",
**fields) -> answer``, ``new_tournament(client, players=..., draw=False, start=False, **options)
-> id``, ``version_of(client, id) -> int``; ``tournament`` is a tournament of the five players
made through the API, not drawn yet.
"""

from __future__ import annotations

import datetime
import random
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI

with warnings.catch_warnings():  # starlette's test client warns about httpx
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from pokertd.web import auth
from pokertd.web.app import create_app

PASSWORD = "correct horse battery"
PLAYERS = ("Ana Costa", "Bruno Diaz", "Chloé Martin", "Dan Evans", "Eva Lund")
START = datetime.datetime(2024, 5, 3, 19, 0, tzinfo=datetime.UTC)


class Clock:
    """A fixed ``now`` that tests move forward by hand."""

    def __init__(self, start: datetime.datetime = START) -> None:
        self.at = start

    def __call__(self) -> datetime.datetime:
        return self.at

    def advance(self, seconds: float) -> None:
        """Move the clock ``seconds`` forward."""
        self.at += datetime.timedelta(seconds=seconds)


@pytest.fixture(autouse=True)
def _cheap_password_hashing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hash with a low scrypt cost: the tests check the scheme, not its strength."""
    monkeypatch.setattr(auth, "_N", 2**8)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def rng() -> random.Random:
    return random.Random(20240503)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "pokertd.db"


AppFactory = Callable[..., FastAPI]


@pytest.fixture
def make_app(db_path: Path, clock: Clock, rng: random.Random) -> AppFactory:
    """Return a function building an app over the test's file (the same file at every call)."""

    def build(**options: Any) -> FastAPI:
        options.setdefault("password", PASSWORD)
        options.setdefault("now", clock)
        options.setdefault("rng", rng)
        return create_app(db_path, **options)

    return build


@pytest.fixture
def app(make_app: AppFactory) -> FastAPI:
    return make_app()


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client


def login(client: TestClient, password: str = PASSWORD) -> str:
    """Log ``client`` in as the director; return the CSRF token, also set as a default header."""
    answer = client.post("/api/login", json={"password": password})
    assert answer.status_code == 200, answer.text
    token = answer.json()["csrf"]
    assert isinstance(token, str)
    client.headers["X-CSRF-Token"] = token
    return token


@pytest.fixture
def csrf(client: TestClient) -> str:
    return login(client)


@pytest.fixture
def director(client: TestClient, csrf: str) -> TestClient:
    del csrf  # logged in
    return client


def run(client: TestClient, tournament: str, command: str, **fields: Any) -> Any:
    """Run one command through the API; return the JSON answer (asserting it succeeded)."""
    answer = client.post(
        f"/api/tournaments/{tournament}/commands", json={"command": command, **fields}
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


def create_tournament(
    client: TestClient,
    players: tuple[str, ...] = PLAYERS,
    *,
    draw: bool = False,
    start: bool = False,
    title: str = "Friday Turbo",
    **options: Any,
) -> str:
    """Create a turbo tournament through the API, register ``players``; draw and start on request.

    ``client`` must be logged in (the ``director`` fixture).
    """
    answer = client.post("/api/tournaments", json={"title": title, "template": "turbo", **options})
    assert answer.status_code == 201, answer.text
    tournament = answer.json()["tournament"]
    assert isinstance(tournament, str)
    for player in players:
        run(client, tournament, "register", player=player)
    if draw or start:
        run(client, tournament, "draw-seats")
    if start:
        run(client, tournament, "start-clock")
    return tournament


def version_of(client: TestClient, tournament: str) -> int:
    """Return the tournament's stored version (from the director's log)."""
    answer = client.get(f"/api/tournaments/{tournament}/log", params={"last": 1})
    assert answer.status_code == 200, answer.text
    version = answer.json()["version"]
    assert isinstance(version, int)
    return version


@pytest.fixture
def tournament(director: TestClient) -> str:
    return create_tournament(director)


@pytest.fixture
def password() -> str:
    return PASSWORD


@pytest.fixture
def players() -> tuple[str, ...]:
    return PLAYERS


@pytest.fixture(name="log_in")
def log_in_fixture() -> Callable[..., str]:
    return login


@pytest.fixture(name="run")
def run_fixture() -> Callable[..., Any]:
    return run


@pytest.fixture(name="new_tournament")
def new_tournament_fixture() -> Callable[..., str]:
    return create_tournament


@pytest.fixture(name="version_of")
def version_of_fixture() -> Callable[[TestClient, str], int]:
    return version_of
