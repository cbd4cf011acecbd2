"""A structure report from simulated runs: a summary table, three plots and an HTML page.

``summarize(results)`` gives the figures a director reads (duration, hands, bubble and final
table, min / median / max over the runs); ``report_files(results)`` returns the files of the
report as bytes by file name (``players.png``, ``stacks.png``, ``durations.png``,
``index.html``), for the caller to write: nothing here touches the disk. The plots need
matplotlib (``pip install matplotlib``); without it ``report_files`` raises ParseError.

>>> from pokertd.sim.run import Settings, simulate
>>> summary = summarize([simulate(Settings(players=10, seed=s, template="turbo")) for s in (1, 2)])
>>> summary["runs"], summary["players"], sorted(summary["hours"])
(2, 10, ['max', 'median', 'min'])
"""

from __future__ import annotations

import io
import statistics
from collections.abc import Sequence
from typing import Any

import jinja2

from pokertd.errors import ParseError
from pokertd.sim.run import SimulationResult

__all__ = ["PLOTS", "report_files", "summarize"]

#: The plots of a report, by file name.
PLOTS = ("players.png", "stacks.png", "durations.png")


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


_TEXT = {
    "en": {
        "title": "Structure report",
        "runs": "runs",
        "players": "players",
        "structure": "structure",
        "profile": "profile",
        "pace": "hands per hour per table",
        "bots": "bots",
        "paid": "paid places",
        "hours": "duration (hours)",
        "hands": "hands",
        "levels": "levels played",
        "bubble_hours": "bubble (hours)",
        "bubble_level": "bubble (level)",
        "final_table_hours": "final table (hours)",
        "checks": "chips, money and places checked",
        "yes": "yes",
        "no": "NO",
        "figure": "figure",
        "min": "min",
        "median": "median",
        "max": "max",
        "players_plot": "Players left over time",
        "stacks_plot": "Average stack in big blinds over time",
        "durations_plot": "Duration across runs",
        "hours_axis": "hours",
        "players_axis": "players left",
        "bb_axis": "average stack (big blinds)",
        "runs_axis": "runs",
    },
    "fr": {
        "title": "Rapport de structure",
        "runs": "simulations",
        "players": "joueurs",
        "structure": "structure",
        "profile": "profil",
        "pace": "mains par heure et par table",
        "bots": "bots",
        "paid": "places payées",
        "hours": "durée (heures)",
        "hands": "mains",
        "levels": "niveaux joués",
        "bubble_hours": "bulle (heures)",
        "bubble_level": "bulle (niveau)",
        "final_table_hours": "table finale (heures)",
        "checks": "jetons, argent et places vérifiés",
        "yes": "oui",
        "no": "NON",
        "figure": "mesure",
        "min": "min",
        "median": "médiane",
        "max": "max",
        "players_plot": "Joueurs restants au fil du temps",
        "stacks_plot": "Tapis moyen en grosses blindes au fil du temps",
        "durations_plot": "Durée selon les simulations",
        "hours_axis": "heures",
        "players_axis": "joueurs restants",
        "bb_axis": "tapis moyen (grosses blindes)",
        "runs_axis": "simulations",
    },
}

_PAGE = jinja2.Template(
    """<!doctype html>
<html lang="{{ lang }}">
<head>
<meta charset="utf-8">
<title>{{ t.title }}: {{ s.structure }}, {{ s.players }} {{ t.players }}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; }
table { border-collapse: collapse; margin-bottom: 2em; }
th, td { border: 1px solid #ccc; padding: .3em .8em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
img { max-width: 100%; display: block; margin-bottom: 2em; }
</style>
</head>
<body>
<h1>{{ t.title }}: {{ s.structure }}, {{ s.players }} {{ t.players }}</h1>
<p>{{ s.runs }} {{ t.runs }} &middot; {{ t.profile }} {{ s.profile }} &middot;
{{ s.table_size }}-max &middot; {{ s.pace }} {{ t.pace }} &middot; {{ t.bots }} {{ s.bots }}
&middot; {{ s.paid }} {{ t.paid }} &middot; {{ t.checks }}:
{{ t.yes if s.all_checks_pass else t.no }}</p>
<table>
<tr><th>{{ t.figure }}</th><th>{{ t.min }}</th><th>{{ t.median }}</th><th>{{ t.max }}</th></tr>
{% for key in keys %}{% if s[key] %}
<tr><td>{{ t[key] }}</td><td>{{ s[key].min }}</td><td>{{ s[key].median }}</td>
<td>{{ s[key].max }}</td></tr>
{% endif %}{% endfor %}
</table>
<h2>{{ t.players_plot }}</h2>
<p><a href="players.png"><img src="players.png" alt="{{ t.players_plot }}"></a></p>
<h2>{{ t.stacks_plot }}</h2>
<p><a href="stacks.png"><img src="stacks.png" alt="{{ t.stacks_plot }}"></a></p>
<h2>{{ t.durations_plot }}</h2>
<p><a href="durations.png"><img src="durations.png" alt="{{ t.durations_plot }}"></a></p>
</body>
</html>
""",
    autoescape=True,
)
_KEYS = ("hours", "hands", "levels", "bubble_hours", "bubble_level", "final_table_hours")


def report_files(results: Sequence[SimulationResult], *, lang: str = "en") -> dict[str, bytes]:
    """Return the report's files (three PNG plots and ``index.html``) by file name.

    Raises ParseError when there is no run, for a language other than en or fr, or when
    matplotlib is not installed.
    """
    if lang not in _TEXT:
        raise ParseError(f"the report is in en or fr, not {lang!r}")
    summary = summarize(results)
    text = _TEXT[lang]
    try:
        import matplotlib

        matplotlib.use("Agg")
        from matplotlib import pyplot
    except ImportError:
        raise ParseError(
            "the report's plots need matplotlib: pip install matplotlib",
            fr="les graphiques du rapport demandent matplotlib : pip install matplotlib",
        ) from None
    files: dict[str, bytes] = {}

    def save(name: str, figure: Any) -> None:
        buffer = io.BytesIO()
        figure.tight_layout()
        figure.savefig(buffer, format="png", dpi=100)
        pyplot.close(figure)
        files[name] = buffer.getvalue()

    alpha = max(0.15, 1 / len(results) ** 0.5)
    figure, axes = pyplot.subplots(figsize=(8, 4.5))
    for result in results:
        hours = [0.0, *(sample.seconds / 3600 for sample in result.timeline)]
        axes.plot(hours, [result.players, *(s.players for s in result.timeline)], alpha=alpha)
    axes.axhline(summary["paid"], color="grey", linestyle="--", linewidth=1)
    axes.set_xlabel(text["hours_axis"])
    axes.set_ylabel(text["players_axis"])
    axes.set_title(text["players_plot"])
    save("players.png", figure)

    figure, axes = pyplot.subplots(figsize=(8, 4.5))
    for result in results:
        hours = [sample.seconds / 3600 for sample in result.timeline]
        axes.plot(hours, [s.average_big_blinds for s in result.timeline], alpha=alpha)
    axes.set_yscale("log")
    axes.set_xlabel(text["hours_axis"])
    axes.set_ylabel(text["bb_axis"])
    axes.set_title(text["stacks_plot"])
    save("stacks.png", figure)

    figure, axes = pyplot.subplots(figsize=(8, 4.5))
    axes.hist([result.hours for result in results], bins=min(20, max(5, len(results))))
    axes.set_xlabel(text["hours_axis"])
    axes.set_ylabel(text["runs_axis"])
    axes.set_title(text["durations_plot"])
    save("durations.png", figure)

    page = _PAGE.render(lang=lang, t=text, s=summary, keys=_KEYS)
    files["index.html"] = page.encode("utf-8")
    return files
