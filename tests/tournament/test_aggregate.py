"""The tournament aggregate, command by command: what each emits, what it refuses, and that a
refusal changes nothing (the digest, the version and the events stay as they were).

Every test runs at a fixed ``NOW`` with a seeded ``rng`` (``tournament_tools.Driver``). Rule tests
carry the catalogue id in their names.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable

import pytest
from tournament_tools import (
    NOW,
    PROFILES,
    Driver,
    at,
    check_all,
    check_places,
    check_replay,
    counts,
    find_event,
    structure,
)

from pokertd.errors import IllegalActionError, NotFoundError, ParseError, ProfileError
from pokertd.tournament import commands, events
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.state import EntryStatus
from pokertd.tournament.structure import Level, Structure

# -- creating -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("profile", "levels"), [("tda-2017", 0), ("lfp", 0), ("gran-madrid", 2)])
def test_create_takes_the_late_registration_levels_from_the_profile(
    profile: str, levels: int
) -> None:
    driver = Driver.create(profile)
    created = find_event(driver.tournament.events, events.TournamentCreated)
    assert (created.profile, created.late_registration_levels) == (profile, levels)
    assert created.table_size == 9


def test_create_records_the_house_settings() -> None:
    driver = Driver()
    created = find_event(
        driver.do(
            commands.CreateTournament(
                "Friday",
                structure(),
                profile="lfp",
                table_size=6,
                max_players=40,
                late_registration_levels=3,
                break_order=(4, 2),
            )
        ),
        events.TournamentCreated,
    )
    assert (created.table_size, created.max_players, created.late_registration_levels) == (6, 40, 3)
    assert driver.state.break_order == (4, 2)
    assert driver.state.structure is not None
    assert driver.state.structure.starting_stack == 10_000


@pytest.mark.parametrize("size", [1, 11])
def test_create_refuses_a_table_size_outside_2_to_10(size: int) -> None:
    Driver().reject(commands.CreateTournament("x", structure(), table_size=size), ParseError)


def test_create_refuses_an_unknown_profile() -> None:
    Driver().reject(commands.CreateTournament("x", structure(), profile="wsop"), ProfileError)


def test_create_refuses_a_structure_without_levels() -> None:
    empty = Structure((), (100,), 10_000).to_dict()
    Driver().reject(commands.CreateTournament("x", empty), ParseError)


def test_create_refuses_an_unpayable_structure() -> None:
    bad = Structure((Level(150, 300),), (100,), 10_000).to_dict()
    Driver().reject(commands.CreateTournament("x", bad), ParseError)


def test_create_twice_is_refused() -> None:
    Driver.create().refuse(commands.CreateTournament("again", structure()))


def test_commands_before_creation_are_refused() -> None:
    driver = Driver()
    for command in (commands.Register("Ann"), commands.DrawSeats(), commands.Undo()):
        driver.refuse(command)


def test_times_must_be_timezone_aware() -> None:
    driver = Driver()
    naive = datetime.datetime(2026, 3, 6, 19, 0)
    driver.reject(commands.CreateTournament("x", structure()), ParseError, now=naive)


# -- registering, withdrawing, checking in, alternates -------------------------------------------


def test_register_numbers_entries_in_order() -> None:
    driver = Driver.create()
    registered = [
        find_event(driver.do(commands.Register(f" {name} ", "ph")), events.PlayerRegistered)
        for name in ("Ann", "Bob", "Cyd")
    ]
    assert [(e.entry, e.player, e.contact) for e in registered] == [
        (1, "Ann", "ph"),
        (2, "Bob", "ph"),
        (3, "Cyd", "ph"),
    ]
    assert {e.status for e in driver.state.entries.values()} == {EntryStatus.REGISTERED}


def test_register_refuses_a_blank_name() -> None:
    Driver.create().reject(commands.Register("  "), ParseError)


def test_register_beyond_max_players_makes_alternates() -> None:
    driver = Driver.create("tda-2017", 4, draw=False, max_players=4)
    extra = find_event(driver.do(commands.Register("Eve")), events.PlayerRegistered)
    assert extra.is_alternate
    assert driver.state.entries[5].status is EntryStatus.ALTERNATE
    driver.do(commands.Withdraw(2))
    # The place freed goes to the next registration.
    assert not find_event(driver.do(commands.Register("Fay")), events.PlayerRegistered).is_alternate


def test_an_alternate_takes_a_place_freed_before_the_draw() -> None:
    """TDA 7: max_players 4, a fifth player is an alternate; one of the four withdraws: the draw
    seats four players, the alternate among them."""
    driver = Driver.create("tda-2017", 4, draw=False, max_players=4)
    driver.do(commands.Register("Eve"))
    driver.do(commands.Withdraw(2))
    driver.do(commands.DrawSeats())
    assert driver.state.entries[5].status is EntryStatus.SEATED


def test_draw_leaves_withdrawn_entries_and_alternates_beyond_the_places_out() -> None:
    """max_players 4, six registrations (two alternates), one withdrawal: the first alternate
    takes the freed place, the second still waits."""
    driver = Driver.create("tda-2017", 4, draw=False, max_players=4)
    driver.do(commands.Register("Eve"))
    driver.do(commands.Register("Fred"))
    driver.do(commands.Withdraw(1))
    seats = find_event(driver.do(commands.DrawSeats()), events.SeatsDrawn).seats
    assert sorted(entry for entry, _, _ in seats) == [2, 3, 4, 5]
    assert driver.state.entries[1].status is EntryStatus.WITHDRAWN
    assert driver.state.entries[6].status is EntryStatus.ALTERNATE
    check_all(driver.tournament)


def test_seat_alternate_gives_a_full_stack_once_a_place_is_free() -> None:
    """While registration is open, an alternate is seated when a bust frees a place."""
    driver = Driver.create("tda-2017", 4, draw=False, max_players=4, late_registration_levels=1)
    driver.do(commands.Register("Eve"))
    driver.do(commands.DrawSeats())
    driver.refuse(commands.SeatAlternate(5))  # the four places are taken
    driver.bust(1)
    seated = find_event(driver.do(commands.SeatAlternate(5)), events.PlayerSeated)
    assert (seated.entry, seated.table, seated.stack) == (5, 1, 10_000)
    assert driver.state.entries[5].status is EntryStatus.SEATED
    check_all(driver.tournament)


def test_seat_late_window_alternates_wait_for_an_open_window() -> None:
    driver = Driver.create("tda-2017", 4, draw=False, max_players=4)
    driver.do(commands.Register("Eve"))
    driver.refuse(commands.SeatAlternate(5))  # before the draw
    driver.do(commands.DrawSeats())
    assert driver.refuse(commands.SeatAlternate(5)).rule == "SEAT-LATE-WINDOW"
    driver.refuse(commands.SeatAlternate(2))  # not an alternate


def test_late_registration_respects_max_players() -> None:
    """A late registration into a full event (max_players) becomes an alternate or is refused."""
    driver = Driver.create("gran-madrid", 10, max_players=10)
    try:
        found = driver.do(commands.Register("Late"))
    except IllegalActionError:
        return
    assert not any(isinstance(event, events.PlayerSeated) for event in found)
    assert len(driver.state.active()) == 10


def late_until(until: str) -> Driver:
    driver = Driver()
    driver.do(commands.CreateTournament("Late", structure(), late_registration_until=until))
    for number in range(4):
        driver.do(commands.Register(f"Player {number + 1}"))
    driver.do(commands.DrawSeats())
    driver.do(commands.StartClock())
    return driver


def test_seat_late_window_closes_at_a_time_set_for_the_event() -> None:
    """SEAT-LATE-WINDOW: registration open until a time of the event, whatever the level."""
    driver = late_until(at(3_600).isoformat())
    driver.do(commands.Register("On time"), now=at(3_599))
    refused = driver.refuse(commands.Register("Too late"), now=at(3_600))
    assert refused.rule == "SEAT-LATE-WINDOW"
    assert "registration closed at 2026-03-06T20:00+00:00" in str(refused)
    assert driver.refuse(commands.ReEnter(1), now=at(3_700)).rule == "BUY-REENTRY"


@pytest.mark.parametrize(
    ("until", "levels"),
    [("22:00", None), ("2026-03-06T22:00", None), ("2026-03-06T22:00+01:00", 2)],
)
def test_seat_late_window_time_must_be_zoned_and_alone(until: str, levels: int | None) -> None:
    command = commands.CreateTournament(
        "Late", structure(), late_registration_levels=levels, late_registration_until=until
    )
    Driver().reject(command, ParseError)


def test_withdraw_only_before_a_seat() -> None:
    driver = Driver.create("tda-2017", 3)
    driver.refuse(commands.Withdraw(1))
    driver.reject(commands.Withdraw(99), NotFoundError)


def test_check_in_once() -> None:
    driver = Driver.create("tda-2017", 3, draw=False)
    driver.do(commands.CheckIn(2))
    assert driver.state.entries[2].is_present
    driver.refuse(commands.CheckIn(2))
    driver.do(commands.Withdraw(3))
    driver.refuse(commands.CheckIn(3))


# -- the seat draw --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 9, 10, 23, 45, 100])
def test_seat_draw_tables_are_even(players: int) -> None:
    driver = Driver.create("tda-2017", players)
    sizes = counts(driver.tournament)
    assert len(sizes) == -(-players // 9)
    assert max(sizes) - min(sizes) <= 1
    assert sum(sizes) == players
    check_all(driver.tournament)


@pytest.mark.parametrize("profile", ["tda-2017", "lfp", "gran-madrid", "generic"])
@pytest.mark.parametrize("seed", range(4))
def test_seat_first_button_by_card_draw(profile: str, seed: int) -> None:
    """SEAT-FIRST-BUTTON (LFP 2.1; pokertd's choice where silent): a card is drawn at each table:
    the button is one of its occupied seats."""
    driver = Driver.create(profile, 23, seed=seed)
    drawn = find_event(driver.tournament.events, events.SeatsDrawn)
    for table, seat in drawn.buttons:
        assert seat in driver.state.tables[table].players
        assert driver.tournament.next_hand(table).blinds.button == seat


def test_seat_first_button_seat_one_under_bannalec() -> None:
    """SEAT-FIRST-BUTTON (BAN/DONNE): the player in seat 1 deals first; if seat 1 is empty, the
    next occupied seat clockwise."""
    driver = Driver.create("bannalec", 23, seed=2)
    drawn = find_event(driver.tournament.events, events.SeatsDrawn)
    assert {seat for _, seat in drawn.buttons} == {1}
    for number, table in driver.state.tables.items():
        first = min(table.players)
        assert driver.tournament.next_hand(number).blinds.button == first


def test_seat_draw_once_and_with_two_players() -> None:
    driver = Driver.create("tda-2017", 1, draw=False)
    driver.refuse(commands.DrawSeats())
    driver.do(commands.Register("Second"))
    driver.do(commands.DrawSeats())
    assert driver.refuse(commands.DrawSeats()).rule == "SEAT-DRAW"


# -- the clock -----------------------------------------------------------------------------------


def test_clock_adjust_positive_adds_time_to_what_the_clock_shows() -> None:
    driver = Driver.create("tda-2017", 4)
    driver.now = at(300)
    assert driver.tournament.clock_view(at(300)).remaining == 900
    driver.do(commands.AdjustClock(60))
    assert driver.tournament.clock_view(at(300)).remaining == 960
    driver.do(commands.AdjustClock(-180))
    assert driver.tournament.clock_view(at(300)).remaining == 780
    assert driver.tournament.clock_view(at(360)).remaining == 720  # still running


def test_clock_adjust_adds_no_more_than_has_run_and_rolls_over_past_the_end() -> None:
    """LVL-TIMER: 5:00 into a level, adding more than 5:00 would do nothing (the clock cannot go
    before the start of the level), so it is refused; taking away more than is left rolls the
    excess into the next level."""
    driver = Driver.create("tda-2017", 4)
    driver.now = at(300)
    assert driver.refuse(commands.AdjustClock(301)).rule == "LVL-TIMER"
    driver.do(commands.AdjustClock(300))
    assert driver.tournament.clock_view(at(300)).remaining == 1_200
    driver.do(commands.AdjustClock(-1_260))
    view = driver.tournament.clock_view(at(300))
    assert (view.level_number, view.remaining) == (2, 1_140)


def test_clock_pause_resume_skip_back() -> None:
    driver = Driver.create("tda-2017", 4)
    driver.do(commands.PauseClock(), now=at(100))
    assert driver.tournament.clock_view(at(1_000)).remaining == 1_100
    driver.refuse(commands.PauseClock(), now=at(200))
    driver.do(commands.ResumeClock(), now=at(1_000))
    assert driver.tournament.clock_view(at(1_100)).remaining == 1_000
    driver.do(commands.SkipLevel(), now=at(1_100))
    view = driver.tournament.clock_view(at(1_100))
    assert (view.level_number, view.remaining) == (2, 1_200)
    driver.do(commands.GoBackLevel(), now=at(1_105))  # within 10 s: the previous level
    assert driver.tournament.clock_view(at(1_105)).level_number == 1
    driver.do(commands.GoBackLevel(), now=at(1_200))  # later: the start of this one
    assert driver.tournament.clock_view(at(1_200)).remaining == 1_200


@pytest.mark.parametrize(
    "command", [commands.StartClock(), commands.ResumeClock()], ids=["start", "resume"]
)
def test_lvl_timer_refusals(command: commands.Command) -> None:
    driver = Driver.create("tda-2017", 4)
    assert driver.refuse(command, now=at(10)).rule == "LVL-TIMER"


def test_lvl_timer_the_clock_never_goes_back_in_time() -> None:
    driver = Driver.create("tda-2017", 4)
    driver.do(commands.PauseClock(), now=at(100))
    assert driver.refuse(commands.ResumeClock(), now=at(50)).rule == "LVL-TIMER"


def test_lvl_apply_next_hand_no_hand_starts_during_a_break() -> None:
    driver = Driver.create("tda-2017", 4, structure_data=structure(break_after=1))
    error = driver.refuse(commands.StartHand(1), now=at(1_300))
    assert error.rule == "LVL-APPLY-NEXT-HAND"


def test_lvl_apply_next_hand_the_level_of_a_hand_is_the_one_at_its_start() -> None:
    driver = Driver.create("tda-2017", 4)
    first = find_event(driver.do(commands.StartHand(1), now=at(1_199)), events.HandStarted)
    driver.do(commands.FinishHand(1), now=at(1_300))
    second = find_event(driver.do(commands.StartHand(1), now=at(1_300)), events.HandStarted)
    assert (first.item, second.item) == (0, 1)


# -- late registration and re-entry --------------------------------------------------------------


@pytest.mark.parametrize("profile", ["tda-2017", "lfp", "bannalec", "generic"])
def test_seat_late_window_closed_after_the_draw_at_level_0(profile: str) -> None:
    """SEAT-LATE-WINDOW (TDA 7 house policy, LFP 2.16, BAN/GENERAL): with no late levels, no new
    player once the seats are drawn; before the draw registration is open."""
    driver = Driver.create(profile, 6, draw=False)
    assert driver.tournament.registration_is_open(NOW)
    driver.do(commands.DrawSeats())
    assert not driver.tournament.registration_is_open(NOW)
    assert driver.refuse(commands.Register("Late")).rule == "SEAT-LATE-WINDOW"


@pytest.mark.parametrize(
    ("seconds", "is_open"),
    [(0, True), (1_199, True), (2_399, True), (2_400, True), (2_999, True), (3_000, False)],
)
def test_seat_late_window_gm_open_to_the_end_of_level_2_and_the_break(
    seconds: int, is_open: bool
) -> None:
    """SEAT-LATE-WINDOW (GM 43°): registration closes at the end of level 2; a break that follows
    keeps it open until play resumes."""
    driver = Driver.create("gran-madrid", 6, structure_data=structure(break_after=2))
    assert driver.tournament.registration_is_open(at(seconds)) is is_open
    if is_open:
        seated = find_event(
            driver.do(commands.Register("Late"), now=at(seconds)), events.PlayerSeated
        )
        assert seated.stack == 10_000
    else:
        assert driver.refuse(commands.Register("Late"), now=at(seconds)).rule == "SEAT-LATE-WINDOW"


def test_seat_late_window_gm_without_a_break_closes_at_level_3() -> None:
    driver = Driver.create("gran-madrid", 6)
    assert driver.tournament.registration_is_open(at(2_399))
    assert not driver.tournament.registration_is_open(at(2_400))


def test_seat_late_window_a_break_inside_the_window_stays_open() -> None:
    driver = Driver.create("gran-madrid", 6, structure_data=structure(break_after=1))
    assert driver.tournament.registration_is_open(at(1_500))  # the break after level 1
    assert driver.tournament.registration_is_open(at(1_800 + 1_199))  # level 2
    assert not driver.tournament.registration_is_open(at(1_800 + 1_200))


def test_seat_late_position_gm_late_entrant_waits_for_the_big_blind() -> None:
    """SEAT-LATE-POSITION (GM 43°): after the first round of blinds a late entrant waits for his
    big blind; within the first round he plays at once."""
    driver = Driver.create("gran-madrid", 4)
    early = find_event(driver.do(commands.Register("Early")), events.PlayerSeated)
    assert not early.waits_for_big_blind
    for _ in range(5):
        driver.play(1)
    late = find_event(driver.do(commands.Register("Late")), events.PlayerSeated)
    assert late.waits_for_big_blind
    while True:
        started = find_event(driver.do(commands.StartHand(1)), events.HandStarted)
        driver.do(commands.FinishHand(1))
        if started.big_blind == late.seat:
            assert late.seat in started.dealt
            break
        assert late.seat not in started.dealt
        assert late.seat in started.sitting_out
    assert late.seat in find_event(driver.do(commands.StartHand(1)), events.HandStarted).dealt


def test_buy_reentry_an_active_entry_surrenders_his_chips() -> None:
    """BUY-REENTRY (TDA 7B): an active player who buys a new stack surrenders his chips, which
    leave play; the re-entry is drawn a seat with a full stack (TDA 7A)."""
    driver = Driver.create("tda-2017", 12, late_registration_levels=2)
    driver.do(commands.ReportStack(3, 7_300))
    found = driver.do(commands.ReEnter(3))
    registered = find_event(found, events.PlayerRegistered)
    seated = find_event(found, events.PlayerSeated)
    assert (registered.entry, registered.reentry_of, registered.player) == (13, 3, "Player 3")
    assert (seated.entry, seated.stack) == (13, 10_000)
    old, new = driver.state.entries[3], driver.state.entries[13]
    assert old.status is EntryStatus.REENTERED
    assert old.table is None
    assert new.status is EntryStatus.SEATED
    assert new.reentry_of == 3
    assert driver.state.chips_removed == 7_300
    assert len(driver.state.active()) == 12
    check_all(driver.tournament)


def test_buy_reentry_after_a_bust() -> None:
    driver = Driver.create("tda-2017", 12, late_registration_levels=2)
    driver.bust(5)
    seated = find_event(driver.do(commands.ReEnter(5)), events.PlayerSeated)
    assert seated.entry == 13
    assert driver.state.entries[5].status is EntryStatus.BUSTED
    assert driver.state.chips_removed == 0
    check_replay(driver.tournament)


def test_buy_reentry_refused_once_registration_closes() -> None:
    driver = Driver.create("tda-2017", 6)
    assert driver.refuse(commands.ReEnter(2)).rule == "BUY-REENTRY"
    driver.bust(3)
    assert driver.refuse(commands.ReEnter(3)).rule == "BUY-REENTRY"


def test_buy_reentry_refused_for_an_entry_that_never_played() -> None:
    driver = Driver.create("tda-2017", 3, draw=False, late_registration_levels=2)
    driver.do(commands.Withdraw(3))
    driver.do(commands.DrawSeats())
    driver.refuse(commands.ReEnter(3))


@pytest.mark.parametrize("joining", ["register", "re-enter"])
def test_places_stay_unique_when_entries_join_after_a_bust(joining: str) -> None:
    """Four players (GM: registration open); entry 1 busts (4th of 4), then a fifth entry joins;
    play on to a winner: the places must be 1 to 5, each once."""
    driver = Driver.create("gran-madrid", 4)
    driver.bust(1)
    driver.do(commands.Register("Late") if joining == "register" else commands.ReEnter(1))
    for number in (2, 3, 4):
        driver.bust(number)
    check_places(driver.tournament, finished=True)


# -- presence: late arrivals, players away -------------------------------------------------------


def test_abs_dead_hand_a_late_player_is_dealt_in_and_killed_until_he_arrives() -> None:
    """SEAT-LATE-ABSENT, ABS-DEAD-HAND (TDA 30, LFP 2.15): a registered player not yet present is
    dealt in, his hand killed; once he arrives he plays."""
    driver = Driver.create("tda-2017", 5, check_in=False)
    first = find_event(driver.do(commands.StartHand(1)), events.HandStarted)
    everyone = {driver.at_seat(1, seat) for seat in first.dealt}
    assert set(first.killed) == everyone
    driver.do(commands.FinishHand(1))
    driver.do(commands.Arrive(2))
    second = find_event(driver.do(commands.StartHand(1)), events.HandStarted)
    assert 2 not in second.killed
    assert set(second.killed) == everyone - {2}
    driver.refuse(commands.Arrive(2))


def test_abs_away_a_player_away_is_killed_until_he_returns() -> None:
    driver = Driver.create("tda-2017", 5)
    driver.do(commands.GoAway(3))
    driver.refuse(commands.GoAway(3))
    assert find_event(driver.do(commands.StartHand(1)), events.HandStarted).killed == (3,)
    driver.do(commands.FinishHand(1))
    driver.do(commands.Arrive(3))
    assert find_event(driver.do(commands.StartHand(1)), events.HandStarted).killed == ()


def test_seat_late_absent_bannalec_removes_players_who_never_came() -> None:
    """SEAT-LATE-ABSENT (BAN/RETARD): at the end of the late-entry period a registered player who
    never came is disqualified and his stack removed; under TDA 30 he keeps being blinded."""
    driver = Driver.create("bannalec", 5, check_in=False)
    driver.do(commands.Arrive(1))
    driver.do(commands.Arrive(2))
    found = driver.do(commands.CloseLateArrivals())
    assert sorted(e.entry for e in found if isinstance(e, events.PlayerDisqualified)) == [3, 4, 5]
    assert driver.state.chips_removed == 30_000
    assert len(driver.state.active()) == 2
    tda = Driver.create("tda-2017", 5, check_in=False)
    assert tda.do(commands.CloseLateArrivals()) == []


def test_seat_late_absent_removing_all_but_one_ends_the_event() -> None:
    driver = Driver.create("bannalec", 3, check_in=False)
    driver.do(commands.Arrive(1))
    found = driver.do(commands.CloseLateArrivals())
    assert find_event(found, events.TournamentFinished).winner == 1


# -- leaving for good, disqualification ----------------------------------------------------------


def test_abs_quit_lfp_removes_the_chips_and_gives_a_place() -> None:
    """ABS-QUIT (LFP 2.18a): the chips of a player who leaves for good are removed; he takes the
    place of a bust-out."""
    driver = Driver.create("lfp", 7)
    quit_event = find_event(driver.do(commands.Quit(3)), events.PlayerQuit)
    assert (quit_event.chips_removed, quit_event.place) == (True, 7)
    entry = driver.state.entries[3]
    assert (entry.status, entry.place, entry.table) == (EntryStatus.QUIT, 7, None)
    assert driver.state.chips_removed == 10_000
    check_all(driver.tournament)


def test_abs_quit_lfp_the_last_opponent_quitting_ends_the_event() -> None:
    driver = Driver.create("lfp", 2)
    found = driver.do(commands.Quit(1))
    assert find_event(found, events.TournamentFinished).winner == 2
    check_places(driver.tournament, finished=True)


@pytest.mark.parametrize("profile", ["tda-2017", "gran-madrid", "bannalec", "generic"])
def test_abs_quit_blinded_off_he_stays_dealt_in_and_killed(profile: str) -> None:
    """ABS-QUIT (GM 7°; TDA 30 by default): the chips stay in play; he is dealt in, his hand killed
    and his blinds posted until he is blinded off; he cannot come back."""
    driver = Driver.create(profile, 7)
    quit_event = find_event(driver.do(commands.Quit(3)), events.PlayerQuit)
    assert (quit_event.chips_removed, quit_event.place) == (False, None)
    entry = driver.state.entries[3]
    assert entry.status is EntryStatus.SEATED
    assert entry.is_leaving
    assert driver.state.chips_removed == 0
    for _ in range(3):
        started = find_event(driver.do(commands.StartHand(1)), events.HandStarted)
        assert started.killed == (3,)
        driver.do(commands.FinishHand(1))
    driver.refuse(commands.Arrive(3))
    driver.bust(3)
    assert driver.state.entries[3].place == 7


def test_pen_dq_removes_the_chips_and_gives_no_place() -> None:
    """PEN-DQ (LFP 13.1, TDA 71D, GM 7°): the chips leave play; no place."""
    driver = Driver.create("tda-2017", 7)
    driver.do(commands.ReportStack(2, 12_500))
    driver.do(commands.Disqualify(2, "collusion"))
    entry = driver.state.entries[2]
    assert (entry.status, entry.place, entry.table, entry.stack) == (
        EntryStatus.DISQUALIFIED,
        None,
        None,
        0,
    )
    assert driver.state.chips_removed == 12_500
    driver.refuse(commands.Disqualify(2))
    check_all(driver.tournament)


def test_pen_dq_of_the_last_opponent_ends_the_event() -> None:
    driver = Driver.create("tda-2017", 3)
    driver.bust(1)
    found = driver.do(commands.Disqualify(2))
    assert find_event(found, events.TournamentFinished).winner == 3
    assert driver.state.entries[3].place == 1


def test_pen_dq_before_the_draw_keeps_him_out_of_it() -> None:
    driver = Driver.create("tda-2017", 4, draw=False)
    driver.do(commands.Disqualify(4))
    driver.do(commands.DrawSeats())
    assert driver.state.entries[4].table is None
    assert len(driver.state.active()) == 3


def test_pen_dq_after_a_bust_takes_the_place_away() -> None:
    driver = Driver.create("tda-2017", 5)
    driver.bust(1)
    driver.do(commands.Disqualify(1, "chip dumping found later"))
    assert driver.state.entries[1].status is EntryStatus.DISQUALIFIED
    assert driver.state.entries[1].place is None


# -- penalties -----------------------------------------------------------------------------------


@pytest.mark.parametrize("profile", ["tda-2017", "bannalec"])
def test_pen_missed_hands_rounds_times_players_at_the_table(profile: str) -> None:
    """PEN-MISSED-HANDS (TDA 71A, BAN/SANCTIONS; P-06): 7 seated, offender included, 2 rounds ->
    14 hands. PEN-SERVING (TDA 71C): he is dealt in and his hand killed for each of them."""
    driver = Driver.create(profile, 7)
    driver.do(commands.Penalize(4))  # BAN/SANCTIONS: an exclusion follows a warning
    given = find_event(
        driver.do(commands.Penalize(4, rounds=2, reason="abuse")), events.PenaltyGiven
    )
    assert (given.entry, given.hands) == (4, 14)
    for _ in range(14):
        started = find_event(driver.do(commands.StartHand(1)), events.HandStarted)
        assert started.killed == (4,)
        assert driver.state.tables[1].players
        driver.do(commands.FinishHand(1))
    assert driver.state.entries[4].penalty_hands == 0
    assert find_event(driver.do(commands.StartHand(1)), events.HandStarted).killed == ()


def test_pen_ladder_a_warning_costs_no_hand() -> None:
    driver = Driver.create("tda-2017", 4)
    assert find_event(driver.do(commands.Penalize(2)), events.PenaltyGiven).hands == 0
    assert driver.state.entries[2].warnings == 1
    assert find_event(driver.do(commands.StartHand(1)), events.HandStarted).killed == ()


def test_pen_ladder_hands_penalty() -> None:
    driver = Driver.create("tda-2017", 4)
    driver.do(commands.Penalize(2, hands=1))
    assert find_event(driver.do(commands.StartHand(1)), events.HandStarted).killed == (2,)
    driver.do(commands.FinishHand(1))
    assert find_event(driver.do(commands.StartHand(1)), events.HandStarted).killed == ()


@pytest.mark.parametrize(
    "command",
    [
        commands.Penalize(2, hands=1, rounds=1),
        commands.Penalize(2, hands=-1),
        commands.Penalize(2, rounds=-2),
    ],
)
def test_penalize_refuses_nonsense(command: commands.Penalize) -> None:
    Driver.create("tda-2017", 4).reject(command, ParseError)


# -- balancing, breaking, proposals --------------------------------------------------------------


def short_table(profile: str, busts: int = 3) -> Driver:
    """Two full tables; ``busts`` players of table 1 bust."""
    driver = Driver.create(profile, 18)
    driver.vacate(1, sorted(driver.seats(1))[:busts])
    return driver


def test_tbl_balance_halt_tda_stops_the_short_table() -> None:
    """TBL-BALANCE-HALT (TDA 10D): 6 players against 9: play halts at the short table until it is
    balanced; the full table plays on."""
    driver = short_table("tda-2017")
    assert driver.tournament.is_halted(1)
    assert not driver.tournament.is_halted(2)
    assert driver.refuse(commands.StartHand(1)).rule == "TBL-BALANCE-HALT"
    driver.play(2)
    driver.do(commands.ProposeMoves())
    driver.do(commands.ConfirmMoves())
    assert sorted(counts(driver.tournament)) == [7, 8]
    assert not driver.tournament.is_halted(1)
    driver.play(1)


def test_tbl_balance_halt_tda_two_short_is_no_halt() -> None:
    driver = short_table("tda-2017", busts=2)
    assert not driver.tournament.is_halted(1)
    driver.refuse(commands.ProposeMoves())


def test_tbl_balance_halt_lfp_only_on_request() -> None:
    """TBL-BALANCE-HALT (LFP 6.8): the short table may stop at a player's request; pokertd does
    not stop it."""
    driver = short_table("lfp")
    assert not driver.tournament.is_halted(1)
    driver.play(1)
    assert {move[5] for move in driver.tournament.proposals(random.Random(0))} == {"balance"}


def test_tbl_balance_threshold_gm_late_limit_is_one() -> None:
    """TBL-BALANCE-THRESHOLD (GM 25°b): from 12 tables left, tables differ by one at most."""
    driver = short_table("gran-madrid", busts=2)
    assert driver.tournament.is_halted(1)
    driver.do(commands.ProposeMoves())
    driver.do(commands.ConfirmMoves())
    assert sorted(counts(driver.tournament)) == [8, 8]


def test_tbl_balance_who_the_next_big_blind_of_the_full_table_moves() -> None:
    """TBL-BALANCE-WHO (TDA 10A, LFP 6.9): the player who would be BB next at the full table."""
    driver = short_table("tda-2017")
    driver.play(2)
    mover = driver.at_seat(2, driver.tournament.next_hand(2).blinds.big_blind)
    moves = find_event(driver.do(commands.ProposeMoves()), events.MovesProposed).moves
    assert moves[0][0] == mover
    assert moves[0][1:3] == (2, driver.state.entries[mover].seat)


def hand_with_empty_zone(profile: str, table_two_busts: int = 0) -> Driver:
    """Table 1: hand n with button S2, SB S3, BB S6 (S4 and S5 empty); the BB busts during it.
    Next hand: button S3, no SB (S6 empty), BB S7: the only open seats are S4 and S5, between the
    button and the small blind, and S6, the small blind's."""
    driver = Driver.create(profile, 18)
    driver.vacate(1, [4, 5])
    driver.vacate(2, sorted(driver.seats(2))[:table_two_busts])
    driver.do(commands.SetButton(1, 2))
    started = find_event(driver.do(commands.StartHand(1)), events.HandStarted)
    assert (started.button, started.small_blind, started.big_blind) == (2, 3, 6)
    driver.vacate(1, [6])
    driver.do(commands.FinishHand(1))
    assert set(driver.state.tables[1].empty_seats()) == {4, 5, 6}
    return driver


@pytest.mark.parametrize(("profile", "busts"), [("lfp", 0), ("gran-madrid", 1)])
def test_tbl_balance_seat_lfp_gm_the_only_open_seat_may_be_between_button_and_sb(
    profile: str, busts: int
) -> None:
    """TBL-BALANCE-SEAT (LFP 6.10) with LFP 6.12 / GM 24°: when the scan from the big blind only
    finds seats between the button and the small blind, the balanced player takes the first of
    them and waits for the button to pass (judgement: docs/judgements.md); he is never given the
    small blind's seat."""
    driver = hand_with_empty_zone(profile, busts)
    (move,) = find_event(driver.do(commands.ProposeMoves()), events.MovesProposed).moves
    driver.do(commands.ConfirmMoves())
    assert (move[3], move[4]) == (1, 4)
    started = find_event(driver.do(commands.StartHand(1)), events.HandStarted)
    assert started.sitting_out == (4,)


def test_tbl_balance_halt_never_halts_a_table_that_cannot_be_balanced() -> None:
    driver = hand_with_empty_zone("tda-2017")
    assert sorted(counts(driver.tournament)) == [6, 9]
    if driver.tournament.is_halted(1):
        assert driver.tournament.proposals(random.Random(0))
    else:
        driver.play(1)


def break_ready(profile: str = "tda-2017", order: tuple[int, ...] = ()) -> Driver:
    """Three tables of 7; five bust so that 16 players fit two tables."""
    driver = Driver.create(profile, 21)
    if order:
        driver.do(commands.SetBreakOrder(order))
    for table in (1, 2, 3):
        driver.play(table)
    driver.vacate(1, sorted(driver.seats(1))[:2])
    driver.vacate(2, sorted(driver.seats(2))[:2])
    driver.vacate(3, sorted(driver.seats(3))[:1])
    assert sorted(counts(driver.tournament)) == [5, 5, 6]
    return driver


@pytest.mark.parametrize(("order", "broken"), [((), 3), ((1, 3), 1), ((2,), 2), ((9, 2), 2)])
def test_tbl_break_order(order: tuple[int, ...], broken: int) -> None:
    """TBL-BREAK-ORDER (LFP 6.6, GM 25°): tables break in the order set; by default the
    highest-numbered first; tables of the order no longer in play are skipped."""
    driver = break_ready(order=order)
    moves = find_event(driver.do(commands.ProposeMoves()), events.MovesProposed).moves
    assert {move[1] for move in moves} == {broken}
    closed = find_event(driver.do(commands.ConfirmMoves()), events.TableClosed)
    assert closed.table == broken
    assert broken not in driver.state.tables
    assert sorted(counts(driver.tournament)) == [8, 8]
    check_all(driver.tournament)


def test_set_break_order_refuses_a_table_twice() -> None:
    Driver.create("tda-2017", 4).reject(commands.SetBreakOrder((1, 2, 1)), ParseError)


def test_propose_moves_records_the_draw_and_confirm_carries_it_out() -> None:
    driver = break_ready()
    proposed = find_event(driver.do(commands.ProposeMoves()), events.MovesProposed).moves
    assert driver.state.pending_moves == proposed
    # Proposing again draws again; the last proposal is the one confirmed.
    again = find_event(driver.do(commands.ProposeMoves()), events.MovesProposed).moves
    moved = find_event(driver.do(commands.ConfirmMoves()), events.PlayersMoved).moves
    assert moved == again
    assert driver.state.pending_moves == ()
    for entry, _, _, table, seat, _, _ in moved:
        assert driver.state.entries[entry].table == table
        assert driver.state.entries[entry].seat == seat
    driver.refuse(commands.ConfirmMoves())


def test_propose_moves_refused_when_none_is_due() -> None:
    driver = Driver.create("tda-2017", 18)
    driver.refuse(commands.ProposeMoves())
    driver.refuse(commands.ConfirmMoves())


def test_confirm_edited_moves() -> None:
    """The director may edit the moves: the entry's current seat is recorded as the origin."""
    driver = short_table("lfp")
    mover = driver.at_seat(2, 9)
    empty = min(set(range(1, 10)) - set(driver.seats(1)))
    moved = find_event(
        driver.do(commands.ConfirmMoves((commands.Move(mover, 1, empty, "balance", "As"),))),
        events.PlayersMoved,
    ).moves
    assert moved == ((mover, 2, 9, 1, empty, "balance", "As"),)
    assert driver.seats(1)[empty] == mover
    check_all(driver.tournament)


def edited(driver: Driver, *moves: tuple[int, int, int]) -> commands.ConfirmMoves:
    return commands.ConfirmMoves(tuple(commands.Move(e, t, s) for e, t, s in moves))


def test_confirm_refuses_a_taken_seat() -> None:
    driver = short_table("tda-2017")
    taken = max(driver.seats(1))
    driver.refuse(edited(driver, (driver.at_seat(2, 1), 1, taken)))


def test_confirm_refuses_two_players_to_one_seat_and_one_player_twice() -> None:
    driver = short_table("tda-2017")
    a, b = driver.at_seat(2, 1), driver.at_seat(2, 2)
    driver.reject(edited(driver, (a, 1, 1), (b, 1, 1)), ParseError)
    driver.reject(edited(driver, (a, 1, 1), (a, 1, 2)), ParseError)


@pytest.mark.parametrize("seat", [0, -1, 11])
def test_confirm_refuses_a_seat_outside_the_table(seat: int) -> None:
    driver = short_table("tda-2017")
    driver.reject(edited(driver, (driver.at_seat(2, 1), 1, seat)), ParseError)


def test_confirm_refuses_seat_10_of_a_9_seat_table() -> None:
    driver = short_table("tda-2017")
    driver.reject(edited(driver, (driver.at_seat(2, 1), 1, 10)), ParseError)


def test_confirm_refuses_a_player_not_playing_or_unknown() -> None:
    driver = short_table("tda-2017")
    busted = next(e.number for e in driver.state.entries.values() if e.status is EntryStatus.BUSTED)
    driver.refuse(edited(driver, (busted, 1, 1)))
    driver.reject(edited(driver, (99, 1, 1)), NotFoundError)


def test_confirm_refuses_a_stale_proposal() -> None:
    """A proposal whose mover is no longer at that seat (he busted since) is refused."""
    driver = short_table("tda-2017")
    (move,) = find_event(driver.do(commands.ProposeMoves()), events.MovesProposed).moves
    driver.bust(move[0])
    driver.refuse(commands.ConfirmMoves())


def test_confirm_refuses_moves_while_a_hand_is_in_progress() -> None:
    driver = short_table("tda-2017")
    driver.do(commands.ProposeMoves())
    driver.do(commands.StartHand(2))
    driver.refuse(commands.ConfirmMoves())
    driver.do(commands.FinishHand(2))
    driver.do(commands.ConfirmMoves())


def test_final_table_from_three_tables_is_confirmable() -> None:
    """27 players at three 9-max tables; busts leave 4, 3 and 3 (10: the final table under
    TDA 11). The proposal must move each player once and be confirmable."""
    driver = Driver.create("tda-2017", 27)
    for number, keep in ((1, 4), (2, 3), (3, 3)):
        driver.vacate(number, sorted(driver.seats(number))[keep:])
    moves = find_event(driver.do(commands.ProposeMoves()), events.MovesProposed).moves
    assert len({move[0] for move in moves}) == len(moves)
    driver.do(commands.ConfirmMoves())
    assert counts(driver.tournament) == [10]


def test_an_emptied_table_does_not_block_balancing() -> None:
    """19 players (tables of 6, 7 and 6); the six at the last table are disqualified, then two
    bust at another: 4 against 7 must be balanced (or the empty table closed)."""
    driver = Driver.create("tda-2017", 19)
    last = max(driver.state.tables)
    for entry in list(driver.seats(last).values()):
        driver.do(commands.Disqualify(entry))
    short = min(n for n in driver.state.tables if n != last and len(driver.seats(n)) == 6)
    driver.vacate(short, sorted(driver.seats(short))[:2])
    assert driver.tournament.proposals(random.Random(0)), counts(driver.tournament)


def test_tbl_final_size_lfp_redraws_the_final_table() -> None:
    """TBL-FINAL-SIZE and SEAT-REDRAW (LFP 1.5): the final table is redrawn: every player gets a
    move (reason final-table), the table is resized and its first button drawn."""
    driver = Driver.create("lfp", 18)
    for table in (1, 2):
        driver.play(table)
        driver.vacate(table, sorted(driver.seats(table))[:4])
    proposed = find_event(driver.do(commands.ProposeMoves()), events.MovesProposed).moves
    assert len(proposed) == 10
    assert {move[5] for move in proposed} == {"final-table"}
    confirmed = driver.do(commands.ConfirmMoves())
    (final,) = driver.state.tables.values()
    assert find_event(confirmed, events.TableResized).size == final.size == 10
    button = find_event(confirmed, events.TableButtonSet)
    assert button.table == final.number
    assert button.seat in final.players
    assert final.last_hand is None
    assert driver.tournament.next_hand(final.number).blinds.button == button.seat
    check_all(driver.tournament)


def test_set_button_for_the_next_hand() -> None:
    driver = Driver.create("tda-2017", 9)
    driver.do(commands.SetButton(1, 4))
    assert find_event(driver.do(commands.StartHand(1)), events.HandStarted).button == 4
    driver.refuse(commands.SetButton(1, 5))  # a hand is in progress
    driver.reject(commands.SetButton(1, 10), ParseError)
    driver.reject(commands.SetButton(7, 1), NotFoundError)


# -- hands ---------------------------------------------------------------------------------------


def test_hands_are_numbered_per_table_and_finish_once() -> None:
    driver = Driver.create("tda-2017", 12)
    for expected in (1, 2):
        assert find_event(driver.do(commands.StartHand(1)), events.HandStarted).hand == expected
        driver.refuse(commands.StartHand(1))
        driver.do(commands.FinishHand(1, {driver.at_seat(1, min(driver.seats(1))): 12_000}))
    assert find_event(driver.do(commands.StartHand(2)), events.HandStarted).hand == 1
    driver.refuse(commands.FinishHand(1))
    driver.reject(commands.StartHand(9), NotFoundError)


def test_finish_hand_records_stacks_of_players_at_that_table_only() -> None:
    driver = Driver.create("tda-2017", 12)
    driver.do(commands.StartHand(1))
    other = driver.at_seat(2, min(driver.seats(2)))
    driver.reject(commands.FinishHand(1, {other: 5_000}), ParseError)
    mine = driver.at_seat(1, min(driver.seats(1)))
    driver.reject(commands.FinishHand(1, {mine: -1}), ParseError)
    driver.do(commands.FinishHand(1, {mine: 14_500}))
    assert driver.state.entries[mine].stack == 14_500


def test_no_hand_once_the_tournament_is_won() -> None:
    driver = Driver.create("tda-2017", 2)
    assert find_event(driver.bust(1), events.TournamentFinished).winner == 2
    driver.refuse(commands.StartHand(1))


# -- bust-outs and places ------------------------------------------------------------------------


def test_elim_simultaneous_start_stacks_rank_several_busts() -> None:
    """ELIM-SIMULTANEOUS (LFP 8.16): the larger start stack finishes higher; equal stacks tie."""
    driver = Driver.create("lfp", 9)
    found = driver.do(commands.BustPlayers((1, 2, 3), {1: 500, 2: 900, 3: 500}))
    results = {r[0]: r[1:] for r in find_event(found, events.PlayersBusted).results}
    assert results == {2: (7, 1, 900), 1: (8, 2, 500), 3: (8, 2, 500)}
    check_all(driver.tournament)


@pytest.mark.parametrize("profile", PROFILES)
def test_elim_simultaneous_several_busts_need_start_stacks(profile: str) -> None:
    driver = Driver.create(profile, 9)
    assert driver.refuse(commands.BustPlayers((1, 2))).rule == "ELIM-SIMULTANEOUS"


def test_bust_refusals() -> None:
    driver = Driver.create("tda-2017", 3)
    driver.reject(commands.BustPlayers(()), ParseError)
    driver.reject(commands.BustPlayers((1, 1)), ParseError)
    driver.refuse(commands.BustPlayers((1, 2, 3), {1: 1, 2: 2, 3: 3}))
    driver.bust(1)
    driver.refuse(commands.BustPlayers((1,)))


def test_elim_end_the_last_player_wins() -> None:
    driver = Driver.create("tda-2017", 5)
    for number in (4, 1, 5, 2):
        driver.bust(number)
    assert driver.state.winner == 3
    check_places(driver.tournament, finished=True)
    assert [driver.state.entries[n].place for n in (4, 1, 5, 2, 3)] == [5, 4, 3, 2, 1]
    driver.refuse(commands.StartHand(1))


# -- hand-for-hand -------------------------------------------------------------------------------


def test_hfh_clock_start_and_end() -> None:
    """HFH-CLOCK (TDA PR-8B): the level clock is held from the announcement; hands are marked
    hand-for-hand; the clock cannot simply be resumed; ending hand-for-hand runs it again."""
    driver = Driver.create("tda-2017", 18)
    driver.refuse(commands.EndHandForHand())
    driver.do(commands.StartHandForHand(), now=at(60))
    driver.refuse(commands.StartHandForHand(), now=at(70))
    assert driver.state.hand_for_hand
    assert driver.tournament.clock_view(at(600)).remaining == 1_140
    assert find_event(
        driver.do(commands.StartHand(1), now=at(600)), events.HandStarted
    ).hand_for_hand
    assert driver.refuse(commands.ResumeClock(), now=at(700)).rule == "HFH-CLOCK"
    driver.do(commands.FinishHand(1), now=at(700))
    driver.do(commands.EndHandForHand(), now=at(800))
    assert driver.tournament.clock_view(at(860)).remaining == 1_020 - 60
    assert not find_event(
        driver.do(commands.StartHand(1), now=at(900)), events.HandStarted
    ).hand_for_hand


def test_hfh_clock_a_table_broken_during_the_round_does_not_block_the_next_hand() -> None:
    driver = Driver.create("tda-2017", 21)
    driver.do(commands.StartHandForHand())
    played = sorted(driver.state.tables)[:2]
    for table in played:
        driver.play(table)
    (waiting,) = set(driver.state.tables) - set(played)
    driver.vacate(waiting, sorted(driver.seats(waiting))[:5])  # 16 players fit two tables
    driver.do(commands.SetBreakOrder((waiting,)))
    driver.do(commands.ProposeMoves())
    driver.do(commands.ConfirmMoves())
    assert sorted(driver.state.tables) == played
    driver.do(commands.StartHand(played[0]))


def test_hfh_needs_a_started_clock() -> None:
    driver = Driver.create("tda-2017", 18, start_clock=False)
    assert driver.refuse(commands.StartHandForHand()).rule == "LVL-TIMER"


# -- days ----------------------------------------------------------------------------------------


def two_day(profile: str) -> Driver:
    """A 30-minute first level that ends the day, then more levels."""
    items = (Level(100, 200, minutes=30, ends_day=True), Level(200, 400, minutes=30))
    return Driver.create(profile, 20, structure_data=Structure(items, (100,), 10_000).to_dict())


def test_day_end_gm_the_clock_stops_with_15_minutes_left() -> None:
    """DAY-END (GM 42°): the clock stops by itself with 15:00 left in the day's last level."""
    driver = two_day("gran-madrid")
    view = driver.tournament.clock_view(at(3_600))
    assert (view.remaining, view.is_running, view.day_end_stop) == (900, False, True)


@pytest.mark.parametrize(("count", "allowed"), [(2, False), (3, True), (7, True), (8, False)])
def test_day_end_gm_three_to_seven_last_hands(count: int, allowed: bool) -> None:
    """DAY-END (GM 42°): 3 to 7 last hands are announced; other counts are refused."""
    driver = two_day("gran-madrid")
    driver.now = at(900)
    if allowed:
        driver.do(commands.AnnounceLastHands(count))
        assert driver.state.last_hands == count
        assert driver.tournament.clock_view(at(900)).last_hands == count
    else:
        assert driver.refuse(commands.AnnounceLastHands(count)).rule == "DAY-END"


@pytest.mark.parametrize("profile", ["tda-2017", "lfp"])
def test_day_end_announce_last_hands_without_a_day_end_procedure(profile: str) -> None:
    driver = two_day(profile)
    try:
        found = driver.tournament.handle(commands.AnnounceLastHands(3), driver.now, driver.rng)
    except IllegalActionError:
        return  # refused at handle time: consistent
    driver.tournament.apply(found)
    check_replay(driver.tournament)


@pytest.mark.parametrize("how", ["gm-day-end-stop", "hand-for-hand-after-a-break"])
def test_end_day_after_the_clock_stopped_by_itself(how: str) -> None:
    if how == "gm-day-end-stop":
        driver = two_day("gran-madrid")
        driver.now = at(1_000)
        driver.do(commands.AnnounceLastHands(3))
        for _ in range(3):
            driver.play(1)
    else:
        driver = Driver.create("tda-2017", 9, structure_data=structure(break_after=1))
        driver.do(commands.StartHandForHand(), now=at(1_300))  # during the break
        driver.now = at(2_000)  # level 2, held
    stacks = {entry.number: 10_000 for entry in driver.state.active()}
    driver.do(commands.EndDay(stacks))
    check_replay(driver.tournament)


def test_end_day_bags_every_stack_with_no_hand_in_progress() -> None:
    driver = two_day("tda-2017")
    driver.now = at(1_500)
    stacks = {entry.number: 9_000 + entry.number for entry in driver.state.active()}
    driver.reject(commands.EndDay({1: 5}), ParseError)
    driver.reject(commands.EndDay({**stacks, 99: 1}), ParseError)
    driver.do(commands.StartHand(1))
    driver.refuse(commands.EndDay(stacks))
    driver.do(commands.FinishHand(1))
    ended = find_event(driver.do(commands.EndDay(stacks)), events.DayEnded)
    assert ended.day == 1
    assert dict(ended.stacks) == stacks
    assert driver.state.entries[5].stack == 9_005
    view = driver.tournament.clock_view(at(30_000))
    assert (view.is_running, view.remaining) == (False, 300)


def test_day_redraw_lfp_redraws_every_seat_at_the_start_of_a_day() -> None:
    """DAY-REDRAW, SEAT-REDRAW (LFP 1.5): day 2 starts with a new draw: tables even, every
    player moved (reason redraw), each table's first button drawn among its players."""
    driver = two_day("lfp")
    for table in list(driver.state.tables):
        driver.play(table)
    driver.vacate(1, sorted(driver.seats(1))[:3])
    driver.now = at(1_500)
    driver.do(commands.EndDay({entry.number: 9_000 for entry in driver.state.active()}))
    found = driver.do(commands.StartDay(), now=at(86_400))
    assert find_event(found, events.DayStarted).day == 2
    moved = find_event(found, events.PlayersMoved).moves
    assert len(moved) == 17
    assert {move[5] for move in moved} == {"redraw"}
    sizes = counts(driver.tournament)
    assert len(sizes) == 2
    assert max(sizes) - min(sizes) <= 1
    for event in found:
        if isinstance(event, events.TableButtonSet):
            redrawn = driver.state.tables[event.table]
            assert redrawn.last_hand is None
            assert event.seat in redrawn.players
    assert driver.state.day == 2
    check_all(driver.tournament)


def test_day_start_without_redraw_keeps_the_seats() -> None:
    driver = two_day("tda-2017")
    before = {entry.number: (entry.table, entry.seat) for entry in driver.state.active()}
    found = driver.do(commands.StartDay(redraw=False))
    assert [type(event) for event in found] == [events.DayStarted]
    assert {entry.number: (entry.table, entry.seat) for entry in driver.state.active()} == before


# -- undo ----------------------------------------------------------------------------------------


def snapshot(driver: Driver) -> tuple[object, ...]:
    """The state an undo must restore (the digest also counts the events, which grow)."""
    state = driver.state
    return (
        {number: repr(entry) for number, entry in state.entries.items()},
        {number: repr(table) for number, table in state.tables.items()},
        state.clock,
        state.pending_moves,
        state.hand_for_hand,
        repr(state.in_progress),
    )


UNDOABLE: list[tuple[str, Callable[[Driver], commands.Command]]] = [
    ("bust", lambda d: commands.BustPlayers((3,))),
    ("start-hand", lambda d: commands.StartHand(1)),
    ("pause", lambda d: commands.PauseClock()),
    ("adjust", lambda d: commands.AdjustClock(120)),
    ("penalty", lambda d: commands.Penalize(2, rounds=1)),
    ("quit", lambda d: commands.Quit(4)),
    ("go-away", lambda d: commands.GoAway(5)),
    ("propose", lambda d: commands.ProposeMoves()),
    ("hand-for-hand", lambda d: commands.StartHandForHand()),
    ("set-button", lambda d: commands.SetButton(1, 2)),
]


@pytest.mark.parametrize(("name", "make"), UNDOABLE, ids=[name for name, _ in UNDOABLE])
def test_undo_is_a_compensating_event_that_restores_the_state(
    name: str, make: Callable[[Driver], commands.Command]
) -> None:
    driver = short_table("lfp") if name == "propose" else Driver.create("tda-2017", 18)
    driver.now = at(300)
    before = snapshot(driver)
    version = driver.tournament.version
    done = driver.do(make(driver))
    assert done
    assert snapshot(driver) != before
    undone = find_event(driver.do(commands.Undo()), events.CommandUndone)
    assert undone.undone == done[0].cmd
    assert driver.tournament.version == version + len(done) + 1  # nothing is deleted
    assert snapshot(driver) == before
    check_replay(driver.tournament, at(400), at(5_000))


def test_undo_twice_undoes_two_commands() -> None:
    driver = Driver.create("tda-2017", 9)
    before = snapshot(driver)
    driver.bust(1)
    middle = snapshot(driver)
    driver.bust(2)
    first = find_event(driver.do(commands.Undo()), events.CommandUndone)
    assert snapshot(driver) == middle
    second = find_event(driver.do(commands.Undo()), events.CommandUndone)
    assert snapshot(driver) == before
    assert second.undone == first.undone - 1
    # The next command gets a new number; undo never undoes an undo.
    driver.bust(3)
    assert driver.state.entries[3].place == 9
    check_replay(driver.tournament)


def test_undo_down_to_the_creation_then_nothing_is_left() -> None:
    driver = Driver.create("tda-2017", 2, draw=False)
    driver.do(commands.Undo())
    driver.do(commands.Undo())
    assert driver.state.entries == {}
    driver.refuse(commands.Undo())
    assert driver.state.created


# -- refusals change nothing ---------------------------------------------------------------------

REFUSED: list[tuple[str, str, Callable[[Driver], commands.Command], type[Exception]]] = [
    (
        "withdraw-seated",
        "tda-2017",
        lambda d: commands.Withdraw(d.at_seat(2, 1)),
        IllegalActionError,
    ),
    ("late-register", "lfp", lambda d: commands.Register("Late"), IllegalActionError),
    (
        "re-enter-closed",
        "tda-2017",
        lambda d: commands.ReEnter(d.at_seat(2, 1)),
        IllegalActionError,
    ),
    ("arrive-present", "tda-2017", lambda d: commands.Arrive(d.at_seat(2, 1)), IllegalActionError),
    ("start-clock-twice", "tda-2017", lambda d: commands.StartClock(), IllegalActionError),
    ("halted", "tda-2017", lambda d: commands.StartHand(1), IllegalActionError),
    ("nothing-to-confirm", "tda-2017", lambda d: commands.ConfirmMoves(), IllegalActionError),
    ("unknown-entry", "tda-2017", lambda d: commands.Quit(404), NotFoundError),
    ("unknown-table", "tda-2017", lambda d: commands.StartHand(404), NotFoundError),
    ("last-hands-gm", "gran-madrid", lambda d: commands.AnnounceLastHands(9), IllegalActionError),
    ("penalty-both", "tda-2017", lambda d: commands.Penalize(d.at_seat(2, 1), 1, 1), ParseError),
    ("end-day-stacks", "tda-2017", lambda d: commands.EndDay({}), ParseError),
    ("negative-stack", "tda-2017", lambda d: commands.ReportStack(d.at_seat(2, 1), -1), ParseError),
    ("clock-nan", "tda-2017", lambda d: commands.AdjustClock(float("nan")), ParseError),
]


@pytest.mark.parametrize(
    ("name", "profile", "make", "error"), REFUSED, ids=[case[0] for case in REFUSED]
)
def test_a_refused_command_changes_nothing(
    name: str, profile: str, make: Callable[[Driver], commands.Command], error: type[Exception]
) -> None:
    driver = short_table(profile)
    driver.do(commands.PauseClock(), now=at(30))
    driver.do(commands.ResumeClock(), now=at(40))
    if error is IllegalActionError:
        driver.refuse(make(driver), now=at(50))
    else:
        driver.reject(make(driver), error, now=at(50))
    check_replay(driver.tournament, at(60))


def test_replay_gives_the_same_tournament() -> None:
    driver = break_ready("gran-madrid")
    driver.do(commands.ProposeMoves())
    driver.do(commands.ConfirmMoves())
    replayed = Tournament.replay(driver.tournament.events)
    assert replayed.digest() == driver.tournament.digest()
    assert replayed.version == driver.tournament.version
    assert snapshot(Driver(replayed)) == snapshot(driver)


def test_day_redraw_at_the_final_table() -> None:
    """LFP 1.5 redraws at the start of a day; at a final table of 10 (9-max event) the redraw
    stays at the final table."""
    driver = Driver.create("lfp", 18)
    for table in (1, 2):
        driver.vacate(table, sorted(driver.seats(table))[:4])
    driver.do(commands.ProposeMoves())
    driver.do(commands.ConfirmMoves())
    assert counts(driver.tournament) == [10]
    driver.do(commands.EndDay({entry.number: 10_000 for entry in driver.state.active()}))
    driver.do(commands.StartDay(redraw=True))
    assert counts(driver.tournament) == [10]
