"""Request bodies bounded per route, refused before they are read (an ASGI middleware).

A body whose ``Content-Length`` is over the route's limit is answered 413 at once, without
reading a byte of it; a body sent without a length (chunked) is counted as it arrives and
refused as soon as it passes the limit: the rest is never read, so it is never written to disk
nor held in memory. The limits are generous for what each route takes (a login form is a few
hundred bytes, a command a few kilobytes, a player list up to 1 MB: its route says so itself).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pokertd.messages import message
from pokertd.present.i18n import render
from pokertd.web.errors import respond
from pokertd.web.i18n import language

#: A player list or a structure file: the route itself refuses one over 1 MB with its own words
#: (its declared length, before reading); what passes its check (a chunked upload) is cut here.
UPLOAD_LIMIT = 4_000_000
#: A clock's logo (``service.screens.MAX_LOGO``, 512 KB) and its form; its route says "too
#: large" in its own words first.
LOGO_LIMIT = 600_000

#: (path pattern, largest body in bytes), the first that matches applies.
ROUTE_LIMITS: tuple[tuple[str, int], ...] = (
    (r"/(api/)?log(in|out)", 4_096),
    (r"/console/[^/]+/import", UPLOAD_LIMIT),
    (r"/console/[^/]+/screens/logo", LOGO_LIMIT),
    (r"/console/create", UPLOAD_LIMIT),  # a structure file, up to 1 MB: the route says so
    (r"/api/.*", 256_000),
)
#: Every other route: the console's forms and the table's actions are far smaller.
DEFAULT_LIMIT = 64_000


@dataclass(frozen=True, slots=True)
class BodyLimits:
    """The ASGI middleware: ``app`` behind a limit on every request's body, per route."""

    app: ASGIApp
    routes: Sequence[tuple[str, int]] = ROUTE_LIMITS
    default: int = DEFAULT_LIMIT

    def limit(self, path: str) -> int:
        """Return the largest body the route at ``path`` takes."""
        for pattern, limit in self.routes:
            if re.fullmatch(pattern, path):
                return limit
        return self.default

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limit(scope["path"])
        declared = _content_length(scope)
        if declared is None or declared > limit:
            await _refuse(scope, send, limit, bad_length=declared is None)
            return
        await _Bounded(self.app, scope, receive, send, limit).run()


def _content_length(scope: Scope) -> int | None:
    """Return the declared length (0 without one: chunked or no body), or None if unreadable."""
    for name, value in scope["headers"]:
        if name == b"content-length":
            text = value.decode("latin-1").strip()
            return int(text) if text.isascii() and text.isdigit() and len(text) < 16 else None
    return 0


class _Bounded:
    """One request whose body is counted as it arrives; past the limit the app is told the
    client left (it stops reading) and the client is answered 413 instead of the app's answer."""

    def __init__(self, app: ASGIApp, scope: Scope, receive: Receive, send: Send, limit: int):
        self.app, self.scope, self._receive, self._send = app, scope, receive, send
        self.limit, self.read, self.over, self.started = limit, 0, False, False

    async def receive(self) -> Message:
        if self.over:
            return {"type": "http.disconnect"}
        got = await self._receive()
        if got["type"] == "http.request":
            self.read += len(got.get("body", b""))
            if self.read > self.limit:
                self.over = True
                return {"type": "http.disconnect"}
        return got

    async def send(self, sent: Message) -> None:
        if self.over and not self.started:
            return  # the app's answer to a body it never got whole: 413 goes instead
        self.started = True
        await self._send(sent)

    async def run(self) -> None:
        try:
            await self.app(self.scope, self.receive, self.send)
        except Exception:
            if not self.over:
                raise
        if self.over and not self.started:
            await _refuse(self.scope, self._send, self.limit, bad_length=False)


async def _refuse(scope: Scope, send: Send, limit: int, *, bad_length: bool) -> None:
    """Answer 413 (or 400 for a length that is no number) without reading the body."""
    request = Request(scope)
    lang = language(request)
    if bad_length:
        text = render(message("the Content-Length header is not a number of bytes"), lang)
        answer = respond(request, 400, "bad-input", text, None)
    else:
        said = message(
            "this request is larger than {limit} bytes, the most this address takes", limit=limit
        )
        answer = respond(request, 413, "too-large", render(said, lang), None)
    answer.headers["Connection"] = "close"  # the unread rest of the body is not waited for
    await answer(scope, _no_receive, send)


async def _no_receive() -> Message:
    return {"type": "http.disconnect"}
