"""The PostgreSQL event store: one database that several server processes can share.

This module holds pokertd's events in PostgreSQL (psycopg 3, the optional ``postgres`` extra:
``pip install 'pokertd[postgres]'``); ``pokertd.web.cluster`` adds, for several web workers, the
trigger that notifies them of appends and the table of their shared sessions, under this
module's migration lock.

- The tables live in their own PostgreSQL schema, ``pokertd``, so the database may hold other
  applications' tables. ``pokertd.schema_version`` holds the version of that schema;
  ``_MIGRATIONS[n - 1]`` brings it from ``n - 1`` to ``n``. Opening a store migrates the database
  in one transaction under an advisory lock, so workers starting together migrate it once. A
  database written by a newer pokertd is refused, never downgraded.
- Each ``append`` is one transaction that takes the stream's row of ``pokertd.streams`` before
  its events go in, so two writers, in one process or in two, cannot both pass the version
  check; ``UNIQUE (stream, version)`` on ``pokertd.events`` is the last line of defence behind
  it. An append of events alone is one statement (``_APPEND``, one round trip): it moves the
  row on only from the expected version (an ``UPDATE``, which waits for a writer holding the row
  and then sees its new version) and inserts the events only behind it. An append with records
  locks the row (``SELECT ... FOR UPDATE``), compares, then writes. A stream's first append
  inserts its row, and a second writer creating the same stream waits for the first and then
  finds the stream taken.
- Positions come from an identity column (a sequence): they increase across streams, and a
  rolled-back append may leave a gap, which the contract allows.
- Event data and snapshot states are kept as the JSON text the base encoded (column type
  ``json``, which keeps the text as written), readable with PostgreSQL's JSON operators.
- An append is durable when it returns: the commit waits for the write-ahead log to be flushed
  (PostgreSQL's default ``synchronous_commit = on``; a server configured otherwise is the
  operator's choice).

- Stream versions may be cached (``follow``): the services ask for a stream's version dozens of
  times per command (is my aggregate current?), a query each through a socket. A web worker
  listens to the appends' notifications (``pokertd.web.cluster``) and, once it listens, lets the
  store keep the versions it read or wrote; each notification of a newer version forgets that
  stream's (``changed``), and losing the listening connection stops the caching (``unfollow``):
  a notification may have been missed. Between another writer's commit and its notification a
  cached version can be behind: a command decided on it fails its append with a
  ``ConflictError`` (the version is compared under the stream's row lock) and the version found
  there replaces the cached one, so the retry reads the events it missed. Nothing stale is ever
  written; without a listener (the CLI, the tests) every version is a query.

A store object owns one connection and is used from one thread. A connection lost (a restarted
server) fails the call with ``OSError``; the next call opens a new connection. Calls are bounded:
10 s to connect, 10 s to wait for a stream another writer holds, unless the URL says otherwise.
"""

from __future__ import annotations

import contextlib
import urllib.parse
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import psycopg
import psycopg.sql
from psycopg import errors as pg_errors
from psycopg.conninfo import conninfo_to_dict, make_conninfo

from pokertd.errors import ConflictError, ParseError
from pokertd.messages import message
from pokertd.store.base import EncodedEvent, EncodedRecord, EncodedRow, EventStore

__all__ = ["SCHEMA_VERSION", "PostgresEventStore", "create_database_beside"]

#: The key of the advisory lock taken while the schema is created or migrated ("PkTD").
_MIGRATION_LOCK = 0x506B5444

#: Keep a record, replacing the one of the same kind and key.
_PUT_RECORD = (
    "INSERT INTO pokertd.records (kind, key, data) VALUES (%s, %s, %s)"
    " ON CONFLICT (kind, key) DO UPDATE SET data = excluded.data,"
    " version = pokertd.records.version + 1"
)

#: An append without records, in one statement (``_append_at_once``). The stream's row moves on
#: from the expected version (an UPDATE, which waits for a writer holding the row and then sees
#: its version) or is created at version 0 (which waits for a writer creating it and then finds
#: it taken); the events are inserted only behind one of the two. ``UNIQUE (stream, version)``
#: stays the last guard.
_APPEND = """
    WITH moved AS (
        UPDATE pokertd.streams SET version = version + %(count)s
        WHERE name = %(stream)s AND version = %(expected)s AND %(expected)s > 0
        RETURNING name
    ), created AS (
        INSERT INTO pokertd.streams (name, version)
        SELECT %(stream)s, %(count)s WHERE %(expected)s = 0
        ON CONFLICT (name) DO NOTHING
        RETURNING name
    ), taken AS (
        SELECT name FROM moved UNION ALL SELECT name FROM created
    )
    INSERT INTO pokertd.events (stream, version, type, data, recorded_at)
    SELECT taken.name, %(expected)s + batch.number, batch.type, batch.data::json, %(at)s
    FROM taken, unnest(%(types)s::text[], %(data)s::text[]) WITH ORDINALITY
        AS batch (type, data, number)
    ORDER BY batch.number
"""

#: Connection settings a URL does not set: UTF-8 text, at most 10 s to connect, at most 10 s to
#: wait for a stream another writer holds.
_DEFAULTS: dict[str, str | int] = {
    "client_encoding": "utf8",
    "connect_timeout": 10,
    "options": "-c lock_timeout=10s",
}

#: Schema migrations; ``_MIGRATIONS[n - 1]`` takes ``pokertd.schema_version`` from ``n - 1`` to
#: ``n``. Append new ones, never edit a released one.
_MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 1: the initial schema. ``created`` orders the streams; positions are never reused.
    (
        """
        CREATE TABLE pokertd.streams (
            name text PRIMARY KEY CHECK (name <> ''),
            created bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
            version integer NOT NULL CHECK (version >= 1)
        )
        """,
        """
        CREATE TABLE pokertd.events (
            position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            stream text NOT NULL REFERENCES pokertd.streams (name),
            version integer NOT NULL CHECK (version >= 1),
            type text NOT NULL,
            data json NOT NULL,
            recorded_at text NOT NULL,
            UNIQUE (stream, version)
        )
        """,
        """
        CREATE TABLE pokertd.snapshots (
            stream text NOT NULL REFERENCES pokertd.streams (name),
            version integer NOT NULL CHECK (version >= 1),
            state json NOT NULL,
            PRIMARY KEY (stream, version)
        )
        """,
    ),
    # 2: records, mutable and deletable beside the log (the register of people).
    (
        """
        CREATE TABLE pokertd.records (
            kind text NOT NULL CHECK (kind <> ''),
            key text NOT NULL CHECK (key <> ''),
            data json NOT NULL,
            PRIMARY KEY (kind, key)
        )
        """,
    ),
    # 3: a version per record, moved by every write: compare and set (``swap_record``).
    (
        "ALTER TABLE pokertd.records"
        " ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1)",
    ),
)

#: The schema version this pokertd writes.
SCHEMA_VERSION = len(_MIGRATIONS)


class PostgresEventStore(EventStore):
    """The :class:`~pokertd.store.EventStore` contract in a PostgreSQL database.

    ``url`` is a libpq connection URL, ``postgresql://user:password@host:port/database`` (or
    ``postgresql:///database?host=/run/postgresql`` for a Unix socket). ``shown`` is how the
    store names its database in messages and ``repr``: the URL without its password, which no
    message ever repeats. The database must use the UTF-8 encoding; the first store opened on it
    creates the schema ``pokertd`` (the user needs the right to), later ones migrate it.

    Raises ``OSError`` when the server cannot be reached or refuses the connection,
    ``ParseError`` when the database cannot hold a pokertd store (another encoding, a schema
    ``pokertd`` that is not pokertd's, a newer pokertd's).
    """

    def __init__(self, url: str, *, shown: str) -> None:
        super().__init__()
        self._url = url
        self._shown = shown
        self._connection: psycopg.Connection[Any] | None = None
        #: The stream versions known current while someone listens for appends (``follow``);
        #: None: every version is asked of the database.
        self._versions: dict[str, int] | None = None
        try:
            with self._errors():
                self._prepare(self._open_connection())
        except BaseException:
            self._drop_connection()
            raise

    def __repr__(self) -> str:
        return f"PostgresEventStore({self._shown!r})"

    def _append_encoded(
        self,
        stream: str,
        rows: Sequence[EncodedEvent],
        expected_version: int,
        recorded_at: str,
        records: Sequence[EncodedRecord],
    ) -> int:
        """One transaction: the stream's row is taken before the events go in, so no other
        writer passes the same check; the events, and the records kept with them, are durable
        when it commits (a failure rolls both back). The version found, or the one written, is
        the stream's version once it commits: kept when caching."""
        try:
            if rows and not records:
                found, now = self._append_at_once(stream, rows, expected_version, recorded_at)
            else:
                found, now = self._append_locked(
                    stream, rows, expected_version, recorded_at, records
                )
        except BaseException:  # committed or not, unknown: ask the database next time
            self._forget(stream)
            raise
        self._remember(stream, now)
        return found

    def _append_at_once(
        self, stream: str, rows: Sequence[EncodedEvent], expected_version: int, recorded_at: str
    ) -> tuple[int, int]:
        """The append as one statement, its own transaction (one round trip instead of five):
        the stream's row is moved on only from ``expected_version`` (or created for 0), which
        locks it, and the events are inserted only when it was: ``(version found, version
        once committed)``. When it was not, the version is read after; should a writer have
        brought the stream to the expected version in between (a caller ahead of the store),
        nothing was written all the same: a ``ConflictError``, never a version acknowledged."""
        with self._errors():
            connection = self._open_connection()
            with connection.cursor() as cursor, _unique_guard(stream, expected_version):
                cursor.execute(
                    _APPEND,
                    {
                        "stream": stream,
                        "expected": expected_version,
                        "count": len(rows),
                        "types": [kind for kind, _ in rows],
                        "data": [data for _, data in rows],
                        "at": recorded_at,
                    },
                )
                written = cursor.rowcount
        if written == len(rows):
            return expected_version, expected_version + len(rows)
        found = self._queried_version(stream)
        if found == expected_version:
            raise ConflictError(
                f"stream {stream!r} was not at version {expected_version} when the append ran"
            )
        return found, found

    def _append_locked(
        self,
        stream: str,
        rows: Sequence[EncodedEvent],
        expected_version: int,
        recorded_at: str,
        records: Sequence[EncodedRecord],
    ) -> tuple[int, int]:
        """The append's transaction: ``(version found, version once committed)``."""
        with self._errors(), self._transaction() as connection:
            found = _locked_version(connection, stream)
            if found != expected_version or not rows:
                return found, found
            if found == 0 and not _created(connection, stream, len(rows)):
                taken = _locked_version(connection, stream)  # another writer created it first
                return taken, taken
            if found:
                connection.execute(
                    "UPDATE pokertd.streams SET version = %s WHERE name = %s",
                    (found + len(rows), stream),
                )
            with connection.cursor() as cursor, _unique_guard(stream, found):
                cursor.executemany(
                    "INSERT INTO pokertd.events (stream, version, type, data, recorded_at)"
                    " VALUES (%s, %s, %s, %s, %s)",
                    [
                        (stream, found + number, kind, data, recorded_at)
                        for number, (kind, data) in enumerate(rows, start=1)
                    ],
                )
            if records:
                with connection.cursor() as cursor:
                    cursor.executemany(_PUT_RECORD, records)
        return found, found + len(rows)

    def _read_rows(self, stream: str, after: int) -> Iterable[EncodedRow]:
        if "\x00" in stream:  # PostgreSQL text cannot hold one, so no stored stream has one
            return []
        with self._errors():
            found = self._open_connection().execute(
                "SELECT version, type, data::text, recorded_at, position FROM pokertd.events"
                " WHERE stream = %s AND version > %s ORDER BY version",
                (stream, after),
            )
            return [(int(v), str(k), str(d), str(r), int(p)) for v, k, d, r, p in found]

    def _stream_version(self, stream: str) -> int:
        if "\x00" in stream:
            return 0
        if self._versions is not None and (known := self._versions.get(stream)) is not None:
            return known
        found = self._queried_version(stream)
        self._remember(stream, found)
        return found

    def _queried_version(self, stream: str) -> int:
        with self._errors():
            row = (
                self._open_connection()
                .execute("SELECT version FROM pokertd.streams WHERE name = %s", (stream,))
                .fetchone()
            )
        return 0 if row is None else int(row[0])

    def follow(self) -> None:
        """Cache stream versions from now on, starting empty: the caller listens to the appends'
        notifications (``LISTEN``, already in place) and tells each one to ``changed``.

        Called again when the listener connects again: what was cached is forgotten (the
        notifications sent in between were lost)."""
        self._check_open()
        self._versions = {}

    def unfollow(self) -> None:
        """Stop caching (the listener lost its connection): every version is a query again."""
        self._versions = None

    def changed(self, stream: str, version: int) -> None:
        """A notification: ``stream`` reached ``version`` (an append committed, here or in
        another process). A cached version below it is forgotten."""
        if self._versions is not None and self._versions.get(stream, version) < version:
            del self._versions[stream]

    def _remember(self, stream: str, version: int) -> None:
        if self._versions is not None:
            self._versions[stream] = version

    def _forget(self, stream: str) -> None:
        if self._versions is not None:
            self._versions.pop(stream, None)

    def _stream_names(self) -> list[str]:
        with self._errors():
            rows = self._open_connection().execute(
                "SELECT name FROM pokertd.streams ORDER BY created"
            )
            return [str(name) for (name,) in rows]

    def _save_encoded_snapshot(self, stream: str, version: int, state: str) -> int:
        with self._errors(), self._transaction() as connection:
            found = _locked_version(connection, stream)
            if version <= found:
                connection.execute(
                    "INSERT INTO pokertd.snapshots (stream, version, state) VALUES (%s, %s, %s)"
                    " ON CONFLICT (stream, version) DO UPDATE SET state = excluded.state",
                    (stream, version, state),
                )
                connection.execute(  # only the newest is read
                    "DELETE FROM pokertd.snapshots WHERE stream = %s AND version < %s",
                    (stream, version),
                )
            return found

    def _load_encoded_snapshot(self, stream: str) -> tuple[int, str] | None:
        if "\x00" in stream:
            return None
        with self._errors():
            row = (
                self._open_connection()
                .execute(
                    "SELECT version, state::text FROM pokertd.snapshots WHERE stream = %s"
                    " ORDER BY version DESC LIMIT 1",
                    (stream,),
                )
                .fetchone()
            )
        return None if row is None else (int(row[0]), str(row[1]))

    def _put_record(self, kind: str, key: str, data: str) -> None:
        with self._errors(), self._transaction() as connection:
            connection.execute(_PUT_RECORD, (kind, key, data))

    def _get_record(self, kind: str, key: str) -> str | None:
        with self._errors():
            row = (
                self._open_connection()
                .execute(
                    "SELECT data::text FROM pokertd.records WHERE kind = %s AND key = %s",
                    (kind, key),
                )
                .fetchone()
            )
        return None if row is None else str(row[0])

    def _get_versioned_record(self, kind: str, key: str) -> tuple[str, int] | None:
        with self._errors():
            row = (
                self._open_connection()
                .execute(
                    "SELECT data::text, version FROM pokertd.records WHERE kind = %s AND key = %s",
                    (kind, key),
                )
                .fetchone()
            )
        return None if row is None else (str(row[0]), int(row[1]))

    def _swap_record(self, kind: str, key: str, data: str, expected: int) -> int | None:
        """One statement: a writer that finds the row locked by another waits for it, then
        compares the version that other wrote (READ COMMITTED reads the row again), so two
        writers over one version never both succeed."""
        with self._errors(), self._transaction() as connection:
            if expected == 0:
                written = connection.execute(
                    "INSERT INTO pokertd.records (kind, key, data) VALUES (%s, %s, %s)"
                    " ON CONFLICT (kind, key) DO NOTHING",
                    (kind, key, data),
                ).rowcount
            else:
                written = connection.execute(
                    "UPDATE pokertd.records SET data = %s, version = version + 1"
                    " WHERE kind = %s AND key = %s AND version = %s",
                    (data, kind, key, expected),
                ).rowcount
        return expected + 1 if written > 0 else None

    def _record_rows(self, kind: str) -> list[tuple[str, str]]:
        with self._errors():
            rows = self._open_connection().execute(
                "SELECT key, data::text FROM pokertd.records WHERE kind = %s"
                ' ORDER BY key COLLATE "C"',  # byte order, as the other stores sort
                (kind,),
            )
            return [(str(key), str(data)) for key, data in rows]

    def _delete_record(self, kind: str, key: str) -> bool:
        with self._errors(), self._transaction() as connection:
            found = connection.execute(
                "DELETE FROM pokertd.records WHERE kind = %s AND key = %s", (kind, key)
            )
            return found.rowcount > 0

    def schema_version(self) -> int:
        """Return the version of the schema ``pokertd`` in the database (``SCHEMA_VERSION`` once
        the store is open)."""
        with self._errors():
            return _schema_version(self._open_connection()) or 0

    def _close(self) -> None:
        self._versions = None
        self._drop_connection()

    # --- Internals ---------------------------------------------------------------------------

    def _open_connection(self) -> psycopg.Connection[Any]:
        """The store's connection; a new one if there is none or the last one was lost."""
        self._check_open()
        if self._connection is not None and self._connection.broken:
            self._drop_connection()
        if self._connection is None:
            # bounded: a server that does not answer, or a stream locked by a writer that hangs,
            # fails the call after seconds (the URL may say otherwise) instead of blocking it
            conninfo = make_conninfo("", **{**_DEFAULTS, **conninfo_to_dict(self._url)})
            # autocommit: a read is its own statement; a write opens its transaction explicitly
            self._connection = psycopg.connect(conninfo, autocommit=True)
        return self._connection

    def _drop_connection(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            connection.close()

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[psycopg.Connection[Any]]:
        """Run the block in one transaction: committed, or rolled back on any exception."""
        connection = self._open_connection()
        with connection.transaction():
            yield connection

    @contextlib.contextmanager
    def _errors(self) -> Iterator[None]:
        """Turn psycopg's errors into ``OSError`` (the server unreachable or lost, a right
        missing): its message names the database as shown, never with its password."""
        try:
            yield
        except psycopg.Error as error:  # unreachable, lost, refused, out of space...
            raise OSError(
                f"PostgreSQL event store {self._shown}: {_first_line(error, self._url)}"
            ) from None

    def _prepare(self, connection: psycopg.Connection[Any]) -> None:
        """Check the database can hold pokertd's events, then create or migrate its schema."""
        encoding = connection.execute("SHOW server_encoding").fetchone()
        if encoding is None or str(encoding[0]).upper() not in ("UTF8", "UNICODE"):
            raise ParseError(
                message(
                    "the PostgreSQL database {database} uses the encoding {encoding}: "
                    "pokertd needs a UTF8 database",
                    database=self._shown,
                    encoding=str(encoding[0]) if encoding else "?",
                )
            )
        if self._check_schema(_schema_version(connection)) == SCHEMA_VERSION:
            return
        with connection.transaction():
            # Under the lock, read again: another process may have migrated meanwhile.
            connection.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
            connection.execute("CREATE SCHEMA IF NOT EXISTS pokertd")
            connection.execute(
                "CREATE TABLE IF NOT EXISTS pokertd.schema_version ("
                " one boolean PRIMARY KEY DEFAULT true CHECK (one),"
                " version integer NOT NULL CHECK (version >= 0))"
            )
            version = self._check_schema(_schema_version(connection))
            try:
                for migration in _MIGRATIONS[version:]:
                    for statement in migration:
                        connection.execute(statement.encode())
            except pg_errors.DuplicateTable as error:
                raise ParseError(
                    message(
                        "the PostgreSQL database {database} has a schema pokertd that "
                        "pokertd did not make ({error})",
                        database=self._shown,
                        error=_first_line(error, self._url),
                    )
                ) from None
            connection.execute(
                "INSERT INTO pokertd.schema_version (version) VALUES (%s)"
                " ON CONFLICT (one) DO UPDATE SET version = excluded.version",
                (SCHEMA_VERSION,),
            )

    def _check_schema(self, version: int | None) -> int:
        """Return the schema's version (0: none yet), refusing one from a newer pokertd."""
        if version is not None and version > SCHEMA_VERSION:
            raise ParseError(
                message(
                    "the PostgreSQL database {database} was written by a newer pokertd "
                    "(schema {found}, this one knows up to {known}): upgrade pokertd",
                    database=self._shown,
                    found=version,
                    known=SCHEMA_VERSION,
                )
            )
        return version or 0


def _schema_version(connection: psycopg.Connection[Any]) -> int | None:
    """The version in ``pokertd.schema_version``, or None when there is no such table or row."""
    exists = connection.execute("SELECT to_regclass('pokertd.schema_version')").fetchone()
    if exists is None or exists[0] is None:
        return None
    row = connection.execute("SELECT version FROM pokertd.schema_version").fetchone()
    return None if row is None else int(row[0])


@contextlib.contextmanager
def _unique_guard(stream: str, found: int) -> Iterator[None]:
    """A second event at a version is a ``ConflictError``: unreachable while every writer moves
    the stream's row first, kept as the last guard."""
    try:
        yield
    except pg_errors.UniqueViolation as error:
        raise ConflictError(
            f"stream {stream!r} got a version above {found} from another writer"
        ) from error


def _locked_version(connection: psycopg.Connection[Any], stream: str) -> int:
    """The stream's version, its row locked until the transaction ends (0: no row yet)."""
    row = connection.execute(
        "SELECT version FROM pokertd.streams WHERE name = %s FOR UPDATE", (stream,)
    ).fetchone()
    return 0 if row is None else int(row[0])


def _created(connection: psycopg.Connection[Any], stream: str, version: int) -> bool:
    """Insert the stream's row at ``version``; False if another writer created it meanwhile
    (the insert waited for that writer's transaction, then found the name taken)."""
    row = connection.execute(
        "INSERT INTO pokertd.streams (name, version) VALUES (%s, %s)"
        " ON CONFLICT (name) DO NOTHING RETURNING version",
        (stream, version),
    ).fetchone()
    return row is not None


def _first_line(error: Exception, url: str) -> str:
    """The first line of psycopg's message, with the URL's password left out if it is there."""
    text = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    return text.replace(url, "<the URL>")


def create_database_beside(url: str, suffix: str) -> str:
    """Create the database ``<url's database>_<suffix>`` on the server of ``url`` unless it is
    there, and return its URL (``url`` with the database replaced): a club's own database on
    the server of the server's register (``pokertd club add``). The user needs CREATEDB.

    Raises ``OSError`` when the server refuses (no right, unreachable), ``ParseError`` for a
    ``suffix`` that is not lower-case letters, digits and underscores.
    """
    if not suffix or not all(c.isascii() and (c.isalnum() or c == "_") for c in suffix):
        raise ParseError(message("a database name's suffix is letters, digits and underscores"))
    settings = {**_DEFAULTS, **conninfo_to_dict(url)}
    name = f"{settings.get('dbname') or settings.get('user') or 'pokertd'}_{suffix}".lower()
    try:
        with psycopg.connect(make_conninfo("", **settings), autocommit=True) as connection:
            found = connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,))
            if found.fetchone() is None:
                connection.execute(
                    psycopg.sql.SQL("CREATE DATABASE {} ENCODING 'UTF8' TEMPLATE template0").format(
                        psycopg.sql.Identifier(name)
                    )
                )
    except psycopg.Error as error:
        raise OSError(f"PostgreSQL: {_first_line(error, url)}") from None
    parts = urllib.parse.urlsplit(url)
    return urllib.parse.urlunsplit(parts._replace(path="/" + name))
