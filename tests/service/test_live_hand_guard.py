"""EVENT-LIVE-HAND: while a live table plays a hand, the tournament refuses what would contradict
it (a bust, a departure, a new stack, a move, a re-entry, an undo of the table's report), and a
refused action is never stored; what does not touch the hand (a penalty, the clock) is taken and
applies from the next hand.

Each test plays an online hand at one table over a real SQLite file (``tmp_path``), tries a
director's command in the middle of it, then finishes the hand and starts the next one: the
tournament and the table must still agree.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from table_tools import Clock, tables, tournament

from pokertd.engine import ActionKind
from pokertd.errors import IllegalActionError, ParseError
from pokertd.service.tables import TableService
from pokertd.store import NewEvent, SQLiteEventStore
from pokertd.table import TableMode, Viewer
from pokertd.tournament import commands, events

RULE = "EVENT-LIVE-HAND"


@contextlib.contextmanager
def live_hand(path: Path, **options: Any) -> Iterator[tuple[TableService, str]]:
    """Six players at table 1 of a tournament in the file ``path``, an online hand started."""
    clock = Clock()
    store = SQLiteEventStore(path)
    try:
        service, tid = tournament(store, clock, **options)
        live = tables(service, clock)
        assert live.start_hand(tid, 1, mode=TableMode.ONLINE) == 1
        yield live, tid
    finally:
        store.close()


def dealt_entry(live: TableService, tid: str) -> int:
    """An entry dealt into the hand in progress at table 1."""
    return min(live.tournaments.load(tid).state.in_progress[1].entries)


def finish_calling(live: TableService, tid: str) -> None:
    """Everyone calls or checks to the end of the hand."""
    while (view := live.view(tid, 1, Viewer.public()))["status"] == "playing":
        kind = ActionKind.CALL if view["legal"]["call"] else ActionKind.CHECK
        live.act(tid, 1, view["to_act"], kind)


def assert_refused(live: TableService, tid: str, command: commands.Command) -> None:
    """The command is refused by EVENT-LIVE-HAND and stores nothing."""
    before = live.tournaments.store.version(tid)
    with pytest.raises(IllegalActionError) as refused:
        live.tournaments.execute(tid, command)
    assert refused.value.rule == RULE
    assert RULE in str(refused.value)
    assert live.tournaments.store.version(tid) == before


def assert_table_and_tournament_agree(live: TableService, tid: str) -> None:
    """The hand finishes, its chips reach the tournament, and the next hand starts."""
    dealt = live.tournaments.load(tid).state.in_progress[1].entries
    chips = sum(live.tournaments.load(tid).state.entries[entry].stack or 0 for entry in dealt)
    finish_calling(live, tid)
    state = live.tournaments.load(tid).state
    assert 1 not in state.in_progress
    result = live.view(tid, 1, Viewer.public())["result"]["stacks"]
    assert {line["entry"]: line["stack"] for line in result} == {
        entry: state.entries[entry].stack for entry in dealt
    }
    assert sum(state.entries[entry].stack or 0 for entry in dealt) == chips
    assert live.start_hand(tid, 1, mode=TableMode.ONLINE) == 2


def test_event_live_hand_a_bust_waits_for_the_end_of_the_hand(tmp_path: Path) -> None:
    """Issue 16: a bust during a live online hand was accepted, the busted player kept playing,
    the final action answered 400 but was stored, and no later hand could start."""
    with live_hand(tmp_path / "events.db") as (live, tid):
        entry = dealt_entry(live, tid)
        assert_refused(live, tid, commands.BustPlayers((entry,)))
        assert live.tournaments.load(tid).state.entries[entry].status.is_active
        assert_table_and_tournament_agree(live, tid)


@pytest.mark.parametrize(
    ("name", "command"),
    [
        ("disqualify", lambda entry: commands.Disqualify(entry, reason="abuse")),
        ("re-enter", commands.ReEnter),
        ("report a stack", lambda entry: commands.ReportStack(entry, 5_000)),
    ],
)
def test_event_live_hand_refuses_what_changes_a_dealt_players_chips(
    tmp_path: Path, name: str, command: Any
) -> None:
    with live_hand(tmp_path / "events.db") as (live, tid):
        assert_refused(live, tid, command(dealt_entry(live, tid)))
        assert_table_and_tournament_agree(live, tid)


def test_event_live_hand_quitting_with_his_chips_removed_waits(tmp_path: Path) -> None:
    """ABS-QUIT under LFP 2.18a removes his chips: not from a hand in progress."""
    with live_hand(tmp_path / "events.db", profile="lfp") as (live, tid):
        assert_refused(live, tid, commands.Quit(dealt_entry(live, tid)))
        assert_table_and_tournament_agree(live, tid)


def test_event_live_hand_quitting_with_his_chips_kept_is_taken(tmp_path: Path) -> None:
    """ABS-QUIT under TDA 30: his chips stay in play, blinded off: the hand is not touched."""
    with live_hand(tmp_path / "events.db") as (live, tid):
        entry = dealt_entry(live, tid)
        live.tournaments.execute(tid, commands.Quit(entry))
        assert live.tournaments.load(tid).state.entries[entry].is_leaving
        assert_table_and_tournament_agree(live, tid)


def test_event_live_hand_a_rebuy_waits(tmp_path: Path) -> None:
    money = {
        "buy_in": {"prize": 4_500, "fee": 500, "chips": 10_000},
        "rebuy": {"prize": 4_500, "chips": 10_000},
        "rebuy_levels": 2,
    }
    with live_hand(tmp_path / "events.db", money=money) as (live, tid):
        assert_refused(live, tid, commands.Rebuy(dealt_entry(live, tid)))
        assert_table_and_tournament_agree(live, tid)


@pytest.mark.parametrize(
    "command",
    [
        commands.SetButton(1, 3),
        commands.EndDay({}),
        commands.RunChipRace(1, 25, 100, {}),
    ],
    ids=["button", "end-of-day", "chip-race"],
)
def test_event_live_hand_refuses_table_changes(tmp_path: Path, command: Any) -> None:
    with live_hand(tmp_path / "events.db") as (live, tid):
        assert_refused(live, tid, command)
        assert_table_and_tournament_agree(live, tid)


def test_event_live_hand_no_move_from_or_to_a_table_in_a_hand(tmp_path: Path) -> None:
    """Moves (balancing, breaking a table) wait for the hands at both tables."""
    with live_hand(tmp_path / "events.db", players=12) as (live, tid):
        service = live.tournaments
        state = service.load(tid).state
        assert sorted(state.tables) == [1, 2]
        for entry in sorted(state.tables[2].players.values())[:3]:
            service.execute(tid, commands.BustPlayers((int(entry),)))  # table 2 idles
        proposed = service.execute(tid, commands.ProposeMoves()).events
        assert any(isinstance(event, events.MovesProposed) and event.moves for event in proposed)
        assert_refused(live, tid, commands.ConfirmMoves())
        assert_table_and_tournament_agree(live, tid)


def test_event_live_hand_a_penalty_counts_from_the_next_hand(tmp_path: Path) -> None:
    """PEN-MISSED-HANDS during a hand: taken; the hand plays on and the next one kills his
    hand (TDA 71C)."""
    with live_hand(tmp_path / "events.db") as (live, tid):
        entry = dealt_entry(live, tid)
        live.tournaments.execute(tid, commands.Penalize(entry, hands=1, reason="language"))
        assert_table_and_tournament_agree(live, tid)
        history = live.tournaments.load(tid).events
        started = [event for event in history if isinstance(event, events.HandStarted)]
        assert entry not in started[0].killed
        assert entry in started[1].killed


@pytest.mark.parametrize(
    "command",
    [commands.SkipLevel(), commands.PauseClock(), commands.AdjustClock(-600)],
    ids=["skip-level", "pause", "adjust"],
)
def test_event_live_hand_clock_changes_leave_the_hands_blinds(tmp_path: Path, command: Any) -> None:
    """LVL-HAND-START: the level of a hand is the one it started at; a clock change mid-hand
    is taken and applies from the next hand."""
    with live_hand(tmp_path / "events.db") as (live, tid):
        live.tournaments.execute(tid, command)
        assert live.view(tid, 1, Viewer.public())["blinds"] == [100, 200]
        assert_table_and_tournament_agree(live, tid)


def test_event_live_hand_no_undo_of_the_live_hand_start(tmp_path: Path) -> None:
    with live_hand(tmp_path / "events.db") as (live, tid):
        assert_refused(live, tid, commands.Undo())
        assert_table_and_tournament_agree(live, tid)


def test_event_live_hand_no_undo_of_the_tables_bust(tmp_path: Path) -> None:
    """The table's hand left a player without chips and the tournament busted him: an undo
    would bring back a player with no chips, whom the next hand would deal in."""
    with live_hand(tmp_path / "events.db", players=2) as (live, tid):
        view = live.view(tid, 1, Viewer.public())
        live.act(tid, 1, view["to_act"], ActionKind.ALL_IN)
        view = live.view(tid, 1, Viewer.public())
        live.act(tid, 1, view["to_act"], ActionKind.CALL)
        state = live.tournaments.load(tid).state
        busted = [e for e in state.entries.values() if not e.status.is_active]
        if state.winner is not None:  # heads-up: the bust ended the tournament
            assert len(busted) == 1
        assert_refused(live, tid, commands.Undo())


def test_event_live_hand_a_final_action_refused_is_not_stored(tmp_path: Path) -> None:
    """A file written before this guard holds a bust in the middle of a live hand: the action
    that ends the hand cannot be reported, so it is refused and not stored (it was stored while
    answering an error)."""
    with live_hand(tmp_path / "events.db") as (live, tid):
        store = live.tournaments.store
        entry = dealt_entry(live, tid)
        bust = events.PlayersBusted(
            at=Clock()().isoformat(), cmd=999, results=((entry, 6, 1, None),), table=1
        )
        store.append(
            tid,
            [NewEvent(bust.name, events.to_data(bust))],
            expected_version=store.version(tid),
            recorded_at="2026-03-06T19:00:00+00:00",
        )
        stream = TableService.stream(tid, 1)
        with pytest.raises(ParseError, match=f"entry {entry} is not at table 1"):
            finish_calling(live, tid)
        view = live.view(tid, 1, Viewer.public())
        assert view["status"] == "playing"  # the refused last action was not stored
        before = store.version(stream)
        with pytest.raises(ParseError):
            finish_calling(live, tid)
        assert store.version(stream) == before
