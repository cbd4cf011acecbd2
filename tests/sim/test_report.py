"""The structure report: plots and a page for a small field and two runs."""

from __future__ import annotations

import pytest

from pokertd.errors import ParseError
from pokertd.present.sim_report import PLOTS, report_files
from pokertd.sim.report import summarize
from pokertd.sim.run import Settings, simulate_many

pytest.importorskip("matplotlib")


def test_a_report_has_its_plots_and_a_page_that_links_them() -> None:
    results = simulate_many(Settings(players=20, seed=1, template="turbo"), 2, jobs=1)
    files = report_files(results)
    assert set(files) == {*PLOTS, "index.html"}
    for name in PLOTS:
        assert files[name].startswith(b"\x89PNG")
    page = files["index.html"].decode()
    for name in PLOTS:
        assert f'src="{name}"' in page
    assert "Structure report" in page
    assert "Rapport de structure" in report_files(results, lang="fr")["index.html"].decode()


def test_a_summary_needs_runs() -> None:
    with pytest.raises(ParseError):
        summarize([])
