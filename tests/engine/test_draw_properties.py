"""Hypothesis properties of the draw games (``engine.draw``), read from the hand's events alone:
cards are conserved and never dealt twice, the stub is renewed only when it runs short and only
with cards that may come back (DRAW-DECK-SHORT: GEN 1.7, 1.13), every player draws as many cards
as he threw away, in turn from the left of the button (DRAW-ORDER), and the chips add up."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd import Card, Hand
from pokertd.cards.card import ALL_CARDS
from pokertd.engine import DRAW_GAMES, GAMES
from pokertd.engine.events import (
    CardBurned,
    CardsDiscarded,
    CardsDrawn,
    DiscardsReshuffled,
    HoleDealt,
    PlayerActed,
)

PROPERTY = settings(max_examples=300, derandomize=True, database=None, deadline=None)


def play(game: str, count: int, seed: int, discard_rate: float, fold_rate: float) -> Hand:
    rng = random.Random(seed)
    hand = Hand.create(
        game=game,
        stacks=[rng.randint(3, 400) * 10 for _ in range(count)],
        blinds=(5, 10),
        button=rng.randrange(count),
        seed=seed,
    )
    while not hand.is_finished:
        legal = hand.legal()
        assert legal is not None
        if legal.draw:
            held = hand.hole_cards(legal.player)
            hand.draw(legal.player, [card for card in held if rng.random() < discard_rate])
        elif legal.call and rng.random() < fold_rate:
            hand.act(legal.player, "fold")
        elif legal.min_raise_to is not None and rng.random() < 0.2:
            hand.act(legal.player, "raise", legal.min_raise_to)
        else:
            hand.act(legal.player, "call" if legal.call else "check")
    return hand


@PROPERTY
@given(
    game=st.sampled_from(DRAW_GAMES),
    count=st.integers(2, 8),
    seed=st.integers(0, 10**6),
    discard_rate=st.sampled_from([0.0, 0.3, 0.7, 1.0]),
    fold_rate=st.sampled_from([0.0, 0.1, 0.3]),
)
def test_cards_are_conserved_and_reshuffles_are_legal(
    game: str, count: int, seed: int, discard_rate: float, fold_rate: float
) -> None:
    hand = play(game, count, seed, discard_rate, fold_rate)
    hole = GAMES[game].hole_count
    holding: dict[int, list[Card]] = {}
    muck: list[tuple[Card, int, int]] = []  # (card, player, draw) not shuffled back
    burns: set[Card] = set()
    folded: set[int] = set()
    recycled: set[int] = set()
    draw = 0
    served: set[int] = set()
    seen_discarders: set[int] = set()
    stub = len(ALL_CARDS)
    partial = 0  # cards a drawer got from the old stub before it was renewed
    order = [(hand.button + step) % count for step in range(1, count + 1)]
    for event in hand.events:
        match event:
            case HoleDealt(player=player, cards=cards):
                holding[player] = [card for card in cards if card is not None]
                stub -= len(cards)
            case PlayerActed(player=player, kind=kind) if kind == "fold":
                folded.add(player)
            case CardsDiscarded(player=player, cards=cards):
                if not seen_discarders or player in seen_discarders:
                    draw += 1
                    served, seen_discarders = set(), set()
                seen_discarders.add(player)
                for card in cards:
                    assert card is not None
                    holding[player].remove(card)  # a player throws only his own cards
                    muck.append((card, player, draw))
            case CardBurned(card=card):
                assert stub >= 2, "GEN 1.7: the burn never takes the stub's last card"
                burns.add(card)
                stub -= 1
            case DiscardsReshuffled(cards=cards):
                # DRAW-DECK-SHORT: the stub's last card (never seen) and discards that may come
                # back: earlier draws, folded hands, this draw's players already served.
                in_play = {c for p, held in holding.items() if p not in folded for c in held}
                assert not set(cards) & in_play, "a card in a hand is shuffled back"
                assert not set(cards) & burns, "GEN 1.13: the burns stay apart"
                mucked = {m[0]: m for m in muck}
                folded_cards = {c for p in folded - recycled for c in holding.get(p, [])}
                unseen = [c for c in cards if c not in mucked and c not in folded_cards]
                assert len(unseen) <= 1, f"only the stub's last card is new: {unseen}"
                for card in cards:
                    if card in mucked:
                        _, owner, number = mucked[card]
                        assert number < draw or owner in served, "only served players' discards"
                muck = [m for m in muck if m[0] not in cards]
                recycled |= folded
                # The drawer was first dealt all the stub but its last card (GEN 1.7).
                partial = max(stub - 1, 0)
                stub = len(cards)
            case CardsDrawn(player=player, cards=cards):
                in_hands = {c for held in holding.values() for c in held} - {
                    c for p in recycled for c in holding.get(p, [])
                }
                for card in cards:
                    assert card is not None
                    assert card not in in_hands, f"{card} is in a hand"
                    assert card not in burns, f"{card} was burned"
                    assert card not in {m[0] for m in muck}, f"{card} is a discard"
                stub -= len(cards) - partial
                partial = 0
                assert stub >= 1, "GEN 1.7: the stub's last card is never dealt"
                holding[player] += cards
                served.add(player)
    # DRAW-ORDER: in each draw the players discard from the left of the button.
    for round_players in rounds(hand):
        assert round_players == sorted(round_players, key=order.index)
    for player in range(count):
        if player not in folded:
            assert len(holding[player]) == hole
    live = [c for p, held in holding.items() if p not in recycled for c in held]
    everything = live + [m[0] for m in muck] + list(burns)
    assert len(everything) == len(set(everything)), "a card is in two places"
    result = hand.result
    assert result is not None
    assert sum(result.stacks) == sum(hand.starting_stacks)


def rounds(hand: Hand) -> list[list[int]]:
    """Return the players who discarded in each draw, in the order they did."""
    found: list[list[int]] = []
    for event in hand.events:
        if isinstance(event, CardsDiscarded):
            if not found or event.player in found[-1]:
                found.append([])
            found[-1].append(event.player)
    return found


@PROPERTY
@given(game=st.sampled_from(DRAW_GAMES), count=st.integers(2, 8), seed=st.integers(0, 10**6))
def test_a_hand_is_the_same_hand_again_from_its_seed(game: str, count: int, seed: int) -> None:
    first = play(game, count, seed, 0.5, 0.2)
    again = play(game, count, seed, 0.5, 0.2)
    assert first.events == again.events
