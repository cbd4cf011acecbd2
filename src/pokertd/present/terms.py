"""The terms: the enumerated values people read (entry statuses, move reasons, stages...).

A term is a ``StrEnum`` member of the domain. JSON keeps its value in English; a text shows it
in the reader's language from the one catalogue, where its entry has the enum's class name as
context (``msgctxt "EntryStatus"``, ``msgid "busted"``). ``TERMS`` lists the enums whose members
are terms: ``make messages`` extracts every member from it (``extract``, named in babel.cfg), so
the catalogue holds them all, and ``term`` finds the member of a value that a document kept.
"""

from __future__ import annotations

import ast
from collections.abc import Collection, Iterator, Mapping
from enum import StrEnum
from typing import IO, Any

from pokertd.engine.state import Phase
from pokertd.present.i18n import term_text, translations
from pokertd.service.documents import Stage, Standing
from pokertd.tournament.seating import MoveReason
from pokertd.tournament.state import EntryStatus

__all__ = ["IN_SENTENCES", "TERMS", "extract", "names", "shown", "term"]

#: The enums whose members are shown to people as terms (each value once over all of them).
TERMS: tuple[type[StrEnum], ...] = (EntryStatus, MoveReason, Stage, Standing)

#: The enums whose members people read only inside sentences (``message(..., phase=hand.phase)``),
#: never looked up by value: the engine's ``Phase`` shares "finished" with ``Stage``.
IN_SENTENCES: tuple[type[StrEnum], ...] = (Phase,)

_BY_VALUE: dict[str, StrEnum] = {member.value: member for kind in TERMS for member in kind}


def term(value: str) -> StrEnum | None:
    """Return the term whose value is ``value`` (a member itself, or the text JSON keeps), or
    None when it is no term.

    >>> term("busted"), term("balance"), term("1st")
    (<EntryStatus.BUSTED: 'busted'>, 'balance', None)
    """
    if isinstance(value, StrEnum) and type(value) in TERMS:
        return value
    return _BY_VALUE.get(str(value))


def names(kind: type[StrEnum], lang: str) -> dict[str, str]:
    """Return the value of each member of ``kind`` and its term in ``lang`` (the web's tables of
    stages, statuses and move reasons).

    >>> names(MoveReason, "fr")["final-table"], names(EntryStatus, "en")["busted"]
    ('table finale', 'busted')
    """
    return {member.value: shown(member, lang) for member in kind}


def shown(found: StrEnum, lang: str) -> str:
    """Return the term ``found`` as ``lang`` writes it: the catalogue's entry, or in English
    the value itself unless it reads as a code.

    >>> shown(MoveReason.FINAL_TABLE, "en"), shown(MoveReason.FINAL_TABLE, "fr")
    ('final table', 'table finale')
    """
    return term_text(translations(lang), type(found).__name__, found.value)


def extract(
    fileobj: IO[bytes],
    keywords: Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """Babel extraction method of this module's file: every member of every enum of ``TERMS``
    and ``IN_SENTENCES``, as ``pgettext(class name, value)`` (the line is that of ``TERMS``),
    when ``pgettext`` is one of the ``keywords`` extracted."""
    if "pgettext" not in keywords:
        return
    tree = ast.parse(fileobj.read())
    line = next(
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.AnnAssign)
        and isinstance(node.target, ast.Name)
        and node.target.id == "TERMS"
    )
    for kind in (*TERMS, *IN_SENTENCES):
        for member in kind:
            yield line, "pgettext", (kind.__name__, member.value), []
