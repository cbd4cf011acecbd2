"""A fast reader for the TOML that PHH files are written in, with ``tomllib`` as the fallback.

A PHH hand is a flat TOML table: ``key = value`` lines whose values are strings, integers,
decimals, booleans or one-level arrays of them (the actions, one string an action, often one a
line). ``tomllib`` reads that character by character in Python and took two thirds of the time
of a replayed hand. This reader matches a whole line at a time with one regular expression where
each value holds on its line (as PokerKit writes hands), else cuts the text into tokens with
another (the multi-line arrays ``write_phh`` writes, decimals), about 10 and 4 times as fast as
``tomllib`` on the WSOP hands.

``loads_subset`` gives exactly what ``tomllib.loads(text, parse_float=Decimal)`` gives, or None
for anything outside the subset: tables, inline tables, nested arrays, escapes and multi-line
strings, dates, ``inf``/``nan``, exponents, underscores, hexadecimal, quoted or dotted keys,
repeated keys, and anything that is not TOML at all. The caller then asks ``tomllib``, which reads
the rest of TOML and words the syntax errors. Accepting less than TOML is safe; accepting what
``tomllib`` refuses, or reading a value differently, is not: tests/history/test_phh_subset.py checks
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
# A whole line at a time, for the commonest texts (``_lines``).
_STRING_RE = r"""'[^'\x00-\x08\x0a-\x1f\x7f]*'|"[^"\\\x00-\x08\x0a-\x1f\x7f]*\""""
_INTEGER_RE = r"[+-]?(?:0|[1-9][0-9]*)"
_LINE = re.compile(
    rf"""
    [ \t]*([A-Za-z0-9_-]+)[ \t]*=[ \t]*
    (?:({_STRING_RE})
      |({_INTEGER_RE})
      |(true|false)
      |\[[ \t]*((?:(?:{_STRING_RE})[ \t]*,[ \t]*)*(?:{_STRING_RE})[ \t]*,?)[ \t]*\]
      |\[[ \t]*((?:{_INTEGER_RE}[ \t]*,[ \t]*)*{_INTEGER_RE}[ \t]*,?)[ \t]*\]
      |\[[ \t]*\])
    [ \t]*(?:\#[^\x00-\x08\x0a-\x1f\x7f]*)?(?:\r?\n|\Z)
    |[ \t]*(?:\#[^\x00-\x08\x0a-\x1f\x7f]*)?\r?\n
    """,
    re.VERBOSE,
)
#: The strings of an array ``_LINE`` has checked: whatever the quotes, the text between them.
_STRING_ITEM = re.compile(r"""'([^']*)'|"([^"]*)\"""")
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
    table = _lines(text)
    if table is not None:
        return table
    try:
        return _table(_tokens(text))
    except _OutsideError:
        return None


def _lines(text: str) -> dict[str, Any] | None:
    """Return the table of a text whose values each hold on their line and are a string, an
    integer, a boolean, or an array of strings or of integers (as PokerKit writes hands), or
    None for the token by token reading."""
    table: dict[str, Any] = {}
    position, end = 0, len(text)
    while position < end:
        line = _LINE.match(text, position)
        if line is None:
            return None
        position = line.end()
        key, string, integer, boolean, strings, integers = line.groups()
        if key is None:  # a blank line or a comment
            continue
        if key in table:
            return None
        if string is not None:
            table[key] = string[1:-1]
        elif integer is not None:
            table[key] = int(integer)
        elif boolean is not None:
            table[key] = boolean == "true"
        elif strings is not None:
            table[key] = _strings(strings)
        elif integers is not None:
            # ``_LINE`` checked the digits; ``int`` reads the spaces around them. A last comma
            # may end the array, with spaces or tabs after it.
            table[key] = list(map(int, integers.rstrip(" \t,").split(",")))
        else:
            table[key] = []
    return table


def _strings(strings: str) -> list[str]:
    """Return the items of an array of strings that ``_LINE`` checked, quotes taken off.

    Items quoted alike all the way cut at their quotes in one call: a literal string holds no
    ``'``, and a basic one here no ``"`` (no escapes), so with one kind of quote only, every
    other piece between quotes is an item (the others are the commas and spaces between them).
    """
    if '"' not in strings:
        return strings.split("'")[1::2]
    if "'" not in strings:
        return strings.split('"')[1::2]
    return [single or double for single, double in _STRING_ITEM.findall(strings)]


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
