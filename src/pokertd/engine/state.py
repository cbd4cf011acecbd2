"""The mutable state of one hand, shared by the engine's modules; ``Hand`` is its only owner.

Plain lists indexed by player keep the hot path fast. Nothing outside ``pokertd.engine`` touches it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import StrEnum
from typing import Any, Protocol

from pokertd.cards import Card, Deck
from pokertd.engine.events import Half, HandEvent
from pokertd.engine.games import Exposure, Game
from pokertd.errors import IllegalActionError
from pokertd.messages import Message, message
from pokertd.rules import MinRaise, Profile


class Phase(StrEnum):
    """Where a hand stands."""

    #: A player is to act in a betting round.
    BETTING = "betting"
    #: Waiting for the dealer to enter the next board cards (cards entered by hand).
    DEALING = "dealing"
    #: Draw games: a player is to discard and draw (or stand pat) between two betting rounds.
    DRAWING = "drawing"
    #: Betting is over; hands are shown or mucked.
    SHOWDOWN = "showdown"
    FINISHED = "finished"


_NO_CARDS: list[Card | None] = []

# Player statuses, small ints for speed.
LIVE = 0  # in the hand with chips behind
ALL_IN = 1  # in the hand with no chips behind
FOLDED = 2  # out of the hand (folded, killed or mucked before showdown)


class DrawState:
    """What a draw game keeps between its draws (``engine.draw``).

    ``to_draw`` are the players still to discard in the current draw, in order; ``discards`` what
    each has discarded in it; ``owed`` the players still owed their new cards, ``served`` those
    already served.
    ``muck`` holds every discard of the hand not yet shuffled back, as (card, player, street),
    ``None`` for a card nobody saw; ``recycled`` the folded players whose cards were shuffled
    back. ``stub`` counts the cards not dealt yet, and ``pool`` the known cards shuffled back
    into it, which may be dealt again.
    """

    __slots__ = (
        "dealt",
        "discards",
        "muck",
        "owed",
        "pool",
        "recycled",
        "served",
        "stub",
        "to_draw",
    )

    def __init__(self, stub: int) -> None:
        #: The players whose closed hand was entered (entered dealing).
        self.dealt: set[int] = set()
        self.to_draw: list[int] = []
        self.discards: dict[int, list[Card | None]] = {}
        self.owed: list[int] = []
        self.served: set[int] = set()
        self.muck: list[tuple[Card | None, int, int]] = []
        self.recycled: set[int] = set()
        self.stub = stub
        self.pool: set[Card] = set()


class HandState:
    """Everything that changes during a hand.

    Chips: ``stacks`` behind, ``bets`` in front this round, ``paid`` in all this hand (antes and
    gathered bets included). ``family`` plays what the game's family does its own way
    (``engine.family``); ``deck`` is None when the cards are entered by a dealer; ``rng`` shuffles
    the discards of a draw game into a new stub (None: they go under it as they came).
    """

    __slots__ = (
        "acted",
        "aggressor",
        "all_in_exposed",
        "bets",
        "betting",
        "big_blind",
        "big_blind_player",
        "big_level",
        "blind_floor",
        "board",
        "bounds_cache",
        "bring_in",
        "bring_in_due",
        "built",
        "burns",
        "button",
        "cap",
        "count",
        "current_bet",
        "dead",
        "deck",
        "doubles",
        "draw",
        "exposures",
        "family",
        "full_increment",
        "game",
        "holes",
        "is_auto",
        "last_full_bet",
        "limits",
        "locked",
        "log",
        "mucked",
        "open_pair",
        "open_pair_option",
        "paid",
        "phase",
        "profile",
        "raise_count",
        "rng",
        "shown",
        "small_blind",
        "stacks",
        "starting_stacks",
        "status",
        "street",
        "to_act",
        "unit",
        "winnings",
    )

    def __init__(
        self,
        game: Game,
        family: Family,
        profile: Profile,
        stacks: list[int],
        button: int,
        small_blind: int,
        big_blind: int,
        limits: tuple[int, int],
        cap: int | None,
        unit: int,
        deck: Deck | None,
        rng: random.Random | None = None,
    ) -> None:
        count = len(stacks)
        self.game = game
        self.family = family
        self.profile = profile
        # Read on every decision, so kept at hand rather than behind two attribute lookups.
        self.betting = game.betting
        self.doubles = profile.min_raise is MinRaise.DOUBLE_PREVIOUS
        self.count = count
        self.button = button
        self.small_blind = small_blind
        self.big_blind = big_blind
        #: The player whose blind is the bet to call before the flop, None without blinds.
        self.big_blind_player: int | None = None
        self.limits = limits
        self.cap = cap
        self.unit = unit
        self.deck = deck
        self.rng = rng
        self.is_auto = deck is not None
        self.starting_stacks = tuple(stacks)
        self.stacks = list(stacks)
        self.bets = [0] * count
        self.paid = [0] * count
        #: Chips in the main pot that count in nobody's share (a big-blind ante).
        self.dead = 0
        self.status = [LIVE] * count
        self.acted = [False] * count
        self.locked = [False] * count
        self.shown = [False] * count
        self.mucked = [False] * count
        self.winnings = [0] * count
        #: What each blind poster's bet counts as in the pot-limit pot (TDA 54B), by player.
        self.blind_floor = [0] * count
        self.holes: list[list[Card | None]] = [_NO_CARDS] * count  # replaced at the deal
        self.board: list[Card] = []
        #: Events in the making: (event class, *fields), built into events on demand (fast path).
        self.log: list[tuple[Any, ...]] = []
        self.built: list[HandEvent] = []
        self.phase = Phase.BETTING
        self.street = 0
        self.to_act: int | None = None
        self.current_bet = 0
        self.full_increment = big_blind
        self.last_full_bet = 0
        self.raise_count = 0
        self.aggressor: int | None = None
        self.all_in_exposed = False
        # Stud only (engine.stud): how each hole card lies, the bring-in and who owes it, the
        # burned cards, and the open-pair option on fourth street.
        self.exposures: list[list[Exposure]] = [[] for _ in range(count)] if game.deals else []
        self.bring_in = 0
        self.bring_in_due: int | None = None
        self.burns: list[Card] = []
        self.open_pair_option = False
        self.open_pair = False
        #: A big bet was made on fourth street with an open pair showing: raises are big bets.
        self.big_level = False
        #: Draw games only (engine.draw): the discards, the stub and who draws next.
        self.draw: DrawState | None = None
        #: (player, events so far, raise bounds): legal() and act() compute the bounds once.
        self.bounds_cache: tuple[int, int, tuple[int, int, int] | None] = (-1, -1, None)

    def events(self) -> tuple[HandEvent, ...]:
        """Return the events so far, building the ones not built yet."""
        built, log = self.built, self.log
        for entry in log[len(built) :]:
            built.append(entry[0](*entry[1:]))
        return tuple(built)

    def in_hand(self) -> list[int]:
        """Return the players who have not folded."""
        return [i for i in range(self.count) if self.status[i] != FOLDED]

    def live_count(self) -> int:
        """Return how many players can still bet (in the hand with chips behind)."""
        return self.status.count(LIVE)


def state_error(player: int | None, what: str, why: Message) -> IllegalActionError:
    """Return the error for something the hand does not allow where it stands (ENGINE-STATE):
    ``why`` says it, and names the player (``player``, his number) when there is one."""
    if player is None:
        return IllegalActionError(
            message("{why} (ENGINE-STATE)", why=why), rule="ENGINE-STATE", action=what
        )
    said = message("player {player}: {why} (ENGINE-STATE)", player=player + 1, why=why)
    return IllegalActionError(said, rule="ENGINE-STATE", action=f"p{player + 1} {what}")


class Family(Protocol):
    """The operations in which game families differ, each a function of the family's module."""

    def check_bets(
        self,
        game: Game,
        blinds: tuple[int, int] | None,
        bring_in: int | None,
        limits: tuple[int, int] | None,
    ) -> tuple[int, int, tuple[int, int] | None]:
        """Return the small and big blind and the fixed-limit bets (None: from the big blind)
        of a hand created with these forced bets; raise ParseError when they do not fit."""
        ...

    def forced_bets(
        self,
        st: HandState,
        ante: int,
        ante_posts: Sequence[int] | None,
        blind_posts: Sequence[int] | None,
        bring_in: int | None,
        has_open_pair_option: bool,
    ) -> tuple[list[int], list[int], int]:
        """Set up the hand's forced bets; return each player's blind, each player's ante and
        the big-blind ante (ANTE-BB), to be posted; raise ParseError when they do not fit."""
        ...

    def deal_first(self, st: HandState) -> None:
        """Deal the cards of the first betting round (automatic dealing) or get ready for them
        (entered: the phase is ``DEALING`` while the betting waits for cards)."""
        ...

    def open_first_round(self, st: HandState) -> None:
        """Open the first betting round: the bet to call and the player to act (None: nobody)."""
        ...

    def deal_street(self, st: HandState) -> None:
        """Deal the cards of the current street from the deck (automatic dealing)."""
        ...

    def begin_draw(self, st: HandState) -> bool:
        """Start the draw that opens the current street, if the game has one; return whether it
        did (the phase is then ``DRAWING`` until every player in the hand has drawn)."""
        ...

    def open_street(self, st: HandState) -> int:
        """Get a later street ready; return the player after whom its betting starts."""
        ...

    def enter_hole(self, st: HandState, player: int, cards: Sequence[Card | None]) -> bool:
        """Record a player's cards entered by the dealer; return whether every player now has
        the cards of the street, so that its betting opens."""
        ...

    def enter_board(self, st: HandState, cards: Sequence[Card]) -> None:
        """Record the board cards of the current street entered by the dealer."""
        ...

    def exposures(self, st: HandState, player: int) -> tuple[Exposure, ...]:
        """Return how each of a player's cards lies, down or up."""
        ...

    def up_cards(self, st: HandState, player: int) -> tuple[Card, ...]:
        """Return the cards of a player everyone sees (besides the board)."""
        ...

    def showdown_first(self, st: HandState) -> int:
        """Return the player from whom the showdown goes clockwise when nobody bet the last
        round (he may be out of the hand: the next player in it shows first)."""
        ...

    def odd_chip_order(self, st: HandState, winners: Sequence[int], half: Half) -> list[int]:
        """Return the winners of a pot in the order its odd chips go to them."""
        ...
