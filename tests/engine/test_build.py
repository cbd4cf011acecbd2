"""Which build of the engine the suite runs on: ``make unit-compiled`` runs the engine, evaluation
and history suites on the mypyc build (``POKERTD_EXPECT_COMPILED=1``), ``make unit`` on the pure
Python package. Both must give the same results; this checks that each run tests the build it
says it tests."""

from __future__ import annotations

import importlib
import os
import runpy
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def compiled_modules() -> list[str]:
    """Return the module names setup.py compiles (``COMPILED``)."""
    listed = runpy.run_path(str(ROOT / "setup.py"), run_name="not_main")["COMPILED"]
    return [path.removeprefix("src/").removesuffix(".py").replace("/", ".") for path in listed]


def test_the_suite_runs_on_the_build_it_names() -> None:
    expect_compiled = os.environ.get("POKERTD_EXPECT_COMPILED") == "1"
    modules = compiled_modules()
    assert "pokertd.engine.hand" in modules
    for name in modules:
        origin = str(importlib.import_module(name).__file__)
        assert origin.endswith(tuple(EXTENSION_SUFFIXES)) == expect_compiled, origin


def test_the_evaluator_and_events_stay_python() -> None:
    for name in ("pokertd.evaluate.high", "pokertd.engine.events"):
        assert str(importlib.import_module(name).__file__).endswith(".py"), name
