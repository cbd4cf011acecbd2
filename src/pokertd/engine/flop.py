"""The flop games (hold'em, Omaha): a button, blinds, hole cards dealt down and a shared board.

The two players after the button post the blinds (heads-up the button posts the small blind:
BTN-HU-ORDER), unless each player's blind is given (BTN-DEAD-BUTTON); every player antes, or the
big blind posts one ante for the table (ANTE-BB). The first betting round starts left of the big
blind, the later ones left of the button, who shows last and from whom the odd chips are counted
(POT-ODD-CHIP). ``Hand`` plays these rules through ``engine.family``; the cards come from
``engine.dealing``.

>>> from pokertd.engine import Hand
>>> hand = Hand.create(game="nlhe", stacks=[1000] * 3, blinds=(5, 10), button=0, seed=1)
>>> hand.bets, hand.to_act     # player 1 posts the small blind, player 2 the big blind
((0, 5, 10), 0)
"""

from __future__ import annotations

from collections.abc import Sequence

from pokertd.cards import Card
from pokertd.engine.betting import next_to_act
from pokertd.engine.dealing import deal_board, deal_holes
from pokertd.engine.dealing import enter_board as _enter_board
from pokertd.engine.dealing import enter_hole as _enter_hole
from pokertd.engine.events import Half
from pokertd.engine.games import Betting, Exposure, Game, Judging
from pokertd.engine.state import HandState
from pokertd.errors import ParseError
from pokertd.evaluate import best_five, omaha_best_five, short_deck_best_five
from pokertd.rules import AnteForm, BigBlindAnte, OddChip

_DOWN = Exposure.DOWN

# -- forced bets ----------------------------------------------------------------------------------


def check_bets(
    game: Game,
    blinds: tuple[int, int] | None,
    bring_in: int | None,
    limits: tuple[int, int] | None,
) -> tuple[int, int, tuple[int, int] | None]:
    """Return the blinds and the fixed-limit bets given; a flop game needs its blinds."""
    if blinds is None:
        raise ParseError(f"{game.name} needs blinds=(small blind, big blind)")
    small, big = blinds
    return small, big, limits


def forced_bets(
    st: HandState,
    ante: int,
    ante_posts: Sequence[int] | None,
    blind_posts: Sequence[int] | None,
    bring_in: int | None,
    has_open_pair_option: bool,
) -> tuple[list[int], list[int], int]:
    """Return each player's blind, each player's ante and the big-blind ante (ANTE-BB)."""
    big_blind_player: int | None
    if blind_posts is None:
        posts, big_blind_player = _blinds_by_position(st)
    else:
        posts = list(blind_posts)
        if len(posts) != st.count:
            raise ParseError(f"blind_posts has {len(posts)} entries for {st.count} players")
        big_blind_player = _big_blind_player(st, posts)
    st.big_blind_player = big_blind_player
    antes, big_blind_ante = _antes_due(st, big_blind_player, ante, ante_posts)
    return posts, antes, big_blind_ante


def _blinds_by_position(st: HandState) -> tuple[list[int], int]:
    """Return each player's blind and the big blind player (BTN-HU-ORDER: heads-up the button posts
    the small blind; otherwise the two players after the button post)."""
    posts = [0] * st.count
    if st.count == 2:
        big_blind_player = 1 - st.button
        posts[st.button] = st.small_blind
    else:
        big_blind_player = (st.button + 2) % st.count
        posts[(st.button + 1) % st.count] = st.small_blind
    posts[big_blind_player] = st.big_blind
    return posts, big_blind_player


def _big_blind_player(st: HandState, posts: list[int]) -> int | None:
    """Return the player with the largest blind, the last one clockwise from the button on a tie
    (heads-up, the player who is not on the button)."""
    top = max(posts)
    if not top:
        return None
    count, button = st.count, st.button
    if count == 2 and posts[1 - button] == top:
        return 1 - button  # BTN-HU-ORDER: heads-up the button posts the small blind
    best = button
    for step in range(1, count + 1):
        player = (button + step) % count
        if posts[player] == top:
            best = player
    return best


def _antes_due(
    st: HandState, big_blind_player: int | None, ante: int, ante_posts: Sequence[int] | None
) -> tuple[list[int], int]:
    """Return the ante due from each player and the big-blind ante (ANTE-BB), if any."""
    if ante_posts is not None:
        if len(ante_posts) != st.count:
            raise ParseError(f"ante_posts has {len(ante_posts)} entries for {st.count} players")
        posters = [player for player, amount in enumerate(ante_posts) if amount]
        if big_blind_player is not None and posters == [big_blind_player]:
            # ANTE-BB: an ante due from the big blind alone is the table's ante, dead money for
            # the main pot, whatever the profile: a big-blind ante as BAN/BLINDS describes it and
            # as the WSOP plays it (PHH files included), which a short all-in can win in full.
            return [0] * st.count, ante_posts[big_blind_player]
        return list(ante_posts), 0
    if st.profile.ante_form is AnteForm.BIG_BLIND:
        return [0] * st.count, _big_blind_ante(st, ante) if big_blind_player is not None else 0
    return [ante] * st.count, 0


def _big_blind_ante(st: HandState, ante: int) -> int:
    """ANTE-BB (BAN/BLINDS, P-09): one ante for the table, posted by the big blind."""
    if st.profile.ante_form is not AnteForm.BIG_BLIND or ante == 0:
        return 0
    if st.profile.big_blind_ante is BigBlindAnte.BIG_BLIND_IF_SIX_ELSE_SMALL_BLIND:
        return st.big_blind if st.count >= 6 else st.small_blind
    return ante


# -- dealing and opening the betting --------------------------------------------------------------


def deal_first(st: HandState) -> None:
    """Deal the hole cards (automatic dealing), or leave them unknown until they are entered: the
    betting does not wait for them."""
    if st.is_auto:
        deal_holes(st)
    else:
        st.holes = [[None] * st.game.hole_count for _ in range(st.count)]


def open_first_round(st: HandState) -> None:
    """Open the betting before the flop: the player left of the big blind acts first."""
    big_blind_player = st.big_blind_player
    if big_blind_player is not None:
        # A short big blind still makes the full big blind the bet to call (LFP 7.12 treats
        # the big blind as the opening bet; an all-in blind does not lower it).
        top = max(st.bets)
        st.current_bet = st.last_full_bet = top if top > st.big_blind else st.big_blind
        st.raise_count = 1
    if st.betting is Betting.FIXED_LIMIT:
        st.full_increment = st.limits[0]
    st.to_act = next_to_act(st, big_blind_player if big_blind_player is not None else st.button)


def deal_street(st: HandState) -> None:
    """Burn one card and deal the board cards of the current street."""
    deal_board(st)


def begin_draw(st: HandState) -> bool:
    """Return False: a flop game has no draw."""
    return False


def open_street(st: HandState) -> int:
    """Return the button: after the flop the betting starts at his left."""
    return st.button


def enter_hole(st: HandState, player: int, cards: Sequence[Card | None]) -> bool:
    """Record a player's hole cards; the betting is already open (it never waits for cards)."""
    _enter_hole(st, player, cards)
    return False


def enter_board(st: HandState, cards: Sequence[Card]) -> None:
    """Record the board cards of the current street."""
    _enter_board(st, cards)


def exposures(st: HandState, player: int) -> tuple[Exposure, ...]:
    """Return the lie of a player's hole cards: all down."""
    return (_DOWN,) * len(st.holes[player])


def up_cards(st: HandState, player: int) -> tuple[Card, ...]:
    """Return no card: hole cards are all dealt down."""
    return ()


# -- showdown -------------------------------------------------------------------------------------


def showdown_first(st: HandState) -> int:
    """Return the player left of the button, who shows first when nobody bet (SHOW-ORDER)."""
    return (st.button + 1) % st.count


def odd_chip_order(st: HandState, winners: Sequence[int], half: Half) -> list[int]:
    """Return the winners clockwise from the seat left of the button (POT-ODD-CHIP), or by their
    highest card where the profile says so (GEN 1.30)."""
    count, button = st.count, st.button
    order = sorted(winners, key=lambda player: (player - button - 1) % count)
    if st.profile.odd_chip is OddChip.HIGHEST_CARD and half is not Half.LOW and len(order) > 1:
        # GEN 1.30: the odd chip goes to the hand holding the highest card, suits breaking ties.
        order.sort(key=lambda player: _highest_card(st, player), reverse=True)
    return order


def _highest_card(st: HandState, player: int) -> tuple[int, int]:
    hole = [card for card in st.holes[player] if card is not None]
    if st.game.judging is Judging.HIGH:
        five: tuple[Card, ...] = best_five(hole + st.board)
    elif st.game.judging is Judging.SHORT_DECK:
        five = short_deck_best_five(hole + st.board)
    else:
        five = omaha_best_five(hole, st.board)
    top = max(five, key=lambda card: (card.rank, card.suit.order))
    return top.rank, top.suit.order
