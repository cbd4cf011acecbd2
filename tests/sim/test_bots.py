"""Bots choose legal actions from what one player may see."""

from __future__ import annotations

import random

import pytest

from pokertd import Hand
from pokertd.cards import Card
from pokertd.engine import ActionKind
from pokertd.sim import bots
from pokertd.sim.bots import BOTS, chen, situation


@pytest.mark.parametrize("name", sorted(BOTS))
def test_every_choice_of_a_bot_is_accepted_by_the_engine(name: str) -> None:
    bot, rng = BOTS[name], random.Random(3)
    for seed in range(200):
        hand = Hand.create(game="nlhe", stacks=[3000, 1000, 250, 5000], blinds=(25, 50),
                           ante=5, seed=seed)  # fmt: skip
        while not hand.is_finished:
            legal = hand.legal()
            assert legal is not None
            kind, to = bot(situation(hand, legal, big_blind=50), rng)
            hand.act(legal.player, kind, to)  # raises if the bot chose an illegal action
        assert hand.result is not None
        assert sum(hand.result.stacks) == 9250


def test_a_situation_shows_only_the_player_own_cards() -> None:
    hand = Hand.create(game="nlhe", stacks=[1000, 1000, 1000], blinds=(5, 10), seed=1)
    legal = hand.legal()
    assert legal is not None
    seen = situation(hand, legal, big_blind=10)
    assert seen.hole == hand.hole_cards(legal.player)
    assert seen.board == ()
    assert seen.total_pot == 15
    assert seen.in_hand == 3


def test_the_calling_station_never_folds() -> None:
    hand = Hand.create(game="nlhe", stacks=[1000, 1000], blinds=(5, 10), seed=1)
    hand.act(hand.to_act or 0, "raise", to=500)
    legal = hand.legal()
    assert legal is not None
    kind, _ = BOTS["calling"](situation(hand, legal, big_blind=10), random.Random(0))
    assert kind is ActionKind.CALL


def test_chen_ranks_premium_hands_above_rags() -> None:
    def score(text: str) -> int:
        return chen(Card.parse(text[:2]), Card.parse(text[2:]))

    assert score("AsAh") == 20
    assert score("KsKh") == 16
    assert score("AsKs") == 12
    assert score("5s5h") == 5
    assert score("7c2d") == -1
    assert score("AsKs") > score("JsTs") > score("9c4d")


def test_chen_reads_the_formula_for_every_two_cards() -> None:
    # chen() reads a table worked out at import (issue 20): the same score as the formula.
    from pokertd.cards import Rank, Suit
    from pokertd.sim.bots import _chen_formula

    cards = [Card(rank, suit) for rank in Rank for suit in Suit]
    assert len(cards) == 52
    for first in cards:
        for second in cards:
            if first != second:
                assert chen(first, second) == _chen_formula(first, second)


def test_a_situation_reads_the_hand_as_it_stands_when_built() -> None:
    hand = Hand.create(game="nlhe", stacks=[1000, 700, 400], blinds=(5, 10), ante=2, seed=4)
    while not hand.is_finished:
        legal = hand.legal()
        assert legal is not None
        seen = situation(hand, legal, big_blind=10)
        player = legal.player
        committed = sum(hand.starting_stacks) - sum(hand.stacks) - sum(hand.bets)
        assert seen.hole == tuple(c for c in hand.hole_cards(player) if c is not None)
        assert (seen.board, seen.stacks, seen.bets) == (hand.board, hand.stacks, hand.bets)
        assert (seen.pot, seen.button, seen.stack) == (committed, hand.button, hand.stacks[player])
        assert seen.in_hand == sum(not hand.is_folded(i) for i in range(hand.player_count))
        hand.act(player, *BOTS["random"](seen, random.Random(player)))


def test_the_worst_hands_fold_before_the_flop_as_the_whole_rule_folds_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``_preflop`` folds (or checks) a Chen score below 2 before reading the stacks and the bets
    (issue 20): the same choice as the whole rule, which the test plays by lowering the floor,
    on generated hands of 2 to 9 players, short and deep, facing blinds, raises and shoves."""
    rng, seen_low = random.Random(20), 0
    for seed in range(400):
        players = 2 + seed % 8
        big = rng.choice((20, 50, 100))
        stacks = [rng.randint(1, 60) * big for _ in range(players)]
        hand = Hand.create(game="nlhe", stacks=stacks, blinds=(big // 2, big), seed=seed)
        while not hand.is_finished and not hand.board:
            legal = hand.legal()
            assert legal is not None
            seen = situation(hand, legal, big_blind=big)
            fast = bots.tight_aggressive(seen, random.Random(seed))
            with monkeypatch.context() as patched:
                patched.setattr(bots, "_LOWEST_PLAYED", -100)
                whole = bots.tight_aggressive(situation(hand, legal, big_blind=big),
                                              random.Random(seed))  # fmt: skip
            assert fast == whole
            seen_low += chen(*seen.hole) < 2
            # Play on by the random bot, so that the later players face raises and shoves.
            hand.act(legal.player, *bots.random_bot(seen, rng))
    assert seen_low > 100
