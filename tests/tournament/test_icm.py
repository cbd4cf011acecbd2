"""The Independent Chip Model (Malmuth-Harville) against published worked values.

Each published example is computed here with exact fractions and rounded as its source rounds
it. The sources:

- Wikipedia, "Independent Chip Model" (https://en.wikipedia.org/wiki/Independent_Chip_Model):
  players with 50 %, 30 % and 20 % of the chips, prizes 70 and 30: the six finishing orders
  have chances 0.3, 0.2, about 0.21, 0.09, 0.13 and 0.08; the equities are about 45, 32 and 22.
- An SNG strategy book's ICM chapter, as mirrored at
  http://www.dafa-puke.com/puke-poker/07/Partial_SNG_book__sngwzfx__5727_3.html: the same
  stacks (A has 10,000) with prizes of 50/30/20 % give the orders 30 %, 20 %, 21.43 %, 8.57 %,
  12.5 % and 7.5 %, and A's equity is 38.39 % of the pool.
- The ICM calculator at https://practicalwebtools.com/gambling-tools/icm-calculator: stacks of
  50,000, 30,000 and 20,000 with 1,000 paid 50/30/20 are worth $384, $328 and $289.
- The ICM result page at https://pailiku.com/tools/icm-calculator/result: stacks of 5,000,
  3,000, 1,500 and 500 with prizes of 500, 300 and 200 are worth 377.78, 312.89, 225.60 and
  83.73.
- Matthew Hilger, "Tournament Equity", excerpts of Moshman and Zare's *The Math of Hold'em*
  (Card Player, 10 August 2011; https://www.thehendonmob.com/matthew_hilger/tournament_equity_disabled):
  a player who doubles his 1,000 starting chips on the first hand of a ten-player sit-and-go
  that pays three places (the usual 50/30/20 % of $100) goes from $10 to $18.44.
- "Double or Nothing ICM calculations", PocketFives
  (http://www.pocketfives.com/articles/double-nothing-icm-calculations-497569/): in a
  ten-player double-or-nothing (five equal prizes) every starting stack is worth 10 % of the
  pool, and a player who doubles up gains "only about 56 %".
- pzhon, "Re: ICM problems", Two Plus Two, 5 November 2006
  (https://archives1.twoplustwo.com/showpost.php?p=3641740&postcount=17): the chance of
  finishing last with stacks of 1, 2, ..., n chips, to 16 digits, for n = 2 to 5, 10 and 15.
- "Poker Life: Methods Used To Assess Tournament Equity", Australian Gambling
  (http://www.australiangambling.com.au/gambling-news/poker-life-methods-used-to-assess-tournament-equity/81562/):
  heads-up with 60 % of the chips for prizes of $10,000 and $4,000 is worth $7,600 (and the
  other player $6,400); three equal stacks for $12,000, $6,000 and $3,000 are worth $7,000
  each; two stacks at 2 to 1 for $12,000 and $6,000: the larger is worth $10,000.
- "Poker basics: edge-based final table deals", Hold'em-K
  (https://www.hold-em-k.com/poker/news-poker-basics-edge-based-final-table-deals/): Amy,
  Paul, Sophie and Tim with 100,000, 70,000, 50,000 and 20,000 chips, prizes of $200, $120,
  $80 and $50: ICM values $140.84, $123.80, $108.96 and $76.40, and each player's chance of
  each place to 0.1 %.
- "Was würde bei einem Deal der November Nine passieren?", Hochgepokert, 29 July 2016
  (https://hochgepokert.com/2016/07/29/was-wuerde-bei-einem-deal-der-november-nine-passieren):
  the ICM values of the nine 2016 WSOP Main Event finalists, to the dollar.
- daut44, "WSOP Main Event Final Table Set! Stack Equity of Each Player"
  (https://hive.blog/poker/@daut44/wsop-main-event-final-table-set-stack-equity-of-each-player):
  with stacks of 9,000, 6,000 and 5,000 player 1 wins 45 % of the time and finishes second
  0.3 x 9/14 + 0.25 x 9/15 of the time.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.errors import ParseError
from pokertd.present.i18n import error_text
from pokertd.tournament.icm import MAX_STATES, equities, finish_probabilities

PROPERTY = settings(max_examples=200, deadline=None, derandomize=True, database=None)


def _naive_orders(stacks: Sequence[int]) -> dict[tuple[int, ...], Fraction]:
    """Return the chance of every finishing order (players by place), by the model's definition."""
    orders = {}
    for order in itertools.permutations(range(len(stacks))):
        chance, rest = Fraction(1), sum(stacks)
        for player in order:
            chance *= Fraction(stacks[player], rest)
            rest -= stacks[player]
        orders[order] = chance
    return orders


def _naive_matrix(stacks: Sequence[int]) -> list[list[Fraction]]:
    matrix = [[Fraction(0)] * len(stacks) for _ in stacks]
    for order, chance in _naive_orders(stacks).items():
        for place, player in enumerate(order):
            matrix[player][place] += chance
    return matrix


def _rounded(values: Sequence[Fraction], digits: int) -> list[Fraction]:
    return [round(value, digits) for value in values]


def _raises_in_french(call: object, *args: object, **kwargs: object) -> ParseError:
    """Call and return the ParseError it raises, checking that it has its French text."""
    assert callable(call)
    with pytest.raises(ParseError) as caught:
        call(*args, **kwargs)
    assert error_text(caught.value, "fr") != str(caught.value), f"no French for {caught.value}"
    assert error_text(caught.value, "fr") != str(caught.value)
    return caught.value


# --- Published worked examples -------------------------------------------------------------


def test_wikipedia_and_sng_book_finishing_orders_of_50_30_20() -> None:
    orders = _naive_orders([50, 30, 20])
    a, b, c = 0, 1, 2
    published = {(a, b, c): "0.30", (a, c, b): "0.20", (b, a, c): "0.2143", (b, c, a): "0.0857",
                 (c, a, b): "0.125", (c, b, a): "0.075"}  # fmt: skip
    for order, chance in published.items():
        digits = len(chance.split(".")[1])
        assert round(orders[order], digits) == Fraction(chance), order
    # The orders, added place by place, are what the walk over sets finds.
    matrix = finish_probabilities([50, 30, 20], exact=True)
    assert matrix[a] == [orders[a, b, c] + orders[a, c, b],
                         orders[b, a, c] + orders[c, a, b],
                         orders[b, c, a] + orders[c, b, a]]  # fmt: skip
    assert matrix == [[Fraction(1, 2), Fraction(19, 56), Fraction(9, 56)],
                      [Fraction(3, 10), Fraction(3, 8), Fraction(13, 40)],
                      [Fraction(1, 5), Fraction(2, 7), Fraction(18, 35)]]  # fmt: skip


def test_wikipedia_equities_for_prizes_of_70_and_30() -> None:
    exact = equities([50, 30, 20], [70, 30], exact=True)
    assert exact == [Fraction(1265, 28), Fraction(129, 4), Fraction(158, 7)]  # 45.18, 32.25, 22.57
    assert [math.floor(equity) for equity in exact] == [45, 32, 22]  # "about 45, 32 and 22"
    # Relative to the stack's share of the pool: about 90 %, 110 % and 110 % (Wikipedia).
    ratios = [equity / share for equity, share in zip(exact, [50, 30, 20], strict=True)]
    assert _rounded(ratios, 1) == [Fraction("0.9"), Fraction("1.1"), Fraction("1.1")]


def test_sng_book_chip_leader_holds_38_39_percent_of_a_50_30_20_pool() -> None:
    exact = equities([10_000, 6_000, 4_000], [50, 30, 20], exact=True)
    assert round(exact[0], 2) == Fraction("38.39")
    assert exact == [Fraction(1075, 28), Fraction(131, 4), Fraction(202, 7)]


def test_practicalwebtools_calculator_50k_30k_20k_for_1000_dollars() -> None:
    exact = equities([50_000, 30_000, 20_000], [500, 300, 200], exact=True)
    # 383.93, 327.50 and 288.57: the calculator shows whole dollars.
    assert _rounded(exact, 0) == [384, 328, 289]


def test_pailiku_four_players_three_prizes() -> None:
    exact = equities([5_000, 3_000, 1_500, 500], [500, 300, 200], exact=True)
    assert _rounded(exact, 2) == [Fraction(value) for value in ("377.78", "312.89", "225.60",
                                                                 "83.73")]  # fmt: skip


def test_math_of_holdem_doubling_up_on_the_first_hand_of_a_ten_player_sit_and_go() -> None:
    """Nine players left, one with 2,000 chips and eight with 1,000, for $50, $30 and $20."""
    exact = equities([2_000] + [1_000] * 8, [5_000, 3_000, 2_000], exact=True)
    assert exact[0] == Fraction(16_600, 9)  # $18.44
    assert round(exact[0] / 100, 2) == Fraction("18.44")
    assert len(set(exact[1:])) == 1


def test_pocketfives_double_or_nothing_double_up_gains_about_56_percent() -> None:
    start = equities([1_000] * 10, [20] * 5, exact=True)
    assert start == [10] * 10  # 10 % of the pool each
    doubled = equities([2_000] + [1_000] * 8, [20] * 5, exact=True)
    assert doubled[0] == Fraction(140, 9)  # 15.56 % of the pool
    assert round(doubled[0] / start[0] - 1, 2) == Fraction("0.56")


def test_hold_em_k_four_handed_values_and_finishing_distribution() -> None:
    stacks, prizes = [100_000, 70_000, 50_000, 20_000], [200, 120, 80, 50]
    exact = equities(stacks, prizes, exact=True)
    assert _rounded(exact, 2) == [Fraction(value) for value in ("140.84", "123.80", "108.96",
                                                                 "76.40")]  # fmt: skip
    percents = [[round(chance * 100, 1) for chance in row]
                for row in finish_probabilities(stacks, exact=True)]  # fmt: skip
    assert percents == [[Fraction(value) for value in row.split()] for row in (
        "41.7 31.9 20 6.4", "29.2 31.2 27.5 12.2", "20.8 25.4 33.2 20.6", "8.3 11.6 19.3 60.8"
    )]  # fmt: skip


#: The 2016 WSOP Main Event final table (the "November Nine"): chips and prizes as Hochgepokert
#: gives them, then the ICM value of each stack it publishes (the ninth is cut off in our copy).
NOVEMBER_NINE_STACKS = [74_600_000, 67_925_000, 49_375_000, 43_325_000, 31_600_000,
                        27_300_000, 26_175_000, 10_175_000, 6_150_000]  # fmt: skip
NOVEMBER_NINE_PRIZES = [8_000_000, 4_658_452, 3_451_175, 2_574_808, 1_934_579, 1_463_906,
                        1_250_000, 1_100_000, 1_000_000]  # fmt: skip
NOVEMBER_NINE_ICM = [4_089_787, 3_918_533, 3_375_798, 3_172_393, 2_729_587, 2_547_844,
                     2_498_299, 1_677_554]  # fmt: skip


def test_hochgepokert_november_nine_2016_nine_players_to_the_dollar() -> None:
    exact = equities(NOVEMBER_NINE_STACKS, NOVEMBER_NINE_PRIZES, exact=True)
    assert _rounded(exact[:8], 0) == NOVEMBER_NINE_ICM
    assert sum(exact) == sum(NOVEMBER_NINE_PRIZES)
    floats = equities(NOVEMBER_NINE_STACKS, NOVEMBER_NINE_PRIZES)
    assert [round(value) for value in floats[:8]] == NOVEMBER_NINE_ICM


#: pzhon's chances of finishing last with stacks of 1, 2, ..., n chips (Two Plus Two, 2006).
LAST_PLACE = {
    3: ["0.5833333333333334", "0.2666666666666666", "0.15"],
    5: ["0.5361360861360861", "0.22936507936507936", "0.12031302031302031",
        "0.07022977022977023", "0.04395604395604396"],
    10: ["0.5184164152973668", "0.2151557713105984", "0.10893008631761322",
         "0.06109750853503585", "0.036606485042195436", "0.022998223608975937",
         "0.014984758061417186", "0.010053105474764727", "0.006909801915833682",
         "0.0048478444361987425"],
    15: ["0.5165407213004611", "0.21359514003346372", "0.10763726163687229",
         "0.06002971007838609", "0.03572609821501513", "0.02227291325368989",
         "0.014387192991584257", "0.009560467771416203", "0.006503209213545211",
         "0.0045117668120416956", "0.003183781349335634", "0.0022802773367725966",
         "0.001654769973221269", "0.0012150347599461867", "0.0009016552742487154"],
}  # fmt: skip


@pytest.mark.parametrize("players", sorted(LAST_PLACE))
def test_pzhon_chances_of_finishing_last_with_stacks_1_to_n(players: int) -> None:
    stacks = list(range(1, players + 1))
    published = [Fraction(value) for value in LAST_PLACE[players]]
    floats = finish_probabilities(stacks)
    assert all(abs(row[-1] - value) < 1e-15 for row, value in zip(floats, published, strict=True))
    if players <= 10:
        exact = finish_probabilities(stacks, exact=True)
        assert all(
            abs(row[-1] - value) < Fraction(1, 10**15)
            for row, value in zip(exact, published, strict=True)
        )


def test_ten_players_exactly() -> None:
    """pzhon's ten stacks, every place: rows and columns add up to exactly 1, the floats agree
    with the fractions, and the model's own rule holds for the winner and the runner-up."""
    stacks = list(range(1, 11))
    exact = finish_probabilities(stacks, exact=True)
    floats = finish_probabilities(stacks)
    assert all(sum(row) == 1 for row in exact)
    assert all(sum(column) == 1 for column in zip(*exact, strict=True))
    assert all(
        abs(value - float(fraction)) < 1e-14
        for row, float_row in zip(exact, floats, strict=True)
        for fraction, value in zip(row, float_row, strict=True)
    )
    assert [row[0] for row in exact] == [Fraction(stack, 55) for stack in stacks]
    second = [
        sum(Fraction(other, 55) * Fraction(stack, 55 - other) for other in stacks if other != stack)
        for stack in stacks
    ]
    assert [row[1] for row in exact] == second
    prizes = [3_000, 2_000, 1_500, 1_100, 800, 600, 400, 300, 200, 100]
    assert sum(equities(stacks, prizes, exact=True)) == sum(prizes)


def test_australian_gambling_deal_examples() -> None:
    assert equities([60, 40], [10_000, 4_000], exact=True) == [7_600, 6_400]
    assert equities([10_000] * 3, [12_000, 6_000, 3_000], exact=True) == [7_000] * 3
    assert equities([20_000, 10_000], [12_000, 6_000], exact=True) == [10_000, 8_000]


def test_daut44_player_one_finishes_first_and_second() -> None:
    first, second, _ = finish_probabilities([9_000, 6_000, 5_000], exact=True)[0]
    assert first == Fraction(45, 100)
    assert second == Fraction(3, 10) * Fraction(9, 14) + Fraction(25, 100) * Fraction(9, 15)


# --- Properties ----------------------------------------------------------------------------

stacks_lists = st.lists(st.integers(1, 10_000), min_size=1, max_size=6)


def _prizes_for(players: int) -> st.SearchStrategy[list[int]]:
    return st.lists(st.integers(0, 100_000), min_size=0, max_size=players).map(
        lambda prizes: sorted(prizes, reverse=True)
    )


stacks_and_prizes = stacks_lists.flatmap(
    lambda stacks: st.tuples(st.just(stacks), _prizes_for(len(stacks)))
)


@PROPERTY
@given(st.lists(st.integers(1, 10_000), min_size=1, max_size=5))
def test_the_walk_over_sets_is_the_sum_over_every_finishing_order(stacks: list[int]) -> None:
    assert finish_probabilities(stacks, exact=True) == _naive_matrix(stacks)


@PROPERTY
@given(st.lists(st.integers(1, 10**6), min_size=1, max_size=7))
def test_each_player_finishes_somewhere_and_each_place_is_taken(stacks: list[int]) -> None:
    exact = finish_probabilities(stacks, exact=True)
    assert len(exact) == len(stacks)
    assert all(len(row) == len(stacks) for row in exact)
    assert all(sum(row) == 1 for row in exact)
    assert all(sum(column) == 1 for column in zip(*exact, strict=True))
    assert all(value > 0 for row in exact for value in row)
    floats = finish_probabilities(stacks)
    assert all(math.isclose(sum(row), 1.0, rel_tol=1e-12) for row in floats)


@PROPERTY
@given(stacks_and_prizes)
def test_equities_add_up_to_the_prizes_and_floats_agree_with_fractions(
    case: tuple[list[int], list[int]],
) -> None:
    stacks, prizes = case
    exact = equities(stacks, prizes, exact=True)
    assert sum(exact) == sum(prizes)
    smallest = prizes[-1] if len(prizes) == len(stacks) else 0
    assert all(smallest <= equity <= (prizes[0] if prizes else 0) for equity in exact)
    floats = equities(stacks, prizes)
    assert all(
        math.isclose(value, fraction, rel_tol=1e-12, abs_tol=1e-9)
        for value, fraction in zip(floats, exact, strict=True)
    )


@PROPERTY
@given(stacks_and_prizes, st.randoms(use_true_random=False), st.integers(1, 50))
def test_equity_depends_on_the_stacks_only_not_on_their_order_or_their_unit(
    case: tuple[list[int], list[int]], rng: random.Random, scale: int
) -> None:
    stacks, prizes = case
    exact = equities(stacks, prizes, exact=True)
    order = list(range(len(stacks)))
    rng.shuffle(order)
    shuffled = equities([stacks[player] for player in order], prizes, exact=True)
    assert shuffled == [exact[player] for player in order]
    assert equities([stack * scale for stack in stacks], prizes, exact=True) == exact


@PROPERTY
@given(stacks_and_prizes)
def test_a_bigger_stack_is_worth_at_least_as_much_and_equal_stacks_the_same(
    case: tuple[list[int], list[int]],
) -> None:
    stacks, prizes = case
    exact = equities(stacks, prizes, exact=True)
    for (stack, equity), (other, other_equity) in itertools.permutations(
        zip(stacks, exact, strict=True), 2
    ):
        if stack == other:
            assert equity == other_equity
        elif stack > other:
            assert equity >= other_equity


@PROPERTY
@given(st.integers(1, 8), st.integers(1, 10_000), st.lists(st.integers(0, 10**6), max_size=8))
def test_equal_stacks_share_the_prizes_equally(players: int, stack: int, prizes: list[int]) -> None:
    prizes = prizes[:players]
    assert (
        equities([stack] * players, prizes, exact=True)
        == [Fraction(sum(prizes), players)] * players
    )


def test_places_that_pay_nothing_change_nobody_s_equity() -> None:
    stacks = [700, 200, 100, 50]
    assert equities(stacks, [600, 400, 0, 0], exact=True) == equities(
        stacks, [600, 400], exact=True
    )
    assert equities(stacks, [], exact=True) == [0, 0, 0, 0]
    assert equities([5], [100]) == [100.0]


# --- Limits and errors ---------------------------------------------------------------------


def test_the_walk_covers_16_players_every_place_and_refuses_17() -> None:
    """Sixteen players visit 2**16 - 1 = 65,535 sets, within MAX_STATES; seventeen visit
    131,071 and are refused rather than approximated."""
    assert MAX_STATES == 65_536
    sixteen = finish_probabilities(list(range(1, 17)))
    assert all(math.isclose(sum(row), 1.0) for row in sixteen)
    error = _raises_in_french(finish_probabilities, list(range(1, 18)))
    assert str(error) == (
        "ICM for 17 players over 17 places visits 131,071 sets of players, more than the "
        "65,536 computed exactly: pay fewer places or leave fewer players"
    )
    assert error_text(error, "fr").startswith("l'ICM de 17 joueurs sur 17 places parcourt 131,071")


def test_a_large_field_is_computed_when_only_a_few_places_pay() -> None:
    stacks = list(range(100, 2_000, 50))  # 38 players
    prizes = [5_000, 3_000, 2_000]  # 1 + 38 + 703 sets
    assert sum(equities(stacks, prizes, exact=True)) == 10_000
    # Five paid places is 1 + 38 + 703 + 8,436 + 73,815 sets: too many.
    error = _raises_in_french(equities, stacks, [5, 4, 3, 2, 1])
    assert str(error).startswith("ICM for 38 players over 5 places visits 82,993 sets")
    # Places paying nothing are dropped first, so they do not count.
    assert sum(equities(stacks, [5, 4, 3] + [0] * 35)) == pytest.approx(12)


@pytest.mark.parametrize(
    ("stacks", "prizes", "message"),
    [
        ([], [], "ICM needs the stack of at least one player"),
        ([100, 0], [10], "a stack is a positive whole number of chips, not 0"),
        ([100, -5], [10], "a stack is a positive whole number of chips, not -5"),
        ([100, 2.5], [10], "a stack is a positive whole number of chips, not 2.5"),
        ([100, True], [10], "a stack is a positive whole number of chips, not True"),
        ([100, "50"], [10], "a stack is a positive whole number of chips, not '50'"),
        ([100, 50], [10, -1], "a prize is a whole number from 0, not -1"),
        ([100, 50], [10.5], "a prize is a whole number from 0, not 10.5"),
        ([100, 50], [False], "a prize is a whole number from 0, not False"),
        ([100, 200], [70, 30, 10], "ICM pays 3 prizes to only 2 players"),
        ([100, 200], [70, 0, 0], "ICM pays 3 prizes to only 2 players"),
    ],
)
def test_equities_refuse_bad_input(
    stacks: list[object], prizes: list[object], message: str
) -> None:
    assert str(_raises_in_french(equities, stacks, prizes)) == message
    assert str(_raises_in_french(equities, stacks, prizes, exact=True)) == message


def test_finish_probabilities_refuse_bad_stacks() -> None:
    _raises_in_french(finish_probabilities, [])
    _raises_in_french(finish_probabilities, [10, 0], exact=True)
