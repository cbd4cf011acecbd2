"""A tiny bot for the seats of a live table marked as bots: enough to fill a table or to test one.

It checks when it can, calls small bets, and now and then folds or raises; every choice comes from
the random source it is given. In a draw game's draw it keeps what its game wants and throws the
rest away (``bot_discards``). Real strategies belong to the simulation package.
"""

from __future__ import annotations

import random

from pokertd.cards import Card
from pokertd.engine import ActionKind, Hand, Legal
from pokertd.engine.games import Judging


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
    # A stud bring-in is owed, never folded (ENGINE-BRING-IN): "call" posts it.
    if roll < (0.75 if is_small else 0.4) or not legal.fold:
        return ActionKind.CALL, None
    return ActionKind.FOLD, None


def bot_discards(hand: Hand, legal: Legal) -> tuple[Card, ...]:
    """Return the cards the bot to draw throws away (none: it stands pat), keeping what its
    game wants: in a deuce-to-seven or badugi hand the low cards of different ranks (and suits,
    in badugi), in a high hand its pairs and better.

    >>> from pokertd import Hand
    >>> hand = Hand.create(game="fl27td", stacks=[1000, 1000], blinds=(5, 10), button=0, seed=4)
    >>> hand.act(0, "call"); hand.act(1, "check")
    >>> thrown = bot_discards(hand, hand.legal())
    >>> set(thrown) <= set(hand.hole_cards(1)), len(thrown) <= hand.legal().draw
    (True, True)
    """
    cards = [card for card in hand.hole_cards(legal.player) if card is not None]
    judging = hand.game.judging
    if judging is Judging.DEUCE_TO_SEVEN:
        kept = _low_kept(cards, top=8, suited=False, ace=14)
    elif judging is Judging.BADUGI:
        kept = _low_kept(cards, top=8, suited=True, ace=1)
    else:
        counts = {rank: sum(1 for c in cards if c.rank == rank) for rank in {c.rank for c in cards}}
        kept = [card for card in cards if counts[card.rank] > 1]
    return tuple(card for card in cards if card not in kept)[: legal.draw]


def _low_kept(cards: list[Card], *, top: int, suited: bool, ace: int) -> list[Card]:
    """Return the cards of a low hand worth keeping: the lowest of each rank up to ``top``
    (aces count as ``ace``), one per suit when ``suited`` (badugi)."""
    kept: list[Card] = []
    for card in sorted(cards, key=lambda card: ace if card.rank == 14 else int(card.rank)):
        value = ace if card.rank == 14 else int(card.rank)
        if value > top or any(other.rank == card.rank for other in kept):
            continue
        if suited and any(other.suit == card.suit for other in kept):
            continue
        kept.append(card)
    return kept
