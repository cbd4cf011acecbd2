"""Opening a big event: what every ``pokertd tournament ...`` command pays before it does anything.

A command opens the SQLite file, reads the tournament's events (``store.read``), decodes them
(``events.from_data``) and replays them (``Tournament.replay``): ``TournamentService.load`` on a
fresh service, as a new CLI process does. The tournament here is a ``--players`` field played to
the end by bots (``pokertd.sim``), written to a temporary SQLite file as the service writes it,
with the snapshot the service would have saved (at the last multiple of ``SNAPSHOT_EVERY``
events).

Each part is timed on its own and the whole load too, taking turns, best of ``--rounds``; the
reference in the same run is the reader before ``pokertd.codec`` (``bench/codec.py``) doing the
decoding. Then the load from the snapshot and the events after it is timed against the load
replaying every event (``use_snapshots=False``), taking turns, and so is a whole command (open,
then ``SetDisplayMessage``) each way; the ratio is the full replay's time over the snapshot's.
Peak memory is measured once for each load with ``tracemalloc`` (Python's allocations only).
Run ``python bench/open_event.py [--players 1000] [--rounds 3] [--no-parts]``. Nothing here
asserts: timings belong in benchmarks, never in tests.
"""

from __future__ import annotations

import argparse
import datetime
import itertools
import pathlib
import platform
import resource
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Sequence

from codec import best_of_each, reference_from_data
from pokertd.service.streams import SNAPSHOT_EVERY
from pokertd.service.tournaments import TournamentService, code_version
from pokertd.sim.run import Settings, _Run  # the run keeps its aggregate: its events are the data
from pokertd.sourcing import History
from pokertd.store import NewEvent, SQLiteEventStore, StoredEvent
from pokertd.tournament import commands, events, snapshot
from pokertd.tournament.aggregate import Tournament

STREAM = "tournament-1"
#: A new message for each command (the same one twice is refused).
MESSAGES = itertools.count(1)
#: Events appended per transaction while the file is written (how it was written does not
#: change how it is read).
BATCH = 5_000


def write_event(path: pathlib.Path, players: int) -> int:
    """Write the events of a ``players`` tournament played to the end to a new SQLite file at
    ``path``; return how many events it holds."""
    run = _Run(Settings(players=players, seed=3, template="turbo").checked(), None)
    run.play()
    history = run.tournament.events
    store = SQLiteEventStore(path)
    at = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC).isoformat()
    for start in range(0, len(history), BATCH):
        batch = [NewEvent(e.name, events.to_data(e)) for e in history[start : start + BATCH]]
        store.append(STREAM, batch, expected_version=start, recorded_at=at)
    version = len(history) // SNAPSHOT_EVERY * SNAPSHOT_EVERY
    if version:  # the snapshot the service saved as the log grew
        before = Tournament.replay(history[:version])
        saved = snapshot.encode(
            before.state, undone=before.undone, last_cmd=before.last_cmd, code=code_version()
        )
        store.save_snapshot(STREAM, version, saved)
    store.close()
    return len(history)


def load(path: pathlib.Path, *, use_snapshots: bool = False) -> Tournament:
    """Open the file and load the tournament as a new ``pokertd`` process does (replaying every
    event unless ``use_snapshots``)."""
    store = SQLiteEventStore(path)
    try:
        tournament = TournamentService(store, use_snapshots=use_snapshots).load(STREAM)
    finally:
        store.close()
    found = tournament.events
    if use_snapshots and (not isinstance(found, History) or found.is_loaded):
        raise AssertionError("the load from the snapshot read every event")
    return tournament


def command(path: pathlib.Path, *, use_snapshots: bool) -> None:
    """Open the file, load the tournament and give it a command, as ``pokertd tournament
    message`` does."""
    store = SQLiteEventStore(path)
    try:
        service = TournamentService(store, use_snapshots=use_snapshots, snapshot_every=10**9)
        service.execute(STREAM, commands.SetDisplayMessage(f"bench {next(MESSAGES)}"))
    finally:
        store.close()


def read(path: pathlib.Path) -> list[StoredEvent]:
    """Read the stored events back from the file."""
    store = SQLiteEventStore(path)
    try:
        return store.read(STREAM)
    finally:
        store.close()


def peak_megabytes(action: Callable[[], object]) -> float:
    """Return the peak of Python's allocations during ``action``, in MB."""
    tracemalloc.start()
    try:
        action()
        return tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()


def measure(players: int, rounds: int, *, parts: bool = True) -> dict[str, float]:
    """Return the seconds each part of opening the event takes, and the peak memory of a load;
    check first that the codec and the reference decode the same events; then the load and a
    command from the snapshot against the full replay."""
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder) / "event.db"
        count = write_event(path, players)
        found: dict[str, float] = {"events": count}
        if parts:
            found |= measure_parts(path, rounds)
        found |= measure_snapshot(path, rounds)
    return found


def measure_snapshot(path: pathlib.Path, rounds: int) -> dict[str, float]:
    """Return the load and a command, from the snapshot and by the full replay, in seconds, and
    the peak memory of each load; check first that both loads give the same tournament."""
    full, snapped = load(path), load(path, use_snapshots=True)
    if (full.state, full.digest()) != (snapped.state, snapped.digest()):
        raise AssertionError("the snapshot and the replay give different tournaments")
    del full, snapped
    took = best_of_each(
        rounds,
        lambda: load(path),
        lambda: load(path, use_snapshots=True),
        lambda: command(path, use_snapshots=False),
        lambda: command(path, use_snapshots=True),
    )
    names = ("full_load_s", "snapshot_load_s", "full_command_s", "snapshot_command_s")
    return {
        **dict(zip(names, took, strict=True)),
        "full_peak_mb": peak_megabytes(lambda: load(path)),
        "snapshot_peak_mb": peak_megabytes(lambda: load(path, use_snapshots=True)),
        "max_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3,
    }


def measure_parts(path: pathlib.Path, rounds: int) -> dict[str, float]:
    """Return the seconds reading, decoding (codec and reference) and replaying take, and the
    whole load replaying every event, and its peak memory."""
    stored = read(path)
    decoded = [events.from_data(item.type, item.data) for item in stored]
    if decoded != [reference_from_data(item.type, item.data) for item in stored]:
        raise AssertionError("the codec reads the stored events otherwise than the reference")
    took = best_of_each(
        rounds,
        lambda: read(path),
        lambda: [events.from_data(item.type, item.data) for item in stored],
        lambda: [reference_from_data(item.type, item.data) for item in stored],
        lambda: Tournament.replay(decoded),
        lambda: load(path),
    )
    memory = peak_megabytes(lambda: load(path))
    names = ("read_s", "decode_s", "decode_reference_s", "replay_s", "load_s")
    return {**dict(zip(names, took, strict=True)), "peak_mb": memory}


def snapshot_rows(found: dict[str, float]) -> Sequence[tuple[str, str]]:
    """Return the snapshot's measures as (label, value) lines."""
    load_ratio = found["full_load_s"] / found["snapshot_load_s"]
    command_ratio = found["full_command_s"] / found["snapshot_command_s"]
    return [
        ("load, s: full replay / snapshot (ratio)",
         f"{found['full_load_s']:.3f} / {found['snapshot_load_s']:.3f} ({load_ratio:.1f})"),
        ("open + one command, s: full replay / snapshot (ratio)",
         f"{found['full_command_s']:.3f} / {found['snapshot_command_s']:.3f} "
         f"({command_ratio:.1f})"),
        ("peak Python memory of a load, MB: full / snapshot",
         f"{found['full_peak_mb']:.0f} / {found['snapshot_peak_mb']:.0f}"),
        ("peak resident memory of this process, MB", f"{found['max_rss_mb']:.0f}"),
    ]  # fmt: skip


def rows(found: dict[str, float]) -> Sequence[tuple[str, str]]:
    """Return the measures as (label, value) lines."""
    if "read_s" not in found:
        return snapshot_rows(found)
    per_event = 1e6 / found["events"]
    reference = found["load_s"] - found["decode_s"] + found["decode_reference_s"]
    return [
        ("read from SQLite, s (us/event)",
         f"{found['read_s']:.2f} ({found['read_s'] * per_event:.1f})"),
        ("decode, s (us/event), codec / reference",
         f"{found['decode_s']:.2f} ({found['decode_s'] * per_event:.1f}) / "
         f"{found['decode_reference_s']:.2f} ({found['decode_reference_s'] * per_event:.1f})"),
        ("replay, s (us/event)",
         f"{found['replay_s']:.2f} ({found['replay_s'] * per_event:.1f})"),
        ("whole load, s, now / with the reference decoder",
         f"{found['load_s']:.2f} / {reference:.2f}"),
        ("peak Python memory of a load, MB", f"{found['peak_mb']:.0f}"),
        *snapshot_rows(found),
    ]  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--no-parts",
        dest="parts",
        action="store_false",
        help="time only the loads and commands, not each part of a full load",
    )
    args = parser.parse_args()
    started = time.perf_counter()
    found = measure(args.players, args.rounds, parts=args.parts)
    print(f"{found['events']:,.0f} events of a {args.players:,}-player tournament, "
          f"best of {args.rounds} ({time.perf_counter() - started:.0f} s in all)")  # fmt: skip
    for label, value in rows(found):
        print(f"  {label:<50} {value}")
    print(f"  machine: {platform.processor() or platform.machine()}, Python "
          f"{platform.python_version()}")  # fmt: skip


if __name__ == "__main__":
    main()
