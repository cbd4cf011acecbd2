"""Route guards: the login and the CSRF token of every change.

Who may use a route is decided in one place, ``pokertd.web.permissions`` (its ``guard`` runs
before every route of the app); ``director`` and ``Director`` are that guard under the name the
routes were first declared with, so that a route that names it asks nothing more.
``form(request)`` reads a posted form after checking its CSRF token; JSON routes check the
``X-CSRF-Token`` header with ``csrf_header``.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header, Request
from starlette.datastructures import FormData

from pokertd.messages import message
from pokertd.web.auth import AuthError, new_csrf_token, same_token
from pokertd.web.permissions import guard, staff_book
from pokertd.web.staff import DIRECTOR_NAME


def csrf_token(request: Request) -> str:
    """Return the session's CSRF token, making one for a new session."""
    token = request.session.get("csrf")
    if not token:
        token = request.session["csrf"] = new_csrf_token()
    return str(token)


#: The app's guard (``permissions.ROUTES`` says who may use each route); a route that names it
#: again runs it once (FastAPI keeps a dependency's answer for the request).
director = guard


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


def open_session(request: Request, name: str) -> None:
    """Make the session the director's (``name`` empty or ``director``) or the staff member
    ``name``'s, once his password was checked (``context.log_in``); a fresh session: no
    fixation, and one that ends when his password is set again (``since``). An account removed
    since its password was checked is refused (never the director's session in its place)."""
    request.session.clear()
    if name.strip().casefold() in ("", DIRECTOR_NAME):
        request.session["director"] = True
    else:
        account = staff_book(request).roster().account(name.strip())
        if account is None:
            raise AuthError(message("wrong password"))
        request.session["staff"], request.session["since"] = account.name, account.since
    csrf_token(request)
