"""Names at the edge: every answer's person ids become the names the club chose to show.

A tournament registered through the register keeps only pseudonymous person ids
(``P-7F3A9C2E``) in its event log (``service.people``). Pages, exports and API answers are built
from the logs, so they hold those ids; this middleware, the last step before an answer leaves,
puts in each id's name from the register: the full name for the director, what the club chose
(full name, first name and initial, or nickname) for everyone else, and "erased player" (or the
pseudonym chosen) for an erased person. One place does it, so no page can forget to, and an
erased name cannot appear in any answer: it is no longer anywhere to be put in.

A name holds no ``<``, ``>``, ``&``, quote, comma or backslash (``service.people`` refuses them),
and it is escaped for HTML and JSON all the same. WebSocket messages do not pass here
(``hub`` sends them): ``resolve_text`` is what they would call.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Iterable

from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pokertd.present.i18n import render
from pokertd.service.people import PERSON_ID, PeopleService
from pokertd.store import EventStore
from pokertd.web.i18n import language
from pokertd.web.permissions import caller_of
from pokertd.web.staff import Role

#: Who sees a person's full name in every answer.
STAFF = frozenset({Role.DIRECTOR, Role.FLOOR, Role.CASHIER})

#: The answers whose text may hold a person id, and how a name is escaped in each.
_ESCAPES: dict[str, Callable[[str], str]] = {
    "text/html": lambda name: html.escape(name, quote=True),
    "application/json": lambda name: json.dumps(name, ensure_ascii=False)[1:-1],
    "text/csv": lambda name: name,
    "text/plain": lambda name: name,
}
_PERSON_ID_BYTES = re.compile(PERSON_ID.pattern.encode())

#: The header of an answer whose ids are meant as ids (the register's own pages link to
#: ``/people/P-...``): left as they are; the header itself does not leave.
KEEP_IDS = "x-pokertd-person-ids"


def keep_ids(response: Response) -> Response:
    """Mark ``response`` as one whose person ids stay ids (the register's pages)."""
    response.headers[KEEP_IDS] = "kept"
    return response


def resolve_text(text: str, store: EventStore, *, public: bool, lang: str, kind: str) -> str:
    """Return ``text`` with each person id the register knows replaced by the name to show,
    escaped for the content type ``kind`` (a key of ``_ESCAPES``)."""
    if "P-" not in text:  # no id (a table's view): no scan of every character by the regex
        return text
    found = set(PERSON_ID.findall(text))
    if not found:
        return text
    escape = _ESCAPES[kind]
    shown = PeopleService(store).shown_names(found, public=public)
    names = {person: escape(render(name, lang)) for person, name in shown.items()}
    return PERSON_ID.sub(lambda match: names.get(match.group(0), match.group(0)), text)


def names_for(request: Request, store: EventStore, people: Iterable[str]) -> dict[str, str]:
    """The names to show of the ids ``people`` to whoever asked ``request``, as this middleware
    would put them: for an answer it cannot rewrite (a PDF, compressed)."""
    public = caller_of(request).role not in STAFF
    shown = PeopleService(store).shown_names(people, public=public)
    lang = language(request)
    return {person: render(name, lang) for person, name in shown.items()}


def _content_kind(start: Message) -> str | None:
    """The kind of text the answer holds (a key of ``_ESCAPES``), or None: sent as it is."""
    headers = {key.lower(): value for key, value in start.get("headers", [])}
    if KEEP_IDS.encode() in headers:
        return None
    kind = headers.get(b"content-type", b"").decode("latin-1").split(";")[0].strip().lower()
    return kind if kind in _ESCAPES else None


def _without_mark(start: Message) -> Message:
    marked = KEEP_IDS.encode()
    return {**start, "headers": [(k, v) for k, v in start.get("headers", []) if k != marked]}


class PeopleNames:
    """ASGI middleware: holds a textual answer's body, resolves its person ids, sends it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start: Message | None = None
        kind: str | None = None
        chunks: list[bytes] = []

        async def sending(sent: Message) -> None:
            nonlocal start, kind
            if sent["type"] == "http.response.start":
                start, kind = sent, _content_kind(sent)
                if kind is None:
                    await send(_without_mark(sent))
                return
            if kind is None or start is None or sent["type"] != "http.response.body":
                await send(sent)
                return
            chunks.append(sent.get("body", b""))
            if sent.get("more_body", False):
                return
            body = self._resolved(scope, b"".join(chunks), kind)
            headers = [
                (k, v) for k, v in start.get("headers", []) if k.lower() != b"content-length"
            ]
            headers.append((b"content-length", str(len(body)).encode()))
            await send({**start, "headers": headers})
            await send({"type": "http.response.body", "body": body})

        await self.app(scope, receive, sending)

    def _resolved(self, scope: Scope, body: bytes, kind: str) -> bytes:
        web = getattr(scope["app"].state, "web", None)
        if web is None or _PERSON_ID_BYTES.search(body) is None:
            return body
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:  # pragma: no cover - pokertd answers in UTF-8
            return body
        # the staff (director, floor, cashier) see full names; a dealer's pass and the
        # public see what the club chose
        public = caller_of(Request(scope)).role not in STAFF
        lang = language(Request(scope))
        return resolve_text(text, web.store, public=public, lang=lang, kind=kind).encode("utf-8")
