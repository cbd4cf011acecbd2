"""A real PostgreSQL server for the tests: Debian's ``initdb`` and ``pg_ctl`` (the ``postgresql``
package, which ``make test`` installs), a cluster in a temporary folder that listens on a Unix
socket in that folder only (no TCP), stopped and removed at the end.

PostgreSQL refuses to run as root: as root, the server runs as the ``postgres`` user the Debian
package creates, and the folder is given to it. ``POKERTD_PG_BIN`` names another folder of
PostgreSQL programs (the default is the newest ``/usr/lib/postgresql/*/bin``).

The fixtures ``postgres_server`` (the server of the session: it starts when a test first asks for
it, one per xdist worker) and ``postgres_url`` (a new, empty database, dropped after the test) are
offered to every test by ``tests/conftest.py``.
"""

from __future__ import annotations

import itertools
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

#: The superuser of the test cluster (no password: only this machine's socket reaches it).
USER = "pokertd"


def programs() -> Path:
    """The folder of ``initdb`` and ``pg_ctl``; an error saying how to install them."""
    given = os.environ.get("POKERTD_PG_BIN")
    if given:
        return Path(given)
    found = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"),
        key=lambda path: int(path.parts[-3]) if path.parts[-3].isdigit() else 0,
    )
    if not found:
        raise RuntimeError(
            "PostgreSQL's programs are missing: `make postgres` installs Debian's postgresql "
            "package (or set POKERTD_PG_BIN to a folder holding initdb and pg_ctl)"
        )
    return found[-1].parent


class Server:
    """One PostgreSQL cluster of the test session: ``start()``, ``database()`` as often as
    needed, ``stop()``."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="pokertd-pg-"))
        self.data = self.folder / "data"
        self.socket = self.folder  # the socket file is folder/.s.PGSQL.5432
        self._names = itertools.count(1)
        self._as_postgres = os.geteuid() == 0

    def url(self, database: str) -> str:
        """The URL of ``database`` on this server, through its Unix socket."""
        return f"postgresql://{USER}@/{database}?host={self.socket}"

    def start(self) -> None:
        if self._as_postgres:
            shutil.chown(self.folder, "postgres", "postgres")
        bin_dir = programs()
        self._run(
            bin_dir / "initdb", "--pgdata", self.data, "--username", USER, "--auth", "trust",
            "--encoding", "UTF8", "--locale", "C", "--no-sync",
        )  # fmt: skip
        options = (
            f"-c listen_addresses='' -c unix_socket_directories='{self.socket}' "
            "-c fsync=off -c max_connections=40 -c shared_buffers=16MB"
        )
        self._run(
            bin_dir / "pg_ctl", "start", "--pgdata", self.data, "--wait", "--timeout", "60",
            "--log", self.folder / "server.log", "--options", options,
        )  # fmt: skip

    def stop(self) -> None:
        try:
            if (self.data / "postmaster.pid").exists():
                self._run(
                    programs() / "pg_ctl", "stop", "--pgdata", self.data, "--mode", "fast",
                    "--wait",
                )  # fmt: skip
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def database(self) -> str:
        """Create a new, empty database and return its URL."""
        name = f"test_{next(self._names)}"
        with psycopg.connect(self.url("postgres"), autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name}".encode())
        return self.url(name)

    def drop(self, url: str) -> None:
        """Drop the database of ``url``, closing what is still connected to it."""
        name = url.partition("?")[0].rpartition("/")[2]
        with psycopg.connect(self.url("postgres"), autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)".encode())

    def log(self) -> str:
        """The server's log (to see why it did not start)."""
        path = self.folder / "server.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def _run(self, *command: object) -> None:
        words = [str(word) for word in command]
        if self._as_postgres:
            words = ["runuser", "-u", "postgres", "--", *words]
        result = subprocess.run(words, capture_output=True, text=True, timeout=120, check=False)
        if result.returncode:
            raise RuntimeError(
                f"{' '.join(words)} failed ({result.returncode}):\n{result.stdout}\n"
                f"{result.stderr}\n{self.log()}"
            )


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Server]:
    """A PostgreSQL server on a Unix socket in a temporary folder, stopped at the end."""
    server = Server()
    try:
        server.start()
        yield server
    finally:
        server.stop()


@pytest.fixture
def postgres_url(postgres_server: Server) -> Iterator[str]:
    """The URL of a new, empty database, dropped after the test."""
    url = postgres_server.database()
    yield url
    postgres_server.drop(url)
