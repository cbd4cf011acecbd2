"""The chip race through the aggregate (CHIP-*): ``RunChipRace`` at a table and ``FindChips``.

The race itself is tested in ``test_chiprace.py``; here each profile's race changes the stacks as
its record says, the chips in play follow (chips given less chips removed is the sum of the
stacks), refusals change nothing, and an undo puts the stacks back.
"""

from __future__ import annotations

from typing import Any

import pytest
from tournament_tools import PROFILES, Driver, check_replay, find_event

from pokertd.errors import NotFoundError, ParseError
from pokertd.present.i18n import error_text
from pokertd.rules import ChipRaceStart
from pokertd.tournament import commands, events
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.chiprace import AwardReason, ChipRace
from pokertd.tournament.state import TournamentState
from pokertd.tournament.structure import Level, Structure

#: EX-53: 13 chips of 25 left to race at a table of six, none worth a chip of 100 by itself.
EX_53 = (3, 2, 3, 1, 2, 2)
#: CHIP-COUNT-ROUNDING: 325 raced are 4 chips of 100 (LFP 10.3, BAN: rounded up, +75) or 3
#: (GM 2° half up, and TDA 24A/24C read the same way: the remainder 25 is removed).
CREATED = {"lfp": 75, "bannalec": 75, "tda-2017": -25, "gran-madrid": -25, "generic": -25}


def with_25s() -> dict[str, Any]:
    """Twelve levels of 20 minutes played with chips of 25 and 100, 10,000 to start."""
    levels = tuple(Level(100 * n, 200 * n, minutes=20) for n in range(1, 13))
    return Structure(levels, (25, 100), 10_000).to_dict()


def table_of_six(profile: str, seed: int = 1) -> Driver:
    return Driver.create(profile, 6, structure_data=with_25s(), seed=seed)


def stacks_are_the_chips_in_play(state: TournamentState) -> bool:
    return state.chips_in_play == sum(entry.stack or 0 for entry in state.active())


def race_ex_53(driver: Driver, stacks: dict[int, int] | None = None) -> events.ChipRaceRun:
    """Race EX-53's chips at table 1, dealt with the driver's random source."""
    chips = dict(zip(sorted(driver.seats(1)), EX_53, strict=True))
    found = driver.do(commands.RunChipRace(1, 25, 100, chips=chips, stacks=stacks or {}))
    return find_event(found, events.ChipRaceRun)


# -- the race at a table --------------------------------------------------------------------------


@pytest.mark.parametrize("profile", PROFILES)
def test_chip_count_rounding_the_race_changes_the_stacks_as_its_record_says(profile: str) -> None:
    driver = table_of_six(profile)
    seats = driver.seats(1)
    before = {entry.number: entry.stack for entry in driver.state.active()}
    run = race_ex_53(driver)
    record = ChipRace.from_dict(run.race)
    assert record.profile == profile
    assert run.changes == tuple(
        (seats[seat], change) for seat, change in record.stack_changes().items()
    )
    assert run.created == record.created == CREATED[profile]
    assert record.counted == (4 if CREATED[profile] > 0 else 3)
    assert not [a for a in record.awards if a.reason is AwardReason.PROTECTION]
    for entry, change in run.changes:
        assert driver.state.entries[entry].stack == (before[entry] or 0) + change
    assert driver.state.chips_in_play == 60_000 + CREATED[profile]
    assert stacks_are_the_chips_in_play(driver.state)
    check_replay(driver.tournament)


@pytest.mark.parametrize("profile", PROFILES)
def test_chip_cards_entered_at_the_table_decide_the_race(profile: str) -> None:
    """CHIP-CARDS: the cards dealt at a live table are entered, in the profile's order; the ace
    takes the only chip of 100 that four 25s make."""
    driver = table_of_six(profile)
    seats = sorted(driver.seats(1))[:4]
    dealt = dict(zip(seats, [("Kd",), ("As",), ("2c",), ("7h",)], strict=True))
    found = driver.do(commands.RunChipRace(1, 25, 100, chips=dict.fromkeys(seats, 1), cards=dealt))
    record = ChipRace.from_dict(find_event(found, events.ChipRaceRun).race)
    # CHIP-ORDER: clockwise from seat 1, or from the left of the next hand's dealer (BAN).
    dealer = driver.tournament.next_hand(1).blinds.button
    assert record.dealer == dealer
    start = dealer + 1 if record.start is ChipRaceStart.DEALER_LEFT else 1
    order = [seat for seat in seats if seat >= start] + [seat for seat in seats if seat < start]
    assert [(d.seat, [str(c) for c in d.cards]) for d in record.deals] == [
        (seat, list(dealt[seat])) for seat in order
    ]
    assert [(a.seat, a.reason, str(a.card)) for a in record.awards] == [
        (seats[1], AwardReason.CARD, "As")
    ]
    changes = record.stack_changes()
    assert changes == {seats[0]: -25, seats[1]: 75, seats[2]: -25, seats[3]: -25}
    assert driver.state.entries[driver.at_seat(1, seats[1])].stack == 10_075
    assert stacks_are_the_chips_in_play(driver.state)


def test_chip_cards_dealt_with_the_seeded_rng_and_kept_in_the_record() -> None:
    """Without cards, the race is dealt from the command's random source: the same seed deals
    the same cards, one per chip raced, each seat's in one block; replaying reads the record
    and deals nothing."""
    first, second = table_of_six("tda-2017", seed=5), table_of_six("tda-2017", seed=5)
    one, two = race_ex_53(first), race_ex_53(second)
    assert one.race == two.race
    record = ChipRace.from_dict(one.race)
    assert [len(deal.cards) for deal in record.deals] == list(EX_53)
    cards = [card for deal in record.deals for card in deal.cards]
    assert len(set(cards)) == 13
    replayed = Tournament.replay(first.tournament.events)
    assert {n: e.stack for n, e in replayed.state.entries.items()} == {
        n: e.stack for n, e in first.state.entries.items()
    }


@pytest.mark.parametrize("profile", PROFILES)
def test_chip_no_elimination_a_stack_given_with_the_race(profile: str) -> None:
    """A player whose only chip is a 25 and who draws the worst card keeps a chip of 100
    (CHIP-NO-ELIMINATION: one of the chips raced under LFP 10.6, a chip given after the race
    elsewhere). The stacks given with the race are reported first, so that the race's changes
    apply to them."""
    driver = table_of_six(profile)
    short, big, *_ = sorted(driver.seats(1))
    entry = driver.at_seat(1, short)
    stacks = {short: 25, big: 19_975}  # the chips he lost went to the big stack
    cards = {short: ("2c",), big: ("As",)}
    found = driver.do(
        commands.RunChipRace(1, 25, 100, chips={short: 1, big: 1}, cards=cards, stacks=stacks)
    )
    reported = [(e.entry, e.chips) for e in found if isinstance(e, events.StackReported)]
    assert reported == [(entry, 25), (driver.at_seat(1, big), 19_975)]
    record = ChipRace.from_dict(find_event(found, events.ChipRaceRun).race)
    assert [a.reason for a in record.awards if a.seat == short] == [AwardReason.PROTECTION]
    assert driver.state.entries[entry].stack == 100
    assert stacks_are_the_chips_in_play(driver.state)


# -- refusals -------------------------------------------------------------------------------------


def test_chip_race_between_hands_only() -> None:
    driver = table_of_six("lfp")
    driver.do(commands.StartHand(1))
    error = driver.refuse(commands.RunChipRace(1, 25, 100, chips={1: 1}))
    assert "between hands" in str(error)
    assert "entre deux mains" in error_text(error, "fr")


def test_chip_race_refuses_a_seat_nobody_sits_in() -> None:
    driver = table_of_six("tda-2017")
    empty = min(set(range(1, 10)) - set(driver.seats(1)))
    taken = min(driver.seats(1))
    for command in (
        commands.RunChipRace(1, 25, 100, chips={empty: 1}),
        commands.RunChipRace(1, 25, 100, chips={taken: 1}, stacks={empty: 25}),
    ):
        error = driver.refuse(command)
        assert f"nobody sits at seat {empty}" in str(error)
        assert f"personne n'est assis à la place {empty}" in error_text(error, "fr")
    driver.reject(commands.RunChipRace(7, 25, 100, chips={1: 1}), NotFoundError)


def test_chip_race_refuses_a_stack_nobody_knows() -> None:
    """A stack never counted (imported data) must be given with the race."""
    driver = table_of_six("tda-2017")
    seat = min(driver.seats(1))
    driver.state.entries[driver.at_seat(1, seat)].stack = None
    error = driver.refuse(commands.RunChipRace(1, 25, 100, chips={seat: 1}))
    assert f"the stack at seat {seat} is not known" in str(error)
    assert "n'est pas connu" in error_text(error, "fr")
    found = driver.do(commands.RunChipRace(1, 25, 100, chips={seat: 1}, stacks={seat: 5_025}))
    assert find_event(found, events.StackReported).chips == 5_025


@pytest.mark.parametrize(
    ("chips", "options"),
    [
        ({1: 3}, {"stacks": {1: 50}}),  # three 25s in a stack of 50
        ({1: 1}, {"stacks": {1: -25}}),
        ({1: 1, 2: 1}, {"cards": {1: ("As",)}}),  # a seat dealt no card
        ({1: 1, 2: 1}, {"cards": {1: ("As",), 2: ("As",)}}),
        ({1: 1}, {"cards": {1: ("Zz",)}}),
        ({1: -1}, {}),
    ],
)
def test_chip_cards_refuses_impossible_input(
    chips: dict[int, int], options: dict[str, dict[int, Any]]
) -> None:
    driver = Driver.create("lfp", 2, structure_data=with_25s(), table_size=2)
    driver.reject(commands.RunChipRace(1, 25, 100, chips=chips, **options), ParseError)


@pytest.mark.parametrize(("old", "new"), [(25, 60), (100, 25), (0, 100)])
def test_chip_when_the_new_chip_is_a_larger_multiple(old: int, new: int) -> None:
    driver = table_of_six("tda-2017")
    seat = min(driver.seats(1))
    driver.reject(commands.RunChipRace(1, old, new, chips={seat: 1}), ParseError)


# -- chips found after the race -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("profile", "count", "given", "removed"),
    [
        ("lfp", 5, 0, 125),  # LFP 10.7: removed, not converted
        ("bannalec", 5, 0, 125),  # BAN/CHIPRACE: the same
        ("gran-madrid", 5, 1, 25),  # GM 2°: exchanged if they make a chip of 100
        ("gran-madrid", 3, 0, 75),
        ("tda-2017", 5, 1, 25),  # TDA 24C: equal value in the smallest chip in play
        ("tda-2017", 3, 0, 75),
        ("generic", 5, 1, 25),  # inherited from tda-2017
    ],
)
def test_chip_late_found_per_profile(profile: str, count: int, given: int, removed: int) -> None:
    driver = table_of_six(profile)
    race_ex_53(driver)
    entry = driver.at_seat(1, min(driver.seats(1)))
    stack, in_play = driver.state.entries[entry].stack or 0, driver.state.chips_in_play
    found = find_event(driver.do(commands.FindChips(entry, count, 25)), events.ChipsFound)
    assert (found.found["chips"], found.found["denomination"]) == (given, 100)
    assert (found.found["removed"], found.found["rule"]) == (
        removed,
        driver.state.profile.chip_race_late_found.value,
    )
    assert driver.state.entries[entry].stack == stack - removed
    assert driver.state.chips_in_play == in_play - removed
    assert stacks_are_the_chips_in_play(driver.state)


def test_chip_late_found_refusals() -> None:
    driver = table_of_six("lfp")
    entry = driver.at_seat(1, min(driver.seats(1)))
    error = driver.refuse(commands.FindChips(entry, 5, 25))  # no race yet
    assert (error.rule, "aucun chip race" in error_text(error, "fr")) == ("CHIP-LATE-FOUND", True)
    race_ex_53(driver)
    driver.refuse(commands.FindChips(entry, 5, 5))  # 5s were never raced
    driver.do(commands.ReportStack(entry, 100))
    error = driver.refuse(commands.FindChips(entry, 5, 25))  # 125 in a stack of 100
    assert "report his stack first" in str(error)
    driver.reject(commands.FindChips(entry, -1, 25), ParseError)
    driver.reject(commands.FindChips(99, 1, 25), NotFoundError)


def test_chip_late_found_refused_once_the_race_is_undone() -> None:
    driver = table_of_six("gran-madrid")
    race_ex_53(driver)
    driver.do(commands.Undo())
    entry = driver.at_seat(1, min(driver.seats(1)))
    assert driver.refuse(commands.FindChips(entry, 5, 25)).rule == "CHIP-LATE-FOUND"


# -- undo -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("profile", ["lfp", "tda-2017"])
def test_undo_puts_the_stacks_and_the_chips_in_play_back(profile: str) -> None:
    driver = table_of_six(profile)
    before = {n: e.stack for n, e in driver.state.entries.items()}
    in_play = driver.state.chips_in_play
    race_ex_53(driver, stacks={min(driver.seats(1)): 9_000, max(driver.seats(1)): 11_000})
    after_race = {n: e.stack for n, e in driver.state.entries.items()}, driver.state.chips_in_play
    entry = driver.at_seat(1, min(driver.seats(1)))
    driver.do(commands.FindChips(entry, 2, 25))
    assert driver.state.chips_in_play < after_race[1]
    driver.do(commands.Undo())  # the chips found
    assert ({n: e.stack for n, e in driver.state.entries.items()}, driver.state.chips_in_play) == (
        after_race
    )
    assert stacks_are_the_chips_in_play(driver.state)
    driver.do(commands.Undo())  # the race, and the stacks reported with it
    assert {n: e.stack for n, e in driver.state.entries.items()} == before
    assert driver.state.chips_in_play == in_play
    check_replay(driver.tournament)
    undone = {e.undone for e in driver.tournament.events if isinstance(e, events.CommandUndone)}
    raced = find_event(driver.tournament.events, events.ChipRaceRun)
    assert raced.cmd in undone
