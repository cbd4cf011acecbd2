"""docs/deploy.md and docs/getting-started.md, checked like code: every ``pokertd`` command they
show parses with the real CLI, the first steps run and print what the page says, the files of
deploy/ are the ones the page shows, and the URLs they open answer.
"""

from __future__ import annotations

import configparser
import contextlib
import doctest
import re
import shlex
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

with warnings.catch_warnings():  # starlette's test client warns about httpx
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


from cli_parsing import parse_command_line

from pokertd.cli.main import cli
from pokertd.service.demo import seed_demo
from pokertd.service.tournaments import TournamentService
from pokertd.store import SQLiteEventStore
from pokertd.web.app import create_app

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "docs" / "deploy.md"
GETTING_STARTED = ROOT / "docs" / "getting-started.md"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def blocks(page: Path, language: str) -> list[str]:
    """The fenced blocks of ``page`` in ``language`` (``console``, ``ini``)."""
    text = page.read_text(encoding="utf-8")
    return [body for lang, body in FENCE.findall(text) if lang == language]


def commands(page: Path) -> list[list[str]]:
    """The ``pokertd`` command lines of the page's console blocks, as argument lists."""
    found = []
    for block in blocks(page, "console"):
        for line in block.replace("\\\n", " ").splitlines():
            if line.startswith("$ "):
                words = shlex.split(line.removeprefix("$ ").split("  #")[0])
                if words and words[0].endswith("pokertd"):
                    found.append(words[1:])
    return found


@pytest.mark.parametrize("page", [DEPLOY, GETTING_STARTED], ids=lambda page: page.name)
def test_every_pokertd_command_shown_parses(page: Path) -> None:
    shown = commands(page)
    assert shown
    for args in shown:
        parse_command_line(args)  # a usage error exits: the test fails with the command's message


def test_the_first_steps_run_and_print_what_the_page_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The console block of "First steps", run line by line in an empty folder."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("POKERTD_LANG", raising=False)
    monkeypatch.delenv("POKERTD_DB", raising=False)
    (steps,) = [
        block for block in blocks(GETTING_STARTED, "console") if "tournament create" in block
    ]
    checker = doctest.OutputChecker()
    runs = re.split(r"^\$ ", steps, flags=re.MULTILINE)[1:]
    assert len(runs) == 5
    for run in runs:
        line, _, expected = run.partition("\n")
        result = CliRunner().invoke(cli, shlex.split(line)[1:])
        assert result.exit_code == 0, (line, result.output)
        assert checker.check_output(expected, result.output, doctest.ELLIPSIS), (
            line,
            result.output,
        )
    assert (tmp_path / "club.db").exists()


def test_the_files_of_deploy_are_the_ones_the_page_shows() -> None:
    shown = blocks(DEPLOY, "ini")
    files = sorted((ROOT / "deploy").iterdir())
    assert [path.name for path in files] == [
        "pokertd-kiosk.desktop",
        "pokertd-kiosk.service",
        "pokertd.service",
    ]
    for path in files:
        assert path.read_text(encoding="utf-8") in shown, path.name


def _ini(name: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(ROOT / "deploy" / name, encoding="utf-8")
    return parser


def test_the_service_runs_pokertd_web_on_its_state_folder() -> None:
    service = _ini("pokertd.service")["Service"]
    program, *args = shlex.split(service["ExecStart"])
    assert program == "/opt/pokertd/bin/pokertd"
    assert args[0] == "web"
    params = parse_command_line(args).params
    state = Path("/var/lib") / service["StateDirectory"]
    assert Path(params["db"]).parent == state == Path(service["WorkingDirectory"])
    assert params["host"] == "0.0.0.0"
    assert service["User"] == "pokertd"
    assert service["Restart"] == "on-failure"


@contextlib.contextmanager
def _demo_client(folder: Path) -> Iterator[TestClient]:
    """A client of the app over a file holding the demo event, as ``pokertd web --demo``."""
    db = folder / "club.db"
    with contextlib.closing(SQLiteEventStore(db)) as store:
        seed_demo(TournamentService(store))
    with TestClient(create_app(db, password="secret")) as client:
        yield client


def _kiosk_urls() -> list[str]:
    desktop = _ini("pokertd-kiosk.desktop")["Desktop Entry"]["Exec"]
    unit = _ini("pokertd-kiosk.service")["Service"]
    base = unit["Environment"].removeprefix("POKERTD_URL=")
    from_unit = [
        word.replace("${POKERTD_URL}", base).replace("$POKERTD_URL", base)
        for line in (unit["ExecStartPre"], unit["ExecStart"])
        for word in re.findall(r"\S*POKERTD_URL\S*", line)
        if "POKERTD_URL=" not in word
    ]
    return [*re.findall(r"http://[^\s\"']+", desktop), *from_unit]


def test_the_kiosk_waits_for_healthz_then_opens_the_clock_display(tmp_path: Path) -> None:
    urls = [url.strip('"') for url in _kiosk_urls()]
    paths = [re.sub(r"^http://127\.0\.0\.1:8000", "", url) for url in urls]
    assert paths == ["/healthz", "/display/1/clock?lang=fr"] * 2
    with _demo_client(tmp_path) as client:  # no login: a TV has no password
        assert client.get("/healthz").json() == {"ok": True}
        clock = client.get("/display/1/clock?lang=fr")
        assert clock.status_code == 200
        assert "Niveau 1" in clock.text
