"""The web app: ``create_app(db)`` returns the FastAPI application over an SQLite event store.

Pages (director's console, clock and seating displays, player lookup, table app, floor assistant),
the JSON API under ``/api`` (OpenAPI at ``/openapi.json``, docs at ``/api/docs``) and WebSocket push
under ``/ws``. Time and randomness come from ``pokertd.service.runtime`` unless given (tests).
"""

from __future__ import annotations

import contextlib
import datetime
import os
import random
from collections.abc import AsyncIterator, Callable
from pathlib import Path

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from starlette.middleware.sessions import SessionMiddleware
from starlette.staticfiles import StaticFiles

from pokertd.service import runtime
from pokertd.service.auto_backups import BackupPolicy
from pokertd.service.tables import TableService
from pokertd.service.tournaments import TournamentService
from pokertd.store import SQLiteEventStore
from pokertd.tournament.events import TournamentEvent
from pokertd.web import backups as auto_backups
from pokertd.web import errors, routes
from pokertd.web.auth import first_start
from pokertd.web.context import Web

STATIC = Path(__file__).parent / "static"


def create_app(
    db: str | os.PathLike[str],
    *,
    password: str | None = None,
    now: Callable[[], datetime.datetime] = runtime.now,
    rng: random.Random | None = None,
    backups: BackupPolicy | None = None,
) -> FastAPI:
    """Return the app over the event store in file ``db`` (created if missing).

    ``password`` sets the director's password; at the first start without one, a password is
    drawn and kept in ``app.state.drawn_password`` for the caller to print once. ``backups``
    turns on the server's automatic backups (``pokertd.web.backups``); none by default.
    """
    with contextlib.closing(SQLiteEventStore(db)) as store:
        settings, drawn = first_start(store, password, now())

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = SQLiteEventStore(db)  # opened on the event loop's thread, which uses it
        service = TournamentService(store, now=now, rng=rng)
        random_source = rng if rng is not None else runtime.system_rng()
        tables = TableService(service, rng=random_source, now=now)
        web = Web(store, service, now, random_source, tables)
        service.subscribe(lambda tournament, _events: _changed(web, tournament, _events))
        app.state.web = web
        try:
            async with auto_backups.running(web, db, backups) as app.state.backups:
                yield
        finally:
            store.close()

    app = FastAPI(
        title="pokertd",
        version=_version(),
        description="Poker tournament system: director's console, displays, table app, floor.",
        lifespan=lifespan,
        docs_url=None,  # served below from the package's own copy of Swagger UI
        redoc_url=None,
    )
    app.state.drawn_password = drawn
    app.add_middleware(
        SessionMiddleware,
        secret_key=settings.session_secret,
        session_cookie="pokertd_session",
        same_site="strict",
        max_age=14 * 86400,
    )
    errors.install(app)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_api_route("/api/docs", _api_docs, include_in_schema=False)
    routes.include(app)
    return app


async def _api_docs() -> HTMLResponse:
    """The interactive API reference, with Swagger UI served from ``static/vendor`` (offline)."""
    return get_swagger_ui_html(
        openapi_url="/openapi.json",
        title="pokertd API",
        swagger_js_url="/static/vendor/swagger-ui-bundle.js",
        swagger_css_url="/static/vendor/swagger-ui.css",
        swagger_favicon_url="data:,",
    )


def _changed(web: Web, tournament: str, _events: tuple[TournamentEvent, ...]) -> None:
    web.hub.changed(tournament, "tournaments")


def _version() -> str:
    from importlib.metadata import version

    return version("pokertd")
