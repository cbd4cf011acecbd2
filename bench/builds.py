"""The engine as pure Python and as the optional mypyc build, each against PokerKit in the same run.

Each build runs in a process of its own (the two cannot share one: the same module names), the
pure one from ``src``, the compiled one from ``build/compiled`` (``make compiled``). Rounds
alternate: in each, each build plays ``bench/engine.py``'s six-handed no-limit hold'em hands and
PokerKit's, and its ratio to PokerKit is taken in that process, a few seconds apart, so that a
busy machine slows both sides of a ratio. The rows are the medians over the rounds: hands per
second, the ratio to PokerKit of each build, and compiled over pure.

Run ``python bench/builds.py [--hands 3000] [--rounds 5]``; ``make bench`` prints its rows.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILDS = {"pure Python": ROOT / "src", "compiled (mypyc)": ROOT / "build" / "compiled"}

#: Run in each build's process: one round of ``engine.rates``, which checks its own import.
_ROUND = """
import json, sys
sys.path.insert(0, {bench!r})
import engine
import pokertd.engine.hand as hand
ours, theirs = engine.rates({hands}, {their_hands}, runs=1)
stud_ours, stud_theirs = engine.stud_rates({hands} // 2, {their_hands} // 2, runs=1)
print(json.dumps({{"module": hand.__file__, "nlhe": [ours, theirs],
                  "stud": [stud_ours, stud_theirs]}}))
"""


def available() -> dict[str, Path]:
    """Return the builds there are: the compiled one only once ``make compiled`` made it."""
    return {
        name: path
        for name, path in BUILDS.items()
        if name == "pure Python" or any(path.glob("pokertd/engine/hand.*.so"))
    }


def one_round(path: Path, hands: int) -> dict[str, list[float]]:
    """Return one round's hands per second (pokertd, PokerKit) of the build at ``path``."""
    code = _ROUND.format(bench=str(ROOT / "bench"), hands=hands, their_hands=max(hands // 20, 50))
    environment = {**os.environ, "PYTHONPATH": str(path)}
    output = subprocess.run(
        [sys.executable, "-c", code], env=environment, capture_output=True, text=True, check=True
    ).stdout
    found: dict[str, object] = json.loads(output)
    module = str(found["module"])
    if module.endswith(".py") != (path == BUILDS["pure Python"]):  # the build it names
        raise AssertionError(f"{path} ran the engine from {module}")
    return {game: list(found[game]) for game in ("nlhe", "stud")}  # type: ignore[call-overload]


def measure(hands: int = 3000, rounds: int = 5) -> list[tuple[str, str]]:
    """Return (label, value) rows: each build's median hands per second and ratio to PokerKit,
    and the compiled build's median speed-up over the pure one (when it is built)."""
    builds = available()
    found: dict[str, dict[str, list[list[float]]]] = {
        name: {"nlhe": [], "stud": []} for name in builds
    }
    for _ in range(rounds):
        for name, path in builds.items():
            for game, rates in one_round(path, hands).items():
                found[name][game].append(rates)
    rows = []
    for name, games in found.items():
        for game, label in (("nlhe", "NLHE"), ("stud", "stud")):
            ours = statistics.median(rate[0] for rate in games[game])
            ratio = statistics.median(rate[0] / rate[1] for rate in games[game])
            target = " (target >= 100)" if game == "nlhe" else ""
            rows.append((f"{name}, {label}: hands/s, ratio to PokerKit{target}",
                         f"{ours:,.0f}, {ratio:.1f}"))  # fmt: skip
    if len(builds) == 2:
        pure, compiled = (found[name]["nlhe"] for name in builds)
        speed_up = statistics.median(c[0] / p[0] for p, c in zip(pure, compiled, strict=True))
        rows.append(("compiled / pure Python, NLHE hands/s", f"{speed_up:.2f}"))
    else:
        rows.append(("compiled (mypyc)", "not built (make compiled needs a C compiler)"))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=3000, help="pokertd hands per round")
    parser.add_argument("--rounds", type=int, default=5)
    arguments = parser.parse_args()
    for label, value in measure(arguments.hands, arguments.rounds):
        print(f"{label:<66} {value}")


if __name__ == "__main__":
    main()
