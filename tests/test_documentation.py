"""Docs are checked like code: examples run, generated pages are current, rule ids are real."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

from pokertd.cli import reference
from pokertd.rules import catalogue
from pokertd.web import reference as api_reference

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_examples_in_the_page_run(page: Path) -> None:
    """Every ``>>>`` example of the README and of docs/ runs and prints what the page says."""
    failures, _ = doctest.testfile(
        str(page), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert failures == 0


def test_api_reference_is_current() -> None:
    """docs/api.md is what the app serves; regenerate: python -m pokertd.web.reference."""
    assert (ROOT / "docs" / "api.md").read_text(encoding="utf-8") == api_reference.render()


def test_cli_reference_is_current() -> None:
    """docs/cli.md is what the commands' help says; regenerate: python -m pokertd.cli.reference."""
    assert (ROOT / "docs" / "cli.md").read_text(encoding="utf-8") == reference.render()


RULE_ID = re.compile(r"\b[A-Z]{2,}(?:-[A-Z0-9]{2,})+\b")
#: Ids quoted on purpose as unknown, in the doctest of catalogue.is_known.
DELIBERATELY_UNKNOWN = {"BET-MINIRAISE"}


#: The prefixes of the catalogue's rule ids, and ENGINE for the engine's own checks.
FAMILIES = {"BET", "POT", "SHOW", "BTN", "ANTE", "DEAL", "ABS", "ENGINE", "SEAT", "TBL", "LVL",
            "CLK", "PEN", "BUY", "ELIM", "CHIP", "HFH", "DAY", "STUD", "EVENT"}  # fmt: skip


def _cited_ids(text: str) -> set[str]:
    return {match for match in RULE_ID.findall(text) if match.split("-")[0] in FAMILIES}


def test_every_rule_id_in_the_code_and_docs_exists() -> None:
    """A reader can go from code to the catalogue: every rule id cited is a known id."""
    sources = [*(ROOT / "src").rglob("*.py"), *(ROOT / "src").rglob("*.toml"), *PAGES]
    unknown = {
        (path.relative_to(ROOT).as_posix(), rule_id)
        for path in sources
        for rule_id in _cited_ids(path.read_text(encoding="utf-8"))
        if not catalogue.is_known(rule_id) and rule_id not in DELIBERATELY_UNKNOWN
    }
    assert not unknown


def test_the_engine_cites_its_rules() -> None:
    """The betting, pot and showdown modules name the catalogue rules they implement."""
    engine = ROOT / "src" / "pokertd" / "engine"
    cited = set().union(
        *(_cited_ids(path.read_text(encoding="utf-8")) for path in engine.glob("*.py"))
    )
    expected = {"BET-MINRAISE", "BET-MINRAISE-SHORT-ALLIN", "BET-REOPEN", "BET-MIN-BET",
                "BET-PL-POT-SIZE", "BET-RAISE-CAP", "BET-UNCALLED", "POT-SIDE", "POT-ODD-CHIP",
                "POT-HILO-SPLIT", "SHOW-ORDER", "SHOW-ALLIN-EXPOSE", "SHOW-CARDS-SPEAK",
                "BTN-HU-ORDER", "BTN-DEAD-BUTTON", "ANTE-BB", "ABS-DEAD-HAND"}  # fmt: skip
    assert expected <= cited
