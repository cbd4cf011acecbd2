"""The hand engine: ``Hand.create(...)`` plays one hand of a flop, stud or draw game by the
rules."""

from pokertd.engine.actions import ActionKind, Legal
from pokertd.engine.games import (
    DRAW_GAMES,
    FLOP_GAMES,
    GAMES,
    STUD_GAMES,
    Betting,
    Exposure,
    Game,
    GameFamily,
    Judging,
    find_game,
)
from pokertd.engine.hand import Dealing, Hand, HandResult
from pokertd.engine.pots import Pot
from pokertd.engine.state import Phase

__all__ = [
    "DRAW_GAMES",
    "FLOP_GAMES",
    "GAMES",
    "STUD_GAMES",
    "ActionKind",
    "Betting",
    "Dealing",
    "Exposure",
    "Game",
    "GameFamily",
    "Hand",
    "HandResult",
    "Judging",
    "Legal",
    "Phase",
    "Pot",
    "find_game",
]
