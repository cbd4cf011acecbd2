"""Sessions kept by the server: the cookie holds a random id, the server the session.

The cookie ``pokertd_session`` is 32 random bytes (base64), nothing else: no data, no signature.
The server keeps each session under the SHA-256 of its id (``SessionBook``), so a copy of what
it keeps gives no cookie. Every request looks its id up; an id the server does not hold is a
visitor without a session. Ending a session is forgetting it: logout ends the session it is
sent with, a new password ends them all; a director's socket opened before is closed (4401) at
the next document it would have been sent.

The director's sessions (and his staff's: ``logged_in``) are kept in a file of their own beside
the event file (created 0600, rewritten whole and renamed), so that a restart keeps the director
logged in; a visitor's session (the CSRF token of the login form) is kept in memory only, at most
``VISITORS`` of them. Over a PostgreSQL database, every session is kept in the database, where
all the workers sharing it see them (``pokertd.web.cluster.SharedSessionBook``).

A session is given a new id when it becomes the director's (no fixation). The cookie is
``Secure`` when the request came over HTTPS (``scope["scheme"]``: uvicorn sets it from
``X-Forwarded-Proto`` when the proxy is trusted, ``--forwarded-allow-ips``) or when the app is
told to (``secure``: ``pokertd web --secure-cookies``).
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import json
import os
import secrets
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from starlette.datastructures import MutableHeaders
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Message, Receive, Scope, Send

COOKIE = "pokertd_session"
#: How long a session lasts after it was last saved (seconds): 14 days.
MAX_AGE = 14 * 86400
#: Visitors' sessions kept in memory, the oldest forgotten first.
VISITORS = 10_000
#: The director's sessions kept, the oldest ended first.
DIRECTORS = 200

#: The close code of a director's socket whose session has ended.
ENDED = 4401

Data = dict[str, Any]


def logged_in(data: Data) -> bool:
    """Whether a session is someone's: the director's, a staff member's or a dealer's pass
    (``pokertd.web.permissions``), or the server's administrator's (``pokertd.web.admin``, in
    a book of its own); kept in the file, and its sockets ended with it."""
    return bool(
        data.get("director") or data.get("staff") or data.get("dealer") or data.get("admin")
    )


def _key(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class SessionBook:
    """The sessions the server holds, by the SHA-256 of their id, each with its expiry."""

    def __init__(self, path: Path | None, now: Callable[[], datetime.datetime]) -> None:
        self.path = path
        self.now = now
        self._sessions: dict[str, tuple[Data, float]] = {}
        if path is not None and path.exists():
            self._sessions = _read(path)

    def find(self, token: str | None) -> Data | None:
        """Return a copy of the session of id ``token``, or None (unknown, ended or expired)."""
        if not token:
            return None
        found = self._sessions.get(_key(token))
        if found is None or found[1] <= self._now():
            return None
        return dict(found[0])

    def keep(self, token: str | None, data: Data) -> str:
        """Keep ``data`` as the session ``token`` (a new id when None); return the id."""
        token = token or secrets.token_urlsafe(32)
        key = _key(token)
        self._sessions.pop(key, None)  # to the end: the oldest come first
        self._sessions[key] = (dict(data), self._now() + MAX_AGE)
        self._bound()
        if logged_in(data):
            self._save()
        return token

    def end(self, token: str) -> None:
        """End the session ``token`` (logout)."""
        found = self._sessions.pop(_key(token), None)
        if found is not None and logged_in(found[0]):
            self._save()

    def end_all(self) -> None:
        """End every session (a new password)."""
        self._sessions.clear()
        self._save()

    def _now(self) -> float:
        return self.now().timestamp()

    def _bound(self) -> None:
        """Forget expired sessions and the oldest over the limits."""
        now = self._now()
        directors = [key for key, (data, _) in self._sessions.items() if logged_in(data)]
        visitors = [key for key, (data, _) in self._sessions.items() if not logged_in(data)]
        for key in directors[:-DIRECTORS] + visitors[:-VISITORS]:
            del self._sessions[key]
        for key in [key for key, (_, expires) in self._sessions.items() if expires <= now]:
            del self._sessions[key]

    def _save(self) -> None:
        """Write the director's sessions to the file (0600), whole, then rename it over the old."""
        if self.path is None:
            return
        kept = {key: found for key, found in self._sessions.items() if logged_in(found[0])}
        partial = self.path.with_name(f".{self.path.name}.{secrets.token_hex(4)}.partial")
        try:
            with private_file(partial) as file:
                file.write(json.dumps(kept).encode())
            os.replace(partial, self.path)
        finally:
            partial.unlink(missing_ok=True)


def _read(path: Path) -> dict[str, tuple[Data, float]]:
    """The director's sessions kept in ``path``; none if it cannot be read (log in again)."""
    try:
        stored = json.loads(path.read_text(encoding="utf-8"))
        return {str(key): (dict(data), float(expires)) for key, (data, expires) in stored.items()}
    except (OSError, ValueError, TypeError, AttributeError):
        return {}


@contextlib.contextmanager
def private_file(path: Path) -> Iterator[Any]:
    """Create the new file ``path`` readable and writable by its owner only (0600)."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "wb") as file:
        yield file


def sessions_file(db: str) -> Path:
    """Where the director's sessions of the event file ``db`` are kept."""
    return Path(f"{db}-sessions")


class ServerSessions:
    """ASGI middleware: ``scope["session"]`` is the session the cookie names, kept by the book."""

    def __init__(self, app: ASGIApp, book: SessionBook, *, secure: bool = False) -> None:
        self.app = app
        self.book = book
        self.secure = secure

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        token = _cookie(scope)
        found = self.book.find(token)
        scope["session"] = dict(found) if found is not None else {}
        if scope["type"] == "websocket":
            if token is not None and found is not None and logged_in(found):
                send = self._ending(token, send)
            await self.app(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                cookie = self._after(scope, token if found is not None else None, found or {})
                headers = MutableHeaders(scope=message)
                if cookie:
                    headers.append("Set-Cookie", cookie)
                if logged_in(found or {}) or logged_in(scope["session"]):
                    # the director's pages are not kept: after a logout, the back button asks
                    # the server again, which answers with the login form
                    headers["Cache-Control"] = "no-store"
            await send(message)

        await self.app(scope, receive, sending)

    def _ending(self, token: str, send: Send) -> Send:
        """Wrap a director's socket's ``send``: once his session has ended (logout, a new
        password), the socket is closed with ``ENDED`` instead of sending, then sends nothing."""
        closed = False

        async def sending(message: Message) -> None:
            nonlocal closed
            if not closed and message["type"] == "websocket.send":
                closed = self.book.find(token) is None
                if closed:
                    await send({"type": "websocket.close", "code": ENDED})
            if not closed:
                await send(message)

        return sending

    def _after(self, scope: Scope, token: str | None, before: Data) -> str:
        """Keep, renew or end the session after the request; return the cookie to set, if any."""
        data: Data = scope["session"]
        alive = token is not None and self.book.find(token) is not None  # not ended meanwhile
        if data == before and alive:
            return ""
        if not data:
            if token is None:
                return ""
            self.book.end(token)
            return self._cookie(scope, "", 0)
        if not alive or (logged_in(data) and not logged_in(before)):
            if token is not None:
                self.book.end(token)  # a new id: for a new director's session, no fixation
            token = None
        new = self.book.keep(token, data)
        return "" if new == token else self._cookie(scope, new, MAX_AGE)

    def _cookie(self, scope: Scope, value: str, max_age: int) -> str:
        secure = self.secure or scope.get("scheme") in ("https", "wss")
        flags = "; Secure" if secure else ""
        return f"{COOKIE}={value}; Path=/; Max-Age={max_age}; HttpOnly; SameSite=strict{flags}"


def _cookie(scope: Scope) -> str | None:
    """The session id the request's cookie holds, if any."""
    for name, value in scope.get("headers", ()):
        if name == b"cookie":
            found = cookie_parser(value.decode("latin-1")).get(COOKIE)
            if found:
                return found
    return None
