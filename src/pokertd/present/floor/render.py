"""A ruling's facts in a language: its explanation, its decisions, its steps, its JSON.

``explanation(ruling, lang)`` renders the sentences of a ruling (``Ruling.phrases``) from the
catalogue of texts (``pokertd.present.floor.texts``), each field's value in the same language: a
``Phrase`` by its own text, a ``Decision`` as a floor person says it (``describe``), a tuple as
its items separated by commas, ``None`` as nothing. ``step_text`` says a step as a sentence for
the dealer, ``step_code`` as the JSON writes it (its kind, cards and note), and ``ruling_dict`` is
the JSON of ``pokertd floor ... --json`` (DESIGN.md, "Floor CLI").

A ruling counts players as the hand does (``player 1`` posts the small blind). At a live table
the page passes ``players``, each hand player's number -> how the room names him ("Alice (seat
1)"): every ``{player}`` of the sentences then says that instead of the bare number.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Any

from pokertd.cards import format_cards
from pokertd.engine import ActionKind
from pokertd.floor.rulings import Decision, Phrase, Ruling, Step, StepKind
from pokertd.messages import message, ordinal
from pokertd.present.floor import (
    text_bets,
    text_deal,
    text_order,
    text_steps,
    text_stud,
    text_table,
)
from pokertd.present.floor.texts import Text, by_outcome, merged
from pokertd.present.i18n import render, translations

#: Every text of the floor, by key (outcomes and phrases share one namespace).
_MODULES = (text_bets, text_order, text_deal, text_stud, text_table)
TEXTS: Mapping[str, Text] = merged(
    *(by_outcome(module.OUTCOMES) for module in _MODULES),
    *(module.PHRASES for module in (*_MODULES, text_steps)),
)

#: How a floor person says each action (``describe``), and an action without its amount.
_BARE = {
    ActionKind.CALL: "do-call-bare",
    ActionKind.BET: "do-bet-bare",
    ActionKind.RAISE: "do-raise-bare",
    ActionKind.ALL_IN: "do-all-in-bare",
}
_DO = {
    ActionKind.FOLD: "do-fold",
    ActionKind.CHECK: "do-check",
    ActionKind.CALL: "do-call",
    ActionKind.BET: "do-bet",
    ActionKind.RAISE: "do-raise",
    ActionKind.ALL_IN: "do-all-in",
}


#: Each hand player's number (1 posts the small blind) -> how the room names him.
Players = Mapping[int, str]


def explanation(ruling: Ruling, lang: str = "en", players: Players | None = None) -> str:
    """Return why the ruling decides as it does, in ``lang`` (``en`` or ``fr``)."""
    return " ".join(text(found, lang, players) for found in ruling.phrases)


def text(found: Phrase, lang: str = "en", players: Players | None = None) -> str:
    """Return the phrase in ``lang``: its template with its values rendered in ``lang``."""
    return _Formatter(lang, players).vformat(template(found.key, lang), (), found.values)


def template(key: str, lang: str = "en") -> str:
    """Return the template of ``key`` in ``lang`` (raises KeyError for an unknown key)."""
    return translations(lang).pgettext(key, TEXTS[key])


def describe(decision: Decision, lang: str = "en") -> str:
    """Return a decision as a floor person says it: ``call 1100`` / ``suivre à 1100 (call)``.

    >>> describe(Decision(ActionKind.RAISE, 800), "fr"), describe(Decision(ActionKind.CALL), "fr")
    ('relancer à 800', 'suivre (call)')
    """
    key = _DO.get(decision.kind) if decision.to is not None else None
    key = key or _BARE.get(decision.kind) or _DO.get(decision.kind)
    if key is None:
        return str(decision)
    return text(Phrase(key, {"to": decision.to}), lang)


def step_text(step: Step, lang: str = "en", players: Players | None = None) -> str:
    """Return a step as a sentence for the dealer: ``Burn 2h (the turn's burn).``"""
    note = None if step.note is None else text(step.note, lang, players)
    cards = format_cards(list(step.cards))
    if step.kind is StepKind.CONTINUE and note:
        sentence = note[:1].upper() + note[1:]
        return f"{sentence} ({cards})." if cards else f"{sentence}."
    key = f"step-{step.kind.value}" + ("" if cards else "-alone")
    action = text(Phrase(key, {"cards": cards}), lang)
    return f"{action} ({note})." if note else f"{action}."


def step_code(step: Step, lang: str = "en") -> str:
    """Return a step as the JSON writes it: ``burn 2h (the turn's burn)``."""
    code = step.kind.value
    if step.cards:
        code += " " + format_cards(list(step.cards))
    return code if step.note is None else f"{code} ({text(step.note, lang)})"


def ruling_dict(ruling: Ruling, lang: str = "en", players: Players | None = None) -> dict[str, Any]:
    """Return the JSON shape of ``pokertd floor ... --json`` (DESIGN.md, "Floor CLI");
    ``players`` names the players in the explanation (a live table's seats and names)."""
    decision = ruling.decision
    return {
        "action": None if decision is None else decision.kind.value,
        "to": None if decision is None else decision.to,
        "choices": [str(choice) for choice in ruling.choices],
        "steps": [step_code(step) for step in ruling.steps],
        "td_decides": ruling.td_decides,
        "rule": ruling.rule,
        "articles": list(ruling.articles),
        "explanation": explanation(ruling, lang, players),
        "explanation_fr": explanation(ruling, "fr"),
        "explanation_en": explanation(ruling, "en"),
        **({"details": ruling.details} if ruling.details else {}),
    }


class _Formatter(string.Formatter):
    """``str.format`` that renders phrases, decisions and tuples in the language first."""

    def __init__(self, lang: str, players: Players | None = None) -> None:
        self._lang = lang
        self._players = players or {}

    def get_field(self, field_name: str, args: Any, kwargs: Any) -> Any:
        found, key = super().get_field(field_name, args, kwargs)
        if field_name == "player" and isinstance(found, int) and found in self._players:
            return self._players[found], key  # "Alice (seat 1)", not the hand's number
        return found, key

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        return super().convert_field(self._value(value), conversion)

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "cap":
            found = str(value)
            return found[:1].upper() + found[1:]
        if format_spec == "ordinal":
            return _ordinal(int(value), self._lang)
        return str(super().format_field(value, format_spec))

    def _value(self, value: Any) -> Any:
        if value is None:
            return ""
        if isinstance(value, Phrase):
            return text(value, self._lang, self._players)
        if isinstance(value, Decision):
            return describe(value, self._lang)
        if isinstance(value, tuple | list):
            return ", ".join(str(self._value(item)) for item in value)
        return value


def _ordinal(number: int, lang: str) -> str:
    """Return ``number`` as the ordinal of a fault: "first", "2nd" / "première", "2e"."""
    if number == 1:
        return render(message("first"), lang)
    return render(ordinal(number), lang)
