"""One hand played by pokertd's ``Hand`` and PokerKit's ``State`` side by side (a test helper).

This is what the three differential tests share (``test_against_pokerkit``: flop games,
``test_draw_pokerkit``: draw games, ``test_stud_pokerkit``: stud games). Both engines get the same
cards and the same actions. At every decision both must offer the same ``Options``; a difference
must be a known ``Deviation`` (the family's ``Duel.classify``, which checks pokertd against the
rule instead), after which PokerKit is left behind if the two hands no longer hold the same chips
or act in the same order (``BREAKS_SYNC``). The finishing stacks must agree, or the family's
``Duel.explain_stacks`` must explain them. ``run`` plays seeded random hands and tallies what they
showed. Each test module's docstring gives, for the deviations of its games, pokertd's rule and
PokerKit 0.7.7's behaviour.

PokerKit numbers players from the seat left of the button (the stud dealer), pokertd as PHH does:
``Seats`` maps between the two.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Generic, Self, TypeVar

from pokerkit import Automation, State

from pokertd import Card, Hand
from pokertd.engine.events import Half, PotAwarded

#: What PokerKit does by itself. The duel deals every card, burns included.
AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)

DECK = tuple(rank + suit for rank in "23456789TJQKA" for suit in "cdhs")
#: pokertd's default fixed-limit cap: a bet and three raises (TDA 52, profile tda-2017).
LIMIT_CAP = 4


class Deviation(StrEnum):
    """A known, deliberate difference between pokertd and PokerKit (see the test modules)."""

    # Betting, in every family.
    LONE_PLAYER_CHECKS = "lone-player-checks"
    SHORT_ALL_IN_REOPENS = "short-all-in-reopens"
    LIMIT_HALF_BET_REOPENS = "limit-half-bet-reopens"
    LIMIT_RAISE_OVER_SHORT_ALL_IN = "limit-raise-over-short-all-in"
    ODD_CHIPS = "odd-chips"
    # Blinds (flop and draw games).
    SHORT_BIG_BLIND = "short-big-blind"
    LIMIT_CAP_COUNTS_BLIND = "limit-cap-counts-blind"
    DOUBLE_PREVIOUS_BET = "double-previous-bet"
    BLIND_BEFORE_ANTE = "blind-before-ante"
    SHORT_BLIND_POT = "short-blind-pot"
    # Stud.
    SHOWING_TIE = "showing-tie"
    ALL_IN_BRING_IN = "all-in-bring-in"
    LONE_BRING_IN = "lone-bring-in"
    ANTE_SIDE_POT = "ante-side-pot"
    NO_LOW_IN_SIDE_POT = "no-low-in-side-pot"
    ALL_IN_ON_ANTE = "all-in-on-ante"
    SHORT_BRING_IN = "short-bring-in"
    DECK_SHORT = "deck-short"


#: After these the two hands hold different chips or rules, or act in a different order, so
#: PokerKit is no longer followed.
BREAKS_SYNC = frozenset(
    {
        Deviation.SHORT_BIG_BLIND,
        Deviation.DOUBLE_PREVIOUS_BET,
        Deviation.BLIND_BEFORE_ANTE,
        Deviation.SHOWING_TIE,
        Deviation.ALL_IN_ON_ANTE,
        Deviation.SHORT_BRING_IN,
        Deviation.DECK_SHORT,
    }
)


class Seats:
    """A family's hand setup, as far as seats go: PokerKit's player 0 sits left of ``button``."""

    stacks: tuple[int, ...]
    button: int

    @property
    def count(self) -> int:
        """Return the number of players."""
        return len(self.stacks)

    def to_pokerkit(self, player: int) -> int:
        """Return PokerKit's index of pokertd's ``player``."""
        return (player - self.button - 1) % self.count

    def to_pokertd(self, index: int) -> int:
        """Return pokertd's player for PokerKit's ``index``."""
        return (index + self.button + 1) % self.count

    def by_pokertd(self, values: Sequence[int]) -> tuple[int, ...]:
        """Reorder per-player values from PokerKit's order to pokertd's."""
        return tuple(values[self.to_pokerkit(player)] for player in range(self.count))


@dataclass(frozen=True)
class Options:
    """What an engine offers the player to act, in pokertd's numbering and chips.

    ``fold`` is compared only where the duel ``compares_folds``; ``is_bring_in`` says that the
    player owes the stud bring-in (``call`` is then the bring-in).
    """

    player: int
    call: int
    min_raise_to: int | None
    max_raise_to: int | None
    fold: bool = False
    is_bring_in: bool = False


@dataclass
class Stub:
    """The undealt cards."""

    cards: list[str]

    @classmethod
    def shuffled(cls, rng: random.Random) -> Self:
        """Return the whole deck shuffled with ``rng``."""
        deck = list(DECK)
        rng.shuffle(deck)
        return cls(deck)

    def take(self, count: int) -> list[str]:
        """Take ``count`` cards off the top."""
        taken, self.cards = self.cards[:count], self.cards[count:]
        return taken


Chooser = Callable[[Options], tuple[str, int | None]]
S = TypeVar("S", bound=Seats)


@dataclass
class Duel(Generic[S]):
    """One hand played by both engines. ``is_synced`` turns False once PokerKit is left behind.

    A game family subclasses it with how it deals (``deal_next``), recognises deviations
    (``classify``) and explains different finishing stacks (``explain_stacks``).
    """

    setup: S
    hand: Hand
    state: State
    is_synced: bool = True
    #: Decisions at which both engines' options were compared.
    decisions: int = 0
    #: PokerKit's finishing stacks, once it followed the hand to the end.
    their_stacks: tuple[int, ...] | None = None
    #: The deviations the hand showed.
    seen: set[Deviation] = field(default_factory=set)
    #: What else the family counts (draws compared, reshuffles, dead-button hands...).
    counts: Counter[str] = field(default_factory=Counter)
    transcript: list[str] = field(default_factory=list)

    #: Whether folding is compared (pokertd's wasted fold, when a check is possible, aside).
    compares_folds: ClassVar[bool] = True
    #: Whether the stacks, bets and pot are compared after every action and deal.
    compares_chips: ClassVar[bool] = True

    def log(self, line: str) -> None:
        """Add a line to the transcript."""
        self.transcript.append(line)

    def __str__(self) -> str:
        return "\n".join(self.transcript)

    def deal_holes(self, cards_of: Callable[[int], Sequence[str]]) -> None:
        """Deal each player ``cards_of(player)`` in both engines, from the button's left."""
        for index in range(self.setup.count):
            player = self.setup.to_pokertd(index)
            cards = cards_of(player)
            self.log(f"p{player} dealt {''.join(cards)}")
            self.hand.deal_hole(player, [Card.parse(card) for card in cards])
            self.state.deal_hole("".join(cards), index)

    # -- the family's part ----------------------------------------------------------------------

    def deal_next(self) -> None:
        """Deal what the hand waits for outside a betting round and the showdown."""
        raise NotImplementedError

    def classify(self, ours: Options, theirs: Options | None) -> Deviation:
        """Return the known deviation behind different options, or fail with the hand."""
        raise NotImplementedError

    def explain_stacks(self, theirs: tuple[int, ...]) -> set[Deviation]:
        """Return the deviations behind different finishing stacks, or fail with the hand."""
        raise NotImplementedError

    def check_result(self) -> None:
        """Check pokertd's result by the rule text, whatever PokerKit says."""

    @property
    def is_limit(self) -> bool:
        """Return whether the game is played in fixed limit (for the shared recognisers)."""
        raise NotImplementedError

    def street_bet(self) -> int:
        """Return the fixed-limit bet of the current betting round."""
        raise NotImplementedError

    # -- the options ----------------------------------------------------------------------------

    def ours(self) -> Options | None:
        """Return pokertd's options for the player to act, or None outside a betting round."""
        legal = self.hand.legal()
        if legal is None or self.hand.phase != "betting":
            return None
        # pokertd allows folding when a check is possible (a wasted fold); PokerKit's
        # tournament mode does not. Only folding to a bet is compared.
        fold = self.compares_folds and legal.fold and legal.call > 0
        return Options(
            legal.player,
            legal.call,
            legal.min_raise_to,
            legal.max_raise_to,
            fold=fold,
            is_bring_in=legal.is_bring_in,
        )

    def theirs(self) -> Options | None:
        """Return PokerKit's options for its player to act, or None when nobody is to act."""
        state = self.state
        index = state.actor_index
        if index is None:
            return None
        player = self.setup.to_pokertd(index)
        low = state.min_completion_betting_or_raising_to_amount
        high = state.max_completion_betting_or_raising_to_amount
        if state.can_post_bring_in():
            bring_in = state.effective_bring_in_amount
            assert bring_in is not None
            return Options(player, bring_in, low, high, is_bring_in=True)
        call = state.checking_or_calling_amount
        assert call is not None
        return Options(player, call, low, high, fold=self.compares_folds and state.can_fold())

    # -- the actions ----------------------------------------------------------------------------

    def act(self, kind: str, to: int | None = None, *, is_ours_only: bool = False) -> bool:
        """Apply one action to pokertd, and to PokerKit while synced unless ``is_ours_only``;
        return False when PokerKit refuses it."""
        hand = self.hand
        player = hand.to_act
        assert player is not None
        self.log(f"p{player} {kind}" + ("" if to is None else f" to {to}"))
        if kind in ("bet", "raise"):
            legal = hand.legal()
            assert legal is not None
            hand.act(player, "bet" if legal.is_opening or legal.is_bring_in else "raise", to=to)
        else:
            hand.act(player, kind)
        if self.is_synced and not is_ours_only and not self._act_theirs(kind, to):
            return False
        self.check_chips()
        return True

    def _act_theirs(self, kind: str, to: int | None) -> bool:
        state = self.state
        if kind == "bring-in" and state.can_post_bring_in():
            state.post_bring_in()
        elif kind == "fold" and state.can_fold():
            state.fold()
        elif kind in ("check", "call") and state.can_check_or_call():
            state.check_or_call()
        elif kind in ("bet", "raise") and state.can_complete_bet_or_raise_to(to):
            state.complete_bet_or_raise_to(to)
        else:
            return False
        return True

    def show_down(self) -> None:
        """Table every hand pokertd waits for at the showdown."""
        while (player := self.hand.to_act) is not None:
            self.hand.show(player)

    def settle_lone_player(self) -> Deviation | None:
        """LONE_PLAYER_CHECKS: pokertd closed the round; PokerKit still asks its last player."""
        seen = None
        while self.is_synced and (theirs := self.theirs()) is not None:
            hand = self.hand
            others = [p for p in range(hand.player_count) if p != theirs.player]
            is_lone = all(hand.is_folded(p) or hand.is_all_in(p) for p in others)
            assert is_lone, f"pokertd ended the round but PokerKit asks {theirs}\n{self}"
            assert (theirs.call, theirs.min_raise_to) == (0, None), str(self)
            self.state.check_or_call()
            self.log(f"(PokerKit only: p{theirs.player} checks)")
            seen = Deviation.LONE_PLAYER_CHECKS
        return seen

    # -- the chips ------------------------------------------------------------------------------

    def chips(self) -> tuple[Chips, Chips]:
        """Return pokertd's and PokerKit's stacks, bets and chips in the middle."""
        hand, state, setup = self.hand, self.state, self.setup
        ours = (hand.stacks, hand.bets, sum(pot.amount for pot in hand.pots))
        theirs = (
            setup.by_pokertd(state.stacks),
            setup.by_pokertd(state.bets),
            state.total_pot_amount - sum(state.bets),
        )
        return ours, theirs

    def check_chips(self) -> None:
        """Compare the chips while PokerKit follows, before it shows down and pushes them."""
        if not self.compares_chips or not self.is_synced or not self.state.status:
            return
        if self.hand.phase in ("showdown", "finished"):
            return
        ours, theirs = self.chips()
        assert ours == theirs, f"chips: pokertd {ours}, PokerKit {theirs}\n{self}"

    def finish_state(self) -> tuple[int, ...]:
        """Return PokerKit's finishing stacks by player, once it has finished the hand."""
        assert not self.state.status, f"PokerKit is not finished: {self.state.actor_index=}\n{self}"
        self.their_stacks = self.setup.by_pokertd(self.state.stacks)
        return self.their_stacks

    # -- a whole hand ---------------------------------------------------------------------------

    def play_out(self, choose: Chooser) -> set[Deviation]:
        """Play the hand to the end through both engines; return the deviations it showed."""
        hand, seen = self.hand, self.seen
        while not hand.is_finished:
            if hand.phase != "betting":
                if (lone := self.settle_lone_player()) is not None:
                    seen.add(lone)
                if hand.phase == "showdown":
                    self.show_down()
                else:
                    self.deal_next()
                continue
            ours = self.ours()
            assert ours is not None
            deviation, theirs = None, None
            if self.is_synced:
                self.decisions += 1
                theirs = self.theirs()
                if ours != theirs:
                    deviation = self.classify(ours, theirs)
                    seen.add(deviation)
                    self.log(f"({deviation}: pokertd {ours}, PokerKit {theirs})")
                    self.is_synced = deviation not in BREAKS_SYNC
            # PokerKit has nobody to act here: the action is pokertd's alone.
            is_ours_only = deviation is not None and theirs is None
            kind, to = choose(ours)
            if is_ours_only and kind == "fold":
                self.is_synced = False
            if not self.act(kind, to, is_ours_only=is_ours_only):
                assert deviation is not None, f"PokerKit refused p{ours.player} {kind} {to}\n{self}"
                self.is_synced = False
        self.finish()
        return seen

    def finish(self) -> None:
        """Check the result, and compare the finishing stacks if PokerKit followed to the end."""
        if (lone := self.settle_lone_player()) is not None:
            self.seen.add(lone)
        result = self.hand.result
        assert result is not None
        assert sum(result.stacks) == sum(self.setup.stacks), str(self)
        self.check_result()
        if self.is_synced:
            their_stacks = self.finish_state()
            if their_stacks != result.stacks:
                self.seen |= self.explain_stacks(their_stacks)


Chips = tuple[tuple[int, ...], tuple[int, ...], int]


def random_action(
    rng: random.Random, options: Options, may_fold: bool, size: Callable[[int, int], int]
) -> tuple[str, int | None]:
    """Return a uniform random choice of the kinds of action ``options`` offer (the bring-in, or
    a check or call and a fold if ``may_fold``; a bet or raise, to ``size(low, high)``)."""
    if options.is_bring_in:
        kinds = ["bring-in"]
    else:
        kinds = ["call" if options.call else "check"]
        if may_fold:
            kinds.append("fold")
    if options.min_raise_to is not None:
        kinds.append("raise")
    kind = rng.choice(kinds)
    if kind != "raise":
        return kind, None
    low, high = options.min_raise_to, options.max_raise_to
    assert low is not None
    assert high is not None
    return kind, size(low, high)


def passive(options: Options) -> tuple[str, int | None]:
    """Post the bring-in, then check or call."""
    if options.is_bring_in:
        return "bring-in", None
    return ("call" if options.call else "check"), None


# -- the shared recognisers and explanations ----------------------------------------------------

Recogniser = Callable[[Any, Options, Options], bool]


def recognise(
    checks: Sequence[tuple[Deviation, Recogniser]],
    duel: Duel[Any],
    ours: Options,
    theirs: Options | None,
) -> Deviation:
    """Return the first of ``checks`` that explains a difference at a decision, or fail."""
    if theirs is not None:
        for deviation, recognises in checks:
            if recognises(duel, ours, theirs):
                return deviation
    raise AssertionError(f"unexplained difference: pokertd {ours}, PokerKit {theirs}\n{duel}")


def is_short_all_in_reopening(duel: Duel[Any], ours: Options, theirs: Options) -> bool:
    """SHORT_ALL_IN_REOPENS or LIMIT_HALF_BET_REOPENS (draw and stud): the engines disagree only
    on whether a player who already acted may raise after an all-in for less than a full bet."""
    if (ours.player, ours.call, ours.fold) != (theirs.player, theirs.call, theirs.fold):
        return False
    if (ours.min_raise_to is None) == (theirs.min_raise_to is None):
        return False
    hand = duel.hand
    if not any(hand.is_all_in(p) and hand.bets[p] > 0 for p in range(hand.player_count)):
        return False
    if duel.is_limit:
        # TDA 48: half a bet or more faced since his last action reopens; less does not.
        may_raise = ours.min_raise_to is not None
        assert may_raise == (2 * ours.call >= duel.street_bet()), f"BET-REOPEN (TDA 48)\n{duel}"
    else:
        assert ours.min_raise_to is None, f"BET-REOPEN (TDA 48): no reopening\n{duel}"
    return True


def check_odd_chips_only(duel: Duel[Any], theirs: tuple[int, ...]) -> None:
    """ODD_CHIPS: check that each player's finishing stacks differ by less than the shares of
    the split pots he won part of (each engine gives the odd chips to other winners)."""
    result = duel.hand.result
    assert result is not None
    splits = Counter[int]()
    for event in duel.hand.events:
        if isinstance(event, PotAwarded) and (
            len(event.shares) > 1 or event.half is not Half.WHOLE
        ):
            for player, _ in event.shares:
                splits[player] += len(event.shares)
    for player, (ours, their) in enumerate(zip(result.stacks, theirs, strict=True)):
        assert abs(ours - their) < max(splits[player], 1), (
            f"unexplained finishing stacks: pokertd {result.stacks}, PokerKit {theirs}\n{duel}"
        )


# -- random runs --------------------------------------------------------------------------------


def random_stacks(
    rng: random.Random, count: int, bet: int, short: tuple[float, int], medium: float, deep: int
) -> list[int]:
    """Draw ``count`` stacks: with odds ``short[0]`` 1 to ``short[1]`` chips (all-in on the
    forced bets or soon after), up to odds ``medium`` 1 to 12 ``bet``, else 10 to ``deep`` bets."""
    stacks = []
    for _ in range(count):
        draw = rng.random()
        if draw < short[0]:
            stack = rng.randint(1, short[1])
        elif draw < medium:
            stack = rng.randint(bet, 12 * bet)
        else:
            stack = rng.randint(10 * bet, deep * bet)
        stacks.append(stack)
    return stacks


@dataclass
class Tally:
    """What a run of random hands showed."""

    hands: int = 0
    #: Hands PokerKit followed to the last chip.
    compared_to_end: int = 0
    #: Decisions at which the options of both engines were compared.
    decisions: int = 0
    #: Hands showing each deviation.
    deviations: Counter[Deviation] = field(default_factory=Counter)
    #: The families' own counts, summed (``Duel.counts``).
    counts: Counter[str] = field(default_factory=Counter)

    def add(self, duel: Duel[Any], seen: set[Deviation]) -> None:
        """Count one hand."""
        self.hands += 1
        self.decisions += duel.decisions
        self.deviations.update(seen)
        self.compared_to_end += duel.their_stacks is not None
        self.counts.update(duel.counts)


def run(seeds: range, start: Callable[[random.Random], tuple[Duel[Any], Chooser]]) -> Tally:
    """Play the random hand ``start`` draws for each seed; fail on the first unexplained
    difference, naming the seed."""
    tally = Tally()
    for seed in seeds:
        duel = None
        try:
            duel, choose = start(random.Random(seed))
            seen = duel.play_out(choose)
        except AssertionError as error:
            raise AssertionError(f"seed {seed}: {error}") from None
        except Exception as error:
            raise AssertionError(f"seed {seed}: {error!r}\n{duel}") from error
        tally.add(duel, seen)
    return tally
