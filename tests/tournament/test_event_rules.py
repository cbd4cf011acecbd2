"""Rules that depend on the event, not only on the profile (issue 19): how many seats a table has,
whether the event has rebuys. Each test is named after the rule id it checks.
"""

from __future__ import annotations

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
