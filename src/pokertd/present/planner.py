"""The structure planner for people: its form read (expected players and re-entries, the start
time) and its estimate told as lines, the clock times and numbers written as the language has
them (``21 h 30`` in French, ``9:30 pm`` in English).

>>> start = read_start("20:00")
>>> clock_time(start + 3 * 3600 + 25 * 60, "fr"), clock_time(start + 5 * 3600, "en")
('23 h 25', '1:00 am (next day)')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from pokertd.errors import ParseError
from pokertd.present.formats import thousands
from pokertd.present.words import Words, words_for
from pokertd.sim.plan import RUNS, BlindWarning, Moment, Plan, Spread

__all__ = ["clock_time", "plan_view", "read_plan_form", "read_start"]

#: What an empty field of the form means: no re-entry, the usual number of runs.
_DEFAULTS = {"reentries": 0, "runs": RUNS}
_START = re.compile(r"(\d{1,2})\s*[:hH.]\s*(\d{2})")


def read_start(text: str, words: Words | None = None) -> int:
    """Return the start time typed (``20:00``, ``20h00``, ``20 h 00``) as seconds after
    midnight; raise ParseError saying what a time looks like."""
    words = words or words_for("en")
    match = _START.fullmatch(text.strip())
    if match is None or int(match.group(1)) > 23 or int(match.group(2)) > 59:
        raise ParseError(
            words(
                "give the start time as hours and minutes, such as 20:00, not {text!r}",
                text=text.strip()[:20],
            )
        )
    return int(match.group(1)) * 3600 + int(match.group(2)) * 60


def _count(data: Mapping[str, Any], name: str, label: str, words: Words) -> int:
    value = data.get(name, "")
    text = value.strip().replace(" ", "").replace("\u202f", "") if isinstance(value, str) else ""
    if not text and name in _DEFAULTS:
        return _DEFAULTS[name]
    if not (text.isascii() and text.isdigit() and len(text) <= 6):
        raise ParseError(
            words("{field} is a whole number, not {text!r}", field=label, text=text[:20])
        )
    return int(text)


def read_plan_form(data: Mapping[str, Any], lang: str) -> tuple[int, int, int, int]:
    """Read the planner's form: the players expected, the re-entries expected (empty: none),
    the start time in seconds after midnight, and the runs to play (empty: ``RUNS``)."""
    words = words_for(lang)
    players = _count(data, "players", words("the expected players"), words)
    reentries = _count(data, "reentries", words("the expected re-entries"), words)
    start = data.get("start", "")
    runs = _count(data, "runs", words("the number of runs"), words)
    return players, reentries, read_start(start if isinstance(start, str) else "", words), runs


def clock_time(seconds: float, lang: str) -> str:
    """Return the time of day ``seconds`` after midnight of the start's day, to the minute,
    with the day when it is a later one."""
    words = words_for(lang)
    minutes = round(seconds / 60)
    days, minute_of_day = divmod(minutes, 24 * 60)
    hour, minute = divmod(minute_of_day, 60)
    if lang == "fr":
        text = f"{hour} h {minute:02d}"
    else:
        text = f"{(hour - 1) % 12 + 1}:{minute:02d} {'am' if hour < 12 else 'pm'}"
    if days == 1:
        return words("{time} (next day)", time=text)
    if days > 1:
        return words("{time} (day +{days})", time=text, days=days)
    return text


def _level(level: int | None, words: Words) -> str:
    return words("at a break") if level is None else words("level {level}", level=level)


def _moment(moment: Moment | None, start: int, plan: Plan, words: Words) -> dict[str, Any]:
    lang = words.lang
    if moment is None:
        return {"text": words("not reached in any run"), "level": None}
    spread = moment.spread
    return {
        "text": words(
            "about {median}, {level} (between {earliest} and {latest})",
            median=clock_time(start + spread.median, lang),
            level=_level(moment.level, words),
            earliest=clock_time(start + spread.earliest, lang),
            latest=clock_time(start + spread.latest, lang),
        ),
        "level": moment.level,
        "runs": moment.runs,
    }


def _end(spread: Spread, start: int, plan: Plan, words: Words) -> dict[str, str]:
    lang = words.lang
    return {
        "median": clock_time(start + spread.median, lang),
        "earliest": clock_time(start + spread.earliest, lang),
        "latest": clock_time(start + spread.latest, lang),
        "text": words(
            "between {earliest} and {latest}, most likely around {median} ({level}); "
            "{share} of the runs end between {low} and {high}",
            earliest=clock_time(start + spread.earliest, lang),
            latest=clock_time(start + spread.latest, lang),
            median=clock_time(start + spread.median, lang),
            level=_level(plan.end_level, words),
            low=clock_time(start + spread.low, lang),
            high=clock_time(start + spread.high, lang),
            share="80\u202f%" if lang == "fr" else "80%",
        ),
    }


def warning_text(warning: BlindWarning, words: Words) -> str:
    """Return the sentence of a warning of the planner."""
    lang = words.lang
    cost, chips = thousands(warning.cost, lang), thousands(warning.chips, lang)
    match warning.kind:
        case "unpayable":  # CHIP-WHEN
            return words(
                "Level {level}: its blinds are not a multiple of the smallest chip in play "
                "then ({chip}): the chips cannot pay them.",
                level=warning.level,
                chip=chips,
            )
        case "late-entry":
            return words(
                "Level {level}, the last of late registration: one round of blinds and antes "
                "costs {cost}, more than the starting stack of {stack}: a player entering then "
                "cannot cover it.",
                level=warning.level,
                cost=cost,
                stack=chips,
            )
        case "outgrown":
            return words(
                "From level {level}, one round of blinds and antes costs {cost}, more than the "
                "average stack at a full final table ({average}): the chips cannot cover the "
                "blinds.",
                level=warning.level,
                cost=cost,
                average=chips,
            )
        case _:
            return words.ngettext(
                "The last level ({level}) was reached in {count} run: the tournament can "
                "outlast the structure.",
                "The last level ({level}) was reached in {count} runs: the tournament can "
                "outlast the structure.",
                warning.runs,
                level=warning.level,
            )


def plan_view(plan: Plan, start: int, lang: str, *, time_limit: float = 0) -> dict[str, Any]:
    """Return what the planner shows: the end, the bubble and the final table as clock times
    and levels, the warnings, and over how many runs (and whether the time limit cut them)."""
    words = words_for(lang)
    return {
        "end": _end(plan.end, start, plan, words),
        "bubble": _moment(plan.bubble, start, plan, words),
        "final_table": _moment(plan.final_table, start, plan, words),
        "paid": thousands(plan.paid, lang),
        "about": words.ngettext(
            "Over {count} simulated run of {entries} entries, {paid} places paid.",
            "Over {count} simulated runs of {entries} entries, {paid} places paid.",
            plan.runs,
            entries=thousands(plan.entries, lang),
            paid=thousands(plan.paid, lang),
        ),
        "stopped": words(
            "The time limit of {seconds} seconds stopped the estimate after {runs} of {asked} "
            "runs.",
            seconds=round(time_limit),
            runs=plan.runs,
            asked=plan.asked_runs,
        )
        if plan.stopped
        else "",
        "warnings": [
            {"kind": w.kind, "level": w.level, "text": warning_text(w, words)}
            for w in plan.warnings
        ],
    }
