"""What every answer tells the browser, and which pages may open a WebSocket (ASGI middleware).

Every HTTP answer carries a Content-Security-Policy (scripts from this site only, no inline
script; no page of another site may frame this one), ``X-Frame-Options: DENY`` for browsers that
ignore ``frame-ancestors``, ``X-Content-Type-Options: nosniff`` and ``Referrer-Policy:
same-origin`` (a seat link's token never leaves in a ``Referer``). The API reference alone runs
Swagger UI's inline start-up script. A league's public pages (``EMBEDDABLE``: read-only, no
login, names only) may be framed by any site, so that a club shows them in its own.

A WebSocket opened by a page of another origin (another site, or another port of the same host)
is refused with 4403 before the app sees it: a director's socket would otherwise carry the hole
cards to any page his browser opens. Browsers always send ``Origin`` on a WebSocket; a client
that sends none (a script, not a page) is not a page riding on the director's cookie.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: The policy of every page (styles inline are allowed: HTMX adds its own).
POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
    "form-action 'self'; object-src 'none'"
)
#: The API reference's: Swagger UI starts from an inline script.
DOCS_POLICY = POLICY.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
#: The public league pages a club may frame in its own site (``pages.leagues``).
EMBEDDABLE = "/public/leagues/"
EMBED_POLICY = POLICY.replace("frame-ancestors 'none'", "frame-ancestors *")
HEADERS = (
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
)
#: The close code of a WebSocket opened from another origin.
OTHER_ORIGIN = 4403


@dataclass(frozen=True, slots=True)
class BrowserGuards:
    """The ASGI middleware: security headers on every answer, same-origin WebSockets only."""

    app: ASGIApp

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and not same_origin(scope):
            await receive()  # the client's connect
            await send({"type": "websocket.close", "code": OTHER_ORIGIN})
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        policy = DOCS_POLICY if path == "/api/docs" else POLICY
        headers: tuple[tuple[bytes, bytes], ...] = HEADERS
        if path.startswith(EMBEDDABLE):
            policy, headers = EMBED_POLICY, HEADERS[1:]  # no X-Frame-Options: DENY

        async def guarded(message: Message) -> None:
            if message["type"] == "http.response.start":
                given = {name.lower() for name, _ in message.get("headers", ())}
                added = [(b"content-security-policy", policy.encode()), *headers]
                extra = [(name, value) for name, value in added if name not in given]
                message = {**message, "headers": [*message.get("headers", ()), *extra]}
            await send(message)

        await self.app(scope, receive, guarded)


def same_origin(scope: Scope) -> bool:
    """Return whether a WebSocket's ``Origin`` (if any) is the host it connects to.

    >>> same_origin({"headers": [(b"host", b"a:8000"), (b"origin", b"http://a:8000")]})
    True
    >>> same_origin({"headers": [(b"host", b"a:8000"), (b"origin", b"http://a:9000")]})
    False
    >>> same_origin({"headers": [(b"host", b"a:8000")]})
    True
    """
    headers: dict[bytes, str] = {name: value.decode("latin-1") for name, value in scope["headers"]}
    origin = headers.get(b"origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc.lower() == headers.get(b"host", "").lower()
