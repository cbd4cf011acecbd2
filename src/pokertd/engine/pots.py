"""Pots: side pots from what each player put in, uncalled bets, and splitting with odd chips."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Pot:
    """Chips gathered in the middle and the players who may win them (main pot first).

    >>> Pot(300, (0, 1, 2))
    Pot(amount=300, eligible=(0, 1, 2))
    """

    amount: int
    eligible: tuple[int, ...]


def build_pots(
    paid: Sequence[int], folded: Sequence[bool], all_in: Sequence[bool], dead: int = 0
) -> list[Pot]:
    """Split what each player ``paid`` into a main pot and side pots (POT-SIDE: TDA 21, LFP 8.14).

    A new pot starts above each amount at which a player still in the hand is all-in; chips of
    folded players stay in the pots they reached. A player with chips behind matched every bet, so
    he can win every pot even when unequal antes left his share smaller; an all-in player wins the
    pots up to his own level only. ``dead`` chips belong to nobody's share and go to the main pot
    (a big-blind ante). Chips that no player still in the hand can win (a folded player's extra
    over all-in players) join the highest pot below them. Pots with the same players merge.

    >>> build_pots([100, 300, 300], [False, False, False], [True, False, False])
    [Pot(amount=300, eligible=(0, 1, 2)), Pot(amount=400, eligible=(1, 2))]
    >>> build_pots([50, 300, 300], [True, False, False], [False, False, False], dead=20)
    [Pot(amount=670, eligible=(1, 2))]
    """
    status = [
        2 if is_folded else 1 if is_all_in else 0
        for is_folded, is_all_in in zip(folded, all_in, strict=True)
    ]
    return side_pots(paid, status, dead)


def side_pots(paid: Sequence[int], status: Sequence[int], dead: int = 0) -> list[Pot]:
    """Do what ``build_pots`` does, from the engine's player statuses (0 live, 1 all-in, 2 out).

    >>> side_pots([100, 300, 300], [1, 0, 0])
    [Pot(amount=300, eligible=(0, 1, 2)), Pot(amount=400, eligible=(1, 2))]
    >>> side_pots([0, 100, 100], [1, 0, 0], dead=30)  # player 0 all-in on a dead ante
    [Pot(amount=30, eligible=(0, 1, 2)), Pot(amount=200, eligible=(1, 2))]
    """
    if 1 not in status:
        # Nobody is all-in: one pot for everybody still in (the common case).
        total = sum(paid) + dead
        return [Pot(total, tuple([i for i, s in enumerate(status) if s != 2]))] if total else []
    in_hand = [i for i, s in enumerate(status) if s != 2]
    levels = sorted({paid[i] for i in in_hand if status[i] == 1 and paid[i] > 0})
    top = max(paid)
    if not levels or levels[-1] < top:
        levels.append(top)
    pots: list[Pot] = []
    if dead and any(status[i] == 1 and paid[i] == 0 for i in in_hand):
        # A player all-in on a dead ante paid it like everyone: he can win the dead money.
        pots.append(Pot(dead, tuple(in_hand)))
        dead = 0
    floor = 0
    for level in levels:
        amount = dead if not pots else 0
        for chips in paid:
            if chips > floor:
                amount += (chips if chips < level else level) - floor
        # A player with chips behind matched every bet: he can win every pot. An all-in player
        # only wins the pots up to his own level.
        eligible = tuple([i for i in in_hand if status[i] != 1 or paid[i] >= level])
        if pots and (not eligible or pots[-1].eligible == eligible):
            pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible)
        elif amount:
            pots.append(Pot(amount, eligible))
        floor = level
    return pots


def uncalled_excess(bets: Sequence[int]) -> tuple[int, int]:
    """Return the player whose bet nobody matched and the unmatched chips (BET-UNCALLED).

    The excess of the largest bet over the second largest goes back to its owner.

    >>> uncalled_excess([100, 400, 250])
    (1, 150)
    >>> uncalled_excess([100, 100, 0])
    (0, 0)
    """
    ordered = sorted(bets)
    top = ordered[-1]
    return bets.index(top), top - ordered[-2]


def split(amount: int, winners: Sequence[int], unit: int) -> dict[int, int]:
    """Share ``amount`` among ``winners``, given in the order in which they receive odd chips.

    The pot is divided in whole chips of the smallest denomination ``unit`` (TDA 20: the odd chip is
    broken down first); the chips left over go one each to the first winners of the order, and any
    amount smaller than one chip goes with the first of them.

    >>> split(100, [2, 0], 25)
    {2: 50, 0: 50}
    >>> split(125, [2, 0], 25)
    {2: 75, 0: 50}
    >>> split(70, [1, 2, 0], 25)
    {1: 45, 2: 25, 0: 0}
    """
    units, rest = divmod(amount, unit)
    each, odd = divmod(units, len(winners))
    shares = {}
    for position, player in enumerate(winners):
        shares[player] = (each + (1 if position < odd else 0)) * unit
    shares[winners[0]] += rest
    return shares
