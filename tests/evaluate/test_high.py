"""``high`` against phevaluator, and the order of all five-card hands against a reference."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, pairwise

import pytest
from evaluate_reference import FIVE_CARD_COUNTS, cards, random_hands, reference_high
from hypothesis import given
from hypothesis import strategies as st
from phevaluator import evaluate_cards
from phevaluator.card import Card as PhCard

from pokertd.cards.card import ALL_CARDS, Card
from pokertd.evaluate import HandCategory, category, high


def test_card_codes_are_phevaluator_ids() -> None:
    # phevaluator numbers cards rank * 4 + suit, clubs to spades as 0-3: the same as card.code.
    assert [PhCard(str(card)).id_ for card in ALL_CARDS] == list(range(52))


@pytest.mark.parametrize("size", [5, 6, 7])
def test_high_agrees_with_phevaluator(size: int) -> None:
    for hand in random_hands(seed=size, count=20_000, size=size):
        assert high(hand) == 7463 - evaluate_cards(*(card.code for card in hand)), hand


@pytest.mark.slow
def test_high_agrees_with_phevaluator_on_a_million_hands() -> None:
    rng = random.Random(1_000_000)
    deck = list(range(52))
    sample = rng.sample
    mismatches = []
    for _ in range(1_000_000):
        codes = sample(deck, 7)
        if high([ALL_CARDS[code] for code in codes]) != 7463 - evaluate_cards(*codes):
            mismatches.append(codes)
    assert mismatches == []


Key = tuple[int, tuple[int, ...]]


def _check_order(fives: list[tuple[Card, ...]]) -> tuple[dict[Key, int], Counter[int]]:
    """Map each reference class to our value; check one value per class and the categories."""
    values: dict[Key, int] = {}
    categories: Counter[int] = Counter()
    for five in fives:
        key = reference_high(five)
        value = high(five)
        assert values.setdefault(key, value) == value, five
        assert category(value) == key[0], five
        categories[key[0]] += 1
    ordered = [values[key] for key in sorted(values)]
    assert all(a < b for a, b in pairwise(ordered)), "values do not follow the reference order"
    return values, categories


def test_order_of_a_sample_of_five_card_hands() -> None:
    values, _ = _check_order(random_hands(seed=5, count=50_000, size=5))
    assert set(values.values()) <= set(range(1, 7463))


@pytest.mark.slow
def test_order_of_all_five_card_hands() -> None:
    values, categories = _check_order(list(combinations(ALL_CARDS, 5)))
    assert sorted(values.values()) == list(range(1, 7463))
    assert dict(categories) == FIVE_CARD_COUNTS
    royals = sum(1 for five in combinations(ALL_CARDS, 5) if high(five) == 7462)
    assert royals == 4


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7h 5d 4c 3s 2h", 1),
        ("As Ks Qs Js Ts", 7462),
        ("Ah 2d 3c 4s 5h", 5854),  # the wheel, lowest straight
        ("2h 3d 4c 5s 6h", 5855),
        ("Ah Kd Qc Js Th", 5863),
        ("5s 4s 3s 2s As", 7453),  # steel wheel, lowest straight flush
    ],
)
def test_landmarks(text: str, expected: int) -> None:
    assert high(cards(text)) == expected


def test_order_does_not_depend_on_card_order() -> None:
    rng = random.Random(3)
    for hand in random_hands(seed=4, count=2_000, size=7):
        shuffled = list(hand)
        rng.shuffle(shuffled)
        assert high(shuffled) == high(hand)


@given(
    hand=st.lists(st.sampled_from(ALL_CARDS), min_size=5, max_size=7, unique=True),
    suits=st.permutations(range(4)),
)
def test_suits_are_interchangeable(hand: list[Card], suits: list[int]) -> None:
    relabelled = [ALL_CARDS[card.code - card.code % 4 + suits[card.code % 4]] for card in hand]
    assert high(relabelled) == high(hand)


def test_best_of_seven_is_best_of_its_fives() -> None:
    for hand in random_hands(seed=6, count=2_000, size=7):
        assert high(hand) == max(high(five) for five in combinations(hand, 5))


@pytest.mark.parametrize("size", [0, 4, 8])
def test_wrong_card_count(size: int) -> None:
    with pytest.raises(ValueError, match=f"not {size}"):
        high(ALL_CARDS[:size])


@pytest.mark.parametrize(
    ("strength", "expected"),
    [
        (1, HandCategory.HIGH_CARD),
        (1277, HandCategory.HIGH_CARD),
        (1278, HandCategory.ONE_PAIR),
        (4995, HandCategory.TWO_PAIR),
        (5853, HandCategory.THREE_OF_A_KIND),
        (5854, HandCategory.STRAIGHT),
        (5864, HandCategory.FLUSH),
        (7141, HandCategory.FULL_HOUSE),
        (7452, HandCategory.FOUR_OF_A_KIND),
        (7462, HandCategory.STRAIGHT_FLUSH),
    ],
)
def test_category_boundaries(strength: int, expected: HandCategory) -> None:
    assert category(strength) is expected


@pytest.mark.parametrize("strength", [0, 7463, -1])
def test_category_rejects_unknown_strength(strength: int) -> None:
    with pytest.raises(ValueError, match="outside 1-7462"):
        category(strength)
