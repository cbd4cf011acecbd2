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
from starlette.middleware.sessions import SessionMiddleware
from starlette.staticfiles import StaticFiles

from pokertd.service import runtime
from pokertd.service.auto_backups import BackupPolicy
from pokertd.service.tournaments import TournamentService
from pokertd.store import SQLiteEventStore
from pokertd.tournament.events import TournamentEvent
from pokertd.web import backups as auto_backups
from pokertd.web import errors, routes
from pokertd.web.auth import first_start
from pokertd.web.context import Web

STATIC = Path(__file__).parent / "static"


def node_modules() -> Path:
    """Return where ``npm ci`` put the front-end libraries (``POKERTD_NODE_MODULES`` overrides)."""
    found = os.environ.get("POKERTD_NODE_MODULES")
    return Path(found) if found else Path(__file__).resolve().parents[3] / "node_modules"


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
        web = Web(store, service, now, rng if rng is not None else runtime.system_rng())
        service.subscribe(lambda tournament, _events: _changed(web, tournament, _events))
        app.state.web = web
        routes.start(web)
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
        docs_url="/api/docs",
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
    modules = node_modules()
    if modules.is_dir():
        app.mount("/vendor", StaticFiles(directory=modules), name="vendor")
    routes.include(app)
    return app


def _changed(web: Web, tournament: str, _events: tuple[TournamentEvent, ...]) -> None:
    web.hub.changed(tournament, "tournaments")


def _version() -> str:
    from importlib.metadata import version

    return version("pokertd")
