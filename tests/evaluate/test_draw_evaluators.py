"""Deuce-to-seven lows, badugi and short-deck hands: one total order each, the same as PokerKit's
(``StandardLowHand``, ``BadugiHand``, ``ShortDeckHoldemHand``; a test-only dependency)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations

import pytest

from pokertd.cards import Card, parse_cards
from pokertd.cards.card import ALL_CARDS
from pokertd.evaluate import (
    badugi,
    describe_badugi,
    describe_deuce_to_seven,
    deuce_to_seven,
    short_deck_high,
)
from pokertd.evaluate.badugi import badugi_size
from pokertd.evaluate.short_deck import SHORT_DECK

pokerkit = pytest.importorskip("pokerkit")


def cards(text: str) -> list[Card]:
    return [card for card in parse_cards(text) if card is not None]


def sign(value: int) -> int:
    return (value > 0) - (value < 0)


def same_order(
    ours: Callable[[Sequence[Card]], int],
    theirs: Callable[[str], object],
    deck: Sequence[Card],
    size: int,
    seed: int,
) -> None:
    rng = random.Random(seed)
    for _ in range(3_000):
        first, second = rng.sample(list(deck), size), rng.sample(list(deck), size)
        a, b = ours(first), ours(second)
        x = theirs("".join(map(str, first)))
        y = theirs("".join(map(str, second)))
        assert sign(a - b) == ((x > y) - (x < y)), (first, second)  # type: ignore[operator]


def test_deuce_to_seven_is_ordered_as_pokerkit_orders_it() -> None:
    same_order(deuce_to_seven, pokerkit.StandardLowHand, ALL_CARDS, 5, seed=1)


def test_badugi_is_ordered_as_pokerkit_orders_it() -> None:
    def theirs(text: str) -> object:
        return pokerkit.BadugiHand.from_game(text)

    same_order(badugi, theirs, ALL_CARDS, 4, seed=2)


@pytest.mark.parametrize("size", [5, 7])
def test_short_deck_is_ordered_as_pokerkit_orders_it(size: int) -> None:
    def theirs(text: str) -> object:
        return pokerkit.ShortDeckHoldemHand.from_game(text)

    same_order(short_deck_high, theirs, SHORT_DECK, size, seed=size)


def test_deuce_to_seven_values_are_one_total_order() -> None:
    every = {deuce_to_seven(five) for five in combinations(ALL_CARDS[:24], 5)}
    assert min(every) >= 1
    assert max(every) <= 7462
    assert deuce_to_seven(cards("7h 5d 4c 3s 2h")) == 7462  # number one
    assert deuce_to_seven(cards("As Ks Qs Js Ts")) == 1
    assert describe_deuce_to_seven(deuce_to_seven(cards("8h 6d 5c 3s 2h"))) == "8-6-5-3-2"
    assert describe_deuce_to_seven(deuce_to_seven(cards("Kh Kd 5c 3s 2h"))) == "pair of kings"


def test_badugi_values_are_one_total_order() -> None:
    assert {badugi(four) for four in combinations(ALL_CARDS, 4)} == set(range(1, 1093))
    assert badugi_size(badugi(cards("Ks Qs Js Ts"))) == 1
    assert describe_badugi(badugi(cards("Kd Ks 2s 3h"))) == "K-3-2"  # Kd, 3h and 2s play
    assert describe_badugi(badugi(cards("As Ad 2c 3h"))) == "3-2-A"
