"""Omaha hands: exactly two hole cards and exactly three board cards, high and eight-or-better low.

A player holding four spades with one spade on the board has no flush, and a straight on the board
does not play: every five-card hand takes two cards from the hole and three from the board.

>>> from pokertd.cards import parse_cards
>>> from pokertd.evaluate.high import describe
>>> describe(omaha_high(parse_cards("As Ks Qs Js"), parse_cards("Ts 9d 8c 3h 2d")))
'straight, queen high'
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product

from pokertd.cards.card import Card
from pokertd.evaluate import tables
from pokertd.evaluate.high import high, read_order
from pokertd.evaluate.low import LOW_8_MIN

_V = tables.CARD_VALUES
_V0 = tables.FIRST_CARD_VALUES
_RANK_KEY_MASK = tables.RANK_KEY_MASK
_FLUSH_BITS = tables.FLUSH_BITS
_FLUSH_SHIFTS = tables.FLUSH_SHIFTS
_FLUSH_VALUES = tables.FLUSH_VALUES
_RANK_KEY_VALUES = tables.RANK_KEY_VALUES


def _check_counts(hole: Sequence[Card], board: Sequence[Card]) -> None:
    if not 2 <= len(hole) <= 6:
        raise ValueError(f"an Omaha hand has 2 to 6 hole cards, not {len(hole)}")
    if not 3 <= len(board) <= 5:
        raise ValueError(f"an Omaha board has 3 to 5 cards, not {len(board)}")


def _pair_sums(hole: Sequence[Card]) -> list[int]:
    # The first table carries the suit-count bias, once per five-card hand.
    return [_V0[a.code] + _V[b.code] for a, b in combinations(hole, 2)]


def _triple_sums(board: Sequence[Card]) -> list[int]:
    v = _V
    return [v[a.code] + v[b.code] + v[c.code] for a, b, c in combinations(board, 3)]


def omaha_high(hole: Sequence[Card], board: Sequence[Card]) -> int:
    """Return the best high hand of two hole cards and three board cards, on the ``high`` scale.

    ``hole`` holds 2 to 6 cards (4 in Omaha) and ``board`` 3 to 5. Raises ValueError otherwise.

    >>> from pokertd.cards import parse_cards
    >>> from pokertd.evaluate.high import category
    >>> category(omaha_high(parse_cards("As Ks Qs Js"), parse_cards("2s 3h 4h 5h 6h")))
    <HandCategory.HIGH_CARD: 1>
    """
    _check_counts(hole, board)
    triples = _triple_sums(board)
    sums = [p + t for p in _pair_sums(hole) for t in triples]
    # Five distinct ranks of one suit are worth more as a flush than by their ranks alone.
    best = max([_RANK_KEY_VALUES[s & _RANK_KEY_MASK] for s in sums])
    flushes = [s for s in sums if s & _FLUSH_BITS]
    if flushes:
        return max(
            best, *[_FLUSH_VALUES[s >> _FLUSH_SHIFTS[s & _FLUSH_BITS] & 0x1FFF] for s in flushes]
        )
    return best


def omaha_low_8(hole: Sequence[Card], board: Sequence[Card]) -> int | None:
    """Return the best eight-or-better low of two hole and three board cards, or None.

    The value is on the ``low_a5`` scale (higher is better). Raises ValueError for bad counts.

    >>> from pokertd.cards import parse_cards
    >>> from pokertd.evaluate.low import describe_low
    >>> describe_low(omaha_low_8(parse_cards("Ah 2d Kc Ks"), parse_cards("3c 5d 8h Qs Js")))
    '8-5-3-2-A'
    >>> omaha_low_8(parse_cards("Ah Kd Kc Ks"), parse_cards("3c 5d 8h 7s 6s")) is None
    True
    """
    _check_counts(hole, board)
    triples = _triple_sums(board)
    low_values = tables.LOW_VALUES
    best = max([low_values[(p + t) & _RANK_KEY_MASK] for p in _pair_sums(hole) for t in triples])
    return best if best >= LOW_8_MIN else None


def omaha_best_five(hole: Sequence[Card], board: Sequence[Card]) -> tuple[Card, ...]:
    """Return the two hole and three board cards of the best Omaha high hand, in reading order.

    Between equal hands the higher suits win, as in ``best_five``. Raises ValueError for bad counts.

    >>> from pokertd.cards import parse_cards
    >>> [str(c) for c in omaha_best_five(parse_cards("As Ks Qs Js"), parse_cards("Ts 9d 8c 3h 2d"))]
    ['Qs', 'Js', 'Ts', '9d', '8c']
    """
    _check_counts(hole, board)
    fives = [
        (*pair, *triple) for pair, triple in product(combinations(hole, 2), combinations(board, 3))
    ]
    return read_order(
        max(fives, key=lambda five: (high(five), sorted((c.code for c in five), reverse=True)))
    )
