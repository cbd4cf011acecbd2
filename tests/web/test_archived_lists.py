"""An archived event leaves every list (issue 15, defect 14): ``GET /api/tournaments``, the home
page, the console's list and the phone lookup; ``?archived=1`` lists it again, marked, and
restoring it brings it back everywhere."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient


def _listed(client: TestClient, **params: str) -> dict[str, bool]:
    answer = client.get("/api/tournaments", params=params)
    assert answer.status_code == 200, answer.text
    return {item["title"]: item["archived"] for item in answer.json()}


def _shown_on(client: TestClient, page: str) -> str:
    answer = client.get(page)
    assert answer.status_code == 200, answer.text
    return answer.text


def test_an_archived_event_leaves_every_list_unless_asked(
    director: TestClient,
    new_tournament: Callable[..., str],
    run: Callable[..., Any],
) -> None:
    kept = new_tournament(director, title="Vendredi Deepstack")
    gone = new_tournament(director, title="Soirée d'essai")
    assert _listed(director) == {"Vendredi Deepstack": False, "Soirée d'essai": False}

    run(director, gone, "archive-tournament", archived=True)

    assert _listed(director) == {"Vendredi Deepstack": False}
    assert _listed(director, archived="1") == {"Vendredi Deepstack": False, "Soirée d'essai": True}
    assert _listed(director, archived="0") == {"Vendredi Deepstack": False}
    for page in ("/", "/lookup"):
        text = _shown_on(director, page)
        assert "Vendredi Deepstack" in text, page
        assert "Soirée d&#39;essai" not in text, page
    console = _shown_on(director, "/console")
    active, _, archived = console.partition('id="archived"')
    assert f'data-event="{kept}"' in active
    assert f'data-event="{gone}"' not in active
    assert f'data-event="{gone}"' in archived

    run(director, gone, "archive-tournament", archived=False)

    assert _listed(director) == {"Vendredi Deepstack": False, "Soirée d'essai": False}
    assert "Soirée d&#39;essai" in _shown_on(director, "/")


def test_the_archived_filter_takes_only_a_yes_or_no(director: TestClient) -> None:
    answer = director.get("/api/tournaments", params={"archived": "maybe"})
    assert answer.status_code == 422
    assert "archived" in answer.text
