"""Names of high hands in English and French, and the five cards that make them."""

from __future__ import annotations

import pytest
from evaluate_reference import cards, random_hands

from pokertd.evaluate import best_five, category, describe, high


@pytest.mark.parametrize(
    ("text", "english", "french"),
    [
        ("Ah Qd 9c 5s 3h", "high card, ace", "carte haute, as"),
        ("Kh Kd 9c 5s 3h", "pair of kings", "paire de rois"),
        ("Ah Ad 9c 5s 3h", "pair of aces", "paire d'as"),
        ("Kh Kd 5c 5s 9h", "two pair, kings and fives", "deux paires, rois et cinq"),
        ("Qh Qd Qc 5s 3h", "three of a kind, queens", "brelan de dames"),
        ("Ah 2d 3c 4s 5h", "straight, five high", "quinte, au cinq"),
        ("9h Td Jc Qs Kh", "straight, king high", "quinte, au roi"),
        ("Th Jd Qc Ks Ah", "straight, ace high", "quinte, à l'as"),
        ("8h 9d Tc Js Qh", "straight, queen high", "quinte, à la dame"),
        ("Ah 9h 7h 5h 3h", "flush, ace high", "couleur, as"),
        ("Kh Kd Kc 5s 5h", "full house, kings full of fives", "full aux rois par les cinq"),
        ("Ah Ad Ac As 5h", "four of a kind, aces", "carré d'as"),
        ("8h 8d 8c 8s 5h", "four of a kind, eights", "carré de huit"),
        ("5s 6s 7s 8s 9s", "straight flush, nine high", "quinte flush, au neuf"),
        ("Ts Js Qs Ks As", "royal flush", "quinte flush royale"),
    ],
)
def test_describe(text: str, english: str, french: str) -> None:
    strength = high(cards(text))
    assert describe(strength) == english
    assert describe(strength, lang="en") == english
    assert describe(strength, lang="fr") == french


def test_every_strength_has_a_name() -> None:
    for strength in range(1, 7463):
        assert describe(strength)
        assert describe(strength, "fr")


def test_describe_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="outside 1-7462"):
        describe(7463)
    with pytest.raises(ValueError, match="language"):
        describe(1, lang="de")


def test_best_five_reads_in_order() -> None:
    assert best_five(cards("5c Kd 2h Kh 5s 9c Ac")) == cards("Kh Kd 5s 5c Ac")
    assert best_five(cards("3d 9c 3h 9s 3c Kd Ks")) == cards("3h 3d 3c Ks Kd")
    assert best_five(cards("Ah 2d 3c 4s 5h 9c Kd")) == cards("5h 4s 3c 2d Ah")
    assert best_five(cards("Ah 9h 7h 5h 3h 2h Kc")) == cards("Ah 9h 7h 5h 3h")


def test_best_five_prefers_higher_suits_between_equal_hands() -> None:
    assert best_five(cards("Ah Ad Kc Ks Qd Qh 2c")) == cards("Ah Ad Ks Kc Qh")
    # The board plays for everyone: the five are the board in reading order.
    assert best_five(cards("As Ks Qs Js Ts 2c 2d")) == cards("As Ks Qs Js Ts")


def test_best_five_is_worth_the_whole_hand() -> None:
    for size in (5, 6, 7):
        for hand in random_hands(seed=40 + size, count=1_000, size=size):
            five = best_five(hand)
            assert len(set(five)) == 5
            assert set(five) <= set(hand)
            assert high(five) == high(hand)
            assert category(high(five)) == category(high(hand))


def test_best_five_wrong_count() -> None:
    with pytest.raises(ValueError, match="not 4"):
        best_five(cards("As Ks Qs Js"))
