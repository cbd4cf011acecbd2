"""Fixtures shared by every folder of tests.

- ``postgres_server``: a real PostgreSQL server for the test session (``postgres_server.py``:
  Debian's ``initdb`` and ``pg_ctl`` on a Unix socket in a temporary folder), started when a test
  first asks for it, one per xdist worker, stopped at the end;
- ``postgres_url``: the URL of a new, empty database on it, dropped after the test.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

from postgres_server import postgres_server, postgres_url

# No test is timed (the benches measure speed): Hypothesis's own clocks, its deadline per example
# and its "input generation is slow" check, failed tests on a loaded machine and never on a fault.
settings.register_profile("pokertd", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("pokertd")

# The command line speaks the system's language when POKERTD_LANG is not set (cli.output.env_lang):
# the tests, and the processes they start, run in English whatever the machine's locale, unless
# a test sets its own.
for _name in ("LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"

__all__ = ["postgres_server", "postgres_url"]
