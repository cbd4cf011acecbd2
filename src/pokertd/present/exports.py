"""The CSV exports of a tournament (results, payouts, ledger), shared by ``pokertd tournament
export`` and the console's downloads.

Comma-separated, amounts with a decimal point; the results file is what ``pokertd league
add-event --csv`` reads. The ledger is by entry; ``people`` is the same money by person (a player
and his re-entries). The console's downloads in French are as French Excel opens them, their
columns named in French (``spreadsheet_csv``).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence

from pokertd.messages import Message, message
from pokertd.present.tournament_views import places
from pokertd.present.words import words_for
from pokertd.tournament.payouts import format_money
from pokertd.tournament.reports import statement_of
from pokertd.tournament.state import TournamentState

#: What makes a spreadsheet read a cell as a formula (or a DDE call) when it starts with it.
_FORMULA = ("=", "+", "-", "@", "\t", "\r")
#: A number (a decimal point or comma) stays a number: it is no formula.
_NUMBER = re.compile(r"[+-]?[0-9]+(?:[.,][0-9]+)?")


def neutral(cell: str) -> str:
    r"""Return ``cell`` as a spreadsheet reads it as text: a cell that starts like a formula (a
    player named ``=HYPERLINK(...)``) gets a leading apostrophe; numbers stay as they are.

    >>> neutral("=1+1"), neutral("@SUM(A1)"), neutral("-12.50"), neutral("Ana"), neutral("\t=x")
    ("'=1+1", "'@SUM(A1)", '-12.50', 'Ana', "'\t=x")
    """
    if cell.startswith(_FORMULA) and not _NUMBER.fullmatch(cell):
        return "'" + cell
    return cell


def csv_text(rows: Sequence[Sequence[str]], delimiter: str = ",") -> str:
    """Return ``rows`` as CSV text, one line each, every cell ``neutral``."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=delimiter, lineterminator="\n")
    writer.writerows([neutral(cell) for cell in row] for row in rows)
    return buffer.getvalue()


_AMOUNT = re.compile(r"-?\d+\.\d+")

#: The columns' names as a spreadsheet in the reader's language heads them (issue 15, defect
#: 15); the French results still read back into a league (``pokertd.league.results.COLUMNS``).
_HEADINGS: dict[str, Message] = {
    "place": message("Place"),
    "player": message("Player"),
    "entry": message("Entry"),
    "entries": message("Entries"),
    "prize": message("Prize"),
    "bounties": message("Bounties"),
    "paid": message("Paid"),
    "net": message("Net"),
    "buy-in": message("Buy-in"),
    "re-entry": message("Re-entry"),
    "rebuy": message("Rebuy"),
    "add-on": message("Add-on"),
}


def spreadsheet_csv(rows: list[list[str]], lang: str) -> str:
    r"""Return ``rows`` as CSV for the reader's spreadsheet: in French, as French Excel opens it
    (semicolons, decimal commas, and a byte order mark, without which Excel reads UTF-8 as
    Windows-1252); otherwise ``csv_text``. Every cell is ``neutral`` in both.

    The French file's first row (the columns' names) is in French.

    >>> spreadsheet_csv([["place", "prize"], ["1", "18.50"]], "fr")
    '\ufeffPlace;Prix\r\n1;18,50\r\n'
    """
    if lang != "fr":
        return csv_text(rows)
    buffer = io.StringIO()
    buffer.write("\ufeff")
    words = words_for(lang)
    heading = [words(_HEADINGS[c]) if c in _HEADINGS else c for c in rows[0]] if rows else []
    french = [
        [neutral(c.replace(".", ",") if _AMOUNT.fullmatch(c) else c) for c in row]
        for row in [heading, *rows[1:]][: len(rows)]
    ]
    csv.writer(buffer, delimiter=";", lineterminator="\r\n").writerows(french)
    return buffer.getvalue()


def export_rows(what: str, state: TournamentState) -> list[list[str]]:
    """Return the rows of ``what`` (``results``, ``payouts``, ``ledger`` or ``people``), header
    first."""
    money = format_money  # CSV: a decimal point whatever the language
    has_money = state.ledger.rules is not None
    if what == "payouts":
        prizes = state.ledger.current_prizes() if has_money else ()
        return [["place", "prize"], *([str(p), money(c)] for p, c in enumerate(prizes, 1))]
    if what == "people":
        return people_rows(state)
    sheet = statement_of(state) if has_money else None
    if what == "ledger":
        lines = sheet.lines if sheet is not None else ()
        return [
            ["entry", "player", "place", "paid", "prize", "bounties", "net"],
            *(
                [
                    str(x.entry),
                    x.player,
                    "" if x.place is None else str(x.place),
                    money(x.paid),
                    money(x.prize),
                    money(x.bounties),
                    money(x.net),
                ]
                for x in lines
            ),
        ]
    won = {line.entry: line for line in sheet.lines} if sheet is not None else {}
    placed = sorted(
        (e for e in state.entries.values() if e.place is not None),
        key=lambda e: (e.place, e.number),
    )
    rows = [["place", "player", "entry", "prize", "bounties"]]
    for entry in placed:
        line = won.get(entry.number)
        prize, bounties = (line.prize, line.bounties) if line else (0, 0)
        rows.append(
            [
                places(entry.place, entry.shared),
                entry.player,
                str(entry.number),
                money(prize),
                money(bounties),
            ]
        )
    return rows


#: The columns of the ledger by person, after the player and his entries: each kind of payment.
_PAID_KINDS = {"buy-in": ("buy-in",), "re-entry": ("re-entry",), "rebuy": ("rebuy",),
               "add-on": ("add-on", "double-add-on")}  # fmt: skip


def people_rows(state: TournamentState) -> list[list[str]]:
    """Return the ledger by person, header first: a player's entries (his first and the
    re-entries that follow it), what he paid by kind (refunds deducted), his best place (none
    while he is still in), prizes, bounties and net; in the order of the first entries."""
    money = format_money
    lines = {line.entry: line for line in statement_of(state).lines} if state.ledger.rules else {}
    people: dict[int, list[int]] = {}
    for number in sorted(state.entries):
        people.setdefault(_first_entry(state, number), []).append(number)
    rows = [["player", "entries", *_PAID_KINDS, "paid", "place", "prize", "bounties", "net"]]
    for first, numbers in people.items():
        paid = {kind: _paid(state, numbers, kinds) for kind, kinds in _PAID_KINDS.items()}
        mine = [lines[n] for n in numbers if n in lines]
        placed = [state.entries[n] for n in numbers if state.entries[n].place is not None]
        still_in = any(state.entries[n].status.is_active for n in numbers)
        best = None if still_in else min(placed, key=lambda e: e.place or 0, default=None)
        rows.append(
            [
                state.entries[first].player,
                " ".join(f"#{n}" for n in numbers),
                *(money(amount) for amount in paid.values()),
                money(sum(line.paid for line in mine)),
                "" if best is None or best.place is None else places(best.place, best.shared),
                money(sum(line.prize for line in mine)),
                money(sum(line.bounties for line in mine)),
                money(sum(line.net for line in mine)),
            ]
        )
    return rows


def _first_entry(state: TournamentState, number: int) -> int:
    """The first entry of the player of entry ``number`` (re-entries point to the one before)."""
    while (previous := state.entries[number].reentry_of) is not None:
        number = previous
    return number


def _paid(state: TournamentState, numbers: Sequence[int], kinds: Sequence[str]) -> int:
    """Cents paid by these entries for these kinds of payment, refunds deducted."""
    ledger, chosen = state.ledger, set(numbers)
    taken = sum(p.price.total for p in ledger.payments if p.entry in chosen and p.kind in kinds)
    back = sum(p.price.total for p in ledger.refunds if p.entry in chosen and p.kind in kinds)
    return taken - back
