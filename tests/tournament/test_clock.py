"""The clock: roll-over, operations, hand-for-hand (HFH-CLOCK), end of day (DAY-END), properties."""

from __future__ import annotations

import datetime
import math
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.errors import IllegalActionError, ParseError
from pokertd.tournament import clock
from pokertd.tournament.clock import ClockState, ClockView, view
from pokertd.tournament.structure import Break, Level, Structure

T0 = datetime.datetime(2026, 1, 1, 20, 0, tzinfo=datetime.UTC)
MINUTE = 60


def at(seconds: float) -> datetime.datetime:
    return T0 + datetime.timedelta(seconds=seconds)


#: Two 20-minute levels, a 10-minute break, a last 20-minute level.
S = Structure(
    (Level(25, 50), Level(50, 100), Break(10, (25,)), Level(100, 200, 25)), (25, 100), 10_000
)


def started(structure: Structure = S, seconds: float = 0) -> ClockState:
    return clock.start(ClockState.initial(), structure, at(seconds))


def shown(state: ClockState, seconds: float, structure: Structure = S) -> tuple[int, float]:
    """The item and the remaining seconds the clock shows at ``seconds`` after T0."""
    v = view(state, structure, at(seconds))
    return v.item, v.remaining


def refused(rule: str, message: str) -> pytest.RaisesExc[IllegalActionError]:
    return pytest.raises(IllegalActionError, match=f"^{message} \\({rule}\\)$")


# --- Reading the clock --------------------------------------------------------------------------


def test_initial_clock_shows_the_first_level_stopped() -> None:
    v = view(ClockState.initial(), S, at(3600))
    assert v == ClockView(
        item=0,
        level_number=1,
        level=Level(25, 50),
        is_break=False,
        remaining=1200.0,
        elapsed=0.0,
        is_running=False,
        next_level=Level(50, 100),
        next_break_in=2400.0,
        hand_for_hand=False,
        day_end_stop=False,
        last_hands=None,
    )
    assert not ClockState.initial().is_started


def test_the_running_clock_counts_down_from_now() -> None:
    state = started()
    v = view(state, S, at(90.5))
    assert (v.item, v.remaining, v.elapsed, v.is_running) == (0, 1109.5, 90.5, True)
    assert v.next_break_in == 1109.5 + 1200


def test_roll_over_across_levels_and_a_break_carries_the_excess() -> None:
    state = started()
    assert shown(state, 1199) == (0, 1)
    assert shown(state, 1200) == (1, 1200)  # the level ends when the clock shows zero
    assert shown(state, 2400 + 60) == (2, 540)
    v = view(state, S, at(2400 + 60))
    assert v.is_break
    assert v.level_number is None
    assert v.level == Level(100, 200, 25)  # during a break: the next level
    assert v.next_level == Level(100, 200, 25)
    assert v.next_break_in is None
    assert shown(state, 3000 + 61) == (3, 1139)
    later = clock.normalize(state, S, at(3000 + 61))
    assert (later.item, later.elapsed, later.since) == (3, datetime.timedelta(seconds=61), at(3061))


def test_the_last_level_continues_indefinitely() -> None:
    v = view(started(), S, at(3000 + 1200 + 3600))
    assert (v.item, v.remaining, v.elapsed, v.is_running) == (3, 0.0, 4800.0, True)
    assert v.next_level is None


def test_view_is_pure_and_clamps_a_now_before_the_last_change() -> None:
    state = started(seconds=100)
    assert view(state, S, at(50)) == view(state, S, at(100))
    assert view(state, S, at(500)) == view(state, S, at(500))


def test_a_structure_ending_with_a_break_shows_the_last_level_in_it() -> None:
    s = Structure((Level(25, 50), Break(10)), (25,), 1000)
    v = view(started(s), s, at(1300))
    assert (v.is_break, v.level, v.next_level) == (True, Level(25, 50), None)


# --- Operations ---------------------------------------------------------------------------------


def test_start_twice_is_refused() -> None:
    with refused("LVL-TIMER", "the clock is already started"):
        clock.start(started(), S, at(10))


def test_pause_stops_time_and_resume_goes_on_from_the_time_shown() -> None:
    paused = clock.pause(started(), S, at(300))
    assert shown(paused, 300) == shown(paused, 9000) == (0, 900)
    assert not view(paused, S, at(9000)).is_running
    resumed = clock.resume(paused, S, at(1000))
    assert shown(resumed, 1100) == (0, 800)


def test_pause_and_resume_refuse_what_cannot_be() -> None:
    with refused("LVL-TIMER", "the clock is not running"):
        clock.pause(ClockState.initial(), S, at(0))
    paused = clock.pause(started(), S, at(5))
    with refused("LVL-TIMER", "the clock is not running"):
        clock.pause(paused, S, at(6))
    with refused("LVL-TIMER", "the clock is already running"):
        clock.resume(started(), S, at(6))
    with refused("LVL-TIMER", "the clock is not started yet; start it"):
        clock.resume(ClockState.initial(), S, at(6))


def test_a_paused_clock_stays_in_its_item() -> None:
    paused = clock.pause(started(), S, at(1199))
    assert shown(paused, 5000) == (0, 1)


def test_adjust_forward_back_and_over_the_end() -> None:
    state = started()
    assert shown(clock.adjust(state, S, 60, at(100)), 100) == (0, 1040)
    assert shown(clock.adjust(state, S, -60, at(100)), 100) == (0, 1160)
    assert shown(clock.adjust(state, S, -600, at(100)), 100) == (0, 1200)  # never before 0
    assert shown(clock.adjust(state, S, 1100, at(100)), 100) == (1, 1200)  # exactly the end
    assert shown(clock.adjust(state, S, 1100 + 1200 + 30, at(100)), 100) == (2, 570)
    assert shown(clock.adjust(state, S, 0.25, at(0)), 0) == (0, 1199.75)
    in_last = clock.adjust(state, S, 99_999, at(0))
    v = view(in_last, S, at(0))
    assert (v.item, v.remaining, v.elapsed) == (3, 0.0, 99_999 - 3000)


def test_adjust_keeps_a_stopped_clock_stopped() -> None:
    paused = clock.pause(started(), S, at(0))
    moved = clock.adjust(paused, S, 1500, at(10))
    assert shown(moved, 5000) == (1, 900)
    before_start = clock.adjust(ClockState.initial(), S, 1500, at(10))
    assert not before_start.is_started
    assert shown(clock.start(before_start, S, at(100)), 160) == (1, 840)


@pytest.mark.parametrize("seconds", [math.nan, math.inf, True, "60"])
def test_adjust_refuses_what_is_not_a_number_of_seconds(seconds: object) -> None:
    with pytest.raises(ParseError, match="a clock adjustment is a finite number of seconds"):
        clock.adjust(started(), S, seconds, at(0))  # type: ignore[arg-type]


def test_skip_goes_to_the_start_of_the_next_item() -> None:
    state = clock.skip(started(), S, at(100))
    assert shown(state, 160) == (1, 1140)
    paused = clock.skip(clock.pause(state, S, at(160)), S, at(200))
    assert shown(paused, 900) == (2, 600)
    assert not view(paused, S, at(900)).is_running
    at_last = clock.skip(paused, S, at(900))
    with refused("LVL-TIMER", "item 3 is the last one; there is nothing to skip to"):
        clock.skip(at_last, S, at(901))


def test_skip_before_the_start_moves_the_clock_without_starting_it() -> None:
    state = clock.skip(ClockState.initial(), S, at(0))
    assert (state.item, state.is_started) == (1, False)


def test_back_restarts_the_item_or_goes_to_the_previous_one() -> None:
    state = clock.skip(started(), S, at(0))  # item 1 from t=0
    assert shown(clock.back(state, S, at(11)), 11) == (1, 1200)  # more than 10 s in: restart
    assert shown(clock.back(state, S, at(10)), 10) == (0, 1200)  # within 10 s: previous
    assert shown(clock.back(started(), S, at(5)), 5) == (0, 1200)  # first item: its start
    with refused("LVL-TIMER", "the clock is already at the start of the structure"):
        clock.back(ClockState.initial(), S, at(0))
    with refused("LVL-TIMER", "the clock is already at the start of the structure"):
        clock.back(started(), S, at(0))


def test_operations_refuse_a_now_before_the_last_change() -> None:
    state = started(seconds=100)
    for operation in (clock.pause, clock.skip, clock.back, clock.normalize):
        with pytest.raises(IllegalActionError, match="cannot go back in time") as caught:
            operation(state, S, at(99))
        assert caught.value.rule == "LVL-TIMER"


def test_a_naive_datetime_is_refused() -> None:
    with pytest.raises(ParseError, match="timezone-aware"):
        clock.start(ClockState.initial(), S, datetime.datetime(2026, 1, 1, 20, 0))
    with pytest.raises(ParseError, match="timezone-aware"):
        view(started(), S, datetime.datetime(2026, 1, 1, 20, 0))


def test_a_state_outside_the_structure_is_refused() -> None:
    with pytest.raises(ParseError, match="the clock stands at item 7, but the structure has 4"):
        view(ClockState(item=7), S, at(0))
    with pytest.raises(ParseError, match="a structure without levels has no clock"):
        view(ClockState.initial(), Structure((Break(10),), (25,), 1000), at(0))


def test_errors_carry_the_rule_and_the_action() -> None:
    with pytest.raises(IllegalActionError) as caught:
        clock.pause(ClockState.initial(), S, at(0))
    assert (caught.value.rule, caught.value.action) == ("LVL-TIMER", "pause")


# --- LVL-APPLY-NEXT-HAND ------------------------------------------------------------------------


def test_level_for_new_hand_at_the_level_boundary() -> None:
    """LVL-APPLY-NEXT-HAND (TDA 23): the new level applies to hands started after zero."""
    state = started()
    assert clock.level_for_new_hand(state, S, at(1199)) == (0, Level(25, 50))
    assert clock.level_for_new_hand(state, S, at(1200)) == (1, Level(50, 100))
    assert clock.level_for_new_hand(state, S, at(1201)) == (1, Level(50, 100))
    assert clock.level_for_new_hand(state, S, at(3001)) == (3, Level(100, 200, 25))


def test_no_hand_starts_during_a_break() -> None:
    with refused("LVL-APPLY-NEXT-HAND", r"no hand starts during a break \(item 2\)") as caught:
        clock.level_for_new_hand(started(), S, at(2400))
    assert caught.value.rule == "LVL-APPLY-NEXT-HAND"


# --- Hand-for-hand (HFH-CLOCK) ------------------------------------------------------------------

#: A 30-minute level, a 20-minute level, a break and a last level.
H = Structure(
    (Level(100, 200, 25, 30), Level(150, 300, 25, 20), Break(10), Level(200, 400, 50, 15)),
    (25,),
    10_000,
)


def hands(
    state: ClockState, structure: Structure, count: int, *, first: float = 0
) -> tuple[ClockState, list[int], list[float]]:
    """Start ``count`` hand-for-hand hands, one a minute; their items and the times shown after."""
    items, remaining = [], []
    for number in range(count):
        now = first + number * MINUTE
        state, item = clock.hand_for_hand_hand_started(state, structure, at(now))
        items.append(item)
        remaining.append(view(state, structure, at(now)).remaining)
    return state, items, remaining


def test_ex_55_hand_for_hand_clock_steps_down_two_minutes_a_hand() -> None:
    """EX-55 (TDA PR-8B/C): 17:30 at the announcement, then 15:30, 13:30 ... 1:30 at the hands'
    starts, in 2-minute steps whatever the hands' real length. pokertd's reading of the 1:30
    remainder: the hand that starts at 1:30 is a 9th hand at the current level (a level ends when
    the clock shows zero, TDA 23) and uses it up; the 10th hand starts the next level."""
    state = clock.start_hand_for_hand(started(H), H, at(12 * MINUTE + 30))
    v = view(state, H, at(5 * 3600))  # the clock is held however long the wait
    assert (v.remaining, v.is_running, v.hand_for_hand) == (1050.0, False, True)

    state, items, remaining = hands(state, H, 8, first=800)
    assert items == [0] * 8
    assert remaining == [930, 810, 690, 570, 450, 330, 210, 90]  # 15:30 ... 1:30

    state, item = clock.hand_for_hand_hand_started(state, H, at(2000))
    assert item == 0  # the 9th hand is played at the current level
    v = view(state, H, at(2500))
    assert (v.item, v.remaining, v.is_running) == (1, 1200.0, False)  # next level, held

    state, item = clock.hand_for_hand_hand_started(state, H, at(2600))
    assert item == 1  # the 10th hand starts the next level
    assert view(state, H, at(2600)).remaining == 1080.0


@pytest.mark.parametrize(("minutes", "count"), [(30, 15), (20, 10), (15, 8), (16, 8), (2, 1)])
def test_ex_56_levels_during_hand_for_hand(minutes: int, count: int) -> None:
    """EX-56 (TDA PR-8D): a 30:00 level lasts exactly 15 hand-for-hand hands; 20:00, 10; 15:00,
    7 full hands and a 1:00 remainder hand (as in EX-55), 8. Blinds keep rising."""
    s = Structure((Level(100, 200, minutes=minutes), Level(200, 400)), (25,), 10_000)
    state = clock.start_hand_for_hand(started(s), s, at(0))
    state, items, _ = hands(state, s, count + 1)
    assert items == [0] * count + [1]


def test_hand_for_hand_remainder_hand_starts_the_break() -> None:
    """HFH-CLOCK: when the level after is a break, it starts with the level's last hand and runs in
    real time; the level after the break is then held at its full time until its first hand."""
    state = clock.start_hand_for_hand(clock.skip(started(H), H, at(0)), H, at(0))  # 20:00 level
    state, items, _ = hands(state, H, 10)
    assert items == [1] * 10
    last_hand = 9 * MINUTE
    v = view(state, H, at(last_hand + 4 * MINUTE))
    assert (v.item, v.is_break, v.remaining, v.is_running) == (2, True, 360.0, True)
    with refused("LVL-APPLY-NEXT-HAND", r"no hand starts during a break \(item 2\)"):
        clock.hand_for_hand_hand_started(state, H, at(last_hand + 5 * MINUTE))
    v = view(state, H, at(last_hand + 3 * 3600))
    assert (v.item, v.remaining, v.is_running, v.hand_for_hand) == (3, 900.0, False, True)
    state, item = clock.hand_for_hand_hand_started(state, H, at(last_hand + 3 * 3600))
    assert (item, view(state, H, at(4 * 3600)).remaining) == (3, 780.0)


def test_hand_for_hand_announced_during_a_break() -> None:
    state = clock.start_hand_for_hand(started(H), H, at(3000 + 120))  # 2:00 into the break
    assert view(state, H, at(3120)).is_running
    assert shown(state, 3000 + 600 + 3600, H) == (3, 900)
    with refused("HFH-CLOCK", "hand-for-hand is already on"):
        clock.start_hand_for_hand(state, H, at(3200))


def test_hand_for_hand_in_the_last_level_charges_on_past_zero() -> None:
    state = clock.start_hand_for_hand(started(H), H, at(3000 + 600 + 800))  # 1:40 left
    state, items, remaining = hands(state, H, 3, first=4400)
    assert items == [3, 3, 3]
    assert remaining == [0.0, 0.0, 0.0]
    assert view(state, H, at(9999)).elapsed == 800 + 360


def test_end_hand_for_hand_runs_from_the_time_shown() -> None:
    state = clock.start_hand_for_hand(started(H), H, at(600))
    state, _, _ = hands(state, H, 2, first=700)
    state = clock.end_hand_for_hand(state, H, at(1000))
    v = view(state, H, at(1060))
    assert (v.remaining, v.is_running, v.hand_for_hand) == (1200 - 240 - 60, True, False)


def test_hand_for_hand_refusals() -> None:
    with refused("LVL-TIMER", "the clock is not started yet"):
        clock.start_hand_for_hand(ClockState.initial(), H, at(0))
    with refused("HFH-CLOCK", "hand-for-hand is not on"):
        clock.hand_for_hand_hand_started(started(H), H, at(0))
    with refused("HFH-CLOCK", "hand-for-hand is not on"):
        clock.end_hand_for_hand(started(H), H, at(0))
    held = clock.start_hand_for_hand(started(H), H, at(0))
    with refused(
        "HFH-CLOCK", "the level clock is held for hand-for-hand; end hand-for-hand to run it"
    ):
        clock.resume(held, H, at(1))
    with refused("LVL-TIMER", "the clock is not running"):
        clock.pause(held, H, at(1))
    with pytest.raises(ParseError, match="a positive number of seconds, not 0"):
        clock.hand_for_hand_hand_started(held, H, at(1), seconds_per_hand=0)


def test_hand_for_hand_with_another_charge_per_hand() -> None:
    state = clock.start_hand_for_hand(started(H), H, at(0))
    state, _ = clock.hand_for_hand_hand_started(state, H, at(10), seconds_per_hand=90)
    assert view(state, H, at(20)).remaining == 1800 - 90


def test_skip_and_adjust_under_hand_for_hand_hold_levels_and_run_breaks() -> None:
    held = clock.start_hand_for_hand(started(H), H, at(0))
    in_break = clock.adjust(held, H, 3000 + 60, at(10))
    assert view(in_break, H, at(70)).remaining == 480  # the break runs
    level = clock.skip(in_break, H, at(70))
    assert shown(level, 5000, H) == (3, 900)  # the level is held


# --- End of day (DAY-END, GM 42°) ---------------------------------------------------------------

#: A day's last level of 60 minutes after a 20-minute one, then day 2.
D = Structure(
    (Level(100, 200), Level(200, 400, 50, 60, ends_day=True), Level(300, 600, 75)), (25,), 10_000
)
GM42 = 900


def test_day_end_the_clock_stops_with_fifteen_minutes_left() -> None:
    """DAY-END (GM 42°): the clock stops with 15 minutes left in the day's last level."""
    state = started(D)
    stop = 1200 + 45 * MINUTE
    before = view(state, D, at(stop - 1), day_end_stop_seconds=GM42)
    assert (before.item, before.remaining, before.is_running, before.day_end_stop) == (
        1,
        901.0,
        True,
        False,
    )
    for later in (stop, stop + 1, stop + 10 * 3600):
        v = view(state, D, at(later), day_end_stop_seconds=GM42)
        assert (v.item, v.remaining, v.is_running, v.day_end_stop) == (1, 900.0, False, True)
    # Without the stop (other profiles) the clock runs on.
    assert shown(state, stop + 900, D) == (2, 1200)


def test_day_end_stop_is_a_normal_state_once_normalized() -> None:
    stopped = clock.normalize(started(D), D, at(9000), day_end_stop_seconds=GM42)
    assert (stopped.item, stopped.running) == (1, False)
    assert stopped.elapsed == datetime.timedelta(minutes=45)
    with refused("LVL-TIMER", "the clock is not running"):
        clock.pause(stopped, D, at(9001), day_end_stop_seconds=GM42)


def test_day_end_last_hands_and_day_two() -> None:
    stopped = clock.normalize(started(D), D, at(9000), day_end_stop_seconds=GM42)
    announced = clock.announce_last_hands(stopped, 5, at(9010), allowed=(3, 7))
    assert view(announced, D, at(9020), day_end_stop_seconds=GM42).last_hands == 5
    for count in (2, 8):
        with refused("DAY-END", f"{count} last hands is outside the 3 to 7 allowed"):
            clock.announce_last_hands(stopped, count, at(9010))
    # Day 2: the clock runs the 15 minutes left, then the next level, and does not stop again.
    day_two = clock.resume(announced, D, at(90_000), day_end_stop_seconds=GM42)
    v = view(day_two, D, at(90_000 + 60), day_end_stop_seconds=GM42)
    assert (v.remaining, v.is_running, v.day_end_stop, v.last_hands) == (840.0, True, False, None)
    assert shown(day_two, 90_000 + 960, D) == (2, 1140)


def test_day_end_stop_applies_after_a_roll_over_and_after_time_given_back() -> None:
    state = started(D)
    assert view(state, D, at(99_999), day_end_stop_seconds=GM42).day_end_stop
    day_two = clock.resume(
        clock.normalize(state, D, at(4000), day_end_stop_seconds=GM42),
        D,
        at(5000),
        day_end_stop_seconds=GM42,
    )
    # The director gives two minutes back: the clock will stop at 15:00 again.
    again = clock.adjust(day_two, D, -120, at(5030), day_end_stop_seconds=GM42)
    v = view(again, D, at(5030 + 600), day_end_stop_seconds=GM42)
    assert (v.remaining, v.day_end_stop) == (900.0, True)
    # A jump over the stop point does not stop the clock: the stop catches running time only.
    jumped = clock.adjust(started(D), D, 1200 + 46 * MINUTE, at(0), day_end_stop_seconds=GM42)
    assert view(jumped, D, at(60), day_end_stop_seconds=GM42).remaining == 780.0


@pytest.mark.parametrize("stop", [None, 0, 3600, 7200])
def test_no_day_end_stop_without_a_stop_shorter_than_the_level(stop: int | None) -> None:
    v = view(started(D), D, at(1200 + 50 * MINUTE), day_end_stop_seconds=stop)
    assert (v.remaining, v.is_running, v.day_end_stop) == (600.0, True, False)


def test_day_end_stop_refuses_a_negative_stop() -> None:
    with pytest.raises(ParseError, match="from 0, not -1"):
        view(started(D), D, at(0), day_end_stop_seconds=-1)


def test_day_end_stop_under_hand_for_hand() -> None:
    state = clock.start_hand_for_hand(clock.skip(started(D), D, at(0)), D, at(44 * MINUTE))
    state, _ = clock.hand_for_hand_hand_started(state, D, at(3000), day_end_stop_seconds=GM42)
    v = view(state, D, at(3100), day_end_stop_seconds=GM42)
    assert (v.remaining, v.day_end_stop) == (900.0, True)
    state, item = clock.hand_for_hand_hand_started(state, D, at(3200), day_end_stop_seconds=GM42)
    assert (item, view(state, D, at(3300), day_end_stop_seconds=GM42).remaining) == (1, 780.0)


# --- JSON ---------------------------------------------------------------------------------------


def test_state_round_trips_through_its_dict() -> None:
    state = clock.announce_last_hands(
        clock.adjust(started(seconds=12.5), S, 0.125, at(100)), 4, at(100)
    )
    assert ClockState.from_dict(state.to_dict()) == state
    assert ClockState.from_dict(ClockState.initial().to_dict()) == ClockState.initial()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"item": True}, "clock item must be a whole number from 0"),
        ({"elapsed": -1}, "clock elapsed must be seconds from 0"),
        ({"since": "yesterday"}, "clock since must be an ISO-8601 time"),
        ({"since": "2026-01-01T20:00:00"}, "clock since must be an ISO-8601 time"),
        ({"last_hands": "5"}, "last hands must be a count"),
    ],
)
def test_state_from_dict_refuses_bad_values(data: dict[str, object], message: str) -> None:
    with pytest.raises(ParseError, match=message):
        ClockState.from_dict(data)


def test_view_to_dict() -> None:
    data = view(started(), S, at(60)).to_dict()
    assert data["level"] == Level(25, 50).to_dict()
    assert (data["remaining"], data["level_number"], data["next_break_in"]) == (1140.0, 1, 2340.0)


# --- Properties -----------------------------------------------------------------------------------

#: Two levels, a break, a day's last level, a level, a break and the last level.
P = Structure(
    (
        Level(25, 50, minutes=20),
        Level(50, 100, minutes=15),
        Break(10),
        Level(75, 150, minutes=30, ends_day=True),
        Level(100, 200, minutes=20),
        Break(5),
        Level(150, 300, minutes=20),
    ),
    (25,),
    10_000,
)
STARTS = [
    datetime.timedelta(seconds=sum(item.seconds for item in P.items[:index]))
    for index in range(len(P.items))
]
LAST = len(P.items) - 1


@dataclass(frozen=True)
class Op:
    name: str
    wait: datetime.timedelta  # real time before the operation
    amount: float = 0


waits = st.builds(
    lambda s, us: datetime.timedelta(seconds=s, microseconds=us),
    st.integers(0, 2400),
    st.integers(0, 999_999),
)
amounts = st.integers(-4000, 4000).map(lambda n: n / 4)
simple_ops = st.builds(Op, st.sampled_from(["pause", "resume", "adjust", "look"]), waits, amounts)
all_ops = st.builds(
    Op,
    st.sampled_from(
        ["pause", "resume", "adjust", "look", "skip", "back", "hfh", "hand", "end-hfh", "announce"]
    ),
    waits,
    amounts,
)
stops = st.sampled_from([None, 900])


def apply(state: ClockState, op: Op, now: datetime.datetime, stop: int | None) -> ClockState:
    """Apply one operation; a refused one leaves the state as it was."""
    try:
        if op.name == "adjust":
            return clock.adjust(state, P, op.amount, now, day_end_stop_seconds=stop)
        if op.name == "hand":
            return clock.hand_for_hand_hand_started(state, P, now, day_end_stop_seconds=stop)[0]
        if op.name == "announce":
            return clock.announce_last_hands(state, 3 + int(abs(op.amount)) % 5, now)
        if op.name == "look":
            clock.level_for_new_hand(state, P, now, day_end_stop_seconds=stop)
            return state
        return OPERATIONS[op.name](state, P, now, day_end_stop_seconds=stop)
    except IllegalActionError:
        return state


OPERATIONS = {
    "pause": clock.pause,
    "resume": clock.resume,
    "skip": clock.skip,
    "back": clock.back,
    "hfh": clock.start_hand_for_hand,
    "end-hfh": clock.end_hand_for_hand,
}


def run(ops: list[Op], stop: int | None) -> list[tuple[ClockState, datetime.datetime]]:
    state, now = clock.start(ClockState.initial(), P, T0), T0
    trace = [(state, now)]
    for op in ops:
        now += op.wait
        state = apply(state, op, now, stop)
        trace.append((state, now))
    return trace


@settings(derandomize=True, max_examples=300, deadline=None)
@given(st.lists(all_ops, max_size=25), stops, waits)
def test_view_is_a_pure_function_of_state_and_now(
    ops: list[Op], stop: int | None, later: datetime.timedelta
) -> None:
    """(1) The same state and now give the same view, and replaying the operations rebuilds it;
    normalizing at any earlier moment never changes what the clock shows."""
    first, second = run(ops, stop), run(ops, stop)
    assert first == second
    for (state, now), (again, _) in zip(first, second, strict=True):
        for moment in (now, now + later):
            v = view(state, P, moment, day_end_stop_seconds=stop)
            assert v == view(state, P, moment, day_end_stop_seconds=stop)
            assert v == view(again, P, moment, day_end_stop_seconds=stop)
            normalized = clock.normalize(state, P, now + later / 2, day_end_stop_seconds=stop)
            assert view(normalized, P, now + later, day_end_stop_seconds=stop) == view(
                state, P, now + later, day_end_stop_seconds=stop
            )


@settings(derandomize=True, max_examples=300, deadline=None)
@given(st.lists(all_ops, max_size=25), stops, waits)
def test_remaining_and_elapsed_make_the_item_length(
    ops: list[Op], stop: int | None, later: datetime.timedelta
) -> None:
    """(2) remaining + elapsed is the item's length, except in the last level past its end; with
    the end-of-day stop, the running clock never shows less than 15:00 in the day's last level."""
    for state, now in run(ops, stop):
        v = view(state, P, now + later, day_end_stop_seconds=stop)
        length = P.items[v.item].seconds
        if v.item == LAST and v.elapsed > length:
            assert v.remaining == 0
        else:
            assert math.isclose(v.remaining + v.elapsed, length, abs_tol=1e-6)
        assert v.remaining >= 0
        if stop and v.item == 3 and state.item < 3 and v.is_running:
            assert v.remaining > stop  # the stop was armed on entering the day's last level


@settings(derandomize=True, max_examples=300, deadline=None)
@given(st.lists(all_ops, max_size=25), stops, waits)
def test_a_stopped_clock_stands_still(
    ops: list[Op], stop: int | None, later: datetime.timedelta
) -> None:
    """(3) While the clock is paused (or held for hand-for-hand) the view does not change."""
    for state, now in run(ops, stop):
        v = view(state, P, now, day_end_stop_seconds=stop)
        if not v.is_running:
            assert view(state, P, now + later, day_end_stop_seconds=stop) == v


@settings(derandomize=True, max_examples=500, deadline=None)
@given(st.lists(simple_ops, max_size=30))
def test_time_is_conserved(ops: list[Op]) -> None:
    """(4) The clock's position in the structure is the running time plus the adjustments (an
    adjustment back stops at the start of its item)."""
    state, now = clock.start(ClockState.initial(), P, T0), T0
    position, running = datetime.timedelta(0), True
    for op in ops:
        now += op.wait
        if running:
            position += op.wait
        item = max(index for index in range(len(P.items)) if STARTS[index] <= position)
        state = apply(state, op, now, None)
        if op.name == "pause":
            running = False
        elif op.name == "resume":
            running = True
        elif op.name == "adjust":
            moved = position + datetime.timedelta(seconds=op.amount)
            position = max(moved, STARTS[item])
        current = clock.normalize(state, P, now)
        assert STARTS[current.item] + current.elapsed == position
        assert current.running == running
