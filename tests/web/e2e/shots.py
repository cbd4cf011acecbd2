"""Screenshots of the browser tests: to ``docs/screenshots/`` with ``POKERTD_SCREENSHOTS=1`` (the
pictures the docs show), else to the test's temporary folder (looked at when a test fails)."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import Page

DOCS = Path(__file__).resolve().parents[3] / "docs" / "screenshots"


def shoot(page: Page, name: str, tmp_path: Path, *, full_page: bool = True) -> Path:
    """Save the whole page as ``name``.png; return its path."""
    folder = DOCS if os.environ.get("POKERTD_SCREENSHOTS") == "1" else tmp_path
    path = folder / f"{name}.png"
    page.screenshot(path=path, full_page=full_page, animations="disabled")
    return path


def shoot_screen(page: Page, name: str, tmp_path: Path) -> Path:
    """Save what the screen shows (the viewport: a TV, a phone) as ``name``.png."""
    return shoot(page, name, tmp_path, full_page=False)
