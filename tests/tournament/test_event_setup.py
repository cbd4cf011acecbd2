"""The event's own limits set at creation (issue 15, defect 1): re-entries per player
(BUY-REENTRY) and the final table's size (TBL-FINAL-SIZE), and a re-entry made once (defect 2)."""

from __future__ import annotations

import random

import pytest
from tournament_tools import Driver, check_replay, structure

from pokertd.errors import ParseError
from pokertd.tournament import commands, moves


def event(players: int, **setup: object) -> Driver:
    """A tda-2017 event of ``players``, drawn, clock running, late registration of 2 levels."""
    driver = Driver(rng=random.Random(1))
    driver.do(
        commands.CreateTournament(
            "Setup",
            structure(),
            late_registration_levels=2,
            **setup,  # type: ignore[arg-type]
        )
    )
    for number in range(players):
        driver.do(commands.Register(f"Player {number + 1}"))
    driver.do(commands.DrawSeats())
    driver.do(commands.StartClock())
    return driver


def test_buy_reentry_limit_per_player() -> None:
    """BUY-REENTRY (TDA 7A): the event allows one re-entry per player; the second is refused,
    whichever of his entries asks."""
    driver = event(6, reentries=1)
    driver.bust(2)
    driver.do(commands.ReEnter(2))  # entry 7
    driver.bust(7)
    error = driver.refuse(commands.ReEnter(7))
    assert error.rule == "BUY-REENTRY"
    assert "limit" in str(error)
    check_replay(driver.tournament)


def test_buy_reentry_none_allowed() -> None:
    driver = event(4, reentries=0)
    driver.bust(3)
    assert driver.refuse(commands.ReEnter(3)).rule == "BUY-REENTRY"


def test_buy_reentry_without_a_limit() -> None:
    driver = event(4)
    for busted in (1, 5, 6):
        driver.bust(busted)
        driver.do(commands.ReEnter(busted))
    assert len(driver.state.entries) == 7


def test_buy_reentry_of_one_entry_made_once() -> None:
    """BUY-REENTRY: a busted entry that re-entered cannot re-enter again (a second click on the
    desk's button): the new entry does, if the event allows it."""
    driver = event(4)
    driver.bust(2)
    driver.do(commands.ReEnter(2))
    error = driver.refuse(commands.ReEnter(2))
    assert error.rule == "BUY-REENTRY"
    assert "#5" in str(error)
    assert len(driver.state.entries) == 5


@pytest.mark.parametrize(("chosen", "size"), [("table-size", 9), ("table-size-plus-one", 10)])
def test_tbl_final_size_chosen_for_the_event(chosen: str, size: int) -> None:
    """TBL-FINAL-SIZE (TDA 11): the event's choice replaces the profile's rule."""
    driver = event(4, final_table=chosen)
    assert moves.final_table_size(driver.state.profile, 9) == size
    check_replay(driver.tournament)


@pytest.mark.parametrize(
    "setup",
    [{"final_table": "eleven"}, {"reentries": -1}, {"max_players": -2},
     {"late_registration_levels": -1}],
)  # fmt: skip
def test_event_limits_refused_when_impossible(setup: dict[str, object]) -> None:
    driver = Driver(rng=random.Random(1))
    with pytest.raises(ParseError):
        driver.do(commands.CreateTournament("Bad", structure(), **setup))  # type: ignore[arg-type]
    assert not driver.state.created
