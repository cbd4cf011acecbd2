"""A season as the web pages show it: the standings, the events, one event's results and the
statistics, every figure written in the reader's language.

The views are plain dicts of text, built from what ``pokertd.league`` computes; the templates
only lay them out. Names are shown through ``shown_name``, the one place that decides how a
public page writes a player (the club's choice, once the register holds people).

>>> from pokertd.league.state import LeagueState, ScoredEvent
>>> from pokertd.league.results import FieldResults, Result
>>> state = LeagueState(created=True, title="Club", season="2026")
>>> field = FieldResults(2, 2, (Result("Alice", 1, prize=2550), Result("Bruno", 2)))
>>> state.events[1] = ScoredEvent(1, "Friday", "2026-03-06", "tournament-1", field)
>>> view = season_view(state, "fr")
>>> [(line["rank"], line["player"], line["points"]) for line in view["standings"]]
[('1', 'Alice', '2'), ('2', 'Bruno', '1')]
>>> event_view(state, 1, "fr")["results"][0]["prize"]
'25,5'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from pokertd.league.standings import Standing, result_of, scored_events, standings
from pokertd.league.state import LeagueState
from pokertd.league.statistics import player_statistics, season_statistics
from pokertd.present.formats import euros, ordinal, show_points
from pokertd.present.i18n import render
from pokertd.present.words import words_for
from pokertd.service.leagues import Scheduled


def programme_view(found: Sequence[Scheduled], lang: str) -> list[dict[str, Any]]:
    """A series' schedule as its pages show it: date, title, buy-in, format, stage, winner
    (names only, as every public page) and the season's event number once its results count."""
    return [
        {
            "number": s.planned.number,
            "date": s.planned.date,
            "title": s.planned.title,
            "buyin": euros(s.planned.buyin, lang),
            "format": s.planned.format,
            "stage": s.stage,
            "winner": shown_name(s.winner) if s.winner else "",
            "scored": s.scored,
        }
        for s in found
    ]


def shown_name(name: str) -> str:
    """Return a player's name as the public pages show it.

    The league keeps names as typed (no contact ever reaches it); when the club's register
    gives people ids, this is where the name the club chose to publish (full name, first name
    and initial, nickname) replaces the one the event recorded.
    """
    return name


def season_view(state: LeagueState, lang: str) -> dict[str, Any]:
    """Return the season's page: its heading, formula, events, standings and statistics."""
    words = words_for(lang)
    played = state.ordered()
    counted = (
        words("every result")
        if state.best is None
        else words("the best {best} results", best=state.best)
    )
    if state.planned is not None:
        counted += words(" (of {planned} events)", planned=state.planned)
    return {
        "title": state.title,
        "season": state.season,
        "formula": str(state.formula),
        "bonus": show_points(state.formula.bonus, lang),
        "formula_text": render(state.formula.describe(), lang),
        "counted": counted,
        "best": "" if state.best is None else str(state.best),
        "planned": "" if state.planned is None else str(state.planned),
        "events": [
            {
                "number": event.number,
                "title": event.title,
                "date": event.date,
                "source": event.source,
                "entries": event.field.entries,
            }
            for event in played
        ],
        "standings": [
            _standing(line, [e.number for e in played], lang) for line in standings(state)
        ],
        "statistics": statistics_view(state, lang),
        "waiting": list(state.waiting()),
    }


def _standing(line: Standing, numbers: list[int], lang: str) -> dict[str, Any]:
    cells = []
    for number in numbers:
        result = result_of(line, number)
        cells.append(
            {
                "points": "" if result is None else show_points(result.points, lang),
                "counted": number in line.counted,
                "played": result is not None,
            }
        )
    return {
        "rank": f"{line.rank}" + ("=" if line.is_tied else ""),
        "player": shown_name(line.player),
        "points": show_points(line.points, lang),
        "played": line.played,
        "wins": line.wins,
        "best_place": ordinal(line.best_place, lang),
        "cells": cells,
    }


def event_view(state: LeagueState, number: int, lang: str) -> dict[str, Any]:
    """Return one event's results as the season counts them, best place first.

    Raises KeyError for an event the season does not have (the caller says so first).
    """
    event = state.events[number]
    recorded = state.players_in(event)
    return {
        "number": event.number,
        "title": event.title,
        "date": event.date,
        "entries": event.field.entries,
        "paid_places": event.field.paid_places,
        "results": [
            {
                "place": ordinal(result.place, lang)
                + (f"–{result.place + result.shared - 1}" if result.shared > 1 else ""),
                "player": shown_name(result.player),
                "points": show_points(result.points, lang),
                "prize": euros(result.prize, lang) if result.prize else "",
                "bounties": euros(result.bounties, lang) if result.bounties else "",
                "knockouts": recorded[result.player].knockouts or "",
            }
            for result in scored_events(state)[number]
        ],
    }


def statistics_view(state: LeagueState, lang: str) -> dict[str, Any]:
    """Return the season's statistics: its totals and a line per player."""
    totals = season_statistics(state)
    return {
        "events": totals.events,
        "entries": totals.entries,
        "players": totals.players,
        "average_field": show_points(totals.average_field, lang),
        "prizes": euros(totals.prizes, lang),
        "knockouts": totals.knockouts,
        "lines": [
            {
                "player": shown_name(line.player),
                "played": line.played,
                "wins": line.wins,
                "final_tables": line.final_tables,
                "in_the_money": line.in_the_money,
                "money_rate": percent(line.money_rate, lang),
                "net": ("+" if line.net > 0 else "") + euros(line.net, lang),
                "knockouts": line.knockouts,
            }
            for line in player_statistics(state)
        ],
    }


def percent(share: Fraction, lang: str) -> str:
    """Return a share from 0 to 1 as a whole percentage, half up (``67\u00a0%`` in French).

    >>> percent(Fraction(2, 3), "en"), percent(Fraction(1, 2), "fr")
    ('67%', '50\xa0%')
    """
    whole = math.floor(share * 100 + Fraction(1, 2))
    return f"{whole}\u00a0%" if lang == "fr" else f"{whole}%"
