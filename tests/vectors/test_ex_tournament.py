"""Tournament vectors EX-54 to EX-65 of ``shared/spec/examples.md``, through the aggregate.

One test per vector and profile that states an outcome. The tables are built with commands only:
two full 9-max tables are drawn, busts empty the seats an example needs, ``SetButton`` places the
button of hand n, and a new player comes by late registration (the event's rules allow it for one
level) or by a move. The positions are read from ``HandStarted`` events and
``Tournament.next_hand``. Where an example is silent or does not fit the aggregate, the docstring
says what is pinned and why.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "tournament"))

from tournament_tools import (
    Driver,
    at,
    between_zone,
    check_all,
    counts,
    find_event,
    structure,
)

from pokertd.cards import Card
from pokertd.errors import PokertdError
from pokertd.tournament import commands, events
from pokertd.tournament.seating import (
    Blinds,
    allowed_new_seats,
    card_order,
    engine_order,
)


def example_tables(profile: str, *, seed: int = 1) -> Driver:
    """Two full 9-max tables (18 players, all present, clock running); late registration is
    open during level 1 so that a new player can come in."""
    driver = Driver.create(profile, 18, seed=seed, late_registration_levels=1)
    assert counts(driver.tournament) == [9, 9]
    return driver


def hand(driver: Driver, table: int = 1) -> events.HandStarted:
    """Start a hand at ``table`` and return its ``HandStarted``."""
    return find_event(driver.do(commands.StartHand(table)), events.HandStarted)


def play_hand_n(driver: Driver, button: int, empty: tuple[int, ...] = ()) -> events.HandStarted:
    """Empty ``empty`` at table 1, put the button on ``button`` and start hand n."""
    driver.vacate(1, empty)
    driver.do(commands.SetButton(1, button))
    return hand(driver)


def positions(started: events.HandStarted) -> Blinds:
    return Blinds(started.button, started.small_blind, started.big_blind)


def new_player(driver: Driver) -> events.PlayerSeated:
    """Register a late player and return where he was seated."""
    return find_event(driver.do(commands.Register("New player")), events.PlayerSeated)


# -- M. Hand-for-hand, finishing order, final table ----------------------------------------------


def announcement_hand(profile: str) -> tuple[Driver, list[int]]:
    """52 players left at six tables, a hand in progress at each when hand-for-hand is announced;
    returns one player at each of tables 1 to 3."""
    driver = Driver.create(profile, 52)
    assert sorted(counts(driver.tournament)) == [8, 8, 9, 9, 9, 9]
    for table in sorted(driver.state.tables):
        driver.do(commands.StartHand(table))
    driver.do(commands.StartHandForHand(), now=at(60))
    return driver, [driver.at_seat(table, min(driver.seats(table))) for table in (1, 2, 3)]


def places(busted: events.PlayersBusted) -> dict[int, tuple[int, int]]:
    """Entry -> (place, places shared)."""
    return {entry: (place, shared) for entry, place, shared, _ in busted.results}


@pytest.mark.parametrize("profile", ["tda-2017"])
def test_ex_54_the_three_share_50th_to_52nd(profile: str) -> None:
    """EX-54 [tda-2017] (TDA PR-8A, ELIM-HFH-START): 50 paid, 52 left, three bust in the hand in
    progress at the announcement: they share places 50 to 52 (each a third of 50th to 52nd),
    whatever their stacks."""
    driver, (a, b, c) = announcement_hand(profile)
    stacks = {a: 30_000, b: 12_000, c: 5_000}
    busted = find_event(
        driver.do(commands.BustPlayers((a, b, c), stacks, in_announcement_hand=True)),
        events.PlayersBusted,
    )
    assert places(busted) == {a: (50, 3), b: (50, 3), c: (50, 3)}
    assert len(driver.state.active()) == 49
    check_all(driver.tournament)


@pytest.mark.parametrize("profile", ["lfp", "gran-madrid"])
def test_ex_54_start_stacks_rank_the_busts(profile: str) -> None:
    """EX-54 [lfp, gran-madrid] (LFP 8.16; GM 41°): ranked by the stack at the start of the hand:
    the largest finishes 50th (paid), the others 51st and 52nd. GM's announcement hand is read as
    a hand-for-hand situation (the example calls the branch ambiguous; the profile says
    ``start-stack``)."""
    driver, (a, b, c) = announcement_hand(profile)
    stacks = {a: 5_000, b: 30_000, c: 12_000}
    busted = find_event(
        driver.do(commands.BustPlayers((a, b, c), stacks, in_announcement_hand=True)),
        events.PlayersBusted,
    )
    assert places(busted) == {a: (52, 1), b: (50, 1), c: (51, 1)}
    assert {result[0]: result[3] for result in busted.results} == stacks
    check_all(driver.tournament)


@pytest.mark.parametrize("profile", ["lfp", "gran-madrid"])
def test_ex_54_equal_start_stacks_tie(profile: str) -> None:
    """EX-54 [lfp, gran-madrid] (LFP 8.16): equal stacks at the start of the hand tie: 51st and
    52nd are shared."""
    driver, (a, b, c) = announcement_hand(profile)
    stacks = {a: 30_000, b: 12_000, c: 12_000}
    busted = find_event(
        driver.do(commands.BustPlayers((a, b, c), stacks, in_announcement_hand=True)),
        events.PlayersBusted,
    )
    assert places(busted) == {a: (50, 1), b: (51, 2), c: (51, 2)}


@pytest.mark.parametrize("profile", ["lfp", "gran-madrid"])
def test_ex_54_start_stacks_are_required(profile: str) -> None:
    """EX-54 [lfp, gran-madrid] (ELIM-SIMULTANEOUS): without start stacks the busts cannot be
    ranked; the command is refused and nothing changes."""
    driver, (a, b, c) = announcement_hand(profile)
    error = driver.refuse(commands.BustPlayers((a, b, c), {a: 1}, in_announcement_hand=True))
    assert error.rule == "ELIM-SIMULTANEOUS"


def hand_for_hand_table(profile: str, minutes: int) -> Driver:
    """One table of nine, levels of ``minutes``, the clock started at ``NOW``."""
    return Driver.create(profile, 9, structure_data=structure(minutes=minutes))


@pytest.mark.parametrize("profile", ["tda-2017"])
def test_ex_55_two_minutes_per_hand_from_the_announcement(profile: str) -> None:
    """EX-55 [tda-2017] (TDA PR-8B/C): 17:30 at the announcement, the clock is held; each hand's
    start takes 2:00 off, however long the hand: 15:30, 13:30, ... 1:30 at the 8th.

    The last 1:30 (not specified): pokertd plays the hand that starts at 1:30 at the current
    level (a level ends only when the clock shows zero, TDA 23) and it uses the rest up; the next
    hand starts level 2, held at its full time and charged 2:00 at that hand's start."""
    driver = hand_for_hand_table(profile, 20)
    driver.do(commands.StartHandForHand(), now=at(150))
    assert driver.tournament.clock_view(at(150)).remaining == 17 * 60 + 30
    assert driver.tournament.clock_view(at(3_600)).remaining == 17 * 60 + 30  # held
    shown: list[float] = []
    moment = 150
    for _ in range(8):
        moment += 37 + 11 * len(shown)  # real hand lengths do not matter
        started = find_event(driver.do(commands.StartHand(1), now=at(moment)), events.HandStarted)
        assert started.hand_for_hand
        assert started.item == 0
        shown.append(driver.tournament.clock_view(at(moment + 500)).remaining)
        driver.do(commands.FinishHand(1), now=at(moment + 30))
    assert shown == [15.5 * 60 - 120 * k for k in range(8)]
    assert shown[-1] == 90
    ninth = find_event(driver.do(commands.StartHand(1), now=at(2_000)), events.HandStarted)
    assert ninth.item == 0  # played at level 1
    view = driver.tournament.clock_view(at(2_001))
    assert (view.level_number, view.remaining, view.is_running) == (2, 1_200, False)
    driver.do(commands.FinishHand(1), now=at(2_100))
    tenth = find_event(driver.do(commands.StartHand(1), now=at(2_200)), events.HandStarted)
    assert tenth.item == 1
    assert driver.tournament.clock_view(at(2_201)).remaining == 18 * 60


@pytest.mark.parametrize("profile", ["tda-2017"])
def test_ex_55_one_deduction_per_hand_for_hand_hand_at_every_table(profile: str) -> None:
    """EX-55 [tda-2017] (TDA PR-8B): hand-for-hand, every table plays the same hand; the hand
    costs 2:00 once, not once per table. Two tables, 17:30 at the announcement: 15:30 once both
    tables have started the first hand, 13:30 after the second. A table that has played the
    hand waits for the others (HFH-CLOCK)."""
    driver = Driver.create(profile, 18)
    driver.do(commands.StartHandForHand(), now=at(150))
    for expected in (15.5 * 60, 13.5 * 60):
        for table in (1, 2):
            driver.do(commands.StartHand(table), now=at(200))
        assert driver.tournament.clock_view(at(300)).remaining == expected
        driver.do(commands.FinishHand(1), now=at(250))
        assert driver.refuse(commands.StartHand(1), now=at(260)).rule == "HFH-CLOCK"
        driver.do(commands.FinishHand(2), now=at(270))


@pytest.mark.parametrize(("minutes", "hands"), [(30, 15), (20, 10), (15, 8)])
@pytest.mark.parametrize("profile", ["tda-2017"])
def test_ex_56_hands_per_level(profile: str, minutes: int, hands: int) -> None:
    """EX-56 [tda-2017] (TDA PR-8D): a 30:00 level lasts exactly 15 hand-for-hand hands and the
    blinds keep rising; 20:00 -> 10; 15:00 -> 7 full hands and a 1:00 remainder hand (as in
    EX-55: the remainder hand is played at the level), so the 9th hand is at level 2."""
    driver = hand_for_hand_table(profile, minutes)
    driver.do(commands.StartHandForHand())
    items = []
    for _ in range(hands + 1):
        items.append(hand(driver).item)
        driver.do(commands.FinishHand(1))
    assert items == [0] * hands + [1]


@pytest.mark.parametrize(("size", "final"), [(9, 10), (8, 9), (6, 7), (10, 10)])
@pytest.mark.parametrize("profile", ["tda-2017"])
def test_ex_57_final_table_size(profile: str, size: int, final: int) -> None:
    """EX-57 [tda-2017] (TDA 11): the final table seats a full table plus one, never more than
    10: 9-handed -> 10, 8-handed Stud -> 9, 6-handed -> 7, 10-handed -> 10. With one player more
    no move is due; once the players fit, the final table is proposed, and confirming it resizes
    the table that stays and closes the other."""
    driver = Driver.create(profile, 2 * size, table_size=size)
    while len(driver.state.active()) > final + 1:
        fuller = max(driver.state.tables, key=lambda n: (len(driver.state.tables[n].players), n))
        driver.bust(driver.at_seat(fuller, min(driver.seats(fuller))))
    assert driver.tournament.proposals(random.Random(0)) == []
    driver.refuse(commands.ProposeMoves())
    driver.bust(driver.at_seat(1, min(driver.seats(1))))
    proposed = find_event(driver.do(commands.ProposeMoves()), events.MovesProposed).moves
    confirmed = driver.do(commands.ConfirmMoves())
    assert find_event(confirmed, events.PlayersMoved).moves == proposed
    assert find_event(confirmed, events.TableResized).size == final
    (table,) = driver.state.tables.values()
    assert (table.size, len(table.players)) == (final, final)
    assert find_event(confirmed, events.TableClosed).table != table.number
    check_all(driver.tournament)


@pytest.mark.parametrize("profile", ["tda-2017"])
def test_ex_57_not_applicable_to_heads_up_events(profile: str) -> None:
    """EX-57 [tda-2017] (TDA 11: "not applicable to heads-up events"): a heads-up event never
    seats three at a table; no table grows beyond 2 seats."""
    driver = Driver.create(profile, 4, table_size=2)
    driver.bust(driver.at_seat(1, min(driver.seats(1))))
    for move in driver.tournament.proposals(random.Random(0)):
        assert move[4] <= 2
    try:
        driver.do(commands.ProposeMoves())
        confirmed = driver.do(commands.ConfirmMoves())
    except PokertdError:
        return
    assert all(event.size <= 2 for event in confirmed if isinstance(event, events.TableResized))


# -- N. Button and new-player positions --------------------------------------------------------


@pytest.mark.parametrize("profile", ["lfp", "bannalec", "gran-madrid"])
def test_ex_58_new_player_between_button_and_small_blind_sits_out(profile: str) -> None:
    """EX-58 [lfp, bannalec, gran-madrid] (LFP 6.12; BAN/TABLE; GM 24°): hand n button S3, SB
    S4, S5 empty, BB S6; a new player takes S5 (the only open seat in the room) and is not dealt
    into hand n+1 (button S4, SB S6, BB S7); he plays hand n+2 (button S6, SB S7, BB S8). LFP 6.16
    read literally would deal him in at once; 6.12 is followed (catalogue 0.1, 4)."""
    driver = example_tables(profile)
    first = play_hand_n(driver, 3, empty=(5,))
    assert positions(first) == Blinds(3, 4, 6)
    driver.do(commands.FinishHand(1))
    seated = new_player(driver)
    assert (seated.table, seated.seat, seated.waits_for_big_blind) == (1, 5, False)
    second = hand(driver)
    assert positions(second) == Blinds(4, 6, 7)
    assert second.sitting_out == (5,)
    assert 5 not in second.dealt
    driver.do(commands.FinishHand(1))
    third = hand(driver)
    assert positions(third) == Blinds(6, 7, 8)
    assert 5 in third.dealt
    assert not third.sitting_out


@pytest.mark.parametrize("profile", ["tda-2017"])
def test_ex_58_the_seat_is_not_assigned(profile: str) -> None:
    """EX-58 [tda-2017] (TDA 7A, 9): S5, between the next button S4 and the next SB S6, is not
    given to a late entrant: he is drawn into the other table's open seat."""
    driver = example_tables(profile)
    driver.vacate(2, [min(driver.seats(2))])
    play_hand_n(driver, 3, empty=(5,))
    driver.do(commands.FinishHand(1))
    table = driver.state.tables[1]
    assert between_zone(table) == {5}
    assert allowed_new_seats(table, between_blinds_allowed=False) == []
    seated = new_player(driver)
    assert seated.table == 2
    assert 5 not in driver.seats(1)


@pytest.mark.parametrize("profile", ["lfp", "bannalec"])
def test_ex_59_new_player_at_the_naive_next_button_seat_plays_at_once(profile: str) -> None:
    """EX-59 [lfp, bannalec] (LFP 6.13; BAN/TABLE): hand n button S2, S3 empty, SB S4, BB S5; a new
    player in S3 plays hand n+1 at once, in the cut-off seat, and the button goes to S4."""
    driver = example_tables(profile)
    assert positions(play_hand_n(driver, 2, empty=(3,))) == Blinds(2, 4, 5)
    driver.do(commands.FinishHand(1))
    assert new_player(driver).seat == 3
    upcoming = hand(driver)
    assert positions(upcoming) == Blinds(4, 5, 6)
    assert upcoming.dealt[-2:] == (3, 4)  # the cut-off, then the button
    assert not upcoming.sitting_out


@pytest.mark.parametrize("profile", ["lfp", "tda-2017"])
def test_ex_60_new_player_in_the_eliminated_big_blinds_seat_posts_the_small_blind(
    profile: str,
) -> None:
    """EX-60 [lfp, tda-2017] (LFP 6.14; TDA 7A, 9): hand n button S2, SB S3, BB S4; S4 busts; a
    new player placed in S4 plays hand n+1 at once and posts the SB (button S3, BB S5). Under TDA
    the seat is allowed too: it is the SB itself, not between the SB and the button."""
    driver = example_tables(profile)
    assert positions(play_hand_n(driver, 2)) == Blinds(2, 3, 4)
    driver.vacate(1, [4])
    driver.do(commands.FinishHand(1))
    seated = new_player(driver)
    assert (seated.table, seated.seat) == (1, 4)
    upcoming = driver.tournament.next_hand(1)
    assert upcoming.blinds == Blinds(3, 4, 5)
    assert upcoming.has_small_blind
    assert 4 in upcoming.dealt
    assert positions(hand(driver)) == Blinds(3, 4, 5)


@pytest.mark.parametrize("profile", ["lfp"])
def test_ex_61_new_player_in_the_eliminated_small_blinds_seat_gets_the_button(
    profile: str,
) -> None:
    """EX-61 [lfp] (LFP 6.15): hand n button S2, SB S3 (busts), BB S4; a new player in S3 plays
    hand n+1 at once on the button (SB S4, BB S5) and acts last after the flop."""
    driver = example_tables(profile)
    play_hand_n(driver, 2)
    driver.vacate(1, [3])
    driver.do(commands.FinishHand(1))
    seated = new_player(driver)
    assert seated.seat == 3
    upcoming = driver.tournament.next_hand(1)
    assert upcoming.blinds == Blinds(3, 4, 5)
    assert not upcoming.is_button_dead
    assert engine_order(driver.state.tables[1], upcoming).entries[-1] == str(seated.entry)


@pytest.mark.parametrize("profile", ["lfp", "bannalec", "tda-2017", "gran-madrid"])
def test_ex_62_empty_small_blind_seat_then_dead_button(profile: str) -> None:
    """EX-62 [lfp, bannalec, tda-2017, gran-madrid] (LFP 6.17; BAN/TABLE; BTN-DEAD-BUTTON: TDA 32,
    GM 6°): hand n button S2, SB S3, BB S4 (busts, nobody fills S4); hand n+1: BB S5, no SB,
    button S3; hand n+2: BB S6, SB S5, dead button S4. The dealer of a dealerless table (S3 deals
    twice) is not modelled by the aggregate."""
    driver = example_tables(profile)
    play_hand_n(driver, 2)
    driver.vacate(1, [4])
    driver.do(commands.FinishHand(1))
    second = hand(driver)
    assert positions(second) == Blinds(3, 4, 5)
    assert 4 not in second.dealt  # no small blind
    driver.do(commands.FinishHand(1))
    third = hand(driver)
    assert positions(third) == Blinds(4, 5, 6)
    assert 4 not in third.dealt  # dead button
    assert third.dealt[-1] == 3  # S3 acts last


@pytest.mark.parametrize("profile", ["lfp", "bannalec", "tda-2017", "gran-madrid"])
def test_ex_63_empty_button_seat_previous_dealer_acts_last(profile: str) -> None:
    """EX-63 [lfp, bannalec, tda-2017, gran-madrid] (LFP 6.18; BTN-DEAD-BUTTON): hand n button
    S2, SB S3 (busts), BB S4; hand n+1: BB S5, SB S4, dead button S3; S2 simply acts last."""
    driver = example_tables(profile)
    play_hand_n(driver, 2)
    s2 = driver.at_seat(1, 2)
    driver.vacate(1, [3])
    driver.do(commands.FinishHand(1))
    upcoming = driver.tournament.next_hand(1)
    assert upcoming.blinds == Blinds(3, 4, 5)
    assert upcoming.is_button_dead
    assert engine_order(driver.state.tables[1], upcoming).entries[-1] == str(s2)
    assert hand(driver).dealt[-1] == 2


def balanced_into(
    driver: Driver, empty: tuple[int, ...]
) -> tuple[tuple[int, int, int, int, int, str, str], ...]:
    """Play hand n at table 1 (button S7, SB S8, BB S9), empty ``empty`` during it, then propose
    and confirm the balancing; return the moves."""
    assert positions(play_hand_n(driver, 7)) == Blinds(7, 8, 9)
    driver.vacate(1, empty)
    driver.do(commands.FinishHand(1))
    proposed = find_event(driver.do(commands.ProposeMoves()), events.MovesProposed).moves
    confirmed = find_event(driver.do(commands.ConfirmMoves()), events.PlayersMoved).moves
    assert confirmed == proposed
    assert {move[5] for move in proposed} == {"balance"}
    check_all(driver.tournament)
    return proposed


@pytest.mark.parametrize("profile", ["gran-madrid"])
def test_ex_64_case_a_literal_first_empty_seat_left_of_the_big_blind(profile: str) -> None:
    """EX-64 A [gran-madrid] (GM 25°a, 25°b): S3 and S6 empty (7 players against 9: two tables
    may differ by one at most); the next BB is S1 and the newcomer takes S3, the first empty seat
    clockwise after S9. GM's "worst position, never SB" is read as the TDA/LFP algorithm."""
    driver = example_tables(profile)
    mover = driver.tournament.next_hand(2).blinds.big_blind
    mover_entry = driver.at_seat(2, mover)
    (move,) = balanced_into(driver, (3, 6))
    assert move[:5] == (mover_entry, 2, mover, 1, 3)
    upcoming = driver.tournament.next_hand(1)
    assert upcoming.blinds == Blinds(8, 9, 1)
    assert 3 in upcoming.dealt


@pytest.mark.parametrize("profile", ["tda-2017", "lfp"])
def test_ex_64_case_a_first_empty_seat_left_of_the_big_blind(profile: str) -> None:
    """EX-64 A [tda-2017, lfp] (TDA 10A, LFP 6.10): as case A, but S5 is emptied too: TDA 10D and
    LFP 6.8 balance at a difference of three, which the example's 7 against 9 does not reach. The
    newcomer still takes S3 and the next BB is S1; the mover is the next BB of the full table."""
    driver = example_tables(profile)
    mover = driver.tournament.next_hand(2).blinds.big_blind
    mover_entry = driver.at_seat(2, mover)
    (move,) = balanced_into(driver, (3, 5, 6))
    assert move[:5] == (mover_entry, 2, mover, 1, 3)
    upcoming = driver.tournament.next_hand(1)
    assert upcoming.blinds == Blinds(8, 9, 1)
    assert 3 in upcoming.dealt
    assert not upcoming.sitting_out


@pytest.mark.parametrize("profile", ["gran-madrid"])
def test_ex_64_case_b_the_button_seat(profile: str) -> None:
    """EX-64 B [gran-madrid] (LFP 6.10 and TDA 10A give the same seat): S8 (SB) and S9 (BB) bust;
    they are the only empty seats. Next hand: BB S1, no SB, button S8: the newcomer takes S8 and
    plays at once on the button. Only GM's late limit (difference 1) balances 7 against 9; under
    TDA and LFP the layout does not call for a move, so they have no test here."""
    driver = example_tables(profile)
    (move,) = balanced_into(driver, (8, 9))
    assert move[3:5] == (1, 8)
    upcoming = driver.tournament.next_hand(1)
    assert upcoming.blinds == Blinds(8, 9, 1)
    assert 8 in upcoming.dealt
    assert not upcoming.has_small_blind
    assert engine_order(driver.state.tables[1], upcoming).entries[-1] == str(move[0])


@pytest.mark.parametrize(
    ("profile", "empty"),
    [("tda-2017", (1, 4, 5)), ("lfp", (1, 4, 5)), ("gran-madrid", (1, 4))],
    ids=["tda-2017", "lfp", "gran-madrid"],
)
def test_ex_64_case_c_the_big_blind_seat(profile: str, empty: tuple[int, ...]) -> None:
    """EX-64 C [tda-2017, lfp, gran-madrid] (TDA 10A; LFP 6.10): S1 empty, S2 occupied: the
    newcomer takes S1 and is the next hand's BB (TDA: BB twice in a row is allowed). More seats
    after S2 are emptied so that each profile's threshold calls for one move."""
    driver = example_tables(profile)
    (move,) = balanced_into(driver, empty)
    assert move[3:5] == (1, 1)
    upcoming = hand(driver)
    assert positions(upcoming) == Blinds(8, 9, 1)


# -- O. Procedural examples -----------------------------------------------------------------------


@pytest.mark.parametrize("profile", ["tda-2017"])
def test_ex_65_two_step_draw_when_a_table_breaks(profile: str) -> None:
    """EX-65 [tda-2017] (TDA 9 + Add.9): the broken table's players each get a card; the highest
    card takes the first seat card, and so on: the moves are recorded in card order, highest
    first (K spades above K diamonds), with each card, and none lands between the SB and the
    button of its new table. The confirmed moves keep the proposal's cards and order."""
    driver = Driver.create(profile, 21)
    assert counts(driver.tournament) == [7, 7, 7]
    for table in (1, 2, 3):
        driver.play(table)
    for table in (1, 2, 3):
        driver.vacate(table, sorted(driver.seats(table))[:2])
    driver.bust(driver.at_seat(3, min(driver.seats(3))))
    assert sorted(counts(driver.tournament)) == [4, 5, 5]
    zones = {number: between_zone(table) for number, table in driver.state.tables.items()}
    proposed = find_event(driver.do(commands.ProposeMoves()), events.MovesProposed).moves
    assert {move[5] for move in proposed} == {"break"}
    assert {move[1] for move in proposed} == {3}
    cards = [Card.parse(move[6]) for move in proposed]
    assert len(set(cards)) == len(cards) == 4
    by_entry = {str(move[0]): card for move, card in zip(proposed, cards, strict=True)}
    assert card_order(by_entry) == [str(move[0]) for move in proposed]
    for move in proposed:
        assert move[4] not in zones[move[3]]
    confirmed = driver.do(commands.ConfirmMoves())
    assert find_event(confirmed, events.PlayersMoved).moves == proposed
    assert find_event(confirmed, events.TableClosed).table == 3
    assert sorted(counts(driver.tournament)) == [7, 7]
    check_all(driver.tournament)
