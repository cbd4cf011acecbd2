"""The lobby: every event of the club on one public page (the home page of a visitor), each with
its stage, level and clock, players left and prize pool, and links to its public screens.

The lobby is live through the displays' socket (``/ws/tournaments/{id}``, one per event shown):
its script counts each clock down between the server's documents, as the clock display does.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from pokertd.present.formats import amount_text, thousands
from pokertd.service.documents import Stage, status_document
from pokertd.service.tournaments import PREFIX
from pokertd.tournament.aggregate import Tournament
from pokertd.web.context import Web, web_of
from pokertd.web.i18n import language
from pokertd.web.templating import render

router = APIRouter(include_in_schema=False)

#: The most events the lobby shows (the newest): a room runs a few at once, not hundreds.
MAX_EVENTS = 24
#: The order of the stages on the lobby: what is played now first, what is over last.
ORDER = {Stage.PLAYING: 0, Stage.REGISTRATION: 1, Stage.FINISHED: 2}


def lobby_events(web: Web, lang: str) -> list[dict[str, Any]]:
    """Return the events the lobby shows, running ones first, newest first within a stage."""
    found = []
    for tournament in reversed(web.service.tournaments()):
        loaded = web.service.load(tournament)
        if not loaded.state.archived:
            found.append(lobby_event(web, tournament, loaded, lang))
        if len(found) == MAX_EVENTS:
            break
    return sorted(found, key=lambda event: ORDER[event["status"]["stage"]])


def lobby_event(web: Web, tournament: str, loaded: Tournament, lang: str) -> dict[str, Any]:
    """Return one event's card: its status (clock, players) and its prize pool as written."""
    ledger = loaded.state.ledger
    pool = amount_text(ledger.pool, ledger.rules.currency, lang) if ledger.rules else ""
    status = status_document(loaded, tournament, web.now())
    left, entries = status["players_left"], status["entries"]
    return {
        "id": tournament.removeprefix(PREFIX),
        "status": status,
        "players": f"{thousands(left, lang)} / {thousands(entries, lang)}",
        "pool": pool if ledger.pool else "",
    }


async def lobby_page(request: Request) -> Response:
    """Render the lobby for ``request``."""
    web = web_of(request)
    return render(request, "lobby/lobby.html", events=lobby_events(web, language(request)))


@router.get("/lobby")
async def lobby(request: Request) -> Response:
    """Every event of the club, live: for a visitor's phone or a TV in the room."""
    return await lobby_page(request)
