"""The club's register of players, for the director: search, add, correct, merge, export,
erase; and the desk's search-as-you-type that picks a person to register.

Everything goes through ``service.people``; the names put into these pages and every other are
resolved at the edge (``web.people_names``).
"""

from __future__ import annotations

import dataclasses
import json
import secrets
from typing import Any

from fastapi import APIRouter, Depends, Request
from starlette.datastructures import FormData
from starlette.responses import RedirectResponse, Response

from pokertd.present.formats import format_money, show_points
from pokertd.service.people import LIMITS, PeopleService, Shown
from pokertd.web.context import web_of
from pokertd.web.i18n import language
from pokertd.web.people_names import keep_ids
from pokertd.web.security import csrf_token, director, form
from pokertd.web.templating import render

router = APIRouter(include_in_schema=False, dependencies=[Depends(director)])

#: The text fields of the person form, in its order.
TEXT_FIELDS = ("name", "first_name", "nickname", "contact", "season", "licence", "notes")


def people_of(request: Request) -> PeopleService:
    web = web_of(request)
    return PeopleService(web.store, now=web.now, rng=web.rng)


def _fields(data: FormData) -> dict[str, Any]:
    """The person form's fields: text (bounded by the service) and the two ticks."""
    values: dict[str, Any] = {
        name: str(data.get(name, ""))[: LIMITS[name] + 1] for name in TEXT_FIELDS
    }
    values["member"] = bool(data.get("member"))
    values["consent"] = bool(data.get("consent"))
    return values


async def _names_changed(request: Request) -> None:
    """Push the screens again: a live display shows the name the register holds now."""
    hub = web_of(request).hub
    hub.names_changed()
    await hub.flush()


def _go(request: Request, target: str) -> Response:
    """Back to a page: HTMX follows ``HX-Redirect``, a plain form a 303."""
    if request.headers.get("hx-request"):
        return Response(status_code=200, headers={"HX-Redirect": target})
    return RedirectResponse(target, 303)


@router.get("/people")
async def people_page(request: Request, q: str = "") -> Response:
    """The register: everyone, or those matching the search, accents and typos aside."""
    csrf_token(request)
    people = people_of(request)
    query = q[:100]
    found = people.search(query, limit=200) if query else people.everyone()
    return keep_ids(
        render(
            request,
            "people/index.html",
            people=found,
            query=query,
            shown=people.settings()["shown"],
            choices=Shown.ALL,
            key=secrets.token_urlsafe(8),
        )
    )


@router.get("/people/pick")
async def pick(request: Request, player: str = "") -> Response:
    """The desk's picks: the people matching what the director types (a fragment)."""
    query = player[:100].strip()
    found = people_of(request).search(query, limit=8) if len(query) >= 2 else []
    return keep_ids(render(request, "people/_picks.html", people=found, query=query, picked=""))


@router.post("/people/quick")
async def quick_add(request: Request) -> Response:
    """At the desk: add the name typed to the register and pick him (the picks fragment)."""
    data = await form(request)
    typed = " ".join(str(data.get("player", ""))[:121].split())
    first, _space, last = typed.rpartition(" ")
    person = people_of(request).add(name=last, first_name=first, consent=bool(data.get("consent")))
    return keep_ids(
        render(request, "people/_picks.html", people=[person], query=typed, picked=person.id)
    )


@router.post("/people")
async def add(request: Request) -> Response:
    """Add a person to the register."""
    data = await form(request)
    person = people_of(request).add(**_fields(data))
    return _go(request, f"/people/{person.id}")


@router.post("/people/settings")
async def settings(request: Request) -> Response:
    """Choose what the public pages show of a person."""
    data = await form(request)
    people_of(request).set_shown(str(data.get("shown", "")))
    await _names_changed(request)
    return _go(request, "/people")


@router.get("/people/{person}")
async def person_page(request: Request, person: str) -> Response:
    """One person: the record to correct, the history, merge, export and erase."""
    csrf_token(request)
    people = people_of(request)
    found = people.get(person)
    if found.merged_into:
        return RedirectResponse(f"/people/{found.merged_into}", 303)
    others = [p for p in people.everyone() if p.id != found.id and not p.erased]
    history = [] if found.erased else people.history(found.id)
    seasons = [] if found.erased else web_of(request).leagues.seasons_of(found.id)
    return keep_ids(
        render(
            request,
            "people/person.html",
            person=found,
            history=history,
            seasons=seasons,
            points=lambda value: show_points(value, language(request)),
            others=others,
            merged=sorted(people.aliases(found.id) - {found.id}),
            money=lambda cents: format_money(cents, language(request)),
        )
    )


@router.post("/people/{person}")
async def update(request: Request, person: str) -> Response:
    """Correct a person's record; his results follow (the logs hold his id only)."""
    data = await form(request)
    people_of(request).update(person, **_fields(data))
    await _names_changed(request)
    return _go(request, f"/people/{person}")


@router.post("/people/{person}/merge")
async def merge(request: Request, person: str) -> Response:
    """Merge ``person`` (a duplicate) into the person chosen: both histories kept."""
    data = await form(request)
    kept = people_of(request).merge(person, str(data.get("into", ""))[:20])
    await _names_changed(request)
    return _go(request, f"/people/{kept.id}")


@router.post("/people/{person}/erase")
async def erase(request: Request, person: str) -> Response:
    """Erase a person on request (GDPR art. 17): his results show "erased player"."""
    data = await form(request)
    people_of(request).erase(person, pseudonym=str(data.get("pseudonym", ""))[:41])
    await _names_changed(request)
    return _go(request, "/people")


@router.get("/people/{person}/export")
async def export(request: Request, person: str) -> Response:
    """Everything the register holds on a person, as a JSON file (GDPR art. 15 and 20)."""
    document = people_of(request).export(person)
    document["seasons"] = [
        {**dataclasses.asdict(line), "points": str(line.points)}
        for line in web_of(request).leagues.seasons_of(document["person"]["id"])
    ]
    return keep_ids(
        Response(
            json.dumps(document, ensure_ascii=False, indent=2),
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{person}.json"'},
        )
    )
