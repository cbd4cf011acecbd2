"""Final-table deals: every method shares exactly the money dealt, in whole units, and nobody
takes less than the smallest remaining prize.

Published deals checked here:

- Heads-up, 60 % of the chips for prizes of $10,000 and $4,000: $7,600 and $6,400 ("Poker
  Life: Methods Used To Assess Tournament Equity", Australian Gambling,
  http://www.australiangambling.com.au/gambling-news/poker-life-methods-used-to-assess-tournament-equity/81562/).
  "When heads-up, ICM is equal to chip-chop numbers" (PokerNews, "ICM",
  https://www.pokernews.com/pokerterms/icm.htm).
- Four players with 100,000, 70,000, 50,000 and 20,000 chips for $200, $120, $80 and $50:
  ICM $140.84, $123.80, $108.96 and $76.40, chip chop $154.25, $123, $102 and $70.75 (the
  $50 each is sure, the $250 above it goes by chip share rounded to 0.1 %) ("Poker basics:
  edge-based final table deals", Hold'em-K,
  https://www.hold-em-k.com/poker/news-poker-basics-edge-based-final-table-deals/).
- The 2016 WSOP Main Event final table by ICM, to the dollar ("Was würde bei einem Deal der
  November Nine passieren?", Hochgepokert,
  https://hochgepokert.com/2016/07/29/was-wuerde-bei-einem-deal-der-november-nine-passieren).
"""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.errors import ParseError
from pokertd.present.i18n import error_text
from pokertd.tournament import icm
from pokertd.tournament.deals import (
    Deal,
    DealMethod,
    chip_chop,
    custom_deal,
    even_chop,
    icm_deal,
)

PROPERTY = settings(max_examples=200, deadline=None, derandomize=True, database=None)

METHODS = [icm_deal, chip_chop, even_chop]


def _raises_in_french(call: object, *args: object, **kwargs: object) -> ParseError:
    """Call and return the ParseError it raises, checking that it has its French text."""
    assert callable(call)
    with pytest.raises(ParseError) as caught:
        call(*args, **kwargs)
    assert error_text(caught.value, "fr") != str(caught.value), f"no French for {caught.value}"
    assert error_text(caught.value, "fr") != str(caught.value)
    return caught.value


# --- Published deals -----------------------------------------------------------------------


def test_heads_up_60_40_for_10000_and_4000_dollars() -> None:
    stacks, prizes = [6_000, 4_000], [1_000_000, 400_000]
    assert icm_deal(stacks, prizes).amounts == (760_000, 640_000)
    assert chip_chop(stacks, prizes).amounts == (760_000, 640_000)


def test_hold_em_k_four_handed_icm_and_chip_chop() -> None:
    stacks, prizes = [100_000, 70_000, 50_000, 20_000], [20_000, 12_000, 8_000, 5_000]
    assert icm_deal(stacks, prizes).amounts == (14_084, 12_380, 10_896, 7_640)
    chop = chip_chop(stacks, prizes)
    assert chop.amounts == (15_417, 12_292, 10_208, 7_083)
    # The page rounds each chip share to 0.1 % before taking it of the $250 above the $50 each:
    # 41.7 %, 29.2 %, 20.8 % and 8.3 %, hence $154.25, $123, $102 and $70.75.
    shares = [round(Fraction(stack, sum(stacks)), 3) for stack in stacks]
    assert [5_000 + 25_000 * share for share in shares] == [15_425, 12_300, 10_200, 7_075]
    assert all(abs(ours - 5_000 - 25_000 * share) < 13 for ours, share in
               zip(chop.amounts, shares, strict=True))  # fmt: skip


def test_november_nine_2016_icm_deal_to_the_dollar() -> None:
    stacks = [74_600_000, 67_925_000, 49_375_000, 43_325_000, 31_600_000, 27_300_000,
              26_175_000, 10_175_000, 6_150_000]  # fmt: skip
    dollars = [8_000_000, 4_658_452, 3_451_175, 2_574_808, 1_934_579, 1_463_906, 1_250_000,
               1_100_000, 1_000_000]  # fmt: skip
    published = [4_089_787, 3_918_533, 3_375_798, 3_172_393, 2_729_587, 2_547_844, 2_498_299,
                 1_677_554]  # fmt: skip
    deal = icm_deal(stacks, [prize * 100 for prize in dollars], unit=100)
    assert deal.dealt == sum(dollars) * 100
    # The page rounds each value to the nearest dollar; the deal rounds down, then gives the
    # four dollars left to the four largest remainders (.84, .83, .80 and .55), which here is
    # the same, and adds up to the prizes exactly.
    assert all(amount % 100 == 0 for amount in deal.amounts)
    assert [amount // 100 for amount in deal.amounts[:8]] == published
    assert deal.amounts[8] == 142_312_500  # Fernando Pons, 1,423,124.83: cut off on the page


# --- Money is conserved, in units, above the guarantee -------------------------------------


@st.composite
def deals(draw: st.DrawFn) -> tuple[list[int], list[int], int, int]:
    """Stacks, prizes (non-increasing, at most one per player), an amount left to play for
    within its bounds, and a rounding unit."""
    stacks = draw(st.lists(st.integers(1, 10**7), min_size=2, max_size=7))
    prizes = draw(st.lists(st.integers(0, 10**7), min_size=1, max_size=len(stacks)))
    prizes.sort(reverse=True)
    minimum = prizes[-1] if len(prizes) == len(stacks) else 0
    left_to_play_for = draw(st.one_of(st.just(0), st.integers(0, prizes[0] - minimum)))
    unit = draw(st.sampled_from([1, 5, 100, 500, 1_000, 10_000]))
    return stacks, prizes, left_to_play_for, unit


@PROPERTY
@given(deals(), st.sampled_from(METHODS))
def test_every_method_deals_exactly_the_prizes_less_what_is_left_to_play_for(
    case: tuple[list[int], list[int], int, int], method: object
) -> None:
    stacks, prizes, left_to_play_for, unit = case
    assert callable(method)
    deal = method(stacks, prizes, left_to_play_for=left_to_play_for, unit=unit)
    assert isinstance(deal, Deal)
    assert sum(deal.amounts) == sum(prizes) - left_to_play_for == deal.dealt
    assert len(deal.amounts) == len(stacks)
    assert all(isinstance(amount, int) for amount in deal.amounts)
    assert min(deal.amounts) >= deal.minimum
    # Above the guarantee, whole units; the piece below one unit goes to one largest share.
    above = [amount - deal.minimum for amount in deal.amounts]
    piece = (deal.dealt - deal.minimum * len(stacks)) % unit
    whole = [share for share in above if share % unit == 0]
    assert len(whole) >= len(stacks) - 1
    if len(whole) < len(stacks):
        odd = next(share for share in above if share % unit)
        assert odd % unit == piece
        assert odd == max(above)
    assert Deal.from_dict(json.loads(json.dumps(deal.to_dict()))) == deal


@PROPERTY
@given(deals())
def test_icm_deal_gives_each_player_his_equity_within_a_unit(
    case: tuple[list[int], list[int], int, int],
) -> None:
    """With nothing left to play for, each amount is the ICM equity rounded to the unit (one
    player's also carries the piece below a unit). With money left to play for, the amount
    plus the player's chance of winning it (his chip share) is his equity in the whole prizes."""
    stacks, prizes, left_to_play_for, unit = case
    deal = icm_deal(stacks, prizes, left_to_play_for=left_to_play_for, unit=unit)
    equities = icm.equities(stacks, prizes, exact=True)
    chips = sum(stacks)
    piece = (deal.dealt - deal.minimum * len(stacks)) % unit
    for amount, stack, equity in zip(deal.amounts, stacks, equities, strict=True):
        expected = equity - left_to_play_for * Fraction(stack, chips)
        assert abs(amount - expected) < unit + piece
    if unit == 1 and left_to_play_for == 0:
        assert all(abs(a - e) < 1 for a, e in zip(deal.amounts, equities, strict=True))


@PROPERTY
@given(deals())
def test_chip_chop_shares_the_money_above_the_guarantee_by_chips(
    case: tuple[list[int], list[int], int, int],
) -> None:
    stacks, prizes, left_to_play_for, unit = case
    deal = chip_chop(stacks, prizes, left_to_play_for=left_to_play_for, unit=unit)
    rest = deal.dealt - deal.minimum * len(stacks)
    for amount, stack in zip(deal.amounts, stacks, strict=True):
        assert abs(amount - deal.minimum - Fraction(rest * stack, sum(stacks))) < 2 * unit
    # More chips never take less.
    ranked = sorted(zip(stacks, deal.amounts, strict=True))
    assert all(
        smaller[1] <= larger[1] or smaller[0] == larger[0]
        for smaller, larger in itertools.pairwise(ranked)
    )


@PROPERTY
@given(deals())
def test_even_chop_gives_everyone_the_same_within_a_unit(
    case: tuple[list[int], list[int], int, int],
) -> None:
    stacks, prizes, left_to_play_for, unit = case
    deal = even_chop(stacks, prizes, left_to_play_for=left_to_play_for, unit=unit)
    piece = (deal.dealt - deal.minimum * len(stacks)) % unit
    assert max(deal.amounts) - min(deal.amounts) <= unit + piece
    if unit == 1:
        assert max(deal.amounts) - min(deal.amounts) <= 1


@PROPERTY
@given(deals())
def test_heads_up_icm_is_the_chip_chop(case: tuple[list[int], list[int], int, int]) -> None:
    stacks, prizes, left_to_play_for, unit = case
    stacks, prizes = stacks[:2], prizes[:2]
    minimum = prizes[-1] if len(prizes) == 2 else 0
    left_to_play_for = min(left_to_play_for, prizes[0] - minimum)
    icm_amounts = icm_deal(stacks, prizes, left_to_play_for=left_to_play_for, unit=unit).amounts
    chop_amounts = chip_chop(stacks, prizes, left_to_play_for=left_to_play_for, unit=unit).amounts
    assert icm_amounts == chop_amounts


def test_money_left_to_play_for_comes_out_of_first_prize() -> None:
    """Three players, 5,000, 3,000 and 2,000 to win, 1,000 kept for the winner: each has 2,000
    for sure and the 3,000 above it is shared; the chip leader's ICM share is the smallest
    part of his equity because he is the likeliest to win the 1,000 too."""
    stacks, prizes = [500_000, 300_000, 200_000], [500_000, 300_000, 200_000]
    deal = icm_deal(stacks, prizes, left_to_play_for=100_000, unit=1_000)
    assert deal.amounts == (334_000, 297_000, 269_000)
    assert (deal.minimum, deal.dealt, deal.left_to_play_for) == (200_000, 900_000, 100_000)
    assert chip_chop(stacks, prizes, left_to_play_for=100_000, unit=1_000).amounts == (
        350_000, 290_000, 260_000
    )  # fmt: skip
    assert even_chop(stacks, prizes, left_to_play_for=100_000).amounts == (300_000,) * 3
    # All of first prize's lead may be kept: 2,000 each and second prize's lead are dealt.
    kept = icm_deal(stacks, prizes, left_to_play_for=300_000)
    assert (kept.dealt, kept.minimum, sum(kept.amounts)) == (700_000, 200_000, 700_000)
    assert min(kept.amounts) >= 200_000
    # Keeping more would leave first prize below the smallest one.
    _raises_in_french(icm_deal, stacks, prizes, left_to_play_for=300_001)


def test_more_players_than_prizes_have_no_guarantee() -> None:
    deal = icm_deal([5_000, 3_000, 2_000], [7_000, 3_000])
    assert deal.minimum == 0
    assert sum(deal.amounts) == 10_000
    assert even_chop([5_000, 3_000, 2_000], [7_000, 3_000]).amounts == (3_334, 3_333, 3_333)
    assert chip_chop([1, 1, 1], [0]).amounts == (0, 0, 0)


# --- Custom deals --------------------------------------------------------------------------


def test_custom_deal_records_what_the_players_agreed() -> None:
    deal = custom_deal([2_000, 1_000, 500], [6_000, 3_000, 1_000], [4_000, 3_500, 1_500],
                       left_to_play_for=1_000)  # fmt: skip
    assert deal.method is DealMethod.CUSTOM
    assert deal.amounts == (4_000, 3_500, 1_500)
    assert deal.dealt == 9_000
    assert Deal.from_dict(deal.to_dict()) == deal
    assert deal.to_dict() == {
        "method": "custom", "stacks": [2_000, 1_000, 500], "prizes": [6_000, 3_000, 1_000],
        "amounts": [4_000, 3_500, 1_500], "left_to_play_for": 1_000,
    }  # fmt: skip


@pytest.mark.parametrize(
    ("amounts", "message", "french"),
    [
        ([5_000, 3_000, 1_500], "the amounts add up to 95.00, not the 90.00 dealt",
         "la somme des montants vaut 95,00, pas les 90,00 partagés"),
        ([5_000, 3_500, 500], "each player takes at least the smallest remaining prize (10.00), "
                              "not 500", "chaque joueur reçoit au moins le plus petit prix "
                                         "restant (10,00), pas 500"),
        ([5_000, 4_000], "a deal gives an amount to each of its 3 players, not 2 amounts",
         "un accord donne un montant à chacun de ses 3 joueurs, pas 2 montants"),
        ([4_000, 3_500, 1_500.0], "each player takes at least the smallest remaining prize "
                                  "(10.00), not 1500.0", None),
    ],
)  # fmt: skip
def test_custom_deal_refuses_amounts_that_do_not_add_up_or_undercut_the_guarantee(
    amounts: list[int], message: str, french: str | None
) -> None:
    error = _raises_in_french(custom_deal, [2_000, 1_000, 500], [6_000, 3_000, 1_000], amounts,
                              left_to_play_for=1_000)  # fmt: skip
    assert str(error) == message
    if french is not None:
        assert error_text(error, "fr") == french


# --- Round trip and errors -----------------------------------------------------------------


@pytest.mark.parametrize("method", METHODS)
def test_deal_round_trips_through_its_dict(method: object) -> None:
    assert callable(method)
    deal = method([4_000, 2_500, 1_500], [5_000, 3_000, 2_000], left_to_play_for=500, unit=100)
    data = deal.to_dict()
    assert data["method"] == str(deal.method)
    assert Deal.from_dict(data) == deal
    assert Deal.from_dict(json.loads(json.dumps(data))) == deal
    data = method([4_000, 2_500, 1_500], [5_000, 3_000, 2_000]).to_dict()
    del data["left_to_play_for"]
    assert Deal.from_dict(data).left_to_play_for == 0


def test_deal_from_dict_accepts_the_wire_name_of_the_method() -> None:
    deal = Deal.from_dict({"method": "chip-chop", "stacks": [1, 1], "prizes": [60, 40],
                           "amounts": [50, 50]})  # fmt: skip
    assert deal.method is DealMethod.CHIP_CHOP


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"method": "chop", "stacks": [1, 1], "prizes": [60, 40], "amounts": [50, 50]},
         "a deal is one of icm, chip-chop, even-chop, custom, not 'chop'"),
        ({"method": "icm", "prizes": [60, 40], "amounts": [50, 50]},
         "a deal's stacks are a list, not None"),
        ({"method": "icm", "stacks": [1, 1], "prizes": "60, 40", "amounts": [50, 50]},
         "a deal's prizes are a list, not '60, 40'"),
        ({"method": "icm", "stacks": [1, 1], "prizes": [60, 40], "amounts": [60, 60]},
         "the amounts add up to 1.20, not the 1.00 dealt"),
    ],
)  # fmt: skip
def test_deal_from_dict_refuses_a_malformed_shape(data: dict[str, object], message: str) -> None:
    assert str(_raises_in_french(Deal.from_dict, data)) == message


@pytest.mark.parametrize(
    ("stacks", "prizes", "options", "message", "french"),
    [
        ([1_000], [100], {}, "a deal is made by at least two players, not 1",
         "un accord se fait à deux joueurs au moins, pas 1"),
        ([1_000, 0], [100], {}, "a stack is a positive whole number of chips, not 0",
         "un tapis est un nombre entier positif de jetons, pas 0"),
        ([1_000, 2.5], [100], {}, "a stack is a positive whole number of chips, not 2.5", None),
        ([1_000, True], [100], {}, "a stack is a positive whole number of chips, not True", None),
        ([1_000, 500], [], {}, "2 players deal the prizes of 1 to 2 places, not 0",
         "2 joueurs se partagent les prix de 1 à 2 places, pas 0"),
        ([1_000, 500], [3, 2, 1], {}, "2 players deal the prizes of 1 to 2 places, not 3", None),
        ([1_000, 500], [100, -1], {}, "the prize of place 2 must be a whole number of cents "
                                      "from 0, not -1", None),
        ([1_000, 500], [100.0], {}, "the prize of place 1 must be a whole number of cents "
                                    "from 0, not 100.0", None),
        ([1_000, 500], [300, 700], {}, "place 2 wins 7.00, more than place 1 (3.00)",
         "la place 2 gagne 7,00, plus que la place 1 (3,00)"),
        ([1_000, 500], [700, 300], {"left_to_play_for": 401},
         "the amount left to play for is from 0.00 to first prize's lead over the smallest "
         "prize (4.00), not 401",
         "le montant laissé en jeu va de 0,00 à l'écart entre le premier prix et le plus petit "
         "(4,00), pas 401"),
        ([1_000, 500], [700, 300], {"left_to_play_for": -1},
         "the amount left to play for is from 0.00 to first prize's lead over the smallest "
         "prize (4.00), not -1", None),
        ([1_000, 500], [700, 300], {"unit": 0},
         "a rounding unit is a positive whole number of cents, not 0",
         "une unité d'arrondi est un nombre entier positif de centimes, pas 0"),
        ([1_000, 500], [700, 300], {"unit": 2.5},
         "a rounding unit is a positive whole number of cents, not 2.5", None),
    ],
)  # fmt: skip
def test_every_method_refuses_bad_input_in_english_and_french(
    stacks: list[object],
    prizes: list[object],
    options: dict[str, object],
    message: str,
    french: str | None,
) -> None:
    for method in METHODS:
        error = _raises_in_french(method, stacks, prizes, **options)
        assert str(error) == message
        if french is not None:
            assert error_text(error, "fr") == french
