"""Engine and evaluator speed against PokerKit and phevaluator, as ratios measured in one run.

Complete six-handed no-limit hold'em hands (stacks of 100 big blinds) played with uniformly random
legal actions from a seed: each decision picks one of fold (when facing a bet), check or call, and
bet or raise to a random total between the minimum and the maximum. The same policy drives pokertd
and PokerKit 0.7.7 (with its dealing, collecting and showdown automated). Then complete
six-handed fixed-limit seven-card stud hands (antes, a bring-in, small and big bets) by the same
policy, the bring-in posted or completed at random, against PokerKit's
``FixedLimitSevenCardStud``. Then seven-card evaluations per second, pokertd against
phevaluator's public API (``bench/evaluate.py``).

Run ``make bench`` or ``python bench/engine.py [--hands N]``. Nothing here asserts: timings belong
in benchmarks, never in tests.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from pokerkit import Automation, FixedLimitSevenCardStud, Mode, NoLimitTexasHoldem

from pokertd import Hand, rules

sys.path.insert(0, str(Path(__file__).parent))
from evaluate import measure as measure_evaluation

STACK, BLINDS, PLAYERS = 10_000, (50, 100), 6
#: Stud: ante, bring-in, small and big bets (stacks of 100 big bets).
ANTE, BRING_IN, SMALL_BET, BIG_BET = 10, 25, 50, 100


def play_pokertd(hands: int, seed: int) -> None:
    """Play ``hands`` complete hands with pokertd."""
    rng = random.Random(seed)
    profile = rules.load("tda-2017")
    for _ in range(hands):
        play_at_random(
            Hand.create(
                game="nlhe", profile=profile, stacks=[STACK] * PLAYERS, blinds=BLINDS, rng=rng
            ),
            rng,
        )


def play_at_random(hand: Hand, rng: random.Random) -> Hand:
    """Play ``hand`` to its end: fold, call/check or a raise of a random size, a third each."""
    while not hand.is_finished:
        legal = hand.legal()
        assert legal is not None
        choice = int(rng.random() * 3)
        low, high = legal.min_raise_to, legal.max_raise_to
        if choice == 0 and legal.call:
            hand.act(legal.player, "fold")
        elif choice == 2 and low is not None and high is not None:
            hand.act(legal.player, "raise", low + int(rng.random() * (high - low + 1)))
        else:
            hand.act(legal.player, "call" if legal.call else "check")
    return hand


_AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def play_pokerkit(hands: int, seed: int) -> None:
    """Play ``hands`` complete hands with PokerKit, by the same random policy."""
    rng = random.Random(seed)
    for _ in range(hands):
        state = NoLimitTexasHoldem.create_state(
            _AUTOMATIONS, True, 0, BLINDS, BLINDS[1], [STACK] * PLAYERS, PLAYERS,
            mode=Mode.TOURNAMENT,
        )  # fmt: skip
        while state.status:
            choice = int(rng.random() * 3)
            facing = state.checking_or_calling_amount
            if choice == 0 and facing and state.can_fold():
                state.fold()
            elif choice == 2 and state.can_complete_bet_or_raise_to():
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
                assert low is not None
                assert high is not None
                state.complete_bet_or_raise_to(low + int(rng.random() * (high - low + 1)))
            else:
                state.check_or_call()


def play_pokertd_stud(hands: int, seed: int) -> None:
    """Play ``hands`` complete seven-card stud hands with pokertd."""
    rng = random.Random(seed)
    profile = rules.load("tda-2017")
    for _ in range(hands):
        hand = Hand.create(
            game="stud", profile=profile, stacks=[STACK] * PLAYERS, ante=ANTE,
            bring_in=BRING_IN, limits=(SMALL_BET, BIG_BET), rng=rng,
        )  # fmt: skip
        while not hand.is_finished:
            legal = hand.legal()
            assert legal is not None
            choice = int(rng.random() * 3)
            low = legal.min_raise_to
            if choice == 0 and legal.fold and legal.call:
                hand.act(legal.player, "fold")
            elif choice == 2 and low is not None:
                hand.act(legal.player, "raise", low)
            else:
                hand.act(legal.player, "call" if legal.call else "check")


def play_pokerkit_stud(hands: int, seed: int) -> None:
    """Play ``hands`` complete seven-card stud hands with PokerKit, by the same random policy."""
    rng = random.Random(seed)
    for _ in range(hands):
        state = FixedLimitSevenCardStud.create_state(
            _AUTOMATIONS, True, ANTE, BRING_IN, SMALL_BET, BIG_BET, [STACK] * PLAYERS,
            PLAYERS, mode=Mode.TOURNAMENT,
        )  # fmt: skip
        while state.status:
            choice = int(rng.random() * 3)
            if state.can_post_bring_in():
                if choice == 2 and state.can_complete_bet_or_raise_to():
                    state.complete_bet_or_raise_to()
                else:
                    state.post_bring_in()
            elif choice == 0 and state.checking_or_calling_amount and state.can_fold():
                state.fold()
            elif choice == 2 and state.can_complete_bet_or_raise_to():
                state.complete_bet_or_raise_to()
            else:
                state.check_or_call()


def rates(hands: int, their_hands: int, runs: int = 5) -> tuple[float, float]:
    """Return the best hands-per-second figures of pokertd and PokerKit over ``runs`` rounds.

    The two engines alternate, round by round, with the same seeds, so that a busy moment of the
    machine slows both rather than one.
    """
    best_ours = best_theirs = float("inf")
    for run in range(runs):
        start = time.perf_counter()
        play_pokertd(hands, 1 + run)
        best_ours = min(best_ours, time.perf_counter() - start)
        start = time.perf_counter()
        play_pokerkit(their_hands, 1 + run)
        best_theirs = min(best_theirs, time.perf_counter() - start)
    return hands / best_ours, their_hands / best_theirs


def stud_rates(hands: int, their_hands: int, runs: int = 5) -> tuple[float, float]:
    """Return the best stud hands-per-second figures of pokertd and PokerKit, as ``rates``."""
    best_ours = best_theirs = float("inf")
    for run in range(runs):
        start = time.perf_counter()
        play_pokertd_stud(hands, 1 + run)
        best_ours = min(best_ours, time.perf_counter() - start)
        start = time.perf_counter()
        play_pokerkit_stud(their_hands, 1 + run)
        best_theirs = min(best_theirs, time.perf_counter() - start)
    return hands / best_ours, their_hands / best_theirs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=6000, help="pokertd hands per run")
    parser.add_argument("--evaluations", type=int, default=200_000)
    arguments = parser.parse_args()
    ours, theirs = rates(arguments.hands, max(arguments.hands // 20, 100))
    stud_ours, stud_theirs = stud_rates(arguments.hands // 2, max(arguments.hands // 40, 50))
    rows = [
        ("pokertd hands/s, 6-max NLHE, random legal actions", ours),
        ("PokerKit 0.7.7 hands/s, same policy", theirs),
        ("ratio pokertd / PokerKit (target >= 50)", ours / theirs),
        ("pokertd hands/s, 6-max seven-card stud, random legal actions", stud_ours),
        ("PokerKit 0.7.7 hands/s, FixedLimitSevenCardStud, same policy", stud_theirs),
        ("ratio pokertd / PokerKit, stud", stud_ours / stud_theirs),
        *measure_evaluation(arguments.evaluations),
    ]
    width = max(len(label) for label, _ in rows)
    print(f"{'measure':<{width}}  {'value':>12}")
    for label, value in rows:
        text = f"{value:>12.2f}" if value < 100 else f"{value:>12,.0f}"
        print(f"{label:<{width}}  {text}")


if __name__ == "__main__":
    main()
