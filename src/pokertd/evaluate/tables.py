"""Build the lookup tables behind ``high``, ``omaha_high`` and the low evaluators.

The tables are computed from the ordered list of five-card classes (``build``); nothing in this
module is written by hand. Building them takes a few tenths of a second, so they ship ready-made
in ``tables.bin`` beside this module, which is read at import in a few milliseconds;
``python -m pokertd.evaluate.write_tables`` writes it anew, and a test checks that it equals a fresh
build. Each card gets one integer (``CARD_VALUES[card.code]``) and a hand is the sum of its cards'
integers. The sum packs three fields, lowest bits first:

* bits 0-30: the rank multiset, one base-5 digit per rank (``5 ** (rank - 2)``);
* bits 31-46: one 4-bit card count per suit, biased by 3 (``FIRST_CARD_VALUES`` carries the bias),
  so bit 3 of a field is set exactly when that suit holds five cards or more;
* bits 47-98: one 13-bit rank mask per suit, read only when the hand holds a flush.

A sum whose ``FLUSH_BITS`` are clear is looked up by its rank multiset in ``RANK_KEY_VALUES``;
otherwise the flush suit's rank mask indexes ``FLUSH_VALUES``. Both give the high-hand value,
1 (7-5-4-3-2) to 7462 (royal flush): the 7462 classes of five cards, worst first, so each value
equals ``7463 - phevaluator.evaluate_cards(...)``. ``LOW_VALUES`` (made on first use) maps the
same rank multisets to their best A-5 low, 1 (K-K-K-K-Q) to 6175 (5-4-3-2-A). ``high_class`` and
``low_class`` give the class a value stands for (their lists are made on first use: only names
need them).

>>> high_class(1), high_class(7462), low_class(LOW_8_MIN)
((1, (7, 5, 4, 3, 2)), (9, (14,)), (8, 7, 6, 5, 4))
"""

from __future__ import annotations

import functools
import os
import sys
from array import array
from collections.abc import Iterable
from itertools import combinations
from operator import itemgetter
from typing import Any, NamedTuple

#: The ranks from two to ace, as ``Rank`` values, and their base-5 digits in a rank key.
_RANKS = range(2, 15)
_DIGITS = tuple(5 ** (rank - 2) for rank in _RANKS)

RANK_KEY_MASK = (1 << 31) - 1
SUIT_COUNT_SHIFT = 31
SUIT_MASK_SHIFT = 47
#: Bit 3 of every suit-count field: set for a suit holding five cards or more.
FLUSH_BITS = sum(8 << (SUIT_COUNT_SHIFT + 4 * suit) for suit in range(4))
#: The shift that brings a flush suit's rank mask down to bit 0, keyed by its flush bit.
FLUSH_SHIFTS = {8 << (SUIT_COUNT_SHIFT + 4 * s): SUIT_MASK_SHIFT + 13 * s for s in range(4)}

# Hand categories as numbers 1-9, in the order of ``pokertd.evaluate.HandCategory``.
(
    HIGH_CARD,
    ONE_PAIR,
    TWO_PAIR,
    THREE_OF_A_KIND,
    STRAIGHT,
    FLUSH,
    FULL_HOUSE,
    FOUR_OF_A_KIND,
    STRAIGHT_FLUSH,
) = range(1, 10)

#: The tiebreak of a straight is its top card; the wheel 5-4-3-2-A is the lowest, five high.
_STRAIGHT_TOPS = range(5, 15)

Class = tuple[int, tuple[int, ...]]


def _worst_first(ranks: Iterable[int], count: int) -> list[tuple[int, ...]]:
    """Return the ``count``-subsets of ``ranks``, each high card first, weakest first."""
    return sorted(tuple(sorted(combo, reverse=True)) for combo in combinations(ranks, count))


def _straight_ranks(top: int) -> tuple[int, ...]:
    return (5, 4, 3, 2, 14) if top == 5 else tuple(range(top, top - 5, -1))


def high_classes() -> list[Class]:
    """Return the 7462 five-card high classes, weakest first, as ``(category, tiebreak)``.

    The tiebreak lists the ranks that decide ties, in the order they are compared: the top card of
    a straight, the two pairs then the kicker, and so on.

    >>> classes = high_classes()
    >>> len(classes), classes[0], classes[-1]
    (7462, (1, (7, 5, 4, 3, 2)), (9, (14,)))
    """
    straights = {frozenset(_straight_ranks(top)) for top in _STRAIGHT_TOPS}
    distinct = [ranks for ranks in _worst_first(_RANKS, 5) if frozenset(ranks) not in straights]
    classes: list[Class] = [(HIGH_CARD, ranks) for ranks in distinct]
    for pair in _RANKS:
        others = [rank for rank in _RANKS if rank != pair]
        classes += [(ONE_PAIR, (pair, *kickers)) for kickers in _worst_first(others, 3)]
    for high_pair, low_pair in _worst_first(_RANKS, 2):
        classes += [
            (TWO_PAIR, (high_pair, low_pair, kicker))
            for kicker in _RANKS
            if kicker not in (high_pair, low_pair)
        ]
    for trips in _RANKS:
        others = [rank for rank in _RANKS if rank != trips]
        classes += [(THREE_OF_A_KIND, (trips, *kickers)) for kickers in _worst_first(others, 2)]
    classes += [(STRAIGHT, (top,)) for top in _STRAIGHT_TOPS]
    classes += [(FLUSH, ranks) for ranks in distinct]
    classes += [(FULL_HOUSE, (t, p)) for t in _RANKS for p in _RANKS if p != t]
    classes += [(FOUR_OF_A_KIND, (q, k)) for q in _RANKS for k in _RANKS if k != q]
    classes += [(STRAIGHT_FLUSH, (top,)) for top in _STRAIGHT_TOPS]
    return classes


#: How many cards of each rank in the tiebreak a category's five cards hold.
_SHAPES = {
    HIGH_CARD: (1, 1, 1, 1, 1),
    ONE_PAIR: (2, 1, 1, 1),
    TWO_PAIR: (2, 2, 1),
    THREE_OF_A_KIND: (3, 1, 1),
    FLUSH: (1, 1, 1, 1, 1),
    FULL_HOUSE: (3, 2),
    FOUR_OF_A_KIND: (4, 1),
}


def five_ranks(category: int, tiebreak: tuple[int, ...]) -> tuple[int, ...]:
    """Return the ranks of the five cards of a class, grouped as they are compared.

    >>> five_ranks(TWO_PAIR, (13, 5, 9))
    (13, 13, 5, 5, 9)
    >>> five_ranks(STRAIGHT, (5,))
    (5, 4, 3, 2, 14)
    """
    if category in (STRAIGHT, STRAIGHT_FLUSH):
        return _straight_ranks(tiebreak[0])
    return tuple(
        rank for rank, count in zip(tiebreak, _SHAPES[category], strict=True) for _ in range(count)
    )


def _best_of_larger_hands(five: dict[int, int], digits: tuple[int, ...]) -> dict[int, int]:
    """Extend a five-card table keyed by a digit sum to six and seven cards, best five kept.

    A six-card hand is each of its five-card hands plus one card, so adding every possible card to
    every five-card key and keeping the largest value gives the best five of six; seven likewise.
    """
    table = dict(five)
    level = five
    for _ in range(2):
        ordered = sorted(level.items(), key=itemgetter(1))
        # Later writes win in a dict display, and ``ordered`` is weakest first: the maximum stays.
        level = {
            key + digit: value
            for key, value in ordered
            for digit in digits
            if key // digit % 5 < 4  # a fifth card of one rank does not exist
        }
        table.update(level)
    return table


def _high_tables() -> tuple[dict[int, int], list[int]]:
    rank_key_values: dict[int, int] = {}
    flush_values5: dict[int, int] = {}
    for value, (category, tiebreak) in enumerate(high_classes(), start=1):
        ranks = five_ranks(category, tiebreak)
        if category in (FLUSH, STRAIGHT_FLUSH):
            flush_values5[sum(1 << (rank - 2) for rank in ranks)] = value
        else:
            rank_key_values[sum(5 ** (rank - 2) for rank in ranks)] = value
    flush_values = [0] * 8192
    level = flush_values5
    for mask, value in level.items():
        flush_values[mask] = value
    for _ in range(2):  # six and seven suited cards, as in ``_best_of_larger_hands``
        ordered = sorted(level.items(), key=itemgetter(1))
        level = {
            mask | bit: value
            for mask, value in ordered
            for bit in (1 << r for r in range(13))
            if not mask & bit
        }
        for mask, value in level.items():
            flush_values[mask] = value
    return _best_of_larger_hands(rank_key_values, _DIGITS), flush_values


def card_values() -> tuple[int, ...]:
    """Return each card's packed integer, indexed by ``card.code`` (see the module docstring).

    >>> card_values()[51] == 5**12 + (1 << 43) + (1 << 98)  # the ace of spades
    True
    """
    values = []
    for code in range(52):
        rank_index, suit = divmod(code, 4)
        values.append(
            5**rank_index
            + (1 << (SUIT_COUNT_SHIFT + 4 * suit))
            + (1 << (SUIT_MASK_SHIFT + 13 * suit + rank_index))
        )
    return tuple(values)


def low_classes() -> list[tuple[int, ...]]:
    """Return the 6175 five-card A-5 lows, worst first, each as its ranks high first (ace = 1).

    Straights and flushes do not count; pairs do, and any pair is worse than no pair.

    >>> classes = low_classes()
    >>> len(classes), classes[0], classes[-1]
    (6175, (13, 13, 13, 13, 12), (5, 4, 3, 2, 1))
    """
    ranks = range(13, 0, -1)

    def worst_first(others: Iterable[int], count: int) -> list[tuple[int, ...]]:
        return sorted(_worst_first(others, count), reverse=True)

    def without(*excluded: int) -> list[int]:
        return [rank for rank in ranks if rank not in excluded]

    classes: list[tuple[int, ...]] = []
    classes += [(q,) * 4 + (k,) for q in ranks for k in without(q)]
    classes += [(t,) * 3 + (p,) * 2 for t in ranks for p in without(t)]
    for t in ranks:
        classes += [(t,) * 3 + kickers for kickers in worst_first(without(t), 2)]
    for high_pair, low_pair in worst_first(ranks, 2):
        classes += [(high_pair,) * 2 + (low_pair,) * 2 + (k,) for k in without(high_pair, low_pair)]
    for p in ranks:
        classes += [(p,) * 2 + kickers for kickers in worst_first(without(p), 3)]
    classes += worst_first(ranks, 5)
    return classes


def _low_table() -> dict[int, int]:
    # Keyed by the high rank key (ace digit 12) so that both evaluators sum the same card integers.
    five = {
        sum(5 ** (12 if rank == 1 else rank - 2) for rank in ranks): value
        for value, ranks in enumerate(low_classes(), start=1)
    }
    return _best_of_larger_hands(five, _DIGITS)


class Tables(NamedTuple):
    """The three lookup tables, as ``build`` makes them and ``tables.bin`` holds them."""

    rank_key_values: dict[int, int]  # rank key of 5-7 cards -> high value
    flush_values: list[int]  # 13-bit rank mask of 5-7 suited cards -> high value (0: none)
    low_values: dict[int, int]  # rank key of 5-7 cards -> A-5 low value


def build() -> Tables:
    """Compute the tables from the class lists (the slow way, a few tenths of a second)."""
    rank_key_values, flush_values = _high_tables()
    return Tables(rank_key_values, flush_values, _low_table())


#: The shipped tables, next to this module (package data, see pyproject.toml).
TABLES_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tables.bin")
_FORMAT = b"pokertd-tables 2\n"


def encode(tables: Tables) -> bytes:
    """Return the bytes of ``tables.bin``: a format line, then the number of rank keys (uint32),
    the keys (uint32), their high values and their low values (uint16), and the 8192 flush values
    (uint16), all little-endian. The keys of five cards come first, then six, then seven, each
    group in increasing order: the keys a seven-card hand looks up are then made one after the
    other in memory at import, and a lookup is as fast as in the built table (5-10% slower when
    the sizes are mixed).

    Not compressed: decompressing would cost more time than the whole read, and git and wheels
    compress it anyway.

    >>> decode(encode(Tables({5: 1, 9: 2}, [0] * 8192, {5: 3, 9: 4}))).low_values
    {5: 3, 9: 4}
    """
    keys = sorted(tables.rank_key_values, key=lambda key: (_card_count(key), key))
    if sorted(tables.low_values) != sorted(keys) or len(tables.flush_values) != 8192:
        raise ValueError("the high and low tables must have the same keys, and 8192 flush values")
    parts = [
        array("I", [len(keys)]),
        array("I", keys),
        array("H", [tables.rank_key_values[key] for key in keys]),
        array("H", [tables.low_values[key] for key in keys]),
        array("H", tables.flush_values),
    ]
    if sys.byteorder == "big":
        for part in parts:
            part.byteswap()
    return _FORMAT + b"".join(part.tobytes() for part in parts)


def _card_count(rank_key: int) -> int:
    """Return the number of cards a rank key counts: the sum of its base-5 digits.

    >>> _card_count(5**12 * 2 + 5**0 * 3)  # two aces and three deuces
    5
    """
    count = 0
    while rank_key:
        rank_key, digit = divmod(rank_key, 5)
        count += digit
    return count


def decode(data: bytes) -> Tables:
    """Return the tables ``encode`` wrote. Raises ValueError for bytes of another format."""
    keys, highs, lows, flushes = _columns(data)
    return Tables(_table(keys, highs), _shared(flushes), _table(keys, lows))


#: One int object for each value 0-7462, which every table entry holding that value shares: a
#: lookup touches the value it returns (its reference count), and 7,463 shared objects stay in
#: the processor's cache where one copy per entry (73,775) would not: lookups were 13% slower.
_VALUE_OBJECTS = list(range(7463))


def _table(keys: array[int], values: array[int]) -> dict[int, int]:
    return dict(zip(keys, map(_VALUE_OBJECTS.__getitem__, values), strict=True))


def _shared(values: array[int]) -> list[int]:
    return list(map(_VALUE_OBJECTS.__getitem__, values))  # a list: faster to index than an array


def _columns(data: bytes) -> tuple[array[int], array[int], array[int], array[int]]:
    """Return the rank keys, their high values, their low values, and the flush values."""
    if not data.startswith(_FORMAT):
        raise ValueError(f"not a pokertd tables file (it should start with {_FORMAT!r})")
    header = len(_FORMAT) + 4
    count = _read(data, "I", len(_FORMAT), 1)[0] if len(data) >= header else 0
    size = header + count * (4 + 2 + 2) + 8192 * 2
    if len(data) != size:
        raise ValueError(f"a tables file of {len(data)} bytes should hold {size}")
    keys = _read(data, "I", header, count)
    highs = _read(data, "H", header + 4 * count, count)
    lows = _read(data, "H", header + 6 * count, count)
    flushes = _read(data, "H", header + 8 * count, 8192)
    return keys, highs, lows, flushes


def _read(data: bytes, code: str, offset: int, size: int) -> array[int]:
    column = array(code)
    column.frombytes(data[offset : offset + size * column.itemsize])
    if sys.byteorder == "big":
        column.byteswap()
    return column


def _shipped_columns() -> tuple[array[int], array[int], array[int], array[int]]:
    try:
        with open(TABLES_FILE, "rb") as file:
            return _columns(file.read())
    except (FileNotFoundError, ValueError):
        # A source tree whose file is not (re)written yet: the same tables, only slower. The test
        # of tables.bin fails until ``python -m pokertd.evaluate.write_tables`` writes it.
        return _columns(encode(build()))


_KEYS, _HIGHS, _LOWS, _FLUSHES = _shipped_columns()
RANK_KEY_VALUES = _table(_KEYS, _HIGHS)
FLUSH_VALUES = _shared(_FLUSHES)
#: Made on first use (``__getattr__``): only the low games need it, and making it costs as much
#: as the high table.
LOW_VALUES: dict[int, int]
CARD_VALUES = card_values()
#: ``CARD_VALUES`` with the suit-count bias of 3 added, for one card of each hand.
FIRST_CARD_VALUES = tuple(
    value + sum(3 << (SUIT_COUNT_SHIFT + 4 * suit) for suit in range(4)) for value in CARD_VALUES
)
#: The weakest eight-or-better low, 8-7-6-5-4: the 56th best of the 6175 (a test checks it).
LOW_8_MIN = 6175 - 56 + 1


def __getattr__(name: str) -> Any:
    if name != "LOW_VALUES":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    low_values = globals()["LOW_VALUES"] = _table(_KEYS, _LOWS)
    return low_values


@functools.cache
def _high_class_list() -> tuple[Class, ...]:
    # Index 0 is a placeholder so that a value needs no offset; likewise below.
    return ((0, ()), *high_classes())


@functools.cache
def _low_class_list() -> tuple[tuple[int, ...], ...]:
    return ((), *low_classes())


def high_class(value: int) -> Class:
    """Return the ``(category, tiebreak)`` of a high value. Raises ValueError outside 1-7462.

    >>> high_class(4782)
    (3, (13, 5, 9))
    """
    if not 1 <= value <= 7462:
        raise ValueError(f"high-hand strength {value!r} is outside 1-7462")
    return _high_class_list()[value]


def low_class(value: int) -> tuple[int, ...]:
    """Return the five ranks of an A-5 low value, high first, ace 1. Raises ValueError outside
    1-6175.

    >>> low_class(6175)
    (5, 4, 3, 2, 1)
    """
    if not 1 <= value <= 6175:
        raise ValueError(f"low strength {value!r} is outside 1-6175")
    return _low_class_list()[value]
