"""Several clubs on one server: each request goes to the app of the club its host name names.

``Clubs`` is an ASGI app in front of one pokertd app per club (``create_app`` over the club's
own event store, ``pokertd.service.clubs``): the request's ``Host`` picks the club, and the
club's app answers with its own store, sessions, staff, register, leagues and sockets. Nothing
is shared between two clubs' apps but the process, so no route can show one club's data to
another, whatever its ids: a tournament id of another club is simply not in this club's store.
A session cookie is the browser's for one host name, and a cookie carried to another club's
host is not in that club's sessions.

A club added while the server runs (``pokertd club add``, or the administrator's page) is found
at its first request: an unknown host reads the server's register again, at most once a second
(a flood of made-up host names reads it no more often), and otherwise gets a 404 that names no
club. A club added on the administrator's page of this process is read at the next request.

With an administrator's host name (``admin_host``), the requests sent to it go to the
administrator's app (``pokertd.web.admin``), never to a club's: no club may take that name.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import Any

from starlette.responses import HTMLResponse
from starlette.types import Receive, Scope, Send

from pokertd.errors import ConflictError
from pokertd.messages import message
from pokertd.present.i18n import render
from pokertd.service.auto_backups import BackupPolicy
from pokertd.service.clubs import Club, ClubRegistry, host_name
from pokertd.store import EventStore, open_store
from pokertd.web.app import create_app

#: The least time between two readings of the register for unknown host names (seconds).
REREAD = 1.0

#: What an address no club answers at says (no club is named), in both languages: the server
#: cannot know the visitor's club, nor its language.
_NO_CLUB = message("No club answers at this address.")


def _no_club_page() -> str:
    french, english = render(_NO_CLUB, "fr"), render(_NO_CLUB, "en")
    return (
        '<!doctype html><html lang="fr"><meta charset="utf-8"><title>pokertd</title>'
        f'<p>{french}</p><p lang="en">{english}</p></html>'
    )


App = Callable[[Scope, Receive, Send], Any]


class Clubs:
    """The ASGI app of a server of clubs.

    ``open_register`` opens the server's store (a new one each time: it is read briefly, on
    whichever thread asks); ``make_app`` returns a club's app (``create_app`` over
    ``club.location``). The apps of the clubs known now are made at once, so that a club's
    first start (its password) happens before the server listens; ``drawn`` holds the passwords
    drawn then, by club, for the caller to print once.
    """

    def __init__(
        self, open_register: Callable[[], EventStore], make_app: Callable[[Club], Any]
    ) -> None:
        self._open_register = open_register
        self._make_app = make_app
        self._admin: tuple[str, Any] | None = None  # the administrator's host name and app
        self._apps: dict[str, Any] = {}  # by slug
        self._clubs: dict[str, Club] = {}  # by slug
        self._hosts: dict[str, str] = {}  # host name -> slug
        self._running: contextlib.AsyncExitStack | None = None
        self._lock = asyncio.Lock()
        self._read_at = -REREAD
        self.drawn: dict[str, str] = {}
        for club in self._register():
            self._add(club)

    def administer(self, host: str, app: Any) -> None:
        """Serve the administrator's ``app`` at ``host`` (``pokertd.web.admin``)."""
        self._admin = (host_name(host), app)

    @property
    def admin_app(self) -> Any:
        """The administrator's app, or None."""
        return None if self._admin is None else self._admin[1]

    def added(self) -> None:
        """A club was added: the next request for an unknown host reads the register at once."""
        self._read_at = -REREAD

    @property
    def clubs(self) -> list[Club]:
        """The clubs served, in the order they were added."""
        return list(self._clubs.values())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        host = _host(scope)
        if self._admin is not None and host == self._admin[0]:
            await self._admin[1](scope, receive, send)
            return
        app = await self._app_for(host)
        if app is not None:
            await app(scope, receive, send)
        elif scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
        else:
            await HTMLResponse(_no_club_page(), status_code=404)(scope, receive, send)

    # --- Internals ---------------------------------------------------------------------------

    def _register(self) -> list[Club]:
        with contextlib.closing(self._open_register()) as store:
            return ClubRegistry(store).clubs()

    def _add(self, club: Club, app: Any = None) -> Any:
        """Serve ``club`` by ``app`` (made now if not given)."""
        app = self._make_app(club) if app is None else app
        drawn = getattr(app.state, "drawn_password", None)
        if drawn:
            self.drawn[club.slug] = drawn
        self._apps[club.slug] = app
        self._clubs[club.slug] = club
        for host in club.hosts:
            self._hosts[host] = club.slug
        return app

    async def _app_for(self, host: str) -> Any:
        slug = self._hosts.get(host)
        if slug is not None:
            return self._apps[slug]
        async with self._lock:  # one reading at a time; the others wait for its result
            slug = self._hosts.get(host)
            if slug is None and time.monotonic() - self._read_at >= REREAD:
                self._read_at = time.monotonic()
                for club in await asyncio.to_thread(self._register):
                    if club.slug not in self._apps:  # made off the loop: it opens the store
                        made = await asyncio.to_thread(self._make_app, club)
                        await self._start(self._add(club, made))
                slug = self._hosts.get(host)
        return None if slug is None else self._apps[slug]

    async def _start(self, app: Any) -> None:
        """Run a club's app's start (its store opened, its timers) until the server stops."""
        if self._running is not None:
            await self._running.enter_async_context(app.router.lifespan_context(app))

    async def _lifespan(self, receive: Receive, send: Send) -> None:
        await receive()  # lifespan.startup
        self._running = contextlib.AsyncExitStack()
        try:
            for app in list(self._apps.values()):
                await self._start(app)
        except Exception as error:  # a club's store that cannot open: the server says which
            await self._running.aclose()
            await send({"type": "lifespan.startup.failed", "message": str(error)})
            return
        await send({"type": "lifespan.startup.complete"})
        await receive()  # lifespan.shutdown
        await self._running.aclose()
        await send({"type": "lifespan.shutdown.complete"})


def _host(scope: Scope) -> str:
    """The host name the request was sent to (its ``Host`` header), as clubs are looked up."""
    for name, value in scope.get("headers", ()):
        if name == b"host":
            return host_name(value.decode("latin-1"))
    return ""


def create_server(
    location: str,
    *,
    secure_cookies: bool = False,
    backups: Callable[[Club], BackupPolicy | None] | None = None,
    admin_host: str = "",
    admin_password: str | None = None,
) -> Clubs:
    """Return the app of a server of clubs whose register is the store at ``location``: each
    club served by ``create_app`` over its own store, with its automatic backups if
    ``backups`` gives a policy for it; the administrator's app at ``admin_host`` if given
    (its password ``admin_password``, else drawn at the first start: ``admin_app.state``)."""

    def make_app(club: Club) -> Any:
        policy = backups(club) if backups is not None else None
        return create_app(
            club.location, backups=policy, secure_cookies=secure_cookies, club_name=club.name
        )

    server = Clubs(lambda: open_store(location), make_app)
    if admin_host:
        _check_admin_host(host_name(admin_host), server.clubs)
        from pokertd.web.admin import create_admin_app

        admin = create_admin_app(
            location, server.added, password=admin_password, secure_cookies=secure_cookies
        )
        server.administer(admin_host, admin)
    return server


def _check_admin_host(host: str, clubs: list[Club]) -> None:
    """Refuse an administrator's host name that a club answers at."""
    for club in clubs:
        if host in club.hosts:
            raise ConflictError(
                message(
                    "the host name {host} is already the club {slug!r}'s",
                    host=host,
                    slug=club.slug,
                )
            )
