"""Differential test: pokertd's draw games against PokerKit 0.7.7 (test-only): no-limit 2-7 single
draw, fixed-limit 2-7 triple draw and fixed-limit badugi (PokerKit has no five-card draw).

Seeded hands (two to eight players, many short stacks) are played by both engines with the same
cards and the same random legal actions and discards: pokertd with ``deal="entered"``, PokerKit
with its dealing and burning automation off; ``DrawStub`` deals for both, by the rule text
(DRAW-BURN: GEN 1.13, one burn before a draw is served, kept apart; DRAW-DECK-SHORT: GEN 1.7,
the stub's last card is never dealt, and when the stub runs short it is shuffled with the
discards of the earlier draws, the folded hands and those of the players already served, never
the drawer's own). At every decision both engines must offer the same player the same options,
at every draw the same player must draw, after every action the stacks, the bets and the chips
in the middle must agree, and so must the finishing stacks. Where they do not, the difference must
be one of the known deviations, and pokertd is checked against the rule instead.

Known deviations: pokertd's rule (rule id, articles; docs/judgements.md "Draw games"), then
PokerKit 0.7.7's behaviour. The betting ones are the flop games' (tests/engine/
test_against_pokerkit.py), the draw games playing the same blinds and betting rounds.

LONE_PLAYER_CHECKS
    pokertd ends a betting round when the only player with chips behind already matches the bet.
    PokerKit still asks him to act, and he can only check.
SHORT_ALL_IN_REOPENS (no limit)
    BET-REOPEN (TDA 48, Add.48): an all-in for less than a full raise does not reopen the betting
    for a player who already acted. PokerKit reopens it on the first short all-in of a round.
LIMIT_HALF_BET_REOPENS, LIMIT_RAISE_OVER_SHORT_ALL_IN (fixed limit)
    BET-REOPEN, BET-MINRAISE-SHORT-ALLIN (TDA 48): in limit an all-in of half a bet or more is a
    raise and reopens the betting, one for less is a call, and the next raise is one bet over the
    last full bet. PokerKit reopens on no short all-in and raises one bet over the all-in.
LIMIT_CAP_COUNTS_BLIND (fixed limit)
    BET-RAISE-CAP (TDA 52): a bet and three raises, the big blind counting as the bet before the
    first draw. PokerKit allows four raises over the big blind.
SHORT_BIG_BLIND
    BET-MINRAISE-SHORT-ALLIN (LFP 7.12, the engine's reading for every profile): a big blind
    all-in for less still makes the full big blind the bet to call. PokerKit takes the largest
    blind posted. The hands then hold different chips: PokerKit is left behind.
ODD_CHIPS
    POT-ODD-CHIP (TDA 20A): a split pot's odd chips go one each from the seat left of the button.
    PokerKit gives the remainder to the first winner. (Two deuce-to-seven or badugi hands tie
    often: every suit ranks the same.)

Not a deviation: both engines draw from the left of the button, all-in players included, deal the
new cards once everyone has discarded, judge 2-7 lows with aces high and straights and flushes
against, badugi with aces low, and table the hands only after the last draw. PokerKit burns a
card before every draw, even when everyone stands pat; pokertd burns only when a card is dealt
(nothing is served: no burn), and the test gives PokerKit an unknown burn (``??``) then.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from pokerkit_driver import HOLE_COUNTS, Setup, create_hand, create_state
from pokerkit_duel import (
    LIMIT_CAP,
    Chooser,
    Deviation,
    Duel,
    Options,
    Stub,
    check_odd_chips_only,
    is_short_all_in_reopening,
    random_action,
    random_stacks,
    recognise,
    run,
)

from pokertd import Card
from pokertd.engine import ActionKind
from pokertd.engine.events import CardsDiscarded, CardsDrawn, Half, PlayerActed, PotAwarded

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # PokerKit's "not recommended"


@dataclass
class DrawStub(Stub):
    """The undealt cards, dealt by the rule text (DRAW-BURN, DRAW-DECK-SHORT: GEN 1.7, 1.13)."""

    #: Discards not shuffled back yet: (card, player, draw number).
    muck: list[tuple[str, int, int]] = field(default_factory=list)
    recycled: set[int] = field(default_factory=set)

    def restock(
        self, drawer: int, draw: int, served: set[int], folded: dict[int, list[str]]
    ) -> None:
        """The stub's last card and the discards that may come back, shuffled into a new stub."""
        back = [c for c, p, n in self.muck if n != draw or (p in served and p != drawer)]
        self.muck = [(c, p, n) for c, p, n in self.muck if c not in back]
        for player, cards in folded.items():
            if player not in self.recycled:
                back += cards
                self.recycled.add(player)
        self.cards += back  # the order of the new stub does not matter to the rules

    def burn(self, drawer: int, draw: int, folded: dict[int, list[str]]) -> str:
        if len(self.cards) < 2:
            self.restock(drawer, draw, set(), folded)
        return self.take(1)[0]

    def serve(
        self, drawer: int, count: int, draw: int, served: set[int], folded: dict[int, list[str]]
    ) -> list[str]:
        if len(self.cards) - 1 < count:
            self.restock(drawer, draw, served, folded)
        return self.take(count)


@dataclass(kw_only=True)
class DrawDuel(Duel[Setup]):
    """One draw hand played by both engines, dealt from ``stub``; ``rng`` chooses the discards."""

    stub: DrawStub
    rng: random.Random
    draw_number: int = 0
    #: Players served in the current draw, and the cards each discarded in it.
    served: set[int] = field(default_factory=set)
    discards: dict[int, list[str]] = field(default_factory=dict)

    @classmethod
    def start(cls, setup: Setup, rng: random.Random) -> DrawDuel:
        """Shuffle with ``rng``, create both hands and deal the hole cards to both."""
        stub = DrawStub.shuffled(rng)
        hand = create_hand(setup)
        duel = cls(setup, hand, create_state(setup), stub=stub, rng=rng)
        duel.log(repr(setup))
        duel.deal_holes(lambda player: duel.stub.take(HOLE_COUNTS[setup.game]))
        if max(hand.bets) >= setup.blinds[1]:  # else SHORT_BIG_BLIND, seen at the first decision
            duel.check_chips()
        return duel

    @property
    def is_limit(self) -> bool:
        return self.setup.is_limit

    def street_bet(self) -> int:
        """Return the fixed-limit bet of the round: small until the second draw, then big."""
        big = self.setup.blinds[1]
        return 2 * big if self.hand.street >= 2 else big

    def check_chips(self) -> None:
        if self.hand.phase != "betting" and self.state.actor_index is not None:
            return  # LONE_PLAYER_CHECKS: PokerKit still asks for a check (settle_lone_player)
        super().check_chips()

    def deal_next(self) -> None:
        self.draw()

    def classify(self, ours: Options, theirs: Options | None) -> Deviation:
        return classify(self, ours, theirs)

    def explain_stacks(self, theirs: tuple[int, ...]) -> set[Deviation]:
        return explain_stacks(self, theirs)

    def folded_cards(self) -> dict[int, list[str]]:
        hand = self.hand
        return {
            p: [str(c) for c in hand.hole_cards(p) if c is not None]
            for p in range(self.setup.count)
            if hand.is_folded(p)
        }

    # -- the draws ----------------------------------------------------------------------------

    def draw(self) -> None:
        """The player to draw discards a random part of his hand in both engines."""
        hand, state, setup = self.hand, self.state, self.setup
        player = hand.to_act
        assert player is not None
        if not self.discards:
            self.draw_number += 1
            self.served = set()
        if self.is_synced:
            index = state.stand_patter_or_discarder_index
            assert index is not None, f"PokerKit has nobody to draw; pokertd p{player}\n{self}"
            assert setup.to_pokertd(index) == player, f"DRAW-ORDER: p{player} draws\n{self}"
            self.counts["draws"] += 1
        street = hand.street
        held = [str(card) for card in hand.hole_cards(player)]
        thrown = [card for card in held if self.rng.random() < 0.45]
        self.log(f"p{player} discards {''.join(thrown) or '-'}")
        hand.draw(player, [Card.parse(card) for card in thrown])
        self.discards[player] = thrown
        self.stub.muck += [(card, player, self.draw_number) for card in thrown]
        if self.is_synced:
            state.stand_pat_or_discard("".join(thrown))
        if hand.phase != "drawing" or hand.street != street:  # everyone has discarded
            self.serve()

    def serve(self) -> None:
        """Burn and deal the new cards once everyone has discarded (DRAW-BURN, DRAW-DECK-SHORT)."""
        hand, state = self.hand, self.state
        owed = [p for p in self.order() if self.discards.get(p)]
        burn = "??"
        if owed:
            burn = self.stub.burn(owed[0], self.draw_number, self.folded_cards())
        if self.is_synced:
            state.burn_card(burn)
        for player in owed:
            before = len(self.stub.recycled) + len(self.stub.muck)
            cards = self.stub.serve(player, len(self.discards[player]), self.draw_number,
                                    self.served, self.folded_cards())  # fmt: skip
            self.counts["reshuffles"] += len(self.stub.recycled) + len(self.stub.muck) != before
            self.log(f"p{player} draws {''.join(cards)}")
            hand.deal_hole(player, [Card.parse(card) for card in cards])
            self.served.add(player)
            if self.is_synced:
                assert state.hole_dealee_index == self.setup.to_pokerkit(player), str(self)
                state.deal_hole("".join(cards))
        self.discards = {}
        self.check_chips()

    def order(self) -> list[int]:
        count, button = self.setup.count, self.setup.button
        return [(button + step) % count for step in range(1, count + 1)]


# -- the deviations at a decision -----------------------------------------------------------------


def is_limit_raise_over_short_all_in(duel: DrawDuel, ours: Options, theirs: Options) -> bool:
    """LIMIT_RAISE_OVER_SHORT_ALL_IN: a short all-in tops the last full bet."""
    if not duel.setup.is_limit or ours.min_raise_to is None or theirs.min_raise_to is None:
        return False
    if (ours.player, ours.call) != (theirs.player, theirs.call):
        return False
    hand = duel.hand
    top = max(hand.bets)
    if not any(hand.is_all_in(p) and hand.bets[p] == top for p in range(hand.player_count)):
        return False
    return theirs.min_raise_to > ours.min_raise_to


def limit_bets_made(duel: DrawDuel) -> int:
    """Return the bets and raises made in the current fixed-limit round by the rule text: the
    big blind counts as the first before the draw (TDA 52), and an all-in raise of half a bet or
    more counts as a raise (TDA 48)."""
    events = list(duel.hand.events)
    starts = [i for i, e in enumerate(events) if isinstance(e, CardsDiscarded | CardsDrawn)]
    start = starts[-1] + 1 if starts else 0
    made, current, size = (
        (1 if not starts else 0),
        (duel.setup.blinds[1] if not starts else 0),
        duel.street_bet(),
    )
    for event in events[start:]:
        if isinstance(event, PlayerActed) and event.kind in (ActionKind.BET, ActionKind.RAISE):
            if 2 * (event.to - current) >= size:
                made += 1
            current = max(current, event.to)
    return made


def is_limit_cap_counting_blind(duel: DrawDuel, ours: Options, theirs: Options) -> bool:
    """LIMIT_CAP_COUNTS_BLIND: a bet and three raises are made, the big blind counting as the
    bet before the first draw (TDA 52)."""
    if not duel.setup.is_limit:
        return False
    if ours.min_raise_to is not None or theirs.min_raise_to is None:
        return False
    return limit_bets_made(duel) >= LIMIT_CAP


def is_short_big_blind(duel: DrawDuel, ours: Options, theirs: Options | None) -> bool:
    """SHORT_BIG_BLIND: before the first draw nobody put in a full big blind."""
    hand, big = duel.hand, duel.setup.blinds[1]
    if hand.street != 0 or max(hand.bets) >= big:
        return False
    need = big - hand.bets[ours.player]
    assert ours.call == min(need, hand.stacks[ours.player]), f"LFP 7.12: the full BB\n{duel}"
    return True


SPOT_CHECKS: tuple[tuple[Deviation, Callable[[DrawDuel, Options, Options], bool]], ...] = (
    (Deviation.LIMIT_CAP_COUNTS_BLIND, is_limit_cap_counting_blind),
    (Deviation.SHORT_ALL_IN_REOPENS, is_short_all_in_reopening),
    (Deviation.LIMIT_RAISE_OVER_SHORT_ALL_IN, is_limit_raise_over_short_all_in),
)


def classify(duel: DrawDuel, ours: Options, theirs: Options | None) -> Deviation:
    """Return the known deviation behind a difference at a decision, or fail with the hand."""
    if is_short_big_blind(duel, ours, theirs):
        return Deviation.SHORT_BIG_BLIND
    deviation = recognise(SPOT_CHECKS, duel, ours, theirs)
    if deviation is Deviation.SHORT_ALL_IN_REOPENS and duel.is_limit:
        return Deviation.LIMIT_HALF_BET_REOPENS
    return deviation


def explain_stacks(duel: DrawDuel, theirs: tuple[int, ...]) -> set[Deviation]:
    """ODD_CHIPS: the stacks differ by the odd chips of split pots only, split one each from
    the left of the button by pokertd (TDA 20A)."""
    for event in duel.hand.events:
        if isinstance(event, PotAwarded) and len(event.shares) > 1:
            assert event.half is Half.WHOLE
            amounts = [share for _, share in event.shares]
            assert max(amounts) - min(amounts) <= 1, f"TDA 20A: {event}\n{duel}"
    check_odd_chips_only(duel, theirs)
    return {Deviation.ODD_CHIPS}


# -- playing hands --------------------------------------------------------------------------------


def random_chooser(rng: random.Random) -> Chooser:
    """Return a chooser of uniform random legal actions, raises of the minimum, the maximum or
    any size between."""

    def choose(options: Options) -> tuple[str, int | None]:
        return random_action(
            rng,
            options,
            options.fold,
            lambda low, high: rng.choice((low, high, rng.randint(low, high))),
        )

    return choose


def random_setup(rng: random.Random, game: str) -> Setup:
    count = rng.randint(2, 8)
    big = rng.choice((2, 10, 20, 100))
    # Some all-in on the blinds or soon after.
    stacks = random_stacks(rng, count, big, (0.1, 2 * big), 0.4, 100)
    return Setup(game, tuple(stacks), (big // 2, big), rng.randrange(count))


def random_duel(game: str) -> Callable[[random.Random], tuple[DrawDuel, Chooser]]:
    """Return how a seed's random generator draws a hand of ``game``, its actions and discards."""

    def start(rng: random.Random) -> tuple[DrawDuel, Chooser]:
        setup = random_setup(rng, game)
        return DrawDuel.start(setup, rng), random_chooser(rng)

    return start


#: 2,000 seeded hands of each draw game PokerKit plays.
RUNS = [
    ("nl27sd", range(30_000, 32_000)),
    ("fl27td", range(40_000, 42_000)),
    ("badugi", range(50_000, 52_000)),
]


@pytest.mark.parametrize(("game", "seeds"), RUNS, ids=[game for game, _ in RUNS])
def test_random_draw_hands_agree_with_pokerkit(game: str, seeds: range) -> None:
    tally = run(seeds, random_duel(game))
    assert tally.hands == 2_000
    assert tally.compared_to_end >= tally.hands * 3 // 4, tally
    assert tally.decisions >= 4 * tally.hands, tally
    assert tally.counts["draws"] >= tally.hands, tally
    if game != "nl27sd":  # the stub runs out in triple draws (DRAW-DECK-SHORT)
        assert tally.counts["reshuffles"] > 0, tally
    assert EXPECTED[game] <= set(tally.deviations), tally


#: The deviations each game's seeds are known to show.
EXPECTED = {
    "nl27sd": {
        Deviation.SHORT_BIG_BLIND,
        Deviation.SHORT_ALL_IN_REOPENS,
        Deviation.LONE_PLAYER_CHECKS,
    },
    "fl27td": {
        Deviation.SHORT_BIG_BLIND,
        Deviation.LIMIT_CAP_COUNTS_BLIND,
        Deviation.LIMIT_RAISE_OVER_SHORT_ALL_IN,
        Deviation.LIMIT_HALF_BET_REOPENS,
        Deviation.LONE_PLAYER_CHECKS,
    },
    "badugi": {
        Deviation.SHORT_BIG_BLIND,
        Deviation.LIMIT_CAP_COUNTS_BLIND,
        Deviation.LIMIT_RAISE_OVER_SHORT_ALL_IN,
        Deviation.LIMIT_HALF_BET_REOPENS,
    },
}
