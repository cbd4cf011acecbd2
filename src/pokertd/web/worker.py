"""The app of one worker of ``pokertd web --workers N``: uvicorn's supervisor starts each worker
as a new process and calls ``worker_app`` there; the parent passes the database and the cookie
setting through the environment (it has already set the password and seeded the demo).

Apart from ``pokertd.web.cluster`` so that the cluster never imports the app that uses it.
"""

from __future__ import annotations

import os

from fastapi import FastAPI

from pokertd.web.app import create_app
from pokertd.web.tenants import Clubs, create_server

#: The environment variables the parent sets for its workers.
WORKER_DB = "POKERTD_WORKER_DB"
WORKER_SECURE = "POKERTD_WORKER_SECURE_COOKIES"
#: Set when the database is a server's register of clubs (``pokertd web --clubs``).
WORKER_CLUBS = "POKERTD_WORKER_CLUBS"
#: The administrator's host name of a server of clubs (``--admin-host``), if any.
WORKER_ADMIN_HOST = "POKERTD_WORKER_ADMIN_HOST"


def worker_app() -> FastAPI | Clubs:
    """The app of one worker process: one club's, or a server of clubs' (``tenants``)."""
    secure = bool(os.environ.get(WORKER_SECURE))
    if os.environ.get(WORKER_CLUBS):
        admin_host = os.environ.get(WORKER_ADMIN_HOST, "")
        return create_server(os.environ[WORKER_DB], secure_cookies=secure, admin_host=admin_host)
    return create_app(os.environ[WORKER_DB], password=None, secure_cookies=secure)
