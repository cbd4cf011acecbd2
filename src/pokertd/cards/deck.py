"""A deck of cards, shuffled by an injected random source, with a commitment for audits."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable

from pokertd.cards.card import ALL_CARDS, Card


class Deck:
    """The undealt cards, top card first.

    The random source is always passed in: a seeded ``random.Random`` for replays and tests, a
    ``secrets.SystemRandom`` for live play (created in ``pokertd.service`` only).

    >>> deck = Deck.shuffled(random.Random(7))
    >>> len(deck), len(set(deck.deal(5))), len(deck)
    (52, 5, 47)
    """

    __slots__ = ("_cards",)

    def __init__(self, cards: Iterable[Card] = ALL_CARDS) -> None:
        self._cards = list(cards)
        self._cards.reverse()  # the top card is popped from the end of the list

    @classmethod
    def shuffled(cls, rng: random.Random) -> Deck:
        """Return a full deck in an order drawn from ``rng``."""
        cards = list(ALL_CARDS)
        rng.shuffle(cards)
        return cls(cards)

    def __len__(self) -> int:
        return len(self._cards)

    def deal(self, count: int = 1) -> list[Card]:
        """Take ``count`` cards from the top.

        Raises IndexError when fewer than ``count`` cards remain.
        """
        if count > len(self._cards):
            raise IndexError(f"cannot deal {count} cards from a deck of {len(self._cards)}")
        cards = self._cards[-count:]
        del self._cards[-count:]
        cards.reverse()
        return cards

    def remove(self, cards: Iterable[Card]) -> None:
        """Take given cards out of the deck wherever they are (cards entered at a live table)."""
        for card in cards:
            self._cards.remove(card)

    def order(self) -> tuple[Card, ...]:
        """Return the undealt cards, top first."""
        return tuple(reversed(self._cards))

    def commitment(self, salt: str) -> str:
        """Return the SHA-256 of the deck order and ``salt``, published before the deal.

        Revealing the salt after the hand lets anyone check that the deck was not changed.

        >>> Deck().commitment("salt") == Deck().commitment("salt") != Deck().commitment("pepper")
        True
        """
        text = "".join(str(card) for card in self.order()) + ":" + salt
        return hashlib.sha256(text.encode()).hexdigest()
