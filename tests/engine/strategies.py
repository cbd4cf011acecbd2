"""Hypothesis strategies shared by the engine property tests: hand setups and legal actions.

A ``Setup`` holds every argument of ``Hand.create`` so that a hand can be created again (to replay
it, or to deal it by hand); ``choose_action`` draws one of the options ``hand.legal()`` offers.
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st

from pokertd import Hand, Legal, rules
from pokertd.engine.games import FLOP_GAMES, STUD_GAMES
from pokertd.rules import Profile

PROFILES: dict[str, Profile] = {
    profile_id: rules.load(profile_id) for profile_id in rules.PROFILE_IDS
}


@dataclass(frozen=True)
class Setup:
    """The arguments of one ``Hand.create`` call."""

    game: str
    profile_id: str
    stacks: tuple[int, ...]
    blinds: tuple[int, int]
    ante: int
    button: int
    chip_unit: int
    seed: int
    blind_posts: tuple[int, ...] | None = None
    ante_posts: tuple[int, ...] | None = None
    limits: tuple[int, int] | None = None
    absent: tuple[int, ...] = ()
    is_final_heads_up: bool = False

    @property
    def count(self) -> int:
        """Return the number of players dealt in."""
        return len(self.stacks)

    @property
    def total(self) -> int:
        """Return the chips in play."""
        return sum(self.stacks)

    def create(self, deal: str = "auto") -> Hand:
        """Start the hand, dealt from the seeded deck or entered by hand."""
        return Hand.create(
            game=self.game,
            stacks=self.stacks,
            blinds=self.blinds,
            profile=PROFILES[self.profile_id],
            ante=self.ante,
            button=self.button,
            deal=deal,
            seed=self.seed if deal == "auto" else None,
            blind_posts=self.blind_posts,
            ante_posts=self.ante_posts,
            limits=self.limits,
            chip_unit=self.chip_unit,
            absent=self.absent,
            is_final_heads_up=self.is_final_heads_up,
        )


@st.composite
def setups(
    draw: st.DrawFn, *, min_players: int = 2, max_players: int = 9, has_short_stacks: bool = True
) -> Setup:
    """Draw a hand: game, profile, stacks (some all-in on the ante or a blind), forced bets."""
    game = draw(st.sampled_from(sorted(FLOP_GAMES)))
    profile_id = draw(st.sampled_from(rules.PROFILE_IDS))
    count = draw(st.integers(min_players, max_players))
    unit = draw(st.sampled_from([1, 1, 5, 25]))
    big = unit * draw(st.integers(1, 8))
    small = unit * draw(st.integers(0, big // unit))
    ante = draw(st.sampled_from([0, 0, unit, small, big]))
    # Most amounts are whole chips of the smallest denomination; some are not (odd chips).
    is_whole_chips = draw(st.integers(0, 3)) > 0
    scale = unit if is_whole_chips else 1
    stacks = []
    for _ in range(count):
        if has_short_stacks and draw(st.integers(0, 3)) == 0:
            # Short: all-in on the ante or the blind, or just after.
            stack = draw(st.integers(1, max(1, (ante + big + unit) // scale)))
        else:
            low = 1 if has_short_stacks else 20 * big // scale
            stack = draw(st.integers(low, 60 * big // scale))
        stacks.append(stack * scale)
    button = draw(st.integers(0, count - 1))
    blind_posts = draw(_blind_posts(count, button, small, big))
    ante_posts = None
    if ante and draw(st.integers(0, 4)) == 0:
        ante_posts = tuple(
            draw(st.lists(st.sampled_from([0, ante]), min_size=count, max_size=count))
        )
    limits = None
    if draw(st.integers(0, 4)) == 0:
        small_bet = unit * draw(st.integers(1, 8))
        limits = (small_bet, 2 * small_bet)
    absent: tuple[int, ...] = ()
    if draw(st.integers(0, 3)) == 0:
        absent = tuple(
            draw(st.lists(st.integers(0, count - 1), unique=True, max_size=count - 1).map(sorted))
        )
    return Setup(
        game=game,
        profile_id=profile_id,
        stacks=tuple(stacks),
        blinds=(small, big),
        ante=ante,
        button=button,
        chip_unit=unit,
        seed=draw(st.integers(0, 2**32 - 1)),
        blind_posts=blind_posts,
        ante_posts=ante_posts,
        limits=limits,
        absent=absent,
        is_final_heads_up=draw(st.booleans()),
    )


@st.composite
def _blind_posts(
    draw: st.DrawFn, count: int, button: int, small: int, big: int
) -> tuple[int, ...] | None:
    """Blinds by position (None), or given: a dead button, a missing small blind, extra posts."""
    form = draw(st.sampled_from(["position", "position", "dead-button", "missing-sb", "any"]))
    if form == "position" or count == 2:
        return None
    posts = [0] * count
    if form == "dead-button":
        # BTN-DEAD-BUTTON, BTN-MISSING-BUTTON: with the button's seat empty, the player to its
        # right has the last position: as players, the blinds are posted as usual, given here.
        posts[(button + 1) % count] = small
        posts[(button + 2) % count] = big
    elif form == "missing-sb":
        # BTN-MISSING-SB: the small blind's seat is empty; only the big blind is posted.
        posts[(button + 1) % count] = big
    else:
        big_player = draw(st.integers(0, count - 1))
        posts[big_player] = big
        small_player = draw(st.integers(0, count - 1))
        if small_player != big_player:
            posts[small_player] = small
        # A player coming back or new at the table may post a big blind out of position.
        extra = draw(st.integers(0, count - 1))
        if extra not in (big_player, small_player) and draw(st.booleans()):
            posts[extra] = big
    return tuple(posts)


@dataclass(frozen=True)
class Choice:
    """An action to play: ``hand.act(player, kind, to=to)``."""

    player: int
    kind: str
    to: int | None = None


def can_go_all_in(hand: Hand, legal: Legal) -> bool:
    """Return whether "all-in" is one of the offered options: a call or a raise of every chip."""
    player = legal.player
    stack = hand.stacks[player]
    if legal.call and legal.call == stack:
        return True
    return legal.max_raise_to is not None and legal.max_raise_to == hand.bets[player] + stack


# How often each kind of option is drawn: calls and checks keep hands going to later streets.
WEIGHTS = {"check": 5, "call": 5, "raise": 2, "fold": 2, "all-in": 1}


def choose_action(data: st.DataObject, hand: Hand, legal: Legal) -> Choice:
    """Draw one of the options ``legal`` offers, a raise anywhere between its bounds."""
    offered = {
        "check": legal.check,
        "call": legal.call > 0,
        "raise": legal.min_raise_to is not None,
        "fold": legal.fold,
        "all-in": can_go_all_in(hand, legal),
    }
    options = [kind for kind, weight in WEIGHTS.items() if offered[kind] for _ in range(weight)]
    kind = data.draw(st.sampled_from(options))
    if kind != "raise":
        return Choice(legal.player, kind)
    low, high = legal.min_raise_to, legal.max_raise_to
    assert low is not None
    assert high is not None
    to = data.draw(st.sampled_from([low, low, high]) | st.integers(low, high))
    return Choice(legal.player, "bet" if legal.is_opening else "raise", to)


@dataclass(frozen=True)
class StudSetup:
    """The arguments of one ``Hand.create`` call for a stud game."""

    game: str
    profile_id: str
    stacks: tuple[int, ...]
    ante: int
    bring_in: int
    limits: tuple[int, int]
    button: int
    chip_unit: int
    seed: int
    absent: tuple[int, ...] = ()
    has_open_pair_option: bool = False

    @property
    def count(self) -> int:
        """Return the number of players dealt in."""
        return len(self.stacks)

    @property
    def total(self) -> int:
        """Return the chips in play."""
        return sum(self.stacks)

    def create(self, deal: str = "auto") -> Hand:
        """Start the hand, dealt from the seeded deck or entered by hand."""
        return Hand.create(
            game=self.game,
            stacks=self.stacks,
            profile=PROFILES[self.profile_id],
            ante=self.ante,
            bring_in=self.bring_in,
            limits=self.limits,
            button=self.button,
            deal=deal,
            seed=self.seed if deal == "auto" else None,
            chip_unit=self.chip_unit,
            absent=self.absent,
            has_open_pair_option=self.has_open_pair_option,
        )


@st.composite
def stud_setups(draw: st.DrawFn, *, has_open_pair_option: bool | None = None) -> StudSetup:
    """Draw a stud hand: game, profile, 2-8 players, short stacks, antes, bring-in, absents."""
    game = draw(st.sampled_from(STUD_GAMES))
    count = draw(st.integers(2, 8))
    unit = draw(st.sampled_from([1, 1, 5, 25]))
    small_bet = unit * draw(st.integers(1, 8))
    bring_in = unit * draw(st.integers(1, small_bet // unit))
    ante = draw(st.sampled_from([0, unit, bring_in]))
    stacks = []
    for _ in range(count):
        if draw(st.integers(0, 3)) == 0:  # all-in on the ante, the bring-in, or soon after
            stacks.append(draw(st.integers(1, ante + small_bet + unit)))
        else:
            stacks.append(unit * draw(st.integers(1, 40 * small_bet // unit)))
    absent: tuple[int, ...] = ()
    if draw(st.integers(0, 3)) == 0:
        absent = tuple(
            draw(st.lists(st.integers(0, count - 1), unique=True, max_size=count - 1).map(sorted))
        )
    if has_open_pair_option is None:
        has_open_pair_option = draw(st.booleans())
    return StudSetup(
        game=game,
        profile_id=draw(st.sampled_from(rules.PROFILE_IDS)),
        stacks=tuple(stacks),
        ante=ante,
        bring_in=bring_in,
        limits=(small_bet, 2 * small_bet),
        button=draw(st.integers(0, count - 1)),
        chip_unit=unit,
        seed=draw(st.integers(0, 2**32 - 1)),
        absent=absent,
        has_open_pair_option=has_open_pair_option,
    )


def choose_stud_action(data: st.DataObject, hand: Hand, legal: Legal) -> Choice:
    """Draw one of the options ``legal`` offers in stud: in fixed limit only the two totals."""
    if legal.is_bring_in:
        options = ["bring-in", "call"] + (["bet"] if legal.min_raise_to is not None else [])
        kind = data.draw(st.sampled_from(options))
        return Choice(legal.player, kind, legal.min_raise_to if kind == "bet" else None)
    choice = choose_action(data, hand, legal)
    if choice.to is not None and legal.min_raise_to is not None and legal.max_raise_to is not None:
        to = data.draw(st.sampled_from([legal.min_raise_to, legal.max_raise_to]))
        return Choice(choice.player, choice.kind, to)
    return choice
