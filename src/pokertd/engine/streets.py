"""From street to street: the forced bets, opening and closing the betting rounds, the showdown.

``Hand`` calls these when a hand starts, when a betting round ends and when the last hand is
shown or mucked. What a family of games does its own way (who opens a round, the cards of a
street) is asked of the hand's family (``engine.family``).
"""

from __future__ import annotations

from pokertd.engine import showdown
from pokertd.engine.betting import start_round
from pokertd.engine.events import (
    AntePosted,
    BetsGathered,
    BlindPosted,
    HandEnded,
    HandShown,
    UncalledBetReturned,
)
from pokertd.engine.pots import side_pots, uncalled_excess
from pokertd.engine.state import ALL_IN, FOLDED, LIVE, HandState, Phase

_BETTING = Phase.BETTING


def post_forced_bets(
    st: HandState,
    blind_posts: list[int],
    antes: list[int],
    late_ante: int,
    are_antes_dead: bool = False,
) -> None:
    """Post the antes, then the blinds, then the big blind's table ante (ANTE-BB), if any.

    ``are_antes_dead`` makes every ante dead money for the main pot, in nobody's share (PHH
    ``ante_trimming_status = false``), as the big blind's table ante always is.
    """
    log = st.log
    if any(antes):
        for player, amount in enumerate(antes):
            if amount:
                posted = _post(st, player, amount)
                if are_antes_dead:
                    st.paid[player] -= posted
                    st.dead += posted
                log.append((AntePosted, player, posted))
    bets, floors = st.bets, st.blind_floor
    for player, amount in enumerate(blind_posts):
        if amount:
            floors[player] = amount
            posted = bets[player] = _post(st, player, amount)
            log.append((BlindPosted, player, posted))
    big_blind_player = st.big_blind_player
    if late_ante and big_blind_player is not None:
        # ANTE-BB (BAN/BLINDS): the big blind posts the table's ante. The book does not say
        # which comes first when he cannot cover both; pokertd posts the blind first, so that
        # a short big blind still plays for his blind. The ante is dead money for the main
        # pot, not part of his share.
        posted = _post(st, big_blind_player, late_ante)
        st.paid[big_blind_player] -= posted
        st.dead += posted
        log.append((AntePosted, big_blind_player, posted))


def _post(st: HandState, player: int, amount: int) -> int:
    """Post a forced bet, all of the stack when it is short (BTN-ABSENT-POSTS)."""
    stack = st.stacks[player]
    if amount >= stack:
        amount = stack
        st.status[player] = ALL_IN
    st.stacks[player] = stack - amount
    st.paid[player] += amount
    return amount


def open_first_round(st: HandState) -> None:
    """Open the first betting round as the game's family does (blinds, or the bring-in)."""
    st.phase = _BETTING
    st.family.open_first_round(st)
    if st.status.count(FOLDED) == st.count - 1:
        finish_uncontested(st)
    elif st.to_act is None:
        close_round(st)


def close_round(st: HandState) -> None:
    """End a betting round: return the uncalled bet, gather the bets, go on (BET-UNCALLED)."""
    player, excess = uncalled_excess(st.bets)
    if excess:
        st.bets[player] -= excess
        st.paid[player] -= excess
        st.stacks[player] += excess
        if st.status[player] == ALL_IN:
            st.status[player] = LIVE
        st.log.append((UncalledBetReturned, player, excess))
    if any(st.bets):
        st.bets = [0] * st.count
        # The pots are worked out when the event is read, from a snapshot (speed).
        st.log.append((_gathered, st.street, tuple(st.paid), tuple(st.status), st.dead))
    st.to_act = None
    _next_street(st)


def _next_street(st: HandState) -> None:
    is_last = st.street + 1 >= st.game.street_count
    # A draw game tables an all-in hand once the draws are over: its players still choose cards.
    if st.status.count(LIVE) < 2 and ALL_IN in st.status and (is_last or not st.game.draws):
        _expose_all_in(st)
    if is_last:
        _start_showdown(st)
        return
    st.street += 1
    if st.family.begin_draw(st):
        return  # the players draw, then the betting opens (engine.draw)
    if st.is_auto:
        st.family.deal_street(st)
        open_street(st)
    else:
        st.phase = Phase.DEALING


def open_street(st: HandState) -> None:
    """Open the betting of a later street once its cards are dealt, or go on to the next street
    when fewer than two players can bet."""
    after = st.family.open_street(st)
    if st.status.count(LIVE) >= 2:
        st.phase = _BETTING
        start_round(st, after)
    else:
        _next_street(st)


def _expose_all_in(st: HandState) -> None:
    """SHOW-ALLIN-EXPOSE (TDA 16, Add.16; LFP 8.4, 8.5; GM 9°): once betting is over with a
    player all-in, every hand is tabled at once, before any remaining card, and no player
    all-in or who called an all-in may muck."""
    if st.all_in_exposed or ALL_IN not in st.status or st.status.count(FOLDED) > st.count - 2:
        return
    st.all_in_exposed = True
    if st.is_auto:
        for player in showdown.showdown_order(st):
            _table(st, player)


def _start_showdown(st: HandState) -> None:
    st.phase = Phase.SHOWDOWN
    st.to_act = None
    if st.is_auto:
        # Automatic dealing: every hand is tabled in showdown order; cards speak.
        st.all_in_exposed = st.all_in_exposed or ALL_IN in st.status
        shown, log, holes = st.shown, st.log, st.holes
        for player in showdown.showdown_order(st):
            if not shown[player]:
                shown[player] = True
                log.append((HandShown, player, tuple(holes[player])))
        finish_showdown(st)
        return
    _expose_all_in(st)
    if not showdown.pending(st):
        finish_showdown(st)


def _table(st: HandState, player: int) -> None:
    st.shown[player] = True
    st.log.append((HandShown, player, tuple(c for c in st.holes[player] if c is not None)))


def finish_showdown(st: HandState) -> None:
    """Award the pots to the hands shown, and end the hand."""
    showdown.award_pots(st)
    _finish(st)


def finish_uncontested(st: HandState) -> None:
    """Return the uncalled bet and give every pot to the last player in the hand."""
    player, excess = uncalled_excess(st.bets)
    if excess:
        st.bets[player] -= excess
        st.paid[player] -= excess
        st.stacks[player] += excess
        st.log.append((UncalledBetReturned, player, excess))
    st.bets = [0] * st.count
    winner = next(p for p in range(st.count) if st.status[p] != FOLDED)
    showdown.award_uncontested(st, winner)
    _finish(st)


def _finish(st: HandState) -> None:
    st.phase = Phase.FINISHED
    st.to_act = None
    st.log.append((HandEnded, tuple(st.stacks)))


def _gathered(
    street: int, paid: tuple[int, ...], status: tuple[int, ...], dead: int
) -> BetsGathered:
    return BetsGathered(street, tuple(side_pots(paid, status, dead)))
