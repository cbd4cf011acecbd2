"""Hypothesis properties of stud hands (stud, stud hi-lo, razz): chips, legality, cards, replay.

Hands are drawn by ``strategies.stud_setups`` (2-8 players, short stacks, antes, bring-ins, absent
players, the open-pair option) and played to the end with options ``hand.legal()`` offers.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import Choice, StudSetup, choose_stud_action, stud_setups

from pokertd import Hand, IllegalActionError
from pokertd.engine import Exposure
from pokertd.engine.events import BoardDealt, HandShown, HoleDealt, PlayerActed
from pokertd.history import read_phh, write_phh
from pokertd.history.replay import replay, to_history

EXAMPLES = int(os.environ.get("POKERTD_PROPERTY_EXAMPLES", "500")) // 2

PROPERTY = settings(max_examples=EXAMPLES, derandomize=True, database=None, deadline=None)


def play(
    data: st.DataObject, setup: StudSetup, *, probe: bool = False
) -> tuple[Hand, list[Choice]]:
    hand = setup.create()
    choices: list[Choice] = []
    while not hand.is_finished:
        assert len(choices) < 400, "no end"
        conserved(hand, setup)
        legal = hand.legal()
        assert legal is not None, f"nobody to act in phase {hand.phase}"
        if probe:
            assert_unoffered_refused(hand)
        choice = choose_stud_action(data, hand, legal)
        hand.act(choice.player, choice.kind, to=choice.to)
        choices.append(choice)
    conserved(hand, setup)
    return hand, choices


def conserved(hand: Hand, setup: StudSetup) -> None:
    assert sum(hand.stacks) + sum(hand.bets) + sum(p.amount for p in hand.pots) == setup.total
    assert min(hand.stacks) >= 0


def snapshot(hand: Hand) -> tuple[object, ...]:
    return (hand.stacks, hand.bets, tuple(hand.pots), hand.to_act, hand.events, hand.legal())


def assert_unoffered_refused(hand: Hand) -> None:
    """Every betting action the options do not offer is refused, naming a rule, changing nothing."""
    legal = hand.legal()
    assert legal is not None
    before = snapshot(hand)
    attempts: list[tuple[int, str, int | None]] = []
    if not legal.fold:
        attempts.append((legal.player, "fold", None))
    if not legal.check:
        attempts.append((legal.player, "check", None))
    if legal.min_raise_to is None:
        attempts.append((legal.player, "raise", hand.current_bet + 10**6))
    else:
        attempts.append((legal.player, "raise", legal.max_raise_to + 1))  # type: ignore[operator]
        if legal.max_raise_to is not None and legal.max_raise_to - legal.min_raise_to > 1:
            attempts.append((legal.player, "raise", legal.min_raise_to + 1))
    if not legal.is_bring_in:
        attempts.append((legal.player, "bring-in", None))
    other = (legal.player + 1) % hand.player_count
    attempts.append((other, "call", None))
    for player, kind, to in attempts:
        with pytest.raises(IllegalActionError) as refused:
            hand.act(player, kind, to=to)
        assert refused.value.rule
        assert snapshot(hand) == before, f"refused {kind} {to} changed the hand"


@PROPERTY
@given(setup=stud_setups(), data=st.data())
def test_stud_chips_are_conserved(setup: StudSetup, data: st.DataObject) -> None:
    hand, _ = play(data, setup)
    assert hand.result is not None
    assert sum(hand.result.stacks) == setup.total
    assert sum(hand.result.winnings) == sum(hand.result.starting_stacks) - sum(
        s - w for s, w in zip(hand.result.stacks, hand.result.winnings, strict=True)
    )


@PROPERTY
@given(setup=stud_setups(), data=st.data())
def test_stud_offered_actions_are_accepted_and_others_refused(
    setup: StudSetup, data: st.DataObject
) -> None:
    # ``play`` applies one of the offered actions at every step: a refusal fails the test.
    hand, _ = play(data, setup, probe=True)
    assert hand.legal() is None


@PROPERTY
@given(setup=stud_setups(), data=st.data())
def test_stud_cards_lie_as_the_game_deals_them(setup: StudSetup, data: st.DataObject) -> None:
    """Third street is down-down-up, fourth to sixth up, seventh down; nobody gets a card after
    folding; a common card comes only when the deck is short; no card is dealt twice."""
    hand, _ = play(data, setup)
    seen: list[object] = []
    for event in hand.events:
        if isinstance(event, HoleDealt):
            seen.extend(event.cards)
            assert len(event.exposures) == len(event.cards)
        elif isinstance(event, BoardDealt):
            seen.extend(event.cards)
            assert setup.count >= 7
    assert len(seen) == len(set(seen)) <= 52
    for player in range(setup.count):
        lies = hand.exposures(player)
        expected = ["down", "down", "up", "up", "up", "up", "down"][: len(lies)]
        assert [str(lie) for lie in lies] == expected
        ups = [
            c for c, lie in zip(hand.hole_cards(player), lies, strict=True) if lie is Exposure.UP
        ]
        assert list(hand.up_cards(player)) == ups + list(hand.board)


@PROPERTY
@given(setup=stud_setups(has_open_pair_option=False), data=st.data())
def test_stud_hands_round_trip_through_phh(setup: StudSetup, data: st.DataObject) -> None:
    """A stud hand dealt automatically, written as PHH and replayed with its cards entered, ends
    the same way; the bring-in is written ``pb``."""
    hand, _ = play(data, setup)
    history = to_history(hand)
    again = replay(read_phh(write_phh(history)))
    assert again.error is None, again.error
    assert again.hand.result is not None
    assert again.hand.result.stacks == history.finishing_stacks
    posted = [
        e
        for e in hand.events
        if isinstance(e, PlayerActed) and e.kind == "bring-in" and e.player not in setup.absent
    ]
    assert sum(" pb" in str(action) for action in history.actions) == len(posted)
    shown = [e for e in hand.events if isinstance(e, HandShown)]
    assert all(len(e.cards) <= 7 for e in shown)
