"""The server's administrator's pages: the clubs of a server of clubs, and a form to add one.

``pokertd web --clubs --admin-host HOST`` serves this small app at ``HOST`` (and at no other host
name: a club's address never shows it, and ``HOST`` is no club's). Its password is the
administrator's own, kept hashed (scrypt) in the server's store (its ``web-settings`` stream, as a
club keeps its director's), drawn and printed once at the first start, or read from
``--admin-password-file``. The login is the directors': the hash checked off the event loop,
wrong passwords limited per client and for the account (``LoginGate``), a session kept by the
server under a new id (its book beside the server's file, or in its PostgreSQL database), the
session's CSRF token in every form.

Adding a club does what ``pokertd club add`` does: the club's own store created beside the
server's, its director's password set, then the club written in the register; the server serves
it from its next request (``Clubs.added``).
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from starlette.responses import RedirectResponse, Response
from starlette.staticfiles import StaticFiles

from pokertd.errors import ConflictError, ParseError, PokertdError
from pokertd.messages import message
from pokertd.present.i18n import error_text
from pokertd.service import runtime
from pokertd.service.clubs import Club, ClubRegistry, events_count, host_name, location_beside
from pokertd.store import open_store, shown_location, sqlite_path
from pokertd.store.locations import postgres_url
from pokertd.web import errors
from pokertd.web.auth import TooManyAttemptsError, first_start, load_settings
from pokertd.web.headers import BrowserGuards
from pokertd.web.i18n import language
from pokertd.web.limits import BodyLimits
from pokertd.web.security import csrf_token, form
from pokertd.web.sessions import ServerSessions, SessionBook, sessions_file
from pokertd.web.templating import render
from pokertd.web.throttle import LoginGate

STATIC = Path(__file__).parent / "static"
#: The account the administrator's wrong passwords are counted for.
ACCOUNT = "admin"
#: The shortest password given to a new club's director (a drawn one has 12 characters).
SHORTEST = 10
#: Every route of the admin app, and whether a visitor (not logged in) may use it; the others
#: are the administrator's only (``tests/web/test_admin.py`` asks each as a visitor and as a
#: club's director).
ROUTES: dict[str, bool] = {
    "GET /": True,
    "GET /admin": True,  # the login form for a visitor
    "POST /admin/login": True,
    "POST /admin/logout": True,
    "POST /admin/clubs": False,
}


def create_admin_app(
    location: str,
    added: Callable[[], None],
    *,
    password: str | None = None,
    now: Callable[[], datetime.datetime] = runtime.now,
    secure_cookies: bool = False,
) -> FastAPI:
    """The administrator's app over the server's store at ``location``; ``added`` is called
    once a club is added (the server reads its register again at the next request).
    ``password`` sets the administrator's password; without one at the first start, one is
    drawn and kept in ``app.state.drawn_password`` for the caller to print once."""
    with contextlib.closing(open_store(location)) as store:
        before = load_settings(store)
        settings, drawn = first_start(store, password, now())
    book = _book(location, now)
    if before is not None and before.password_hash != settings.password_hash:
        book.end_all()  # a new password ends every session
    app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None)
    app.state.drawn_password = drawn
    app.state.admin = _Admin(location, added, now, _gate(location))
    app.add_middleware(ServerSessions, book=book, secure=secure_cookies)
    app.add_middleware(BrowserGuards)
    app.add_middleware(BodyLimits)
    errors.install(app)  # a form without its CSRF token, a bad request: the error page
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_api_route("/", _home, methods=["GET"])
    app.add_api_route("/admin", _page, methods=["GET"])
    app.add_api_route("/admin/login", _login, methods=["POST"])
    app.add_api_route("/admin/logout", _logout, methods=["POST"])
    app.add_api_route("/admin/clubs", _add, methods=["POST"])
    return app


class _Admin:
    """What the admin app's routes share: the server's store, the clock, the login gate."""

    def __init__(
        self,
        location: str,
        added: Callable[[], None],
        now: Callable[[], datetime.datetime],
        gate: LoginGate,
    ) -> None:
        self.location = location
        self.added = added
        self.now = now
        self.gate = gate


def _admin(request: Request) -> _Admin:
    found: _Admin = request.app.state.admin
    return found


def _book(location: str, now: Callable[[], datetime.datetime]) -> SessionBook:
    """The administrator's sessions: in the server's PostgreSQL database (every worker sees
    them), else in a file beside the server's SQLite file."""
    if postgres_url(location) is not None:
        from pokertd.web import cluster  # psycopg: the postgres extra

        shared = cluster.session_book(location, now)
        if shared is not None:
            return shared
    file = sqlite_path(location)
    return SessionBook(sessions_file(file) if file is not None else None, now)


def _gate(location: str) -> LoginGate:
    """The administrator's login gate: its failures in the server's PostgreSQL database, counted
    by every worker alike, else in this process."""
    url = postgres_url(location)
    if url is None:
        return LoginGate()
    from pokertd.web import cluster  # psycopg: the postgres extra

    cluster.set_up(url)
    return cluster.SharedLoginGate(url, "admin:", LoginGate())


# --- Routes ---------------------------------------------------------------------------------


async def _home(request: Request) -> Response:
    return RedirectResponse("/admin", 303)


async def _page(request: Request) -> Response:
    """The clubs and the form to add one; the login form for a visitor."""
    csrf_token(request)
    if not request.session.get("admin"):
        return render(request, "admin/login.html", failed=False, refused="")
    return await _clubs_page(request)


async def _login(request: Request) -> Response:
    data = await form(request)
    admin = _admin(request)
    client = request.client.host if request.client else "unknown"
    try:
        admin.gate.check(client, admin.now(), ACCOUNT)
    except TooManyAttemptsError as error:
        refused = error_text(error, language(request))
        answer = render(request, "admin/login.html", 429, failed=False, refused=refused)
        answer.headers["Retry-After"] = str(error.retry_after)
        return answer
    stored = await asyncio.to_thread(_password_hash, admin.location)
    if not await admin.gate.verify(str(data.get("password", ""))[:1000], stored):
        admin.gate.failed(client, admin.now(), ACCOUNT)
        return render(request, "admin/login.html", 401, failed=True, refused="")
    admin.gate.succeeded(client)
    request.session.clear()  # a new session, under a new id (no fixation)
    request.session["admin"] = True
    csrf_token(request)
    return RedirectResponse("/admin", 303)


async def _logout(request: Request) -> Response:
    await form(request)
    request.session.clear()
    return RedirectResponse("/admin", 303)


async def _add(request: Request) -> Response:
    """Add a club: its short name, name, host names and its director's password."""
    if not request.session.get("admin"):
        return render(request, "admin/login.html", 401, failed=False, refused="")
    data = await form(request)
    typed = {key: str(data.get(key, ""))[:2000] for key in ("slug", "name", "hosts")}
    password = str(data.get("password", ""))
    admin = _admin(request)
    hosts = [host for host in re.split(r"[\s,;]+", typed["hosts"]) if host]
    try:
        _check_password(password)
        _check_not_admin(hosts, request)
        club = await asyncio.to_thread(
            _add_club, admin.location, typed["slug"].strip(), typed["name"], hosts, password,
            admin.now(),
        )  # fmt: skip
    except PokertdError as error:
        status = 409 if isinstance(error, ConflictError) else 400
        refused = error_text(error, language(request))
        return await _clubs_page(request, status, refused=refused, typed=typed)
    admin.added()
    return await _clubs_page(request, 201, added=club)


# --- Internals ------------------------------------------------------------------------------


async def _clubs_page(
    request: Request,
    status: int = 200,
    *,
    refused: str = "",
    typed: dict[str, str] | None = None,
    added: Club | None = None,
) -> Response:
    rows = await asyncio.to_thread(_rows, _admin(request).location)
    port = _port(request)
    return render(
        request,
        "admin/clubs.html",
        status,
        rows=rows,
        refused=refused,
        typed=typed or {"slug": "", "name": "", "hosts": ""},
        added=added,
        port=port,
    )


def _rows(location: str) -> list[dict[str, Any]]:
    """The clubs as the page lists them: name, host names, store and number of events."""
    with contextlib.closing(open_store(location)) as store:
        clubs = ClubRegistry(store).clubs()
    rows = []
    for club in clubs:
        try:
            count: int | None = events_count(club)
        except (OSError, ParseError):  # a store that cannot be read now: said, not a 500
            count = None
        rows.append({"club": club, "store": shown_location(club.location), "events": count})
    return rows


def _password_hash(location: str) -> str:
    with contextlib.closing(open_store(location)) as store:
        settings = load_settings(store)
    return settings.password_hash if settings is not None else ""


def _check_password(password: str) -> None:
    if not SHORTEST <= len(password) <= 1000:
        raise ParseError(
            message(
                "the director's password needs {shortest} to 1000 characters", shortest=SHORTEST
            )
        )


def _check_not_admin(hosts: list[str], request: Request) -> None:
    """The administrator's host name is never a club's."""
    mine = host_name(request.headers.get("host", ""))
    if mine in (host_name(host) for host in hosts):
        raise ConflictError(
            message("the host name {host} is the server administrator's", host=mine)
        )


def _add_club(
    location: str,
    slug: str,
    name: str,
    hosts: list[str],
    password: str,
    now: datetime.datetime,
) -> Club:
    """As ``pokertd club add``: checked, the club's store created and its director's password
    set, then the club written in the register (a race with another addition: ConflictError)."""
    with contextlib.closing(open_store(location)) as store:
        registry = ClubRegistry(store)
        registry.check(slug, name, hosts)  # told before a club's store is created
        club_location = location_beside(location, slug)
        with contextlib.closing(open_store(club_location)) as club_store:
            first_start(club_store, password, now)
        return registry.add(slug, name, hosts, club_location, now=now)


def _port(request: Request) -> str:
    """The port the page was asked at (":8000"), for the new club's address; "" for 80."""
    host = request.headers.get("host", "")
    found = re.search(r":(\d{1,5})$", host)
    return f":{found.group(1)}" if found and found.group(1) != "80" else ""


def admin_password(file: str | os.PathLike[str] | None) -> str | None:
    """The administrator's password read from ``file`` (its first line), or None; raises
    ``ParseError`` for a file that cannot be read or a password too short."""
    if file is None:
        return None
    try:
        text = Path(file).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise ParseError(
            message("cannot read the administrator's password file {file}", file=str(file))
        ) from error
    password = text[0].strip() if text else ""
    if not SHORTEST <= len(password) <= 1000:
        raise ParseError(
            message(
                "the administrator's password needs {shortest} to 1000 characters",
                shortest=SHORTEST,
            )
        )
    return password


__all__ = ["ROUTES", "admin_password", "create_admin_app"]
