"""Hand strength: high hands, Omaha, A-5, eight-or-better and deuce-to-seven lows, badugi,
short-deck hold'em, names, and equity.

Every evaluator returns an int where higher is better, so callers always compare with ``>``.

>>> from pokertd.cards import parse_cards
>>> describe(high(parse_cards("Ah Kh Qh Jh Th 2c 2d")))
'royal flush'
"""

from pokertd.evaluate.badugi import badugi, describe_badugi
from pokertd.evaluate.high import HandCategory, best_five, category, describe, high
from pokertd.evaluate.low import describe_low, low_8, low_a5
from pokertd.evaluate.lowball import describe_deuce_to_seven, deuce_to_seven
from pokertd.evaluate.omaha import omaha_best_five, omaha_high, omaha_low_8
from pokertd.evaluate.short_deck import describe_short_deck, short_deck_best_five, short_deck_high

__all__ = [
    "HandCategory",
    "badugi",
    "best_five",
    "category",
    "describe",
    "describe_badugi",
    "describe_deuce_to_seven",
    "describe_low",
    "describe_short_deck",
    "deuce_to_seven",
    "high",
    "low_8",
    "low_a5",
    "omaha_best_five",
    "omaha_high",
    "omaha_low_8",
    "short_deck_best_five",
    "short_deck_high",
]
