"""Every router of the web app, in one list."""

from __future__ import annotations

from fastapi import FastAPI

from pokertd.web import ws
from pokertd.web.api import floor as api_floor
from pokertd.web.api import health as api_health
from pokertd.web.api import tables as api_tables
from pokertd.web.api import tournaments as api_tournaments
from pokertd.web.pages import (
    checkin,
    console,
    console_desk,
    console_money,
    console_night,
    console_penalties,
    console_planner,
    console_structure,
    console_tickets,
    displays,
    flights,
    floor,
    home,
    leagues,
    lobby,
    me,
    people,
    screens,
    staff,
    table,
)

#: Console modules that add a tab and its actions, and no route of their own.
SECTION_MODULES = (console_structure,)

ROUTERS = (
    home.router,
    staff.router,
    console.router,
    console_money.router,
    console_night.router,
    console_penalties.router,
    console_planner.router,
    console_desk.router,
    displays.router,
    lobby.router,
    me.router,
    ws.router,
    api_tournaments.router,
    floor.router,
    api_floor.router,
    table.router,
    api_tables.router,
    api_health.router,
    leagues.router,
    leagues.public,
    people.router,
    checkin.router,
    checkin.public,
    flights.router,
    console_tickets.router,
    screens.router,
)


def include(app: FastAPI) -> None:
    """Add every router to ``app``."""
    for router in ROUTERS:
        app.include_router(router)
