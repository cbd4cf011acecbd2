"""A damaged event in the server's file (issue 16: every page answered 500): the tournament it
belongs to says which event of which stream is damaged, and every other page stays readable."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient


def test_a_damaged_event_is_named_and_the_other_pages_answer(
    director: TestClient,
    new_tournament: Callable[..., str],
    make_app: Callable[..., FastAPI],
    db_path: Path,
    log_in: Callable[..., Any],
) -> None:
    damaged = new_tournament(director, title="Damaged")
    sound = new_tournament(director, title="Sound")
    with contextlib.closing(sqlite3.connect(db_path)) as connection, connection:
        connection.execute(
            "UPDATE events SET data = '{\"pla' WHERE stream = ? AND version = 2", (damaged,)
        )
    with TestClient(make_app()) as restarted:  # the server started again on the file
        log_in(restarted)
        home = restarted.get("/")
        assert home.status_code == 200
        assert "Sound" in home.text
        assert restarted.get("/api/tournaments").status_code == 200
        assert restarted.get(f"/api/tournaments/{sound}").status_code == 200
        assert restarted.get(f"/display/{sound}/clock").status_code == 200
        answer = restarted.get(f"/api/tournaments/{damaged}")
        assert answer.status_code == 400
        assert f"event 2 of {damaged} is damaged" in answer.json()["error"]["message"]
        page = restarted.get(f"/console/{damaged}")
        assert page.status_code == 400
        assert f"event 2 of {damaged} is damaged" in page.text
