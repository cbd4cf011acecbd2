"""A tiny bot for the seats of a live table marked as bots: enough to fill a table or to test one.

It checks when it can, calls small bets, and now and then folds or raises; every choice comes from
the random source it is given. Real strategies belong to the simulation package.
"""

from __future__ import annotations

import random

from pokertd.engine import ActionKind, Hand, Legal


def bot_choice(hand: Hand, legal: Legal, rng: random.Random) -> tuple[ActionKind, int | None]:
    """Return the action of the bot to act and, for a bet or a raise, its total.

    >>> from pokertd import Hand
    >>> hand = Hand.create(game="nlhe", stacks=[1000, 1000], blinds=(5, 10), seed=1)
    >>> legal = hand.legal()
    >>> bot_choice(hand, legal, random.Random(3))[0] in (ActionKind.CALL, ActionKind.RAISE)
    True
    """
    if legal.show or legal.muck:
        # At showdown a bot tables his hand when the engine knows it, else gives it up.
        known = all(card is not None for card in hand.hole_cards(legal.player))
        return (ActionKind.SHOW if known or not legal.muck else ActionKind.MUCK), None
    roll = rng.random()
    pot = sum(pot.amount for pot in hand.pots) + sum(hand.bets)
    stack = hand.stacks[legal.player]
    can_raise = legal.min_raise_to is not None and legal.max_raise_to is not None
    if can_raise and roll < 0.12:
        assert legal.min_raise_to is not None
        assert legal.max_raise_to is not None
        target = min(max(legal.min_raise_to, hand.current_bet + pot // 2), legal.max_raise_to)
        return (ActionKind.BET if legal.is_opening else ActionKind.RAISE), target
    if legal.check:
        return ActionKind.CHECK, None
    is_small = legal.call * 4 <= pot or legal.call * 10 <= stack
    if roll < (0.75 if is_small else 0.4):
        return ActionKind.CALL, None
    return ActionKind.FOLD, None
