"""Prize pool, payout tables, rounding to a unit, satellites and shared places.

The money rules checked here: every split gives out exactly what it splits (not a cent made or
lost), prizes never increase from one place to the next, and shared places are equal to within
one unit (ELIM-SIMULTANEOUS, ELIM-HFH-START).
"""

from __future__ import annotations

import itertools
import math
import operator
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.errors import ParseError
from pokertd.present.formats import format_money
from pokertd.present.i18n import error_text
from pokertd.tournament.payouts import (
    SHARE_SCALE,
    PayoutSheet,
    PayoutTable,
    PrizePool,
    Satellite,
    apportion,
    prize_pool,
    satellite,
    share,
)

PROPERTY = settings(max_examples=200, deadline=None, derandomize=True, database=None)


def _raises_in_french(call: object, *args: object, **kwargs: object) -> ParseError:
    """Call and return the ParseError it raises, checking that it has its French text."""
    assert callable(call)
    with pytest.raises(ParseError) as caught:
        call(*args, **kwargs)
    assert error_text(caught.value, "fr") != str(caught.value), f"no French for {caught.value}"
    return caught.value


# --- Prize pool --------------------------------------------------------------------------------


def test_prize_pool_adds_the_house_money_and_records_the_overlay_apart() -> None:
    pool = prize_pool([2_000] * 30, house=5_000, guarantee=100_000)
    assert (pool.collected, pool.house, pool.guarantee) == (60_000, 5_000, 100_000)
    assert (pool.overlay, pool.total) == (35_000, 100_000)


def test_prize_pool_has_no_overlay_once_the_guarantee_is_reached() -> None:
    pool = prize_pool([2_000] * 60, house=1_000, guarantee=100_000)
    assert (pool.overlay, pool.total) == (0, 121_000)
    assert prize_pool([]).total == 0


def test_prize_pool_round_trips_and_checks_its_derived_amounts() -> None:
    pool = PrizePool(80_000, house=500, guarantee=100_000)
    assert PrizePool.from_dict(pool.to_dict()) == pool
    assert pool.to_dict()["overlay"] == 19_500
    error = _raises_in_french(PrizePool.from_dict, {"collected": 500, "overlay": 7})
    assert str(error) == "the prize pool overlay 7 does not match its parts (0)"


@pytest.mark.parametrize("bad", [-1, 1.5, True, "100"])
def test_prize_pool_refuses_a_contribution_that_is_not_whole_cents(bad: object) -> None:
    error = _raises_in_french(prize_pool, [1_000, bad])
    assert str(error) == f"a contribution must be a whole number of cents from 0, not {bad!r}"
    _raises_in_french(PrizePool, 0, guarantee=bad)


# --- The standard table ------------------------------------------------------------------------


def _expected_places(field: int) -> int:
    return max(1, math.floor(Fraction(field * 15, 100) + Fraction(1, 2)))


#: (buy-in, rounding unit) pairs, both in cents, taken in turn from one field size to the next.
#: No unit is above the buy-in: the last paid place of a standard table for 15 % of the field
#: wins at least 1.5 buy-ins (1.545 for 9,970 entries, the least from 2 to 10,000), so every
#: field can be paid to the unit and a refusal would be a bug.
BUY_INS_AND_UNITS = [(500, 1), (500, 500), (1_234, 100), (1_234, 1_000), (2_000, 1),
                     (2_000, 500), (10_000, 1_000), (10_000, 10_000)]  # fmt: skip


@pytest.mark.parametrize(
    "fields",
    # Two halves of about the same work (a table pays 15 % of its field) for two workers.
    [range(2, 7_072), range(7_072, 10_001)],
    ids=["fields-2-7071", "fields-7072-10000"],
)
def test_standard_payouts_for_every_field_from_2_to_10000_add_up_and_never_increase(
    fields: range,
) -> None:
    """Each field size in turn, with pools of 5.00, 12.34, 20.00 and 100.00 a head plus a few
    cents (so that most pools are not a whole number of units), rounded to 1 cent, 1.00, 5.00,
    10.00 or 100.00: the prizes add up to the pool exactly, never increase from one place to
    the next, are whole units below the winner, and the winner takes the piece below a unit."""
    for field in fields:
        table = PayoutTable.standard(field)
        assert table.places == _expected_places(field)
        assert sum(table.shares) == SHARE_SCALE
        buy_in, unit = BUY_INS_AND_UNITS[field % len(BUY_INS_AND_UNITS)]
        pool = field * buy_in + field % 101
        amounts = table.pay(pool, unit=unit).amounts
        # Mapped checks keep 7.5 million places fast.
        assert len(amounts) == table.places
        assert sum(amounts) == pool, field
        assert all(map(operator.ge, amounts, amounts[1:])), field
        assert amounts[-1] >= unit, field
        assert not any(map(unit.__rmod__, amounts[1:])), field
        assert amounts[0] % unit == pool % unit, field


def test_standard_table_winner_shares() -> None:
    """About 2/3 with two places paid, 50-60 % with three, 20-30 % from 150 to 1,500."""
    winner = {places: PayoutTable.standard(10_000, places=places).percents[0]
              for places in (1, 2, 3, 9, 150, 500, 1_500)}  # fmt: skip
    assert winner[1] == 100
    assert 60 <= winner[2] <= 70
    assert 50 <= winner[3] <= 60
    assert 30 <= winner[9] <= 40
    assert all(20 <= winner[places] <= 30 for places in (150, 500, 1_500))


def test_standard_table_pays_15_percent_of_the_field_rounded_half_up_and_at_least_one() -> None:
    assert [PayoutTable.standard(field).places for field in (2, 3, 6, 10, 20, 100, 1_000)] == [
        1, 1, 1, 2, 3, 15, 150
    ]  # fmt: skip
    assert PayoutTable.standard(2).shares == (SHARE_SCALE,)
    assert PayoutTable.standard(100, paid_percent=10).places == 10
    assert PayoutTable.standard(100, paid_percent=Fraction(25, 2)).places == 13
    assert PayoutTable.standard(100, places=9) == PayoutTable.standard(60)


@pytest.mark.parametrize(
    ("field", "options", "message"),
    [
        (0, {}, "a field is a whole number of entries from 1, not 0"),
        (10, {"places": 11}, "a table for 10 entries pays from 1 to 10 places, not 11"),
        (10, {"places": 0}, "a table for 10 entries pays from 1 to 10 places, not 0"),
        (10, {"paid_percent": 0}, "the percentage of the field paid is above 0 and at most 100, "
                                  "not 0"),
        (10, {"paid_percent": 0.15}, "the percentage of the field paid is above 0 and at most "
                                     "100, not 0.15"),
        (200_000, {"paid_percent": 100}, "a table for 200000 entries pays from 1 to 100000 "
                                         "places, not 200000"),
    ],
)  # fmt: skip
def test_standard_table_refuses_impossible_sizes(
    field: int, options: dict[str, object], message: str
) -> None:
    assert str(_raises_in_french(PayoutTable.standard, field, **options)) == message


# --- Custom tables -----------------------------------------------------------------------------


def test_custom_table_reads_places_and_ranges_and_writes_them_back() -> None:
    text = "1: 40, 2: 25, 3: 15, 4-7: 5 each"
    table = PayoutTable.parse(text)
    assert table.shares == (400_000, 250_000, 150_000, 50_000, 50_000, 50_000, 50_000)
    assert str(table) == text
    assert PayoutTable.parse(str(table)) == table


def test_custom_table_accepts_french_decimal_commas_percent_signs_and_chacun() -> None:
    table = PayoutTable.parse("1 : 42,5 %; 2 : 27,5 %\n3-5 : 10 % chacun")
    assert table.percents == (Fraction(85, 2), Fraction(55, 2), 10, 10, 10)
    assert str(table) == "1: 42.5, 2: 27.5, 3-5: 10 each"
    assert PayoutTable.parse("2: 0.0001, 1: 99.9999").shares == (999_999, 1)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1: 40, 2: 25, 3: 15, 4-6: 5 each", "the percentages add up to 95, not 100"),
        ("1: 50, 3: 50", "place 2 is missing from the payout table '1: 50, 3: 50'"),
        ("1: 50, 1-2: 25", "place 1 is given twice in the payout table '1: 50, 1-2: 25'"),
        ("1: 30, 2: 50, 3: 20", "place 2 gets 50 %, more than place 1 (30 %)"),
        ("1: 100, 2: 0", "place 2 must get a positive share, not 0"),
        ("1: 33.33333, 2: 66.66667", "a percentage has at most four decimals, not '33.33333'"),
        ("3-2: 50, 1: 50", "places run from 1 upwards, not '3-2: 50'"),
        ("0: 100", "places run from 1 upwards, not '0: 100'"),
        ("first: 100", "cannot read 'first: 100' as places and a percentage, such as "
                       "'4-6: 5 each'"),
        ("", "a payout table pays at least one place"),
    ],
)  # fmt: skip
def test_custom_table_refuses_malformed_text(text: str, message: str) -> None:
    assert str(_raises_in_french(PayoutTable.parse, text)) == message


def test_payout_table_refuses_shares_that_are_not_whole_millionths() -> None:
    _raises_in_french(PayoutTable, (500_000.0, 500_000))
    _raises_in_french(PayoutTable.parse, 100)


# --- Rounding to a unit ------------------------------------------------------------------------


def test_rounding_moves_whole_units_by_largest_remainder_and_gives_the_rest_to_the_winner() -> None:
    table = PayoutTable.parse("1: 40, 2: 25, 3: 15, 4-7: 5 each")
    # 1,234 whole euros: 493.6, 308.5, 185.1 and 61.7 four times; the four 0.7 take the units
    # left, then the 0.56 below one euro goes to the winner.
    assert table.pay(123_456, unit=100).amounts == (49_356, 30_800, 18_500, 6_200, 6_200,
                                                    6_200, 6_200)  # fmt: skip
    assert table.pay(123_456).amounts == (49_382, 30_864, 18_518, 6_173, 6_173, 6_173, 6_173)


def test_a_unit_too_large_for_the_pool_is_refused_with_the_place_left_without_a_prize() -> None:
    table = PayoutTable.parse("1: 50, 2: 30, 3: 20")
    error = _raises_in_french(table.pay, 100_000, unit=50_000)
    assert str(error) == (
        "rounding to 500.00 leaves place 3 without a prize from a pool of 1000.00: round to a "
        "smaller unit or pay fewer places"
    )
    assert error_text(error, "fr") == (
        "l'arrondi à 500,00 laisse la place 3 sans prix sur une dotation de 1000,00 : arrondissez"
        " moins ou payez moins de places"
    )
    assert str(_raises_in_french(table.pay, 2)) == (
        "a pool of 0.02 cannot pay 3 places: place 3 would win nothing"
    )
    assert table.pay(100_000, unit=20_000).amounts == (60_000, 20_000, 20_000)


@pytest.mark.parametrize(("pool", "unit"), [(-1, 1), (100, 0), (100, -5), (1.5, 1), (100, True)])
def test_pay_refuses_a_negative_pool_and_a_unit_below_one_cent(pool: object, unit: object) -> None:
    _raises_in_french(PayoutTable.parse("1: 100").pay, pool, unit=unit)


tables = st.one_of(
    st.builds(lambda field, places: PayoutTable.standard(field, places=min(places, field)),
              st.integers(1, 3_000), st.integers(1, 60)),
    st.lists(st.integers(1, 1_000), min_size=1, max_size=40).map(
        lambda weights: PayoutTable(tuple(apportion(SHARE_SCALE, sorted(weights, reverse=True))))
    ),
)  # fmt: skip


@PROPERTY
@given(tables, st.integers(0, 10_000_000), st.sampled_from([1, 5, 100, 500, 1_000, 5_000]))
def test_paid_prizes_add_up_to_the_pool_never_increase_and_stay_near_their_share(
    table: PayoutTable, pool: int, unit: int
) -> None:
    exact = [Fraction(pool * share, SHARE_SCALE) for share in table.shares]
    try:
        amounts = table.pay(pool, unit=unit).amounts
    except ParseError:
        assert exact[-1] < unit
        return
    assert sum(amounts) == pool
    assert all(upper >= lower for upper, lower in itertools.pairwise(amounts))
    assert all(amount % unit == 0 for amount in amounts[1:])
    assert (amounts[0] - pool % unit) % unit == 0
    # Whole units of the pool: a part is its share's floor or ceiling; the winner also takes
    # the piece below one unit, and every exact share counts a piece of that piece.
    assert all(
        abs(amount - share) < 2 * unit for amount, share in zip(amounts[1:], exact[1:], strict=True)
    )
    assert abs(amounts[0] - exact[0]) < 3 * unit


@PROPERTY
@given(
    st.integers(0, 10**9),
    st.lists(st.integers(0, 10**6), min_size=1, max_size=30).filter(any),
    st.sampled_from([1, 2, 3, 100, 500]),
)
def test_apportion_gives_out_the_total_in_units_and_keeps_the_order_of_the_weights(
    total: int, weights: list[int], unit: int
) -> None:
    weights.sort(reverse=True)
    parts = apportion(total, weights, unit=unit)
    assert sum(parts) == total
    assert all(upper >= lower for upper, lower in itertools.pairwise(parts))
    whole = sum(weights)
    units = total // unit
    for part, weight in zip(parts[1:], weights[1:], strict=True):
        assert part % unit == 0
        assert units * weight // whole <= part // unit <= -(-units * weight // whole)


def _hamilton(total: int, weights: list[int], unit: int) -> list[int]:
    """Split by largest remainder place by place, with exact fractions: the slow reference."""
    units, piece = divmod(total, unit)
    shares = [Fraction(units * weight, sum(weights)) for weight in weights]
    parts = [math.floor(share) for share in shares]
    by_remainder = sorted(
        range(len(parts)), key=lambda index: (parts[index] - shares[index], index)
    )
    for index in by_remainder[: units - sum(parts)]:
        parts[index] += 1
    amounts = [part * unit for part in parts]
    amounts[weights.index(max(weights))] += piece
    return amounts


@PROPERTY
@given(
    st.integers(0, 10**7),
    # Few distinct weights, in any order, so that runs of equal weights and ties are common.
    st.lists(st.integers(0, 6), min_size=1, max_size=40).filter(any),
    st.sampled_from([1, 2, 3, 7, 100, 500]),
)
def test_apportion_is_largest_remainder_place_by_place(
    total: int, weights: list[int], unit: int
) -> None:
    """apportion works on runs of equal weights: it must give what the place-by-place method
    gives, ties to the earlier place, the piece below a unit to the first largest weight."""
    parts = apportion(total, weights, unit=unit)
    assert parts == _hamilton(total, weights, unit)
    # In any order of the weights, a larger weight never gets a smaller part.
    ranked = sorted(zip(weights, parts, strict=True))
    assert all(lower[1] <= upper[1] for lower, upper in itertools.pairwise(ranked))


def test_apportion_takes_fractions_and_breaks_ties_towards_the_earlier_part() -> None:
    assert apportion(100, [Fraction(1, 3), Fraction(1, 3), Fraction(1, 3)]) == [34, 33, 33]
    # Two units of 2: one to the 3 (1.2), one to the first 1 (0.4, tied with the last); the
    # piece of 1 below a unit to the largest weight, not to the first 1 that ties its part.
    assert apportion(5, [1, 3, 1], unit=2) == [2, 3, 0]
    assert apportion(150, [1, 2], unit=100) == [0, 150]
    assert apportion(50, [1, 2], unit=100) == [0, 50]
    assert apportion(0, [1, 2]) == [0, 0]


@pytest.mark.parametrize(
    ("total", "weights", "unit"), [(-1, [1], 1), (10, [], 1), (10, [0, 0], 1), (10, [-1, 2], 1),
                                   (10, [0.5], 1), (10, [1], 0)]
)  # fmt: skip
def test_apportion_refuses_what_it_cannot_split(total: int, weights: list[int], unit: int) -> None:
    _raises_in_french(apportion, total, weights, unit=unit)


def test_money_is_written_with_two_decimals_and_a_french_decimal_comma() -> None:
    assert (format_money(0), format_money(5), format_money(100_000)) == ("0.00", "0.05", "1000.00")
    assert format_money(-123_456, "fr") == "-1234,56"


# --- Payout sheets -----------------------------------------------------------------------------


def test_payout_sheet_round_trips_through_its_dict() -> None:
    sheet = PayoutTable.standard(100).pay(200_000, unit=100)
    assert PayoutSheet.from_dict(sheet.to_dict()) == sheet
    assert list(sheet.to_dict())[:3] == ["1", "2", "3"]
    assert (sheet.places, sheet.total, sheet.prize(16)) == (15, 200_000, 0)
    assert PayoutSheet.from_dict({}) == PayoutSheet(())


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"1": 700, "3": 300}, "the places of a payout sheet run from 1 to 2, not ['1', '3']"),
        ({"1": 300, "2": 700}, "place 2 wins 7.00, more than place 1 (3.00)"),
        ({"1": -1}, "the prize of place 1 must be a whole number of cents from 0, not -1"),
        ({"1": "700"}, "the prize of place 1 must be a whole number of cents from 0, not '700'"),
    ],
)
def test_payout_sheet_refuses_a_malformed_dict(data: dict[str, object], message: str) -> None:
    assert str(_raises_in_french(PayoutSheet.from_dict, data)) == message


def test_a_place_is_counted_from_one() -> None:
    _raises_in_french(PayoutSheet((100,)).prize, 0)


# --- Satellites --------------------------------------------------------------------------------


def test_satellite_pays_whole_seats_and_the_remainder_to_the_next_place() -> None:
    result = satellite(130_000, 25_000)
    assert result == Satellite(seats=5, seat_value=25_000, remainder=5_000)
    assert result.sheet().amounts == (25_000,) * 5 + (5_000,)
    assert result.total == 130_000
    assert satellite(100_000, 25_000).sheet().amounts == (25_000,) * 4
    assert satellite(20_000, 25_000).sheet().amounts == (20_000,)  # no seat: cash for the winner


@pytest.mark.parametrize(("pool", "seat_value"), [(-1, 100), (100, 0), (100, 2.5)])
def test_satellite_refuses_a_negative_pool_and_a_seat_worth_nothing(
    pool: int, seat_value: int
) -> None:
    _raises_in_french(satellite, pool, seat_value)


def test_satellite_keeps_its_remainder_below_a_seat() -> None:
    _raises_in_french(Satellite, 2, 100, 100)
    _raises_in_french(Satellite, -1, 100)
    _raises_in_french(Satellite, 1, 0)


# --- Shared places -----------------------------------------------------------------------------


def test_elim_hfh_start_ex_54_three_players_busting_on_the_announcement_share_50th() -> None:
    """EX-54 (TDA PR-8A, ELIM-HFH-START): 50 paid, 52 left, three bust in the hand in progress:
    they share the 50th prize; 51st and 52nd pay nothing."""
    sheet = PayoutTable.standard(334).pay(334 * 5_000, unit=100)
    assert sheet.places == 50
    amounts = share(sheet, range(50, 53))
    assert sum(amounts) == sheet.prize(50)
    assert max(amounts) - min(amounts) <= 1
    assert amounts == tuple(sorted(amounts, reverse=True))  # a cent over goes to the first given


def test_elim_simultaneous_tied_players_pool_the_places_they_tie_on() -> None:
    """ELIM-SIMULTANEOUS: equal start-of-hand stacks tie (LFP 8.16); GM 41° splits paid places
    busted at different tables: the prizes of the places are added and split equally."""
    sheet = PayoutSheet((50_000, 30_000, 20_000, 10_001))
    assert share(sheet, range(3, 5)) == (15_001, 15_000)
    assert share(sheet, range(3, 5), unit=100) == (15_001, 15_000)
    assert share(sheet, range(1, 4), unit=500) == (33_500, 33_500, 33_000)
    assert share(sheet, range(1, 2)) == (50_000,)


@PROPERTY
@given(
    st.lists(st.integers(0, 10**7), min_size=1, max_size=30),
    st.integers(1, 35),
    st.integers(1, 12),
    st.sampled_from([1, 7, 100, 500]),
)
def test_shared_places_preserve_the_sum_and_are_equal_up_to_one_unit(
    amounts: list[int], first: int, count: int, unit: int
) -> None:
    sheet = PayoutSheet(tuple(sorted(amounts, reverse=True)))
    places = range(first, first + count)
    shared = share(sheet, places, unit=unit)
    assert len(shared) == count
    assert sum(shared) == sum(sheet.prize(place) for place in places)
    assert max(shared) - min(shared) <= unit
    assert all(upper >= lower for upper, lower in itertools.pairwise(shared))  # the order given


@pytest.mark.parametrize("places", [range(0, 2), range(3, 3), range(1, 5, 2), [1, 2]])
def test_share_refuses_places_that_are_not_a_range_from_one(places: range) -> None:
    _raises_in_french(share, PayoutSheet((100, 50)), places)
