"""The desk's satellite tickets (``/console/{id}/ticket``, SAT-TICKET): a buy-in paid with a
ticket won in a satellite, for a new player (the ticket's holder, or the player named) or for an
entry registered and not paid yet. The ticket is checked in its satellite, never taken on the
form's word (``pokertd.service.tickets``); a refusal leaves both events as they were."""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.datastructures import FormData
from starlette.responses import RedirectResponse, Response

from pokertd.errors import ParseError
from pokertd.messages import message
from pokertd.present.tournament_input import parse_entry
from pokertd.present.words import words_for
from pokertd.service.tickets import pay_with_ticket, register_with_ticket
from pokertd.web.context import web_of
from pokertd.web.i18n import language
from pokertd.web.security import form

router = APIRouter(include_in_schema=False)


def _field(data: FormData, name: str, most: int) -> str:
    value = data.get(name, "")
    return value.strip()[:most] if isinstance(value, str) else ""


@router.post("/console/{tournament}/ticket")
async def pay_by_ticket(request: Request, tournament: str) -> Response:
    """Register the ticket's holder (or the player named), or pay an entry's buy-in, with a
    satellite ticket; back to the desk."""
    data = await form(request)
    web = web_of(request)
    tournament = web.service.resolve(tournament)
    code, entry = _field(data, "code", 120), _field(data, "entry", 6)
    if not code:
        raise ParseError(message("type the ticket's code (SATELLITE#ENTRY)"))
    if entry:
        number = parse_entry(entry, words=words_for(language(request)))
        pay_with_ticket(web.service, tournament, number, code)
    else:
        register_with_ticket(web.service, tournament, code, _field(data, "player", 200))
    await web.hub.flush()
    return RedirectResponse(f"/console/{tournament}?tab=desk", 303)
