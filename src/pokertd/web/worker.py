"""The app of one worker of ``pokertd web --workers N``: uvicorn's supervisor starts each worker
as a new process and calls ``worker_app`` there; the parent passes the database and the cookie
setting through the environment (it has already set the password and seeded the demo).

Apart from ``pokertd.web.cluster`` so that the cluster never imports the app that uses it.
"""

from __future__ import annotations

import os

from fastapi import FastAPI

from pokertd.web.app import create_app

#: The environment variables the parent sets for its workers.
WORKER_DB = "POKERTD_WORKER_DB"
WORKER_SECURE = "POKERTD_WORKER_SECURE_COOKIES"


def worker_app() -> FastAPI:
    """The app of one worker process."""
    return create_app(
        os.environ[WORKER_DB], password=None, secure_cookies=bool(os.environ.get(WORKER_SECURE))
    )
