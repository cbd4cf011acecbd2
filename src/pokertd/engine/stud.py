"""Seven-card stud, stud hi-lo and razz: dealing by street, the bring-in, who acts first.

Each player gets his own cards, down (seen by him alone) or up (seen by all): two down and one up
on third street, one up on each of fourth to sixth street, one down on seventh (``Game.deals``).
There are no blinds: everyone antes, and the weakest up card brings in (the lowest in stud and
stud hi-lo, aces high; the highest in razz, aces low), suits breaking ties (STUD-BRINGIN-TIE: TDA
PR-9C, GEN 1.1, clubs lowest and spades highest). From fourth street the best showing hand acts
first (the highest in stud, the lowest in razz: TDA 17A), identical showing hands going by their
highest card and its suit (TDA PR-9C). Straights and flushes never count in a showing hand.
``Hand`` plays these rules through ``engine.family``.

>>> from pokertd.cards import parse_cards
>>> pair, ace = parse_cards("Kd Ks"), parse_cards("Ac Qh")
>>> showing_key(pair, is_low=False) > showing_key(ace, is_low=False)
True
>>> showing_key(parse_cards("Qd 6c"), is_low=True) > showing_key(parse_cards("Th Ts"), is_low=True)
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import NoReturn

from pokertd.cards import Card
from pokertd.cards.card import ALL_CARDS
from pokertd.engine.actions import ActionKind, Legal
from pokertd.engine.betting import next_to_act, raise_bounds
from pokertd.engine.events import BoardDealt, Half, HoleDealt, PlayerActed
from pokertd.engine.games import Exposure, Game, Judging
from pokertd.engine.state import ALL_IN, FOLDED, LIVE, HandState, Phase, state_error
from pokertd.errors import IllegalActionError, ParseError
from pokertd.evaluate import best_five
from pokertd.messages import Message, message

_UP, _DOWN = Exposure.UP, Exposure.DOWN
_DECK_SIZE = 52
#: rank_value and card_key of each card by ``Card.code`` (ace high, then ace low).
_HIGH_RANKS = tuple(card.rank.value for card in ALL_CARDS)
_LOW_RANKS = tuple(1 if rank == 14 else rank for rank in _HIGH_RANKS)
_SUITS = tuple(card.suit.order for card in ALL_CARDS)
_HIGH_KEYS = tuple(zip(_HIGH_RANKS, _SUITS, strict=True))
_LOW_KEYS = tuple(zip(_LOW_RANKS, _SUITS, strict=True))


# -- ranking up cards -----------------------------------------------------------------------------


def rank_value(card: Card, *, is_low: bool) -> int:
    """Return a card's rank for the game: the ace is 14, or 1 in razz (aces low).

    >>> rank_value(Card.parse("As"), is_low=True), rank_value(Card.parse("As"), is_low=False)
    (1, 14)
    """
    rank = int(card.rank)
    return 1 if is_low and rank == 14 else rank


def card_key(card: Card, *, is_low: bool) -> tuple[int, int]:
    """Return (rank, suit) for ordering single cards: spades > hearts > diamonds > clubs.

    >>> card_key(Card.parse("4c"), is_low=False) < card_key(Card.parse("4d"), is_low=False)
    True
    """
    return rank_value(card, is_low=is_low), card.suit.order


def showing_key(cards: Sequence[Card], *, is_low: bool) -> tuple[tuple[int, ...], ...]:
    """Return the strength of a showing hand (up cards), higher is better for the game.

    Only groups count (quads, trips, two pairs, a pair, then the ranks), never straights or flushes.
    In razz (``is_low``) the lowest hand is the best: pairs are bad and aces are low.

    >>> from pokertd.cards import parse_cards
    >>> eight, four = parse_cards("8d 2s"), parse_cards("4c Ad")
    >>> showing_key(eight, is_low=True) < showing_key(four, is_low=True)
    True
    """
    counts = Counter(rank_value(card, is_low=is_low) for card in cards)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = tuple(count for _, count in groups)
    ranks = tuple(rank for rank, _ in groups)
    if is_low:
        return tuple(-count for count in shape), tuple(-rank for rank in ranks)
    return shape, ranks


def up_cards(st: HandState, player: int) -> tuple[Card, ...]:
    """Return the player's known up cards, then the common card if one was dealt."""
    exposures = st.exposures[player]
    cards = [card for card, lie in zip(st.holes[player], exposures, strict=True) if lie is _UP]
    return (*(card for card in cards if card is not None), *st.board)


def exposures(st: HandState, player: int) -> tuple[Exposure, ...]:
    """Return how each of a player's cards lies, in the order dealt."""
    return tuple(st.exposures[player])


def bring_in_player(st: HandState) -> int | None:
    """Return the player whose up card brings in, None if no up card is known.

    STUD-BRINGIN-TIE (TDA PR-9C, GEN 1.1): the lowest card in stud, aces high; the highest in
    razz, aces low; between equal ranks the suit decides, clubs lowest and spades highest: the
    lowest club brings in in stud, the highest spade in razz. Every player dealt in counts, an
    absent one too (STUD-BRINGIN-ABSENT: TDA 30, 71C).
    """
    is_low = st.game.is_low_showing
    best: tuple[tuple[int, int], int] | None = None
    for player in range(st.count):
        card = st.holes[player][2] if len(st.holes[player]) > 2 else None
        if card is None:
            continue
        rank, suit = card_key(card, is_low=is_low)
        # Weakest first: in stud the lowest (rank, suit); in razz the highest.
        key = ((rank, suit) if not is_low else (-rank, -suit), player)
        if best is None or key < best:
            best = key
    return None if best is None else best[1]


def opener(st: HandState) -> int:
    """Return the player with the best showing hand among those in the hand (TDA 17A).

    The highest showing hand in stud and stud hi-lo, the lowest in razz; identical showing hands
    go by their highest card, its suit breaking the tie (TDA PR-9C).
    """
    # The same order as (showing_key(up cards), highest card_key), worked out from the card codes
    # (this runs at every street of every hand).
    is_low = st.game.is_low_showing
    ranks, keys = (_LOW_RANKS, _LOW_KEYS) if is_low else (_HIGH_RANKS, _HIGH_KEYS)
    board, status = st.board, st.status
    best: tuple[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, int]] | None = None
    chosen = 0
    for player in range(st.count):
        if status[player] == FOLDED:
            continue
        counts: dict[int, int] = {}
        top = (0, 0)
        for card, lie in zip(st.holes[player], st.exposures[player], strict=True):
            if lie is _UP and card is not None:
                code = card.code
                rank = ranks[code]
                counts[rank] = counts.get(rank, 0) + 1
                if keys[code] > top:
                    top = keys[code]
        for card in board:
            code = card.code
            rank = ranks[code]
            counts[rank] = counts.get(rank, 0) + 1
            if keys[code] > top:
                top = keys[code]
        groups = sorted([(count, rank) for rank, count in counts.items()], reverse=True)
        if is_low:
            shown = (tuple(-count for count, _ in groups), tuple(-rank for _, rank in groups))
        else:
            shown = (tuple(count for count, _ in groups), tuple(rank for _, rank in groups))
        key = (shown, top)
        if best is None or key > best:
            best, chosen = key, player
    return chosen


def first_to_act_after(st: HandState) -> int:
    """Return the player after whom a later street's betting starts: just before the best showing
    hand, or that hand itself when it is all-in, so that the next live player clockwise acts (as
    TDA PR-9D starts the action left of an all-in bring-in card; docs/judgements.md)."""
    first = opener(st)
    return first if st.status[first] != LIVE else (first - 1) % st.count


def begin_draw(st: HandState) -> bool:
    """Return False: stud has no draw."""
    return False


def open_street(st: HandState) -> int:
    """Get a later street ready; return the player after whom its betting starts.

    The best showing hand acts first (STUD-SHOW-ORDER: TDA 17A; ties: TDA PR-9C); the open-pair
    option applies on fourth street only.
    """
    st.open_pair = st.open_pair_option and st.street == 1 and has_open_pair(st)
    return first_to_act_after(st)


def has_open_pair(st: HandState) -> bool:
    """Return whether a player in the hand shows a pair among his up cards (fourth street)."""
    for player in range(st.count):
        if st.status[player] != FOLDED:
            ranks = [card.rank for card in up_cards(st, player)]
            if len(set(ranks)) < len(ranks):
                return True
    return False


def showdown_first(st: HandState) -> int:
    """Return who shows first when nobody bet the last round: the best showing hand, the highest
    in stud and the lowest in razz (STUD-SHOW-ORDER: TDA 17A)."""
    return opener(st)


# -- dealing --------------------------------------------------------------------------------------


def dealing_order(st: HandState, players: Sequence[int]) -> list[int]:
    """Return ``players`` in the order cards are dealt: clockwise from the dealer's left."""
    count, dealer = st.count, st.button
    return sorted(players, key=lambda player: (player - dealer - 1) % count)


def deal_first(st: HandState) -> None:
    """Deal third street (automatic dealing), or wait for its cards to be entered."""
    if st.is_auto:
        _deal_third_street(st)
    else:
        st.holes = [[] for _ in range(st.count)]
        st.phase = Phase.DEALING


def _deal_third_street(st: HandState) -> None:
    """Deal every player two down cards and one up card from the deck, one card at a time."""
    assert st.deck is not None
    count = st.count
    lies = st.game.deals[0]
    cards = st.deck.deal(len(lies) * count)
    for offset, player in enumerate(dealing_order(st, range(count))):
        hole: list[Card | None] = list(cards[offset::count])
        st.holes[player] = hole
        st.exposures[player] = list(lies)
        st.log.append((HoleDealt, player, tuple(hole), lies))


def deal_street(st: HandState) -> None:
    """Burn, then deal every player in the hand his card of the current street from the deck.

    STUD-DECK-SHORT (GEN 1.13): when the stub cannot give every player a card after the burn, the
    burned cards and the last card(s) form a new stub. When even that falls short (eight players on
    seventh street), one card is turned face up in the middle as a common card for everybody
    (docs/judgements.md: the books do not say it; it is the usual practice).
    """
    deck = st.deck
    assert deck is not None
    players = dealing_order(st, in_hand(st))
    for player in players:
        st.shown[player] = False  # a tabled hand that grows is shown again
    lies = st.game.deals[st.street]
    needed = 1 + len(players) * len(lies)
    if len(deck) < needed:
        deck.put_under(st.burns)
        st.burns = []
    if len(deck) < needed:
        burn = deck.deal(1)[0] if len(deck) > 1 else None
        if burn is not None:
            st.burns.append(burn)
        card = deck.deal(1)[0]
        st.board.append(card)
        st.log.append((BoardDealt, st.street, (card,), burn))
        return
    burn = deck.deal(1)[0]
    st.burns.append(burn)
    # One draw for the street: the same cards, in the same order, as one deal per player.
    size = len(lies)
    dealt = deck.deal(len(players) * size)
    for offset, player in enumerate(players):
        cards = dealt[offset * size : (offset + 1) * size]
        st.holes[player] = [*st.holes[player], *cards]
        st.exposures[player] = [*st.exposures[player], *lies]
        st.log.append((HoleDealt, player, tuple(cards), lies))


def in_hand(st: HandState) -> list[int]:
    """Return the players who get cards on a later street: everyone who has not folded (an
    absent player's hand is dead and gets no fourth-street card: TDA PR-9B)."""
    return [player for player in range(st.count) if st.status[player] != FOLDED]


def cards_due(st: HandState) -> int:
    """Return how many cards a player in the hand holds once the current street is dealt."""
    return sum(len(lies) for lies in st.game.deals[: st.street + 1])


def waiting_for_cards(st: HandState) -> list[int]:
    """Return the players still owed their cards of the current street (entered dealing)."""
    if st.street > 0 and st.board:
        return []  # a common card was dealt for everybody
    players = range(st.count) if st.street == 0 else in_hand(st)
    due = cards_due(st)
    return [player for player in players if len(st.holes[player]) < due]


def is_deck_short(st: HandState) -> bool:
    """Return whether the cards not dealt to anyone (stub and burns) cannot give every player in
    the hand a card after a burn: the case for a common card (STUD-DECK-SHORT, GEN 1.13)."""
    dealt = sum(len(hole) for hole in st.holes) + len(st.board)
    return _DECK_SIZE - dealt < 1 + len(in_hand(st))


def enter_hole(st: HandState, player: int, cards: Sequence[Card | None]) -> bool:
    """Record a player's cards of the current street entered by the dealer (ENGINE-DEAL); return
    whether every player in the hand now has them, so that the betting opens.

    Down cards may be unknown (``None``); up cards are seen by everyone and must be given, except
    on third street where a history may not have recorded a folded player's door card.
    """
    if st.phase is not Phase.DEALING:
        raise state_error(
            None, "deal", message("no cards are due: the hand is at {phase}", phase=st.phase)
        )
    lies = st.game.deals[st.street]
    if player not in waiting_for_cards(st):
        _refuse_deal(message("player {player} is owed no cards now", player=player + 1))
    if len(cards) != len(lies):
        _refuse_deal(
            message(
                "player {player} gets {due} cards on this street, not {count}",
                player=player + 1,
                due=len(lies),
                count=len(cards),
            )
        )
    if st.street > 0 and any(
        card is None and lie is _UP for card, lie in zip(cards, lies, strict=True)
    ):
        _refuse_deal(
            message(
                "the up card of player {player} is seen by everyone: give it", player=player + 1
            )
        )
    known = [card for card in cards if card is not None]
    # ``None`` (a card not known) is in ``seen`` too, never in ``known``: one set built in C.
    seen = set(st.board).union(*st.holes)
    if len(set(known)) != len(known) or seen & set(known):
        _refuse_deal(message("a card of {cards} is already dealt", cards=" ".join(map(str, known))))
    st.holes[player] = [*st.holes[player], *cards]
    st.exposures[player] = [*st.exposures[player], *lies]
    st.log.append((HoleDealt, player, tuple(cards), lies))
    st.shown[player] = False  # a tabled hand that grows is shown again at showdown
    return not waiting_for_cards(st)


def enter_board(st: HandState, cards: Sequence[Card]) -> None:
    """Record the common card of a street the deck is too short for (STUD-DECK-SHORT)."""
    if st.street == 0 or len(cards) != 1:
        _refuse_deal(message("a stud board holds one common card, on a later street only"))
    if len(waiting_for_cards(st)) != len(in_hand(st)) or not is_deck_short(st):
        _refuse_deal(  # STUD-DECK-SHORT: TDA 59
            message("the deck can still give every player his own card (STUD-DECK-SHORT)")
        )
    seen = set(st.board)
    for hole in st.holes:
        seen.update(card for card in hole if card is not None)
    if cards[0] in seen:
        _refuse_deal(message("{card} is already dealt", card=str(cards[0])))
    st.board.append(cards[0])
    st.log.append((BoardDealt, st.street, tuple(cards)))


def _refuse_deal(why: Message) -> NoReturn:
    raise IllegalActionError(
        message("{why} (ENGINE-DEAL)", why=why), rule="ENGINE-DEAL", action="deal"
    )


# -- antes and the bring-in -----------------------------------------------------------------------


def check_bets(
    game: Game,
    blinds: tuple[int, int] | None,
    bring_in: int | None,
    limits: tuple[int, int] | None,
) -> tuple[int, int, tuple[int, int] | None]:
    """Check a stud game's forced bets: no blinds, a bring-in up to the small bet; return no small
    blind, the small bet in place of the big blind, and the bets."""
    if blinds is not None and any(blinds):
        raise ParseError(
            f"{game.name} has no blinds {blinds}; give bring_in= and limits=(small bet, big bet)"
        )
    if bring_in is None or limits is None:
        raise ParseError(f"{game.name} needs bring_in= and limits=(small bet, big bet)")
    small_bet, big_bet = limits
    if not 0 < bring_in <= small_bet <= big_bet:
        raise ParseError(
            f"bring-in {bring_in} and bets {small_bet}/{big_bet} must satisfy "
            "0 < bring-in <= small bet <= big bet"
        )
    return 0, small_bet, limits


def forced_bets(
    st: HandState,
    ante: int,
    ante_posts: Sequence[int] | None,
    blind_posts: Sequence[int] | None,
    bring_in: int | None,
    has_open_pair_option: bool,
) -> tuple[list[int], list[int], int]:
    """Set the bring-in and the open-pair option; return no blinds and each player's ante (no big
    blind posts a table ante, ANTE-BB: in stud everyone antes)."""
    st.bring_in = bring_in or 0
    st.open_pair_option = has_open_pair_option
    if ante_posts is None:
        antes = [ante] * st.count
    elif len(ante_posts) != st.count:
        raise ParseError(f"ante_posts has {len(ante_posts)} entries for {st.count} players")
    else:
        antes = list(ante_posts)
    return [0] * st.count, antes, 0


def open_first_round(st: HandState) -> None:
    """Open the first betting round: the bring-in is due from the weakest up card.

    An absent player holding it pays it and his hand is dead (STUD-BRINGIN-ABSENT: TDA 30, 71C). A
    player all-in on the ante owes nothing; the action starts at his left and the others must at
    least bring in or fold (TDA PR-9D). Either way the bet to call is the full bring-in, as when a
    short player posts less (docs/judgements.md).
    """
    st.current_bet = 0
    st.last_full_bet = 0
    st.raise_count = 0
    st.full_increment = st.limits[0]
    st.acted = [False] * st.count
    player = bring_in_player(st)
    if player is None:
        player = st.button  # no up card known: the action starts left of the dealer
        st.to_act = _next_live(st, player)
        return
    if st.status[player] == FOLDED:  # absent: STUD-BRINGIN-ABSENT, the bring-in is levied
        _post_bring_in(st, player)
        st.current_bet = st.bring_in
        st.to_act = _next_live(st, player)
    elif st.status[player] == ALL_IN:  # all-in on the ante: TDA PR-9D
        st.current_bet = st.bring_in
        st.to_act = _next_live(st, player)
    else:
        st.bring_in_due = player
        st.to_act = player


def _next_live(st: HandState, after: int) -> int | None:
    return next_to_act(st, after)


def bring_in_options(st: HandState, player: int) -> Legal:
    """Return the options of the player who owes the bring-in: post it or complete to the small
    bet; never fold or check (ENGINE-BRING-IN)."""
    stack = st.stacks[player]
    post = st.bring_in if st.bring_in < stack else stack
    bounds = raise_bounds(st, player) if stack > st.bring_in else None
    low, high = (None, None) if bounds is None else bounds
    return Legal(player, False, False, post, low, high, True, False, False, True)


def act_bring_in(st: HandState, player: int, kind: ActionKind, to: int | None) -> bool:
    """Carry out the bring-in player's action; return True when it was posting the bring-in and
    False when it is a completion left to the betting module. Raises before any change."""
    if kind is ActionKind.BRING_IN or kind is ActionKind.CALL:
        _post_bring_in(st, player)
        st.current_bet = st.bring_in
        st.bring_in_due = None
        return True
    options = bring_in_options(st, player)
    if kind is ActionKind.ALL_IN and options.min_raise_to is None:
        _post_bring_in(st, player)
        st.current_bet = st.bring_in
        st.bring_in_due = None
        return True
    if kind in (ActionKind.BET, ActionKind.RAISE, ActionKind.ALL_IN):
        if options.min_raise_to is None:
            _refuse(player, kind, message("his stack does not cover more than the bring-in"))
        if kind is not ActionKind.ALL_IN and to != options.min_raise_to:
            _refuse(
                player,
                kind,
                message("completing goes to {total}, not {to}", total=options.min_raise_to, to=to),
            )
        if kind is ActionKind.ALL_IN and st.stacks[player] != options.min_raise_to:
            _refuse(
                player,
                kind,
                message("completing goes to {total}, not all-in", total=options.min_raise_to),
            )
        st.bring_in_due = None
        return False
    _refuse(
        player,
        kind,
        message("he owes the bring-in of {bring_in}: post it or complete", bring_in=st.bring_in),
    )
    return False  # not reached: _refuse raises


def _post_bring_in(st: HandState, player: int) -> None:
    stack = st.stacks[player]
    amount = st.bring_in if st.bring_in < stack else stack
    is_all_in = amount == stack
    st.stacks[player] = stack - amount
    st.bets[player] += amount
    st.paid[player] += amount
    st.acted[player] = True
    if is_all_in and st.status[player] == LIVE:
        st.status[player] = ALL_IN
    st.log.append((PlayerActed, player, ActionKind.BRING_IN, st.bets[player], amount, is_all_in))


def _refuse(player: int, kind: ActionKind, why: Message) -> NoReturn:
    raise IllegalActionError(  # ENGINE-BRING-IN: TDA 63, LFP 10.3
        message(
            "player {player}: {kind}: {why} (ENGINE-BRING-IN)",
            player=player + 1,
            kind=kind.value,
            why=why,
        ),
        rule="ENGINE-BRING-IN",
        action=f"p{player + 1} {kind}",
    )


# -- the odd chip ---------------------------------------------------------------------------------


def odd_chip_order(st: HandState, winners: Sequence[int], half: Half) -> list[int]:
    """Return the winners in the order the odd chips go to them: by the highest card of the five
    that win, by suit (STUD-ODD-CHIP: TDA 20B, GEN 1.30), under every profile: stud has no button
    to count from (docs/judgements.md); equal cards go clockwise from the dealer's left."""
    count, button = st.count, st.button
    order = sorted(winners, key=lambda player: (player - button - 1) % count)
    if len(order) > 1:
        order.sort(key=lambda player: _top_card(st, player, half), reverse=True)
    return order


def _top_card(st: HandState, player: int, half: Half) -> tuple[int, int]:
    """Return (rank, suit) of the highest card among the five a stud player wins with: his best
    high five, or for razz and a low half his five low cards, aces low (docs/judgements.md)."""
    cards: list[Card] = [card for card in st.holes[player] if card is not None] + st.board
    if half is Half.LOW or st.game.judging is Judging.LOW:
        five = _low_five(cards)
        return max(card_key(card, is_low=True) for card in five)
    return max(card_key(card, is_low=False) for card in best_five(cards))


def _low_five(cards: list[Card]) -> list[Card]:
    """Return the five cards of a player's best ace-to-five low: the lowest ranks, each rank once
    as long as possible, and of each rank the card of the highest suit."""
    ordered = sorted(cards, key=lambda card: card_key(card, is_low=True))
    ordered.sort(key=lambda card: rank_value(card, is_low=True))
    by_rank: dict[int, Card] = {}
    for card in ordered:
        by_rank[rank_value(card, is_low=True)] = card  # the highest suit last wins
    distinct = [by_rank[rank] for rank in sorted(by_rank)][:5]
    rest = [card for card in ordered if card not in distinct]
    return (distinct + rest)[:5]
