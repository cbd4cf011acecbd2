"""Build the lookup tables behind ``high``, ``omaha_high`` and the low evaluators.

The tables are computed once, at import, from the ordered list of five-card classes; nothing in
this module is written by hand. Each card gets one integer (``CARD_VALUES[card.code]``) and a hand
is the sum of its cards' integers. The sum packs three fields, lowest bits first:

* bits 0-30: the rank multiset, one base-5 digit per rank (``5 ** (rank - 2)``);
* bits 31-46: one 4-bit card count per suit, biased by 3 (``FIRST_CARD_VALUES`` carries the bias),
  so bit 3 of a field is set exactly when that suit holds five cards or more;
* bits 47-98: one 13-bit rank mask per suit, read only when the hand holds a flush.

A sum whose ``FLUSH_BITS`` are clear is looked up by its rank multiset in ``RANK_KEY_VALUES``;
otherwise the flush suit's rank mask indexes ``FLUSH_VALUES``. Both give the high-hand value,
1 (7-5-4-3-2) to 7462 (royal flush): the 7462 classes of five cards, worst first, so each value
equals ``7463 - phevaluator.evaluate_cards(...)``. ``LOW_VALUES`` maps the same rank multisets to
their best A-5 low, 1 (K-K-K-K-Q) to 6175 (5-4-3-2-A).

>>> len(HIGH_CLASSES) - 1, HIGH_CLASSES[1], HIGH_CLASSES[7462]
(7462, (1, (7, 5, 4, 3, 2)), (9, (14,)))
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from operator import itemgetter

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
    for value in range(1, len(HIGH_CLASSES)):
        category, tiebreak = HIGH_CLASSES[value]
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
        sum(5 ** (12 if rank == 1 else rank - 2) for rank in LOW_CLASSES[value]): value
        for value in range(1, len(LOW_CLASSES))
    }
    return _best_of_larger_hands(five, _DIGITS)


# Index 0 is a placeholder so that ``HIGH_CLASSES[value]`` needs no offset; likewise below.
HIGH_CLASSES: tuple[Class, ...] = ((0, ()), *high_classes())
RANK_KEY_VALUES, FLUSH_VALUES = _high_tables()
CARD_VALUES = card_values()
#: ``CARD_VALUES`` with the suit-count bias of 3 added, for one card of each hand.
FIRST_CARD_VALUES = tuple(
    value + sum(3 << (SUIT_COUNT_SHIFT + 4 * suit) for suit in range(4)) for value in CARD_VALUES
)

LOW_CLASSES: tuple[tuple[int, ...], ...] = ((), *low_classes())
LOW_VALUES = _low_table()
#: The weakest eight-or-better low, 8-7-6-5-4; every better low qualifies.
LOW_8_MIN = LOW_CLASSES.index((8, 7, 6, 5, 4))
