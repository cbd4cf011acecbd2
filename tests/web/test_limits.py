"""Request bodies are bounded per route and refused before they are read (issue 16): a declared
200 MiB body is answered 413 without a byte of it, and a chunked one as soon as it passes the
route's limit, on a real server over loopback."""

from __future__ import annotations

import select

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from live import raw_request, read_answer, serving
from starlette.types import Message, Receive, Scope, Send

from async_run import run_async
from pokertd.web.limits import DEFAULT_LIMIT, ROUTE_LIMITS, BodyLimits

HUGE = 200 * 1024 * 1024
CHUNK = 64 * 1024


def status_of(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1])


@pytest.mark.parametrize("path", ["/login", "/logout", "/floor", "/api/tournaments", "/api/login"])
def test_a_declared_huge_body_is_refused_before_it_is_sent(app: FastAPI, path: str) -> None:
    with serving(app) as address:
        connection = raw_request(
            address,
            f"POST {path} HTTP/1.1\nHost: 127.0.0.1\nContent-Type: application/json\n"
            f"Content-Length: {HUGE}",
        )  # the head only: the server must answer without waiting for the body
        with connection:
            answer = read_answer(connection)
    assert status_of(answer) == 413
    assert b"too-large" in answer or b"larger than" in answer


def test_a_chunked_body_is_refused_once_past_the_limit(app: FastAPI) -> None:
    """The client sends up to 100 MiB in chunks and stops as soon as the server answers: the
    answer comes long before the end (without the limit, all of it is read, then 403)."""
    with serving(app) as address:
        connection = raw_request(
            address,
            "POST /login HTTP/1.1\nHost: 127.0.0.1\n"
            "Content-Type: application/x-www-form-urlencoded\nTransfer-Encoding: chunked",
        )
        sent, chunk = 0, f"{CHUNK:x}\r\n".encode() + b"a" * CHUNK + b"\r\n"
        with connection:
            while sent < 1600 * CHUNK:
                readable, _, _ = select.select([connection], [], [], 0)
                if readable:
                    break
                try:
                    connection.sendall(chunk)
                except (TimeoutError, BrokenPipeError, ConnectionResetError):
                    break
                sent += CHUNK
            answer = read_answer(connection)
    assert status_of(answer) == 413
    assert sent < 1600 * CHUNK


def test_an_unreadable_length_is_a_clear_400() -> None:
    """A length such as ``²`` (a digit to ``str.isdigit``, not to ``int``) is a 400, not a 500."""
    reached: list[str] = []

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        reached.append(scope["path"])

    sent: list[Message] = []

    async def send(message: Message) -> None:
        sent.append(message)

    async def receive() -> Message:
        return {"type": "http.request", "body": b"{}"}

    scope = {
        "type": "http", "method": "POST", "path": "/api/login", "query_string": b"",
        "headers": [(b"content-length", "²".encode()), (b"accept", b"application/json")],
    }  # fmt: skip
    run_async(BodyLimits(app)(scope, receive, send))
    assert not reached
    assert sent[0]["status"] == 400
    assert b"bad-input" in sent[1]["body"]


def test_a_body_under_the_limit_passes_one_over_is_refused_in_json(director: TestClient) -> None:
    fine = director.post("/api/tournaments", json={"title": "x" * 1000, "template": "turbo"})
    assert fine.status_code == 201, fine.text
    over = director.post("/api/tournaments", json={"title": "x" * 300_000, "template": "turbo"})
    assert over.status_code == 413
    error = over.json()["error"]
    assert error["kind"] == "too-large"
    assert "256000" in error["message"]
    assert len(director.get("/api/tournaments").json()) == 1


def test_each_route_has_its_limit() -> None:
    limits = BodyLimits(app=FastAPI())
    assert limits.limit("/login") == limits.limit("/api/login") == 4_096
    assert (
        limits.limit("/console/tournament-1/import") == dict(ROUTE_LIMITS)[r"/console/[^/]+/import"]
    )
    assert limits.limit("/api/tournaments/tournament-1/commands") == 256_000
    assert limits.limit("/console/tournament-1/register") == DEFAULT_LIMIT
