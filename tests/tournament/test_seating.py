"""Seat draws, tables as values, open seats for newcomers, final-table size and redraws."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pokertd import rules
from pokertd.rules.profile import FinalTableSize, Redraws
from pokertd.tournament.seating import (
    Blinds,
    Move,
    Table,
    allowed_new_seats,
    apply_moves,
    draw_seats,
    final_table_size,
    redraw,
    redraw_due,
    seat_newcomer,
    tables_from_draw,
    tables_to_break,
)

# -- the seat draw --------------------------------------------------------------------------------


DRAWS = [(1, 1, 9), (20, 3, 9), (27, 3, 9), (13, 4, 6), (0, 2, 9), (45, 5, 10)]


@pytest.mark.parametrize(("count", "tables", "size"), DRAWS)
def test_seat_draw_seats_everyone_once_and_evenly(count: int, tables: int, size: int) -> None:
    """SEAT-DRAW (TDA 6, LFP 1.5, GM 13°): every entry gets one seat, seats are unique and within
    the table, and two tables differ by at most one player."""
    entries = [f"e{i}" for i in range(count)]
    numbers = list(range(1, tables + 1))
    draw = draw_seats(entries, numbers, size, random.Random(count))
    assert sorted(draw) == sorted(entries)
    assert len(set(draw.values())) == count
    assert all(table in numbers and 1 <= seat <= size for table, seat in draw.values())
    per_table = Counter(table for table, _ in draw.values())
    counts = [per_table[number] for number in numbers]
    assert max(counts) - min(counts) <= 1


def test_seat_draw_is_random_but_reproducible() -> None:
    entries = [f"e{i}" for i in range(18)]
    first = draw_seats(entries, [1, 2, 3], 9, random.Random(5))
    assert first == draw_seats(entries, [1, 2, 3], 9, random.Random(5))
    assert first != draw_seats(entries, [1, 2, 3], 9, random.Random(6))


def test_seat_draw_spreads_the_extra_players_and_seats_at_random() -> None:
    """Which tables get the extra players and which seats a short table uses are drawn."""
    fuller: Counter[int] = Counter()
    seats: Counter[int] = Counter()
    for seed in range(200):
        draw = draw_seats(["a", "b", "c"], [1, 2], 9, random.Random(seed))
        fuller[Counter(table for table, _ in draw.values()).most_common(1)[0][0]] += 1
        seats.update(seat for _, seat in draw.values())
    assert set(fuller) == {1, 2}
    assert set(seats) == set(range(1, 10))


def test_seat_draw_refuses_what_does_not_fit() -> None:
    with pytest.raises(ValueError, match="do not fit"):
        draw_seats([f"e{i}" for i in range(19)], [1, 2], 9, random.Random(0))
    with pytest.raises(ValueError, match="named twice"):
        draw_seats(["a", "a"], [1], 9, random.Random(0))
    with pytest.raises(ValueError, match="named twice"):
        draw_seats(["a"], [1, 1], 9, random.Random(0))
    with pytest.raises(ValueError, match="seats 2 or more"):
        draw_seats(["a"], [1], 1, random.Random(0))


def test_tables_from_draw() -> None:
    draw = draw_seats([f"e{i}" for i in range(10)], [4, 7], 6, random.Random(1))
    tables = tables_from_draw(draw, [4, 7], 6)
    assert [table.number for table in tables] == [4, 7]
    assert all(table.last_hand is None and table.size == 6 for table in tables)
    assert {
        entry: (t.number, t.seat_of(entry)) for t in tables for entry in t.players.values()
    } == draw


# -- tables as values -----------------------------------------------------------------------------


def test_table_is_an_immutable_value() -> None:
    table = Table(1, 9, {5: "b", 1: "a"})
    moved = table.with_player(3, "c")
    assert table.players == {1: "a", 5: "b"}
    assert list(moved.players) == [1, 3, 5]
    assert moved.newcomers == {3}
    assert moved.without_player(3) == Table(1, 9, {1: "a", 5: "b"})
    assert hash(moved.without_player(3)) == hash(table)
    assert eval(repr(moved)) == moved  # the repr reads back
    played = moved.with_player(7, "d", waiting_for_big_blind=True).after_hand(Blinds(1, 3, 5))
    assert eval(repr(played)) == played
    assert repr(played) == (
        "Table(number=1, size=9, players={1: 'a', 3: 'c', 5: 'b', 7: 'd'},"
        " last_hand=Blinds(button=1, small_blind=3, big_blind=5),"
        " waiting_for_big_blind=frozenset([7]))"
    )
    with pytest.raises(TypeError):
        moved.players[7] = "x"  # type: ignore[index]


def test_table_helpers() -> None:
    table = Table(2, 6, {1: "a", 4: "b"})
    assert table.empty_seats() == [2, 3, 5, 6]
    assert table.seat_of("b") == 4
    assert table.with_player(2, "c", newcomer=False).newcomers == frozenset()
    waiting = table.with_player(2, "c", waiting_for_big_blind=True)
    assert waiting.waiting_for_big_blind == {2}
    played = waiting.after_hand(Blinds(4, 1, 2))
    assert played.last_hand == Blinds(4, 1, 2)
    assert played.newcomers == frozenset()
    assert played.waiting_for_big_blind == frozenset()  # he got the big blind
    assert waiting.after_hand(Blinds(1, 2, 4)).waiting_for_big_blind == {2}
    assert waiting.without_player(2).waiting_for_big_blind == frozenset()


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Table(1, 9, {10: "a"}), "no seat 10"),
        (lambda: Table(1, 9, {0: "a"}), "no seat 0"),
        (lambda: Table(1, 6, {1: "a"}, Blinds(1, 2, 7)), "no seat 7"),
        (lambda: Table(1, 9, {1: "a", 2: "a"}), "twice"),
        (lambda: Table(1, 9, {1: "a"}, newcomers=frozenset({2})), "empty seat 2"),
        (lambda: Table(1, 9, {1: "a"}, waiting_for_big_blind=frozenset({3})), "empty seat 3"),
        (lambda: Table(1, 1, {}), "2 or more"),
        (lambda: Table(1, 9, {1: "a"}).with_player(1, "b"), "taken"),
        (lambda: Table(1, 9, {1: "a"}).with_player(2, "a"), "already sits"),
        (lambda: Table(1, 9, {1: "a"}).with_player(10, "b"), "no seat 10"),
        (lambda: Table(1, 9, {1: "a"}).without_player(2), "is empty"),
        (lambda: Table(1, 9, {1: "a"}).seat_of("b"), "does not sit"),
    ],
)
def test_table_refuses_inconsistent_values(make: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make()  # type: ignore[operator]


# -- open seats for newcomers (SEAT-LATE-POSITION, TBL-BREAK-SEATING) -----------------------------


def test_allowed_new_seats_before_the_first_hand_are_all_empty_seats() -> None:
    table = Table(1, 6, {1: "a", 4: "b"})
    assert allowed_new_seats(table, between_blinds_allowed=False) == [2, 3, 5, 6]


def test_allowed_new_seats_tda_leaves_out_the_seats_between_button_and_small_blind() -> None:
    """TDA 7A, 9: hand n button S3, SB S4, BB S6 -> next button S4, SB S6; S5 is not assigned
    (EX-58 under TDA); LFP, BAN and GM let him sit there and wait (BTN-NEW-PLAYER)."""
    table = Table(1, 9, {s: f"p{s}" for s in (1, 2, 3, 4, 6, 7)}, last_hand=Blinds(3, 4, 6))
    assert allowed_new_seats(table, between_blinds_allowed=False) == [8, 9]
    assert allowed_new_seats(table, between_blinds_allowed=True) == [5, 8, 9]


def test_allowed_new_seats_include_the_blinds_and_the_button() -> None:
    """TDA 7A: any position but between the SB and the button: SB seat S4 (the last BB, busted)
    and button seat S3 (the last SB, busted) may be given."""
    table = Table(1, 9, {s: f"p{s}" for s in (1, 2, 5, 6, 7, 8, 9)}, last_hand=Blinds(2, 3, 4))
    assert allowed_new_seats(table, between_blinds_allowed=False) == [3, 4]


def test_seat_newcomer_goes_to_a_shortest_table() -> None:
    """SEAT-LATE-POSITION (TDA 7A): the shortest table, ties and seats drawn."""
    tables = [
        Table(1, 9, {1: "a", 2: "b", 3: "c"}),
        Table(2, 9, {1: "d", 2: "e"}),
        Table(3, 9, {5: "f", 6: "g"}),
    ]
    picks = {
        seat_newcomer(tables, random.Random(seed), between_blinds_allowed=True)
        for seed in range(300)
    }
    assert {table for table, _ in picks} == {2, 3}
    assert {seat for table, seat in picks if table == 2} == set(range(3, 10))


def test_seat_newcomer_skips_a_table_whose_open_seats_are_between_the_blinds() -> None:
    """Under TDA a table whose only open seat lies between the button and the SB takes nobody."""
    short = Table(1, 9, {s: f"a{s}" for s in (1, 2, 3, 4, 6, 7, 8, 9)}, last_hand=Blinds(3, 4, 6))
    full = Table(2, 9, {s: f"b{s}" for s in range(1, 10) if s != 2})
    assert seat_newcomer([short, full], random.Random(0), between_blinds_allowed=False) == (2, 2)
    with pytest.raises(ValueError, match="SEAT-LATE-POSITION"):
        seat_newcomer([short], random.Random(0), between_blinds_allowed=False)


# -- tables to break, applying moves --------------------------------------------------------------


@pytest.mark.parametrize(
    ("counts", "size", "expected"),
    [
        ([9, 9, 9], 9, 0),
        ([9, 9, 8], 9, 0),
        ([9, 9, 7], 9, 0),
        ([6, 6, 6], 9, 1),
        ([3, 3, 3, 3], 9, 2),
        ([1, 1], 9, 1),
        ([0, 0], 9, 1),
        ([5, 5], 6, 0),
    ],
)
def test_tables_to_break_while_the_players_fit_one_table_fewer(
    counts: list[int], size: int, expected: int
) -> None:
    tables = [
        Table(n, size, {s: f"{n}-{s}" for s in range(1, c + 1)}) for n, c in enumerate(counts, 1)
    ]
    assert tables_to_break(tables, size) == expected


def test_apply_moves_swaps_seats_and_checks_them() -> None:
    tables = [Table(1, 9, {1: "a", 2: "b"}, last_hand=Blinds(1, 1, 2))]
    swapped = apply_moves(
        tables, [Move("a", 1, 1, 1, 2, "redraw"), Move("b", 1, 2, 1, 1, "redraw")]
    )
    assert swapped == [Table(1, 9, {1: "b", 2: "a"}, newcomers=frozenset({1, 2}))]
    with pytest.raises(ValueError, match="does not sit in seat 2"):
        apply_moves(tables, [Move("a", 1, 2, 1, 3, "balance")])
    with pytest.raises(ValueError, match="table 5 is not among"):
        apply_moves(tables, [Move("a", 1, 1, 5, 3, "balance")])
    with pytest.raises(ValueError, match="unknown move reason"):
        Move("a", 1, 1, 5, 3, "teleport")  # type: ignore[arg-type]


# -- final table and redraws ----------------------------------------------------------------------


@pytest.mark.parametrize(("size", "expected"), [(9, 10), (8, 9), (6, 7), (10, 10)])
def test_ex_57_final_table_size_tda_11(size: int, expected: int) -> None:
    """EX-57 (TBL-FINAL-SIZE, TDA 11): a full table plus one, never more than 10."""
    assert final_table_size(size, "table-size-plus-one") == expected
    assert final_table_size(size, FinalTableSize.TABLE_SIZE_PLUS_ONE) == expected


def test_final_table_size_other_rule_and_errors() -> None:
    assert final_table_size(9, "table-size") == 9
    with pytest.raises(ValueError, match="unknown final-table size rule 'plus-two'"):
        final_table_size(9, "plus-two")
    with pytest.raises(ValueError, match="final table"):
        final_table_size(1, "table-size")


def test_redraw_moves_every_entry_with_its_old_seat() -> None:
    """SEAT-REDRAW (LFP 1.5, GM 25°b): every entry gets a move, from where he sits now."""
    now = [Table(1, 9, {s: f"a{s}" for s in range(1, 6)}), Table(2, 9, {2: "b2", 7: "b7"})]
    entries = [entry for table in now for entry in table.players.values()]
    moves = redraw(entries, [1, 2], 9, random.Random(3), current=now)
    assert [move.entry for move in moves] == entries
    assert {move.reason for move in moves} == {"redraw"}
    assert all(now[m.from_table - 1].players[m.from_seat] == m.entry for m in moves)
    after = apply_moves(now, moves)
    assert sorted(len(table.players) for table in after) == [3, 4]
    assert all(table.last_hand is None for table in after)


def test_redraw_to_the_final_table_and_of_entries_without_seats() -> None:
    """DAY-REDRAW (LFP 1.5): entries with no seat come from table 0, seat 0."""
    moves = redraw(["x", "y", "z"], [3], 10, random.Random(0))
    assert {move.reason for move in moves} == {"final-table"}
    assert {(move.from_table, move.from_seat) for move in moves} == {(0, 0)}
    assert apply_moves([Table(3, 10, {})], moves)[0].players.keys() == {m.to_seat for m in moves}


@pytest.mark.parametrize(
    ("rule", "entrants", "due_at"),
    [
        ("none", 500, set()),
        ("final-table", 30, {1}),
        ("final-table", 500, {1}),
        ("by-field-size", 100, {1, 2, 3}),
        ("by-field-size", 99, {1, 2}),
        ("by-field-size", 51, {1, 2}),
        ("by-field-size", 50, set()),
        ("by-field-size", 49, set()),
    ],
)
def test_redraw_due(rule: str, entrants: int, due_at: set[int]) -> None:
    """SEAT-REDRAW: never (TDA), at the final table (LFP 1.5), by field size (GM 25°b)."""
    assert {left for left in range(1, 8) if redraw_due(left, entrants, rule)} == due_at
    assert redraw_due(1, entrants, Redraws(rule)) == (1 in due_at)


def test_seat_redraw_gm_25b_counts_more_than_fifty_entrants() -> None:
    """SEAT-REDRAW (GM 25°b): "moins de 100 participants mais avec plus de 50": an event of
    exactly 50 entrants is not in the group redrawn at two and one tables; 51 is."""
    gran_madrid = rules.load("gran-madrid").redraws
    assert [redraw_due(2, n, gran_madrid) for n in (50, 51, 99, 100)] == [False, True, True, True]
    assert [redraw_due(3, n, gran_madrid) for n in (99, 100)] == [False, True]


def test_redraw_due_refuses_an_unknown_rule() -> None:
    with pytest.raises(ValueError, match="unknown redraw rule 'sometimes'"):
        redraw_due(1, 10, "sometimes")
