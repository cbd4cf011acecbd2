"""Betting rounds: turn order, legal options, minimum and maximum raises, reopening, all-ins.

Every rule here names its catalogue id. ``options`` and ``act`` share ``raise_bounds``, so what
``Hand.legal()`` offers is exactly what ``Hand.act()`` accepts (STYLE.md, "one validator, two
faces").
"""

from __future__ import annotations

from typing import NoReturn

from pokertd.engine.actions import ActionKind, Legal
from pokertd.engine.events import PlayerActed
from pokertd.engine.games import Betting
from pokertd.engine.state import ALL_IN, FOLDED, LIVE, HandState
from pokertd.errors import IllegalActionError
from pokertd.messages import Message, message
from pokertd.rules import Reopen

_FOLD, _CHECK, _CALL = ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL
_BET, _RAISE, _ALL_IN = ActionKind.BET, ActionKind.RAISE, ActionKind.ALL_IN
_NO_LIMIT, _POT_LIMIT, _FIXED_LIMIT = Betting.NO_LIMIT, Betting.POT_LIMIT, Betting.FIXED_LIMIT
_new_tuple = tuple.__new__


def start_round(st: HandState, after: int) -> None:
    """Open a betting round after the flop: nobody has bet, the first live player left of ``after``
    acts (the seat left of the button: BTN-HU-ORDER heads-up, the big blind acts first)."""
    st.acted = [False] * st.count
    st.locked = [False] * st.count
    st.current_bet = 0
    st.last_full_bet = 0
    st.raise_count = 0
    st.big_level = False
    st.full_increment = _limit_size(st) if st.betting is Betting.FIXED_LIMIT else st.big_blind
    st.aggressor = None
    st.to_act = next_to_act(st, after)


def next_to_act(st: HandState, after: int) -> int | None:
    """Return the next player, clockwise from ``after``, who still has to act; None ends the round.

    A live player acts when he has not acted since the last full raise or has not matched the bet. A
    lone live player who already matches the bet has nobody to play against and does not act.
    """
    status, bets, acted, bet = st.status, st.bets, st.acted, st.current_bet
    count = st.count
    player = after
    for _ in range(count):
        player += 1
        if player == count:
            player = 0
        if status[player] == LIVE and (not acted[player] or bets[player] < bet):
            if bets[player] >= bet and status.count(LIVE) == 1:
                return None
            return player
    return None


def options(st: HandState, player: int) -> Legal:
    """Return the betting options of ``player``, who is to act."""
    need = st.current_bet - st.bets[player]
    stack = st.stacks[player]
    bounds = _raise_bounds(st, player)
    st.bounds_cache = (player, len(st.log), bounds)
    call = (need if need < stack else stack) if need > 0 else 0
    # Built as a plain tuple (a named tuple's own constructor costs three times as much).
    if bounds is None:
        return _new_tuple(Legal, (player, True, need <= 0, call, None, None, st.current_bet == 0,
                                  False, False, False, 0))  # fmt: skip
    return _new_tuple(Legal, (player, True, need <= 0, call, bounds[0], bounds[1],
                              st.current_bet == 0, False, False, False, 0))  # fmt: skip


def raise_bounds(st: HandState, player: int) -> tuple[int, int] | None:
    """Return the smallest and largest total ``player`` may bet or raise to, or None.

    When his whole stack is short of a full raise, both bounds are his all-in total (an incomplete
    all-in is always allowed: BET-MINRAISE-SHORT-ALLIN).
    """
    bounds = _cached_bounds(st, player)
    return None if bounds is None else (bounds[0], bounds[1])


def _cached_bounds(st: HandState, player: int) -> tuple[int, int, int] | None:
    cached = st.bounds_cache
    if cached[0] == player and cached[1] == len(st.log):
        return cached[2]
    bounds = _raise_bounds(st, player)
    st.bounds_cache = (player, len(st.log), bounds)
    return bounds


def _raise_bounds(st: HandState, player: int) -> tuple[int, int, int] | None:
    """Return (low, high, the total of a full raise) for ``player``, or None."""
    stack = st.stacks[player]
    bet = st.bets[player]
    if stack <= st.current_bet - bet:
        return None
    if (st.acted[player] or st.locked[player]) and not can_reraise(st, player):
        return None
    if not _can_be_called(st, player):
        return None
    all_in_to = bet + stack
    full = full_raise_to(st)
    low = full if full < all_in_to else all_in_to
    betting = st.betting
    if betting is _NO_LIMIT:
        return low, all_in_to, full
    if betting is _POT_LIMIT:
        high = pot_limit_to(st, player)
        return low, high if high < all_in_to else all_in_to, full
    if st.cap is not None and st.raise_count >= st.cap:
        return None  # BET-RAISE-CAP: TDA 52
    if st.open_pair and not st.big_level:
        # Stud, fourth street with an open pair showing, under the house option (the books are
        # silent: docs/judgements.md): a big bet instead of a small one; only the two totals.
        big_to = st.last_full_bet + st.limits[1]
        return low, big_to if big_to < all_in_to else all_in_to, full
    return low, low, full


def _can_be_called(st: HandState, player: int) -> bool:
    """Return whether another player could put in more than the current bet (else a raise is
    pointless: every opponent is all-in, or will be by calling)."""
    bets, stacks, current = st.bets, st.stacks, st.current_bet
    for other, status in enumerate(st.status):
        if status == LIVE and other != player and bets[other] + stacks[other] > current:
            return True
    return False


def full_raise_to(st: HandState) -> int:
    """Return the total that makes a full bet or raise now, whatever the stack of the player."""
    current = st.current_bet
    if st.betting is _FIXED_LIMIT:
        # Fixed limit: one bet more than the last full level (the big blind counts pre-flop).
        return st.last_full_bet + _limit_size(st)
    if current == 0:
        return st.big_blind  # BET-MIN-BET: LFP 7.8, GM 10°; TDA 47A, 55B
    if st.doubles:
        # BET-MINRAISE: LFP 7.11 doubles the previous bet. After an incomplete all-in the others
        # raise by at least one big blind over it (BET-MINRAISE-SHORT-ALLIN: LFP 7.13, 7.14),
        # never below the double that was already required: the books are silent on that mix
        # (examples.md EX-10, EX-11) and a minimum never shrinks.
        return max(2 * st.last_full_bet, current + st.big_blind)
    # BET-MINRAISE: TDA 47A, Add.47; GM 10°b, 26°. An incomplete all-in leaves the largest full
    # increment unchanged (BET-MINRAISE-SHORT-ALLIN: TDA Add.47 Ex2).
    return current + st.full_increment


def can_reraise(st: HandState, player: int) -> bool:
    """Return whether ``player`` may still bet or raise in this round (BET-REOPEN).

    A player who has not acted since the last full raise may. One who has may only if the bet has
    risen since by a full raise, several incomplete all-ins adding up (TDA 48, Add.48; LFP 7.19);
    in fixed limit half a bet is enough (TDA 48). Under ``never-after-short-all-in`` (BAN/ALLININF
    read literally) a short all-in after his action bars him for the rest of the round.
    """
    if st.locked[player]:
        return False
    if not st.acted[player]:
        return True
    gap = st.current_bet - st.bets[player]
    if st.betting is Betting.FIXED_LIMIT:
        return 2 * gap >= _limit_size(st)
    if st.doubles:
        bet = st.bets[player]
        return st.current_bet >= max(2 * bet, bet + st.big_blind)
    return gap >= st.full_increment


def pot_limit_to(st: HandState, player: int) -> int:
    """Return the pot-limit maximum: the current bet plus the pot after calling (BET-PL-POT-SIZE).

    The books give no formula (catalogue BET-PL-POT-SIZE); this is the standard convention. Before
    the flop an all-in for less than a blind does not shrink the pot (TDA 54B): it counts as the
    blind it falls short of, the big blind for a player who was not in the blinds.
    """
    current = st.current_bet
    pot = sum(st.paid) + st.dead + current - st.bets[player]
    if st.street == 0:
        for other in range(st.count):
            if st.status[other] == ALL_IN:
                floor = st.blind_floor[other] or st.big_blind
                if st.bets[other] < floor:
                    pot += floor - st.bets[other]
    return current + pot


def act(st: HandState, player: int, kind: ActionKind, to: int | None) -> None:
    """Apply a betting action of the player to act; raise IllegalActionError before any change."""
    # The three commonest actions first, written out for speed.
    if kind is _CALL:
        need = st.current_bet - st.bets[player]
        if need <= 0:
            _refuse(st, player, message(  # BET-INCORRECT-DECLARATION: TDA 55
                "player {player}: call with no bet to match; check instead "
                "(BET-INCORRECT-DECLARATION)", player=player + 1,
            ), "BET-INCORRECT-DECLARATION", kind)  # fmt: skip
        _put(st, player, kind, need)
        return
    if kind is _CHECK:
        if st.current_bet > st.bets[player]:
            _refuse(st, player, message(  # BET-INCORRECT-DECLARATION: TDA 55
                "player {player}: check facing a bet of {bet}; call or fold "
                "(BET-INCORRECT-DECLARATION)", player=player + 1, bet=st.current_bet,
            ), "BET-INCORRECT-DECLARATION", kind)  # fmt: skip
        st.acted[player] = True
        st.log.append((PlayerActed, player, kind, st.bets[player], 0, False))
        return
    if kind is _FOLD:
        st.status[player] = FOLDED
        st.acted[player] = True
        st.log.append((PlayerActed, player, kind, st.bets[player], 0, False))
        return
    if kind is _ALL_IN:
        all_in_to = st.bets[player] + st.stacks[player]
        if all_in_to <= st.current_bet:
            _put(st, player, _CALL, st.stacks[player])
            return
        kind, to = _RAISE, all_in_to
    if kind is _RAISE or kind is _BET:
        if to is None:
            said = message(
                "player {player}: {kind} needs the total to bet, e.g. to=300 (ENGINE-STATE)",
                player=player + 1, kind=_word(kind),
            )  # fmt: skip
            _refuse(st, player, said, "ENGINE-STATE", kind)
        _bet_or_raise(st, player, to)
        return
    said = message(
        "player {player}: {kind} is not a betting action (ENGINE-STATE)",
        player=player + 1, kind=_word(kind),
    )  # fmt: skip
    _refuse(st, player, said, "ENGINE-STATE", kind)


def _put(st: HandState, player: int, kind: ActionKind, added: int) -> None:
    """Move ``added`` chips (at most the stack) from the stack to the bet and record the action."""
    stacks = st.stacks
    stack = stacks[player]
    is_all_in = added >= stack
    if is_all_in:
        added = stack
        st.status[player] = ALL_IN
    stacks[player] = stack - added
    st.bets[player] += added
    st.paid[player] += added
    st.acted[player] = True
    st.log.append((PlayerActed, player, kind, st.bets[player], added, is_all_in))


def _bet_or_raise(st: HandState, player: int, to: int) -> None:
    bounds = _cached_bounds(st, player)
    if bounds is None or not bounds[0] <= to <= bounds[1]:
        _refuse_bet(st, player, to, bounds)
    previous = st.current_bet
    if st.betting is _FIXED_LIMIT and bounds[0] < to < bounds[1]:
        # Only the open-pair option gives two totals; nothing between them is a limit bet.
        why = message(
            "player {player}: {to} is neither {low} nor {high} (one small or one big bet) "
            "(ENGINE-LIMIT-SIZE)", player=player + 1, to=to, low=bounds[0], high=bounds[1],
        )  # fmt: skip
        kind = ActionKind.BET if previous == 0 else ActionKind.RAISE
        _refuse(st, player, why, "ENGINE-LIMIT-SIZE", kind, to)
    if st.open_pair and bounds[0] < to == st.last_full_bet + st.limits[1]:
        st.big_level = True  # a big bet on fourth street: the round goes on in big bets
    if st.betting is _FIXED_LIMIT:
        # TDA 48: in limit, half a bet or more counts as a full bet or raise and reopens.
        is_full = 2 * (to - st.last_full_bet) >= _limit_size(st)
    else:
        is_full = to >= bounds[2]
    _put(st, player, _RAISE if previous else _BET, to - st.bets[player])
    if is_full:
        st.last_full_bet = to
        st.raise_count += 1
        if to - previous > st.full_increment and st.betting is not _FIXED_LIMIT:
            st.full_increment = to - previous
        acted = [False] * st.count  # a full raise reopens the betting for everyone else
        acted[player] = True
        st.acted = acted
    elif st.profile.reopen is Reopen.NEVER_AFTER_SHORT_ALL_IN:
        for other in range(st.count):
            if st.acted[other] and st.status[other] == LIVE and other != player:
                st.locked[other] = True
    st.current_bet = to
    st.aggressor = player


def _refuse_bet(
    st: HandState, player: int, to: int, bounds: tuple[int, int, int] | None
) -> NoReturn:
    opening = st.current_bet == 0
    kind = ActionKind.BET if opening else ActionKind.RAISE
    if bounds is None:
        why, rule = _why_no_raise(st, player, kind, to), _no_raise_rule(st, player)
        _refuse(st, player, why, rule, kind, to)
    low, high, _ = bounds
    if to < low:
        rule = "BET-MIN-BET" if opening else "BET-MINRAISE"  # LFP 7.8, 7.11; TDA 47A
        said = message(
            "player {player}: {kind} to {to} is below the minimum {low} ({rule})",
            player=player + 1, kind=_word(kind), to=to, low=low, rule=rule,
        )  # fmt: skip
        _refuse(st, player, said, rule, kind, to)
    _refuse(st, player, _why_max(st, player, kind, to, high), _max_rule(st, player, high), kind, to)


def _limit_size(st: HandState) -> int:
    small, big = st.limits
    return big if st.street >= st.game.big_bet_from or st.big_level else small


def _refuse(
    st: HandState, player: int, said: Message, rule: str, kind: ActionKind, to: int | None = None
) -> NoReturn:
    """Refuse an action: ``said`` names the player by his number in the hand (``player``,
    the live table names his seat and his name) and the facts as fields (``to``, ``low``...)."""
    action = f"p{player + 1} {kind}" + ("" if to is None else f" to {to}")
    raise IllegalActionError(said, rule=rule, action=action)


def _word(kind: ActionKind) -> Message | str:
    """The action's name in a refusal: a bet or a raise in the reader's language, any other
    kind (a caller's mistake) as its word."""
    if kind is _BET:
        return message("bet")
    if kind is _RAISE:
        return message("raise")
    return kind.value


def _why_no_raise(st: HandState, player: int, kind: ActionKind, to: int) -> Message:
    """Why the player may not bet or raise at all (the rule: ``_no_raise_rule``)."""
    fields = {"player": player + 1, "kind": _word(kind), "to": to}
    if st.stacks[player] <= st.current_bet - st.bets[player]:
        return message(
            "player {player}: {kind} to {to}: his stack does not cover more than a call "
            "(ENGINE-STACK)", **fields,
        )  # fmt: skip
    if not can_reraise(st, player):  # BET-REOPEN: TDA 48 + Add.48, LFP 7.19
        return message(
            "player {player}: {kind} to {to}: the betting was not reopened by a full raise "
            "since he acted (BET-REOPEN)", **fields,
        )  # fmt: skip
    if not _can_be_called(st, player):
        return message(
            "player {player}: {kind} to {to}: no other player has chips left to call a raise "
            "(ENGINE-STATE)", **fields,
        )  # fmt: skip
    return message(  # BET-RAISE-CAP: TDA 52, GM 26°
        "player {player}: {kind} to {to}: the cap of {cap} bets and raises is reached "
        "(BET-RAISE-CAP)", cap=st.cap, **fields,
    )  # fmt: skip


def _no_raise_rule(st: HandState, player: int) -> str:
    if st.stacks[player] <= st.current_bet - st.bets[player]:
        return "ENGINE-STACK"
    if not can_reraise(st, player):
        return "BET-REOPEN"
    if not _can_be_called(st, player):
        return "ENGINE-STATE"
    return "BET-RAISE-CAP"


def _max_rule(st: HandState, player: int, high: int) -> str:
    if high == st.bets[player] + st.stacks[player]:
        return "ENGINE-STACK"
    return "BET-PL-POT-SIZE" if st.betting is Betting.POT_LIMIT else "ENGINE-LIMIT-SIZE"


def _why_max(st: HandState, player: int, kind: ActionKind, to: int, high: int) -> Message:
    """Why ``to`` is too much (the rule: ``_max_rule``)."""
    fields = {"player": player + 1, "kind": _word(kind), "to": to, "high": high}
    if high == st.bets[player] + st.stacks[player]:
        return message(
            "player {player}: {kind} to {to} is above the maximum {high} (his whole stack) "
            "(ENGINE-STACK)", **fields,
        )  # fmt: skip
    if st.betting is Betting.POT_LIMIT:  # BET-PL-POT-SIZE: TDA 54, GM 34°
        return message(
            "player {player}: {kind} to {to} is above the maximum {high} (the size of the pot) "
            "(BET-PL-POT-SIZE)", **fields,
        )  # fmt: skip
    return message(
        "player {player}: {kind} to {to} is above the maximum {high} (one fixed-limit bet) "
        "(ENGINE-LIMIT-SIZE)", **fields,
    )  # fmt: skip
