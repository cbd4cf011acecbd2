"""Pots: side pots, dead money, uncalled bets, odd chips (POT-SIDE, POT-ODD-CHIP, BET-UNCALLED)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.engine.pots import Pot, build_pots, split, uncalled_excess

PROPERTY = settings(max_examples=400, derandomize=True, database=None, deadline=None)

NO = False
YES = True


# -- build_pots -----------------------------------------------------------------------------------


def test_pot_side_one_pot_when_nobody_is_all_in() -> None:
    assert build_pots([300, 300, 300], [NO, NO, NO], [NO, NO, NO]) == [Pot(900, (0, 1, 2))]


def test_pot_side_three_all_ins_make_three_side_pots() -> None:
    """POT-SIDE (TDA 21, LFP 8.14): a new pot above each all-in amount, main pot first."""
    paid = [100, 250, 600, 1000, 1000]
    pots = build_pots(paid, [NO] * 5, [YES, YES, YES, NO, NO])
    assert pots == [
        Pot(500, (0, 1, 2, 3, 4)),  # 5 x 100
        Pot(600, (1, 2, 3, 4)),  # 4 x 150
        Pot(1050, (2, 3, 4)),  # 3 x 350
        Pot(800, (3, 4)),  # 2 x 400
    ]
    assert sum(pot.amount for pot in pots) == sum(paid)


def test_pot_side_two_players_all_in_for_the_same_amount_share_one_level() -> None:
    pots = build_pots([200, 200, 500, 500], [NO] * 4, [YES, YES, NO, NO])
    assert pots == [Pot(800, (0, 1, 2, 3)), Pot(600, (2, 3))]


def test_pot_side_all_in_for_the_most_makes_no_empty_pot() -> None:
    """The biggest stack all-in and called by everyone: one pot, no pot of nothing above it."""
    assert build_pots([500, 500], [NO, NO], [YES, YES]) == [Pot(1000, (0, 1))]


def test_pot_side_folded_player_money_stays_in_the_pots_it_reached() -> None:
    """Player 1 put in 200 then folded: 100 goes to the main pot, 100 to the side pot."""
    pots = build_pots([100, 200, 500, 500], [NO, YES, NO, NO], [YES, NO, NO, NO])
    assert pots == [Pot(400, (0, 2, 3)), Pot(900, (2, 3))]


def test_pot_side_folded_player_below_the_all_in_is_dead_money_in_the_main_pot() -> None:
    pots = build_pots([50, 300, 700, 700], [YES, NO, NO, NO], [NO, YES, NO, NO])
    assert pots == [Pot(950, (1, 2, 3)), Pot(800, (2, 3))]


def test_pot_side_folded_chips_above_every_live_share_join_the_top_pot() -> None:
    """Chips a folded player put in above every live share go to the highest pot below them."""
    pots = build_pots([300, 600, 300], [NO, YES, NO], [YES, NO, YES])
    assert pots == [Pot(1200, (0, 2))]


def test_pot_side_all_in_player_who_folds_opens_no_pot() -> None:
    """Only players still in the hand set pot levels (a killed all-in hand sets none)."""
    pots = build_pots([100, 400, 400], [YES, NO, NO], [YES, NO, NO])
    assert pots == [Pot(900, (1, 2))]


def test_ante_bb_dead_chips_go_to_the_main_pot_only() -> None:
    """ANTE-BB: the big-blind ante is ``dead``: in the main pot, in nobody's share."""
    pots = build_pots([100, 400, 400], [NO, NO, NO], [YES, NO, NO], dead=60)
    assert pots == [Pot(360, (0, 1, 2)), Pot(600, (1, 2))]


def test_ante_bb_dead_chips_with_nothing_else_in_the_pot() -> None:
    assert build_pots([0, 0, 0], [NO, NO, NO], [NO, NO, NO], dead=50) == [Pot(50, (0, 1, 2))]


def test_ante_bb_dead_chips_with_a_folded_player() -> None:
    pots = build_pots([50, 300, 300], [YES, NO, NO], [NO, NO, NO], dead=20)
    assert pots == [Pot(670, (1, 2))]


def test_build_pots_with_nothing_paid_is_empty() -> None:
    assert build_pots([0, 0], [NO, NO], [NO, NO]) == []


# -- uncalled_excess ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bets", "expected"),
    [
        pytest.param([100, 400, 250], (1, 150), id="raise-over-a-call"),
        pytest.param([0, 500, 0], (1, 500), id="bet-nobody-called"),
        pytest.param([100, 100, 0], (0, 0), id="called"),
        pytest.param([0, 0, 0], (0, 0), id="no-bets"),
        pytest.param([800, 3000, 500], (1, 2200), id="folded-bet-counts-as-matched"),
        pytest.param([300, 300, 300], (0, 0), id="everybody-matched"),
    ],
)
def test_bet_uncalled_excess_goes_back_to_its_owner(
    bets: list[int], expected: tuple[int, int]
) -> None:
    """BET-UNCALLED: the part of the largest bet over the second largest is returned."""
    assert uncalled_excess(bets) == expected


# -- split ----------------------------------------------------------------------------------------


def test_pot_odd_chip_75_between_two_with_25_chips() -> None:
    """POT-ODD-CHIP (TDA 20): three 25 chips, the odd one to the first winner in order."""
    assert split(75, [2, 0], 25) == {2: 50, 0: 25}


def test_pot_odd_chip_order_decides_who_gets_the_odd_chip() -> None:
    assert split(75, [0, 2], 25) == {0: 50, 2: 25}


def test_pot_odd_chip_remainder_smaller_than_one_chip_goes_to_the_first() -> None:
    """80 with 25 chips: three chips (50 / 25) and 5 that is not a chip, to the first winner."""
    assert split(80, [1, 3], 25) == {1: 55, 3: 25}


def test_pot_odd_chip_even_split() -> None:
    assert split(100, [2, 0], 25) == {2: 50, 0: 50}


def test_pot_odd_chip_tie_among_three() -> None:
    assert split(300, [4, 0, 2], 1) == {4: 100, 0: 100, 2: 100}


def test_pot_odd_chip_tie_among_three_with_two_odd_chips() -> None:
    """Five 25 chips among three: one each, then the two odd chips to the first two in order."""
    assert split(125, [4, 0, 2], 25) == {4: 50, 0: 50, 2: 25}


def test_pot_odd_chip_tie_among_three_with_one_odd_unit_chip() -> None:
    assert split(100, [1, 2, 0], 1) == {1: 34, 2: 33, 0: 33}


def test_pot_odd_chip_amount_smaller_than_one_chip() -> None:
    assert split(10, [1, 2, 0], 25) == {1: 10, 2: 0, 0: 0}


def test_split_single_winner_takes_everything() -> None:
    assert split(1234, [3], 25) == {3: 1234}


# -- properties -----------------------------------------------------------------------------------


@st.composite
def contributions(draw: st.DrawFn) -> tuple[list[int], list[bool], list[bool], int]:
    """What each player put in, who folded and who is all-in, as at the end of a hand: players
    still in and not all-in have matched the largest amount of the players still in."""
    count = draw(st.integers(2, 9))
    paid = draw(st.lists(st.integers(0, 2000), min_size=count, max_size=count))
    folded = draw(st.lists(st.booleans(), min_size=count, max_size=count))
    if all(folded):
        folded[draw(st.integers(0, count - 1))] = False
    # A player all-in put chips in: nobody sits down with an empty stack.
    all_in = [not f and paid[p] > 0 and draw(st.booleans()) for p, f in enumerate(folded)]
    top = max(paid[p] for p in range(count) if not folded[p])
    paid = [top if not folded[p] and not all_in[p] else paid[p] for p in range(count)]
    dead = draw(st.just(0) | st.integers(1, 500))
    return paid, folded, all_in, dead


@PROPERTY
@given(contributions())
def test_build_pots_conserves_the_chips(
    case: tuple[list[int], list[bool], list[bool], int],
) -> None:
    paid, folded, all_in, dead = case
    pots = build_pots(paid, folded, all_in, dead)
    assert sum(pot.amount for pot in pots) == sum(paid) + dead
    in_hand = {p for p, is_folded in enumerate(folded) if not is_folded}
    for pot in pots:
        assert pot.amount > 0
        assert pot.eligible
        assert set(pot.eligible) <= in_hand
        assert list(pot.eligible) == sorted(pot.eligible)
    for main, side in itertools.pairwise(pots):
        assert set(side.eligible) < set(main.eligible)
    # Nobody can win more than he matched from each player (plus the dead money).
    for player in in_hand:
        can_win = sum(pot.amount for pot in pots if player in pot.eligible)
        matched = sum(min(other, paid[player]) for other in paid)
        top_in_hand = max(paid[p] for p in in_hand)
        above = sum(max(0, paid[p] - top_in_hand) for p in range(len(paid)) if p not in in_hand)
        assert can_win <= matched + dead + above


@PROPERTY
@given(
    paid=st.lists(st.integers(0, 5000), min_size=1, max_size=9),
    data=st.data(),
)
def test_build_pots_conserves_any_amounts(paid: list[int], data: st.DataObject) -> None:
    """Whatever the flags, no chip is lost or made."""
    count = len(paid)
    folded = data.draw(st.lists(st.booleans(), min_size=count, max_size=count))
    all_in = data.draw(st.lists(st.booleans(), min_size=count, max_size=count))
    dead = data.draw(st.integers(0, 500))
    pots = build_pots(paid, folded, all_in, dead)
    assert sum(pot.amount for pot in pots) == sum(paid) + dead


@PROPERTY
@given(
    amount=st.integers(0, 100_000),
    winners=st.lists(st.integers(0, 8), min_size=1, max_size=9, unique=True),
    unit=st.sampled_from([1, 5, 25, 100, 500]),
)
def test_split_conserves_the_amount(amount: int, winners: list[int], unit: int) -> None:
    shares = split(amount, winners, unit)
    assert sum(shares.values()) == amount
    assert list(shares) == winners
    rest = amount % unit
    chips = [shares[p] - (rest if i == 0 else 0) for i, p in enumerate(winners)]
    assert all(share % unit == 0 and share >= 0 for share in chips)
    # As even as whole chips allow, and the odd chips go to the first in order.
    assert max(chips) - min(chips) <= unit
    assert chips == sorted(chips, reverse=True)
