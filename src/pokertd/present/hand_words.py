"""A table's game and a tabled hand in words, in the reader's language: "2-7 triple draw limit",
"8-6 low (8-6-4-3-2)", "badugi 7-4-3-2", "full aux rois par les cinq".

The table app shows them beside the cards (the views keep game ids and cards, which never change
with the language). Each hand is read by its game's judging (``engine.games.Judging``): a
deuce-to-seven low by its two highest cards, as players call it, with its five ranks; a badugi by
how many cards play and their ranks; a high hand by its name.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokertd.cards import Card
from pokertd.engine.games import GAMES, Judging
from pokertd.evaluate import (
    badugi,
    describe,
    describe_badugi,
    describe_deuce_to_seven,
    deuce_to_seven,
    high,
    omaha_high,
)
from pokertd.evaluate.badugi import badugi_size
from pokertd.present.floor.choices import choice_label
from pokertd.present.words import Words

__all__ = ["game_name", "hand_words"]

#: The ranks of a deuce-to-seven hand with no pair, straight or flush: "8-6-4-3-2".
_RANKS = frozenset("23456789TJQKA-")


def game_name(game: str | None, lang: str = "en") -> str:
    """Return the name of a game id in ``lang`` (the id itself for an unknown one).

    >>> game_name("fl27td"), game_name("fl27td", "fr")
    ('Fixed-limit 2-7 triple draw', '2-7 triple draw limit')
    """
    return "" if game is None else choice_label(game, lang)


def hand_words(
    game: str | None,
    cards: Sequence[str | None] | None,
    board: Sequence[str] = (),
    lang: str = "en",
) -> str:
    """Return a tabled hand in words, as the game judges it; "" when the cards are not all
    known or the game has no words here (the hi-lo games, razz: their lows and highs are shown
    by the pots they win).

    >>> hand_words("fl27td", ["8h", "6d", "4c", "3s", "2h"])
    '8-6 low (8-6-4-3-2)'
    >>> hand_words("badugi", ["7s", "4h", "3d", "2c"])
    'badugi 7-4-3-2'
    >>> hand_words("fl27td", ["8h", "6d", "4c", "3s", "2h"], lang="fr")
    'low 8-6 (8-6-4-3-2)'
    """
    definition = GAMES.get(game or "")
    if definition is None or not cards or any(card is None for card in cards):
        return ""
    hole = [Card.parse(card) for card in cards if card is not None]
    shared = [Card.parse(card) for card in board]
    words = Words("fr" if lang == "fr" else "en")
    match definition.judging:
        case Judging.DEUCE_TO_SEVEN if len(hole) == 5:
            return _deuce_to_seven(hole, words)
        case Judging.BADUGI if len(hole) == 4:
            strength = badugi(hole)
            ranks = describe_badugi(strength)
            size = badugi_size(strength)
            if size == 4:
                return words("badugi {ranks}", ranks=ranks)
            return words("{count}-card hand {ranks}", count=size, ranks=ranks)
        case Judging.HIGH if 5 <= len(hole) + len(shared) <= 7:
            return describe(high([*hole, *shared]), words.lang)
        case Judging.OMAHA_HIGH if len(hole) == 4 and len(shared) == 5:
            return describe(omaha_high(hole, shared), words.lang)
    return ""


def _deuce_to_seven(hole: list[Card], words: Words) -> str:
    """A deuce-to-seven hand: "8-6 low (8-6-4-3-2)" when no pair, straight or flush counts
    against it; else the high hand that does ("pair of kings")."""
    text = describe_deuce_to_seven(deuce_to_seven(hole))
    if set(text) <= _RANKS:
        top = "-".join(text.split("-")[:2])
        return words("{top} low ({ranks})", top=top, ranks=text)
    if text == "flush, ace high":  # A-5-4-3-2 suited: no straight flush in deuce-to-seven
        return words("flush, ace high")
    return describe(high(hole), words.lang)
