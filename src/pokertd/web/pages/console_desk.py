"""The director's console, part 3: the registration desk as the door sees it.

Each entry's state at the door (pre-registered, paid, checked in, seated, absent, busted), with a
filter by state and a search that ignores case and accents (``pokertd.present.desk``); a walk-in
registered at the desk is checked in and pays there; a name already registered (case, spaces and
accents aside) is refused until the director says it is another player.

Importing this module adds the desk tab's context to ``console.SECTIONS``, the ``register``
and ``pay`` actions and the check of a registration's name.
"""

from __future__ import annotations

import secrets
from collections import Counter
from dataclasses import replace
from typing import Any
from urllib.parse import parse_qs, urlsplit

from fastapi import APIRouter, Depends, Request
from starlette.datastructures import FormData
from starlette.responses import RedirectResponse, Response

from pokertd.errors import ParseError
from pokertd.messages import message
from pokertd.present.desk import (
    DESK_STATES,
    desk_state,
    desk_state_names,
    matches,
    paid_entries,
    same_names,
)
from pokertd.present.i18n import render
from pokertd.present.tournament_input import parse_entry
from pokertd.present.words import words_for
from pokertd.service.documents import entry_json
from pokertd.service.people import PERSON_ID, PeopleService, person_ids
from pokertd.tournament import commands as cmd
from pokertd.tournament import events as ev
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.entries import may_reenter, registration_is_open
from pokertd.tournament.state import TournamentState
from pokertd.web.context import web_of
from pokertd.web.i18n import language
from pokertd.web.pages import console
from pokertd.web.security import director, form

router = APIRouter(include_in_schema=False, dependencies=[Depends(director)])


def _field(data: FormData, name: str) -> str:
    value = data.get(name, "")
    return value.strip() if isinstance(value, str) else ""


def desk_filter(request: Request) -> tuple[str, str]:
    """The desk's search and state filter: from the address asked, or, after a form, from the
    page's address (HTMX sends it), so that a change keeps the list as the director set it."""
    query = dict(request.query_params)
    current = request.headers.get("hx-current-url", "")
    if request.method == "POST" and current:
        query = {key: values[-1] for key, values in parse_qs(urlsplit(current).query).items()}
    show = query.get("show", "")
    return query.get("q", "")[:100], show if show in DESK_STATES else ""


def desk_section(loaded: Tournament, tournament: str, request: Request) -> dict[str, Any]:
    """The desk tab's context: the rows shown, the count of each state, the filter."""
    del tournament
    search, show = desk_filter(request)
    state = loaded.state
    paid = paid_entries(state)
    now = web_of(request).now()
    counts: Counter[str] = Counter()
    rows = []
    names = _register_names(request, state) if search else {}
    for entry in state.entries.values():
        where = desk_state(entry, entry.number in paid)
        counts[where] += 1
        named = replace(entry, player=names.get(entry.player, entry.player))
        if (search and not matches(search, named)) or (show and where != show):
            continue
        offers = {"reenter": may_reenter(state, entry, now)}
        rows.append({**entry_json(entry), "desk": where, "paid": entry.number in paid, **offers})
    rules = state.ledger.rules
    return {
        # SEAT-LATE-WINDOW (LFP 2.16, TDA 7): once closed, the desk registers nobody
        "registration_open": registration_is_open(state, now),
        # the buttons the event's money rules can take (BUY-REBUY-ELIGIBILITY, BUY-ADDON)
        "rebuys": rules is not None and rules.rebuy is not None,
        "addons": rules is not None and (rules.addon is not None or rules.double_addon is not None),
        "rows": rows,
        "counts": counts,
        "show": show,
        "search": search,
        "states": DESK_STATES,
        "state_names": desk_state_names(words_for(language(request))),
        "form_key": secrets.token_urlsafe(12),
        "seated_now": last_seated(loaded),
    }


def last_seated(loaded: Tournament) -> dict[str, Any] | None:
    """The seat of the player the desk registered (or re-entered, or gave a seat) last, after
    the draw, for the cashier to say aloud: shown until the next registration. None before the
    draw, when the last registration took no seat (a waiting list), or when that player has
    left his seat since (busted, or his registration undone)."""
    for event in reversed(loaded.events):
        if isinstance(event, ev.PlayerSeated):
            entry = loaded.state.entries.get(event.entry)
            if entry is not None and entry.table is not None and entry.seat is not None:
                return {
                    "entry": entry.number,
                    "player": entry.player,
                    "table": entry.table,
                    "seat": entry.seat,
                }
        if isinstance(event, ev.PlayerRegistered | ev.SeatsDrawn):
            return None
    return None


def _register_names(request: Request, state: TournamentState) -> dict[str, str]:
    """The director's names of the entries registered through the register (by person id), so
    that the desk's search finds them by name."""
    ids = person_ids(entry.player for entry in state.entries.values())
    shown = PeopleService(web_of(request).store).shown_names(ids, public=False)
    return {person: render(name, language(request)) for person, name in shown.items()}


def _register(data: FormData, lang: str) -> cmd.Command:
    """A player registered at the desk: the desk's form says whether he paid and is here (a
    walk-in, by default); another form (the API's) registers him paid, not checked in."""
    del lang
    # a person picked from the register: the log keeps his pseudonymous id, no name, no contact
    person = _field(data, "person")
    name = person if PERSON_ID.fullmatch(person) else _field(data, "player")
    if not name:
        raise ParseError(message("type the player's name"))
    contact = "" if PERSON_ID.fullmatch(person) else _field(data, "contact")
    if not _field(data, "desk"):
        return cmd.Register(name, contact)
    paid, here = data.getlist("paid"), data.getlist("here")
    return cmd.Register(name, contact, paid=bool(paid), checked_in=bool(here))


def check_name(data: FormData, state: TournamentState, lang: str) -> None:
    """Refuse a name already registered (case, spaces and accents aside) unless the director
    ticked that it is another player of the same name."""
    del lang
    person = _field(data, "person")
    name = person if PERSON_ID.fullmatch(person) else _field(data, "player")
    if _field(data, "homonym") or not name:
        return
    found = same_names(state.entries.values(), name)
    if found:
        first = found[0]
        raise ParseError(
            message(
                "{name} looks like {other} (#{entry}), already registered: tick "
                "'another player of the same name' to register him",
                name=name,
                other=first.player,
                entry=first.number,
            )
        )


console.SECTIONS["desk"] = desk_section
console.CHECKS["register"] = check_name
console.register_commands(
    {
        "register": _register,
        "pay": lambda d, lang: cmd.PayBuyIn(parse_entry(_field(d, "entry"), words=words_for(lang))),
    }
)


@router.post("/console/{tournament}/archive")
async def archive(request: Request, tournament: str) -> Response:
    """Put an event away, out of every list (``archived=0``: bring it back); nothing is
    deleted, the event file keeps it."""
    data = await form(request)
    web = web_of(request)
    tournament = web.service.resolve(tournament)
    archived = _field(data, "archived") != "0"
    with console.sent_once(request, tournament, _field(data, "key")) as sent:
        if sent.first:
            web.service.execute(tournament, cmd.ArchiveTournament(archived), receipt=sent.receipt)
    await web.hub.flush()
    return RedirectResponse("/console", 303)
