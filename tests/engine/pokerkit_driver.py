"""Play one hand through pokertd's ``Hand`` and PokerKit's ``State`` side by side (a test helper).

PokerKit (a test-only dependency) numbers players from the seat left of the button, so its button
is its last player; pokertd numbers them as PHH does and takes the ``button``. ``Setup`` maps
between the two. Both engines get the same cards from one seeded deck and the same actions.

``Round`` is the third opinion: the betting round rebuilt from pokertd's events by the rule text
(TDA 47A, 48, 52, 54; LFP 7.11, 7.12), used to check pokertd wherever the two engines disagree.
``odd_chip_split`` is TDA 20A's split of a pot, and ``pokerkit_stacks`` replays PokerKit's pot
rules on what each player put in, to explain different finishing stacks.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from pokerkit import (
    Automation,
    FixedLimitTexasHoldem,
    Mode,
    NoLimitTexasHoldem,
    PotLimitOmahaHoldem,
    State,
)

from pokertd import Card, Hand, rules
from pokertd.engine.events import BlindPosted, BoardDealt, PlayerActed
from pokertd.evaluate import high, omaha_high
from pokertd.rules import AnteForm, BigBlindAnte

#: What PokerKit does by itself. The driver deals every card, burns included, from its own deck.
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
HOLE_COUNTS = {"nlhe": 2, "flhe": 2, "plo": 4}
#: pokertd's default fixed-limit cap: a bet and three raises (TDA 52, profile tda-2017).
LIMIT_CAP = 4


@dataclass(frozen=True)
class Setup:
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
    def count(self) -> int:
        """Return the number of players."""
        return len(self.stacks)

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

    def to_pokerkit(self, player: int) -> int:
        """Return PokerKit's index of pokertd's ``player`` (PokerKit's 0 is left of the button)."""
        return (player - self.button - 1) % self.count

    def to_pokertd(self, index: int) -> int:
        """Return pokertd's player for PokerKit's ``index``."""
        return (index + self.button + 1) % self.count

    def by_pokertd(self, values: Sequence[int]) -> tuple[int, ...]:
        """Reorder per-player values from PokerKit's order to pokertd's."""
        return tuple(values[self.to_pokerkit(player)] for player in range(self.count))

    def forced_for_pokerkit(self, values: Sequence[int]) -> list[int]:
        """Return per-player blinds or antes as PokerKit reads them.

        Heads-up PokerKit reads its forced bets backwards (its button, player 1, posts the small
        blind, i.e. ``blinds[0]``), so a two-player list is reversed.
        """
        ordered = [values[self.to_pokertd(index)] for index in range(self.count)]
        return ordered[::-1] if self.count == 2 else ordered


@dataclass(frozen=True)
class Options:
    """What an engine offers the player to act, in pokertd's numbering and chips."""

    player: int
    call: int
    min_raise_to: int | None
    max_raise_to: int | None


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
    mode = Mode.TOURNAMENT
    if setup.game == "nlhe":
        return NoLimitTexasHoldem.create_state(
            AUTOMATIONS, trimming, antes, blinds, big, stacks, count, mode=mode
        )
    if setup.game == "plo":
        return PotLimitOmahaHoldem.create_state(
            AUTOMATIONS, trimming, antes, blinds, big, stacks, count, mode=mode
        )
    if setup.game == "flhe":
        return FixedLimitTexasHoldem.create_state(
            AUTOMATIONS, trimming, antes, blinds, big, 2 * big, stacks, count, mode=mode
        )
    raise ValueError(f"no PokerKit game for {setup.game!r}")


@dataclass
class Duel:
    """One hand played by both engines. ``is_synced`` turns False once PokerKit is left behind."""

    setup: Setup
    deal: Deal
    hand: Hand
    state: State
    is_synced: bool = True
    street: int = 0
    #: Decisions at which both engines' options were compared.
    decisions: int = 0
    #: PokerKit's finishing stacks, once it followed the hand to the end.
    their_stacks: tuple[int, ...] | None = None
    transcript: list[str] = field(default_factory=list)

    @classmethod
    def start(cls, setup: Setup, deal: Deal) -> Duel:
        """Create both hands and deal the hole cards to both."""
        duel = cls(setup, deal, create_hand(setup), create_state(setup))
        for player, hole in enumerate(deal.holes):
            duel.hand.deal_hole(player, [Card.parse(card) for card in hole])
        for index in range(setup.count):
            duel.state.deal_hole("".join(deal.holes[setup.to_pokertd(index)]), index)
        duel.log(f"holes {' '.join(''.join(hole) for hole in deal.holes)}")
        return duel

    def log(self, line: str) -> None:
        """Add a line to the transcript."""
        self.transcript.append(line)

    def ours(self) -> Options | None:
        """Return pokertd's options for the player to act, or None outside a betting round."""
        legal = self.hand.legal()
        if legal is None or self.hand.phase != "betting":
            return None
        return Options(legal.player, legal.call, legal.min_raise_to, legal.max_raise_to)

    def theirs(self) -> Options | None:
        """Return PokerKit's options for its player to act, or None when nobody is to act."""
        state = self.state
        index = state.actor_index
        if index is None:
            return None
        call = state.checking_or_calling_amount
        assert call is not None
        return Options(
            self.setup.to_pokertd(index),
            call,
            state.min_completion_betting_or_raising_to_amount,
            state.max_completion_betting_or_raising_to_amount,
        )

    def act(self, kind: str, to: int | None = None) -> bool:
        """Apply one action to pokertd, and to PokerKit while synced; False if PokerKit refuses."""
        player = self.hand.to_act
        assert player is not None
        self.log(f"p{player} {kind}" + ("" if to is None else f" to {to}"))
        if kind in ("bet", "raise"):
            legal = self.hand.legal()
            assert legal is not None
            self.hand.act(player, "bet" if legal.is_opening else "raise", to=to)
        else:
            self.hand.act(player, kind)
        if not self.is_synced:
            return True
        state = self.state
        if kind == "fold" and state.can_fold():
            state.fold()
        elif kind in ("check", "call") and state.can_check_or_call():
            state.check_or_call()
        elif kind in ("bet", "raise") and state.can_complete_bet_or_raise_to(to):
            state.complete_bet_or_raise_to(to)
        else:
            return False
        return True

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

    def show_down(self) -> None:
        """Table every hand pokertd waits for at the showdown."""
        while (player := self.hand.to_act) is not None:
            self.hand.show(player)

    def finish_state(self) -> tuple[int, ...]:
        """Deal PokerKit any boards it still waits for; return its finishing stacks by player."""
        state = self.state
        while state.status and self.street < len(self.deal.streets) and state.can_deal_board():
            burn, cards = self.deal.streets[self.street]
            self.street += 1
            self._deal_state(burn, cards)
        assert not state.status, f"PokerKit is not finished: {state.actor_index=}"
        self.their_stacks = self.setup.by_pokertd(state.stacks)
        return self.their_stacks

    def __str__(self) -> str:
        return "\n".join([repr(self.setup), *self.transcript])


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


def pokerkit_stacks(duel: Duel, *, dead_antes: bool) -> tuple[int, ...]:
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
