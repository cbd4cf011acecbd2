"""Every API route answers bad requests with the canonical error document, never a 500.

The routes are read from the app's own OpenAPI description, so a new route is checked as soon
as it exists (as Datasette's ``tests/test_error_shape.py`` does).
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pokertd.web.app import create_app


def _operations() -> list[tuple[str, str, dict[str, Any]]]:
    with tempfile.TemporaryDirectory() as folder:
        schema = create_app(Path(folder) / "schema.db", password="x").openapi()
    return [
        (path, method.upper(), operation)
        for path, item in sorted(schema["paths"].items())
        for method, operation in sorted(item.items())
    ]


OPERATIONS = _operations()
ERRORS = 400, 401, 403, 404, 405, 409, 422


def _cases() -> list[Any]:
    """Return (method, path, request options, expected status or None: any 4xx) for each bad
    request."""
    cases = []
    for path, method, operation in OPERATIONS:
        label = f"{method} {path}"
        known = re.sub(r"\{(?!tournament\})\w+\}", "1", path)  # other parameters: 1
        known = known.replace("{tournament}", "tournament-1")
        has_body = "requestBody" in operation
        body = {"json": {"command": "draw-seats"}} if "commands" in path else {"json": {}}
        # Another module's route may check its body before it looks the tournament up.
        expected = 404 if path.startswith("/api/tournaments") and path.count("{") == 1 else None
        if "{tournament}" in path:
            for name in ("tournament-404", "x", "0"):
                unknown = known.replace("tournament-1", name)
                options = body if has_body else {}
                cases.append(
                    pytest.param(method, unknown, options, expected, id=f"{label} unknown {name}")
                )
        if has_body:
            cases.append(
                pytest.param(
                    method,
                    known,
                    {"content": b"{oops", "headers": {"content-type": "application/json"}},
                    422,
                    id=f"{label} not json",
                )
            )
            cases.append(
                pytest.param(method, known, {"json": [1, "two"]}, 422, id=f"{label} not an object")
            )
        for parameter in operation.get("parameters", []):
            if parameter["in"] == "query":
                options = {"params": {parameter["name"]: "not-a-number"}}
                cases.append(
                    pytest.param(method, known, options, 422, id=f"{label} bad {parameter['name']}")
                )
        cases.append(pytest.param("DELETE", known, {}, 405, id=f"{label} wrong method"))
    return cases


def assert_error_document(answer: Any, status: int | None = None) -> dict[str, Any]:
    """Check the canonical error shape; return the error."""
    assert answer.status_code in ERRORS, answer.text
    if status is not None:
        assert answer.status_code == status, answer.text
    assert answer.headers["content-type"] == "application/json"
    document = answer.json()
    assert set(document) == {"ok", "error"}
    assert document["ok"] is False
    error = document["error"]
    assert set(error) - {"rule"} == {"status", "kind", "message"}
    assert error["status"] == answer.status_code
    assert isinstance(error["kind"], str)
    assert error["kind"]
    assert isinstance(error["message"], str)
    assert error["message"].strip()
    assert "Traceback" not in error["message"]
    if "rule" in error:
        assert isinstance(error["rule"], str)
        assert error["rule"]
    return error  # type: ignore[no-any-return]


def test_every_route_is_checked() -> None:
    assert {(path, method) for path, method, _ in OPERATIONS} >= {
        ("/api/login", "POST"),
        ("/api/tournaments", "GET"),
        ("/api/tournaments", "POST"),
        ("/api/tournaments/{tournament}/commands", "POST"),
    }


@pytest.mark.parametrize(("method", "path", "options", "status"), _cases())
def test_bad_request_answers_the_error_document(
    director: TestClient,
    tournament: str,
    method: str,
    path: str,
    options: dict[str, Any],
    status: int | None,
) -> None:
    assert tournament == "tournament-1"
    answer = director.request(method, path, **options)
    assert_error_document(answer, status)


OWN = [
    pytest.param(path, method, operation, id=f"{method} {path}")
    for path, method, operation in OPERATIONS
    if path.startswith(("/api/login", "/api/tournaments"))  # the routes of ``api/tournaments.py``
]


@pytest.mark.parametrize(("path", "method", "operation"), OWN)
def test_every_route_documents_its_errors(path: str, method: str, operation: Any) -> None:
    responses = operation["responses"]
    for status in ("400", "404", "422"):
        schema = responses[status]["content"]["application/json"]["schema"]
        assert schema == {"$ref": "#/components/schemas/ErrorBody"}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_errors_never_leak_a_traceback(director: TestClient, tournament: str, lang: str) -> None:
    nasty = {"command": "confirm-moves", "moves": [{"entry": 1, "table": "1", "seat": 1}]}
    answer = director.post(
        f"/api/tournaments/{tournament}/commands", json=nasty, headers={"accept-language": lang}
    )
    assert_error_document(answer, 400)


def test_pages_answer_errors_as_pages(client: TestClient) -> None:
    answer = client.get("/display/tournament-9/clock")
    assert answer.status_code == 404
    assert answer.headers["content-type"].startswith("text/html")
    assert "Error 404" in answer.text
    htmx = client.get("/display/tournament-9/clock", headers={"HX-Request": "true"})
    assert htmx.status_code == 200  # HTMX swaps 2xx only: the message goes into #errors
    assert htmx.headers["HX-Retarget"] == "#errors"
    assert 'role="alert"' in htmx.text


def test_json_is_answered_to_who_asks_for_it(client: TestClient) -> None:
    answer = client.get("/display/tournament-9/clock", headers={"accept": "application/json"})
    assert_error_document(answer, 404)
