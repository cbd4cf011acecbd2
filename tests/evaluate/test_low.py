"""A-5 lows (razz) and eight-or-better lows: higher values are better lows."""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement

import pytest
from evaluate_reference import cards, random_hands, reference_low

from pokertd.cards.card import ALL_CARDS, Rank
from pokertd.evaluate import describe_low, low_8, low_a5
from pokertd.evaluate.low import LOW_8_MIN


def test_every_five_card_low_is_ordered_like_the_reference() -> None:
    # All 6175 rank multisets of five cards (no rank five times), each with distinct cards.
    hands = []
    for ranks in combinations_with_replacement(range(2, 15), 5):
        if max(ranks.count(rank) for rank in ranks) < 5:
            suits = dict.fromkeys(ranks, 0)
            hand = []
            for rank in ranks:
                hand.append(ALL_CARDS[(rank - 2) * 4 + suits[rank]])
                suits[rank] += 1
            hands.append(tuple(hand))
    assert len(hands) == 6175
    by_key = {reference_low(hand): low_a5(hand) for hand in hands}
    ordered = [by_key[key] for key in sorted(by_key, reverse=True)]
    assert ordered == list(range(1, 6176))


@pytest.mark.parametrize("size", [6, 7])
def test_best_low_of_more_cards_is_best_of_its_fives(size: int) -> None:
    for hand in random_hands(seed=size + 20, count=3_000, size=size):
        assert low_a5(hand) == max(low_a5(five) for five in combinations(hand, 5))


def test_razz_examples() -> None:
    wheel = low_a5(cards("As 2d 3c 4h 5s"))
    assert wheel == 6175
    assert low_a5(cards("8c 7d 6h 5s 3c")) > low_a5(cards("8c 7d 6h 5s 4c"))
    assert low_a5(cards("8c 7d 6h 5s 4c")) > low_a5(cards("9c 4d 3h 2s Ac"))
    # Any unpaired low beats any pair: K-Q-J-T-9 beats A-A-2-3-4.
    assert low_a5(cards("Kc Qd Jh Ts 9c")) > low_a5(cards("Ac Ad 2h 3s 4c"))
    # Straights and flushes do not count.
    assert low_a5(cards("5h 4h 3h 2h Ah")) == wheel
    assert low_a5(cards("6c 5c 4c 3c 2c")) > low_a5(cards("7c 5d 4h 3s 2c"))
    # Seven cards: the five lowest distinct ranks play.
    assert describe_low(low_a5(cards("Kd Kh 7c 7d 4s 2h Ac"))) == "K-7-4-2-A"


def test_pairs_are_worse_than_no_pair_in_seven_cards() -> None:
    assert describe_low(low_a5(cards("Ac Ad 2c 2d 3c 3d 4c"))) == "A-A-4-3-2"
    # Forced pairs: the lowest pairs, two pair before trips, a full house before four of a kind.
    assert describe_low(low_a5(cards("2c 2d 3h 3s 4c 4d 4h"))) == "3-3-2-2-4"
    assert describe_low(low_a5(cards("2c 2d 2h 2s 3c 3d 3h"))) == "2-2-2-3-3"
    assert describe_low(low_a5(cards("Qc Qd Qh Qs Kc Kd Kh"))) == "Q-Q-Q-K-K"


def test_eight_or_better() -> None:
    assert low_8(cards("8c 7d 6h 5s 4c")) == LOW_8_MIN
    assert low_8(cards("9c 7d 6h 5s 4c")) is None
    assert low_8(cards("8c 7d 6h 5s 5c")) is None  # paired
    assert low_8(cards("8c 7d 6h 5s 5c 2h Kd")) == low_a5(cards("8c 7d 6h 5s 2h"))
    assert low_8(cards("Ac 2d 3h 4s 5c")) == 6175


def test_eight_or_better_matches_its_definition() -> None:
    for hand in random_hands(seed=31, count=5_000, size=7):
        qualifying = [
            low_a5(five)
            for five in combinations(hand, 5)
            if len({card.rank for card in five}) == 5
            and all(card.rank <= Rank.EIGHT or card.rank == Rank.ACE for card in five)
        ]
        assert low_8(hand) == (max(qualifying) if qualifying else None), hand


def test_describe_low() -> None:
    assert describe_low(low_a5(cards("8d 6c 4h 3s 2c"))) == "8-6-4-3-2"
    assert describe_low(low_a5(cards("8d 6c 4h 3s 2c")), lang="fr") == "8-6-4-3-2"
    assert describe_low(low_a5(cards("Td 6c 4h 3s Ac"))) == "T-6-4-3-A"
    with pytest.raises(ValueError, match="outside 1-6175"):
        describe_low(0)
    with pytest.raises(ValueError, match="language"):
        describe_low(6175, lang="de")


@pytest.mark.parametrize("size", [4, 8])
def test_low_wrong_card_count(size: int) -> None:
    with pytest.raises(ValueError, match=f"not {size}"):
        low_a5(ALL_CARDS[:size])
    with pytest.raises(ValueError, match=f"not {size}"):
        low_8(ALL_CARDS[:size])
