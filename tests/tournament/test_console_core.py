"""What the console's night needs from the tournament core: the bubble and the hand-for-hand advice
(HFH-TRIGGER), a hand-for-hand hand dealt at every table at once (HFH-CLOCK), a table's chip
counts in one command, the end of the event stopping the clock (ELIM-END), and undoing back to an
earlier command from the log."""

from __future__ import annotations

from tournament_tools import Driver, at

from pokertd.errors import ParseError
from pokertd.present.money_input import money_rules
from pokertd.tournament import commands, events
from pokertd.tournament.bubble import (
    HandForHandAdvice,
    HandForHandTable,
    bubble,
    hand_for_hand_at,
)

#: 18 € to the pool for each entry; 27 entries: a pool of 486 €, paid to 12 places below.
MONEY = money_rules({"buy_in": "18+2"}, starting_stack=10_000)
TWELVE = (12000, 8000, 6000, 5000, 4000, 3000, 2600, 2400, 2000, 1800, 1000, 800)


def on_the_bubble(profile: str = "tda-2017") -> Driver:
    """27 players on three tables, 12 paid, busted down to 13 on two tables."""
    driver = Driver.create(profile, 27, money=MONEY)
    driver.do(commands.SetPayouts(TWELVE))
    while len(driver.state.active()) > 13:
        fullest = max(driver.state.tables, key=lambda n: len(driver.state.tables[n].players))
        driver.bust(driver.at_seat(fullest, min(driver.seats(fullest))))
        if driver.tournament.proposals(driver.rng):
            driver.do(commands.ProposeMoves())
            driver.do(commands.ConfirmMoves())
    assert len(driver.state.tables) == 2
    return driver


def test_hfh_trigger_proposed_on_the_bubble_and_ended_once_it_bursts() -> None:
    """HFH-TRIGGER (TDA PR-8A): proposed with one player more than the places paid on two
    tables or more; its end proposed once every player left is paid."""
    driver = on_the_bubble()
    edge = bubble(driver.state)
    assert (edge.players_left, edge.places_paid) == (13, 12)
    assert edge.on_the_bubble
    assert edge.advice is HandForHandAdvice.START
    driver.do(commands.StartHandForHand())
    assert bubble(driver.state).advice is HandForHandAdvice.NONE
    table = min(driver.state.tables)
    driver.bust(driver.at_seat(table, min(driver.seats(table))))
    edge = bubble(driver.state)
    assert edge.in_the_money
    assert edge.advice is HandForHandAdvice.END


def test_hfh_trigger_no_advice_without_prizes_or_with_one_table() -> None:
    assert bubble(Driver.create("tda-2017", 10).state).advice is HandForHandAdvice.NONE
    driver = Driver.create("lfp", 9, money=MONEY)
    assert bubble(driver.state).places_paid > 0
    assert bubble(driver.state).advice is HandForHandAdvice.NONE  # one table: no round to wait


def test_hfh_clock_a_hand_dealt_at_every_table_costs_the_profiles_seconds_once() -> None:
    """HFH-CLOCK (TDA PR-8B): one console hand for every table charges 2:00 once, moves each
    table's button and leaves no hand in progress."""
    driver = on_the_bubble()
    driver.do(commands.StartHandForHand(), now=at(60))
    held = driver.tournament.clock_view(at(100)).remaining
    buttons = {n: driver.tournament.next_hand(n).blinds.button for n in driver.state.tables}
    found = driver.do(commands.DealHandForHand(), now=at(200))
    started = [e for e in found if isinstance(e, events.HandStarted)]
    assert sorted(e.table for e in started) == sorted(driver.state.tables)
    assert all(e.hand_for_hand for e in started)
    assert driver.tournament.clock_view(at(900)).remaining == held - 120
    assert not driver.state.in_progress
    assert not driver.state.hfh_round
    after = {n: driver.tournament.next_hand(n).blinds.button for n in driver.state.tables}
    assert after != buttons
    driver.do(commands.DealHandForHand(), now=at(300))
    assert driver.tournament.clock_view(at(900)).remaining == held - 240


def test_hfh_clock_each_tables_place_in_the_hand_for_hand_hand() -> None:
    """HFH-CLOCK (TDA PR-8B), issue 15 defect 4: each table shows whether it plays the hand,
    has played it and waits for the others, or may deal the next one."""
    driver = on_the_bubble()
    first, second = sorted(driver.state.tables)
    assert hand_for_hand_at(driver.state, first) is HandForHandTable.OFF
    driver.do(commands.StartHandForHand())
    assert hand_for_hand_at(driver.state, first) is HandForHandTable.READY
    driver.do(commands.StartHand(first))
    assert hand_for_hand_at(driver.state, first) is HandForHandTable.PLAYING
    assert hand_for_hand_at(driver.state, second) is HandForHandTable.READY
    driver.do(commands.FinishHand(first))
    assert hand_for_hand_at(driver.state, first) is HandForHandTable.WAITING
    driver.do(commands.StartHand(second))
    driver.do(commands.FinishHand(second))  # the last table done: the next hand for everyone
    states = {hand_for_hand_at(driver.state, table) for table in (first, second)}
    assert states == {HandForHandTable.READY}


def test_hfh_clock_the_console_finishes_a_hand_some_tables_played_on_their_app() -> None:
    """HFH-CLOCK (TDA PR-8B): table 1 played the hand on its table app and waits; the console's
    "Next hand at every table" deals it at table 2 only, charged once, and the round ends."""
    driver = on_the_bubble()
    first, second = sorted(driver.state.tables)
    driver.do(commands.StartHandForHand(), now=at(60))
    held = driver.tournament.clock_view(at(100)).remaining
    driver.do(commands.StartHand(first), now=at(200))
    driver.do(commands.FinishHand(first), now=at(250))
    assert driver.refuse(commands.StartHand(first)).rule == "HFH-CLOCK"  # it waits
    found = driver.do(commands.DealHandForHand(), now=at(300))
    started = [e.table for e in found if isinstance(e, events.HandStarted)]
    assert started == [second]
    assert driver.tournament.clock_view(at(900)).remaining == held - 120  # one hand, once
    assert not driver.state.hfh_round
    assert {hand_for_hand_at(driver.state, n) for n in (first, second)} == {HandForHandTable.READY}


def test_hfh_clock_no_console_hand_without_hand_for_hand() -> None:
    driver = on_the_bubble()
    assert driver.refuse(commands.DealHandForHand()).rule == "HFH-CLOCK"


def test_report_stacks_a_table_counted_in_one_command_undone_at_once() -> None:
    driver = Driver.create("tda-2017", 9)
    entries = sorted(e.number for e in driver.state.active())[:3]
    driver.do(commands.ReportStacks({entries[0]: 25_000, entries[1]: 5_000, entries[2]: 0}))
    assert [driver.state.entries[n].stack for n in entries] == [25_000, 5_000, 0]
    driver.do(commands.Undo())
    assert [driver.state.entries[n].stack for n in entries] == [10_000] * 3
    driver.reject(commands.ReportStacks({}), ParseError)
    driver.reject(commands.ReportStacks({entries[0]: -1}), ParseError)


def test_elim_end_the_clock_stops_with_the_winner_and_stays_stopped() -> None:
    """ELIM-END (LFP 1.7): the last bust-out ends the event; its clock stops at the time it
    showed and cannot be started again; undoing the bust-out sets it running again."""
    driver = Driver.create("lfp", 3)
    first, second, _ = sorted(e.number for e in driver.state.active())
    driver.do(commands.BustPlayers((first,)), now=at(60))
    driver.do(commands.BustPlayers((second,)), now=at(120))
    assert driver.state.winner is not None
    view = driver.tournament.clock_view(at(600))
    assert not view.is_running
    assert view.remaining == driver.tournament.clock_view(at(120)).remaining
    assert driver.refuse(commands.ResumeClock(), now=at(700)).rule == "ELIM-END"
    driver.do(commands.Undo(), now=at(800))
    assert driver.tournament.clock_view(at(900)).is_running


def test_undo_back_to_an_earlier_command_cancels_it_and_every_later_one() -> None:
    """A wrong bust-out two commands back: undoing back to it leaves the state exactly as it was
    before it, as undoing each command in turn would; a command not in force is refused."""
    driver = Driver.create("lfp", 9)
    first, second = sorted(e.number for e in driver.state.active())[:2]
    wrong = driver.bust(first)[0].cmd
    driver.do(commands.PauseClock(), now=at(30))
    driver.do(commands.ReportStacks({second: 12_000}), now=at(40))
    found = driver.do(commands.UndoBackTo(wrong), now=at(50))
    assert [e.undone for e in found if isinstance(e, events.CommandUndone)] == [
        wrong + 2,
        wrong + 1,
        wrong,
    ]
    state = driver.state
    assert state.entries[first].status.is_active  # as before the wrong bust-out
    assert state.entries[second].stack == 10_000
    assert driver.tournament.clock_view(at(60)).is_running
    assert driver.refuse(commands.UndoBackTo(wrong), now=at(70)).rule == "EVENT-STATE"
    assert driver.refuse(commands.UndoBackTo(1), now=at(70)).rule == "EVENT-STATE"  # creation
