"""Game definitions: the streets, the betting structure and how hands are judged.

A game is data, looked up by id in ``GAMES`` (python-chess looks variants up the same way). Adding a
flop game is adding an entry here; the betting and showdown code reads these fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from pokertd.errors import ParseError


class Betting(StrEnum):
    """How much a player may bet."""

    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"
    FIXED_LIMIT = "fixed-limit"


class Judging(StrEnum):
    """How the hands at showdown are compared."""

    #: Best five of hole and board cards, high only (hold'em).
    HIGH = "high"
    #: Exactly two hole cards and three board cards, high only (Omaha).
    OMAHA_HIGH = "omaha-high"
    #: Omaha high, and half the pot to the best qualifying eight-or-better low.
    OMAHA_HI_LO = "omaha-hi-lo"

    @property
    def is_hi_lo(self) -> bool:
        """Return whether the pot is split between a high and a low half."""
        return self is Judging.OMAHA_HI_LO


@dataclass(frozen=True, slots=True)
class Game:
    """One poker game.

    ``board_counts`` gives the board cards dealt before each betting round (0 before pre-flop).
    ``big_bet_from`` is the first round played with the big bet in fixed limit (the turn).

    >>> GAMES["plo8"].hole_count, GAMES["plo8"].betting, GAMES["plo8"].judging.is_hi_lo
    (4, <Betting.POT_LIMIT: 'pot-limit'>, True)
    """

    id: str
    name: str
    hole_count: int
    betting: Betting
    judging: Judging
    board_counts: tuple[int, ...] = (0, 3, 1, 1)
    street_names: tuple[str, ...] = ("preflop", "flop", "turn", "river")
    big_bet_from: int = 2

    @property
    def street_count(self) -> int:
        """Return the number of betting rounds."""
        return len(self.board_counts)


GAMES: dict[str, Game] = {
    game.id: game
    for game in (
        Game("nlhe", "No-limit hold'em", 2, Betting.NO_LIMIT, Judging.HIGH),
        Game("plhe", "Pot-limit hold'em", 2, Betting.POT_LIMIT, Judging.HIGH),
        Game("flhe", "Fixed-limit hold'em", 2, Betting.FIXED_LIMIT, Judging.HIGH),
        Game("plo", "Pot-limit Omaha", 4, Betting.POT_LIMIT, Judging.OMAHA_HIGH),
        Game("plo8", "Pot-limit Omaha hi-lo", 4, Betting.POT_LIMIT, Judging.OMAHA_HI_LO),
        Game("flo8", "Fixed-limit Omaha hi-lo", 4, Betting.FIXED_LIMIT, Judging.OMAHA_HI_LO),
    )
}


def find_game(game_id: str) -> Game:
    """Return the game with id ``game_id``.

    >>> find_game("nlhe").name
    "No-limit hold'em"

    Raises ParseError for an unknown id, listing the known ones.
    """
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(GAMES)
        raise ParseError(f"unknown game {game_id!r}; pokertd plays {known}") from None
