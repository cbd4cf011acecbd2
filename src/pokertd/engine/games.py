"""Game definitions: the streets, the betting structure and how hands are judged.

A game is data, looked up by id in ``GAMES`` (python-chess looks variants up the same way). Adding a
game of a known family is adding an entry here; the betting and showdown code reads these fields.
Each game belongs to a ``GameFamily``, which says how it deals and opens its betting: the flop
games (hold'em, Omaha) deal hole cards and a shared board and open with blinds; the seven-card
studs (stud, stud hi-lo, razz) deal each player his own down and up cards street by street
(``deals``) and open with antes and a bring-in instead of blinds. ``engine.flop`` and
``engine.stud`` hold each family's rules.
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
    #: Best five of all the cards high, and half the pot to the best eight-or-better low (stud8).
    HI_LO = "hi-lo"
    #: Best ace-to-five low of all the cards: straights and flushes do not count (razz).
    LOW = "low"

    @property
    def is_hi_lo(self) -> bool:
        """Return whether the pot is split between a high and a low half."""
        return self is Judging.OMAHA_HI_LO or self is Judging.HI_LO


class GameFamily(StrEnum):
    """How a game deals its cards and opens its betting; the engine plays each family by its own
    rules, chosen once per hand.

    >>> GAMES["razz"].family, GAMES["plo"].family
    (<GameFamily.STUD: 'stud'>, <GameFamily.FLOP: 'flop'>)
    """

    #: Hold'em and Omaha: hole cards, a shared board, a button and blinds (``engine.flop``).
    FLOP = "flop"
    #: The seven-card studs: each player's own down and up cards, antes and a bring-in, no button
    #: (``engine.stud``).
    STUD = "stud"
    # The draw games (2-7 single and triple draw, badugi, five-card draw) will be a third family.


class Exposure(StrEnum):
    """Whether a player's card is dealt face down (seen by him alone) or face up (seen by all)."""

    DOWN = "down"
    UP = "up"


_D, _U = Exposure.DOWN, Exposure.UP
#: Seven-card stud: two down and one up on third street, up on 4th to 6th, down on 7th.
STUD_DEALS: tuple[tuple[Exposure, ...], ...] = ((_D, _D, _U), (_U,), (_U,), (_U,), (_D,))


@dataclass(frozen=True, slots=True)
class Game:
    """One poker game.

    ``family`` says how the game deals and opens its betting (``GameFamily``). ``board_counts``
    gives the board cards dealt before each betting round (0 before pre-flop).
    ``big_bet_from`` is the first round played with the big bet in fixed limit (the turn; fifth
    street in stud). ``deals`` gives, for a stud game, each player's cards dealt before each
    betting round and how they lie (empty for flop games); ``is_low_showing`` says that the
    lowest showing hand acts first and the highest up card brings in (razz). ``max_players`` is
    the most players the deck can serve.

    >>> GAMES["plo8"].hole_count, GAMES["plo8"].betting, GAMES["plo8"].judging.is_hi_lo
    (4, <Betting.POT_LIMIT: 'pot-limit'>, True)
    """

    id: str
    name: str
    hole_count: int
    betting: Betting
    judging: Judging
    family: GameFamily = GameFamily.FLOP
    board_counts: tuple[int, ...] = (0, 3, 1, 1)
    street_names: tuple[str, ...] = ("preflop", "flop", "turn", "river")
    big_bet_from: int = 2
    deals: tuple[tuple[Exposure, ...], ...] = ()
    is_low_showing: bool = False
    max_players: int = 23

    @property
    def street_count(self) -> int:
        """Return the number of betting rounds."""
        return len(self.board_counts)

    @property
    def has_button(self) -> bool:
        """Return whether the game is dealt with a button and blinds, the button moving every hand
        (a stud game has neither: TBL-MIXED-BUTTON, TDA 10B freezes the button through it).

        >>> GAMES["razz"].has_button, GAMES["nlhe"].has_button
        (False, True)
        """
        return self.family is not GameFamily.STUD


_STUD_STREETS = ("third", "fourth", "fifth", "sixth", "seventh")


def _flop_game(
    game_id: str, name: str, hole_count: int, betting: Betting, judging: Judging
) -> Game:
    """Return a flop game, dealt to as many players as the deck serves with the board's five cards
    and three burns left (at most 23)."""
    most = min(23, (52 - 8) // hole_count)
    return Game(game_id, name, hole_count, betting, judging, max_players=most)


GAMES: dict[str, Game] = {
    game.id: game
    for game in (
        _flop_game("nlhe", "No-limit hold'em", 2, Betting.NO_LIMIT, Judging.HIGH),
        _flop_game("plhe", "Pot-limit hold'em", 2, Betting.POT_LIMIT, Judging.HIGH),
        _flop_game("flhe", "Fixed-limit hold'em", 2, Betting.FIXED_LIMIT, Judging.HIGH),
        _flop_game("plo", "Pot-limit Omaha", 4, Betting.POT_LIMIT, Judging.OMAHA_HIGH),
        _flop_game("plo8", "Pot-limit Omaha hi-lo", 4, Betting.POT_LIMIT, Judging.OMAHA_HI_LO),
        _flop_game("flo8", "Fixed-limit Omaha hi-lo", 4, Betting.FIXED_LIMIT, Judging.OMAHA_HI_LO),
        # Seven-card studs: at most 8 players (the deck runs out on 7th street: STUD-DECK-SHORT).
        *(
            Game(
                game_id,
                name,
                7,
                Betting.FIXED_LIMIT,
                judging,
                GameFamily.STUD,
                board_counts=(0,) * 5,
                street_names=_STUD_STREETS,
                deals=STUD_DEALS,
                is_low_showing=is_low,
                max_players=8,
            )
            for game_id, name, judging, is_low in (
                ("stud", "Seven-card stud", Judging.HIGH, False),
                ("stud8", "Seven-card stud hi-lo", Judging.HI_LO, False),
                ("razz", "Razz", Judging.LOW, True),
            )
        ),
    )
}

#: The flop games (hold'em, Omaha): a button, blinds and a shared board.
FLOP_GAMES: tuple[str, ...] = tuple(
    game_id for game_id, game in GAMES.items() if game.family is GameFamily.FLOP
)
#: The stud games: antes, a bring-in, and each player's own up cards.
STUD_GAMES: tuple[str, ...] = tuple(
    game_id for game_id, game in GAMES.items() if game.family is GameFamily.STUD
)


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
