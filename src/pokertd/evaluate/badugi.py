"""Badugi: the best set of cards of four different suits and ranks, aces low.

A badugi hand is made of four cards. Only cards of different suits and different ranks play
together: a hand plays the largest such set it holds (a four-card "badugi" beats any three-card
hand, which beats any two-card hand), and between sets of the same size the lower one wins, read
from its highest card down (8-5-3-2 beats 8-6-2-A). ``badugi`` numbers the 1092 classes from 1
(a lone king) to 1092 (4-3-2-A), so that a higher value is always the better hand.

>>> from pokertd.cards import parse_cards
>>> describe_badugi(badugi(parse_cards("As 2h 3d 4c")))
'4-3-2-A'
>>> describe_badugi(badugi(parse_cards("Ks 2s 3d 3c")))   # one spade and one three play
'3-2'
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import combinations

from pokertd.cards.card import Card

_SYMBOLS = "A23456789TJQK"
#: Every set of distinct ranks a badugi hand can play, aces as 1: (size, ranks highest first).
_Class = tuple[int, tuple[int, ...]]


def badugi(cards: Sequence[Card]) -> int:
    """Return the badugi value of four distinct cards, 1 (a lone king) to 1092 (4-3-2-A).

    Raises ValueError for any other number of cards.

    >>> from pokertd.cards import parse_cards
    >>> badugi(parse_cards("8s 5h 3d 2c")) > badugi(parse_cards("8s 6h 2d Ac"))
    True
    >>> badugi(parse_cards("Ks Qh Jd Tc")) > badugi(parse_cards("As 2h 3d 3c"))   # four beat three
    True
    """
    if len(cards) != 4:
        raise ValueError(f"a badugi hand has 4 cards, not {len(cards)}")
    best: _Class = (0, ())
    for size in (4, 3, 2, 1):
        for subset in combinations(cards, size):
            if len({card.suit for card in subset}) < size:
                continue
            ranks = {1 if card.rank == 14 else int(card.rank) for card in subset}
            if len(ranks) < size:
                continue
            key = (size, tuple(sorted(ranks, reverse=True)))
            if best[0] < size or key[1] < best[1]:
                best = key
        if best[0]:
            break
    return _values()[best]


def describe_badugi(strength: int) -> str:
    """Write a badugi value as the ranks that play, highest first (``"8-5-3-2"``); the notation
    is the same in English and French.

    Raises ValueError for a value outside 1-1092.

    >>> describe_badugi(1), describe_badugi(1092)
    ('K', '4-3-2-A')
    """
    classes = _classes()
    if not 1 <= strength <= len(classes):
        raise ValueError(f"a badugi value is 1 to {len(classes)}, not {strength}")
    return "-".join(_SYMBOLS[rank - 1] for rank in classes[strength - 1][1])


def badugi_size(strength: int) -> int:
    """Return how many cards a badugi value plays (4 for a badugi).

    >>> badugi_size(1092), badugi_size(1)
    (4, 1)
    """
    return _classes()[strength - 1][0]


@functools.cache
def _classes() -> list[_Class]:
    """Return the 1092 classes weakest first: by size, then the highest ranks worst first."""
    classes = [
        (size, ranks)
        for size in (1, 2, 3, 4)
        for ranks in (
            tuple(sorted(combo, reverse=True)) for combo in combinations(range(1, 14), size)
        )
    ]
    # Within a size, higher ranks are worse: sort by the negated ranks, read from the top card.
    classes.sort(key=lambda cls: (cls[0], tuple(-rank for rank in cls[1])))
    return classes


@functools.cache
def _values() -> dict[_Class, int]:
    return {cls: value for value, cls in enumerate(_classes(), start=1)}
