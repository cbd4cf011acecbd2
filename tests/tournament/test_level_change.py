"""A level of the structure changed during the event (``ChangeLevel``): only a level to come
(EVENT-STRUCTURE, docs/judgements.md), with payable amounts (CHIP-WHEN), undone like any command,
and the clock runs the new length."""

from __future__ import annotations

import pytest
from tournament_tools import Driver, at, structure

from pokertd.errors import ParseError
from pokertd.tournament import commands, events
from pokertd.tournament.clock_commands import clock_view


def test_a_future_level_changes_and_the_undo_restores_it() -> None:
    driver = Driver.create("tda-2017", 12)
    [event] = driver.do(commands.ChangeLevel(3, 400, 800, 100, 25))
    assert event == events.LevelChanged(
        at=event.at, cmd=event.cmd, level=3, small_blind=400, big_blind=800, ante=100, minutes=25
    )
    assert driver.state.structure is not None
    level = driver.state.structure.levels[2]
    assert (level.amounts, level.minutes) == ((400, 800, 100), 25)
    driver.do(commands.Undo())
    assert driver.state.structure.levels[2].amounts == (300, 600, 0)
    assert driver.state.structure.levels[2].minutes == 20


def test_the_clock_runs_the_new_length_of_a_level() -> None:
    driver = Driver.create("tda-2017", 12)
    driver.do(commands.ChangeLevel(2, 200, 400, 0, 30))
    view = clock_view(driver.state, at(20 * 60 + 29 * 60))  # level 1 (20 min), 29 min of level 2
    assert (view.level_number, view.level.minutes) == (2, 30)
    assert view.remaining == 60


def test_event_structure_the_level_being_played_is_refused() -> None:
    driver = Driver.create("tda-2017", 12)
    error = driver.refuse(commands.ChangeLevel(1, 100, 200, 100, 20))
    assert error.rule == "EVENT-STRUCTURE"
    assert str(error) == (
        "level 1 is being played: only a level to come can be changed (EVENT-STRUCTURE)"
    )


def test_event_structure_a_level_played_is_refused_by_the_running_clock() -> None:
    driver = Driver.create("tda-2017", 12)
    later = at(45 * 60)  # the clock has run into level 3
    error = driver.refuse(commands.ChangeLevel(2, 200, 400, 100, 20), now=later)
    assert error.rule == "EVENT-STRUCTURE"
    assert str(error).startswith("level 2 was played:")
    error = driver.refuse(commands.ChangeLevel(3, 300, 600, 100, 20), now=later)
    assert str(error).startswith("level 3 is being played:")
    driver.do(commands.ChangeLevel(4, 400, 800, 100, 20), now=later)


def test_level_1_may_change_before_the_clock_starts() -> None:
    driver = Driver.create("tda-2017", 12, start_clock=False)
    driver.do(commands.ChangeLevel(1, 100, 100, 0, 15))
    assert driver.state.structure is not None
    assert driver.state.structure.levels[0].amounts == (100, 100, 0)


def test_chip_when_blinds_not_payable_with_the_chips_in_play_are_refused() -> None:
    driver = Driver.create("tda-2017", 12)
    error = driver.reject(commands.ChangeLevel(3, 250, 550, 0, 20), ParseError)
    assert str(error) == (
        "invalid structure: level 3 (250/550 ante 0) is not payable with chips (100,)"
    )


def test_a_level_that_does_not_exist_and_impossible_amounts_are_refused() -> None:
    driver = Driver.create("tda-2017", 12, structure_data=structure(levels=5))
    error = driver.reject(commands.ChangeLevel(6, 100, 200, 0, 20), ParseError)
    assert str(error) == "there is no level 6: the structure has 5 levels"
    error = driver.reject(commands.ChangeLevel(3, 800, 400, 0, 20), ParseError)
    assert str(error) == "small blind 800 is above the big blind 400"
    error = driver.reject(commands.ChangeLevel(3, 300, 600, 0, 0), ParseError)
    assert str(error) == "a level lasts a positive number of minutes, not 0"


def test_the_same_amounts_again_are_refused() -> None:
    driver = Driver.create("tda-2017", 12)
    error = driver.reject(commands.ChangeLevel(3, 300, 600, 0, 20), ParseError)
    assert str(error) == "level 3 already has these amounts"


def test_elim_end_no_change_once_the_event_is_over() -> None:
    driver = Driver.create("tda-2017", 2)
    driver.bust(driver.state.active()[0].number)
    error = driver.refuse(commands.ChangeLevel(5, 500, 1000, 0, 20))
    assert error.rule == "ELIM-END"


def horse_data() -> dict[str, object]:
    """A razz level to come (level 2) after a limit hold'em level, its bring-in not set."""
    levels = [
        {"type": "level", "small_blind": 50, "big_blind": 100, "game": "flhe"},
        {"type": "level", "small_blind": 100, "big_blind": 200, "ante": 25, "game": "razz"},
    ]
    return {"starting_stack": 10_000, "chips": [25, 100], "items": levels}


def test_a_stud_levels_bring_in_is_set_kept_and_given_back_to_the_default() -> None:
    driver = Driver.create("tda-2017", 4, structure_data=horse_data())
    [event] = driver.do(commands.ChangeLevel(2, 100, 200, 25, 20, bring_in=50))
    assert (event.bring_in, event.default_bring_in) == (50, False)
    assert events.from_data("level-changed", events.to_data(event)) == event
    assert driver.state.structure is not None
    assert driver.state.structure.levels[1].bring_in == 50
    driver.do(commands.ChangeLevel(2, 100, 200, 50, 25))  # other amounts: the bring-in kept
    assert driver.state.structure.levels[1].bring_in == 50
    assert driver.state.structure.levels[1].ante == 50
    driver.do(commands.ChangeLevel(2, 100, 200, 50, 25, default_bring_in=True))
    assert driver.state.structure.levels[1].bring_in is None
    driver.do(commands.Undo())
    assert driver.state.structure.levels[1].bring_in == 50


def test_a_bring_in_above_the_small_bet_or_unpayable_is_refused_and_nothing_changes() -> None:
    driver = Driver.create("tda-2017", 4, structure_data=horse_data())
    with pytest.raises(ParseError, match=r"the bring-in 250 must be above 0 and at most the small"):
        driver.do(commands.ChangeLevel(2, 100, 200, 25, 20, bring_in=250))
    with pytest.raises(ParseError, match=r"level 2 .* is not payable with chips \(25, 100\)"):
        driver.do(commands.ChangeLevel(2, 100, 200, 25, 20, bring_in=30))
    with pytest.raises(ParseError, match="the bring-in -5 must be above 0"):
        driver.do(commands.ChangeLevel(2, 100, 200, 25, 20, bring_in=-5))
    assert driver.state.structure is not None
    assert driver.state.structure.levels[1].bring_in is None
