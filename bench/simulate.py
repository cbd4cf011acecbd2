"""Tournaments simulated to the end at several sizes: the time per 1,000 players, and its slope.

DESIGN.md asks for 1,000 players in under 2 s and 10,000 in under a minute, the cost growing about
linearly with the field (issue 20). Each size is played once, by the same bots and seed; the
figure that matters is the time per 1,000 players at each size, and the slope: the largest size's
time per 1,000 players over the smallest's (1.0 is linear; a quadratic cost doubles it with each
doubling of the field). A bigger field plays more levels, so a slope a little above 1 is the game,
not the code.

Run ``python bench/simulate.py [--sizes 1000,5000] [--seed S] [--bots tag|random|calling|mix]``;
``--sizes 1000,5000,10000`` measures the 10,000-player field too (minutes on a busy machine).
Nothing here asserts: timings belong in benchmarks, never in tests.
"""

from __future__ import annotations

import argparse
import platform
import time

from pokertd.sim.run import Settings, SimulationResult, simulate

DEFAULT_SIZES = "1000,5000"


def measure(players: int, seed: int, bots: str) -> tuple[float, SimulationResult]:
    """Return the seconds a ``players`` tournament takes to play to the end, and its result."""
    start = time.perf_counter()
    result = simulate(Settings(players=players, seed=seed, bots=bots))
    return time.perf_counter() - start, result


def sizes_of(text: str) -> list[int]:
    """Return the field sizes of ``--sizes`` (``1000,5000``), smallest first."""
    sizes = sorted({int(size) for size in text.split(",") if size.strip()})
    if not sizes or sizes[0] < 2:
        raise SystemExit("--sizes: field sizes of at least 2 players, separated by commas")
    return sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default=DEFAULT_SIZES, help="field sizes, e.g. 1000,5000,10000")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="tag")
    args = parser.parse_args()
    per_thousand: list[float] = []
    print(f"bots {args.bots}, seed {args.seed}")
    for players in sizes_of(args.sizes):
        elapsed, result = measure(players, args.seed, args.bots)
        per_thousand.append(elapsed / players * 1000)
        checks = result.chips_conserved and result.money_balances and result.places_complete
        print(f"  {players:>6,} players: {elapsed:7.1f} s, {per_thousand[-1]:5.2f} s per 1,000 "
              f"players, {result.hands:,} hands ({result.hands / elapsed:,.0f}/s), "
              f"{len(result.levels)} levels, checks {'pass' if checks else 'FAIL'}")  # fmt: skip
    if len(per_thousand) > 1:
        print(f"  slope (largest field's time per 1,000 players / smallest's): "
              f"{per_thousand[-1] / per_thousand[0]:.2f}")  # fmt: skip
    print(f"  machine: {platform.processor() or platform.machine()}, Python "
          f"{platform.python_version()}")  # fmt: skip


if __name__ == "__main__":
    main()
