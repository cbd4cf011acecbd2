"""Schemathesis against the app's OpenAPI, in process (ASGI), as the logged-in director.

Every operation gets a bounded number of generated requests (valid and invalid) against a
running tournament of five players; no answer may be a server error, and answers must match the
documented status codes, content types and schemas.
"""

from __future__ import annotations

import atexit
import datetime
import random
import shutil
import tempfile
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import hypothesis
import pytest
import schemathesis
import schemathesis.checks
from fastapi.testclient import TestClient

from pokertd.web.app import create_app

CHECKS = [
    schemathesis.checks.not_a_server_error,
    schemathesis.checks.status_code_conformance,
    schemathesis.checks.content_type_conformance,
    schemathesis.checks.response_schema_conformance,
]

# One app per test process over a temporary file, with a fixed clock and a seeded rng: the
# schema is read at import (``schemathesis.pytest.from_fixture`` does not run under pytest 9),
# after the director logged in and started a tournament of five.
FOLDER = Path(tempfile.mkdtemp(prefix="pokertd-fuzz-"))
atexit.register(shutil.rmtree, FOLDER, ignore_errors=True)
NOW = datetime.datetime(2024, 5, 3, 19, 0, tzinfo=datetime.UTC)
PASSWORD = "fuzz-password"
APP = create_app(FOLDER / "fuzz.db", password=PASSWORD, now=lambda: NOW, rng=random.Random(5))


def _prepare() -> tuple[dict[str, str], dict[str, str]]:
    """Log in and start a tournament of five; return the session cookie and the CSRF header."""
    with TestClient(APP) as client:
        token = client.post("/api/login", json={"password": PASSWORD}).json()["csrf"]
        headers = {"X-CSRF-Token": token}
        created = client.post(
            "/api/tournaments", json={"title": "Fuzz", "template": "turbo"}, headers=headers
        )
        tournament = created.json()["tournament"]
        for body in (
            *({"command": "register", "player": name} for name in ("Ana", "Bo", "Cy", "Di", "Ed")),
            {"command": "draw-seats"},
            {"command": "start-clock"},
        ):
            answer = client.post(
                f"/api/tournaments/{tournament}/commands", json=body, headers=headers
            )
            assert answer.status_code == 200, answer.text
        cookie = client.cookies.get("pokertd_session")
    assert cookie
    return {"pokertd_session": cookie}, headers


COOKIES, HEADERS = _prepare()
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


@pytest.fixture(scope="module", autouse=True)
def _remove_the_folder() -> Iterator[None]:
    yield  # xdist's workers may end without running ``atexit``
    shutil.rmtree(FOLDER, ignore_errors=True)


@schema.parametrize()
@hypothesis.settings(
    max_examples=30,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(hypothesis.HealthCheck),
)
def test_api_never_fails(case: Any) -> None:
    case.call_and_validate(headers=HEADERS, cookies=COOKIES, checks=CHECKS)
