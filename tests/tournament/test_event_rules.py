"""Rules that depend on the event, not only on the profile (issue 19): how many seats a table has,
whether the event has rebuys. Each test is named after the rule id it checks.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from tournament_tools import PROFILES, Driver, at, find_event

from pokertd import rules
from pokertd.tournament import commands, events
from pokertd.tournament.money import MoneyRules

BUY_IN = {"prize": 4_500, "fee": 500, "chips": 10_000}
REBUY = {"prize": 4_500, "chips": 10_000}
#: Level n of ``structure()`` runs from 1,200 (n - 1) to 1,200 n seconds.
LEVEL = 1_200


def rebuys_through(levels: int) -> dict[str, Any]:
    return MoneyRules.from_dict(
        {"buy_in": BUY_IN, "rebuy": REBUY, "rebuy_levels": levels}
    ).to_dict()


def freezeout() -> dict[str, Any]:
    return MoneyRules.from_dict({"buy_in": BUY_IN}).to_dict()


# -- SEAT-LATE-WINDOW (GM 43°): a rebuy event closes registration with its rebuy period ----------


def test_seat_late_window_gm_43_rebuy_event_closes_with_the_rebuy_period() -> None:
    """SEAT-LATE-WINDOW (GM 43°): "Dans les événements avec recave il prendra fin quand il
    terminera la période convenue": rebuys through level 4, registration open through level 4."""
    driver = Driver.create("gran-madrid", 6, money=rebuys_through(4))
    assert driver.state.late_registration_levels == 4
    seated = find_event(
        driver.do(commands.Register("Late"), now=at(4 * LEVEL - 1)), events.PlayerSeated
    )
    assert seated.stack == 10_000
    refusal = driver.refuse(commands.Register("Later"), now=at(4 * LEVEL))
    assert refusal.rule == "SEAT-LATE-WINDOW"


def test_seat_late_window_gm_43_rebuy_period_shorter_than_two_levels() -> None:
    """SEAT-LATE-WINDOW (GM 43°): a one-level rebuy period closes registration after level 1,
    not at the freezeout's level 2."""
    driver = Driver.create("gran-madrid", 6, money=rebuys_through(1))
    assert driver.tournament.registration_is_open(at(LEVEL - 1))
    assert not driver.tournament.registration_is_open(at(LEVEL))


def test_seat_late_window_gm_43_freezeout_closes_after_level_2() -> None:
    """SEAT-LATE-WINDOW (GM 43°): a freezeout (paid, no rebuy) keeps level 2."""
    driver = Driver.create("gran-madrid", 6, money=freezeout())
    assert driver.state.late_registration_levels == 2


def test_seat_late_window_gm_43_the_event_levels_given_still_decide() -> None:
    """SEAT-LATE-WINDOW: levels given for the event (``--late-levels``) win over GM 43°'s."""
    driver = Driver.create("gran-madrid", 6, money=rebuys_through(4), late_registration_levels=3)
    assert driver.state.late_registration_levels == 3


@pytest.mark.parametrize("profile", [p for p in PROFILES if p != "gran-madrid"])
def test_seat_late_window_other_books_keep_their_window_in_rebuy_events(profile: str) -> None:
    """SEAT-LATE-WINDOW (TDA 7 house policy, LFP 2.16, BAN/GENERAL): only GM 43° ties the window
    to the rebuy period; the others keep the profile's levels, rebuys or not."""
    driver = Driver.create(profile, 6, money=rebuys_through(4))
    assert driver.state.late_registration_levels == rules.load(profile).late_registration_levels


def test_seat_late_window_gm_43_the_event_keeps_its_window() -> None:
    """SEAT-LATE-WINDOW (GM 43°): the window is fixed in the created event, so replaying it gives
    the same close whatever the profile says since."""
    driver = Driver.create("gran-madrid", 6, money=rebuys_through(4))
    created = find_event(driver.tournament.events, events.TournamentCreated)
    assert created.late_registration_levels == 4
    assert created.rules["fields"]["late_registration_ends_with_rebuys"]["article"] == "GM 43°"


# -- TBL-BALANCE-HALT (TDA 10D): the halt is automatic in full-ring events only -------------------


def short_table(profile: str, table_size: int, busts: int = 3) -> Driver:
    """Two full tables of ``table_size``; ``busts`` players of table 1 leave."""
    driver = Driver.create(profile, 2 * table_size, table_size=table_size)
    driver.vacate(1, sorted(driver.seats(1))[:busts])
    return driver


@pytest.mark.parametrize("profile", ["tda-2017", "bannalec", "generic"])
@pytest.mark.parametrize("table_size", [8, 9, 10])
def test_tbl_balance_halt_tda_10d_full_ring_stops_the_short_table(
    profile: str, table_size: int
) -> None:
    """TBL-BALANCE-HALT (TDA 10D): "Lors d'un tournoi full-ring (table complète de 8, 9 ou 10
    joueurs) le jeu stoppera": 3 players short, play stops and ``hand start`` is refused."""
    driver = short_table(profile, table_size)
    assert rules.load(profile).source("balance_halt").article == "TDA 10D"
    assert driver.tournament.is_halted(1)
    assert not driver.tournament.may_halt(1)
    assert driver.refuse(commands.StartHand(1)).rule == "TBL-BALANCE-HALT"


@pytest.mark.parametrize("profile", ["tda-2017", "bannalec", "generic"])
@pytest.mark.parametrize("table_size", [6, 7])
def test_tbl_balance_halt_tda_10d_other_formats_offer_the_halt(
    profile: str, table_size: int
) -> None:
    """TBL-BALANCE-HALT (TDA 10D): "Dans d'autres formats (6-handed, turbos etc) le jeu
    s'arrêtera à la discrétion du TD": pokertd offers the halt and does not impose it."""
    driver = short_table(profile, table_size)
    assert not driver.tournament.is_halted(1)
    assert driver.tournament.may_halt(1)
    assert not driver.tournament.may_halt(2)  # the full table is not short
    started = find_event(driver.do(commands.StartHand(1)), events.HandStarted)
    assert started.table == 1
    assert {move[5] for move in driver.tournament.proposals(random.Random(0))} == {"balance"}


def test_tbl_balance_halt_tda_10d_a_table_within_the_limit_is_not_offered() -> None:
    """TBL-BALANCE-HALT (TDA 10D): two players short is within TBL-BALANCE-THRESHOLD: nothing to
    halt, nothing to offer."""
    driver = short_table("tda-2017", 6, busts=2)
    assert not driver.tournament.is_halted(1)
    assert not driver.tournament.may_halt(1)


def test_tbl_balance_halt_gm_25_stops_whatever_the_table_size() -> None:
    """TBL-BALANCE-HALT (GM 25°): "Le jeu doit être arrêté": mandatory, 6-handed too (here at
    GM 25°b's one-player limit, the event having fewer than 12 tables)."""
    driver = short_table("gran-madrid", 6, busts=2)
    assert driver.tournament.is_halted(1)
    assert driver.refuse(commands.StartHand(1)).rule == "TBL-BALANCE-HALT"


@pytest.mark.parametrize("table_size", [6, 9])
def test_tbl_balance_halt_lfp_6_8_offers_the_halt_at_a_players_request(table_size: int) -> None:
    """TBL-BALANCE-HALT (LFP 6.8): the short table stops only if one of its players asks: never
    automatic, offered at any table size."""
    driver = short_table("lfp", table_size)
    assert not driver.tournament.is_halted(1)
    assert driver.tournament.may_halt(1)
    driver.do(commands.StartHand(1))


# -- SEAT-LATE-ABSENT (LFP 2.17): free and paid events ---------------------------------------------


def free_event() -> dict[str, Any]:
    return MoneyRules.from_dict({"buy_in": {"prize": 0, "chips": 10_000}}).to_dict()


def absentees(profile: str, money: dict[str, Any] | None) -> Driver:
    """Five seated players, clock running; only 1 and 2 have arrived."""
    driver = Driver.create(profile, 5, check_in=False, money=money)
    driver.do(commands.Arrive(1))
    driver.do(commands.Arrive(2))
    return driver


def test_seat_late_absent_lfp_2_17a_free_event_removes_the_chips() -> None:
    """SEAT-LATE-ABSENT (LFP 2.17a): "tournoi sans frais de participation: ... A l'issue du délai
    accordé, leurs jetons sont retirés du tournoi"."""
    driver = absentees("lfp", free_event())
    found = driver.do(commands.CloseLateArrivals())
    assert sorted(e.entry for e in found if isinstance(e, events.PlayerDisqualified)) == [3, 4, 5]
    assert driver.state.chips_removed == 30_000


@pytest.mark.parametrize("money", [freezeout(), None], ids=["paid", "no-money-recorded"])
def test_seat_late_absent_lfp_2_17b_paid_event_blinds_them_off(
    money: dict[str, Any] | None,
) -> None:
    """SEAT-LATE-ABSENT (LFP 2.17b): "frais de participation réglé à l'avance: ... les blinds
    leurs sont prélevés jusqu'à la disparition du tapis ou jusqu'à l'arrivée du joueur": the
    late-arrival period's end changes nothing; absentees are still dealt in, their hands killed.
    An event that records no money counts as paid."""
    driver = absentees("lfp", money)
    assert driver.do(commands.CloseLateArrivals()) == []
    assert len(driver.state.active()) == 5
    started = find_event(driver.do(commands.StartHand(1)), events.HandStarted)
    assert set(started.killed) == {3, 4, 5}  # the absentees' hands


def test_seat_late_absent_lfp_2_17c_late_registrant_enters_with_a_full_stack() -> None:
    """SEAT-LATE-STACK (LFP 2.17c): in a paid event with late registration, a late registrant is
    not dealt in before he registers and enters with a full stack."""
    driver = Driver.create("lfp", 5, money=freezeout(), late_registration_levels=2)
    seated = find_event(
        driver.do(commands.Register("Late"), now=at(LEVEL + 1)), events.PlayerSeated
    )
    assert seated.stack == 10_000


@pytest.mark.parametrize("profile", ["tda-2017", "gran-madrid", "generic"])
def test_seat_late_absent_tda_30_a_free_event_blinds_them_off_too(profile: str) -> None:
    """SEAT-LATE-ABSENT (TDA 30): only LFP 2.17 ties the absentees' chips to the fee."""
    driver = absentees(profile, free_event())
    assert driver.do(commands.CloseLateArrivals()) == []


def test_seat_late_absent_bannalec_removes_them_paid_or_not() -> None:
    """SEAT-LATE-ABSENT (BAN/RETARD): removed at the end of the late-entry period, paid or not."""
    driver = absentees("bannalec", freezeout())
    found = driver.do(commands.CloseLateArrivals())
    assert sorted(e.entry for e in found if isinstance(e, events.PlayerDisqualified)) == [3, 4, 5]


# -- SEAT-LATE-WINDOW (LFP 2.16): the default delay for late arrivals -----------------------------


def test_seat_late_window_lfp_2_16_one_round_then_the_period_ends() -> None:
    """SEAT-LATE-WINDOW (LFP 2.16): "En l'absence de règlement propre, le retard usuel accordé est
    de un round au maximum": through level 1 the absentees are dealt in and blinded (LFP 2.17);
    once it is over, in a free event, their chips are due to leave (LFP 2.17a)."""
    driver = absentees("lfp", free_event())
    assert rules.load("lfp").late_arrival_levels == 1
    assert driver.tournament.late_arrivals_due(at(LEVEL - 1)) == []
    started = find_event(driver.do(commands.StartHand(1)), events.HandStarted)
    assert set(started.killed) == {3, 4, 5}  # dealt in, blinded, hands killed
    driver.do(commands.FinishHand(1))
    assert driver.tournament.late_arrivals_due(at(LEVEL + 1)) == [3, 4, 5]
    driver.do(commands.Arrive(4), now=at(LEVEL + 1))
    assert driver.tournament.late_arrivals_due(at(LEVEL + 2)) == [3, 5]
    driver.do(commands.CloseLateArrivals(), now=at(LEVEL + 3))
    assert driver.tournament.late_arrivals_due(at(LEVEL + 4)) == []


def test_seat_late_window_lfp_2_16_paid_event_has_nothing_due() -> None:
    """LFP 2.17b: in a paid event the end of the delay removes nothing."""
    driver = absentees("lfp", freezeout())
    assert driver.tournament.late_arrivals_due(at(3 * LEVEL)) == []


def test_seat_late_window_the_events_own_period_wins() -> None:
    """LFP 2.16 applies "en l'absence de règlement propre"; BAN/RETARD: "jusqu'à la fin des
    entrées tardives prévue pour le tournoi"."""
    for profile in ("lfp", "bannalec"):
        driver = Driver.create(
            profile, 5, check_in=False, money=free_event(), late_registration_levels=2
        )
        driver.do(commands.Arrive(1))
        assert driver.tournament.late_arrivals_due(at(LEVEL + 1)) == []
        assert driver.tournament.late_arrivals_due(at(2 * LEVEL + 1)) == [2, 3, 4, 5]


@pytest.mark.parametrize("profile", ["tda-2017", "gran-madrid", "generic", "bannalec"])
def test_seat_late_window_no_default_delay_elsewhere(profile: str) -> None:
    """TDA 30, GM (silent), BAN/RETARD without an event period: no default delay."""
    driver = absentees(profile, free_event())
    assert rules.load(profile).late_arrival_levels == 0
    assert driver.tournament.late_arrivals_due(at(5 * LEVEL)) == []
