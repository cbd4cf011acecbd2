"""Console forms sent twice (issue 15, defect 2): a form's key makes its change once."""

from __future__ import annotations

from fastapi.testclient import TestClient


def post(client: TestClient, path: str, **fields: str) -> int:
    data = {"csrf": client.headers["X-CSRF-Token"], **fields}
    return client.post(path, data=data, follow_redirects=False).status_code


def entries(client: TestClient, tournament: str) -> list[str]:
    found = client.get(f"/api/tournaments/{tournament}/entries").json()
    return [entry["player"] for entry in found]


def test_defect_2_the_same_form_twice_registers_once(director: TestClient) -> None:
    assert post(director, "/console/create", title="Keys", key="create-1") == 303
    assert post(director, "/console/create", title="Keys", key="create-1") == 303
    tournaments = director.get("/api/tournaments").json()
    assert [t["title"] for t in tournaments] == ["Keys"]
    tournament = tournaments[0]["tournament"]
    register = f"/console/{tournament}/do/register"
    for _ in range(2):
        assert post(director, register, player="Ana", tab="desk", key="desk-1") == 303
    assert entries(director, tournament) == ["Ana"]
    # Another form (another key) for another Ana: refused until the director says so
    # (defect 12), then a second entry.
    assert post(director, register, player="ana ", tab="desk", key="desk-2") == 400
    assert post(director, register, player="Ana", tab="desk", key="desk-3", homonym="1") == 303
    assert entries(director, tournament) == ["Ana", "Ana"]


def test_defect_2_a_refused_form_may_be_sent_again_corrected(director: TestClient) -> None:
    post(director, "/console/create", title="Keys")
    tournament = director.get("/api/tournaments").json()[0]["tournament"]
    register = f"/console/{tournament}/do/register"
    assert post(director, register, player="", tab="desk", key="desk-9") == 400
    assert post(director, register, player="Bea", tab="desk", key="desk-9") == 303
    assert entries(director, tournament) == ["Bea"]
