"""The director's console: penalties (desk tab) and the halt the book lets him offer (tables).

A penalty is given in two steps. The form (entry, warning / hands / rounds / disqualification,
the offence, the reason) shows first what the event's book makes of it: the tournament checks it
as it would record it (a refusal names its rule) and the one penalty model
(``rules.penalties``) gives its length, articles and the book's next step; the director then
confirms it, and the same command is recorded (``/do/penalty``).

TBL-BALANCE-HALT: where stopping a short table is the director's decision (TDA 10D outside
full-ring events) or a player's request (LFP 6.8), the overview and tables tabs offer the halt
with its article: the director pauses the clock for it (the clock is the event's, so a halt of
one table is his word to its dealer) and proposes the moves that end it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Depends, Request
from starlette.datastructures import FormData
from starlette.responses import Response

from pokertd.errors import ParseError
from pokertd.messages import message
from pokertd.present.floor.choices import choice_label
from pokertd.present.halts import halt_offer_line, halt_offered
from pokertd.present.penalties import penalty_preview
from pokertd.present.tournament_input import is_whole, parse_entry
from pokertd.present.tournament_views import who
from pokertd.present.words import words_for
from pokertd.rules.penalties import Offence, PenaltyKind
from pokertd.tournament import commands as cmd
from pokertd.tournament.aggregate import Tournament
from pokertd.web.context import web_of
from pokertd.web.i18n import language
from pokertd.web.pages import console, console_desk, console_night
from pokertd.web.security import director, form
from pokertd.web.templating import render

del console_desk, console_night  # imported for their sections, which this module extends

Section = Callable[[Tournament, str, Request], dict[str, Any]]

router = APIRouter(include_in_schema=False, dependencies=[Depends(director)])

#: The form's kinds of penalty, in the order shown.
KINDS = tuple(kind.value for kind in PenaltyKind)


def _field(data: FormData, name: str) -> str:
    value = data.get(name, "")
    return value.strip()[:200] if isinstance(value, str) else ""


def penalty_command(data: FormData, lang: str) -> cmd.Penalize | cmd.Disqualify:
    """Return the command the penalty form asks for; ParseError for a form that makes none."""
    text = _field(data, "entry")
    if not text:
        raise ParseError(message("give the entry number"))
    entry, reason = parse_entry(text, words=words_for(lang)), _field(data, "reason")
    kind, offence = _field(data, "kind") or "warning", _field(data, "offence") or "other"
    if kind not in KINDS:
        raise ParseError(
            message("a penalty is one of {kinds}, not {kind!r}", kinds=", ".join(KINDS), kind=kind)
        )
    if offence not in {o.value for o in Offence}:
        raise ParseError(message("unknown offence {offence!r}", offence=offence))
    if kind == "disqualification":
        return cmd.Disqualify(entry, reason)
    if kind == "warning":
        return cmd.Penalize(entry, reason=reason, offence=offence)
    count = _field(data, "count")
    if not is_whole(count) or int(count) <= 0:
        raise ParseError(
            message("a penalty lasts at least one hand or one round, not {count!r}", count=count)
        )
    if kind == "hands":
        return cmd.Penalize(entry, hands=int(count), reason=reason, offence=offence)
    return cmd.Penalize(entry, rounds=int(count), reason=reason, offence=offence)


@router.post("/console/{tournament}/penalty/preview")
async def preview(request: Request, tournament: str) -> Response:
    """What the book makes of the penalty asked for, with the form that confirms it (nothing
    recorded yet)."""
    data = await form(request)
    web, lang = web_of(request), language(request)
    tournament = web.service.resolve(tournament)
    loaded = web.service.load(tournament)
    command = penalty_command(data, lang)
    # The tournament's own checks, as when it is confirmed: a refusal names its rule.
    loaded.handle(command, web.now(), random.Random(0))
    fact = loaded.penalty(command)
    entry = loaded.state.entries[command.entry]
    table = loaded.state.tables.get(entry.table) if entry.table is not None else None
    words = words_for(lang)
    shown = penalty_preview(
        fact, who(loaded.state, entry.number), len(entry.penalties),
        len(table.players) if table else None, words,
    )  # fmt: skip
    fields = {name: _field(data, name) for name in ("entry", "kind", "count", "offence", "reason")}
    return render(
        request,
        "console/penalty_preview.html",
        id=tournament,
        p=shown,
        fields=fields,
        is_dq=fact.kind is PenaltyKind.DISQUALIFICATION,
        tab=_field(data, "tab") or "desk",
    )


def offences(lang: str) -> list[tuple[str, str]]:
    """The offences the form offers, named in ``lang`` (PEN-SOFTPLAY, TDA 71B)."""
    return [(offence.value, choice_label(offence.value, lang)) for offence in Offence]


def halt_offer(loaded: Tournament, lang: str) -> dict[str, Any]:
    """TBL-BALANCE-HALT: the short tables whose halt is offered, not imposed, and the sentence
    that offers it with the book's article (TDA 10D: the director decides; LFP 6.8: a player
    asks)."""
    tables = halt_offered(loaded)
    line = halt_offer_line(loaded, tables, words_for(lang)) if tables else ""
    return {"tables": tables, "line": line}


def late_arrivals(loaded: Tournament, request: Request) -> dict[str, Any]:
    """SEAT-LATE-WINDOW, SEAT-LATE-ABSENT: the absentees whose chips leave play once the
    late-arrival delay is over (LFP 2.16's one level by default, or the event's own period),
    and the sentence that says so with its article."""
    web, lang = web_of(request), language(request)
    due = loaded.late_arrivals_due(web.now())
    if not due:
        return {"due": [], "line": ""}
    state = loaded.state
    article = (
        state.profile.source("late_arrival_levels").article
        if not state.late_registration_levels
        else state.profile.source("absent_after_late_period").article
    )
    players = ", ".join(who(state, number) for number in due)
    words = words_for(lang)
    line = words(
        "The late-arrival delay is over ({article}): ending it removes the chips of {players} "
        "(SEAT-LATE-ABSENT).",
        article=article,
        players=players,
    )
    return {"due": due, "line": line}


def _desk(loaded: Tournament, tournament: str, request: Request) -> dict[str, Any]:
    return {**_DESK(loaded, tournament, request), "offences": offences(language(request))}


def _with_halt(tab: str) -> Section:
    before = console.SECTIONS[tab]

    def section(loaded: Tournament, tournament: str, request: Request) -> dict[str, Any]:
        return {
            **before(loaded, tournament, request),
            "halt": halt_offer(loaded, language(request)),
            "late": late_arrivals(loaded, request),
        }

    return section


# The desk and night modules set their sections first (imported above); these add to them.
_DESK = console.SECTIONS["desk"]
console.SECTIONS["desk"] = _desk
for _tab in ("overview", "tables"):
    console.SECTIONS[_tab] = _with_halt(_tab)
console.register_commands(
    {"penalty": penalty_command, "close-late-arrivals": lambda d, lang: cmd.CloseLateArrivals()}
)
