"""Showdown: who shows first, how hands are judged, and how each pot is shared out.

Cards speak (SHOW-CARDS-SPEAK: TDA 12, LFP 8.8, GM 20°): a shown hand is judged on its cards alone.
"""

from __future__ import annotations

from pokertd.cards import Card
from pokertd.engine.events import Half, PotAwarded
from pokertd.engine.games import Judging
from pokertd.engine.pots import Pot, build_pots, split
from pokertd.engine.state import ALL_IN, FOLDED, HandState
from pokertd.evaluate import best_five, high, omaha_best_five, omaha_high, omaha_low_8
from pokertd.rules import HiLoSplit, OddChip


def showdown_order(st: HandState) -> list[int]:
    """Return the players still in the hand in the order they show (SHOW-ORDER).

    The last bettor or raiser of the final betting round shows first; without one, the first player
    left of the button; then clockwise (TDA 17A, LFP 8.3, GM 37°).
    """
    count = st.count
    aggressor = st.aggressor
    start = aggressor if aggressor is not None and st.status[aggressor] != FOLDED else st.button + 1
    order = ((start + step) % count for step in range(count))
    return [player for player in order if st.status[player] != FOLDED]


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
    status = st.status
    if ALL_IN not in status and st.game.judging is Judging.HIGH and not any(st.mucked):
        # The common case, written out for speed: one pot, high only, every hand shown.
        amount = sum(st.paid) + st.dead
        hands = {player: _judge(st, player)[0] for player in range(st.count) if st.shown[player]}
        top = max(hands.values())
        winners = [player for player, value in hands.items() if value == top]
        if len(winners) == 1:
            _give(st, 0, Half.WHOLE, amount, {winners[0]: amount})
        else:
            _share(st, 0, Half.WHOLE, amount, winners)
        return
    pots = build_pots(st.paid, [s == FOLDED for s in status], [s == ALL_IN for s in status], st.dead)
    judged = {player: _judge(st, player) for player in range(st.count) if st.shown[player]}
    for index in reversed(range(len(pots))):
        pot = pots[index]
        contenders = _contenders(st, pot)
        if len(contenders) == 1:
            _give(st, index, Half.WHOLE, pot.amount, {contenders[0]: pot.amount})
            continue
        highs = _best(contenders, {p: judged[p][0] for p in contenders})
        lows = _best(contenders, {p: low for p in contenders if (low := judged[p][1]) is not None})
        if not lows:
            _share(st, index, Half.WHOLE, pot.amount, highs)
        elif st.profile.hilo_split is HiLoSplit.WHOLE_POT and set(highs) == set(lows):
            # POT-HILO-SPLIT: the same hands win both ways, split the whole pot (TDA 20C, Add.20).
            _share(st, index, Half.WHOLE, pot.amount, highs)
        else:
            # The high half takes the odd chip (TDA 20C, GM 3°, GEN 1.30).
            units = pot.amount // st.unit
            low_half = units // 2 * st.unit
            _share(st, index, Half.HIGH, pot.amount - low_half, highs)
            _share(st, index, Half.LOW, low_half, lows)


def award_uncontested(st: HandState, winner: int) -> None:
    """Give every pot to the last player in the hand, who need not show (SHOW-UNCONTESTED)."""
    pots = build_pots(
        st.paid, [s == FOLDED for s in st.status], [s == ALL_IN for s in st.status], st.dead
    )
    for index in reversed(range(len(pots))):
        _give(st, index, Half.WHOLE, pots[index].amount, {winner: pots[index].amount})


def _contenders(st: HandState, pot: Pot) -> list[int]:
    """Players who can win ``pot``: the shown hands, else the unmucked ones, else the last mucked."""
    shown = [p for p in pot.eligible if st.shown[p]]
    if shown:
        return shown
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
    return omaha_high(cards, st.board), omaha_low_8(cards, st.board)


def _best(players: list[int], strengths: dict[int, int]) -> list[int]:
    if not strengths:
        return []
    top = max(strengths.values())
    return [player for player in players if strengths.get(player) == top]


def _share(st: HandState, index: int, half: Half, amount: int, winners: list[int]) -> None:
    """Split among ``winners``, odd chips first to the seat left of the button (POT-ODD-CHIP)."""
    count, button = st.count, st.button
    order = sorted(winners, key=lambda player: (player - button - 1) % count)
    if st.profile.odd_chip is OddChip.HIGHEST_CARD and half is not Half.LOW and len(order) > 1:
        # GEN 1.30: the odd chip goes to the hand holding the highest card, suits breaking ties.
        order.sort(key=lambda player: _highest_card(st, player), reverse=True)
    _give(st, index, half, amount, split(amount, order, st.unit))


def _highest_card(st: HandState, player: int) -> tuple[int, int]:
    hole = [card for card in st.holes[player] if card is not None]
    if st.game.judging is Judging.HIGH:
        five: tuple[Card, ...] = best_five(hole + st.board)
    else:
        five = omaha_best_five(hole, st.board)
    top = max(five, key=lambda card: (card.rank, card.suit.order))
    return top.rank, top.suit.order


def _give(st: HandState, index: int, half: Half, amount: int, shares: dict[int, int]) -> None:
    for player, chips in shares.items():
        st.stacks[player] += chips
        st.winnings[player] += chips
    st.log.append((PotAwarded, index, half, amount, tuple(shares.items())))
