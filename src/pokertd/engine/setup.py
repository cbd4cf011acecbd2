"""How a hand starts: the checks of what ``Hand.create`` is given, and ``HandSetup``, its record.

>>> from pokertd.engine.games import GAMES
>>> check_setup(GAMES["nlhe"], [100, 0], 1, 2, 0, 0, 1, ())
Traceback (most recent call last):
...
pokertd.errors.ParseError: player 2 has a stack of 0; stacks are chips > 0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pokertd.engine.games import Betting, Game
from pokertd.errors import ParseError
from pokertd.rules import LimitCapHeadsUp, Profile


@dataclass(frozen=True, slots=True)
class HandSetup:
    """How a hand was started: everything ``Hand.create`` was given, with the forced bets resolved.

    ``blind_posts`` and ``ante_posts`` are the amounts due from each player (a short stack posts
    less); ``big_blind_ante`` is an ante posted by the big blind as dead money (ANTE-BB);
    ``are_antes_dead`` is how ``Hand.create`` was told to count the antes (None: by ANTE-BB).
    In stud ``blinds`` are (0, the small bet), ``bring_in`` is the bring-in and ``limits`` the
    small and big bets.
    """

    game: str
    profile: str
    starting_stacks: tuple[int, ...]
    blinds: tuple[int, int]
    button: int
    blind_posts: tuple[int, ...]
    ante_posts: tuple[int, ...]
    big_blind_ante: int
    limits: tuple[int, int]
    chip_unit: int
    absent: tuple[int, ...]
    is_final_heads_up: bool
    bring_in: int = 0
    has_open_pair_option: bool = False
    are_antes_dead: bool | None = None


def check_setup(
    game: Game,
    stacks: Sequence[int],
    small: int,
    big: int,
    button: int,
    ante: int,
    chip_unit: int,
    absent: Sequence[int],
) -> None:
    """Raise ParseError for arguments of ``Hand.create`` that no hand can be played with."""
    count = len(stacks)
    most = game.max_players
    if not 2 <= count <= most:
        raise ParseError(f"{game.name} is played by 2 to {most} players, not {count}")
    for player, stack in enumerate(stacks):
        if stack.__class__ is not int or stack <= 0:
            raise ParseError(f"player {player + 1} has a stack of {stack!r}; stacks are chips > 0")
    if not 0 <= small <= big or big <= 0:
        raise ParseError(
            f"blinds {small}/{big} must satisfy 0 <= small blind <= big blind, big > 0"
        )
    if not 0 <= button < count:
        raise ParseError(f"button {button} is not a player of a hand of {count}")
    if ante < 0 or chip_unit <= 0:
        raise ParseError("the ante must be >= 0 and the chip unit > 0")
    for player in absent:
        if not 0 <= player < count:
            raise ParseError(f"absent player {player + 1} is not in a hand of {count}")
    if len(set(absent)) != len(absent):
        raise ParseError(f"absent players {[p + 1 for p in absent]} name a player twice")
    if len(absent) >= count:
        raise ParseError("every player is absent: there is no hand to play")


def raise_cap(game: Game, profile: Profile, is_final_heads_up: bool) -> int | None:
    """BET-RAISE-CAP (TDA 52, GM 26°): the fixed-limit cap, lifted in the final heads-up or not."""
    if game.betting is not Betting.FIXED_LIMIT:
        return None
    if is_final_heads_up and profile.limit_cap_heads_up is LimitCapHeadsUp.LIFTED:
        return None
    return profile.limit_raise_cap
