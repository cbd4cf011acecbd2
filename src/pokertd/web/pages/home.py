"""The home page (the lobby: ``pokertd.web.pages.lobby``), the login (the director's, or a staff
member's: ``pokertd.web.staff``), logout and the director's password."""

from __future__ import annotations

from urllib.parse import urlsplit

from fastapi import APIRouter, Request
from starlette.responses import RedirectResponse, Response

from pokertd.present.i18n import error_text
from pokertd.web.auth import TooManyAttemptsError, change_password, new_csrf_token
from pokertd.web.context import log_in, web_of
from pokertd.web.i18n import gettext_for, language
from pokertd.web.pages.lobby import lobby_page
from pokertd.web.security import Director, csrf_token, form, open_session
from pokertd.web.sessions import SessionBook
from pokertd.web.templating import render

router = APIRouter(include_in_schema=False)


@router.get("/")
async def home(request: Request) -> Response:
    """The lobby: every event, live, with links to its displays (and to its console for staff)."""
    csrf_token(request)
    return await lobby_page(request)


@router.get("/login")
async def login_page(request: Request, next: str = "/console") -> Response:
    """Show the login form."""
    csrf_token(request)
    return render(request, "login.html", next=_local(next), failed=False, refused="")


@router.post("/login")
async def login(request: Request) -> Response:
    """Log the director in, or show the form again with an error."""
    data = await form(request)
    password, name = str(data.get("password", "")), str(data.get("name", "")).strip()[:100]
    target = _local(str(data.get("next", "/console")))
    try:
        accepted = await log_in(request, password, name)
    except TooManyAttemptsError as error:
        text = error_text(error, language(request))
        answer = render(request, "login.html", 429, next=target, failed=False, refused=text)
        answer.headers["Retry-After"] = str(error.retry_after)
        return answer
    if not accepted:
        return render(request, "login.html", 401, next=target, failed=True, refused="")
    open_session(request, name)
    return RedirectResponse(target, 303)


@router.post("/logout")
async def logout(request: Request) -> Response:
    """Log out: the server forgets this session (``pokertd.web.sessions``)."""
    await form(request)
    request.session.clear()
    return RedirectResponse("/", 303)


#: The shortest new password the director may choose (a drawn one has 12 characters).
SHORTEST = 10


@router.get("/password", dependencies=[Director])
async def password_page(request: Request) -> Response:
    """The form that changes the director's password."""
    return render(request, "password.html", refused="", done=False)


@router.post("/password", dependencies=[Director])
async def password_change(request: Request) -> Response:
    """Change the director's password: every session ends, this one goes on under a new id."""
    data = await form(request)
    current, new = str(data.get("current", "")), str(data.get("new", ""))
    _ = gettext_for(language(request)).gettext
    try:
        accepted = await log_in(request, current)
    except TooManyAttemptsError as error:
        answer = _password_refused(request, 429, error_text(error, language(request)))
        answer.headers["Retry-After"] = str(error.retry_after)
        return answer
    if not accepted:
        return _password_refused(request, 401, _("Wrong password."))
    if len(new) < SHORTEST or len(new) > 1000:
        said = _("The new password needs {shortest} to 1000 characters.")
        return _password_refused(request, 400, said.format(shortest=SHORTEST))
    if new != str(data.get("again", "")):
        return _password_refused(request, 400, _("The two new passwords differ."))
    web = web_of(request)
    change_password(web.store, new, web.now())
    book = request.app.state.sessions
    assert isinstance(book, SessionBook)
    book.end_all()  # every session, this one too: it is kept again under a new id
    request.session["csrf"] = new_csrf_token()
    return render(request, "password.html", refused="", done=True)


def _password_refused(request: Request, status: int, said: str) -> Response:
    return render(request, "password.html", status, refused=said, done=False)


def _local(target: str) -> str:
    r"""Return ``target`` if it is a path of this site, else the console (no open redirect).

    Browsers read ``/\host`` as ``//host`` and drop tabs and newlines from an address, so a
    backslash or any control character or space refuses the target too.

    >>> _local("/console/1?tab=log"), _local("//evil.example"), _local("/\\evil.example")
    ('/console/1?tab=log', '/console', '/console')
    """
    parts = urlsplit(target)
    is_path = (
        target.startswith("/")
        and not target.startswith("//")
        and not parts.scheme
        and not parts.netloc
        and "\\" not in target
        and not any(ord(char) <= 32 or ord(char) == 127 for char in target)
    )
    return target if is_path else "/console"
