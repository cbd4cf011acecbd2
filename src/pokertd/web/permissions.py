"""Who may use what: every route, every console command and every table socket's message, in
tables, enforced in one place.

``guard`` is a dependency of the whole app (``create_app``): before any route or socket runs, it
finds who calls (``caller_of``: the director, a staff member, a dealer's pass or a visitor) and
refuses what ``ROUTES`` does not allow him: a visitor is asked to log in (401; a socket is closed
with 4401), a logged-in caller is told his role does not allow it (403 ``not-allowed``; a socket
4403). A route missing from ``ROUTES`` is the director's only: a new route is never opened by
mistake (and ``tests/web/test_roles.py`` fails until it is declared).

Two routes carry many commands: the console's ``/console/{id}/do/{action}`` and the API's
``/api/tournaments/{id}/commands``. Their commands are checked where every tournament command
enters the service (``TournamentService(caller=...)``, ``command_caller``) against ``COMMANDS``,
by the command's class, so that the console, the API and the table app agree. The dealer's page
``/table/{id}/{n}/do/{action}`` changes a table, not the tournament: ``TABLE_ACTIONS``.

A dealer's pass opens one table of one event (``DEALER`` in a rule means the dealer of the
route's table); a revoked pass is refused from its next request, and its open sockets are closed
at once (``close_pass``).

With no staff account (a lone director), the director's password opens everything, as before.
"""

from __future__ import annotations

import contextlib
import weakref
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Final

from fastapi import HTTPException, WebSocket, WebSocketException
from starlette.requests import HTTPConnection

from pokertd.messages import Message, message
from pokertd.service.tournaments import PREFIX
from pokertd.tournament import commands as cmd
from pokertd.web.auth import NotAllowedError
from pokertd.web.staff import DealerPass, Role, StaffBook

D, F, C, T = Role.DIRECTOR, Role.FLOOR, Role.CASHIER, Role.DEALER

Allowed = frozenset[Role]
#: Anyone, logged in or not (the public pages, the login, a seat link's token).
ANYONE: Final[Allowed] = frozenset()
DIRECTOR: Final[Allowed] = frozenset({D})

#: Every route: ``"METHOD path"`` (``WS`` for a socket) -> the roles allowed (``ANYONE``: all).
ROUTES: dict[str, Allowed] = {
    # the public pages, the login, the displays, the player's seat link, the floor assistant
    "GET /": ANYONE,
    "GET /login": ANYONE,
    "POST /login": ANYONE,
    "POST /logout": ANYONE,
    "GET /dealer/{token}": ANYONE,
    "GET /display/{tournament}/clock": ANYONE,
    "GET /display/{tournament}/seating": ANYONE,
    "GET /display/logo/{digest}": ANYONE,
    "GET /lobby": ANYONE,
    "GET /me/{tournament}/{entry}": ANYONE,
    "GET /me/{tournament}/{entry}/part": ANYONE,
    "GET /me/{tournament}/{entry}/qr.svg": ANYONE,
    "GET /lookup": ANYONE,
    "GET /lookup/{tournament}": ANYONE,
    "WS /ws/tournaments/{tournament}": ANYONE,
    "GET /floor": ANYONE,
    "POST /floor": ANYONE,
    "GET /floor/form": ANYONE,
    "GET /floor/ruling": ANYONE,
    "POST /floor/ruling": ANYONE,
    "GET /play/{token}": ANYONE,
    "GET /play/{token}/part": ANYONE,
    "POST /play/{token}/act": ANYONE,
    "WS /ws/play/{token}": ANYONE,
    "GET /api/docs": ANYONE,
    "GET /healthz": ANYONE,
    "POST /api/login": ANYONE,
    "GET /api/tournaments": ANYONE,
    "GET /api/tournaments/{tournament}": ANYONE,
    "GET /api/tournaments/{tournament}/entries": ANYONE,
    "GET /api/tournaments/{tournament}/tables": ANYONE,
    "GET /api/tournaments/{tournament}/standings": ANYONE,
    "GET /api/tournaments/{tournament}/display": ANYONE,
    "GET /api/tournaments/{tournament}/tables/{table}/view": ANYONE,
    "GET /api/floor/kinds": ANYONE,
    "POST /api/floor/rulings": ANYONE,
    "GET /api/articles/{reference:path}": ANYONE,
    "GET /api/play/{token}": ANYONE,
    "POST /api/play/{token}/actions": ANYONE,
    # the director's own
    "GET /password": DIRECTOR,
    "POST /password": DIRECTOR,
    "GET /staff": DIRECTOR,
    "POST /staff/add": DIRECTOR,
    "POST /staff/{name}/password": DIRECTOR,
    "POST /staff/{name}/remove": DIRECTOR,
    "POST /staff/passes": DIRECTOR,
    "POST /staff/passes/{pass_id}/revoke": DIRECTOR,
    "POST /console/create": DIRECTOR,
    "POST /api/tournaments": DIRECTOR,
    "POST /console/{tournament}/archive": DIRECTOR,
    "GET /console/{tournament}/log/undo/{number}": DIRECTOR,
    "POST /console/{tournament}/payouts": frozenset({D, C}),
    "POST /console/{tournament}/deal/preview": frozenset({D, C}),
    # the console: its pages for the staff; its commands by ``COMMANDS``
    "GET /console": frozenset({D, F, C}),
    "GET /console/{tournament}": frozenset({D, F, C}),
    "POST /console/{tournament}/do/{action}": frozenset({D, F, C}),
    "POST /api/tournaments/{tournament}/commands": frozenset({D, F, C}),
    "GET /api/tournaments/{tournament}/log": frozenset({D, F, C}),
    "GET /console/{tournament}/print/{sheet}": frozenset({D, F, C}),
    "POST /console/{tournament}/import": frozenset({D, C}),
    "GET /console/{tournament}/export/{what}.csv": frozenset({D, C}),
    "POST /console/{tournament}/bag": DIRECTOR,  # the end of the day (DAY-END)
    "GET /console/{tournament}/moves/slips": frozenset({D, F}),
    # the clock's layout (cells, colours, logo, sponsor, warnings): the director's
    "GET /console/{tournament}/screens": DIRECTOR,
    "POST /console/{tournament}/screens": DIRECTOR,
    "POST /console/{tournament}/screens/logo": DIRECTOR,
    # a table: the dealer of that table, the floor and the director
    "GET /table/{tournament}/{table}": frozenset({D, F, T}),
    "GET /table/{tournament}/{table}/part": frozenset({D, F, T}),
    "POST /table/{tournament}/{table}/do/{action}": frozenset({D, F, T}),
    "GET /table/{tournament}/{table}/hands/{hand:int}.phh": frozenset({D, F, T}),
    "GET /table/{tournament}/{table}/hands.phhs": frozenset({D, F, T}),
    "WS /ws/tables/{tournament}/{table}": frozenset({D, F, T}),
    "POST /api/tournaments/{tournament}/tables/{table}/hands": frozenset({D, F, T}),
    "POST /api/tournaments/{tournament}/tables/{table}/actions": frozenset({D, F, T}),
    "POST /api/tournaments/{tournament}/tables/{table}/chips": frozenset({D, F, T}),
    "POST /api/tournaments/{tournament}/tables/{table}/cards": frozenset({D, F, T}),
    "POST /api/tournaments/{tournament}/tables/{table}/bots": frozenset({D, F}),
    "POST /api/tournaments/{tournament}/tables/{table}/links": frozenset({D, F}),
    # a penalty shown as the book sets it before it is given (PEN-LADDER)
    "POST /console/{tournament}/penalty/preview": frozenset({D, F}),
    # the structure planner: simulated runs of the event's structure, nothing recorded
    "POST /console/{tournament}/structure/plan": frozenset({D, F}),
    # the player register: personal data, the director's; the desk's picks for the cashier too
    "GET /people": DIRECTOR,
    "POST /people": DIRECTOR,
    "POST /people/settings": DIRECTOR,
    "GET /people/{person}": DIRECTOR,
    "POST /people/{person}": DIRECTOR,
    "POST /people/{person}/merge": DIRECTOR,
    "POST /people/{person}/erase": DIRECTOR,
    "GET /people/{person}/export": DIRECTOR,
    "GET /people/pick": frozenset({D, C}),
    "POST /people/quick": frozenset({D, C}),
    # pre-registration and the door: the cashier checks in, the director opens and releases
    "GET /checkin/{tournament}": frozenset({D, C}),
    "GET /checkin/{tournament}/list": frozenset({D, C}),
    "GET /checkin/{tournament}/code/{token}": frozenset({D, C}),
    "POST /checkin/{tournament}/signup": frozenset({D, C}),
    "POST /checkin/{tournament}/withdraw": frozenset({D, C}),
    "POST /checkin/{tournament}/arrive": frozenset({D, C}),
    "POST /checkin/{tournament}/settings": DIRECTOR,
    "POST /checkin/{tournament}/release": DIRECTOR,
    "GET /public/signup/{tournament}": ANYONE,
    "POST /public/signup/{tournament}": ANYONE,
    # leagues: the director's seasons; their public pages (standings, results, exports)
    "GET /leagues": DIRECTOR,
    # starting flights and their day 2 (FLIGHT-MERGE): the director's
    "GET /flights": DIRECTOR,
    # the desk takes a satellite ticket for a buy-in (SAT-TICKET): the cashier's
    "POST /console/{tournament}/ticket": frozenset({D, C}),
    "POST /flights/create": DIRECTOR,
    "POST /flights/merge": DIRECTOR,
    "POST /leagues/create": DIRECTOR,
    "GET /leagues/{league}": DIRECTOR,
    "POST /leagues/{league}/attach": DIRECTOR,
    "POST /leagues/{league}/formula": DIRECTOR,
    "POST /leagues/{league}/remove": DIRECTOR,
    "POST /leagues/{league}/undo": DIRECTOR,
    "POST /leagues/{league}/publish": DIRECTOR,
    "POST /leagues/{league}/schedule": DIRECTOR,  # a series' schedule (issue 22)
    "GET /public/leagues/{league}": ANYONE,
    "GET /public/leagues/{league}/embed.js": ANYONE,
    "GET /public/leagues/{league}/events/{number}": ANYONE,
    "GET /public/leagues/{league}/standings.csv": ANYONE,
    "GET /public/leagues/{league}/standings.pdf": ANYONE,
}

#: The dealer's page's forms (``/table/{id}/{n}/do/{action}``) -> the roles allowed; bots and
#: seat links (online play) are the floor's.
TABLE_ACTIONS: dict[str, Allowed] = {
    "start": frozenset({D, F, T}),
    "act": frozenset({D, F, T}),
    "chips": frozenset({D, F, T}),
    "hole": frozenset({D, F, T}),
    "board": frozenset({D, F, T}),
    "show": frozenset({D, F, T}),
    "bot": frozenset({D, F}),
    "links": frozenset({D, F}),
    "revoke": frozenset({D, F}),
}

#: The messages each socket takes -> the roles allowed to send them (the socket's route says
#: who may open it; a message is checked again, so a pass revoked meanwhile sends nothing).
#: ``*`` is any other message: ignored by a display, a refresh to a table's socket, an action
#: (``{"act": "call"}``) to a player's.
SOCKET_MESSAGES: dict[str, dict[str, Allowed]] = {
    "/ws/tournaments/{tournament}": {"refresh": ANYONE, "*": ANYONE},
    "/ws/tables/{tournament}/{table}": {
        "ping": frozenset({D, F, T}),
        "refresh": frozenset({D, F, T}),
        "expire": frozenset({D, F, T}),
        "*": frozenset({D, F, T}),
    },
    "/ws/play/{token}": {"ping": ANYONE, "refresh": ANYONE, "expire": ANYONE, "*": ANYONE},
}

_REGISTRATION, _MONEY = frozenset({D, C}), frozenset({D, C})
_FLOOR = frozenset({D, F})
#: Tournament commands -> the roles that may give them. A command missing here is the
#: director's only. The dealer gives those his table gives when a hand ends (through the
#: table app, which no route of the console opens to him).
COMMANDS: dict[type[object], Allowed] = {
    cmd.CreateTournament: DIRECTOR,
    cmd.ArchiveTournament: DIRECTOR,
    # registration and money: the cashier
    cmd.Register: _REGISTRATION,
    cmd.PayBuyIn: _MONEY,
    cmd.Withdraw: _REGISTRATION,
    cmd.CheckIn: _REGISTRATION,
    cmd.SeatAlternate: _REGISTRATION,
    cmd.ReEnter: _REGISTRATION,
    cmd.Rebuy: _MONEY,
    cmd.AddOn: _MONEY,
    cmd.SetPayouts: _MONEY,
    cmd.MakeDeal: DIRECTOR,
    # the room: the floor
    cmd.DrawSeats: _FLOOR,
    cmd.StartClock: _FLOOR,
    cmd.PauseClock: _FLOOR,
    cmd.ResumeClock: _FLOOR,
    cmd.AdjustClock: _FLOOR,
    cmd.SkipLevel: _FLOOR,
    cmd.GoBackLevel: _FLOOR,
    cmd.Arrive: _FLOOR,
    cmd.GoAway: _FLOOR,
    cmd.Quit: _FLOOR,
    cmd.Disqualify: _FLOOR,
    cmd.Penalize: _FLOOR,
    cmd.SetBreakOrder: _FLOOR,
    cmd.ProposeMoves: _FLOOR,
    cmd.Move: _FLOOR,
    cmd.ConfirmMoves: _FLOOR,
    cmd.CloseLateArrivals: _FLOOR,
    cmd.SetButton: _FLOOR,
    cmd.StartHandForHand: _FLOOR,
    cmd.EndHandForHand: _FLOOR,
    cmd.DealHandForHand: frozenset({D, F, T}),
    cmd.AnnounceLastHands: _FLOOR,
    cmd.ReportStack: _FLOOR,
    cmd.ReportStacks: _FLOOR,
    cmd.RunChipRace: _FLOOR,
    cmd.FindChips: _FLOOR,
    cmd.SetDisplayMessage: _FLOOR,
    cmd.SetTimeBank: DIRECTOR,  # CLK-TIMEBANK: the director's setting per event
    cmd.ChangeLevel: DIRECTOR,  # the structure is the director's (EVENT-STRUCTURE)
    # bounties and satellite tickets (BOUNTY-MYSTERY, SAT-TICKET): money, the cashier's
    cmd.SealEnvelopes: DIRECTOR,
    cmd.IssueTickets: _MONEY,
    cmd.TransferTicket: _MONEY,
    cmd.RefundTicket: _MONEY,
    cmd.UseTicket: _MONEY,
    cmd.ReturnTicket: _MONEY,
    # starting flights merged into a day 2 (FLIGHT-MERGE): the director's
    cmd.CarryFlight: DIRECTOR,
    cmd.MergeFlights: DIRECTOR,
    cmd.EndDay: DIRECTOR,
    cmd.StartDay: DIRECTOR,
    # a hand played at a table: the dealer too
    cmd.StartHand: frozenset({D, F, T}),
    cmd.FinishHand: frozenset({D, F, T}),
    cmd.BustPlayers: frozenset({D, F, T}),
    # correcting the log: the director
    cmd.Undo: DIRECTOR,
    cmd.UndoBackTo: DIRECTOR,
}

#: Every console action (``/console/{id}/do/{action}``) -> the command it gives: the action is
#: allowed to the roles ``COMMANDS`` gives that command, and the console shows each caller only
#: the buttons of the actions his role may use (``may_act``).
ACTION_COMMANDS: dict[str, type[object]] = {
    "check-in": cmd.CheckIn,
    "withdraw": cmd.Withdraw,
    "re-enter": cmd.ReEnter,
    "seat-alternate": cmd.SeatAlternate,
    "rebuy": cmd.Rebuy,
    "add-on": cmd.AddOn,
    "draw": cmd.DrawSeats,
    "clock-start": cmd.StartClock,
    "clock-pause": cmd.PauseClock,
    "clock-resume": cmd.ResumeClock,
    "clock-skip": cmd.SkipLevel,
    "clock-back": cmd.GoBackLevel,
    "clock-adjust": cmd.AdjustClock,
    "bust": cmd.BustPlayers,
    "propose-moves": cmd.ProposeMoves,
    "confirm-moves": cmd.ConfirmMoves,
    "arrive": cmd.Arrive,
    "away": cmd.GoAway,
    "hfh-start": cmd.StartHandForHand,
    "hfh-end": cmd.EndHandForHand,
    "hfh-deal": cmd.DealHandForHand,
    "undo": cmd.Undo,
    "undo-back-to": cmd.UndoBackTo,
    "register": cmd.Register,
    "pay": cmd.PayBuyIn,
    "deal": cmd.MakeDeal,
    "penalty": cmd.Penalize,
    "disqualify": cmd.Disqualify,
    "quit": cmd.Quit,
    "chip-counts": cmd.ReportStacks,
    "display-message": cmd.SetDisplayMessage,
    "time-bank": cmd.SetTimeBank,
    "level-change": cmd.ChangeLevel,
    "close-late-arrivals": cmd.CloseLateArrivals,
}


def may_act(role: Role | None, action: str) -> bool:
    """Whether ``role`` may use the console action ``action`` (its command's ``COMMANDS``; an
    action missing from ``ACTION_COMMANDS`` is the director's only)."""
    kind = ACTION_COMMANDS.get(action)
    allowed = COMMANDS.get(kind, DIRECTOR) if kind is not None else DIRECTOR
    return role is not None and role in allowed


def may_use(role: Role | None, key: str) -> bool:
    """Whether ``role`` may use the route ``key`` (``"POST /console/{tournament}/bag"``:
    ``ROUTES``' rule): a form or link the console shows only to who may use it."""
    allowed = rule_of(key)
    return not allowed or (role is not None and role in allowed)


@dataclass(frozen=True, slots=True)
class Caller:
    """Who sends a request: ``role`` None for a visitor; ``name`` is what the log says."""

    role: Role | None = None
    name: str = ""
    dealer_pass: DealerPass | None = None


VISITOR = Caller()
#: The caller of the request being handled (``guard`` sets it; the service reads it).
CALLER: ContextVar[Caller] = ContextVar("pokertd_caller", default=VISITOR)


def staff_book(connection: HTTPConnection) -> StaffBook:
    """The app's staff book (``create_app`` keeps it)."""
    book = connection.app.state.staff
    assert isinstance(book, StaffBook), "the app's lifespan has not run"
    return book


def caller_of(connection: HTTPConnection) -> Caller:
    """Who the session of ``connection`` is: an account removed, a password set again or a pass
    revoked since the session began is a visitor's."""
    session = connection.scope.get("session") or {}
    if session.get("director"):
        return Caller(D, "director")
    if not ({"staff", "dealer"} & set(session)):
        return VISITOR
    roster = staff_book(connection).roster()
    name = session.get("staff")
    if isinstance(name, str):
        account = roster.account(name)
        if account is not None and account.since == session.get("since"):
            return Caller(account.role, account.name)
        return VISITOR
    found = roster.passes.get(str(session.get("dealer")))
    if found is None:
        return VISITOR
    return Caller(T, f"dealer:{found.table}:{found.id}", found)


def route_key(connection: HTTPConnection) -> str:
    """``"METHOD path"`` of the route that answers ``connection`` (``WS`` for a socket)."""
    route = connection.scope.get("route")
    path = str(getattr(route, "path", connection.url.path))
    if connection.scope["type"] == "websocket":
        return f"WS {path}"
    method = connection.scope.get("method", "GET")
    return f"{'GET' if method == 'HEAD' else method} {path}"


def rule_of(key: str) -> Allowed:
    """The roles ``ROUTES`` allows on the route ``key``; the director only if it is missing."""
    return ROUTES.get(key, DIRECTOR)


def allows(allowed: Allowed, caller: Caller, params: dict[str, str]) -> bool:
    """Whether ``caller`` may use a route that ``allowed`` with ``params`` (its path's)."""
    if not allowed:  # ANYONE
        return True
    if caller.role is None or caller.role not in allowed:
        return False
    return caller.role is not T or _own_table(caller, params)


def _own_table(caller: Caller, params: dict[str, str]) -> bool:
    """Whether the table in the path is the one of the caller's pass."""
    found = caller.dealer_pass
    tournament, table = str(params.get("tournament", "")), str(params.get("table", ""))
    if found is None or not table.isascii() or not table.isdigit():
        return False
    named = tournament if tournament.startswith(PREFIX) else f"{PREFIX}{tournament}"
    return named == found.tournament and int(table) == found.table


#: A refusal per role, so that each says what the caller is, in his language.
_NOT_ALLOWED: dict[Role, Callable[[str], Message]] = {
    D: lambda what: message("the director may not do this: {what}", what=what),
    F: lambda what: message(
        "you are logged in as the floor, who may not do this: {what}. Ask the director",
        what=what,
    ),
    C: lambda what: message(
        "you are logged in as the cashier, who may not do this: {what}. Ask the director",
        what=what,
    ),
    T: lambda what: message(
        "a dealer's pass opens its own table only, not this: {what}", what=what
    ),
}


def refusal(caller: Caller, what: str) -> NotAllowedError:
    """The error telling ``caller`` that his role does not allow ``what``."""
    assert caller.role is not None
    return NotAllowedError(_NOT_ALLOWED[caller.role](what))


async def guard(connection: HTTPConnection) -> None:
    """Refuse what the caller may not use (the app's one dependency, before every route)."""
    caller = caller_of(connection)
    CALLER.set(caller)
    key = route_key(connection)
    params = {name: str(value) for name, value in connection.path_params.items()}
    allowed = allows(rule_of(key), caller, params)
    if allowed and key == "POST /table/{tournament}/{table}/do/{action}":
        allowed = allows(TABLE_ACTIONS.get(params.get("action", ""), DIRECTOR), caller, params)
    is_socket = connection.scope["type"] == "websocket"
    if allowed:
        if isinstance(connection, WebSocket) and caller.dealer_pass is not None:
            sockets = staff_book(connection).sockets
            sockets.setdefault(caller.dealer_pass.id, weakref.WeakSet()).add(connection)
        return
    if caller.role is None:
        if is_socket:
            raise WebSocketException(4401)
        raise HTTPException(401)
    if is_socket:
        raise WebSocketException(4403)
    raise refusal(caller, key.split(" ", 1)[1])


def runs_table(connection: HTTPConnection) -> bool:
    """Whether the caller runs the table of the route's path (sees its every card)."""
    params = {name: str(value) for name, value in connection.path_params.items()}
    return allows(frozenset({D, F, T}), CALLER.get(), params)


def may_send(connection: HTTPConnection, said: str) -> bool:
    """Whether the caller of a socket may send it the message ``said`` now
    (``SOCKET_MESSAGES``)."""
    route = connection.scope.get("route")
    taken = SOCKET_MESSAGES.get(str(getattr(route, "path", "")), {})
    kind = said if said in taken else "*"
    params = {name: str(value) for name, value in connection.path_params.items()}
    return kind in taken and allows(taken[kind], caller_of(connection), params)


async def close_pass(book: StaffBook, pass_id: str) -> None:
    """Close every open socket of a revoked pass (4403), at once."""
    for socket in list(book.sockets.pop(pass_id, ())):
        with contextlib.suppress(RuntimeError):  # closed already
            await socket.close(code=4403)


def command_caller(command: cmd.Command) -> str:
    """Who gives ``command`` (``TournamentService(caller=...)``): the request's caller, who
    must be allowed it by ``COMMANDS``; "" outside a request (the CLI)."""
    caller = CALLER.get()
    if caller.role is None:
        return ""
    if caller.role not in COMMANDS.get(type(command), DIRECTOR):
        raise refusal(caller, _command_name(command))
    return caller.name


def _command_name(command: object) -> str:
    """A command's name as the API and the CLI say it (``BustPlayers``: ``bust-players``)."""
    name = type(command).__name__
    return "".join(f"-{char.lower()}" if char.isupper() else char for char in name).lstrip("-")
