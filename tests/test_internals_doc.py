"""docs/internals.md stays true: it describes every package of pokertd, and every file it names
exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = (ROOT / "docs" / "internals.md").read_text(encoding="utf-8")
PACKAGE = ROOT / "src" / "pokertd"


def test_every_package_is_described() -> None:
    packages = {path.parent.name for path in PACKAGE.glob("*/__init__.py")}
    modules = {path.stem for path in PACKAGE.glob("*.py")} - {"__init__", "__main__"}
    described = set(re.findall(r"^\| `(\w+)` \|", PAGE, re.M))
    assert packages | modules == described


def test_every_file_named_exists() -> None:
    named = set(re.findall(r"`((?:src|tests|docs)/[\w/.<>-]+)`", PAGE))
    missing = [name for name in sorted(named) if "<" not in name and not (ROOT / name).exists()]
    assert named
    assert missing == []
