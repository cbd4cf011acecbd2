"""``high_batch`` and ``HandSums`` give exactly ``high``'s values, equity with them ``_shares``'."""

from __future__ import annotations

import random

import numpy as np
import numpy.typing as npt
import pytest
from evaluate_reference import cards
from hypothesis import given
from hypothesis import strategies as st

from pokertd.cards.card import ALL_CARDS, Card
from pokertd.evaluate import high
from pokertd.evaluate.batch import HandSums, high_batch
from pokertd.evaluate.equity import _holdem_high, _holdem_shares, _shares


def _scalar(rows: list[list[int]]) -> list[int]:
    card = ALL_CARDS.__getitem__
    return [high(tuple(map(card, row))) for row in rows]


def _random_rows(seed: int, count: int, size: int) -> np.ndarray:
    """Return ``count`` rows of ``size`` distinct card codes (the first of a random order)."""
    order = np.random.default_rng(seed).random((count, 52)).argpartition(size, axis=1)
    return np.ascontiguousarray(order[:, :size])


def test_two_hundred_thousand_seven_card_hands() -> None:
    rows = _random_rows(200_000, 200_000, 7)
    values = high_batch(rows)
    assert values.shape == (200_000,)
    mismatches = np.flatnonzero(values != np.array(_scalar(rows.tolist())))
    assert not len(mismatches), rows[mismatches[:5]].tolist()


@pytest.mark.parametrize("size", [5, 6])
def test_five_and_six_card_hands(size: int) -> None:
    rows = _random_rows(size, 50_000, size)
    assert high_batch(rows).tolist() == _scalar(rows.tolist())


def test_every_straight_flush_and_flush_of_seven_cards() -> None:
    # The flush path reads the rank mask of the one suit holding five cards: each suit, with the
    # other two cards on other suits or on the same suit.
    rng = random.Random(7)
    rows = []
    for suit in range(4):
        for top in range(3, 13):  # the wheel (top card five) to the royal flush
            ranks = [12, 0, 1, 2, 3] if top == 3 else list(range(top - 4, top + 1))
            suited = [rank * 4 + suit for rank in ranks]
            rest = [code for code in range(52) if code not in suited]
            rows += [suited + rng.sample(rest, 2) for _ in range(20)]
    assert high_batch(rows).tolist() == _scalar(rows)


@given(
    st.lists(
        st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True), min_size=1, max_size=50
    ),
    st.integers(5, 7),
)
def test_batch_equals_scalar(rows: list[list[int]], size: int) -> None:
    hands = [row[:size] for row in rows]
    assert high_batch(np.array(hands, dtype=np.int64)).tolist() == _scalar(hands)


@given(st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True), st.integers(0, 7))
def test_sums_of_parts_add_up(row: list[int], split: int) -> None:
    parts = HandSums.of([row[:split]]).plus(HandSums.of([row[split:]]))
    assert parts.values().tolist() == _scalar([row])


@pytest.mark.parametrize(
    ("codes", "error"),
    [
        ([[0, 1, 2, 3]], "5 to 7 cards, not 4"),
        ([list(range(8))], "5 to 7 cards, not 8"),
        ([[0, 1, 2, 3, 52]], "a card code is 0 to 51"),
        ([[-1, 1, 2, 3, 4]], "a card code is 0 to 51"),
        ([0, 1, 2, 3, 4], r"2-D array of card codes, not of shape \(5,\)"),
        ([[0.0, 1.0, 2.0, 3.0, 4.0]], "2-D array of card codes"),
    ],
)
def test_refused_hands(codes: npt.ArrayLike, error: str) -> None:
    with pytest.raises(ValueError, match=error):
        high_batch(codes)


@given(
    deal=st.lists(st.sampled_from(ALL_CARDS), min_size=4, max_size=15, unique=True),
    board_size=st.sampled_from([3, 4, 5]),
)
def test_holdem_shares_equal_the_scalar_count(deal: list[Card], board_size: int) -> None:
    board = deal[:board_size] if len(deal) - board_size >= 4 else []
    rest = deal[len(board) :]
    holes = [rest[i : i + 2] for i in range(0, len(rest) - 1, 2)]
    used = {card.code for card in deal}
    deck = [card.code for card in ALL_CARDS if card.code not in used]
    rng = random.Random(len(deal))
    extras = [rng.sample(deck, 5 - len(board)) for _ in range(300)]
    scalar = _shares(
        holes, board, [[ALL_CARDS[c] for c in extra] for extra in extras], _holdem_high
    )
    assert _holdem_shares(holes, board, extras) == scalar


def test_ten_way_tie_counts_exact_shares() -> None:
    # A royal flush on the board: every hand plays it, each gets a tenth of every pot.
    holes = [cards(f"{low}{suit} {top}{suit}") for low, top in ("23", "45", "67") for suit in "cdh"]
    holes.append(cards("8c 9c"))
    board = cards("As Ks Qs Js Ts")
    assert _holdem_shares(holes, board, [()]) == [0.1] * 10
