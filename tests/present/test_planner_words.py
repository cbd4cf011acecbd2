"""The structure planner for people (issue 15): its form read, its clock times as each language
writes them, its lines and warnings in French and English."""

from __future__ import annotations

import pytest

from pokertd.errors import ParseError
from pokertd.present.planner import clock_time, plan_view, read_plan_form, read_start
from pokertd.sim.plan import BlindWarning, Moment, Plan, Spread


def test_the_start_time_is_read_as_a_director_types_it() -> None:
    assert read_start("20:00") == read_start("20h00") == read_start("20 h 00") == 20 * 3600
    assert read_start("9:05") == 9 * 3600 + 5 * 60
    for wrong in ("25:00", "20:75", "demain", ""):
        with pytest.raises(ParseError, match="give the start time as hours and minutes"):
            read_start(wrong)


def test_the_form_defaults_and_its_errors_name_the_field() -> None:
    assert read_plan_form({"players": "1 200", "start": "19:30"}, "en") == (1200, 0, 70200, 50)
    with pytest.raises(ParseError, match="les joueurs attendus"):
        read_plan_form({"players": "beaucoup", "start": "19:30"}, "fr")


def test_clock_times_in_each_language_and_the_next_day() -> None:
    start = read_start("20:00")
    assert clock_time(start + 90 * 60, "fr") == "21 h 30"
    assert clock_time(start + 90 * 60, "en") == "9:30 pm"
    assert clock_time(start + 5 * 3600 + 5 * 60, "fr") == "1 h 05 (le lendemain)"
    assert clock_time(start + 16 * 3600, "en") == "12:00 pm (next day)"
    assert clock_time(start + 30 * 3600, "en") == "2:00 am (day +2)"


def plan() -> Plan:
    hours = [3600.0 * h for h in (4, 4.5, 5, 5.5, 6)]
    return Plan(
        runs=5,
        asked_runs=50,
        entries=120,
        paid=18,
        end=Spread.of(hours),
        end_level=20,
        bubble=Moment(Spread.of([3 * 3600.0]), 14, 5),
        final_table=Moment(Spread.of([3.5 * 3600.0]), 16, 5),
        warnings=(BlindWarning("outgrown", 12, cost=30_000, chips=16_666),),
    )


def test_the_lines_of_an_estimate_in_french() -> None:
    shown = plan_view(plan(), read_start("20:00"), "fr", time_limit=30)
    assert shown["end"]["text"] == (
        "entre 0 h 00 (le lendemain) et 2 h 00 (le lendemain), le plus probablement vers 1 h 00 "
        "(le lendemain) (niveau 20) ; 80\u202f% des simulations finissent entre 0 h 12 (le "
        "lendemain) et 1 h 48 (le lendemain)"
    )
    assert shown["bubble"]["text"] == "vers 23 h 00, niveau 14 (entre 23 h 00 et 23 h 00)"
    assert shown["final_table"]["level"] == 16
    assert shown["warnings"][0]["text"].startswith("Dès le niveau 12, un tour de blindes")
    assert "16\u202f666" in shown["warnings"][0]["text"]
    assert shown["stopped"] == (
        "La limite de 30 secondes a arrêté l'estimation après 5 simulations sur 50."
    )


def test_the_lines_of_an_estimate_in_english() -> None:
    shown = plan_view(plan(), read_start("18:00"), "en")
    assert shown["bubble"]["text"] == "about 9:00 pm, level 14 (between 9:00 pm and 9:00 pm)"
    assert shown["about"] == "Over 5 simulated runs of 120 entries, 18 places paid."
    assert "16,666" in shown["warnings"][0]["text"]
