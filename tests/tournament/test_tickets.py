"""Satellite tickets (SAT-TICKET): seats paid as tickets, transferred, refunded, used at the
target; the money and the tickets balance to the cent after every step (a hypothesis property
over random satellites, re-entries, split knockouts, tickets used and deals)."""

from __future__ import annotations

import contextlib
import datetime
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tournament_tools import Driver, structure

from pokertd.errors import IllegalActionError
from pokertd.service.tickets import pay_with_ticket
from pokertd.service.tournaments import TournamentService
from pokertd.store.memory import MemoryEventStore
from pokertd.tournament import commands, events
from pokertd.tournament.money import MoneyRules
from pokertd.tournament.reports import statement_of
from pokertd.tournament.state import TournamentState

#: A 100 EUR main event; its satellite costs 20+2 and pays seats of 100 EUR.
MAIN = {"buy_in": {"prize": 9_000, "fee": 1_000, "chips": 10_000}}


def satellite(**changes: Any) -> dict[str, Any]:
    rules = {
        "buy_in": {"prize": 2_000, "fee": 200, "chips": 10_000},
        "seat_value": 10_000,
        "target": "Main event",
        **changes,
    }
    return MoneyRules.from_dict(rules).to_dict()


def tickets_of(state: TournamentState) -> dict[int, int]:
    return {line.entry: line.tickets for line in statement_of(state).lines if line.tickets}


def test_sat_ticket_eleven_players_two_seats_and_the_remainder_in_cash() -> None:
    """11 x 20 EUR = 220 EUR: two seats of 100 EUR, 20 EUR in cash to third place."""
    driver = Driver.create("tda-2017", 11, money=satellite())
    assert driver.state.ledger.current_prizes() == (10_000, 10_000, 2_000)
    with pytest.raises(IllegalActionError) as error:
        driver.do(commands.IssueTickets())
    assert error.value.rule == "SAT-TICKET"
    for number in range(11, 2, -1):  # entries 11 to 3 bust, one at a time
        driver.do(commands.BustPlayers((number,)))
    found = driver.do(commands.IssueTickets())
    issued = [(e.entry, e.value, e.holder) for e in found if isinstance(e, events.TicketIssued)]
    assert issued == [(1, 10_000, "Player 1"), (2, 10_000, "Player 2")]
    sheet = statement_of(driver.state)
    assert tickets_of(driver.state) == {1: 10_000, 2: 10_000}
    assert {line.entry: line.prize for line in sheet.lines if line.prize} == {3: 2_000}
    assert (sheet.tickets, sheet.unawarded) == (20_000, 0)
    assert sheet.balances
    driver.do(commands.BustPlayers((2,)))  # played on to a winner: no second ticket
    assert statement_of(driver.state).balances
    assert tickets_of(driver.state) == {1: 10_000, 2: 10_000}


def test_sat_ticket_transfer_and_refund_follow_the_satellite_rules() -> None:
    strict = Driver.create("tda-2017", 5, money=satellite())
    for number in (5, 4, 3, 2):
        strict.do(commands.BustPlayers((number,)))
    strict.do(commands.IssueTickets())
    for command in (commands.TransferTicket(1, "Zoé"), commands.RefundTicket(1)):
        with pytest.raises(IllegalActionError) as error:
            strict.do(command)
        assert error.value.rule == "SAT-TICKET"
    with pytest.raises(IllegalActionError, match="not transferable"):
        strict.do(commands.UseTicket(1, "Main event", "Zoé"))

    free = Driver.create("tda-2017", 5, money=satellite(transferable=True, refundable=True))
    for number in (5, 4, 3, 2):
        free.do(commands.BustPlayers((number,)))
    free.do(commands.IssueTickets())
    free.do(commands.TransferTicket(1, "Zoé"))
    assert free.state.ledger.tickets[1].holder == "Zoé"
    free.do(commands.RefundTicket(1))
    sheet = statement_of(free.state)
    assert (sheet.tickets, tickets_of(free.state)) == (0, {})
    assert {line.entry: line.prize for line in sheet.lines if line.prize} == {1: 10_000}
    assert sheet.balances
    with pytest.raises(IllegalActionError, match="was refunded"):
        free.do(commands.UseTicket(1, "Main event", "Zoé"))


def test_sat_ticket_a_new_holder_must_be_named_within_the_limit() -> None:
    free = Driver.create("tda-2017", 5, money=satellite(transferable=True))
    for number in (5, 4, 3, 2):
        free.do(commands.BustPlayers((number,)))
    free.do(commands.IssueTickets())
    before = free.state.ledger.tickets[1]
    for holder in ("  ", "x" * 201):
        with pytest.raises(IllegalActionError, match="1 to 200 characters") as error:
            free.do(commands.TransferTicket(1, holder))
        assert error.value.rule == "SAT-TICKET"
    assert free.state.ledger.tickets[1] == before  # nothing changed


NOW = datetime.datetime(2026, 3, 6, 19, 0, tzinfo=datetime.UTC)


def service() -> TournamentService:
    return TournamentService(MemoryEventStore(), now=lambda: NOW, rng=random.Random(3))


def run_satellite(svc: TournamentService, players: int, **changes: Any) -> str:
    created = svc.create(
        commands.CreateTournament("Satellite", structure(), money=satellite(**changes))
    )
    sat = created.stream
    for number in range(players):
        svc.execute(sat, commands.Register(f"Player {number + 1}"))
    svc.execute(sat, commands.DrawSeats())
    for number in range(players, 1, -1):
        svc.execute(sat, commands.BustPlayers((number,)))
    svc.execute(sat, commands.IssueTickets())
    return sat


def test_sat_ticket_pays_the_buy_in_at_the_target_and_both_balance() -> None:
    svc = service()
    sat = run_satellite(svc, 5)  # 100 EUR: one seat
    main = svc.create(commands.CreateTournament("Main event", structure(), money=MAIN)).stream
    svc.execute(main, commands.Register("Player 1", paid=False))
    svc.execute(main, commands.Register("Somebody", paid=False))
    with pytest.raises(IllegalActionError, match="not transferable"):
        pay_with_ticket(svc, main, 2, f"{sat}#1")
    outcome = pay_with_ticket(svc, main, 1, f"{sat}#1")
    (paid,) = [e for e in outcome.events if isinstance(e, events.PaymentTaken)]
    assert (paid.entry, paid.ticket, paid.prize, paid.fee) == (1, f"{sat}#1", 9_000, 1_000)
    target = statement_of(svc.load(main).state)
    assert (target.taken, target.by_ticket, target.pool) == (10_000, 10_000, 9_000)
    assert target.balances
    issued = svc.load(sat).state.ledger.tickets[1]
    assert issued.used_by == "Player 1"
    assert statement_of(svc.load(sat).state).balances
    with pytest.raises(IllegalActionError, match="was used"):
        pay_with_ticket(svc, main, 2, f"{sat}#1")


def test_sat_ticket_given_back_when_the_entry_it_paid_withdraws() -> None:
    """SAT-TICKET: a buy-in paid by ticket is refunded as the ticket, not in cash: the
    satellite opens it again for its holder, and both ledgers balance."""
    svc = service()
    sat = run_satellite(svc, 5)
    main = svc.create(commands.CreateTournament("Main event", structure(), money=MAIN)).stream
    svc.execute(main, commands.Register("Player 1", paid=False))
    pay_with_ticket(svc, main, 1, f"{sat}#1")
    outcome = svc.execute(main, commands.Withdraw(1))
    (refund,) = [e for e in outcome.events if isinstance(e, events.PaymentRefunded)]
    assert (refund.ticket, refund.prize, refund.fee) == (f"{sat}#1", 9_000, 1_000)
    ticket = svc.load(sat).state.ledger.tickets[1]
    assert ticket.is_open
    assert ticket.holder == "Player 1"
    target = statement_of(svc.load(main).state)
    assert (target.taken, target.by_ticket, target.pool) == (0, 0, 0)
    assert target.balances
    assert statement_of(svc.load(sat).state).balances
    svc.execute(main, commands.Register("Player 1", paid=False))  # he comes back: used again
    pay_with_ticket(svc, main, 2, f"{sat}#1")
    assert svc.load(sat).state.ledger.tickets[1].used_by == "Player 1"


def test_sat_ticket_only_a_used_ticket_is_returned() -> None:
    svc = service()
    sat = run_satellite(svc, 5)
    with pytest.raises(IllegalActionError, match="was not used") as error:
        svc.execute(sat, commands.ReturnTicket(1))
    assert error.value.rule == "SAT-TICKET"


def test_sat_ticket_a_refused_payment_leaves_the_ticket_open() -> None:
    """The target refuses (the entry has paid already): the satellite's use is undone."""
    svc = service()
    sat = run_satellite(svc, 5)
    main = svc.create(commands.CreateTournament("Main event", structure(), money=MAIN)).stream
    svc.execute(main, commands.Register("Player 1"))  # paid in cash at registration
    with pytest.raises(IllegalActionError, match="already paid"):
        pay_with_ticket(svc, main, 1, f"{sat}#1")
    assert svc.load(sat).state.ledger.tickets[1].is_open


# -- the property: money and tickets balance after every step --------------------------------------

STEPS = st.lists(
    st.tuples(
        st.sampled_from(["register", "reenter", "bust", "split", "tickets", "deal"]),
        st.integers(0, 1_000),
    ),
    max_size=14,
)


def bounty_satellite() -> dict[str, Any]:
    return MoneyRules.from_dict(
        {
            "buy_in": {"prize": 2_000, "fee": 200, "bounty": 550, "chips": 10_000},
            "bounty": "progressive",
            "seat_value": 5_000,
            "target": "Main event",
            "unit": 100,
        }
    ).to_dict()


def _step(driver: Driver, kind: str, pick: int) -> None:
    playing = sorted(e.number for e in driver.state.active())
    if kind == "register":
        driver.do(commands.Register(f"Late {pick}"))
    elif kind == "reenter":
        driver.do(commands.ReEnter(playing[pick % len(playing)]))
    elif kind in ("bust", "split") and len(playing) > 2:
        busted = playing[pick % len(playing)]
        others = [n for n in playing if n != busted]
        if kind == "bust":
            driver.do(commands.BustPlayers((busted,), takers={busted: others[0]}))
        else:
            pots = {others[0]: 1 + pick % 3, others[-1]: 1}
            driver.do(commands.BustPlayers((busted,), split={busted: pots}))
    elif kind == "tickets":
        driver.do(commands.IssueTickets())
    elif kind == "deal" and len(playing) <= 3:
        driver.do(commands.MakeDeal("even-chop", dict.fromkeys(playing, 10000)))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(3, 9), steps=STEPS)
def test_sat_ticket_money_and_tickets_balance_after_every_step(
    players: int, steps: list[tuple[str, int]]
) -> None:
    driver = Driver.create(
        "tda-2017", players, money=bounty_satellite(), late_registration_levels=3
    )
    assert statement_of(driver.state).balances
    for kind, pick in steps:
        with contextlib.suppress(IllegalActionError):  # a refusal changes nothing
            _step(driver, kind, pick)
        sheet = statement_of(driver.state)
        assert sheet.balances, (kind, sheet)
        assert sum(line.tickets for line in sheet.lines) == sheet.tickets
        assert sheet.tickets <= driver.state.ledger.seats * 5_000


def test_sat_ticket_an_undo_may_not_take_back_half_of_a_ticket_move() -> None:
    """SAT-TICKET: the payment by ticket and its refund live in two events; undoing one half
    would leave the other (a ticket used twice, or paid for nothing): refused, nothing changed."""
    svc = service()
    sat = run_satellite(svc, 5)
    main = svc.create(commands.CreateTournament("Main event", structure(), money=MAIN)).stream
    svc.execute(main, commands.Register("Player 1", paid=False))
    pay_with_ticket(svc, main, 1, f"{sat}#1")
    for stream in (main, sat):
        version = svc.load(stream).version
        with pytest.raises(IllegalActionError, match="cannot be undone here") as error:
            svc.execute(stream, commands.Undo())
        assert error.value.rule == "SAT-TICKET"
        assert svc.load(stream).version == version
    svc.execute(main, commands.Withdraw(1))
    with pytest.raises(IllegalActionError, match="cannot be undone here"):
        svc.execute(main, commands.Undo())
    assert svc.load(sat).state.ledger.tickets[1].is_open
