"""A player's own page on his phone, reached by the QR code of his seat ticket (or the link of
the lookup): his table and seat, his stack, the clock; a banner when balancing moves him or his
table breaks; his place and prize once he is out.

Public, as the seating display is (nothing here is not already on the room's screens), and
read-only. The page is live through the displays' socket (``/ws/tournaments/{id}``): its script
finds the player's seat in each pushed document and, when his seat or stack changed, fetches
his card again (``/me/{id}/{entry}/part``), so the server writes every sentence.
"""

from __future__ import annotations

import io
from typing import Any

import segno
from fastapi import APIRouter, Request
from starlette.responses import Response

from pokertd.errors import NotFoundError
from pokertd.messages import message
from pokertd.present.formats import amount_text, ordinal, thousands
from pokertd.service.documents import status_document
from pokertd.service.tournaments import PREFIX
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.reports import winnings
from pokertd.tournament.seating import MoveReason
from pokertd.tournament.state import Entry
from pokertd.web.context import Web, web_of
from pokertd.web.i18n import language
from pokertd.web.pages.displays import moved
from pokertd.web.templating import render

router = APIRouter(include_in_schema=False)

#: The highest entry number the page reads (a bound on what a visitor types).
MAX_ENTRY = 1_000_000


def entry_of(loaded: Tournament, entry: int) -> Entry:
    """Return the entry numbered ``entry``, or refuse with a NotFoundError that says which."""
    found = loaded.state.entries.get(entry) if 0 < entry <= MAX_ENTRY else None
    if found is None:
        raise NotFoundError(message("there is no entry {entry} in this event", entry=entry))
    return found


def me_document(web: Web, tournament: str, entry: int, lang: str) -> dict[str, Any]:
    """Return what the player's page shows: his seat, stack, place and prize, his last move."""
    loaded = web.service.load(tournament)
    state, found = loaded.state, entry_of(loaded, entry)
    status = status_document(loaded, tournament, web.now())
    prize = ""
    if found.place is not None:
        prizes, _ = winnings(state)
        currency = state.ledger.rules.currency if state.ledger.rules is not None else ""
        prize = amount_text(prizes[entry], currency, lang) if prizes.get(entry) else ""
    return {
        "tournament": tournament,
        "short": tournament.removeprefix(PREFIX),
        "title": state.title,
        "entry": entry,
        "player": found.player,
        "status": str(found.status),
        "table": found.table,
        "seat": found.seat,
        "stack": thousands(found.stack, lang) if found.stack is not None else "",
        "place": ordinal(found.place, lang) if found.place is not None else "",
        "prize": prize,
        "move": my_move(web, loaded, entry),
        "clock": status["clock"],
        "hand_for_hand": bool(status["hand_for_hand"]) and state.winner is None,  # HFH-TRIGGER
    }


def my_move(web: Web, loaded: Tournament, entry: int) -> dict[str, Any] | None:
    """Return the player's move among the last ones made, while the room announces them
    (``displays.moved``): where to, and whether his table broke; None otherwise."""
    recent = moved(loaded.state, web.now())
    for move in recent["moves"] if recent else ():
        if move["entry"] == entry:
            key = f"{loaded.state.last_moves_at}/{entry}"
            return {**move, "broken": move["reason"] == MoveReason.BREAK, "key": key}
    return None


@router.get("/me/{tournament}/{entry}")
async def me(request: Request, tournament: str, entry: int) -> Response:
    """The player's page: his seat, the clock, his moves, live."""
    return _rendered(request, tournament, entry, "me/page.html")


@router.get("/me/{tournament}/{entry}/part")
async def me_part(request: Request, tournament: str, entry: int) -> Response:
    """The player's card alone, fetched again by the page when his seat or stack changed."""
    return _rendered(request, tournament, entry, "me/_card.html")


def _rendered(request: Request, tournament: str, entry: int, template: str) -> Response:
    web = web_of(request)
    found = web.service.resolve(tournament)
    return render(request, template, me=me_document(web, found, entry, language(request)))


@router.get("/me/{tournament}/{entry}/qr.svg")
async def me_qr(request: Request, tournament: str, entry: int) -> Response:
    """The QR code of the player's page, for his seat ticket: the address the phone opens is
    the one this page was asked at (the server's address on the room's network)."""
    web = web_of(request)
    tournament = web.service.resolve(tournament)
    entry_of(web.service.load(tournament), entry)
    link = f"{str(request.base_url).rstrip('/')}{page_path(tournament, entry)}"
    svg = io.BytesIO()
    segno.make(link, error="m").save(svg, kind="svg", scale=4, border=2, light="white")
    return Response(
        svg.getvalue(), media_type="image/svg+xml", headers={"Cache-Control": "max-age=3600"}
    )


def page_path(tournament: str, entry: int) -> str:
    """Return the short path of a player's page.

    >>> page_path("tournament-3", 12)
    '/me/3/12'
    """
    return f"/me/{tournament.removeprefix(PREFIX)}/{entry}"
