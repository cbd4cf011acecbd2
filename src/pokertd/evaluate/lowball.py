"""Deuce-to-seven lows (2-7 single and triple draw): the high order turned upside down.

In deuce-to-seven the worst high hand is the best low: aces are high only, and straights and
flushes count against the hand. The one difference from reading ``high`` backwards is the wheel:
A-5-4-3-2 is no straight here but ace high (and suited, an ace-high flush), since the ace is never
low. ``deuce_to_seven`` is 1 for the worst low (a royal flush) up to 7462 for the best,
7-5-4-3-2 of mixed suits ("number one"), so that a higher value is always a better low, as with
every evaluator of ``pokertd.evaluate``.

>>> from pokertd.cards import parse_cards
>>> describe_deuce_to_seven(deuce_to_seven(parse_cards("7h 5d 4c 3s 2h")))
'7-5-4-3-2'
>>> deuce_to_seven(parse_cards("7h 5d 4c 3s 2h")) > deuce_to_seven(parse_cards("8h 5d 4c 3s 2h"))
True
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from pokertd.cards.card import Card
from pokertd.evaluate import tables
from pokertd.evaluate.high import high

#: The number of deuce-to-seven classes: as many as high classes (the wheel moves, none is lost).
CLASS_COUNT = 7462
_SYMBOLS = "23456789TJQKA"
_WHEEL = (14, 5, 4, 3, 2)


def deuce_to_seven(cards: Sequence[Card]) -> int:
    """Return the deuce-to-seven low of five distinct cards, 1 (royal flush) to 7462 (7-5-4-3-2).

    Raises ValueError for any other number of cards.

    >>> from pokertd.cards import parse_cards
    >>> wheel, ace_high = parse_cards("Ah 5d 4c 3s 2h"), parse_cards("Ah 6d 4c 3s 2h")
    >>> deuce_to_seven(wheel) > deuce_to_seven(ace_high)   # A-5-4-3-2 is no straight
    True
    >>> flush, kings = parse_cards("8h 6h 5h 4h 2h"), parse_cards("Kd Kc 3s 2h 4d")
    >>> deuce_to_seven(flush) < deuce_to_seven(kings)   # a flush is worse than a pair
    True
    """
    if len(cards) != 5:
        raise ValueError(f"a deuce-to-seven low has 5 cards, not {len(cards)}")
    return _by_high_value()[high(cards)]


def describe_deuce_to_seven(strength: int) -> str:
    """Write a deuce-to-seven strength: the five ranks of a no-pair hand highest first
    (``"7-5-4-3-2"``), else the high hand it makes (``"pair of kings"``, ``"straight, eight
    high"``). The notation of a no-pair hand is the same in English and French.

    Raises ValueError for a strength outside 1-7462.

    >>> from pokertd.cards import parse_cards
    >>> describe_deuce_to_seven(deuce_to_seven(parse_cards("Ah 5d 4c 3s 2h")))
    'A-5-4-3-2'
    >>> describe_deuce_to_seven(deuce_to_seven(parse_cards("8h 7d 6c 5s 4h")))
    'straight, eight high'
    """
    if not 1 <= strength <= CLASS_COUNT:
        raise ValueError(f"a deuce-to-seven strength is 1 to {CLASS_COUNT}, not {strength}")
    category, tiebreak = _classes()[CLASS_COUNT - strength]
    if category == tables.HIGH_CARD:
        return "-".join(_SYMBOLS[rank - 2] for rank in tiebreak)
    from pokertd.evaluate.high import describe  # the names of the high hands

    if tiebreak == _WHEEL:  # an ace-high flush from the wheel's ranks
        return "flush, ace high"
    return describe(_high_value()[category, tiebreak])


@functools.cache
def _classes() -> list[tables.Class]:
    """Return the deuce-to-seven classes, the best low (the worst high hand) first: the high
    classes with the wheel and the steel wheel read as ace-high hands."""
    moved = []
    for category, tiebreak in tables.high_classes():
        if category == tables.STRAIGHT and tiebreak == (5,):
            category, tiebreak = tables.HIGH_CARD, _WHEEL
        elif category == tables.STRAIGHT_FLUSH and tiebreak == (5,):
            category, tiebreak = tables.FLUSH, _WHEEL
        moved.append((category, tiebreak))
    moved.sort()
    return moved


@functools.cache
def _high_value() -> dict[tables.Class, int]:
    return {cls: value for value, cls in enumerate(tables.high_classes(), start=1)}


@functools.cache
def _by_high_value() -> list[int]:
    """Return the deuce-to-seven strength of each ``high`` value (index 0 unused)."""
    low_of = {cls: CLASS_COUNT - index for index, cls in enumerate(_classes())}
    values = [0] * (CLASS_COUNT + 1)
    for value, (category, tiebreak) in enumerate(tables.high_classes(), start=1):
        if tiebreak == (5,) and category in (tables.STRAIGHT, tables.STRAIGHT_FLUSH):
            category = tables.HIGH_CARD if category == tables.STRAIGHT else tables.FLUSH
            tiebreak = _WHEEL
        values[value] = low_of[category, tiebreak]
    return values
