"""Floor vectors EX-49, EX-50 and EX-68, and the numeric parameters P-01, P-06 and P-13 of
``shared/spec/examples.md``: showdown rights, clock length, penalty length.

One test per vector and profile that states an outcome. Players are PHH indices from 0: in EX-49
and EX-50 A is 0, B is 1, C is 2 and D is 3; in EX-68 X is 0, Y is 1 and Z is 2.
"""

from __future__ import annotations

import dataclasses

import pytest

from pokertd import Hand, rules
from pokertd.engine import ActionKind
from pokertd.floor.clock import call_clock, clock_expired, clock_time, device_used
from pokertd.floor.penalties import missed_hands, next_penalty, sit_out_hands
from pokertd.floor.showdown import (
    Holding,
    Showdown,
    cards_speak,
    first_to_show,
    may_see,
    must_show,
    retrieve_mucked,
)
from pokertd.present.floor import explanation

HELD, TABLED, PUSHED, MUCKED = Holding.HELD, Holding.TABLED, Holding.PUSHED, Holding.MUCKED
A, B, C, D = 0, 1, 2, 3

#: EX-49: no river bet; A mucks (killed), B tables trips, C pushes his cards face down.
EX_49 = Showdown((MUCKED, TABLED, PUSHED), winner=B)
#: EX-50: A bets 1000, B calls, C raises to 5000, D, A and B call; B tables trips, D mucks at
#: once (killed), C begins pushing his cards face down.
EX_50 = Showdown(
    (HELD, TABLED, PUSHED, MUCKED),
    river_aggressor=C,
    river_callers=frozenset({A, B, D}),
    winner=B,
)


# -- EX-49 --------------------------------------------------------------------------------------


@pytest.mark.parametrize("profile", ["tda-2017", "lfp", "gran-madrid", "generic", "bannalec"])
def test_ex_49(profile: str) -> None:
    """EX-49 (TDA Add.18 Ex1): who may ask to see C's hand when nobody bet on the river."""
    chosen = rules.load(profile)

    def ask(
        requester: int | None, target: int = C, situation: Showdown = EX_49
    ) -> dict[str, object]:
        ruling = may_see(chosen, requester=requester, target=target, situation=situation)
        return ruling.details | {"td": ruling.td_decides}

    if profile == "tda-2017":
        # B tabled and may ask, at the TD's discretion: no river bet, so no inalienable right.
        assert (ask(B)["may_see"], ask(B)["td"]) == (None, True)
        # A and C gave up their cards and may not ask.
        assert ask(A)["may_see"] is False
        assert ask(C, target=A)["may_see"] is False
    elif profile == "lfp":
        # Any player at the table, A included, may demand to see C's hand (anti-collusion).
        for requester in (A, B, None):
            assert (ask(requester)["may_see"], ask(requester)["td"]) == (True, False)
        # Never heads-up, and normally once per player per tournament.
        assert ask(A, situation=dataclasses.replace(EX_49, is_heads_up=True))["may_see"] is False
        again = ask(A, situation=dataclasses.replace(EX_49, requests_before=1))
        assert (again["may_see"], again["td"]) == (False, True)
    elif profile == "gran-madrid":
        # Only the pot's winner (B) may ask; C's hand is then live, even if it touched the muck.
        assert (ask(B)["may_see"], ask(B)["is_live"]) == (True, True)
        touched = dataclasses.replace(EX_49, holdings=(MUCKED, TABLED, MUCKED))
        assert ask(B, situation=touched)["is_live"] is True
        assert ask(A)["may_see"] is False
    elif profile == "generic":
        # Only with C's consent, and his hand cannot win.
        assert (ask(B)["may_see"], ask(B)["is_live"]) == (False, False)
        agreed = dataclasses.replace(EX_49, has_mucker_consent=True)
        assert (ask(B, situation=agreed)["may_see"], ask(B, situation=agreed)["is_live"]) == (
            True,
            False,
        )
    else:
        # C is not a last raiser (there was no bet), so he may muck without showing.
        assert ask(B)["may_see"] is False
        assert must_show(chosen, player=C, situation=EX_49).details["must_show"] is False


# -- EX-50 --------------------------------------------------------------------------------------


@pytest.mark.parametrize("profile", ["tda-2017", "bannalec", "gran-madrid", "lfp"])
def test_ex_50(profile: str) -> None:
    """EX-50 (TDA Add.18 Ex2): after C's called river raise, who may see C's hand."""
    chosen = rules.load(profile)

    def ask(requester: int, target: int = C) -> tuple[object, bool]:
        ruling = may_see(chosen, requester=requester, target=target, situation=EX_50)
        return ruling.details["may_see"], ruling.td_decides

    shows = must_show(chosen, player=C, situation=EX_50)
    if profile == "tda-2017":
        # A and B paid and still hold their cards: an inalienable right. D gave his up.
        assert ask(A) == (True, False)
        assert ask(B) == (True, False)
        assert ask(D) == (False, False)
        # Other requests (B asks for A's hand) are at the TD's discretion.
        assert ask(B, target=A) == (None, True)
        assert shows.details == {"player": C, "must_show": False, "on_request_of": [A, B]}
    elif profile in ("bannalec", "gran-madrid"):
        # C, the last raiser (last bettor), must show; refusing is penalised.
        assert shows.details["must_show"] is True
        assert "penalised" in explanation(shows, "en")
        assert ask(A) == (True, False)
        assert ask(D) == (True, False)
    else:
        # C shows first (8.3) but may concede and muck (8.5); A or B may invoke 8.7.
        assert first_to_show(chosen, EX_50).details == {"first": C, "by": "last-aggressor"}
        assert shows.details["must_show"] is False
        assert ask(A) == (True, False)
        assert ask(B) == (True, False)


# -- EX-68 --------------------------------------------------------------------------------------


@pytest.mark.parametrize("profile", ["bannalec", "lfp", "tda-2017"])
def test_ex_68(profile: str) -> None:
    """EX-68 (BAN/ABATTAGE): X announces a full house holding trips; Y and Z muck face down."""
    chosen = rules.load(profile)

    def live(holding: Holding, *, identifiable: bool = True) -> tuple[bool, bool]:
        ruling = retrieve_mucked(chosen, holding=holding, is_identifiable=identifiable)
        return ruling.details["is_live"], ruling.td_decides

    miscall = cards_speak(chosen, is_deliberate=True)
    assert "Cards speak" in explanation(cards_speak(chosen), "en")
    if profile == "bannalec":
        # Y and Z mucked: their hands are dead and they lose the pot definitively.
        assert live(PUSHED) == (False, False)
        assert live(MUCKED) == (False, False)
        assert "definitively" in explanation(retrieve_mucked(chosen, holding=PUSHED), "en")
        assert miscall.details["penalty"] == "must"
    elif profile == "lfp":
        # Retrievable if clearly discernible, under the TD's control; else dead "even in the case
        # of an opponent's wrong declaration".
        assert live(PUSHED) == (True, True)
        assert live(MUCKED) == (True, True)
        assert live(MUCKED, identifiable=False) == (False, False)
        dead = retrieve_mucked(chosen, holding=MUCKED, is_identifiable=False)
        assert "wrong declaration" in explanation(dead, "en")
        assert miscall.details["penalty"] == "must"
    else:
        # Pushed but not mucked: can still be tabled if 100 % identifiable; mucked by the dealer:
        # dead. A deliberate miscall may be penalised.
        assert live(PUSHED) == (True, True)
        assert live(PUSHED, identifiable=False) == (False, False)
        assert live(MUCKED) == (False, False)
        assert (miscall.details["penalty"], miscall.td_decides) == ("may", True)


# -- P-01, P-06, P-13 ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("profile", "seconds", "countdown", "total", "minimum", "not_facing"),
    [
        ("lfp", 60, 10, 70, 0, ActionKind.FOLD),
        ("bannalec", 50, 10, 60, 0, ActionKind.FOLD),
        ("gran-madrid", 60, 10, 70, 120, ActionKind.FOLD),
        ("tda-2017", 25, 5, 30, 0, ActionKind.CHECK),
    ],
)
def test_p_01(
    profile: str, seconds: int, countdown: int, total: int, minimum: int, not_facing: ActionKind
) -> None:
    """P-01 (LFP 3.6; BAN/TIME; GM 5°; TDA 29): clock length after a call, and its expiry."""
    chosen = rules.load(profile)
    assert clock_time(chosen).details == {
        "seconds": seconds,
        "countdown": countdown,
        "total": total,
    }
    request = call_clock(chosen, caller="player-in-hand", waited_seconds=minimum)
    assert request.details["may_call"] is True
    assert request.details["minimum_wait_seconds"] == minimum
    hand = Hand.create(game="nlhe", profile=chosen, stacks=[1000] * 3, blinds=(5, 10), seed=1)
    facing = clock_expired(hand)
    assert facing.decision is not None
    assert facing.decision.kind is ActionKind.FOLD
    hand.act(2, "call")
    hand.act(0, "call")
    checked = clock_expired(hand)
    assert checked.decision is not None
    assert checked.decision.kind is not_facing


@pytest.mark.parametrize(
    ("profile", "faults"), [("tda-2017", 2), ("bannalec", 3), ("lfp", 2), ("gran-madrid", 2)]
)
def test_p_06(profile: str, faults: int) -> None:
    """P-06 (TDA 71A; BAN/SANCTIONS): 7 seated, offender included, 2 rounds: 14 hands."""
    chosen = rules.load(profile)
    assert sit_out_hands(7, 2) == 14
    assert missed_hands(chosen, players_at_table=7, rounds=2).details["hands"] == 14
    ruling = next_penalty(chosen, faults=faults, players_at_table=7, rounds=2)
    assert (ruling.details["penalty"], ruling.details["hands"]) == ("rounds", 14)


@pytest.mark.parametrize(("players", "hands"), [(9, 9), (6, 6), (2, 2)])
def test_p_13(players: int, hands: int) -> None:
    """P-13 (BAN/APPAREILS): after an offence and two repeats, sit out N hands, N the players
    at the table at the time."""
    chosen = rules.load("bannalec")
    assert "hands" not in device_used(chosen, offences=2, players_at_table=players).details
    ruling = device_used(chosen, offences=3, players_at_table=players)
    assert ruling.details["hands"] == hands
    assert ruling.articles == ("BAN/APPAREILS",)
