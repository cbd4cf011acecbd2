"""The test tree's layout: pytest imports test modules by their file name (no packages), so two
test files with the same name in different folders break the collection of one of them."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

TESTS = Path(__file__).parent


def test_test_module_names_are_unique() -> None:
    names = Counter(path.name for path in TESTS.rglob("test_*.py"))
    assert [name for name, count in names.items() if count > 1] == []
