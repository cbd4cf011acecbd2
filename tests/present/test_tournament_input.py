"""Reading what the director types: times of day for late registration."""

from __future__ import annotations

import datetime

import pytest

from pokertd.errors import ParseError
from pokertd.present.tournament_input import parse_time_of_day

NOW = datetime.datetime(2026, 3, 6, 19, 0, tzinfo=datetime.UTC)


@pytest.mark.parametrize("text", ["22:30", "22h30", "06:00", "7:05"])
def test_a_time_of_day_is_its_next_occurrence_in_the_local_zone(text: str) -> None:
    moment = datetime.datetime.fromisoformat(parse_time_of_day(text, NOW))
    hour, minute = (int(part) for part in text.replace("h", ":").split(":"))
    assert NOW < moment <= NOW + datetime.timedelta(days=1)
    assert (moment.hour, moment.minute) == (hour, minute)
    assert moment.utcoffset() == NOW.astimezone().utcoffset()


@pytest.mark.parametrize("text", ["24:00", "12:60", "soon", "2026-03-06T22:00", ""])
def test_a_time_that_is_not_one_is_refused(text: str) -> None:
    with pytest.raises(ParseError):
        parse_time_of_day(text, NOW)
