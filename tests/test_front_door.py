"""The public names of ``pokertd`` (DESIGN.md's front door), loaded on first use."""

from __future__ import annotations

import subprocess
import sys

import pytest

import pokertd
from pokertd.cards import Card
from pokertd.engine import Hand


def test_every_public_name_resolves() -> None:
    for name in pokertd.__all__:
        assert getattr(pokertd, name) is not None, name
    assert pokertd.Hand is Hand
    assert pokertd.Card is Card
    assert pokertd.rules.load("lfp").id == "lfp"
    assert set(pokertd.__all__) <= set(dir(pokertd))


def test_from_import_works() -> None:
    from pokertd import Deck, Hand, rules  # the import itself is under test

    assert Hand.__module__ == "pokertd.engine.hand"
    assert len(Deck().order()) == 52
    assert rules.PROFILE_IDS[0] == "tda-2017"


def test_import_pokertd_loads_neither_the_engine_nor_the_profiles() -> None:
    child = "import sys, pokertd; print(sorted(m for m in sys.modules if m.startswith('pokertd')))"
    done = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "['pokertd', 'pokertd.errors', 'pokertd.messages']"


def test_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="module 'pokertd' has no attribute 'Nope'"):
        pokertd.Nope  # noqa: B018 - the lookup is under test
