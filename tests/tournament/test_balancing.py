"""Balancing and breaking tables: who moves, where he sits, the two-step draw, and properties of
whole sequences of hands, bust-outs, arrivals, balancing and breaking."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.cards import Card
from pokertd.tournament.button import seats_between_button_and_small_blind
from pokertd.tournament.seating import (
    Blinds,
    Move,
    Table,
    allowed_new_seats,
    apply_moves,
    balance_moves,
    balance_seat,
    break_moves,
    card_order,
    draw_seats,
    needs_balancing,
    next_hand,
    seat_newcomer,
    tables_from_draw,
    tables_to_break,
)

PROPERTY = settings(max_examples=200, derandomize=True, database=None, deadline=None)


def table(number: int, seats: Iterable[int], last: Blinds | None = None, size: int = 9) -> Table:
    return Table(number, size, {s: f"t{number}s{s}" for s in seats}, last_hand=last)


def full(number: int, last: Blinds | None = None, size: int = 9) -> Table:
    return table(number, range(1, size + 1), last, size)


# -- EX-64: the seat of a balanced player ---------------------------------------------------------

EX_64 = Blinds(button=7, small_blind=8, big_blind=9)


def test_ex_64_case_a_first_empty_seat_left_of_the_big_blind() -> None:
    """EX-64 A (TBL-BALANCE-SEAT: LFP 6.10, TDA 10A): S3 and S6 empty; the next BB is S1 and the
    newcomer takes S3, the first empty seat clockwise after S9."""
    receiving = table(2, [1, 2, 4, 5, 7, 8, 9], EX_64)
    assert balance_seat(receiving, random.Random(0)) == 3
    moves = balance_moves(
        [full(1, Blinds(1, 2, 3)), receiving], max_difference=1, rng=random.Random(0)
    )
    assert [(m.entry, m.to_table, m.to_seat) for m in moves] == [("t1s4", 2, 3)]
    upcoming = next_hand(apply_moves([receiving], [Move("x", 0, 0, 2, 3, "balance")])[0])
    assert upcoming.blinds == Blinds(button=8, small_blind=9, big_blind=1)
    assert 3 in upcoming.dealt


def test_ex_64_case_b_small_blind_and_button_empty_he_takes_the_button() -> None:
    """EX-64 B: S8 (SB) and S9 (BB) busted, every other seat taken: next hand BB S1, no SB, dead
    button S8. The newcomer takes the button seat S8 (LFP 6.10; TDA 10A: never the SB) and plays
    at once on the button."""
    receiving = table(2, range(1, 8), EX_64)
    for between_blinds_allowed in (True, False):
        seat = balance_seat(
            receiving, random.Random(0), between_blinds_allowed=between_blinds_allowed
        )
        assert seat == 8
    after = receiving.with_player(8, "moved")
    upcoming = next_hand(after)
    assert upcoming.blinds == Blinds(button=8, small_blind=9, big_blind=1)
    assert not upcoming.has_small_blind
    assert not upcoming.is_button_dead
    assert upcoming.dealt[-1] == 8


def test_ex_64_case_c_the_empty_seat_after_the_big_blind_makes_him_big_blind() -> None:
    """EX-64 C: S1 empty, S2 taken: the newcomer takes S1 and is the next hand's BB ("at the BB if
    that seat is free"; TDA 10A: he may be BB twice in a row)."""
    receiving = table(2, range(2, 10), EX_64)
    assert balance_seat(receiving, random.Random(0)) == 1
    source = full(1, Blinds(1, 2, 3))
    moves = balance_moves(
        [source, receiving.without_player(5)], max_difference=1, rng=random.Random(0)
    )
    assert [(m.entry, m.from_seat, m.to_seat) for m in moves] == [("t1s4", 4, 1)]
    assert next_hand(source).blinds.big_blind == 4  # he was to be big blind at his old table
    after = receiving.with_player(1, "moved")
    assert next_hand(after).blinds == Blinds(button=8, small_blind=9, big_blind=1)


def test_tbl_balance_seat_never_the_small_blind_seat() -> None:
    """TBL-BALANCE-SEAT: when the only empty seat is the next SB seat, the table cannot take him."""
    only_small_blind_empty = table(2, range(1, 9), EX_64)
    assert balance_seat(only_small_blind_empty, random.Random(0)) is None


def test_tbl_balance_seat_between_button_and_small_blind_only_when_allowed() -> None:
    """Last resort seat: between the next button S8 and SB S2 (after a hand with BB S2)."""
    receiving = table(2, [2, 3, 4, 5, 6, 7, 8], Blinds(7, 8, 2))  # S9 and S1 empty
    assert seats_between_button_and_small_blind(receiving) == [9, 1]
    assert balance_seat(receiving, random.Random(0)) == 9
    assert balance_seat(receiving, random.Random(0), between_blinds_allowed=False) is None


def test_tbl_balance_seat_before_the_first_hand_any_empty_seat() -> None:
    receiving = table(2, [1, 2, 3])
    seats = {balance_seat(receiving, random.Random(seed)) for seed in range(100)}
    assert seats == set(range(4, 10))
    assert balance_seat(full(3), random.Random(0)) is None


# -- balance_moves --------------------------------------------------------------------------------


def test_tbl_balance_who_the_next_big_blind_moves_one_after_the_other() -> None:
    """TBL-BALANCE-WHO (TDA 10A, LFP 6.9): each move takes the fullest table's next big blind;
    TBL-BALANCE-THRESHOLD (LFP 6.8: 3 or more): 9 against 3 needs two moves to be within 2."""
    source = full(1, Blinds(4, 5, 6))
    short = table(2, [2, 4, 6], Blinds(2, 4, 6))
    moves = balance_moves([source, short], max_difference=2, rng=random.Random(1))
    assert [(m.entry, m.from_seat, m.to_seat, m.reason) for m in moves] == [
        ("t1s7", 7, 7, "balance"),
        ("t1s8", 8, 8, "balance"),
    ]
    after = apply_moves([source, short], moves)
    assert not needs_balancing(after, 2)
    assert [len(t.players) for t in after] == [7, 5]
    assert after[1].newcomers == {7, 8}


def test_balance_moves_none_when_balanced() -> None:
    tables = [full(1, Blinds(1, 2, 3)), table(2, range(1, 7), Blinds(1, 2, 3))]
    assert not needs_balancing(tables, 3)
    assert balance_moves(tables, max_difference=3, rng=random.Random(0)) == []
    assert not needs_balancing([], 1)


def test_balance_moves_fullest_tie_lowest_number_and_destination_drawn() -> None:
    """Two fullest tables: table 1 gives first (pokertd's fixed order, TBL-BREAK-ORDER); the
    receiving table is drawn among the shortest (TDA 10C)."""
    tables = [
        full(2, Blinds(1, 2, 3)),
        full(1, Blinds(1, 2, 3)),
        table(3, [1, 2, 3, 4, 5, 6], Blinds(1, 2, 3)),
        table(4, [1, 2, 3, 4, 5, 6]),
    ]
    destinations = set()
    for seed in range(40):
        moves = balance_moves(tables, max_difference=2, rng=random.Random(seed))
        assert moves[0].from_table == 1
        assert [m.from_table for m in moves] == [1, 2]
        destinations.add(moves[0].to_table)
    assert destinations == {3, 4}


def test_balance_moves_skips_a_shortest_table_that_cannot_take_him() -> None:
    """A shortest table whose open seats all lie between the button and the SB is passed over
    under TDA (7A, 9); with no other shortest table no move is proposed."""
    blocked = table(2, [2, 3, 4, 5, 6, 7, 8], Blinds(7, 8, 2))  # open: S9, S1 (between)
    open_table = table(3, [1, 2, 3, 4, 5, 6, 7], Blinds(1, 2, 3))
    tables = [full(1, Blinds(1, 2, 3)), blocked]
    assert (
        balance_moves(tables, max_difference=1, rng=random.Random(0), between_blinds_allowed=False)
        == []
    )
    moves = balance_moves(
        [*tables, open_table], max_difference=1, rng=random.Random(0), between_blinds_allowed=False
    )
    assert moves
    assert moves[0].to_table == 3


def test_balance_moves_before_the_first_hand() -> None:
    """Before a table's first hand its first big blind moves if its first button is known;
    otherwise a player drawn at random does."""
    tables = [full(1), table(2, [1, 2, 3, 4, 5])]
    moves = balance_moves(tables, max_difference=2, rng=random.Random(0), initial_buttons={1: 5})
    assert moves[0].from_seat == 7  # button S5, SB S6, BB S7
    drawn = {
        balance_moves(tables, max_difference=2, rng=random.Random(s))[0].from_seat
        for s in range(60)
    }
    assert len(drawn) > 3


def test_balance_moves_refuses_a_zero_difference() -> None:
    with pytest.raises(ValueError, match="1 or more"):
        balance_moves([full(1)], max_difference=0, rng=random.Random(0))


# -- breaking a table -----------------------------------------------------------------------------


def test_ex_65_two_step_draw_card_order() -> None:
    """EX-65 (TDA Add.9): P1 Kd, P2 Ks, P3 7c -> P2, P1, P3; equal ranks by suit, spades >
    hearts > diamonds > clubs (the later English edition; the French text is silent)."""
    cards = {"P1": Card.parse("Kd"), "P2": Card.parse("Ks"), "P3": Card.parse("7c")}
    assert card_order(cards) == ["P2", "P1", "P3"]
    suits = {
        "c": Card.parse("Qc"),
        "h": Card.parse("Qh"),
        "s": Card.parse("Qs"),
        "d": Card.parse("Qd"),
    }
    assert card_order(suits) == ["s", "h", "d", "c"]


def test_tbl_break_seating_two_step_draw() -> None:
    """TBL-BREAK-SEATING (TDA 9 + Add.9): every player of the broken table gets one open seat; the
    highest card takes the first seat card; the tables stay balanced; the cards are recorded."""
    tables = [
        table(1, range(1, 7), Blinds(1, 2, 3)),
        table(2, range(1, 6), Blinds(1, 2, 3)),
        table(3, [2, 5, 8], Blinds(2, 5, 8)),
    ]
    moves = break_moves(tables, 3, rng=random.Random(9), between_blinds_allowed=True)
    assert sorted(m.entry for m in moves) == ["t3s2", "t3s5", "t3s8"]
    assert all(m.reason == "break" and m.from_table == 3 and m.card for m in moves)
    assert all(tables[2].players[m.from_seat] == m.entry for m in moves)
    cards = {m.entry: Card.parse(m.card or "") for m in moves}
    assert card_order(cards) == [m.entry for m in moves]  # moves come in draw order
    assert len({m.card for m in moves}) == 3
    after = apply_moves(tables, moves)
    assert [len(t.players) for t in after] == [7, 7, 0]
    assert Counter(m.to_table for m in moves) == {1: 1, 2: 2}


def test_tbl_break_seating_is_random() -> None:
    tables = [table(1, range(1, 5), Blinds(1, 2, 3)), table(2, range(1, 4), Blinds(1, 2, 3))]
    seats = {
        (move.entry, move.to_seat)
        for seed in range(50)
        for move in break_moves(tables, 2, rng=random.Random(seed), between_blinds_allowed=True)
    }
    assert {seat for _, seat in seats} == set(range(5, 10))
    assert {entry for entry, seat in seats if seat == 5} == {"t2s1", "t2s2", "t2s3"}


def test_tbl_break_seating_may_give_the_small_blind_seat() -> None:
    """TDA 9, GM 24°, LFP 6.14 (EX-60 caveat): a broken-table player may take the SB seat and post
    it at once; balancing never gives it (TBL-BALANCE-SEAT)."""
    receiving = table(1, range(1, 9), EX_64)  # only S9, the next SB seat, is open
    moves = break_moves(
        [receiving, table(2, [4])], 2, rng=random.Random(0), between_blinds_allowed=False
    )
    assert [(m.to_table, m.to_seat) for m in moves] == [(1, 9)]
    upcoming = next_hand(apply_moves([receiving], [Move("x", 0, 0, 1, 9, "break")])[0])
    assert upcoming.blinds.small_blind == 9
    assert upcoming.has_small_blind


def test_tbl_break_seating_tda_never_between_small_blind_and_button() -> None:
    """TDA 9: with the seat between the SB and the button not assigned, S5 stays empty."""
    receiving = table(1, [1, 2, 3, 4, 6, 7], Blinds(3, 4, 6))  # next: button S4, SB S6
    two, three = table(2, [1, 2]), table(2, [1, 2, 3])
    moves = break_moves([receiving, two], 2, rng=random.Random(2), between_blinds_allowed=False)
    assert sorted(m.to_seat for m in moves) == [8, 9]
    # When every seat is needed, S5 takes the overflow only (pokertd's judgement): he waits.
    moves = break_moves([receiving, three], 2, rng=random.Random(2), between_blinds_allowed=False)
    assert sorted(m.to_seat for m in moves) == [5, 8, 9]
    moves = break_moves([receiving, three], 2, rng=random.Random(2), between_blinds_allowed=True)
    assert sorted(m.to_seat for m in moves) == [5, 8, 9]  # LFP 6.12: he sits there and waits


def test_tbl_break_seating_refuses_what_does_not_fit() -> None:
    tables = [full(1, Blinds(1, 2, 3)).without_player(4), table(2, [1, 2])]
    with pytest.raises(ValueError, match="do not fit"):
        break_moves(tables, 2, rng=random.Random(0), between_blinds_allowed=True)
    with pytest.raises(ValueError, match="not open"):
        break_moves(tables, 7, rng=random.Random(0), between_blinds_allowed=True)


# -- properties over whole sequences --------------------------------------------------------------


@PROPERTY
@given(
    st.integers(1, 12),
    st.integers(2, 200),
    st.sampled_from([2, 6, 9, 10]),
    st.integers(0, 2**32),
)
def test_seat_draw_properties(tables: int, entries: int, size: int, seed: int) -> None:
    """SEAT-DRAW: unique seats within the table size, every entry once, tables within one."""
    rng = random.Random(seed)
    names = [f"e{i}" for i in range(entries)]
    numbers = list(range(1, tables + 1))
    if entries > tables * size:
        with pytest.raises(ValueError, match="do not fit"):
            draw_seats(names, numbers, size, rng)
        return
    draw = draw_seats(names, numbers, size, rng)
    assert sorted(draw) == sorted(names)
    assert len(set(draw.values())) == entries
    assert all(1 <= seat <= size and table in numbers for table, seat in draw.values())
    counts = Counter(table for table, _ in draw.values())
    assert max(counts[n] for n in numbers) - min(counts[n] for n in numbers) <= 1


@dataclass
class Tournament:
    """A whole multi-table tournament, driven step by step, checking the seating rules."""

    rng: random.Random
    size: int
    max_difference: int
    between_blinds_allowed: bool
    sits_out: bool
    tables: dict[int, Table]
    buttons: dict[int, int]
    playing: set[str]
    was_big_blind: dict[str, bool] = field(default_factory=dict)
    moved: set[str] = field(default_factory=set)
    arrivals: int = 0
    hands: int = 0

    def check_everyone_seated_once(self) -> None:
        seated = [entry for t in self.tables.values() for entry in t.players.values()]
        assert Counter(seated) == Counter(self.playing)

    def play_hand(self, number: int) -> None:
        current = self.tables[number]
        if len(current.players) < 2:
            return
        upcoming = next_hand(
            current,
            initial_button=self.buttons.get(number),
            newcomer_between_blinds_sits_out=self.sits_out,
        )
        blinds = upcoming.blinds
        assert blinds.big_blind in upcoming.dealt
        assert set(upcoming.dealt) | set(upcoming.sitting_out) == current.players.keys()
        if upcoming.has_small_blind:
            assert blinds.small_blind in current.players
        for seat, entry in current.players.items():
            is_big_blind = seat == blinds.big_blind
            if is_big_blind and self.was_big_blind.get(entry) and entry not in self.moved:
                pytest.fail(f"{entry} is big blind twice in a row at table {number}")
            self.was_big_blind[entry] = is_big_blind
            self.moved.discard(entry)
        self.tables[number] = current.after_hand(blinds)
        self.hands += 1

    def bust(self, number: int) -> None:
        current = self.tables[number]
        if current.players and len(self.playing) > 2:
            seat = self.rng.choice(list(current.players))
            self.playing.remove(current.players[seat])
            self.tables[number] = current.without_player(seat)

    def arrive(self) -> None:
        try:
            number, seat = seat_newcomer(
                list(self.tables.values()),
                self.rng,
                between_blinds_allowed=self.between_blinds_allowed,
            )
        except ValueError:
            return
        current = self.tables[number]
        if not self.between_blinds_allowed:
            assert seat not in seats_between_button_and_small_blind(current)
        self.arrivals += 1
        entry = f"late{self.arrivals}"
        self.playing.add(entry)
        self.tables[number] = current.with_player(seat, entry)

    def balance(self) -> None:
        ordered = [self.tables[n] for n in sorted(self.tables)]
        moves = balance_moves(
            ordered,
            max_difference=self.max_difference,
            rng=self.rng,
            newcomer_between_blinds_sits_out=self.sits_out,
            between_blinds_allowed=self.between_blinds_allowed,
            initial_buttons=self.buttons,
        )
        for move in moves:  # replay them one by one against the layout they were proposed on
            source, destination = self.tables[move.from_table], self.tables[move.to_table]
            assert move.reason == "balance"
            assert source.players[move.from_seat] == move.entry
            counts = [len(t.players) for t in self.tables.values()]
            assert len(source.players) == max(counts)
            assert len(destination.players) == min(counts)
            if source.last_hand is not None or source.number in self.buttons:
                upcoming = next_hand(source, initial_button=self.buttons.get(source.number))
                assert upcoming.blinds.big_blind == move.from_seat  # TBL-BALANCE-WHO
            self.check_new_seat(destination, move.to_seat, is_balancing=True)
            self.apply([move])
        if self.between_blinds_allowed:
            assert not needs_balancing(list(self.tables.values()), self.max_difference)

    def break_tables(self) -> None:
        if len(self.tables) < 2 or not tables_to_break(list(self.tables.values()), self.size):
            return
        breaking = max(self.tables)
        ordered = [self.tables[n] for n in sorted(self.tables)]
        others = [t for t in ordered if t.number != breaking]
        try:
            moves = break_moves(
                ordered, breaking, rng=self.rng, between_blinds_allowed=self.between_blinds_allowed
            )
        except ValueError:
            assert not self.between_blinds_allowed  # only the excluded seats could be short
            return
        broken = self.tables[breaking]
        assert sorted(m.entry for m in moves) == sorted(broken.players.values())
        assert card_order({m.entry: Card.parse(m.card or "") for m in moves}) == [
            m.entry for m in moves
        ]
        open_seats = sum(
            len(allowed_new_seats(t, between_blinds_allowed=self.between_blinds_allowed))
            for t in others
        )
        overflow = len(moves) > open_seats  # the excluded seats take the overflow only
        for move in moves:
            if not overflow:
                self.check_new_seat(self.tables[move.to_table], move.to_seat, is_balancing=False)
        if overflow:
            used = [
                m
                for m in moves
                if m.to_seat in seats_between_button_and_small_blind(self.tables[m.to_table])
            ]
            assert len(used) == len(moves) - open_seats
        self.apply(moves)
        del self.tables[breaking]
        self.buttons.pop(breaking, None)
        if self.between_blinds_allowed:
            before = [len(t.players) for t in others]
            after = [len(t.players) for t in self.tables.values()]
            assert max(after) - min(after) <= max(1, max(before) - min(before))

    def check_new_seat(self, destination: Table, seat: int, *, is_balancing: bool) -> None:
        assert seat not in destination.players
        if destination.last_hand is None:
            return
        if is_balancing:  # TBL-BALANCE-SEAT: never the next small blind seat
            assert seat != destination.last_hand.big_blind
        if not self.between_blinds_allowed:  # TDA 7A, 9: never between the SB and the button
            assert seat not in seats_between_button_and_small_blind(destination)

    def apply(self, moves: list[Move]) -> None:
        numbers = sorted(self.tables)
        after = apply_moves([self.tables[n] for n in numbers], moves)
        self.tables = dict(zip(numbers, after, strict=True))
        self.moved.update(move.entry for move in moves)
        self.check_everyone_seated_once()


STEPS = {"hand": 3, "bust": 5, "arrive": 2, "balance": 1, "break": 1}


@PROPERTY
@given(
    st.integers(2, 6),
    st.sampled_from([6, 9, 10]),
    st.integers(1, 3),
    st.booleans(),
    st.booleans(),
    st.integers(20, 200),
    st.integers(0, 2**32),
)
def test_tournament_sequences_keep_the_seating_rules(
    table_count: int,
    size: int,
    max_difference: int,
    between_blinds_allowed: bool,
    sits_out: bool,
    steps: int,
    seed: int,
) -> None:
    """Through random hands, bust-outs, arrivals, balancing and breaking: nobody is lost or
    seated twice; balanced tables end within ``max_difference`` (whenever a seat allows it); a
    balanced player came from his table's next big blind and never lands on the next SB seat; with
    TDA's seat-not-assigned rule nobody new lands between the SB and the button; nobody is big
    blind twice in a row at his table unless he was just moved (TDA 10A, LFP 6.11, BAN/TABLE)."""
    rng = random.Random(seed)
    entries = [f"e{i}" for i in range(rng.randint(table_count * 2, table_count * size))]
    numbers = list(range(1, table_count + 1))
    draw = draw_seats(entries, numbers, size, rng)
    sim = Tournament(
        rng=rng,
        size=size,
        max_difference=max_difference,
        between_blinds_allowed=between_blinds_allowed,
        sits_out=sits_out,
        tables={t.number: t for t in tables_from_draw(draw, numbers, size)},
        buttons={n: rng.randint(1, size) for n in numbers},
        playing=set(entries),
    )
    sim.check_everyone_seated_once()
    for step in rng.choices(list(STEPS), weights=list(STEPS.values()), k=steps):
        number = rng.choice(sorted(sim.tables))
        if step == "hand":
            for each in sorted(sim.tables):
                sim.play_hand(each)
        elif step == "bust":  # busts pile up at the lowest table half the time: it gets short
            sim.bust(min(sim.tables) if rng.random() < 0.5 else number)
        elif step == "arrive":
            sim.arrive()
        elif step == "balance":
            sim.balance()
        else:
            sim.break_tables()
        sim.check_everyone_seated_once()
