"""Differential test: pokertd's engine against PokerKit 0.7.7 (a test-only dependency).

Random seeded hands (2,000 no-limit hold'em, 300 pot-limit Omaha, 500 fixed-limit hold'em) are
played by both engines with the same cards and the same random legal actions. At every decision
both must offer the same player the same call and the same minimum and maximum bet or raise, and
the finishing stacks must agree. Where they do not, the difference must be one of the known
deviations below, and pokertd is then checked against the rule instead: ``Round`` (in
``pokerkit_driver``) rebuilds the betting round from the rule text, ``odd_chip_split`` is TDA 20A,
and ``pokerkit_stacks`` replays PokerKit's own pot rules to show that they, and nothing else,
explain its stacks. Anything else fails with a transcript of the hand.

Known deviations: pokertd's rule (rule id, articles), then PokerKit 0.7.7's behaviour.

SHORT_ALL_IN_REOPENS
    BET-REOPEN (TDA 48, Add.48; LFP 7.19): an all-in for less than a full raise does not reopen the
    betting for a player who already acted, unless the short all-ins add up to a full raise.
    PokerKit starts each round with a last raise of 0 (``_begin_betting``), so the first short
    all-in of a round (over the big blind pre-flop, or a bet below the big blind after the flop)
    counts as a full raise and clears ``acted_player_indices``: everyone may raise again.
ODD_CHIPS
    POT-ODD-CHIP (TDA 20A; LFP 8.13): each pot is split on its own, in whole chips of the smallest
    denomination (``chip_unit``); the odd ones go one each to the winners from the seat left of
    the button. PokerKit (``push_chips``) splits in single chips and gives the whole remainder to
    the first winner left of the button, after merging the pots the same players are left in.
DOUBLE_PREVIOUS_BET (profile ``lfp``)
    BET-MINRAISE (LFP 7.11, 7.13, 7.14), BET-REOPEN (LFP 7.19): a raise is at least double the
    previous bet (after a short all-in, the all-in plus a big blind), and only such a raise
    reopens the betting. PokerKit has only the TDA minimum, the largest increment.
SHORT_BIG_BLIND
    BET-MINRAISE-SHORT-ALLIN (LFP 7.12): a big blind all-in for less still makes the full big blind
    the bet to call and the base of the minimum raise. PokerKit takes the largest blind actually
    posted, so the others call the short blind (or the small blind) and raise from there.
LONE_PLAYER_CHECKS
    pokertd ends a betting round when the only player with chips behind already matches the bet:
    nobody is left to bet against. PokerKit still asks him to act, and he can only check.
BLIND_BEFORE_ANTE (a big-blind ante: profile ``bannalec``, or ``ante_posts`` due from the big
blind alone)
    ANTE-BB (BAN/BLINDS): the big blind pays the table's ante as dead money, as PokerKit's dead
    antes do; when he cannot cover both, pokertd posts the blind first (the book is silent).
    PokerKit always posts antes before blinds.
SHORT_BLIND_POT (pot limit)
    BET-PL-POT-SIZE (TDA 54B): pre-flop, an all-in for less than a blind does not shrink the pot;
    it counts as the blind it falls short of (pokertd: the big blind for a player who posted
    none). PokerKit counts the chips actually in.
LIMIT_CAP_COUNTS_BLIND (fixed limit)
    BET-RAISE-CAP (TDA 52): a bet and three raises, the big blind counting as the bet pre-flop.
    PokerKit allows four raises after the big blind.
LIMIT_RAISE_OVER_SHORT_ALL_IN (fixed limit)
    BET-MINRAISE-SHORT-ALLIN (TDA 48): an all-in of less than half a bet is a call; the next
    raise is one bet over the last full bet. PokerKit raises one bet over the all-in.
LIMIT_HALF_BET_REOPENS (fixed limit)
    BET-REOPEN (TDA 48): in limit an all-in of half a bet or more is a raise and reopens the
    betting. PokerKit lets nobody who faces less than a full bet raise.

Not a deviation in play: PokerKit has no seats and no dead button (BTN-DEAD-BUTTON: TDA 32; LFP
6.3, 6.4). Its button is its last player and its blinds are a positional tuple, into which the
driver maps pokertd's ``button`` and ``blind_posts``; a dead small blind or a heads-up dead button
then plays the same in both (the random hands include about 10% of them, and
``test_dead_button_hands_agree_btn_dead_button`` shows two).

Agreements worth stating: both engines refuse a bet or raise that no other player could call any
part of, and both make a big-blind ante (an ante due from the big blind alone) dead money for the
main pot, which a short all-in can win in full.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import ClassVar

import pytest
from pokerkit_driver import (
    HOLE_COUNTS,
    Deal,
    Round,
    Setup,
    create_hand,
    create_state,
    odd_chip_split,
    pokerkit_stacks,
    strengths,
)
from pokerkit_duel import (
    LIMIT_CAP,
    Chooser,
    Deviation,
    Duel,
    Options,
    passive,
    random_action,
    random_stacks,
    run,
)

from pokertd import Card
from pokertd.engine.events import AntePosted
from pokertd.engine.pots import Pot


@dataclass(kw_only=True)
class HoldemDuel(Duel[Setup]):
    """A flop hand played by both engines, with the cards of ``deal``."""

    deal: Deal
    #: The boards dealt so far.
    street: int = 0

    #: The options are compared without folding, the chips only at the end.
    compares_folds: ClassVar[bool] = False
    compares_chips: ClassVar[bool] = False

    @classmethod
    def start(cls, setup: Setup, deal: Deal) -> HoldemDuel:
        """Create both hands and deal the hole cards to both."""
        duel = cls(setup, create_hand(setup), create_state(setup), deal=deal)
        duel.log(repr(setup))
        duel.deal_holes(lambda player: deal.holes[player])
        return duel

    def deal_next(self) -> None:
        self.deal_street()

    def deal_street(self) -> None:
        """Deal the next board to pokertd, and to PokerKit while synced."""
        burn, cards = self.deal.streets[self.street]
        self.street += 1
        self.log(f"board {''.join(cards)}")
        self.hand.deal_board([Card.parse(card) for card in cards])
        if self.is_synced:
            self._deal_state(burn, cards)

    def _deal_state(self, burn: str, cards: tuple[str, ...]) -> None:
        state = self.state
        if state.can_burn_card(burn):
            state.burn_card(burn)
        state.deal_board("".join(cards))

    def finish_state(self) -> tuple[int, ...]:
        """Deal PokerKit any boards it still waits for; return its finishing stacks by player."""
        state = self.state
        while state.status and self.street < len(self.deal.streets) and state.can_deal_board():
            burn, cards = self.deal.streets[self.street]
            self.street += 1
            self._deal_state(burn, cards)
        their_stacks = super().finish_state()
        self.counts["dead_button"] += self.setup.blind_posts is not None
        return their_stacks

    def classify(self, ours: Options, theirs: Options | None) -> Deviation:
        return classify(Spot(self, ours, theirs, Round.of(self.hand, self.setup)))

    def explain_stacks(self, theirs: tuple[int, ...]) -> set[Deviation]:
        return explain_stacks(self, theirs)


@dataclass(frozen=True)
class Spot:
    """A decision where the engines disagree: pokertd's and PokerKit's options, and the rules'."""

    duel: HoldemDuel
    ours: Options
    theirs: Options | None
    model: Round

    @property
    def player(self) -> int:
        return self.ours.player

    @property
    def expected(self) -> Options:
        """Return the options the rule text gives (``Round``)."""
        return self.model.options(self.duel.hand, self.player)

    def assert_ours(self, rule: str) -> None:
        """Check pokertd against the rule text, naming the rule on failure."""
        assert self.ours == self.expected, (
            f"pokertd {self.ours} but {rule} gives {self.expected}\n{self.duel}"
        )


# -- one recogniser per deviation seen at a decision --------------------------------------------


def is_blind_before_ante(spot: Spot) -> bool:
    """BLIND_BEFORE_ANTE: the big blind owes the table's ante and cannot cover blind and ante."""
    setup, hand = spot.duel.setup, spot.duel.hand
    antes = setup.dead_antes
    if antes is None or spot.model.street != 0:
        return False
    player, big = setup.big_blind_player, setup.blinds[1]
    stack = setup.stacks[player]
    if stack >= big + antes[player]:
        return False
    assert hand.bets[player] == min(big, stack), f"ANTE-BB: blind first\n{spot.duel}"
    spot.assert_ours("ANTE-BB (BAN/BLINDS; pokertd posts the blind first)")
    return True


def is_short_big_blind(spot: Spot) -> bool:
    """SHORT_BIG_BLIND: pre-flop nobody has put in a full big blind, and the big blind is short."""
    hand, big = spot.duel.hand, spot.duel.setup.blinds[1]
    if spot.model.street != 0 or max(hand.bets) >= big:
        return False
    spot.assert_ours("BET-MINRAISE-SHORT-ALLIN (LFP 7.12: the full big blind is the bet)")
    # PokerKit: the bet to call is the largest blind actually posted.
    need = max(hand.bets) - hand.bets[spot.player]
    return spot.theirs is None or spot.theirs.call == min(need, hand.stacks[spot.player])


def is_double_previous_bet(spot: Spot) -> bool:
    """DOUBLE_PREVIOUS_BET: under ``lfp`` the French minimum differs from the TDA one here."""
    duel = spot.duel
    if duel.setup.profile != "lfp":
        return False
    tda = Round.of(duel.hand, replace(duel.setup, profile="tda-2017"))
    if tda.options(duel.hand, spot.player) == spot.expected:
        return False
    spot.assert_ours("BET-MINRAISE, BET-REOPEN (LFP 7.11, 7.13, 7.14, 7.19)")
    return True


def is_short_all_in_reopening(spot: Spot) -> bool:
    """SHORT_ALL_IN_REOPENS: PokerKit lets a player who already acted raise a short all-in."""
    ours, theirs, model = spot.ours, spot.theirs, spot.model
    if theirs is None or ours.call != theirs.call:
        return False
    if ours.min_raise_to is not None or theirs.min_raise_to is None:
        return False
    if model.acted_at.get(spot.player, -1) <= model.full_at:
        return False
    spot.assert_ours("BET-REOPEN (TDA 48, Add.48)")
    return True


def is_short_blind_pot(spot: Spot) -> bool:
    """SHORT_BLIND_POT: pre-flop pot limit with a player all-in for less than a blind."""
    ours, theirs, duel = spot.ours, spot.theirs, spot.duel
    if duel.setup.game != "plo" or spot.model.street != 0 or theirs is None:
        return False
    if (ours.call, ours.min_raise_to) != (theirs.call, theirs.min_raise_to):
        return False
    hand, posts, big = duel.hand, duel.setup.posts, duel.setup.blinds[1]
    short = [p for p in range(hand.player_count) if hand.is_all_in(p)]
    if not any(hand.bets[p] < (posts[p] or big) for p in short):
        return False
    spot.assert_ours("BET-PL-POT-SIZE (TDA 54B)")
    return True


def is_limit_cap_counting_blind(spot: Spot) -> bool:
    """LIMIT_CAP_COUNTS_BLIND: fixed limit, pre-flop, a bet and three raises are made."""
    ours, theirs, model = spot.ours, spot.theirs, spot.model
    if spot.duel.setup.game != "flhe" or model.street != 0 or theirs is None:
        return False
    if ours.min_raise_to is not None or theirs.min_raise_to is None:
        return False
    if model.bets_made < LIMIT_CAP:
        return False
    spot.assert_ours("BET-RAISE-CAP (TDA 52)")
    return True


def is_limit_raise_over_short_all_in(spot: Spot) -> bool:
    """LIMIT_RAISE_OVER_SHORT_ALL_IN: fixed limit, a short all-in tops the last full bet."""
    ours, theirs, model = spot.ours, spot.theirs, spot.model
    if spot.duel.setup.game != "flhe" or theirs is None or ours.call != theirs.call:
        return False
    if ours.min_raise_to is None or theirs.min_raise_to is None or model.bet <= model.last_full:
        return False
    spot.assert_ours(
        "BET-MINRAISE-SHORT-ALLIN (TDA 48: a short all-in is a call, raise a full bet)"
    )
    return True


def is_limit_half_bet_reopening(spot: Spot) -> bool:
    """LIMIT_HALF_BET_REOPENS: fixed limit, an all-in of half a bet or more reopened the betting."""
    ours, theirs, model = spot.ours, spot.theirs, spot.model
    if spot.duel.setup.game != "flhe" or theirs is None or ours.call != theirs.call:
        return False
    if ours.min_raise_to is None or theirs.min_raise_to is not None:
        return False
    if spot.player not in model.acted_at or ours.call >= model.size:
        return False
    spot.assert_ours("BET-REOPEN (TDA 48: in limit, half a bet or more reopens)")
    return True


SPOT_CHECKS: tuple[tuple[Deviation, Callable[[Spot], bool]], ...] = (
    (Deviation.BLIND_BEFORE_ANTE, is_blind_before_ante),
    (Deviation.SHORT_BIG_BLIND, is_short_big_blind),
    (Deviation.DOUBLE_PREVIOUS_BET, is_double_previous_bet),
    (Deviation.SHORT_ALL_IN_REOPENS, is_short_all_in_reopening),
    (Deviation.SHORT_BLIND_POT, is_short_blind_pot),
    (Deviation.LIMIT_CAP_COUNTS_BLIND, is_limit_cap_counting_blind),
    (Deviation.LIMIT_RAISE_OVER_SHORT_ALL_IN, is_limit_raise_over_short_all_in),
    (Deviation.LIMIT_HALF_BET_REOPENS, is_limit_half_bet_reopening),
)


def classify(spot: Spot) -> Deviation:
    """Return the known deviation behind a difference at a decision, or fail with the hand."""
    for deviation, recognises in SPOT_CHECKS:
        if recognises(spot):
            return deviation
    raise AssertionError(
        f"unexplained difference: pokertd {spot.ours}, PokerKit {spot.theirs}, "
        f"rules {spot.expected}\n{spot.duel}"
    )


# -- finishing stacks -----------------------------------------------------------------------------


def side_pots(duel: HoldemDuel) -> list[tuple[int, tuple[int, ...]]]:
    """Return the pots as POT-SIDE (TDA 21, LFP 8.14) builds them from what each player put in.

    A pot ends at each level where a player still in is all-in, and at the top of the live
    shares; a player with chips behind can win every pot, an all-in player the pots up to his
    level; chips above every live share (a folded player's) join the highest pot below them.
    Dead antes (ANTE-BB) go to the main pot.
    """
    setup, hand = duel.setup, duel.hand
    result = hand.result
    assert result is not None
    paid = [
        start - (stack - won)
        for start, stack, won in zip(setup.stacks, result.stacks, result.winnings, strict=True)
    ]
    dead = 0
    if setup.dead_antes is not None:
        player = setup.big_blind_player
        dead = next((e.amount for e in hand.events if isinstance(e, AntePosted)), 0)
        paid[player] -= dead
    live = [p for p in range(setup.count) if not hand.is_folded(p)]
    top = max(paid[p] for p in live)
    levels = sorted({paid[p] for p in live if hand.is_all_in(p) and paid[p] < top} | {top})
    pots: list[tuple[int, tuple[int, ...]]] = []
    floor = 0
    for level in levels:
        amount = sum(min(put, level) - min(put, floor) for put in paid) + (dead if not pots else 0)
        eligible = tuple(p for p in live if not hand.is_all_in(p) or paid[p] >= level)
        if pots and pots[-1][1] == eligible:
            amount += pots.pop()[0]
        pots.append((amount, eligible))
        floor = level
    above = sum(max(put - top, 0) for put in paid)
    pots[-1] = (pots[-1][0] + above, pots[-1][1])
    return pots


def tda_stacks(duel: HoldemDuel, pots: list[tuple[int, tuple[int, ...]]]) -> tuple[int, ...]:
    """Return the finishing stacks when ``pots`` go to the best hands, split by TDA 20A."""
    setup, result = duel.setup, duel.hand.result
    assert result is not None
    strength = strengths(duel.hand)
    stacks = [stack - won for stack, won in zip(result.stacks, result.winnings, strict=True)]
    for amount, eligible in pots:
        best = max(strength[p] for p in eligible)
        winners = sorted((p for p in eligible if strength[p] == best), key=setup.to_pokerkit)
        for player, share in odd_chip_split(amount, winners, setup.chip_unit).items():
            stacks[player] += share
    return tuple(stacks)


def explain_stacks(duel: HoldemDuel, theirs: tuple[int, ...]) -> set[Deviation]:
    """Explain different finishing stacks as ODD_CHIPS, or fail.

    pokertd's stacks must be the side pots (POT-SIDE) split by TDA 20A (POT-ODD-CHIP), and
    PokerKit's what its own pot rules give.
    """
    result = duel.hand.result
    assert result is not None
    found: set[Deviation] = set()
    expected = tda_stacks(duel, side_pots(duel))
    assert expected == result.stacks, (
        f"pokertd's stacks {result.stacks} are not POT-SIDE with TDA 20A: {expected}\n{duel}"
    )
    predicted = pokerkit_stacks(duel, dead_antes=True)
    assert predicted == theirs, (
        f"unexplained finishing stacks: pokertd {result.stacks}, PokerKit {theirs}, "
        f"PokerKit's pot rules give {predicted}\n{duel}"
    )
    if expected != predicted:
        found.add(Deviation.ODD_CHIPS)
    return found


# -- playing hands ------------------------------------------------------------------------------


def play(setup: Setup, deal: Deal, choose: Chooser) -> tuple[HoldemDuel, set[Deviation]]:
    """Play one hand through both engines; return it and the deviations it showed."""
    duel = HoldemDuel.start(setup, deal)
    return duel, duel.play_out(choose)


def random_chooser(rng: random.Random, unit: int) -> Chooser:
    """Return a chooser of uniform random legal actions, raises often all-in or minimum."""

    def size(low: int, high: int) -> int:
        draw = rng.random()
        if draw < 0.3:
            return high
        if draw < 0.5:
            return low
        return max(low, rng.randint(low, high) // unit * unit)

    def choose(options: Options) -> tuple[str, int | None]:
        return random_action(rng, options, options.call > 0, size)

    return choose


def random_setup(rng: random.Random, game: str) -> Setup:
    """Draw players, stacks (many short), blinds, antes, a button and sometimes a dead button."""
    count = rng.randint(2, 9)
    unit = 25 if rng.random() < 0.25 else 1
    big = rng.choice((50, 100, 200)) if unit > 1 else rng.choice((2, 10, 100, 200))
    small = big // 2
    drawn = random_stacks(rng, count, big, (0.15, 2 * big), 0.45, 150)
    stacks = [max(unit, stack // unit * unit) for stack in drawn]
    button = rng.randrange(count)
    setup = Setup(game, tuple(stacks), (small, big), button, chip_unit=unit)
    draw = rng.random()
    if draw < 0.1:
        # A dead small blind (the big blind left of the button) or, heads-up, a dead button.
        posts = [0] * count
        if count == 2:
            posts[button], posts[1 - button] = big, small
        else:
            posts[(button + 1) % count] = big
        setup = replace(setup, blind_posts=tuple(posts))
    draw = rng.random()
    if game == "nlhe" and draw < 0.1:
        # The big blind pays the table's ante, as dead money (ANTE-BB: BAN/BLINDS).
        return replace(setup, profile="bannalec", ante=big)
    if game == "nlhe" and draw < 0.3:
        setup = replace(setup, profile="lfp")
    draw = rng.random()
    if draw < 0.25:
        setup = replace(setup, ante=max(unit, big // rng.choice((4, 8, 10)) // unit * unit))
    elif draw < 0.35:
        antes = [0] * count
        antes[setup.big_blind_player] = big
        setup = replace(setup, ante_posts=tuple(antes))
    return setup


def random_duel(game: str) -> Callable[[random.Random], tuple[HoldemDuel, Chooser]]:
    """Return how a seed's random generator draws a hand of ``game`` and its random actions."""

    def start(rng: random.Random) -> tuple[HoldemDuel, Chooser]:
        setup = random_setup(rng, game)
        deal = Deal.draw(rng, setup.count, HOLE_COUNTS[game])
        return HoldemDuel.start(setup, deal), random_chooser(rng, setup.chip_unit)

    return start


# -- the random runs ----------------------------------------------------------------------------


def test_random_no_limit_hands() -> None:
    tally = run(range(2000), random_duel("nlhe"))
    expected = {
        Deviation.SHORT_ALL_IN_REOPENS,
        Deviation.ODD_CHIPS,
        Deviation.DOUBLE_PREVIOUS_BET,
        Deviation.SHORT_BIG_BLIND,
        Deviation.LONE_PLAYER_CHECKS,
        Deviation.BLIND_BEFORE_ANTE,
    }
    seen = set(tally.deviations)
    assert seen == expected, f"never observed: {expected - seen}; unexpected: {seen - expected}"
    assert tally.compared_to_end >= tally.hands * 3 // 4, tally
    assert tally.counts["dead_button"] >= 100, tally


def test_random_pot_limit_omaha_hands() -> None:
    tally = run(range(10_000, 10_300), random_duel("plo"))
    assert Deviation.SHORT_BLIND_POT in tally.deviations, tally
    assert tally.compared_to_end >= tally.hands * 3 // 4, tally


def test_random_fixed_limit_hands() -> None:
    tally = run(range(20_000, 20_500), random_duel("flhe"))
    assert Deviation.LIMIT_CAP_COUNTS_BLIND in tally.deviations, tally
    assert Deviation.LIMIT_RAISE_OVER_SHORT_ALL_IN in tally.deviations, tally
    assert tally.compared_to_end >= tally.hands * 3 // 4, tally


# -- one hand for each deviation, with the numbers ------------------------------------------------

FILLER_HOLES = ("2c7d", "3c8d", "4c9d", "5cTd", "6cJd", "2h7s", "3h8s", "4h9s", "5hTs")
OMAHA_HOLES = ("2c7d3h8h", "3c8d4h9h", "4c9d5h6h", "5cTd6d2d")


def scripted(
    setup: Setup, actions: list[tuple[str, int | None]], board: str = "AsKsQsJsTs"
) -> HoldemDuel:
    """Start a hand (a royal flush on the board, so every hand ties) and apply ``actions``."""
    holes = OMAHA_HOLES if setup.game == "plo" else FILLER_HOLES
    duel = HoldemDuel.start(setup, Deal.parse(holes[: setup.count], board))
    for kind, to in actions:
        if duel.hand.phase == "dealing":
            duel.deal_street()
        assert duel.act(kind, to), str(duel)
    return duel


def spot(duel: HoldemDuel) -> Spot:
    """Return the decision the hand is at."""
    ours = duel.ours()
    assert ours is not None
    return Spot(duel, ours, duel.theirs(), Round.of(duel.hand, duel.setup))


def test_short_all_in_does_not_reopen_pre_flop_bet_reopen() -> None:
    # 50/100. The button calls, the small blind moves in for 150 (50 short of a full raise),
    # the big blind calls. TDA 48: the button already acted and faces 50 more, not a full raise.
    setup = Setup("nlhe", (150, 10_000, 10_000), (50, 100), button=2)
    duel = scripted(setup, [("call", None), ("raise", 150), ("call", None)])
    at = spot(duel)
    assert at.ours == Options(2, 50, None, None)
    assert at.theirs == Options(2, 50, 250, 10_000)
    assert classify(at) is Deviation.SHORT_ALL_IN_REOPENS
    assert duel.play_out(passive) == {Deviation.SHORT_ALL_IN_REOPENS}
    assert duel.their_stacks == duel.hand.stacks == (150, 10_000, 10_000)  # the board plays


def test_short_all_in_bet_does_not_reopen_after_the_flop_bet_reopen() -> None:
    # On the flop the small blind checks, the big blind bets his last 30 (below the big blind),
    # the button calls. TDA 48: the small blind checked and faces 30, not a full bet.
    setup = Setup("nlhe", (10_000, 130, 10_000), (50, 100), button=2)
    duel = scripted(setup, [("call", None), ("call", None), ("check", None)])
    duel.deal_street()
    for kind, to in [("check", None), ("raise", 30), ("call", None)]:
        duel.act(kind, to)
    at = spot(duel)
    assert at.ours == Options(0, 30, None, None)
    assert at.theirs == Options(0, 30, 130, 9900)
    assert classify(at) is Deviation.SHORT_ALL_IN_REOPENS


def test_odd_chips_pot_odd_chip() -> None:
    # 25/50 with 25 as the smallest chip. The button calls, the small blind folds, the big blind
    # checks; the board plays, so the big blind and the button split 125. TDA 20A: in whole 25s,
    # the odd 25 to the first winner left of the button. PokerKit: 63 and 62.
    setup = Setup("nlhe", (1000, 1000, 1000), (25, 50), button=2, chip_unit=25)
    duel = scripted(setup, [("call", None), ("fold", None), ("check", None)])
    assert duel.play_out(passive) == {Deviation.ODD_CHIPS}
    assert duel.hand.stacks == (975, 1025, 1000)
    assert duel.their_stacks == (975, 1013, 1012)


def test_odd_chips_are_shared_one_each_pot_odd_chip() -> None:
    # 2/4, four players: raise to 8, call, the small blind folds, the big blind calls. Three tie
    # for 26 chips. TDA 20A: 9, 9, 8 from the seat left of the button; PokerKit: 10, 8, 8.
    setup = Setup("nlhe", (100, 100, 100, 100), (2, 4), button=3)
    duel = scripted(setup, [("raise", 8), ("call", None), ("fold", None), ("call", None)])
    assert duel.play_out(passive) == {Deviation.ODD_CHIPS}
    assert duel.hand.stacks == (98, 101, 101, 100)
    assert duel.their_stacks == (98, 102, 100, 100)


@pytest.mark.parametrize(
    ("profile", "minimum", "deviation"),
    [("lfp", 1000, Deviation.DOUBLE_PREVIOUS_BET), ("tda-2017", 800, None)],
)
def test_double_previous_bet_bet_minraise(
    profile: str, minimum: int, deviation: Deviation | None
) -> None:
    # EX-01, 100/200: the button opens to 500. LFP 7.11: a re-raise doubles it, to 1000.
    setup = Setup("nlhe", (10_000, 10_000, 10_000), (100, 200), button=2, profile=profile)
    at = spot(scripted(setup, [("raise", 500)]))
    assert at.ours == Options(0, 400, minimum, 10_000)
    assert at.theirs == Options(0, 400, 800, 10_000)
    if deviation is not None:
        assert classify(at) is deviation


def test_short_big_blind_bet_minraise_short_allin() -> None:
    # 50/100, the big blind has 60. LFP 7.12: the others still call 100 or raise to 200.
    setup = Setup("nlhe", (10_000, 60, 10_000), (50, 100), button=2)
    at = spot(scripted(setup, []))
    assert at.ours == Options(2, 100, 200, 10_000)
    assert at.theirs == Options(2, 60, 160, 10_000)
    assert classify(at) is Deviation.SHORT_BIG_BLIND


def test_raise_nobody_can_call_is_refused_by_both() -> None:
    # The player under the gun moves in for 5000, the button folds. The big blind has only 900
    # behind: nobody could call a raise by the small blind, so neither engine offers one.
    setup = Setup("nlhe", (20_000, 1000, 5000, 3000), (50, 100), button=3)
    duel = scripted(setup, [("raise", 5000), ("fold", None)])
    assert duel.theirs() == Options(0, 4950, None, None)
    assert duel.play_out(passive) == set()
    assert duel.their_stacks == duel.hand.stacks


def test_lone_player_checks() -> None:
    # The button folds, the small blind calls all-in for 89: the big blind, alone with chips and
    # already matching, has nobody to bet against. PokerKit still asks him to check.
    setup = Setup("nlhe", (89, 138, 2699), (50, 100), button=2)
    duel = scripted(setup, [("fold", None), ("call", None)])
    assert duel.hand.phase == "dealing"
    assert duel.theirs() == Options(1, 0, None, None)
    assert duel.settle_lone_player() is Deviation.LONE_PLAYER_CHECKS
    assert duel.play_out(passive) == set()
    assert duel.their_stacks == duel.hand.stacks == (89, 138, 2699)  # the board plays


def test_short_blind_pot_bet_pl_pot_size() -> None:
    # Pot-limit Omaha 50/100, the small blind is all-in for 30. TDA 54B: the pot counts his full
    # small blind, so the button may raise to 100 + (130 + 20 + 100) = 350. PokerKit: 330.
    setup = Setup("plo", (30, 10_000, 10_000), (50, 100), button=2)
    at = spot(scripted(setup, [], board="AsKsQsJsTs"))
    assert at.ours == Options(2, 100, 200, 350)
    assert at.theirs == Options(2, 100, 200, 330)
    assert classify(at) is Deviation.SHORT_BLIND_POT


def test_limit_cap_counts_blind_bet_raise_cap() -> None:
    # Limit 50/100 (bets 100/200): blind, 200, 300, 400 is a bet and three raises: capped.
    setup = Setup("flhe", (10_000,) * 5, (50, 100), button=4)
    at = spot(scripted(setup, [("raise", 200), ("raise", 300), ("raise", 400)]))
    assert at.ours == Options(0, 350, None, None)
    assert at.theirs == Options(0, 350, 500, 500)
    assert classify(at) is Deviation.LIMIT_CAP_COUNTS_BLIND


def test_limit_raise_over_short_all_in_bet_minraise_short_allin() -> None:
    # Limit 50/100: raise to 200, then all-in for 230 (less than half a bet more): a raise is to
    # 300, one bet over the last full one. PokerKit: 330.
    setup = Setup("flhe", (10_000, 10_000, 10_000, 230), (50, 100), button=3)
    at = spot(scripted(setup, [("raise", 200), ("raise", 230)]))
    assert at.ours == Options(0, 180, 300, 300)
    assert at.theirs == Options(0, 180, 330, 330)
    assert classify(at) is Deviation.LIMIT_RAISE_OVER_SHORT_ALL_IN


def test_limit_half_bet_reopens_bet_reopen() -> None:
    # Limit 50/100, on the flop: bet 100, call, all-in for 160 (60, at least half a bet). TDA 48:
    # that reopens the betting for the first bettor. PokerKit: he may only call.
    setup = Setup("flhe", (10_000, 10_000, 260), (50, 100), button=2)
    duel = scripted(setup, [("call", None), ("call", None), ("check", None)])
    duel.deal_street()
    for kind, to in [("raise", 100), ("call", None), ("raise", 160)]:
        duel.act(kind, to)
    at = spot(duel)
    assert at.ours == Options(0, 60, 260, 260)
    assert at.theirs == Options(0, 60, None, None)
    assert classify(at) is Deviation.LIMIT_HALF_BET_REOPENS


def test_big_blind_ante_is_dead_money_in_both() -> None:
    # 50/100, the big blind owes a 100 ante (explicit ante_posts). The button moves in for 150,
    # the small blind folds, the big blind calls, and the button wins. ANTE-BB: the ante is dead
    # money in the main pot, so the button wins it in full, in both engines.
    setup = Setup("nlhe", (1000, 1000, 150), (50, 100), button=2, ante_posts=(0, 100, 0))
    duel = HoldemDuel.start(setup, Deal.parse(("2c7d", "3c8d", "AhAd"), "AsKs9h5c2d"))
    for kind in ("raise", "fold", "call"):
        duel.act(kind, 150 if kind == "raise" else None)
    assert duel.play_out(passive) == set()
    assert duel.hand.stacks == duel.their_stacks == (950, 750, 450)


def test_blind_before_ante_ante_bb() -> None:
    # Bannalec, six players, 50/100: the big blind owes a 100 ante but has 150. pokertd posts his
    # blind first (100, then 50 of ante); PokerKit posts the ante first (100, then a 50 blind).
    setup = Setup("nlhe", (150, *(10_000,) * 5), (50, 100), button=4, profile="bannalec", ante=100)
    duel = scripted(setup, [])
    assert duel.hand.bets[setup.big_blind_player] == 100
    at = spot(duel)
    assert at.ours == Options(1, 100, 200, 10_000)
    assert at.theirs == Options(1, 50, 150, 10_000)
    assert classify(at) is Deviation.BLIND_BEFORE_ANTE


@pytest.mark.parametrize(
    "setup",
    [
        # EX-62: the small blind's seat is empty, the big blind sits left of the button.
        Setup("nlhe", (3000, 2000, 5000, 4000), (50, 100), button=3, blind_posts=(100, 0, 0, 0)),
        # Heads-up with a dead button: the button posts the big blind.
        Setup("nlhe", (3000, 2000), (50, 100), button=1, blind_posts=(50, 100)),
    ],
    ids=["dead-small-blind", "heads-up-dead-button"],
)
def test_dead_button_hands_agree_btn_dead_button(setup: Setup) -> None:
    # BTN-DEAD-BUTTON (TDA 32, LFP 6.3, 6.4): pokertd takes the button and each blind; PokerKit
    # takes positional blinds. Mapped, every decision and the result agree.
    for seed in range(20):
        rng = random.Random(seed)
        duel, seen = play(setup, Deal.draw(rng, setup.count, 2), random_chooser(rng, 1))
        assert seen <= {Deviation.ODD_CHIPS}, str(duel)
        assert duel.their_stacks is not None
        assert duel.decisions > 0


def test_folded_big_blind_ante_stays_in_the_main_pot_pot_side() -> None:
    # The big blind (100 ante + 100 blind) folds to an all-in of 150 and a call. His ante is dead
    # money in the main pot (ANTE-BB), so the all-in player's aces win all 500.
    setup = Setup("nlhe", (1000, 1000, 150), (50, 100), button=2, ante_posts=(0, 100, 0))
    duel = HoldemDuel.start(setup, Deal.parse(("2c7d", "3c8d", "AhAd"), "AsKs9h5c2d"))
    for kind in ("raise", "call", "fold"):
        duel.act(kind, 150 if kind == "raise" else None)
    assert duel.hand.pots == [Pot(500, (0, 2))]
    duel.play_out(passive)
    assert duel.hand.stacks == duel.their_stacks == (850, 800, 500)
