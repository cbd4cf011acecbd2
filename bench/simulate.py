"""A 1,000-entrant tournament simulated to the end: its time, and hands per second.

DESIGN.md asks for under a minute on the reference machine. Run ``python bench/simulate.py
[--players N] [--seed S] [--bots tag|random|calling|mix]``. Nothing here asserts: timings
belong in benchmarks, never in tests.
"""

from __future__ import annotations

import argparse
import time

from pokertd.sim.run import Settings, simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="tag")
    args = parser.parse_args()
    start = time.perf_counter()
    result = simulate(Settings(players=args.players, seed=args.seed, bots=args.bots))
    elapsed = time.perf_counter() - start
    print(f"{args.players} players, bots {args.bots}, seed {args.seed}")
    print(f"  {elapsed:.2f} s for {result.hands:,} hands: {result.hands / elapsed:,.0f} hands/s")
    print(f"  {result.hours:.1f} hours of virtual play, {len(result.levels)} levels")
    checks = result.chips_conserved and result.money_balances and result.places_complete
    print(f"  checks (chips, money, places): {'pass' if checks else 'FAIL'}")


if __name__ == "__main__":
    main()
