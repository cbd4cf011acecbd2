"""The SQLite event store: one file, one writer, durable once ``append`` returns.

This is the only module of pokertd that does file I/O and SQL for the event log.

- ``journal_mode=WAL`` and ``synchronous=FULL``: a commit reaches the disk (fsync of the write-ahead
  log) before ``append`` returns, so an acknowledged append survives ``kill -9`` of the server and
  a power cut (DESIGN.md, "Durability"). The web app instead calls ``defer_sync``: a commit is
  then in the operating system's cache when ``append`` returns (it survives ``kill -9``, not yet
  a power cut), and ``sync``, run off the event loop, puts every commit so far on the disk with
  one fsync of the log before any of them is acknowledged (group commit: ``pokertd.web.durable``).
- Appends run inside ``BEGIN IMMEDIATE``: the write lock is taken before the version is checked,
  so two writers cannot both pass the check. ``UNIQUE (stream, version)`` is the last line of
  defence behind it.
- The schema is versioned with ``PRAGMA user_version``: ``_MIGRATIONS[n - 1]`` brings a database
  from version ``n - 1`` to ``n`` and they run in order when a file is opened. A database written by
  a newer pokertd is refused, never downgraded. ``PRAGMA application_id`` marks the file as
  pokertd's.
- Data is stored as JSON text, readable with the ``sqlite3`` shell and its JSON functions.
- Stream versions are cached: the services ask for them dozens of times per command (is my
  aggregate current?), and each query costs tens of microseconds of Python and SQLite. A cached
  version is good while the header of the WAL index (the ``-shm`` file, read with one ``pread``)
  is unchanged: SQLite changes it with every commit of any connection, this process's or another's
  (the CLI writing the same file), so a commit anywhere empties the cache and the next read asks
  SQLite again. Without the ``-shm`` file (another journal mode), every read asks SQLite.
  Within one turn of a running asyncio loop (the web server) the header is read once: the
  versions are those of that moment, as if every read of the turn had been made then. No request
  can tell: what the turn handles (a message, a timer) arrived before the turn began, so what
  another process had stored before sending it was committed before the header was read. Any
  write of this store (a commit, a refused append, a rollback) ends that trust at once, so a
  command never decides from versions older than its own write, and the next turn reads the
  header again (``call_soon`` runs after what the turn started).
- ``copy_to`` writes a copy with SQLite's online backup API: one read transaction, so the copy is
  the store as of one moment even while other connections write, and writers are not blocked
  (WAL readers never block writers). ``read_only=True`` opens a file without writing to it (a
  backup being checked), and ``problems`` runs SQLite's integrity check.

A store object owns one connection and is used from the thread that created it (the web app owns
one writer; its backups open their own store in their own thread); ``sqlite3`` raises
``ProgrammingError`` if another thread tries.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import os
import pathlib
import sqlite3
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from pokertd.errors import ConflictError, ParseError
from pokertd.messages import message
from pokertd.store.base import EncodedEvent, EncodedRecord, EncodedRow, EventStore

__all__ = ["SQLiteEventStore"]

#: ``PRAGMA application_id`` of a pokertd event store: "PkTD" in ASCII.
_APPLICATION_ID = 0x506B5444

#: Schema migrations; ``_MIGRATIONS[n - 1]`` takes ``user_version`` from ``n - 1`` to ``n``.
#: Append new ones, never edit a released one.
_MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 1: the initial schema. Streams are listed in creation order (rowid); positions never reused.
    (
        """
        CREATE TABLE streams (
            name TEXT PRIMARY KEY NOT NULL CHECK (name <> '')
        )
        """,
        """
        CREATE TABLE events (
            position INTEGER PRIMARY KEY AUTOINCREMENT,
            stream TEXT NOT NULL REFERENCES streams (name),
            version INTEGER NOT NULL CHECK (version >= 1),
            type TEXT NOT NULL,
            data TEXT NOT NULL,
            recorded_at TEXT NOT NULL,
            UNIQUE (stream, version)
        )
        """,
        """
        CREATE TABLE snapshots (
            stream TEXT NOT NULL REFERENCES streams (name),
            version INTEGER NOT NULL CHECK (version >= 1),
            state TEXT NOT NULL,
            PRIMARY KEY (stream, version)
        )
        """,
        f"PRAGMA application_id = {_APPLICATION_ID}",
    ),
    # 2: records, mutable and deletable beside the log (the register of people).
    (
        """
        CREATE TABLE records (
            kind TEXT NOT NULL CHECK (kind <> ''),
            key TEXT NOT NULL CHECK (key <> ''),
            data TEXT NOT NULL,
            PRIMARY KEY (kind, key)
        )
        """,
    ),
    # 3: a version per record, moved by every write: compare and set (``swap_record``).
    ("ALTER TABLE records ADD COLUMN version INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1)",),
)

#: Keep a record, replacing the one of the same kind and key; its version moves.
_PUT_RECORD = (
    "INSERT INTO records (kind, key, data) VALUES (?, ?, ?)"
    " ON CONFLICT (kind, key) DO UPDATE SET data = excluded.data, version = version + 1"
)

#: The schema version this pokertd writes.
SCHEMA_VERSION = len(_MIGRATIONS)

#: How long a write waits for another process's write lock (the server's, the CLI's) before it
#: gives up (SQLite's busy timeout): a write takes milliseconds, so this is a bound, not a wait.
LOCK_WAIT_SECONDS = 30.0

#: Bytes of the WAL index header's first copy (SQLite's file format: "WAL-index format"); its
#: change counter and frame count move with every commit.
_INDEX_HEADER = 48

_SQLITE_CORRUPT = 11
_SQLITE_NOTADB = 26
_SYNCHRONOUS = {0: "off", 1: "normal", 2: "full", 3: "extra"}


class NotAStoreError(ParseError):
    """A file that is no pokertd event store this version can read (the message names it)."""


class ReadOnlyStoreError(ParseError):
    """An event file this process cannot write to, opened for writing (the message says why)."""


def _check_writable(path: str) -> None:
    """Raise ``ReadOnlyStoreError`` when this process could read the file but not write it.

    SQLite opens such a file all the same and fails at the first write; pokertd writes every
    command to its file, so it says so before anything runs (a server would start, then refuse
    every change). ``os.access`` answers for this process: its user, and a read-only mount or an
    immutable file, which even root cannot write.
    """
    folder = os.path.dirname(os.path.abspath(path))
    side_files = [f"{path}-wal", f"{path}-shm"]
    why = None
    if os.path.exists(path) and not os.access(path, os.W_OK):
        why = message("the file is read-only")
    elif (
        os.path.isdir(folder)
        and not os.access(folder, os.W_OK)
        and not all(os.path.exists(side) and os.access(side, os.W_OK) for side in side_files)
    ):
        # WAL mode writes two files beside the event file (-wal, -shm)
        why = message("its folder {folder!r} is read-only", folder=folder)
    if why is not None:
        raise ReadOnlyStoreError(
            message(
                "{path!r} cannot be written ({why}): pokertd writes every change to its event "
                "file, so it does not start on it; make it writable (chmod u+w), or run "
                "pokertd as the file's owner",
                path=path,
                why=why,
            )
        )


class SQLiteEventStore(EventStore):
    """The :class:`~pokertd.store.EventStore` contract in an SQLite file, opened or created.

    Each ``append`` (and ``save_snapshot``) is one ``BEGIN IMMEDIATE`` transaction, on disk when
    it returns. Raises ``NotAStoreError`` (a ``ParseError``) if the file is not an SQLite
    database, is another program's database or comes from a newer pokertd; ``OSError`` if it
    cannot be opened; ``ReadOnlyStoreError`` (a ``ParseError``) if this process may read the
    file but not write it (``read_only=True`` opens such a file for reading).

    >>> import contextlib, pathlib, tempfile
    >>> from pokertd.store import NewEvent
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder) / "events.db"
    ...     with contextlib.closing(SQLiteEventStore(path)) as store:
    ...         store.append("t1", [NewEvent("player-registered", {"player": "Ana"})],
    ...                      expected_version=0, recorded_at="2024-05-01T18:30:00+00:00")
    ...     with contextlib.closing(SQLiteEventStore(path)) as store:
    ...         [event.data for event in store.read("t1")]
    1
    [{'player': 'Ana'}]
    """

    def __init__(self, path: str | os.PathLike[str], *, read_only: bool = False) -> None:
        super().__init__()
        self._path = os.fspath(path)
        try:
            if read_only:
                uri = f"{pathlib.Path(self._path).resolve().as_uri()}?mode=ro"
                connection = sqlite3.connect(
                    uri, uri=True, isolation_level=None, timeout=LOCK_WAIT_SECONDS
                )
            else:
                _check_writable(self._path)
                _create_private(self._path)
                connection = sqlite3.connect(
                    self._path, isolation_level=None, timeout=LOCK_WAIT_SECONDS
                )
        except sqlite3.Error as error:
            raise OSError(f"cannot open the event store {self._path!r}: {error}") from error
        try:
            with self._errors():
                if read_only:
                    self._check_readable(connection)
                else:
                    self._prepare(connection)
        except BaseException:
            connection.close()
            raise
        self._connection = connection
        #: The commits this store made: with ``defer_sync``, each is durable once ``sync`` has
        #: run after it.
        self.commits = 0
        #: The cached stream versions, good while the WAL index header is ``_header``.
        self._versions: dict[str, int] = {}
        self._header = b""
        self._index: int | None = None
        #: Whether ``_header`` is trusted unread until the current turn of the asyncio loop ends
        #: (or this store writes).
        self._pinned = False

    def __repr__(self) -> str:
        return f"SQLiteEventStore({self._path!r})"

    @property
    def path(self) -> str:
        """The database file, as given.

        >>> import os, tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     store = SQLiteEventStore(os.path.join(folder, "events.db"))
        ...     store.close()
        ...     os.path.basename(store.path)
        'events.db'
        """
        return self._path

    def _append_encoded(
        self,
        stream: str,
        rows: Sequence[EncodedEvent],
        expected_version: int,
        recorded_at: str,
        records: Sequence[EncodedRecord],
    ) -> int:
        """One ``BEGIN IMMEDIATE`` transaction: the version is read under the write lock, so no
        other writer passes the same check; the events, and the records kept with them, are on
        disk when it commits (a failure rolls both back)."""
        written: dict[str, int] = {}
        with self._errors(), self._write(written) as connection:
            found = _stream_version(connection, stream)
            if found != expected_version or not rows:
                return found
            if found == 0:
                connection.execute("INSERT INTO streams (name) VALUES (?)", (stream,))
            try:
                connection.executemany(
                    "INSERT INTO events (stream, version, type, data, recorded_at)"
                    " VALUES (?, ?, ?, ?, ?)",
                    [
                        (stream, found + number, kind, data, recorded_at)
                        for number, (kind, data) in enumerate(rows, start=1)
                    ],
                )
            except sqlite3.IntegrityError as error:
                if "UNIQUE" not in str(error):
                    raise
                # Unreachable while every writer checks under BEGIN IMMEDIATE; kept as a guard.
                raise ConflictError(
                    f"stream {stream!r} got a version above {found} from another writer"
                ) from error
            connection.executemany(_PUT_RECORD, records)
            written[stream] = found + len(rows)
        return found

    def _read_rows(self, stream: str, after: int) -> Iterable[EncodedRow]:
        with self._errors():
            found = self._open_connection().execute(
                "SELECT version, type, data, recorded_at, position FROM events"
                " WHERE stream = ? AND version > ? ORDER BY version",
                (stream, after),
            )
            rows = [tuple(row) for row in found]
        if rows and self._header:
            # the stream's version as of now, perhaps newer than the header trusted this turn:
            # an aggregate caught up with these events is not then older than the store says
            self._versions[stream] = rows[-1][0]
        return rows

    def _stream_version(self, stream: str) -> int:
        connection = self._open_connection()
        if self._pinned:
            header = self._header
        else:
            header = self._index_header()
            if header != self._header or not header:
                self._versions.clear()
                self._header = header
            if header:
                self._pin()
        found = self._versions.get(stream)
        if found is None:
            with self._errors():
                found = _stream_version(connection, stream)
            if header:
                # read after the header: a commit in between changes it, so this entry goes
                self._versions[stream] = found
        return found

    def _pin(self) -> None:
        """Trust the header just read until the running asyncio loop's turn ends (nothing
        outside a loop, or in another thread than the loop's: every read reads it)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._pinned = True
        loop.call_soon(self._unpin)

    def _unpin(self) -> None:
        self._pinned = False

    def _index_header(self) -> bytes:
        """Return the first copy of the WAL index header (48 bytes), which every commit
        changes; empty when there is no index to read (then nothing is cached)."""
        if self._index is None:
            self._index = _open_index(self._path)  # SQLite creates it at the first WAL read
            if self._index is None:
                return b""
        try:
            return os.pread(self._index, _INDEX_HEADER, 0)
        except OSError:
            return b""

    def _stream_names(self) -> list[str]:
        with self._errors():
            rows = self._open_connection().execute("SELECT name FROM streams ORDER BY rowid")
            return [name for (name,) in rows]

    def _save_encoded_snapshot(self, stream: str, version: int, state: str) -> int:
        with self._errors(), self._write({}) as connection:
            found = _stream_version(connection, stream)
            if version <= found:
                connection.execute(
                    "INSERT OR REPLACE INTO snapshots (stream, version, state) VALUES (?, ?, ?)",
                    (stream, version, state),
                )
                connection.execute(  # only the newest is read
                    "DELETE FROM snapshots WHERE stream = ? AND version < ?", (stream, version)
                )
            return found

    def _load_encoded_snapshot(self, stream: str) -> tuple[int, str] | None:
        with self._errors():
            row = (
                self._open_connection()
                .execute(
                    "SELECT version, state FROM snapshots WHERE stream = ?"
                    " ORDER BY version DESC LIMIT 1",
                    (stream,),
                )
                .fetchone()
            )
        return None if row is None else (int(row[0]), str(row[1]))

    def _put_record(self, kind: str, key: str, data: str) -> None:
        with self._errors(), self._write({}) as connection:
            connection.execute(_PUT_RECORD, (kind, key, data))

    def _get_versioned_record(self, kind: str, key: str) -> tuple[str, int] | None:
        with self._errors():
            row = (
                self._open_connection()
                .execute(
                    "SELECT data, version FROM records WHERE kind = ? AND key = ?", (kind, key)
                )
                .fetchone()
            )
        return None if row is None else (str(row[0]), int(row[1]))

    def _swap_record(self, kind: str, key: str, data: str, expected: int) -> int | None:
        """Under the write lock (``BEGIN IMMEDIATE``): the version compared is the one replaced."""
        with self._errors(), self._write({}) as connection:
            if expected == 0:
                written = connection.execute(
                    "INSERT INTO records (kind, key, data) VALUES (?, ?, ?)"
                    " ON CONFLICT (kind, key) DO NOTHING",
                    (kind, key, data),
                ).rowcount
            else:
                written = connection.execute(
                    "UPDATE records SET data = ?, version = version + 1"
                    " WHERE kind = ? AND key = ? AND version = ?",
                    (data, kind, key, expected),
                ).rowcount
        return expected + 1 if written else None

    def _get_record(self, kind: str, key: str) -> str | None:
        with self._errors():
            row = (
                self._open_connection()
                .execute("SELECT data FROM records WHERE kind = ? AND key = ?", (kind, key))
                .fetchone()
            )
        return None if row is None else str(row[0])

    def _record_rows(self, kind: str) -> list[tuple[str, str]]:
        with self._errors():
            rows = self._open_connection().execute(
                "SELECT key, data FROM records WHERE kind = ? ORDER BY key", (kind,)
            )
            return [(str(key), str(data)) for key, data in rows]

    def _delete_record(self, kind: str, key: str) -> bool:
        """Delete the row with ``secure_delete`` on (its bytes are overwritten, not left in a
        free page), then move the write-ahead log into the file and empty it, so the erased text
        stays in neither (backups made before keep it until they rotate: docs/privacy.md)."""
        with self._errors():
            connection = self._open_connection()
            connection.execute("PRAGMA secure_delete = ON")
            with self._write() as writing:
                gone = writing.execute(
                    "DELETE FROM records WHERE kind = ? AND key = ?", (kind, key)
                ).rowcount
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return bool(gone)

    def pragmas(self) -> dict[str, str | int]:
        """Return the settings this store's connection runs with, as SQLite reports them.

        >>> import os, tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     store = SQLiteEventStore(os.path.join(folder, "events.db"))
        ...     store.pragmas()
        ...     store.close()
        {'journal_mode': 'wal', 'synchronous': 'full', 'foreign_keys': 'on', 'schema_version': 3}
        """
        with self._errors():
            connection = self._open_connection()
            journal_mode = _pragma(connection, "journal_mode")
            synchronous = _pragma(connection, "synchronous")
            foreign_keys = _pragma(connection, "foreign_keys")
            schema_version = _pragma(connection, "user_version")
        return {
            "journal_mode": str(journal_mode).lower(),
            "synchronous": _SYNCHRONOUS.get(int(synchronous), str(synchronous)),
            "foreign_keys": "on" if foreign_keys else "off",
            "schema_version": int(schema_version),
        }

    def defer_sync(self) -> None:
        """From now on a commit does not wait for the disk (``synchronous=NORMAL``): ``sync``
        makes every commit so far durable, all of them with one fsync. SQLite keeps the file
        consistent either way (it syncs the log before each checkpoint); the caller must run
        ``sync`` before it acknowledges a commit.

        >>> import os, tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     store = SQLiteEventStore(os.path.join(folder, "events.db"))
        ...     store.defer_sync()
        ...     store.pragmas()["synchronous"]
        ...     store.close()
        'normal'
        """
        with self._errors():
            self._open_connection().execute("PRAGMA synchronous = NORMAL")

    def sync(self) -> None:
        """Put every commit made so far on the disk: one fsync of the write-ahead log (the
        commits of ``defer_sync`` are in the log, in the operating system's cache).

        It uses no SQLite connection, so it may run on another thread than the store's while
        the store goes on (the web app runs it off the event loop). Raises ``OSError`` when
        the disk fails.
        """
        try:
            descriptor = os.open(f"{self._path}-wal", os.O_RDONLY)
        except FileNotFoundError:
            return  # no log: every commit is in the database file, synced by its checkpoint
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)

    def copy_to(self, target: str | os.PathLike[str]) -> None:
        """Write the whole store, as of one moment, into the file ``target``.

        ``target`` must not exist: the caller names a fresh file (a temporary one it renames once
        the copy is checked). SQLite's online backup API copies every page in one read
        transaction, so appends by other connections, before or during the copy, are either all
        in it or not at all, and they are never blocked. The copy is one self-contained file
        (rollback journal, not WAL) that ``SQLiteEventStore`` opens as it opens any store.

        Raises ``FileExistsError`` if ``target`` exists, ``OSError`` if it cannot be written.

        >>> import contextlib, os, tempfile
        >>> from pokertd.store import NewEvent
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     with contextlib.closing(SQLiteEventStore(os.path.join(folder, "a.db"))) as store:
        ...         _ = store.append("t1", [NewEvent("clock-paused", {})], expected_version=0,
        ...                          recorded_at="2024-05-01T18:30:00Z")
        ...         store.copy_to(os.path.join(folder, "copy.db"))
        ...     copy = SQLiteEventStore(os.path.join(folder, "copy.db"), read_only=True)
        ...     [event.type for event in copy.read("t1")], copy.problems()
        ...     copy.close()
        (['clock-paused'], [])
        """
        target = os.fspath(target)
        if os.path.lexists(target):
            raise FileExistsError(errno.EEXIST, "the copy would replace an existing file", target)
        source = self._open_connection()
        try:
            _create_private(target)
            copy = sqlite3.connect(target, isolation_level=None)
        except sqlite3.Error as error:
            raise OSError(
                f"cannot write a copy of the event store to {target!r}: {error}"
            ) from error
        try:
            with self._errors():
                source.backup(copy)  # pages=-1: every page in one step, one read transaction
                copy.execute("PRAGMA journal_mode = DELETE")  # one file; the source's is WAL
                copy.execute("PRAGMA synchronous = FULL")
        except sqlite3.Error as error:  # on the copy's side: a full disk, a lost folder
            raise OSError(
                f"cannot write a copy of the event store to {target!r}: {error}"
            ) from error
        finally:
            copy.close()

    def rows(self, stream: str) -> list[tuple[int, str, str, str, int]]:
        """Return the events of ``stream`` as stored, undecoded: ``(version, type, JSON text,
        recorded_at, position)``, to compare two files exactly and quickly.

        >>> import os, tempfile
        >>> from pokertd.store import NewEvent
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     store = SQLiteEventStore(os.path.join(folder, "events.db"))
        ...     _ = store.append("t1", [NewEvent("clock-paused", {"by": "TD"})],
        ...                      expected_version=0, recorded_at="2024-05-01T18:30:00Z")
        ...     store.rows("t1")
        ...     store.close()
        [(1, 'clock-paused', '{"by":"TD"}', '2024-05-01T18:30:00Z', 1)]
        """
        self._check_open()
        return list(self._read_rows(stream, 0))

    def changed_since(self, position: int) -> dict[str, int]:
        """Return the streams that have events after ``position`` (``last_position``), each with
        its version: how a server learns, cheaply, what another process wrote.

        >>> import os, tempfile
        >>> from pokertd.store import NewEvent
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     store = SQLiteEventStore(os.path.join(folder, "events.db"))
        ...     _ = store.append("t1", [NewEvent("a-happened", {})], expected_version=0,
        ...                      recorded_at="2024-05-01T18:30:00Z")
        ...     store.changed_since(0), store.changed_since(store.last_position())
        ...     store.close()
        ({'t1': 1}, {})
        """
        with self._errors():
            rows = self._open_connection().execute(
                "SELECT stream, max(version) FROM events WHERE position > ? GROUP BY stream",
                (position,),
            )
            return {str(stream): int(version) for stream, version in rows}

    def remove_event(self, stream: str, version: int) -> None:
        """Remove the event ``version`` of ``stream``; the events after it move up one version
        and the stream's snapshots go (they were built with it).

        Only ``pokertd check --repair`` calls it, on a damaged event, after a backup: the store
        otherwise never changes an event. Raises ``ValueError`` for an event it does not have.

        >>> import os, tempfile
        >>> from pokertd.store import NewEvent
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     store = SQLiteEventStore(os.path.join(folder, "events.db"))
        ...     _ = store.append("t1", [NewEvent("a-happened", {}), NewEvent("b-happened", {})],
        ...                      expected_version=0, recorded_at="2024-05-01T18:30:00Z")
        ...     store.remove_event("t1", 1)
        ...     [(event.version, event.type) for event in store.read("t1")]
        ...     store.close()
        [(1, 'b-happened')]
        """
        with self._errors(), self._write() as connection:
            later = connection.execute(
                "SELECT version FROM events WHERE stream = ? AND version > ? ORDER BY version",
                (stream, version),
            ).fetchall()
            gone = connection.execute(
                "DELETE FROM events WHERE stream = ? AND version = ?", (stream, version)
            )
            if gone.rowcount != 1:
                raise ValueError(f"stream {stream!r} has no event {version}")
            connection.executemany(  # in order: each version freed before the next takes it
                "UPDATE events SET version = version - 1 WHERE stream = ? AND version = ?",
                [(stream, number) for (number,) in later],
            )
            connection.execute("DELETE FROM snapshots WHERE stream = ?", (stream,))
            if not later and version == 1:
                connection.execute("DELETE FROM streams WHERE name = ?", (stream,))

    def last_position(self) -> int:
        """Return the position of the last event stored, in all streams (0 when empty).

        >>> import os, tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     store = SQLiteEventStore(os.path.join(folder, "events.db"))
        ...     store.last_position()
        ...     store.close()
        0
        """
        with self._errors():
            (last,) = (
                self._open_connection()
                .execute("SELECT coalesce(max(position), 0) FROM events")
                .fetchone()
            )
        return int(last)

    def problems(self) -> list[str]:
        """Return what SQLite's integrity check finds wrong in the file (empty when sound).

        Raises ``ParseError`` when the file is too damaged to be checked at all.

        >>> import os, tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     store = SQLiteEventStore(os.path.join(folder, "events.db"))
        ...     store.problems()
        ...     store.close()
        []
        """
        with self._errors():
            rows = self._open_connection().execute("PRAGMA integrity_check").fetchall()
        found = [str(message) for (message,) in rows]
        return [] if found == ["ok"] else found

    def _close(self) -> None:
        self._connection.close()
        if self._index is not None:
            os.close(self._index)
            self._index = None

    # --- Internals ---------------------------------------------------------------------------

    def _open_connection(self) -> sqlite3.Connection:
        self._check_open()
        return self._connection

    @contextlib.contextmanager
    def _write(self, versions: dict[str, int] | None = None) -> Iterator[sqlite3.Connection]:
        """Run the block in a ``BEGIN IMMEDIATE`` transaction: committed, or rolled back.

        ``versions``: a block that changes no event but those it says, filling it with the
        new version of each stream it appended to (``{}``: it changed no event). When its commit
        is then the only one since the cached versions were read, they stay cached, updated
        with these, instead of all being asked of SQLite again (``_keep_versions``).
        """
        connection = self._open_connection()
        self._pinned = False  # this write moves the header: read it at the next version asked
        connection.execute("BEGIN IMMEDIATE")
        try:
            # under the write lock: no other connection commits until this one is done
            before = self._index_header() if versions is not None else b""
            yield connection
            connection.execute("COMMIT")
            self.commits += 1
        except BaseException:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            raise
        finally:
            self._pinned = False
        if versions is not None:
            self._keep_versions(before, versions)

    def _keep_versions(self, before: bytes, versions: dict[str, int]) -> None:
        """After a commit of this store's that changed only ``versions``, keep the cached
        versions if nobody else committed since they were read: the header before the commit
        (read under the write lock) is the one they were read at, and the header after it
        counts one change more (``iChange``, which SQLite adds one to at every commit, and at
        a restart of the log: then the cache is read again). Another connection's commit after
        this one counts two more, so it is never taken for this one."""
        if not before or before != self._header:
            return  # the cache was read at another header: the next read asks SQLite
        after = self._index_header()
        if _changes(after) != _changes(before) + 1:
            return
        self._versions.update(versions)
        self._header = after

    @contextlib.contextmanager
    def _errors(self) -> Iterator[None]:
        """Turn SQLite errors into pokertd's: a bad file is a ``ParseError``, I/O an ``OSError``."""
        try:
            yield
        except sqlite3.OperationalError as error:
            raise OSError(f"event store {self._path!r}: {error}") from error
        except sqlite3.DatabaseError as error:
            code = getattr(error, "sqlite_errorcode", None)  # None for ProgrammingError & co.
            if code is None or code & 0xFF not in (_SQLITE_CORRUPT, _SQLITE_NOTADB):
                raise
            damaged = code & 0xFF == _SQLITE_CORRUPT
            # the English quotes SQLite; the French says why in its own words (``why``)
            why = (
                message("the file is damaged")
                if damaged
                else message("it is not an SQLite database")
            )
            raise NotAStoreError(
                message(
                    "{path!r} is not a pokertd event store: {error}",
                    path=self._path,
                    error=str(error),
                    why=why,
                )
            ) from None

    def _prepare(self, connection: sqlite3.Connection) -> None:
        """Check the file is a pokertd store this version can read, set it up, migrate it."""
        connection.execute("PRAGMA foreign_keys = ON")
        self._check_schema(connection)
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("PRAGMA synchronous = FULL")
        if _pragma(connection, "user_version") < SCHEMA_VERSION:
            connection.execute("BEGIN IMMEDIATE")
            try:
                # Read again under the write lock: another process may have migrated meanwhile.
                version = self._check_schema(connection)
                for migration in _MIGRATIONS[version:]:
                    for statement in migration:
                        connection.execute(statement)
                    version += 1
                    connection.execute(f"PRAGMA user_version = {version}")
                connection.execute("COMMIT")
            except BaseException:
                if connection.in_transaction:
                    connection.execute("ROLLBACK")
                raise

    def _check_readable(self, connection: sqlite3.Connection) -> None:
        """Check, without writing, that the file is a pokertd store this version reads as is."""
        version = self._check_schema(connection)
        if version == 0:
            raise NotAStoreError(
                message("{path!r} is empty, not a pokertd event store", path=self._path)
            )
        if version < SCHEMA_VERSION:
            raise NotAStoreError(
                message(
                    "{path!r} has the event store schema version {version}: open it for "
                    "writing once to bring it up to version {latest}",
                    path=self._path,
                    version=version,
                    latest=SCHEMA_VERSION,
                )
            )

    def _foreign(self) -> NotAStoreError:
        return NotAStoreError(
            message("{path!r} is an SQLite database, not a pokertd event store", path=self._path)
        )

    def _check_schema(self, connection: sqlite3.Connection) -> int:
        """Return the schema version of the file, or raise ``NotAStoreError`` if it is not ours."""
        version = int(_pragma(connection, "user_version"))
        if version == 0:
            (tables,) = connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
            if tables:
                raise self._foreign()
            return version
        if version < 0 or _pragma(connection, "application_id") != _APPLICATION_ID:
            raise self._foreign()
        if version > SCHEMA_VERSION:
            raise NotAStoreError(
                message(
                    "{path!r} was written by a newer pokertd (event store schema "
                    "version {version}; this one reads up to {latest})",
                    path=self._path,
                    version=version,
                    latest=SCHEMA_VERSION,
                )
            )
        return version


def _stream_version(connection: sqlite3.Connection, stream: str) -> int:
    (version,) = connection.execute(
        "SELECT coalesce(max(version), 0) FROM events WHERE stream = ?", (stream,)
    ).fetchone()
    return int(version)


def _changes(header: bytes) -> int:
    """Return ``iChange`` of a WAL index header: bytes 8 to 11, in the machine's byte order
    (SQLite's ``WalIndexHdr``); -1 for a header not read."""
    if len(header) < 12:
        return -1
    return int.from_bytes(header[8:12], sys.byteorder)


def _open_index(path: str) -> int | None:
    """Open the WAL index (``path-shm``) for reading, None when there is none to read."""
    if path == ":memory:" or path.startswith("file:"):
        return None
    try:
        return os.open(f"{path}-shm", os.O_RDONLY)
    except OSError:
        return None


def _pragma(connection: sqlite3.Connection, name: str) -> Any:
    return connection.execute(f"PRAGMA {name}").fetchone()[0]


def _create_private(path: str) -> None:
    """Create the event file ``path``, empty (a new SQLite database), readable by its owner only
    (0600: it holds the players' contacts and the password's hash); SQLite gives its journal
    and WAL files the same mode. An existing file is left as it is; a file that cannot be
    created here is left to SQLite, which says why."""
    if path == ":memory:" or path.startswith("file:"):
        return
    with contextlib.suppress(OSError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
