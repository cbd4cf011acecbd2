"""Issue 20's scale work changes how things are worked out, never what: each new computation
gives what the one it replaced gave (``scale_before.py``), on generated input.

- a breaking table's players get the same seats, cards and draws (``seating.break_moves``);
- a structure's levels, level numbers and chips per item, worked out once per structure;
- the clock rolled once per moment (``clock._advance``'s memo) shows what rolling it afresh shows;
- a table after a hand, built without checking its seats again, is the table the checks built;
- the field is counted for a redraw only when three tables or fewer are left: no rule redraws
  a bigger room, whatever the field;
- an event's moment written once per moment (``handlers._iso``) is what ``isoformat`` writes,
  in whatever time zone, and a breaking table in a room of hundreds of tables gets the seats
  the scan of every table gave.
"""

from __future__ import annotations

import datetime
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scale_before import (
    after_hand_before,
    break_moves_before,
    denominations_at_before,
    level_number_before,
)

from pokertd.rules.profile import Redraws
from pokertd.tournament import clock, events
from pokertd.tournament.button import Table, next_hand
from pokertd.tournament.handlers import Context
from pokertd.tournament.seating import break_moves, redraw_due
from pokertd.tournament.structure import TEMPLATES, Break, Level, Structure, template

EXAMPLES = settings(max_examples=150, deadline=None)
T0 = datetime.datetime(2026, 1, 1, 20, 0, tzinfo=datetime.UTC)


@st.composite
def rooms(draw: st.DrawFn) -> list[Table]:
    """Tables of one size, some players each, after a few hands and bust-outs (so that the
    positions, the newcomers and the seats between the button and the small blind vary)."""
    size = draw(st.integers(2, 10))
    count = draw(st.integers(2, 14))
    tables = []
    entry = 0
    for number in range(1, count + 1):
        seats = draw(st.sets(st.integers(1, size), min_size=1, max_size=size))
        players = {}
        for seat in sorted(seats):
            entry += 1
            players[seat] = str(entry)
        table = Table(number, size, players)
        for _ in range(draw(st.integers(0, 3))):
            if len(table.players) < 2:
                break
            first = draw(st.integers(1, size))
            table = table.after_hand(next_hand(table, initial_button=first).blinds)
            if draw(st.booleans()) and len(table.players) > 2:
                table = table.without_player(draw(st.sampled_from(sorted(table.players))))
            if draw(st.booleans()):
                empty = table.empty_seats()
                if empty:
                    entry += 1
                    table = table.with_player(draw(st.sampled_from(empty)), str(entry))
        tables.append(table)
    return tables


@EXAMPLES
@given(rooms(), st.integers(0, 2**32), st.booleans(), st.data())
def test_a_breaking_table_s_players_get_the_seats_the_scan_of_every_table_gave(
    tables: list[Table], seed: int, between_blinds_allowed: bool, data: st.DataObject
) -> None:
    breaking = data.draw(st.sampled_from([table.number for table in tables]))
    outcomes = []
    for choose in (break_moves, break_moves_before):
        rng = random.Random(seed)
        try:
            moves = choose(tables, breaking, rng=rng, between_blinds_allowed=between_blinds_allowed)
        except ValueError as error:
            outcomes.append(("refused", str(error), rng.random()))
        else:
            outcomes.append(("moved", moves, rng.random()))  # and the same draws made
    assert outcomes[0] == outcomes[1]


@st.composite
def structures(draw: st.DrawFn) -> Structure:
    chips = (25, 100, 500, 1000, 5000)
    items: list[Level | Break] = []
    for _ in range(draw(st.integers(1, 30))):
        if draw(st.integers(0, 4)) == 0:
            items.append(Break(10, tuple(draw(st.sets(st.sampled_from(chips), max_size=2)))))
        else:
            items.append(Level(100, 200))
    return Structure(tuple(items), chips, 10_000)


@EXAMPLES
@given(st.lists(structures(), min_size=1, max_size=3), st.data())
def test_a_structure_s_readings_are_those_counted_at_each_call(
    shapes: list[Structure], data: st.DataObject
) -> None:
    for _ in range(4):  # several structures read in turn: the memo holds one at a time
        structure = data.draw(st.sampled_from(shapes))
        for index in range(len(structure.items)):
            assert structure.level_number(index) == level_number_before(structure, index)
            assert structure.denominations_at(index) == denominations_at_before(structure, index)
        assert structure.levels == tuple(i for i in structure.items if isinstance(i, Level))
    with pytest.raises(IndexError):
        shapes[0].level_number(len(shapes[0].items))


@EXAMPLES
@given(
    st.sampled_from(TEMPLATES),
    st.lists(st.integers(0, 40_000), min_size=1, max_size=12),
    st.sampled_from([None, 900]),
    st.booleans(),
)
def test_the_clock_rolled_once_per_moment_shows_what_rolling_it_afresh_shows(
    kind: str, seconds: list[int], stop: int | None, hand_for_hand: bool
) -> None:
    structure = template(kind)
    state = clock.start(clock.ClockState.initial(), structure, T0)
    if hand_for_hand:
        state = clock.start_hand_for_hand(state, structure, T0)
    stop_at = None if stop is None else datetime.timedelta(seconds=stop)
    for second in sorted(seconds):
        now = T0 + datetime.timedelta(seconds=second)
        fresh = clock._advance_from(state, structure, now, stop_at)
        assert clock._advance(state, structure, now, stop_at) == fresh
        assert clock._advance(state, structure, now, stop_at) == fresh  # from the memo
        other = clock.ClockState(state.item, state.elapsed, state.since, state.running)
        assert clock._advance(other, structure, now, stop_at) == clock._advance_from(
            other, structure, now, stop_at
        )
        view = clock.view(state, structure, now, day_end_stop_seconds=stop)
        assert view.item == fresh.item


@EXAMPLES
@given(rooms(), st.data())
def test_a_table_after_a_hand_is_the_table_the_checks_built(
    tables: list[Table], data: st.DataObject
) -> None:
    table = data.draw(st.sampled_from(tables))
    if len(table.players) < 2:
        return
    blinds = next_hand(table, initial_button=data.draw(st.integers(1, table.size))).blinds
    after, before = table.after_hand(blinds), after_hand_before(table, blinds)
    assert after == before
    assert repr(after) == repr(before)
    assert hash(after) == hash(before)
    assert after.waiting_for_big_blind == before.waiting_for_big_blind


@given(st.integers(4, 2_000), st.integers(0, 100_000), st.sampled_from(list(Redraws)))
def test_no_rule_redraws_a_room_of_more_than_three_tables(
    tables_left: int, entrants: int, rule: Redraws
) -> None:
    assert not redraw_due(tables_left, entrants, rule.value)


@EXAMPLES
@given(st.lists(st.datetimes(timezones=st.timezones()), min_size=1, max_size=6), st.data())
def test_an_event_s_moment_is_written_as_isoformat_writes_it(
    moments: list[datetime.datetime], data: st.DataObject
) -> None:
    # The same moment objects again, in any order, between equal moments of other time zones.
    for now in [*moments, *data.draw(st.permutations(moments)), *moments]:
        shifted = now.astimezone(datetime.UTC)
        for moment in (now, shifted, now):
            event = Context(moment, random.Random(1), cmd=1).event(events.PlayerArrived, entry=1)
            assert event.at == moment.isoformat()


def test_a_big_room_s_breaking_table_gets_the_seats_the_scan_of_every_table_gave() -> None:
    """Hundreds of tables, most full or one short (a big field's room), some far shorter: the
    draw looks at a few tables' seats and gives what the scan of every table gave."""
    for trial in range(30):
        rng = random.Random(trial)
        tables, entry = [], 0
        for number in range(1, rng.randint(20, 300)):
            seats = sorted(rng.sample(range(1, 10), rng.choice((1, 2, 5, 7, 8, 8, 9, 9, 9))))
            players = {}
            for seat in seats:
                entry += 1
                players[seat] = str(entry)
            table = Table(number, 9, players)
            if len(players) > 1:
                table = table.after_hand(next_hand(table, initial_button=seats[0]).blinds)
            tables.append(table)
        breaking = rng.choice(tables).number
        for allowed in (False, True):
            outcomes = []
            for choose in (break_moves, break_moves_before):
                draws = random.Random(trial)
                try:
                    found: object = choose(
                        tables, breaking, rng=draws, between_blinds_allowed=allowed
                    )
                except ValueError as error:
                    found = str(error)
                outcomes.append((found, draws.random()))
            assert outcomes[0] == outcomes[1]
