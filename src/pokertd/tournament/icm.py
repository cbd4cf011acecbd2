"""The Independent Chip Model (Malmuth–Harville): what a stack is worth in prize money.

A player finishes first with probability stack / chips in play; given the players already
placed, each other player takes the next place with probability his stack / the chips of the
players not yet placed. A player's equity is his prize for each place weighted by the chance
of finishing there.

The sum over every finishing order (n! of them) is computed as a walk over sets instead: who
takes the next place depends only on which players are already placed, not on their order, so
the walk visits each set of placed players once, with the chance that they took the first
places, built from the sets one smaller. That is O(2^n · n) for all n places (1,024 sets for
10 players), and far less when only the first few places pay: the walk stops at the last
paid place.

Fields the walk cannot cover exactly are refused rather than approximated: beyond
``MAX_STATES`` sets (17 players with every place paid, or 40 players with 5 paid places)
``ParseError`` says so. By then the model itself is a rough guide and a deal is rarely made.

>>> [round(equity, 2) for equity in equities([5_000, 3_000, 2_000], [70, 30])]
[45.18, 32.25, 22.57]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Literal, overload

from pokertd.errors import ParseError
from pokertd.messages import message

__all__ = ["MAX_STATES", "equities", "finish_probabilities"]

#: The most sets of players the walk visits before the computation is refused.
MAX_STATES = 1 << 16


def _check_stacks(stacks: Sequence[int]) -> list[int]:
    checked = list(stacks)
    if not checked:
        raise ParseError(message("ICM needs the stack of at least one player"))
    for stack in checked:
        if not isinstance(stack, int) or isinstance(stack, bool) or stack <= 0:
            raise ParseError(
                message("a stack is a positive whole number of chips, not {stack!r}", stack=stack)
            )
    return checked


def _check_places(players: int, places: int) -> None:
    states = sum(math.comb(players, size) for size in range(places))
    if states > MAX_STATES:
        raise ParseError(
            message(
                "ICM for {players} players over {places} places visits {states:,} "
                "sets of players, more than the {most:,} computed exactly: "
                "pay fewer places or leave fewer players",
                players=players,
                places=places,
                states=states,
                most=MAX_STATES,
            )
        )


def _walk(stacks: list[int], places: int, one: float | Fraction) -> list[list[float | Fraction]]:
    """Return P[player][place] for the first ``places`` places (``one`` sets the arithmetic)."""
    matrix: list[list[float | Fraction]] = [[one * 0] * places for _ in stacks]
    indexed = list(enumerate(stacks))
    # mask of the players placed so far -> (chance they took those places, chips of the others)
    level: dict[int, tuple[float | Fraction, int]] = {0: (one, sum(stacks))}
    for place in range(places):
        following: dict[int, tuple[float | Fraction, int]] = {}
        is_last = place == places - 1
        for mask, (chance, rest) in level.items():
            per_chip = chance / rest
            for player, stack in indexed:
                bit = 1 << player
                if mask & bit:
                    continue
                taken = per_chip * stack
                matrix[player][place] += taken
                if not is_last:
                    entry = following.get(mask | bit)
                    following[mask | bit] = (
                        (taken, rest - stack) if entry is None else (entry[0] + taken, entry[1])
                    )
        level = following
    return matrix


@overload
def finish_probabilities(
    stacks: Sequence[int], *, exact: Literal[False] = False
) -> list[list[float]]: ...
@overload
def finish_probabilities(
    stacks: Sequence[int], *, exact: Literal[True]
) -> list[list[Fraction]]: ...
def finish_probabilities(
    stacks: Sequence[int], *, exact: bool = False
) -> list[list[float]] | list[list[Fraction]]:
    """Return ``P[player][place]``: the chance each player finishes in each place (from 0).

    ``exact`` gives fractions instead of floats (slower: 15 to 50 times for ten players).
    Each row and each column adds up to 1.

    Raises ParseError for no stacks, a stack that is not a positive whole number, or more
    players than the walk covers exactly (17 and more).

    >>> finish_probabilities([2, 1, 1], exact=True)[0]
    [Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)]
    """
    checked = _check_stacks(stacks)
    _check_places(len(checked), len(checked))
    return _walk(checked, len(checked), Fraction(1) if exact else 1.0)  # type: ignore[return-value]


@overload
def equities(
    stacks: Sequence[int], prizes: Sequence[int], *, exact: Literal[False] = False
) -> list[float]: ...
@overload
def equities(
    stacks: Sequence[int], prizes: Sequence[int], *, exact: Literal[True]
) -> list[Fraction]: ...
def equities(
    stacks: Sequence[int], prizes: Sequence[int], *, exact: bool = False
) -> list[float] | list[Fraction]:
    """Return each player's ICM equity: his expected prize, for ``prizes`` by place from 1st.

    There may be fewer prizes than players (the other places win nothing); the equities add
    up to the prizes. ``exact`` gives fractions instead of floats.

    Raises ParseError for no stacks, a stack that is not a positive whole number, a prize
    that is not a whole number from 0, more prizes than players, or a field too large for
    the exact walk (``MAX_STATES``).

    >>> equities([1_000, 1_000, 1_000, 1_000], [600, 400], exact=True)
    [Fraction(250, 1), Fraction(250, 1), Fraction(250, 1), Fraction(250, 1)]
    >>> equities([100, 200], [70, 30, 10])
    Traceback (most recent call last):
    ...
    pokertd.errors.ParseError: ICM pays 3 prizes to only 2 players
    """
    checked = _check_stacks(stacks)
    amounts = list(prizes)
    for prize in amounts:
        if not isinstance(prize, int) or isinstance(prize, bool) or prize < 0:
            raise ParseError(
                message("a prize is a whole number from 0, not {prize!r}", prize=prize)
            )
    if len(amounts) > len(checked):
        raise ParseError(
            message(
                "ICM pays {amounts} prizes to only {players} players",
                amounts=len(amounts),
                players=len(checked),
            )
        )
    while amounts and amounts[-1] == 0:
        amounts.pop()  # places that win nothing change nobody's equity
    _check_places(len(checked), len(amounts))
    one: float | Fraction = Fraction(1) if exact else 1.0
    matrix = _walk(checked, len(amounts), one)
    return [  # type: ignore[return-value]
        sum((chance * prize for chance, prize in zip(row, amounts, strict=True)), one * 0)
        for row in matrix
    ]
