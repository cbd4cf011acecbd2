"""Shared helpers for the live-table tests: a tournament ready to deal, a settable clock, a copy of
a store (to play one hand on in two ways), and the engine's view of a stored online hand."""

from __future__ import annotations

import datetime
import random
from typing import Any

from pokertd.cards import Card
from pokertd.engine import Hand
from pokertd.service.tables import TableService
from pokertd.service.tournaments import TournamentService
from pokertd.store import EventStore, MemoryEventStore, NewEvent
from pokertd.table.events import TableHandStarted, from_data
from pokertd.tournament import commands
from pokertd.tournament.structure import Level, Structure

NOW = datetime.datetime(2026, 3, 6, 19, 0, tzinfo=datetime.UTC)


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.moment = NOW

    def __call__(self) -> datetime.datetime:
        return self.moment

    def advance(self, seconds: float) -> None:
        self.moment += datetime.timedelta(seconds=seconds)


def structure(stack: int = 10_000, ante: int = 0, game: str = "nlhe") -> dict[str, Any]:
    """Fifteen 20-minute levels of ``game`` from 100/200, chips of 25 and 100, ``stack`` to
    start."""
    levels = tuple(Level(100 * n, 200 * n, ante * n, minutes=20, game=game) for n in range(1, 16))
    return Structure(levels, (25, 100), stack).to_dict()


def tournament(
    store: EventStore,
    clock: Clock,
    *,
    players: int = 6,
    profile: str = "tda-2017",
    stack: int = 10_000,
    ante: int = 0,
    money: dict[str, Any] | None = None,
    absent: tuple[int, ...] = (),
    game: str = "nlhe",
) -> tuple[TournamentService, str]:
    """Create a tournament of ``players`` at one table, seated, checked in (but ``absent``
    entries) and with its clock running; return its service and id."""
    service = TournamentService(store, now=clock, rng=random.Random(7))
    created = service.create(
        commands.CreateTournament(
            "Live test", structure(stack, ante, game), profile=profile, money=money or {}
        )
    )
    tid = created.stream
    for number in range(players):
        service.execute(tid, commands.Register(f"Player {number + 1}"))
    service.execute(tid, commands.DrawSeats())
    for entry in list(service.load(tid).state.active()):
        if entry.number not in absent:
            service.execute(tid, commands.CheckIn(entry.number))
    service.execute(tid, commands.StartClock())
    return service, tid


def tables(
    service: TournamentService, clock: Clock, *, seed: int = 5, **options: Any
) -> TableService:
    """Return live tables over ``service`` with a seeded random source."""
    return TableService(service, rng=random.Random(seed), now=clock, **options)


def cards(text: str) -> list[Card | None]:
    """Read cards as the dealer types them: ``"As Kd"``, ``"??"`` for a card unseen."""
    return [None if word == "??" else Card.parse(word) for word in text.split()]


def seats(service: TournamentService, tid: str, table: int = 1) -> list[int]:
    """Return the occupied seats of a table."""
    return sorted(service.load(tid).state.tables[table].players)


def copy_store(store: EventStore, *, drop_last: str | None = None) -> MemoryEventStore:
    """Return a copy of ``store``, event for event, times included, without the last event of
    the stream ``drop_last``."""
    copy = MemoryEventStore()
    for stream in store.streams():
        stored = store.read(stream)
        for event in stored[:-1] if stream == drop_last else stored:
            copy.append(
                stream,
                [NewEvent(event.type, event.data)],
                expected_version=event.version - 1,
                recorded_at=event.recorded_at,
            )
    return copy


def last_setup(store: EventStore, tid: str, table: int = 1) -> dict[str, Any]:
    """Return the data of the last ``table-hand-started`` event of a table."""
    started = [
        event for event in store.read(TableService.stream(tid, table))
        if event.type == "table-hand-started"
    ]  # fmt: skip
    return dict(started[-1].data)


def dealt_cards(service: TournamentService, data: dict[str, Any]) -> tuple[Hand, list[Card]]:
    """Return a stored online hand's engine hand as it was dealt and its board as it will come,
    from the deck its seed gives (what the server knows and no view may show)."""
    started = from_data(TableHandStarted.name, data)
    assert isinstance(started, TableHandStarted)
    hand = started.create_hand(service.load(started.tournament).state.profile)
    deck = started.deck()
    assert deck is not None
    deck.deal(hand.game.hole_count * hand.player_count)
    board: list[Card] = []
    for count in hand.game.board_counts[1:]:
        board += deck.deal(1 + count)[1:]  # a burn card, then the street's cards
    return hand, board
