"""Fixtures shared by every folder of tests.

- ``postgres_server``: a real PostgreSQL server for the test session (``postgres_server.py``:
  Debian's ``initdb`` and ``pg_ctl`` on a Unix socket in a temporary folder), started when a test
  first asks for it, one per xdist worker, stopped at the end;
- ``postgres_url``: the URL of a new, empty database on it, dropped after the test.
"""

from __future__ import annotations

from postgres_server import postgres_server, postgres_url

__all__ = ["postgres_server", "postgres_url"]
