"""Seven-card evaluation speed: pokertd ``evaluate.high`` against phevaluator and eval7.

All run in the same process on the same random hands: pokertd on ``Card`` objects, phevaluator
on its integer cards, eval7 on its ``Card`` objects (``eval7.evaluate``), and pokertd's
``high_batch`` on the whole array of their codes at once. Then hold'em equity: the same sampled
boards counted by the batch (``equity``'s way) and one hand at a time with ``high`` (the way it
was). The timings take turns in each round (five for evaluation, three for equity), and each figure
is the best of its rounds. Run ``python bench/evaluate.py``.
"""

from __future__ import annotations

import random

import eval7
import numpy as np
from phevaluator import evaluate_cards

from codec import best_of_each
from pokertd.cards.card import ALL_CARDS, Card
from pokertd.evaluate import high
from pokertd.evaluate.batch import high_batch
from pokertd.evaluate.equity import _holdem_high, _holdem_shares, _shares


def measure(count: int = 200_000, seed: int = 1) -> list[tuple[str, float]]:
    """Time ``count`` random seven-card hands in both evaluators; return (label, figure) rows."""
    rng = random.Random(seed)
    codes = [rng.sample(range(52), 7) for _ in range(count)]
    hands = [[ALL_CARDS[code] for code in hand] for hand in codes]

    def run_pokertd() -> None:
        for hand in hands:
            high(hand)

    def run_phevaluator() -> None:
        for hand_codes in codes:
            evaluate_cards(*hand_codes)

    seven = [[eval7.Card(str(ALL_CARDS[code])) for code in hand] for hand in codes]

    def run_eval7() -> None:
        for hand in seven:
            eval7.evaluate(hand)

    array = np.array(codes, dtype=np.int8)
    if high_batch(array).tolist() != [high(hand) for hand in hands]:
        raise AssertionError("high_batch and high disagree")
    times = best_of_each(5, run_pokertd, run_phevaluator, run_eval7, lambda: high_batch(array))
    ours, theirs, eval7_rate, batch = (count / took for took in times)
    return [
        ("pokertd evaluate.high, 7 cards", ours),
        ("phevaluator evaluate_cards", theirs),
        ("ratio pokertd / phevaluator", ours / theirs),
        ("eval7 0.1.11 evaluate", eval7_rate),
        ("ratio pokertd / eval7", ours / eval7_rate),
        ("pokertd high_batch, 7 cards (target >= 10M)", batch),
        ("ratio high_batch / eval7", batch / eval7_rate),
        *equity_rows(seed),
    ]


def equity_rows(seed: int, boards: int = 20_000) -> list[tuple[str, float]]:
    """Time three-way pre-flop equity over ``boards`` sampled boards: the batch, then ``high``."""
    holes = [[Card.parse(text) for text in hole.split()] for hole in ("As Kd", "Qh Qc", "7s 6s")]
    used = {card.code for hole in holes for card in hole}
    deck = [code for code in range(52) if code not in used]
    rng = random.Random(seed)
    extras = [rng.sample(deck, 5) for _ in range(boards)]
    cards = [[ALL_CARDS[code] for code in extra] for extra in extras]
    if _holdem_shares(holes, [], extras) != _shares(holes, [], cards, _holdem_high):
        raise AssertionError("the batch and the scalar equity disagree")
    times = best_of_each(
        3,
        lambda: _holdem_shares(holes, [], extras),
        lambda: _shares(holes, [], cards, _holdem_high),
    )
    batch, scalar = (boards / took for took in times)
    return [
        ("equity, 3 hands, boards/s: batch", batch),
        ("equity, 3 hands, boards/s: one at a time", scalar),
        ("ratio equity batch / one at a time", batch / scalar),
    ]


if __name__ == "__main__":
    rows = measure()
    width = max(len(label) for label, _ in rows)
    print(f"{'benchmark':<{width}}  {'evals/s or ratio':>16}")
    for label, figure in rows:
        text = f"{figure:.2f}" if label.startswith("ratio") else f"{figure:,.0f}"
        print(f"{label:<{width}}  {text:>16}")
