"""What the browser is told (issue 16): no framing by another site, a Content-Security-Policy
without inline scripts, nosniff, no Referer to other sites; and a WebSocket opened by a page of
another origin (another port of the same host included) is refused before it is accepted."""

from __future__ import annotations

import http.cookiejar
import json
import re
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from live import serving
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect
from websockets.typing import Origin

from pokertd.web.headers import OTHER_ORIGIN
from pokertd.web.pages import console

TEMPLATES = Path(console.__file__).parent.parent / "templates"


@pytest.mark.parametrize("path", ["/", "/login", "/lookup", "/floor", "/healthz", "/nowhere"])
def test_every_answer_forbids_framing_and_sniffing(client: TestClient, path: str) -> None:
    answer = client.get(path)
    assert answer.headers["x-frame-options"] == "DENY"
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["referrer-policy"] == "same-origin"
    policy = answer.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in policy
    assert "script-src 'self';" in policy  # no inline script


def test_only_the_api_reference_runs_an_inline_script(client: TestClient) -> None:
    policy = client.get("/api/docs").headers["content-security-policy"]
    assert "script-src 'self' 'unsafe-inline'" in policy


def test_no_template_has_an_inline_script() -> None:
    """The policy would block it: handlers are in ``static/page.js`` (``data-print``...)."""
    for page in TEMPLATES.rglob("*.html"):
        text = page.read_text()
        assert not re.search(r"\son[a-z]+=", text), page
        assert "javascript:" not in text, page
        assert not re.search(r"<script(?![^>]*\bsrc=)", text), page


@pytest.mark.parametrize(
    "origin", ["http://evil.example", "http://testserver:8001", "null", "https://testserver.evil"]
)
def test_a_socket_from_another_origin_is_refused(
    director: TestClient, new_tournament: Callable[..., str], origin: str
) -> None:
    tournament = new_tournament(director, start=True)
    for path in (f"/ws/tournaments/{tournament}", f"/ws/tables/{tournament}/1"):
        with (
            pytest.raises(WebSocketDisconnect) as refused,
            director.websocket_connect(path, headers={"Origin": origin}) as socket,
        ):
            socket.receive_json()
        assert refused.value.code == OTHER_ORIGIN


def test_a_socket_from_this_origin_is_served(
    director: TestClient, new_tournament: Callable[..., str]
) -> None:
    tournament = new_tournament(director, start=True)
    for origin in ("http://testserver", "http://TESTSERVER"):
        with director.websocket_connect(
            f"/ws/tables/{tournament}/1", headers={"Origin": origin}
        ) as socket:
            assert socket.receive_json()["viewer"]["kind"] == "dealer"


def test_another_port_of_the_same_host_cannot_read_the_dealers_socket(
    app: FastAPI, password: str
) -> None:
    """The attack of issue 16 on a real server: a page of 127.0.0.1 on another port is the same
    site, so the director's cookie goes with its WebSocket; its Origin gives it away."""
    with serving(app) as (host, port):
        base = f"http://{host}:{port}"
        cookie, tournament = _director_with_a_table(base, password)
        url = f"ws://{host}:{port}/ws/tables/{tournament}/1"
        with pytest.raises(InvalidStatus):
            connect(url, origin=Origin(f"http://{host}:{port + 1}"), additional_headers=cookie)
        with connect(url, origin=Origin(base), additional_headers=cookie) as socket:
            assert json.loads(socket.recv(timeout=20))["viewer"]["kind"] == "dealer"


def _director_with_a_table(base: str, password: str) -> tuple[dict[str, str], str]:
    """Log in over HTTP and set a drawn table up; return the session cookie and the event."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))

    def post(path: str, body: dict[str, Any], token: str = "") -> Any:
        request = urllib.request.Request(
            base + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json", "X-CSRF-Token": token},
        )
        with opener.open(request, timeout=20) as answer:
            return json.loads(answer.read())

    token = post("/api/login", {"password": password})["csrf"]
    tournament = post("/api/tournaments", {"title": "T", "template": "turbo"}, token)["tournament"]
    for name in ("Ana", "Bo", "Cy"):
        post(
            f"/api/tournaments/{tournament}/commands",
            {"command": "register", "player": name},
            token,
        )
    post(f"/api/tournaments/{tournament}/commands", {"command": "draw-seats"}, token)
    cookie = "; ".join(f"{item.name}={item.value}" for item in jar)
    return {"Cookie": cookie}, tournament
