"""A ``kill -9`` harness for the durability bar: a child acknowledges, the parent kills it.

DESIGN.md asks that an acknowledged command survive ``kill -9`` of the server. A test checks it by
running a child process that does durable work and prints one line per acknowledged piece of work,
killing it with SIGKILL at an arbitrary moment, then checking the file it wrote.

Two faces:

- :func:`run_and_kill` (the parent side) works with any child command that prints one
  acknowledgement per line on stdout, flushing after each, *after* the work is durable. The
  tournament service can reuse it with its own child::

      sys.path.insert(0, str(Path(__file__).parents[1] / "store"))  # tests/ is not a package
      from crash_child import run_and_kill

      acks = run_and_kill([sys.executable, str(CHILD), str(db)], acknowledgements=100)

- Run as a script, ``python tests/store/crash_child.py DB`` is the event store's child: it opens
  the SQLite store ``DB`` and appends batches of 1 to 3 events to the stream ``crash-test``
  forever, printing the stream version after each append returns. The batches and their data
  are a function of the version the batch starts at (:func:`batch`), so the parent can tell
  exactly which events must be in the file (:func:`expected_events`).
"""

from __future__ import annotations

import os
import selectors
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from typing import Any

from pokertd.store import NewEvent, SQLiteEventStore

STREAM = "crash-test"
EVENT_TYPE = "crash-tested"
#: The child never reads the clock either; every event is recorded at this moment.
RECORDED_AT = "2024-05-01T18:30:00+00:00"
#: A child stops by itself after this many appends, should its parent have vanished.
MAX_APPENDS = 100_000

#: Batches of 1, 2 and 3 events repeat every 6 versions: they start at versions 0, 1, 3 (mod 6).
_SIZE_AT = {0: 1, 1: 2, 3: 3}


def run_and_kill(args: list[str], acknowledgements: int, *, timeout: float = 60.0) -> list[str]:
    """Run ``args``, SIGKILL it once it printed ``acknowledgements`` lines; return all its lines.

    The kill is sent as soon as the ``acknowledgements``-th line is read. Lines the child printed
    after it but before it died are returned too: they were acknowledged as well. A line counts
    only once its newline has arrived. POSIX only.

    Raises ``AssertionError`` if the child exits by itself (with its stderr in the message), or
    has not printed enough lines within ``timeout`` seconds (a guard against hangs, not a
    measure of speed).

    >>> import sys
    >>> child = "import itertools\\nfor n in itertools.count(): print(n, flush=True)"
    >>> lines = run_and_kill([sys.executable, "-c", child], acknowledgements=3)
    >>> len(lines) >= 3 and lines[:3] == ["0", "1", "2"]
    True
    """
    lines: list[bytes] = []
    pending = b""
    with tempfile.TemporaryFile() as stderr:
        process = subprocess.Popen(
            args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=stderr
        )
        assert process.stdout is not None
        try:
            descriptor = process.stdout.fileno()
            deadline = time.monotonic() + timeout
            with selectors.DefaultSelector() as selector:
                selector.register(descriptor, selectors.EVENT_READ)
                while len(lines) < acknowledgements:
                    if not selector.select(max(0.0, deadline - time.monotonic())):
                        raise AssertionError(
                            f"{args!r} printed {len(lines)} of {acknowledgements} "
                            f"acknowledgements in {timeout} s"
                        )
                    chunk = os.read(descriptor, 1 << 16)
                    if not chunk:
                        status = process.wait()
                        stderr.seek(0)
                        tail = stderr.read().decode(errors="replace")[-2000:]
                        raise AssertionError(
                            f"{args!r} exited with status {status} after {len(lines)} "
                            f"acknowledgements:\n{tail}"
                        )
                    *complete, pending = (pending + chunk).split(b"\n")
                    lines.extend(complete)
            os.kill(process.pid, signal.SIGKILL)
        finally:
            if process.poll() is None:
                process.kill()
            status = process.wait()
        # The pipe still holds what the child printed between our last read and its death.
        *complete, _partial = (pending + process.stdout.read()).split(b"\n")
        process.stdout.close()
        lines.extend(complete)
    if status != -signal.SIGKILL:
        raise AssertionError(f"{args!r} exited with status {status} before it was killed")
    return [line.decode() for line in lines]


def batch_size(start: int) -> int:
    """Return the number of events of the batch that starts after version ``start``.

    >>> [batch_size(start) for start in (0, 1, 3, 6, 7, 9)]
    [1, 2, 3, 1, 2, 3]
    """
    return _SIZE_AT[start % 6]


def is_batch_end(version: int) -> bool:
    """Tell whether a stream at ``version`` holds whole batches only.

    >>> [version for version in range(10) if is_batch_end(version)]
    [0, 1, 3, 6, 7, 9]
    """
    return version % 6 in _SIZE_AT


def batch(start: int) -> list[NewEvent]:
    """Return the batch the child appends to a stream at version ``start``.

    The payload grows with the version, so later appends write more.

    >>> [event.data["version"] for event in batch(1)]
    [2, 3]
    """
    return [
        NewEvent(EVENT_TYPE, _data(start, version))
        for version in range(start + 1, start + batch_size(start) + 1)
    ]


def expected_events(version: int) -> list[NewEvent]:
    """Return the events a stream at ``version`` must hold, ``version`` being a batch end.

    >>> [event.data["batch"] for event in expected_events(3)]
    [0, 1, 1]
    """
    events: list[NewEvent] = []
    while len(events) < version:
        events.extend(batch(len(events)))
    assert len(events) == version, f"version {version} ends no batch"
    return events


def _data(start: int, version: int) -> dict[str, Any]:
    return {
        "version": version,
        "batch": start,
        "payload": f"{version:06d}" * min(version, 500),
        "nested": {"chips": [version, version * 25], "is_even": version % 2 == 0},
    }


def main(argv: Sequence[str]) -> int:
    """Append batches to ``argv[0]`` forever, printing the version after each append returns."""
    (path,) = argv
    store = SQLiteEventStore(path)
    version = store.version(STREAM)
    for _ in range(MAX_APPENDS):
        version = store.append(
            STREAM, batch(version), expected_version=version, recorded_at=RECORDED_AT
        )
        # The acknowledgement: printed only once append has returned, i.e. committed to disk.
        print(version, flush=True)
    store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
