"""Betting structures: fixed-limit sizes and cap, refusals that change nothing."""

from __future__ import annotations

import pytest

from pokertd import Hand, rules
from pokertd.errors import IllegalActionError


def create(game: str = "nlhe", profile: str = "tda-2017", **options: object) -> Hand:
    options.setdefault("blinds", (50, 100))
    return Hand.create(game=game, profile=rules.load(profile), seed=5, **options)  # type: ignore[arg-type]


def legal_of(hand: Hand) -> tuple[int, int, int | None, int | None]:
    legal = hand.legal()
    assert legal is not None
    return legal.player, legal.call, legal.min_raise_to, legal.max_raise_to


def snapshot(hand: Hand) -> tuple[object, ...]:
    return hand.stacks, hand.bets, hand.pots, hand.to_act, hand.events, hand.phase


# -- pot limit ---------------------------------------------------------------------------------


def test_bet_pl_pot_size_first_raise_before_the_flop() -> None:
    """BET-PL-POT-SIZE: at 50/100 the first player may raise to 350 (call 100, pot 250)."""
    hand = create("plo", stacks=[10_000] * 4)
    assert legal_of(hand) == (2, 100, 200, 350)


def test_bet_pl_pot_size_after_a_raise_and_a_call() -> None:
    """Raise to 350, call: the small blind may raise to 350 + (50 + 100 + 350 + 350 + 300)."""
    hand = create("plo", stacks=[10_000] * 4)
    hand.act(2, "raise", to=350)
    hand.act(3, "call")
    assert legal_of(hand) == (0, 300, 600, 1500)


def test_bet_pl_pot_size_tda_54b_short_all_in_does_not_shrink_the_pot() -> None:
    """TDA 54B: before the flop an all-in for less than a blind counts as the blind in the pot:
    after an all-in of 40 the next player may raise to 100 + (50 + 100 + 100 + 100) = 450, as if
    the all-in player had called (390 if the 40 counted as it is)."""
    hand = create("plo", stacks=[10_000, 10_000, 40, 10_000])
    hand.act(2, "all-in")
    assert legal_of(hand) == (3, 100, 200, 450)


def test_bet_pl_pot_size_after_the_flop_uses_the_actual_pot() -> None:
    hand = create("plo", stacks=[10_000] * 3)
    hand.act(2, "call")
    hand.act(0, "call")
    hand.act(1, "check")
    assert legal_of(hand) == (0, 0, 100, 300)
    with pytest.raises(IllegalActionError) as refused:
        hand.act(0, "bet", to=301)
    assert refused.value.rule == "BET-PL-POT-SIZE"


# -- fixed limit -------------------------------------------------------------------------------


def test_fixed_limit_sizes_small_then_big_bet() -> None:
    """Fixed limit: raises of one small bet before the flop and on the flop, big bets after."""
    hand = create("flhe", stacks=[10_000] * 3)
    assert legal_of(hand) == (2, 100, 200, 200)
    hand.act(2, "call")
    hand.act(0, "call")
    hand.act(1, "check")
    assert legal_of(hand) == (0, 0, 100, 100)
    hand.act(0, "check")
    hand.act(1, "check")
    hand.act(2, "check")
    assert hand.street_name == "turn"
    assert legal_of(hand) == (0, 0, 200, 200)


def test_bet_raise_cap_four_bets_then_only_calls() -> None:
    """BET-RAISE-CAP (TDA 52): a bet and three raises; the big blind counts as the bet."""
    hand = create("flhe", stacks=[10_000] * 4)
    hand.act(2, "raise", to=200)
    hand.act(3, "raise", to=300)
    hand.act(0, "raise", to=400)
    assert legal_of(hand) == (1, 300, None, None)
    with pytest.raises(IllegalActionError) as refused:
        hand.act(1, "raise", to=500)
    assert refused.value.rule == "BET-RAISE-CAP"


@pytest.mark.parametrize(("profile", "capped"), [("tda-2017", False), ("gran-madrid", True)])
def test_bet_raise_cap_in_the_final_heads_up(profile: str, capped: bool) -> None:
    """TDA 52 lifts the cap in the tournament's final heads-up; GM 26° keeps it."""
    hand = create("flhe", profile, stacks=[10_000, 10_000], is_final_heads_up=True)
    for to in (200, 300, 400):
        hand.act(hand.to_act or 0, "raise", to=to)
    legal = hand.legal()
    assert legal is not None
    assert (legal.min_raise_to is None) is capped


def test_cap_holds_heads_up_when_not_the_final_heads_up() -> None:
    """TDA 52: the cap holds even with two players left in the hand."""
    hand = create("flhe", stacks=[10_000, 10_000])
    for to in (200, 300, 400):
        hand.act(hand.to_act or 0, "raise", to=to)
    assert legal_of(hand)[2] is None


def test_limit_half_bet_all_in_reopens() -> None:
    """BET-REOPEN, limit (TDA 48): an all-in raise of half a bet or more reopens the betting."""
    short = create("flhe", stacks=[10_000, 10_000, 10_000, 255], blinds=(50, 100))
    for player in (2, 3, 0):
        short.act(player, "call")
    short.act(1, "check")
    short.act(0, "bet", to=100)
    short.act(1, "call")
    short.act(2, "call")
    short.act(3, "all-in")  # 155 on the flop: +55, more than half a bet over 100
    assert legal_of(short) == (0, 55, 255, 255)  # reopened; a raise is one bet over 155


def test_limit_less_than_half_a_bet_does_not_reopen() -> None:
    """TDA 48: less than half a bet does not reopen; the next raise completes to a full bet."""
    short = create("flhe", stacks=[10_000, 10_000, 10_000, 240], blinds=(50, 100))
    for player in (2, 3, 0):
        short.act(player, "call")
    short.act(1, "check")
    short.act(0, "bet", to=100)
    short.act(1, "call")
    short.act(2, "call")
    short.act(3, "all-in")  # 140: +40
    assert legal_of(short) == (0, 40, None, None)


# -- refusals ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("player", "kind", "to", "rule"),
    [
        (3, "call", None, "BET-OOT"),
        (2, "check", None, "BET-INCORRECT-DECLARATION"),
        (2, "raise", 150, "BET-MINRAISE"),
        (2, "raise", 20_000, "ENGINE-STACK"),
        (2, "raise", None, "ENGINE-STATE"),
    ],
)
def test_illegal_actions_change_nothing(player: int, kind: str, to: int | None, rule: str) -> None:
    hand = create(stacks=[10_000] * 4)
    before = snapshot(hand)
    with pytest.raises(IllegalActionError) as refused:
        hand.act(player, kind, to)
    assert refused.value.rule == rule
    assert rule in str(refused.value)
    assert snapshot(hand) == before


def test_min_bet_after_the_flop_is_the_big_blind() -> None:
    """BET-MIN-BET (LFP 7.8, GM 10°): an opening bet is at least the big blind."""
    hand = create(stacks=[10_000] * 3)
    hand.act(2, "call")
    hand.act(0, "call")
    hand.act(1, "check")
    with pytest.raises(IllegalActionError) as refused:
        hand.act(0, "bet", to=99)
    assert refused.value.rule == "BET-MIN-BET"


def test_call_with_nothing_to_call_is_refused() -> None:
    hand = create(stacks=[10_000] * 3)
    hand.act(2, "call")
    hand.act(0, "call")
    with pytest.raises(IllegalActionError, match="check instead"):
        hand.act(1, "call")


def test_acting_after_the_hand_is_over_is_refused() -> None:
    hand = create(stacks=[10_000] * 3)
    hand.act(2, "fold")
    hand.act(0, "fold")
    assert hand.is_finished
    with pytest.raises(IllegalActionError) as refused:
        hand.act(1, "check")
    assert refused.value.rule == "ENGINE-STATE"


def test_nobody_left_to_call_a_raise() -> None:
    """With every opponent all-in, a player may call but not raise."""
    hand = create(stacks=[10_000, 10_000, 500])
    hand.act(2, "all-in")
    hand.act(0, "fold")
    assert legal_of(hand) == (1, 400, None, None)


def test_all_in_short_of_a_full_raise_is_allowed() -> None:
    """BET-MINRAISE-SHORT-ALLIN: a stack short of a full raise may still go all-in."""
    hand = create(stacks=[10_000, 10_000, 150, 10_000])
    assert legal_of(hand) == (2, 100, 150, 150)
    hand.act(2, "raise", to=150)
    assert hand.is_all_in(2)
