"""Showdown: who shows first, how hands are judged, and how each pot is shared out.

Cards speak (SHOW-CARDS-SPEAK: TDA 12, LFP 8.8, GM 20°): a shown hand is judged on its cards alone.
"""

from __future__ import annotations

from pokertd.cards import Card
from pokertd.engine.events import Half, PotAwarded
from pokertd.engine.games import Judging
from pokertd.engine.pots import Pot, side_pots, split
from pokertd.engine.state import FOLDED, HandState
from pokertd.evaluate import (
    badugi,
    deuce_to_seven,
    high,
    low_8,
    low_a5,
    omaha_high,
    omaha_low_8,
    short_deck_high,
)
from pokertd.rules import HiLoSplit


def showdown_order(st: HandState) -> list[int]:
    """Return the players still in the hand in the order they show (SHOW-ORDER).

    The last bettor or raiser of the final betting round shows first; without one, the first player
    left of the button, in stud the best showing hand (STUD-SHOW-ORDER: the highest, the lowest in
    razz); then clockwise (TDA 17A, LFP 8.3, GM 37°).
    """
    count, status = st.count, st.status
    aggressor = st.aggressor
    if aggressor is not None and status[aggressor] != FOLDED:
        start = aggressor
    else:
        start = st.family.showdown_first(st)
    order = []
    for step in range(count):
        player = (start + step) % count
        if status[player] != FOLDED:
            order.append(player)
    return order


def pending(st: HandState) -> list[int]:
    """Return the players who must still show or muck, in showdown order.

    Nobody needs to show once a single unmucked hand is left: it wins (SHOW-UNCONTESTED: TDA 17B,
    LFP 8.6).
    """
    order = showdown_order(st)
    if sum(1 for player in order if not st.mucked[player]) < 2:
        return []
    return [player for player in order if not st.shown[player] and not st.mucked[player]]


def award_pots(st: HandState) -> None:
    """Share every pot among the best shown hands, side pots first (POT-SIDE: TDA 21, LFP 8.14)."""
    status, shown, count, holes = st.status, st.shown, st.count, st.holes
    pots = side_pots(st.paid, status, st.dead)
    tabled = [p for p in range(count) if shown[p]]
    if not st.is_auto:
        # A hand shown with cards a history did not record is not tabled: it cannot be judged.
        tabled = [p for p in tabled if all(card is not None for card in holes[p])]
    if st.game.judging is Judging.HIGH:
        board = st.board
        highs = {p: high(holes[p] + board) for p in tabled}  # type: ignore[arg-type]
        lows: dict[int, int] = {}
    else:
        judged = {p: _judge(st, p) for p in tabled}
        highs = {p: value[0] for p, value in judged.items()}
        lows = {p: value[1] for p, value in judged.items() if value[1] is not None}
    for index in range(len(pots) - 1, -1, -1):
        pot = pots[index]
        contenders = [p for p in pot.eligible if p in highs] or _unshown_contenders(st, pot)
        if len(contenders) == 1:
            _give(st, index, Half.WHOLE, pot.amount, {contenders[0]: pot.amount})
            continue
        if contenders[0] not in highs:
            # SHOW-TABLING (TDA 13A): nobody tabled his hand; a history left them unknown. The
            # hands cannot be judged: the pot is split, odd chips left of the button.
            order = sorted(contenders, key=lambda p: (p - st.button - 1) % count)
            _give(st, index, Half.WHOLE, pot.amount, split(pot.amount, order, st.unit))
            continue
        best_high = _best(contenders, highs)
        best_low = _best([p for p in contenders if p in lows], lows) if lows else []
        if not best_low:
            if len(best_high) == 1:
                _give(st, index, Half.WHOLE, pot.amount, {best_high[0]: pot.amount})
            else:
                _share(st, index, Half.WHOLE, pot.amount, best_high)
        elif st.profile.hilo_split is HiLoSplit.WHOLE_POT and set(best_high) == set(best_low):
            # POT-HILO-SPLIT: the same hands win both ways, split the whole pot (TDA 20C, Add.20).
            _share(st, index, Half.WHOLE, pot.amount, best_high)
        else:
            # The high half takes the odd chip (TDA 20C, GM 3°, GEN 1.30).
            low_half = pot.amount // st.unit // 2 * st.unit
            _share(st, index, Half.HIGH, pot.amount - low_half, best_high)
            _share(st, index, Half.LOW, low_half, best_low)


def award_uncontested(st: HandState, winner: int) -> None:
    """Give every pot to the last player in the hand, who need not show (SHOW-UNCONTESTED)."""
    pots = side_pots(st.paid, st.status, st.dead)
    for index in reversed(range(len(pots))):
        _give(st, index, Half.WHOLE, pots[index].amount, {winner: pots[index].amount})


def _unshown_contenders(st: HandState, pot: Pot) -> list[int]:
    """Players who win ``pot`` when no eligible hand was shown: the unmucked one(s), else the last
    eligible player (a pot is never left without a winner)."""
    unmucked = [p for p in pot.eligible if not st.mucked[p]]
    return unmucked or [pot.eligible[-1]]


def _judge(st: HandState, player: int) -> tuple[int, int | None]:
    # A shown hand's cards are all known (Hand.show checks it).
    cards: list[Card] = st.holes[player]  # type: ignore[assignment]
    judging = st.game.judging
    if judging is Judging.HIGH:
        return high(cards + st.board), None
    if judging is Judging.OMAHA_HIGH:
        return omaha_high(cards, st.board), None
    if judging is Judging.HI_LO:
        # Stud hi-lo: best high and best eight-or-better low of all seven cards; cards speak.
        every = cards + st.board
        return high(every), low_8(every)
    if judging is Judging.LOW:
        # Razz: the best ace-to-five low alone, straights and flushes not counted, pairs bad.
        return low_a5(cards + st.board), None
    if judging is Judging.DEUCE_TO_SEVEN:
        # 2-7 draw: the lowest hand wins, aces high, straights and flushes count against.
        return deuce_to_seven(cards), None
    if judging is Judging.BADUGI:
        return badugi(cards), None
    if judging is Judging.SHORT_DECK:
        return short_deck_high(cards + st.board), None
    return omaha_high(cards, st.board), omaha_low_8(cards, st.board)


def _best(players: list[int], strengths: dict[int, int]) -> list[int]:
    """Return the players of ``players`` with the best strength."""
    if not players:
        return []
    top = max([strengths[player] for player in players])
    return [player for player in players if strengths[player] == top]


def _share(st: HandState, index: int, half: Half, amount: int, winners: list[int]) -> None:
    """Split among ``winners``, odd chips first as the game's family says: to the seat left of the
    button (POT-ODD-CHIP), or to the highest card (STUD-ODD-CHIP, GEN 1.30)."""
    order = st.family.odd_chip_order(st, winners, half)
    _give(st, index, half, amount, split(amount, order, st.unit))


def _give(st: HandState, index: int, half: Half, amount: int, shares: dict[int, int]) -> None:
    for player, chips in shares.items():
        st.stacks[player] += chips
        st.winnings[player] += chips
    st.log.append((PotAwarded, index, half, amount, tuple(shares.items())))
