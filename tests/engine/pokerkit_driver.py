"""The blind games' side of the differential tests against PokerKit (a test helper): the flop
games (``test_against_pokerkit``) and the draw games (``test_draw_pokerkit``).

``Setup`` is one hand's stacks and forced bets; PokerKit has no seats and takes its blinds by
position, so ``Setup`` also maps pokertd's ``button``, ``blind_posts`` and ``ante_posts`` to it.
``create_hand`` and ``create_state`` start both engines' hands; ``Deal`` is a flop hand's cards.

``Round`` is the third opinion: the betting round rebuilt from pokertd's events by the rule text
(TDA 47A, 48, 52, 54; LFP 7.11, 7.12), used to check pokertd wherever the two engines disagree.
``odd_chip_split`` is TDA 20A's split of a pot, and ``pokerkit_stacks`` replays PokerKit's pot
rules on what each player put in, to explain different finishing stacks. The duel itself is
``pokerkit_duel``'s.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pokerkit import (
    FixedLimitBadugi,
    FixedLimitDeuceToSevenLowballTripleDraw,
    FixedLimitTexasHoldem,
    Mode,
    NoLimitDeuceToSevenLowballSingleDraw,
    NoLimitTexasHoldem,
    PotLimitOmahaHoldem,
    State,
)
from pokerkit_duel import AUTOMATIONS, DECK, LIMIT_CAP, Duel, Options, Seats

from pokertd import Hand, rules
from pokertd.engine.events import BlindPosted, BoardDealt, PlayerActed
from pokertd.evaluate import high, omaha_high
from pokertd.rules import AnteForm, BigBlindAnte

HOLE_COUNTS = {"nlhe": 2, "flhe": 2, "plo": 4, "nl27sd": 5, "fl27td": 5, "badugi": 4}
#: PokerKit's game for each of pokertd's; the fixed-limit ones take a small and a big bet.
POKERKIT_GAMES: dict[str, Any] = {
    "nlhe": NoLimitTexasHoldem,
    "plo": PotLimitOmahaHoldem,
    "flhe": FixedLimitTexasHoldem,
    "nl27sd": NoLimitDeuceToSevenLowballSingleDraw,
    "fl27td": FixedLimitDeuceToSevenLowballTripleDraw,
    "badugi": FixedLimitBadugi,
}
LIMIT_GAMES = frozenset({"flhe", "fl27td", "badugi"})


@dataclass(frozen=True)
class Setup(Seats):
    """One hand's stacks and forced bets, in pokertd's player order.

    ``ante`` is every player's ante; ``ante_posts`` gives each player's ante instead, and
    ``blind_posts`` each player's blind (a dead button or a dead small blind).
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

    @property
    def is_limit(self) -> bool:
        """Return whether the game is played in fixed limit (a small and a big bet)."""
        return self.game in LIMIT_GAMES

    @property
    def posts(self) -> tuple[int, ...]:
        """Return each player's nominal blind (heads-up the button posts the small blind)."""
        if self.blind_posts is not None:
            return self.blind_posts
        small, big = self.blinds
        posts = [0] * self.count
        posts[(self.button + 1) % self.count] = big if self.count == 2 else small
        if self.count == 2:
            posts[self.button] = small
        else:
            posts[(self.button + 2) % self.count] = big
        return tuple(posts)

    @property
    def big_blind_player(self) -> int:
        """Return the player posting the big blind."""
        posts = self.posts
        return max(range(self.count), key=lambda p: (posts[p], (p - self.button - 1) % self.count))

    @property
    def dead_antes(self) -> tuple[int, ...] | None:
        """Return each player's ante when PokerKit is to treat antes as dead money, else None.

        That is for explicit ``ante_posts`` (read as the project's WSOP PHH files give them, with
        ``ante_trimming_status = false``) and for a profile whose big blind pays the table's ante
        (ANTE-BB), which pokertd makes dead money too.
        """
        if self.ante_posts is not None:
            return self.ante_posts
        profile = rules.load(self.profile)
        if profile.ante_form is not AnteForm.BIG_BLIND or not self.ante:
            return None
        amount = self.ante
        if profile.big_blind_ante is BigBlindAnte.BIG_BLIND_IF_SIX_ELSE_SMALL_BLIND:
            amount = self.blinds[1] if self.count >= 6 else self.blinds[0]
        antes = [0] * self.count
        antes[self.big_blind_player] = amount
        return tuple(antes)

    def forced_for_pokerkit(self, values: Sequence[int]) -> list[int]:
        """Return per-player blinds or antes as PokerKit reads them.

        Heads-up PokerKit reads its forced bets backwards (its button, player 1, posts the small
        blind, i.e. ``blinds[0]``), so a two-player list is reversed.
        """
        ordered = [values[self.to_pokertd(index)] for index in range(self.count)]
        return ordered[::-1] if self.count == 2 else ordered


@dataclass(frozen=True)
class Deal:
    """The cards of one hand: hole cards by pokertd player, then (burn, board) for each street."""

    holes: tuple[tuple[str, ...], ...]
    streets: tuple[tuple[str, tuple[str, ...]], ...]

    @classmethod
    def draw(cls, rng: random.Random, count: int, hole_count: int) -> Deal:
        """Shuffle a deck with ``rng``; deal ``count`` players and a burn before each board."""
        deck = list(DECK)
        rng.shuffle(deck)
        holes = tuple(
            tuple(deck[player * hole_count : (player + 1) * hole_count]) for player in range(count)
        )
        rest = deck[count * hole_count :]
        streets = ((rest[0], tuple(rest[1:4])), (rest[4], (rest[5],)), (rest[6], (rest[7],)))
        return cls(holes, streets)

    @classmethod
    def parse(cls, holes: Sequence[str], board: str) -> Deal:
        """Read hole cards (``"AsKs"`` per player) and a five-card board; burns are unused cards."""
        hole_cards = tuple(_split(text) for text in holes)
        cards = _split(board)
        used = {*cards, *(card for hole in hole_cards for card in hole)}
        burns = [card for card in DECK if card not in used][:3]
        streets = ((burns[0], cards[:3]), (burns[1], cards[3:4]), (burns[2], cards[4:5]))
        return cls(hole_cards, streets)


def _split(text: str) -> tuple[str, ...]:
    return tuple(text[i : i + 2] for i in range(0, len(text), 2))


def create_hand(setup: Setup) -> Hand:
    """Start the pokertd hand of ``setup``, with entered cards."""
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
        chip_unit=setup.chip_unit,
    )


def create_state(setup: Setup) -> State:
    """Start the PokerKit state of ``setup`` in tournament mode, waiting for hole cards.

    Antes posted by everyone are ordinary contributions in both engines (PokerKit's
    ``ante_trimming_status = True``); ``Setup.dead_antes`` are dead money in the main pot
    (``ante_trimming_status = False``).
    """
    count = setup.count
    small, big = setup.blinds
    if setup.blind_posts is None:
        blinds = [small, big, *[0] * (count - 2)]  # by position, as pokertd posts them
    else:
        blinds = setup.forced_for_pokerkit(setup.blind_posts)
    dead = setup.dead_antes
    trimming = dead is None
    antes: int | list[int] = setup.ante if dead is None else setup.forced_for_pokerkit(dead)
    stacks = [setup.stacks[setup.to_pokertd(index)] for index in range(count)]
    bets = (big, 2 * big) if setup.is_limit else (big,)
    return POKERKIT_GAMES[setup.game].create_state(  # type: ignore[no-any-return]
        AUTOMATIONS, trimming, antes, blinds, *bets, stacks, count, mode=Mode.TOURNAMENT
    )


@dataclass
class Round:
    """The current betting round, rebuilt from pokertd's events by the rule text.

    Pre-flop the big blind is the opening bet, even when its poster is all-in for less (LFP 7.12).
    A bet or raise is full when it is at least the minimum (TDA 47A; LFP 7.11 under ``lfp``; in
    fixed limit half a bet, TDA 48); the largest full increment is the next minimum raise (TDA
    47A). ``bets_made`` counts the full bets and raises, the big blind first (TDA 52).
    """

    setup: Setup
    street: int = 0
    bet: int = 0
    increment: int = 0
    last_full: int = 0
    bets_made: int = 0
    full_at: int = -1
    acted_at: dict[int, int] = field(default_factory=dict)
    actions: int = 0

    @classmethod
    def of(cls, hand: Hand, setup: Setup) -> Round:
        """Rebuild the round in progress from ``hand.events``."""
        big = setup.blinds[1]
        model = cls(setup, increment=big)
        for event in hand.events:
            if isinstance(event, BoardDealt):
                model = cls(setup, street=event.street, increment=big)
            elif isinstance(event, BlindPosted):
                model.bet = max(model.bet, event.amount, big)
                model.last_full = model.bet
                model.bets_made = 1
            elif isinstance(event, PlayerActed):
                model.record(event)
        if setup.game == "flhe":
            model.increment = model.size
        return model

    @property
    def size(self) -> int:
        """Return this street's fixed-limit bet: the small bet, the big bet from the turn."""
        big = self.setup.blinds[1]
        return big if self.street < 2 else 2 * big

    @property
    def is_french(self) -> bool:
        """Return whether the minimum raise doubles the previous bet (LFP 7.11)."""
        return self.setup.profile == "lfp"

    def full_raise_to(self) -> int:
        """Return the smallest full bet or raise now (BET-MINRAISE)."""
        big = self.setup.blinds[1]
        if self.setup.game == "flhe":
            return self.last_full + self.size
        if self.bet == 0:
            return big  # BET-MIN-BET
        if self.is_french:
            # LFP 7.11 doubles the previous bet; after a short all-in, all-in plus a big blind
            # (LFP 7.13, 7.14); a minimum never shrinks.
            return max(2 * self.last_full, self.bet + big)
        return self.bet + self.increment  # TDA 47A, Add.47

    def record(self, event: PlayerActed) -> None:
        """Apply one action."""
        if event.kind in ("bet", "raise"):
            to = event.to
            if self.setup.game == "flhe":
                is_full = 2 * (to - self.last_full) >= self.size  # TDA 48: half a bet
            else:
                is_full = to >= self.full_raise_to()
            if is_full:
                if self.setup.game != "flhe":
                    self.increment = max(self.increment, to - self.bet)
                self.last_full = to
                self.bets_made += 1
                self.full_at = self.actions
            self.bet = max(self.bet, to)
        self.acted_at[event.player] = self.actions
        self.actions += 1

    def may_raise(self, hand: Hand, player: int) -> bool:
        """Return whether ``player`` may still bet or raise (BET-REOPEN: TDA 48, LFP 7.19)."""
        need = self.bet - hand.bets[player]
        if hand.stacks[player] <= need:
            return False
        if self.acted_at.get(player, -1) > self.full_at:
            # He acted since the last full raise: only a full raise over his bet reopens it.
            if self.setup.game == "flhe":
                if 2 * need < self.size:
                    return False
            elif self.is_french:
                mine = hand.bets[player]
                if self.bet < max(2 * mine, mine + self.setup.blinds[1]):
                    return False
            elif need < self.increment:
                return False
        if self.setup.game == "flhe" and self.bets_made >= LIMIT_CAP:
            return False
        # A raise needs an opponent who could put in more than the bet (else nobody can call it).
        others = (p for p in range(hand.player_count) if p != player)
        return any(
            not hand.is_folded(p)
            and not hand.is_all_in(p)
            and hand.bets[p] + hand.stacks[p] > self.bet
            for p in others
        )

    def options(self, hand: Hand, player: int) -> Options:
        """Return the options the rules give ``player``."""
        need = max(self.bet - hand.bets[player], 0)
        stack = hand.stacks[player]
        call = min(need, stack)
        if not self.may_raise(hand, player):
            return Options(player, call, None, None)
        all_in = hand.bets[player] + stack
        low = min(self.full_raise_to(), all_in)
        if self.setup.game == "nlhe":
            high = all_in
        elif self.setup.game == "flhe":
            high = low
        else:
            high = min(self.bet + self.pot_after_call(hand, player), all_in)
        return Options(player, call, low, high)

    def pot_after_call(self, hand: Hand, player: int) -> int:
        """Return the pot-limit pot: every chip in, plus the call (BET-PL-POT-SIZE, TDA 54).

        Pre-flop an all-in for less than a blind does not shrink the pot (TDA 54B): it counts as
        the blind it falls short of; pokertd reads a non-blind all-in as short of the big blind.
        """
        paid = sum(
            start - stack for start, stack in zip(hand.starting_stacks, hand.stacks, strict=True)
        )
        pot = paid + self.bet - hand.bets[player]
        if self.street == 0:
            posts = self.setup.posts
            for other in range(hand.player_count):
                floor = posts[other] or self.setup.blinds[1]
                if hand.is_all_in(other) and hand.bets[other] < floor:
                    pot += floor - hand.bets[other]
        return pot


def odd_chip_split(amount: int, winners: Sequence[int], unit: int) -> dict[int, int]:
    """Return TDA 20A's split: whole chips of ``unit``, the odd ones one each in ``winners`` order.

    >>> odd_chip_split(26, [1, 2, 3], 1)
    {1: 9, 2: 9, 3: 8}
    >>> odd_chip_split(125, [1, 2], 25)
    {1: 75, 2: 50}
    """
    units, rest = divmod(amount, unit)
    each, odd = divmod(units, len(winners))
    shares = {p: (each + (1 if i < odd else 0)) * unit for i, p in enumerate(winners)}
    shares[winners[0]] += rest
    return shares


def strengths(hand: Hand) -> dict[int, int]:
    """Return the strength of every hand still in, on pokertd's scale (higher wins)."""
    board = list(hand.board)
    shown: dict[int, int] = {}
    for player in range(hand.player_count):
        if not hand.is_folded(player):
            hole = [card for card in hand.hole_cards(player) if card is not None]
            is_omaha = hand.game.hole_count == 4
            shown[player] = omaha_high(hole, board) if is_omaha else high(hole + board)
    return shown


def pokerkit_stacks(duel: Duel[Setup], *, dead_antes: bool) -> tuple[int, ...]:
    """Return the finishing stacks PokerKit's pot rules give for what each player put in.

    PokerKit builds a pot at each level of contribution (``Setup.dead_antes`` first taken out as
    dead money for the main pot when ``dead_antes``), kills the hands that win nothing, merges the
    pots left to the same players, and splits each in single chips, the remainder to the first
    winner left of the button (``State.pots``, ``_begin_chips_pushing``, ``push_chips``).
    """
    setup, result = duel.setup, duel.hand.result
    assert result is not None
    kept = [stack - won for stack, won in zip(result.stacks, result.winnings, strict=True)]
    paid = [start - stack for start, stack in zip(setup.stacks, kept, strict=True)]
    antes = [0] * setup.count
    if dead_antes and setup.dead_antes is not None:
        antes = [min(a, start) for a, start in zip(setup.dead_antes, setup.stacks, strict=True)]
    shares = [put - ante for put, ante in zip(paid, antes, strict=True)]
    strength = strengths(duel.hand)

    def build(contenders: list[int]) -> list[tuple[int, tuple[int, ...]]]:
        pots: list[tuple[int, tuple[int, ...]]] = []
        amount, floor = sum(antes), 0
        for level in sorted(set(shares)):
            amount += sum(min(share, level) - min(share, floor) for share in shares)
            eligible = tuple(p for p in contenders if shares[p] >= level)
            if not eligible and pots:  # chips only folded players reached join the pot below
                eligible = pots[-1][1]
            while pots and pots[-1][1] == eligible:
                amount += pots.pop()[0]
            if amount:
                pots.append((amount, eligible))
            amount, floor = 0, level
        return pots

    def winners(eligible: tuple[int, ...]) -> list[int]:
        best = max(strength[p] for p in eligible)
        return [p for p in eligible if strength[p] == best]

    players = sorted(strength, key=setup.to_pokerkit)
    survivors = [p for p in players if any(p in winners(e) for _, e in build(players) if e)]
    stacks = list(kept)
    for amount, eligible in build(survivors):
        won = winners(eligible)
        each, rest = divmod(amount, len(won))
        for player in won:
            stacks[player] += each
        stacks[won[0]] += rest
    return tuple(stacks)
