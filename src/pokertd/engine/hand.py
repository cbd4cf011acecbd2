"""``Hand``: one hand of poker as a state machine that never enters an illegal state.

``Hand`` is a thin facade: betting rules live in ``betting``, dealing in ``dealing``, pots in
``pots`` and showdowns in ``showdown``; what a family of games does its own way (forced bets,
dealing by street, who opens a street, the showdown order, the odd chip) is asked of the game's
family, ``engine.flop`` or ``engine.stud`` (``engine.family``). Every illegal call raises
``IllegalActionError`` naming the rule and leaves the hand as it was.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from pokertd.cards import Card, Deck
from pokertd.engine import dealing, showdown
from pokertd.engine.actions import _BY_WORD as _KINDS
from pokertd.engine.actions import ActionKind, Legal
from pokertd.engine.betting import act as _betting_act
from pokertd.engine.betting import full_raise_to as _full_raise_to
from pokertd.engine.betting import next_to_act as _next_to_act
from pokertd.engine.betting import options as _options
from pokertd.engine.draw import discard as draw_discard
from pokertd.engine.events import HandEvent, HandKilled, HandMucked, HandShown
from pokertd.engine.family import family_of
from pokertd.engine.games import Exposure, Game, find_game
from pokertd.engine.pots import Pot, side_pots
from pokertd.engine.setup import HandSetup, check_setup, raise_cap
from pokertd.engine.state import ALL_IN, FOLDED, HandState, Phase, state_error
from pokertd.engine.streets import (
    close_round,
    finish_showdown,
    finish_uncontested,
    open_first_round,
    open_street,
    post_forced_bets,
)
from pokertd.engine.stud import act_bring_in, bring_in_options
from pokertd.errors import IllegalActionError, ParseError
from pokertd.messages import Message, message
from pokertd.rules import DEFAULT_PROFILE, Profile
from pokertd.rules import load as load_profile


class Dealing(StrEnum):
    """Where the cards come from."""

    #: From a deck shuffled by the hand's random source.
    AUTO = "auto"
    #: Entered by a dealer or read from a history; unseen cards may stay unknown.
    ENTERED = "entered"


_DEALING: dict[object, Dealing] = {mode.value: mode for mode in Dealing}
_BETTING, _FINISHED = Phase.BETTING, Phase.FINISHED
_FOLD = ActionKind.FOLD
_AT_SHOWDOWN = frozenset({ActionKind.SHOW, ActionKind.MUCK})


@dataclass(frozen=True, slots=True)
class HandResult:
    """The outcome of a finished hand: finishing stacks and chips won from the pots, per player."""

    stacks: tuple[int, ...]
    winnings: tuple[int, ...]
    starting_stacks: tuple[int, ...]

    @property
    def net(self) -> tuple[int, ...]:
        """Return each player's gain or loss over the hand."""
        return tuple(
            end - start for end, start in zip(self.stacks, self.starting_stacks, strict=True)
        )


def _short(rng: random.Random) -> Deck:
    """Return the 36-card deck of short-deck hold'em in an order drawn from ``rng``."""
    cards = list(find_game("shortdeck").deck)
    rng.shuffle(cards)
    return Deck(cards)


class Hand:
    """One hand of poker, from the forced bets to the last pot awarded.

    Players are numbered from 0 clockwise, as in PHH; ``button`` is the player who acts last after
    the flop (the last player by default).

    >>> from pokertd import Hand, rules
    >>> hand = Hand.create(game="nlhe", profile=rules.load("tda-2017"),
    ...                    stacks=[10_000, 10_000, 10_000], blinds=(50, 100), button=2, seed=7)
    >>> hand.to_act, hand.legal().call, hand.legal().min_raise_to
    (2, 100, 200)
    >>> hand.act(2, "raise", to=300)
    >>> hand.act(0, "fold"); hand.act(1, "fold")
    >>> hand.is_finished, hand.result.stacks
    (True, (9950, 9900, 10150))
    """

    __slots__ = ("_setup", "_setup_fields", "_st")

    def __init__(self, state: HandState, setup_fields: tuple[object, ...]) -> None:
        self._st = state
        # HandSetup is built on first use: most hands played by a simulation never need it.
        self._setup_fields = setup_fields
        self._setup: HandSetup | None = None

    @classmethod
    def create(
        cls,
        *,
        game: str,
        stacks: Sequence[int],
        blinds: tuple[int, int] | None = None,
        profile: Profile | None = None,
        ante: int = 0,
        button: int | None = None,
        deal: Dealing | str = Dealing.AUTO,
        seed: int | None = None,
        rng: random.Random | None = None,
        deck: Deck | None = None,
        blind_posts: Sequence[int] | None = None,
        ante_posts: Sequence[int] | None = None,
        limits: tuple[int, int] | None = None,
        chip_unit: int = 1,
        absent: Sequence[int] = (),
        is_final_heads_up: bool = False,
        bring_in: int | None = None,
        has_open_pair_option: bool = False,
        are_antes_dead: bool | None = None,
    ) -> Hand:
        """Start a hand: post antes and blinds, deal (automatically or not), open the betting.

        ``blinds`` are the level's small and big blind. They are posted by position (heads-up the
        button posts the small blind: BTN-HU-ORDER) unless ``blind_posts`` gives each player's
        blind, for a dead button or a missing small blind (BTN-DEAD-BUTTON). ``ante`` is posted as
        the profile says (ANTE-BB) unless ``ante_posts`` gives each player's ante. ``limits`` are
        the fixed-limit small and big bets (the big blind and twice it by default). ``chip_unit`` is
        the smallest chip in play, for odd chips (TDA 20). ``absent`` players are dealt in, post,
        and have their hand killed (ABS-DEAD-HAND: TDA 30, LFP 2.15). ``is_final_heads_up`` lifts
        the fixed-limit cap where the profile says so (BET-RAISE-CAP: TDA 52).
        Stud games (``stud``, ``stud8``, ``razz``) have no blinds: every player posts ``ante`` (or
        his ``ante_posts``), ``bring_in`` is the bring-in and ``limits`` the small and big bets
        (both required). ``button`` is the dealer: cards go clockwise from his left, and equal
        showing hands never go by position (TDA PR-9C). ``has_open_pair_option`` lets a player bet
        the big bet on fourth street when an open pair shows (a house rule the books do not have;
        off by default, as in the WSOP files). An ``absent`` player is dealt in, antes, pays the
        bring-in if his up card calls for it, and his hand is dead (STUD-BRINGIN-ABSENT).
        ``are_antes_dead`` says how the antes count in the pots: True, every ante is dead money for
        the main pot, in nobody's share; False, every ante is its poster's contribution; None (by
        default), each player's ante is his contribution and an ante due from the big blind
        alone is the table's dead ante (ANTE-BB). PHH's ``ante_trimming_status`` is its negation.
        Draw games (``nl27sd``, ``fl27td``, ``badugi``, ``nl5cd``) post blinds as the flop games
        do; between their betting rounds each player draws (``draw``).
        Automatic dealing needs ``seed``, ``rng`` or a shuffled ``deck``: pokertd draws no
        randomness of its own. Live play shuffles a whole ``Deck`` with a secure random source and
        publishes its ``commitment`` before passing it here, so that the deal can be audited; in a
        draw game it passes ``rng`` too, which shuffles the discards when the stub runs out
        (DRAW-DECK-SHORT).

        Raises ParseError for inconsistent arguments.
        """
        game_def = find_game(game)
        family = family_of(game_def)
        profile = profile if profile is not None else load_profile(DEFAULT_PROFILE)
        mode = _DEALING.get(deal) or Dealing(deal)
        count = len(stacks)
        button = count - 1 if button is None else button
        small, big, limits = family.check_bets(game_def, blinds, bring_in, limits)
        check_setup(game_def, stacks, small, big, button, ante, chip_unit, absent)
        if mode is Dealing.AUTO and deck is None:
            if rng is None:
                if seed is None:
                    raise ParseError("automatic dealing needs a seed, an rng or a deck")
                rng = random.Random(seed)
            deck = Deck.drawn_at_random(rng) if not game_def.is_short_deck else _short(rng)
        elif mode is Dealing.ENTERED:
            deck = None
        state = HandState(
            game_def,
            family,
            profile,
            list(stacks),
            button,
            small,
            big,
            limits or (big, 2 * big),
            raise_cap(game_def, profile, is_final_heads_up),
            chip_unit,
            deck,
            rng,
        )
        posts, antes, big_blind_ante = family.forced_bets(
            state, ante, ante_posts, blind_posts, bring_in, has_open_pair_option
        )
        if are_antes_dead is False and big_blind_ante and state.big_blind_player is not None:
            antes[state.big_blind_player] += big_blind_ante  # his own contribution after all
            big_blind_ante = 0
        setup_fields = (
            game,
            profile.id,
            state.starting_stacks,
            (small, big),
            button,
            posts,
            antes,
            big_blind_ante,
            state.limits,
            chip_unit,
            absent,
            is_final_heads_up,
            state.bring_in,
            has_open_pair_option,
            are_antes_dead,
        )
        post_forced_bets(state, posts, antes, big_blind_ante, bool(are_antes_dead))
        family.deal_first(state)
        for player in absent:
            state.status[player] = FOLDED
            state.log.append((HandKilled, player))
        if state.phase is not Phase.DEALING:  # entered stud cards: the betting waits for them
            open_first_round(state)
        return cls(state, setup_fields)

    # -- what the hand looks like -------------------------------------------------------------

    @property
    def setup(self) -> HandSetup:
        """Return how the hand was started."""
        if self._setup is None:
            fields = list(self._setup_fields)
            for index in (5, 6, 10):  # blind posts, antes and absent players, kept as given
                fields[index] = tuple(fields[index])  # type: ignore[arg-type]
            self._setup = HandSetup(*fields)  # type: ignore[arg-type]
        return self._setup

    @property
    def game(self) -> Game:
        """Return the game being played."""
        return self._st.game

    @property
    def profile(self) -> Profile:
        """Return the rule profile the hand is played under."""
        return self._st.profile

    @property
    def player_count(self) -> int:
        """Return the number of players dealt in."""
        return self._st.count

    @property
    def button(self) -> int:
        """Return the player who acts last after the flop."""
        return self._st.button

    @property
    def phase(self) -> Phase:
        """Return where the hand stands: betting, dealing, showdown or finished."""
        return self._st.phase

    @property
    def is_finished(self) -> bool:
        """Return whether every pot has been awarded."""
        return self._st.phase is _FINISHED

    @property
    def street(self) -> int:
        """Return the index of the current betting round (0 is pre-flop)."""
        return self._st.street

    @property
    def street_name(self) -> str:
        """Return the name of the current betting round (``"preflop"``, ``"flop"``, ...)."""
        return self._st.game.street_names[self._st.street]

    @property
    def to_act(self) -> int | None:
        """Return the player to act (to bet, or to show or muck at showdown), or None."""
        st = self._st
        if st.phase is Phase.BETTING:
            return st.to_act
        if st.phase is Phase.SHOWDOWN:
            waiting = showdown.pending(st)
            return waiting[0] if waiting else None
        if st.phase is Phase.DRAWING:
            return st.to_act
        return None

    @property
    def stacks(self) -> tuple[int, ...]:
        """Return each player's chips behind."""
        return tuple(self._st.stacks)

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        """Return each player's stack before the forced bets."""
        return self._st.starting_stacks

    @property
    def bets(self) -> tuple[int, ...]:
        """Return each player's chips in front of him in the current round."""
        return tuple(self._st.bets)

    @property
    def pots(self) -> list[Pot]:
        """Return the chips already gathered (antes, earlier rounds), main pot first."""
        st = self._st
        if st.phase is Phase.FINISHED:
            return []
        gathered = [paid - bet for paid, bet in zip(st.paid, st.bets, strict=True)]
        return side_pots(gathered, st.status, st.dead)

    @property
    def board(self) -> tuple[Card, ...]:
        """Return the board cards dealt so far."""
        return tuple(self._st.board)

    def hole_cards(self, player: int) -> tuple[Card | None, ...]:
        """Return a player's hole cards, ``None`` for a card not known (in stud, down and up
        cards in the order dealt)."""
        return tuple(self._st.holes[player])

    def exposures(self, player: int) -> tuple[Exposure, ...]:
        """Return how each of a player's hole cards lies: all down in flop games, down or up in
        stud.

        >>> hand = Hand.create(game="stud", stacks=[500, 500], ante=5, bring_in=10,
        ...                    limits=(20, 40), seed=2)
        >>> [str(lie) for lie in hand.exposures(0)]
        ['down', 'down', 'up']
        """
        st = self._st
        return st.family.exposures(st, player)

    def up_cards(self, player: int) -> tuple[Card, ...]:
        """Return a player's up cards (seen by everyone), and the stud common card if any."""
        st = self._st
        return st.family.up_cards(st, player)

    @property
    def draw_owed(self) -> tuple[int, ...]:
        """Return the players of a draw game still owed their new cards, in the order they are
        served (DRAW-ORDER): those the dealer enters next (entered dealing); empty otherwise."""
        draw = self._st.draw
        return () if draw is None else tuple(draw.owed)

    @property
    def bring_in_player(self) -> int | None:
        """Return the stud player who owes the bring-in now, else None."""
        return self._st.bring_in_due

    def is_folded(self, player: int) -> bool:
        """Return whether a player is out of the hand."""
        return self._st.status[player] == FOLDED

    def is_all_in(self, player: int) -> bool:
        """Return whether a player is in the hand with no chips behind."""
        return self._st.status[player] == ALL_IN

    @property
    def events(self) -> tuple[HandEvent, ...]:
        """Return everything that happened, in order."""
        return self._st.events()

    @property
    def result(self) -> HandResult | None:
        """Return the finishing stacks and winnings once the hand is over, else None."""
        st = self._st
        if st.phase is not Phase.FINISHED:
            return None
        return HandResult(tuple(st.stacks), tuple(st.winnings), st.starting_stacks)

    def full_raise_to(self) -> int | None:
        """Return the total a full bet or raise would reach now, whatever the stack of the player
        to act (the minimum of BET-MINRAISE and BET-MIN-BET, the base of the 50 % rule of
        BET-UNDERRAISE-50), or None outside a betting round.

        >>> hand = Hand.create(game="nlhe", stacks=[1000, 1000, 80], blinds=(25, 50), seed=1)
        >>> hand.full_raise_to(), hand.legal().min_raise_to   # the button has only 80
        (100, 80)
        """
        st = self._st
        if st.phase is not _BETTING:
            return None
        return _full_raise_to(st)

    @property
    def current_bet(self) -> int:
        """Return the bet to match in the current round (the big blind before the flop)."""
        return self._st.current_bet

    def legal(self) -> Legal | None:
        """Return the options of the player to act, or None when nobody is to act.

        >>> hand = Hand.create(game="nlhe", stacks=[1000, 1000], blinds=(5, 10), seed=1)
        >>> hand.legal()
        Legal(player=1, fold=True, check=False, call=5, min_raise_to=20, max_raise_to=1000, \
is_opening=False, show=False, muck=False, is_bring_in=False, draw=0)
        """
        st = self._st
        if st.phase is _BETTING:
            if st.to_act is None:
                return None
            if st.bring_in_due is not None:
                return bring_in_options(st, st.to_act)
            return _options(st, st.to_act)
        player = self.to_act
        if player is None:
            return None
        if st.phase is Phase.DRAWING:
            return Legal(player, False, False, 0, None, None, draw=len(st.holes[player]))
        return Legal(player, False, False, 0, None, None, show=True, muck=not st.all_in_exposed)

    # -- what players and dealers do ------------------------------------------------------------

    def act(self, player: int, kind: ActionKind | str, to: int | None = None) -> None:
        """Apply an action: fold, check, call, bet or raise ``to`` a total, all-in, show, muck.

        Raises IllegalActionError (with the rule id) when the rules forbid it, ParseError for an
        unknown action word; the hand is unchanged either way.
        """
        action = _KINDS.get(kind) or ActionKind.parse(kind)
        st = self._st
        # Outside a betting round to_act is None, but for the player to draw in a draw game.
        if player != st.to_act or action in _AT_SHOWDOWN or st.phase is not _BETTING:
            self._act_otherwise(player, action)
            return
        if st.bring_in_due is not None:
            if not act_bring_in(st, player, action, to):
                _betting_act(st, player, action, to)  # completing the bring-in
        elif action is ActionKind.BRING_IN:
            raise IllegalActionError(
                message("player {player}: no bring-in is due (ENGINE-BRING-IN)", player=player + 1),
                rule="ENGINE-BRING-IN",
                action=f"p{player + 1} {action}",
            )
        else:
            _betting_act(st, player, action, to)
        if action is _FOLD and st.status.count(FOLDED) == st.count - 1:
            finish_uncontested(st)
            return
        after = _next_to_act(st, player)
        st.to_act = after
        if after is None:
            close_round(st)

    def _act_otherwise(self, player: int, action: ActionKind) -> None:
        """Carry out a show or a muck, else explain why the player may not act now (raises)."""
        st = self._st
        if action in _AT_SHOWDOWN:
            (self.show if action is ActionKind.SHOW else self.muck)(player)
            return
        if st.phase is not Phase.BETTING:
            raise state_error(
                player, action, message("no betting now: the hand is at {phase}", phase=st.phase)
            )
        raise IllegalActionError(  # BET-OOT: TDA 53, LFP 7.4
            message(
                "player {player} is not to act; player {turn} is (BET-OOT)",
                player=player + 1,
                turn=(st.to_act or 0) + 1,
            ),
            rule="BET-OOT",
            action=f"p{player + 1} {action}",
        )

    def deal_hole(self, player: int, cards: Sequence[Card | None]) -> None:
        """Enter a player's hole cards (``None`` for an unseen card); entered dealing only.

        In stud, enter each street's cards as it is dealt (three on third street, then one):
        the betting opens once every player in the hand has his cards. In a draw, enter each
        player's new cards once everyone has discarded, in the order they drew: the betting
        opens when the last player is served.
        """
        self._require_entered(message("hole cards are dealt automatically in this hand"))
        st = self._st
        if not 0 <= player < st.count:
            raise ParseError(f"there is no player {player + 1} in a hand of {st.count}")
        if st.family.enter_hole(st, player, cards):
            if st.street == 0:
                open_first_round(st)
            else:
                open_street(st)

    def draw(self, player: int, discards: Sequence[Card | None] = ()) -> None:
        """In a draw game's draw, throw away ``discards`` and draw as many new cards; no discard
        stands pat. Players draw in turn from the left of the button (DRAW-ORDER); with
        automatic dealing the new cards come once everyone has discarded, else the dealer enters
        them with ``deal_hole``. ``None`` discards one of the player's unseen cards (a replay).

        >>> hand = Hand.create(game="badugi", stacks=[100, 100], blinds=(1, 2), button=0, seed=5)
        >>> hand.act(0, "call"); hand.act(1, "check")
        >>> hand.draw(0, ())
        Traceback (most recent call last):
        ...
        pokertd.errors.IllegalActionError: player 1 is not to draw; player 2 is (DRAW-ORDER)

        Raises IllegalActionError, the hand unchanged, out of turn or for cards he does not hold
        (DRAW-DISCARD), and outside a draw (ENGINE-STATE).
        """
        st = self._st
        if not 0 <= player < st.count:
            raise ParseError(
                message(
                    "there is no player {player} in a hand of {count}",
                    player=player + 1,
                    count=st.count,
                )
            )
        if st.draw is None:
            raise IllegalActionError(
                message("player {player}: {game} has no draw (ENGINE-STATE)",
                        player=player + 1, game=st.game.name),
                rule="ENGINE-STATE",
                action=f"p{player + 1} draw",
            )  # fmt: skip
        if draw_discard(st, player, list(discards)):
            open_street(st)

    def deal_board(self, cards: Sequence[Card]) -> None:
        """Enter the board cards of the next street; entered dealing only, once betting closed."""
        self._require_entered(message("board cards are dealt automatically in this hand"))
        st = self._st
        if st.phase is not Phase.DEALING:
            raise state_error(
                None,
                "deal",
                message("no board cards are due: the hand is at {phase}", phase=st.phase),
            )
        st.family.enter_board(st, cards)
        open_street(st)

    def show(self, player: int, cards: Sequence[Card] | None = None) -> None:
        """Table a player's cards (giving them if they were not known) once betting is over."""
        self._show(player, cards, is_recorded=False)

    def show_recorded(self, player: int, cards: Sequence[Card | None]) -> None:
        """Table a player's cards as a history recorded them, ``None`` for a card it did not
        record (PHH ``sm ????``: a cash-game player who kept his cards hidden); entered dealing.

        A hand not fully tabled cannot be judged (SHOW-TABLING: TDA 13A): it wins only a pot no
        tabled hand contends for (docs/judgements.md).
        """
        self._show(player, cards, is_recorded=True)

    def _show(self, player: int, cards: Sequence[Card | None] | None, *, is_recorded: bool) -> None:
        st = self._st
        self._require_in_hand(player, ActionKind.SHOW)
        exposing = st.phase is Phase.DEALING and st.all_in_exposed
        voluntary = st.phase is Phase.FINISHED
        if st.phase is not Phase.SHOWDOWN and not exposing and not voluntary:
            raise state_error(player, "show", message("cards are shown once the betting is over"))
        if st.shown[player] or st.mucked[player]:
            raise state_error(player, "show", message("his hand is already shown or mucked"))
        if cards is not None:
            dealing.reveal_hole(st, player, list(cards))
        hole = st.holes[player]
        if (not is_recorded or st.is_auto) and any(card is None for card in hole):
            raise state_error(player, "show", message("his cards are not known; give them to show"))
        st.shown[player] = True
        st.log.append((HandShown, player, tuple(card for card in hole if card is not None)))
        if st.phase is Phase.SHOWDOWN and not showdown.pending(st):
            finish_showdown(st)

    def muck(self, player: int) -> None:
        """Give up a hand at showdown without showing it."""
        st = self._st
        self._require_in_hand(player, ActionKind.MUCK)
        if st.phase is not Phase.SHOWDOWN:
            raise state_error(player, "muck", message("hands are mucked at showdown"))
        if st.all_in_exposed:
            raise IllegalActionError(  # SHOW-ALLIN-EXPOSE: TDA 16
                message(
                    "player {player} may not muck: with a player all-in every hand is tabled "
                    "(SHOW-ALLIN-EXPOSE)",
                    player=player + 1,
                ),
                rule="SHOW-ALLIN-EXPOSE",
                action=f"p{player + 1} muck",
            )
        if st.shown[player] or st.mucked[player]:
            raise state_error(player, "muck", message("his hand is already shown or mucked"))
        st.mucked[player] = True
        st.log.append((HandMucked, player))
        if not showdown.pending(st):
            finish_showdown(st)

    # -- internals ------------------------------------------------------------------------------

    def _require_entered(self, why: Message) -> None:
        """Refuse cards entered by hand in a hand that deals its own (``why`` says which)."""
        if self._st.is_auto:
            raise state_error(None, "deal", why)

    def _require_in_hand(self, player: int, kind: ActionKind) -> None:
        st = self._st
        if not 0 <= player < st.count:
            raise ParseError(f"there is no player {player + 1} in a hand of {st.count}")
        if st.status[player] == FOLDED:
            raise state_error(player, kind, message("he is no longer in the hand"))
