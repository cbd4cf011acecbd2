"""Route guards: the director's login and the CSRF token of every change.

``director(request)`` is a FastAPI dependency for pages and API routes that need the login.
``form(request)`` reads a posted form after checking its CSRF token; JSON routes check the
``X-CSRF-Token`` header with ``csrf_header``.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header, HTTPException, Request
from starlette.datastructures import FormData

from pokertd.messages import message
from pokertd.web.auth import AuthError, new_csrf_token, same_token


def csrf_token(request: Request) -> str:
    """Return the session's CSRF token, making one for a new session."""
    token = request.session.get("csrf")
    if not token:
        token = request.session["csrf"] = new_csrf_token()
    return str(token)


def director(request: Request) -> None:
    """Refuse (401) a request without the director's login."""
    if not request.session.get("director"):
        raise HTTPException(401)


def _refused() -> AuthError:
    return AuthError(
        message(
            "this form has expired or did not come from pokertd: reload the page and try again"
        ),
    )


async def form(request: Request) -> FormData:
    """Return the posted form once its CSRF token (``csrf`` field or header) is the session's."""
    data = await request.form()
    given = data.get("csrf") or request.headers.get("x-csrf-token")
    if not isinstance(given, str) or not same_token(given, request.session.get("csrf")):
        raise _refused()
    return data


def csrf_header(request: Request, x_csrf_token: Annotated[str | None, Header()] = None) -> None:
    """Refuse a JSON change whose ``X-CSRF-Token`` header is not the session's."""
    if not same_token(x_csrf_token, request.session.get("csrf")):
        raise _refused()


Director = Depends(director)
CsrfHeader = Depends(csrf_header)
