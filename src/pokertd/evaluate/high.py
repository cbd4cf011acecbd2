"""High hands of five to seven cards: one total order of 7462 classes, and their names.

``high(cards)`` is 1 for the worst hand (7-5-4-3-2 of mixed suits) up to 7462 for a royal flush, the
same order as phevaluator's (``7463 - evaluate_cards(...)``). The wheel A-2-3-4-5 is the lowest
straight. Suits never rank.

>>> from pokertd.cards import parse_cards
>>> high(parse_cards("AsKsQsJsTs2c3d")), high(parse_cards("7h5d4c3s2h"))
(7462, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from itertools import combinations

from pokertd.cards.card import Card
from pokertd.evaluate import tables

#: The cards' integers without their rank masks (bits 47-98, ``tables``): the sum of seven then
#: holds in two digits of a Python int instead of four, which adds faster (about 10%). The masks
#: are summed apart, only for the few hands holding a flush.
_MASKS_START = tables.SUIT_MASK_SHIFT
_V = tuple(value & ((1 << _MASKS_START) - 1) for value in tables.CARD_VALUES)
_V0 = tuple(value & ((1 << _MASKS_START) - 1) for value in tables.FIRST_CARD_VALUES)
_M = tuple(value >> _MASKS_START for value in tables.CARD_VALUES)
_RANK_KEY_MASK = tables.RANK_KEY_MASK
_FLUSH_BITS = tables.FLUSH_BITS
_FLUSH_SHIFTS = {bit: shift - _MASKS_START for bit, shift in tables.FLUSH_SHIFTS.items()}
_FLUSH_VALUES = tables.FLUSH_VALUES
_RANK_KEY_VALUES = tables.RANK_KEY_VALUES


class HandCategory(IntEnum):
    """The nine kinds of high hand, weakest first; a royal flush is a straight flush."""

    HIGH_CARD = 1
    ONE_PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9


def high(cards: Sequence[Card]) -> int:
    """Return the strength of the best five of 5, 6 or 7 distinct cards; higher is better.

    The scale runs from 1 (7-5-4-3-2 of mixed suits) to 7462 (royal flush), the standard 7462
    classes. Cards are assumed distinct (not checked: this is the hot path). Raises ValueError for
    any other number of cards.

    >>> from pokertd.cards import parse_cards
    >>> high(parse_cards("Ah2d3c4s5h")) < high(parse_cards("2h3d4c5s6h"))  # the wheel is lowest
    True
    >>> high(parse_cards("KhKd5c5s9h2c3c"))
    4782
    """
    v = _V
    if len(cards) == 7:
        a, b, c, d, e, f, g = cards
        s = _V0[a.code] + v[b.code] + v[c.code] + v[d.code] + v[e.code] + v[f.code] + v[g.code]
        if s & _FLUSH_BITS:
            m = _M
            masks = m[a.code] | m[b.code] | m[c.code] | m[d.code] | m[e.code] | m[f.code]
            return _flush(s, masks | m[g.code])
    elif len(cards) == 6:
        a, b, c, d, e, f = cards
        s = _V0[a.code] + v[b.code] + v[c.code] + v[d.code] + v[e.code] + v[f.code]
        if s & _FLUSH_BITS:
            m = _M
            return _flush(s, m[a.code] | m[b.code] | m[c.code] | m[d.code] | m[e.code] | m[f.code])
    elif len(cards) == 5:
        a, b, c, d, e = cards
        s = _V0[a.code] + v[b.code] + v[c.code] + v[d.code] + v[e.code]
        if s & _FLUSH_BITS:
            m = _M
            return _flush(s, m[a.code] | m[b.code] | m[c.code] | m[d.code] | m[e.code])
    else:
        raise ValueError(f"a high hand has 5 to 7 cards, not {len(cards)}")
    return _RANK_KEY_VALUES[s & _RANK_KEY_MASK]


def _flush(sums: int, masks: int) -> int:
    """Return the value of a hand holding a flush: its suit's rank mask looked up."""
    return _FLUSH_VALUES[masks >> _FLUSH_SHIFTS[sums & _FLUSH_BITS] & 0x1FFF]


def category(strength: int) -> HandCategory:
    """Return the kind of hand a ``high`` strength stands for.

    Raises ValueError for a number outside 1-7462.

    >>> category(7462), category(1)
    (<HandCategory.STRAIGHT_FLUSH: 9>, <HandCategory.HIGH_CARD: 1>)
    """
    return HandCategory(tables.high_class(strength)[0])


def best_five(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Return the five of 5-7 cards that make the best high hand, in the order they are read.

    The order is the one a dealer reads: the biggest group first (trips before the pair), higher
    ranks before lower, a wheel from the five down to the ace. Where two fives are equal, the one
    with the higher suits wins (spades, hearts, diamonds, clubs), as the odd-chip rule by highest
    card needs. Raises ValueError for a count other than 5-7.

    >>> from pokertd.cards import parse_cards
    >>> best_five(parse_cards("5c Kd 2h Kh 5s 9c Ac"))
    (Card.parse('Kh'), Card.parse('Kd'), Card.parse('5s'), Card.parse('5c'), Card.parse('Ac'))
    """
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"a high hand has 5 to 7 cards, not {len(cards)}")
    return read_order(max(combinations(cards, 5), key=lambda five: (high(five), _suit_key(five))))


def _suit_key(cards: Sequence[Card]) -> list[int]:
    # Equal fives differ only in the suits of equal ranks; the sorted codes compare those suits.
    return sorted((card.code for card in cards), reverse=True)


def read_order(five: Sequence[Card]) -> tuple[Card, ...]:
    """Return five cards in reading order: biggest group first, then by rank, the wheel's ace last.

    >>> from pokertd.cards import parse_cards
    >>> [str(card) for card in read_order(parse_cards("Ah 3d 5c 2s 4h"))]
    ['5c', '4h', '3d', '2s', 'Ah']
    """
    counts = {rank: sum(card.rank == rank for card in five) for rank in {c.rank for c in five}}
    is_wheel = set(counts) == {14, 2, 3, 4, 5}
    return tuple(
        sorted(
            five,
            key=lambda card: (
                counts[card.rank],
                1 if is_wheel and card.rank == 14 else card.rank,
                card.code,
            ),
            reverse=True,
        )
    )


#: Rank names by language, two to ace: singular, then plural.
_RANK_WORDS = {
    "en": (
        "two three four five six seven eight nine ten jack queen king ace",
        "twos threes fours fives sixes sevens eights nines tens jacks queens kings aces",
    ),
    "fr": (
        "deux trois quatre cinq six sept huit neuf dix valet dame roi as",
        "deux trois quatre cinq six sept huit neuf dix valets dames rois as",
    ),
}


def describe(strength: int, lang: str = "en") -> str:
    """Name a ``high`` strength in English (``"en"``) or French (``"fr"``).

    Raises ValueError for a strength outside 1-7462 or another language.

    >>> from pokertd.cards import parse_cards
    >>> describe(high(parse_cards("Kh Kd 5c 5s 9h")))
    'two pair, kings and fives'
    >>> describe(high(parse_cards("Kh Kd 5c 5s 9h")), lang="fr")
    'deux paires, rois et cinq'
    >>> describe(7462, "fr"), describe(7461)
    ('quinte flush royale', 'straight flush, king high')
    """
    kind, tiebreak = tables.high_class(strength)
    if lang not in _RANK_WORDS:
        raise ValueError(f"unknown language {lang!r}; expected 'en' or 'fr'")
    singular, plural = (words.split() for words in _RANK_WORDS[lang])
    top = tiebreak[0]
    second = tiebreak[1] if len(tiebreak) > 1 else top
    names = (singular[top - 2], plural[top - 2], plural[second - 2])
    if kind == HandCategory.STRAIGHT_FLUSH and top == 14:
        return "royal flush" if lang == "en" else "quinte flush royale"
    return (_describe_en if lang == "en" else _describe_fr)(kind, *names)


def _describe_en(kind: int, top: str, tops: str, seconds: str) -> str:
    match kind:
        case HandCategory.HIGH_CARD:
            return f"high card, {top}"
        case HandCategory.ONE_PAIR:
            return f"pair of {tops}"
        case HandCategory.TWO_PAIR:
            return f"two pair, {tops} and {seconds}"
        case HandCategory.THREE_OF_A_KIND:
            return f"three of a kind, {tops}"
        case HandCategory.STRAIGHT:
            return f"straight, {top} high"
        case HandCategory.FLUSH:
            return f"flush, {top} high"
        case HandCategory.FULL_HOUSE:
            return f"full house, {tops} full of {seconds}"
        case HandCategory.FOUR_OF_A_KIND:
            return f"four of a kind, {tops}"
    return f"straight flush, {top} high"


def _describe_fr(kind: int, top: str, tops: str, seconds: str) -> str:
    match kind:
        case HandCategory.HIGH_CARD:
            return f"carte haute, {top}"
        case HandCategory.ONE_PAIR:
            return f"paire {_fr_of(tops)}"
        case HandCategory.TWO_PAIR:
            return f"deux paires, {tops} et {seconds}"
        case HandCategory.THREE_OF_A_KIND:
            return f"brelan {_fr_of(tops)}"
        case HandCategory.STRAIGHT:
            return f"quinte, {_fr_to(top)}"
        case HandCategory.FLUSH:
            return f"couleur, {top}"
        case HandCategory.FULL_HOUSE:
            return f"full aux {tops} par les {seconds}"
        case HandCategory.FOUR_OF_A_KIND:
            return f"carré {_fr_of(tops)}"
    return f"quinte flush, {_fr_to(top)}"


def _fr_of(name: str) -> str:
    """Return ``de`` + name with the elision before ``as``: ``d'as``, ``de rois``."""
    return f"d'{name}" if name == "as" else f"de {name}"


def _fr_to(name: str) -> str:
    """Return ``à`` + the article + name: ``au cinq``, ``à la dame``, ``à l'as``."""
    return {"as": "à l'as", "dame": "à la dame"}.get(name, f"au {name}")
