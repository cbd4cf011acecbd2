"""What every route reaches through ``request.app.state.web``: the store, the services, the hub.

Routes are ``async`` and run on the event loop's one thread, which owns the SQLite connection
(``pokertd.store.sqlite``): commands are handled one at a time, in the order they arrive.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import functools
import random
import secrets
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from starlette.requests import HTTPConnection

from pokertd.service.leagues import LeagueService
from pokertd.service.streams import Named, Receipt
from pokertd.service.tables import TableService
from pokertd.service.tournaments import Outcome, TournamentService
from pokertd.store import EventStore
from pokertd.tournament import commands, events
from pokertd.tournament.state import TournamentState
from pokertd.web.auth import hash_password, load_settings
from pokertd.web.hub import Hub
from pokertd.web.lookup import LookupIndex
from pokertd.web.people_names import resolve_text
from pokertd.web.staff import DIRECTOR_NAME
from pokertd.web.throttle import ACCOUNT, LoginGate

#: Tournament events that never change who sits where, their names or their stacks: after a
#: command made of these only (the clock paused, a level skipped), the seating of every table is
#: not worked out again to find that none changed (about 1.2 ms per command at 112 tables).
SEAT_NEUTRAL = frozenset(
    {
        "clock-started",
        "clock-paused",
        "clock-resumed",
        "clock-adjusted",
        "level-skipped",
        "level-went-back",
        "display-message-set",
        "level-changed",
        "last-hands-announced",
    }
)

#: Who sits at a table as his players last saw it: (seat, entry, name, stack) by seat.
Seating = tuple[tuple[int, str, str, int | None], ...]


@contextlib.contextmanager
def _alone(_key: str) -> Iterator[bool]:
    yield True


def _nobody_else(_tournament: str) -> None:
    """Alone: no other worker to tell."""


@dataclass
class Web:
    """The running app's parts: built once the store is open (the app's lifespan), and told of
    every change of a tournament or a table, which they push to the sockets listening."""

    store: EventStore
    service: TournamentService
    now: Callable[[], datetime.datetime]
    rng: random.Random
    tables: TableService
    hub: Hub = field(default_factory=Hub)
    #: The director's login against guessing (``throttle``).
    gate: LoginGate = field(default_factory=LoginGate)
    #: The public sign-ups by client and by event, against filling the register (``checkin``).
    signup_gate: LoginGate = field(
        default_factory=lambda: LoginGate(per_client=5, per_account=200, window=600.0)
    )
    #: The lines of each tournament's log by entry, for the public lookup (``lookup``).
    lookup: LookupIndex = field(default_factory=LookupIndex)
    #: The online action clocks waiting to run out, by table topic (``pages.table``).
    table_timers: dict[str, asyncio.TimerHandle] = field(default_factory=dict)
    #: The clock rulings being applied (kept until done, so that they are not collected).
    table_tasks: set[asyncio.Task[None]] = field(default_factory=set)
    #: Runs a thing once across the workers sharing a PostgreSQL database: yields whether this
    #: worker holds the lock of a key (``pokertd.web.cluster``); alone, always.
    once: Callable[[str], contextlib.AbstractContextManager[bool]] = field(default=_alone)
    #: Tells the other workers sharing a PostgreSQL database that the clock's layout of an event
    #: changed ("": every event's, the club's), so that they push it to their displays at once
    #: (``pokertd.web.cluster``); alone, there is nobody to tell.
    layout_changed: Callable[[str], None] = field(default=_nobody_else)
    #: The seating of each table of each tournament as its players last saw it.
    seatings: dict[str, dict[int, Seating]] = field(default_factory=dict)
    #: The league seasons, listening to the tournaments from the start: a tournament a season
    #: expects is added to it when it finishes, whoever finishes it.
    leagues: LeagueService = field(init=False)

    def __post_init__(self) -> None:
        self.leagues = LeagueService(self.store, now=self.now)
        self.leagues.follow(self.service)
        self.hub.clock = lambda: self.now().timestamp()
        self.hub.names = self.public_names
        self.service.subscribe(self._stored)
        self.tables.subscribe(lambda stream, _events: self.hub.changed(stream))

    async def execute(self, tournament: str, command: commands.Command) -> Outcome:
        """Handle a command, then push the change to the tournament's listeners."""
        outcome = self.service.execute(tournament, command)
        await self.hub.flush()
        return outcome

    async def create(
        self, command: commands.CreateTournament, *, receipt: Receipt | None = None
    ) -> Outcome:
        """Create a tournament (the ``receipt`` of its form stored with it), then push the
        change."""
        outcome = self.service.create(command, receipt=receipt)
        await self.hub.flush()
        return outcome

    def public_names(self, text: str, lang: str) -> str:
        """``text`` (a pushed document's JSON) with the register's person ids replaced by the
        names the club shows the public: a socket has no staff session to show more."""
        return resolve_text(text, self.store, public=True, lang=lang, kind="application/json")

    def _stored(self, tournament: str, events: Sequence[Named]) -> None:
        """After a tournament command: tell the tables whose seats it may have changed (only
        those its events name when it is a hand's start or end, else every table)."""
        if all(event.name in SEAT_NEUTRAL for event in events):
            return  # the clock: not even the tournament loaded
        tables = _concerned(self.service.load(tournament).state, events)
        if tables is None:
            self.seats_changed(tournament)
        elif tables:
            self.compare_seatings(tournament, tables)

    def seats_changed(self, tournament: str) -> None:
        """After a tournament command: mark the topic of each table whose seats changed.

        A player's socket listens to his table, not to the whole tournament
        (``pages.table.player_socket``). All his document reads from the tournament is who sits
        at his table, with their names and stacks; a change of those is news to his table,
        anything else is not. A move or a bust-out changes his old table, and his socket then
        follows him to his new one. (Sending every player of the event his view after every
        tournament command, such as each hand started or finished at any table, made the work
        per hand grow with the number of tables: ``bench/web_load.py``.)
        """
        self.compare_seatings(tournament, None)

    def compare_seatings(self, tournament: str, tables: Iterable[int] | None) -> None:
        """Mark the topic of each of ``tables`` (None: every table, now and as last seen) whose
        seating is not the one its players last saw."""
        seen = self.seatings.setdefault(tournament, {})
        state = self.service.load(tournament).state
        for table in set(state.tables) | set(seen) if tables is None else tables:
            seating = seating_of(state, table)
            if seen.get(table) != seating:
                seen[table] = seating
                self.hub.changed(TableService.stream(tournament, table))


def seating_of(state: TournamentState, table: int) -> Seating:
    """Who sits at ``table`` of ``state`` (empty: no such table now), with names and stacks."""
    found = state.tables.get(table)
    entries = state.entries
    return tuple(
        (seat, entry, entries[int(entry)].player, entries[int(entry)].stack)
        for seat, entry in ({} if found is None else found.players).items()
    )


def _concerned(state: TournamentState, stored: Sequence[Named]) -> set[int] | None:
    """The tables whose seating ``stored`` (a command's events, applied to ``state``) may have
    changed; None when it cannot tell from the events (a move, a bust-out: every table).

    A hand started moves nobody and changes no stack (the hand is played at its table's own
    stream); a hand finished changes its table (the button) and the stacks it reports, which
    are of players seated at their tables now. At 100 tables these two are most commands: the
    seating of the other 99 was worked out again after each (issue 20).
    """
    tables: set[int] = set()
    for event in stored:
        if event.name in SEAT_NEUTRAL or event.name in _HAND_GOING:
            continue
        if not isinstance(event, events.HandFinished):
            return None
        tables.add(event.table)
        for entry, _ in event.stacks:
            found = state.entries.get(entry)
            if found is None or found.table is None:
                return None  # a stack of nobody seated: not worked out here
            tables.add(found.table)
    return tables


#: Tournament events of a hand under way that change no seating (``_concerned``).
_HAND_GOING = frozenset({"hand-started", "hand-played-live"})


async def log_in(connection: HTTPConnection, password: str, name: str = "") -> bool:
    """Return whether ``password`` is the director's (``name`` empty or ``director``) or the
    staff member ``name``'s; refuse (``TooManyAttemptsError``) a client or an account that
    failed too often lately. The hash is computed off the event loop, for an unknown name too
    (the answer's time does not tell which names exist)."""
    web = web_of(connection)
    client = connection.client.host if connection.client else "unknown"
    is_director = name.strip().casefold() in ("", DIRECTOR_NAME)
    account = ACCOUNT if is_director else f"staff:{name.strip().casefold()[:40]}"
    web.gate.check(client, web.now(), account)
    if is_director:
        settings = load_settings(web.store)
        stored = settings.password_hash if settings is not None else ""
    else:
        found = connection.app.state.staff.roster().account(name.strip())
        stored = found.password_hash if found is not None else ""
    if await web.gate.verify(password, stored or _nobody()) and stored:
        web.gate.succeeded(client)
        return True
    web.gate.failed(client, web.now(), account)
    return False


@functools.cache
def _nobody() -> str:
    """The hash an unknown name's password is checked against (a password drawn and thrown
    away: it never matches)."""
    return hash_password(secrets.token_urlsafe(16), secrets.token_bytes(16))


def web_of(connection: HTTPConnection) -> Web:
    """Return the app's parts from a request or a WebSocket."""
    web = connection.app.state.web
    assert isinstance(web, Web), "the app's lifespan has not run"
    return web
