"""The pages under their Content-Security-Policy in Chromium (issue 16): no page breaks a rule
of it (no inline script or handler left), the displays still go live over their WebSocket, the
dealer's link fields work from ``static/page.js``."""

from __future__ import annotations

import json
from collections.abc import Callable

from playwright.sync_api import ConsoleMessage, Page, expect
from websockets.sync.client import connect

from conftest import DirectorApi, NewPage, Server

PLAYERS = ("Ana Costa", "Bruno Diaz", "Chloé Martin", "Dan Evans")


def watched(page: Page) -> list[str]:
    """Collect what Chromium reports against the page's policy."""
    broken: list[str] = []

    def seen(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text:
            broken.append(f"{page.url}: {message.text}")

    page.on("console", seen)
    return broken


def test_no_page_breaks_the_policy(
    new_page: NewPage,
    server: Server,
    login: Callable[[Page], None],
    director_api: Callable[[Server], DirectorApi],
) -> None:
    tournament = director_api(server).event(PLAYERS)
    page = new_page(server)
    broken = watched(page)
    for path in ("/", "/lookup", f"/lookup/{tournament}?name=an", "/floor", "/nowhere"):
        page.goto(path)
    page.goto(f"/display/{tournament}/clock")
    expect(page.locator("[data-state=open]")).to_have_count(1)  # its socket is live
    login(page)
    for path in (
        f"/console/{tournament}",
        f"/console/{tournament}?tab=money",
        f"/table/{tournament}/1",
        "/api/docs",
    ):
        page.goto(path)
    expect(page.locator(".swagger-ui").first).to_be_visible()
    assert broken == []


def test_the_dealers_link_field_selects_itself(
    new_page: NewPage,
    server: Server,
    login: Callable[[Page], None],
    director_api: Callable[[Server], DirectorApi],
) -> None:
    tournament = director_api(server).event(PLAYERS)
    page = new_page(server)
    broken = watched(page)
    login(page)
    page.goto(f"/table/{tournament}/1")
    page.get_by_role("button", name="Seat links").click()
    field = page.locator("input[data-select]").first
    field.click()
    selected = field.evaluate("input => input.selectionEnd - input.selectionStart")
    assert selected == len(field.input_value()) > 0
    assert broken == []


def test_the_server_sends_documents_uncompressed(
    server: Server, director_api: Callable[[Server], DirectorApi]
) -> None:
    """``pokertd web`` declines permessage-deflate, which browsers ask for: compressing each
    display's copy of a document on its own made a broadcast to hundreds cost seconds of CPU."""
    tournament = director_api(server).event(PLAYERS)
    url = server.url.replace("http", "ws") + f"/ws/tournaments/{tournament}"
    with connect(url, compression="deflate") as socket:
        assert json.loads(socket.recv(timeout=20))["kind"] == "display"
        assert socket.response is not None
        assert "Sec-WebSocket-Extensions" not in socket.response.headers
