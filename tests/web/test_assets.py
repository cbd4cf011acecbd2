"""The front-end files the package serves (``pokertd.web.assets``): pinned to the npm package of
``package-lock.json``, byte for byte, with their licence, and served by the app itself."""

from __future__ import annotations

import hashlib
import json
import re
from importlib import resources
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from pokertd.web.assets import VENDORED, Vendored

ROOT = Path(__file__).resolve().parents[2]
VENDOR = resources.files("pokertd.web") / "static" / "vendor"


def _locked_versions() -> dict[str, str]:
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    return {
        path.removeprefix("node_modules/"): entry["version"]
        for path, entry in lock["packages"].items()
        if path.startswith("node_modules/")
    }


@pytest.mark.parametrize("asset", VENDORED, ids=lambda asset: asset.file)
def test_vendored_file_is_the_locked_version(asset: Vendored) -> None:
    assert _locked_versions()[asset.package] == asset.version
    installed = json.loads(
        (ROOT / "node_modules" / asset.package / "package.json").read_text(encoding="utf-8")
    )
    assert installed["version"] == asset.version


@pytest.mark.parametrize("asset", VENDORED, ids=lambda asset: asset.file)
def test_vendored_file_is_byte_identical_to_npm(asset: Vendored) -> None:
    shipped = (VENDOR / asset.file).read_bytes()
    assert hashlib.sha256(shipped).hexdigest() == asset.sha256
    assert shipped == (ROOT / "node_modules" / asset.package / asset.source).read_bytes()


def test_every_vendored_package_ships_its_licence() -> None:
    packages = {asset.package for asset in VENDORED}
    licensed = {asset.package for asset in VENDORED if asset.source == "LICENSE"}
    assert licensed == packages


def test_every_vendored_file_is_listed() -> None:
    assert {entry.name for entry in VENDOR.iterdir()} == {asset.file for asset in VENDORED}


def test_the_api_reference_loads_swagger_ui_from_the_package(client: TestClient) -> None:
    page = client.get("/api/docs")
    assert page.status_code == 200
    assert "http" not in "".join(re.findall(r'(?:src|href)="([^"]*)"', page.text))
    for path in re.findall(r'(?:src|href)="(/static/[^"]+)"', page.text):
        assert client.get(path).status_code == 200, path


def test_pages_load_scripts_from_the_package_only(client: TestClient) -> None:
    page = client.get("/lookup")
    sources = re.findall(r'<script[^>]*src="([^"]+)"', page.text)
    assert "/static/vendor/htmx.min.js" in sources
    for source in sources:
        assert source.startswith("/static/"), source
        served = client.get(source)
        assert served.status_code == 200, source
    served = client.get("/static/vendor/htmx.min.js")
    htmx = next(asset for asset in VENDORED if asset.file == "htmx.min.js")
    assert hashlib.sha256(served.content).hexdigest() == htmx.sha256
