"""The director's console: create an event, the registration desk, seat draw, clock, tables and
moves, bust-outs, the event log with undo.

Every change is a form posted with the session's CSRF token to ``/console/{id}/do/{action}``; the
form's fields become one tournament command (``_COMMANDS``), handled by the service like the CLI's
(``pokertd tournament ...``). A refused command shows its reason (rule id included) and changes
nothing. With HTMX the page section is refreshed in place; without JavaScript the browser follows
the redirect back to the page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Depends, Request
from starlette.datastructures import FormData
from starlette.responses import RedirectResponse, Response

from pokertd import rules
from pokertd.errors import ParseError
from pokertd.messages import message
from pokertd.present.money_input import money_rules
from pokertd.present.tournament_input import (
    is_whole,
    parse_chips,
    parse_entries,
    parse_entry,
    parse_seconds,
)
from pokertd.present.tournament_log import log_lines
from pokertd.present.words import words_for
from pokertd.service.documents import (
    entry_json,
    standings_json,
    status_document,
    tables_json,
)
from pokertd.tournament import commands as cmd
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.structure import TEMPLATES, template
from pokertd.web.context import web_of
from pokertd.web.i18n import language
from pokertd.web.security import csrf_token, director, form
from pokertd.web.templating import render

router = APIRouter(include_in_schema=False, dependencies=[Depends(director)])

TABS = ("overview", "desk", "tables", "bust", "money", "log")

Builder = Callable[[FormData, str], cmd.Command]


def _table_size(text: str) -> int:
    """Read the seats of a table typed in the create form."""
    if not is_whole(text):
        raise ParseError(
            message("a table seats a whole number of players, not {text!r}", text=text)
        )
    return int(text)


def _field(data: FormData, name: str) -> str:
    value = data.get(name, "")
    return value.strip() if isinstance(value, str) else ""


def _entry(data: FormData, lang: str) -> int:
    return parse_entry(_field(data, "entry"), words=words_for(lang))


def _stacks(data: FormData, lang: str) -> dict[int, int]:
    """Read ``stack-<entry>`` fields (chips at the start of the hand, for ELIM-SIMULTANEOUS)."""
    words = words_for(lang)
    found = {}
    for key, value in data.multi_items():
        if key.startswith("stack-") and isinstance(value, str) and value.strip():
            entry = key.removeprefix("stack-")
            if not is_whole(entry):
                raise ParseError(message("{field}: not a field of this form", field=key[:40]))
            found[int(entry)] = parse_chips(value, words=words)
    return found


def _bust(data: FormData, lang: str) -> cmd.Command:
    words = words_for(lang)
    chosen = [value for value in data.getlist("entries") if isinstance(value, str)]
    typed = _field(data, "more")
    entries = parse_entries([*chosen, *typed.replace(",", " ").split()], words=words)
    if not entries:
        raise ParseError(message("choose who busted"))
    taker = _field(data, "taker")
    takers = {e: parse_entry(taker, words=words) for e in entries} if taker else {}
    stacks = {e: s for e, s in _stacks(data, lang).items() if e in entries}
    return cmd.BustPlayers(tuple(entries), stacks, takers=takers)


_COMMANDS: dict[str, Builder] = {
    "register": lambda d, lang: cmd.Register(_name(d), _field(d, "contact")),
    "check-in": lambda d, lang: cmd.CheckIn(_entry(d, lang)),
    "withdraw": lambda d, lang: cmd.Withdraw(_entry(d, lang)),
    "re-enter": lambda d, lang: cmd.ReEnter(_entry(d, lang)),
    "seat-alternate": lambda d, lang: cmd.SeatAlternate(_entry(d, lang)),
    "rebuy": lambda d, lang: cmd.Rebuy(_entry(d, lang)),
    "add-on": lambda d, lang: cmd.AddOn(_entry(d, lang), double=bool(_field(d, "double"))),
    "draw": lambda d, lang: cmd.DrawSeats(),
    "clock-start": lambda d, lang: cmd.StartClock(),
    "clock-pause": lambda d, lang: cmd.PauseClock(),
    "clock-resume": lambda d, lang: cmd.ResumeClock(),
    "clock-skip": lambda d, lang: cmd.SkipLevel(),
    "clock-back": lambda d, lang: cmd.GoBackLevel(),
    "clock-adjust": lambda d, lang: cmd.AdjustClock(
        parse_seconds(_field(d, "seconds"), words=words_for(lang))
    ),
    "bust": _bust,
    "propose-moves": lambda d, lang: cmd.ProposeMoves(),
    "confirm-moves": lambda d, lang: cmd.ConfirmMoves(),
    "arrive": lambda d, lang: cmd.Arrive(_entry(d, lang)),
    "away": lambda d, lang: cmd.GoAway(_entry(d, lang)),
    "hfh-start": lambda d, lang: cmd.StartHandForHand(),
    "hfh-end": lambda d, lang: cmd.EndHandForHand(),
    "undo": lambda d, lang: cmd.Undo(),
}


def _name(data: FormData) -> str:
    name = _field(data, "player")
    if not name:
        raise ParseError(message("type the player's name"))
    return name


#: The fee-profile fields of the "New event" form, as ``pokertd tournament create`` names them;
#: the numbers among them (the others are amounts such as ``18+2``, read by ``money_rules``).
MONEY_FIELDS = ("buy_in", "reentry", "bounty", "rebuy", "rebuy_levels", "rebuy_limit", "addon",
                "guarantee", "currency")  # fmt: skip
_NUMBERS = {"rebuy_levels", "rebuy_limit"}


def _money_fields(data: FormData) -> dict[str, object]:
    """Read the money fields of the form: empty ones are not given."""
    given: dict[str, object] = {}
    for name in MONEY_FIELDS:
        text = _field(data, name)
        if not text:
            continue
        if name in _NUMBERS and not (text.isascii() and text.isdigit() and len(text) < 4):
            raise ParseError(
                message(
                    "{field} is a whole number, not {text!r}",
                    field=name.replace("_", " "),
                    text=text,
                )
            )
        given[name] = int(text) if name in _NUMBERS else text
    return given


def register_commands(extra: dict[str, Builder]) -> None:
    """Add actions from another console module (money, penalties...)."""
    _COMMANDS.update(extra)


@router.get("/console")
async def index(request: Request) -> Response:
    """List the events, with the form to create one."""
    csrf_token(request)
    web = web_of(request)
    found = []
    for tournament in reversed(web.service.tournaments()):
        state = web.service.load(tournament).state
        found.append({"id": tournament, "title": state.title, "profile": state.profile.id})
    return render(
        request,
        "console/index.html",
        tournaments=found,
        profiles=rules.PROFILE_IDS,
        default_profile=rules.DEFAULT_PROFILE,
        templates=TEMPLATES,
    )


@router.post("/console/create")
async def create(request: Request) -> Response:
    """Create an event from a structure template, or as a copy of another event's setup."""
    data = await form(request)
    web, lang = web_of(request), language(request)
    title = _field(data, "title")
    if not title:
        raise ParseError(message("give the event a title"))
    copy_of = _field(data, "copy_of")
    if copy_of:
        source = web.service.load(web.service.resolve(copy_of)).state
        assert source.structure is not None
        command = cmd.CreateTournament(
            title,
            source.structure.to_dict(),
            source.profile.id,
            source.table_size,
            source.max_players,
            money=rules_.to_dict() if (rules_ := source.ledger.rules) is not None else {},
        )
    else:
        structure = template(_field(data, "template") or "regular").to_dict()
        money = money_rules(
            _money_fields(data), starting_stack=structure["starting_stack"],
            words=words_for(lang),
        )  # fmt: skip
        command = cmd.CreateTournament(
            title,
            structure,
            _field(data, "profile") or rules.DEFAULT_PROFILE,
            _table_size(_field(data, "table_size") or "9"),
            money=money,
        )
    outcome = await web.create(command)
    return RedirectResponse(f"/console/{outcome.stream}", 303)


@router.get("/console/{tournament}")
async def event(request: Request, tournament: str, tab: str = "overview", q: str = "") -> Response:
    """Show one event's console tab."""
    csrf_token(request)
    web = web_of(request)
    tournament = web.service.resolve(tournament)
    loaded = web.service.load(tournament)
    context = _context(loaded, tournament, request, tab if tab in TABS else "overview", q)
    name = "console/_section.html" if request.headers.get("hx-request") else "console/event.html"
    return render(request, name, **context)


def _context(
    loaded: Tournament, tournament: str, request: Request, tab: str, query: str
) -> dict[str, Any]:
    web, lang = web_of(request), language(request)
    now = web.now()
    entries = [entry_json(e) for e in loaded.state.entries.values()]
    if query:
        wanted = query.casefold()
        entries = [
            e for e in entries if wanted in e["player"].casefold() or query == str(e["entry"])
        ]
    return {
        "id": tournament,
        "tab": tab,
        "tabs": TABS,
        "query": query,
        "status": status_document(loaded, tournament, now),
        "entries": entries,
        "tables": tables_json(loaded) if tab in ("tables", "bust", "overview") else [],
        "standings": standings_json(loaded.state),
        "moves": [
            {"entry": m[0], "from": (m[1], m[2]), "to": (m[3], m[4]), "reason": m[5], "card": m[6]}
            for m in loaded.state.pending_moves
        ],
        "log": log_lines(loaded, 200, words_for(lang)) if tab == "log" else [],
        "has_money": loaded.state.ledger.rules is not None,
        "extra": _extra_sections(loaded, tournament, request, tab),
    }


#: Other console modules add the context of their tabs here: tab -> builder.
SECTIONS: dict[str, Callable[[Tournament, str, Request], dict[str, Any]]] = {}


def _extra_sections(
    loaded: Tournament, tournament: str, request: Request, tab: str
) -> dict[str, Any]:
    builder = SECTIONS.get(tab)
    return builder(loaded, tournament, request) if builder else {}


@router.post("/console/{tournament}/do/{action}")
async def do(request: Request, tournament: str, action: str) -> Response:
    """Run one console action; refresh the section (HTMX) or go back to the page."""
    data = await form(request)
    web, lang = web_of(request), language(request)
    tournament = web.service.resolve(tournament)
    build = _COMMANDS.get(action)
    if build is None:
        raise ParseError(message("unknown action {action!r}", action=action))
    await web.execute(tournament, build(data, lang))
    tab = _field(data, "tab") or "overview"
    if request.headers.get("hx-request"):
        loaded = web.service.load(tournament)
        context = _context(loaded, tournament, request, tab, _field(data, "q"))
        return render(request, "console/_section.html", **context)
    return RedirectResponse(f"/console/{tournament}?tab={tab}", 303)
