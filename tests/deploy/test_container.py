"""The Dockerfile, .dockerignore and compose.yaml, checked as far as a machine without a Docker
engine allows: read instruction by instruction, their commands checked against the real ``pokertd
web`` command, the health check run against a real server, and the build context emulated.
"""

from __future__ import annotations

import contextlib
import fnmatch
import json
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from cli_parsing import parse_command_line

from pokertd.cli import web_startup

ROOT = Path(__file__).resolve().parents[2]
DEV_TOOLS = ("[dev]", "pytest", "mypy", "ruff", "playwright", "schemathesis", "hypothesis",
             "pokerkit", "zxing", "npm", "node")  # fmt: skip


@dataclass(frozen=True)
class Instruction:
    """One instruction of a Dockerfile: its keyword and the rest of its (joined) lines."""

    keyword: str
    rest: str

    def exec_form(self) -> list[str]:
        """The JSON array of an exec-form ``CMD``, ``ENTRYPOINT`` or ``HEALTHCHECK ... CMD``."""
        found = json.loads(self.rest[self.rest.index("[") :])
        assert isinstance(found, list)
        return [str(word) for word in found]


def read_dockerfile(text: str) -> list[Instruction]:
    """Return the instructions of a Dockerfile: comments dropped, continued lines joined."""
    instructions: list[Instruction] = []
    pending = ""
    for line in text.splitlines():
        stripped = line.strip()
        if not pending and (not stripped or stripped.startswith("#")):
            continue
        if stripped.endswith("\\"):
            pending += stripped[:-1] + " "
            continue
        whole = pending + stripped
        pending = ""
        keyword, _, rest = whole.partition(" ")
        instructions.append(Instruction(keyword.upper(), rest.strip()))
    assert not pending, "the Dockerfile ends inside a continued line"
    return instructions


INSTRUCTIONS = read_dockerfile((ROOT / "Dockerfile").read_text(encoding="utf-8"))


def final_stage() -> list[Instruction]:
    """The instructions of the image that runs (after the last ``FROM``)."""
    starts = [index for index, step in enumerate(INSTRUCTIONS) if step.keyword == "FROM"]
    return INSTRUCTIONS[starts[-1] :]


def only(keyword: str) -> Instruction:
    (found,) = [step for step in final_stage() if step.keyword == keyword]
    return found


def health_options() -> dict[str, str]:
    """The ``--interval=30s``-style options of the HEALTHCHECK."""
    before_cmd = only("HEALTHCHECK").rest.split(" CMD ")[0]
    return dict(option.removeprefix("--").split("=", 1) for option in before_cmd.split())


def health_command() -> list[str]:
    return only("HEALTHCHECK").exec_form()


def command_line() -> list[str]:
    return only("ENTRYPOINT").exec_form() + only("CMD").exec_form()


# -- the Dockerfile ---------------------------------------------------------------------------


def test_every_base_image_is_pinned_to_a_python_311_release_and_a_debian_release() -> None:
    images = [step.rest.split()[0] for step in INSTRUCTIONS if step.keyword == "FROM"]
    assert images
    for image in images:
        assert re.fullmatch(r"python:3\.11\.\d+-slim-(bookworm|trixie)", image), image


def test_the_app_runs_as_a_user_without_privileges() -> None:
    stage = final_stage()
    users = [index for index, step in enumerate(stage) if step.keyword == "USER"]
    assert users, "no USER: the app would run as root"
    user = stage[users[-1]].rest.split(":")[0]
    assert user not in {"root", "0"}
    runs_at = min(i for i, step in enumerate(stage) if step.keyword in {"CMD", "ENTRYPOINT"})
    assert users[-1] < runs_at
    created = " ".join(step.rest for step in stage if step.keyword == "RUN")
    assert "useradd" in created
    assert user in created


def test_the_event_file_lives_in_the_volume() -> None:
    volume = only("VOLUME").rest
    volumes = json.loads(volume) if volume.startswith("[") else volume.split()
    assert volumes == ["/data"]
    assert Path(parse_command_line(command_line()[1:]).params["db"]).parent == Path("/data")
    # the volume's folder belongs to the user who writes the event file
    user = only("USER").rest
    assert any(f"chown {user}:{user} /data" in step.rest for step in final_stage())


def test_the_command_is_pokertd_web_on_every_address_of_the_exposed_port() -> None:
    line = command_line()
    assert line[:2] == ["pokertd", "web"]
    params = parse_command_line(line[1:]).params  # the real command's options
    assert params["host"] == "0.0.0.0"
    assert only("EXPOSE").rest.split() == [str(params["port"])] == ["8000"]
    assert not params["demo"]


def test_the_health_check_asks_healthz_on_the_served_port() -> None:
    command = health_command()
    assert command[:2] == ["python", "-c"]
    assert "http://127.0.0.1:8000/healthz" in command[2]
    assert set(health_options()) == {"interval", "timeout", "start-period", "retries"}


def test_no_development_tool_is_installed() -> None:
    runs = [step.rest for step in INSTRUCTIONS if step.keyword == "RUN"]
    installs = [run for run in runs if "pip install" in run or "pip wheel" in run]
    assert installs
    for run in runs:
        words = shlex.split(run)
        assert not any(tool in word for word in words for tool in DEV_TOOLS), run
        assert "-e" not in words, run
        assert "--editable" not in words, run
        assert "apt-get" not in words, run  # nothing beyond the slim image
    (install,) = [run for run in runs if "pip install" in run]
    assert "/wheels/pokertd-*.whl" in shlex.split(install)  # the project's wheel, no extras


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def _server(folder: Path, port: int) -> Iterator[None]:
    """``pokertd web`` on ``port`` of 127.0.0.1, once it answers."""
    log = (folder / "server.log").open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "pokertd", "web", "--db", str(folder / "club.db"),
         "--port", str(port), "--password", "secret"],
        stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        for _ in range(300):
            with contextlib.suppress(OSError):
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1).close()
                break
            assert process.poll() is None, (folder / "server.log").read_text()
            time.sleep(0.1)
        yield
    finally:
        process.terminate()
        process.wait(timeout=10)
        log.close()


def _probe(port: int) -> int:
    """Run the Dockerfile's health check against ``port`` instead of 8000; its exit status."""
    python, flag, code = health_command()
    assert python == "python"
    code = code.replace("127.0.0.1:8000/", f"127.0.0.1:{port}/")
    done = subprocess.run([sys.executable, flag, code], capture_output=True, timeout=30)
    return done.returncode


@pytest.mark.slow
def test_the_health_check_passes_on_a_running_server_and_fails_without_one(
    tmp_path: Path,
) -> None:
    port = _free_port()
    assert _probe(port) != 0  # nothing listens yet
    with _server(tmp_path, port):
        assert _probe(port) == 0


# -- .dockerignore ----------------------------------------------------------------------------


def _ignore_patterns() -> list[str]:
    lines = (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def _matches(path: str, pattern: str) -> bool:
    """Whether ``pattern`` covers ``path`` (the path itself or a folder above it), as Docker
    reads the patterns used here: ``**/NAME`` at any depth, else from the context's root."""
    parts = path.split("/")
    if pattern.startswith("**/"):
        return any(fnmatch.fnmatchcase(part, pattern.removeprefix("**/")) for part in parts)
    above = ("/".join(parts[:depth]) for depth in range(1, len(parts) + 1))
    return any(fnmatch.fnmatchcase(folder, pattern) for folder in above)


def ignored(path: str, patterns: list[str]) -> bool:
    """Whether the build context leaves ``path`` out: the last pattern that matches decides."""
    left_out = False
    for pattern in patterns:
        if _matches(path, pattern.removeprefix("!")):
            left_out = not pattern.startswith("!")
    return left_out


def build_context(destination: Path) -> list[str]:
    """Copy the files the build context holds to ``destination``; return their paths."""
    patterns = _ignore_patterns()
    copied: list[str] = []
    for top in sorted(ROOT.iterdir()):
        if ignored(top.name, patterns):
            continue  # ignored folders are never re-included below: no pattern starts inside
        files = [top] if top.is_file() else sorted(p for p in top.rglob("*") if p.is_file())
        for file in files:
            relative = file.relative_to(ROOT).as_posix()
            if not ignored(relative, patterns):
                (destination / relative).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(file, destination / relative)
                copied.append(relative)
    return copied


def test_the_ignore_rules_read_as_docker_reads_them() -> None:
    patterns = ["*", "!src", "**/__pycache__"]
    assert ignored(".venv", patterns)
    assert ignored("tests/test_x.py", patterns)
    assert not ignored("src/pokertd/app.py", patterns)
    assert ignored("src/pokertd/__pycache__/app.cpython-311.pyc", patterns)


@pytest.mark.slow
def test_the_build_context_holds_what_the_wheel_needs_and_nothing_else(tmp_path: Path) -> None:
    context = tmp_path / "context"
    copied = build_context(context)
    tops = {path.split("/")[0] for path in copied}
    assert tops == {"pyproject.toml", "README.md", "src"}  # what the Dockerfile COPYs
    assert not [path for path in copied if "__pycache__" in path or path.endswith(".db")]
    copies = [step.rest.split() for step in INSTRUCTIONS if step.keyword == "COPY"]
    sources = {word for words in copies if words[0] != "--from=build" for word in words[:-1]}
    assert sources == {"pyproject.toml", "README.md", "src"}
    # the Dockerfile's build step, offline (no build isolation: setuptools is already here)
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-cache-dir", "--no-deps",
         "--no-build-isolation", "--wheel-dir", str(tmp_path / "wheels"), "."],
        cwd=context, check=True, env={**os.environ, "PIP_NO_INDEX": "1"},
    )  # fmt: skip
    (wheel,) = (tmp_path / "wheels").glob("pokertd-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    needed = {"pokertd/cli/web.py", "pokertd/web/static/vendor/htmx.min.js",
              "pokertd/web/templates/base.html", "pokertd/rules/profiles/lfp.toml"}  # fmt: skip
    assert needed <= set(names)
    assert not [name for name in names if name.startswith("tests/")]


# -- compose.yaml -----------------------------------------------------------------------------

COMPOSE = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))


def test_compose_runs_the_image_with_the_dockerfiles_command_volume_and_port() -> None:
    app = COMPOSE["services"]["app"]
    assert app["build"] == "."
    assert app["command"] == only("CMD").exec_form()
    assert app["ports"] == ["8000:8000"]
    (volume,) = app["volumes"]
    name, target = volume.split(":")
    assert target == "/data"
    assert name in COMPOSE["volumes"]
    assert "depends_on" not in app  # the app needs no database server (SQLite in the volume)


def test_compose_checks_health_as_the_dockerfile_does() -> None:
    check = COMPOSE["services"]["app"]["healthcheck"]
    assert check["test"] == ["CMD", *health_command()]
    options = health_options()
    assert (check["interval"], check["timeout"], check["start_period"], check["retries"]) == (
        options["interval"],
        options["timeout"],
        options["start-period"],
        int(options["retries"]),
    )


def test_compose_postgres_is_pinned_and_off_unless_asked_for() -> None:
    postgres = COMPOSE["services"]["postgres"]
    assert re.fullmatch(r"postgres:\d+\.\d+-\w+", postgres["image"])
    assert postgres["profiles"] == ["postgres"]  # `docker compose up` leaves it off
    assert postgres["volumes"][0].split(":")[0] in COMPOSE["volumes"]
    text = (ROOT / "compose.yaml").read_text(encoding="utf-8")
    assert "pokertd has NO PostgreSQL store yet" in text


def test_compose_empty_defaults_change_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """``${POKERTD_PASSWORD:-}`` and ``${POKERTD_LAN_ADDRESS:-}`` give empty variables when unset:
    the password is then drawn (never the empty one) and the addresses found as without them."""
    monkeypatch.setenv("POKERTD_PASSWORD", "")
    monkeypatch.setenv("POKERTD_LAN_ADDRESS", "")
    assert parse_command_line(["web"]).params["password"] is None
    monkeypatch.setattr(web_startup, "in_container", lambda: False)
    monkeypatch.setattr(web_startup, "machine_addresses", lambda: ("192.168.1.20",))
    assert web_startup.phone_addresses() == ("192.168.1.20",)
    monkeypatch.setenv("POKERTD_LAN_ADDRESS", "192.168.0.42, 10.0.0.2")
    assert web_startup.phone_addresses() == ("192.168.0.42", "10.0.0.2")
