"""The director's console, running the night: the bubble and hand-for-hand, chip counts and the
chip leaders, moves with names and their printed slips, the final table's size, the end of the
event (winner, results, prizes) and the deal preview recomputed from typed counts.

It adds its actions to the console's ``/do/{action}`` forms (``hfh-deal``, ``chip-counts``,
``bag``) and the context of the overview, tables and bust-out tabs (``extra``); what it shows is
computed by the domain (``tournament.bubble``, ``moves``, ``reports``), as the CLI's is.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from fastapi import APIRouter, Depends, Request
from starlette.datastructures import FormData
from starlette.responses import RedirectResponse, Response

from pokertd.errors import ParseError
from pokertd.messages import message
from pokertd.present.formats import format_money
from pokertd.present.tournament_input import parse_chips
from pokertd.present.tournament_log import log_commands
from pokertd.present.words import words_for
from pokertd.service.documents import move_json, places, standings_json, status_document
from pokertd.tournament import commands as cmd
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.moves import final_table_size
from pokertd.tournament.reports import statement_of
from pokertd.tournament.state import TournamentState
from pokertd.web.context import web_of
from pokertd.web.i18n import language
from pokertd.web.pages import console, console_money
from pokertd.web.security import csrf_token, director, form
from pokertd.web.templating import render

router = APIRouter(include_in_schema=False, dependencies=[Depends(director)])

#: The most chip leaders listed.
LEADERS = 10
#: The most counts one form may carry (a whole field of a large event).
MOST_COUNTS = 2_000


def typed_chips(data: FormData, lang: str, prefix: str = "chips-") -> dict[int, int]:
    """Read the ``chips-<entry>`` fields that were typed (empty ones are not given)."""
    words = words_for(lang)
    found: dict[int, int] = {}
    for key, value in data.multi_items():
        if not (key.startswith(prefix) and isinstance(value, str) and value.strip()):
            continue
        number = key.removeprefix(prefix)
        if not (number.isascii() and number.isdigit() and len(number) < 7):
            raise ParseError(message("unknown entry field {field!r}", field=key))
        found[int(number)] = parse_chips(value, words=words)
        if len(found) > MOST_COUNTS:
            raise ParseError(message("too many chip counts in one form"))
    return found


def _counts(data: FormData, lang: str) -> cmd.Command:
    return cmd.ReportStacks(typed_chips(data, lang))


def _undo_back_to(data: FormData, lang: str) -> cmd.Command:
    text = data.get("cmd", "")
    if not (isinstance(text, str) and text.isascii() and text.isdigit() and len(text) < 9):
        raise ParseError(message("choose the command to undo from the log"))
    return cmd.UndoBackTo(int(text))


console.register_commands(
    {
        "hfh-deal": lambda d, lang: cmd.DealHandForHand(),
        "chip-counts": _counts,
        "undo-back-to": _undo_back_to,
    }
)


# -- what the tabs show ----------------------------------------------------------------------------


def night_section(loaded: Tournament, tournament: str, request: Request) -> dict[str, Any]:
    """Return the context the overview, tables and bust-out tabs add: hand-for-hand per profile,
    moves with names, the final table, the chip leaders, the results with prizes."""
    del tournament
    state, lang = loaded.state, language(request)
    profile = state.profile
    final = final_table_size(profile, state.table_size)
    return {
        "hfh": {
            "seconds": profile.hand_for_hand_seconds,
            "clock_article": profile.source("hand_for_hand_seconds").article,
            "busts": str(profile.hand_for_hand_start_busts),
            "busts_article": profile.source("hand_for_hand_start_busts").article,
        },
        "moves": [move_json(move, state) for move in state.pending_moves],
        # TBL-FINAL-SIZE (TDA 11): one more than a full table may not fit a table's seats.
        "final_table": {
            "size": final,
            "seats": state.table_size,
            "article": profile.source("final_table_size").article,
        },
        "leaders": chip_leaders(state),
        "results": results(state, lang),
    }


def chip_leaders(state: TournamentState) -> list[dict[str, Any]]:
    """Return the players still in with the most chips, most first."""
    counted = [entry for entry in state.active() if entry.stack is not None]
    counted.sort(key=lambda entry: (-(entry.stack or 0), entry.number))
    return [
        {
            "rank": rank,
            "entry": entry.number,
            "player": entry.player,
            "stack": entry.stack,
            "table": entry.table,
        }
        for rank, entry in enumerate(counted[:LEADERS], start=1)
    ]


def results(state: TournamentState, lang: str) -> list[dict[str, Any]]:
    """Return the places so far with each one's prize: the statement's, so a deal shows."""
    prizes: dict[int, int] = {}
    if state.ledger.rules is not None:
        prizes = {line.entry: line.prize for line in statement_of(state).lines}
    return [
        {
            **standing,
            "prize": format_money(prizes[standing["entry"]], lang)
            if prizes.get(standing["entry"])
            else "",
        }
        for standing in standings_json(state)
        if standing["place"] is not None
    ]


for _tab in ("overview", "tables", "bust"):
    console.SECTIONS[_tab] = night_section


@router.post("/console/{tournament}/bag")
async def bag(request: Request, tournament: str) -> Response:
    """End the day with every stack bagged (DAY-END): the counts recorded at each table, which
    the director types first; a player without a count refuses it."""
    await form(request)
    web = web_of(request)
    tournament = web.service.resolve(tournament)
    state = web.service.load(tournament).state
    stacks = {entry.number: entry.stack for entry in state.active() if entry.stack is not None}
    await web.execute(tournament, cmd.EndDay(stacks))
    if request.headers.get("hx-request"):
        return await console.event(request, tournament, tab="tables")
    return RedirectResponse(f"/console/{tournament}?tab=tables", 303)


# -- the log: newest first, filtered, an earlier command corrected -----------------------------


def log_section(loaded: Tournament, tournament: str, request: Request) -> dict[str, Any]:
    """The log by command, newest first, keeping the commands whose text has the filter."""
    del tournament
    wanted = fold(request.query_params.get("q", ""))
    found = log_commands(loaded, words_for(language(request)))
    if wanted:
        found = [c for c in found if any(wanted in fold(line) for line in c["lines"])]
    return {"commands": found, "filter": request.query_params.get("q", "")}


def fold(text: str) -> str:
    """Return ``text`` without case or accents, to search it (``élimine`` finds ``Élimine``)."""
    return "".join(
        char for char in unicodedata.normalize("NFKD", text.casefold())
        if not unicodedata.combining(char)
    )  # fmt: skip


console.SECTIONS["log"] = log_section


@router.get("/console/{tournament}/log/undo/{number}")
async def undo_preview(request: Request, tournament: str, number: int) -> Response:
    """What undoing back to command ``number`` would cancel and change (nothing recorded)."""
    csrf_token(request)
    web, lang = web_of(request), language(request)
    tournament = web.service.resolve(tournament)
    loaded = web.service.load(tournament)
    undo = loaded.handle(cmd.UndoBackTo(number), web.now(), web.rng)  # refused: shown as errors
    after = Tournament.replay([*loaded.events, *undo])
    cancelled = [c for c in log_commands(loaded, words_for(lang)) if c["cmd"] >= number]
    cancelled = [c for c in cancelled if not c["undone"] and not c["is_undo"]]
    return render(
        request,
        "console/night_undo_preview.html",
        id=tournament,
        title=loaded.state.title,
        number=number,
        cancelled=cancelled,
        changes=entry_changes(loaded.state, after.state),
        before=status_document(loaded, tournament, web.now()),
        after=status_document(after, tournament, web.now()),
    )


def entry_changes(before: TournamentState, after: TournamentState) -> list[dict[str, Any]]:
    """Return every entry whose status, seat, chips or place differs, before and after."""

    def facts(state: TournamentState, number: int) -> dict[str, Any] | None:
        entry = state.entries.get(number)
        if entry is None:
            return None
        return {
            "status": str(entry.status),
            "table": entry.table,
            "seat": entry.seat,
            "stack": entry.stack,
            "places": places(entry.place, entry.shared) if entry.place else "",
        }

    found = []
    for number in sorted(set(before.entries) | set(after.entries)):
        was, will = facts(before, number), facts(after, number)
        if was != will:
            entry = before.entries.get(number) or after.entries[number]
            found.append({"entry": number, "player": entry.player, "before": was, "after": will})
    return found


# -- move slips ------------------------------------------------------------------------------------


@router.get("/console/{tournament}/moves/slips")
async def move_slips(request: Request, tournament: str) -> Response:
    """The proposed moves as slips to print, one per player: name, from, to, why."""
    csrf_token(request)
    web = web_of(request)
    tournament = web.service.resolve(tournament)
    state = web.service.load(tournament).state
    slips = [move_json(move, state) for move in state.pending_moves]
    return render(
        request, "console/night_move_slips.html", id=tournament, title=state.title, slips=slips
    )


# -- the deal preview from typed counts ------------------------------------------------------------


@router.post("/console/{tournament}/deal/preview")
async def deal_preview(request: Request, tournament: str) -> Response:
    """The deal preview again, from the chip counts typed in the deal form (nothing recorded)."""
    data = await form(request)
    web, lang = web_of(request), language(request)
    tournament = web.service.resolve(tournament)
    state = web.service.load(tournament).state
    typed = typed_chips(data, lang, prefix="stack-")
    preview = await console_money.deal_preview_off_loop(state, lang, typed)
    return render(request, "console/night_deal_preview.html", m=preview)
