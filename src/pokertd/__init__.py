"""pokertd: a poker tournament system that plays every hand by the rulebook.

The names below are the public front door; everything else is imported from its own package.
They are loaded on first use (PEP 562): ``import pokertd`` alone stays cheap, so that the
``pokertd`` command starts without the engine when it does not need it.

>>> from pokertd import Hand
>>> Hand.__module__
'pokertd.engine.hand'
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# The errors are a small module that every layer imports: no gain in deferring them.
from pokertd.errors import (
    ConflictError,
    IllegalActionError,
    NotFoundError,
    ParseError,
    PokertdError,
    ProfileError,
)

if TYPE_CHECKING:  # what type checkers and IDEs see; at run time ``__getattr__`` loads them
    from pokertd import rules
    from pokertd.cards import Card, Deck, Rank, Suit
    from pokertd.engine import ActionKind, Hand, HandResult, Legal, Pot

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

#: The module each name loaded on first use comes from; ``rules`` is the module itself.
_LAZY = {
    "rules": "pokertd.rules",
    **dict.fromkeys(("Card", "Deck", "Rank", "Suit"), "pokertd.cards"),
    **dict.fromkeys(("ActionKind", "Hand", "HandResult", "Legal", "Pot"), "pokertd.engine"),
}


def __getattr__(name: str) -> Any:
    """Import a public name's module on first use, and keep the name so it is looked up once."""
    if name not in _LAZY:
        raise AttributeError(f"module 'pokertd' has no attribute {name!r}")
    module = importlib.import_module(_LAZY[name])
    value = module if name == "rules" else getattr(module, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})
