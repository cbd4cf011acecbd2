"""Seven-card evaluation speed: pokertd ``evaluate.high`` against phevaluator and eval7.

All run in the same process on the same random hands: pokertd on ``Card`` objects, phevaluator
on its integer cards, eval7 on its ``Card`` objects (``eval7.evaluate``). Each figure is the best
of three runs. Run ``python bench/evaluate.py``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import eval7
from phevaluator import evaluate_cards

from pokertd.cards.card import ALL_CARDS
from pokertd.evaluate import high


def _best_rate(run: Callable[[], object], count: int) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return count / best


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

    ours = _best_rate(run_pokertd, count)
    theirs = _best_rate(run_phevaluator, count)
    eval7_rate = _best_rate(run_eval7, count)
    return [
        ("pokertd evaluate.high, 7 cards", ours),
        ("phevaluator evaluate_cards", theirs),
        ("ratio pokertd / phevaluator", ours / theirs),
        ("eval7 0.1.11 evaluate", eval7_rate),
        ("ratio pokertd / eval7", ours / eval7_rate),
    ]


if __name__ == "__main__":
    rows = measure()
    width = max(len(label) for label, _ in rows)
    print(f"{'benchmark':<{width}}  {'evals/s or ratio':>16}")
    for label, figure in rows:
        text = f"{figure:.2f}" if label.startswith("ratio") else f"{figure:,.0f}"
        print(f"{label:<{width}}  {text:>16}")
