"""A whole festival across its events (issue 22): a satellite pays seats to the main event as
tickets; the main event's starting flights take buy-ins in cash and by ticket, re-entries and
bust-outs; the flights merge into a day 2 (FLIGHT-MERGE) that ends in a deal. Whatever the
steps, after every one of them every ledger balances to the cent and the tickets do too: each
ticket used at a flight is a buy-in paid by ticket there (SAT-TICKET)."""

from __future__ import annotations

import contextlib
import datetime
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokertd.errors import IllegalActionError, NotFoundError, ParseError
from pokertd.service import flights as flight_service
from pokertd.service.tickets import register_with_ticket
from pokertd.service.tournaments import TournamentService
from pokertd.store.memory import MemoryEventStore
from pokertd.tournament import commands
from pokertd.tournament.money import MoneyRules
from pokertd.tournament.reports import statement_of
from pokertd.tournament.state import TournamentState
from pokertd.tournament.structure import template

NOW = datetime.datetime(2026, 7, 1, 12, 0, tzinfo=datetime.UTC)
SEAT = 10_000
#: A 20+2 EUR satellite whose seats are 100 EUR tickets to the main event, transferable.
SATELLITE = {
    "buy_in": {"prize": 2_000, "fee": 200, "chips": 20_000},
    "seat_value": SEAT,
    "target": "Main event",
    "transferable": True,
}
#: A 90+10 EUR starting flight of the main event.
FLIGHT = {"buy_in": {"prize": 9_000, "fee": 1_000, "chips": 20_000}, "flight_of": "Main event"}
#: A refusal changes nothing: the property goes on with the next step.
REFUSED = (IllegalActionError, NotFoundError, ParseError)


class Festival:
    """The satellite and the flights of one festival, in one event store."""

    def __init__(self, seed: int) -> None:
        self.service = TournamentService(
            MemoryEventStore(), now=lambda: NOW, rng=random.Random(seed)
        )
        self.satellite = ""
        self.flights: list[str] = []
        self.day_two = ""

    def create(self, title: str, money: dict[str, object], late: int | None) -> str:
        rules = MoneyRules.from_dict(money).to_dict()
        created = commands.CreateTournament(
            title, template("turbo").to_dict(), money=rules, late_registration_levels=late
        )
        return self.service.create(created).stream

    def run_satellite(self, players: int) -> None:
        """The satellite plays down to its seats, and its tickets are issued."""
        self.satellite = self.create("Satellite", SATELLITE, None)
        for number in range(players):
            self.service.execute(self.satellite, commands.Register(f"Sat {number}"))
        self.service.execute(self.satellite, commands.DrawSeats())
        seats = players * 2_000 // SEAT
        for entry in range(players, seats, -1):
            self.service.execute(self.satellite, commands.BustPlayers((entry,)))
        self.service.execute(self.satellite, commands.IssueTickets())

    def streams(self) -> list[str]:
        return [self.satellite, *self.flights, *([self.day_two] if self.day_two else [])]

    def check(self) -> None:
        """Every ledger balances; every ticket used is a buy-in paid by ticket at a flight."""
        for stream in self.streams():
            sheet = statement_of(self.service.load(stream).state)
            assert sheet.balances, (stream, sheet)
        tickets = self.service.load(self.satellite).state.ledger.tickets.values()
        used = sum(ticket.value for ticket in tickets if ticket.used_by)
        paid = sum(statement_of(self.service.load(f).state).by_ticket for f in self.flights)
        assert used == paid
        assert statement_of(self.service.load(self.satellite).state).tickets == sum(
            ticket.value for ticket in tickets
        )

    def step(self, kind: str, flight: int, pick: int) -> None:
        """One random step at flight ``flight``; a refused one changes nothing."""
        stream = self.flights[flight % len(self.flights)]
        state = self.service.load(stream).state
        playing = sorted(entry.number for entry in state.active())
        busted = sorted(set(state.entries) - set(playing))
        if kind == "cash":
            self.service.execute(stream, commands.Register(f"Cash {pick % 12}"))
        elif kind == "ticket":
            tickets = self.service.load(self.satellite).state.ledger.tickets
            open_ones = sorted(number for number, ticket in tickets.items() if ticket.is_open)
            if open_ones:
                code = f"{self.satellite}#{open_ones[pick % len(open_ones)]}"
                register_with_ticket(self.service, stream, code)
        elif kind == "bust" and len(playing) > 2:
            self.service.execute(stream, commands.BustPlayers((playing[pick % len(playing)],)))
        elif kind == "reenter" and busted:
            self.service.execute(stream, commands.ReEnter(busted[pick % len(busted)]))
        elif kind == "withdraw" and not state.is_drawn and playing:
            self.service.execute(stream, commands.Withdraw(playing[pick % len(playing)]))

    def bag_and_merge(self) -> None:
        """Each flight seated and bagged at 10,000 a player; then the merge into the day 2."""
        for stream in self.flights:
            state = self.service.load(stream).state
            if not state.is_drawn:
                self.service.execute(stream, commands.DrawSeats())
                state = self.service.load(stream).state
            stacks = {entry.number: 10_000 for entry in state.active()}
            self.service.execute(stream, commands.EndDay(stacks))
            self.check()
        self.day_two = flight_service.merge(self.service, "Main event", "Day 2").day_two
        self.check()

    def play_day_two(self) -> None:
        """The day 2 plays down to three players, who agree an even deal."""
        while len(playing := sorted(e.number for e in self.state_two().active())) > 3:
            self.service.execute(self.day_two, commands.BustPlayers((playing[-1],)))
            self.check()
        stacks = dict.fromkeys(playing, 10000)
        with contextlib.suppress(*REFUSED):  # two players left: the deal may be refused
            self.service.execute(self.day_two, commands.MakeDeal("even-chop", stacks))
        self.check()

    def state_two(self) -> TournamentState:
        return self.service.load(self.day_two).state


STEPS = st.lists(
    st.tuples(
        st.sampled_from(["cash", "ticket", "bust", "reenter", "withdraw", "draw"]),
        st.integers(0, 2),
        st.integers(0, 1_000),
    ),
    max_size=24,
)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    satellite=st.integers(10, 16),
    flights=st.integers(2, 3),
    steps=STEPS,
    seed=st.integers(0, 99),
)
def test_festival_money_and_tickets_balance_after_every_step(
    satellite: int, flights: int, steps: list[tuple[str, int, int]], seed: int
) -> None:
    festival = Festival(seed)
    festival.run_satellite(satellite)
    festival.check()
    for number in range(flights):
        festival.flights.append(festival.create(f"1{'ABC'[number]}", FLIGHT, 3))
        for name in ("Anchor A", "Anchor B"):  # every flight has survivors to bag
            festival.service.execute(festival.flights[-1], commands.Register(f"{name}{number}"))
    for kind, flight, pick in steps:
        with contextlib.suppress(*REFUSED):
            if kind == "draw":
                festival.service.execute(festival.flights[flight % flights], commands.DrawSeats())
            else:
                festival.step(kind, flight, pick)
        festival.check()
    festival.bag_and_merge()
    day_two = festival.state_two()
    carried = sum(festival.service.load(f).state.ledger.carried_out for f in festival.flights)
    assert day_two.ledger.brought == carried
    festival.play_day_two()


def test_sat_ticket_to_an_event_pays_a_seat_in_one_of_its_starting_flights() -> None:
    """SAT-TICKET, FLIGHT-MERGE: a satellite to "Main event" pays the buy-in of flight 1B, a
    starting flight of Main event; not that of another event."""
    festival = Festival(3)
    festival.run_satellite(10)  # 200 EUR: two seats
    flight = festival.create("1B", FLIGHT, 3)
    other = festival.create("Side event", {"buy_in": FLIGHT["buy_in"]}, 3)
    done = register_with_ticket(festival.service, flight, f"{festival.satellite}#1")
    assert statement_of(festival.service.load(flight).state).by_ticket == SEAT
    assert len(done) > 1
    festival.flights.append(flight)
    with pytest.raises(IllegalActionError, match="this ticket is for Main event") as error:
        register_with_ticket(festival.service, other, f"{festival.satellite}#2")
    assert error.value.rule == "SAT-TICKET"
    assert festival.service.load(festival.satellite).state.ledger.tickets[2].is_open
    assert statement_of(festival.service.load(other).state).by_ticket == 0
    festival.check()
