"""Opening a tournament from its latest snapshot and the events after it (issue 20).

A scripted floor (``tournament_child.next_command``) plays a field through ``TournamentService``
over SQLite and PostgreSQL, a snapshot saved every ``EVERY`` events. A new service (a new
``pokertd`` process) then opens the tournament: it is the tournament every event replays to,
without having read the events before the snapshot; a snapshot written by another version of
pokertd, or damaged, is ignored and every event replayed; an undo of a command older than the
snapshot gives what it gives on the replayed tournament.
"""

from __future__ import annotations

import contextlib
import logging
import random
import sqlite3
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "tournament"))

from tournament_child import FakeClock, next_command

from pokertd.present.tournament_log import log_json, log_lines
from pokertd.present.words import words_for
from pokertd.service.tournaments import TournamentService, code_version
from pokertd.sourcing import History
from pokertd.store import EventStore, SQLiteEventStore, open_store
from pokertd.tournament import commands, events, snapshot
from pokertd.tournament.aggregate import Tournament

EVERY = 40
PLAYERS = 30
STREAM = "tournament-1"

Opener = Callable[[], EventStore]


@pytest.fixture(params=["sqlite", "postgres"])
def opener(request: pytest.FixtureRequest, tmp_path: Path) -> Opener:
    """Opens a new connection to the same store, as a new process would."""
    if request.param == "sqlite":
        path = tmp_path / "events.db"
        return lambda: SQLiteEventStore(path)
    url: str = request.getfixturevalue("postgres_url")
    return lambda: open_store(url)


@pytest.fixture
def sqlite_opener(tmp_path: Path) -> Opener:
    path = tmp_path / "events.db"
    return lambda: SQLiteEventStore(path)


def creation(script: random.Random) -> commands.CreateTournament:
    create = next_command(None, script, players=PLAYERS)
    assert isinstance(create, commands.CreateTournament)
    return create


def play(store: EventStore, commands_count: int, *, every: int = EVERY) -> TournamentService:
    """Play ``commands_count`` commands of the scripted floor (fewer if it is won first)."""
    clock = FakeClock()
    service = TournamentService(store, now=clock, rng=random.Random(7), snapshot_every=every)
    script = random.Random(7)
    stream = service.create(creation(script)).stream
    for _ in range(commands_count):
        tournament = service.load(stream)
        command = next_command(tournament, script, players=PLAYERS)
        if command is None:
            break
        clock.set(tournament.version)
        service.execute(stream, command)
    return service


def replayed(store: EventStore) -> Tournament:
    """The tournament every stored event replays to."""
    return Tournament.replay([events.from_data(e.type, e.data) for e in store.read(STREAM)])


def history(tournament: Tournament) -> History[events.TournamentEvent]:
    found = tournament.events
    assert isinstance(found, History)
    return found


def assert_same(tournament: Tournament, expected: Tournament) -> None:
    assert tournament.state == expected.state
    assert tournament.digest() == expected.digest()
    assert (tournament.undone, tournament.last_cmd) == (expected.undone, expected.last_cmd)
    assert tournament.version == expected.version


@contextlib.contextmanager
def opened(opener: Opener) -> Iterator[EventStore]:
    store = opener()
    try:
        yield store
    finally:
        store.close()


def test_a_tournament_opens_from_its_latest_snapshot_and_the_events_after_it(
    opener: Opener,
) -> None:
    with opened(opener) as store:
        play(store, 200)
        version = store.version(STREAM)
        found = store.load_snapshot(STREAM)
        assert found is not None
        assert found[0] == version // EVERY * EVERY  # the latest multiple of EVERY
    with opened(opener) as store:
        tournament = TournamentService(store).load(STREAM)
        assert history(tournament).base == found[0]
        assert not history(tournament).is_loaded  # the events before it were not read
        expected = replayed(store)
        assert_same(tournament, expected)
        assert list(tournament.events) == list(expected.events)  # read when asked for
        assert history(tournament).is_loaded


def test_the_service_goes_on_from_a_snapshot_as_from_the_replay(opener: Opener) -> None:
    """Commands given after opening from a snapshot (a new process each time) store the events
    a replayed tournament would have decided, undos included."""
    with opened(opener) as store:
        play(store, 120)
    for command in (commands.Undo(), commands.StartClock(), commands.Undo(), commands.Undo()):
        with opened(opener) as store:
            before = replayed(store)
            service = TournamentService(store, now=FakeClock(), rng=random.Random(1))
            tournament = service.load(STREAM)
            assert history(tournament).base > 0
            try:
                expected = before.handle(command, FakeClock()(), random.Random(1))
            except Exception as error:  # the same refusal, then
                with pytest.raises(type(error)):
                    service.execute(STREAM, command)
                continue
            assert list(service.execute(STREAM, command).events) == expected
            assert_same(service.load(STREAM), replayed(store))


def test_undo_of_a_command_older_than_the_snapshot(opener: Opener) -> None:
    with opened(opener) as store:
        play(store, 160)
        base, _ = store.load_snapshot(STREAM) or (0, {})
        stored = [events.from_data(e.type, e.data) for e in store.read(STREAM)]
        drawn = next(e.cmd for e in stored if isinstance(e, events.SeatsDrawn))
        older = next(e.cmd for e in stored[: base - 5] if e.cmd > drawn + 3)
    with opened(opener) as store:
        service = TournamentService(store, now=FakeClock(), rng=random.Random(1))
        tournament = service.load(STREAM)
        assert older <= tournament.last_cmd
        assert history(tournament).base == base
        reference = replayed(store)
        expected = reference.handle(commands.UndoBackTo(older), FakeClock()(), random.Random(1))
        outcome = service.execute(STREAM, commands.UndoBackTo(older))
        assert list(outcome.events) == expected
        reference.apply(expected)
        assert_same(service.load(STREAM), reference)
        assert_same(service.load(STREAM), replayed(store))
        assert older in service.load(STREAM).undone


def damage(path: Path, text: str) -> None:
    with contextlib.closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("UPDATE snapshots SET state = ?", (text,))


@pytest.mark.parametrize(
    "change",
    [
        pytest.param({"code": "0.0.1"}, id="another version of pokertd"),
        pytest.param({"format": snapshot.FORMAT - 1}, id="an older format"),
        pytest.param({"shape": "0123456789abcdef"}, id="another shape of the state"),
        pytest.param({"state": {"title": 3}}, id="a damaged state"),
        pytest.param({"undone": "x"}, id="damaged undos"),
    ],
)
def test_a_snapshot_of_another_version_or_damaged_is_ignored(
    sqlite_opener: Opener, change: dict[str, object], caplog: pytest.LogCaptureFixture
) -> None:
    with opened(sqlite_opener) as store:
        play(store, 100)
        version, data = store.load_snapshot(STREAM) or (0, {})
        assert version
        store.save_snapshot(STREAM, version, {**data, **change})
    with opened(sqlite_opener) as store, caplog.at_level(logging.WARNING, "pokertd.service"):
        tournament = TournamentService(store, snapshot_every=EVERY).load(STREAM)
        assert history(tournament).base == 0  # every event replayed
        assert_same(tournament, replayed(store))
        newest, saved = store.load_snapshot(STREAM) or (0, {})  # replaced by this version's
        assert newest == store.version(STREAM)
        assert snapshot.decode(saved, code=code_version()).state == tournament.state
    assert "the snapshot of tournament-1 is ignored" in caplog.text


def test_a_snapshot_that_is_not_json_is_ignored(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "events.db"
    with opened(lambda: SQLiteEventStore(path)) as store:
        play(store, 100)
    damage(path, '{"format": 1, "state": ')
    with opened(lambda: SQLiteEventStore(path)) as store, caplog.at_level(logging.WARNING):
        tournament = TournamentService(store).load(STREAM)
        assert history(tournament).base == 0
        assert_same(tournament, replayed(store))
    assert "ignored" in caplog.text


def test_a_snapshot_is_saved_where_the_service_defers_it(sqlite_opener: Opener) -> None:
    """The web server saves a snapshot once the command is answered: the service hands the
    saving to ``defer``; nothing is saved before it runs, and a saving that fails (the store
    closed meanwhile) is logged, not raised."""
    deferred: list[Callable[[], None]] = []
    with opened(sqlite_opener) as store:
        service = TournamentService(store, snapshot_every=10, defer=deferred.append)
        service.create(creation(random.Random(1)))
        for number in range(1, 10):
            service.execute(STREAM, commands.Register(f"Player {number}"))
        assert len(deferred) == 1
        assert store.load_snapshot(STREAM) is None
        deferred.pop()()
        found = store.load_snapshot(STREAM)
        assert found is not None
        assert found[0] == 10
        for number in range(10, 21):
            service.execute(STREAM, commands.Register(f"Player {number}"))
        assert len(deferred) == 1
    deferred.pop()()  # the store is closed: logged, nothing raised
    with opened(sqlite_opener) as store:
        assert (store.load_snapshot(STREAM) or (0, {}))[0] == 10


def test_an_undo_of_a_command_after_the_snapshot_reads_no_older_event(opener: Opener) -> None:
    """Undoing the last command (and a correction back to a command after the snapshot) rebuilds
    from the snapshot: the events before it are never read."""
    with opened(opener) as store:
        play(store, 120)
    with opened(opener) as store:
        service = TournamentService(store, now=FakeClock(), rng=random.Random(1))
        first = service.execute(STREAM, commands.SetDisplayMessage("Dinner at 8")).events[0].cmd
        service.execute(STREAM, commands.SetDisplayMessage("Dinner at 9"))
        service.execute(STREAM, commands.Undo())
        service.execute(STREAM, commands.UndoBackTo(first))
        tournament = service.load(STREAM)
        assert history(tournament).base > 0
        assert not history(tournament).is_loaded
        assert tournament.state.display_message == ""
        assert {first, first + 1} <= tournament.undone
        assert_same(tournament, replayed(store))


def test_a_long_tournament_without_a_snapshot_gets_one_when_it_is_replayed(
    sqlite_opener: Opener,
) -> None:
    """A file written before snapshots (or by a service without them) is replayed once, then
    opens from the snapshot saved after that replay."""
    with opened(sqlite_opener) as store:
        clock = FakeClock()
        writer = TournamentService(store, now=clock, use_snapshots=False)
        script = random.Random(3)
        writer.create(creation(script))
        while writer.load(STREAM).version < 2 * EVERY:
            command = next_command(writer.load(STREAM), script, players=PLAYERS)
            assert command is not None
            writer.execute(STREAM, command)
        assert store.load_snapshot(STREAM) is None
        version = store.version(STREAM)
    with opened(sqlite_opener) as store:
        first = TournamentService(store, snapshot_every=EVERY).load(STREAM)
        assert history(first).base == 0
        assert (store.load_snapshot(STREAM) or (0, {}))[0] == version
    with opened(sqlite_opener) as store:
        second = TournamentService(store, snapshot_every=EVERY).load(STREAM)
        assert history(second).base == version
        assert_same(second, replayed(store))


def test_the_end_of_the_log_reads_no_event_before_the_snapshot(sqlite_opener: Opener) -> None:
    """``pokertd tournament log --last N`` on a big event: the last lines, as the whole log ends,
    without reading the events before the snapshot."""
    with opened(sqlite_opener) as store:
        play(store, 120)
    words = words_for("en")
    with opened(sqlite_opener) as store:
        tournament = TournamentService(store).load(STREAM)
        last = log_lines(tournament, 12, words)
        json_last = log_json(tournament, 12)
        assert not history(tournament).is_loaded
        whole = replayed(store)
        assert last == log_lines(whole, None, words)[-len(last) :]
        assert json_last == log_json(whole, None)[-12:]
        assert len(json_last) == 12
