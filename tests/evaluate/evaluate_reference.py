"""Helpers for the evaluator tests: independent reference classifiers and seeded random hands."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from pokertd.cards import parse_cards
from pokertd.cards.card import ALL_CARDS, Card

#: Known numbers of five-card hands per category, HIGH_CARD (1) to STRAIGHT_FLUSH (9).
FIVE_CARD_COUNTS = {
    1: 1_302_540,
    2: 1_098_240,
    3: 123_552,
    4: 54_912,
    5: 10_200,
    6: 5_108,
    7: 3_744,
    8: 624,
    9: 40,
}


def reference_high(cards: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    """Classify five cards the slow, obvious way: (category 1-9, ranks compared in order)."""
    counts = Counter(int(card.rank) for card in cards)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = [count for _, count in groups]
    ranks = tuple(rank for rank, _ in groups)
    is_flush = len({card.suit for card in cards}) == 1
    top = 0
    if len(ranks) == 5:
        if ranks[0] - ranks[4] == 4:
            top = ranks[0]
        elif ranks == (14, 5, 4, 3, 2):
            top = 5
    if top and is_flush:
        return 9, (top,)
    if shape == [4, 1]:
        return 8, ranks
    if shape == [3, 2]:
        return 7, ranks
    if is_flush:
        return 6, ranks
    if top:
        return 5, (top,)
    if shape == [3, 1, 1]:
        return 4, ranks
    if shape == [2, 2, 1]:
        return 3, ranks
    if shape == [2, 1, 1, 1]:
        return 2, ranks
    return 1, ranks


def reference_low(cards: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    """Rank five cards as an A-5 low the obvious way; a smaller key is a better low.

    The key is the high-hand key with aces as 1 and no straights or flushes.
    """
    counts = Counter(1 if card.rank == 14 else int(card.rank) for card in cards)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = tuple(count for _, count in groups)
    kinds = {(1, 1, 1, 1, 1): 1, (2, 1, 1, 1): 2, (2, 2, 1): 3, (3, 1, 1): 4, (3, 2): 5, (4, 1): 6}
    return kinds[shape], tuple(rank for rank, _ in groups)


def random_hands(seed: int, count: int, size: int) -> list[tuple[Card, ...]]:
    """Return ``count`` hands of ``size`` distinct cards drawn with a seeded rng."""
    rng = random.Random(seed)
    return [tuple(rng.sample(ALL_CARDS, size)) for _ in range(count)]


def cards(text: str) -> tuple[Card, ...]:
    """Parse known cards such as ``"As Kd 7c"``."""
    parsed = parse_cards(text)
    assert None not in parsed, text
    return tuple(card for card in parsed if card is not None)
