"""The JSON API's bounty and ticket commands (BOUNTY-SPLIT, BOUNTY-MYSTERY, SAT-TICKET): split
bounties and sealed envelopes as commands; a ticket paid at a target is checked in its satellite,
never taken on the client's word."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

Run = Callable[..., Any]

BOUNTY = {"buy_in": {"prize": 4_000, "fee": 500, "bounty": 1_000}, "bounty": "mystery"}


def test_bounty_mystery_and_split_through_the_api(
    director: TestClient, new_tournament: Callable[..., str], run: Run
) -> None:
    tournament = new_tournament(director, ("Ana", "Bea", "Carl", "Dan"), draw=True, money=BOUNTY)
    sealed = run(director, tournament, "seal-envelopes", prizes=[2_000, 1_000, 500, 500])
    assert sealed["events"][0]["type"] == "envelopes-sealed"
    busted = run(director, tournament, "bust-players", entries=[4], split={"4": {"1": 1, "2": 1}})
    (drawn,) = [e for e in busted["events"] if e["type"] == "envelope-drawn"]
    assert sum(cash for _, cash in drawn["shares"]) == drawn["value"]
    assert [taker for taker, _ in drawn["shares"]] == [1, 2]


def test_sat_ticket_paid_through_the_api_is_checked_in_the_satellite(
    director: TestClient, new_tournament: Callable[..., str], run: Run
) -> None:
    satellite_money = {
        "buy_in": {"prize": 5_000, "fee": 500},
        "seat_value": 10_000,
        "target": "Main",
    }
    main = new_tournament(
        director, (), title="Main", money={"buy_in": {"prize": 9_000, "fee": 1_000}}
    )
    sat = new_tournament(director, ("Ana", "Bea"), draw=True, title="Sat", money=satellite_money)
    run(director, sat, "bust-players", entries=[2])
    run(director, sat, "issue-tickets")
    run(director, main, "register", player="Bea", paid=False)
    forged = director.post(
        f"/api/tournaments/{main}/commands",
        json={"command": "pay-buy-in", "entry": 1, "ticket": f"{sat}#7", "ticket_value": 10_000},
    )
    assert forged.status_code == 422, forged.text
    assert "SAT-TICKET" in forged.text
    refused = director.post(
        f"/api/tournaments/{main}/commands",
        json={"command": "pay-buy-in", "entry": 1, "ticket": f"{sat}#1"},
    )
    assert refused.status_code == 422  # Ana's ticket, not transferable: Bea cannot use it
    assert "not transferable" in refused.text
    run(director, main, "register", player="Ana", paid=False)
    paid = run(director, main, "pay-buy-in", entry=2, ticket=f"{sat}#1")
    (payment,) = [e for e in paid["events"] if e["type"] == "payment-taken"]
    assert (payment["entry"], payment["ticket"], payment["prize"]) == (2, f"{sat}#1", 9_000)
    unknown = director.post(
        f"/api/tournaments/{sat}/commands",
        json={"command": "use-ticket", "entry": 1, "target": "Main", "player": "Ana"},
    )
    assert unknown.status_code == 400  # not an API command: tickets are used by pay-buy-in
    assert "unknown command 'use-ticket'" in unknown.text


def test_sat_ticket_the_console_ledger_shows_the_tickets(
    director: TestClient, new_tournament: Callable[..., str], run: Run
) -> None:
    """The money tab's ledger shows each entry's tickets and the tickets issued, and balances."""
    money = {"buy_in": {"prize": 5_000, "fee": 500}, "seat_value": 10_000, "target": "Main"}
    sat = new_tournament(director, ("Ana", "Bea"), draw=True, title="Sat", money=money)
    page = director.get(f"/console/{sat}?tab=money").text
    assert "Tickets issued" not in page
    run(director, sat, "bust-players", entries=[2])
    run(director, sat, "issue-tickets")
    page = director.get(f"/console/{sat}?tab=money").text
    assert "Tickets issued" in page
    assert page.count("100.00") >= 2  # Ana's ticket, and the total issued
    assert "Balances to the cent." in page
