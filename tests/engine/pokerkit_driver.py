"""Drive one hand through pokertd's ``Hand`` and PokerKit's ``State`` side by side (test helper).

PokerKit (a test-only dependency) numbers players from the seat left of the button, so that the
button is its last player; pokertd numbers them as PHH does, with an explicit ``button``. ``Table``
maps between the two. Both engines get the same cards, from the same seeded deck, and the same
actions; ``Table.options`` reads what each engine offers the player to act.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pokerkit import (
    Automation,
    FixedLimitTexasHoldem,
    Mode,
    NoLimitTexasHoldem,
    PotLimitOmahaHoldem,
)

from pokertd import Card, Hand, rules

#: What PokerKit does on its own; cards are always dealt by the driver, burns included.
AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = tuple(rank + suit for rank in RANKS for suit in SUITS)


@dataclass(frozen=True)
class Setup:
    """One hand's forced bets and stacks, in pokertd's player order.

    ``ante`` is each player's ante (``ante_form = each-player``); ``ante_posts`` gives each player's
    ante instead. ``blind_posts`` gives each player's blind instead of posting them by position.
    """

    game: str
    stacks: tuple[int, ...]
    blinds: tuple[int, int]
    button: int
    profile: str = "tda-2017"
    ante: int = 0
    ante_posts: tuple[int, ...] | None = None
    blind_posts: tuple[int, ...] | None = None
    chip_unit: int = 1
    limits: tuple[int, int] | None = None

    @property
    def count(self) -> int:
        """Return the number of players."""
        return len(self.stacks)

    def to_pokerkit(self, player: int) -> int:
        """Return PokerKit's index of pokertd's ``player`` (PokerKit's 0 is left of the button)."""
        return (player - self.button - 1) % self.count

    def to_pokertd(self, index: int) -> int:
        """Return pokertd's player for PokerKit's ``index``."""
        return (index + self.button + 1) % self.count

    def by_pokerkit(self, values: Sequence[int]) -> tuple[int, ...]:
        """Reorder per-player values from pokertd's order to PokerKit's."""
        return tuple(values[self.to_pokertd(index)] for index in range(self.count))

    def by_pokertd(self, values: Sequence[int]) -> tuple[int, ...]:
        """Reorder per-player values from PokerKit's order to pokertd's."""
        return tuple(values[self.to_pokerkit(player)] for player in range(self.count))


@dataclass(frozen=True)
class Options:
    """What one engine offers the player to act, in pokertd's numbering and amounts."""

    player: int
    call: int
    min_raise_to: int | None
    max_raise_to: int | None


@dataclass(frozen=True)
class Deal:
    """The cards of one hand: hole cards by pokertd player, then (burn, board cards) per street."""

    holes: tuple[tuple[str, ...], ...]
    streets: tuple[tuple[str, tuple[str, ...]], ...]

    @classmethod
    def draw(cls, rng: random.Random, count: int, hole_count: int) -> Deal:
        """Shuffle a deck with ``rng`` and deal ``count`` players and a five-card board."""
        deck = list(DECK)
        rng.shuffle(deck)
        holes = tuple(
            tuple(deck[player * hole_count : (player + 1) * hole_count]) for player in range(count)
        )
        rest = deck[count * hole_count :]
        streets = (
            (rest[0], tuple(rest[1:4])),
            (rest[4], (rest[5],)),
            (rest[6], (rest[7],)),
        )
        return cls(holes, streets)


def create_hand(setup: Setup) -> Hand:
    """Start the pokertd hand of ``setup`` with entered cards."""
    return Hand.create(
        game=setup.game,
        stacks=setup.stacks,
        blinds=setup.blinds,
        profile=rules.load(setup.profile),
        ante=setup.ante,
        button=setup.button,
        deal="entered",
        ante_posts=setup.ante_posts,
        blind_posts=setup.blind_posts,
        limits=setup.limits,
        chip_unit=setup.chip_unit,
    )


def create_state(setup: Setup, *, ante_trimming: bool = True) -> Any:
    """Start the PokerKit state of ``setup`` (tournament mode), waiting for hole cards.

    Blinds are given by PokerKit index; heads-up PokerKit reads its blind tuple backwards (its
    button posts the small blind), so a two-player tuple is reversed here.
    """
    count = setup.count
    small, big = setup.blinds
    posts = setup.blind_posts
    blinds = [small, big] if posts is None else _pokerkit_values(setup, posts)
    antes: int | list[int] = (
        setup.ante if setup.ante_posts is None else _pokerkit_values(setup, setup.ante_posts)
    )
    stacks = setup.by_pokerkit(setup.stacks)
    if setup.game == "nlhe":
        return NoLimitTexasHoldem.create_state(
            AUTOMATIONS, ante_trimming, antes, blinds, setup.blinds[1], stacks, count,
            mode=Mode.TOURNAMENT,
        )
    if setup.game == "plo":
        return PotLimitOmahaHoldem.create_state(
            AUTOMATIONS, ante_trimming, antes, blinds, setup.blinds[1], stacks, count,
            mode=Mode.TOURNAMENT,
        )
    if setup.game == "flhe":
        small_bet, big_bet = setup.limits or (big, 2 * big)
        return FixedLimitTexasHoldem.create_state(
            AUTOMATIONS, ante_trimming, antes, blinds, small_bet, big_bet, stacks, count,
            mode=Mode.TOURNAMENT,
        )
    raise ValueError(f"no PokerKit game for {setup.game!r}")


def _pokerkit_values(setup: Setup, values: Sequence[int]) -> list[int]:
    """Return per-player forced bets as PokerKit reads them (backwards when heads-up)."""
    ordered = list(setup.by_pokerkit(values))
    return ordered[::-1] if setup.count == 2 else ordered


def hand_options(hand: Hand) -> Options | None:
    """Return what pokertd offers the player to act, or None outside a betting round."""
    legal = hand.legal()
    if legal is None or hand.phase != "betting":
        return None
    return Options(legal.player, legal.call, legal.min_raise_to, legal.max_raise_to)


def state_options(setup: Setup, state: Any) -> Options | None:
    """Return what PokerKit offers its player to act, or None when nobody is to act."""
    index = state.actor_index
    if index is None:
        return None
    return Options(
        setup.to_pokertd(index),
        state.checking_or_calling_amount,
        state.min_completion_betting_or_raising_to_amount,
        state.max_completion_betting_or_raising_to_amount,
    )


@dataclass
class Transcript:
    """What happened in one hand, for failure messages."""

    setup: Setup
    lines: list[str] = field(default_factory=list)

    def add(self, line: str) -> None:
        """Record one line."""
        self.lines.append(line)

    def __str__(self) -> str:
        return "\n".join([repr(self.setup), *self.lines])
