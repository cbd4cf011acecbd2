"""The table app: the dealer's page of a live table, and the player's page of an online table.

Dealer mode, ``/table/{tournament}/{table}`` (the director, the floor, or the dealer's pass of
that table: ``pokertd.web.permissions``): the table as the dealer sees it (every card entered or
dealt), the legal actions of the player to act, the chips a player pushed ruled by the floor,
hole and board cards, "start the next hand" (dealer or online), the PHH of every hand, seat links
and bots for online play. Every change is a form posted with the session's CSRF token to
``.../do/{action}``; HTMX swaps the table in place, a plain post goes back to the page. Live over
``/ws/tables/{tournament}/{table}`` (the same people): each change sends the dealer's view and
the page fetches its table again.

Online mode, ``/play/{token}`` (no login: the seat link's token is the credential): the player's
table, wherever he sits now, with his own cards only, his legal actions and the action clock.
``/ws/play/{token}`` sends only ``view(..., Viewer.seat(his seat))``; when the client's
countdown reaches zero it sends ``expire`` and the server applies the clock's ruling if the
deadline (checked against the server's ``now``) has passed; an action, ``{"act": "raise", "to":
600}``, is applied as ``POST /play/{token}/act`` applies it (a refused one is answered ``{"kind":
"error"}`` with the canonical error body). On both sockets ``refresh`` asks for the view again
and ``ping`` is answered ``{"kind": "pong"}`` after everything sent before. Bot seats act after
every change.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Sequence
from typing import Any

from fastapi import APIRouter, Depends, Request, WebSocket, WebSocketDisconnect
from starlette.datastructures import FormData
from starlette.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response

from pokertd.cards import Card
from pokertd.engine import ActionKind
from pokertd.errors import NotFoundError, ParseError, PokertdError
from pokertd.history import read_phh, write_phhs
from pokertd.messages import message
from pokertd.present.floor import describe, ruling_dict
from pokertd.present.i18n import error_text
from pokertd.present.tournament_input import is_whole
from pokertd.service.tables import TableService
from pokertd.table import TableMode, Viewer
from pokertd.web.auth import AuthError
from pokertd.web.context import Web, web_of
from pokertd.web.errors import error_body, status_of
from pokertd.web.hub import Listener
from pokertd.web.i18n import gettext_for, language
from pokertd.web.permissions import may_send
from pokertd.web.qr import qr_svg, room_base
from pokertd.web.security import csrf_token, director, form
from pokertd.web.templating import render

#: The longest message a table socket reads (an action is a few dozen characters).
MAX_SAID = 4_096

router = APIRouter(include_in_schema=False)
dealer_only = [Depends(director)]

Document = dict[str, Any]


# -- the live tables of the app -------------------------------------------------------------------


def topic(tournament: str, table: int) -> str:
    """Return the hub topic of a table (its stream's name)."""
    return TableService.stream(tournament, table)


async def changed(web: Web, tournament: str, table: int) -> None:
    """After a change at a table: let the bots act, then push to every listener.

    Every change stored at a table marked its topic (``Web`` listens to the table service). A
    finished hand changed the tournament too (stacks, bust-outs): its topic is marked; the
    tournament commands the table service ran have already marked it through the service.
    """
    web.tables.run_bots(tournament, table)
    public = web.tables.view(tournament, table, Viewer.public())
    if public["status"] == "finished":
        web.hub.changed(tournament)
    await web.hub.flush()
    _watch_deadline(web, tournament, table, public.get("deadline"))


def _watch_deadline(web: Web, tournament: str, table: int, deadline: Document | None) -> None:
    """Run the action clock on the server: when the player to act at an online table runs out of
    time, apply the clock's ruling (CLK-EXPIRY: TDA 29, LFP 3.6, BAN/TIME, GM 5°) even if
    nobody's page is open to send ``expire`` — a closed phone must not stop the table. Only a
    deadline still ahead is timed (the check itself is against the server's ``now``), and a new
    change replaces the timer."""
    timers = web.table_timers
    key = topic(tournament, table)
    if (old := timers.pop(key, None)) is not None:
        old.cancel()
    left = None if deadline is None else deadline.get("seconds_left")
    if not isinstance(left, int | float) or left <= 0:
        return
    loop = asyncio.get_running_loop()
    tasks = web.table_tasks

    def fire() -> None:
        timers.pop(key, None)
        task = loop.create_task(expire_due(web, tournament, table))
        tasks.add(task)  # keep a reference until it is done
        task.add_done_callback(tasks.discard)

    timers[key] = loop.call_later(left + 0.05, fire)


async def expire_due(web: Web, tournament: str, table: int) -> None:
    """Apply the clock's ruling at a table whose player to act is out of time, then push."""
    try:
        with web.once(topic(tournament, table)) as mine:  # once across the workers
            ruled = mine and web.tables.expire(tournament, table) is not None
        if ruled:
            await changed(web, tournament, table)
    except PokertdError:
        pass  # the hand moved on meanwhile (an action, a restart): nothing is due


def dealer_view(web: Web, tournament: str, table: int) -> Document:
    """Return the dealer's view of a table."""
    return web.tables.view(tournament, table, Viewer.dealer())


def player_document(web: Web, tournament: str, entry: int) -> Document:
    """Return what the player of a seat link may see: his table's view from his seat, or,
    when he has no seat now, only who he is (``me``: his table and seat, None and None)."""
    name, where, view = web.tables.seat_view(tournament, entry)
    table, seat = (None, None) if where is None else where
    me = {"entry": entry, "name": name, "table": table, "seat": seat}
    return {"tournament": tournament, "me": me, "view": view}


def where_of(document: Document) -> tuple[int, int] | None:
    """Return the table and seat of a player's document (``player_document``), None if he has
    no seat."""
    me = document["me"]
    return None if me["table"] is None else (me["table"], me["seat"])


# -- input ----------------------------------------------------------------------------------------


def field(data: FormData, name: str) -> str:
    """Return a form field's text, stripped ('' when missing)."""
    value = data.get(name, "")
    return value.strip() if isinstance(value, str) else ""


def number(text: str, what: str) -> int:
    """Read a whole number typed in a form."""
    cleaned = text.replace(" ", "").replace("\u202f", "").replace("_", "")
    if not is_whole(cleaned):
        raise ParseError(message("{what}: {text!r} is not a whole number", what=what, text=text))
    return int(cleaned)


def cards_typed(text: str) -> list[str | None]:
    """Read cards typed in one box: ``"AsKd"``, ``"As Kd"``, ``"As,Kd"``; ``??`` for a card unseen.

    >>> cards_typed("As kd ??")
    ['As', 'kd', None]
    """
    cleaned = "".join(text.replace(",", " ").split())
    if len(cleaned) % 2:
        raise ParseError(
            message("cards are two characters each, such as 'As Kd', not {text!r}", text=text)
        )
    pairs = [cleaned[i : i + 2] for i in range(0, len(cleaned), 2)]
    return [None if pair == "??" else pair for pair in pairs]


def chips_typed(text: str) -> list[int]:
    """Read chips pushed: ``"1000,500"`` or ``"1000 500"`` (nothing: no chips).

    >>> chips_typed("1000, 500")
    [1000, 500]
    """
    return [number(part, "chips") for part in text.replace(",", " ").split()]


def _discards_ticked(data: FormData) -> list[str | None]:
    """Return the cards ticked (tapped) in a draw form: ``discard`` once per card."""
    ticked = [value.strip() for value in data.getlist("discard") if isinstance(value, str)]
    return [None if card == "??" else card for card in ticked if card]


def seat_typed(data: FormData) -> int:
    """Read the ``seat`` field."""
    return number(field(data, "seat"), "seat")


def to_typed(kind: ActionKind, text: str) -> int | None:
    """Read the total of a bet or a raise; other actions take none."""
    if kind in (ActionKind.BET, ActionKind.RAISE):
        return number(text, "to")
    return None


#: The words of a draw game's draw, sent as an action: throw away the cards given, or none.
DRAW_WORDS = frozenset({"draw", "pat"})


def discards_given(kind: str, cards: Sequence[str | None]) -> list[Card | None]:
    """Read a draw: ``pat`` throws nothing away (he stands pat), ``draw`` the cards given
    (``"??"`` for a card the dealer did not see).

    >>> discards_given("draw", ["As", "??"]), discards_given("pat", [])
    ([Card.parse('As'), None], [])

    Raises ParseError for a draw with no card (he meant to stand pat, or forgot to choose)
    or more cards than any draw game holds.
    """
    if kind == "pat":
        return []
    if not cards:
        raise ParseError(message("choose the cards to throw away, or stand pat (DRAW-DISCARD)"))
    if len(cards) > MAX_DISCARDS:
        raise ParseError(
            message(
                "a draw throws away at most {limit} cards, not {count} (DRAW-DISCARD)",
                limit=MAX_DISCARDS,
                count=len(cards),
            )
        )
    return cards_given(cards)


#: The most cards a draw game's hand holds (five-card draw, 2-7).
MAX_DISCARDS = 5


def cards_given(cards: Sequence[str | None]) -> list[Card | None]:
    """Read cards given one by one: ``"As"``, or ``None`` / ``"??"`` for a card unseen.

    >>> cards_given(["As", None, "??"])
    [Card.parse('As'), None, None]
    """
    return [None if card is None or card.strip() == "??" else Card.parse(card) for card in cards]


#: The cards each stud street brings a player: two down and one up on third street, one later.
_STUD_STREET_CARDS = {"third": 3, "fourth": 1, "fifth": 1, "sixth": 1, "seventh": 1}


def stud_street_cards(view: Document, cards: list[Card | None]) -> list[Card | None]:
    """Return a stud street's cards as the dealer entered them, the cards he did not type put in
    front as unseen: he deals the down cards face down and types the up card (third street: his
    up card alone stands for two unseen down cards and it). Other games' cards are unchanged.

    >>> view = {"family": "stud", "street": "third"}
    >>> stud_street_cards(view, [Card.parse("Kd")])
    [None, None, Card.parse('Kd')]
    >>> stud_street_cards({**view, "street": "seventh"}, [])
    [None]
    """
    due = _STUD_STREET_CARDS.get(view.get("street") or "", 0) if view.get("family") == "stud" else 0
    unseen: list[Card | None] = [None] * (due - len(cards))
    return [*unseen, *cards]


# -- the dealer's page ----------------------------------------------------------------------------


def _table_id(web: Web, tournament: str, table: int) -> str:
    tournament = web.service.resolve(tournament)
    web.tables.view(tournament, table, Viewer.public())  # NotFoundError for a table with no seats
    return tournament


def quick_totals(view: Document) -> list[dict[str, Any]]:
    """The totals a dealer taps for a bet or a raise: the least, two and three times the bet
    faced (the big blind when none), the pot; each inside the legal range and once, then the
    most (all-in when it is the player's whole stack)."""
    legal = view.get("legal") or {}
    low, high = legal.get("min_raise_to"), legal.get("max_raise_to")
    if low is None or high is None:
        return []
    bets = [seat["bet"] for seat in view["seats"]]
    current = max(bets, default=0)
    facing = current or (view.get("blinds") or [0, 0])[1]
    pot = sum(found["amount"] for found in view["pots"]) + sum(bets) + (legal.get("call") or 0)
    wanted = [("min", low), ("x2", 2 * facing), ("x3", 3 * facing), ("pot", current + pot)]
    quick, seen = [], {high}
    for kind, value in wanted:
        if low <= value < high and value not in seen:
            quick.append({"kind": kind, "value": value})
            seen.add(value)
    actor = next((s for s in view["seats"] if s["seat"] == view.get("to_act")), None)
    # a limit game's most is seldom the whole stack: "Max" then, not "All-in"
    whole = actor is not None and high == actor["bet"] + actor["stack"]
    return [*quick, {"kind": "all-in" if whole else "max", "value": high}]


#: The chips a dealer taps on the chips-pushed pad (those at most the stack are shown).
CHIPS = (25, 100, 500, 1_000, 5_000, 25_000)


def chips_quick(view: Document) -> list[dict[str, Any]]:
    """The chips pad's quick keys for the player to act: the usual chips he could hold, then
    all-in (his whole stack pushed)."""
    seat = next((s for s in view["seats"] if s["seat"] == view.get("to_act")), None)
    if seat is None:
        return []
    small = (view.get("blinds") or [0, 0])[0]
    kept = [{"kind": "chip", "value": chip} for chip in CHIPS if small <= chip <= seat["stack"]]
    return [*kept, {"kind": "all-in", "value": seat["stack"]}]


def taken_cards(view: Document) -> list[str]:
    """The cards the dealer's view knows (board and hole cards): greyed out on the grid."""
    held = [card for seat in view["seats"] for card in seat.get("cards") or ()]
    return [card for card in (*view["board"], *held) if card]


def _dealer_context(request: Request, tournament: str, table: int, **extra: Any) -> dict[str, Any]:
    web = web_of(request)
    state = web.service.load(tournament).state
    view = dealer_view(web, tournament, table)
    hands = web.tables.finished_hands(tournament, table)
    return {
        "id": tournament,
        "table": table,
        "title": state.title,
        "profile": state.profile.id,
        "view": view,
        "names": {seat["seat"]: seat["name"] for seat in view["seats"]},
        "quick": quick_totals(view),
        "chips_quick": chips_quick(view),
        "taken": taken_cards(view),
        "hand_seats": [seat for seat, _ in web.tables.hand_players(tournament, table)],
        "hands": sorted(hands),
        "phh": web.tables.current_phh(tournament, table),
        "links": extra.pop("links", None),
        "ruling": extra.pop("ruling", None),
        "revoked": extra.pop("revoked", None),
        **extra,
    }


@router.get("/table/{tournament}/{table}", dependencies=dealer_only)
async def dealer_page(request: Request, tournament: str, table: int) -> Response:
    """The dealer's page of a table."""
    csrf_token(request)
    web = web_of(request)
    tournament = _table_id(web, tournament, table)
    return render(request, "table/dealer.html", **_dealer_context(request, tournament, table))


@router.get("/table/{tournament}/{table}/part", dependencies=dealer_only)
async def dealer_part(request: Request, tournament: str, table: int) -> Response:
    """The table part of the dealer's page (fetched again after every change)."""
    web = web_of(request)
    tournament = _table_id(web, tournament, table)
    return render(request, "table/_dealer.html", **_dealer_context(request, tournament, table))


def hand_players(tables: TableService, lang: str, tournament: str, table: int) -> dict[int, str]:
    """Each player of the hand by his number in a ruling (1: the small blind) -> "Alice (seat
    1)": a ruling at a table names seats and players, never the hand's counting."""
    _ = gettext_for(lang).gettext
    return {
        number: _("{name} (seat {seat})").format(name=name, seat=seat)
        for number, (seat, name) in enumerate(tables.hand_players(tournament, table), start=1)
    }


def _seat_links(
    tables: TableService, tournament: str, table: int, base: str
) -> list[dict[str, Any]]:
    """A new seat link for each player of the table, its address on the room's network and its
    QR code: the links given before are cut off (``SeatLinks``: the last one is the valid one)."""
    links = []
    for seat in tables.view(tournament, table, Viewer.public())["seats"]:
        address = f"{base}/play/{tables.seat_link(tournament, seat['entry'])}"
        links.append(
            {"seat": seat["seat"], "name": seat["name"], "address": address, "qr": qr_svg(address)}
        )
    return links


async def _do(
    web: Web, lang: str, tournament: str, table: int, action: str, data: FormData, base: str = ""
) -> dict[str, Any]:
    """Carry out one form of the dealer's page; return what to show besides the table."""
    tables = web.tables
    shown: dict[str, Any] = {}
    if action == "start":
        mode = TableMode.parse(field(data, "mode") or TableMode.DEALER)
        tables.start_hand(tournament, table, mode=mode)
    elif action == "act" and field(data, "kind") in DRAW_WORDS:
        discards = discards_given(field(data, "kind"), _discards_ticked(data))
        tables.draw(tournament, table, seat_typed(data), discards)
    elif action == "act":
        seat, kind = seat_typed(data), ActionKind.parse(field(data, "kind"))
        tables.act(tournament, table, seat, kind, to_typed(kind, field(data, "to")))
    elif action == "chips":
        ruling = tables.chips_pushed(
            tournament,
            table,
            seat_typed(data),
            chips_typed(field(data, "chips")),
            field(data, "said") or None,
        )
        players = hand_players(tables, lang, tournament, table)
        shown["ruling"] = {
            **ruling_dict(ruling, lang, players),
            "decision": None if ruling.decision is None else describe(ruling.decision, lang),
            "is_applied": ruling.decision is not None and not ruling.td_decides,
        }
    elif action == "hole":
        cards = cards_given(cards_typed(field(data, "cards")))
        cards = stud_street_cards(dealer_view(web, tournament, table), cards)
        tables.deal_hole(tournament, table, seat_typed(data), cards)
    elif action == "board":
        tables.deal_board(tournament, table, cards_given(cards_typed(field(data, "cards"))))
    elif action == "show":
        typed = cards_typed(field(data, "cards"))
        given = cards_given(typed) if typed else None  # none: the cards entered
        tables.show(tournament, table, seat_typed(data), given)
    elif action == "bot":
        tables.set_bot(tournament, table, seat_typed(data), field(data, "on") == "1")
    elif action == "links":
        shown["links"] = _seat_links(tables, tournament, table, base)
    elif action == "revoke":
        seat = seat_typed(data)
        sitting = {s["seat"]: s for s in tables.view(tournament, table, Viewer.public())["seats"]}
        if seat not in sitting:
            raise NotFoundError(message("nobody sits in seat {seat}", seat=seat))
        tables.seat_link(tournament, sitting[seat]["entry"])  # a new one, shown to nobody
        shown["revoked"] = {"seat": seat, "name": sitting[seat]["name"]}
    else:
        raise ParseError(message("unknown action {action!r}", action=action))
    await changed(web, tournament, table)
    return shown


@router.post("/table/{tournament}/{table}/do/{action}", dependencies=dealer_only)
async def dealer_do(request: Request, tournament: str, table: int, action: str) -> Response:
    """Run one form of the dealer's page; answer the table (HTMX) or the page."""
    data = await form(request)
    web = web_of(request)
    tournament = _table_id(web, tournament, table)
    lang, base = language(request), room_base(request)
    shown = await _do(web, lang, tournament, table, action, data, base)
    context = _dealer_context(request, tournament, table, **shown)
    if request.headers.get("hx-request"):
        return render(request, "table/_dealer.html", **context)
    if shown:  # a ruling or links to show once: the page itself
        return render(request, "table/dealer.html", **context)
    return RedirectResponse(f"/table/{tournament}/{table}", 303)


@router.get("/table/{tournament}/{table}/hands/{hand:int}.phh", dependencies=dealer_only)
async def hand_phh(request: Request, tournament: str, table: int, hand: int) -> Response:
    """One finished hand as PHH (every card dealt: the director's)."""
    web = web_of(request)
    tournament = web.service.resolve(tournament)
    text = web.tables.finished_hands(tournament, table).get(hand)
    if text is None:
        raise NotFoundError(
            message(
                "hand {hand} of table {table} is not finished or was not played",
                hand=hand,
                table=table,
            ),
        )
    return _download(text, f"{tournament}-table-{table}-hand-{hand}.phh")


@router.get("/table/{tournament}/{table}/hands.phhs", dependencies=dealer_only)
async def hands_phhs(request: Request, tournament: str, table: int) -> Response:
    """Every finished hand of the table in one PHH file (``.phhs``: one section per hand)."""
    web = web_of(request)
    tournament = web.service.resolve(tournament)
    hands = web.tables.finished_hands(tournament, table)
    text = write_phhs(read_phh(hands[number]) for number in sorted(hands))
    return _download(text, f"{tournament}-table-{table}.phhs")


def _download(text: str, name: str) -> Response:
    return PlainTextResponse(
        text,
        media_type="application/toml",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@router.websocket("/ws/tables/{tournament}/{table}")
async def dealer_socket(socket: WebSocket, tournament: str, table: int) -> None:
    """Push the dealer's view of a table (to whoever runs it: ``permissions.ROUTES``)."""
    web = web_of(socket)
    try:
        tournament = _table_id(web, tournament, table)
    except NotFoundError:
        await socket.close(code=4404)
        return
    await socket.accept()

    async def render_view() -> Document:
        return dealer_view(web, tournament, table)

    listener = Listener(socket, render_view, key=("dealer", table))  # one view per table
    topics = (topic(tournament, table), tournament)
    for name in topics:
        web.hub.join(name, listener)
    try:
        await web.hub.send(topics[0], listener)
        while True:
            said = await _said(socket)
            if said is None:
                continue  # answered: not a message this socket takes
            if not may_send(socket, said):  # a pass revoked meanwhile: permissions
                await socket.close(code=4403)
                break
            if said == "ping":
                await web.hub.settled(listener)  # the pong follows every document pushed
                await socket.send_json({"kind": "pong"})
            elif said == "expire" and web.tables.expire(tournament, table) is not None:
                await changed(web, tournament, table)
            else:
                await web.hub.send(topics[0], listener)
    except WebSocketDisconnect:
        pass
    finally:
        for name in topics:
            web.hub.leave(name, listener)


# -- the player's page ----------------------------------------------------------------------------


def _link(web: Web, token: str) -> tuple[str, int]:
    """Return the tournament and entry of a seat link (NotFoundError: 404 for a wrong token)."""
    return web.tables.resolve_link(token)


def _revoked(web: Web, token: str) -> bool:
    """Whether a seat link that was valid is no longer (a new one was issued for its entry)."""
    try:
        _link(web, token)
    except NotFoundError:
        return True
    return False


def _player_context(web: Web, token: str) -> dict[str, Any]:
    tournament, entry = _link(web, token)
    return {"token": token, **player_document(web, tournament, entry)}


@router.get("/play/{token}")
async def player_page(request: Request, token: str) -> Response:
    """The player's page of a seat link."""
    context = _player_context(web_of(request), token)
    return render(request, "table/player.html", **context)


@router.get("/play/{token}/part")
async def player_part(request: Request, token: str) -> Response:
    """The table part of the player's page."""
    context = _player_context(web_of(request), token)
    return render(request, "table/_player.html", **context)


def move_given(body: Any, name: str) -> Move:
    """Read an action or a draw sent as JSON: ``{name: "raise", "to": 600}``, ``{name: "draw",
    "cards": ["As", "Kd"]}`` or ``{name: "pat"}``.

    >>> move_given({"act": "draw", "cards": ["As"]}, "act")
    [Card.parse('As')]
    """
    if isinstance(body, dict) and body.get(name) in DRAW_WORDS:
        cards = body.get("cards") or []
        if not isinstance(cards, list) or not all(isinstance(card, str) for card in cards):
            raise ParseError(message('cards: a list of cards such as ["As", "Kd"]'))
        return discards_given(str(body[name]), cards[: MAX_DISCARDS + 1])
    return action_given(body, name)


def action_given(body: Any, name: str) -> tuple[ActionKind, int | None]:
    """Read an action sent as JSON: ``{name: "raise", "to": 600}`` (``to`` for a bet or a raise).

    >>> action_given({"act": "raise", "to": 600}, "act")
    (<ActionKind.RAISE: 'raise'>, 600)
    """
    if not isinstance(body, dict):
        raise ParseError(
            message(
                "an action is an object {{{name}, to}}, not {body}", name=name, body=repr(body)[:80]
            ),
        )
    kind, to = str(body.get(name, "")), body.get("to")
    if to is not None and (isinstance(to, bool) or not isinstance(to, int)):
        raise ParseError(message("to: {to!r} is not a whole number", to=to))
    return ActionKind.parse(kind), to


#: What a player does: an action and its total, or (a draw game's draw) the cards he discards.
Move = tuple[ActionKind, int | None] | list[Card | None]


async def player_act(web: Web, token: str, kind: ActionKind, to: int | None) -> Document:
    """Apply the action of a seat link's player at his table now; return his document."""
    link = _link(web, token)
    await _player_acts(web, link, (kind, to))
    return player_document(web, *link)


async def player_draw(web: Web, token: str, discards: Sequence[Card | None]) -> Document:
    """Apply the draw of a seat link's player (the cards he throws away; none: he stands
    pat); return his document."""
    link = _link(web, token)
    await _player_acts(web, link, list(discards))
    return player_document(web, *link)


async def _player_acts(web: Web, link: tuple[str, int], move: Move) -> None:
    """Apply the action or the draw of a seat link's player (``link``: his tournament and
    entry, his token just resolved) at his table now, then push the change (his socket gets
    his view from the hub: a socket's action builds it once, not twice)."""
    tournament, entry = link
    tables = web.tables
    where = tables.locate(tournament, entry)
    if where is None:
        raise NotFoundError(message("entry {entry} has no seat now", entry=entry))
    table, seat = where
    if isinstance(move, list):
        tables.draw(tournament, table, seat, move)
    else:
        tables.act(tournament, table, seat, *move)
    await changed(web, tournament, table)


@router.post("/play/{token}/act")
async def player_act_form(request: Request, token: str) -> Response:
    """The player's action (``kind``, ``to``) from his page; answers his table part.

    There is no session here (the token in the address is the secret), so no CSRF token either.
    A cross-site page cannot send a custom header without a CORS preflight this app never
    grants, and cannot send a JSON body either: the ``X-Requested-With: pokertd`` header (the
    page's HTMX sets it) or a JSON body proves the request came from the player's own page.
    """
    is_json = request.headers.get("content-type", "").startswith("application/json")
    if request.headers.get("x-requested-with") != "pokertd" and not is_json:
        raise AuthError(message("this action did not come from the player's page"))
    web = web_of(request)
    if is_json:
        move = move_given(await request.json(), "kind")
    else:
        data = await request.form()
        word = field(data, "kind")
        if word in DRAW_WORDS:  # a draw game's draw: the cards he tapped, or none (pat)
            move = discards_given(word, _discards_ticked(data))
        else:
            kind = ActionKind.parse(word)
            move = (kind, to_typed(kind, field(data, "to")))
    link = _link(web, token)
    await _player_acts(web, link, move)
    document = player_document(web, *link)
    if is_json and not request.headers.get("hx-request"):
        return JSONResponse(document)
    return render(request, "table/_player.html", token=token, **document)


@router.websocket("/ws/play/{token}")
async def player_socket(socket: WebSocket, token: str) -> None:
    """Push the player's document (his seat's view only), following him when he moves."""
    web = web_of(socket)
    tables = web.tables
    try:
        tournament, entry = _link(web, token)
    except NotFoundError:
        await socket.close(code=4404)
        return
    await socket.accept()
    joined: list[str] = []

    def follow(where: tuple[int, int] | None) -> None:
        """Listen to the table he sits at now (``where``: his table and seat, just looked up;
        its seats changing tells him of a move or a bust-out: ``seats_changed``), or to the
        tournament while he has no seat."""
        wanted = [tournament] if where is None else [topic(tournament, where[0])]
        for name in set(joined) - set(wanted):
            web.hub.leave(name, listener)
        for name in set(wanted) - set(joined):
            web.hub.join(name, listener)
        joined[:] = wanted

    async def render_document() -> Document:
        if _revoked(web, token):  # a new link was issued since: this one is cut off
            await socket.close(code=4403)
            raise WebSocketDisconnect(code=4403)
        document = player_document(web, tournament, entry)
        follow(where_of(document))  # where he sits as his document shows it
        return document

    listener = Listener(socket, render_document)
    follow(tables.locate(tournament, entry))
    try:
        await web.hub.send(joined[-1], listener)
        while True:
            said = await _said(socket)
            if _revoked(web, token):
                with contextlib.suppress(RuntimeError):  # closed already by a push
                    await socket.close(code=4403)
                break
            if said is None:
                continue  # answered: not a message this socket takes
            if said == "ping":
                await web.hub.settled(listener)  # the pong follows every document pushed
                await socket.send_json({"kind": "pong"})
            elif said == "expire":
                where = tables.locate(tournament, entry)
                if where is not None and tables.expire(tournament, where[0]) is not None:
                    await changed(web, tournament, where[0])
            elif said == "refresh":
                await web.hub.send(joined[-1], listener)
            else:  # his link was checked just above (``_revoked``)
                await _socket_act(web, socket, (tournament, entry), said)
    except WebSocketDisconnect:
        pass
    finally:
        for name in joined:
            web.hub.leave(name, listener)


async def _socket_act(web: Web, socket: WebSocket, link: tuple[str, int], said: str) -> None:
    """Apply an action the player's socket sent, as ``POST /play/{token}/act`` does; every
    listener gets the fresh view. A refused one is answered on this socket only, ``{"kind":
    "error"}`` with the canonical error body, and changes nothing."""
    try:
        try:
            sent = json.loads(said)
        except RecursionError:
            raise ParseError(message("this message is nested too deeply to be an action")) from None
        except ValueError:
            raise ParseError(
                message(
                    'send ping, refresh, expire or an action such as {{"act": '
                    '"call"}}, not {said!r}',
                    said=said[:80],
                ),
            ) from None
        await _player_acts(web, link, move_given(sent, "act"))
    except PokertdError as error:
        await _answer_error(socket, error)


async def _answer_error(socket: WebSocket, error: PokertdError) -> None:
    """Answer a refused message on this socket only, ``{"kind": "error"}`` with the canonical
    error body."""
    status, kind = status_of(error)
    lang = language(socket)
    body = error_body(status, kind, error_text(error, lang), getattr(error, "rule", None))
    # An engine's refusal names the player (seat and name): a register's person id becomes the
    # name the club shows the public, as the HTTP answers' middleware does (no session here).
    said = json.dumps({"kind": "error", **body}, ensure_ascii=False)
    await socket.send_text(web_of(socket).public_names(said, lang))


async def _said(socket: WebSocket) -> str | None:
    """Return the next text message of a table socket; answer an error (and return None) for a
    binary one or one over ``MAX_SAID`` characters: the socket stays open."""
    received = await socket.receive()
    if received["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(received.get("code", 1000))
    text = received.get("text")
    if text is None:
        await _answer_error(socket, ParseError(message("this socket takes text, not binary data")))
    elif len(text) > MAX_SAID:
        refused = message("a message is at most {limit} characters", limit=MAX_SAID)
        await _answer_error(socket, ParseError(refused))
    else:
        return str(text)
    return None
