"""Many high hands at once: the values of ``high`` for whole arrays of hands, with numpy.

``high_batch(codes)`` takes an array of card codes (``Card.code``, 0-51), one hand of 5, 6 or 7
cards a row, and returns each row's ``high`` value (1-7462) in a dozen array passes: over ten
million hands a second where ``high`` does about two million (docs/benchmarks.md). Equity and Monte
Carlo sample or enumerate many boards for the same hole cards, so ``HandSums`` keeps the boards'
sums and adds each hole's: a board is summed once, not once per player.

The tables are ``pokertd.evaluate.tables``' own, regrouped for arrays (made on first use, a few tens
of milliseconds): a card's integer packs the base-5 rank digits of ranks two to eight (bits 0-16),
those of nine to ace (bits 17-30) and a 4-bit count per suit (bits 32-47); a second integer holds a
13-bit rank mask per suit, 16 bits apart, read only for the hands holding a flush. The two rank
fields index a compact table: the key of the high ranks gives where its block starts, the key of the
low ranks the place in the block (``_Tables``). Values are exactly ``high``'s (the tests compare
every hand of a fixed set and random ones).

>>> from pokertd.cards import parse_cards
>>> hands = [[c.code for c in parse_cards(text)] for text in ("AsKsQsJsTs2c3d", "7h5d4c3s2hKdKc")]
>>> high_batch(hands).tolist()
[7462, 3713]
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from pokertd.evaluate import tables

#: An array of high values (1-7462), one a hand.
Values = npt.NDArray[np.int16]
Sums = npt.NDArray[np.int64]
Masks = npt.NDArray[np.uint64]
Columns = npt.NDArray[np.int8]
Rows = npt.NDArray[np.intp]

_LOW_RANKS = 7  # two to eight: base-5 digits 5**0 .. 5**6 in bits 0-16
_HIGH_SHIFT = 17  # nine to ace in bits 17-30
_SUIT_SHIFT = 32
_LOW_FIELD = (1 << _HIGH_SHIFT) - 1
_HIGH_FIELD = (1 << 14) - 1
#: Each suit's count starts at 3, so bit 3 of its field is set once it holds five cards.
_SUIT_BIAS = sum(3 << (_SUIT_SHIFT + 4 * suit) for suit in range(4))
_FLUSH_BITS = sum(8 << (_SUIT_SHIFT + 4 * suit) for suit in range(4))


class _Tables(NamedTuple):
    card_sums: Sums  # card code -> packed rank digits and suit count
    card_masks: Masks  # card code -> its bit in its suit's 16-bit rank mask
    low_places: npt.NDArray[np.int32]  # low-rank key -> place in a block
    high_starts: npt.NDArray[np.int32]  # high-rank key -> start of its block
    values: Values  # block start + place -> high value
    flush_values: Values  # 13-bit rank mask -> high value (0: fewer than five cards)


def _digit_count(keys: npt.NDArray[np.int64], digits: int) -> npt.NDArray[np.int64]:
    """Return the number of cards each base-5 key counts (the sum of its ``digits`` digits)."""
    count = np.zeros_like(keys)
    rest = keys.copy()
    for _ in range(digits):
        count += rest % 5
        rest //= 5
    return count


@functools.cache
def _tables() -> _Tables:
    keys = np.fromiter(tables.RANK_KEY_VALUES.keys(), dtype=np.int64)
    values = np.fromiter(tables.RANK_KEY_VALUES.values(), dtype=np.int16, count=len(keys))
    lows, highs = keys % 5**_LOW_RANKS, keys // 5**_LOW_RANKS
    # Low keys ordered by their card count: a block for high ranks holding h cards needs only the
    # low keys of at most 7 - h cards, which come first.
    distinct_lows = np.unique(lows)
    low_counts = _digit_count(distinct_lows, _LOW_RANKS)
    order = np.lexsort((distinct_lows, low_counts))
    low_places = np.zeros(int(distinct_lows.max()) + 1, dtype=np.int32)
    low_places[distinct_lows[order]] = np.arange(len(order), dtype=np.int32)
    at_most = np.searchsorted(low_counts[order], np.arange(8), side="right")  # keys of <= n cards
    distinct_highs = np.unique(highs)
    sizes = at_most[7 - _digit_count(distinct_highs, 13 - _LOW_RANKS)]
    starts = np.concatenate(([0], np.cumsum(sizes)[:-1])).astype(np.int32)
    high_starts = np.zeros(int(distinct_highs.max()) + 1, dtype=np.int32)
    high_starts[distinct_highs] = starts
    table = np.zeros(int(sizes.sum()), dtype=np.int16)
    table[high_starts[highs] + low_places[lows]] = values
    codes = np.arange(52)
    rank_index, suit = codes // 4, codes % 4
    digit = 5 ** (rank_index % _LOW_RANKS)
    card_sums = np.where(rank_index < _LOW_RANKS, digit, digit << _HIGH_SHIFT)
    card_sums = (card_sums + (1 << (_SUIT_SHIFT + 4 * suit))).astype(np.int64)
    card_masks = (np.uint64(1) << (16 * suit + rank_index).astype(np.uint64)).astype(np.uint64)
    flush_values = np.array(tables.FLUSH_VALUES, dtype=np.int16)
    return _Tables(card_sums, card_masks, low_places, high_starts, table, flush_values)


class HandSums(NamedTuple):
    """Cards summed into the two packed integers a value is read from, one pair per hand.

    Sums of distinct cards add up: the sums of a board plus those of a hole are the sums of the
    hand, which ``values`` then reads.
    """

    sums: Sums
    masks: Masks

    @classmethod
    def of(cls, codes: npt.ArrayLike) -> HandSums:
        """Sum each row of ``codes`` (card codes 0-51; any number of cards, none repeated).

        Raises ValueError for an array that is not two-dimensional or a code outside 0-51.
        """
        columns = _columns(codes)
        return cls(_sums(columns), _masks(columns))

    def plus(self, other: HandSums) -> HandSums:
        """Return the sums of these cards and ``other``'s (a single row adds to every row)."""
        return HandSums(self.sums + other.sums, self.masks | other.masks)

    def values(self) -> Values:
        """Return the ``high`` value of each hand, which must hold 5 to 7 cards."""
        result = np.empty(len(self.sums), dtype=np.int16)
        for start in range(0, len(result), _CHUNK):
            masks = self.masks[start : start + _CHUNK]
            result[start : start + _CHUNK] = _values(
                self.sums[start : start + _CHUNK], masks.__getitem__
            )
        return result


#: Hands valued at a time: the arrays of a chunk stay in the processor's cache between the dozen
#: passes over them (1.5 to 2 times faster than whole arrays of a million hands).
_CHUNK = 32768


def high_batch(codes: npt.ArrayLike) -> Values:
    """Return ``high`` of each row of ``codes``: hands of 5 to 7 distinct card codes (0-51).

    Cards are assumed distinct (not checked, as in ``high``). Raises ValueError for rows of
    another length, an array that is not two-dimensional, or a code outside 0-51.

    >>> high_batch(np.zeros((0, 7), dtype=np.int8)).shape
    (0,)
    """
    columns = _columns(codes)
    if not 5 <= len(columns) <= 7:
        raise ValueError(f"a high hand has 5 to 7 cards, not {len(columns)}")
    result = np.empty(columns.shape[1], dtype=np.int16)
    for start in range(0, len(result), _CHUNK):
        part = columns[:, start : start + _CHUNK]

        def flush_masks(rows: Rows, part: Columns = part) -> Masks:
            # The rank masks matter only to the few hands holding a flush: summed for those.
            return _masks(part[:, rows])

        result[start : start + _CHUNK] = _values(_sums(part), flush_masks)
    return result


def _columns(codes: npt.ArrayLike) -> Columns:
    """Return the hands' cards a column at a time (one row per card of a hand), checked."""
    array = np.asarray(codes)
    if array.ndim != 2 or (array.size and not np.issubdtype(array.dtype, np.integer)):
        raise ValueError(f"hands are a 2-D array of card codes, not of shape {array.shape}")
    if array.size and (int(array.min()) < 0 or int(array.max()) > 51):
        raise ValueError("a card code is 0 to 51")
    # Contiguous rows of bytes: ``np.take`` reads them fastest.
    return np.ascontiguousarray(array.T, dtype=np.int8)


def _sums(columns: Columns) -> Sums:
    card_sums = _tables().card_sums
    total = np.zeros(columns.shape[1], dtype=np.int64)
    card = np.empty_like(total)
    for column in columns:  # one card of every hand at a time: a few array passes in all
        np.add(total, np.take(card_sums, column, out=card), out=total)
    return total


def _masks(columns: Columns) -> Masks:
    card_masks = _tables().card_masks
    total = np.zeros(columns.shape[1], dtype=np.uint64)
    card = np.empty_like(total)
    for column in columns:
        np.bitwise_or(total, np.take(card_masks, column, out=card), out=total)
    return total


def _values(sums: Sums, masks_of: Callable[[Rows], Masks]) -> Values:
    """Return the values of hands from their sums and, for the rows holding a flush, their rank
    masks (``masks_of(rows)``)."""
    built = _tables()
    total = sums + _SUIT_BIAS
    field = np.bitwise_and(total, _LOW_FIELD)
    places = np.take(built.low_places, field)
    np.right_shift(total, _HIGH_SHIFT, out=field)
    np.bitwise_and(field, _HIGH_FIELD, out=field)
    places += np.take(built.high_starts, field)
    result = np.take(built.values, places)
    flushes = np.flatnonzero(np.bitwise_and(total, _FLUSH_BITS, out=field))
    if len(flushes):
        # At most one suit holds five of seven cards; its count bit says which.
        bits = (total[flushes] >> _SUIT_SHIFT) & 0x8888
        shifts = 16 * ((bits > 0x8).astype(np.uint64) + (bits > 0x80) + (bits > 0x800))
        masks = (masks_of(flushes) >> shifts) & np.uint64(0x1FFF)
        result[flushes] = np.take(built.flush_values, masks)
    return result
