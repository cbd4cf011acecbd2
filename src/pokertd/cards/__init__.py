"""Cards and decks: ``Card.parse("As")``, ``parse_cards("Td9d")``, ``Deck``."""

from pokertd.cards.card import Card, Rank, Suit, format_cards, parse_cards
from pokertd.cards.deck import Deck

__all__ = ["Card", "Deck", "Rank", "Suit", "format_cards", "parse_cards"]
