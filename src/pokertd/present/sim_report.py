"""The structure report of simulated runs, for people: three plots and an HTML page, in English
or in French (their words come from the one catalogue, ``pokertd.present.i18n``).

``report_files(results)`` returns the files of the report as bytes by file name
(``players.png``, ``stacks.png``, ``durations.png``, ``index.html``), for the caller to write:
nothing here touches the disk. The figures are ``pokertd.sim.report.summarize``'s. The plots need
matplotlib (``pip install matplotlib``); without it ``report_files`` raises ParseError.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

import jinja2

from pokertd.errors import ParseError
from pokertd.messages import message
from pokertd.present.i18n import LANGUAGES, render
from pokertd.sim.report import summarize
from pokertd.sim.run import SimulationResult

__all__ = ["PLOTS", "report_files"]

#: The plots of a report, by file name.
PLOTS = ("players.png", "stacks.png", "durations.png")

#: The words of the report, by the name the page and the plots use.
_LABELS = {
    "title": message("Structure report"),
    "runs": message("runs"),
    "players": message("players"),
    "structure": message("structure"),
    "profile": message("profile"),
    "pace": message("hands per hour per table"),
    "bots": message("bots"),
    "paid": message("paid places"),
    "hours": message("duration (hours)"),
    "hands": message("hands"),
    "levels": message("levels played"),
    "bubble_hours": message("bubble (hours)"),
    "bubble_level": message("bubble (level)"),
    "final_table_hours": message("final table (hours)"),
    "checks": message("chips, money and places checked"),
    "yes": message("yes"),
    "no": message("NO"),
    "figure": message("figure"),
    "min": message("min"),
    "median": message("median"),
    "max": message("max"),
    "players_plot": message("Players left over time"),
    "stacks_plot": message("Average stack in big blinds over time"),
    "durations_plot": message("Duration across runs"),
    "hours_axis": message("hours"),
    "players_axis": message("players left"),
    "bb_axis": message("average stack (big blinds)"),
    "runs_axis": message("runs"),
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
    if lang not in LANGUAGES:
        raise ParseError(message("the report is in en or fr, not {lang!r}", lang=lang))
    summary = summarize(results)
    text = {key: render(label, lang) for key, label in _LABELS.items()}
    try:
        import matplotlib

        matplotlib.use("Agg")
        from matplotlib import pyplot
    except ImportError:
        raise ParseError(
            message("the report's plots need matplotlib: pip install matplotlib")
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
