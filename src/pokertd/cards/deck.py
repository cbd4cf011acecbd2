"""A deck of cards, shuffled by an injected random source, with a commitment for audits."""

from __future__ import annotations

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

    __slots__ = ("_cards", "_rng")

    def __init__(self, cards: Iterable[Card] = ALL_CARDS) -> None:
        self._cards = list(cards)
        self._cards.reverse()  # the top card is popped from the end of the list
        self._rng: random.Random | None = None

    @classmethod
    def shuffled(cls, rng: random.Random) -> Deck:
        """Return a full deck in an order drawn from ``rng``."""
        cards = list(ALL_CARDS)
        rng.shuffle(cards)
        return cls(cards)

    @classmethod
    def drawn_at_random(cls, rng: random.Random) -> Deck:
        """Return a deck that draws each card at random from those left when it is dealt.

        The same as a shuffled deck card for card, but it draws only the cards a hand uses (a hand
        of hold'em uses a third of the deck), which matters to the engine's speed. Its order is not
        fixed in advance, so it has no commitment: live play shuffles with ``shuffled``.

        >>> deck = Deck.drawn_at_random(random.Random(7))
        >>> len(deck.deal(3)), len(deck)
        (3, 49)
        """
        deck = cls(ALL_CARDS)  # no order to keep: every card is drawn at random
        deck._rng = rng
        return deck

    def __len__(self) -> int:
        return len(self._cards)

    def deal(self, count: int = 1) -> list[Card]:
        """Take ``count`` cards from the top.

        Raises IndexError when fewer than ``count`` cards remain.
        """
        if count > len(self._cards):
            raise IndexError(f"cannot deal {count} cards from a deck of {len(self._cards)}")
        if self._rng is not None:
            return self._draw(count, self._rng)
        cards = self._cards[-count:]
        del self._cards[-count:]
        cards.reverse()
        return cards

    def _draw(self, count: int, rng: random.Random) -> list[Card]:
        # A partial Fisher-Yates shuffle: take a random card among those left, move the last one
        # into its place. random() * n has a bias below 2**-46 for n <= 52, far under any
        # physical shuffle.
        cards = self._cards
        draw = rng.random
        dealt = []
        left = len(cards)
        for size in range(left, left - count, -1):
            index = int(draw() * size)
            dealt.append(cards[index])
            cards[index] = cards[size - 1]
        del cards[left - count :]
        return dealt

    def put_under(self, cards: Iterable[Card]) -> None:
        """Put cards under the stub, the first one given on top of the others (the stud burns
        gathered into a new stub: STUD-DECK-SHORT, GEN 1.13).

        >>> deck = Deck()
        >>> top = deck.deal(51)
        >>> deck.put_under(top[:2])
        >>> [str(card) for card in deck.deal(3)]
        ['As', '2c', '2d']
        """
        self._cards[:0] = reversed(list(cards))

    def remove(self, cards: Iterable[Card]) -> None:
        """Take given cards out of the deck wherever they are (cards entered at a live table)."""
        for card in cards:
            self._cards.remove(card)

    def order(self) -> tuple[Card, ...]:
        """Return the undealt cards, top first (for a deck drawn at random: in no fixed order)."""
        return tuple(reversed(self._cards))

    def commitment(self, salt: str) -> str:
        """Return the SHA-256 of the deck order and ``salt``, published before the deal.

        Revealing the salt after the hand lets anyone check that the deck was not changed.

        >>> Deck().commitment("salt") == Deck().commitment("salt") != Deck().commitment("pepper")
        True
        """
        import hashlib  # here, not at the top: OpenSSL costs milliseconds to every command start

        text = "".join(str(card) for card in self.order()) + ":" + salt
        return hashlib.sha256(text.encode()).hexdigest()
