"""The director's console: the structure planner, beside the structure (its tab).

The director types the field he expects (players, re-entries) and the start time and presses
"Estimate": the event's structure, profile, table size and late registration are simulated over
``RUNS`` runs (``pokertd.service.planner``), and the answer is a fragment with the end as a range
of clock times, the bubble, the final table and what the chips cannot cover.

The runs take seconds of CPU: they are played in a worker thread (``off_loop``), at most
``TIME_LIMIT`` seconds, on the event's structure read on the loop (a frozen value). While they
run the form says so (htmx's indicator) and its button is disabled; a second request for the same
event while one runs waits for that one's answer instead of starting another (a double click, or
a second tab): one computation per event at a time, and one estimate at a time in all, so that
the other worker stays free for the exports and deal previews.
"""

from __future__ import annotations

import asyncio
import weakref
from typing import Any

from fastapi import APIRouter, Depends, Request
from starlette.responses import Response

from pokertd.errors import ConflictError
from pokertd.messages import message
from pokertd.present.planner import plan_view, read_plan_form
from pokertd.service.planner import TIME_LIMIT, plan_asked, plan_event
from pokertd.sim.plan import RUNS, Plan, PlanAsked
from pokertd.web.context import web_of
from pokertd.web.i18n import language
from pokertd.web.offload import off_loop
from pokertd.web.security import director, form
from pokertd.web.templating import render

router = APIRouter(include_in_schema=False, dependencies=[Depends(director)])

#: The estimates being computed, per service and event, with what each was asked.
_RUNNING: weakref.WeakKeyDictionary[object, dict[str, tuple[PlanAsked, asyncio.Task[Plan]]]] = (
    weakref.WeakKeyDictionary()
)
#: One estimate at a time per event loop: it may hold a worker for ``TIME_LIMIT`` seconds, and
#: ``off_loop`` has ``WORKERS`` (2), so an export or a deal preview always finds one free.
_PLANNING: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = (
    weakref.WeakKeyDictionary()
)


def planner_form() -> dict[str, Any]:
    """What the planner's form starts with: the runs it plays, and its time limit."""
    return {"plan_runs": RUNS, "plan_time_limit": round(TIME_LIMIT)}


@router.post("/console/{tournament}/structure/plan")
async def plan(request: Request, tournament: str) -> Response:
    """Estimate how the event's structure plays out for the field typed (nothing recorded)."""
    data = await form(request)
    web, lang = web_of(request), language(request)
    tournament = web.service.resolve(tournament)
    players, reentries, start, runs = read_plan_form(data, lang)
    asked = plan_asked(web.service.load(tournament).state, players, reentries, runs)
    found = await _one_at_a_time(web.service, tournament, asked)
    return render(
        request,
        "console/structure_plan.html",
        id=tournament,
        plan=plan_view(found, start, lang, time_limit=TIME_LIMIT),
    )


async def _one_at_a_time(service: object, tournament: str, asked: PlanAsked) -> Plan:
    """The estimate of ``asked``: the one being computed for this event if it is the same, a
    new one if none is; refused while another field is being estimated for the event."""
    running = _RUNNING.setdefault(service, {})
    if tournament in running:
        same, task = running[tournament]
        if same != asked:
            raise ConflictError(
                message("an estimate is already being computed for this event: wait for it")
            )
        return await asyncio.shield(task)
    task = asyncio.ensure_future(_planned(asked))
    running[tournament] = (asked, task)

    def finished(done: asyncio.Task[Plan]) -> None:
        running.pop(tournament, None)
        if not done.cancelled():
            done.exception()  # retrieved: the requests that waited for it have said it

    task.add_done_callback(finished)
    return await asyncio.shield(task)


async def _planned(asked: PlanAsked) -> Plan:
    """The estimate of ``asked`` from a worker thread, once no other estimate runs."""
    one = _PLANNING.setdefault(asyncio.get_running_loop(), asyncio.Semaphore(1))
    async with one:
        return await off_loop(plan_event, asked)
