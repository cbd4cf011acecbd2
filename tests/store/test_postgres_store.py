"""What the PostgreSQL store adds to the contract (``test_event_store.py`` runs the contract):
several connections racing on one database, the schema and its version table, lost connections,
errors that never show a password. Every test runs on a real server (``tests/conftest.py``).
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import psycopg
import pytest
from psycopg import errors as pg_errors

from pokertd.errors import ConflictError, ParseError
from pokertd.store import EventStore, NewEvent, open_store
from pokertd.store.postgres import SCHEMA_VERSION, PostgresEventStore

AT = "2024-05-01T18:30:00+00:00"
T = TypeVar("T")


def registered(player: str) -> NewEvent:
    return NewEvent("player-registered", {"player": player})


@contextlib.contextmanager
def opened(url: str) -> Iterator[EventStore]:
    with contextlib.closing(open_store(url)) as store:
        yield store


def race(calls: list[Callable[[], T]]) -> list[T | BaseException]:
    """Run the calls at once, one thread each, released together; return each one's result or
    exception."""
    start = threading.Barrier(len(calls))
    results: list[T | BaseException] = [RuntimeError("not run")] * len(calls)

    def run(index: int) -> None:
        start.wait()
        try:
            results[index] = calls[index]()
        except Exception as error:
            results[index] = error

    threads = [threading.Thread(target=run, args=(index,)) for index in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


def appending(store: EventStore, stream: str, player: str, version: int) -> Callable[[], int]:
    return lambda: store.append(
        stream, [registered(player)], expected_version=version, recorded_at=AT
    )


def test_two_connections_racing_for_version_n_one_wins(postgres_url: str) -> None:
    """Each round, two stores (two connections) append at the same version at once, to a new
    stream (the stream's row is created) and to one that exists (its row is locked): exactly one
    append wins, the other is a ConflictError, and the stream has one event per version."""
    with opened(postgres_url) as first, opened(postgres_url) as second:
        for round_number in range(20):
            for stream in (f"new-{round_number}", "shared"):
                version = first.version(stream)
                results = race(
                    [
                        appending(first, stream, "one", version),
                        appending(second, stream, "two", version),
                    ]
                )
                won = [result for result in results if result == version + 1]
                lost = [result for result in results if isinstance(result, ConflictError)]
                assert (len(won), len(lost)) == (1, 1), results
                assert second.version(stream) == version + 1
        shared = first.read("shared")
        assert [event.version for event in shared] == list(range(1, 21))
        positions = [event.position for stream in first.streams() for event in first.read(stream)]
        assert len(set(positions)) == len(positions) == 40


def test_the_database_refuses_a_second_version_n(postgres_url: str) -> None:
    """Behind the lock, UNIQUE (stream, version): a writer that skipped the check (here plain
    SQL) cannot write a version that exists."""
    with opened(postgres_url) as store:
        store.append("t1", [registered("Ana")], expected_version=0, recorded_at=AT)
    with psycopg.connect(postgres_url) as raw, pytest.raises(pg_errors.UniqueViolation):
        raw.execute(
            "INSERT INTO pokertd.events (stream, version, type, data, recorded_at)"
            " VALUES ('t1', 1, 'player-registered', '{}', %s)",
            (AT,),
        )


def test_positions_increase_across_connections(postgres_url: str) -> None:
    with opened(postgres_url) as first, opened(postgres_url) as second:
        for number in range(6):
            writer = (first, second)[number % 2]
            stream = f"t{number % 3}"
            writer.append(
                stream,
                [registered(f"p{number}")],
                expected_version=writer.version(stream),
                recorded_at=AT,
            )
        events = [event for stream in second.streams() for event in second.read(stream)]
    by_position = sorted(events, key=lambda event: event.position)
    assert [event.data["player"] for event in by_position] == [f"p{n}" for n in range(6)]


def test_the_schema_has_a_version_table_and_is_made_once(postgres_url: str) -> None:
    """Stores opened at once on a new database: the schema is created once, under the lock."""
    results = race([lambda: open_store(postgres_url) for _ in range(4)])
    stores = [result for result in results if isinstance(result, PostgresEventStore)]
    assert len(stores) == 4, results
    for store in stores:
        assert store.schema_version() == SCHEMA_VERSION == 3
        store.close()
    with psycopg.connect(postgres_url) as raw:
        rows = raw.execute("SELECT version FROM pokertd.schema_version").fetchall()
        tables = raw.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'pokertd'"
            " ORDER BY table_name"
        ).fetchall()
    assert rows == [(SCHEMA_VERSION,)]
    assert tables == [("events",), ("records",), ("schema_version",), ("snapshots",), ("streams",)]


def test_a_database_from_a_newer_pokertd_is_refused(postgres_url: str) -> None:
    with opened(postgres_url) as store:
        store.append("t1", [registered("Ana")], expected_version=0, recorded_at=AT)
    with psycopg.connect(postgres_url) as raw:
        raw.execute("UPDATE pokertd.schema_version SET version = 99")
    with pytest.raises(ParseError, match=r"newer pokertd \(schema 99, this one knows up to 3\)"):
        open_store(postgres_url)


def test_a_schema_pokertd_of_another_program_is_refused(postgres_url: str) -> None:
    with psycopg.connect(postgres_url) as raw:
        raw.execute("CREATE SCHEMA pokertd")
        raw.execute("CREATE TABLE pokertd.events (id integer)")
    with pytest.raises(ParseError, match="has a schema pokertd that pokertd did not make"):
        open_store(postgres_url)


def test_the_store_keeps_the_json_text_as_written(postgres_url: str) -> None:
    """Column type json keeps the text: key order, spacing and number spelling come back as the
    base wrote them, so two stores of the same events compare equal row by row."""
    data = {"z": 1, "a": [1.0, 1e100, -0.0], "é": "🂡"}
    with opened(postgres_url) as store:
        store.append("t1", [NewEvent("chips-counted", data)], expected_version=0, recorded_at=AT)
        assert store.read("t1")[0].data == data
    with psycopg.connect(postgres_url) as raw:
        (text,) = raw.execute("SELECT data::text FROM pokertd.events").fetchone() or ("",)
        (player,) = raw.execute("SELECT data->>'é' FROM pokertd.events").fetchone() or ("",)
    assert text == '{"z":1,"a":[1.0,1e+100,-0.0],"é":"🂡"}'
    assert player == "🂡"


def test_a_lost_connection_fails_one_call_then_the_store_reconnects(postgres_url: str) -> None:
    with opened(postgres_url) as store, psycopg.connect(postgres_url, autocommit=True) as admin:
        store.append("t1", [registered("Ana")], expected_version=0, recorded_at=AT)
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        with pytest.raises(OSError, match="PostgreSQL event store postgresql://pokertd@"):
            store.version("t1")
        assert store.append("t1", [registered("Bo")], expected_version=1, recorded_at=AT) == 2


def test_an_unreachable_server_is_an_oserror_without_the_password(tmp_path: Path) -> None:
    url = f"postgresql://club:s3cret-word@/pokertd?host={tmp_path}&connect_timeout=2"
    with pytest.raises(OSError, match="PostgreSQL event store") as raised:
        open_store(url)
    assert "s3cret-word" not in str(raised.value)
    assert f"postgresql://club@/pokertd?host={tmp_path}" in str(raised.value)
    assert "s3cret-word" not in repr(raised.value.__cause__) + repr(raised.value.__context__)


def test_a_database_that_is_not_utf8_is_refused(postgres_url: str) -> None:
    other = postgres_url.replace("/test_", "/latin_")
    with psycopg.connect(postgres_url, autocommit=True) as admin:
        name = other.partition("?")[0].rpartition("/")[2]
        admin.execute(
            f"CREATE DATABASE {name} ENCODING 'LATIN1' LC_COLLATE 'C' LC_CTYPE 'C'"
            " TEMPLATE template0".encode()
        )
    try:
        with pytest.raises(ParseError, match="uses the encoding LATIN1: pokertd needs a UTF8"):
            open_store(other)
    finally:
        with psycopg.connect(postgres_url, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE {name} WITH (FORCE)".encode())


def test_repr_hides_the_password(postgres_url: str) -> None:
    with_password = postgres_url.replace("pokertd@", "pokertd:trusted-anyway@")
    with opened(with_password) as store:
        assert "trusted-anyway" not in repr(store)
        assert repr(store).startswith("PostgresEventStore('postgresql://pokertd@/test_")


def test_a_stream_held_by_a_writer_that_hangs_fails_the_append_in_bounded_time(
    postgres_url: str,
) -> None:
    """A writer holding the stream's row (here plain SQL in an open transaction) makes the next
    append wait at most ``lock_timeout`` (10 s unless the URL says otherwise), then fail with an
    OSError, nothing written; once the writer is gone, appends go on."""
    bounded = f"{postgres_url}&options=-c%20lock_timeout%3D200ms"
    with opened(bounded) as store, psycopg.connect(postgres_url) as hanging:
        store.append("t1", [registered("Ana")], expected_version=0, recorded_at=AT)
        hanging.execute("SELECT version FROM pokertd.streams WHERE name = 't1' FOR UPDATE")
        with pytest.raises(OSError, match="lock timeout"):
            store.append("t1", [registered("Bo")], expected_version=1, recorded_at=AT)
        hanging.rollback()
        assert store.append("t1", [registered("Bo")], expected_version=1, recorded_at=AT) == 2
        assert [event.data["player"] for event in store.read("t1")] == ["Ana", "Bo"]
    with psycopg.connect(postgres_url) as raw:
        (timeout,) = raw.execute("SHOW lock_timeout").fetchone() or ("",)
    assert timeout == "0"  # the server's default: the 10 s bound is the store's own
    with opened(postgres_url) as store:
        assert isinstance(store, PostgresEventStore)
        (mine,) = store._open_connection().execute("SHOW lock_timeout").fetchone() or ("",)
    assert mine == "10s"


# -- versions cached while a listener tells the store of appends (``follow``) ----------------------


def test_a_store_not_followed_asks_the_database_each_time(postgres_url: str) -> None:
    with opened(postgres_url) as mine, opened(postgres_url) as other:
        assert mine.version("t1") == 0
        other.append("t1", [registered("Ana")], expected_version=0, recorded_at=AT)
        assert mine.version("t1") == 1  # the CLI's store: nobody tells it, nothing is cached


def test_a_followed_store_keeps_versions_until_a_newer_one_is_notified(postgres_url: str) -> None:
    with opened(postgres_url) as mine, opened(postgres_url) as other:
        assert isinstance(mine, PostgresEventStore)
        mine.follow()
        mine.append("t1", [registered("Ana")], expected_version=0, recorded_at=AT)
        other.append("t1", [registered("Bo")], expected_version=1, recorded_at=AT)
        assert mine.version("t1") == 1  # the version it wrote, kept: no query
        mine.changed("t1", 1)  # its own append's notification: nothing newer
        assert mine.version("t1") == 1
        mine.changed("t1", 2)  # the other writer's
        assert mine.version("t1") == 2
        mine.changed("t2", 5)  # a stream it never read: nothing to forget
        assert mine.version("t2") == 0


def test_a_stale_cached_version_fails_the_append_cleanly_and_the_retry_succeeds(
    postgres_url: str,
) -> None:
    with opened(postgres_url) as mine, opened(postgres_url) as other:
        assert isinstance(mine, PostgresEventStore)
        mine.follow()
        assert mine.version("t1") == 0  # cached
        other.append("t1", [registered("Ana")], expected_version=0, recorded_at=AT)
        assert mine.version("t1") == 0  # its notification not yet here
        with pytest.raises(ConflictError, match="at version 1, not the expected version 0"):
            mine.append("t1", [registered("Bo")], expected_version=0, recorded_at=AT)
        assert mine.version("t1") == 1  # the version found under the lock replaced it
        assert mine.append("t1", [registered("Bo")], expected_version=1, recorded_at=AT) == 2
        other.append("t1", [registered("Cy")], expected_version=2, recorded_at=AT)
        with pytest.raises(ConflictError):
            mine.append("t1", [registered("Di")], expected_version=2, recorded_at=AT)
        assert [event.data["player"] for event in other.read("t1")] == ["Ana", "Bo", "Cy"]


def test_a_store_unfollowed_asks_again_and_following_again_starts_empty(
    postgres_url: str,
) -> None:
    with opened(postgres_url) as mine, opened(postgres_url) as other:
        assert isinstance(mine, PostgresEventStore)
        mine.follow()
        assert mine.version("t1") == 0
        other.append("t1", [registered("Ana")], expected_version=0, recorded_at=AT)
        mine.unfollow()  # the listener lost its connection: notifications may be lost
        assert mine.version("t1") == 1
        mine.follow()
        other.append("t1", [registered("Bo")], expected_version=1, recorded_at=AT)
        assert mine.version("t1") == 2  # nothing kept from before


def test_a_failed_append_forgets_the_cached_version(postgres_url: str) -> None:
    with opened(postgres_url) as mine, psycopg.connect(postgres_url, autocommit=True) as admin:
        assert isinstance(mine, PostgresEventStore)
        mine.follow()
        mine.append("t1", [registered("Ana")], expected_version=0, recorded_at=AT)
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        # committed or not: the store cannot know
        with pytest.raises(OSError, match="PostgreSQL event store"):
            mine.append("t1", [registered("Bo")], expected_version=1, recorded_at=AT)
        admin.execute(
            "INSERT INTO pokertd.events (stream, version, type, data, recorded_at)"
            " VALUES ('t1', 2, 'player-registered', '{\"player\": \"Bo\"}', %s)",
            (AT,),
        )
        admin.execute("UPDATE pokertd.streams SET version = 2 WHERE name = 't1'")
        assert mine.version("t1") == 2  # asked again, not the 1 it had


def test_an_append_ahead_of_the_store_is_a_conflict_even_if_it_gets_there_after(
    postgres_url: str,
) -> None:
    """The one-statement append writes nothing when the stream is not at the expected version;
    the version it reads after may have become that one (another writer): still a conflict."""
    with opened(postgres_url) as mine, opened(postgres_url) as other:
        assert isinstance(mine, PostgresEventStore)
        other.append("t1", [registered("Ana")], expected_version=0, recorded_at=AT)
        original = mine._queried_version

        def moved_meanwhile(stream: str) -> int:
            other.append(stream, [registered("Bo")], expected_version=1, recorded_at=AT)
            return original(stream)

        mine._queried_version = moved_meanwhile  # type: ignore[method-assign]
        with pytest.raises(ConflictError, match="was not at version 2 when the append ran"):
            mine.append("t1", [registered("Cy")], expected_version=2, recorded_at=AT)
        assert [event.data["player"] for event in other.read("t1")] == ["Ana", "Bo"]
