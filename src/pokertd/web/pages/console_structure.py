"""The director's console: the event's structure (its levels and breaks, the level in play
marked) and the change of a level to come (``ChangeLevel``, EVENT-STRUCTURE), one small form per
level not played yet, posted to ``/console/{id}/do/level-change`` like every console action.
Beside it, the structure planner's form (``console_planner``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from fastapi import Request
from starlette.datastructures import FormData

from pokertd.errors import ParseError
from pokertd.messages import message
from pokertd.present.tournament_input import is_whole, parse_bring_in
from pokertd.present.words import words_for
from pokertd.service.documents import level_json
from pokertd.tournament import commands as cmd
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.clock_commands import clock_view
from pokertd.tournament.refusals import structure_of
from pokertd.tournament.structure import Level, Structure, stud_bets
from pokertd.web.context import web_of
from pokertd.web.pages import console
from pokertd.web.pages.console_planner import planner_form


def structure_section(loaded: Tournament, tournament: str, request: Request) -> dict[str, Any]:
    """The rows of the structure: each level or break, whether it was played, is in play, or
    is to come (only those may change)."""
    del tournament
    state = loaded.state
    structure = structure_of(state)
    current = clock_view(state, web_of(request).now()).item
    started = state.clock.is_started
    rows: list[dict[str, Any]] = []
    for index, item in enumerate(structure.items):
        played = index < current
        in_play = index == current and started
        row: dict[str, Any] = {
            "index": index,
            "played": played,
            "current": in_play,
            "editable": not played and not in_play,
            "minutes": item.minutes,
        }
        if isinstance(item, Level):
            # a stud level: its limits, ante and bring-in, not would-be blinds (level_json)
            bets = level_json(structure, index).get("bets", {})
            row |= {
                "number": structure.level_number(index),
                "small_blind": item.small_blind,
                "big_blind": item.big_blind,
                "ante": item.ante,
                "game": item.game,
                "limits": bets.get("limits"),
                "stud": "bring_in" in bets,
                "stud_ante": bets.get("ante"),
                "bring_in": bets.get("bring_in"),
                "bring_in_set": item.bring_in,
                # the editor's hint: the bring-in the level gets when the director sets none
                "bring_in_default": _default_bring_in(structure, index)
                if "bring_in" in bets
                else None,
            }
        else:
            row |= {"number": None, "colour_up": list(item.colour_up)}
        rows.append(row)
    return {
        "rows": rows,
        "name": structure.name,
        "starting_stack": structure.starting_stack,
        "chips": list(structure.chips),
        **planner_form(),
    }


def _default_bring_in(structure: Structure, index: int) -> int:
    """The bring-in of the stud level at ``index`` were its own taken away (``stud_bets``)."""
    item = structure.items[index]
    assert isinstance(item, Level)
    unit = min(structure.denominations_at(index), default=1)
    return stud_bets(replace(item, bring_in=None), unit).bring_in


def _whole(data: FormData, name: str, field: str) -> int:
    """Read a whole number of the level's form; ``field`` says which, in the page's language."""
    value = data.get(name, "")
    text = value.strip().replace(" ", "").replace("\u202f", "") if isinstance(value, str) else ""
    if not is_whole(text):
        raise ParseError(
            message("{field} is a whole number, not {text!r}", field=field, text=text[:40])
        )
    return int(text)


def level_change(data: FormData, lang: str) -> cmd.ChangeLevel:
    """Read the form of one level: its number, blinds, ante and minutes; a stud level's form has
    a bring-in too (empty: the default; a level without the field keeps its own)."""
    words = words_for(lang)
    typed = data.get("bring_in")
    bring_in, default = (0, False) if typed is None else parse_bring_in(str(typed))
    return cmd.ChangeLevel(
        _whole(data, "level", words("the level")),
        _whole(data, "small_blind", words("the small blind")),
        _whole(data, "big_blind", words("the big blind")),
        _whole(data, "ante", words("the ante")),
        _whole(data, "minutes", words("the minutes of the level")),
        bring_in,
        default,
    )


console.SECTIONS["structure"] = structure_section
console.register_commands({"level-change": level_change})
