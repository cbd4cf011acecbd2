"""Hypothesis properties of ``Hand``: chips, pots, legality, turn order, determinism and replay.

Every hand is drawn by ``strategies.setups`` (the seven flop games, five profiles, 2-9 players,
short stacks, antes, chip units, given blinds, absent players) and played to the end by choosing
among the options ``hand.legal()`` offers. The runs are derandomized, so every CI run plays the
same hands.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable
from dataclasses import dataclass

import hypothesis
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import Choice, Setup, can_go_all_in, choose_action, setups

from pokertd import Card, Hand, IllegalActionError, Legal
from pokertd.engine import GAMES, Betting, Judging, Phase, Pot
from pokertd.engine.events import (
    AntePosted,
    BetsGathered,
    BlindPosted,
    BoardDealt,
    Half,
    HandEvent,
    HandMucked,
    HandShown,
    HoleDealt,
    PlayerActed,
    PotAwarded,
    UncalledBetReturned,
)
from pokertd.engine.pots import build_pots
from pokertd.evaluate import high, omaha_high, omaha_low_8, short_deck_high
from pokertd.rules import HiLoSplit, OddChip

# About 40 s for the whole file at 500; raise it for a deeper (still derandomized) sweep.
EXAMPLES = int(os.environ.get("POKERTD_PROPERTY_EXAMPLES", "500"))

PROPERTY = settings(
    max_examples=EXAMPLES,
    derandomize=True,
    database=None,
    deadline=None,
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
        hypothesis.event(f"betting on street {hand.street}")
        hand.act(choice.player, choice.kind, to=choice.to)
        choices.append(choice)
    for check in checks:
        check(hand)
    describe(hand, choices)
    return hand, choices


def describe(hand: Hand, choices: list[Choice]) -> None:
    """Label the hand for ``--hypothesis-show-statistics``: how far it went and how it ended."""
    events = hand.events
    awards = [e for e in events if isinstance(e, PotAwarded)]
    kinds = {choice.kind for choice in choices}
    length = next(label for most, label in LENGTHS if len(choices) <= most)
    hypothesis.event(f"actions: {length}")
    hypothesis.event(f"last street: {hand.street}")
    hypothesis.event("showdown" if any(isinstance(e, HandShown) for e in events) else "no showdown")
    hypothesis.event(f"pots awarded: {min(len({a.pot for a in awards}), 3)}")
    hypothesis.event("split pot" if any(len(a.shares) > 1 for a in awards) else "no split pot")
    hypothesis.event("bet or raise" if kinds & {"bet", "raise"} else "no bet or raise")
    hypothesis.event("all-in action" if "all-in" in kinds else "no all-in action")


LENGTHS = ((0, "0"), (5, "1-5"), (20, "6-20"), (10**9, ">20"))


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
    """Return whether the player is in the hand and can still bet."""
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
    for main, side in itertools.pairwise(pots):
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
        for to in (bet + stack, bet + legal.call + 1):
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
    """The options fit the player's chips and the betting structure."""
    player = legal.player
    stack, all_in_to = hand.stacks[player], hand.bets[player] + hand.stacks[player]
    assert legal.fold
    assert legal.call <= stack
    if legal.call == stack:
        assert legal.min_raise_to is None, "a call of every chip leaves nothing to raise with"
    if legal.max_raise_to is not None:
        betting = hand.game.betting
        if betting is Betting.NO_LIMIT:
            assert legal.max_raise_to == all_in_to
        elif betting is Betting.FIXED_LIMIT:
            assert legal.min_raise_to == legal.max_raise_to, "fixed limit has one raise size"
    assert not legal.show
    assert not legal.muck


@PROPERTY
@given(setup=setups(), data=st.data())
def test_offered_actions_are_accepted_and_others_refused(setup: Setup, data: st.DataObject) -> None:
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
    # Dead money: antes, and what folded or killed players put in above every live share.
    top_live = max(paid[p] for p in players)
    dead = sum(e.amount for e in events if isinstance(e, AntePosted)) + sum(
        max(0, paid[p] - top_live) for p in range(hand.player_count) if p not in players
    )
    for player in range(hand.player_count):
        start, won = setup.stacks[player], result.winnings[player]
        assert result.stacks[player] == start - paid[player] + won
        if player not in players:
            assert won == 0
        # A player wins from each opponent at most what he put in himself (POT-SIDE).
        assert won <= sum(min(other, paid[player]) for other in paid) + dead
    shown = {event.player for event in events if isinstance(event, HandShown)}
    assert shown <= players, "a folded hand was shown"
    if len(players) >= 2:
        assert shown == players, "a hand still in at the showdown was not tabled"


def final_pots(hand: Hand) -> list[Pot]:
    """Rebuild the pots of a finished hand from its events, with ``pots.build_pots``.

    A big-blind ante (posted after the blinds: ANTE-BB) is dead money, outside every share.
    """
    paid = [0] * hand.player_count
    dead = 0
    blinds_posted = False
    for event in hand.events:
        if isinstance(event, BlindPosted):
            blinds_posted = True
        if isinstance(event, AntePosted) and blinds_posted:
            dead += event.amount
            paid[event.player] -= event.amount
    paid = [a + b for a, b in zip(paid, contributions(hand.events, hand.player_count), strict=True)]
    count = range(hand.player_count)
    folded = [hand.is_folded(p) for p in count]
    return build_pots(paid, folded, [hand.is_all_in(p) for p in count], dead)


def strengths(hand: Hand, players: list[int]) -> tuple[dict[int, int], dict[int, int]]:
    """Return the high and the qualifying low strength of each player's shown hand."""
    board = list(hand.board)
    highs: dict[int, int] = {}
    lows: dict[int, int] = {}
    for player in players:
        hole = [card for card in hand.hole_cards(player) if card is not None]
        judging = hand.game.judging
        if judging is Judging.HIGH:
            highs[player] = high(hole + board)
            continue
        if judging is Judging.SHORT_DECK:
            highs[player] = short_deck_high(hole + board)
            continue
        highs[player] = omaha_high(hole, board)
        low = omaha_low_8(hole, board) if judging.is_hi_lo else None
        if low is not None:
            lows[player] = low
    return highs, lows


def best(strength: dict[int, int]) -> set[int]:
    """Return the players with the best strength."""
    top = max(strength.values())
    return {player for player, value in strength.items() if value == top}


@PROPERTY
@given(setup=setups(), data=st.data())
def test_each_pot_goes_to_its_best_hands(setup: Setup, data: st.DataObject) -> None:
    """POT-SIDE, POT-ODD-CHIP, POT-HILO-SPLIT: every pot, side pots first, goes to the best hands
    among its players; odd chips go first left of the button and to the high half."""
    hand, _ = play(data, setup)
    pots = final_pots(hand)
    awards = [event for event in hand.events if isinstance(event, PotAwarded)]
    order = [award.pot for award in awards]
    assert order == sorted(order, reverse=True), "side pots are awarded before the main pot"
    for index, pot in enumerate(pots):
        mine = [a for a in awards if a.pot == index]
        assert sum(a.amount for a in mine) == pot.amount, f"pot {index} {pot} paid as {mine}"
        if len(pot.eligible) == 1:
            assert [dict(a.shares) for a in mine] == [{pot.eligible[0]: pot.amount}]
            continue
        highs, lows = strengths(hand, list(pot.eligible))
        for award in mine:
            winners = {player for player, _ in award.shares}
            assert winners == (best(lows) if award.half is Half.LOW else best(highs)), award
            if hand.profile.odd_chip is OddChip.LEFT_OF_BUTTON:
                count, button = hand.player_count, hand.button
                left = sorted(award.shares, key=lambda share: (share[0] - button - 1) % count)
                amounts = [chips for _, chips in left]
                assert amounts == sorted(amounts, reverse=True), f"odd chips in {award}"
        halves = {a.half: a.amount for a in mine}
        if Half.LOW in halves:
            assert lows, f"a low half with no qualifying low: {mine}"
            assert halves[Half.HIGH] >= halves[Half.LOW], "the odd chip goes to the high half"
        elif lows and hand.game.judging.is_hi_lo:
            assert hand.profile.hilo_split is HiLoSplit.WHOLE_POT
            assert best(lows) == best(highs), f"a low hand got nothing from {mine}"


# -- 5. only players with chips behind act, in the right order ------------------------------------


def big_blind_player(setup: Setup) -> int | None:
    """Return the player who posts the big blind, when it is plain which one it is."""
    count, button = setup.count, setup.button
    if setup.blind_posts is None:
        return 1 - button if count == 2 else (button + 2) % count
    top = max(setup.blind_posts)
    posters = [p for p, amount in enumerate(setup.blind_posts) if amount == top]
    return posters[0] if top and len(posters) == 1 else None


def assert_turn_order(setup: Setup) -> Check:
    """Return a check that only players with chips behind act, and who opens each round."""
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
            else:
                big_blind = big_blind_player(setup)
                if big_blind is not None:
                    assert player == first_with_chips_after(hand, big_blind)

    return check


@PROPERTY
@given(setup=setups(), data=st.data())
def test_only_players_with_chips_behind_act(setup: Setup, data: st.DataObject) -> None:
    play(data, setup, assert_turn_order(setup))


def assert_heads_up_order(setup: Setup, data: st.DataObject) -> None:
    """BTN-HU-ORDER: heads-up the button posts the small blind and acts first before the flop,
    and last on every later street."""
    opened: set[int] = set()

    def check(hand: Hand) -> None:
        if hand.phase is Phase.BETTING and hand.street not in opened:
            opened.add(hand.street)
            if has_chips_behind(hand, 0) and has_chips_behind(hand, 1):
                expected = hand.button if hand.street == 0 else 1 - hand.button
                assert hand.to_act == expected, f"street {hand.street}: {hand.to_act} acts first"

    hand, _ = play(data, setup, check)
    if setup.absent:
        return
    antes = dict.fromkeys(range(2), 0)  # posted before the blinds (a big-blind ante comes after)
    blinds = dict.fromkeys(range(2), 0)
    for event in hand.events:
        if isinstance(event, AntePosted) and not any(blinds.values()):
            antes[event.player] += event.amount
        elif isinstance(event, BlindPosted):
            blinds[event.player] += event.amount
    small, big = setup.blinds
    button, big_blind = hand.button, 1 - hand.button
    assert blinds[button] == min(small, setup.stacks[button] - antes[button])
    assert blinds[big_blind] == min(big, setup.stacks[big_blind] - antes[big_blind])


@PROPERTY
@given(setup=setups(min_players=2, max_players=2), data=st.data())
def test_heads_up_button_acts_first_preflop_and_last_after(
    setup: Setup, data: st.DataObject
) -> None:
    assert_heads_up_order(setup, data)


def test_btn_hu_order_with_equal_blinds() -> None:
    """Heads-up with the small blind equal to the big blind, the button is still the small blind:
    he acts first pre-flop and the other player has the option (pokertd once took the button,
    the last of the tied posters clockwise, for the big blind)."""
    hand = Hand.create(game="nlhe", stacks=[1000, 1000], blinds=(100, 100), button=0, seed=1)
    assert hand.to_act == 0
    hand.act(0, "check")
    assert hand.to_act == 1
    assert hand.legal() == Legal(1, True, True, 0, 200, 1000, is_opening=False)


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


def enter(
    setup: Setup, auto: Hand, choices: list[Choice], data: st.DataObject, *, may_muck: bool
) -> Hand:
    """Play ``auto`` again with its cards entered by hand: hole cards, each board, the showdown.

    Shown hands are entered at the deal or only when shown; the others stay unseen. With
    ``may_muck``, a player who may muck at the showdown is drawn to show or muck.
    """
    deal = Deal.from_events(auto.events)
    hand = setup.create(deal="entered")
    assert all(card is None for p in range(setup.count) for card in hand.hole_cards(p))
    given_late = {p for p in deal.shown if data.draw(st.booleans())}
    for player, cards in deal.holes.items():
        if player in deal.shown and player not in given_late:
            hand.deal_hole(player, cards)
        else:
            hand.deal_hole(player, [None] * len(cards))
    pending = list(choices)
    while not hand.is_finished:
        if hand.phase is Phase.DEALING:
            assert hand.to_act is None
            assert hand.legal() is None
            assert assert_refused(hand, 0, "check") == "ENGINE-STATE"
            board = deal.boards[hand.street]
            before = snapshot(hand)
            with pytest.raises(IllegalActionError):
                hand.deal_board(board + board[:1])  # one card too many, or a card twice
            assert snapshot(hand) == before
            hand.deal_board(board)
        elif hand.phase is Phase.BETTING:
            choice = pending.pop(0)
            hand.act(choice.player, choice.kind, to=choice.to)
        else:
            shower = hand.to_act
            legal = hand.legal()
            assert shower is not None
            assert legal is not None
            assert legal.player == shower
            assert legal.show
            assert shower in deal.shown, f"player {shower} must show but did not in the auto hand"
            assert_refused(hand, shower, "check")
            if may_muck and legal.muck and data.draw(st.booleans()):
                hand.act(shower, "muck")
                continue
            if not legal.muck:
                assert assert_refused(hand, shower, "muck") == "SHOW-ALLIN-EXPOSE"
            late = [card for card in deal.holes[shower] if card is not None]
            hand.show(shower, late if shower in given_late else None)
    assert pending == []
    assert hand.board == auto.board
    return hand


@PROPERTY
@given(setup=setups(), data=st.data())
def test_entered_hand_replays_auto_hand(setup: Setup, data: st.DataObject) -> None:
    auto, choices = play(data, setup)
    hand = enter(setup, auto, choices, data, may_muck=False)
    assert hand.result is not None
    assert auto.result is not None
    assert hand.result.stacks == auto.result.stacks
    assert hand.result.winnings == auto.result.winnings


@PROPERTY
@given(setup=setups(max_players=4, has_short_stacks=False), data=st.data())
def test_mucked_hands_win_nothing(setup: Setup, data: st.DataObject) -> None:
    auto, choices = play(data, setup)
    hand = enter(setup, auto, choices, data, may_muck=True)
    result = hand.result
    assert result is not None
    assert sum(result.stacks) == setup.total
    mucked = {e.player for e in hand.events if isinstance(e, HandMucked)}
    for player in mucked:
        assert result.winnings[player] == 0, f"mucked player {player} won {result.winnings}"
    if mucked:
        hypothesis.event("a hand was mucked")


def test_pots_property_sees_a_side_pot() -> None:
    """The pots check really sees side pots: a short all-in pre-flop leaves two pots on the flop."""
    hand = Hand.create(game="nlhe", stacks=[100, 1000, 1000], blinds=(5, 10), button=0, seed=3)
    hand.act(0, "all-in")
    hand.act(1, "call")
    hand.act(2, "raise", to=300)
    hand.act(1, "call")
    assert hand.pots == [Pot(300, (0, 1, 2)), Pot(400, (1, 2))]
    assert_pots_match_contributions(hand)
