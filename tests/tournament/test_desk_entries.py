"""Registering at the door (issue 15, defect 7): a player registered without paying pays
later, a walk-in is checked in as he registers (BUY-*, SEAT-LATE-ABSENT)."""

from __future__ import annotations

import random

import pytest
from tournament_tools import Driver, check_replay, structure

from pokertd.errors import IllegalActionError
from pokertd.tournament import commands, events
from pokertd.tournament.money import MoneyRules, Price


def money_event() -> Driver:
    driver = Driver(rng=random.Random(1))
    rules = MoneyRules(buy_in=Price(1800, 200, chips=10_000))
    driver.do(commands.CreateTournament("Door", structure(), money=rules.to_dict()))
    return driver


def test_register_unpaid_then_pay_buy_in() -> None:
    driver = money_event()
    found = driver.do(commands.Register("Zoé", paid=False))
    assert not [e for e in found if isinstance(e, events.PaymentTaken)]
    assert driver.state.ledger.pool == 0
    paid = driver.do(commands.PayBuyIn(1))
    assert [(e.entry, e.kind, e.prize) for e in paid if isinstance(e, events.PaymentTaken)] == [
        (1, "buy-in", 1800)
    ]
    assert driver.state.ledger.pool == 1800
    with pytest.raises(IllegalActionError, match="already paid"):
        driver.do(commands.PayBuyIn(1))
    assert driver.state.ledger.pool == 1800
    check_replay(driver.tournament)


def test_register_a_walk_in_checked_in() -> None:
    driver = money_event()
    driver.do(commands.Register("Ana", checked_in=True))
    driver.do(commands.Register("Bea"))
    assert driver.state.entries[1].is_present
    assert not driver.state.entries[2].is_present
    assert driver.state.ledger.pool == 3600


def test_archive_and_bring_back() -> None:
    """The console's "Archive": a fact in the log, undone by bringing the event back."""
    driver = money_event()
    driver.do(commands.ArchiveTournament())
    assert driver.state.archived
    with pytest.raises(IllegalActionError, match="already archived"):
        driver.do(commands.ArchiveTournament())
    driver.do(commands.ArchiveTournament(archived=False))
    assert not driver.state.archived
    check_replay(driver.tournament)
