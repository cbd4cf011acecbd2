"""End-to-end fixtures: the real server in a subprocess, driven by Debian's Chromium.

Every test gets its own server (``python -m pokertd web``) on its own event file and free port,
so the tests run in parallel (``pytest -n 2``). Playwright drives the system's ``chromium``; it
never downloads a browser (``playwright install`` is never run: the machine has no network).

Fixtures:

- ``server``: a ``Server`` on an empty event file (``server.url``, ``server.db``,
  ``server.restart()`` to stop and start it again on the same file and port).
- ``demo_server``: the same with ``--demo`` (the demo event ``tournament-1``, clock running).
- ``browser``: one headless Chromium per test process.
- ``new_page(server, viewport=..., locale=...)``: a page in a fresh browser context (its own
  cookies, ``base_url`` set to the server), closed after the test; an uncaught JavaScript error
  on any such page fails the test.
- ``page``: ``new_page(server)``.
- ``login(page)``: logs the director in through the login form.
- ``director_api(server)``: a ``DirectorApi`` logged in to the JSON API, to set an event up
  quickly (``create``, ``command``, ``event(players, draw=True, start=True)``).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import pytest
from playwright.sync_api import (
    APIRequestContext,
    Browser,
    Page,
    Playwright,
    ViewportSize,
    expect,
    sync_playwright,
)

PASSWORD = "secret"
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: How long a server may take to answer after it starts (seconds): a bound, never a wait.
START_TIMEOUT = 30.0
#: Playwright's auto-waiting bound for ``expect`` and actions (milliseconds).
EXPECT_TIMEOUT = 10_000

expect.set_options(timeout=EXPECT_TIMEOUT)


def free_port() -> int:
    """Return a TCP port of the loopback interface that nothing listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class Server:
    """``python -m pokertd web`` on one event file and port, started and stopped by the test."""

    db: Path
    port: int
    log: Path
    demo: bool = False
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @property
    def url(self) -> str:
        """The server's base address, ``http://127.0.0.1:<port>``."""
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start the server and return once it answers ``GET /``."""
        assert self.process is None, "the server is already running"
        command = [
            sys.executable, "-m", "pokertd", "web",
            "--db", str(self.db), "--port", str(self.port), "--host", "127.0.0.1",
            "--password", PASSWORD,
        ]  # fmt: skip
        if self.demo:  # seeded as a French club's server seeds it: its name in French
            command += ["--demo", "--lang", "fr"]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                command,
                stdout=log,
                stderr=subprocess.STDOUT,
                cwd=self.db.parent,
                env={**os.environ, "PYTHONUNBUFFERED": "1"},  # a complete log when a test fails
            )
        self._wait_until_it_answers()

    def _wait_until_it_answers(self) -> None:
        assert self.process is not None
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            if self.process.poll() is not None:
                raise AssertionError(f"the server stopped at start:\n{self.output()}")
            try:
                with urllib.request.urlopen(f"{self.url}/", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except (urllib.error.URLError, OSError):
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise AssertionError(f"the server did not answer in time:\n{self.output()}")
            time.sleep(0.05)

    def stop(self) -> None:
        """Stop the server: terminate, then kill if it does not end."""
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)

    def restart(self) -> None:
        """Stop the server and start it again on the same event file and port."""
        self.stop()
        self.start()

    def output(self) -> str:
        """Return what the server printed so far."""
        return self.log.read_text(errors="replace") if self.log.exists() else ""


def _serve(tmp_path: Path, *, demo: bool) -> Iterator[Server]:
    server = Server(tmp_path / "events.db", free_port(), tmp_path / "server.log", demo=demo)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A running server on an empty event file (director's password: ``secret``)."""
    yield from _serve(tmp_path, demo=False)


@pytest.fixture
def demo_server(tmp_path: Path) -> Iterator[Server]:
    """A running server with the demo event ``tournament-1`` (24 players, clock running)."""
    yield from _serve(tmp_path, demo=True)


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    """Playwright's driver, once per test process."""
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """Debian's headless Chromium, once per test process."""
    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.fail("no chromium on PATH: install Debian's package (make browser)")
    launched = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
    yield launched
    launched.close()


class NewPage(Protocol):
    """``new_page(server, viewport=..., locale=...)``."""

    def __call__(
        self, server: Server, *, viewport: ViewportSize | None = None, locale: str = "en-GB"
    ) -> Page: ...


@pytest.fixture
def new_page(browser: Browser) -> Iterator[NewPage]:
    """Open pages, each in a fresh context (own cookies) on ``server``; fail on a JS error or
    on a request to any other host (the app serves every asset itself, offline)."""
    contexts = []
    errors: list[str] = []
    elsewhere: list[str] = []

    def open_page(
        server: Server, *, viewport: ViewportSize | None = None, locale: str = "en-GB"
    ) -> Page:
        context = browser.new_context(
            base_url=server.url,
            viewport=viewport or {"width": 1280, "height": 800},
            locale=locale,
        )
        context.set_default_timeout(EXPECT_TIMEOUT)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(f"{page.url}: {error}"))
        page.on(
            "request",
            lambda request: (
                None
                if request.url.startswith((server.url, "data:", "blob:"))
                else elsewhere.append(request.url)
            ),
        )
        return page

    yield open_page
    for context in contexts:
        with contextlib.suppress(Exception):
            context.close()
    assert not errors, f"JavaScript errors: {errors}"
    assert not elsewhere, f"requests to other hosts: {elsewhere}"


@pytest.fixture
def page(new_page: NewPage, server: Server) -> Page:
    """A page on ``server`` (1280x800, English)."""
    return new_page(server)


@pytest.fixture
def login() -> Callable[..., None]:
    """Return ``login(page, password="secret")``: log in through the form, land on /console."""

    def log_in(page: Page, password: str = PASSWORD) -> None:
        page.goto("/login")
        page.locator("input[name=password]").fill(password)
        page.locator("form[action='/login'] button[type=submit]").click()
        expect(page).to_have_url(re.compile(r"/console$"))

    return log_in


@dataclass
class DirectorApi:
    """The director's JSON API on one server (``/api``), logged in."""

    request: APIRequestContext
    csrf: str

    def create(self, title: str, **fields: Any) -> str:
        """Create an event (``template="turbo"``, ``profile``, ``table_size``...); return its id."""
        answer = self.request.post(
            "/api/tournaments", data={"title": title, **fields}, headers={"X-CSRF-Token": self.csrf}
        )
        assert answer.ok, answer.text()
        tournament: str = answer.json()["tournament"]
        return tournament

    def command(self, tournament: str, command: str, **fields: Any) -> dict[str, Any]:
        """Run one command (``"register", player="Ana"``, ``"bust-players", entries=[3]``)."""
        answer = self.request.post(
            f"/api/tournaments/{tournament}/commands",
            data={"command": command, **fields},
            headers={"X-CSRF-Token": self.csrf},
        )
        assert answer.ok, answer.text()
        result: dict[str, Any] = answer.json()
        return result

    def event(
        self,
        players: tuple[str, ...] | list[str],
        *,
        title: str = "E2E event",
        draw: bool = True,
        start: bool = True,
        **fields: Any,
    ) -> str:
        """Create a turbo tda-2017 event, register ``players``, draw the seats, start the clock."""
        options = {"template": "turbo", "profile": "tda-2017", "table_size": 9, **fields}
        tournament = self.create(title, **options)
        for player in players:
            self.command(tournament, "register", player=player)
        if draw:
            self.command(tournament, "draw-seats")
        if start:
            self.command(tournament, "start-clock")
        return tournament


@pytest.fixture
def director_api(playwright: Playwright) -> Iterator[Callable[[Server], DirectorApi]]:
    """Return ``director_api(server)``: the JSON API logged in as the director."""
    opened: list[APIRequestContext] = []

    def connect(server: Server) -> DirectorApi:
        request = playwright.request.new_context(base_url=server.url)
        opened.append(request)
        answer = request.post("/api/login", data={"password": PASSWORD})
        assert answer.ok, answer.text()
        return DirectorApi(request, answer.json()["csrf"])

    yield connect
    for request in opened:
        request.dispose()
