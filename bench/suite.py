"""``make bench``: every benchmark of pokertd in one run, printed as one table.

- engine: six-handed no-limit hold'em and seven-card stud hands per second against PokerKit 0.7.7
  (``bench/engine.py``);
- builds: the engine as pure Python and as the optional mypyc build (``make compiled``), each
  against PokerKit in processes of their own, medians of alternating rounds (``bench/builds.py``);
- phh: PHH hand histories read and replayed against PokerKit, the 2023 WSOP #43 hands and
  generated hands (``bench/phh.py``);
- evaluation: seven-card evaluations per second against phevaluator and eval7
  (``bench/evaluate.py``);
- simulation: 1,000-, 5,000- and 10,000-player tournaments played to the end by bots, the time per
  1,000 players and its slope (``bench/simulate.py``; targets 1,000 under 2 s, 10,000 under 60 s,
  cost linear in the field), and the smallest field again on the compiled build where there is
  one (the engine compiled, as the compiled wheel ships it), with its ratio to the pure run;
- open: what opening a 1,000-player event costs, read, decode, replay and memory, and a
  10,000-player event's load and command, from its snapshot and by the full replay
  (``bench/open_event.py``; targets 0.2 s and 1 s);
- web: bots playing online tables through the WebSocket API of a real server on loopback, action
  latency p50 and p99 (``bench/web_load.py``; target p99 under 50 ms at 100 tables);
- codec: stored tournament events read back and written, microseconds per event and ratios against
  the reader and writer before ``pokertd.codec`` (``bench/codec.py``);
- cli: how fast ``pokertd`` starts, ``--help`` and the replay of a small hand against ``python -c
  "import click"`` (``bench/cli_startup.py``; targets 2 and 3 times).

Ratios are measured in this same process and run; nothing here asserts. ``--quick`` runs smaller
sizes (for a check that every part works, not for figures).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import builds
import cli_startup
import codec
import engine
import evaluate
import open_event
import phh
import simulate as simulation
import web_load

Row = tuple[str, str, str]


def engine_rows(hands: int) -> list[Row]:
    """Return the engine's rows: hands per second and ratios against PokerKit."""
    ours, theirs = engine.rates(hands, max(hands // 20, 50))
    stud_ours, stud_theirs = engine.stud_rates(hands // 2, max(hands // 40, 25))
    return [
        ("engine", "NLHE 6-max hands/s, pokertd / PokerKit", f"{ours:,.0f} / {theirs:,.0f}"),
        ("engine", "NLHE ratio (target >= 50)", f"{ours / theirs:.1f}"),
        ("engine", "stud hands/s, pokertd / PokerKit", f"{stud_ours:,.0f} / {stud_theirs:,.0f}"),
        ("engine", "stud ratio", f"{stud_ours / stud_theirs:.1f}"),
    ]


def build_rows(hands: int, rounds: int) -> list[Row]:
    """Return the rows of the engine's two builds: hands per second and ratios to PokerKit."""
    return [("builds", label, value) for label, value in builds.measure(hands, rounds)]


def phh_rows(generated: int, rounds: int) -> list[Row]:
    """Return the PHH rows: hands read and replayed per second, and ratios to PokerKit."""
    return [("phh", label, value) for label, value in phh.measure(generated, rounds)]


def evaluation_rows(count: int) -> list[Row]:
    """Return the evaluator's rows."""
    rows: list[Row] = []
    for label, value in evaluate.measure(count):
        shown = f"{value:.2f}" if label.startswith("ratio") else f"{value:,.0f}"
        rows.append(("evaluate", label, shown))
    return rows


def simulation_rows(sizes: list[int]) -> list[Row]:
    """Return the simulation's rows: time and hands for a whole tournament at each size, the
    time per 1,000 players and the slope between the smallest and the largest field."""
    rows: list[Row] = []
    per_thousand: list[float] = []
    for players in sizes:
        took, result = simulation.measure(players, seed=1, bots="tag")
        per_thousand.append(took / players * 1000)
        checks = result.chips_conserved and result.money_balances and result.places_complete
        rows += [
            ("simulate", f"{players:,} players to the end, s (s per 1,000 players)",
             f"{took:.1f} ({per_thousand[-1]:.2f})"),
            ("simulate", "  hands played / hands per second; checks",
             f"{result.hands:,} / {result.hands / took:,.0f}; {'pass' if checks else 'FAIL'}"),
        ]  # fmt: skip
        if players == sizes[0]:
            rows.append(compiled_simulation_row(players, took))
    rows.append(("simulate", "slope, largest / smallest field (1.0 is linear)",
                 f"{per_thousand[-1] / per_thousand[0]:.2f}"))  # fmt: skip
    return rows


def compiled_simulation_row(players: int, pure: float) -> Row:
    """Return the row of a ``players`` tournament on the compiled build (``make compiled``), its
    time and the pure run's ``pure`` seconds over it, or say it is not built."""
    label = f"  compiled build: {players:,} players, s; pure / compiled"
    if not simulation.compiled_built():
        return ("simulate", label, "not built (make compiled needs a C compiler)")
    run = simulation.measure_compiled(players, seed=1, bots="tag")
    checks = "pass" if run.checks else "FAIL"
    return ("simulate", label, f"{run.seconds:.1f}; {pure / run.seconds:.2f}; checks {checks}")


def open_event_rows(players: int, *, parts: bool = True) -> list[Row]:
    """Return the rows of opening a ``players`` event: read, decode, replay (with ``parts``),
    load, memory."""
    found = open_event.rows(open_event.measure(players, 3, parts=parts))
    return [("open", f"{players:,} players: {label}", value) for label, value in found]


def web_rows(tables: int, hands: int, think: float) -> list[Row]:
    """Return the web app's rows: action latency of bots over WebSockets, bots acting at once
    (the server's throughput) and bots taking about ``think`` ms to decide, as people do."""
    rows: list[Row] = []
    for pause, label in ((0.0, "bots acting at once"), (think, f"bots thinking ~{think:g} ms")):
        found = web_load.measure(tables=tables, hands=hands, think=pause)
        rows += [
            ("web", f"{found['tables']:.0f} tables, {found['clients']:.0f} clients, {label}",
             f"{found['actions']:.0f} actions, {found['errors']:.0f} errors, "
             f"{found['actions_per_s']:,.0f}/s"),
            ("web", "  latency p50 / p99 ms (target p99 < 50)",
             f"{found['p50_ms']:.1f} / {found['p99_ms']:.1f}"),
        ]  # fmt: skip
    return rows


def codec_rows(players: int) -> list[Row]:
    """Return the JSON codec's rows: the events of a ``players`` tournament read back from JSON
    and written, against the reader and writer it replaced (ratio above 1: the codec is faster)."""
    return [("codec", label, value) for label, value in codec.rows(codec.measure(players, 30))]


def cli_rows(runs: int) -> list[Row]:
    """Return the command line's rows: each command's median time and its ratio to ``python -c
    "import click"``, both whole processes timed in turn."""
    (reference, click_ms, _, _), *rows = cli_startup.measure(runs)
    found = [("cli", f"{reference}, ms", f"{click_ms:.0f}")]
    for label, milliseconds, wall, _ in rows:
        found.append(("cli", f"{label}: ratio, ms", f"{wall:.2f}, {milliseconds:.0f}"))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, to check it runs")
    quick = parser.parse_args().quick
    print(f"machine: {web_load.machine()}", flush=True)
    rows = [
        *engine_rows(600 if quick else 6000),
        *build_rows(300 if quick else 3000, 1 if quick else 5),
        *phh_rows(20 if quick else 200, 1 if quick else 5),
        *evaluation_rows(20_000 if quick else 200_000),
        *simulation_rows([100, 300] if quick else [1000, 5000, 10_000]),
        *open_event_rows(50 if quick else 1000),
        *open_event_rows(100 if quick else 10_000, parts=False),
        *web_rows(5 if quick else 100, 1 if quick else 2, 200 if quick else 2000),
        *codec_rows(20 if quick else 100),
        *cli_rows(5 if quick else 15),
    ]
    widths = [max(len(row[column]) for row in rows) for column in range(3)]
    print(f"{'part':<{widths[0]}}  {'measure':<{widths[1]}}  value")
    for part, label, value in rows:
        print(f"{part:<{widths[0]}}  {label:<{widths[1]}}  {value}")


if __name__ == "__main__":
    main()
