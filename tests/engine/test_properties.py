"""Hypothesis properties of ``Hand``: chips, pots, legality, turn order, determinism and replay.

Every hand is drawn by ``strategies.setups`` (six games, five profiles, 2-9 players, short stacks,
antes, chip units, given blinds, absent players) and played to the end by choosing among the options
``hand.legal()`` offers. The runs are derandomized, so every CI run plays the same hands.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import Choice, Setup, can_go_all_in, choose_action, setups

from pokertd import Card, Hand, IllegalActionError, Legal
from pokertd.engine import GAMES, Phase, Pot
from pokertd.engine.events import (
    AntePosted,
    BetsGathered,
    BlindPosted,
    BoardDealt,
    HandEvent,
    HandShown,
    HoleDealt,
    PlayerActed,
    PotAwarded,
    UncalledBetReturned,
)

EXAMPLES = 150

PROPERTY = settings(
    max_examples=EXAMPLES,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

BETTING_KINDS = ("fold", "check", "call", "bet", "raise", "all-in")


# -- playing a hand -------------------------------------------------------------------------------


def action_bound(setup: Setup) -> int:
    """Return the most betting actions a hand can take.

    Between two raises each player acts at most once. Every full raise lifts the bet by at least the
    big blind (one limit bet in fixed limit) and every short raise is an all-in, once per player.
    """
    step = min(setup.blinds[1], *(setup.limits or (setup.blinds[1],)))
    streets = GAMES[setup.game].street_count
    raises = setup.total // step + setup.count
    return (raises + streets) * setup.count


Check = Callable[[Hand], None]


def play(data: st.DataObject, setup: Setup, *checks: Check) -> tuple[Hand, list[Choice]]:
    """Play a hand to the end with drawn legal actions, running ``checks`` before every action."""
    hand = setup.create()
    choices: list[Choice] = []
    bound = action_bound(setup)
    while not hand.is_finished:
        assert len(choices) <= bound, f"no end after {len(choices)} actions"
        for check in checks:
            check(hand)
        legal = hand.legal()
        assert legal is not None, f"nobody to act in phase {hand.phase}"
        choice = choose_action(data, hand, legal)
        hand.act(choice.player, choice.kind, to=choice.to)
        choices.append(choice)
    for check in checks:
        check(hand)
    return hand, choices


def replay(setup: Setup, choices: list[Choice]) -> Hand:
    """Create the hand again and apply the same actions."""
    hand = setup.create()
    for choice in choices:
        hand.act(choice.player, choice.kind, to=choice.to)
    return hand


def contributions(events: tuple[HandEvent, ...], count: int) -> list[int]:
    """Return what each player put in (forced bets, bets, calls, raises) minus uncalled returns."""
    paid = [0] * count
    for event in events:
        if isinstance(event, AntePosted | BlindPosted):
            paid[event.player] += event.amount
        elif isinstance(event, PlayerActed):
            paid[event.player] += event.added
        elif isinstance(event, UncalledBetReturned):
            paid[event.player] -= event.amount
    return paid


def in_hand(hand: Hand) -> set[int]:
    """Return the players who have not folded (or had their hand killed)."""
    return {p for p in range(hand.player_count) if not hand.is_folded(p)}


def has_chips_behind(hand: Hand, player: int) -> bool:
    return not hand.is_folded(player) and not hand.is_all_in(player) and hand.stacks[player] > 0


def first_with_chips_after(hand: Hand, after: int) -> int | None:
    """Return the first player clockwise from ``after`` who can still bet."""
    count = hand.player_count
    for step in range(1, count + 1):
        player = (after + step) % count
        if has_chips_behind(hand, player):
            return player
    return None


def snapshot(hand: Hand) -> tuple[object, ...]:
    """Everything a refused action must leave as it was."""
    count = hand.player_count
    return (
        hand.stacks,
        hand.bets,
        tuple(hand.pots),
        hand.to_act,
        hand.events,
        hand.phase,
        hand.street,
        hand.board,
        hand.legal(),
        hand.result,
        tuple(hand.is_folded(p) for p in range(count)),
        tuple(hand.is_all_in(p) for p in range(count)),
    )


def assert_refused(hand: Hand, player: int, kind: str, to: int | None = None) -> str:
    """Check that ``hand.act`` refuses the action, names a rule and changes nothing."""
    before = snapshot(hand)
    with pytest.raises(IllegalActionError) as refused:
        hand.act(player, kind, to=to)
    assert refused.value.rule, f"{kind} to {to} refused without a rule: {refused.value}"
    assert snapshot(hand) == before, f"refused {kind} to {to} changed the hand"
    return refused.value.rule


# -- 1. chips -------------------------------------------------------------------------------------


@PROPERTY
@given(setup=setups(), data=st.data())
def test_chips_are_conserved_at_every_step(setup: Setup, data: st.DataObject) -> None:
    def conserved(hand: Hand) -> None:
        in_pots = sum(pot.amount for pot in hand.pots)
        assert sum(hand.stacks) + sum(hand.bets) + in_pots == setup.total
        assert min(hand.stacks) >= 0

    hand, _ = play(data, setup, conserved)
    assert hand.result is not None
    assert sum(hand.result.stacks) == setup.total
    assert hand.result.starting_stacks == setup.stacks
    assert sum(hand.result.net) == 0


# -- 2. pots --------------------------------------------------------------------------------------


def assert_pots_match_contributions(hand: Hand) -> None:
    pots = hand.pots
    if hand.is_finished:
        assert pots == []
        return
    events = hand.events
    gathered = sum(contributions(events, hand.player_count)) - sum(hand.bets)
    assert sum(pot.amount for pot in pots) == gathered
    players = in_hand(hand)
    for pot in pots:
        assert pot.amount > 0, pots
        assert pot.eligible, pots
        assert set(pot.eligible) <= players, f"{pots} names a player out of the hand"
    for main, side in zip(pots, pots[1:], strict=False):
        assert set(side.eligible) < set(main.eligible), f"side pots are not nested: {pots}"
    # Right after a gathering (and the board dealt after it), the event shows the same pots.
    tail = events[-1:] if not isinstance(events[-1], BoardDealt) else events[-2:-1]
    if tail and isinstance(tail[0], BetsGathered):
        assert list(tail[0].pots) == pots


@PROPERTY
@given(setup=setups(), data=st.data())
def test_pots_equal_gathered_contributions(setup: Setup, data: st.DataObject) -> None:
    play(data, setup, assert_pots_match_contributions)


# -- 3. legal() and act() agree -------------------------------------------------------------------


def assert_unoffered_actions_refused(hand: Hand) -> None:
    legal = hand.legal()
    assert legal is not None
    player = legal.player
    bet, stack = hand.bets[player], hand.stacks[player]
    raise_kind = "bet" if legal.is_opening else "raise"
    if legal.call > 0:
        assert not legal.check
        assert_refused(hand, player, "check")
    else:
        assert legal.check
        assert_refused(hand, player, "call")
    if legal.min_raise_to is None:
        assert legal.max_raise_to is None
        for to in {bet + stack, bet + legal.call + 1}:
            for kind in ("bet", "raise"):
                assert_refused(hand, player, kind, to)
    else:
        assert legal.max_raise_to is not None
        assert legal.min_raise_to <= legal.max_raise_to <= bet + stack
        assert legal.min_raise_to > bet + legal.call, "a raise must be more than a call"
        assert_refused(hand, player, raise_kind, legal.min_raise_to - 1)
        assert_refused(hand, player, raise_kind, legal.max_raise_to + 1)
        assert_refused(hand, player, raise_kind, None)
    if not can_go_all_in(hand, legal):
        assert_refused(hand, player, "all-in")
    for other in range(hand.player_count):
        if other != player:
            assert assert_refused(hand, other, "fold") == "BET-OOT"
            assert_refused(hand, other, "call")


def assert_offered(hand: Hand, legal: Legal) -> None:
    assert legal.fold
    assert legal.call <= hand.stacks[legal.player]
    assert not legal.show and not legal.muck


@PROPERTY
@given(setup=setups(), data=st.data())
def test_offered_actions_are_accepted_and_others_refused(
    setup: Setup, data: st.DataObject
) -> None:
    def probe(hand: Hand) -> None:
        if hand.is_finished:
            return
        legal = hand.legal()
        assert legal is not None
        assert_offered(hand, legal)
        assert_unoffered_actions_refused(hand)

    # ``play`` applies one of the offered actions at every step: a refusal fails the test.
    hand, _ = play(data, setup, probe)
    for player in range(hand.player_count):
        for kind in BETTING_KINDS:
            assert assert_refused(hand, player, kind, 10**6 if kind in ("bet", "raise") else None)
    for player in in_hand(hand):
        assert_refused(hand, player, "muck")
    assert hand.legal() is None
    assert hand.to_act is None


# -- 4. every hand ends, and the pots go to the players in the hand -------------------------------


@PROPERTY
@given(setup=setups(), data=st.data())
def test_every_hand_ends_with_pots_to_players_in_hand(setup: Setup, data: st.DataObject) -> None:
    hand, choices = play(data, setup)
    assert hand.is_finished
    assert hand.phase is Phase.FINISHED
    assert len(choices) <= action_bound(setup)
    result = hand.result
    assert result is not None
    assert min(result.stacks) >= 0
    events = hand.events
    players = in_hand(hand)
    paid = contributions(events, hand.player_count)
    awards = [event for event in events if isinstance(event, PotAwarded)]
    assert awards or sum(paid) == 0, "no pot was awarded"
    for award in awards:
        assert sum(chips for _, chips in award.shares) == award.amount
        assert all(chips >= 0 for _, chips in award.shares)
        assert {p for p, _ in award.shares} <= players, f"{award} pays a folded player"
    assert sum(result.winnings) == sum(award.amount for award in awards) == sum(paid)
    antes = sum(event.amount for event in events if isinstance(event, AntePosted))
    for player in range(hand.player_count):
        start, won = setup.stacks[player], result.winnings[player]
        assert result.stacks[player] == start - paid[player] + won
        if player not in players:
            assert won == 0
        # A player wins from each opponent at most what he put in himself (POT-SIDE).
        assert won <= sum(min(other, paid[player]) for other in paid) + antes
    shown = {event.player for event in events if isinstance(event, HandShown)}
    assert shown <= players, "a folded hand was shown"
    if len(players) >= 2:
        assert shown == players, "a hand still in at the showdown was not tabled"


# -- 5. only players with chips behind act, in the right order ------------------------------------


def assert_turn_order(setup: Setup) -> Check:
    seen_street = [-1]
    all_in_once: set[int] = set()

    def check(hand: Hand) -> None:
        all_in_once.update(p for p in range(hand.player_count) if hand.is_all_in(p))
        player = hand.to_act
        if hand.phase is not Phase.BETTING:
            return
        assert player is not None
        assert not hand.is_folded(player), f"folded player {player} is to act"
        assert not hand.is_all_in(player), f"all-in player {player} is to act"
        assert hand.stacks[player] > 0
        assert player not in all_in_once, f"player {player} was all-in and acts again"
        if hand.street != seen_street[0]:
            seen_street[0] = hand.street
            if hand.street > 0:
                # The first player with chips left of the button opens every later round.
                assert player == first_with_chips_after(hand, hand.button)
            elif setup.blind_posts is None:
                count = hand.player_count
                big_blind = (hand.button + (1 if count == 2 else 2)) % count
                assert player == first_with_chips_after(hand, big_blind)

    return check


@PROPERTY
@given(setup=setups(), data=st.data())
def test_only_players_with_chips_behind_act(setup: Setup, data: st.DataObject) -> None:
    play(data, setup, assert_turn_order(setup))


@PROPERTY
@given(setup=setups(min_players=2, max_players=2), data=st.data())
def test_heads_up_button_acts_first_preflop_and_last_after(
    setup: Setup, data: st.DataObject
) -> None:
    # BTN-HU-ORDER: heads-up the button posts the small blind and acts first before the flop.
    opened: dict[int, int | None] = {}

    def record(hand: Hand) -> None:
        if hand.phase is Phase.BETTING and hand.street not in opened:
            opened[hand.street] = hand.to_act
            both_live = has_chips_behind(hand, 0) and has_chips_behind(hand, 1)
            if both_live:
                expected = hand.button if hand.street == 0 else 1 - hand.button
                assert hand.to_act == expected, f"street {hand.street}: {hand.to_act} acts first"

    hand, _ = play(data, setup, record)
    if setup.absent or setup.blinds[0] == 0:
        return
    blinds = {e.player: e.amount for e in hand.events if isinstance(e, BlindPosted)}
    assert blinds[hand.button] == min(setup.blinds[0], setup.stacks[hand.button])
    big_blind = 1 - hand.button
    assert blinds[big_blind] == min(setup.blinds[1], setup.stacks[big_blind])


# -- 6. determinism -------------------------------------------------------------------------------


@PROPERTY
@given(setup=setups(), data=st.data())
def test_same_seed_and_actions_give_same_events(setup: Setup, data: st.DataObject) -> None:
    hand, choices = play(data, setup)
    again = replay(setup, choices)
    assert again.events == hand.events
    assert again.result == hand.result


# -- 7. cards entered by hand ---------------------------------------------------------------------


@dataclass(frozen=True)
class Deal:
    """The cards of an automatically dealt hand, read back from its events."""

    holes: dict[int, tuple[Card | None, ...]]
    boards: dict[int, tuple[Card, ...]]
    shown: list[int]

    @classmethod
    def from_events(cls, events: tuple[HandEvent, ...]) -> Deal:
        holes = {e.player: e.cards for e in events if isinstance(e, HoleDealt)}
        boards = {e.street: e.cards for e in events if isinstance(e, BoardDealt)}
        shown = [e.player for e in events if isinstance(e, HandShown)]
        return cls(holes, boards, shown)


@PROPERTY
@given(setup=setups(), data=st.data())
def test_entered_hand_replays_auto_hand(setup: Setup, data: st.DataObject) -> None:
    auto, choices = play(data, setup)
    deal = Deal.from_events(auto.events)
    hand = setup.create(deal="entered")
    assert all(card is None for p in range(setup.count) for card in hand.hole_cards(p))
    # Shown hands are entered at the deal or only when shown; the others stay unseen.
    given_late = {p for p in deal.shown if data.draw(st.booleans())}
    for player, cards in deal.holes.items():
        if player in deal.shown and player not in given_late:
            hand.deal_hole(player, cards)
        else:
            hand.deal_hole(player, [None] * len(cards))
    pending = list(choices)
    while not hand.is_finished:
        if hand.phase is Phase.DEALING:
            hand.deal_board(deal.boards[hand.street])
        elif hand.phase is Phase.BETTING:
            choice = pending.pop(0)
            hand.act(choice.player, choice.kind, to=choice.to)
        else:
            player = hand.to_act
            assert player is not None
            assert player in deal.shown, f"player {player} must show but did not in the auto hand"
            cards = deal.holes[player]
            hand.show(player, [c for c in cards if c is not None] if player in given_late else None)
    assert pending == []
    assert hand.board == auto.board
    assert hand.result is not None and auto.result is not None
    assert hand.result.stacks == auto.result.stacks
    assert hand.result.winnings == auto.result.winnings


def test_pots_property_sees_a_side_pot() -> None:
    """The pots check really sees side pots: a short all-in pre-flop leaves two pots on the flop."""
    hand = Hand.create(game="nlhe", stacks=[100, 1000, 1000], blinds=(5, 10), button=0, seed=3)
    hand.act(0, "all-in")
    hand.act(1, "call")
    hand.act(2, "raise", to=300)
    hand.act(1, "call")
    assert hand.pots == [Pot(300, (0, 1, 2)), Pot(400, (1, 2))]
    assert_pots_match_contributions(hand)
