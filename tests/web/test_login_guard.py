"""Guessing the director's password (issue 16): wrong passwords are limited per client and for
the account (429 with Retry-After, the rule said in the answer), and the password's hash runs in
a worker thread, never on the event loop: a cheap request completes while a check is running."""

from __future__ import annotations

import asyncio
import datetime
import threading
import urllib.request
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from live import serving

from pokertd.web import throttle
from pokertd.web.auth import TooManyAttemptsError


def guess(client: TestClient, password: str = "guess") -> Any:
    return client.post("/api/login", json={"password": password})


def test_a_client_that_guesses_is_refused_for_a_while(
    client: TestClient, password: str, clock: Any
) -> None:
    for _ in range(5):
        assert guess(client).status_code == 403
    refused = guess(client, password)  # even the right password waits: no oracle
    assert refused.status_code == 429
    assert refused.json()["error"]["kind"] == "too-many-attempts"
    assert "too many wrong passwords" in refused.json()["error"]["message"]
    assert refused.headers["retry-after"] == "300"
    assert client.get("/console").status_code == 401
    clock.advance(301)
    assert guess(client, password).status_code == 200
    assert client.get("/console").status_code == 200


def test_the_login_form_says_when_to_try_again_in_french(client: TestClient) -> None:
    for _ in range(5):
        guess(client)
    page = client.get("/login?lang=fr")
    token = page.text.split('name="csrf" value="')[1].split('"')[0]
    answer = client.post("/login", data={"password": "x", "csrf": token, "next": "/console"})
    assert answer.status_code == 429
    assert "trop de mauvais mots de passe" in answer.text.casefold()
    assert int(answer.headers["retry-after"]) > 0


def test_the_account_is_guarded_against_many_clients() -> None:
    gate = throttle.LoginGate()
    at = datetime.datetime(2024, 5, 3, 19, 0, tzinfo=datetime.UTC)
    for attempt in range(gate.per_account):
        gate.check(f"10.0.0.{attempt % 10}", at)  # no client reaches its own limit
        gate.failed(f"10.0.0.{attempt % 10}", at)
    with pytest.raises(TooManyAttemptsError) as refused:
        gate.check("10.0.1.1", at)  # a client never seen: the account waits
    assert refused.value.retry_after == gate.window
    gate.check("10.0.1.1", at + datetime.timedelta(seconds=gate.window))


def test_the_hash_is_computed_off_the_event_loop(
    client: TestClient, password: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    on_loop: list[bool] = []
    check = throttle.check_password

    def watched(given: str, stored: str) -> bool:
        try:
            asyncio.get_running_loop()
            on_loop.append(True)
        except RuntimeError:
            on_loop.append(False)
        return check(given, stored)

    monkeypatch.setattr(throttle, "check_password", watched)
    assert guess(client).status_code == 403
    assert guess(client, password).status_code == 200
    assert on_loop == [False, False]


def test_a_request_completes_while_a_password_is_being_checked(
    app: FastAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a real server: a check held in its thread does not hold ``/healthz`` back."""
    started, release = threading.Event(), threading.Event()
    check = throttle.check_password

    def slow(given: str, stored: str) -> bool:
        started.set()
        release.wait(30)
        return check(given, stored)

    monkeypatch.setattr(throttle, "check_password", slow)
    with serving(app) as (host, port):
        base = f"http://{host}:{port}"
        answers: list[int] = []
        guesser = threading.Thread(target=_post_login, args=(base, answers))
        guesser.start()
        assert started.wait(30), "the login did not start its check"
        with urllib.request.urlopen(f"{base}/healthz", timeout=20) as health:
            assert health.status == 200
        assert not release.is_set()  # the check was still running while /healthz answered
        release.set()
        guesser.join(30)
    assert answers == [403]


def _post_login(base: str, answers: list[int]) -> None:
    request = urllib.request.Request(
        f"{base}/api/login",
        data=b'{"password": "guess"}',
        headers={"Content-Type": "application/json"},
    )
    try:
        urllib.request.urlopen(request, timeout=30)
    except urllib.error.HTTPError as error:
        answers.append(error.code)
