"""pokertd: a poker tournament system that plays every hand by the rulebook.

The names below are the public front door; everything else is imported from its own package.
"""

from pokertd import rules
from pokertd.cards import Card, Deck, Rank, Suit
from pokertd.engine import ActionKind, Hand, HandResult, Legal, Pot
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
    "ActionKind",
    "Card",
    "ConflictError",
    "Deck",
    "Hand",
    "HandResult",
    "IllegalActionError",
    "Legal",
    "NotFoundError",
    "ParseError",
    "PokertdError",
    "Pot",
    "ProfileError",
    "Rank",
    "Suit",
    "__version__",
    "rules",
]
