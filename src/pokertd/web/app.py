"""The web app: ``create_app(store)`` returns the FastAPI application over an event store.

Pages (director's console, clock and seating displays, player lookup, table app, floor assistant),
the JSON API under ``/api`` (OpenAPI at ``/openapi.json``, docs at ``/api/docs``) and WebSocket push
under ``/ws``. Time and randomness come from ``pokertd.service.runtime`` unless given (tests).
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import os
import random
from collections.abc import AsyncIterator, Callable
from pathlib import Path

from fastapi import Depends, FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from starlette.staticfiles import StaticFiles

from pokertd.errors import ParseError
from pokertd.messages import message
from pokertd.service import runtime
from pokertd.service.auto_backups import AutoBackups, BackupPolicy
from pokertd.service.tables import TableService
from pokertd.service.tournaments import TournamentService
from pokertd.store import EventStore, MemoryEventStore, SQLiteEventStore, open_store
from pokertd.store.locations import postgres_url
from pokertd.tournament.events import TournamentEvent
from pokertd.web import backups as auto_backups
from pokertd.web import errors, external, permissions, routes
from pokertd.web.auth import first_start, load_settings
from pokertd.web.context import Web
from pokertd.web.durable import Durability, DurableAnswers
from pokertd.web.headers import BrowserGuards
from pokertd.web.limits import BodyLimits
from pokertd.web.people_names import PeopleNames
from pokertd.web.sessions import ServerSessions, SessionBook, sessions_file
from pokertd.web.staff import StaffBook

STATIC = Path(__file__).parent / "static"
#: Seconds after a command before the snapshot it made due is saved: its answer has left by then.
SNAPSHOT_DELAY = 0.5


def _after_answer(loop: asyncio.AbstractEventLoop) -> Callable[[Callable[[], None]], None]:
    """Run the saving of a snapshot on the event loop's thread (which uses the store), a moment
    after the command that made it due, once its answer is sent (issue 20: not on its path)."""

    def defer(work: Callable[[], None]) -> None:
        loop.call_soon_threadsafe(loop.call_later, SNAPSHOT_DELAY, work)

    return defer


def create_app(
    store: str | os.PathLike[str] | Callable[[], EventStore],
    *,
    password: str | None = None,
    now: Callable[[], datetime.datetime] = runtime.now,
    rng: random.Random | None = None,
    backups: BackupPolicy | None = None,
    secure_cookies: bool = False,
    club_name: str = "",
) -> FastAPI:
    """Return the app over the event store ``store``: a location, an SQLite file's path or a URL
    (``pokertd.store.open_store``), or a function that opens the store and returns it.

    The app opens its store twice, each time a new store over the same events: once here,
    briefly, for the director's password, and once while it runs, on the event loop's thread,
    which then uses it. A store in memory would be a new, empty one each time: it is refused.

    ``password`` sets the director's password; at the first start without one, a password is
    drawn and kept in ``app.state.drawn_password`` for the caller to print once. ``backups``
    turns on the server's automatic backups (``pokertd.web.backups``) of its SQLite file; none
    by default. ``club_name`` is shown in the pages' header instead of "pokertd" (a club of a
    server of clubs: ``pokertd.web.tenants``). ``secure_cookies`` marks the session cookie
    ``Secure`` on every answer (behind an HTTPS proxy that is not trusted for
    ``X-Forwarded-Proto``); it is anyway over HTTPS.
    Raises ``ParseError`` for a location that names no store pokertd has, a store in memory,
    or backups of a store that is not an SQLite file.
    """
    opened = _opener(store)
    location = store  # the lifespan's ``store`` is the store opened
    with contextlib.closing(opened()) as first:
        db = _file_to_back_up(first, backups)
        before = load_settings(first)
        settings, drawn = first_start(first, password, now())
        book = _shared_sessions(location, now) or SessionBook(_sessions_path(first), now)
    if before is not None and before.password_hash != settings.password_hash:
        book.end_all()  # a new password ends every session

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = opened()  # opened on the event loop's thread, which uses it
        service = TournamentService(
            store,
            now=now,
            rng=rng,
            caller=permissions.command_caller,
            defer=_after_answer(asyncio.get_running_loop()),
        )
        app.state.staff = StaffBook(store)
        random_source = rng if rng is not None else runtime.system_rng()
        tables = TableService(service, rng=random_source, now=now)
        web = Web(store, service, now, random_source, tables)
        service.subscribe(lambda tournament, _events: _changed(web, tournament, _events))
        # Group commit: nothing leaves (an answer, a push) before the commits are on the disk.
        durability = Durability(store)
        web.hub.durable = durability.wait
        app.state.durability = durability
        app.state.web = web
        try:
            async with (
                _backing_up(web, db, backups) as app.state.backups,
                external.watching(web),
                _other_workers(web, location),
            ):
                yield
        finally:
            durability.close()
            store.close()

    app = FastAPI(
        title="pokertd",
        version=_version(),
        description="Poker tournament system: director's console, displays, table app, floor.",
        lifespan=lifespan,
        docs_url=None,  # served below from the package's own copy of Swagger UI
        redoc_url=None,
        dependencies=[Depends(permissions.guard)],  # who may use each route: permissions.ROUTES
    )
    app.state.drawn_password = drawn
    app.state.club_name = club_name
    app.state.sessions = book
    app.add_middleware(DurableAnswers)  # an answer leaves once the commits are on the disk
    app.add_middleware(PeopleNames)  # inside the session: names for the director or the public
    app.add_middleware(ServerSessions, book=book, secure=secure_cookies)
    app.add_middleware(BrowserGuards)  # security headers; WebSockets of this origin only
    app.add_middleware(BodyLimits)  # outermost: a body too large is refused before anything
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


def _opener(store: str | os.PathLike[str] | Callable[[], EventStore]) -> Callable[[], EventStore]:
    """Return the function that opens the store ``store`` names."""
    if callable(store):
        return store
    return lambda: open_store(store)


def _file_to_back_up(store: EventStore, backups: BackupPolicy | None) -> str | None:
    """Return the SQLite file the server backs up (None without ``backups``), or raise
    ``ParseError`` for a store the app cannot run on."""
    if isinstance(store, MemoryEventStore):
        raise ParseError(
            message(
                "the web app needs an event file: a store in memory would be a new, "
                "empty one each time the app opens it"
            ),
        )
    if backups is None:
        return None
    if not isinstance(store, SQLiteEventStore):
        raise ParseError(
            message(
                "automatic backups copy an SQLite event file, and this store is a "
                "{kind}: give an SQLite file, or no backups",
                kind=type(store).__name__,
            ),
        )
    return store.path


def _postgres(location: object) -> str | None:
    """The URL of a PostgreSQL ``location``; None for another store."""
    return postgres_url(location) if isinstance(location, str | os.PathLike) else None


def _shared_sessions(location: object, now: Callable[[], datetime.datetime]) -> SessionBook | None:
    """The sessions every worker shares in a PostgreSQL database; None for another store
    (``pokertd.web.cluster`` needs psycopg, the optional ``postgres`` extra: imported only here)."""
    if _postgres(location) is None:
        return None
    from pokertd.web import cluster

    return cluster.session_book(location, now)


def _other_workers(web: Web, location: object) -> contextlib.AbstractAsyncContextManager[None]:
    """While the app runs, the other workers' changes pushed here and the clocks ruled once
    (a PostgreSQL database); nothing for another store."""
    if _postgres(location) is None:
        return contextlib.nullcontext()
    from pokertd.web import cluster

    return cluster.joined(web, location)


def _sessions_path(store: EventStore) -> Path | None:
    """The file of the director's sessions beside an SQLite event file; None for another store
    (PostgreSQL keeps them in its database: ``_shared_sessions``)."""
    return sessions_file(store.path) if isinstance(store, SQLiteEventStore) else None


def _backing_up(
    web: Web, db: str | None, backups: BackupPolicy | None
) -> contextlib.AbstractAsyncContextManager[AutoBackups | None]:
    """Run the automatic backups of the file ``db`` while the app runs, if there are any."""
    if db is None or backups is None:
        return contextlib.nullcontext(None)
    return auto_backups.running(web, db, backups)


def _changed(web: Web, tournament: str, _events: tuple[TournamentEvent, ...]) -> None:
    web.hub.changed(tournament, "tournaments")


def _version() -> str:
    from importlib.metadata import version

    return version("pokertd")
