"""Game families: what each family of games does its own way, behind one interface.

``Hand`` plays every game with the same betting rounds (``betting``), pots (``pots``) and showdown
(``showdown``). Where a family posts its forced bets, deals, opens a betting round, orders the
showdown or gives the odd chip its own way, the hand asks its ``Family``, chosen once from
``Game.family`` when the hand is created and kept in its state. A family is a module of the
functions below: ``engine.flop`` (hold'em, Omaha) and ``engine.stud`` (the seven-card studs).
None of them runs on a player's action, only when a hand or a street starts and at showdown.

A third family, the draw games (2-7 single and triple draw, badugi, five-card draw), would be a
``GameFamily.DRAW`` member, its games in ``GAMES`` (no board, ``board_counts`` of zeros) and a
module ``engine.draw`` registered here. It would post blinds and deal hole cards as ``flop`` does
(reusing its ``check_bets``, ``forced_bets``, ``open_first_round``, ``showdown_first`` and
``odd_chip_order``), and differ in ``deal_street`` and ``enter_hole``: between two betting rounds
each player in turn discards and draws (a new phase and action for ``Hand``, replacement cards
from the deck, the discards reshuffled when the stub runs short). Its low judgings (deuce-to-seven,
badugi) would be new ``Judging`` members for ``showdown``.

>>> from pokertd.engine.games import GAMES
>>> family_of(GAMES["razz"]).__name__, family_of(GAMES["plo"]).__name__
('pokertd.engine.stud', 'pokertd.engine.flop')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from pokertd.cards import Card
from pokertd.engine import flop, stud
from pokertd.engine.events import Half
from pokertd.engine.games import Exposure, Game, GameFamily
from pokertd.engine.state import HandState


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


_FAMILIES: dict[GameFamily, Family] = {GameFamily.FLOP: flop, GameFamily.STUD: stud}


def family_of(game: Game) -> Family:
    """Return the module that plays the family of ``game``."""
    return _FAMILIES[game.family]
