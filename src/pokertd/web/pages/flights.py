"""The director's Flights page (``/flights``): an event's starting flights, and their merge into
its day 2 (FLIGHT-MERGE, DAY-REDRAW: LFP 1.5).

The director creates each flight here (a title, the event it starts, its rules, structure and
buy-in), runs it from the console as any event, bags its stacks at the end of its day, then
merges the event's flights: the day 2 is made by ``pokertd.service.flights`` and the browser is
sent to its console. A player who bagged in two flights is refused in the later one, or plays
his best stack or all of them (FLIGHT-TWO-BAGS), as the director chose for the event when
creating its flights (else in the merge form).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.datastructures import FormData
from starlette.responses import RedirectResponse, Response

from pokertd import rules
from pokertd.errors import ParseError
from pokertd.messages import message
from pokertd.present.event_setup import profile_choices, template_choices
from pokertd.present.formats import amount_text
from pokertd.present.money_input import money_rules
from pokertd.present.words import words_for
from pokertd.service import flights as flight_service
from pokertd.tournament import commands as cmd
from pokertd.tournament.flights import TwoBags, is_bagged
from pokertd.tournament.structure import TEMPLATES, template
from pokertd.web.context import Web, web_of
from pokertd.web.i18n import language
from pokertd.web.security import csrf_token, form
from pokertd.web.templating import render

router = APIRouter(include_in_schema=False)


def _field(data: FormData, name: str, most: int = 200) -> str:
    value = data.get(name, "")
    return value.strip()[:most] if isinstance(value, str) else ""


def _events(
    web: Web, lang: str
) -> tuple[dict[str, list[dict[str, Any]]], dict[str, str], dict[str, str]]:
    """The flights of each event, oldest first: those merged too, with their day 2; each
    event's prize pool so far, every flight's (it grows with each flight); and the two-bags
    rule each event chose (FLIGHT-TWO-BAGS), if it chose one."""
    found: dict[str, list[dict[str, Any]]] = {}
    pools: dict[str, tuple[int, str]] = {}
    chosen: dict[str, str] = {}
    for stream in web.service.tournaments():
        loaded = web.service.load(stream)
        state = loaded.state
        money = state.ledger.rules
        if money is None or not money.flight_of or state.archived:
            continue
        cents, _ = pools.get(money.flight_of, (0, ""))
        pools[money.flight_of] = (cents + state.ledger.pool, money.currency)
        if money.two_bags:  # FLIGHT-TWO-BAGS: the event's rule, shown
            chosen[money.flight_of] = money.two_bags
        found.setdefault(money.flight_of, []).append(
            {
                "id": stream,
                "title": state.title,
                "players": len(state.active()),
                "entries": state.ledger.entries,
                "pool": amount_text(state.ledger.pool, money.currency, lang),
                "bagged": state.is_drawn and is_bagged(loaded.events, loaded.undone),
                "day_two": state.carried_into,
            }
        )
    return found, {event: amount_text(*pools[event], lang) for event in found}, chosen


@router.get("/flights")
async def flights_page(request: Request) -> Response:
    """Each event's flights, the form to merge them, and the form to create a flight."""
    csrf_token(request)
    web, lang = web_of(request), language(request)
    words = words_for(lang)
    events, pools, chosen = _events(web, lang)
    return render(
        request,
        "flights.html",
        events=events,
        pools=pools,
        chosen=chosen,
        profiles=profile_choices(words),
        default_profile=rules.DEFAULT_PROFILE,
        templates=template_choices(words),
    )


@router.post("/flights/create")
async def create_flight(request: Request) -> Response:
    """Create a starting flight of an event (a tournament whose money names the event)."""
    data = await form(request)
    web, lang = web_of(request), language(request)
    words = words_for(lang)
    title, event = _field(data, "title"), _field(data, "event")
    if not title or not event:
        raise ParseError(message("give the flight a title and the event it starts"))
    kind = _field(data, "template") or "regular"
    if kind not in TEMPLATES:
        raise ParseError(message("there is no structure template {kind!r}", kind=kind))
    profile = _field(data, "profile") or rules.DEFAULT_PROFILE
    if profile not in rules.PROFILE_IDS:
        raise ParseError(message("there is no rule profile {profile!r}", profile=profile))
    structure = template(kind).to_dict()
    given = {"buy_in": _field(data, "buy_in", 40) or None, "flight_of": event}
    if _field(data, "two_bags"):  # FLIGHT-TWO-BAGS: one survival, best stack or all stacks
        given["two_bags"] = _field(data, "two_bags")
    money = money_rules(
        given,
        starting_stack=structure["starting_stack"],
        words=words,
        names={"buy_in": words("the buy-in")},
    )
    outcome = await web.create(cmd.CreateTournament(title, structure, profile, money=money))
    return RedirectResponse(f"/console/{outcome.stream}", 303)


@router.post("/flights/merge")
async def merge(request: Request) -> Response:
    """Merge an event's bagged flights into its day 2, then open the day 2's console."""
    data = await form(request)
    web, words = web_of(request), words_for(language(request))
    event = _field(data, "event")
    chosen = _field(data, "two_bags")  # empty: the event's rule (else the best stack)
    if chosen and chosen not in {item.value for item in TwoBags}:
        raise ParseError(message("choose the best stack or all stacks (FLIGHT-TWO-BAGS)"))
    title = _field(data, "title") or words("{event}, day 2", event=event)
    merged = flight_service.merge(web.service, event, title, TwoBags(chosen) if chosen else None)
    await web.hub.flush()
    return RedirectResponse(f"/console/{merged.day_two}", 303)
