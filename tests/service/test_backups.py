"""Backups of the event file (``pokertd.service.backups``, ``backup_check``): a whole club's file
(a tournament played out at a live table, a league), a backup taken while another process writes
without pause, the check's refusals, and the rotation of the server's backups.
"""

from __future__ import annotations

import contextlib
import datetime
import random
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from table_tools import NOW, Clock, seats, tables, tournament

from pokertd.errors import ConflictError, ParseError
from pokertd.league import commands as league_commands
from pokertd.present.i18n import error_text
from pokertd.service import backups
from pokertd.service.backup_check import check_copy
from pokertd.service.leagues import LeagueService
from pokertd.store import NewEvent, SQLiteEventStore
from pokertd.table import TableMode
from pokertd.tournament import events
from pokertd.tournament.aggregate import Tournament

CHILD = Path(__file__).with_name("tournament_child.py")
AT = "2026-03-06T19:00:00+00:00"


@contextlib.contextmanager
def opened(path: Path, *, read_only: bool = False) -> Iterator[SQLiteEventStore]:
    store = SQLiteEventStore(path, read_only=read_only)
    try:
        yield store
    finally:
        store.close()


@pytest.fixture(scope="module")
def club_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An event file with a tournament of six played out by bots at an online table (its table
    stream, seat links) and a league season that counts it."""
    db = tmp_path_factory.mktemp("club") / "club.db"
    clock = Clock()
    with opened(db) as store:
        service, tid = tournament(store, clock, stack=2_000)
        live = tables(service, clock)
        live.seat_link(tid, 1)
        for seat in seats(service, tid):
            live.set_bot(tid, 1, seat, True)
        while service.load(tid).state.winner is None:
            live.start_hand(tid, 1, mode=TableMode.ONLINE)
            live.run_bots(tid, 1)
            clock.advance(90)
        league = LeagueService(store, now=clock)
        season = league.create(league_commands.CreateLeague("Club", "2025-2026")).stream
        league.add_tournament(season, tid, date="2026-03-06")
    return db


def test_a_whole_club_file_is_backed_up_checked_and_restored(
    club_file: Path, tmp_path: Path
) -> None:
    path, checked = backups.backup(club_file, tmp_path / "backups", now=NOW)
    assert path.name == "club-20260306T190000Z-manual.db"
    kinds = {stream.kind for stream in checked.streams}
    assert kinds == {"tournament", "table", "league", "other"}
    assert (checked.replayed, checked.compared) == (True, True)
    with opened(club_file) as source, opened(path, read_only=True) as copy:
        assert copy.streams() == source.streams()
        for stream in source.streams():
            assert copy.read(stream) == source.read(stream)
        assert checked.events == sum(source.version(s) for s in source.streams())
        expected = Tournament.replay(
            [events.from_data(e.type, e.data) for e in source.read("tournament-1")]
        )
    restored = tmp_path / "restored.db"
    done = backups.restore(path, restored, now=NOW)
    assert done.saved is None
    with opened(restored) as store:
        replayed = Tournament.replay(
            [events.from_data(e.type, e.data) for e in store.read("tournament-1")]
        )
    assert replayed.state == expected.state
    assert replayed.state.winner is not None


def test_a_table_event_that_does_not_replay_is_found(club_file: Path, tmp_path: Path) -> None:
    path, _ = backups.backup(club_file, tmp_path, now=NOW)
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as raw:
        (version,) = raw.execute(
            "SELECT min(version) FROM events WHERE stream = 'table-tournament-1-1'"
            " AND type = 'table-player-acted'"
        ).fetchone()
        raw.execute(  # the player to act folds... from a seat nobody sits in
            "UPDATE events SET data = json_set(data, '$.seat', 99)"
            " WHERE stream = 'table-tournament-1-1' AND version = ?",
            (version,),
        )
    with pytest.raises(ParseError) as raised:
        backups.check(path)
    assert str(raised.value).startswith(
        f"{path}: table-tournament-1-1, event {version} does not replay: "
    )
    assert error_text(raised.value, "fr").startswith(
        f"{path} : table-tournament-1-1, événement {version} ne se rejoue pas : "
    )


# -- a backup while another process writes -------------------------------------------------------


def test_backups_while_another_process_writes_are_whole_and_lose_no_write(tmp_path: Path) -> None:
    """A child process plays a tournament through the service without pause (one command after
    another, each acknowledged once stored) while backups are taken: each backup is checked
    against the file at that moment (so it replays and is a prefix of it), and the child never
    fails nor loses an acknowledged command."""
    db = tmp_path / "club.db"
    child = subprocess.Popen(
        [sys.executable, str(CHILD), str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    acknowledged: list[str] = []
    assert child.stdout is not None
    reader = threading.Thread(target=lambda: acknowledged.extend(iter(child.stdout.readline, "")))
    try:
        reader.start()
        while len(acknowledged) < 20:
            assert child.poll() is None, child.stderr.read() if child.stderr else ""
            threading.Event().wait(0.01)
        taken = []
        for number in range(6):
            moment = NOW + datetime.timedelta(minutes=number)
            path, checked = backups.backup(db, tmp_path / "backups", now=moment)
            taken.append((path, checked.events, len(acknowledged)))
        assert child.poll() is None  # still writing: nothing refused it
    finally:
        child.kill()
        child.wait()
        reader.join()
    assert child.stderr is not None
    assert child.stderr.read() == ""  # no conflict, no "database is locked", no traceback
    assert [events for _, events, _ in taken] == sorted(events for _, events, _ in taken)
    assert taken[-1][2] > taken[0][2]  # the child went on writing between the backups
    with opened(db) as store:
        final = {stream: store.read(stream) for stream in store.streams()}
        for line in acknowledged:  # every acknowledged command is in the file, as acknowledged
            tid, version, digest = line.split()
            history = [events.from_data(e.type, e.data) for e in final[tid][: int(version)]]
            assert Tournament.replay(history).digest() == digest
    for path, _, _ in taken:  # each backup is the file as it was at one moment
        with opened(path, read_only=True) as copy:
            for stream in copy.streams():
                stored = copy.read(stream)
                assert stored == final[stream][: len(stored)]


# -- what the check refuses -----------------------------------------------------------------------


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Callable[..., SQLiteEventStore]]:
    """Make SQLite stores holding one ``clock-paused`` event per (stream, marker) given, in
    that order."""
    made: list[SQLiteEventStore] = []

    def make(*appends: tuple[str, str]) -> SQLiteEventStore:
        made.append(SQLiteEventStore(tmp_path / f"{len(made)}.db"))
        for stream, marker in appends:
            made[-1].append(
                stream,
                [NewEvent("clock-paused", {"marker": marker})],
                expected_version=made[-1].version(stream),
                recorded_at=AT,
            )
        return made[-1]

    yield make
    for each in made:
        each.close()


Make = Callable[..., SQLiteEventStore]


def test_a_copy_whose_events_differ_from_the_source_is_refused(store: Make) -> None:
    source = store(("seat-links", "a"), ("seat-links", "b"))
    with pytest.raises(ParseError, match="seat-links, event 2: the backup differs"):
        check_copy(store(("seat-links", "a"), ("seat-links", "x")), source)


def test_a_copy_that_lacks_an_event_stored_before_its_last_is_refused(store: Make) -> None:
    source = store(("seat-links", "a"), ("web-settings", "b"), ("seat-links", "c"))
    # The copy holds a third event, so the source's third (seat-links 2) should be in it.
    copy = store(("seat-links", "a"), ("web-settings", "b"), ("web-settings", "d"))
    with pytest.raises(ParseError, match="seat-links: the backup lacks event 2 of the event file"):
        check_copy(copy, source)
    # Taken before that event was stored, the copy is the file as it was then: sound.
    assert check_copy(store(("seat-links", "a"), ("web-settings", "b")), source).events == 2


def test_a_copy_that_lacks_a_stream_is_refused_and_one_taken_earlier_is_not(store: Make) -> None:
    source = store(("seat-links", "a"), ("web-settings", "b"))
    with pytest.raises(ParseError, match="the backup lacks the stream web-settings"):
        check_copy(store(("seat-links", "a"), ("seat-links", "z")), source)
    # A copy taken before the second stream existed is the file as it was then: sound.
    assert check_copy(store(("seat-links", "a")), source).events == 1


def test_a_copy_missing_an_event_is_refused_even_alone(store: Make) -> None:
    copy = store(("seat-links", "a"), ("seat-links", "b"), ("seat-links", "c"))
    copy.close()
    with contextlib.closing(sqlite3.connect(copy.path, isolation_level=None)) as raw:
        raw.execute("DELETE FROM events WHERE version = 2")
    damaged = SQLiteEventStore(copy.path, read_only=True)
    with contextlib.closing(damaged), pytest.raises(ParseError, match="event 2 is missing"):
        check_copy(damaged)


def test_streams_already_replayed_at_their_version_are_not_replayed_again(store: Make) -> None:
    broken = store(("tournament-1", "a"))  # a clock paused before the tournament was created
    with pytest.raises(ParseError, match="tournament-1, event 1 does not replay"):
        check_copy(broken, broken)
    assert check_copy(broken, broken, known={"tournament-1": 1}).events == 1
    with pytest.raises(ParseError):
        check_copy(broken, broken, known={"tournament-1": 0})


# -- names and rotation ---------------------------------------------------------------------------


def test_backup_names_sort_by_time_and_say_why() -> None:
    moments = [NOW + datetime.timedelta(hours=h, seconds=s) for h, s in ((0, 5), (2, 0), (11, 1))]
    names = [backups.backup_name(Path("club.db"), m, "periodic") for m in reversed(moments)]
    assert sorted(names) == names[::-1]
    paris = datetime.timezone(datetime.timedelta(hours=1))
    assert backups.backup_name(Path("/srv/club.db"), NOW.astimezone(paris), "stop") == (
        "club-20260306T190000Z-stop.db"
    )
    with pytest.raises(ParseError):
        backups.backup_name(Path("club.db"), NOW, "Level 3")


def test_rotation_keeps_the_last_automatic_backups_and_every_other(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    with opened(db) as store:
        store.append("seat-links", [NewEvent("clock-paused", {})], expected_version=0,
                     recorded_at=AT)  # fmt: skip
    folder = tmp_path / "backups"
    triggers = ["start", "manual", "tournament-1-level-2", "before-restore", "tournament-1-break",
                "periodic", "tournament-1-level-3", "tournament-1-finished", "stop"]  # fmt: skip
    order = random.Random(3).sample(range(len(triggers)), len(triggers))  # written in any order
    for index in order:
        moment = NOW + datetime.timedelta(minutes=10 * index)
        backups.backup(db, folder, now=moment, trigger=triggers[index])
    (folder / "club-notes.db").write_text("not a backup", encoding="utf-8")
    (folder / "other-20260306T190000Z-start.db").write_text("another file's", encoding="utf-8")
    removed = backups.rotate(folder, db, keep=3)
    assert [path.name.split("Z-")[1] for path in removed] == [
        "start.db",
        "tournament-1-level-2.db",
        "tournament-1-break.db",
        "periodic.db",
    ]
    left = sorted(path.name for path in folder.iterdir())
    assert [name.split("Z-")[-1] for name in left if name.startswith("club-2026")] == [
        "manual.db", "before-restore.db", "tournament-1-level-3.db", "tournament-1-finished.db",
        "stop.db",
    ]  # fmt: skip
    assert {"club-notes.db", "other-20260306T190000Z-start.db"} <= set(left)
    assert backups.rotate(folder, db, keep=3) == []


def test_a_backup_name_already_taken_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    with opened(db) as store:
        store.append("seat-links", [NewEvent("clock-paused", {})], expected_version=0,
                     recorded_at=AT)  # fmt: skip
    backups.backup(db, tmp_path / "backups", now=NOW, trigger="periodic")
    with pytest.raises(ConflictError, match="already exists"):
        backups.backup(db, tmp_path / "backups", now=NOW, trigger="periodic")
    assert [path.name for path in (tmp_path / "backups").iterdir()] == [
        "club-20260306T190000Z-periodic.db"
    ]  # and no hidden copy left behind
