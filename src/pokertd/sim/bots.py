"""Bots: players for simulated tournaments, each a function of what one player may see.

A bot is called with a ``Situation`` (his cards, the board, the stacks, the bets and the pot,
his options, the big blind) and an injected ``random.Random``, and returns a ``Choice``: an
``ActionKind`` and, for a bet or a raise, its total for the round. It never sees another
player's cards or the deck. Three styles are shipped (``BOTS``):

- ``random``: uniform over the kinds of action open to him (folding only when facing a bet),
  with a sane size for a bet or raise: the minimum, half the pot, the pot, or all-in;
- ``calling``: a calling station, which checks or calls whatever happens;
- ``tag``: a simple tight-aggressive player. Before the flop it ranks its two cards by the
  Chen formula (``chen``) and opens, re-raises, calls or folds by thresholds, and shoves or
  folds when short-stacked; after the flop it bets its made hands (``pokertd.evaluate``),
  checks and calls a small bet with one pair, and gives up otherwise.

>>> from pokertd import Hand
>>> hand = Hand.create(game="nlhe", stacks=[1000, 1000, 1000], blinds=(5, 10), seed=3)
>>> seen = situation(hand, hand.legal(), big_blind=10)
>>> calling_station(seen, random.Random(1))
(<ActionKind.CALL: 'call'>, None)
>>> kind, to = tight_aggressive(seen, random.Random(1))
>>> kind in (ActionKind.FOLD, ActionKind.RAISE, ActionKind.CALL)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import cast

from pokertd.cards import Card, Rank, Suit
from pokertd.engine import ActionKind, Hand, Legal
from pokertd.evaluate import HandCategory, category, high

__all__ = [
    "BOTS",
    "BOT_NAMES",
    "Bot",
    "Choice",
    "Situation",
    "calling_station",
    "chen",
    "random_bot",
    "situation",
    "tight_aggressive",
]

#: An action and, for a bet or a raise, its total for the round.
Choice = tuple[ActionKind, int | None]

_FOLD: Choice = (ActionKind.FOLD, None)
_CHECK: Choice = (ActionKind.CHECK, None)
_CALL: Choice = (ActionKind.CALL, None)


class Situation:
    """What the player to act may see: his own cards, the board, every stack and bet, the pot.

    ``stacks`` are the chips behind and ``bets`` the chips in front of each player this round;
    ``pot`` the chips already gathered from earlier rounds (antes included). ``in_hand`` counts
    the players who have not folded. One is built per decision, and a bot reads only a part of
    it (before the flop the tight-aggressive bot never counts the players in the hand): each
    part is read from the hand when first asked for, and kept (by hand, in slots: on Python
    3.11 ``functools.cached_property`` takes a lock at each first read, on a hot path).
    """

    __slots__ = ("_bets", "_board", "_hand", "_hole", "_stacks", "big_blind", "legal", "player")

    def __init__(self, hand: Hand, legal: Legal, big_blind: int) -> None:
        self._hand = hand
        self.legal = legal
        self.player = legal.player
        self.big_blind = big_blind
        self._hole: tuple[Card, ...] | None = None
        self._board: tuple[Card, ...] | None = None
        self._stacks: tuple[int, ...] | None = None
        self._bets: tuple[int, ...] | None = None

    @property
    def hole(self) -> tuple[Card, ...]:
        """Return the player's own cards (those known)."""
        hole = self._hole
        if hole is None:
            cards = self._hand.hole_cards(self.player)
            # Every card known (``all``: a card is true, None false), as in automatic dealing.
            if all(cards):
                # A string: ``tuple[Card, ...]`` would build its alias at every decision.
                hole = cast("tuple[Card, ...]", cards)
            else:
                hole = tuple(card for card in cards if card is not None)
            self._hole = hole
        return hole

    @property
    def board(self) -> tuple[Card, ...]:
        """Return the board cards dealt so far."""
        board = self._board
        if board is None:
            board = self._board = self._hand.board
        return board

    @property
    def stacks(self) -> tuple[int, ...]:
        """Return every player's chips behind."""
        stacks = self._stacks
        if stacks is None:
            stacks = self._stacks = self._hand.stacks
        return stacks

    @property
    def bets(self) -> tuple[int, ...]:
        """Return the chips in front of each player this round."""
        bets = self._bets
        if bets is None:
            bets = self._bets = self._hand.bets
        return bets

    @property
    def pot(self) -> int:
        """Return the chips gathered from earlier rounds (antes included)."""
        # The chips committed less those still in front of the players: cheaper than adding up
        # ``hand.pots``, which splits the side pots.
        return sum(self._hand.starting_stacks) - sum(self.stacks) - sum(self.bets)

    @property
    def in_hand(self) -> int:
        """Return how many players have not folded."""
        hand = self._hand
        count = hand.player_count
        return count - sum(map(hand.is_folded, range(count)))

    @property
    def button(self) -> int:
        """Return the button's player index."""
        return self._hand.button

    @property
    def total_pot(self) -> int:
        """Return every chip in the middle: the pot and this round's bets."""
        return self.pot + sum(self.bets)

    @property
    def stack(self) -> int:
        """Return the chips the player has behind."""
        return self.stacks[self.player]


#: A bot: what the player sees and a random source in, a choice out.
Bot = Callable[[Situation, random.Random], Choice]


def situation(hand: Hand, legal: Legal, *, big_blind: int) -> Situation:
    """Return what the player to act in ``hand`` may see (``legal`` is his options).

    >>> from pokertd import Hand
    >>> hand = Hand.create(game="nlhe", stacks=[500, 500], blinds=(5, 10), seed=1)
    >>> seen = situation(hand, hand.legal(), big_blind=10)
    >>> seen.player, seen.bets, seen.total_pot, len(seen.hole)
    (1, (10, 5), 15, 2)
    """
    return Situation(hand, legal, big_blind)


def _raise(legal: Legal, target: int) -> Choice:
    """Bet or raise to ``target``, kept within the legal bounds."""
    low, top = legal.min_raise_to, legal.max_raise_to
    assert low is not None
    assert top is not None
    kind = ActionKind.BET if legal.is_opening else ActionKind.RAISE
    return kind, min(max(target, low), top)


def _passive(legal: Legal) -> Choice:
    """Check if he may, else fold."""
    return _CHECK if legal.check else _FOLD


# -- random -------------------------------------------------------------------------------------


def random_bot(seen: Situation, rng: random.Random) -> Choice:
    """Pick uniformly among the kinds of action open: fold (only facing a bet), check or call,
    bet or raise to the minimum, half the pot, the pot or all-in (one of the four at random).

    >>> from pokertd import Hand
    >>> hand = Hand.create(game="nlhe", stacks=[1000, 1000], blinds=(5, 10), seed=1)
    >>> random_bot(situation(hand, hand.legal(), big_blind=10), random.Random(2))[0]
    <ActionKind.RAISE: 'raise'>
    """
    legal = seen.legal
    kinds = 1 + (legal.call > 0) + (legal.min_raise_to is not None)
    pick = int(rng.random() * kinds)
    if legal.call > 0:
        if pick == 0:
            return _FOLD
        pick -= 1
    if pick == 0:
        return _CHECK if legal.check else _CALL
    assert legal.max_raise_to is not None
    pot = seen.total_pot + legal.call
    current = max(seen.bets)
    size = int(rng.random() * 4)
    if size == 0:
        target = 0  # the minimum
    elif size == 3:
        target = legal.max_raise_to
    else:
        target = current + legal.call + pot * size // 2
    return _raise(legal, target)


# -- calling station ------------------------------------------------------------------------------


def calling_station(seen: Situation, rng: random.Random) -> Choice:
    """Check when he may, else call, whatever he holds.

    >>> from pokertd import Hand
    >>> hand = Hand.create(game="nlhe", stacks=[1000, 1000], blinds=(5, 10), seed=1)
    >>> calling_station(situation(hand, hand.legal(), big_blind=10), random.Random(0))
    (<ActionKind.CALL: 'call'>, None)
    """
    return _CHECK if seen.legal.check else _CALL


# -- tight-aggressive -----------------------------------------------------------------------------

_CHEN_HIGH = {14: 10.0, 13: 8.0, 12: 7.0, 11: 6.0}
_CHEN_GAP = (0, -1, -2, -4)


def chen(first: Card, second: Card) -> int:
    """Return the Chen formula's score of two hole cards (-1 to 20; higher is better).

    The higher card counts 10 for an ace, 8 a king, 7 a queen, 6 a jack, half its rank below;
    a pair doubles it (at least 5), suited cards add 2, a gap takes 1, 2, 4 or 5 off, and
    connected or one-gapped cards below a queen add 1; half points round up.

    >>> from pokertd.cards import Card
    >>> chen(Card.parse("As"), Card.parse("Ah")), chen(Card.parse("7c"), Card.parse("2d"))
    (20, -1)
    >>> chen(Card.parse("Js"), Card.parse("Ts"))
    9
    """
    return _CHEN_SCORES[first.code * 52 + second.code]


def _chen_formula(first: Card, second: Card) -> int:
    """The Chen formula worked out (``chen`` reads it from the table of every two cards)."""
    high_rank, low_rank = max(first.rank, second.rank), min(first.rank, second.rank)
    score = _CHEN_HIGH.get(high_rank, high_rank / 2)
    if high_rank == low_rank:
        return int(-(-max(score * 2, 5) // 1))
    if first.suit == second.suit:
        score += 2
    gap = high_rank - low_rank - 1
    score += _CHEN_GAP[gap] if gap < 4 else -5
    if gap <= 1 and high_rank < 12:
        score += 1
    return int(-(-score // 1))


def _chen_scores() -> tuple[int, ...]:
    """The Chen score of every two cards, by their codes (``first.code * 52 + second.code``):
    the bot scores its cards at each decision before the flop."""
    cards = sorted((Card(rank, suit) for rank in Rank for suit in Suit), key=lambda c: c.code)
    return tuple(_chen_formula(first, second) for first in cards for second in cards)


_CHEN_SCORES = _chen_scores()


def tight_aggressive(seen: Situation, rng: random.Random) -> Choice:
    """Play few hands and play them hard: by the Chen score before the flop, by the made hand
    after it (see the module's description). Cheap: one evaluation per decision after the flop.

    >>> from pokertd import Hand
    >>> hand = Hand.create(game="nlhe", stacks=[1000, 1000], blinds=(5, 10), seed=1)
    >>> seen = situation(hand, hand.legal(), big_blind=10)
    >>> tight_aggressive(seen, random.Random(0))[0] in (ActionKind.FOLD, ActionKind.RAISE)
    True
    """
    if not seen.board:
        return _preflop(seen, rng)
    return _postflop(seen, rng)


#: The lowest Chen score with which ``_preflop`` plays on in any case (a shove heads-up).
_LOWEST_PLAYED = 2


def _preflop(seen: Situation, rng: random.Random) -> Choice:
    legal = seen.legal
    first, second = seen.hole
    score = chen(first, second)
    if score < _LOWEST_PLAYED:
        # A fifth of the hands dealt: checked or folded whatever the stacks and the bets, which
        # are then not read.
        return _CHECK if legal.check else _FOLD
    big = max(seen.big_blind, 1)
    bets, stacks, player = seen.bets, seen.stacks, seen.player
    # His whole stack, in big blinds, as it stood before this round.
    whole = stacks[player] + bets[player]
    depth = whole / big
    can_raise = legal.min_raise_to is not None
    facing = legal.call
    if depth <= 12:
        # Short-stacked: all-in or fold, looser the shorter he is and the fewer players dealt
        # (heads-up nearly any two cards are worth a shove at ten big blinds).
        dealt = len(stacks)
        if dealt <= 2:
            needed = 2
        elif dealt <= 4:
            needed = 5
        else:
            needed = 6 if depth <= 6 else 8
        if facing > big:  # someone raised (or shoved): call off only with a better hand
            needed += 3
        if score >= needed:
            return _raise(legal, whole) if can_raise else _CALL
        return _passive(legal)
    current = max(bets)
    raised = current > big
    if not raised:
        if score >= 8 and can_raise:
            return _raise(legal, big * 3 + seen.pot // 2)
        if score >= 6 and facing <= big // 2 + 1:
            return _CHECK if legal.check else _CALL  # complete the small blind
        if score >= 7 and facing <= big:
            return _CALL
        return _passive(legal)
    if score >= 12 and can_raise:
        return _raise(legal, current * 3)
    if score >= 9 and facing * 5 <= stacks[player]:
        return _CALL
    if score >= 11:
        return _CALL
    return _passive(legal)


def _postflop(seen: Situation, rng: random.Random) -> Choice:
    legal = seen.legal
    hole, board = seen.hole, seen.board
    made = category(high(hole + board))
    if made is HandCategory.ONE_PAIR:
        # Only a pair he holds a part of counts; one on the board is everybody's.
        ranks = {card.rank for card in board}
        if hole[0].rank != hole[1].rank and hole[0].rank not in ranks and hole[1].rank not in ranks:
            made = HandCategory.HIGH_CARD
    pot = seen.total_pot
    can_raise = legal.min_raise_to is not None
    facing = legal.call
    if made >= HandCategory.TWO_PAIR:
        if can_raise and (facing == 0 or rng.random() < 0.6):
            return _raise(legal, max(seen.bets) + facing + (pot + facing) * 2 // 3)
        return _CHECK if legal.check else _CALL
    if made is HandCategory.ONE_PAIR:
        if facing == 0:
            if can_raise and rng.random() < 0.5:
                return _raise(legal, pot // 2)
            return _CHECK
        if facing * 2 <= pot or facing * 8 <= seen.stack:
            return _CALL
        return _FOLD
    if facing == 0:
        # A continuation bet now and then, when few players are left.
        if can_raise and seen.in_hand <= 2 and rng.random() < 0.3:
            return _raise(legal, pot // 2)
        return _CHECK
    return _FOLD


#: The bots by name, as ``pokertd simulate --bots`` names them.
BOTS: dict[str, Bot] = {
    "tag": tight_aggressive,
    "random": random_bot,
    "calling": calling_station,
}
BOT_NAMES: tuple[str, ...] = (*BOTS, "mix")
