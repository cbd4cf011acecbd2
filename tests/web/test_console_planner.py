"""The structure planner of the console's Structure tab (issue 15): the expected field and the
start time posted, the event's structure simulated off the event loop, the answer a fragment
with the end as a range of clock times, the bubble, the final table and the warnings; bad input
and the planner's limits named; one computation per event at a time."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from async_run import run_async
from pokertd.errors import ConflictError
from pokertd.sim.plan import MAX_ENTRIES, MAX_RUNS, Plan, PlanAsked
from pokertd.tournament.structure import template
from pokertd.web.pages import console_planner

DATA = Path(__file__).parents[1] / "data"


def create(client: TestClient, name: str) -> str:
    data = {"csrf": client.headers["X-CSRF-Token"], "title": "Jeudi", "template": "turbo"}
    files = {"structure_file": (name, (DATA / "structure" / name).read_bytes(), "text/plain")}
    answer = client.post("/console/create", data=data, files=files, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    return str(answer.headers["location"]).rsplit("/", 1)[1]


def plan(client: TestClient, tournament: str, **fields: str) -> tuple[int, str]:
    data = {"csrf": client.headers["X-CSRF-Token"], "players": "30", "reentries": "0",
            "start": "20:00", "runs": "6"} | fields  # fmt: skip
    answer = client.post(f"/console/{tournament}/structure/plan", data=data)
    return answer.status_code, answer.text


def test_the_structure_tab_offers_the_planner(director: TestClient) -> None:
    tournament = create(director, "thursday.json")
    page = director.get(f"/console/{tournament}?tab=structure").text
    assert 'id="plan-form"' in page
    assert f'hx-post="/console/{tournament}/structure/plan"' in page
    assert 'hx-sync="this:drop"' in page  # a double click sends one request
    assert "Computing… (at most 30 seconds)" in page


def test_an_estimate_in_french_with_the_warning_of_the_level_the_chips_cannot_cover(
    director: TestClient,
) -> None:
    tournament = create(director, "blinds_outgrow.json")
    director.cookies.set("lang", "fr")
    status, text = plan(director, tournament)
    assert status == 200, text
    assert "Fin estimée" in text
    assert "Bulle" in text
    assert "Table finale" in text
    assert " h " in text  # French clock times: 21 h 10
    assert 'data-kind="outgrown" data-level="3"' in text
    assert "Dès le niveau 3, un tour de blindes et d&#39;antes coûte 30\u202f000" in text
    assert "Sur 6 simulations de 30 entrées" in text


def test_a_sane_structure_has_no_warning_and_english_times(director: TestClient) -> None:
    tournament = create(director, "thursday.json")
    status, text = plan(director, tournament, players="12", start="8:30 pm")
    assert status == 400  # "8:30 pm" is not how the planner reads a time
    assert "give the start time as hours and minutes, such as 20:00, not &#39;8:30 pm&#39;" in text
    status, text = plan(director, tournament, players="12", start="20h30")
    assert status == 200, text
    assert 'data-kind="outgrown"' not in text
    assert 'data-kind="unpayable"' not in text
    assert " pm" in text or " am" in text


def test_the_limits_are_named(director: TestClient) -> None:
    tournament = create(director, "thursday.json")
    status, text = plan(director, tournament, players=str(MAX_ENTRIES + 1))
    assert status == 400
    assert f"the planner simulates at most {MAX_ENTRIES} entries" in text
    status, text = plan(director, tournament, runs=str(MAX_RUNS + 1))
    assert status == 400
    assert f"the planner plays 1 to {MAX_RUNS} runs, not {MAX_RUNS + 1}" in text
    status, text = plan(director, tournament, players="deux")
    assert status == 400
    assert "the expected players is a whole number, not &#39;deux&#39;" in text
    status, text = plan(director, tournament, reentries="5")
    assert status == 400
    assert "nobody can re-enter (BUY-REENTRY)" in text


class Service:
    """Stands for the app's tournament service."""


def test_a_second_request_waits_for_the_computation_running(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked = PlanAsked(players=12, structure=template("turbo", players=12), runs=2).checked()
    other = PlanAsked(players=14, structure=template("turbo", players=14), runs=2).checked()
    service = Service()  # what the running estimates are kept under: the app's service
    played: list[PlanAsked] = []
    real = console_planner.plan_event

    def counted(one: PlanAsked) -> object:
        played.append(one)
        return real(one)

    monkeypatch.setattr(console_planner, "plan_event", counted)

    async def twice() -> tuple[object, object, str]:
        first = asyncio.ensure_future(console_planner._one_at_a_time(service, "T", asked))
        await asyncio.sleep(0)
        second = asyncio.ensure_future(console_planner._one_at_a_time(service, "T", asked))
        await asyncio.sleep(0)
        try:
            await console_planner._one_at_a_time(service, "T", other)
            refused = ""
        except ConflictError as error:
            refused = str(error)
        return await first, await second, refused

    first, second, refused = run_async(twice())
    assert played == [asked]  # one computation for the two requests
    assert first is second
    assert "an estimate is already being computed for this event" in refused


def test_the_runs_are_played_off_the_event_loop(
    director: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    tournament = create(director, "thursday.json")
    where: list[bool] = []
    real = console_planner.plan_event

    def watched(asked: PlanAsked, **options: Any) -> Plan:
        try:
            asyncio.get_running_loop()
            where.append(True)
        except RuntimeError:
            where.append(False)
        return real(asked, **options)

    monkeypatch.setattr(console_planner, "plan_event", watched)
    status, text = plan(director, tournament, players="10", runs="2")
    assert status == 200, text
    assert where == [False]  # a worker thread: no event loop runs there


def test_one_estimate_at_a_time_for_all_events(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = PlanAsked(players=12, structure=template("turbo", players=12), runs=3).checked()
    service = Service()
    lock = threading.Lock()
    running = [0, 0]  # now, most at once
    real = console_planner.plan_event

    def counted(one: PlanAsked) -> Plan:
        with lock:
            running[0] += 1
            running[1] = max(running)
        try:
            return real(one)
        finally:
            with lock:
                running[0] -= 1

    monkeypatch.setattr(console_planner, "plan_event", counted)

    async def two_events() -> list[Plan]:
        return list(
            await asyncio.gather(
                console_planner._one_at_a_time(service, "T", asked),
                console_planner._one_at_a_time(service, "U", asked),
            )
        )

    first, second = run_async(two_events())
    assert first == second  # the same field: the same estimate (a fixed seed)
    assert running[1] == 1  # the other worker of off_loop stays free
