"""JSON API for tournaments: read their state (public) and run commands (director).

Reading: ``GET /api/tournaments`` (``?archived=1``: the archived ones too),
``/api/tournaments/{id}`` (status), ``/entries``, ``/tables``, ``/standings``, ``/display``,
``/log``. Changing: ``POST /api/tournaments`` and
``POST /api/tournaments/{id}/commands`` with ``{"command": "register", "player": "Ana"}`` — the
command names and fields of ``pokertd.tournament.commands`` in kebab-case — after
``POST /api/login``, with the session cookie and the ``X-CSRF-Token`` header it returned.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Annotated, Any

from fastapi import APIRouter, Body, Path, Query, Request
from pydantic import BaseModel, Field

from pokertd.codec import codec_for
from pokertd.errors import ParseError
from pokertd.messages import message
from pokertd.present.tournament_log import event_json, log_json
from pokertd.service.documents import (
    entry_json,
    list_document,
    standings_json,
    status_document,
    tables_json,
)
from pokertd.service.tickets import pay_with_ticket
from pokertd.tournament import commands as cmd
from pokertd.tournament.rotation import rotate_levels
from pokertd.tournament.structure import TEMPLATES, template
from pokertd.web.auth import AuthError
from pokertd.web.context import log_in, web_of
from pokertd.web.errors import RESPONSES
from pokertd.web.i18n import language
from pokertd.web.pages.displays import display_document
from pokertd.web.permissions import CALLER
from pokertd.web.security import CsrfHeader, Director, csrf_token, open_session
from pokertd.web.staff import Role

router = APIRouter(prefix="/api", tags=["tournaments"], responses=RESPONSES)

Document = dict[str, Any]

#: A tournament's id (``tournament-3``) or its number (``3``).
TournamentId = Annotated[
    str,
    Path(description="The tournament's id or number", examples=["tournament-1", "1"]),
]


class Login(BaseModel):
    """The director's password, or a staff member's name and password."""

    password: str = Field(max_length=1000)
    name: str = Field(default="", max_length=100)


class LoginAnswer(BaseModel):
    """The CSRF token to send as ``X-CSRF-Token`` with every change."""

    ok: bool
    csrf: str


@router.post(
    "/login",
    responses={
        403: {"description": "Wrong password"},
        429: {"description": "Too many wrong passwords lately; wait Retry-After seconds"},
    },
)
async def api_login(request: Request, login: Login) -> LoginAnswer:
    """Log in as the director, or as a staff member (``name``); the session cookie is set."""
    if not await log_in(request, login.password, login.name.strip()):
        raise AuthError(message("wrong password"))
    open_session(request, login.name.strip())
    return LoginAnswer(ok=True, csrf=csrf_token(request))


@router.get("/tournaments")
async def list_tournaments(
    request: Request,
    archived: Annotated[
        bool, Query(description="Also the archived tournaments (archived=1)")
    ] = False,
) -> list[Document]:
    """List the tournaments, newest last; the archived ones only when asked (``?archived=1``)."""
    web = web_of(request)
    states = [(t, web.service.load(t).state) for t in web.service.tournaments()]
    return [list_document(t, state) for t, state in states if archived or not state.archived]


@router.get("/tournaments/{tournament}")
async def status(request: Request, tournament: TournamentId) -> Document:
    """Where a tournament stands: clock, entries, players left, tables, moves."""
    web = web_of(request)
    tournament = web.service.resolve(tournament)
    return status_document(web.service.load(tournament), tournament, web.now())


@router.get("/tournaments/{tournament}/entries")
async def entries(request: Request, tournament: TournamentId) -> list[Document]:
    """Every entry; its ``contact`` (an email, a phone) for the director and the cashier only."""
    web = web_of(request)
    state = web.service.load(web.service.resolve(tournament)).state
    found = [entry_json(entry) for entry in state.entries.values()]
    if CALLER.get().role not in (Role.DIRECTOR, Role.CASHIER):
        for item in found:
            del item["contact"]  # private: the public sees names and seats
    return found


@router.get("/tournaments/{tournament}/tables")
async def tables(request: Request, tournament: TournamentId) -> list[Document]:
    """Every table: seats, stacks, the next hand's positions."""
    web = web_of(request)
    return tables_json(web.service.load(web.service.resolve(tournament)))


@router.get("/tournaments/{tournament}/standings")
async def standings(request: Request, tournament: TournamentId) -> list[Document]:
    """Players still in, then places."""
    web = web_of(request)
    return standings_json(web.service.load(web.service.resolve(tournament)).state)


@router.get("/tournaments/{tournament}/display")
async def display(request: Request, tournament: TournamentId) -> Document:
    """What the clock and seating displays show (also pushed on ``/ws/tournaments/{id}``)."""
    web = web_of(request)
    return display_document(web, web.service.resolve(tournament), language(request))


@router.get("/tournaments/{tournament}/log", dependencies=[Director])
async def log(request: Request, tournament: TournamentId, last: int | None = None) -> Document:
    """The event log (director)."""
    web = web_of(request)
    tournament = web.service.resolve(tournament)
    loaded = web.service.load(tournament)
    if last is not None and last < 1:
        raise ParseError(message("last must be at least 1"))
    return {"tournament": tournament, "version": loaded.version, "events": log_json(loaded, last)}


#: API command names -> command classes (the CLI's words, kebab-case).
COMMANDS: dict[str, type[Any]] = {
    re.sub(r"(?<!^)(?=[A-Z])", "-", name).lower(): kind
    for name, kind in vars(cmd).items()
    if isinstance(kind, type)
    and dataclasses.is_dataclass(kind)
    # UseTicket: by pay-buy-in; CarryFlight, MergeFlights: by the Flights page's merge only
    and name
    not in ("CreateTournament", "Move", "UseTicket", "ReturnTicket", "CarryFlight", "MergeFlights")
}


def command_schema(kind: type[Any], name: str | None = None) -> dict[str, Any]:
    """Return the JSON schema of a command's body (``name``: the ``command`` field's value)."""
    schema = codec_for(kind).schema()
    if name is not None:
        schema["properties"] = {"command": {"const": name}, **schema["properties"]}
        schema["required"] = ["command", *schema.get("required", ())]
    return schema


def _body(schema: dict[str, Any]) -> dict[str, Any]:
    return {"requestBody": {"content": {"application/json": {"schema": schema}}}}


_CREATE_SCHEMA = command_schema(cmd.CreateTournament)
_CREATE_SCHEMA["properties"]["title"]["pattern"] = r"\S"
_CREATE_SCHEMA["properties"]["template"] = {"type": "string", "examples": list(TEMPLATES)}
_CREATE_SCHEMA["properties"]["rotation"] = {
    "type": "string",
    "maxLength": 200,
    "examples": ["8-game", "horse every 2 levels", "nlhe, fl27td"],
}
_CREATE_SCHEMA["required"] = ["title"]
#: The longest rotation the API reads (a list of game ids and "every n levels").
MAX_ROTATION = 200


@router.post(
    "/tournaments",
    dependencies=[Director, CsrfHeader],
    status_code=201,
    openapi_extra=_body(_CREATE_SCHEMA),
)
async def create(
    request: Request,
    body: Annotated[dict[str, Any], Body(examples=[{"title": "Friday", "template": "turbo"}])],
) -> Document:
    """Create a tournament: ``title``, ``profile``, ``template`` or ``structure``, ``rotation``
    (the games of a mixed event, one per level: ``"8-game"``)..."""
    web = web_of(request)
    data = dict(body)
    title = data.pop("title", None)
    if not isinstance(title, str) or not title.strip():
        raise ParseError(message("title: give the tournament a title"))
    chosen = data.pop("template", None)
    if "structure" in data and chosen is not None:
        raise ParseError(message("give either a template or a structure, not both"))
    if "structure" not in data:
        if chosen is not None and not isinstance(chosen, str):
            raise ParseError(message("template: {chosen!r} is not a valid value", chosen=chosen))
        data["structure"] = template(chosen or "regular").to_dict()
    rotation = data.pop("rotation", None)
    if rotation is not None:  # the games of a mixed event, one per level (or per n levels)
        if not isinstance(rotation, str) or len(rotation) > MAX_ROTATION:
            raise ParseError(message("rotation: {rotation!r} is not a rotation", rotation=rotation))
        data["structure"] = rotate_levels(data["structure"], rotation)
    command = codec_for(cmd.CreateTournament).build({"title": title, **data})
    outcome = await web.create(command)
    return {"tournament": outcome.stream, "version": outcome.version,
            "events": [event_json(e) for e in outcome.events]}  # fmt: skip


@router.post(
    "/tournaments/{tournament}/commands",
    dependencies=[Director, CsrfHeader],
    openapi_extra=_body(
        {"anyOf": [command_schema(kind, name) for name, kind in sorted(COMMANDS.items())]}
    ),
)
async def command(
    request: Request,
    tournament: TournamentId,
    body: Annotated[dict[str, Any], Body(examples=[{"command": "register", "player": "Ana"}])],
) -> Document:
    """Run one command: ``{"command": "bust-players", "entries": [3]}``; the events it stored."""
    web = web_of(request)
    tournament = web.service.resolve(tournament)
    data = dict(body)
    name = data.pop("command", None)
    kind = COMMANDS.get(name) if isinstance(name, str) else None
    if kind is None:
        raise ParseError(
            message(
                "command: unknown command {name!r}; expected one of {commands}",
                name=name,
                commands=", ".join(sorted(COMMANDS)),
            ),
        )
    built = codec_for(kind).build(data)
    if isinstance(built, cmd.PayBuyIn) and built.ticket:
        # SAT-TICKET: the ticket is checked in its satellite, never taken on the client's word
        outcome = pay_with_ticket(web.service, tournament, built.entry, built.ticket)
        await web.hub.flush()
    else:
        outcome = await web.execute(tournament, built)
    return {"tournament": tournament, "version": outcome.version,
            "events": [event_json(e) for e in outcome.events]}  # fmt: skip
