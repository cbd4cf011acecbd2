"""A fast reader for the TOML that PHH files are written in, with ``tomllib`` as the fallback.

A PHH hand is a flat TOML table: ``key = value`` lines whose values are strings, integers,
decimals, booleans or one-level arrays of them (the actions, one string an action, often one a
line). ``tomllib`` reads that character by character in Python and took two thirds of the time
of a replayed hand; this reader cuts the text into tokens with one regular expression.

``loads_subset`` gives exactly what ``tomllib.loads(text, parse_float=Decimal)`` gives, or None
for anything outside the subset: tables, inline tables, nested arrays, escapes and multi-line
strings, dates, ``inf``/``nan``, exponents, underscores, hexadecimal, quoted or dotted keys,
repeated keys, and anything that is not TOML at all. The caller then asks ``tomllib``, which reads
the rest of TOML and words the syntax errors. Accepting less than TOML is safe; accepting what
``tomllib`` refuses, or reading a value differently, is not: tests/history/test_subset.py checks
both readers agree on every PHH file of the tests and on generated texts.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

# One token at a time, with the spaces and the comment before it; a character no alternative
# matches ends the fast path (None). Numbers must not run on into letters, digits, dots, colons
# or dashes (dates, exponents, 1_000, 0x1F, leading zeros): those are words, and a word as a
# value is outside the subset unless a boolean. The groups' numbers are the token kinds below.
_TOKEN = re.compile(
    r"""
    [ \t]*(?:\#[^\x00-\x08\x0a-\x1f\x7f]*)?
    (?:(\r?\n)
    |"([^"\\\x00-\x08\x0a-\x1f\x7f]*)"
    |'([^'\x00-\x08\x0a-\x1f\x7f]*)'
    |([+-]?(?:0|[1-9][0-9]*)\.[0-9]+)(?![0-9A-Za-z_.:+-])
    |([+-]?(?:0|[1-9][0-9]*))(?![0-9A-Za-z_.:+-])
    |([A-Za-z0-9_-]+)
    |([=\[\],])
    |(\Z))
    """,
    re.VERBOSE,
)
_NEWLINE, _BASIC, _LITERAL, _DECIMAL, _INTEGER, _WORD, _MARK, _END = range(1, 9)
_SCALARS = frozenset((_BASIC, _LITERAL, _DECIMAL, _INTEGER, _WORD))
_BOOLEANS = {"true": True, "false": False}


class _OutsideError(Exception):
    """The text leaves the subset: the caller falls back to ``tomllib``."""


def loads_subset(text: str) -> dict[str, Any] | None:
    """Return the table that ``tomllib.loads(text, parse_float=Decimal)`` reads, or None when
    the text is not in the subset this reader knows (then ask ``tomllib``).

    >>> loads_subset("variant = 'NT'\\nantes = [0, 0]  # none\\nmin_bet = 2.50\\n")
    {'variant': 'NT', 'antes': [0, 0], 'min_bet': Decimal('2.50')}
    >>> loads_subset('[1]\\nvariant = "NT"') is None  # a table: tomllib's to read
    True
    """
    try:
        return _table(_tokens(text))
    except _OutsideError:
        return None


def _tokens(text: str) -> list[tuple[int, str]]:
    """Return the (kind, text) tokens of ``text``, the end of the text last."""
    tokens = []
    position = 0
    for match in _TOKEN.finditer(text):
        if match.start() != position:  # a character no token matches
            raise _OutsideError
        position = match.end()
        kind = match.lastindex
        assert kind is not None
        tokens.append((kind, match[kind]))
        if kind == _END:
            return tokens
    raise _OutsideError  # pragma: no cover (the end always matches; a stray character first)


def _table(tokens: list[tuple[int, str]]) -> dict[str, Any]:
    """Read ``key = value`` lines; every value ends its line."""
    table: dict[str, Any] = {}
    index = 0
    while True:
        kind, key = tokens[index]
        if kind == _END:
            return table
        if kind == _NEWLINE:
            index += 1
            continue
        # A bare key (digits and dashes may start one, but then the token is a number: outside).
        if kind != _WORD or tokens[index + 1] != (_MARK, "=") or key in table:
            raise _OutsideError
        table[key], index = _value(tokens, index + 2)
        if tokens[index][0] not in (_NEWLINE, _END):
            raise _OutsideError


def _value(tokens: list[tuple[int, str]], index: int) -> tuple[Any, int]:
    """Return the value starting at ``index`` and the index after it."""
    kind, text = tokens[index]
    if kind in _SCALARS:
        return _scalar(kind, text), index + 1
    if (kind, text) != (_MARK, "["):
        raise _OutsideError
    items: list[Any] = []
    index += 1
    while True:  # an item then a comma or the end; newlines and comments anywhere between
        kind, text = tokens[index]
        while kind == _NEWLINE:
            index += 1
            kind, text = tokens[index]
        if kind == _MARK and text == "]":
            return items, index + 1
        if kind not in _SCALARS:
            raise _OutsideError  # nested arrays, inline tables, a stray comma, the end
        items.append(_scalar(kind, text))
        index += 1
        kind, text = tokens[index]
        while kind == _NEWLINE:
            index += 1
            kind, text = tokens[index]
        if kind == _MARK and text == ",":
            index += 1
        elif kind != _MARK or text != "]":
            raise _OutsideError


def _scalar(kind: int, text: str) -> Any:
    if kind in (_BASIC, _LITERAL):
        return text
    if kind == _INTEGER:
        return int(text)
    if kind == _DECIMAL:
        return Decimal(text)  # as tomllib's parse_float gets it: the digits as written
    if text in _BOOLEANS:
        return _BOOLEANS[text]
    raise _OutsideError  # inf, nan, dates, 1_000, 1e6, 0x1F...: tomllib reads them
