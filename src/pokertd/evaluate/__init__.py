"""Hand strength: high hands, Omaha, A-5 and eight-or-better lows, names, and equity.

Every evaluator returns an int where higher is better, so callers always compare with ``>``.

>>> from pokertd.cards import parse_cards
>>> describe(high(parse_cards("Ah Kh Qh Jh Th 2c 2d")))
'royal flush'
"""

from pokertd.evaluate.high import HandCategory, best_five, category, describe, high
from pokertd.evaluate.low import describe_low, low_8, low_a5
from pokertd.evaluate.omaha import omaha_best_five, omaha_high, omaha_low_8

__all__ = [
    "HandCategory",
    "best_five",
    "category",
    "describe",
    "describe_low",
    "high",
    "low_8",
    "low_a5",
    "omaha_best_five",
    "omaha_high",
    "omaha_low_8",
]
