"""The director's console: create an event, the registration desk, seat draw, clock, tables and
moves, bust-outs, the event log with undo.

Every change is a form posted with the session's CSRF token to ``/console/{id}/do/{action}``; the
form's fields become one tournament command (``_COMMANDS``), handled by the service like the CLI's
(``pokertd tournament ...``). A refused command shows its reason (rule id included) and changes
nothing. With HTMX the page section is refreshed in place; without JavaScript the browser follows
the redirect back to the page.
"""

from __future__ import annotations

import contextlib
import dataclasses
import secrets
from collections.abc import Callable, Iterator
from pathlib import PurePath
from typing import Any

from fastapi import APIRouter, Depends, Request
from starlette.datastructures import FormData, UploadFile
from starlette.responses import RedirectResponse, Response

from pokertd import rules
from pokertd.errors import ParseError
from pokertd.messages import message
from pokertd.present.event_setup import profile_choices, template_choices
from pokertd.present.money_input import money_rules
from pokertd.present.tournament_input import (
    is_whole,
    parse_chips,
    parse_entries,
    parse_entry,
    parse_seconds,
    parse_structure,
    parse_time_of_day,
)
from pokertd.present.words import words_for
from pokertd.service.documents import (
    entry_json,
    standings_json,
    status_document,
    tables_json,
)
from pokertd.service.streams import Receipt
from pokertd.tournament import commands as cmd
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.state import TournamentState
from pokertd.tournament.structure import template
from pokertd.web.context import Web, web_of
from pokertd.web.form_keys import FormKeys
from pokertd.web.i18n import language
from pokertd.web.security import csrf_token, director, form
from pokertd.web.templating import render

router = APIRouter(include_in_schema=False, dependencies=[Depends(director)])

TABS = ("overview", "desk", "tables", "bust", "money", "structure", "log")

Builder = Callable[[FormData, str], cmd.Command]


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


def _bank_seconds(data: FormData) -> int:
    """The time bank typed in the console (CLK-TIMEBANK), in whole seconds."""
    text = _field(data, "seconds")
    if not is_whole(text):
        raise ParseError(message("the time bank is a whole number of seconds"))
    return int(text)


_COMMANDS: dict[str, Builder] = {
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
    "display-message": lambda d, lang: cmd.SetDisplayMessage(_field(d, "text")),
    "time-bank": lambda d, lang: cmd.SetTimeBank(_bank_seconds(d)),
    "undo": lambda d, lang: cmd.Undo(),
}


#: The fee-profile fields of the "New event" form, as ``pokertd tournament create`` names them;
#: the numbers among them (the others are amounts such as ``18+2``, read by ``money_rules``).
MONEY_FIELDS = ("buy_in", "reentry", "bounty", "rebuy", "rebuy_levels", "rebuy_limit", "addon",
                "guarantee", "currency")  # fmt: skip
_NUMBERS = {"rebuy_levels", "rebuy_limit"}


def _field_names(lang: str) -> dict[str, str]:
    """What the director calls each field of the "New event" form, for its errors."""
    words = words_for(lang)
    return {
        "buy_in": words("the buy-in"),
        "reentry": words("the re-entry price"),
        "bounty": words("the bounty"),
        "rebuy": words("the rebuy price"),
        "rebuy_levels": words("the rebuys' last level"),
        "rebuy_limit": words("the rebuys per player"),
        "addon": words("the add-on price"),
        "guarantee": words("the guaranteed prize pool"),
        "currency": words("the currency"),
        "table_size": words("the seats per table"),
        "max_players": words("the maximum number of players"),
        "late_levels": words("the late registration's last level"),
        "reentries": words("the re-entries per player"),
    }


def _whole(data: FormData, name: str, lang: str) -> int | None:
    """Read a whole number of the "New event" form; ``None`` when the field is empty."""
    text = _field(data, name)
    if not text:
        return None
    if not (text.isascii() and text.isdigit() and len(text) < 5):
        raise ParseError(
            message(
                "{field} is a whole number, not {text!r}",
                field=_field_names(lang)[name],
                text=text,
            )
        )
    return int(text)


def _money_fields(data: FormData, lang: str) -> dict[str, object]:
    """Read the money fields of the form: empty ones are not given."""
    given: dict[str, object] = {}
    for name in MONEY_FIELDS:
        text = _field(data, name)
        if text:
            given[name] = _whole(data, name, lang) if name in _NUMBERS else text
    if "buy_in" in given and {"rebuy", "addon"} & set(given) and "rebuy_levels" not in given:
        # BUY-REBUY-ELIGIBILITY: said as the form says it (MoneyRules names its own fields)
        raise ParseError(message("rebuys and an add-on need 'Rebuys until the end of level'"))
    return given


def sent_keys(request: Request) -> FormKeys:
    """The keys of the forms done, by (tournament or "", key): what each made (or ""); kept in
    the event file, so that a resend after a restart is still recognised (``web.form_keys``)."""
    keys: FormKeys | None = getattr(request.app.state, "form_keys", None)
    if keys is None:
        web = web_of(request)
        keys = request.app.state.form_keys = FormKeys(web.store, web.now)
    return keys


@dataclasses.dataclass(frozen=True, slots=True)
class Sent:
    """A form as it arrives: its first arrival or a copy, and the receipt its command takes to
    the service (``web.form_keys``; None for a form without a key)."""

    first: bool
    receipt: Receipt | None


@contextlib.contextmanager
def sent_once(request: Request, tournament: str, key: str) -> Iterator[Sent]:
    """Run a form's change once per key: yield whether this is the form's first arrival, and
    the receipt to execute its command with (``service.execute(..., receipt=sent.receipt)``).

    Every console form carries a key (``console.js`` adds one per form shown, the "New event"
    form renders its own); a second copy of a form already done (a double click, a resend)
    changes nothing and shows the page as it is. A key is kept only if the change went through,
    stored with the command's events in one transaction, so a refused form may be corrected and
    sent again. No ``await`` comes between the check and the change: requests are handled one at
    a time on the event loop (``web.context``).
    """
    keys = sent_keys(request)
    mark = (tournament, key[:64])
    if key and mark in keys:
        yield Sent(first=False, receipt=None)
        return
    yield Sent(first=True, receipt=keys.receipt(mark) if key else None)
    if key:
        keys.remember(mark, tournament)


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
        profile = _profile_name(state.profile, language(request))
        found.append(
            {"id": tournament, "title": state.title, "profile": profile, "archived": state.archived}
        )
    return render(
        request,
        "console/index.html",
        tournaments=found,
        profiles=profile_choices(words_for(language(request))),
        default_profile=rules.DEFAULT_PROFILE,
        templates=template_choices(words_for(language(request))),
        form_key=secrets.token_urlsafe(12),
    )


@router.post("/console/create")
async def create(request: Request) -> Response:
    """Create an event from a structure template, or as a copy of another event's setup; a form
    sent twice (its key) creates one event."""
    length = request.headers.get("content-length", "")
    if is_whole(length) and int(length) > MAX_STRUCTURE_FILE + 64_000:  # the file and the form
        raise _structure_too_large()
    data = await form(request)
    web, lang = web_of(request), language(request)
    keys, key = sent_keys(request), ("", _field(data, "key")[:64])
    if key[1] and key in keys:
        return _go_to(request, f"/console/{keys[key]}")
    receipt = keys.receipt(key) if key[1] else None  # stored with the new event
    uploaded = await _structure_upload(data, lang)
    outcome = await web.create(_create_command(data, web, lang, uploaded), receipt=receipt)
    if key[1]:
        keys.remember(key, outcome.stream)
    return _go_to(request, f"/console/{outcome.stream}")


def _go_to(request: Request, address: str) -> Response:
    """Send the browser to a page: HTMX follows ``HX-Redirect``, a plain form the 303."""
    if request.headers.get("hx-request"):
        return Response(status_code=204, headers={"HX-Redirect": address})
    return RedirectResponse(address, 303)


#: The largest structure file the "New event" form takes, in bytes: a .tdt save file with its
#: players and results is a few hundred kilobytes; a structure alone, a few.
MAX_STRUCTURE_FILE = 1_000_000
#: The kinds of structure file, by the end of their name (as ``pokertd tournament create``).
STRUCTURE_SUFFIXES = (".json", ".toml", ".tdt")


def _structure_too_large() -> ParseError:
    return ParseError(
        message(
            "the structure file is larger than {limit} MB: check that it is the right file",
            limit=MAX_STRUCTURE_FILE // 1_000_000,
        )
    )


async def _structure_upload(data: FormData, lang: str) -> dict[str, Any] | None:
    """Read the structure file sent with the "New event" form (``Structure.to_dict()``), None
    without one; ParseError naming the file and the line, item or level that is wrong."""
    upload = data.get("structure_file")
    if not isinstance(upload, UploadFile) or not upload.filename:
        return None
    name = upload.filename[-100:]
    suffix = PurePath(name).suffix.lower()
    if suffix not in STRUCTURE_SUFFIXES:
        raise ParseError(
            message("a structure file is a .json, .toml or .tdt file, not {name!r}", name=name)
        )
    content = await upload.read(MAX_STRUCTURE_FILE + 1)
    if len(content) > MAX_STRUCTURE_FILE:
        raise _structure_too_large()
    words = words_for(lang)
    file = words("structure file {path!r}", path=name)
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ParseError(words("{file} is not UTF-8 text", file=file)) from None
    return parse_structure(text, suffix, file, words=words)


def _create_command(
    data: FormData, web: Web, lang: str, uploaded: dict[str, Any] | None = None
) -> cmd.CreateTournament:
    title = _field(data, "title")
    if not title:
        raise ParseError(message("give the event a title"))
    copy_of = _field(data, "copy_of")
    if copy_of and uploaded is not None:
        raise ParseError(message("give a structure file or an event to copy, not both"))
    if copy_of:
        source = web.service.load(web.service.resolve(copy_of)).state
        assert source.structure is not None
        return cmd.CreateTournament(
            title,
            source.structure.to_dict(),
            source.profile.id,
            source.table_size,
            source.max_players,
            money=rules_.to_dict() if (rules_ := source.ledger.rules) is not None else {},
            late_registration_levels=source.late_registration_levels,
            reentries=source.reentries,
            final_table=source.profile.final_table_size.value,
        )
    structure = uploaded or template(_field(data, "template") or "regular").to_dict()
    money = money_rules(
        _money_fields(data, lang), starting_stack=structure["starting_stack"],
        words=words_for(lang), names=_field_names(lang),
    )  # fmt: skip
    until = _field(data, "late_until")
    return cmd.CreateTournament(
        title,
        structure,
        _field(data, "profile") or rules.DEFAULT_PROFILE,
        _whole(data, "table_size", lang) or 9,
        _whole(data, "max_players", lang) or 0,
        late_registration_levels=_whole(data, "late_levels", lang),
        late_registration_until=parse_time_of_day(until, web.now(), words=words_for(lang))
        if until
        else "",
        money=money,
        reentries=_whole(data, "reentries", lang),
        final_table=_field(data, "final_table"),
    )


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
    entries = [entry_json(e) for e in loaded.state.entries.values()]  # the desk: console_desk
    return {
        "id": tournament,
        "version": loaded.version,
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
        "has_money": loaded.state.ledger.rules is not None,
        "profile_name": _profile_name(loaded.state.profile, lang),
        "extra": _extra_sections(loaded, tournament, request, tab),
    }


def _profile_name(profile: rules.Profile, lang: str) -> str:
    names = {choice.value: choice.name for choice in profile_choices(words_for(lang))}
    return names.get(profile.id, profile.name)


#: Checks of an action's form against the event before its command runs: action -> check,
#: which raises the error to show (other console modules add theirs).
CHECKS: dict[str, Callable[[FormData, TournamentState, str], None]] = {}

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
    command = build(data, lang)
    with sent_once(request, tournament, _field(data, "key")) as sent:
        if sent.first and (check := CHECKS.get(action)) is not None:
            check(data, web.service.load(tournament).state, lang)
        if sent.first:
            web.service.execute(tournament, command, receipt=sent.receipt)
    await web.hub.flush()
    tab = _field(data, "tab") or "overview"
    if request.headers.get("hx-request"):
        loaded = web.service.load(tournament)
        context = _context(loaded, tournament, request, tab, _field(data, "q"))
        return render(request, "console/_section.html", **context)
    return RedirectResponse(f"/console/{tournament}?tab={tab}", 303)
