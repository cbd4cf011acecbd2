"""A level's stakes in words, where they are not blinds: a fixed-limit game's limits, a stud
level's limits, ante and bring-in (the level's ``bets`` in ``service.documents.level_json``).

A stud level of a mixed event has no blinds (TBL-MIXED-BUTTON, TDA 10B): its big blind is the
small bet (``tournament.structure.stud_bets``), so the clock, the console and the CLI show its
limits, ante and bring-in. A fixed-limit flop or draw level (limit hold'em, Omaha hi-lo, 2-7
triple draw) shows its limits first and its blinds after them: a mix is announced by its limits
(the same "200/400" from hold'em to stud), and the dealer still needs the blinds he collects. A
no-limit or pot-limit level has no ``bets``: it is shown by its blinds, as before.

>>> razz = {"small_blind": 100, "big_blind": 200, "ante": 0, "game": "razz",
...         "bets": {"limits": [200, 400], "ante": 25, "bring_in": 50}}
>>> bets_text(razz, "fr"), level_words(razz, "fr")
('Limites 200 / 400 · Ante 25 · Bring-in 50', 'limites 200/400, ante 25, bring-in de 50 (razz)')
>>> bets_text({"small_blind": 100, "big_blind": 200, "ante": 0, "game": "nlhe"}, "en")
''
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pokertd.present.formats import thousands
from pokertd.present.words import Lang, Words


def bets_text(level: Mapping[str, Any], lang: str) -> str:
    """Return the stakes of ``level`` (its JSON) as the clock writes them under the time, in
    ``lang``: ``Limites 200 / 400 · Ante 25 · Bring-in 50`` for a stud level, ``Limits 200 /
    400 · Blinds 100 / 200`` for a fixed-limit flop or draw level; ``""`` for a level shown by
    its blinds (no ``bets``).

    >>> flhe = {"small_blind": 500, "big_blind": 1000, "ante": 100, "game": "flhe",
    ...         "bets": {"limits": [1000, 2000]}}
    >>> bets_text(flhe, "en")
    'Limits 1,000 / 2,000 · Blinds 500 / 1,000 · Ante 100'
    """
    bets = level.get("bets")
    if not bets:
        return ""
    words = Words(_lang(lang))

    def pair(low: int, high: int) -> str:
        return f"{thousands(low, lang)} / {thousands(high, lang)}"

    limits, ante, bring_in, blinds = (
        words("Limits"),
        words("Ante"),
        words("Bring-in"),
        words("Blinds"),
    )
    parts = [f"{limits} {pair(*bets['limits'])}"]
    if "bring_in" in bets:  # a stud level: no blind
        parts.append(f"{ante} {thousands(bets['ante'], lang)}")
        parts.append(f"{bring_in} {thousands(bets['bring_in'], lang)}")
    else:
        parts.append(f"{blinds} {pair(level['small_blind'], level['big_blind'])}")
        if level["ante"]:
            parts.append(f"{ante} {thousands(level['ante'], lang)}")
    return " · ".join(parts)


def level_words(level: Mapping[str, Any], lang: str) -> str:
    """Return the stakes of ``level`` (its JSON) on one line of the CLI, and its game:
    ``limits 200/400, ante 25, bring-in 50 (razz)``; ``""`` for a level shown by its blinds.

    >>> level_words({"small_blind": 100, "big_blind": 200, "ante": 0, "game": "flo8",
    ...              "bets": {"limits": [200, 400]}}, "en")
    'limits 200/400, blinds 100/200 (flo8)'
    """
    bets = level.get("bets")
    if not bets:
        return ""
    words = Words(_lang(lang))
    small_bet, big_bet = bets["limits"]
    parts = [words("limits {small_bet}/{big_bet}", small_bet=small_bet, big_bet=big_bet)]
    if "bring_in" in bets:
        parts.append(words("ante {ante}", ante=bets["ante"]))
        parts.append(words("bring-in {amount}", amount=bets["bring_in"]))
    else:
        small, big = level["small_blind"], level["big_blind"]
        parts.append(words("blinds {small}/{big}", small=small, big=big))
        if level["ante"]:
            parts.append(words("ante {ante}", ante=level["ante"]))
    return f"{', '.join(parts)} ({level['game']})"


def _lang(lang: str) -> Lang:
    return "fr" if lang == "fr" else "en"
