"""Every router of the web app, in one list, and the parts they set up at start."""

from __future__ import annotations

from fastapi import FastAPI

from pokertd.web import ws
from pokertd.web.api import tournaments as api_tournaments
from pokertd.web.context import Web
from pokertd.web.pages import console, displays, home

ROUTERS = (
    home.router,
    console.router,
    displays.router,
    ws.router,
    api_tournaments.router,
)


def include(app: FastAPI) -> None:
    """Add every router to ``app``."""
    for router in ROUTERS:
        app.include_router(router)


def start(web: Web) -> None:
    """Set up the parts routes need once the store is open."""
    del web  # nothing yet beyond the service and the hub
