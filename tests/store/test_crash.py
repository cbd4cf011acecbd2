"""Durability: every acknowledged append survives ``kill -9``, and no batch is ever half there.

A child process appends batches of 1 to 3 events and prints the version after each append
returns; the parent kills it with SIGKILL right after reading its 200th acknowledgement, then
reopens the file. Where the kill lands is left to chance; what must hold does not depend on it.
Several rounds run on the same file, each child resuming where the last one died.
"""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

import pytest
from crash_child import (
    EVENT_TYPE,
    RECORDED_AT,
    STREAM,
    batch_size,
    expected_events,
    is_batch_end,
    run_and_kill,
)

from pokertd.store import SQLiteEventStore

CHILD = Path(__file__).with_name("crash_child.py")
ROUNDS = 4
ACKNOWLEDGEMENTS = 200

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")


def test_acknowledged_appends_survive_kill_9(tmp_path: Path) -> None:
    path = tmp_path / "events.db"
    version = 0
    for _ in range(ROUNDS):
        lines = run_and_kill([sys.executable, str(CHILD), str(path)], ACKNOWLEDGEMENTS)
        acknowledged = [int(line) for line in lines]
        assert len(acknowledged) >= ACKNOWLEDGEMENTS

        # The child acknowledged whole batches, one after the other, from where it started.
        expected_acks = []
        for _ in acknowledged:
            version += batch_size(version)
            expected_acks.append(version)
        assert acknowledged == expected_acks
        last = acknowledged[-1]

        store = SQLiteEventStore(path)
        events = store.read(STREAM)
        version = store.version(STREAM)
        store.close()

        # Every acknowledged event is there, numbered 1..N with no gap; at most the batch in
        # flight when the child died is there too, and then in full.
        assert [event.version for event in events] == list(range(1, version + 1))
        assert version in (last, last + batch_size(last))
        assert is_batch_end(version)
        assert [(event.type, event.data) for event in events] == [
            (event.type, event.data) for event in expected_events(version)
        ]
        assert {event.type for event in events} == {EVENT_TYPE}
        assert {event.recorded_at for event in events} == {RECORDED_AT}
        positions = [event.position for event in events]
        assert positions == sorted(set(positions))

        with sqlite3.connect(path) as connection:
            assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        connection.close()


def test_the_harness_reports_a_child_that_dies_by_itself() -> None:
    child = "import sys\nprint(1, flush=True)\nsys.exit('the child gave up')"
    with pytest.raises(AssertionError, match=r"status 1 after 1 acknowledgements:\n.*gave up"):
        run_and_kill([sys.executable, "-c", child], ACKNOWLEDGEMENTS)


def test_the_harness_returns_the_lines_printed_before_the_kill_landed() -> None:
    # The child prints 5 lines in one write (print() may write the last newline apart, and the
    # kill can land between the two), then waits for a signal: all 5 were acknowledged.
    child = "import os, signal\nos.write(1, b'a\\nb\\nc\\nd\\ne\\n')\nsignal.pause()"
    assert run_and_kill([sys.executable, "-c", child], acknowledgements=2) == list("abcde")
