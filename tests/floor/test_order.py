"""Substantial action (DEAL-SA-DEFINITION) and conditional statements (BET-CONDITIONAL): every
branch, and the property that the engine accepts every action a ruling gives."""

from __future__ import annotations

import pytest
from floor_tools import BIG, accepts, flop_bet, house, table, to_flop
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd import Hand, rules
from pokertd.engine import ActionKind
from pokertd.errors import ParseError
from pokertd.floor.order import (
    conditional_statement,
    is_substantial,
    is_substantial_action,
    parse_decision,
    substantial_action,
)
from pokertd.floor.rulings import Decision
from pokertd.present.floor import explanation
from pokertd.rules import Source, SubstantialAction

FOLD, CHECK, CALL = ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL
BET, RAISE, ALL_IN = ActionKind.BET, ActionKind.RAISE, ActionKind.ALL_IN
TDA_SA = SubstantialAction.TWO_ACTIONS_ONE_WITH_CHIPS_OR_THREE
LFP_SA = SubstantialAction.TWO_CHIP_ACTIONS_OR_THREE
GEN_SA = SubstantialAction.THREE_AFTER_OPENING_OR_TWO_WITH_RAISE


# -- parse_decision --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("fold", Decision(FOLD)),
        ("Check", Decision(CHECK)),
        ("allin", Decision(ALL_IN)),
        ("all-in", Decision(ALL_IN)),
        ("bet 300", Decision(BET, 300)),
        ("raise to 800", Decision(RAISE, 800)),
    ],
)
def test_parse_decision(text: str, expected: Decision) -> None:
    assert parse_decision(text) == expected


@pytest.mark.parametrize(
    "text", ["", "raise to 800 now", "show", "raise", "fold 200", "bet x", "bet 0", "jump"]
)
def test_parse_decision_refuses(text: str) -> None:
    with pytest.raises(ParseError):
        parse_decision(text)


# -- substantial action ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kinds", "tda", "lfp"),
    [
        ([FOLD, CALL], True, False),  # the catalogue's test table
        ([CALL, CALL], True, True),
        ([CHECK, CHECK, CHECK], True, True),
        ([CHECK, FOLD], False, False),
        ([FOLD, FOLD], False, False),
        ([CALL], False, False),
        ([], False, False),
    ],
)
def test_sa_definition_table(kinds: list[ActionKind], tda: bool, lfp: bool) -> None:
    """DEAL-SA-DEFINITION (TDA 36, LFP 2.14): the catalogue's test table and its edges."""
    actions = [(player, kind) for player, kind in enumerate(kinds)]
    assert is_substantial(actions, TDA_SA) is tda
    assert is_substantial(actions, LFP_SA) is lfp


def test_sa_tda_needs_two_players() -> None:
    """TDA 36A: two actions by two players; one player acting twice is not enough."""
    assert is_substantial([(1, BET), (1, RAISE)], TDA_SA) is False


@pytest.mark.parametrize(
    ("kinds", "is_opened", "expected"),
    [
        ([FOLD, CALL], True, False),  # two after the big blind, no raise
        ([FOLD, CALL, CALL], True, True),
        ([CALL, RAISE], True, True),
        ([CHECK, CHECK, CHECK], False, False),  # no opening bet
        ([CHECK, BET, CALL, CALL], False, False),  # the opener does not count
        ([CHECK, BET, CALL, CALL, FOLD], False, True),
        ([BET, RAISE], False, False),
        ([BET, CALL, RAISE], False, True),
    ],
)
def test_sa_gen(kinds: list[ActionKind], is_opened: bool, expected: bool) -> None:
    """GEN 1.9: three players after an opening bet, or two with a raise (the BB opens pre-flop)."""
    actions = [(player, kind) for player, kind in enumerate(kinds)]
    assert is_substantial(actions, GEN_SA, is_opened=is_opened) is expected


def test_sa_in_a_hand_since_the_round_began() -> None:
    hand = to_flop(table())
    assert is_substantial_action(hand) is False  # a new round: nothing yet
    assert is_substantial_action(hand, since=0) is True  # the pre-flop calls
    hand.act(0, "check")
    hand.act(1, "bet", to=200)
    ruling = substantial_action(hand)
    assert ruling.details["actions"] == ["player 1 check", "player 2 bet"]
    assert ruling.details["substantial_action"] is True
    assert ruling.rule == "DEAL-SA-DEFINITION"


def test_sa_gen_in_a_hand_counts_after_the_opening() -> None:
    """GEN 1.9 post-flop: checks before the opening bet do not count."""
    hand = to_flop(table("generic"))
    hand.act(0, "check")
    hand.act(1, "check")
    hand.act(2, "check")
    assert is_substantial_action(hand) is False
    hand.act(3, "bet", to=100)
    since = len(hand.events)
    hand.act(4, "call")
    hand.act(5, "call")
    assert is_substantial_action(hand, since=since) is False  # a bet stood before: opened
    hand.act(0, "call")
    assert is_substantial_action(hand, since=since) is True


def test_sa_ruling_without_actions_and_in_french() -> None:
    hand = table("lfp")
    ruling = substantial_action(hand, since=0)
    assert ruling.details["actions"] == []
    assert ruling.articles == ("LFP 2.14",)
    assert "blindes" in explanation(ruling, "fr")
    assert "since event 0" in explanation(ruling, "en")


def test_sa_index_out_of_range() -> None:
    with pytest.raises(ParseError):
        is_substantial_action(table(), since=10_000)


def test_sa_articles_of_a_house_rule() -> None:
    """A house profile's own article is cited as written, split on commas."""
    base = rules.load("tda-2017")
    sources = {**base.sources, "substantial_action": Source("house", "Club rule 3, GEN 1.9, 4")}
    ruling = substantial_action(table(house(sources=sources)))
    assert ruling.articles == ("Club rule 3", "GEN 1.9", "GEN 4")


# -- conditional statements ------------------------------------------------------------------------


@pytest.mark.parametrize("profile", ["lfp", "tda-2017"])
def test_conditional_not_met(profile: str) -> None:
    ruling = conditional_statement(flop_bet(profile), "raise 900", is_met=False)
    assert ruling.decision is None
    assert len(ruling.choices) == 3
    assert ruling.td_decides is False
    assert ruling.details["penalty"] is True


def test_conditional_met_amounts() -> None:
    lfp = flop_bet("lfp")
    assert conditional_statement(lfp, "raise 900", is_met=True).decision == Decision(RAISE, 900)
    assert conditional_statement(lfp, "call", is_met=True).decision == Decision(CALL)
    opening = to_flop(table("lfp"))
    assert conditional_statement(opening, RAISE, is_met=True).decision == Decision(BET, 100)
    assert conditional_statement(opening, "check", is_met=True).decision == Decision(CHECK)
    assert conditional_statement(opening, "all-in", is_met=True).decision == Decision(
        BET, BIG - 100
    )


# -- the engine accepts every action a ruling gives (property) -------------------------------------


@settings(max_examples=100, deadline=None)
@given(
    profile=st.sampled_from(rules.PROFILE_IDS),
    steps=st.lists(st.sampled_from(["call", "raise", "fold"]), max_size=8),
    said=st.sampled_from(["fold", "check", "call", "all-in", "raise", "bet 250", "raise 5000"]),
)
def test_conditional_decisions_are_accepted_by_the_engine(
    profile: str, steps: list[str], said: str
) -> None:
    """Whatever was said conditionally, the action a met condition binds to is legal now."""
    hand = Hand.create(
        game="nlhe", profile=rules.load(profile), stacks=[3000, 4000, 5000, 6000],
        blinds=(50, 100), seed=5,
    )  # fmt: skip
    for step in steps:
        legal = hand.legal()
        if legal is None or hand.is_finished:
            return
        if step == "raise" and legal.min_raise_to is not None:
            hand.act(legal.player, "raise", legal.min_raise_to)
        else:
            hand.act(legal.player, "fold" if step == "fold" else "call" if legal.call else "check")
    if hand.legal() is None:
        return
    action = ActionKind.RAISE if said == "raise" else said
    ruling = conditional_statement(hand, action, is_met=True)
    accepts(hand, ruling, 0)
