"""WebSocket push for the public displays: ``/ws/tournaments/{id}``.

On connection the socket is sent the display document at once, then again after every stored
command of that tournament, and whenever the client sends ``refresh`` (the display's local
countdown reached the end of a level). The table app has its own sockets (``pages/table.py``).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from pokertd.errors import NotFoundError
from pokertd.web.context import web_of
from pokertd.web.hub import Listener
from pokertd.web.i18n import language
from pokertd.web.pages.displays import display_document

router = APIRouter()


@router.websocket("/ws/tournaments/{tournament}")
async def tournament_socket(socket: WebSocket, tournament: str) -> None:
    """Push the display document of a tournament."""
    web = web_of(socket)
    try:
        tournament = web.service.resolve(tournament)
    except NotFoundError:
        await socket.close(code=4404)
        return
    lang = language(socket)
    await socket.accept()

    async def render() -> dict[str, Any]:
        return display_document(web, tournament, lang)

    # one render for all the displays in a language
    listener = Listener(socket, render, key=("display", lang), lang=lang)
    # the display page merges partial documents (``Hub``: only the parts that changed)
    listener.parts = socket.query_params.get("parts") == "same"
    web.hub.join(tournament, listener)
    try:
        await web.hub.send(tournament, listener)
        while True:
            message = await socket.receive()  # text or bytes: anything but "refresh" is ignored
            if message["type"] == "websocket.disconnect":
                break
            if message.get("text") == "refresh" and web.hub.is_listening(tournament, listener):
                await web.hub.send(tournament, listener)
    except WebSocketDisconnect:
        pass
    finally:
        web.hub.leave(tournament, listener)
