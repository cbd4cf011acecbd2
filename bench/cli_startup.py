"""How fast the ``pokertd`` command starts, as ratios to ``python -c "import click"``.

Each command runs as a whole process, the reference and the pokertd commands in turn (reference,
``pokertd --help``, ``pokertd replay`` of a small hand played to a showdown, ``pokertd tournament
status`` on a new event file, then again), after one warm-up run each. Each round gives each
command's time divided by the reference's time in that same round, so that a machine slowing
down or speeding up between rounds does not move the ratio; the figure is the median over the
rounds. Targets: ``--help`` at most 2, ``replay`` at most 3.

Every run reads compiled bytecode, as an installed package does (pip compiles it at install): the
runs get a bytecode folder of their own (``PYTHONPYCACHEPREFIX``), which the warm-up fills, even
where ``PYTHONDONTWRITEBYTECODE`` is set. Run ``python bench/cli_startup.py [--runs N]``. Nothing
here asserts: timings belong in benchmarks, never in tests.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HAND = ROOT / "tests" / "data" / "showdown_nt.phh"


def pokertd_command() -> list[str]:
    """Return how to run ``pokertd``: the console script beside this Python, else ``-m``."""
    script = Path(sys.executable).with_name("pokertd")
    return [str(script)] if script.exists() else [sys.executable, "-m", "pokertd"]


def _timed(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Run ``command`` to its end; return its wall and CPU (user + system) seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def measure(runs: int = 15) -> list[tuple[str, float, float, float]]:
    """Time the commands ``runs`` times each, in turn; return, for each pokertd command, its label,
    its median wall milliseconds, and its median ratios to the reference (wall, then CPU)."""
    with tempfile.TemporaryDirectory(prefix="pokertd-startup-") as folder:
        env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(Path(folder) / "bytecode")
        db = str(Path(folder) / "events.db")
        pokertd = pokertd_command()
        create = [*pokertd, "tournament", "create", "--title", "Bench", "--db", db]
        subprocess.run(create, env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        commands = {
            'python -c "import click"': [sys.executable, "-c", "import click"],
            "pokertd --help (target <= 2)": [*pokertd, "--help"],
            f"pokertd replay {HAND.name} (target <= 3)": [*pokertd, "replay", str(HAND)],
            "pokertd tournament status": [*pokertd, "tournament", "status", "--db", db],
        }
        for command in commands.values():  # the warm-up, which also writes the bytecode
            _timed(command, env)
        times: dict[str, list[tuple[float, float]]] = {label: [] for label in commands}
        for _ in range(runs):
            for label, command in commands.items():
                times[label].append(_timed(command, env))
        shutil.rmtree(Path(folder) / "bytecode", ignore_errors=True)
    reference, *labels = commands
    rows = [(reference, _median_ms(times[reference]), 1.0, 1.0)]
    for label in labels:
        pairs = list(zip(times[label], times[reference], strict=True))
        wall = statistics.median(ours[0] / theirs[0] for ours, theirs in pairs)
        cpu = statistics.median(ours[1] / max(theirs[1], 1e-6) for ours, theirs in pairs)
        rows.append((label, _median_ms(times[label]), wall, cpu))
    return rows


def _median_ms(times: list[tuple[float, float]]) -> float:
    return 1000 * statistics.median(wall for wall, _ in times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="counted runs of each command")
    rows = measure(parser.parse_args().runs)
    width = max(len(row[0]) for row in rows)
    print(f"{'command':<{width}}  {'median ms':>9}  {'ratio wall':>10}  {'ratio cpu':>9}")
    for label, milliseconds, wall, cpu in rows:
        print(f"{label:<{width}}  {milliseconds:>9.0f}  {wall:>10.2f}  {cpu:>9.2f}")


if __name__ == "__main__":
    main()
