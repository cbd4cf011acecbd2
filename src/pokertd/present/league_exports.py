"""Exports of a season: the standings and the events, as CSV text or as JSON-ready data.

The text and the data are built here and written by the caller (``pokertd league standings --csv
FILE``, ``--json``). JSON data is the same in every language: points both rounded to two decimals
(``points``) and exact (``points_exact``: ``190`` or ``580/3``), money in cents. The CSV
exports follow the reader's spreadsheet: English columns, commas and decimal points; or, in
French, French columns, semicolons and decimal commas (what a French spreadsheet opens as
columns). Points are rounded as shown (``show_points``); money is in euros.

An event's export has the columns an import reads (``place``, ``player``, ``prize``,
``bounties``, ``entries``; in French ``rang``, ``joueur``, ``gain``, ``primes``, ``entrées``),
so it can be read back by ``results_from_rows``; its places are those the season counts, after
BAN/D2 (SEAT-D2-REGULAR).

>>> from pokertd.league.state import LeagueState, ScoredEvent
>>> from pokertd.league.results import FieldResults, Result
>>> state = LeagueState(created=True, title="Club", season="2026")
>>> field = FieldResults(3, 3, (Result("Alice", 1, prize=6000), Result("Bruno", 2),
...                             Result("Chloé", 3)))
>>> state.events[1] = ScoredEvent(1, "Friday", "2026-03-06", "tournament-1", field)
>>> print(standings_csv(state), end="")
rank,player,points,played,wins,best_place,counted,#1 Friday
1,Alice,3,1,1,1,#1,3
2,Bruno,2,1,0,2,#1,2
3,Chloé,1,1,0,3,#1,1
>>> print(event_csv(state, 1, "fr"), end="")
rang;joueur;points;gain;primes;entrées;note
1;Alice;3;60;0;3;
2;Bruno;2;0;0;3;
3;Chloé;1;0;0;3;
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from pokertd.league.points import decimal_text, rounded
from pokertd.league.standings import (
    Offence,
    ScoredResult,
    Standing,
    result_of,
    scored_events,
    standings,
)
from pokertd.league.state import LeagueState, ScoredEvent
from pokertd.messages import message
from pokertd.present.exports import csv_text
from pokertd.present.formats import euros, show_points
from pokertd.present.i18n import render
from pokertd.present.words import words_for

_STANDINGS = {
    "en": ("rank", "player", "points", "played", "wins", "best_place", "counted"),
    "fr": ("rang", "joueur", "points", "manches", "victoires", "meilleure_place", "retenues"),
}
_EVENT = {
    "en": ("place", "player", "points", "prize", "bounties", "entries", "note"),
    "fr": ("rang", "joueur", "points", "gain", "primes", "entrées", "note"),
}
_DELIMITER = {"en": ",", "fr": ";"}


def standings_csv(state: LeagueState, lang: str = "en") -> str:
    """Return the standings as CSV text: one row per player, best first, with his points in
    each event (a column per event, in the order played; empty where he did not play)."""
    played = state.ordered()
    rows: list[list[str]] = [
        [*_STANDINGS[_lang(lang)], *(f"#{event.number} {event.title}" for event in played)]
    ]
    for line in standings(state):
        by_event = [result_of(line, event.number) for event in played]
        rows.append(
            [
                str(line.rank),
                line.player,
                show_points(line.points, lang),
                str(line.played),
                str(line.wins),
                str(line.best_place),
                " ".join(f"#{number}" for number in line.counted),
                *(
                    "" if result is None else show_points(result.points, lang)
                    for result in by_event
                ),
            ]
        )
    return _text(rows, lang)


def event_csv(state: LeagueState, number: int, lang: str = "en") -> str:
    """Return event ``number``'s results as CSV text, best place first, with their points.

    Raises KeyError for an event the season does not have (the caller says so first).
    """
    event = state.events[number]
    rows: list[list[str]] = [list(_EVENT[_lang(lang)])]
    for result in scored_events(state)[number]:
        note = ""
        if result.offence == Offence.FIRST:
            note = render(message("BAN/D2, first offence"), lang)
        elif result.offence == Offence.REPEAT:
            note = render(message("BAN/D2, repeat (was {was})", was=result.recorded[0]), lang)
        rows.append(
            [
                str(result.place),
                result.player,
                show_points(result.points, lang),
                euros(result.prize, lang),
                euros(result.bounties, lang),
                str(event.field.entries),
                note,
            ]
        )
    return _text(rows, lang)


def standings_data(state: LeagueState) -> dict[str, Any]:
    """Return the season and its standings, each line with every result, as JSON-ready data."""
    return {
        "title": state.title,
        "season": state.season,
        "formula": str(state.formula),
        "bonus": decimal_text(state.formula.bonus),
        "best": state.best,
        "planned": state.planned,
        "events": len(state.events),
        "standings": [_standing_data(line) for line in standings(state)],
    }


def event_data(state: LeagueState, number: int, *, with_results: bool = False) -> dict[str, Any]:
    """Return event ``number`` as JSON-ready data, with its results as the season counts them
    when asked."""
    event: ScoredEvent = state.events[number]
    data: dict[str, Any] = {
        "event": event.number,
        "title": event.title,
        "date": event.date,
        "source": event.source,
        "entries": event.field.entries,
        "places": event.field.places,
        "buyin": event.buyin,
    }
    if with_results:
        data["results"] = [_result_data(result) for result in scored_events(state)[number]]
    return data


def _standing_data(line: Standing) -> dict[str, Any]:
    return {
        "rank": line.rank,
        "tied": line.is_tied,
        "player": line.player,
        "points": rounded(line.points),
        "points_exact": decimal_text(line.points),
        "played": line.played,
        "counted": list(line.counted),
        "wins": line.wins,
        "best_place": line.best_place,
        "results": [_result_data(result) for result in line.results],
    }


def _result_data(result: ScoredResult) -> dict[str, Any]:
    return {
        "event": result.event,
        "place": result.place,
        "shared": result.shared,
        "player": result.player,
        "points": rounded(result.points),
        "points_exact": decimal_text(result.points),
        "prize": result.prize,
        "bounties": result.bounties,
        "recorded_place": result.recorded[0],
        "offence": result.offence or None,
    }


def _lang(lang: str) -> str:
    return "fr" if lang == "fr" else "en"


def _text(rows: Sequence[Sequence[str]], lang: str) -> str:
    return csv_text(rows, _DELIMITER[_lang(lang)])


def standings_pdf(
    state: LeagueState, lang: str = "en", names: Mapping[str, str] | None = None
) -> bytes:
    """Return the standings as a PDF document (A4 landscape), for printing or a club's notice
    board: one row per player with his points in each event (``#1``, ``#2``... listed under
    the table by title and date), the results counted in bold, the others in grey.

    The text is set in DejaVu Sans, shipped with matplotlib (a dependency), so that every name
    prints; without it, in the PDF core font Helvetica, where a letter outside Latin-1 becomes
    ``?``. ``names``: the name to print for a player (a person id of the register), as a
    compressed PDF cannot be rewritten at the edge as the other answers are.
    """
    from fpdf import FPDF  # a page's export only: the CLI and the pages never load it otherwise

    lang = _lang(lang)
    words = words_for(lang)
    played = state.ordered()
    pdf = FPDF(orientation="landscape", format="A4")
    pdf.set_title(f"{state.title} {state.season}".strip())
    pdf.set_creator("pokertd")
    family = _font(pdf)
    write = _writer(family)
    pdf.set_auto_page_break(auto=True, margin=12)
    pdf.add_page()
    pdf.set_font(family, "B", 16)
    pdf.cell(0, 9, write(f"{state.title} — {state.season}" if state.season else state.title))
    pdf.ln(10)
    pdf.set_font(family, "", 9)
    pdf.multi_cell(0, 5, write(render(state.formula.describe(), lang)))
    pdf.ln(2)
    head = [words("Rank"), words("Player"), words("Points"), words("Played"), words("Wins")]
    head += [f"#{event.number}" for event in played]
    fixed = (14.0, 60.0, 20.0, 16.0, 14.0)
    room = pdf.epw - sum(fixed)
    each = min(16.0, room / len(played)) if played else 0.0
    widths = [*fixed, *([each] * len(played))]
    pdf.set_font(family, "B", 9)
    for text, width in zip(head, widths, strict=True):
        pdf.cell(width, 7, write(text), border="B")
    pdf.ln()
    for line in standings(state):
        pdf.set_font(family, "", 9)
        rank = f"{line.rank}=" if line.is_tied else str(line.rank)
        player = (names or {}).get(line.player, line.player)
        cells = [rank, player, show_points(line.points, lang), str(line.played)]
        for text, width in zip([*cells, str(line.wins)], fixed, strict=True):
            pdf.cell(width, 6, write(text))
        for event in played:
            result = result_of(line, event.number)
            is_counted = event.number in line.counted
            pdf.set_font(family, "B" if is_counted else "", 9)
            pdf.set_text_color(0 if is_counted else 128)
            shown = "" if result is None else show_points(result.points, lang)
            pdf.cell(each, 6, write(shown))
            pdf.set_text_color(0)
        pdf.ln()
    pdf.ln(3)
    pdf.set_font(family, "", 8)
    for event in played:
        pdf.cell(0, 4.5, write(f"#{event.number} {event.title} ({event.date})"))
        pdf.ln()
    return bytes(pdf.output())


def _font(pdf: Any) -> str:
    """Add DejaVu Sans (regular and bold) to ``pdf`` and return its family, else Helvetica."""
    spec = importlib.util.find_spec("matplotlib")
    places = spec.submodule_search_locations if spec is not None else None
    if places:
        fonts = Path(next(iter(places))) / "mpl-data" / "fonts" / "ttf"
        regular, bold = fonts / "DejaVuSans.ttf", fonts / "DejaVuSans-Bold.ttf"
        if regular.is_file() and bold.is_file():
            pdf.add_font("DejaVu", "", str(regular))
            pdf.add_font("DejaVu", "B", str(bold))
            return "DejaVu"
    return "Helvetica"


def _writer(family: str) -> Callable[[str], str]:
    """Return how text is written in ``family``: as it is in DejaVu; in Helvetica, every letter
    outside Latin-1 replaced by ``?`` (the core fonts have no other)."""
    if family == "DejaVu":
        return lambda text: text
    return lambda text: text.replace("—", "-").encode("latin-1", "replace").decode("latin-1")
