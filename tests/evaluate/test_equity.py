"""Equity: exact enumeration when the boards are few, seeded sampling otherwise."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import pytest
from evaluate_reference import cards
from phevaluator import evaluate_cards, evaluate_omaha_cards

from pokertd.cards.card import ALL_CARDS, Card
from pokertd.evaluate.equity import equity


def _reference(
    holes: list[tuple[Card, ...]], board: tuple[Card, ...], *, omaha: bool = False
) -> list[Fraction]:
    """Enumerate every board with phevaluator and share ties, in exact fractions."""
    used = {card.code for hole in holes for card in hole} | {card.code for card in board}
    deck = [card.code for card in ALL_CARDS if card.code not in used]
    totals = [Fraction(0)] * len(holes)
    count = 0
    for extra in combinations(deck, 5 - len(board)):
        full = [card.code for card in board] + list(extra)
        if omaha:
            ranks = [evaluate_omaha_cards(*full, *(c.code for c in hole)) for hole in holes]
        else:
            ranks = [evaluate_cards(*full, *(c.code for c in hole)) for hole in holes]
        best = min(ranks)  # phevaluator: smaller is stronger
        winners = [player for player, rank in enumerate(ranks) if rank == best]
        for player in winners:
            totals[player] += Fraction(1, len(winners))
        count += 1
    return [total / count for total in totals]


def test_aces_against_kings_before_the_flop() -> None:
    shares = equity([cards("As Ah"), cards("Ks Kh")], rng=random.Random(20240607), samples=20_000)
    assert shares[0] == pytest.approx(0.82, abs=0.015)
    assert sum(shares) == pytest.approx(1)


def test_sampling_is_repeatable_with_the_same_seed() -> None:
    holes = [cards("As Kd"), cards("Qh Qc"), cards("7s 6s")]
    first = equity(holes, rng=random.Random(5), samples=500)
    assert first == equity(holes, rng=random.Random(5), samples=500)


def test_turn_is_exact() -> None:
    # Aces need one of the two aces left among 44 cards.
    shares = equity([cards("As Ad"), cards("Kh Kd")], cards("2c 7d 9s Kc"))
    assert shares == [2 / 44, 42 / 44]


def test_flop_matches_enumeration_with_phevaluator() -> None:
    holes = [cards("Ah Kh"), cards("Qs Qd"), cards("Jh Tc")]
    board = cards("Qh 9h 2c")
    expected = _reference(holes, board)
    assert equity(holes, board) == pytest.approx([float(share) for share in expected], abs=1e-12)


def test_river_ties_share_the_pot() -> None:
    board = cards("Ts Js Qs Ks As")
    shares = equity([cards("2c 3c"), cards("4d 5d"), cards("6h 7h")], board)
    assert shares == pytest.approx([1 / 3, 1 / 3, 1 / 3])
    assert equity([cards("Ac Kc"), cards("Ad Kd")], cards("2s 7h 9d Tc Qh")) == [0.5, 0.5]


def test_omaha_turn_matches_enumeration_with_phevaluator() -> None:
    holes = [cards("As Ks Qd Jd"), cards("Th 9h 8c 7c")]
    board = cards("Qs Ts 2h 6c")
    expected = _reference(holes, board, omaha=True)
    shares = equity(holes, board, game="omaha")
    assert shares == pytest.approx([float(share) for share in expected], abs=1e-12)


def test_omaha_flop_is_exact_and_sums_to_one() -> None:
    shares = equity([cards("As Ks Qd Jd"), cards("Th 9h 8c 7c")], cards("Qs Ts 2h"), game="omaha")
    assert sum(shares) == pytest.approx(1)
    assert 0 < shares[0] < 1


def test_sampling_needs_an_rng() -> None:
    with pytest.raises(ValueError, match="pass an rng"):
        equity([cards("As Ah"), cards("Ks Kh")])


@pytest.mark.parametrize(
    ("holes", "board", "game", "message"),
    [
        (["As Ah"], "", "stud", "unknown game"),
        (["As Ah Kd"], "", "holdem", "3 hole cards"),
        (["As Ah"], "", "omaha", "2 hole cards"),
        (["As Ah", "As Kh"], "", "holdem", "dealt twice"),
        (["As Ah", "Ks Kh"], "2c 3c 4c 5c 6c 7c", "holdem", "not 6"),
        ([], "", "holdem", "at least one hand"),
    ],
)
def test_equity_rejects_bad_input(holes: list[str], board: str, game: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        equity([cards(hole) for hole in holes], cards(board), game=game, rng=random.Random(1))


def test_too_many_hands_for_the_deck() -> None:
    deck = list(ALL_CARDS)
    holes = [tuple(deck[i : i + 6]) for i in range(0, 48, 6)]
    with pytest.raises(ValueError, match="4 cards are left"):
        equity(holes, game="omaha", rng=random.Random(1))


def test_samples_must_be_positive() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        equity([cards("As Ah"), cards("Ks Kh")], rng=random.Random(1), samples=0)
