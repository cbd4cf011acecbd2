"""JSON API of the table app: a live table's view and the changes the dealer or a player makes.

Director (session and ``X-CSRF-Token``): ``POST /api/tournaments/{id}/tables/{n}/hands`` starts
the next hand (``{"mode": "dealer"}`` or ``"online"``), ``.../actions`` applies the action of the
player to act (in a draw game's draw ``{"kind": "draw", "cards": [...]}`` or ``"pat"``),
``.../chips`` rules on chips pushed (and applies the ruling when nobody has to decide),
``.../cards`` enters hole cards (``seat``) or the board (no ``seat``), ``.../bots`` gives a seat
to a bot, ``.../links`` makes seat links. ``GET .../view`` answers the dealer's view
to the director and the public view to anybody else.

Player (the seat link's token is the credential): ``GET /api/play/{token}`` answers his seat's
view (his own cards only), ``POST /api/play/{token}/actions`` his action. A JSON body is required:
a cross-site form cannot send one, which is what stands for the CSRF token here.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request
from pydantic import BaseModel, Field

from pokertd.engine import ActionKind
from pokertd.present.floor import ruling_dict
from pokertd.table import TableMode, Viewer
from pokertd.web.context import web_of
from pokertd.web.errors import RESPONSES
from pokertd.web.i18n import language
from pokertd.web.pages.table import (
    DRAW_WORDS,
    MAX_DISCARDS,
    cards_given,
    changed,
    discards_given,
    player_act,
    player_document,
    player_draw,
)
from pokertd.web.permissions import runs_table
from pokertd.web.security import CsrfHeader, Director

router = APIRouter(prefix="/api", tags=["tables"], responses=RESPONSES)

Document = dict[str, Any]
TournamentId = Annotated[
    str, Path(description="The tournament's id or number", examples=["tournament-1", "1"])
]
TableNumber = Annotated[int, Path(description="The table's number", ge=1, examples=[1])]
Chips = Annotated[int, Field(ge=0, le=10**12)]
CardText = Annotated[str, Field(min_length=2, max_length=2, examples=["As"])]


class HandStart(BaseModel):
    """How the next hand is played: entered by the dealer, or dealt by the server online."""

    mode: TableMode = TableMode.DEALER


#: The cards a player throws away in a draw game's draw.
Discards = Annotated[
    list[CardText | None],
    Field(
        max_length=MAX_DISCARDS, description="The cards thrown away in a draw", examples=[["Kd"]]
    ),
]


class TableAction(BaseModel):
    """The action of the player in ``seat``: ``fold``, ``check``, ``call``, ``bet``/``raise``
    to the total ``to``, ``all-in``; at showdown ``show`` or ``muck``; in a draw game's draw
    ``draw`` the ``cards`` he throws away (``"??"`` for one the dealer did not see) or
    ``pat``."""

    seat: int = Field(ge=1, le=99)
    kind: str = Field(max_length=20, examples=["raise"])
    to: Chips | None = Field(None, description="The total of a bet or a raise")
    cards: Discards = []


class ChipsPushed(BaseModel):
    """The chips the player in ``seat`` pushed forward, and the words he said (if any)."""

    seat: int = Field(ge=1, le=99)
    chips: list[Chips] = Field(max_length=200, examples=[[1000, 500]])
    said: str | None = Field(None, max_length=200, examples=["raise"])


class CardsEntered(BaseModel):
    """Cards the dealer enters: a seat's hole cards (``null`` or ``"??"`` for a card unseen),
    or, without ``seat``, the board cards of the next street."""

    seat: int | None = Field(None, ge=1, le=99)
    cards: list[CardText | None] = Field(max_length=10, examples=[["As", "Kd"]])


class BotSet(BaseModel):
    """Whether a bot plays ``seat``."""

    seat: int = Field(ge=1, le=99)
    on: bool = True


class PlayerAction(BaseModel):
    """The player's action: ``fold``, ``check``, ``call``, ``bet``/``raise`` to ``to``, ``all-in``,
    ``show``, ``muck``; in a draw game's draw ``draw`` the ``cards`` he throws away, or
    ``pat``."""

    kind: str = Field(max_length=20, examples=["call"])
    to: Chips | None = None
    cards: Discards = []


def _where(request: Request, tournament: str, table: int) -> str:
    web = web_of(request)
    tournament = web.service.resolve(tournament)
    web.tables.view(tournament, table, Viewer.public())  # 404 for a table that has no seats
    return tournament


def _dealer(request: Request, tournament: str, table: int) -> Document:
    return web_of(request).tables.view(tournament, table, Viewer.dealer())


@router.get("/tournaments/{tournament}/tables/{table}/view")
async def table_view(request: Request, tournament: TournamentId, table: TableNumber) -> Document:
    """The table: the dealer's view (every card entered or dealt) to whoever runs the table (the
    director, the floor, its dealer: ``permissions.runs_table``), else the public view (tabled
    cards and the board only)."""
    tournament = _where(request, tournament, table)
    viewer = Viewer.dealer() if runs_table(request) else Viewer.public()
    return web_of(request).tables.view(tournament, table, viewer)


@router.post("/tournaments/{tournament}/tables/{table}/hands", dependencies=[Director, CsrfHeader])
async def start_hand(
    request: Request, tournament: TournamentId, table: TableNumber, start: HandStart
) -> Document:
    """Start the next hand (refused while a hand is in progress, moves are pending or the
    table is halted); the dealer's view."""
    tournament = _where(request, tournament, table)
    web = web_of(request)
    web.tables.start_hand(tournament, table, mode=start.mode)
    await changed(web, tournament, table)
    return _dealer(request, tournament, table)


@router.post(
    "/tournaments/{tournament}/tables/{table}/actions", dependencies=[Director, CsrfHeader]
)
async def act(
    request: Request, tournament: TournamentId, table: TableNumber, action: TableAction
) -> Document:
    """Apply the action of the player to act; 422 with the rule when the rules forbid it."""
    tournament = _where(request, tournament, table)
    web = web_of(request)
    if action.kind in DRAW_WORDS:
        discards = discards_given(action.kind, action.cards)
        web.tables.draw(tournament, table, action.seat, discards)
    else:
        kind = ActionKind.parse(action.kind)
        web.tables.act(tournament, table, action.seat, kind, action.to)
    await changed(web, tournament, table)
    return _dealer(request, tournament, table)


@router.post("/tournaments/{tournament}/tables/{table}/chips", dependencies=[Director, CsrfHeader])
async def chips(
    request: Request, tournament: TournamentId, table: TableNumber, pushed: ChipsPushed
) -> Document:
    """Rule on chips pushed: ``ruling`` (rule id, articles, explanation) and ``applied`` (whether
    the action was carried out: not when the ruling leaves the choice to the player or the
    director), with the dealer's view."""
    tournament = _where(request, tournament, table)
    web = web_of(request)
    ruling = web.tables.chips_pushed(tournament, table, pushed.seat, pushed.chips, pushed.said)
    await changed(web, tournament, table)
    applied = ruling.decision is not None and not ruling.td_decides
    return {
        "ruling": ruling_dict(ruling, language(request)),
        "applied": applied,
        "view": _dealer(request, tournament, table),
    }


@router.post("/tournaments/{tournament}/tables/{table}/cards", dependencies=[Director, CsrfHeader])
async def cards(
    request: Request, tournament: TournamentId, table: TableNumber, entered: CardsEntered
) -> Document:
    """Enter a seat's hole cards, or the board cards of the next street."""
    tournament = _where(request, tournament, table)
    web = web_of(request)
    tables = web.tables
    cards = cards_given(entered.cards)
    if entered.seat is None:
        tables.deal_board(tournament, table, cards)
    else:
        tables.deal_hole(tournament, table, entered.seat, cards)
    await changed(web, tournament, table)
    return _dealer(request, tournament, table)


@router.post("/tournaments/{tournament}/tables/{table}/bots", dependencies=[Director, CsrfHeader])
async def bots(
    request: Request, tournament: TournamentId, table: TableNumber, bot: BotSet
) -> Document:
    """Give a seat to a bot (``on``) or back to its player; bots act at once when to act."""
    tournament = _where(request, tournament, table)
    web = web_of(request)
    web.tables.set_bot(tournament, table, bot.seat, bot.on)
    await changed(web, tournament, table)
    return _dealer(request, tournament, table)


@router.post("/tournaments/{tournament}/tables/{table}/links", dependencies=[Director, CsrfHeader])
async def links(request: Request, tournament: TournamentId, table: TableNumber) -> list[Document]:
    """Make a new private link for each player seated at the table: ``/play/{token}``.

    Only the token's hash is kept: the links are shown once.
    """
    tournament = _where(request, tournament, table)
    tables = web_of(request).tables
    view = tables.view(tournament, table, Viewer.public())
    return [
        {"seat": seat["seat"], "entry": seat["entry"], "name": seat["name"],
         "token": (token := tables.seat_link(tournament, seat["entry"])),
         "path": f"/play/{token}"}
        for seat in view["seats"]
    ]  # fmt: skip


@router.get("/play/{token}")
async def play_view(request: Request, token: str) -> Document:
    """The player's document: who he is (``me``) and his table's view from his seat (``view``,
    null when he has no seat now)."""
    web = web_of(request)
    tournament, entry = web.tables.resolve_link(token)
    return player_document(web, tournament, entry)


@router.post("/play/{token}/actions")
async def play_act(request: Request, token: str, action: PlayerAction) -> Document:
    """The player's action (or draw) at his table; his document afterwards."""
    if action.kind in DRAW_WORDS:
        return await player_draw(web_of(request), token, discards_given(action.kind, action.cards))
    return await player_act(web_of(request), token, ActionKind.parse(action.kind), action.to)
