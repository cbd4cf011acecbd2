"""The optional compiled build: ``POKERTD_COMPILE=1`` compiles the engine's hot modules with mypyc.

Without it (the default, and what ``pip install`` does) the package is pure Python and needs no
compiler. With it, the modules of ``COMPILED`` become C extensions built from the same typed
source, which import ahead of the ``.py`` files beside them; everything else stays Python.
``make compiled`` builds them into ``build/compiled`` (see the Makefile and docs/benchmarks.md).
"""

from __future__ import annotations

import os

from setuptools import setup

#: The hot path of a hand: cards, the deck and the engine. The evaluator stays Python (its
#: packed sums are wider than a machine word, which mypyc makes slower); the hand events stay
#: Python (mypyc takes their ``name`` class constants for dataclass fields).
_ENGINE = ("actions", "betting", "dealing", "draw", "family", "flop", "games", "hand", "pots",
           "setup", "showdown", "state", "streets", "stud")  # fmt: skip
COMPILED = [
    "src/pokertd/cards/card.py",
    "src/pokertd/cards/deck.py",
    *(f"src/pokertd/engine/{name}.py" for name in _ENGINE),
]


def _extensions() -> list[object]:
    if os.environ.get("POKERTD_COMPILE") != "1":
        return []
    from mypyc.build import mypycify  # only the compiled build needs mypy (the dev extras)

    return list(mypycify(COMPILED, opt_level="3", target_dir="build/mypyc"))


if __name__ == "__main__":  # as setuptools runs it; tests read ``COMPILED`` without building
    setup(ext_modules=_extensions())
