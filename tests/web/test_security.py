"""The director's login, CSRF tokens, the stored password, cookies and redirects."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient


def page_csrf(client: TestClient, path: str = "/login") -> str:
    """Return the CSRF token a page carries (its ``csrf-token`` meta)."""
    found = re.search(r'<meta name="csrf-token" content="([^"]*)"', client.get(path).text)
    assert found
    assert found.group(1)
    return found.group(1)


@pytest.mark.parametrize("path", ["/console", "/console/tournament-1", "/console/1?tab=log"])
def test_console_pages_need_the_login(client: TestClient, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 401
    assert "text/html" in answer.headers["content-type"]
    assert "log in" in answer.text


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("POST", "/api/tournaments", {"title": "X"}),
        ("POST", "/api/tournaments/tournament-1/commands", {"command": "draw-seats"}),
        ("GET", "/api/tournaments/tournament-1/log", None),
    ],
)
def test_director_api_needs_the_login(
    director: TestClient,
    tournament: str,
    app: FastAPI,
    version_of: Callable[[TestClient, str], int],
    method: str,
    path: str,
    body: Any,
) -> None:
    version = version_of(director, tournament)
    stranger = TestClient(app)  # another browser; the app is already running (no lifespan)
    answer = stranger.request(method, path, json=body)
    assert answer.status_code == 401
    assert answer.json()["error"]["kind"] == "login-required"
    assert answer.headers["www-authenticate"] == "Cookie"
    assert version_of(director, tournament) == version
    assert len(director.get("/api/tournaments").json()) == 1


def test_wrong_password_is_refused(client: TestClient) -> None:
    answer = client.post("/api/login", json={"password": "guess"})
    assert answer.status_code == 403
    assert answer.json()["error"]["kind"] == "forbidden"
    assert client.get("/console").status_code == 401
    token = page_csrf(client)
    page = client.post("/login", data={"password": "guess", "csrf": token, "next": "/console"})
    assert page.status_code == 401
    assert "Wrong password." in page.text
    assert client.get("/console").status_code == 401


def test_login_form_then_console(client: TestClient, password: str) -> None:
    token = page_csrf(client)
    answer = client.post(
        "/login",
        data={"password": password, "csrf": token, "next": "/console?tab=desk"},
        follow_redirects=False,
    )
    assert answer.status_code == 303
    assert answer.headers["location"] == "/console?tab=desk"
    assert client.get("/console").status_code == 200
    # a fresh session at login: the token from before the login is no longer good
    assert page_csrf(client, "/console") != token


def test_login_form_needs_its_csrf_token(client: TestClient, password: str) -> None:
    page_csrf(client)
    answer = client.post("/login", data={"password": password, "next": "/console"})
    assert answer.status_code == 403
    assert client.get("/console").status_code == 401


@pytest.mark.parametrize("token", [None, "", "forged-token"])
def test_api_change_without_the_right_csrf_token_is_refused(
    director: TestClient,
    tournament: str,
    version_of: Callable[[TestClient, str], int],
    token: str | None,
) -> None:
    good = director.headers.pop("X-CSRF-Token")
    headers = {} if token is None else {"X-CSRF-Token": token}
    version = version_of(director, tournament)
    answer = director.post(
        f"/api/tournaments/{tournament}/commands", json={"command": "draw-seats"}, headers=headers
    )
    assert answer.status_code == 403
    assert answer.json()["error"]["kind"] == "forbidden"
    created = director.post("/api/tournaments", json={"title": "Sneaky"}, headers=headers)
    assert created.status_code == 403
    director.headers["X-CSRF-Token"] = good
    assert version_of(director, tournament) == version
    assert len(director.get("/api/tournaments").json()) == 1


@pytest.mark.parametrize("token", [None, "forged-token"])
def test_console_form_without_the_right_csrf_token_is_refused(
    director: TestClient,
    tournament: str,
    version_of: Callable[[TestClient, str], int],
    token: str | None,
) -> None:
    good = director.headers.pop("X-CSRF-Token")
    version = version_of(director, tournament)
    data = {"player": "Intruder"} | ({} if token is None else {"csrf": token})
    answer = director.post(f"/console/{tournament}/do/register", data=data)
    assert answer.status_code == 403
    director.headers["X-CSRF-Token"] = good
    assert version_of(director, tournament) == version
    # the right token in the form works
    answer = director.post(
        f"/console/{tournament}/do/register",
        data={"player": "Guest", "csrf": good},
        headers={"X-CSRF-Token": ""},
        follow_redirects=False,
    )
    assert answer.status_code == 303
    assert version_of(director, tournament) == version + 1


def test_the_csrf_token_of_another_session_is_refused(
    director: TestClient, tournament: str, app: FastAPI, password: str
) -> None:
    other_token = page_csrf(TestClient(app))  # another browser's session
    answer = director.post(
        f"/api/tournaments/{tournament}/commands",
        json={"command": "draw-seats"},
        headers={"X-CSRF-Token": other_token},
    )
    assert answer.status_code == 403


def test_logout_ends_the_session(director: TestClient, csrf: str) -> None:
    answer = director.post("/logout", data={"csrf": csrf}, follow_redirects=False)
    assert answer.status_code == 303
    assert director.get("/console").status_code == 401
    assert director.post("/api/tournaments", json={"title": "X"}).status_code == 401


def test_the_password_is_stored_hashed(
    make_app: Callable[..., FastAPI], db_path: Path, tmp_path: Path
) -> None:
    secret = "Sésame-ouvre-toi-4242"
    app = make_app(password=secret)
    with TestClient(app) as client:
        assert client.post("/api/login", json={"password": secret}).status_code == 200
    stored = b"".join(path.read_bytes() for path in tmp_path.glob(db_path.name + "*"))
    assert b"scrypt$" in stored
    for encoding in ("utf-8", "utf-16-le", "latin-1"):
        assert secret.encode(encoding, "ignore") not in stored


def test_session_cookie_is_httponly_and_samesite(client: TestClient, password: str) -> None:
    answer = client.post("/api/login", json={"password": password})
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith("pokertd_session=")
    attributes = {part.strip().split("=")[0].lower(): part for part in cookie.split(";")}
    assert "httponly" in attributes
    assert attributes["samesite"].strip().lower() == "samesite=strict"


@pytest.mark.parametrize(
    "target",
    [
        "https://evil.example/",
        "//evil.example/",
        "/\\evil.example/",
        "\\\\evil.example",
        "/\t/evil.example",
        "javascript:alert(1)",
        "http:/evil.example",
        " //evil.example",
    ],
)
def test_login_next_refuses_off_site_redirects(
    client: TestClient, password: str, target: str
) -> None:
    form = client.get("/login", params={"next": target}).text
    found = re.search(r'name="next" value="([^"]*)"', form)
    assert found
    assert found.group(1) == "/console"
    answer = client.post(
        "/login",
        data={"password": password, "csrf": page_csrf(client), "next": target},
        follow_redirects=False,
    )
    assert answer.status_code == 303
    assert answer.headers["location"] == "/console"


def test_login_next_keeps_a_local_path(client: TestClient) -> None:
    form = client.get("/login", params={"next": "/console/tournament-1?tab=log"}).text
    assert 'name="next" value="/console/tournament-1?tab=log"' in form


def test_drawn_password_works_and_is_drawn_once(make_app: Callable[..., FastAPI]) -> None:
    first = make_app(password=None)
    drawn = first.state.drawn_password
    assert isinstance(drawn, str)
    assert len(drawn) >= 12
    with TestClient(first) as client:
        assert client.post("/api/login", json={"password": drawn}).status_code == 200
    second = make_app(password=None)
    assert second.state.drawn_password is None
    with TestClient(second) as client:
        assert client.post("/api/login", json={"password": drawn}).status_code == 200


def test_a_session_survives_a_restart(
    make_app: Callable[..., FastAPI], password: str, tournament: str, director: TestClient
) -> None:
    cookie = director.cookies.get("pokertd_session")
    assert cookie
    with TestClient(make_app(password=None)) as again:
        again.cookies.set("pokertd_session", cookie)
        assert again.get(f"/api/tournaments/{tournament}/log").status_code == 200


def test_a_new_password_at_start_replaces_the_old(make_app: Callable[..., FastAPI]) -> None:
    make_app(password="first-password")
    with TestClient(make_app(password="second-password")) as client:
        assert client.post("/api/login", json={"password": "first-password"}).status_code == 403
        assert client.post("/api/login", json={"password": "second-password"}).status_code == 200


def test_password_hash_round_trip() -> None:
    from pokertd.web import auth

    stored = auth.hash_password("x", b"0" * 16)
    assert stored.startswith("scrypt$256$8$1$")  # the cost is lowered for the tests (conftest)
    assert auth.check_password("x", stored)
    assert not auth.check_password("y", stored)
    assert not auth.check_password("x", "not-a-hash")
