"""Split and mystery bounties (BOUNTY-SPLIT, BOUNTY-MYSTERY): worked examples, the refusals,
and the ledger balancing to the cent after each step. The books are silent; docs/bounties.md and
docs/judgements.md give pokertd's rules."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tournament_tools import Driver

from pokertd.errors import IllegalActionError, ParseError
from pokertd.tournament import commands, events
from pokertd.tournament.bounties import split_bounty, split_order, verify_envelopes
from pokertd.tournament.money import MoneyRules
from pokertd.tournament.reports import statement_of
from pokertd.tournament.state import TournamentState

BUY_IN = {"prize": 4_500, "fee": 500, "chips": 10_000}


def money(bounty: str, head: int, **changes: Any) -> dict[str, Any]:
    rules = {"buy_in": {**BUY_IN, "bounty": head}, "bounty": bounty, **changes}
    return MoneyRules.from_dict(rules).to_dict()


def won(state: TournamentState) -> dict[int, int]:
    return {line.entry: line.bounties for line in statement_of(state).lines if line.bounties}


def balanced(state: TournamentState) -> bool:
    return statement_of(state).balances


# -- BOUNTY-SPLIT: the arithmetic --------------------------------------------------------------


def test_bounty_split_by_pots_won_in_whole_units() -> None:
    """Two pots to entry 7, one to entry 4: 20 EUR splits 13 and 7 (13.33 rounded by the
    largest remainder, the odd unit to the larger remainder)."""
    assert split_bounty(2_000, {4: 1, 7: 2}, unit=100) == {7: 1_300, 4: 700}


def test_bounty_split_equal_pots_odd_unit_to_the_lower_entry() -> None:
    """Three takers of one pot each share 10 EUR: 4, 3, 3; the tie goes by entry number."""
    assert split_bounty(1_000, {9: 1, 7: 1, 4: 1}, unit=100) == {4: 400, 7: 300, 9: 300}
    assert split_order({9: 1, 7: 1, 4: 1}) == [4, 7, 9]


def test_bounty_split_cents_below_the_unit_go_to_the_first_taker() -> None:
    """A 10.50 EUR head in whole euros: 5 each, the 50 cents to the first in the order."""
    assert split_bounty(1_050, {7: 1, 4: 1}, unit=100) == {4: 550, 7: 500}


@given(
    amount=st.integers(0, 10_000_000),
    pots=st.dictionaries(st.integers(1, 500), st.integers(1, 6), min_size=1, max_size=6),
    unit=st.sampled_from([1, 5, 100, 500]),
)
def test_bounty_split_never_loses_a_cent(amount: int, pots: dict[int, int], unit: int) -> None:
    shares = split_bounty(amount, pots, unit=unit)
    assert sum(shares.values()) == amount
    assert set(shares) == set(pots)
    total = sum(pots.values())
    first = split_order(pots)[0]
    for taker, share in shares.items():
        exact = amount * pots[taker] / total
        slack = unit + (amount % unit if taker == first else 0)
        assert abs(share - exact) <= slack


def test_bounty_split_refuses_a_taker_without_a_pot() -> None:
    with pytest.raises(ParseError, match="wins at least one"):
        split_bounty(1_000, {4: 0, 7: 1})


# -- BOUNTY-SPLIT in a tournament ------------------------------------------------------------------


def test_bounty_split_fixed_two_takers_in_one_hand() -> None:
    """Entry 5 (10 EUR on his head) loses the main pot to 1 and the side pot to 2."""
    driver = Driver.create("tda-2017", 6, money=money("fixed", 1_000))
    found = driver.do(commands.BustPlayers((5,), split={5: {1: 1, 2: 1}}))
    taken = [(e.busted, e.taker, e.cash) for e in found if isinstance(e, events.BountyTaken)]
    assert taken == [(5, 1, 500), (5, 2, 500)]
    assert won(driver.state) == {1: 500, 2: 500}
    assert balanced(driver.state)


def test_bounty_split_progressive_each_share_half_cash_half_head() -> None:
    """Progressive, 50 % cash: a 10 EUR head split 7/3 by pots (two and one) pays 3.50 and
    1.50 in cash and puts the same on each taker's head."""
    rules = money("progressive", 1_000, unit=100)
    driver = Driver.create("tda-2017", 6, money=rules)
    found = driver.do(commands.BustPlayers((6,), split={6: {1: 2, 3: 1}}))
    taken = [(e.taker, e.cash, e.to_head) for e in found if isinstance(e, events.BountyTaken)]
    assert taken == [(1, 350, 350), (3, 150, 150)]
    heads = driver.state.ledger.heads
    assert (heads[1], heads[3]) == (1_350, 1_150)
    assert balanced(driver.state)


def test_bounty_split_refusals_name_what_is_wrong() -> None:
    driver = Driver.create("tda-2017", 6, money=money("fixed", 1_000))
    with pytest.raises(ParseError, match="not both"):
        driver.do(commands.BustPlayers((5,), takers={5: 1}, split={5: {1: 1, 2: 1}}))
    with pytest.raises(ParseError, match="busts too"):
        driver.do(
            commands.BustPlayers((4, 5), {4: 100, 5: 200}, split={5: {4: 1, 2: 1}}, takers={4: 1})
        )
    with pytest.raises(ParseError, match="not among the players busted"):
        driver.do(commands.BustPlayers((5,), takers={5: 1, 4: 2}))
    assert driver.state.ledger.heads[5] == 1_000  # nothing changed


# -- BOUNTY-MYSTERY --------------------------------------------------------------------------------


def mystery_driver(players: int = 4) -> Driver:
    return Driver.create("tda-2017", players, money=money("mystery", 1_000))


def test_bounty_mystery_nothing_drawn_before_the_stage() -> None:
    driver = mystery_driver(5)
    found = driver.do(commands.BustPlayers((5,)))
    assert not [e for e in found if isinstance(e, events.EnvelopeDrawn)]
    with pytest.raises(ParseError, match="not sealed yet"):
        driver.do(commands.BustPlayers((4,), takers={4: 1}))
    assert statement_of(driver.state).on_heads == 5_000  # the bust-out's head stays pooled


def test_bounty_mystery_worked_example() -> None:
    """Four players, 10 EUR each on their heads: the director publishes 25, 10, 3 and 2 EUR.
    The seeded draw orders them; each elimination takes the next envelope, the winner the last;
    the order revealed matches the commitment published before the first draw."""
    driver = mystery_driver()
    prizes = (2_500, 1_000, 300, 200)
    sealed = driver.do(commands.SealEnvelopes(prizes))[0]
    assert isinstance(sealed, events.EnvelopesSealed)
    assert sorted(sealed.order) == sorted(prizes)
    assert verify_envelopes(sealed.commitment, sealed.salt, sealed.order, prizes)
    drawn = [
        *driver.do(commands.BustPlayers((4,), takers={4: 1})),
        *driver.do(commands.BustPlayers((3,), split={3: {1: 1, 2: 1}})),
        *driver.do(commands.BustPlayers((2,), takers={2: 1})),
    ]
    envelopes = [e for e in drawn if isinstance(e, events.EnvelopeDrawn)]
    assert [e.envelope for e in envelopes] == [1, 2, 3]
    assert [e.value for e in envelopes] == list(sealed.order[:3])
    second = sealed.order[1]
    assert dict(envelopes[1].shares) == split_bounty(second, {1: 1, 2: 1}, unit=100)
    sheet = statement_of(driver.state)
    assert driver.state.winner == 1
    assert sheet.bounties == sum(prizes)
    assert sheet.on_heads == 0
    assert won(driver.state)[1] == sum(prizes) - dict(envelopes[1].shares)[2]
    assert sheet.balances


def test_bounty_mystery_the_draw_replays_identically() -> None:
    first, second = mystery_driver(), mystery_driver()
    for driver in (first, second):
        driver.do(commands.SealEnvelopes((2_500, 1_000, 300, 200)))
    assert first.state.ledger.envelopes == second.state.ledger.envelopes


@pytest.mark.parametrize(
    ("prizes", "said"),
    [
        ((2_000, 2_000), "publish one envelope each"),
        ((1_000, 1_000, 1_000, 900), "the bounty pool is 40.00 EUR"),
        ((4_000, 0, 0, 0), "positive amount"),
    ],
)
def test_bounty_mystery_refuses_a_bad_prize_list(prizes: tuple[int, ...], said: str) -> None:
    driver = mystery_driver()
    with pytest.raises(ParseError, match=said):
        driver.do(commands.SealEnvelopes(prizes))
    assert driver.state.ledger.envelopes is None


def test_bounty_mystery_refusals_by_rule() -> None:
    fixed = Driver.create("tda-2017", 4, money=money("fixed", 1_000))
    with pytest.raises(IllegalActionError) as error:
        fixed.do(commands.SealEnvelopes((1_000,) * 4))
    assert error.value.rule == "BOUNTY-MYSTERY"
    driver = mystery_driver()
    driver.do(commands.SealEnvelopes((1_000,) * 4))
    with pytest.raises(IllegalActionError) as error:
        driver.do(commands.SealEnvelopes((1_000,) * 4))
    assert error.value.rule == "BOUNTY-MYSTERY"
