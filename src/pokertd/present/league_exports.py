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

from collections.abc import Sequence
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
