"""The texts of the floor's rulings, by key: the catalogue ``pokertd.present.floor`` renders from.

Every text is an English template marked for extraction with its key as the message context
(``O_`` for an outcome, ``P_`` for a phrase; ``make messages`` reads them as ``pgettext``), so
that two texts with the same English never share a French. Its French is the entry of the one
catalogue (``present/locale/fr/LC_MESSAGES/pokertd.po``), with the same ``{fields}``. A field's
value may be a number, a decision, another phrase or a tuple of them (``render``); the format
spec ``{field:cap}`` capitalises the first letter of the value, for a phrase that starts a
sentence, and ``{field:ordinal}`` writes a number as the ordinal of a fault ("2nd", "2e").

``OUTCOMES`` are keyed by (rule id, outcome): the main sentence(s) of a ruling's explanation for
the branch of the rule that applied; an outcome key names one text, whichever rule a ruling
borrowing it is filed under. ``PHRASES`` are the parts and added sentences (leads, notes, step
notes, terms) they are built from.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

_K = TypeVar("_K")

#: A text: the English template, the msgid of the catalogue.
Text = str


def O_(rule: str, outcome: str, english: str) -> tuple[tuple[str, str], Text]:  # noqa: N802
    """Mark the text of ``outcome`` of ``rule`` for extraction (context: the outcome)."""
    return (rule, outcome), english


def P_(key: str, english: str) -> tuple[str, Text]:  # noqa: N802 (a gettext marker)
    """Mark the text of phrase ``key`` for extraction (context: the key)."""
    return key, english


def outcomes(*entries: tuple[tuple[str, str], Text]) -> dict[tuple[str, str], Text]:
    """Return the outcome texts of ``entries``; an outcome given twice is an error."""
    return _unique(entries)


def phrases(*entries: tuple[str, Text]) -> dict[str, Text]:
    """Return the phrase texts of ``entries``; a key given twice is an error."""
    return _unique(entries)


def merged(*tables: dict[str, Text]) -> dict[str, Text]:
    """Return one table of ``tables``; a key given twice is an error."""
    return _unique(entry for table in tables for entry in table.items())


def by_outcome(table: dict[tuple[str, str], Text]) -> dict[str, Text]:
    """Return outcome texts keyed by outcome alone; an outcome given twice is an error."""
    return _unique((outcome, text) for (_rule, outcome), text in table.items())


def _unique(entries: Iterable[tuple[_K, Text]]) -> dict[_K, Text]:
    found: dict[_K, Text] = {}
    for key, text in entries:
        if key in found:
            raise ValueError(f"text key {key!r} is given twice")
        found[key] = text
    return found
