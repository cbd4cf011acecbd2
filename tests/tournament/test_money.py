"""Money through the aggregate (BUY-*): payments at registration and refunds, rebuys, add-ons,
re-entries, the guarantee and the house's money, bounties, payouts, shared places and deals.

Every test runs at a fixed ``NOW`` with a seeded ``rng`` (``tournament_tools.Driver``); amounts
are cents. The property test at the end plays random events to a winner and checks that the
ledger balances to the cent after every step, and that at the end every cent paid in was paid
out as a fee, a prize or a bounty.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from tournament_tools import Driver, at, find_event, structure

from pokertd.errors import IllegalActionError, NotFoundError, ParseError
from pokertd.present.i18n import error_text
from pokertd.tournament import commands, events
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.deals import chip_chop, even_chop, icm_deal
from pokertd.tournament.ledger import Statement, standard_prizes
from pokertd.tournament.money import MoneyRules
from pokertd.tournament.payouts import PayoutSheet, share
from pokertd.tournament.reports import statement_of, winnings
from pokertd.tournament.state import EntryStatus, TournamentState

#: 45 EUR to the pool, 5 EUR fee, the starting stack of ``structure()``.
BUY_IN = {"prize": 4_500, "fee": 500, "chips": 10_000}
REBUY = {"prize": 4_500, "chips": 10_000}
ADDON = {"prize": 4_500, "chips": 15_000}
#: Level 1 is 0-1,200 s, level 2 1,200-2,400 s, level 3 from 2,400 s (``structure()``).
LEVEL_2, LEVEL_3 = 1_200, 2_400


def money(**changes: Any) -> dict[str, Any]:
    """Return money rules: the buy-in above, with ``changes``."""
    return MoneyRules.from_dict({"buy_in": BUY_IN, **changes}).to_dict()


def rebuy_event(**changes: Any) -> dict[str, Any]:
    """Rebuys through level 2 and an add-on at its end."""
    return money(rebuy=REBUY, rebuy_levels=2, addon=ADDON, **changes)


def paid(driver: Driver, kind: type[events.TournamentEvent] = events.PaymentTaken) -> list[Any]:
    return [event for event in driver.tournament.events if isinstance(event, kind)]


def check_lines(sheet: Statement) -> None:
    """The ledger balances, and the lines add up to its totals."""
    assert sheet.balances, sheet
    assert sum(line.paid for line in sheet.lines) == sheet.taken
    assert sum(line.prize for line in sheet.lines) == sheet.prizes
    assert sum(line.bounties for line in sheet.lines) == sheet.bounties
    for line in sheet.lines:
        assert line.net == line.prize + line.bounties - line.paid


def prize_of(state: TournamentState, entry: int) -> int:
    return {line.entry: line.prize for line in statement_of(state).lines}.get(entry, 0)


def bounty_of(state: TournamentState, entry: int) -> int:
    return {line.entry: line.bounties for line in statement_of(state).lines}.get(entry, 0)


def chips_in_play_are_the_stacks(state: TournamentState) -> bool:
    return state.chips_in_play == sum(entry.stack or 0 for entry in state.active())


# -- creating and registering ---------------------------------------------------------------------


def test_create_records_the_money_rules_in_its_first_event() -> None:
    rules = rebuy_event(bounty="fixed", buy_in={**BUY_IN, "bounty": 1_000}, guarantee=100_000)
    driver = Driver.create("lfp", money=rules)
    created = find_event(driver.tournament.events, events.TournamentCreated)
    assert created.money == rules
    assert driver.state.ledger.rules == MoneyRules.from_dict(rules)
    assert (
        Tournament.replay(driver.tournament.events).state.ledger.rules == driver.state.ledger.rules
    )


@pytest.mark.parametrize(
    "rules",
    [
        {"buy_in": {**BUY_IN, "chips": 5_000}},  # the structure starts with 10,000
        {"buy_in": BUY_IN, "reentry": {"prize": 4_500, "chips": 20_000}},
        {"buy_in": BUY_IN, "rebuy": REBUY},  # rebuys need rebuy_levels
        {"buy_in": {**BUY_IN, "bounty": 1_000}},  # a bounty part in an event without bounties
        {"prize": 4_500},  # no buy-in
    ],
)
def test_create_refuses_money_rules_that_contradict_themselves(rules: dict[str, Any]) -> None:
    Driver().reject(commands.CreateTournament("x", structure(), money=rules), ParseError)


def test_buy_in_is_paid_at_registration() -> None:
    driver = Driver.create("tda-2017", 5, money=money())
    taken = paid(driver)
    assert [(e.entry, e.kind, e.prize, e.fee, e.bounty, e.chips) for e in taken] == [
        (number, "buy-in", 4_500, 500, 0, 10_000) for number in range(1, 6)
    ]
    sheet = statement_of(driver.state)
    assert (sheet.taken, sheet.fees, sheet.pool, sheet.unawarded) == (25_000, 2_500, 22_500, 22_500)
    assert [line.paid for line in sheet.lines] == [5_000] * 5
    assert driver.state.ledger.entries == 5
    check_lines(sheet)


def test_a_late_registration_pays_too() -> None:
    driver = Driver.create("gran-madrid", 4, money=money())  # GM 43°: open to the end of level 2
    found = driver.do(commands.Register("Late"))
    assert (
        find_event(found, events.PaymentTaken).entry == find_event(found, events.PlayerSeated).entry
    )
    assert driver.state.ledger.pool == 5 * 4_500


def test_an_event_without_money_records_no_payment_and_refuses_money_commands() -> None:
    driver = Driver.create("lfp", 4)
    assert driver.state.ledger.rules is None
    assert paid(driver) == []
    for command in (
        commands.Rebuy(1, stack=0),
        commands.AddOn(1),
        commands.SetPayouts(),
        commands.MakeDeal("icm"),
    ):
        error = driver.refuse(command)
        assert "created without a buy-in" in str(error)
        assert "créé sans buy-in" in error_text(error, "fr")
    sheet = statement_of(driver.state)
    assert (sheet.taken, sheet.pool, sheet.lines) == (0, 0, ())


def test_withdraw_refunds_every_part_of_the_buy_in() -> None:
    rules = money(bounty="fixed", buy_in={**BUY_IN, "bounty": 1_000})
    driver = Driver.create("tda-2017", 4, draw=False, money=rules)
    refund = find_event(driver.do(commands.Withdraw(2)), events.PaymentRefunded)
    assert (refund.entry, refund.prize, refund.fee, refund.bounty) == (2, 4_500, 500, 1_000)
    ledger = driver.state.ledger
    assert 2 not in ledger.heads
    assert (ledger.entries, ledger.pool, ledger.paid("fee")) == (3, 13_500, 1_500)
    sheet = statement_of(driver.state)
    assert {line.entry: line.paid for line in sheet.lines}[2] == 0
    assert (sheet.taken, sheet.on_heads) == (3 * 6_000, 3_000)
    check_lines(sheet)


def test_withdraw_without_money_refunds_nothing() -> None:
    driver = Driver.create("tda-2017", 3, draw=False)
    assert [type(e) for e in driver.do(commands.Withdraw(3))] == [events.EntryWithdrawn]


# -- rebuys ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("profile", "stack", "allowed"),
    [
        ("lfp", 0, True),  # LFP 5.2: "à zéro ou en dessous du gros blind en cours"
        ("lfp", 199, True),
        ("lfp", 200, False),  # exactly one big blind (level 1: 100/200)
        ("tda-2017", 0, True),  # TDA 27 sets no threshold: pokertd's reading, stack zero
        ("tda-2017", 1, False),
        ("gran-madrid", 0, True),  # GM 18° sets none either: inherited
        ("gran-madrid", 150, False),
    ],
)
def test_buy_rebuy_eligibility_threshold_per_profile(
    profile: str, stack: int, allowed: bool
) -> None:
    driver = Driver.create(profile, 4, money=rebuy_event())
    command = commands.Rebuy(1, stack=stack)
    if not allowed:
        error = driver.refuse(command)
        assert error.rule == "BUY-REBUY-ELIGIBILITY"
        assert f"entry 1 has {stack}" in str(error)
        needs = {"lfp": "moins que la grosse blinde (200)"}.get(profile, "un tapis vide")
        assert f"l'entrée 1 a {stack} : une recave demande {needs}" in error_text(error, "fr")
        return
    found = driver.do(command)
    assert [type(e) for e in found] == [events.StackReported, events.PaymentTaken]
    assert driver.state.entries[1].stack == stack + 10_000


def test_buy_rebuy_eligibility_lfp_follows_the_big_blind_in_force() -> None:
    """LFP 5.2: "the current big blind": 400 in level 2; during a break, the next level's."""
    driver = Driver.create(
        "lfp", 4, money=money(rebuy=REBUY, rebuy_levels=3), structure_data=structure(break_after=1)
    )
    driver.now = at(1_300)  # the break after level 1: the next big blind is 400
    driver.do(commands.Rebuy(1, stack=399))
    assert driver.refuse(commands.Rebuy(2, stack=400)).rule == "BUY-REBUY-ELIGIBILITY"
    driver.now = at(1_800 + LEVEL_2)  # level 3: 300/600
    driver.do(commands.Rebuy(2, stack=599))


def test_buy_rebuy_eligibility_a_house_threshold_at_or_below_the_starting_stack() -> None:
    driver = Driver.create("lfp", 4, money=rebuy_event(rebuy_threshold="at-or-below-starting"))
    driver.do(commands.Rebuy(1, stack=10_000))
    error = driver.refuse(commands.Rebuy(2, stack=10_001))
    assert "at most the starting stack (10000)" in str(error)
    assert "au plus le tapis de départ (10000)" in error_text(error, "fr")


def test_buy_rebuy_eligibility_one_stack_at_a_time() -> None:
    """LFP 5.2: one stack at a time. With a threshold the new stack still meets, a second rebuy
    waits until a hand has been played."""
    driver = Driver.create("tda-2017", 4, money=rebuy_event(rebuy_threshold="at-or-below-starting"))
    driver.do(commands.Rebuy(1, stack=0))
    assert driver.state.entries[1].stack == 10_000
    error = driver.refuse(commands.Rebuy(1))
    assert (error.rule, "one stack at a time" in str(error)) == ("BUY-REBUY-ELIGIBILITY", True)
    assert "une seule cave à la fois" in error_text(error, "fr")
    driver.do(commands.Rebuy(2, stack=0))  # another player is not held up
    driver.play(1)
    driver.do(commands.Rebuy(1))  # 10,000 after a hand: still at the starting stack
    assert driver.state.ledger.rebuys == {1: 2, 2: 1}


@pytest.mark.parametrize("profile", ["lfp", "tda-2017"])
def test_buy_rebuy_eligibility_the_new_stack_is_above_the_threshold(profile: str) -> None:
    driver = Driver.create(profile, 4, money=rebuy_event())
    driver.do(commands.Rebuy(3, stack=0))
    driver.play(1)
    error = driver.refuse(commands.Rebuy(3))
    assert (error.rule, "entry 3 has 10000: a rebuy needs" in str(error)) == (
        "BUY-REBUY-ELIGIBILITY",
        True,
    )


def test_buy_rebuy_eligibility_the_event_caps_the_rebuys() -> None:
    driver = Driver.create("tda-2017", 4, money=rebuy_event(rebuy_limit=2))
    for _ in range(2):
        driver.do(commands.Rebuy(1, stack=0))
        driver.play(1)
    error = driver.refuse(commands.Rebuy(1, stack=0))
    assert (error.rule, "has had his 2 rebuy(s)" in str(error)) == ("BUY-REBUY-ELIGIBILITY", True)
    driver.do(commands.Rebuy(2, stack=0))


def test_buy_rebuy_timing_the_chips_are_in_play_at_once() -> None:
    """BUY-REBUY-TIMING (LFP 5.3, TDA 27, GM 18°): the stack grows at once; the chips in play
    and the pool with it."""
    driver = Driver.create("lfp", 4, money=rebuy_event())
    assert chips_in_play_are_the_stacks(driver.state)
    found = driver.do(commands.Rebuy(2, stack=150))
    reported = find_event(found, events.StackReported)
    payment = find_event(found, events.PaymentTaken)
    assert (reported.entry, reported.chips) == (2, 150)
    assert (payment.kind, payment.prize, payment.fee, payment.chips) == ("rebuy", 4_500, 0, 10_000)
    assert driver.state.entries[2].stack == 10_150
    assert driver.state.chips_given == 50_000
    assert driver.state.ledger.pool == 5 * 4_500
    sheet = statement_of(driver.state)
    assert {line.entry: line.paid for line in sheet.lines}[2] == 5_000 + 4_500
    check_lines(sheet)


def test_buy_rebuy_a_stack_reported_since_is_used() -> None:
    driver = Driver.create("tda-2017", 4, money=rebuy_event())
    error = driver.refuse(commands.Rebuy(1))  # 10,000: not at zero
    assert error.rule == "BUY-REBUY-ELIGIBILITY"
    driver.do(commands.ReportStack(1, 0))
    assert [type(e) for e in driver.do(commands.Rebuy(1))] == [events.PaymentTaken]
    driver.reject(commands.Rebuy(2, stack=-5), ParseError)


def test_buy_freezeout_refuses_rebuys_and_add_ons() -> None:
    driver = Driver.create("lfp", 4, money=money())
    assert driver.refuse(commands.Rebuy(1, stack=0)).rule == "BUY-FREEZEOUT"
    assert driver.refuse(commands.AddOn(1), now=at(LEVEL_3)).rule == "BUY-ADDON"


def test_buy_rebuy_refused_for_an_entry_not_playing() -> None:
    driver = Driver.create("tda-2017", 4, money=rebuy_event())
    driver.bust(4)
    assert driver.refuse(commands.Rebuy(4, stack=0)).rule == "EVENT-STATE"  # not playing
    driver.reject(commands.Rebuy(99, stack=0), NotFoundError)


@pytest.mark.parametrize("profile", ["tda-2017", "gran-madrid"])
def test_buy_rebuy_eligibility_the_period_ends_with_its_last_level(profile: str) -> None:
    """Rebuys through level 2; the hand under way when it ends belongs to it (LVL-APPLY-NEXT-HAND):
    a table may rebuy until it deals its first hand of level 3, and not after."""
    driver = Driver.create(profile, 12, money=rebuy_event())
    first, second, third = sorted(driver.seats(1).values())[:3]
    elsewhere = sorted(driver.seats(2).values())[0]
    driver.do(commands.Rebuy(first, stack=0), now=at(LEVEL_2 + 100))
    driver.do(commands.StartHand(1), now=at(LEVEL_3 - 1))
    driver.do(commands.FinishHand(1), now=at(LEVEL_3 + 60))
    driver.now = at(LEVEL_3 + 60)
    driver.do(commands.Rebuy(second, stack=0))  # busted in the last hand of level 2
    driver.do(commands.StartHand(1))
    error = driver.refuse(commands.Rebuy(third, stack=0))
    assert error.rule == "BUY-REBUY-ELIGIBILITY"
    assert "ended with level 2" in str(error)
    assert "s'est terminée avec le niveau 2" in error_text(error, "fr")
    driver.do(commands.Rebuy(elsewhere, stack=0))  # his table has not dealt level 3 yet


def test_buy_addon_lfp_two_extra_hands_then_the_add_on() -> None:
    """LFP 5.5: two more hands at the end of the rebuy period; after the first a player may
    still rebuy, after the second he may only take the add-on."""
    driver = Driver.create("lfp", 4, money=rebuy_event())
    driver.now = at(LEVEL_3 + 10)
    driver.do(commands.Rebuy(1, stack=0))  # the period's time is up, no extra hand yet
    assert driver.refuse(commands.AddOn(2)).rule == "BUY-ADDON"
    driver.play(1)  # extra hand 1
    assert driver.state.hands_after_rebuys == {1: 1}
    driver.do(commands.Rebuy(2, stack=0))
    assert driver.refuse(commands.AddOn(3)).rule == "BUY-ADDON"
    driver.do(commands.StartHand(1))  # extra hand 2
    assert driver.refuse(commands.Rebuy(3, stack=0)).rule == "BUY-REBUY-ELIGIBILITY"
    assert driver.refuse(commands.AddOn(3)).rule == "BUY-ADDON"  # not during the hand
    driver.do(commands.FinishHand(1))
    assert driver.tournament.addons_open(1, driver.now)
    assert driver.refuse(commands.Rebuy(3, stack=0)).rule == "BUY-REBUY-ELIGIBILITY"
    payment = find_event(driver.do(commands.AddOn(3)), events.PaymentTaken)
    assert (payment.kind, payment.prize, payment.chips) == ("add-on", 4_500, 15_000)
    driver.do(commands.AddOn(1))  # LFP 5.4: every player, whatever his stack
    driver.do(commands.StartHand(1))  # the third hand: the add-on is over
    assert not driver.tournament.addons_open(1, driver.now)
    assert driver.refuse(commands.AddOn(4)).rule == "BUY-ADDON"


def test_buy_addon_not_before_the_end_of_the_rebuy_period() -> None:
    driver = Driver.create("tda-2017", 4, money=rebuy_event())
    error = driver.refuse(commands.AddOn(1), now=at(LEVEL_3 - 1))
    assert error.rule == "BUY-ADDON"
    assert "à la fin de la période des recaves (niveau 2)" in error_text(error, "fr")
    driver.do(commands.AddOn(1), now=at(LEVEL_3))


@pytest.mark.parametrize(("profile", "allowed"), [("gran-madrid", False), ("lfp", True)])
def test_buy_addon_with_an_empty_stack(profile: str, allowed: bool) -> None:
    """BUY-ADDON: GM 18° needs at least one chip; LFP 5.4 "whatever his stack"."""
    driver = Driver.create(profile, 4, money=rebuy_event())
    driver.do(commands.ReportStack(2, 0))
    driver.now = at(LEVEL_3)
    for _ in range(driver.state.profile.rebuy_extra_hands):
        driver.play(1)
    if allowed:
        driver.do(commands.AddOn(2))
        assert driver.state.entries[2].stack == 15_000
        return
    error = driver.refuse(commands.AddOn(2))
    assert (error.rule, "GM 18°" in str(error)) == ("BUY-ADDON", True)
    driver.do(commands.AddOn(3))


def test_buy_addon_gm_until_the_next_level_deals() -> None:
    """GM 18°: the add-on may be taken until the first hand of the next level is dealt."""
    driver = Driver.create("gran-madrid", 4, money=rebuy_event())
    driver.do(commands.StartHand(1), now=at(LEVEL_3 - 10))  # the last hand of the period
    error = driver.refuse(commands.AddOn(1), now=at(LEVEL_3 + 30))  # still being played
    assert error.rule == "BUY-ADDON"
    driver.do(commands.FinishHand(1), now=at(LEVEL_3 + 30))
    driver.do(commands.AddOn(1), now=at(LEVEL_3 + 40))
    driver.do(commands.StartHand(1), now=at(LEVEL_3 + 50))
    assert driver.refuse(commands.AddOn(2), now=at(LEVEL_3 + 50)).rule == "BUY-ADDON"


def test_buy_addon_once_and_never_a_rebuy_after_it() -> None:
    """LFP 5.5: a rebuy and an add-on are never combined; the add-on is taken once."""
    double = {"prize": 4_500, "chips": 30_000}
    driver = Driver.create("tda-2017", 4, money=rebuy_event(double_addon=double))
    driver.now = at(LEVEL_3)  # TDA: no extra hands; rebuys are still open until table 1 deals
    driver.do(commands.AddOn(1))
    error = driver.refuse(commands.AddOn(1))
    assert (error.rule, "already took the add-on" in str(error)) == ("BUY-ADDON", True)
    assert driver.refuse(commands.AddOn(1, double=True)).rule == "BUY-ADDON"
    error = driver.refuse(commands.Rebuy(1, stack=0))
    assert (error.rule, "no rebuy after it" in str(error)) == ("BUY-ADDON", True)
    driver.do(commands.Rebuy(2, stack=0))


def test_buy_addon_double_for_the_price_of_one() -> None:
    """LFP 5.4: a "double add-on" for the price of one, when the event offers it."""
    driver = Driver.create("tda-2017", 4, money=rebuy_event())
    driver.now = at(LEVEL_3)
    assert driver.refuse(commands.AddOn(1, double=True)).rule == "BUY-ADDON"
    doubled = Driver.create(
        "tda-2017", 4, money=rebuy_event(double_addon={"prize": 4_500, "chips": 30_000})
    )
    doubled.now = at(LEVEL_3)
    payment = find_event(doubled.do(commands.AddOn(1, double=True)), events.PaymentTaken)
    assert (payment.kind, payment.prize, payment.chips) == ("double-add-on", 4_500, 30_000)
    assert doubled.state.entries[1].stack == 40_000
    assert doubled.state.ledger.addons == {1: "double-add-on"}
    assert chips_in_play_are_the_stacks(doubled.state)


# -- re-entries -----------------------------------------------------------------------------------


@pytest.mark.parametrize("price", [None, {"prize": 3_000, "fee": 300, "chips": 10_000}])
def test_buy_reentry_pays_the_reentry_price(price: dict[str, int] | None) -> None:
    driver = Driver.create("tda-2017", 6, money=money(reentry=price), late_registration_levels=2)
    driver.bust(2)
    payment = find_event(driver.do(commands.ReEnter(2)), events.PaymentTaken)
    expected = (3_000, 300) if price else (4_500, 500)
    assert (payment.entry, payment.kind, payment.prize, payment.fee) == (7, "re-entry", *expected)
    assert driver.state.ledger.entries == 7
    assert driver.state.ledger.pool == 6 * 4_500 + expected[0]


def test_buy_reentry_an_active_entry_pays_and_his_bounty_follows_him() -> None:
    """TDA 7B: the chips surrendered leave play; the bounty on his head was never won: whoever
    eliminates him takes it with the new one's."""
    rules = money(bounty="fixed", buy_in={**BUY_IN, "bounty": 1_000})
    driver = Driver.create("tda-2017", 6, money=rules, late_registration_levels=2)
    driver.do(commands.ReEnter(3))
    assert driver.state.entries[3].status is EntryStatus.REENTERED
    assert driver.state.ledger.heads[3] == driver.state.ledger.heads[7] == 1_000
    found = driver.do(commands.BustPlayers((7,), takers={7: 1}))
    taken = [(e.busted, e.taker, e.cash) for e in found if isinstance(e, events.BountyTaken)]
    assert taken == [(7, 1, 1_000), (3, 1, 1_000)]
    assert bounty_of(driver.state, 1) == 2_000
    check_lines(statement_of(driver.state))


def test_buy_reentry_the_winner_keeps_the_bounty_of_the_entry_he_surrendered() -> None:
    rules = money(bounty="progressive", buy_in={**BUY_IN, "bounty": 1_000})
    driver = Driver.create("tda-2017", 3, money=rules, late_registration_levels=2)
    driver.do(commands.ReEnter(1))  # entry 4
    driver.do(commands.BustPlayers((2,), takers={2: 4}))  # 500 cash, 500 onto 4's head
    driver.do(commands.BustPlayers((3,), takers={3: 4}))
    sheet = statement_of(driver.state)
    assert driver.state.winner == 4
    assert bounty_of(driver.state, 4) == 4 * 1_000
    assert (sheet.on_heads, sheet.unawarded) == (0, 0)
    check_lines(sheet)


# -- the pool: guarantee, overlay, house ----------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "house", "overlay"),
    [(4, 0, 100_000 - 4 * 4_500), (4, 20_000, 100_000 - 4 * 4_500 - 20_000), (30, 0, 0)],
)
def test_the_guarantee_is_made_up_by_the_overlay(players: int, house: int, overlay: int) -> None:
    """The house pays the overlay when the prizes paid (and its own money) fall short of the
    guarantee; a bigger field pays no overlay."""
    driver = Driver.create("tda-2017", players, money=money(guarantee=100_000, house=house))
    sheet = statement_of(driver.state)
    assert (sheet.overlay, sheet.house) == (overlay, house)
    assert sheet.pool == max(100_000, players * 4_500 + house)
    check_lines(sheet)


def test_the_house_adds_its_money_to_the_pool() -> None:
    driver = Driver.create("lfp", 10, money=money(house=15_000))
    assert driver.state.ledger.pool == 10 * 4_500 + 15_000
    driver.do(commands.SetPayouts())
    assert sum(driver.state.ledger.current_prizes()) == 60_000


# -- bounties -------------------------------------------------------------------------------------


def test_fixed_bounties_go_to_the_eliminator_in_cash() -> None:
    rules = money(bounty="fixed", buy_in={**BUY_IN, "bounty": 2_000})
    driver = Driver.create("tda-2017", 5, money=rules)
    taken = find_event(driver.do(commands.BustPlayers((1,), takers={1: 2})), events.BountyTaken)
    assert (taken.busted, taken.taker, taken.cash, taken.to_head) == (1, 2, 2_000, 0)
    found = driver.do(commands.BustPlayers((3, 4), {3: 500, 4: 800}, takers={3: 2, 4: 5}))
    assert {(e.busted, e.taker) for e in found if isinstance(e, events.BountyTaken)} == {
        (3, 2),
        (4, 5),
    }
    assert driver.state.ledger.bounties_won == {2: 4_000, 5: 2_000}
    assert driver.state.ledger.heads == {2: 2_000, 5: 2_000}
    driver.do(commands.BustPlayers((5,), takers={5: 2}))
    assert bounty_of(driver.state, 2) == 4_000 + 2_000 + 2_000  # his own head comes back
    sheet = statement_of(driver.state)
    assert (sheet.on_heads, sheet.bounties) == (0, 10_000)
    check_lines(sheet)


def test_progressive_bounties_half_in_cash_half_onto_the_taker_s_head() -> None:
    rules = money(bounty="progressive", bounty_cash_percent=50, buy_in={**BUY_IN, "bounty": 1_001})
    driver = Driver.create("lfp", 4, money=rules)
    taken = find_event(driver.do(commands.BustPlayers((1,), takers={1: 2})), events.BountyTaken)
    assert (taken.cash, taken.to_head) == (500, 501)  # the odd cent stays on a head
    assert driver.state.ledger.heads[2] == 1_502
    taken = find_event(driver.do(commands.BustPlayers((2,), takers={2: 3})), events.BountyTaken)
    assert (taken.cash, taken.to_head) == (751, 751)
    driver.do(commands.BustPlayers((3,), takers={3: 4}))
    assert driver.state.winner == 4
    sheet = statement_of(driver.state)
    assert sum(driver.state.ledger.bounties_won.values()) < 4 * 1_001
    assert (sheet.bounties, sheet.on_heads) == (4 * 1_001, 0)  # the winner keeps his own head
    assert bounty_of(driver.state, 4) == 4 * 1_001 - 500 - 751
    check_lines(sheet)


def test_a_bounty_bust_needs_a_taker_who_stays_in() -> None:
    rules = money(bounty="fixed", buy_in={**BUY_IN, "bounty": 1_000})
    driver = Driver.create("tda-2017", 5, money=rules)
    error = driver.reject(commands.BustPlayers((1,)), ParseError)
    # the fact and the rule, in the words of no one interface (issue 19: not a CLI option)
    assert "the bounty of entry 1 goes to the player who won the pot" in str(error)
    assert "BOUNTY-SPLIT" in str(error)
    assert "--by" not in str(error)
    driver.reject(commands.BustPlayers((1, 2), {1: 10, 2: 20}, takers={1: 2, 2: 3}), ParseError)
    driver.reject(commands.BustPlayers((1,), takers={1: 99}), NotFoundError)
    plain = Driver.create("tda-2017", 5, money=money())
    plain.reject(commands.BustPlayers((1,), takers={1: 2}), ParseError)
    assert plain.do(commands.BustPlayers((1,)))


# -- payouts --------------------------------------------------------------------------------------


def test_payouts_standard_table_for_the_pool_and_the_field() -> None:
    driver = Driver.create("tda-2017", 20, money=money(unit=100))
    set_event = find_event(driver.do(commands.SetPayouts()), events.PayoutsSet)
    expected = standard_prizes(90_000, 20, paid_percent=15, unit=100)
    assert (set_event.prizes, set_event.pool) == (expected, 90_000)
    assert len(expected) == 3
    assert sum(expected) == 90_000
    assert all(amount % 100 == 0 for amount in expected)
    assert driver.state.ledger.current_prizes() == expected


def test_payouts_need_a_pool() -> None:
    driver = Driver.create("tda-2017", 2, draw=False, money=money())
    driver.do(commands.Withdraw(1))
    driver.do(commands.Withdraw(2))
    error = driver.refuse(commands.SetPayouts())
    assert "no prize pool to pay out yet" in str(error)
    assert "pas encore de dotation" in error_text(error, "fr")


def test_payouts_custom_must_add_up_to_the_pool_and_not_increase() -> None:
    driver = Driver.create("tda-2017", 10, money=money())  # a pool of 45,000
    error = driver.reject(commands.SetPayouts((25_000, 15_000)), ParseError)
    assert "add up to 400.00 EUR, the pool is 450.00 EUR" in str(error)
    assert error_text(error, "fr") != str(error)
    driver.reject(commands.SetPayouts((15_000, 30_000)), ParseError)
    driver.do(commands.SetPayouts((25_000, 15_000, 5_000)))
    assert driver.state.ledger.current_prizes() == (25_000, 15_000, 5_000)
    driver.do(commands.SetPayouts())  # the director may go back to the standard table
    assert driver.state.ledger.current_prizes() == standard_prizes(
        45_000, 10, paid_percent=15, unit=100
    )


def test_payouts_fixed_too_early_are_scaled_to_the_pool_they_pay() -> None:
    """Prizes fixed before a late entry keep their shape and pay the whole pool."""
    driver = Driver.create("gran-madrid", 4, money=money(unit=100))
    driver.do(commands.SetPayouts((12_000, 6_000)))
    driver.do(commands.Register("Late"))
    assert driver.state.ledger.current_prizes() == (15_000, 7_500)
    for number in (1, 2, 3, 4):
        driver.bust(number)
    sheet = statement_of(driver.state)
    assert (prize_of(driver.state, 5), prize_of(driver.state, 4)) == (15_000, 7_500)
    assert (sheet.prizes, sheet.unawarded) == (22_500, 0)


def test_payouts_go_to_the_places_as_players_bust() -> None:
    driver = Driver.create("lfp", 6, money=money())
    driver.do(commands.SetPayouts((15_000, 8_000, 4_000)))
    driver.bust(1)
    driver.bust(2)
    driver.bust(3)
    assert statement_of(driver.state).prizes == 0
    driver.bust(4)
    assert prize_of(driver.state, 4) == 4_000
    driver.bust(5)
    sheet = statement_of(driver.state)
    assert [prize_of(driver.state, n) for n in (6, 5, 4)] == [15_000, 8_000, 4_000]
    assert (sheet.unawarded, sheet.taken + sheet.house + sheet.overlay) == (0, sheet.fees + 27_000)
    assert winnings(driver.state) == ({6: 15_000, 5: 8_000, 4: 4_000}, {})


# -- shared places (ELIM-SIMULTANEOUS) ------------------------------------------------------------


def test_elim_simultaneous_lfp_equal_start_stacks_share_their_places_money() -> None:
    """LFP 8.16: equal stacks at the start of the hand tie; the places' prizes are pooled and
    split evenly."""
    driver = Driver.create("lfp", 5, money=money(unit=100))
    driver.do(commands.SetPayouts((12_000, 6_999, 3_501)))
    driver.bust(1)
    driver.do(commands.BustPlayers((2, 3), {2: 4_000, 3: 4_000}))
    entries = driver.state.entries
    assert {(entries[n].place, entries[n].shared) for n in (2, 3)} == {(3, 2)}
    expected = share(PayoutSheet((12_000, 6_999, 3_501)), range(3, 5), unit=100)
    assert (prize_of(driver.state, 2), prize_of(driver.state, 3)) == expected == (1_800, 1_701)
    driver.bust(4)
    sheet = statement_of(driver.state)
    assert (sheet.prizes, sheet.unawarded) == (22_500, 0)
    check_lines(sheet)


@pytest.mark.parametrize(("profile", "shared"), [("gran-madrid", True), ("tda-2017", False)])
def test_elim_simultaneous_gm_paid_busts_at_different_tables_split_their_prizes(
    profile: str, shared: bool
) -> None:
    """GM 41°: players out at the same time at different tables, without hand-for-hand, in the
    paid places, add up their prizes and split them equally; TDA ranks them by start stacks."""
    driver = Driver.create(profile, 12, money=money(unit=100), table_size=6)
    driver.do(commands.SetPayouts((20_000, 12_000, 8_000, 6_000, 4_000, 4_000)))
    for _ in range(5):
        driver.bust(next(e.number for e in driver.state.active() if e.table == 1))
    # 7 left: 1 at table 1, 6 at table 2; one from each table busts: places 6 and 7
    one = next(e.number for e in driver.state.active() if e.table == 1)
    two = next(e.number for e in driver.state.active() if e.table == 2)
    driver.do(commands.BustPlayers((one, two), {one: 3_000, two: 5_000}))
    prizes = sorted((prize_of(driver.state, one), prize_of(driver.state, two)))
    if shared:
        assert {driver.state.entries[n].shared for n in (one, two)} == {2}
        assert prizes == [2_000, 2_000]  # 6th (4,000) and 7th (0) pooled
    else:
        assert prizes == [0, 4_000]
        assert (driver.state.entries[two].place, driver.state.entries[one].place) == (6, 7)
    check_lines(statement_of(driver.state))


# -- deals ----------------------------------------------------------------------------------------


def final_table(profile: str = "tda-2017") -> Driver:
    """Nine entries of 45 EUR with 50 % of the field paid (5 places), down to four players."""
    driver = Driver.create(profile, 9, money=money(paid_percent=50, unit=100))
    driver.do(commands.SetPayouts())
    for number in (9, 8, 7, 6, 5):
        driver.bust(number)
    return driver


def test_an_icm_deal_with_money_left_to_play_for_then_play_to_the_winner() -> None:
    driver = final_table()
    prizes = driver.state.ledger.current_prizes()
    assert len(prizes) == 5
    assert prize_of(driver.state, 5) == prizes[4]
    stacks = {1: 40_000, 2: 25_000, 3: 15_000, 4: 10_000}
    made = find_event(
        driver.do(commands.MakeDeal("icm", stacks=stacks, left=2_000)), events.DealMade
    )
    expected = icm_deal(list(stacks.values()), prizes[:4], left_to_play_for=2_000, unit=100)
    assert made.shares == tuple(zip((1, 2, 3, 4), expected.amounts, strict=True))
    assert (made.method, made.left) == ("icm", 2_000)
    assert sum(expected.amounts) + 2_000 == sum(prizes[:4])
    for number in (4, 1, 3):  # the short stack wins what was left to play for
        driver.bust(number)
    shares = dict(made.shares)
    assert driver.state.winner == 2
    assert [prize_of(driver.state, n) for n in (1, 3, 4)] == [shares[1], shares[3], shares[4]]
    assert prize_of(driver.state, 2) == shares[2] + 2_000
    sheet = statement_of(driver.state)
    assert (sheet.prizes, sheet.unawarded, sheet.on_heads) == (sheet.pool, 0, 0)
    assert sheet.taken + sheet.house + sheet.overlay == sheet.fees + sheet.prizes + sheet.bounties
    check_lines(sheet)
    assert statement_of(Tournament.replay(driver.tournament.events).state) == sheet


@pytest.mark.parametrize("method", ["chip-chop", "even-chop"])
def test_a_chop_uses_the_stacks_known(method: str) -> None:
    driver = final_table()
    driver.do(commands.ReportStack(1, 60_000))
    prizes = driver.state.ledger.current_prizes()[:4]
    made = find_event(driver.do(commands.MakeDeal(method)), events.DealMade)
    split = chip_chop if method == "chip-chop" else even_chop
    expected = split([60_000, 10_000, 10_000, 10_000], prizes, unit=100).amounts
    assert tuple(amount for _, amount in made.shares) == expected


def test_a_custom_deal_gives_each_player_left_an_amount() -> None:
    driver = final_table()
    prizes = driver.state.ledger.current_prizes()[:4]
    total = sum(prizes)
    amounts = {1: total - 3 * prizes[3], 2: prizes[3], 3: prizes[3], 4: prizes[3]}
    driver.reject(commands.MakeDeal("custom", amounts={1: total}), ParseError)
    driver.reject(commands.MakeDeal("custom", amounts={**amounts, 1: amounts[1] - 1}), ParseError)
    made = find_event(driver.do(commands.MakeDeal("custom", amounts=amounts)), events.DealMade)
    assert dict(made.shares) == amounts


def test_a_deal_is_refused_when_it_makes_no_sense() -> None:
    driver = final_table()
    driver.reject(commands.MakeDeal("split-the-pot"), ParseError)
    error = driver.reject(commands.MakeDeal("icm", stacks={9: 1_000}), ParseError)
    assert "entry 9 is not among the players left" in str(error)
    driver.reject(commands.MakeDeal("icm", left=10**9), ParseError)
    driver.do(commands.MakeDeal("even-chop"))
    error = driver.refuse(commands.MakeDeal("icm"))
    assert (error.rule, "already" in str(error)) == ("EVENT-STATE", True)
    for number in (1, 2, 3):
        driver.bust(number)
    assert driver.refuse(commands.MakeDeal("icm")).rule == "EVENT-STATE"  # it is over


def test_no_payment_once_a_deal_has_shared_the_pool_out() -> None:
    driver = Driver.create("gran-madrid", 4, money=rebuy_event(paid_percent=50), max_players=4)
    alternate = find_event(driver.do(commands.Register("Waiting")), events.PlayerRegistered)
    assert alternate.is_alternate
    driver.do(commands.MakeDeal("even-chop"))
    for command in (
        commands.Register("Late"),
        commands.ReEnter(1),
        commands.Rebuy(1, stack=0),
        commands.Withdraw(alternate.entry),  # his refund would come out of the shares
    ):
        error = driver.refuse(command)
        assert "a deal has shared the prize pool out" in str(error)
        assert "un accord a partagé la dotation" in error_text(error, "fr")


# -- the ledger balances: random events to a winner -----------------------------------------------

PROPERTY = settings(
    max_examples=100,
    derandomize=True,
    database=None,
    deadline=None,
    phases=(Phase.explicit, Phase.generate),  # shrinking whole runs takes minutes
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

OPERATIONS = (
    "time",
    "period",
    "hand",
    "hand",
    "rebuy",
    "rebuy",
    "addon",
    "addon",
    "bust",
    "bust",
    "reenter",
    "register",
    "withdraw",
    "payouts",
)


@st.composite
def money_rules(draw: st.DrawFn) -> dict[str, Any]:
    bounty = draw(st.sampled_from(["none", "fixed", "progressive"]))
    head = draw(st.sampled_from([1_000, 777])) if bounty != "none" else 0

    def price(prize: int, chips: int = 10_000) -> dict[str, int]:
        return {
            "prize": prize,
            "fee": draw(st.sampled_from([0, 300])),
            "bounty": head,
            "chips": chips,
        }

    rules: dict[str, Any] = {
        "buy_in": price(draw(st.sampled_from([1_000, 3_333, 4_500]))),
        "bounty": bounty,
        "bounty_cash_percent": draw(st.sampled_from([0, 50, 67, 100])),
        "guarantee": draw(st.sampled_from([0, 30_000, 1_000_000])),
        "house": draw(st.sampled_from([0, 2_501])),
        "unit": draw(st.sampled_from([1, 100, 1_000])),
        "paid_percent": draw(st.sampled_from([15, 30, 50])),
    }
    if draw(st.booleans()):
        rules["reentry"] = price(2_999)
    if draw(st.booleans()):
        rules |= {
            "rebuy": price(2_000),
            "rebuy_levels": draw(st.sampled_from([1, 2])),
            "rebuy_limit": draw(st.sampled_from([0, 1, 2])),
        }
        if draw(st.sampled_from([True, True, False])):
            rules["addon"] = price(2_500, 15_000)
            if draw(st.booleans()):
                rules["double_addon"] = price(2_500, 30_000)
    return rules


def finishers(state: TournamentState) -> int:
    ranked = (EntryStatus.SEATED, EntryStatus.BUSTED, EntryStatus.QUIT)
    return sum(1 for entry in state.entries.values() if entry.status in ranked)


def extra_hands(driver: Driver) -> int:
    """The hands a table plays after the rebuy period's last level (LFP 5.5), when it has one."""
    rules = driver.state.ledger.rules
    return driver.state.profile.rebuy_extra_hands if rules and rules.rebuy_levels else 0


def attempt(driver: Driver, command: commands.Command) -> None:
    """Do ``command``; a refusal must change nothing."""
    version, digest = driver.tournament.version, driver.tournament.digest()
    try:
        driver.do(command)
    except (IllegalActionError, ParseError):
        assert (driver.tournament.version, driver.tournament.digest()) == (version, digest)


@PROPERTY
@given(
    profile=st.sampled_from(["lfp", "tda-2017", "gran-madrid", "bannalec"]),
    rules=money_rules(),
    players=st.integers(2, 14),
    data=st.data(),
)
def test_buy_money_is_conserved_to_the_cent(
    profile: str, rules: dict[str, Any], players: int, data: st.DataObject
) -> None:
    """Random registrations, withdrawals, rebuys, add-ons, bounty busts (one or two at a time),
    re-entries (after a bust, or surrendering the chips: TDA 7B), payouts fixed at any moment,
    a deal or not, played to a winner. After every step the ledger balances and its lines add up
    to its totals; at the end nothing is left on a head or unawarded: every cent paid in, with
    the house's money and the overlay, went out as a fee, a prize or a bounty."""
    driver = Driver.create(profile, players, draw=False, money=rules, late_registration_levels=2)
    has_bounties = rules["bounty"] != "none"
    for number in data.draw(st.lists(st.integers(1, players), max_size=2, unique=True)):
        driver.do(commands.Withdraw(number))
    if players - len(driver.state.ledger.refunds) < 2:
        return
    driver.do(commands.DrawSeats())
    driver.do(commands.StartClock())
    seconds = 0
    for step in range(data.draw(st.integers(0, 40))):
        if driver.state.winner is not None:
            break
        active = sorted(entry.number for entry in driver.state.active())
        operation = data.draw(st.sampled_from(OPERATIONS))
        command: commands.Command
        if operation == "time":
            seconds += data.draw(st.integers(0, 1_500))
            driver.now = at(seconds)
            continue
        if operation == "period":
            # The end of the rebuy period (levels of 1,200 s), its extra hands (LFP 5.5) and
            # the add-ons of some of the players: they would seldom line up by chance.
            seconds = max(seconds, 1_200 * rules.get("rebuy_levels", 0) + 1)
            driver.now = at(seconds)
            for table in sorted(driver.state.tables):
                while driver.state.hands_after_rebuys.get(table, 0) < extra_hands(driver):
                    if table not in driver.state.in_progress:
                        driver.do(commands.StartHand(table))
                    driver.do(commands.FinishHand(table))
            for number in data.draw(st.lists(st.sampled_from(active), unique=True)):
                add_on = commands.AddOn(
                    number, double="double_addon" in rules and data.draw(st.booleans())
                )
                attempt(driver, add_on)
            continue
        if operation == "hand":
            table = data.draw(st.sampled_from(sorted(driver.state.tables)))
            in_progress = table in driver.state.in_progress
            command = commands.FinishHand(table) if in_progress else commands.StartHand(table)
        elif operation == "rebuy":
            command = commands.Rebuy(data.draw(st.sampled_from(active)), stack=0)
        elif operation == "addon":
            command = commands.AddOn(
                data.draw(st.sampled_from(active)), double=data.draw(st.booleans())
            )
        elif operation == "bust":
            busted = data.draw(
                st.lists(
                    st.sampled_from(active),
                    min_size=1,
                    max_size=min(2, len(active) - 1),
                    unique=True,
                )
            )
            others = [number for number in active if number not in busted]
            takers = {n: data.draw(st.sampled_from(others)) for n in busted} if has_bounties else {}
            stacks = {n: data.draw(st.sampled_from([100, 200])) for n in busted}
            command = commands.BustPlayers(
                tuple(busted), stacks if len(busted) > 1 else {}, takers=takers
            )
        elif operation == "reenter":
            again = [
                e.number
                for e in driver.state.entries.values()
                if e.status in (EntryStatus.BUSTED, EntryStatus.SEATED)
            ]
            command = commands.ReEnter(data.draw(st.sampled_from(again)))
        elif operation == "register":
            command = commands.Register(f"Late {step}")
        elif operation == "withdraw":
            command = commands.Withdraw(data.draw(st.integers(1, len(driver.state.entries))))
        else:
            command = commands.SetPayouts()
        attempt(driver, command)
        check_lines(statement_of(driver.state))
    for table in sorted(driver.state.in_progress):
        driver.do(commands.FinishHand(table))
    deal_at = data.draw(st.sampled_from([0, 2, 3, 4]))  # players left when they deal; 0: never
    while driver.state.winner is None:
        active = sorted(entry.number for entry in driver.state.active())
        if len(active) == deal_at and driver.state.ledger.deal is None:
            prizes = driver.state.ledger.current_prizes()[: len(active)]
            left = data.draw(st.sampled_from([0, (prizes[0] - prizes[-1]) // 2])) if prizes else 0
            stacks = {number: data.draw(st.integers(1, 50_000)) for number in active}
            driver.do(commands.MakeDeal("icm", stacks=stacks, left=left))
            check_lines(statement_of(driver.state))
        if data.draw(st.booleans()):  # a late entry, refused once a deal shared the pool out
            attempt(driver, commands.Register(f"Latest {len(driver.state.entries)}"))
            active = sorted(entry.number for entry in driver.state.active())
        busted = data.draw(st.sampled_from(active))
        taker = data.draw(st.sampled_from([n for n in active if n != busted]))
        driver.do(commands.BustPlayers((busted,), takers={busted: taker} if has_bounties else {}))
        check_lines(statement_of(driver.state))
    sheet = statement_of(driver.state)
    # A known gap: a paid place nobody can finish in (more places paid than entries placed,
    # when many players surrendered their chips to re-enter, TDA 7B) is never won.
    unreachable = sum(driver.state.ledger.current_prizes()[finishers(driver.state) :])
    assert (sheet.on_heads, sheet.unawarded) == (0, unreachable)
    money_in = sheet.taken + sheet.house + sheet.overlay
    assert money_in == sheet.fees + sheet.prizes + sheet.bounties + unreachable
    ledger = driver.state.ledger
    assert sheet.taken == sum(ledger.paid(part) for part in ("prize", "fee", "bounty"))
    assert sheet.bounties == ledger.paid("bounty")
    assert sheet.prizes + unreachable == sheet.pool
    assert statement_of(Tournament.replay(driver.tournament.events).state) == sheet
