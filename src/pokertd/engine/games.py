"""Game definitions: the streets, the betting structure and how hands are judged.

A game is data, looked up by id in ``GAMES`` (python-chess looks variants up the same way). Adding a
game of a known family is adding an entry here; the betting and showdown code reads these fields.
Each game belongs to a ``GameFamily``, which says how it deals and opens its betting: the flop
games (hold'em, Omaha, short-deck hold'em) deal hole cards and a shared board and open with
blinds; the seven-card studs (stud, stud hi-lo, razz) deal each player his own down and up cards
street by street (``deals``) and open with antes and a bring-in instead of blinds; the draw games
(2-7 single and triple draw, badugi, five-card draw) deal a closed hand, open with blinds, and
let each player change cards between two betting rounds (``draws``). ``engine.flop``,
``engine.stud`` and ``engine.draw`` hold each family's rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from pokertd.cards.card import ALL_CARDS, Card
from pokertd.errors import ParseError
from pokertd.evaluate.short_deck import SHORT_DECK


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
    #: Deuce-to-seven low of the five cards: aces high, straights and flushes count against.
    DEUCE_TO_SEVEN = "deuce-to-seven"
    #: Badugi: the most cards of different suits and ranks, then the lowest, aces low.
    BADUGI = "badugi"
    #: Best five of hole and board cards in a 36-card deck: a flush beats a full house.
    SHORT_DECK = "short-deck"

    @property
    def is_hi_lo(self) -> bool:
        """Return whether the pot is split between a high and a low half."""
        return self is Judging.OMAHA_HI_LO or self is Judging.HI_LO


class GameFamily(StrEnum):
    """How a game deals its cards and opens its betting; the engine plays each family by its own
    rules, chosen once per hand.

    >>> GAMES["razz"].family, GAMES["plo"].family, GAMES["fl27td"].family
    (<GameFamily.STUD: 'stud'>, <GameFamily.FLOP: 'flop'>, <GameFamily.DRAW: 'draw'>)
    """

    #: Hold'em and Omaha: hole cards, a shared board, a button and blinds (``engine.flop``).
    FLOP = "flop"
    #: The seven-card studs: each player's own down and up cards, antes and a bring-in, no button
    #: (``engine.stud``).
    STUD = "stud"
    #: The draw games: a closed hand, a button and blinds, draws between the betting rounds
    #: (``engine.draw``).
    DRAW = "draw"


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
    the most players the deck can serve. ``draws`` is the number of draws of a draw game (one
    before each betting round after the first); ``is_short_deck`` says that the deck has 36 cards,
    six to ace.

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
    draws: int = 0
    is_short_deck: bool = False

    @property
    def street_count(self) -> int:
        """Return the number of betting rounds."""
        return len(self.board_counts)

    @property
    def has_button(self) -> bool:
        """Return whether the game is dealt with a button and blinds, the button moving every hand
        (a stud game has neither: TBL-MIXED-BUTTON, TDA 10B freezes the button through it; the
        draw games have both).

        >>> GAMES["razz"].has_button, GAMES["nlhe"].has_button, GAMES["badugi"].has_button
        (False, True, True)
        """
        return self.family is not GameFamily.STUD

    @property
    def deck(self) -> tuple[Card, ...]:
        """Return the cards of the game's deck: 52, or 36 in short-deck hold'em.

        >>> len(GAMES["nlhe"].deck), len(GAMES["shortdeck"].deck)
        (52, 36)
        """
        return SHORT_DECK if self.is_short_deck else ALL_CARDS


_STUD_STREETS = ("third", "fourth", "fifth", "sixth", "seventh")
#: The betting rounds of a draw game: before the first draw, then after each draw.
_DRAW_STREETS = ("predraw", "first-draw", "second-draw", "third-draw")


def _flop_game(
    game_id: str, name: str, hole_count: int, betting: Betting, judging: Judging
) -> Game:
    """Return a flop game, dealt to as many players as the deck serves with the board's five cards
    and three burns left (at most 23)."""
    most = min(23, (52 - 8) // hole_count)
    return Game(game_id, name, hole_count, betting, judging, max_players=most)


def _draw_game(
    game_id: str, name: str, hole_count: int, betting: Betting, judging: Judging, draws: int
) -> Game:
    """Return a draw game: no board, ``draws`` draws, at most 8 players (the discards are
    reshuffled when the deck runs out: DRAW-DECK-SHORT; eight hands of five leave twelve)."""
    return Game(
        game_id,
        name,
        hole_count,
        betting,
        judging,
        GameFamily.DRAW,
        board_counts=(0,) * (draws + 1),
        street_names=_DRAW_STREETS[: draws + 1],
        max_players=8,
        draws=draws,
    )


GAMES: dict[str, Game] = {
    game.id: game
    for game in (
        _flop_game("nlhe", "No-limit hold'em", 2, Betting.NO_LIMIT, Judging.HIGH),
        _flop_game("plhe", "Pot-limit hold'em", 2, Betting.POT_LIMIT, Judging.HIGH),
        _flop_game("flhe", "Fixed-limit hold'em", 2, Betting.FIXED_LIMIT, Judging.HIGH),
        _flop_game("plo", "Pot-limit Omaha", 4, Betting.POT_LIMIT, Judging.OMAHA_HIGH),
        _flop_game("plo8", "Pot-limit Omaha hi-lo", 4, Betting.POT_LIMIT, Judging.OMAHA_HI_LO),
        _flop_game("flo8", "Fixed-limit Omaha hi-lo", 4, Betting.FIXED_LIMIT, Judging.OMAHA_HI_LO),
        # Short-deck hold'em: 36 cards, six to ace; the board's five and three burns leave 28.
        Game(
            "shortdeck",
            "No-limit short-deck hold'em",
            2,
            Betting.NO_LIMIT,
            Judging.SHORT_DECK,
            max_players=(36 - 8) // 2,
            is_short_deck=True,
        ),
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
        # Draw games: the big bet from the round after the second draw in fixed limit.
        _draw_game(
            "nl27sd", "No-limit 2-7 single draw", 5, Betting.NO_LIMIT, Judging.DEUCE_TO_SEVEN, 1
        ),
        _draw_game(
            "fl27td",
            "Fixed-limit 2-7 triple draw",
            5,
            Betting.FIXED_LIMIT,
            Judging.DEUCE_TO_SEVEN,
            3,
        ),
        _draw_game("badugi", "Fixed-limit badugi", 4, Betting.FIXED_LIMIT, Judging.BADUGI, 3),
        _draw_game("nl5cd", "No-limit five-card draw", 5, Betting.NO_LIMIT, Judging.HIGH, 1),
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
#: The draw games: a button, blinds, a closed hand and draws.
DRAW_GAMES: tuple[str, ...] = tuple(
    game_id for game_id, game in GAMES.items() if game.family is GameFamily.DRAW
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
