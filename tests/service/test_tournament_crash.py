"""Durability of the tournament service: every acknowledged command survives ``kill -9``.

A child process (``tournament_child.py``) runs a scripted tournament through
``TournamentService`` on an SQLite file and prints, after each command whose events are stored,
the stream version and ``Tournament.digest()``. The parent kills it with SIGKILL mid-way
(``run_and_kill`` from ``tests/store/crash_child.py``), reopens the file with a new service and
checks that every acknowledged version is there, that replaying the events up to each
acknowledged version gives exactly the acknowledged digest, and that at most one further command,
stored but not acknowledged, follows. Several rounds run on the same file, each child resuming
from the stored events (and starting a new tournament when one is won).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "store"))  # tests/ is not a package

from crash_child import run_and_kill

from pokertd.service.tournaments import TournamentService
from pokertd.store import SQLiteEventStore
from pokertd.tournament import events
from pokertd.tournament.aggregate import Tournament

CHILD = Path(__file__).with_name("tournament_child.py")
ROUNDS = 4
ACKNOWLEDGEMENTS = 90

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")


def acknowledged(lines: list[str]) -> list[tuple[str, int, str]]:
    """Parse the child's lines: (tournament, version, digest)."""
    found = []
    for line in lines:
        tournament, version, digest = line.split()
        found.append((tournament, int(version), digest))
    return found


def test_acknowledged_commands_survive_kill_9(tmp_path: Path) -> None:
    path = tmp_path / "tournaments.db"
    seen: dict[str, int] = {}  # the last version acknowledged per tournament, over the rounds
    for _ in range(ROUNDS):
        acks = acknowledged(run_and_kill([sys.executable, str(CHILD), str(path)], ACKNOWLEDGEMENTS))
        assert len(acks) >= ACKNOWLEDGEMENTS

        store = SQLiteEventStore(path)
        try:
            service = TournamentService(store, rng=random.Random(0))
            streams = service.tournaments()
            stored = {
                stream: [events.from_data(item.type, item.data) for item in store.read(stream)]
                for stream in streams
            }
        finally:
            store.close()

        # Acknowledged versions grow within a tournament, from where the last round stopped.
        for tournament, version, _ in acks:
            assert tournament in stored
            assert version > seen.get(tournament, 0)
            seen[tournament] = version

        # Every acknowledged version is stored, and replaying the events up to it gives exactly
        # the acknowledged digest.
        for tournament, version, digest in acks:
            history = stored[tournament]
            assert len(history) >= version
            assert Tournament.replay(history[:version]).digest() == digest

        # After the last acknowledgement, at most one further command, stored but not
        # acknowledged: at the end of the last acknowledged tournament, or the creation of the
        # next one. Its events all carry one command number, after every acknowledged one.
        extras = {
            stream: history[seen.get(stream, 0) :]
            for stream, history in stored.items()
            if len(history) > seen.get(stream, 0)
        }
        assert len(extras) <= 1, sorted(extras)
        for stream, extra in extras.items():
            assert stream == acks[-1][0] or (stream == streams[-1] and stream not in seen)
            assert len({event.cmd for event in extra}) == 1
            earlier = stored[stream][: seen.get(stream, 0)]
            assert all(event.cmd < extra[0].cmd for event in earlier)
            seen[stream] = len(stored[stream])
        for history in stored.values():
            assert Tournament.replay(history).version == len(history)
