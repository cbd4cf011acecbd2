"""All-in equity of several hands: exact over every board when that is small, sampled otherwise.

Each board completion is won by the best high hand, and tied hands share it equally. The random
source is always passed in; nothing here draws from the global ``random``.

>>> from pokertd.cards import parse_cards
>>> equity([parse_cards("As Ad"), parse_cards("Kh Kd")], parse_cards("2c 7d 9s Kc"))
[0.045454545454545456, 0.9545454545454546]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations
from math import comb, lcm

import numpy as np

from pokertd.cards.card import ALL_CARDS, Card
from pokertd.evaluate.batch import HandSums
from pokertd.evaluate.high import high
from pokertd.evaluate.omaha import omaha_high

#: The largest number of board completions enumerated exactly; above it, boards are sampled.
EXACT_LIMIT = 50_000
#: Boards drawn when sampling and ``samples`` is not given.
DEFAULT_SAMPLES = 20_000

_HOLE_SIZES = {"holdem": range(2, 3), "omaha": range(4, 7)}


def equity(
    holes: Sequence[Sequence[Card]],
    board: Sequence[Card] = (),
    *,
    game: str = "holdem",
    rng: random.Random | None = None,
    samples: int | None = None,
) -> list[float]:
    """Return each hand's share of the pot once the board is dealt out, in the order of ``holes``.

    ``game`` is ``"holdem"`` (two hole cards, best five of seven) or ``"omaha"`` (four to six hole
    cards, exactly two of them with three of the board). When at most ``EXACT_LIMIT`` boards
    complete the deal, every one is counted and the shares are exact. Otherwise ``samples`` boards
    (default ``DEFAULT_SAMPLES``) are drawn from ``rng``. Folded or burnt cards are not removed.

    Raises ValueError for an unknown game, a wrong number of cards, a card dealt twice, too few
    cards left for the board, or a sampled case without ``rng``.

    >>> from pokertd.cards import parse_cards
    >>> shares = equity(
    ...     [parse_cards("As Ad"), parse_cards("Kh Kd")], rng=random.Random(1), samples=2000
    ... )
    >>> 0.78 < shares[0] < 0.86 and abs(sum(shares) - 1) < 1e-9
    True
    """
    if game not in _HOLE_SIZES:
        raise ValueError(f"unknown game {game!r}; expected 'holdem' or 'omaha'")
    if not holes:
        raise ValueError("equity needs at least one hand, not 0")
    for hole in holes:
        if len(hole) not in _HOLE_SIZES[game]:
            raise ValueError(f"a {game} hand cannot hold {len(hole)} hole cards")
    if len(board) > 5:
        raise ValueError(f"a board has at most 5 cards, not {len(board)}")
    codes: set[int] = set()
    for card in [*(card for hole in holes for card in hole), *board]:
        if card.code in codes:
            raise ValueError(f"card {str(card)!r} is dealt twice")
        codes.add(card.code)
    deck = [card.code for card in ALL_CARDS if card.code not in codes]
    missing = 5 - len(board)
    if len(deck) < missing:
        raise ValueError(f"{len(deck)} cards are left, too few to deal {missing} board cards")
    if comb(len(deck), missing) <= EXACT_LIMIT:
        boards: Sequence[Sequence[int]] = list(combinations(deck, missing))
    else:
        if rng is None:
            total = comb(len(deck), missing)
            raise ValueError(f"{total} boards are too many to enumerate; pass an rng to sample")
        count = DEFAULT_SAMPLES if samples is None else samples
        if count < 1:
            raise ValueError(f"samples must be at least 1, not {count}")
        # The draws depend only on the deck's length: sampling codes draws the same boards as
        # sampling the cards.
        boards = [rng.sample(deck, missing) for _ in range(count)]
    if game == "holdem":
        return _holdem_shares(holes, board, boards)
    extras = [tuple(ALL_CARDS[code] for code in extra) for extra in boards]
    return _shares(holes, board, extras, high_of(game))


def high_of(game: str) -> Callable[[Sequence[Card], Sequence[Card]], int]:
    """Return the function that values a hole and a full board in ``game`` on the ``high`` scale.

    Raises ValueError for an unknown game.

    >>> from pokertd.cards import parse_cards
    >>> high_of("holdem")(parse_cards("As Ad"), parse_cards("Ac Ah 2c 3c 4c"))
    7443
    """
    if game == "holdem":
        return _holdem_high
    if game == "omaha":
        return omaha_high
    raise ValueError(f"unknown game {game!r}; expected 'holdem' or 'omaha'")


def _holdem_high(hole: Sequence[Card], board: Sequence[Card]) -> int:
    return high((*hole, *board))


def _holdem_shares(
    holes: Sequence[Sequence[Card]], board: Sequence[Card], extras: Sequence[Sequence[int]]
) -> list[float]:
    """Return the hold'em shares over the board completions ``extras`` (card codes), every
    board valued for every hand in a few array passes (``evaluate.batch``): the same counts
    as ``_shares`` with ``high``, a test compares them."""
    known = HandSums.of([[card.code for card in board]])
    boards = HandSums.of(np.array(extras, dtype=np.int8).reshape(len(extras), -1)).plus(known)
    values = np.stack(
        [boards.plus(HandSums.of([[card.code for card in hole]])).values() for hole in holes]
    )
    winners = values == values.max(axis=0)
    ties = winners.sum(axis=0)
    # In whole units of 1/lcm(1..n) of a pot, as ``_shares``; Python ints: no overflow.
    unit = lcm(*range(1, len(holes) + 1))
    totals = [
        sum(unit // ways * int(times) for ways, times in enumerate(np.bincount(ties[won])) if times)
        for won in winners
    ]
    return [total / (unit * len(extras)) for total in totals]


def _shares(
    holes: Sequence[Sequence[Card]],
    board: Sequence[Card],
    completions: Sequence[Sequence[Card]],
    value: Callable[[Sequence[Card], Sequence[Card]], int],
) -> list[float]:
    # Shares are counted in whole units of 1/lcm(1..n) of a pot, so ties add up exactly.
    unit = lcm(*range(1, len(holes) + 1))
    totals = [0] * len(holes)
    known = tuple(board)
    tuple_holes = [tuple(hole) for hole in holes]
    for extra in completions:
        full = known + tuple(extra)
        values = [value(hole, full) for hole in tuple_holes]
        best = max(values)
        winners = [player for player, v in enumerate(values) if v == best]
        share = unit // len(winners)
        for player in winners:
            totals[player] += share
    return [total / (unit * len(completions)) for total in totals]
