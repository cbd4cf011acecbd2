"""Staff roles (issue 18): every route, every console action, every tournament command and every
socket message, tried by every role against a table of what each may do.

The roles, one letter each: ``V`` a visitor, ``D`` the director, ``F`` the floor, ``C`` the
cashier, ``T`` the dealer's pass of table 1 (the table every path names), ``X`` the dealer's
pass of table 2 (another table). The app's routes are enumerated from its routers: a route added
without a line in ``EXPECTED`` (and in ``permissions.ROUTES``) fails here.
"""

from __future__ import annotations

import datetime
import html
import re
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from fastapi.routing import APIRoute, APIWebSocketRoute
from starlette.websockets import WebSocketDisconnect

from pokertd.tournament import commands as cmd
from pokertd.web import permissions, routes
from pokertd.web.api import tournaments as api_tournaments
from pokertd.web.api.tournaments import COMMANDS as API_COMMANDS
from pokertd.web.auth import TooManyAttemptsError
from pokertd.web.pages import console
from pokertd.web.permissions import CALLER, Caller, command_caller
from pokertd.web.sessions import COOKIE
from pokertd.web.staff import Role
from pokertd.web.throttle import LoginGate

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

PASSWORD = "correct horse battery"  # the director's (tests/web/conftest.py)
STAFF_PASSWORD = "un mot de passe de caisse"
ROLES = "VDFCTX"
PLAYERS = tuple(f"Joueur {n}" for n in range(1, 11))
JSON = {"Accept": "application/json"}

#: Every route -> who may use it. The console's commands are tried with ``clock-pause`` (the
#: floor's, not the cashier's), the API's with ``pause-clock``, the dealer's forms with ``start``.
EXPECTED: dict[str, str] = {
    "GET /": "VDFCTX",
    "GET /login": "VDFCTX",
    "POST /login": "VDFCTX",
    "POST /logout": "VDFCTX",
    "GET /dealer/{token}": "VDFCTX",
    "GET /display/{tournament}/clock": "VDFCTX",
    "GET /display/{tournament}/seating": "VDFCTX",
    "GET /display/logo/{digest}": "VDFCTX",
    "GET /lobby": "VDFCTX",
    "GET /me/{tournament}/{entry}": "VDFCTX",
    "GET /me/{tournament}/{entry}/part": "VDFCTX",
    "GET /me/{tournament}/{entry}/qr.svg": "VDFCTX",
    "GET /lookup": "VDFCTX",
    "GET /lookup/{tournament}": "VDFCTX",
    "WS /ws/tournaments/{tournament}": "VDFCTX",
    "GET /floor": "VDFCTX",
    "POST /floor": "VDFCTX",
    "GET /floor/form": "VDFCTX",
    "GET /floor/ruling": "VDFCTX",
    "POST /floor/ruling": "VDFCTX",
    "GET /play/{token}": "VDFCTX",
    "GET /play/{token}/part": "VDFCTX",
    "POST /play/{token}/act": "VDFCTX",
    "WS /ws/play/{token}": "VDFCTX",
    "GET /healthz": "VDFCTX",
    "POST /api/login": "VDFCTX",
    "GET /api/tournaments": "VDFCTX",
    "GET /api/tournaments/{tournament}": "VDFCTX",
    "GET /api/tournaments/{tournament}/entries": "VDFCTX",
    "GET /api/tournaments/{tournament}/tables": "VDFCTX",
    "GET /api/tournaments/{tournament}/standings": "VDFCTX",
    "GET /api/tournaments/{tournament}/display": "VDFCTX",
    "GET /api/tournaments/{tournament}/tables/{table}/view": "VDFCTX",
    "GET /api/floor/kinds": "VDFCTX",
    "POST /api/floor/rulings": "VDFCTX",
    "GET /api/articles/{reference:path}": "VDFCTX",
    "GET /api/play/{token}": "VDFCTX",
    "POST /api/play/{token}/actions": "VDFCTX",
    "GET /password": "D",
    "POST /password": "D",
    "GET /staff": "D",
    "POST /staff/add": "D",
    "POST /staff/{name}/password": "D",
    "POST /staff/{name}/remove": "D",
    "POST /staff/passes": "D",
    "POST /staff/passes/{pass_id}/revoke": "D",
    "POST /console/create": "D",
    "POST /api/tournaments": "D",
    "POST /console/{tournament}/archive": "D",
    "GET /console/{tournament}/log/undo/{number}": "D",
    "POST /console/{tournament}/payouts": "DC",
    "POST /console/{tournament}/deal/preview": "DC",
    "GET /console": "DFC",
    "GET /console/{tournament}": "DFC",
    "POST /console/{tournament}/do/{action}": "DF",  # clock-pause
    "POST /api/tournaments/{tournament}/commands": "DF",  # pause-clock
    "GET /api/tournaments/{tournament}/log": "DFC",
    "GET /console/{tournament}/print/{sheet}": "DFC",
    "POST /console/{tournament}/import": "DC",
    "GET /console/{tournament}/export/{what}.csv": "DC",
    "POST /console/{tournament}/bag": "D",
    "GET /console/{tournament}/moves/slips": "DF",
    "GET /console/{tournament}/screens": "D",
    "POST /console/{tournament}/screens": "D",
    "POST /console/{tournament}/screens/logo": "D",
    "GET /table/{tournament}/{table}": "DFT",
    "GET /table/{tournament}/{table}/part": "DFT",
    "POST /table/{tournament}/{table}/do/{action}": "DFT",  # start
    "GET /table/{tournament}/{table}/hands/{hand:int}.phh": "DFT",
    "GET /table/{tournament}/{table}/hands.phhs": "DFT",
    "WS /ws/tables/{tournament}/{table}": "DFT",
    "POST /api/tournaments/{tournament}/tables/{table}/hands": "DFT",
    "POST /api/tournaments/{tournament}/tables/{table}/actions": "DFT",
    "POST /api/tournaments/{tournament}/tables/{table}/chips": "DFT",
    "POST /api/tournaments/{tournament}/tables/{table}/cards": "DFT",
    "POST /api/tournaments/{tournament}/tables/{table}/bots": "DF",
    "POST /api/tournaments/{tournament}/tables/{table}/links": "DF",
    "POST /console/{tournament}/penalty/preview": "DF",
    "POST /console/{tournament}/structure/plan": "DF",
    "GET /people": "D",
    "POST /people": "D",
    "POST /people/settings": "D",
    "GET /people/{person}": "D",
    "POST /people/{person}": "D",
    "POST /people/{person}/merge": "D",
    "POST /people/{person}/erase": "D",
    "GET /people/{person}/export": "D",
    "GET /people/pick": "DC",
    "POST /people/quick": "DC",
    "GET /checkin/{tournament}": "DC",
    "GET /checkin/{tournament}/list": "DC",
    "GET /checkin/{tournament}/code/{token}": "DC",
    "POST /checkin/{tournament}/signup": "DC",
    "POST /checkin/{tournament}/withdraw": "DC",
    "POST /checkin/{tournament}/arrive": "DC",
    "POST /checkin/{tournament}/settings": "D",
    "POST /checkin/{tournament}/release": "D",
    "GET /public/signup/{tournament}": "VDFCTX",
    "POST /public/signup/{tournament}": "VDFCTX",
    "GET /leagues": "D",
    "GET /flights": "D",
    "POST /console/{tournament}/ticket": "DC",
    "POST /flights/create": "D",
    "POST /flights/merge": "D",
    "POST /leagues/create": "D",
    "GET /leagues/{league}": "D",
    "POST /leagues/{league}/attach": "D",
    "POST /leagues/{league}/formula": "D",
    "POST /leagues/{league}/remove": "D",
    "POST /leagues/{league}/undo": "D",
    "POST /leagues/{league}/publish": "D",
    "POST /leagues/{league}/schedule": "D",
    "GET /public/leagues/{league}": "VDFCTX",
    "GET /public/leagues/{league}/embed.js": "VDFCTX",
    "GET /public/leagues/{league}/events/{number}": "VDFCTX",
    "GET /public/leagues/{league}/standings.csv": "VDFCTX",
    "GET /public/leagues/{league}/standings.pdf": "VDFCTX",
}

#: Every tournament command -> who may give it (through any route that reaches it).
EXPECTED_COMMANDS: dict[str, str] = {
    "CreateTournament": "D",
    "ArchiveTournament": "D",
    "Register": "DC",
    "PayBuyIn": "DC",
    "Withdraw": "DC",
    "CheckIn": "DC",
    "SeatAlternate": "DC",
    "ReEnter": "DC",
    "Rebuy": "DC",
    "AddOn": "DC",
    "SetPayouts": "DC",
    "MakeDeal": "D",
    "DrawSeats": "DF",
    "StartClock": "DF",
    "PauseClock": "DF",
    "ResumeClock": "DF",
    "AdjustClock": "DF",
    "SkipLevel": "DF",
    "GoBackLevel": "DF",
    "Arrive": "DF",
    "GoAway": "DF",
    "Quit": "DF",
    "Disqualify": "DF",
    "Penalize": "DF",
    "SetBreakOrder": "DF",
    "ProposeMoves": "DF",
    "Move": "DF",
    "ConfirmMoves": "DF",
    "CloseLateArrivals": "DF",
    "SetButton": "DF",
    "StartHandForHand": "DF",
    "EndHandForHand": "DF",
    "DealHandForHand": "DFT",
    "AnnounceLastHands": "DF",
    "ReportStack": "DF",
    "ReportStacks": "DF",
    "RunChipRace": "DF",
    "FindChips": "DF",
    "SetDisplayMessage": "DF",
    "SetTimeBank": "D",
    "ChangeLevel": "D",
    "SealEnvelopes": "D",
    "IssueTickets": "DC",
    "TransferTicket": "DC",
    "RefundTicket": "DC",
    "UseTicket": "DC",
    "ReturnTicket": "DC",
    "CarryFlight": "D",
    "MergeFlights": "D",
    "EndDay": "D",
    "StartDay": "D",
    "StartHand": "DFT",
    "FinishHand": "DFT",
    "BustPlayers": "DFT",
    "Undo": "D",
    "UndoBackTo": "D",
}

#: Every console action -> the command it gives (its permission is the command's).
ACTION_COMMANDS: dict[str, str] = {
    "check-in": "CheckIn",
    "withdraw": "Withdraw",
    "re-enter": "ReEnter",
    "seat-alternate": "SeatAlternate",
    "rebuy": "Rebuy",
    "add-on": "AddOn",
    "draw": "DrawSeats",
    "clock-start": "StartClock",
    "clock-pause": "PauseClock",
    "clock-resume": "ResumeClock",
    "clock-skip": "SkipLevel",
    "clock-back": "GoBackLevel",
    "clock-adjust": "AdjustClock",
    "bust": "BustPlayers",
    "propose-moves": "ProposeMoves",
    "confirm-moves": "ConfirmMoves",
    "arrive": "Arrive",
    "away": "GoAway",
    "hfh-start": "StartHandForHand",
    "hfh-end": "EndHandForHand",
    "undo": "Undo",
    "register": "Register",
    "pay": "PayBuyIn",
    "deal": "MakeDeal",
    "penalty": "Penalize",
    "disqualify": "Disqualify",
    "quit": "Quit",
    "hfh-deal": "DealHandForHand",
    "chip-counts": "ReportStacks",
    "undo-back-to": "UndoBackTo",
    "display-message": "SetDisplayMessage",
    "time-bank": "SetTimeBank",
    "level-change": "ChangeLevel",
    "close-late-arrivals": "CloseLateArrivals",
}

#: The dealer's page's forms -> who may send them.
EXPECTED_TABLE_ACTIONS: dict[str, str] = {
    "start": "DFT",
    "act": "DFT",
    "chips": "DFT",
    "hole": "DFT",
    "board": "DFT",
    "show": "DFT",
    "bot": "DF",
    "links": "DF",
    "revoke": "DF",
}


# -- the room: a director, a floor, a cashier, two dealers' passes -------------------------------


@dataclass
class Session:
    """One role's cookie and CSRF token, swapped into the one test client."""

    cookie: str
    csrf: str


class Room:
    """The test client and every role's session; ``use(role)`` makes the client that role."""

    def __init__(self, client: TestClient, tokens: dict[str, str]) -> None:
        self.client = client
        self.tokens = tokens
        self.sessions: dict[str, Session] = {}
        for role in ROLES:
            self.log_in(role)

    def log_in(self, role: str) -> None:
        """Open a new session for ``role`` (after a logout)."""
        client = self.client
        client.cookies.clear()
        if role in "DFC":
            name = {"D": "", "F": "fabien", "C": "claire"}[role]
            password = PASSWORD if role == "D" else STAFF_PASSWORD
            answer = client.post("/api/login", json={"name": name, "password": password})
            assert answer.status_code == 200, answer.text
            csrf = answer.json()["csrf"]
        else:
            if role in "TX":
                opened = client.get(f"/dealer/{self.tokens[role]}", follow_redirects=False)
                assert opened.status_code == 303, opened.text
            page = client.get("/login")
            found = re.search(r'name="csrf-token" content="([^"]+)"', page.text)
            assert found is not None
            csrf = found[1]
        self.sessions[role] = Session(client.cookies[COOKIE], csrf)

    def use(self, role: str) -> TestClient:
        """The client as ``role``: his cookie and CSRF token."""
        session = self.sessions[role]
        self.client.cookies.clear()
        self.client.cookies.set(COOKIE, session.cookie)
        self.client.headers["X-CSRF-Token"] = session.csrf
        return self.client


def _seat_all(director: TestClient, run: Callable[..., Any], tournament: str) -> None:
    for entry in range(1, len(PLAYERS) + 1):
        run(director, tournament, "arrive", entry=entry)


@pytest.fixture
def room(director: TestClient, new_tournament: Callable[..., str], run: Callable[..., Any]) -> Room:
    """Ten players at two tables of five, the clock running, registration open; a floor
    (``fabien``), a cashier (``claire``) and dealers' passes for tables 1 and 2, made through the
    staff page."""
    tournament = new_tournament(
        director, players=PLAYERS, start=True, table_size=5, late_registration_levels=3
    )
    assert tournament == "tournament-1"
    _seat_all(director, run, tournament)
    csrf = director.headers["X-CSRF-Token"]
    for name, role in (("fabien", "floor"), ("claire", "cashier")):
        added = director.post(
            "/staff/add",
            data={"csrf": csrf, "name": name, "role": role, "password": STAFF_PASSWORD},
            follow_redirects=False,
        )
        assert added.status_code == 303, added.text
    tokens = {}
    for role, table in (("T", 1), ("X", 2)):
        page = director.post(
            "/staff/passes", data={"csrf": csrf, "tournament": tournament, "table": str(table)}
        )
        assert page.status_code == 200, page.text
        assert "<svg" in page.text  # the QR code
        found = re.search(r'href="http://testserver/dealer/([^"]+)"', page.text)
        assert found is not None
        tokens[role] = found[1]
    return Room(director, tokens)


# -- every route ----------------------------------------------------------------------------------


def app_routes() -> set[str]:
    """``METHOD path`` of every route of the app's routers (``WS`` for a socket)."""
    found = set()
    for router in routes.ROUTERS:
        for route in router.routes:
            if isinstance(route, APIWebSocketRoute):
                found.add(f"WS {route.path}")
            elif isinstance(route, APIRoute):
                found |= {f"{method} {route.path}" for method in route.methods}
    return found


def test_every_route_of_the_app_is_declared_in_the_permissions_and_in_this_table() -> None:
    app = app_routes()
    assert sorted(app - set(permissions.ROUTES)) == [], "a route without a permission"
    assert sorted(app - set(EXPECTED)) == [], "a route without its expected allow/deny"
    assert sorted(set(EXPECTED) - app) == []


def test_a_route_missing_from_the_table_is_the_directors_only() -> None:
    assert permissions.rule_of("GET /a/route/nobody/declared") == frozenset({Role.DIRECTOR})


PARAMS = {
    "tournament": "1",
    "table": "1",
    "action": "clock-pause",
    "token": "not-a-token",
    "hand:int": "1",
    "what": "results",
    "sheet": "tickets",
    "number": "2",
    "entry": "1",
    "name": "nobody",
    "pass_id": "nope",
    "reference:path": "TDA-1",
    "league": "no-such-league",
    "person": "no-such-person",
    "digest": "0" * 64,
}
BODIES: dict[str, dict[str, Any]] = {
    "POST /api/tournaments/{tournament}/commands": {"command": "pause-clock"},
    "POST /api/tournaments/{tournament}/tables/{table}/hands": {"mode": "dealer"},
    "POST /password": {"current": PASSWORD, "new": "short", "again": "short"},
    "POST /console/{tournament}/archive": {"archived": "0"},
}


def _path(key: str) -> str:
    path = key.split(" ", 1)[1]
    if path.startswith("/table/"):
        PARAMS["action"] = "start"
    elif path.startswith("/console/"):
        PARAMS["action"] = "clock-pause"
    return re.sub(r"\{([^}]+)\}", lambda m: PARAMS[m[1]], path)


def refused(answer: Any) -> bool:
    """Whether the guard refused: a 401 asking for the login, or a 403 ``not-allowed``."""
    if answer.status_code not in (401, 403):
        return False
    try:
        kind = answer.json()["error"]["kind"]
    except ValueError:
        return False  # a page of its own (the login form's wrong password): the route ran
    return kind in ("login-required", "not-allowed")


def try_route(room: Room, role: str, key: str) -> bool:
    """Whether ``role`` may use the HTTP route ``key`` (the guard let the request through)."""
    client = room.use(role)
    method, path = key.split(" ", 1)[0], _path(key)
    body = BODIES.get(key, {})
    if method == "GET":
        answer = client.get(path, headers=JSON, follow_redirects=False)
    elif path.startswith("/api/"):
        answer = client.post(path, json=body, headers=JSON, follow_redirects=False)
    elif key == "POST /login":  # no CSRF token: refused after the guard, no failure counted
        answer = client.post(path, data={"password": ""}, headers=JSON, follow_redirects=False)
    else:
        data = {"csrf": room.sessions[role].csrf, **body}
        answer = client.post(path, data=data, headers=JSON, follow_redirects=False)
    if key == "POST /logout":
        room.log_in(role)
    assert answer.status_code < 500, (role, key, answer.text)
    return not refused(answer)


def try_socket(room: Room, role: str, key: str) -> bool:
    """Whether ``role`` may open the socket ``key`` (not closed 4401 or 4403 at once)."""
    client = room.use(role)
    try:
        with client.websocket_connect(_path(key)) as socket:
            socket.receive()
    except WebSocketDisconnect as closed:
        return closed.code not in (4401, 4403)
    return True


@pytest.mark.parametrize("role", ROLES)
def test_every_route_allows_exactly_the_roles_of_the_table(room: Room, role: str) -> None:
    wrong = []
    for key in sorted(EXPECTED):
        trying = try_socket if key.startswith("WS ") else try_route
        if trying(room, role, key) != (role in EXPECTED[key]):
            wrong.append(key)
    assert wrong == [], f"{role}: {wrong}"


# -- every console action, every command, every dealer's form --------------------------------------


def test_every_console_action_and_command_has_its_expected_roles() -> None:
    assert sorted(console._COMMANDS) == sorted(ACTION_COMMANDS)
    given = {action: kind.__name__ for action, kind in permissions.ACTION_COMMANDS.items()}
    assert given == ACTION_COMMANDS  # the console's buttons are shown by these (may_act)
    # UseTicket is given by the service when a target event's buy-in is paid by a ticket;
    # CarryFlight and MergeFlights when the director merges flights (the Flights page)
    extra = {"CreateTournament", "Move", "UseTicket", "CarryFlight", "MergeFlights"}
    extra |= {"ReturnTicket"}  # given by the service when a buy-in paid by ticket is refunded
    kinds = {kind.__name__ for kind in API_COMMANDS.values()} | extra
    assert sorted(kinds) == sorted(EXPECTED_COMMANDS)
    assert sorted(kind.__name__ for kind in permissions.COMMANDS) == sorted(EXPECTED_COMMANDS)
    assert sorted(permissions.TABLE_ACTIONS) == sorted(EXPECTED_TABLE_ACTIONS)


@pytest.mark.parametrize("kind", sorted(EXPECTED_COMMANDS))
def test_every_command_is_given_by_exactly_the_roles_of_the_table(kind: str) -> None:
    command_class = getattr(cmd, kind)
    command = object.__new__(command_class)  # command_caller reads the class only
    for letter, role in (("D", Role.DIRECTOR), ("F", Role.FLOOR), ("C", Role.CASHIER),
                         ("T", Role.DEALER)):  # fmt: skip
        CALLER.set(Caller(role, f"someone-{letter}"))
        try:
            given = command_caller(command) == f"someone-{letter}"
        except permissions.NotAllowedError:
            given = False
        assert given == (letter in EXPECTED_COMMANDS[kind]), (kind, letter)
    CALLER.set(permissions.VISITOR)
    assert command_caller(command) == ""  # outside a request (the CLI): nobody named


FORM = {
    "entry": "1",
    "entries": "1",
    "seconds": "60",
    "cmd": "2",
    "homonym": "1",
    "reason": "test",
    "kind": "warning",
    "method": "icm",
    "level": "9",
    "small_blind": "1000",
    "big_blind": "2000",
    "ante": "200",
    "minutes": "20",
}


@pytest.mark.parametrize("role", ROLES)
def test_every_console_action_allows_exactly_the_roles_of_its_command(
    room: Room, role: str
) -> None:
    wrong = []
    for action, kind in sorted(ACTION_COMMANDS.items()):
        client = room.use(role)
        data = {"csrf": room.sessions[role].csrf, "player": f"Zoé {role} {action}", **FORM}
        answer = client.post(
            f"/console/1/do/{action}", data=data, headers=JSON, follow_redirects=False
        )
        assert answer.status_code < 500, (role, action, answer.text)
        expected = role in EXPECTED_COMMANDS[kind] and role in "DFC"  # the console's pages
        if refused(answer) == expected:
            wrong.append((action, answer.status_code, answer.text[:200]))
    assert wrong == [], f"{role}: {wrong}"


@pytest.mark.parametrize("role", ROLES)
def test_every_dealer_form_allows_exactly_the_roles_of_the_table(room: Room, role: str) -> None:
    wrong = []
    for action, allowed in sorted(EXPECTED_TABLE_ACTIONS.items()):
        client = room.use(role)
        answer = client.post(
            f"/table/1/1/do/{action}",
            data={"csrf": room.sessions[role].csrf, "seat": "1"},
            headers=JSON,
            follow_redirects=False,
        )
        assert answer.status_code < 500, (role, action, answer.text)
        if refused(answer) == (role in allowed):
            wrong.append(action)
    assert wrong == [], f"{role}: {wrong}"


# -- every socket message -------------------------------------------------------------------------


def _answered(socket: Any, said: str) -> int | None:
    """Send ``said``, then ``ping``: None when the pong came, else the code the socket was
    closed with."""
    socket.send_text(said)
    socket.send_text("ping")
    try:
        while socket.receive_json().get("kind") != "pong":
            pass
    except WebSocketDisconnect as closed:
        return int(closed.code)
    return None


@pytest.mark.parametrize("role", ROLES)
def test_every_message_of_the_table_socket_allows_exactly_its_roles(room: Room, role: str) -> None:
    taken = permissions.SOCKET_MESSAGES["/ws/tables/{tournament}/{table}"]
    assert sorted(taken) == ["*", "expire", "ping", "refresh"]  # "*": any other (a refresh)
    for said in sorted(taken):
        client = room.use(role)
        code: int | None = None
        try:
            with client.websocket_connect("/ws/tables/1/1") as socket:
                socket.receive_json()  # the view
                code = _answered(socket, said)
        except WebSocketDisconnect as closed:
            code = closed.code
        assert (code is None) == (role in "DFT"), (role, said, code)
        assert code in (None, 4401, 4403)


@pytest.mark.parametrize("role", ROLES)
def test_the_display_and_seat_link_sockets_take_every_message_from_anyone(
    room: Room, role: str
) -> None:
    links = room.use("D").post("/api/tournaments/1/tables/1/links")
    assert links.status_code == 200, links.text
    token = links.json()[0]["token"]
    client = room.use(role)
    with client.websocket_connect("/ws/tournaments/1") as display:
        first = display.receive_json()
        display.send_text("refresh")
        assert display.receive_json() == first  # sent again: nothing changed
    with client.websocket_connect(f"/ws/play/{token}") as player:
        player.receive_json()
        for said in ("refresh", "expire", '{"act": "fold"}'):
            assert _answered(player, said) is None, (role, said)


# -- a dealer's pass: his table only, revoked at once ---------------------------------------------


def test_a_dealer_plays_a_hand_at_his_table_and_the_log_names_him(room: Room) -> None:
    dealer = room.use("T")
    page = dealer.get("/table/1/1")
    assert page.status_code == 200
    assert "Start next hand" in page.text
    csrf = room.sessions["T"].csrf
    started = dealer.post("/table/1/1/do/start", data={"csrf": csrf, "mode": "dealer"})
    assert started.status_code == 200, started.text
    log = room.use("D").get("/api/tournaments/1/log", params={"last": 1}).json()
    assert log["events"][-1]["type"] == "hand-played-live"
    assert log["events"][-1]["by"].startswith("dealer:1:")
    shown = room.use("D").get("/console/1", params={"tab": "log", "lang": "fr"}).text
    assert "par croupier de la table 1" in shown
    other = room.use("X").get("/table/1/1", headers=JSON)
    assert other.status_code == 403
    assert other.json()["error"]["kind"] == "not-allowed"


def test_a_revoked_pass_is_refused_at_once_and_its_socket_closed(room: Room) -> None:
    dealer = room.use("T")
    with dealer.websocket_connect("/ws/tables/1/1") as socket:
        socket.receive_json()
        director = room.use("D")
        page = director.get("/staff")
        (pass_id,) = re.findall(r"/staff/passes/([0-9a-f]+)/revoke", page.text)[:1]
        revoked = director.post(
            f"/staff/passes/{pass_id}/revoke",
            data={"csrf": room.sessions["D"].csrf},
            follow_redirects=False,
        )
        assert revoked.status_code == 303
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()  # nothing else happened: the revocation closed it
        assert closed.value.code == 4403
    again = room.use("T").get("/table/1/1", headers=JSON)
    assert again.status_code == 401
    assert room.client.get(f"/dealer/{room.tokens['T']}", headers=JSON).status_code == 404


def test_the_passes_in_force_are_listed_with_their_table(room: Room) -> None:
    page = room.use("D").get("/staff").text
    assert len(re.findall(r"/staff/passes/[0-9a-f]+/revoke", page)) == 2
    assert page.count("Friday Turbo") >= 2


# -- staff accounts: removed, password set again, names in the log ---------------------------------


def test_a_removed_account_and_a_new_password_end_the_sessions_at_once(room: Room) -> None:
    assert room.use("C").get("/console/1", headers=JSON).status_code == 200
    assert room.use("F").get("/console/1", headers=JSON).status_code == 200
    director, csrf = room.use("D"), room.sessions["D"].csrf
    assert director.post("/staff/claire/remove", data={"csrf": csrf}).status_code == 200
    data = {"csrf": csrf, "password": "un tout nouveau mot de passe"}
    assert director.post("/staff/fabien/password", data=data).status_code == 200
    assert room.use("C").get("/console/1", headers=JSON).status_code == 401
    assert room.use("F").get("/console/1", headers=JSON).status_code == 401
    client = room.client
    client.cookies.clear()
    old = client.post("/api/login", json={"name": "fabien", "password": STAFF_PASSWORD})
    assert old.status_code == 403
    new = client.post(
        "/api/login", json={"name": "fabien", "password": "un tout nouveau mot de passe"}
    )
    assert new.status_code == 200


def test_the_cashier_registers_and_the_log_names_her(room: Room) -> None:
    cashier = room.use("C")
    data = {"csrf": room.sessions["C"].csrf, "player": "Yasmine Nouvelle", "desk": "1"}
    answer = cashier.post("/console/1/do/register", data=data, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    events = room.use("D").get("/api/tournaments/1/log", params={"last": 2}).json()["events"]
    assert [(event["type"], event["by"]) for event in events] == [
        ("player-registered", "claire"),
        ("player-seated", "claire"),  # a late entry: seated by the same command
    ]
    assert events[0]["player"] == "Yasmine Nouvelle"
    log = room.use("D").get("/console/1", params={"tab": "log", "lang": "fr"}).text
    assert "par claire" in log
    assert "par le directeur" in log  # the director's own commands (the set-up's)


def test_the_staff_see_a_register_person_by_his_full_name(room: Room) -> None:
    """The desk's cashier and the floor read full names; a dealer's pass reads the club's
    public choice (first name and initial by default)."""
    director, csrf = room.use("D"), room.sessions["D"].csrf
    data = {"csrf": csrf, "name": "Quichotte", "first_name": "Zébulon"}
    added = director.post("/people", data=data, follow_redirects=False)
    assert added.status_code == 303, added.text
    person = added.headers["location"].rsplit("/", 1)[1]
    registered = {"csrf": csrf, "player": person, "desk": "1"}
    assert director.post("/console/1/do/register", data=registered).status_code < 400
    for role in "DFC":
        desk = room.use(role).get("/console/1", params={"tab": "desk"}).text
        assert "Zébulon Quichotte" in html.unescape(desk), role
        assert person not in desk, role
    entries = room.use("T").get("/api/tournaments/1/entries").text
    assert "Zébulon Q." in entries
    assert "Quichotte" not in entries


def test_a_staff_name_must_be_new_and_the_password_long_enough(room: Room) -> None:
    director, csrf = room.use("D"), room.sessions["D"].csrf
    taken = {"csrf": csrf, "name": "Claire", "role": "cashier", "password": STAFF_PASSWORD}
    answer = director.post("/staff/add", data=taken, headers=JSON)
    assert answer.status_code == 400
    assert "already a staff member named Claire" in answer.json()["error"]["message"]
    short = {"csrf": csrf, "name": "bob", "role": "floor", "password": "court"}
    answer = director.post("/staff/add", data=short, headers=JSON)
    assert answer.status_code == 400
    assert "10 to 1000 characters" in answer.json()["error"]["message"]
    reserved = {"csrf": csrf, "name": "director", "role": "floor", "password": STAFF_PASSWORD}
    assert director.post("/staff/add", data=reserved, headers=JSON).status_code == 400


# -- login attempts -------------------------------------------------------------------------------


def test_a_staff_login_is_rate_limited_like_the_directors(room: Room) -> None:
    client = room.client
    client.cookies.clear()
    for _ in range(5):
        wrong = client.post("/api/login", json={"name": "claire", "password": "pas le bon"})
        assert wrong.status_code == 403
    right = client.post("/api/login", json={"name": "claire", "password": STAFF_PASSWORD})
    assert right.status_code == 429
    assert int(right.headers["Retry-After"]) > 0


def test_thirty_failures_lock_a_staff_account_and_not_the_directors() -> None:
    gate = LoginGate()
    now = datetime.datetime(2026, 11, 26, 20, tzinfo=datetime.UTC)
    for client in range(30):  # 30 addresses guessing one staff member's password
        gate.failed(f"10.0.0.{client}", now, "staff:claire")
    with pytest.raises(TooManyAttemptsError, match="too many wrong passwords"):
        gate.check("10.0.0.99", now, "staff:claire")
    gate.check("10.0.0.99", now)  # the director's account is not locked by it


def test_an_unknown_staff_name_is_a_wrong_password(client: TestClient) -> None:
    answer = client.post("/api/login", json={"name": "personne", "password": PASSWORD})
    assert answer.status_code == 403
    assert answer.json()["error"]["message"] == "wrong password"


def test_without_staff_the_lone_director_logs_in_with_his_password_alone(
    client: TestClient,
) -> None:
    page = client.get("/login")
    csrf = re.search(r'name="csrf-token" content="([^"]+)"', page.text)
    assert csrf is not None
    answer = client.post(
        "/login", data={"csrf": csrf[1], "password": PASSWORD}, follow_redirects=False
    )
    assert answer.status_code == 303
    console_page = client.get("/console")
    assert console_page.status_code == 200
    assert 'href="/staff"' in console_page.text


def test_an_account_removed_while_its_password_was_checked_never_gets_a_directors_session(
    room: Room, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def accepted(*_: Any) -> bool:  # the check passed, then the account was removed
        return True

    monkeypatch.setattr(api_tournaments, "log_in", accepted)
    client = room.client
    client.cookies.clear()
    answer = client.post("/api/login", json={"name": "ghost", "password": STAFF_PASSWORD})
    assert answer.status_code == 403
    assert client.get("/console", headers=JSON).status_code == 401
