"""The director's line for the room's displays (``SetDisplayMessage``): set, cleared, undone,
and refused with its limit when too long."""

from __future__ import annotations

from tournament_tools import Driver

from pokertd.errors import ParseError
from pokertd.tournament import commands, events
from pokertd.tournament.clock_commands import DISPLAY_MESSAGE_LIMIT


def test_a_message_is_shown_on_one_line_then_cleared_and_undone() -> None:
    driver = Driver.create("tda-2017", 12)
    [event] = driver.do(commands.SetDisplayMessage("  Pause repas\n à 20 h 30  "))
    assert event == events.DisplayMessageSet(
        at=event.at, cmd=event.cmd, text="Pause repas à 20 h 30"
    )
    assert driver.state.display_message == "Pause repas à 20 h 30"
    driver.do(commands.SetDisplayMessage(""))
    assert driver.state.display_message == ""
    driver.do(commands.Undo())
    assert driver.state.display_message == "Pause repas à 20 h 30"


def test_a_message_too_long_is_refused_with_its_limit() -> None:
    driver = Driver.create("tda-2017", 12)
    error = driver.reject(commands.SetDisplayMessage("x" * (DISPLAY_MESSAGE_LIMIT + 1)), ParseError)
    assert (
        str(error) == f"the display message has {DISPLAY_MESSAGE_LIMIT + 1} characters: at most 120"
    )


def test_the_same_message_again_is_refused() -> None:
    driver = Driver.create("tda-2017", 12)
    driver.do(commands.SetDisplayMessage("Bonne chance"))
    error = driver.reject(commands.SetDisplayMessage(" Bonne  chance "), ParseError)
    assert str(error) == "the displays already show this message"
