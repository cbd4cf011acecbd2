"""The director's staff page (``/staff``): accounts with a role, their passwords, dealers' passes.

The director adds a staff member (a name, a role, a password he gives him), sets a new password
(the member's sessions end) or removes him (they end too). For a dealer he issues a pass for one
table of one event: its link and QR code are shown once, here, for the dealer's tablet to open
(``/dealer/{token}``: the tablet is then the dealer's, on that table only, with no password);
revoking it refuses the tablet's next request and closes its open sockets at once. Who may do
what is ``pokertd.web.permissions``.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import RedirectResponse, Response

from pokertd.errors import NotFoundError, ParseError
from pokertd.messages import message
from pokertd.service.tournaments import PREFIX
from pokertd.web.context import web_of
from pokertd.web.i18n import gettext_for, language
from pokertd.web.permissions import close_pass, staff_book
from pokertd.web.qr import qr_svg, room_base
from pokertd.web.security import csrf_token, form
from pokertd.web.staff import ACCOUNT_ROLES, Role
from pokertd.web.templating import render

router = APIRouter(include_in_schema=False)


def _field(data: Any, name: str) -> str:
    value = data.get(name, "")
    return value.strip() if isinstance(value, str) else ""


def _page(request: Request, status: int = 200, **shown: Any) -> Response:
    """The staff page, with what a form just did (``shown``: a new pass, a message)."""
    csrf_token(request)
    web, roster = web_of(request), staff_book(request).roster()
    titles = {
        tournament: web.service.load(tournament).state.title
        for tournament in web.service.tournaments()
    }
    passes = [
        {
            "id": found.id,
            "table": found.table,
            "tournament": found.tournament,
            "title": titles.get(found.tournament, found.tournament),
            "issued_at": found.issued_at[:16].replace("T", " "),
        }
        for found in roster.passes.values()
    ]
    events = [
        {"id": tournament, "title": title}
        for tournament, title in reversed(titles.items())
        if not web.service.load(tournament).state.archived
    ]
    return render(
        request,
        "staff.html",
        status,
        accounts=sorted(roster.accounts.values(), key=lambda account: account.name.casefold()),
        passes=passes,
        events=events,
        roles=ACCOUNT_ROLES,
        role_names=role_names(request),
        **{"issued": None, "done": "", **shown},
    )


def role_names(request: Request) -> dict[str, str]:
    """What each role is called, in the request's language."""
    _ = gettext_for(language(request)).gettext
    return {
        Role.DIRECTOR: _("Director"),
        Role.FLOOR: _("Floor"),
        Role.CASHIER: _("Cashier"),
        Role.DEALER: _("Dealer"),
    }


@router.get("/staff")
async def staff_page(request: Request) -> Response:
    """The staff accounts and the dealers' passes in force."""
    return _page(request)


@router.post("/staff/add")
async def add(request: Request) -> Response:
    """Add a staff member with a role and a password."""
    data = await form(request)
    web = web_of(request)
    staff_book(request).add(
        _field(data, "name"), _field(data, "role"), str(data.get("password", "")), web.now()
    )
    return RedirectResponse("/staff", 303)


@router.post("/staff/{name}/password")
async def set_password(request: Request, name: str) -> Response:
    """Give a staff member a new password: his sessions end."""
    data = await form(request)
    staff_book(request).set_password(name, str(data.get("password", "")), web_of(request).now())
    return RedirectResponse("/staff", 303)


@router.post("/staff/{name}/remove")
async def remove(request: Request, name: str) -> Response:
    """Remove a staff member: his sessions end."""
    await form(request)
    staff_book(request).remove(name, web_of(request).now())
    return RedirectResponse("/staff", 303)


@router.post("/staff/passes")
async def issue(request: Request) -> Response:
    """Issue a dealer's pass for one table: the page shows its link and QR code, once."""
    data = await form(request)
    web = web_of(request)
    tournament = web.service.resolve(_field(data, "tournament") or None)
    table = _table(web.service.load(tournament).state.tables, _field(data, "table"))
    issued, token = staff_book(request).issue(tournament, table, web.now())
    link = f"{room_base(request)}/dealer/{token}"  # the tablet scans it: the room's address
    return _page(request, issued={"table": issued.table, "link": link, "qr": qr_svg(link)})


def _table(tables: Any, typed: str) -> int:
    """The table number typed, which must be a table of the event."""
    if not (typed.isascii() and typed.isdigit() and len(typed) < 5):
        raise ParseError(message("type the number of the dealer's table"))
    if int(typed) not in tables:
        raise NotFoundError(message("there is no table {table} in this event", table=typed))
    return int(typed)


@router.post("/staff/passes/{pass_id}/revoke")
async def revoke(request: Request, pass_id: str) -> Response:
    """Revoke a dealer's pass: refused from now on, its open sockets closed at once."""
    await form(request)
    book = staff_book(request)
    book.revoke(pass_id, web_of(request).now())
    await close_pass(book, pass_id)
    return RedirectResponse("/staff", 303)


@router.get("/dealer/{token}")
async def dealer_pass(request: Request, token: str) -> Response:
    """Open a dealer's pass on this device: the session becomes the dealer's, on his table."""
    found = staff_book(request).roster().pass_of(token[:100])
    if found is None:
        raise NotFoundError(message("this dealer's pass was revoked, or never issued"))
    request.session.clear()  # a fresh session: no fixation
    request.session["dealer"] = found.id
    csrf_token(request)
    number = found.tournament.removeprefix(PREFIX)
    return RedirectResponse(f"/table/{number}/{found.table}", 303)
