"""pokertd: a poker tournament system that plays every hand by the rulebook.

The names below are the public front door; everything else is imported from its own package.
"""

from pokertd.cards import Card, Deck, Rank, Suit
from pokertd.errors import (
    ConflictError,
    IllegalActionError,
    NotFoundError,
    ParseError,
    PokertdError,
    ProfileError,
)

__version__ = "0.1.0"

__all__ = [
    "Card",
    "ConflictError",
    "Deck",
    "IllegalActionError",
    "NotFoundError",
    "ParseError",
    "PokertdError",
    "ProfileError",
    "Rank",
    "Suit",
    "__version__",
]
