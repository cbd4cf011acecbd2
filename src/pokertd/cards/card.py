"""Rank, Suit and Card, with a text round trip: ``str(Card.parse("As")) == "As"``."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum, StrEnum

from pokertd.errors import ParseError


class Rank(IntEnum):
    """A card rank; the value is its high-hand strength (ace high = 14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """Return the one-letter symbol: ``Rank.TEN.symbol == "T"``."""
        return _RANK_SYMBOLS[self - 2]

    @classmethod
    def parse(cls, symbol: str) -> Rank:
        """Read a rank symbol (``"A"``, ``"t"``, ``"9"``).

        >>> Rank.parse("t")
        <Rank.TEN: 10>
        """
        index = _RANK_SYMBOLS.find(symbol.upper()) if len(symbol) == 1 else -1
        if index < 0:
            raise ParseError(f"unknown rank {symbol!r}; expected one of {_RANK_SYMBOLS}")
        return cls(index + 2)


_RANK_SYMBOLS = "23456789TJQKA"


class Suit(StrEnum):
    """A card suit. ``Suit.order`` ranks suits for the rules that need it.

    Suits never rank at showdown; they break ties only where a rule says so: the stud bring-in
    (TDA PR-9C), the odd chip in stud (TDA 20B), the chip race (LFP 10, BAN/CHIPRACE) and seat
    draws. The order there is spades > hearts > diamonds > clubs.
    """

    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"

    @property
    def order(self) -> int:
        """Return 4 for spades down to 1 for clubs."""
        return _SUIT_ORDER[self]


_SUIT_ORDER = {Suit.SPADES: 4, Suit.HEARTS: 3, Suit.DIAMONDS: 2, Suit.CLUBS: 1}


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """A playing card. ``code`` numbers the 52 cards from 0 (2c) to 51 (As), rank first.

    >>> card = Card.parse("As")
    >>> card
    Card.parse('As')
    >>> str(card), card.rank, card.suit
    ('As', <Rank.ACE: 14>, <Suit.SPADES: 's'>)
    >>> Card.parse("As") is card  # parsed cards are shared
    True
    >>> len({card, Card(Rank.ACE, Suit.SPADES), Card.parse("Ah")})  # equal cards, equal hashes
    2
    """

    rank: Rank
    suit: Suit
    code: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", (self.rank - 2) * 4 + self.suit.order - 1)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card such as ``"As"``, ``"td"`` or ``"9C"``.

        Raises ParseError for anything else, ``"??"`` (an unknown card) included.
        """
        card = _BY_TEXT.get(text)
        if card is None:
            if len(text) != 2:
                raise ParseError(f"card {text!r} is not a rank and a suit such as 'As'")
            try:
                suit = Suit(text[1].lower())
            except ValueError:
                raise ParseError(
                    f"card {text!r} has an unknown suit; expected s, h, d or c"
                ) from None
            card = _BY_TEXT[f"{text[0].upper()}{suit}"]
        return card

    def __hash__(self) -> int:
        # The card's number: hashing the two enumerations (a Python call each, on their names)
        # was the most of checking the cards dealt against those seen, in sets.
        return self.code

    def __str__(self) -> str:
        return f"{self.rank.symbol}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


#: Each way of writing a card (``"As"``, ``"as"``, ``"AS"``, ``"aS"``) -> the shared card.
_BY_TEXT: dict[str, Card] = {}


def _fill_card_table() -> tuple[Card, ...]:
    deck = []
    for rank in Rank:
        for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES):
            card = Card(rank, suit)
            deck.append(card)
            for r in (rank.symbol, rank.symbol.lower()):
                for s in (suit.value, suit.value.upper()):
                    _BY_TEXT[r + s] = card
    return tuple(deck)


#: The 52 cards ordered by ``code``: ``ALL_CARDS[card.code] is card``.
ALL_CARDS: tuple[Card, ...] = _fill_card_table()


def parse_cards(text: str) -> tuple[Card | None, ...]:
    """Read cards written back to back (``"Td9d"``), with ``??`` for a card nobody has seen.

    Spaces and commas between cards are allowed.

    >>> parse_cards("Td9d")
    (Card.parse('Td'), Card.parse('9d'))
    >>> parse_cards("As ??")
    (Card.parse('As'), None)
    """
    compact = text.replace(" ", "").replace(",", "")
    if len(compact) % 2:
        raise ParseError(f"cards {text!r} do not split into pairs of rank and suit")
    return tuple(
        None if compact[i : i + 2] == "??" else Card.parse(compact[i : i + 2])
        for i in range(0, len(compact), 2)
    )


def format_cards(cards: tuple[Card | None, ...] | list[Card | None]) -> str:
    """Write cards back to back, ``??`` for an unknown one: the inverse of ``parse_cards``.

    >>> format_cards(parse_cards("Td ??"))
    'Td??'
    """
    return "".join("??" if card is None else str(card) for card in cards)
