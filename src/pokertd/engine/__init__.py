"""The hand engine: ``Hand.create(...)`` plays one hand of a flop game by the rules of a profile."""

from pokertd.engine.actions import ActionKind, Legal
from pokertd.engine.games import GAMES, Betting, Game, Judging, find_game
from pokertd.engine.hand import Dealing, Hand, HandResult
from pokertd.engine.pots import Pot
from pokertd.engine.state import Phase

__all__ = [
    "GAMES",
    "ActionKind",
    "Betting",
    "Dealing",
    "Game",
    "Hand",
    "HandResult",
    "Judging",
    "Legal",
    "Phase",
    "Pot",
    "find_game",
]
