"""The draw games (2-7 single and triple draw, badugi, five-card draw): a closed hand, blinds, and
draws between the betting rounds.

The forced bets, the first betting round and the button are the flop games' (``engine.flop``):
the two players after the button post the blinds and the player after the big blind acts first;
after a draw the betting starts left of the button. Between two betting rounds each player still
in the hand, all-in or not, draws in turn from the left of the button (DRAW-ORDER: GEN 1.2,
1.6): he discards from none to all of his cards (``Hand.draw``; none is standing pat). Once
everyone has discarded, the dealer burns a card (DRAW-BURN: GEN 1.13) and serves each player as
many new cards as he discarded, in the same order, as PokerKit and the PHH files do. The last
card of the stub is never dealt (GEN 1.7): when the stub runs short, that card and the discards
of the other players (never the player's own discards of this draw; the burns stay apart, GEN
1.13) are shuffled into a new stub (DRAW-DECK-SHORT; docs/judgements.md).

Hands are judged by the game: deuce-to-seven lows (``evaluate.lowball``), badugi
(``evaluate.badugi``) or high hands (five-card draw). An all-in player's hand is tabled once the
draws are over, not before (SHOW-ALLIN-EXPOSE applies to what is left to deal; in a draw game
the players still choose their cards). ``Hand`` plays these rules through ``engine.family``.

>>> from pokertd.engine import Hand
>>> hand = Hand.create(game="nl27sd", stacks=[1000, 1000], blinds=(5, 10), button=0, seed=4)
>>> hand.act(0, "call"); hand.act(1, "check")
>>> hand.phase, hand.to_act, hand.legal().draw
(<Phase.DRAWING: 'drawing'>, 1, 5)
>>> hand.draw(1, hand.hole_cards(1)[:2]); hand.draw(0, ())
>>> hand.phase, len(hand.hole_cards(1))
(<Phase.BETTING: 'betting'>, 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NoReturn

from pokertd.cards import Card
from pokertd.engine.dealing import deal_holes
from pokertd.engine.events import (
    CardBurned,
    CardsDiscarded,
    CardsDrawn,
    DiscardsReshuffled,
    Half,
)
from pokertd.engine.flop import (
    check_bets,
    exposures,
    forced_bets,
    open_first_round,
    open_street,
    showdown_first,
    up_cards,
)
from pokertd.engine.flop import enter_hole as _enter_first_hole
from pokertd.engine.games import Judging
from pokertd.engine.state import FOLDED, DrawState, HandState, Phase
from pokertd.errors import IllegalActionError
from pokertd.messages import Message, message
from pokertd.rules import OddChip

__all__ = [
    "begin_draw",
    "check_bets",
    "deal_first",
    "deal_street",
    "discard",
    "enter_board",
    "enter_hole",
    "exposures",
    "forced_bets",
    "odd_chip_order",
    "open_first_round",
    "open_street",
    "showdown_first",
    "up_cards",
]


# -- dealing ------------------------------------------------------------------------------------


def deal_first(st: HandState) -> None:
    """Deal every player his closed hand (automatic dealing), or leave it unknown until it is
    entered; the betting does not wait for the cards, as in the flop games."""
    if st.is_auto:
        deal_holes(st)
    else:
        st.holes = [[None] * st.game.hole_count for _ in range(st.count)]
    st.draw = DrawState(len(st.game.deck) - st.count * st.game.hole_count)


def deal_street(st: HandState) -> None:
    """Do nothing: a draw game has no board; its cards come with the draws (``begin_draw``)."""


def enter_board(st: HandState, cards: Sequence[Card]) -> None:
    """Refuse board cards: a draw game has none (ENGINE-DEAL)."""
    _refuse("ENGINE-DEAL", "deal", message("a draw game has no board cards"))


def begin_draw(st: HandState) -> bool:
    """Start the draw before the current betting round: every player still in the hand draws in
    turn from the left of the button (DRAW-ORDER: GEN 1.2, 1.6)."""
    draw = _state(st)
    count, button = st.count, st.button
    # DRAW-ORDER: GEN 1.2, 1.6: clockwise from the left of the button, all-in players included.
    draw.to_draw = [
        player
        for player in ((button + step) % count for step in range(1, count + 1))
        if st.status[player] != FOLDED
    ]
    draw.discards = {}
    draw.owed = []
    draw.served = set()
    st.phase = Phase.DRAWING
    st.to_act = draw.to_draw[0]
    return True


def discard(st: HandState, player: int, cards: Sequence[Card | None]) -> bool:
    """Discard ``cards`` from ``player``'s hand (none: stand pat); return whether the betting
    round after the draw opens now. Once everyone has discarded, the new cards are dealt from
    the stub (automatic dealing) or awaited from the dealer (``enter_hole``).

    Raises IllegalActionError, the hand unchanged, when it is not the player's turn to draw
    (DRAW-ORDER) or the cards are not his (DRAW-DISCARD).
    """
    draw = _state(st)
    action = f"p{player + 1} draw"
    if st.phase is not Phase.DRAWING:
        _refuse(
            "ENGINE-STATE",
            action,
            message("player {player}: there is no draw now (ENGINE-STATE)", player=player + 1),
        )  # fmt: skip
    if player != draw.to_draw[0]:
        _refuse(
            "DRAW-ORDER",
            action,
            message(
                "player {player} is not to draw; player {turn} is (DRAW-ORDER)",
                player=player + 1,
                turn=draw.to_draw[0] + 1,
            ),
        )
    kept = _kept_after(st, player, list(cards))
    st.holes[player] = kept
    draw.discards[player] = list(cards)
    draw.muck.extend((card, player, st.street) for card in cards)
    draw.to_draw.pop(0)
    st.log.append((CardsDiscarded, player, tuple(cards)))
    if cards:
        draw.owed.append(player)
    if draw.to_draw:
        st.to_act = draw.to_draw[0]
        return False
    st.to_act = None
    if not draw.owed:
        return True  # everyone stood pat: nothing to deal, no burn
    _burn(st)  # DRAW-BURN: GEN 1.13
    if not st.is_auto:
        st.phase = Phase.DEALING
        return False
    for drawer in draw.owed:
        new = _deal_from_stub(st, drawer, len(draw.discards[drawer]))
        st.holes[drawer] = [*st.holes[drawer], *new]
        st.log.append((CardsDrawn, drawer, tuple(new)))
        draw.served.add(drawer)
    draw.owed = []
    return True


def enter_hole(st: HandState, player: int, cards: Sequence[Card | None]) -> bool:
    """Record cards entered by the dealer: a player's closed hand before the first betting round
    (the betting is already open), or his new cards in a draw, served in the order the players
    discarded (DRAW-ORDER); return whether the betting round after the draw opens now.

    A known card may not be in anyone's hand, nor among the discards unless the stub ran out and
    they were shuffled back (DRAW-DECK-SHORT); ``None`` marks a card nobody saw.
    """
    draw = _state(st)
    serving = st.phase is Phase.DEALING and bool(draw.owed)
    if player not in draw.dealt and not serving:
        # His closed hand: before the first betting round, or later when everyone was all-in
        # on the blinds and the draw began before the dealer entered the cards.
        draw.dealt.add(player)
        return _enter_first_hole(st, player, cards)
    action = "deal"
    if st.phase is not Phase.DEALING or not draw.owed:
        _refuse(
            "ENGINE-STATE",
            action,
            message("no cards are due now (ENGINE-STATE)"),
        )
    if player != draw.owed[0]:
        _refuse(
            "DRAW-ORDER",
            action,
            message(
                "player {player} is not to be served; player {turn} is (DRAW-ORDER)",
                player=player + 1,
                turn=draw.owed[0] + 1,
            ),
        )
    due = len(draw.discards[player])
    if len(cards) != due:
        _refuse(
            "ENGINE-DEAL",
            action,
            message(
                "player {player} discarded {due} cards and is served {count} (ENGINE-DEAL)",
                player=player + 1,
                due=due,
                count=len(cards),
            ),
        )
    _check_drawn(st, player, cards)
    draw.dealt.add(player)  # a closed hand the dealer never entered stays unseen (live table)
    st.holes[player] = [*st.holes[player], *cards]
    st.log.append((CardsDrawn, player, tuple(cards)))
    draw.owed.pop(0)
    draw.served.add(player)
    return not draw.owed


# -- the odd chip -------------------------------------------------------------------------------


def odd_chip_order(st: HandState, winners: Sequence[int], half: Half) -> list[int]:
    """Return the winners clockwise from the seat left of the button (POT-ODD-CHIP); under a
    profile that gives the odd chip to the highest card (GEN 1.30), by the highest card of a
    five-card draw high hand. A low hand has no "highest card" that wins: the odd chip of a
    deuce-to-seven or badugi pot goes by position (docs/judgements.md)."""
    count, button = st.count, st.button
    order = sorted(winners, key=lambda player: (player - button - 1) % count)
    if (
        st.profile.odd_chip is OddChip.HIGHEST_CARD
        and st.game.judging is Judging.HIGH
        and len(order) > 1
    ):
        order.sort(key=lambda player: _top_card(st, player), reverse=True)
    return order


def _top_card(st: HandState, player: int) -> tuple[int, int]:
    cards = [card for card in st.holes[player] if card is not None]
    top = max(cards, key=lambda card: (card.rank, card.suit.order))
    return int(top.rank), top.suit.order


# -- internals ----------------------------------------------------------------------------------


def _state(st: HandState) -> DrawState:
    assert st.draw is not None
    return st.draw


def _kept_after(st: HandState, player: int, cards: list[Card | None]) -> list[Card | None]:
    """Return the player's hand without ``cards``; refuse cards that are not his (DRAW-DISCARD).

    An unseen card (``None``) discards one of his unseen cards. A known card nobody saw him get
    may stand for one of his unseen cards, as a history may show only what he threw away.
    """
    hand = list(st.holes[player])
    action = f"p{player + 1} draw"
    if len(cards) > len(hand):
        _refuse(
            "DRAW-DISCARD",
            action,
            message(
                "player {player} holds {held} cards and cannot discard {count} (DRAW-DISCARD)",
                player=player + 1,
                held=len(hand),
                count=len(cards),
            ),
        )
    known = [card for card in cards if card is not None]
    if len(set(known)) != len(known):
        _refuse(
            "DRAW-DISCARD",
            action,
            message("player {player} discards the same card twice (DRAW-DISCARD)",
                    player=player + 1),
        )  # fmt: skip
    elsewhere = _cards_in_play(st, but=player)
    for card in known:
        if card in hand:
            hand.remove(card)
        elif None in hand and card not in elsewhere and not _in_muck(st, card):
            hand.remove(None)
        else:
            _refuse(
                "DRAW-DISCARD",
                action,
                message(
                    "player {player} discards {card}, which is not in his hand (DRAW-DISCARD)",
                    player=player + 1,
                    card=str(card),
                ),
            )
    for _ in range(len(cards) - len(known)):
        if None not in hand:
            _refuse(
                "DRAW-DISCARD",
                action,
                message(
                    "player {player} discards an unseen card but all his cards are known "
                    "(DRAW-DISCARD)",
                    player=player + 1,
                ),
            )
        hand.remove(None)
    return hand


def _cards_in_play(st: HandState, but: int = -1, *, recycling: bool = False) -> set[Card]:
    """Return the known cards in the players' hands and on the board, folded hands included
    until they are shuffled back into the stub (or are about to be: ``recycling``)."""
    seen = set(st.board)
    recycled = _state(st).recycled
    for player, hole in enumerate(st.holes):
        if player == but or player in recycled:
            continue
        if recycling and st.status[player] == FOLDED:
            continue
        seen.update(card for card in hole if card is not None)
    return seen


def _is_own_discard(st: HandState, player: int, card: Card) -> bool:
    """Return whether ``card`` is one ``player`` discarded in this draw (never shuffled back
    for him)."""
    return any(entry == (card, player, st.street) for entry in _state(st).muck)


def _in_muck(st: HandState, card: Card) -> bool:
    return any(entry[0] == card for entry in _state(st).muck)


def _burn(st: HandState) -> None:
    """DRAW-BURN (GEN 1.13): burn one card before serving the draw, kept apart from the
    discards; the stub is renewed first if the burn would take its last card (GEN 1.7)."""
    draw = _state(st)
    if draw.stub < 2:
        _restock(st, draw.owed[0])
    draw.stub -= 1
    if st.deck is not None:
        card = st.deck.deal(1)[0]
        st.burns.append(card)
        st.log.append((CardBurned, st.street, card))


def _deal_from_stub(st: HandState, drawer: int, count: int) -> list[Card]:
    """Deal ``count`` cards from the stub, never its last card (GEN 1.7): when it runs short the
    new stub is made first (DRAW-DECK-SHORT)."""
    deck = st.deck
    assert deck is not None
    draw = _state(st)
    dealt: list[Card] = []
    while len(dealt) < count:
        room = len(deck) - 1  # DRAW-DECK-SHORT: GEN 1.7, the stub's last card is never dealt
        if room <= 0 and _restock(st, drawer):
            room = len(deck) - 1
        if room <= 0:
            room = len(deck)  # nothing left to shuffle back: the last card plays after all
        take = min(count - len(dealt), room)
        dealt += deck.deal(take)
        draw.stub = len(deck)
    return dealt


def _check_drawn(st: HandState, player: int, cards: Sequence[Card | None]) -> None:
    """Check entered draw cards (ENGINE-DEAL, DRAW-DECK-SHORT) and count them out of the stub."""
    draw = _state(st)
    known = [card for card in cards if card is not None]
    restock = draw.stub - 1 < len(cards)  # the stub runs out: the discards come back first
    in_play = _cards_in_play(st, recycling=restock)
    if len(set(known)) != len(known) or in_play & set(known):
        _refuse(
            "ENGINE-DEAL",
            "deal",
            message("a card of {cards} is already dealt (ENGINE-DEAL)",
                    cards=" ".join(map(str, known))),
        )  # fmt: skip
    in_muck = [card for card in known if _in_muck(st, card) and card not in draw.pool]
    if restock:
        in_muck = [card for card in in_muck if _is_own_discard(st, player, card)]
    if in_muck:
        _refuse(
            "DRAW-DECK-SHORT",
            "deal",
            message(
                "{card} was discarded and the stub has not run out: it cannot be dealt "
                "again (DRAW-DECK-SHORT)",
                card=str(in_muck[0]),
            ),
        )
    if restock:
        _restock(st, player)
    draw.pool.difference_update(known)
    draw.stub = max(draw.stub - len(cards), 0)


def _restock(st: HandState, drawer: int) -> bool:
    """DRAW-DECK-SHORT (GEN 1.7, 1.13): shuffle the stub's last card and the discards into a
    new stub: those of the earlier draws and folded hands, and those of this draw by the players
    already served, as when each player is served right after his discard; never ``drawer``'s
    own, and never the burns (kept apart). Return whether any card came back."""
    draw = _state(st)
    street, served = st.street, draw.served
    back_now = [e for e in draw.muck if e[2] != street or (e[1] in served and e[1] != drawer)]
    back = [entry[0] for entry in back_now]
    draw.muck = [entry for entry in draw.muck if entry not in back_now]
    for player in range(st.count):
        if st.status[player] == FOLDED and player not in draw.recycled:
            back.extend(st.holes[player])
            draw.recycled.add(player)
    if not back:
        return False
    deck = st.deck
    if deck is not None:
        cards: list[Card | None] = [*deck.deal(len(deck)), *back]
        if st.rng is not None:
            st.rng.shuffle(cards)
        deck.put_under([card for card in cards if card is not None])
        draw.stub = len(deck)
    else:
        cards = back
        draw.stub += len(back)
        draw.pool.update(card for card in back if card is not None)
    st.log.append((DiscardsReshuffled, street, tuple(cards)))
    return True


def _refuse(rule: str, action: str, text: Message) -> NoReturn:
    raise IllegalActionError(text, rule=rule, action=action)
