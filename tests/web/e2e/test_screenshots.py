"""Screenshots of the main pages with the demo event: each page must render (a real PNG of the
viewport's width); with ``POKERTD_SCREENSHOTS=1`` they are written to ``docs/screenshots/``
for the documentation, else to a temporary folder (CI never rewrites the tracked files)."""

from __future__ import annotations

import os
import struct
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize, expect

pytestmark = pytest.mark.e2e

DOCS = Path(__file__).resolve().parents[3] / "docs" / "screenshots"
DEMO = "tournament-1"
DESKTOP = (1280, 800)
TV = (1280, 720)
PHONE = (390, 844)


@dataclass(frozen=True)
class Shot:
    """One screenshot: its file name, the page, the viewport, and what shows it has rendered."""

    name: str
    path: str
    ready: str
    viewport: tuple[int, int] = DESKTOP
    director: bool = False
    full_page: bool = True
    phone: bool = False
    #: Text the page must show (the French page must be in French).
    text: str = ""
    #: A button to press first (start a hand at the table app).
    click: str = ""


SHOTS = (
    Shot("home", "/", "#lobby section.lobby-event"),
    Shot("console-overview", f"/console/{DEMO}", "[data-test=clock]", director=True),
    Shot("registration-desk", f"/console/{DEMO}?tab=desk", "tr[data-entry]", director=True),
    Shot("tables", f"/console/{DEMO}?tab=tables", "section[data-table]", director=True),
    Shot("clock-display", f"/display/{DEMO}/clock", "#connection[data-state=open]",
         viewport=TV, full_page=False),
    Shot("seating-display", f"/display/{DEMO}/seating", "#connection[data-state=open]",
         viewport=TV, full_page=False),
    Shot("player-lookup-phone", f"/lookup/{DEMO}?name=Alice", ".seat-answer",
         viewport=PHONE, phone=True),
    Shot("table-dealer", f"/table/{DEMO}/1", ".actions button", director=True,
         click="button[name=mode][value=dealer]"),
    Shot("floor-assistant", "/floor/ruling?profile=lfp&kind=chips&chips=1000&blinds=50/100"
         "&stacks=10000&players=6&game=nlhe&actions=p3+cbr+300", "blockquote[lang=fr]",
         text="Original French text"),
    Shot("login-fr", "/login?lang=fr", "html[lang=fr] input[name=password]",
         text="Mot de passe"),
)  # fmt: skip


def folder(tmp_path: Path) -> Path:
    """Return where the screenshots go: docs/screenshots with POKERTD_SCREENSHOTS=1."""
    if os.environ.get("POKERTD_SCREENSHOTS") == "1":
        DOCS.mkdir(parents=True, exist_ok=True)
        return DOCS
    return tmp_path


def png_size(data: bytes) -> tuple[int, int]:
    """Return the width and height of a PNG (its IHDR chunk), failing for anything else."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    assert data[12:16] == b"IHDR", "a PNG without its header chunk"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_screenshots(
    demo_server: Any,
    new_page: Callable[..., Page],
    login: Callable[[Page], None],
    tmp_path: Path,
    subtests: pytest.Subtests,
) -> None:
    """One server for every shot, so that they all show the same seat draw."""
    target = folder(tmp_path)
    for shot in SHOTS:
        with subtests.test(shot.name):
            page = new_page(demo_server, viewport=_size(shot.viewport))
            if shot.director:
                login(page)
            take(shot, page, target)


def _size(viewport: tuple[int, int]) -> ViewportSize:
    return {"width": viewport[0], "height": viewport[1]}


def take(shot: Shot, page: Page, target: Path) -> None:
    """Open the shot's page, check that it rendered with its stylesheet, save its PNG."""
    page.goto(shot.path)
    if shot.click:
        page.locator(shot.click).click()
    expect(page.locator(shot.ready).first).to_be_visible()
    if shot.text:
        expect(page.locator("main")).to_contain_text(shot.text)
    expect(page.locator("link[rel=stylesheet][href='/static/style.css']")).to_have_count(1)
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background != "rgba(0, 0, 0, 0)", "the stylesheet did not load"
    if shot.phone:
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"the page is {overflow}px wider than the phone"
    path = target / f"{shot.name}.png"
    data = page.screenshot(path=path, full_page=shot.full_page, animations="disabled")
    width, height = shot.viewport
    shown = png_size(path.read_bytes())
    assert path.read_bytes() == data
    assert shown[0] == width
    assert shown[1] >= height if shot.full_page else shown[1] == height
    assert len(data) > 5_000, "a nearly empty screenshot"
    page.close()
