"""The chip race: the colour-up schedule (CHIP-WHEN), the race at one table and late-found chips.

The EX-53 vector per profile is in ``tests/vectors/test_ex_chip_race.py``; this module covers the
procedure rule by rule, the errors, the record's round trip, and properties over random tables.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd import rules
from pokertd.cards import Card, Deck
from pokertd.errors import IllegalActionError, ParseError
from pokertd.present.i18n import error_text
from pokertd.rules import ChipRaceLateFound, ChipRaceProtection, ChipRaceRounding, Profile
from pokertd.tournament.chiprace import (
    DECK_SIZE,
    AwardReason,
    ChipRace,
    ColourUp,
    LateFound,
    RaceCards,
    colour_up_schedule,
    late_found,
    race,
)
from pokertd.tournament.structure import Break, Level, Structure, template

PROPERTY = settings(max_examples=300, derandomize=True, database=None, deadline=None)


def cards(text: str) -> list[Card]:
    return [Card.parse(part) for part in text.split()]


def awards(result: ChipRace) -> list[tuple[int, str, int, int]]:
    return [(a.seat, a.reason.value, a.chips, a.denomination) for a in result.awards]


def load(profile_id: str, **changes: object) -> Profile:
    return dataclasses.replace(rules.load(profile_id), **changes)  # type: ignore[arg-type]


# --- CHIP-WHEN ---------------------------------------------------------------------------------


def structure(*items: Level | Break, chips: tuple[int, ...] = (25, 100, 500)) -> Structure:
    return Structure(items, chips, starting_stack=10_000)


def test_chip_when_each_chip_leaves_at_the_first_break_no_later_level_needs_it() -> None:
    s = structure(
        Level(25, 50),
        Break(10),  # 75/150 follows: the 25s are still needed
        Level(75, 150),
        Break(10),
        Level(100, 200),
        Level(200, 400, 50),  # an ante of 50 still needs the 25s
        Break(10),
        Level(500, 1000, 100),
        Break(10),
        Level(1000, 2000, 500),
    )
    assert colour_up_schedule(s) == (
        ColourUp(6, 25, 100, is_marked=False),
        ColourUp(8, 100, 500, is_marked=False),
    )


def test_chip_when_a_marked_break_decides_for_its_chip() -> None:
    s = structure(Level(25, 50), Break(10), Level(100, 200), Break(10, (25,)), Level(500, 1000))
    # 25 is marked at item 3, so it is not removed at item 1 although it could be; the 100s,
    # not marked, leave at the first break after which nothing needs them.
    assert colour_up_schedule(s) == (
        ColourUp(3, 25, 100, is_marked=True),
        ColourUp(3, 100, 500, is_marked=False),
    )
    assert colour_up_schedule(s, automatic=False) == (ColourUp(3, 25, 100, is_marked=True),)


def test_chip_when_two_chips_at_one_break_are_raced_smallest_first() -> None:
    s = structure(Level(25, 50), Break(10), Level(500, 1000))
    assert [(c.old, c.new) for c in colour_up_schedule(s)] == [(25, 100), (100, 500)]


def test_chip_when_the_last_chip_never_leaves_automatically() -> None:
    s = structure(Level(100, 200), Break(10), Level(100, 200), chips=(100,))
    assert colour_up_schedule(s) == ()


def test_chip_when_template_schedule_keeps_every_later_level_payable() -> None:
    s = template("regular")
    schedule = colour_up_schedule(s)
    assert {c.old for c in schedule if c.is_marked} == {
        chip for item in s.items if isinstance(item, Break) for chip in item.colour_up
    }
    gone: set[int] = set()
    for colour_up in schedule:
        gone.add(colour_up.old)
        unit = min(chip for chip in s.chips if chip not in gone)
        assert colour_up.new in s.chips
        for level in s.items[colour_up.index + 1 :]:
            if isinstance(level, Level):
                assert all(amount % unit == 0 for amount in level.amounts)


def test_chip_when_removing_the_largest_chip_is_refused() -> None:
    s = structure(Level(25, 50), Break(10, (100,)), Level(25, 50), chips=(25, 100))
    with pytest.raises(ParseError, match=r"removes 100, the largest chip in play.*CHIP-WHEN") as e:
        colour_up_schedule(s)
    assert "CHIP-WHEN" in error_text(e.value, "fr")


def test_chip_when_an_invalid_structure_is_refused() -> None:
    with pytest.raises(ParseError, match="invalid structure"):
        colour_up_schedule(structure())


# --- CHIP-ORDER, CHIP-CARDS ----------------------------------------------------------------------

STACKS = {1: 5_000, 3: 5_000, 5: 5_000, 7: 5_000, 9: 5_000}


def test_chip_order_seat_one_deals_from_seat_one_whatever_the_dealer() -> None:
    result = race(
        {9: 1, 1: 2, 5: 3},
        old=25,
        new=100,
        stacks=STACKS,
        profile=rules.load("tda-2017"),
        dealer=5,
        rng=random.Random(1),
    )
    assert [deal.seat for deal in result.deals] == [1, 5, 9]
    assert [len(deal.cards) for deal in result.deals] == [2, 3, 1]  # CHIP-CARDS: one block each
    assert [seat for seat, _ in result.chips] == [1, 5, 9]


@pytest.mark.parametrize(
    ("dealer", "order"), [(5, [7, 9, 1, 3, 5]), (9, [1, 3, 5, 7, 9]), (4, [5, 7, 9, 1, 3])]
)
def test_chip_order_dealer_left_starts_at_the_new_dealers_left(
    dealer: int, order: list[int]
) -> None:
    result = race(
        dict.fromkeys(STACKS, 1),
        old=25,
        new=100,
        stacks=STACKS,
        profile=rules.load("bannalec"),
        dealer=dealer,
        rng=random.Random(1),
    )
    assert [deal.seat for deal in result.deals] == order
    assert result.dealer == dealer


def test_chip_order_dealer_left_needs_the_dealer() -> None:
    with pytest.raises(ParseError, match=r"left of the dealer.*\(CHIP-ORDER\)") as error:
        race(
            {1: 1},
            old=25,
            new=100,
            stacks={1: 100},
            profile=rules.load("bannalec"),
            rng=random.Random(1),
        )
    assert "donneur" in error_text(error.value, "fr")


def test_chip_cards_are_dealt_from_one_shuffled_deck_in_order() -> None:
    result = race(
        {1: 3, 3: 2},
        old=25,
        new=100,
        stacks=STACKS,
        profile=rules.load("lfp"),
        rng=random.Random(5),
    )
    again = race(
        {1: 3, 3: 2},
        old=25,
        new=100,
        stacks=STACKS,
        profile=rules.load("lfp"),
        rng=random.Random(5),
    )
    assert result == again
    shuffled = Deck.shuffled(random.Random(5)).order()
    assert [card for deal in result.deals for card in deal.cards] == list(shuffled[:5])


# --- CHIP-TIE-SUIT, CHIP-MAX-ONE, CHIP-COUNT-ROUNDING --------------------------------------------


def test_chip_tie_suit_spades_beat_hearts_beat_diamonds_beat_clubs() -> None:
    result = race(
        {1: 1, 3: 1, 5: 1, 7: 1},
        old=50,
        new=100,
        stacks=STACKS,
        profile=rules.load("lfp"),
        cards={1: cards("Kc"), 3: cards("Kd"), 5: cards("Ks"), 7: cards("Kh")},
    )
    # 4 chips of 50 are exactly 2 chips of 100: the king of spades, then the king of hearts.
    assert [(a.seat, str(a.card)) for a in result.awards] == [(5, "Ks"), (7, "Kh")]
    assert result.rounding == 0


def test_chip_max_one_a_player_with_the_two_best_cards_wins_one_chip() -> None:
    dealt = {1: cards("As Ah 2c"), 3: cards("3d 3c"), 5: cards("Kh")}
    chips = {1: 3, 3: 2, 5: 1}
    result = race(chips, old=25, new=100, stacks=STACKS, profile=rules.load("lfp"), cards=dealt)
    assert [(a.seat, str(a.card)) for a in result.awards] == [(1, "As"), (5, "Kh")]
    free = race(
        chips,
        old=25,
        new=100,
        stacks=STACKS,
        profile=load("lfp", chip_race_max_one=False),
        cards=dealt,
    )
    assert [(a.seat, str(a.card)) for a in free.awards] == [(1, "As"), (1, "Ah")]
    assert free.max_one is False


@pytest.mark.parametrize(
    ("raced", "ceil", "half_up"),
    [(1, 1, 0), (2, 1, 1), (3, 1, 1), (4, 1, 1), (5, 2, 1), (6, 2, 2), (8, 2, 2)],
)
def test_chip_count_rounding_ceil_and_half_up(raced: int, ceil: int, half_up: int) -> None:
    """Chips of 25 raced into 100, one per seat (so no exchange): 2 × 25 is half a chip."""
    chips = dict.fromkeys(range(1, raced + 1), 1)
    stacks = dict.fromkeys(chips, 1_000)
    by_rule = {}
    for rule in ChipRaceRounding:
        profile = load("tda-2017", chip_race_rounding=rule)
        result = race(chips, old=25, new=100, stacks=stacks, profile=profile, rng=random.Random(3))
        by_rule[rule] = result.counted
        assert result.rounding == result.counted * 100 - raced * 25
        assert sum(a.chips for a in result.awards if a.reason is AwardReason.CARD) == result.counted
    assert by_rule == {ChipRaceRounding.CEIL: ceil, ChipRaceRounding.HALF_UP: half_up}


def test_exchange_full_sets_are_swapped_before_the_race() -> None:
    """GM 2°: 9 chips of 25 are two chips of 100 by exchange and one chip raced."""
    result = race(
        {1: 9, 3: 1},
        old=25,
        new=100,
        stacks=STACKS,
        profile=rules.load("gran-madrid"),
        cards={1: cards("2c"), 3: cards("Ac")},
    )
    assert awards(result)[0] == (1, "exchange", 2, 100)
    assert [(deal.seat, len(deal.cards)) for deal in result.deals] == [(1, 1), (3, 1)]
    assert result.raced_value == 50
    assert awards(result)[1:] == [(3, "card", 1, 100)]  # 50 is half a chip: one more, GM 2°
    assert result.rounding == 50


# --- CHIP-NO-ELIMINATION -------------------------------------------------------------------------

SHORT = {1: 50, 3: 5_000, 5: 5_000, 7: 5_000}
SHORT_CHIPS = {1: 2, 3: 3, 5: 3, 7: 1}  # 9 chips of 25: 225
SHORT_CARDS = {1: cards("2c 3c"), 3: cards("As 4d 5d"), 5: cards("Ks 6d 7d"), 7: cards("Qs")}


def test_chip_no_elimination_lfp_gives_one_of_the_chips_raced() -> None:
    result = race(
        SHORT_CHIPS, old=25, new=100, stacks=SHORT, profile=rules.load("lfp"), cards=SHORT_CARDS
    )
    assert result.counted == 3  # 225 rounded up
    assert awards(result) == [
        (1, "protection", 1, 100),
        (3, "card", 1, 100),
        (5, "card", 1, 100),
    ]
    assert result.protection_created == 0
    assert result.created == result.rounding == 75


def test_chip_no_elimination_bannalec_gives_a_new_chip_on_top() -> None:
    result = race(
        SHORT_CHIPS,
        old=25,
        new=100,
        stacks=SHORT,
        profile=rules.load("bannalec"),
        dealer=7,
        cards=SHORT_CARDS,
    )
    assert awards(result) == [
        (3, "card", 1, 100),
        (5, "card", 1, 100),
        (7, "card", 1, 100),
        (1, "protection", 1, 100),
    ]
    assert (result.rounding, result.protection_created, result.created) == (75, 100, 175)


@pytest.mark.parametrize("profile_id", ["tda-2017", "gran-madrid"])
def test_chip_no_elimination_smallest_chip_still_in_play(profile_id: str) -> None:
    result = race(
        SHORT_CHIPS,
        old=25,
        new=100,
        stacks=SHORT,
        profile=rules.load(profile_id),
        cards=SHORT_CARDS,
        smallest_in_play=100,
    )
    assert result.counted == 2  # 225: 2 chips, the 25 left over removed (half up)
    assert awards(result) == [(3, "card", 1, 100), (5, "card", 1, 100), (1, "protection", 1, 100)]
    assert (result.rounding, result.protection_created) == (-25, 100)
    assert result.stack_changes()[1] == 50  # two 25s became a 100


def test_chip_no_elimination_tda_uses_the_smallest_chip_given() -> None:
    result = race(
        {1: 1, 3: 1},
        old=100,
        new=500,
        stacks={1: 100, 3: 20_000},
        profile=rules.load("tda-2017"),
        cards={1: cards("2c"), 3: cards("3c")},
        smallest_in_play=200,
    )
    assert awards(result) == [(1, "protection", 1, 200)]
    assert result.counted == 0


def test_chip_no_elimination_only_a_player_with_nothing_else_is_protected() -> None:
    # Seat 1 holds 2 × 25 and 500 more: losing the race leaves him the 500.
    result = race(
        SHORT_CHIPS,
        old=25,
        new=100,
        stacks={**SHORT, 1: 550},
        profile=rules.load("lfp"),
        cards=SHORT_CARDS,
    )
    assert all(a.reason is AwardReason.CARD for a in result.awards)
    assert {a.seat for a in result.awards} == {3, 5, 7}


def test_chip_no_elimination_a_winner_is_not_given_a_second_chip() -> None:
    result = race(
        {1: 2, 3: 2},
        old=25,
        new=100,
        stacks={1: 50, 3: 50},
        profile=rules.load("bannalec"),
        dealer=3,
        cards={1: cards("As 2c"), 3: cards("3c 4c")},
    )
    assert awards(result) == [(1, "card", 1, 100), (3, "protection", 1, 100)]


def test_chip_no_elimination_lfp_more_protected_players_than_chips() -> None:
    """Five players with one 25 each: 125 rounds up to 2 chips, but nobody may be raced out
    (LFP 10.6): each gets a chip, and the 3 beyond the count are created and recorded."""
    chips = dict.fromkeys(range(1, 6), 1)
    result = race(
        chips,
        old=25,
        new=100,
        stacks=dict.fromkeys(chips, 25),
        profile=rules.load("lfp"),
        rng=random.Random(2),
    )
    assert result.counted == 2
    assert [a.reason for a in result.awards] == [AwardReason.PROTECTION] * 5
    assert (result.rounding, result.protection_created, result.created) == (75, 300, 375)


# --- Errors --------------------------------------------------------------------------------------


def refuse(**changes: object) -> ParseError:
    """Run a small race with ``changes`` and return the ParseError it raises."""
    arguments: dict[str, object] = {
        "chips": {1: 1},
        "old": 25,
        "new": 100,
        "stacks": {1: 100},
        "profile": rules.load("tda-2017"),
        "rng": random.Random(1),
        **changes,
    }
    with pytest.raises(ParseError) as caught:
        race(**arguments)  # type: ignore[arg-type]
    assert error_text(caught.value, "fr") != str(
        caught.value
    )  # every user-facing error has its French text
    return caught.value


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"old": 0}, r"old denomination must be a positive whole number, not 0 \(CHIP-WHEN\)"),
        ({"new": True}, r"new denomination must be a positive whole number, not True"),
        ({"new": 110}, r"new chip 110 must be a larger multiple of the old chip 25 \(CHIP-WHEN\)"),
        ({"new": 25}, r"new chip 25 must be a larger multiple"),
        ({"chips": {1: -1}}, r"seat 1 holds a whole number of chips, not -1 \(CHIP-CARDS\)"),
        ({"chips": {2: 1}}, r"seat 2 has chips to race but no stack at the table"),
        ({"chips": {1: 5}}, r"seat 1 holds 5 chips of 25 \(125\) but its stack is 100"),
        ({"chips": [1]}, r"map seats to counts"),
        ({"stacks": {1: 0}}, r"seat 1 has a stack of 0.*\(CHIP-NO-ELIMINATION\)"),
        ({"stacks": {0: 100}}, r"a seat is a number from 1, not 0 \(CHIP-ORDER\)"),
        ({"stacks": {}}, r"needs the stacks"),
        ({"cards": {1: cards("As")}}, r"either rng.*not both or neither"),
        ({"rng": None}, r"either rng"),
        ({"rng": None, "cards": {1: cards("As Kd")}}, r"seat 1 races 1 chips and gets one card"),
        ({"rng": None, "cards": {1: cards("As"), 2: cards("Kd")}}, r"for seat 2, which has no"),
        ({"rng": None, "cards": {1: ["As"]}}, r"must be known cards, not 'As'"),
        ({"smallest_in_play": 0}, r"smallest chip in play must be a positive whole number"),
        ({"dealer": 0}, r"the dealer's seat is a number from 1, not 0 \(CHIP-ORDER\)"),
    ],
)
def test_race_errors_name_the_value_and_the_rule(changes: dict[str, object], message: str) -> None:
    assert re.search(message, str(refuse(**changes)))


def test_race_error_a_card_entered_twice() -> None:
    error = refuse(
        chips={1: 1, 2: 1},
        stacks={1: 100, 2: 100},
        rng=None,
        cards={1: cards("As"), 2: cards("As")},
    )
    assert "card 'As' was entered twice (CHIP-CARDS)" in str(error)
    assert "deux fois" in error_text(error, "fr")


def test_race_needing_more_than_a_deck_is_illegal() -> None:
    with pytest.raises(IllegalActionError) as caught:
        race(
            {1: 39, 2: 39},
            old=25,
            new=1000,
            stacks={1: 975, 2: 975},
            profile=rules.load("lfp"),
            rng=random.Random(1),
        )
    assert caught.value.rule == "CHIP-CARDS"
    assert "needs 78 cards" in str(caught.value)
    assert error_text(caught.value, "fr") != str(caught.value)


# --- The record ----------------------------------------------------------------------------------


def test_record_round_trips_through_json() -> None:
    result = race(
        SHORT_CHIPS,
        old=25,
        new=100,
        stacks=SHORT,
        profile=rules.load("bannalec"),
        dealer=3,
        rng=random.Random(9),
    )
    data = json.loads(json.dumps(result.to_dict()))
    assert ChipRace.from_dict(data) == result
    assert data["deals"][0] == {"seat": 5, "cards": [str(c) for c in result.deals[0].cards]}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"old": "25"}, "has old = '25', not a positive whole number"),
        ({"start": "seat-two"}, "has start = 'seat-two'; use one of seat-one, dealer-left"),
        ({"max_one": 1}, "has max_one = 1, not true or false"),
        ({"chips": [[1, 2, 3]]}, "not a [seat, count] pair"),
        ({"deals": "As"}, "has deals = 'As', not a list"),
        ({"deals": [3]}, "has an item of deals = 3, not an object"),
        ({"awards": [{"seat": 1, "reason": "gift", "chips": 1, "denomination": 100}]}, "reason"),
        ({"counted": -1}, "has counted = -1, not a whole number"),
        ({"profile": 3}, "has profile = 3, not a string"),
    ],
)
def test_record_from_dict_refuses_bad_shapes(change: dict[str, object], message: str) -> None:
    data = race(
        {1: 1}, old=25, new=100, stacks={1: 25}, profile=rules.load("lfp"), rng=random.Random(1)
    ).to_dict()
    with pytest.raises(ParseError) as caught:
        ChipRace.from_dict({**data, **change})
    assert message in str(caught.value)
    assert error_text(caught.value, "fr") != str(caught.value)


_EXAMPLE_KEYS = tuple(
    race({1: 1}, old=25, new=100, stacks={1: 25}, profile=rules.load("lfp"), rng=random.Random(1))
    .to_dict()
    .keys()
)


def test_record_from_dict_refuses_a_missing_key_and_a_non_object() -> None:
    with pytest.raises(ParseError, match="has no 'counted'"):
        ChipRace.from_dict({key: 0 for key in _EXAMPLE_KEYS if key != "counted"})
    with pytest.raises(ParseError, match="is an object"):
        ChipRace.from_dict([])  # type: ignore[arg-type]
    with pytest.raises(ParseError, match="has card 7"):
        ChipRace.from_dict(
            {
                **race(
                    {1: 1},
                    old=25,
                    new=100,
                    stacks={1: 25},
                    profile=rules.load("lfp"),
                    rng=random.Random(1),
                ).to_dict(),
                "deals": [{"seat": 1, "cards": [7]}],
            }
        )


def test_record_values() -> None:
    record = ChipRace(
        old=25,
        new=100,
        profile="x",
        start=rules.ChipRaceStart.SEAT_ONE,
        rounding_rule=ChipRaceRounding.CEIL,
        max_one=True,
        protection=ChipRaceProtection.ONE_OF_RACED_CHIPS,
        dealer=None,
        chips=((1, 5),),
        deals=(RaceCards(1, tuple(cards("As"))),),
        awards=(),
        counted=0,
    )
    assert (record.value_removed, record.value_awarded, record.created) == (125, 0, -125)


# --- CHIP-LATE-FOUND -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("profile_id", "expected"),
    [
        ("lfp", (0, 100, 125)),
        ("bannalec", (0, 100, 125)),
        ("gran-madrid", (1, 100, 25)),
        ("tda-2017", (1, 100, 25)),
        ("generic", (1, 100, 25)),
    ],
)
def test_chip_late_found_per_book(profile_id: str, expected: tuple[int, int, int]) -> None:
    found = late_found(5, 25, 100, rules.load(profile_id))
    assert (found.chips, found.denomination, found.removed) == expected
    assert found.chips * found.denomination + found.removed == 5 * 25
    assert LateFound.from_dict(json.loads(json.dumps(found.to_dict()))) == found


def test_chip_late_found_gm_too_few_are_removed() -> None:
    found = late_found(3, 25, 100, rules.load("gran-madrid"))
    assert (found.chips, found.removed) == (0, 75)


def test_chip_late_found_tda_exchanges_into_the_smallest_chip_in_play() -> None:
    found = late_found(44, 25, 100, rules.load("tda-2017"), smallest_in_play=500)
    assert (found.chips, found.denomination, found.removed) == (2, 500, 100)
    assert found.rule is ChipRaceLateFound.EXCHANGED_EQUAL_VALUE
    # GM exchanges into the chip they were raced into.
    assert late_found(44, 25, 100, rules.load("gran-madrid"), smallest_in_play=500).chips == 11


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((-1, 25, 100), "the chips found are a whole number, not -1 (CHIP-LATE-FOUND)"),
        ((1, 25, 30), "must be a larger multiple"),
    ],
)
def test_chip_late_found_errors(arguments: tuple[int, int, int], message: str) -> None:
    with pytest.raises(ParseError) as caught:
        late_found(*arguments, rules.load("tda-2017"))
    assert message in str(caught.value)
    assert error_text(caught.value, "fr") != str(caught.value)


def test_chip_late_found_bad_smallest_chip_and_bad_record() -> None:
    with pytest.raises(ParseError, match="smallest chip in play"):
        late_found(1, 25, 100, rules.load("tda-2017"), smallest_in_play=0)
    with pytest.raises(ParseError, match="has no 'removed'"):
        LateFound.from_dict(
            {"count": 1, "old": 25, "rule": "removed", "chips": 0, "denomination": 100}
        )


# --- Properties ----------------------------------------------------------------------------------


@st.composite
def tables(draw: st.DrawFn) -> dict[str, object]:
    old = draw(st.sampled_from([5, 25, 100]))
    per_new = draw(st.sampled_from([2, 4, 5, 10]))
    seats = draw(st.lists(st.integers(1, 10), min_size=1, max_size=10, unique=True))
    chips = {seat: draw(st.integers(0, 3 * per_new)) for seat in seats}
    stacks = {
        seat: count * old + draw(st.sampled_from([0, 0, old * per_new * 3, 12_345 * old]))
        for seat, count in chips.items()
    }
    stacks = {seat: stack or old * per_new for seat, stack in stacks.items()}
    return {
        "chips": chips,
        "old": old,
        "new": old * per_new,
        "stacks": stacks,
        "profile": draw(
            st.builds(
                load,
                st.sampled_from(rules.PROFILE_IDS),
                chip_race_max_one=st.booleans(),
            )
        ),
        "dealer": draw(st.integers(1, 10)),
        "seed": draw(st.integers(0, 2**32)),
    }


@PROPERTY
@given(table=tables())
def test_property_race_keeps_its_books(table: dict[str, object]) -> None:
    seed = table.pop("seed")
    chips: dict[int, int] = table["chips"]  # type: ignore[assignment]
    old: int = table["old"]  # type: ignore[assignment]
    new: int = table["new"]  # type: ignore[assignment]
    stacks: dict[int, int] = table["stacks"]  # type: ignore[assignment]
    profile: Profile = table["profile"]  # type: ignore[assignment]
    per_new = new // old
    if sum(count % per_new for count in chips.values()) > DECK_SIZE:
        with pytest.raises(IllegalActionError):
            race(rng=random.Random(seed), **table)  # type: ignore[arg-type]
        return
    result = race(rng=random.Random(seed), **table)  # type: ignore[arg-type]

    # Deterministic for a seed; the record round-trips.
    assert race(rng=random.Random(seed), **table) == result  # type: ignore[arg-type]
    assert ChipRace.from_dict(json.loads(json.dumps(result.to_dict()))) == result

    # CHIP-CARDS: one card per raced chip, every card dealt once, each seat in one block.
    dealt = [card for deal in result.deals for card in deal.cards]
    assert len(dealt) == len(set(dealt)) == sum(count % per_new for count in chips.values())
    assert [deal.seat for deal in result.deals] == [s for s, c in result.chips if c % per_new]

    # CHIP-MAX-ONE: chips won in the race (cards, and LFP's protection) at most one a player.
    by_card = [a.seat for a in result.awards if a.reason is not AwardReason.EXCHANGE]
    if profile.chip_race_max_one:
        assert len(by_card) == len(set(by_card)) <= len(result.deals)
    # Value: the exchanges are even, and what is created or removed is the recorded rounding
    # and protection chips.
    assert result.created == result.rounding + result.protection_created
    assert sum(result.stack_changes().values()) == result.created
    if profile.chip_race_rounding is ChipRaceRounding.CEIL:
        assert 0 <= result.rounding < new
    else:
        assert -new / 2 < result.rounding <= new / 2
    assert result.protection_created >= 0
    # CHIP-NO-ELIMINATION: nobody leaves the race without chips.
    for seat, change in result.stack_changes().items():
        assert stacks[seat] + change > 0


@PROPERTY
@given(table=tables())
def test_property_entered_cards_give_the_same_record_as_the_dealt_ones(
    table: dict[str, object],
) -> None:
    seed = table.pop("seed")
    try:
        result = race(rng=random.Random(seed), **table)  # type: ignore[arg-type]
    except IllegalActionError:
        return  # more race cards than a deck: see the property above
    entered = {deal.seat: list(deal.cards) for deal in result.deals}
    assert race(cards=entered, **table) == result  # type: ignore[arg-type]
