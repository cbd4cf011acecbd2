"""Forced bets: blinds, antes, big-blind ante, short posts, dead and missing blinds, heads-up."""

from __future__ import annotations

import pytest

from pokertd import Hand, rules
from pokertd.engine.events import AntePosted, BlindPosted, HandKilled
from pokertd.errors import ParseError


def create(profile: str = "tda-2017", **options: object) -> Hand:
    options.setdefault("game", "nlhe")
    options.setdefault("blinds", (50, 100))
    return Hand.create(profile=rules.load(profile), seed=3, **options)  # type: ignore[arg-type]


def posts(hand: Hand) -> list[tuple[str, int, int]]:
    kinds = {AntePosted: "ante", BlindPosted: "blind"}
    return [
        (kinds[type(e)], e.player, e.amount)
        for e in hand.events
        if isinstance(e, AntePosted | BlindPosted)
    ]


def test_btn_hu_order_button_posts_small_blind_and_acts_first() -> None:
    """BTN-HU-ORDER (LFP 6.19, TDA 34, GM 35°): heads-up the button posts the small blind, acts
    first before the flop and last after it."""
    hand = create(stacks=[1000, 1000], button=0)
    assert posts(hand) == [("blind", 0, 50), ("blind", 1, 100)]
    assert hand.to_act == 0
    hand.act(0, "call")
    hand.act(1, "check")
    assert hand.street_name == "flop"
    assert hand.to_act == 1


def test_blinds_by_position_three_handed() -> None:
    """The two players after the button post the small and the big blind; the next one acts."""
    hand = create(stacks=[1000] * 4, button=1)
    assert posts(hand) == [("blind", 2, 50), ("blind", 3, 100)]
    assert hand.to_act == 0


def test_short_stack_posts_part_of_the_big_blind_and_the_bet_stays_the_big_blind() -> None:
    """BTN-ABSENT-POSTS: a short stack posts what it has; the others still call the full big blind
    (LFP 7.12 makes the big blind the opening bet) and a raise is to at least two big blinds."""
    hand = create(stacks=[1000, 60, 1000])
    assert posts(hand) == [("blind", 0, 50), ("blind", 1, 60)]
    assert hand.is_all_in(1)
    legal = hand.legal()
    assert legal is not None
    assert (legal.player, legal.call, legal.min_raise_to) == (2, 100, 200)


def test_short_big_blind_uncalled_excess_returns() -> None:
    """BET-UNCALLED: when everyone calls a short big blind, what he could not match comes back."""
    hand = create(stacks=[1000, 60, 1000])
    hand.act(2, "call")
    hand.act(0, "fold")
    # The big blind is all-in; nobody can bet; the hand runs out and the caller's 40 is returned.
    assert hand.is_finished
    result = hand.result
    assert result is not None
    assert sum(result.stacks) == 2060
    assert result.stacks[2] in (1000 - 60, 1000 + 110)


def test_short_antes_then_blinds() -> None:
    """Antes are posted before the blinds; a stack that cannot cover both is all-in."""
    hand = create(stacks=[40, 1000, 1000], ante=25)
    assert posts(hand) == [
        ("ante", 0, 25),
        ("ante", 1, 25),
        ("ante", 2, 25),
        ("blind", 0, 15),
        ("blind", 1, 100),
    ]
    assert hand.is_all_in(0)


def test_missing_small_blind_btn_missing_sb() -> None:
    """BTN-MISSING-SB (LFP 6.17, EX-62): the small blind seat is empty, so no small blind; the
    button is a live player and the player after him posts the big blind."""
    hand = create(stacks=[1000] * 4, button=3, blind_posts=[100, 0, 0, 0])
    assert posts(hand) == [("blind", 0, 100)]
    assert hand.to_act == 1
    for player in (1, 2, 3):
        hand.act(player, "call")
    hand.act(0, "check")
    assert hand.to_act == 0  # after the flop the big blind, left of the button, acts first


def test_dead_button_small_blind_acts_first_after_the_flop() -> None:
    """BTN-DEAD-BUTTON (TDA 32, LFP 6.3-6.5): with the button seat empty the player right of it
    acts last; the small blind (left of the dead button) acts first after the flop."""
    # Players 0 (SB), 1 (BB), 2; the dead button sits between player 2 and player 0.
    hand = create(stacks=[1000] * 3, button=2, blind_posts=[50, 100, 0])
    hand.act(2, "call")
    hand.act(0, "call")
    hand.act(1, "check")
    assert hand.to_act == 0


def test_ante_bb_bannalec_vector_p09() -> None:
    """ANTE-BB, P-09 (BAN/BLINDS): level 200/400 with antes: with seven dealt in the big blind posts
    400 + 400; with five, 400 + 200. The ante is dead money in the main pot."""
    seven = create("bannalec", stacks=[10_000] * 7, blinds=(200, 400), ante=50)
    assert posts(seven) == [("blind", 0, 200), ("blind", 1, 400), ("ante", 1, 400)]
    five = create("bannalec", stacks=[10_000] * 5, blinds=(200, 400), ante=50)
    assert posts(five) == [("blind", 0, 200), ("blind", 1, 400), ("ante", 1, 200)]
    assert sum(pot.amount for pot in five.pots) == 200


def test_ante_bb_short_big_blind_posts_blind_first() -> None:
    """ANTE-BB: a big blind who cannot cover both posts the blind first (the book is silent)."""
    hand = create(
        "bannalec", stacks=[10_000, 500, 10_000, 10_000, 10_000, 10_000], blinds=(200, 400), ante=1
    )
    assert posts(hand)[1:] == [("blind", 1, 400), ("ante", 1, 100)]


def test_ante_bb_dead_money_goes_to_the_main_pot() -> None:
    """An all-in player for less than the big blind still plays for the whole big-blind ante."""
    hand = create(
        "bannalec", stacks=[10_000, 10_000, 300, 10_000, 10_000, 10_000], blinds=(200, 400), ante=1
    )
    hand.act(2, "all-in")
    for player in (3, 4, 5, 0):
        hand.act(player, "fold")
    # The big blind's 400 covers the all-in: the hand runs out and 100 comes back to him.
    assert hand.is_finished
    result = hand.result
    assert result is not None
    # The only pot: 300 + 300 from the big blind + the dead small blind 200 + the whole ante 400.
    assert result.winnings[2] in (0, 1200)
    assert result.winnings[1] + result.winnings[2] == 1200
    assert sum(result.stacks) == 10_000 * 5 + 300


def test_absent_player_posts_and_is_killed() -> None:
    """ABS-DEAD-HAND (TDA 30, LFP 2.15): an absent player is dealt in, posts, and is killed."""
    hand = create(stacks=[1000] * 4, ante=10, absent=[1])
    killed = [e.player for e in hand.events if isinstance(e, HandKilled)]
    assert killed == [1]
    assert hand.is_folded(1)
    assert ("blind", 1, 100) in posts(hand)
    assert hand.to_act == 2
    legal = hand.legal()
    assert legal is not None
    assert legal.call == 100  # the dead big blind is still the bet to call


def test_hand_with_everyone_else_absent_ends_at_once() -> None:
    """If every other player is absent, the hand ends at the deal and the last player wins. The
    killed big blind gets back the part of his blind nobody matched (BET-UNCALLED: TDA 15B, 65A:
    a killed hand recovers its uncalled bet)."""
    hand = create(stacks=[1000] * 3, absent=[0, 1])
    assert hand.is_finished
    result = hand.result
    assert result is not None
    assert result.stacks == (950, 950, 1100)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"stacks": [1000]}, "2 to"),
        ({"stacks": [1000, 0]}, "stack"),
        ({"stacks": [1000, 1000], "blinds": (100, 50)}, "blinds"),
        ({"stacks": [1000, 1000], "button": 2}, "button"),
        ({"stacks": [1000, 1000], "blind_posts": [0, 100, 0]}, "blind_posts"),
        ({"stacks": [1000, 1000], "game": "badacey"}, "unknown game"),
        ({"stacks": [1000, 1000, 1000], "absent": [0, 0]}, "twice"),
        ({"stacks": [1000, 1000, 1000], "absent": [0, 1, 2]}, "every player is absent"),
    ],
)
def test_bad_setup_is_a_parse_error(options: dict[str, object], message: str) -> None:
    with pytest.raises(ParseError, match=message):
        create(**options)


def test_auto_deal_needs_randomness() -> None:
    with pytest.raises(ParseError, match="seed, an rng or a deck"):
        Hand.create(game="nlhe", stacks=[100, 100], blinds=(1, 2))


def test_live_deal_from_a_committed_deck() -> None:
    """A live table shuffles a whole deck with a secure source, publishes its commitment, and deals
    from it; the hole cards are the top of the deck, one at a time from left of the button."""
    import secrets

    from pokertd import Deck

    deck = Deck.shuffled(secrets.SystemRandom())
    order = deck.order()
    commitment = deck.commitment("salt")
    hand = Hand.create(game="nlhe", stacks=[1000] * 3, blinds=(5, 10), button=2, deck=deck)
    assert hand.hole_cards(0) == (order[0], order[3])
    assert hand.hole_cards(2) == (order[2], order[5])
    assert Deck(order).commitment("salt") == commitment
