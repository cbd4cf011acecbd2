"""The tournament service: load a tournament, handle a command, store the events, tell listeners.

This is where time and randomness enter (``runtime.now``, ``runtime.system_rng``) and where the
event store is written. A command is acknowledged once its events are stored: nothing
acknowledged is lost, even if the process is killed a moment later (SQLite in WAL mode with full
synchronisation; see ``pokertd.store.sqlite``).
"""

from __future__ import annotations

import datetime
import random
import re
from collections.abc import Callable
from dataclasses import dataclass

from pokertd.errors import ConflictError, NotFoundError, ParseError
from pokertd.service import runtime
from pokertd.service.streams import Streams
from pokertd.store import EventStore
from pokertd.tournament import commands, events
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.events import TournamentEvent

PREFIX = "tournament-"


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a command did: the tournament's id, its new version and the events stored."""

    tournament: str
    version: int
    events: tuple[TournamentEvent, ...]


Listener = Callable[[str, tuple[TournamentEvent, ...]], None]


class TournamentService:
    """Runs tournaments over an event store.

    >>> from pokertd.store import MemoryEventStore
    >>> from pokertd.tournament.structure import template
    >>> service = TournamentService(MemoryEventStore(), rng=random.Random(1))
    >>> outcome = service.create(commands.CreateTournament("Friday", template("turbo").to_dict()))
    >>> outcome.tournament, outcome.version
    ('tournament-1', 1)
    """

    def __init__(
        self,
        store: EventStore,
        *,
        now: Callable[[], datetime.datetime] = runtime.now,
        rng: random.Random | None = None,
    ) -> None:
        self.store = store
        self._now = now
        self._rng = rng if rng is not None else runtime.system_rng()
        self._streams = Streams(
            store, PREFIX, replay=Tournament.replay, decode=events.from_data,
            encode=events.to_data,
        )  # fmt: skip
        self._listeners: list[Listener] = []

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener(tournament_id, events)`` after every stored command (WebSocket push)."""
        self._listeners.append(listener)

    def tournaments(self) -> list[str]:
        """Return the ids of the tournaments in the store, oldest first."""
        return self._streams.ids()

    def create(self, command: commands.CreateTournament) -> Outcome:
        """Create a tournament under a new id."""
        return self.execute(self._streams.next_id(), command)

    def resolve(self, name: str | None) -> str:
        """Return a tournament id from an id, a number, or None for the latest one.

        Raises NotFoundError when there is no such tournament.
        """
        existing = self.tournaments()
        if name is None:
            if not existing:
                raise NotFoundError(
                    "there is no tournament yet: create one first",
                    fr="il n'y a pas encore de tournoi : créez-en un d'abord",
                )
            return existing[-1]
        stream = name if name.startswith(PREFIX) else f"{PREFIX}{name}"
        if not re.fullmatch(rf"{PREFIX}\d+", stream) or stream not in existing:
            raise NotFoundError(
                f"there is no tournament {name!r}", fr=f"il n'y a pas de tournoi {name!r}"
            )
        return stream

    def load(self, tournament: str) -> Tournament:
        """Return the tournament, replayed from the store (cached while nobody else writes)."""
        return self._streams.load(tournament)

    def execute(self, tournament: str, command: commands.Command) -> Outcome:
        """Handle ``command`` now, store its events, and return them once stored (acknowledged).

        Raises what ``Tournament.handle`` raises (nothing is stored then), and ConflictError if
        another writer keeps changing the tournament.
        """
        for _ in range(3):
            state = self.load(tournament)
            if isinstance(command, commands.CreateTournament) and state.version:
                raise ParseError(f"{tournament} already exists")
            now = self._now()
            new_events = state.handle(command, now, self._rng)
            if not new_events:
                return Outcome(tournament, state.version, ())
            try:
                self._streams.store_events(tournament, state, new_events, now)
            except ConflictError:
                continue  # someone else wrote: reload and retry
            stored = tuple(new_events)
            for listener in self._listeners:
                listener(tournament, stored)
            return Outcome(tournament, state.version, stored)
        raise ConflictError(
            f"{tournament} keeps changing under this command; try again",
            fr=f"{tournament} change sans cesse pendant cette commande ; réessayez",
        )
