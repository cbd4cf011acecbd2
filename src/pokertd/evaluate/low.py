"""Ace-to-five lows (razz) and eight-or-better lows; a higher value is always a better low.

Aces are low, straights and flushes do not count, and pairs do: any pair is worse than no pair. The
scale runs from 1 (K-K-K-K-Q) to 6175 (5-4-3-2-A). An eight-or-better low is an unpaired low with
no card above an eight; these are the 56 best values, so ``low_8`` keeps the A-5 scale.

>>> from pokertd.cards import parse_cards
>>> describe_low(low_a5(parse_cards("Kd 8s 6h 4c 3d 2s 2h")))
'8-6-4-3-2'
"""

from __future__ import annotations

from collections.abc import Sequence

from pokertd.cards.card import Card
from pokertd.evaluate import tables

_V = tables.CARD_VALUES
_RANK_KEY_MASK = tables.RANK_KEY_MASK
#: The weakest qualifying value (8-7-6-5-4): a low of at least this qualifies for eight-or-better.
LOW_8_MIN = tables.LOW_8_MIN
_SYMBOLS = "A23456789TJQK"


def low_a5(cards: Sequence[Card]) -> int:
    """Return the best A-5 low of 5 to 7 distinct cards, 1 (K-K-K-K-Q) to 6175 (5-4-3-2-A).

    Raises ValueError for any other number of cards.

    >>> from pokertd.cards import parse_cards
    >>> low_a5(parse_cards("As 2s 3s 4s 5s Kd Kh"))
    6175
    >>> low_a5(parse_cards("8c 7d 6h 5s 4c")) < low_a5(parse_cards("8c 7d 6h 5s 3c"))
    True
    """
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"an A-5 low is made from 5 to 7 cards, not {len(cards)}")
    v = _V
    # ``tables.LOW_VALUES``, not a copy taken at import: the table is made on first use.
    return tables.LOW_VALUES[sum([v[card.code] for card in cards]) & _RANK_KEY_MASK]


def low_8(cards: Sequence[Card]) -> int | None:
    """Return the best eight-or-better low of 5 to 7 cards on the ``low_a5`` scale, or None.

    Raises ValueError for a count other than 5-7.

    >>> from pokertd.cards import parse_cards
    >>> low_8(parse_cards("8c 7d 6h 5s 4c 4d Kh")) == LOW_8_MIN
    True
    >>> low_8(parse_cards("9c 7d 6h 5s 4c 4d Kh")) is None
    True
    """
    value = low_a5(cards)
    return value if value >= LOW_8_MIN else None


def describe_low(strength: int, lang: str = "en") -> str:
    """Write a low strength as its five ranks, highest first (``"8-6-4-3-2"``, ``"5-4-3-2-A"``).

    The notation is the same in English and French. Raises ValueError for a strength outside 1-6175
    or an unknown language.

    >>> describe_low(6175), describe_low(LOW_8_MIN, lang="fr"), describe_low(1)
    ('5-4-3-2-A', '8-7-6-5-4', 'K-K-K-K-Q')
    """
    if lang not in ("en", "fr"):
        raise ValueError(f"unknown language {lang!r}; expected 'en' or 'fr'")
    return "-".join(_SYMBOLS[rank - 1] for rank in tables.low_class(strength))
