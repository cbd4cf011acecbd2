"""Game families: what each family of games does its own way, behind one interface
(``engine.state.Family``).

``Hand`` plays every game with the same betting rounds (``betting``), pots (``pots``) and showdown
(``showdown``). Where a family posts its forced bets, deals, opens a betting round, orders the
showdown or gives the odd chip its own way, the hand asks its ``Family``, chosen once from
``Game.family`` when the hand is created and kept in its state. A family is a module of the
functions below: ``engine.flop`` (hold'em, Omaha) and ``engine.stud`` (the seven-card studs).
None of them runs on a player's action, only when a hand or a street starts and at showdown.

The third family, ``engine.draw`` (2-7 single and triple draw, badugi, five-card draw), posts
blinds and deals a closed hand as ``flop`` does (it reuses ``check_bets``, ``forced_bets``,
``open_first_round`` and ``showdown_first``) and differs in ``begin_draw`` and ``enter_hole``:
before each betting round after the first, every player in turn discards and draws
(``Phase.DRAWING``, ``Hand.draw``), new cards come from the stub, and the discards are
reshuffled when it runs short. Its low judgings (deuce-to-seven, badugi) are ``Judging``
members for ``showdown``.

>>> from pokertd.engine.games import GAMES
>>> family_of(GAMES["razz"]).__name__, family_of(GAMES["plo"]).__name__
('pokertd.engine.stud', 'pokertd.engine.flop')
>>> family_of(GAMES["badugi"]).__name__
'pokertd.engine.draw'
"""

from __future__ import annotations

from pokertd.engine import draw, flop, stud
from pokertd.engine.games import Game, GameFamily
from pokertd.engine.state import Family

_FAMILIES: dict[GameFamily, Family] = {
    GameFamily.FLOP: flop,
    GameFamily.STUD: stud,
    GameFamily.DRAW: draw,
}


def family_of(game: Game) -> Family:
    """Return the module that plays the family of ``game``."""
    return _FAMILIES[game.family]
