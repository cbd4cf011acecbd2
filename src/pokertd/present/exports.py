"""The CSV exports of a tournament (results, payouts, ledger), shared by ``pokertd tournament
export`` and the console's downloads.

Comma-separated, amounts with a decimal point; the results file is what ``pokertd league
add-event --csv`` reads. The console's downloads in French are as French Excel opens them
(``spreadsheet_csv``).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence

from pokertd.present.tournament_views import places
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


def spreadsheet_csv(rows: list[list[str]], lang: str) -> str:
    r"""Return ``rows`` as CSV for the reader's spreadsheet: in French, as French Excel opens it
    (semicolons, decimal commas, and a byte order mark, without which Excel reads UTF-8 as
    Windows-1252); otherwise ``csv_text``.

    >>> spreadsheet_csv([["place", "prize"], ["1", "18.50"]], "fr")
    '\ufeffplace;prize\r\n1;18,50\r\n'
    """
    if lang != "fr":
        return csv_text(rows)
    buffer = io.StringIO()
    buffer.write("\ufeff")
    french = [[c.replace(".", ",") if _AMOUNT.fullmatch(c) else c for c in row] for row in rows]
    csv.writer(buffer, delimiter=";", lineterminator="\r\n").writerows(french)
    return buffer.getvalue()


def export_rows(what: str, state: TournamentState) -> list[list[str]]:
    """Return the rows of ``what`` (``results``, ``payouts`` or ``ledger``), header first."""
    money = format_money  # CSV: a decimal point whatever the language
    has_money = state.ledger.rules is not None
    if what == "payouts":
        prizes = state.ledger.current_prizes() if has_money else ()
        return [["place", "prize"], *([str(p), money(c)] for p, c in enumerate(prizes, 1))]
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
