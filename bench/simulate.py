"""Tournaments simulated to the end at several sizes: the time per 1,000 players, and its slope.

DESIGN.md asks for 1,000 players in under 2 s and 10,000 in under a minute, the cost growing about
linearly with the field (issue 20). Each size is played once, by the same bots and seed; the
figure that matters is the time per 1,000 players at each size, and the slope: the largest size's
time per 1,000 players over the smallest's (1.0 is linear; a quadratic cost doubles it with each
doubling of the field). A bigger field plays more levels, so a slope a little above 1 is the game,
not the code.

The same tournaments are then played on the compiled build where ``make compiled`` made one (the
engine's hot modules compiled by mypyc, as ``make wheel-compiled`` ships them: what a user who
installs that wheel gets), in a process of its own with ``build/compiled`` first on its path, as
``bench/builds.py`` runs the compiled engine; the row gives its time beside the pure run's and
the ratio pure / compiled. ``make compiled`` copies the sources afresh, simulation included:
run it after a change, or the compiled row measures the code of the last copy.

Run ``python bench/simulate.py [--sizes 1000,5000] [--seed S] [--bots tag|random|calling|mix]``;
``--sizes 1000,5000,10000`` measures the 10,000-player field too (minutes on a busy machine);
``--pure`` leaves the compiled build out. Nothing here asserts: timings belong in benchmarks,
never in tests.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from pokertd.sim.run import Settings, SimulationResult, simulate

DEFAULT_SIZES = "1000,5000"
ROOT = Path(__file__).resolve().parents[1]
#: The compiled build ``make compiled`` makes (``bench/builds.py`` measures its engine).
COMPILED = ROOT / "build" / "compiled"

#: Run in the compiled build's process: one tournament, and the engine module it ran on.
_IN_COMPILED = """
import json, sys
sys.path.insert(0, {bench!r})
import simulate
import pokertd.engine.hand as hand
simulate.warm_up({seed}, {bots!r})
took, result = simulate.measure({players}, {seed}, {bots!r})
print(json.dumps({{"module": hand.__file__, "seconds": took, "hands": result.hands,
                  "checks": result.chips_conserved and result.money_balances
                  and result.places_complete}}))
"""


@dataclass(frozen=True, slots=True)
class CompiledRun:
    """A tournament played on the compiled build: its seconds, hands and checks."""

    seconds: float
    hands: int
    checks: bool


def measure(players: int, seed: int, bots: str) -> tuple[float, SimulationResult]:
    """Return the seconds a ``players`` tournament takes to play to the end, and its result."""
    start = time.perf_counter()
    result = simulate(Settings(players=players, seed=seed, bots=bots))
    return time.perf_counter() - start, result


def warm_up(seed: int, bots: str) -> None:
    """Play a small tournament first, so that what a process does once (the rule book read, the
    evaluator's tables built) is not counted in the first field measured: the compiled run's
    process is a new one, where ``make bench``'s pure run follows other benchmarks."""
    simulate(Settings(players=20, seed=seed, bots=bots))


def compiled_built() -> bool:
    """Return whether ``make compiled`` made the compiled build (a C compiler is needed)."""
    return any(COMPILED.glob("pokertd/engine/hand.*.so"))


def measure_compiled(players: int, seed: int, bots: str) -> CompiledRun:
    """Return a ``players`` tournament played to the end on the compiled build, in a process of
    its own (the two builds cannot share one: the same module names); raise AssertionError if
    that process ran the pure engine."""
    code = _IN_COMPILED.format(bench=str(ROOT / "bench"), players=players, seed=seed, bots=bots)
    environment = {**os.environ, "PYTHONPATH": str(COMPILED)}
    output = subprocess.run(
        [sys.executable, "-c", code], env=environment, capture_output=True, text=True, check=True
    ).stdout
    found = json.loads(output)
    if str(found["module"]).endswith(".py"):
        raise AssertionError(f"the compiled run played on {found['module']}")
    return CompiledRun(float(found["seconds"]), int(found["hands"]), bool(found["checks"]))


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
    parser.add_argument("--pure", action="store_true", help="leave the compiled build out")
    args = parser.parse_args()
    per_thousand: list[float] = []
    compiled = not args.pure and compiled_built()
    print(f"bots {args.bots}, seed {args.seed}")
    warm_up(args.seed, args.bots)
    for players in sizes_of(args.sizes):
        elapsed, result = measure(players, args.seed, args.bots)
        per_thousand.append(elapsed / players * 1000)
        checks = result.chips_conserved and result.money_balances and result.places_complete
        print(f"  {players:>6,} players: {elapsed:7.1f} s, {per_thousand[-1]:5.2f} s per 1,000 "
              f"players, {result.hands:,} hands ({result.hands / elapsed:,.0f}/s), "
              f"{len(result.levels)} levels, checks {'pass' if checks else 'FAIL'}")  # fmt: skip
        if compiled:
            other = measure_compiled(players, args.seed, args.bots)
            same = "same hands" if other.hands == result.hands else "OTHER HANDS"
            print(f"  {'compiled':>14}: {other.seconds:7.1f} s, pure / compiled "
                  f"{elapsed / other.seconds:.2f}, {same}, "
                  f"checks {'pass' if other.checks else 'FAIL'}")  # fmt: skip
    if len(per_thousand) > 1:
        print(f"  slope (largest field's time per 1,000 players / smallest's): "
              f"{per_thousand[-1] / per_thousand[0]:.2f}")  # fmt: skip
    if not args.pure and not compiled:
        print("  compiled build: not built (make compiled needs a C compiler)")
    print(f"  machine: {platform.processor() or platform.machine()}, Python "
          f"{platform.python_version()}")  # fmt: skip


if __name__ == "__main__":
    main()
