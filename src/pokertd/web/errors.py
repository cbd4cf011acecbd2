"""Domain errors to HTTP: one status and one body shape for every endpoint and page.

JSON (the API, and any request that asks for JSON)::

    {"ok": false, "error": {"status": 422, "kind": "illegal-action", "rule": "BET-MINRAISE",
                            "message": "raise to 150 is below the minimum 200 (BET-MINRAISE)"}}

An HTMX request gets the message as a small fragment swapped into the page's ``#errors`` box; a
plain page request gets the error page. The message is in the request's language. No traceback is
ever sent: an unexpected exception becomes a 500 with a generic message (and is logged).
"""

from __future__ import annotations

import logging
import re
from typing import Any, Literal

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel
from starlette.exceptions import HTTPException
from starlette.responses import HTMLResponse, JSONResponse, Response

from pokertd.errors import (
    ConflictError,
    IllegalActionError,
    NotFoundError,
    ParseError,
    PokertdError,
    ProfileError,
)
from pokertd.present.i18n import error_text
from pokertd.web.auth import AuthError, NotAllowedError, TooManyAttemptsError
from pokertd.web.i18n import gettext_for, language

log = logging.getLogger("pokertd.web")

#: The path segments that are secrets: a seat link's token (``/play/{token}``, its API and socket)
#: and a dealer's pass (``/dealer/{token}``).
_SECRETS = re.compile(r"(/play/|/dealer/)[^/]+")

#: Error class -> (HTTP status, kind), most specific first.
_STATUS: tuple[tuple[type[PokertdError], int, str], ...] = (
    (NotAllowedError, 403, "not-allowed"),
    (AuthError, 403, "forbidden"),
    (TooManyAttemptsError, 429, "too-many-attempts"),
    (IllegalActionError, 422, "illegal-action"),
    (NotFoundError, 404, "not-found"),
    (ConflictError, 409, "conflict"),
    (ProfileError, 400, "bad-profile"),
    (ParseError, 400, "bad-input"),
)


class ErrorDetail(BaseModel):
    """What went wrong: HTTP status, a stable kind, a one-sentence message, the rule if any."""

    status: int
    kind: str
    message: str
    rule: str | None = None


class ErrorBody(BaseModel):
    """The canonical error document of every API endpoint."""

    ok: Literal[False]
    error: ErrorDetail


#: The error answers every API route may give, for its OpenAPI description.
RESPONSES: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody, "description": description}
    for status, description in (
        (400, "Bad input, or a command that makes no sense now"),
        (401, "The director's login is needed"),
        (403, "Wrong password, or missing or wrong X-CSRF-Token"),
        (404, "No such tournament, entry or table"),
        (409, "The tournament changed under the command; try again"),
        (422, "A rule forbids the command (its id in ``rule``), or the body is malformed"),
        (413, "The request's body is larger than this address takes"),
    )
}


def status_of(error: PokertdError) -> tuple[int, str]:
    """Return the HTTP status and kind of a domain error."""
    for kind, status, name in _STATUS:
        if isinstance(error, kind):
            return status, name
    return 400, "refused"


def error_body(status: int, kind: str, message: str, rule: str | None = None) -> dict[str, Any]:
    """Return the canonical error document."""
    error: dict[str, Any] = {"status": status, "kind": kind, "message": message}
    if rule:
        error["rule"] = rule
    return {"ok": False, "error": error}


#: JSON routes outside ``/api/``: their errors are JSON too (``GET /healthz``, for probes).
JSON_PATHS = frozenset({"/healthz"})


def wants_json(request: Request) -> bool:
    """Return whether the client asked for JSON (the API) rather than a page."""
    accept = request.headers.get("accept", "")
    path = request.url.path
    return (
        path.startswith("/api/")
        or path in JSON_PATHS
        or ("application/json" in accept and "text/html" not in accept)
    )


def respond(request: Request, status: int, kind: str, message: str, rule: str | None) -> Response:
    """Answer an error in the shape the client expects."""
    headers = {"WWW-Authenticate": "Cookie"} if status == 401 else None
    if wants_json(request):
        return JSONResponse(error_body(status, kind, message, rule), status, headers=headers)
    if request.headers.get("hx-request"):
        # HTMX swaps 2xx only by default: send the message with a status it swaps, into #errors.
        fragment = f'<p class="error" role="alert">{_escape(message)}</p>'
        return HTMLResponse(
            fragment, 200, headers={"HX-Retarget": "#errors", "HX-Reswap": "innerHTML"}
        )
    from pokertd.web.templating import render_error  # the templates import this module

    return render_error(request, status, message)


def _escape(text: str) -> str:
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


async def _domain(request: Request, error: Exception) -> Response:
    assert isinstance(error, PokertdError)
    status, kind = status_of(error)
    rule = getattr(error, "rule", None)
    answer = respond(request, status, kind, error_text(error, language(request)), rule)
    if isinstance(error, TooManyAttemptsError):
        answer.headers["Retry-After"] = str(error.retry_after)
    return answer


async def _http(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    _ = gettext_for(language(request)).gettext
    messages = {
        401: _("Please log in as the director."),
        404: _("There is no such page."),
        405: _("This address does not take that method."),
    }
    message = messages.get(error.status_code, str(error.detail))
    kind = {401: "login-required", 404: "not-found", 405: "method-not-allowed"}.get(
        error.status_code, "http-error"
    )
    return respond(request, error.status_code, kind, message, None)


async def _validation(request: Request, error: Exception) -> Response:
    assert isinstance(error, RequestValidationError)
    _ = gettext_for(language(request)).gettext
    problems = []
    for item in error.errors():
        where = ".".join(str(part) for part in item.get("loc", ()) if part != "body")
        problems.append(f"{where or 'body'}: {item.get('msg', '')}")
    message = _("Invalid input") + " — " + "; ".join(problems)
    return respond(request, 422, "invalid-input", message, None)


async def _unexpected(request: Request, error: Exception) -> Response:
    path = _SECRETS.sub(r"\1<token>", request.url.path)  # a seat link's token never in a log
    log.exception("unexpected error on %s %s", request.method, path, exc_info=error)
    _ = gettext_for(language(request)).gettext
    message = _("Something went wrong on the server; nothing was changed. Please try again.")
    return respond(request, 500, "server-error", message, None)


def install(app: FastAPI) -> None:
    """Register the error handlers on ``app``."""
    app.add_exception_handler(PokertdError, _domain)
    app.add_exception_handler(HTTPException, _http)
    app.add_exception_handler(RequestValidationError, _validation)
    app.add_exception_handler(Exception, _unexpected)
