"""The figures of a structure report from simulated runs: ``summarize(results)`` gives what a
director reads (duration, hands, bubble and final table, min / median / max over the runs).
``pokertd.present.sim_report`` shows them to people: a summary table, three plots, an HTML page.

>>> from pokertd.sim.run import Settings, simulate
>>> summary = summarize([simulate(Settings(players=10, seed=s, template="turbo")) for s in (1, 2)])
>>> summary["runs"], summary["players"], sorted(summary["hours"])
(2, 10, ['max', 'median', 'min'])
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any

from pokertd.errors import ParseError
from pokertd.sim.run import SimulationResult

__all__ = ["summarize"]


def _spread(values: Sequence[float]) -> dict[str, float]:
    return {
        "min": round(min(values), 2),
        "median": round(statistics.median(values), 2),
        "max": round(max(values), 2),
    }


def summarize(results: Sequence[SimulationResult]) -> dict[str, Any]:
    """Return the figures of a set of runs of one structure: each as min / median / max.

    Raises ParseError when there is no run.
    """
    if not results:
        raise ParseError("there is no run to summarize")
    first = results[0]
    bubbles = [r.bubble.seconds / 3600 for r in results if r.bubble is not None]
    finals = [r.final_table.seconds / 3600 for r in results if r.final_table is not None]
    bubble_levels = [float(r.bubble.level) for r in results if r.bubble and r.bubble.level]
    return {
        "runs": len(results),
        "players": first.players,
        "structure": first.structure,
        "profile": first.profile,
        "table_size": first.table_size,
        "pace": first.pace,
        "bots": first.bots,
        "paid": first.paid,
        "hours": _spread([r.hours for r in results]),
        "hands": _spread([float(r.hands) for r in results]),
        "levels": _spread([float(len(r.levels)) for r in results]),
        "bubble_hours": _spread(bubbles) if bubbles else None,
        "bubble_level": _spread(bubble_levels) if bubble_levels else None,
        "final_table_hours": _spread(finals) if finals else None,
        "all_checks_pass": all(
            r.chips_conserved and r.money_balances and r.places_complete for r in results
        ),
    }
