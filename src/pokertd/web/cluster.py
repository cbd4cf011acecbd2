"""Several workers on one PostgreSQL database (``pokertd web --workers N``, or several servers
behind a reverse proxy): what they share beyond the events themselves.

- **Pushes.** A trigger on ``pokertd.events`` sends ``NOTIFY pokertd_events, 'stream version'``
  for each stream an append wrote; PostgreSQL delivers it when the append commits, to every
  connection that listens, so a command accepted by one worker (or by the CLI on the same
  database) reaches the WebSocket clients of every worker. Each worker listens (``joined``) and
  marks changed each stream notified at a newer version than it has pushed (``_receive``); what
  it wrote itself it has pushed already, and does not push twice.
- **Versions cached.** While it listens, a worker's store keeps the stream versions it read or
  wrote (``PostgresEventStore.follow``) and forgets each one notified at a newer version: a
  command asks the database for a version once, not at each of the dozens of times the services
  check their aggregates. A version still cached when another worker's append commits, before
  its notification arrives, makes the next command's append conflict, and the command is
  decided again on the events it missed (``pokertd.store.postgres``).
- **Sessions.** A login on one worker must hold on the next request, which the proxy or the
  kernel may hand to another: the sessions are kept in ``pokertd.web_sessions``
  (``SharedSessionBook``), the visitors' too (the login form's CSRF token).
- **Logins against guessing.** The wrong passwords (and the public sign-ups) are counted in
  ``pokertd.login_failures`` (``SharedLoginGate``), so a guesser meets the same limits whichever
  worker answers: N workers do not give him N times the attempts.
- **Timers once.** The online action clock is armed by the worker that stored the table's
  change (``pages.table``). Its ruling is applied under an advisory lock per table (``once``),
  so two workers never apply it together; and one worker at a time, the one holding the sweep
  lease (an advisory lock of its session, released by PostgreSQL when that worker dies, even on
  ``kill -9``), looks every ``SWEEP_SECONDS`` at the tables changed lately for a clock run out
  that nobody timed: the tables of a killed worker go on. The automatic backups copy an SQLite
  file, and a PostgreSQL database has its own tools (docs/deploy.md): with PostgreSQL there are
  none to run once. Level changes are computed by each page from the clock, not announced by
  the server.

A worker killed with ``kill -9`` loses no acknowledged command: a command is answered after its
append committed (``PostgresEventStore``). Its sockets close; the pages reconnect, and the
listening socket they reach is served by the other workers.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import json
import logging
import os
import re
import secrets
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterator
from typing import TYPE_CHECKING, Any

import psycopg
from psycopg.conninfo import conninfo_to_dict, make_conninfo

from pokertd.store.locations import postgres_url
from pokertd.store.postgres import PostgresEventStore
from pokertd.web import external
from pokertd.web.sessions import DIRECTORS, MAX_AGE, VISITORS, Data, SessionBook, _key, logged_in
from pokertd.web.throttle import ACCOUNT, LoginGate

if TYPE_CHECKING:
    from pokertd.web.context import Web

log = logging.getLogger("pokertd.web")

#: The channel of the appends' notifications.
CHANNEL = "pokertd_events"
#: The advisory lock of the sweep lease ("PkTW"), and the class of the per-table locks ("PkTC").
SWEEP_LOCK = 0x506B5457
TABLE_LOCKS = 0x506B5443
#: The store's migration lock (``pokertd.store.postgres``): workers starting together set up once.
MIGRATION_LOCK = 0x506B5444
#: How often the worker holding the lease looks for clocks run out that nobody timed (seconds).
SWEEP_SECONDS = 2.0
#: Tables changed longer ago than this are not swept (seconds): a clock runs out in minutes.
RECENT_SECONDS = 3600.0
#: Seconds before the listener connects again after losing its connection.
RECONNECT_SECONDS = 1.0
#: Sessions kept between two clean-ups of the expired and the oldest (``SharedSessionBook``).
CLEAN_EVERY = 64
#: The first word of a layout's notification: ``screens <sender> <tournament>`` ("*": every
#: event's, the club's layout).
LAYOUT = "screens"
#: Environment of a worker started by ``pokertd web --workers N`` (``worker_app``).

_TABLE = re.compile(r"table-(tournament-\d+)-(\d+)")
_TOURNAMENT = re.compile(r"tournament-\d+")

_SETUP = (
    """
    CREATE OR REPLACE FUNCTION pokertd.notify_appended() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE written record;
    BEGIN
        FOR written IN SELECT stream, max(version) AS version FROM appended GROUP BY stream LOOP
            PERFORM pg_notify('pokertd_events', written.stream || ' ' || written.version);
        END LOOP;
        RETURN NULL;
    END $$
    """,
    """
    CREATE OR REPLACE TRIGGER notify_appended AFTER INSERT ON pokertd.events
    REFERENCING NEW TABLE AS appended FOR EACH STATEMENT
    EXECUTE FUNCTION pokertd.notify_appended()
    """,
    """
    CREATE TABLE IF NOT EXISTS pokertd.web_sessions (
        key text PRIMARY KEY,
        data json NOT NULL,
        expires double precision NOT NULL,
        logged_in boolean NOT NULL,
        kept double precision NOT NULL
    )
    """,
    """
    CREATE TABLE IF NOT EXISTS pokertd.login_failures (
        key text NOT NULL,
        at double precision NOT NULL
    )
    """,
    "CREATE INDEX IF NOT EXISTS login_failures_key_at ON pokertd.login_failures (key, at)",
)


def connect(url: str, *, autocommit: bool = True) -> psycopg.Connection[Any]:
    """A connection of its own to the store's database, bounded as the store's are."""
    defaults: dict[str, Any] = {"client_encoding": "utf8", "connect_timeout": 10}
    return psycopg.connect(
        make_conninfo("", **{**defaults, **conninfo_to_dict(url)}), autocommit=autocommit
    )


def set_up(url: str) -> None:
    """Create the notifying trigger and the sessions' table (once; again is harmless)."""
    with connect(url, autocommit=False) as connection, connection.transaction():
        connection.execute(b"SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
        for statement in _SETUP:
            connection.execute(statement.encode())


# -- sessions -------------------------------------------------------------------------------------


class SharedSessionBook(SessionBook):
    """The sessions in the database, seen by every worker (``SessionBook``'s contract)."""

    def __init__(self, url: str, now: Callable[[], datetime.datetime]) -> None:
        super().__init__(None, now)
        self._url = url
        self._connection = connect(url)
        self._kept = 0

    def find(self, token: str | None) -> Data | None:
        if not token:
            return None
        row = self._run(
            "SELECT data::text FROM pokertd.web_sessions WHERE key = %s AND expires > %s",
            (_key(token), self._now()),
        ).fetchone()
        return None if row is None else dict(json.loads(row[0]))

    def keep(self, token: str | None, data: Data) -> str:
        token = token or secrets.token_urlsafe(32)
        now = self._now()
        self._run(
            "INSERT INTO pokertd.web_sessions (key, data, expires, logged_in, kept) "
            "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (key) DO UPDATE SET data = excluded.data, "
            "expires = excluded.expires, logged_in = excluded.logged_in, kept = excluded.kept",
            (_key(token), json.dumps(data), now + MAX_AGE, logged_in(data), now),
        )
        self._kept += 1
        if self._kept % CLEAN_EVERY == 0:
            self._clean(now)
        return token

    def end(self, token: str) -> None:
        self._run("DELETE FROM pokertd.web_sessions WHERE key = %s", (_key(token),))

    def end_all(self) -> None:
        self._run("DELETE FROM pokertd.web_sessions", ())

    def close(self) -> None:
        self._connection.close()

    def _clean(self, now: float) -> None:
        """Forget the expired sessions and the oldest over the limits (as ``SessionBook``)."""
        self._run("DELETE FROM pokertd.web_sessions WHERE expires <= %s", (now,))
        for director, limit in ((True, DIRECTORS), (False, VISITORS)):
            self._run(
                "DELETE FROM pokertd.web_sessions WHERE key IN (SELECT key FROM "
                "pokertd.web_sessions WHERE logged_in = %s ORDER BY kept DESC OFFSET %s)",
                (director, limit),
            )

    def _run(self, query: str, params: tuple[Any, ...]) -> psycopg.Cursor[Any]:
        if self._connection.broken:  # the database restarted: connect again
            self._connection = connect(self._url)
        return self._connection.execute(query.encode(), params)


def session_book(
    location: object, now: Callable[[], datetime.datetime]
) -> SharedSessionBook | None:
    """The shared sessions of a PostgreSQL ``location``; None for another store."""
    url = postgres_url(location) if isinstance(location, str | os.PathLike) else None
    if url is None:
        return None
    set_up(url)
    return SharedSessionBook(url, now)


# -- logins against guessing ---------------------------------------------------------------------


class SharedLoginGate(LoginGate):
    """``LoginGate`` with its failures in the database, counted by every worker alike.

    ``prefix`` keeps two gates apart in the one table (the logins', the sign-ups'). The rows of
    a key are read up to the larger limit (the oldest first: ``check`` needs the count up to its
    limit and the oldest failure of the window), so a check stays bounded whatever the crowd.
    """

    def __init__(self, url: str, prefix: str, like: LoginGate) -> None:
        super().__init__(like.per_client, like.per_account, like.window, like.hashing)
        self._url = url
        self._prefix = prefix
        self._connection: psycopg.Connection[Any] | None = None
        self._counted = 0

    def failed(self, client: str, now: datetime.datetime, account: str = ACCOUNT) -> None:
        for key in (client, account):
            self._run(
                "INSERT INTO pokertd.login_failures (key, at) VALUES (%s, %s)",
                (self._prefix + key, now.timestamp()),
            )
        self._counted += 1
        if self._counted % CLEAN_EVERY == 0:  # bounded table: the failures out of the window go
            self._run(
                "DELETE FROM pokertd.login_failures WHERE at <= %s",
                (now.timestamp() - self.window,),
            )

    def succeeded(self, client: str) -> None:
        self._run("DELETE FROM pokertd.login_failures WHERE key = %s", (self._prefix + client,))

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()

    def _recent(self, key: str, now: datetime.datetime) -> deque[datetime.datetime]:
        rows = self._run(
            "SELECT at FROM pokertd.login_failures WHERE key = %s AND at > %s ORDER BY at LIMIT %s",
            (
                self._prefix + key,
                now.timestamp() - self.window,
                max(self.per_client, self.per_account),
            ),
        ).fetchall()
        return deque(datetime.datetime.fromtimestamp(at, datetime.UTC) for (at,) in rows)

    def _run(self, query: str, params: tuple[Any, ...]) -> psycopg.Cursor[Any]:
        if self._connection is None or self._connection.broken:
            self._connection = connect(self._url)
        return self._connection.execute(query.encode(), params)


# -- timers once ----------------------------------------------------------------------------------


class Guard:
    """Advisory locks on a connection of their own: one worker at a time does a thing."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._connection: psycopg.Connection[Any] | None = None

    @contextlib.contextmanager
    def once(self, key: str) -> Iterator[bool]:
        """Yield whether this worker holds the lock of ``key`` (False: another one does it)."""
        try:
            held = self._query("SELECT pg_try_advisory_lock(%s, hashtext(%s))", key)
        except psycopg.Error:
            log.exception("the advisory lock of %s", key)
            held = False
        try:
            yield held
        finally:
            if held:
                with contextlib.suppress(psycopg.Error):
                    self._query("SELECT pg_advisory_unlock(%s, hashtext(%s))", key)

    def lease(self) -> bool:
        """Whether this worker holds the sweep lease (taken if free; kept until it dies)."""
        try:
            return self._query("SELECT pg_try_advisory_lock(%s)")
        except psycopg.Error:
            return False

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()

    def _query(self, query: str, *key: str) -> bool:
        if self._connection is None or self._connection.broken:
            self._connection = connect(self.url)
        params = (TABLE_LOCKS, *key) if key else (SWEEP_LOCK,)
        row = self._connection.execute(query.encode(), params).fetchone()
        return bool(row is not None and row[0])


async def _sweep(web: Web, guard: Guard, recent: dict[str, float]) -> None:
    """Apply the rulings of the clocks run out at tables changed lately that no timer of this
    worker watches (their worker died), while this worker holds the lease."""
    from pokertd.web.pages.table import expire_due

    while True:
        await asyncio.sleep(SWEEP_SECONDS)
        try:
            if not guard.lease():
                continue
            now = time.monotonic()
            for stream, seen in list(recent.items()):
                if now - seen > RECENT_SECONDS:
                    del recent[stream]
                elif stream not in web.table_timers and (found := _TABLE.fullmatch(stream)):
                    await expire_due(web, found[1], int(found[2]))
        except Exception:  # a bug, the database away: tell it, look again next time
            log.exception("sweeping the action clocks")


# -- pushes ---------------------------------------------------------------------------------------


class Announcer:
    """Tells the other workers a change that is no event, which no trigger announces: a clock's
    layout. ``sender`` names this worker in the notification, so that it does not push twice."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.sender = secrets.token_hex(8)
        self._connection: psycopg.Connection[Any] | None = None

    def layout_changed(self, tournament: str) -> None:
        """Notify the layout of ``tournament`` changed ("": every event's); a database away is
        logged (the clocks still take the layout at their next refresh)."""
        payload = f"{LAYOUT} {self.sender} {tournament or '*'}"
        try:
            if self._connection is None or self._connection.broken:
                self._connection = connect(self.url)
            self._connection.execute(b"SELECT pg_notify(%s, %s)", (CHANNEL, payload))
        except psycopg.Error:
            log.exception("telling the other workers of a layout (%s)", payload)

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()


async def _layout_told(web: Web, payload: str, sender: str) -> None:
    """Push a layout another worker saved to this worker's clocks (``Announcer``)."""
    _, told_by, tournament = f"{payload}  ".split(" ", 2)
    tournament = tournament.strip()
    if told_by == sender:
        return  # this worker's own: pushed already
    if tournament == "*":
        web.hub.changed(*web.service.tournaments())
    elif _TOURNAMENT.fullmatch(tournament):
        web.hub.changed(tournament)
    await web.hub.flush()


@contextlib.asynccontextmanager
async def joined(web: Web, location: object) -> AsyncIterator[None]:
    """While the block runs, push other workers' changes and sweep the clocks (PostgreSQL)."""
    url = postgres_url(location) if isinstance(location, str | os.PathLike) else None
    if url is None:
        yield
        return
    await asyncio.to_thread(set_up, url)
    guard = Guard(url)
    web.once = guard.once
    gates = (
        SharedLoginGate(url, "login:", web.gate),
        SharedLoginGate(url, "signup:", web.signup_gate),
    )
    web.gate, web.signup_gate = gates
    announcer = Announcer(url)
    web.layout_changed = announcer.layout_changed
    recent: dict[str, float] = {}
    tasks = [
        asyncio.create_task(_listen(web, url, recent, announcer.sender)),
        asyncio.create_task(_sweep(web, guard, recent)),
    ]
    try:
        yield
    finally:
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        guard.close()
        announcer.close()
        for gate in gates:
            gate.close()


async def _listen(web: Web, url: str, recent: dict[str, float], sender: str) -> None:
    """Listen to the appends' notifications, connecting again when the connection is lost."""
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(
                make_conninfo("", **{"connect_timeout": 10, **conninfo_to_dict(url)}),
                autocommit=True,
            ) as connection:
                await connection.execute(f"LISTEN {CHANNEL}".encode())
                if isinstance(web.store, PostgresEventStore):  # told of every append from now
                    web.store.follow()
                await _receive(web, connection, recent, sender)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("listening to the other workers' changes; connecting again")
        finally:  # the notifications until it listens again are lost: no version is cached
            if isinstance(web.store, PostgresEventStore):
                web.store.unfollow()
        await asyncio.sleep(RECONNECT_SECONDS)


async def _receive(
    web: Web, connection: psycopg.AsyncConnection[Any], recent: dict[str, float], sender: str
) -> None:
    """Push each stream notified at a version newer than this worker has pushed, and each
    layout another worker saved (``sender`` names this one).

    Not "newer than it holds in memory", as for the SQLite file's writers: a render for one
    socket reads the store, and may bring the cache past a version another socket of the same
    topic was never sent; the notification of that version must still push.
    """
    pushed: dict[str, int] = {}

    def own(stream: str, _events: object) -> None:  # this worker's writes: pushed already
        held = web.tables.cached_version(stream) if _TABLE.fullmatch(stream) else None
        held = held if held is not None else web.service.cached_version(stream)
        pushed[stream] = max(pushed.get(stream, 0), held or 0)

    web.service.subscribe(own)
    web.tables.subscribe(own)
    async for notify in connection.notifies():
        if notify.payload.startswith(f"{LAYOUT} "):
            await _layout_told(web, notify.payload, sender)
            continue
        stream, _, version = notify.payload.rpartition(" ")
        if not (stream and version.isdigit()):
            continue
        if isinstance(web.store, PostgresEventStore):  # before a render reads the version
            web.store.changed(stream, int(version))
        if int(version) <= pushed.get(stream, 0):
            continue
        pushed[stream] = int(version)
        if _TABLE.fullmatch(stream):
            recent[stream] = time.monotonic()
        external.mark(web, stream)
        await web.hub.flush()
