"""Short-deck hold'em hands: 36 cards (six to ace), where a flush beats a full house.

With the deuces to fives taken out, a flush is rarer than a full house and ranks above it; the
ace plays low in the straight A-6-7-8-9, the lowest straight. The other categories keep their
usual order (a straight beats three of a kind, as in PokerKit and the Triton rules).
``short_deck_high`` numbers the classes from 1 (J-9-8-7-6, the worst high card) up to the royal
flush, so that a higher value is always the better hand.

>>> from pokertd.cards import parse_cards
>>> flush, full = parse_cards("Ah 9h 8h 7h Jh"), parse_cards("Kd Kc Ks 6h 6d")
>>> short_deck_high(flush) > short_deck_high(full)
True
>>> describe_short_deck(short_deck_high(parse_cards("Ac 6d 7h 8s 9c Kd Kh")))
'straight, nine high'
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from itertools import combinations, permutations

from pokertd.cards.card import ALL_CARDS, Card, Rank
from pokertd.evaluate import tables
from pokertd.evaluate.high import describe

#: The 36 cards of the short deck, six to ace.
SHORT_DECK: tuple[Card, ...] = tuple(card for card in ALL_CARDS if card.rank >= Rank.SIX)
_RANKS = range(6, 15)
_STRAIGHT_TOPS = range(9, 15)  # A-6-7-8-9 is nine high
#: The categories from weakest to strongest: a flush above a full house.
_ORDER = (
    tables.HIGH_CARD,
    tables.ONE_PAIR,
    tables.TWO_PAIR,
    tables.THREE_OF_A_KIND,
    tables.STRAIGHT,
    tables.FULL_HOUSE,
    tables.FLUSH,
    tables.FOUR_OF_A_KIND,
    tables.STRAIGHT_FLUSH,
)


def short_deck_high(cards: Sequence[Card]) -> int:
    """Return the strength of the best five of 5 to 7 short-deck cards; higher is better.

    Raises ValueError for another number of cards or a card below six.

    >>> from pokertd.cards import parse_cards
    >>> straight, trips = parse_cards("Ac 6d 7h 8s 9c"), parse_cards("Qc Qd Qh 8s 9c")
    >>> short_deck_high(straight) > short_deck_high(trips)
    True
    """
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"a short-deck hand has 5 to 7 cards, not {len(cards)}")
    if any(card.rank < Rank.SIX for card in cards):
        raise ValueError("a short-deck hand has no card below six")
    values = _values()
    return max(values[_class(five)] for five in combinations(cards, 5))


def short_deck_class(cards: Sequence[Card]) -> tables.Class:
    """Return the ``(category, tiebreak)`` of the best short-deck hand of 5 to 7 cards, as
    ``tables.high_class`` gives it for a high hand (the straight A-6-7-8-9 is nine high).

    >>> from pokertd.cards import parse_cards
    >>> short_deck_class(parse_cards("Ac 6d 7h 8s 9c Kd Kh")) == (tables.STRAIGHT, (9,))
    True
    """
    return _classes()[short_deck_high(cards) - 1]


def short_deck_best_five(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Return the five of 5-7 short-deck cards that make the best hand; of equal fives, the one
    with the higher suits (as ``best_five``, for the odd chip by highest card).

    >>> from pokertd.cards import parse_cards
    >>> [str(card) for card in short_deck_best_five(parse_cards("Ah 9h 8h 7h Jh Kd Ks"))]
    ['Ah', 'Jh', '9h', '8h', '7h']
    """
    values = _values()
    best = max(
        combinations(cards, 5),
        key=lambda five: (values[_class(five)], sorted((c.code for c in five), reverse=True)),
    )
    return tuple(sorted(best, key=lambda card: (card.rank, card.code), reverse=True))


def describe_short_deck(strength: int) -> str:
    """Name a short-deck strength in English, as ``describe`` names a high hand.

    Raises ValueError for a strength out of range.

    >>> describe_short_deck(1), describe_short_deck(len(_classes()))
    ('high card, jack', 'royal flush')
    """
    classes = _classes()
    if not 1 <= strength <= len(classes):
        raise ValueError(f"a short-deck strength is 1 to {len(classes)}, not {strength}")
    category, tiebreak = classes[strength - 1]
    if category in (tables.STRAIGHT, tables.STRAIGHT_FLUSH) and tiebreak == (9,):
        return "straight, nine high" if category == tables.STRAIGHT else "straight flush, nine high"
    return describe(_high_value()[category, tiebreak])


def _class(five: Sequence[Card]) -> tables.Class:
    counts = Counter(int(card.rank) for card in five)
    is_flush = len({card.suit for card in five}) == 1
    if len(counts) == 5:
        ranks = sorted(counts, reverse=True)
        top = _straight_top(ranks)
        if top:
            return (tables.STRAIGHT_FLUSH if is_flush else tables.STRAIGHT), (top,)
        return (tables.FLUSH if is_flush else tables.HIGH_CARD), tuple(ranks)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = tuple(count for _, count in groups)
    category = {
        (2, 1, 1, 1): tables.ONE_PAIR,
        (2, 2, 1): tables.TWO_PAIR,
        (3, 1, 1): tables.THREE_OF_A_KIND,
        (3, 2): tables.FULL_HOUSE,
        (4, 1): tables.FOUR_OF_A_KIND,
    }[shape]
    return category, tuple(rank for rank, _ in groups)


def _straight_top(ranks: list[int]) -> int:
    if ranks == [14, 9, 8, 7, 6]:
        return 9
    return ranks[0] if ranks[0] - ranks[4] == 4 else 0


@functools.cache
def _classes() -> list[tables.Class]:
    """Return every short-deck class, weakest first."""
    found = set()
    for five in combinations(_RANKS, 5):
        for is_flush in (False, True):
            suits = "h" * 5 if is_flush else "hhhhs"
            found.add(
                _class([Card.parse(f"{_symbol(r)}{s}") for r, s in zip(five, suits, strict=True)])
            )
    for shape in ((2, 1, 1, 1), (2, 2, 1), (3, 1, 1), (3, 2), (4, 1)):
        for ranks in _distinct_ranks(len(shape)):
            grouped: list[Card] = []
            for rank, count in zip(ranks, shape, strict=True):
                grouped += [Card.parse(f"{_symbol(rank)}{suit}") for suit in "shdc"[:count]]
            found.add(_class(grouped))
    return sorted(found, key=lambda cls: (_ORDER.index(cls[0]), cls[1]))


def _distinct_ranks(count: int) -> list[tuple[int, ...]]:
    return list(permutations(_RANKS, count))


def _symbol(rank: int) -> str:
    return Rank(rank).symbol


@functools.cache
def _values() -> dict[tables.Class, int]:
    return {cls: value for value, cls in enumerate(_classes(), start=1)}


@functools.cache
def _high_value() -> dict[tables.Class, int]:
    return {cls: value for value, cls in enumerate(tables.high_classes(), start=1)}
