"""Public displays (no login, read-only): the clock and the seating list for a TV, and the player
lookup for a phone. Both displays update live over ``/ws/tournaments/{id}`` and start again from
the server's state after a restart (the clock is server-authoritative: DESIGN.md "Time")."""

from __future__ import annotations

import datetime
import unicodedata
from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from pokertd.present.desk import fold
from pokertd.present.formats import amount_text, ordinal, thousands
from pokertd.present.i18n import render as render_message
from pokertd.present.stakes import bets_text
from pokertd.present.words import words_for
from pokertd.service.documents import (
    entry_json,
    move_json,
    standings_json,
    status_document,
    tables_json,
)
from pokertd.service.people import PeopleService, person_ids
from pokertd.service.screens import ScreenService
from pokertd.tournament.reports import winnings
from pokertd.tournament.seating import MoveReason
from pokertd.tournament.state import TournamentState
from pokertd.web.context import Web, web_of
from pokertd.web.i18n import language
from pokertd.web.lookup import MAX_FOUND, MAX_NAME
from pokertd.web.templating import render

router = APIRouter(include_in_schema=False)


def display_document(web: Web, tournament: str, lang: str = "en") -> dict[str, Any]:
    """Return what the displays show: status and clock, tables, prize pool and payouts."""
    loaded = web.service.load(tournament)
    state = loaded.state
    status = status_document(loaded, tournament, web.now())
    ledger = state.ledger
    money = None
    if ledger.rules is not None:
        prizes = ledger.current_prizes()
        currency = ledger.rules.currency
        money = {
            "pool": ledger.pool,
            "currency": currency,
            "pool_text": amount_text(ledger.pool, currency, lang),
            "payouts": [
                {
                    "place": place,
                    "place_text": ordinal(place, lang),
                    "amount": amount,
                    "text": amount_text(amount, currency, lang),
                }
                for place, amount in enumerate(prizes, start=1)
            ],
        }
    return {
        "kind": "display",
        "version": loaded.version,
        "status": status,
        "shown": shown_numbers(status, lang),
        "tables": tables_json(loaded),
        "money": money,
        "results": results(state, lang) if state.winner is not None else None,
        "moved": moved(state, web.now()),
        # the director's layout of the clock (cells, colours, logo, sponsor, warnings)
        "layout": ScreenService(web.store).layout(tournament).to_json(),
        "server_time": web.now().isoformat(),
    }


#: Seconds the seating display announces the last moves made, long enough to be read and acted on.
ANNOUNCE_SECONDS = 90


def moved(state: TournamentState, now: datetime.datetime) -> dict[str, Any] | None:
    """Return the last moves made if they are recent enough to be announced (``left``: the
    seconds they stay on the seating display), each with its player, table and seat; the tables
    they broke (``broken``: the tables left by moves of reason ``break``); None otherwise."""
    if not state.last_moves:
        return None
    since = now - datetime.datetime.fromisoformat(state.last_moves_at)
    seconds = ANNOUNCE_SECONDS - since.total_seconds()
    if seconds <= 0:
        return None
    moves = [move_json(move, state) for move in state.last_moves]
    broken = sorted({m["from_table"] for m in moves if m["reason"] == MoveReason.BREAK})
    return {"left": seconds, "moves": moves, "broken": broken}


#: Places the clock lists once the tournament is over (the winner's screen): a TV's height.
RESULT_PLACES = 9


def results(state: TournamentState, lang: str) -> list[dict[str, Any]]:
    """Return the first places of a finished tournament for its end screen (ELIM-END): the place
    as an ordinal in ``lang``, the player and his prize (a deal's share, shared places split:
    ``reports.winnings``), written with the currency; an empty prize for a place not paid."""
    prizes, _ = winnings(state)
    currency = state.ledger.rules.currency if state.ledger.rules is not None else ""
    placed = sorted(
        (entry for entry in state.entries.values() if entry.place is not None),
        key=lambda entry: (entry.place or 0, entry.number),
    )
    return [
        {
            "place": entry.place,
            "place_text": ordinal(entry.place or 0, lang),
            "player": entry.player,
            "prize_text": amount_text(prizes[entry.number], currency, lang)
            if prizes.get(entry.number)
            else "",
        }
        for entry in placed[:RESULT_PLACES]
    ]


def shown_numbers(status: dict[str, Any], lang: str) -> dict[str, Any]:
    """Return the status's big numbers as the display writes them in ``lang``: thousands
    separated (``108 571`` in French, ``108,571`` in English), an em dash for none; and the
    stakes of a limit or stud level (``bets``, ``next_bets``: ``present.stakes.bets_text``)."""

    def number(value: int | None) -> str:
        return "—" if value is None else thousands(value, lang)

    average, big_blind = status["average_stack"], status["clock"]["level"]["big_blind"]
    words, in_blinds = words_for(lang), ""
    if average is not None and big_blind:  # the level in force (after a break: the next one)
        in_blinds = words("{count} BB", count=thousands(average / big_blind, lang))
    clock = status["clock"]
    return {
        # a limit or stud level's stakes in words ("" for blinds, which the page writes itself)
        "bets": bets_text(clock["level"], lang),
        "next_bets": [bets_text(level, lang) for level in clock["next_levels"]],
        "players": f"{number(status['players_left'])} / {number(status['entries'])}",
        "chips": number(status["chips_in_play"]),
        "average": number(average),
        "average_bb": in_blinds,
        "entries": number(status["entries"]),
        "reentries": number(status["reentries"]),
        "rebuys": number(status["rebuys"]),
        "addons": number(status["addons"]),
    }


@router.get("/display/{tournament}/clock")
async def clock(request: Request, tournament: str) -> Response:
    """The clock for a TV: level, blinds and ante, time left, next level, players, prize pool."""
    web = web_of(request)
    tournament = web.service.resolve(tournament)
    document = display_document(web, tournament, language(request))
    return render(request, "display/clock.html", id=tournament, doc=document)


@router.get("/display/{tournament}/seating")
async def seating(request: Request, tournament: str) -> Response:
    """The seating list for a TV, by player name."""
    web = web_of(request)
    tournament = web.service.resolve(tournament)
    document = display_document(web, tournament, language(request))
    return render(
        request, "display/seating.html", id=tournament, doc=document, by_name=by_name(document)
    )


def by_name(document: dict[str, Any]) -> list[dict[str, Any]]:
    """Return every seated player with his table and seat, in the order of names."""
    seated = [
        {"player": seat["player"], "table": table["table"], "seat": seat["seat"]}
        for table in document["tables"]
        for seat in table["seats"]
    ]
    return sorted(seated, key=lambda item: (_sort_key(item["player"]), item["table"]))


def _sort_key(name: str) -> str:
    """Return ``name`` as it sorts in a list of names: no case, no accents (É with E)."""
    return "".join(
        char for char in unicodedata.normalize("NFKD", name.casefold())
        if not unicodedata.combining(char)
    )  # fmt: skip


@router.get("/lookup")
async def lookup_index(request: Request) -> Response:
    """Choose the event to look a player up in."""
    web = web_of(request)
    states = [(t, web.service.load(t).state) for t in reversed(web.service.tournaments())]
    found = [(t, state.title) for t, state in states if _is_on(state)]
    return render(
        request, "lookup.html", events=found, id=None, name="", found=[], more=0, doc=None
    )


def _is_on(state: TournamentState) -> bool:
    """Whether the event is on, so that a player may look himself up (issue 18: the public
    lookup needs the event running): from its creation until it has a winner or is archived.
    After, his results are the club's to publish (a league's public pages), not a search."""
    return not state.archived and state.winner is None


def _public_names(web: Web, state: TournamentState, lang: str) -> dict[str, str]:
    """The names the club shows the public of the entries registered through the register (by
    person id): a lookup finds them by what the page will show, never by more (the full name
    of a player the club shows as "Chloé B." finds nobody)."""
    ids = person_ids(entry.player for entry in state.entries.values())
    names = PeopleService(web.store).shown_names(ids, public=True) if ids else {}
    return {person: render_message(name, lang) for person, name in names.items()}


@router.get("/lookup/{tournament}")
async def lookup(request: Request, tournament: str, name: str = "") -> Response:
    """Find a player's table and seat by name (part of it is enough), and his own history.

    At most ``MAX_FOUND`` players are shown, their histories read from the index of the log
    (``web.lookup``): a lookup never reads the whole history on the event loop.
    """
    web = web_of(request)
    tournament = web.service.resolve(tournament)
    loaded = web.service.load(tournament)
    if not _is_on(loaded.state):  # the lookup is for the night: over, it finds nobody
        return render(
            request, "lookup.html", events=[], id=tournament, name="", found=[], more=0,
            doc={"title": loaded.state.title}, closed=True,
        )  # fmt: skip
    lang = language(request)
    wanted = fold(name[:MAX_NAME])  # case, accents and spaces aside: "chloe" finds "Chloé"
    shown = _public_names(web, loaded.state, lang)  # a register's player by his public name
    matching = [
        e
        for e in loaded.state.entries.values()
        if wanted and wanted in fold(shown.get(e.player, e.player))
    ]
    found = []
    for entry in matching[:MAX_FOUND]:
        history = await web.lookup.history(tournament, loaded, lang, entry.number)
        public = {key: value for key, value in entry_json(entry).items() if key != "contact"}
        found.append({**public, "history": history})
    if found:
        standings = {s["entry"]: s for s in standings_json(loaded.state)}
        for item in found:
            item["standing"] = standings.get(item["entry"])
    return render(
        request, "lookup.html", events=[], id=tournament, name=name[:MAX_NAME], found=found,
        more=len(matching) - len(found), doc={"title": loaded.state.title},
    )  # fmt: skip
