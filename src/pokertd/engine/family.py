"""Game families: what each family of games does its own way, behind one interface
(``engine.state.Family``).

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

from pokertd.engine import flop, stud
from pokertd.engine.games import Game, GameFamily
from pokertd.engine.state import Family

_FAMILIES: dict[GameFamily, Family] = {GameFamily.FLOP: flop, GameFamily.STUD: stud}


def family_of(game: Game) -> Family:
    """Return the module that plays the family of ``game``."""
    return _FAMILIES[game.family]
