"""The director's console, part 2: the money tab (prize pool, payouts, ledger, deals), penalties,
the player-list import, CSV exports and printed sheets.

Importing this module adds the money tab's context to ``console.SECTIONS`` and the actions
``deal``, ``penalty``, ``disqualify`` and ``quit`` to the console's ``/do/{action}`` forms; its
``router`` holds the routes of its own (payouts, import, exports, printing). Money is computed
by the domain (``pokertd.tournament.ledger``, ``payouts``, ``deals``) as the CLI's ``pokertd
tournament payouts|deal|ledger|export`` do.
"""

from __future__ import annotations

import csv
import io
import re
from typing import Any

from fastapi import APIRouter, Depends, Request
from starlette.datastructures import FormData, UploadFile
from starlette.responses import RedirectResponse, Response

from pokertd.errors import IllegalActionError, NotFoundError, ParseError, PokertdError
from pokertd.messages import message
from pokertd.present.desk import same_names
from pokertd.present.exports import export_rows, spreadsheet_csv
from pokertd.present.formats import format_money
from pokertd.present.i18n import error_text
from pokertd.present.money_input import parse_money
from pokertd.present.tournament_input import is_whole, parse_chips, parse_entry
from pokertd.present.words import words_for
from pokertd.tournament import commands as cmd
from pokertd.tournament import events as ev
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.deals import Deal, chip_chop, even_chop, icm_deal
from pokertd.tournament.payouts import PayoutTable
from pokertd.tournament.reports import statement_of
from pokertd.tournament.state import Entry, TournamentState
from pokertd.web.context import web_of
from pokertd.web.form_keys import Mark
from pokertd.web.i18n import language
from pokertd.web.offload import off_loop
from pokertd.web.pages import console
from pokertd.web.security import csrf_token, director, form
from pokertd.web.templating import render

router = APIRouter(include_in_schema=False, dependencies=[Depends(director)])

#: The largest player list accepted, in bytes.
MAX_UPLOAD = 1_000_000

EXPORTS = ("results", "payouts", "ledger", "people")

#: Column names read as the player's name and contact (the CLI reads ``name`` and ``contact``);
#: a list with a first-name column has its last name in ``nom`` (``Nom;Prénom``), and the two
#: make the name.
_NAME_COLUMNS = ("name", "player", "nom", "joueur")
_FIRST_NAME_COLUMNS = ("prénom", "prenom", "first name", "firstname", "first_name", "given name")
_LAST_NAME_COLUMNS = ("nom", "nom de famille", "last name", "lastname", "last_name", "surname")
_CONTACT_COLUMNS = ("contact", "email", "e-mail", "phone", "téléphone", "telephone")


def _field(data: FormData, name: str) -> str:
    value = data.get(name, "")
    return value.strip() if isinstance(value, str) else ""


def _items(text: str) -> list[str]:
    """Split a typed list: by semicolons or new lines if there are any (decimal commas stay),
    else by commas."""
    separator = r"[;\n]" if re.search(r"[;\n]", text) else ","
    return [item.strip() for item in re.split(separator, text) if item.strip()]


# -- the money tab --------------------------------------------------------------------------------


def money_section(loaded: Tournament, tournament: str, request: Request) -> dict[str, Any]:
    """Return the money tab's context: pool, prizes, deals, the ledger (empty without money)."""
    del tournament
    state, lang = loaded.state, language(request)
    ledger = state.ledger
    if ledger.rules is None:
        return {}

    def money(cents: int) -> str:
        return format_money(cents, lang)

    prizes = ledger.current_prizes()
    sheet = statement_of(state)
    lines = [
        {
            "entry": line.entry,
            "player": line.player,
            "place": line.place,
            "paid": money(line.paid),
            "prize": money(line.prize),
            "bounties": money(line.bounties),
            "tickets": money(line.tickets),  # SAT-TICKET
            "net": money(line.net),
            "net_cents": line.net,
        }
        for line in sheet.lines
    ]
    totals = {  # the template names them
        "taken": sheet.taken,
        "by_ticket": sheet.by_ticket,  # SAT-TICKET: not in the cash box
        "house": sheet.house,
        "overlay": sheet.overlay,
        "fees": -sheet.fees,
        "prizes": -sheet.prizes,
        "bounties": -sheet.bounties,
        "on_heads": -sheet.on_heads,
        "unawarded": -sheet.unawarded,
        "tickets": -sheet.tickets,  # SAT-TICKET
    }
    return {
        "currency": ledger.rules.currency,
        "pool": money(ledger.pool),
        "pool_cents": ledger.pool,
        "overlay": money(ledger.overlay) if ledger.overlay else "",
        "paid_entries": ledger.entries,
        "fixed": ledger.prizes is not None,
        "prizes": [
            {"place": place, "prize": money(cents), "cents": cents}
            for place, cents in enumerate(prizes, 1)
        ],
        "prizes_total": money(sum(prizes)),
        "lines": lines,
        "totals": {key: money(value) for key, value in totals.items()},
        "balances": sheet.balances,
        "has_tickets": bool(sheet.tickets),
        "paid_by_ticket": bool(sheet.by_ticket),
        "deal": _deal_made(state, lang),
        **deal_preview(state, lang),
    }


def _deal_made(state: TournamentState, lang: str) -> dict[str, Any] | None:
    ledger = state.ledger
    if ledger.deal is None:
        return None
    shares = [
        {"entry": number, "player": state.entries[number].player, "share": format_money(c, lang)}
        for number, c in sorted(ledger.deal.items())
    ]
    left = ledger.left_to_play
    return {"shares": shares, "left": format_money(left, lang) if left else ""}


def deal_preview(
    state: TournamentState, lang: str, typed: dict[int, int] | None = None
) -> dict[str, Any]:
    """The deals the players left could make now (nothing recorded), or why there are none;
    ``typed`` chip counts replace the recorded ones (the deal form's, as they are typed)."""
    asked = _deal_asked(state, typed)
    if asked is None:
        return {"deal_players": [], "deal_problem": ""}
    return _deal_shown(state, lang, asked, _worked_out(*asked[1:]), typed)


async def deal_preview_off_loop(
    state: TournamentState, lang: str, typed: dict[int, int] | None = None
) -> dict[str, Any]:
    """``deal_preview`` with the deals worked out in a worker thread: an ICM deal among 16
    players walks 65,536 sets of players (issue 16: nothing that long on the event loop)."""
    asked = _deal_asked(state, typed)
    if asked is None:
        return {"deal_players": [], "deal_problem": ""}
    found = await off_loop(_worked_out, *asked[1:])
    return _deal_shown(state, lang, asked, found, typed)


#: The players left, their stacks, the prizes they play for and the money unit.
DealAsked = tuple[list[int], list[int], list[int], int]


def _deal_asked(state: TournamentState, typed: dict[int, int] | None) -> DealAsked | None:
    """What the deals are worked out from (read on the event loop), None when none is open."""
    ledger = state.ledger
    players = sorted(entry.number for entry in state.active())
    no_money = ledger.rules is None  # an event without money: no prizes to share
    if state.winner is not None or ledger.deal is not None or len(players) < 2 or no_money:
        return None
    assert ledger.rules is not None
    typed = typed or {}
    stacks = [typed.get(n, state.entries[n].stack or 0) for n in players]
    return players, stacks, list(ledger.current_prizes()[: len(players)]), ledger.rules.unit


def _worked_out(stacks: list[int], prizes: list[int], unit: int) -> dict[str, Deal] | ParseError:
    """The three deals, or why they cannot be made (no pool yet, a stack unknown)."""
    try:
        return {
            "icm": icm_deal(stacks, prizes, unit=unit),
            "chip-chop": chip_chop(stacks, prizes, unit=unit),
            "even-chop": even_chop(stacks, prizes, unit=unit),
        }
    except ParseError as error:
        return error


def _deal_shown(
    state: TournamentState,
    lang: str,
    asked: DealAsked,
    found: dict[str, Deal] | ParseError,
    typed: dict[int, int] | None = None,
) -> dict[str, Any]:
    players, stacks = asked[0], asked[1]
    if isinstance(found, ParseError):  # shown, the form stays usable
        return {
            "deal_players": _deal_rows(state, players, stacks, {}, typed or {}),
            "deal_problem": error_text(found, lang),
        }
    amounts = {
        name: [format_money(cents, lang) for cents in deal.amounts] for name, deal in found.items()
    }
    return {
        "deal_players": _deal_rows(state, players, stacks, amounts, typed or {}),
        "deal_problem": "",
    }


def _deal_rows(
    state: TournamentState,
    players: list[int],
    stacks: list[int],
    amounts: dict[str, list[str]],
    typed: dict[int, int],
) -> list[dict[str, Any]]:
    return [
        {
            "entry": number,
            "player": state.entries[number].player,
            "stack": stacks[index],
            "recorded": state.entries[number].stack,
            "typed": typed.get(number),
            "amounts": {name: values[index] for name, values in amounts.items()},
        }
        for index, number in enumerate(players)
    ]


@router.post("/console/{tournament}/payouts")
async def set_payouts(request: Request, tournament: str) -> Response:
    """Fix the prizes: the standard table, a table of percentages (``50,30,20`` or ``1: 50,
    2: 30, 3: 20``) or amounts (``500,300,200``), as ``pokertd tournament payouts`` does."""
    data = await form(request)
    web = web_of(request)
    tournament = web.service.resolve(tournament)
    state = web.service.load(tournament).state
    await web.execute(tournament, _payouts_command(data, state, language(request)))
    if request.headers.get("hx-request"):
        return await console.event(request, tournament, tab="money")
    return RedirectResponse(f"/console/{tournament}?tab=money", 303)


def _payouts_command(data: FormData, state: TournamentState, lang: str) -> cmd.SetPayouts:
    mode, text = _field(data, "mode") or "standard", _field(data, "prizes")
    if mode == "standard":
        return cmd.SetPayouts(None)
    if mode not in ("percent", "amounts"):
        raise ParseError(
            message("payouts are 'standard', 'percent' or 'amounts', not {mode!r}", mode=mode)
        )
    if not text:
        raise ParseError(message("type the prizes, such as 50,30,20"))
    words = words_for(lang)
    if mode == "amounts":
        what = words("a prize")
        return cmd.SetPayouts(
            tuple(parse_money(item, what=what, words=words) for item in _items(text))
        )
    if ":" not in text:  # "50,30,20": the percentages of places 1, 2, 3
        text = "; ".join(f"{place}: {item}" for place, item in enumerate(_items(text), 1))
    ledger = state.ledger
    unit = ledger.rules.unit if ledger.rules is not None else 1
    return cmd.SetPayouts(PayoutTable.parse(text).pay(ledger.pool, unit=unit).amounts)


def _numbered(data: FormData, prefix: str) -> dict[int, str]:
    """Return the non-empty ``<prefix><entry>`` fields of a form, by entry."""
    found = {}
    for key, value in data.multi_items():
        number = key.removeprefix(prefix)
        if key.startswith(prefix) and is_whole(number) and isinstance(value, str) and value.strip():
            found[int(number)] = value.strip()
    return found


def _deal(data: FormData, lang: str) -> cmd.Command:
    words = words_for(lang)
    left = _field(data, "left")
    stacks = {
        number: parse_chips(text, what=words("the chips of #{number}", number=number), words=words)
        for number, text in _numbered(data, "stack-").items()
    }
    method = _field(data, "method") or "icm"
    amounts = {}
    if method == "custom":
        amounts = {
            number: parse_money(
                text, what=words("the share of #{number}", number=number), words=words
            )
            for number, text in _numbered(data, "amount-").items()
        }
    kept = parse_money(left, what=words("the money left to play for"), words=words) if left else 0
    return cmd.MakeDeal(method, stacks, kept, amounts)


# -- penalties ------------------------------------------------------------------------------------


def _entry(data: FormData, lang: str) -> int:
    text = _field(data, "entry")
    if not text:
        raise ParseError(message("give the entry number"))
    return parse_entry(text, words=words_for(lang))


console.SECTIONS["money"] = money_section
console.register_commands(
    {
        "deal": _deal,
        "disqualify": lambda d, lang: cmd.Disqualify(_entry(d, lang), _field(d, "reason")),
        "quit": lambda d, lang: cmd.Quit(_entry(d, lang)),
    }
)


# -- the player-list import -----------------------------------------------------------------------


def decode_upload(content: bytes, name: str) -> str:
    """Return the text of an uploaded player list: UTF-8 (with or without BOM), UTF-16 with a
    BOM (a spreadsheet's "Unicode text" export) or Windows-1252 (an older spreadsheet's CSV).

    Raises ParseError for a file that is not text, such as a spreadsheet saved as ``.xlsx``.

    >>> decode_upload("Zoé".encode("cp1252"), "list.csv")
    'Zoé'
    """
    if content.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return content.decode("utf-16")
        except UnicodeDecodeError:
            pass
    elif b"\x00" not in content:
        for encoding in ("utf-8-sig", "cp1252"):
            try:
                text = content.decode(encoding)
            except UnicodeDecodeError:
                continue
            if not re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]", text):
                return text
    if content.startswith(b"PK"):  # .xlsx and .ods are zip files
        raise ParseError(
            message(
                "{name!r} is a spreadsheet file, not text: save it as CSV and import that",
                name=name,
            ),
        )
    raise ParseError(
        message("{name!r} is not a text file: import a CSV or tab-separated list", name=name)
    )


def read_player_list(text: str, name: str) -> list[tuple[int, str, str]]:
    """Read a player list with a header row (comma, semicolon or tab separated): return
    (line number, name, contact) for each row that is not blank.

    The name is the ``name`` column (or ``player``, ``nom``, ``joueur``), or the first name and
    the last name of ``prénom`` and ``nom`` (or ``first name`` and ``last name``), the contact the
    ``contact`` column (or ``email``, ``phone``...), if any; as ``pokertd tournament import``'s
    ``read_csv``, the separator is the one the header uses most. Raises ParseError for an empty
    file, a missing name column, a row longer than the header.

    >>> read_player_list("Nom;Email\\nAnn;a@x\\n;\\nBob;", "l.csv")
    [(2, 'Ann', 'a@x'), (4, 'Bob', '')]
    >>> read_player_list("Nom;Prénom\\nMartin;Zoé", "l.csv")
    [(2, 'Zoé Martin', '')]
    """
    header = text.splitlines()[0] if text.strip() else ""
    if not header.strip():
        raise ParseError(
            message("{name!r} is empty: it needs a header row with a 'name' column", name=name)
        )
    delimiter = max(",;\t", key=header.count)
    try:
        rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    except csv.Error as error:
        raise ParseError(
            message("{name!r} is not valid CSV: {error}", name=name, error=error)
        ) from None
    columns = [column.strip().lower() for column in rows[0]]
    firsts = [columns.index(c) for c in _FIRST_NAME_COLUMNS if c in columns]
    lasts = [columns.index(c) for c in _LAST_NAME_COLUMNS if c in columns]
    named = [columns.index(c) for c in _NAME_COLUMNS if c in columns]
    if firsts and lasts:
        named = [firsts[0], lasts[0]]
    if not named:
        raise ParseError(
            message("{name!r} has no 'name' column (it has {columns})", name=name, columns=columns)
        )
    contacts = [columns.index(c) for c in _CONTACT_COLUMNS if c in columns]
    found = []
    for line, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > len(columns):
            raise ParseError(
                message(
                    "{name!r} line {line} has more cells than the header", name=name, line=line
                ),
            )
        cells = [*row, *[""] * (len(columns) - len(row))]
        contact = cells[contacts[0]].strip() if contacts else ""
        name = " ".join(cells[column].strip() for column in named if cells[column].strip())
        found.append((line, name, contact))
    return found


def _too_large() -> ParseError:
    limit = MAX_UPLOAD // 1_000_000
    return ParseError(
        message(
            "the file is larger than {limit} MB: a player list is much smaller; "
            "check that it is the right file",
            limit=limit,
        ),
    )


def _import_row(
    request: Request, tournament: str, row: tuple[int, str, str], key: Mark, *, paid: bool
) -> dict[str, Any]:
    """Register one row of a player list; return its line of the report.

    Each row's command is stored with its own form key (the list's key and the row's line) in
    one transaction: a list resent after a crash in the middle of its import registers only the
    rows not yet registered, and reports the others as registered (issue 15).
    """
    web, keys = web_of(request), console.sent_keys(request)
    line, name, contact = row
    outcome: dict[str, Any] = {"line": line, "name": name, "ok": True, "entry": None}
    mark = (tournament, f"{key[1][:56]}#{line}") if key[1] else None
    try:
        if not name:
            raise ParseError(message("the name is empty"))
        state = web.service.load(tournament).state
        same = same_names(state.entries.values(), name)
        if mark is not None and mark in keys and same:  # registered by this list, sent before
            outcome["entry"] = same[0].number
            return outcome
        if same:
            raise ParseError(
                message(
                    "{other} (#{entry}) is already registered",
                    other=same[0].player,
                    entry=same[0].number,
                )
            )
        receipt = None if mark is None else keys.receipt(mark)
        register = cmd.Register(name, contact, paid=paid)
        done = web.service.execute(tournament, register, receipt=receipt).events
        if mark is not None:
            keys.remember(mark, tournament)
        outcome["entry"] = next(e.entry for e in done if isinstance(e, ev.PlayerRegistered))
    except PokertdError as error:  # the row is reported and the import goes on
        rule = error.rule if isinstance(error, IllegalActionError) else None
        outcome.update(ok=False, error=error_text(error, language(request)), rule=rule)
    return outcome


@router.post("/console/{tournament}/import")
async def import_players(request: Request, tournament: str) -> Response:
    """Register every row of an uploaded player list; show which rows were registered and
    which were refused, and why (a refused row does not stop the others)."""
    length = request.headers.get("content-length", "")
    if is_whole(length) and int(length) > MAX_UPLOAD + 64_000:  # the file and the form around it
        raise _too_large()
    data = await form(request)
    web = web_of(request)
    tournament = web.service.resolve(tournament)
    upload = data.get("file")
    if not isinstance(upload, UploadFile) or not upload.filename:
        raise ParseError(message("choose a file to import"))
    content = await upload.read(MAX_UPLOAD + 1)
    if len(content) > MAX_UPLOAD:
        raise _too_large()
    rows = read_player_list(decode_upload(content, upload.filename), upload.filename)
    keys, key = console.sent_keys(request), (tournament, _field(data, "key")[:64])
    if key[1] and key in keys:  # the same list sent twice (a double click): imported once
        return RedirectResponse(f"/console/{tournament}?tab=desk", 303)
    paid = _field(data, "paid") != "0"  # the form says whether the list's players have paid
    report = [_import_row(request, tournament, row, key, paid=paid) for row in rows]
    if key[1]:
        keys[key] = ""
    await web.hub.flush()
    return render(
        request,
        "console/money_import.html",
        id=tournament,
        title=web.service.load(tournament).state.title,
        file=upload.filename,
        rows=report,
        registered=sum(row["ok"] for row in report),
        refused=sum(not row["ok"] for row in report),
    )


# -- exports --------------------------------------------------------------------------------------


@router.get("/console/{tournament}/export/{what}.csv")
async def export(request: Request, tournament: str, what: str) -> Response:
    """Download the results, the payouts, the ledger (by entry) or the ledger by person as CSV."""
    web = web_of(request)
    tournament = web.service.resolve(tournament)
    if what not in EXPORTS:
        raise NotFoundError(
            message("there is no export {what!r}: results, payouts, ledger or people", what=what)
        )
    history = list(web.service.load(tournament).events)  # events never change: the thread's copy
    text = await off_loop(export_text, history, what, language(request))
    disposition = f'attachment; filename="{tournament}-{what}.csv"'
    return Response(
        text, media_type="text/csv; charset=utf-8", headers={"Content-Disposition": disposition}
    )


def export_text(history: list[ev.TournamentEvent], what: str, lang: str) -> str:
    """Return the CSV of ``what`` for the tournament ``history`` builds (in a worker thread: the
    statement of a 1,000-player event takes about 100 ms, issue 16)."""
    state = Tournament.replay(history).state
    return spreadsheet_csv(export_rows(what, state), lang)


# -- printing -------------------------------------------------------------------------------------


@router.get("/console/{tournament}/print/{sheet}")
async def print_sheet(request: Request, tournament: str, sheet: str) -> Response:
    """Show a sheet to print: seat tickets, table lists or the payouts."""
    csrf_token(request)
    web = web_of(request)
    tournament = web.service.resolve(tournament)
    state = web.service.load(tournament).state
    context: dict[str, Any] = {"id": tournament, "title": state.title}
    if sheet == "tickets":
        seated = [e for e in state.active() if e.table is not None and e.seat is not None]
        seated.sort(key=lambda e: (e.table or 0, e.seat or 0))
        one = request.query_params.get("entry", "")[:12]
        if one:  # one player's ticket, printed at the desk as he registers late
            seated = _one_ticket(seated, parse_entry(one, words=words_for(language(request))))
        now = request.query_params.get("print") == "1"
        return render(
            request, "console/money_print_tickets.html", **context, seated=seated, print_now=now
        )
    if sheet == "tables":
        tables = [
            (number, sorted((seat, state.entries[int(e)]) for seat, e in table.players.items()))
            for number, table in sorted(state.tables.items())
        ]
        return render(request, "console/money_print_tables.html", **context, tables=tables)
    if sheet == "payouts":
        return render(
            request,
            "console/money_print_payouts.html",
            **context,
            **_payout_sheet(state, language(request)),
        )
    raise NotFoundError(
        message("there is no sheet {sheet!r} to print: tickets, tables or payouts", sheet=sheet)
    )


def _one_ticket(seated: list[Entry], number: int) -> list[Entry]:
    """The seat ticket of entry ``number`` alone; refused when he has no seat."""
    found = [entry for entry in seated if entry.number == number]
    if not found:
        raise NotFoundError(message("entry {entry} has no seat to print", entry=number))
    return found


def _payout_sheet(state: TournamentState, lang: str) -> dict[str, Any]:
    """The payout sheet: who wins what, from the ledger's statement (the source of the money
    tab, the results and the exports): a recorded deal's shares, then each place's prize, to
    its player once he has it."""
    ledger = state.ledger
    if ledger.rules is None:
        return {"has_money": False, "prizes": [], "pool": "", "currency": "", "paid_entries": 0}
    won = {line.entry: line.prize for line in statement_of(state).lines}
    dealt = ledger.deal or {}
    rows: list[dict[str, Any]] = [
        {
            "place": _places(state, number) or "—",
            "prize": format_money(won.get(number, 0), lang),
            "players": state.entries[number].player,
            "deal": True,
        }
        for number in sorted(dealt, key=lambda n: (state.entries[n].place or 0, -dealt[n], n))
    ]
    covered = set(range(1, len(dealt) + 1))
    for place, cents in enumerate(ledger.current_prizes(), 1):
        if place in covered:
            continue
        placed = [e for e in state.entries.values() if e.place == place and e.number not in dealt]
        for entry in sorted(placed, key=lambda e: e.number):
            covered.update(range(place, place + entry.shared))
            prize = format_money(won.get(entry.number, 0), lang)
            rows.append({"place": _places(state, entry.number), "prize": prize,
                         "players": entry.player, "deal": False})  # fmt: skip
        if not placed:
            rows.append({"place": str(place), "prize": format_money(cents, lang),
                         "players": "", "deal": False})  # fmt: skip
    return {
        "has_money": True,
        "prizes": rows,
        "pool": format_money(ledger.pool, lang),
        "currency": ledger.rules.currency,
        "paid_entries": ledger.entries,
        "left_to_play": format_money(ledger.left_to_play, lang) if ledger.left_to_play else "",
    }


def _places(state: TournamentState, number: int) -> str:
    """An entry's place, ``3`` or ``3–4`` for a place shared by two (ELIM-SIMULTANEOUS)."""
    entry = state.entries[number]
    if entry.place is None:
        return ""
    last = entry.place + entry.shared - 1
    return str(entry.place) if last == entry.place else f"{entry.place}–{last}"
