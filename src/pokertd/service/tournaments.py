"""The tournament service: load a tournament, handle a command, store the events, tell listeners.

This is where time and randomness enter (``runtime.now``, ``runtime.system_rng``) and where the
event store is written. A command is acknowledged once its events are stored: nothing
acknowledged is lost, even if the process is killed a moment later (SQLite in WAL mode with full
synchronisation; see ``pokertd.store.sqlite``).
"""

from __future__ import annotations

import dataclasses
import datetime
import functools
import importlib.metadata
import logging
import random
from collections.abc import Callable, Mapping
from typing import Any

from pokertd.errors import IllegalActionError, ParseError, PokertdError
from pokertd.messages import Message, message
from pokertd.service import runtime, streams
from pokertd.store import DamagedEventError, EventStore
from pokertd.tournament import commands, events, flights, snapshot
from pokertd.tournament.aggregate import Tournament, in_force, last_in_force, since
from pokertd.tournament.events import TournamentEvent
from pokertd.tournament.state import TournamentState

PREFIX = "tournament-"

LOG = logging.getLogger("pokertd.service")


Outcome = streams.Outcome[TournamentEvent]

#: Who gives a command, named in its events (``TournamentEvent.by``); it raises to refuse the
#: command (the web's permissions, ``pokertd.web.permissions``). By default: nobody named.
Caller = Callable[[commands.Command], str]


def _nobody(command: commands.Command) -> str:
    del command
    return ""


class TournamentService(streams.StreamService[Tournament, commands.Command, TournamentEvent]):
    """Runs tournaments over an event store.

    A tournament is loaded from its latest snapshot and the events after it; a snapshot is saved
    every ``snapshot_every`` events, through ``defer`` (at once by default; the web server saves
    it once the command is answered). With ``use_snapshots=False`` every load replays every event
    and no snapshot is saved (the reference of ``bench/open_event.py``).

    >>> from pokertd.store import MemoryEventStore
    >>> from pokertd.tournament.structure import template
    >>> service = TournamentService(MemoryEventStore(), rng=random.Random(1))
    >>> outcome = service.create(commands.CreateTournament("Friday", template("turbo").to_dict()))
    >>> outcome.stream, outcome.version
    ('tournament-1', 1)
    """

    def __init__(
        self,
        store: EventStore,
        *,
        now: Callable[[], datetime.datetime] = runtime.now,
        rng: random.Random | None = None,
        caller: Caller = _nobody,
        snapshot_every: int = streams.SNAPSHOT_EVERY,
        defer: Callable[[Callable[[], None]], None] = streams.run_now,
        use_snapshots: bool = True,
    ) -> None:
        snapshots = streams.Snapshots(_snapshot, _resume, snapshot_every, defer)
        super().__init__(
            streams.Streams(
                store, PREFIX, replay=Tournament.replay, decode=events.from_data,
                encode=events.to_data, snapshots=snapshots if use_snapshots else None,
            ),
            now=now,
        )  # fmt: skip
        self._rng = rng if rng is not None else runtime.system_rng()
        self._caller = caller

    def tournaments(self) -> list[str]:
        """Return the ids of the tournaments in the store that can be read, oldest first.

        A tournament with a damaged event is left out (and logged) so that the lists of
        tournaments stay readable; asked for by its id, it says which event is damaged, and
        ``pokertd check`` tells and repairs it.
        """
        readable = []
        for tournament in self.ids():
            try:
                self.load(tournament)
            except DamagedEventError as error:
                LOG.error("%s (pokertd check --db FILE tells every damaged event)", error)
                continue
            readable.append(tournament)
        return readable

    def cached_version(self, tournament: str) -> int | None:
        """Return the version of the tournament this service holds in memory (None if it holds
        none): behind the file's when another process (the CLI) wrote."""
        return self._streams.cached_version(tournament)

    def create(
        self, command: commands.CreateTournament, *, receipt: streams.Receipt | None = None
    ) -> Outcome:
        """Create a tournament under a new id (the ``receipt`` kept with it: ``execute``)."""
        return self.execute(self._streams.next_id(), command, receipt=receipt)

    def _none_yet(self) -> Message:
        return message("there is no tournament yet: create one first")

    def _unknown(self, name: str) -> Message:
        return message("there is no tournament {name!r}", name=name)

    def _decide(
        self, aggregate: Tournament, command: commands.Command, now: datetime.datetime
    ) -> list[TournamentEvent]:
        if isinstance(command, commands.CreateTournament) and aggregate.version:
            raise ParseError("the tournament already exists")
        by = self._caller(command)  # before anything is decided: a refusal changes nothing
        decided = aggregate.handle(command, now, self._rng)
        return [dataclasses.replace(event, by=by) for event in decided] if by else decided

    def execute(
        self, stream: str, command: commands.Command, *, receipt: streams.Receipt | None = None
    ) -> Outcome:
        """Handle ``command`` (see ``StreamService.execute``). A refund of a buy-in paid by a
        satellite ticket (an entry withdrawn) gives the ticket back: its satellite opens it
        again (SAT-TICKET). If the satellite refuses, the refund is undone and the refusal
        raised: nothing is left half done."""
        if isinstance(command, commands.Undo | commands.UndoBackTo):
            self._check_undo(stream, command)
        if isinstance(command, commands.Register):
            self._check_flight_entry(stream, command.player)
        outcome = super().execute(stream, command, receipt=receipt)
        for event in outcome.events:
            if isinstance(event, events.PaymentRefunded) and event.ticket:
                self._return_ticket(stream, event)
        return outcome

    def compensate(self, stream: str, cmd: int) -> Outcome:
        """Cancel command ``cmd`` (and what came after it) of this service's own write across
        events, a refused second half undoing the first (``service.tickets``)."""
        return super().execute(stream, commands.UndoBackTo(cmd))

    def _check_undo(self, stream: str, command: commands.Undo | commands.UndoBackTo) -> None:
        """SAT-TICKET, FLIGHT-MERGE: an undo may not take back one half of a change written in
        two events (a ticket used or given back, a flight carried to its day 2): the other
        half would stay. The director corrects it with the commands that made it."""
        tournament = self.load(stream)
        history, undone = tournament.events, tournament.undone
        if isinstance(command, commands.Undo):
            last = last_in_force(history, undone)
            targets = set() if last is None else {last}
        else:
            targets = set(in_force(history, undone, command.cmd))
        for event in since(history, min(targets, default=0)):
            if event.cmd in targets and _crosses(event):
                raise IllegalActionError(
                    message(
                        "command {cmd} changed another event too (a satellite ticket, a flight "
                        "and its day 2): it cannot be undone here",
                        cmd=event.cmd,
                    ),
                    rule="FLIGHT-MERGE"
                    if isinstance(event, events.FlightCarried | events.FlightsMerged)
                    else "SAT-TICKET",
                )

    def _check_flight_entry(self, stream: str, player: str) -> None:
        """FLIGHT-TWO-BAGS: under one survival per player, a player who bagged chips in another
        flight of the same event may not enter this one (``flights.check_entry``)."""
        rules = self.load(stream).state.ledger.rules  # None for an unknown or free event
        if rules is None or not rules.flight_of or rules.two_bags != flights.TwoBags.ONE:
            return
        found: list[flights.Bag] = []
        for other in self.tournaments():
            if other == stream:
                continue
            flight = self.load(other)
            theirs = flight.state.ledger.rules
            if theirs is None or theirs.flight_of != rules.flight_of or flight.state.archived:
                continue
            if flights.is_bagged(flight.events, flight.undone):
                found += flights.bags(flight.state.title, flight.state)
        flights.check_entry(player, rules.flight_of, flights.TwoBags.ONE, found)

    def _return_ticket(self, stream: str, refund: events.PaymentRefunded) -> None:
        satellite, _, number = refund.ticket.rpartition("#")  # SATELLITE#ENTRY
        try:
            if not number.isdigit():
                raise ParseError(message("a ticket code is SATELLITE#ENTRY, not {code!r}",
                                         code=refund.ticket))  # fmt: skip
            super().execute(self.resolve(satellite), commands.ReturnTicket(int(number)))
        except PokertdError:
            self.compensate(stream, refund.cmd)
            raise


@functools.cache
def code_version() -> str:
    """The version of pokertd that runs, named in the snapshots it writes: a snapshot of another
    version is not used."""
    try:
        return importlib.metadata.version("pokertd")
    except importlib.metadata.PackageNotFoundError:  # run from a source tree not installed
        return "unknown"


def _snapshot(tournament: Tournament) -> dict[str, Any]:
    """The snapshot of a tournament (``tournament.snapshot``)."""
    return snapshot.encode(
        tournament.state,
        undone=tournament.undone,
        last_cmd=tournament.last_cmd,
        code=code_version(),
    )


def _resume(
    data: Mapping[str, Any], version: int, before: Callable[[], list[TournamentEvent]]
) -> Tournament:
    """The tournament at ``version`` from its snapshot; SnapshotError if it cannot be used."""
    code = code_version()
    found = snapshot.decode(data, code=code)
    first = [found.state]

    def state() -> TournamentState:
        # The state just read, then a new copy for each rebuild (an undo after the snapshot).
        return first.pop() if first else snapshot.decode(data, code=code).state

    return Tournament.resume(state, version, found.undone, found.last_cmd, before)


def _crosses(event: TournamentEvent) -> bool:
    """Whether the event is one half of a change written in two events."""
    if isinstance(event, events.PaymentTaken | events.PaymentRefunded):
        return bool(event.ticket)
    return isinstance(
        event,
        events.TicketUsed | events.TicketReturned | events.FlightCarried | events.FlightsMerged,
    )
