"""Omaha: exactly two hole cards and three board cards, high and eight-or-better low."""

from __future__ import annotations

from itertools import combinations

import pytest
from evaluate_reference import cards, random_hands
from phevaluator import evaluate_omaha_cards

from pokertd.evaluate import (
    HandCategory,
    category,
    describe,
    high,
    low_8,
    omaha_best_five,
    omaha_high,
    omaha_low_8,
)
from pokertd.evaluate.low import describe_low


def test_omaha_high_agrees_with_phevaluator() -> None:
    for hand in random_hands(seed=9, count=5_000, size=9):
        hole, board = hand[:4], hand[4:]
        expected = 7463 - evaluate_omaha_cards(*(c.code for c in board), *(c.code for c in hole))
        assert omaha_high(hole, board) == expected, hand


@pytest.mark.parametrize("board_size", [3, 4])
def test_short_boards_use_every_two_plus_three(board_size: int) -> None:
    for hand in random_hands(seed=board_size, count=1_000, size=4 + board_size):
        hole, board = hand[:4], hand[4:]
        expected = max(high(p + t) for p in combinations(hole, 2) for t in combinations(board, 3))
        assert omaha_high(hole, board) == expected


def test_four_suited_hole_cards_and_one_on_board_are_not_a_flush() -> None:
    value = omaha_high(cards("As Ks 7s 2s"), cards("Qs Jd 8c 4h 3d"))
    assert category(value) is HandCategory.HIGH_CARD


def test_four_suited_board_cards_and_one_in_hand_are_not_a_flush() -> None:
    value = omaha_high(cards("Ah Kc Qc 2d"), cards("Jh 9h 6h 4h 3s"))
    assert category(value) is HandCategory.HIGH_CARD
    assert describe(value) == "high card, ace"


def test_two_suited_hole_cards_and_three_on_board_are_a_flush() -> None:
    value = omaha_high(cards("Ah 2h Kc Qc"), cards("Jh 9h 6h 4c 3s"))
    assert describe(value) == "flush, ace high"


def test_a_board_straight_does_not_play() -> None:
    board = cards("9s Th Jd Qc 8s")
    assert describe(omaha_high(cards("Ac Ad 2s 3h"), board)) == "pair of aces"
    assert describe(high(cards("Ac Ad") + board)) == "straight, queen high"  # hold'em
    assert describe(omaha_high(cards("Kc Td 2s 3h"), board)) == "straight, king high"


def test_one_hole_card_does_not_make_a_full_house() -> None:
    # Holding a lone seven with 7-7-K-K on the board is only two pair: two hole cards must play.
    value = omaha_high(cards("7c 2d 3h 9s"), cards("7h 7s Kd Kc 4c"))
    assert category(value) is HandCategory.THREE_OF_A_KIND


def test_omaha_best_five() -> None:
    five = omaha_best_five(cards("Ah 2h Kc Qc"), cards("Jh 9h 6h 4c 3s"))
    assert five == cards("Ah Jh 9h 6h 2h")


def test_omaha_low_uses_exactly_two_hole_cards() -> None:
    # Four low hole cards but one low board card: hold'em rules would make a wheel.
    assert omaha_low_8(cards("Ah 2h 3h 4h"), cards("5c Kd Qs Js Tc")) is None
    assert low_8(cards("Ah 2h 5c Kd Qs Js Tc")) is None
    value = omaha_low_8(cards("Ah 2h Kc Qd"), cards("3s 4d 8c Ks Jd"))
    assert value is not None
    assert describe_low(value) == "8-4-3-2-A"


def test_omaha_low_counterfeited() -> None:
    # A-2 in the hand, and the board pairs both: every two-plus-three low holds a pair or a nine.
    counterfeited = cards("Ah 2h Kc Qd")
    board = cards("Ac 2c 5s 7h 9d")
    assert omaha_low_8(counterfeited, board) is None
    wheel = omaha_low_8(cards("3d 4s Kd Jc"), board)
    assert wheel is not None
    assert describe_low(wheel) == "5-4-3-2-A"


def test_omaha_low_counterfeit_by_a_river_ace() -> None:
    # A-3 has 7-5-3-2-A on 2-5-7. The river ace duplicates its ace and gives nothing, while 4-6
    # goes from 7-6-5-4-2 to 6-5-4-2-A and takes the low.
    before = omaha_low_8(cards("As 3s Kh Kd"), cards("2c 5d 7h Qs"))
    after = omaha_low_8(cards("As 3s Kh Kd"), cards("2c 5d 7h Qs Ah"))
    other_before = omaha_low_8(cards("4c 6c Kc Qh"), cards("2c 5d 7h Qs"))
    other = omaha_low_8(cards("4c 6c Kc Qh"), cards("2c 5d 7h Qs Ah"))
    assert before is not None
    assert after is not None
    assert other_before is not None
    assert other is not None
    assert describe_low(before) == describe_low(after) == "7-5-3-2-A"
    assert describe_low(other_before) == "7-6-5-4-2"
    assert describe_low(other) == "6-5-4-2-A"
    assert other_before < before == after < other


def test_omaha_low_matches_brute_force() -> None:
    for hand in random_hands(seed=11, count=3_000, size=9):
        hole, board = hand[:4], hand[4:]
        lows = [low_8(p + t) for p in combinations(hole, 2) for t in combinations(board, 3)]
        qualified = [value for value in lows if value is not None]
        assert omaha_low_8(hole, board) == (max(qualified) if qualified else None)


@pytest.mark.parametrize(
    ("hole_size", "board_size", "message"),
    [(1, 5, "not 1"), (7, 5, "not 7"), (4, 2, "not 2"), (4, 6, "not 6")],
)
def test_omaha_wrong_counts(hole_size: int, board_size: int, message: str) -> None:
    hand = cards("As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s")
    hole, board = hand[:hole_size], hand[hole_size : hole_size + board_size]
    for evaluate in (omaha_high, omaha_low_8, omaha_best_five):
        with pytest.raises(ValueError, match=message):
            evaluate(hole, board)
