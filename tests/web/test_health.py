"""``GET /healthz``: what Docker's HEALTHCHECK and systemd probe, open to anyone."""

from __future__ import annotations

from fastapi.testclient import TestClient


def test_healthz_answers_ok_without_logging_in(client: TestClient) -> None:
    answer = client.get("/healthz")
    assert answer.status_code == 200
    assert answer.json() == {"ok": True}
    assert "pokertd_session" not in answer.cookies  # no session needed, none opened


def test_healthz_is_in_the_api_reference(client: TestClient) -> None:
    assert "/healthz" in client.get("/openapi.json").json()["paths"]


def test_healthz_answers_errors_in_json(client: TestClient) -> None:
    """A probe reads JSON, never the HTML error page, even for a wrong method."""
    answer = client.delete("/healthz", headers={"accept": "text/html"})
    assert answer.status_code == 405
    assert answer.headers["content-type"] == "application/json"
    assert answer.json()["error"]["kind"] == "method-not-allowed"
