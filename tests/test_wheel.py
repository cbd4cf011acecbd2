"""The wheel built from the repository installs into a clean virtualenv with the runtime
dependencies only (no pytest, mypy, Playwright...) and serves the whole web app offline: every
page ``pokertd web`` prints and every script and stylesheet those pages load.

The clean virtualenv gets the runtime dependencies without a network: the distributions that
``pokertd``'s ``Requires-Dist`` names, recursively, are linked in from the test's own environment
(file by file, with their metadata, so that ``pip check`` proves the set complete).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]
DEV_TOOLS = ("pytest", "mypy", "ruff", "playwright", "schemathesis", "pokerkit", "hypothesis")

pytestmark = pytest.mark.slow


def runtime_distributions(name: str = "pokertd") -> set[str]:
    """Return the distributions ``name`` needs at run time (no extras), itself excluded."""
    needed: set[str] = set()
    pending = [name]
    while pending:
        for line in metadata.requires(pending.pop()) or []:
            requirement = Requirement(line)
            if requirement.marker and not requirement.marker.evaluate({"extra": ""}):
                continue
            key = requirement.name.lower().replace("_", "-")
            if key not in needed:
                needed.add(key)
                pending.append(key)
    return needed


def link_distribution(name: str, site_packages: Path) -> None:
    """Link every file of the installed distribution ``name`` into ``site_packages``."""
    dist = metadata.distribution(name)
    for file in dist.files or []:
        source = Path(str(dist.locate_file(file))).resolve()
        if ".." in file.parts or not source.is_file():  # scripts in bin/, caches
            continue
        target = site_packages / file
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.exists():
            target.symlink_to(source)


@pytest.fixture(scope="module")
def clean_venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("wheel")
    build = ["wheel", "--quiet", "--no-deps", "--no-build-isolation", "--wheel-dir", "dist"]
    subprocess.run([sys.executable, "-m", "pip", *build, str(ROOT)], check=True, cwd=work)
    (wheel,) = (work / "dist").glob("pokertd-*.whl")
    venv = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    (site_packages,) = venv.glob("lib/python*/site-packages")
    for name in runtime_distributions():
        link_distribution(name, site_packages)
    python = venv / "bin" / "python"
    subprocess.run(
        [python, "-m", "pip", "install", "--quiet", "--no-index", "--no-deps", str(wheel)],
        check=True,
    )
    return venv


def test_the_clean_venv_has_every_runtime_dependency(clean_venv: Path) -> None:
    checked = subprocess.run(
        [clean_venv / "bin" / "python", "-m", "pip", "check"], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stdout


def test_the_clean_venv_has_no_development_tool(clean_venv: Path) -> None:
    for tool in DEV_TOOLS:
        found = subprocess.run(
            [clean_venv / "bin" / "python", "-c", f"import {tool}"], capture_output=True
        )
        assert found.returncode != 0, tool


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def _server(venv: Path, folder: Path) -> Iterator[tuple[str, list[str]]]:
    """Start the installed ``pokertd web --demo`` in ``folder`` (not the checkout) and yield its
    address and the lines it printed once it answers."""
    port = _free_port()
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYTHON")}
    env["POKERTD_PASSWORD"] = "secret"
    log = folder / "server.log"
    with log.open("w") as output:
        process = subprocess.Popen(
            [venv / "bin" / "pokertd", "web", "--db", "club.db", "--demo", "--port", str(port)],
            cwd=folder,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            with contextlib.suppress(OSError):
                urllib.request.urlopen(base + "/lookup", timeout=1).close()
                break
            assert process.poll() is None, log.read_text()
            time.sleep(0.1)
        yield base, log.read_text().splitlines()
    finally:
        process.terminate()
        process.wait(timeout=10)


def _director(base: str) -> urllib.request.OpenerDirector:
    """Return an opener logged in as the director (the console pages need a session)."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
    login = urllib.request.Request(
        base + "/api/login",
        data=json.dumps({"password": "secret"}).encode(),
        headers={"Content-Type": "application/json"},
    )
    opener.open(login, timeout=10).close()
    return opener


def _get(opener: urllib.request.OpenerDirector, url: str) -> str:
    with opener.open(url, timeout=10) as answer:
        assert answer.status == 200, url
        body: bytes = answer.read()
        return body.decode("utf-8", "replace")


def test_the_installed_wheel_serves_the_whole_web_app(clean_venv: Path, tmp_path: Path) -> None:
    with _server(clean_venv, tmp_path) as (base, printed):
        pages = [url for line in printed for url in re.findall(r"(http://\S+)", line)]
        pages = [url for url in pages if url != base]
        director = _director(base)
        assert any(url.endswith("/console") for url in pages), printed
        assets: set[str] = set()
        for url in pages:
            html = _get(director, url)
            linked = re.findall(r'<(?:script|link)[^>]*(?:src|href)="([^"]+)"', html)
            assert [link for link in linked if "//" in link] == [], url  # nothing from a CDN
            assets.update(link for link in linked if link.startswith("/static/"))
        assert {"/static/vendor/htmx.min.js", "/static/vendor/swagger-ui-bundle.js"} <= assets
        for asset in sorted(assets):
            assert _get(director, base + asset), asset
    installed = subprocess.run(
        [clean_venv / "bin" / "python", "-c", "import pokertd; print(pokertd.__file__)"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=True,
    )
    assert str(clean_venv) in installed.stdout
