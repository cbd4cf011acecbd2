"""Sentences for people, as facts: an English template and the values of its fields.

Domain code never writes French: it says what happened as a ``Message`` (the template is the
msgid of the one gettext catalogue, ``pokertd/present/locale``) and the edge renders it in the
reader's language with ``pokertd.present.i18n.render``. ``str(message)`` is the English sentence,
for developers, logs and ``str(error)``.

A value may itself be a ``Message`` (rendered in the same language) or a ``StrEnum`` member
(rendered as a term of its enum: the catalogue's entry with the enum's class name as context).

>>> str(message("there is no entry {entry}", entry=99))
'there is no entry 99'
>>> str(message("entry {entry} is {status}", entry=3, status=message("busted")))
'entry 3 is busted'
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

__all__ = ["Message", "Translate", "decimal_mark", "message", "ordinal"]

#: How a renderer translates: ``(context, text) -> text`` (context None for a plain msgid, the
#: enum's class name for a term).
Translate = Callable[[str | None, str], str]


@dataclass(frozen=True, slots=True)
class Message:
    """A sentence: its English template, with ``{name}`` fields, and their values.

    >>> Message("the tournament already exists")
    Message(template='the tournament already exists', values={})
    """

    template: str
    values: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.render(_english)

    def render(self, translate: Translate) -> str:
        """Return the sentence with ``translate`` applied to the template and to every value
        that is a message or a term (``pokertd.present.i18n.render`` passes a language's)."""
        return _Formatter(translate).format(translate(None, self.template), **self.values)


def message(template: str, /, **values: Any) -> Message:
    """Return the ``Message`` of ``template`` with ``values`` (the catalogue's extraction
    keyword: every sentence for people in the code below ``present`` is written through it).

    >>> message("{count} players", count=9).values
    {'count': 9}
    """
    return Message(template, values)


def _english(context: str | None, text: str) -> str:
    return text


class _Formatter(string.Formatter):
    """``str.format`` that renders messages and terms in the renderer's language first."""

    def __init__(self, translate: Translate) -> None:
        self._translate = translate

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if isinstance(value, Message):
            value = value.render(self._translate)
        elif isinstance(value, Enum) and isinstance(value.value, str):
            value = self._translate(type(value).__name__, value.value)
        return super().convert_field(value, conversion)


def decimal_mark(text: str) -> Message | str:
    """Return a number written with a decimal point (``2.5``) as people read it: a message whose
    French has a decimal comma (``2,5``); a number without a point as it is.

    >>> str(decimal_mark("-1234.50")), decimal_mark("25/3")
    ('-1234.50', '25/3')
    """
    whole, point, decimals = text.partition(".")
    return message("{whole}.{decimals}", whole=whole, decimals=decimals) if point else text


def ordinal(number: int) -> Message:
    """Return a place as people read it: ``1st``, ``2nd``, ``11th``, ``21st`` (French, from
    the catalogue: ``1re``, ``2e``, ``11e``; places are feminine, la 1re place).

    >>> [str(ordinal(n)) for n in (1, 2, 3, 4, 11, 12, 13, 21, 102)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '102nd']
    """
    if number == 1:
        return message("1st")
    if 10 <= number % 100 <= 20 or number % 10 not in (1, 2, 3):
        return message("{number}th", number=number)
    if number % 10 == 1:
        return message("{number}st", number=number)
    if number % 10 == 2:
        return message("{number}nd", number=number)
    return message("{number}rd", number=number)
