"""CLK-TIMEBANK: the online players' time bank, on top of the action clock (CLK-DURATION) and
before the clock's ruling (CLK-EXPIRY). No book speaks of one (docs/judgements.md, "Time bank"):
the profiles give none, the director gives one to an event (``SetTimeBank``); each player's bank
lasts the whole event and pays for every second he takes past his clock."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings, strategies
from table_tools import Clock, structure, tables, tournament

from pokertd import rules
from pokertd.engine import ActionKind
from pokertd.errors import ParseError
from pokertd.service.tables import TableService
from pokertd.service.tournaments import TournamentService
from pokertd.store import MemoryEventStore
from pokertd.table import TableMode, Viewer
from pokertd.tournament import commands

CLOCK = 30  # tda-2017: 25 seconds and a countdown of 5 (CLK-DURATION: TDA 29)


def online(bank: int) -> tuple[Clock, TableService, str]:
    """Six players at one online table, a time bank of ``bank`` seconds, the first hand dealt."""
    clock = Clock()
    service, tid = tournament(MemoryEventStore(), clock)
    if bank:
        service.execute(tid, commands.SetTimeBank(bank))
    live = tables(service, clock)
    live.start_hand(tid, 1, mode=TableMode.ONLINE)
    return clock, live, tid


def deadline(live: TableService, tid: str) -> dict[str, float]:
    found = live.view(tid, 1, Viewer.public())["deadline"]
    assert found is not None
    return dict(found)


def test_clk_timebank_no_book_gives_one_so_no_profile_does() -> None:
    for profile in rules.PROFILE_IDS:
        assert rules.load(profile).time_bank_seconds == 0
    _, live, tid = online(0)
    shown = deadline(live, tid)
    assert shown["seconds_left"] == CLOCK
    assert "bank" not in shown  # no bank: the deadline as it always was


def test_clk_timebank_comes_after_the_clock_and_before_the_ruling() -> None:
    clock, live, tid = online(20)
    shown = deadline(live, tid)
    assert (shown["seconds"], shown["seconds_left"], shown["bank"]) == (CLOCK, CLOCK + 20, 20)
    clock.advance(CLOCK + 5)  # the clock has run out: the bank pays
    assert live.expire(tid, 1) is None
    shown = deadline(live, tid)
    assert (shown["seconds_left"], shown["bank_left"]) == (15, 15)
    clock.advance(15)
    ruling = live.expire(tid, 1)
    assert ruling is not None
    assert ruling.rule == "CLK-EXPIRY"  # the bank spent, the clock's ruling: a fold


def test_clk_timebank_pays_only_for_the_seconds_past_the_clock_for_the_whole_event() -> None:
    clock, live, tid = online(20)
    first = int(live.view(tid, 1, Viewer.public())["to_act"])
    clock.advance(CLOCK + 8)  # 8 seconds of his bank
    live.act(tid, 1, first, ActionKind.CALL)
    while (view := live.view(tid, 1, Viewer.public()))["to_act"] != first:
        assert view["status"] == "playing"
        clock.advance(CLOCK - 1)  # the others act in time: their banks stay whole
        seat = int(view["to_act"])
        live.act(tid, 1, seat, ActionKind.CALL if view["legal"]["call"] else ActionKind.CHECK)
    assert deadline(live, tid)["bank"] == 12
    # A restart (new live tables over the same store, the hands read again) keeps the count.
    again = tables(live.tournaments, clock)
    assert again.view(tid, 1, Viewer.public())["deadline"]["bank"] == 12


def test_clk_timebank_is_the_directors_choice_within_bounds() -> None:
    clock = Clock()
    service, tid = tournament(MemoryEventStore(), clock)
    service.execute(tid, commands.SetTimeBank(45))
    assert service.load(tid).state.profile.time_bank_seconds == 45
    for wrong, said in ((601, "0 to 600 seconds, not 601 (CLK-TIMEBANK)"), (-1, "not -1"),
                        (45, "already 45 seconds")):  # fmt: skip
        with pytest.raises(ParseError, match=re.escape(said)):
            service.execute(tid, commands.SetTimeBank(wrong))
    assert service.load(tid).state.profile.time_bank_seconds == 45
    service.execute(tid, commands.SetTimeBank(0))
    assert service.load(tid).state.profile.time_bank_seconds == 0


# -- the bank is the player's for the event: a move takes it along (docs/judgements.md) --------


def two_tables(bank: int) -> tuple[Clock, TableService, str]:
    """Twelve players at two online tables of six, a time bank of ``bank`` seconds, late
    registration (and re-entry) open for two levels."""
    clock = Clock()
    service = TournamentService(MemoryEventStore(), now=clock, rng=random.Random(7))
    created = commands.CreateTournament("Banks", structure(), late_registration_levels=2)
    tid = service.create(created).stream
    for number in range(12):
        service.execute(tid, commands.Register(f"Player {number + 1}", checked_in=True))
    service.execute(tid, commands.DrawSeats())
    service.execute(tid, commands.StartClock())
    assert sorted(service.load(tid).state.tables) == [1, 2]
    service.execute(tid, commands.SetTimeBank(bank))
    return clock, tables(service, clock), tid


def play_in_time(live: TableService, clock: Clock, tid: str, table: int, until: int) -> None:
    """Everyone acts in time (calls or checks) until the player in seat ``until`` is to act."""
    while (view := live.view(tid, table, Viewer.public()))["to_act"] != until:
        assert view["status"] == "playing"
        clock.advance(CLOCK - 1)
        seat = int(view["to_act"])
        live.act(tid, table, seat, ActionKind.CALL if view["legal"]["call"] else ActionKind.CHECK)


def spend_and_fold(live: TableService, clock: Clock, tid: str, seconds: int) -> int:
    """At table 1, the first to act takes ``seconds`` of his bank then folds; the others fold
    in time until the hand is over. Return his entry."""
    live.start_hand(tid, 1, mode=TableMode.ONLINE)
    seat = int(live.view(tid, 1, Viewer.public())["to_act"])
    entry = int(live.tournaments.load(tid).state.tables[1].players[seat])
    clock.advance(CLOCK + seconds)
    live.act(tid, 1, seat, ActionKind.FOLD)
    while (view := live.view(tid, 1, Viewer.public()))["status"] == "playing":
        clock.advance(1)
        live.act(tid, 1, int(view["to_act"]), ActionKind.FOLD)
    return entry


def bank_at(live: TableService, clock: Clock, tid: str, entry: int) -> float:
    """Deal a hand at the entry's table and return his bank when his turn comes."""
    where = live.tournaments.load(tid).state.entries[entry]
    assert where.table is not None
    assert where.seat is not None
    live.start_hand(tid, where.table, mode=TableMode.ONLINE)
    play_in_time(live, clock, tid, where.table, where.seat)
    return float(live.view(tid, where.table, Viewer.public())["deadline"]["bank"])


def free_seat(live: TableService, tid: str, table: int) -> int:
    taken = live.tournaments.load(tid).state.tables[table].players
    return min(seat for seat in range(1, 10) if seat not in taken)


def test_clk_timebank_a_player_moved_to_balance_takes_his_bank_along() -> None:
    clock, live, tid = two_tables(20)
    entry = spend_and_fold(live, clock, tid, 8)
    move = commands.Move(entry, 2, free_seat(live, tid, 2), "balance")
    live.tournaments.execute(tid, commands.ConfirmMoves((move,)))
    assert bank_at(live, clock, tid, entry) == 12  # not a full bank at his new table
    # A restart (new live tables over the same store) counts both tables again.
    again = tables(live.tournaments, clock)
    assert again.view(tid, 2, Viewer.public())["deadline"]["bank"] == 12


def test_clk_timebank_a_table_broken_keeps_the_banks_of_its_players() -> None:
    clock, live, tid = two_tables(20)
    entry = spend_and_fold(live, clock, tid, 5)
    state = live.tournaments.load(tid).state
    others = [int(e) for e in state.tables[1].players.values() if int(e) != entry]
    for other in others[:3]:  # room at table 2 for those left
        live.tournaments.execute(tid, commands.BustPlayers((other,)))
    state = live.tournaments.load(tid).state
    free = [seat for seat in range(1, 10) if seat not in state.tables[2].players]
    moves = tuple(
        commands.Move(int(moved), 2, free.pop(0), "break")
        for _, moved in sorted(state.tables[1].players.items())
    )
    live.tournaments.execute(tid, commands.ConfirmMoves(moves))
    assert 1 not in live.tournaments.load(tid).state.tables  # table 1 is closed
    assert bank_at(live, clock, tid, entry) == 15


def test_clk_timebank_a_reentry_is_a_new_entry_with_a_whole_bank() -> None:
    clock, live, tid = two_tables(20)
    entry = spend_and_fold(live, clock, tid, 8)
    live.tournaments.execute(tid, commands.BustPlayers((entry,)))
    live.tournaments.execute(tid, commands.ReEnter(entry))
    state = live.tournaments.load(tid).state
    again = next(e.number for e in state.entries.values() if e.reentry_of == entry)
    assert bank_at(live, clock, tid, again) == 20  # BUY-REENTRY (TDA 7A): a new entry


@settings(max_examples=6)
@given(spent=strategies.integers(min_value=0, max_value=30))
def test_clk_timebank_a_move_keeps_what_is_left_whatever_was_spent(spent: int) -> None:
    """None, part, all of the bank, or more (his action came late, before any ruling): at his
    new table he has what is left, never less than nothing, never a refill."""
    clock, live, tid = two_tables(20)
    entry = spend_and_fold(live, clock, tid, spent)
    move = commands.Move(entry, 2, free_seat(live, tid, 2), "balance")
    live.tournaments.execute(tid, commands.ConfirmMoves((move,)))
    assert bank_at(live, clock, tid, entry) == max(0, 20 - spent)


def same_as_afresh(live: TableService, clock: Clock, tid: str) -> None:
    """Every view of both tables is the one a new table service (nothing kept: every table
    read again, every bank counted again) makes."""
    fresh = tables(live.tournaments, clock)
    for table in (1, 2):
        seats = live.tournaments.load(tid).state.tables[table].players
        for viewer in [Viewer.public(), Viewer.dealer(), *map(Viewer.seat, sorted(seats))]:
            assert live.view(tid, table, viewer) == fresh.view(tid, table, viewer), viewer


@settings(max_examples=5, deadline=None)
@given(seed=strategies.integers(min_value=0, max_value=2**32))
def test_clk_timebank_the_deadlines_kept_between_changes_are_the_ones_counted_afresh(
    seed: int,
) -> None:
    """The table service keeps each table's frame and deadline until the table or the
    tournament changes: at two tables played in turns, some players slow (their banks pay),
    players moved between hands, each view is the one counted from scratch."""
    rng = random.Random(seed)
    clock, live, tid = two_tables(20)
    for round_number in range(3):
        for table in (1, 2):
            live.start_hand(tid, table, mode=TableMode.ONLINE)
        same_as_afresh(live, clock, tid)
        playing = [1, 2]
        while playing:
            table = rng.choice(playing)
            view = live.view(tid, table, Viewer.public())
            if view["status"] != "playing":
                playing.remove(table)
                continue
            clock.advance(rng.choice([1, CLOCK - 1, CLOCK + 4, CLOCK + 9]))
            kind = ActionKind.CALL if view["legal"]["call"] else ActionKind.CHECK
            if rng.random() < 0.3:
                kind = ActionKind.FOLD
            live.act(tid, table, int(view["to_act"]), kind)
            same_as_afresh(live, clock, tid)
        origin, target = (1, 2) if round_number % 2 == 0 else (2, 1)
        moved = rng.choice(list(live.tournaments.load(tid).state.tables[origin].players.values()))
        move = commands.Move(int(moved), target, free_seat(live, tid, target), "balance")
        live.tournaments.execute(tid, commands.ConfirmMoves((move,)))
        same_as_afresh(live, clock, tid)
