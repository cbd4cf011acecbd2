"""The test tree's layout: pytest imports test modules by their file name (no packages), so two
test files with the same name in different folders break the collection of one of them; and a
clone anywhere must pass, so no test reads a file outside the repository."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

TESTS = Path(__file__).parent


def test_test_module_names_are_unique() -> None:
    names = Counter(path.name for path in TESTS.rglob("test_*.py"))
    assert [name for name, count in names.items() if count > 1] == []


#: A path built to leave the repository: the folder above the checkout, or ``../`` in a string.
OUTSIDE = re.compile(r"parents\[\d+\]\.parent\b|\.parent\s*/\s*[\"']shared[\"']|[\"']\.\./")


def test_tests_read_nothing_outside_the_repository() -> None:
    offenders = [
        f"{path.relative_to(TESTS)}:{number}"
        for path in sorted(TESTS.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if OUTSIDE.search(line)
    ]
    assert offenders == []
