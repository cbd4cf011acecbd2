"""Mistakes put right after the fact: under-raises and underbets (BET-UNDERRAISE-CORRECTION),
pot-limit bets sized on a wrong pot count (BET-PL-CORRECTION), a player acting before a bet's
amount is stated (BET-WAIT-FOR-AMOUNT), and a player's mistakes with his own hand: mucking with an
uncalled bet (BET-UNCALLED), showing his cards while the hand is live (SHOW-EXPOSED-DURING-HAND).

The engine never accepts an illegal amount, so the input is the hand as it stood before the faulty
bet and the ``actions`` the table took from there, the faulty bet first, as the dealer saw them.
The ruling replays the corrected actions on a copy of the hand: ``details["bets"]`` gives each
player's total as played (``was``) and as corrected (``to``), ``details["actions"]`` the corrected
actions, and ``choices`` the options of the player to act once they are taken. When the error
stands, nothing changes and the engine cannot record the illegal amount (it is reported as such).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Any

from pokertd.engine import ActionKind, Betting, Hand
from pokertd.engine.events import PlayerActed
from pokertd.errors import IllegalActionError, ParseError
from pokertd.floor.order import (
    _as_decision,
    _book,
    _check_seat,
    _field_articles,
    _fit,
    _kill,
    _legal,
    _options,
    _unique,
    _who,
    is_substantial,
    named,
)
from pokertd.floor.rulings import Decision, Phrase, Ruling, Step, StepKind, phrase
from pokertd.history.replay import replay, to_history
from pokertd.messages import message
from pokertd.rules import BetCorrectionWindow, ExposedOwnCards, Profile, UncalledAfterMuck

_FOLD, _CALL = ActionKind.FOLD, ActionKind.CALL
_BET, _RAISE, _ALL_IN = ActionKind.BET, ActionKind.RAISE, ActionKind.ALL_IN

Action = tuple[int, Decision | ActionKind | str]


class Noticed(StrEnum):
    """When a betting error is noticed."""

    #: During the betting round, the bets still in front of the players.
    IN_FRONT = "in-front"
    #: The round is over and its bets are gathered into the pot; the next card is not burned yet.
    GATHERED = "gathered"
    #: The next card is burned or dealt (on the river: the showdown has started).
    NEXT_STREET = "next-street"


class _Copy:
    """A copy of a hand to replay corrected actions on, with the players numbered as in it."""

    def __init__(self, hand: Hand) -> None:
        self.hand = replay(to_history(hand), hand.profile).hand
        self._count = hand.player_count
        self._shift = hand.button + 1  # to_history numbers players from the button's left

    def inside(self, player: int) -> int:
        return (player - self._shift) % self._count

    def outside(self, player: int) -> int:
        return (player + self._shift) % self._count


def _as_played(hand: Hand, actions: Sequence[tuple[int, Decision]]) -> dict[int, int]:
    """Return each acting player's bet for the round as the table played ``actions``."""
    bets, stacks, current = list(hand.bets), list(hand.stacks), hand.current_bet
    for player, decision in actions:
        cover = hand.bets[player] + stacks[player]
        if decision.kind is _CALL:
            bets[player] = min(current, cover)
        elif decision.kind is _ALL_IN:
            bets[player] = cover
        elif decision.kind in (_BET, _RAISE):
            bets[player] = min(decision.to or 0, cover)
        current = max(current, bets[player])
    return {player: bets[player] for player, decision in actions if decision.kind is not _FOLD}


def _read(hand: Hand, actions: Sequence[Action]) -> list[tuple[int, Decision]]:
    if not actions:
        raise ParseError(message("no actions given: the faulty bet comes first"))
    read = [(player, _as_decision(action)) for player, action in actions]
    for player, _ in read:
        _check_seat(hand, player)
    if read[0][1].kind not in (_BET, _RAISE, _ALL_IN):
        raise ParseError(
            message(
                "the first action {action} is not the faulty bet or raise", action=str(read[0][1])
            )
        )
    if hand.legal() is None or hand.to_act != read[0][0]:
        raise ParseError(
            message(
                "player {player} is not the player to act in the hand given",
                player=read[0][0] + 1,
            )
        )
    return read


def _replay_corrected(
    hand: Hand,
    actions: Sequence[tuple[int, Decision]],
    first: Decision,
) -> tuple[_Copy, list[tuple[int, Decision]], dict[int, int]]:
    """Take the corrected ``first`` bet and the rest of ``actions`` on a copy of the hand, each
    fitted to what the engine allows then (a call of the corrected bet, a raise within bounds)."""
    copy = _Copy(hand)
    taken: list[tuple[int, Decision]] = []
    totals: dict[int, int] = {}
    for index, (player, decision) in enumerate(actions):
        legal = copy.hand.legal()
        if legal is None or legal.player != copy.inside(player):
            break  # the round ended with the correction (or the table went on out of turn)
        wanted = first if index == 0 else _later(decision, copy.hand)
        fitted = _fit(wanted, legal)
        before = len(copy.hand.events)
        copy.hand.act(copy.inside(player), fitted.kind, fitted.to)
        acted = next(e for e in copy.hand.events[before:] if isinstance(e, PlayerActed))
        taken.append((player, fitted))
        totals[player] = acted.to
    return copy, taken, totals


def _later(decision: Decision, hand: Hand) -> Decision:
    """A later bet or raise that no longer raises the corrected bet is a call."""
    if decision.kind in (_BET, _RAISE) and (decision.to or 0) <= hand.current_bet:
        return Decision(_CALL)
    return decision


def _ruling(
    rule: str,
    articles: tuple[str, ...],
    hand: Hand,
    actions: Sequence[tuple[int, Decision]],
    first: Decision,
    said: Phrase,
    extra: dict[str, Any],
) -> Ruling:
    """Build the ruling of a correction: replay, the differences per player, the next options."""
    played = _as_played(hand, actions)
    copy, taken, totals = _replay_corrected(hand, actions, first)
    bets = [
        {"player": player, "was": was, "to": totals.get(player, was)}
        for player, was in played.items()
    ]
    changes = [
        _change(bet) for bet in bets if bet["to"] != bet["was"] and bet["player"] != actions[0][0]
    ]
    notes = [phrase("bets-change", changes=_then(changes))] if changes else []
    legal = copy.hand.legal()
    choices: tuple[Decision, ...] = ()
    if legal is not None and not legal.show and not legal.muck:
        player = copy.outside(legal.player)
        choices = _options(legal)
        notes.append(phrase("action-then-on", player=player + 1, current=copy.hand.current_bet))
        extra["to_act"] = player
    else:
        notes.append(phrase("round-complete"))
        extra["to_act"] = None
    details = {
        "corrected": True,
        "bets": bets,
        "actions": [f"{_who(player)}: {decision}" for player, decision in taken],
        **extra,
    }
    return Ruling(
        rule, articles, said.key, said.values, choices=choices, details=details, notes=tuple(notes)
    )


def _change(bet: dict[str, int]) -> Phrase:
    """Return what a later player adds to his bet, or gets back, once the bet is corrected."""
    change = bet["to"] - bet["was"]
    key = "adds" if change > 0 else "gets-back"
    return phrase(key, player=bet["player"] + 1, amount=abs(change), total=bet["to"])


def _then(items: Sequence[Phrase]) -> Phrase:
    """Return ``items`` read one after the other: "a; b; c"."""
    if len(items) == 1:
        return items[0]
    return phrase("then", first=items[0], rest=_then(items[1:]))


def _stands(
    rule: str,
    articles: tuple[str, ...],
    hand: Hand,
    actions: Sequence[tuple[int, Decision]],
    said: Phrase,
    extra: dict[str, Any],
) -> Ruling:
    played = _as_played(hand, actions)
    details = {
        "corrected": False,
        "bets": [{"player": p, "was": was, "to": was} for p, was in played.items()],
        **extra,
    }
    return Ruling(rule, articles, said.key, said.values, details=details)


def correct_underraise(
    hand: Hand,
    actions: Sequence[Action],
    *,
    noticed: Noticed = Noticed.IN_FRONT,
    is_raise_declared: bool = False,
) -> Ruling:
    """Rule on a bet or raise below the legal minimum that the table let stand for a while
    (BET-UNDERRAISE-CORRECTION), ``actions[0]`` being that bet.

    TDA 43A corrects it on the current street only (on the river, until the showdown starts);
    LFP 7.17 corrects a series of errors from the first one unless the bets have been gathered
    (7.18). Corrected, an opening bet becomes the minimum bet (LFP 7.16: the big blind); a raise
    reaching 50 % of the minimum increment, or declared as a raise, becomes the minimum raise, and
    a smaller one a call (BET-UNDERRAISE-50). Later calls call the corrected amount.

    Raises ParseError when the actions are not readable or the first one is not a bet or raise of
    the player to act below the minimum.

    >>> from pokertd import Hand
    >>> hand = Hand.create(game="nlhe", stacks=[10_000] * 3, blinds=(100, 200), seed=1)
    >>> ruling = correct_underraise(hand, [(2, "raise 300"), (0, "call"), (1, "call")])
    >>> ruling.details["bets"]
    [{'player': 2, 'was': 300, 'to': 400}, {'player': 0, 'was': 300, 'to': 400}, \
{'player': 1, 'was': 300, 'to': 400}]
    """
    profile = hand.profile
    read = _read(hand, actions)
    player, to, low = _underraise(hand, read[0])
    current = hand.current_bet
    is_opening = current == 0
    articles = _field_articles(profile, "bet_correction_window")
    window = profile.bet_correction_window
    # BET-UNDERRAISE-CORRECTION: TDA 43A current street, LFP 7.17-7.18 until the bets are gathered.
    is_corrected = noticed is Noticed.IN_FRONT or (
        noticed is Noticed.GATHERED and window is BetCorrectionWindow.CURRENT_STREET
    )
    faulty_bet = phrase(
        "underraise-opening" if is_opening else "underraise-raise",
        player=player + 1,
        to=to,
        low=low,
        when=phrase(f"noticed-{noticed.value}"),
    )
    values: dict[str, Any] = {"faulty": faulty_bet, "low": low, "current": current}
    extra: dict[str, Any] = {"faulty": {"player": player, "to": to, "minimum": low}}
    if not is_corrected:
        is_street = window is BetCorrectionWindow.CURRENT_STREET
        said = Phrase("stands-current-street" if is_street else "stands-gathered", values)
        return _stands("BET-UNDERRAISE-CORRECTION", articles, hand, read, said, extra)
    increment, needed = to - current, low - current
    # BET-UNDERRAISE-50: the correction follows the 50 % rule, as the floor would have ruled.
    if is_opening or is_raise_declared or 2 * increment >= needed:
        first = Decision(_BET if is_opening else _RAISE, low)
        said = Phrase("corrected-to-minimum", values)
    else:
        first = Decision(_CALL)
        said = Phrase("corrected-to-call", {**values, "needed": needed})
    if not is_opening:
        articles = _unique([*articles, *_underraise_articles(profile)])
    return _ruling("BET-UNDERRAISE-CORRECTION", articles, hand, read, first, said, extra)


def _underraise(hand: Hand, faulty_bet: tuple[int, Decision]) -> tuple[int, int, int]:
    """Return the player of a bet below the minimum, its total and the minimum; raise
    ParseError when it is not below the minimum."""
    player, faulty = faulty_bet
    legal = hand.legal()
    assert legal is not None
    low = legal.min_raise_to
    cover = hand.bets[player] + hand.stacks[player]
    to = cover if faulty.kind is _ALL_IN else faulty.to or 0
    if low is None:
        raise ParseError(
            message(
                "player {player}'s {action} is not below the minimum (no raise allowed) "
                "(BET-UNDERRAISE-CORRECTION)",
                player=player + 1,
                action=str(faulty),
            )
        )
    if to >= low or to >= cover:
        raise ParseError(
            message(
                "player {player}'s {action} is not below the minimum {minimum} "
                "(BET-UNDERRAISE-CORRECTION)",
                player=player + 1,
                action=str(faulty),
                minimum=low,
            )
        )
    return player, to, low


def _underraise_articles(profile: Profile) -> tuple[str, ...]:
    """BET-UNDERRAISE-50: the article of the 50 % rule the correction applies."""
    book = profile.book or "TDA"
    return {"LFP": ("LFP 7.16",), "GM": ("GM 10°",), "BAN": ("BAN/RELINSUF",)}.get(
        book, ("TDA 47A",)
    )


def correct_pot_limit(
    hand: Hand,
    actions: Sequence[Action],
    *,
    noticed: Noticed = Noticed.IN_FRONT,
    quoted: int | None = None,
) -> Ruling:
    """Rule on a pot-limit bet of the pot sized on a wrong count (BET-PL-CORRECTION, TDA 43B and
    Add.43-B), ``actions[0]`` being that bet and ``quoted`` the count given, if known.

    Too large: corrected for every player at any time on the current street, each getting back
    what he put in above the pot (EX-39). Too small: corrected to the pot until substantial action
    follows the bet, by the profile's definition (EX-37, EX-38); only TDA states the rule, and
    every profile applies it with its own substantial action.

    Raises ParseError for a game that is not pot-limit, or a first action that is not a bet or
    raise of the player to act other than the size of the pot.

    >>> from pokertd import Hand
    >>> hand = Hand.create(game="plo", stacks=[10_000] * 3, blinds=(50, 100), seed=1)
    >>> ruling = correct_pot_limit(hand, [(2, "raise 400"), (0, "fold")], quoted=250)
    >>> ruling.details["bets"][0], ruling.details["pot_limit_to"]
    ({'player': 2, 'was': 400, 'to': 350}, 350)
    """
    profile = hand.profile
    if hand.game.betting is not Betting.POT_LIMIT:
        raise ParseError(
            message("{game} is not a pot-limit game (BET-PL-CORRECTION)", game=hand.game.name)
        )
    read = _read(hand, actions)
    player, to, pot_to, is_opening = _pot_bet(hand, read[0])
    kind = phrase("kind-bet" if is_opening else "kind-raise")
    extra: dict[str, Any] = {"pot_limit_to": pot_to, "quoted": quoted}
    articles: tuple[str, ...] = ("TDA 43B", "TDA Add.43-B")
    is_too_large = to > pot_to
    faulty_bet = phrase(
        "pot-bet-noticed",
        player=player + 1,
        kind=kind,
        to=to,
        count=None if quoted is None else phrase("on-a-count", quoted=quoted),
        allowed=phrase("only-amount", amount=pot_to) if is_too_large else pot_to,
        when=phrase(f"noticed-{noticed.value}"),
    )
    values = {"faulty": faulty_bet, "player": player + 1, "kind": kind, "to": to, "pot": pot_to}
    first = Decision(_BET if is_opening else _RAISE, pot_to)
    if is_too_large:
        if noticed is Noticed.NEXT_STREET:
            said = Phrase("too-late-bets-stand", values)
            return _stands("BET-PL-CORRECTION", articles, hand, read, said, extra)
        said = Phrase("above-pot-corrected", {**values, "back": to - pot_to})
        return _ruling("BET-PL-CORRECTION", articles, hand, read, first, said, extra)
    after = [(p, decision.kind) for p, decision in read[1:]]
    is_sa = is_substantial(after, profile.substantial_action, is_opened=True)
    extra["substantial_action"] = is_sa
    articles = _unique([*articles, *_field_articles(profile, "substantial_action")])
    if is_sa or noticed is Noticed.NEXT_STREET:
        why = phrase("sa-followed-bet" if is_sa else "next-card-out")
        said = Phrase("short-pot-bet-stands", {**values, "why": why})
        return _stands("BET-PL-CORRECTION", articles, hand, read, said, extra)
    said = Phrase("short-pot-bet-corrected", values)
    return _ruling("BET-PL-CORRECTION", articles, hand, read, first, said, extra)


def _pot_bet(hand: Hand, faulty_bet: tuple[int, Decision]) -> tuple[int, int, int, bool]:
    """Return the player of a pot bet sized on a wrong count, its total, the pot's and whether it
    opens the betting; raise ParseError when it is the size of the pot."""
    player, faulty = faulty_bet
    legal = hand.legal()
    assert legal is not None
    assert legal.max_raise_to is not None
    cover = hand.bets[player] + hand.stacks[player]
    to = cover if faulty.kind is _ALL_IN else faulty.to or 0
    if to == legal.max_raise_to:
        raise ParseError(
            message(
                "player {player}'s {action} is the size of the pot (BET-PL-CORRECTION)",
                player=player + 1,
                action=str(faulty),
            )
        )
    return player, to, legal.max_raise_to, legal.is_opening


# -- amounts not yet stated (BET-WAIT-FOR-AMOUNT) --------------------------------------------------


def wait_for_amount(hand: Hand) -> Ruling:
    """Rule on the player to act saying "raise" (or "bet") without an amount (BET-WAIT-FOR-AMOUNT,
    TDA 41B): the next player must wait; ``choices`` are the smallest and largest totals he may
    name.

    Raises IllegalActionError when nobody is to bet or he may not bet or raise.

    >>> from pokertd import Hand
    >>> hand = Hand.create(game="nlhe", stacks=[1000] * 3, blinds=(50, 100), seed=1)
    >>> [str(choice) for choice in wait_for_amount(hand).choices]
    ['raise 200', 'raise 1000']
    """
    legal = _legal(hand, "BET-WAIT-FOR-AMOUNT")
    player = legal.player
    low, high = legal.min_raise_to, legal.max_raise_to
    if low is None or high is None:
        raise IllegalActionError(
            message(
                "player {player} may not bet or raise now (BET-WAIT-FOR-AMOUNT)", player=player + 1
            ),
            rule="BET-WAIT-FOR-AMOUNT",
        )
    kind = _BET if legal.is_opening else _RAISE
    after = (player + 1) % hand.player_count
    values = {
        "player": player + 1,
        "kind": phrase(f"kind-{kind.value}"),
        "low": low,
        "high": high,
        "after": after + 1,
    }
    choices = (Decision(kind, low),) + ((Decision(kind, high),) if high > low else ())
    details = {"player": player, "min_to": low, "max_to": high}
    return Ruling(
        "BET-WAIT-FOR-AMOUNT", ("TDA 41B",), "amount-pending", values, choices=choices,
        details=details,
    )  # fmt: skip


def acted_before_amount(hand: Hand, player: int, action: Decision | ActionKind | str) -> Ruling:
    """Rule on ``player`` acting before the player to act has stated the amount of his bet or
    raise (BET-WAIT-FOR-AMOUNT, TDA 41B, 59B).

    A call: the TD sets a fair amount and may hold him to it (59B). A fold: TDA does not say
    (EX-66); pokertd holds it as a fold out of turn, which binds (44A, 58), and leaves it to the
    TD. Any other action waits as a declaration out of turn (``declare``). Nothing is for the
    engine now: ``details["held"]`` is the action he will be held to.

    Raises ParseError for an unreadable action or a player who is not in the hand.
    """
    decision = _as_decision(action)
    to_act = hand.to_act
    if not 0 <= player < hand.player_count or player == to_act or hand.is_folded(player):
        raise ParseError(
            message("player {player} is not a player waiting to act", player=player + 1)
        )
    details: dict[str, Any] = {"player": player, "held": str(decision)}
    values = {"player": player + 1, "raiser": (to_act or 0) + 1, "action": named(decision)}
    if decision.kind is _CALL:
        return Ruling(
            "BET-WAIT-FOR-AMOUNT", ("TDA 41B", "TDA 59B"), "called-before-amount", values,
            td_decides=True, details=details,
        )  # fmt: skip
    if decision.kind is _FOLD:
        details["binds"] = True
        return Ruling(
            "BET-WAIT-FOR-AMOUNT", ("TDA 41B", "TDA 44A", "TDA 58"), "folded-before-amount",
            values, td_decides=True, details=details,
        )  # fmt: skip
    return Ruling(
        "BET-WAIT-FOR-AMOUNT", ("TDA 41B", "TDA 44A"), "acted-before-amount", values,
        details=details,
    )  # fmt: skip


# -- an uncalled bet mucked (BET-UNCALLED) ---------------------------------------------------------


def uncalled_after_muck(hand: Hand, player: int, *, is_retrievable: bool = False) -> Ruling:
    """Rule on the bet of ``player`` who mucked his hand while part of his bet was uncalled
    (BET-UNCALLED): returned (TDA 15B, 65A; GM 28°), kept in the pot except what no opponent
    could cover (LFP 3.2), or lost with the pot unless his cards can be retrieved (GEN 1.16).

    ``details`` give the ``uncalled`` part, what is ``returned`` to him and what is ``kept``.

    Raises ParseError for a player who is not in the hand.

    >>> from pokertd import Hand, rules
    >>> hand = Hand.create(game="nlhe", stacks=[1000] * 3, blinds=(5, 10), seed=1)
    >>> hand.act(2, "raise", to=100)
    >>> uncalled_after_muck(hand, 2).details
    {'player': 2, 'uncalled': 90, 'returned': 90, 'kept': 0}
    """
    _check_in_hand(hand, player)
    profile = hand.profile
    bets = hand.bets
    others = [p for p in range(hand.player_count) if p != player and not hand.is_folded(p)]
    matched = max((bets[p] for p in others), default=0)
    uncalled = max(0, bets[player] - matched)
    coverable = max((bets[p] + hand.stacks[p] for p in others), default=0)
    beyond = max(0, bets[player] - max(coverable, matched))
    choice = profile.uncalled_after_muck
    articles = _field_articles(profile, "uncalled_after_muck")
    decision, steps = _kill(hand, player, phrase("mucked"))
    values: dict[str, Any] = {"player": player + 1, "uncalled": uncalled, "bet": bets[player]}
    # BET-UNCALLED
    if choice is UncalledAfterMuck.LOST_UNLESS_RETRIEVABLE and is_retrievable:
        details = {"player": player, "uncalled": uncalled, "returned": 0, "kept": 0}
        step = Step(StepKind.CONTINUE, note=phrase("hand-retrieved"))
        return Ruling("BET-UNCALLED", articles, "retrieved", values, steps=(step,), details=details)
    if choice is UncalledAfterMuck.RETURNED:
        returned, outcome = uncalled, "uncalled-returned"
    elif choice is UncalledAfterMuck.KEPT_IN_POT:
        returned, outcome = beyond, "uncalled-kept"
    else:
        returned, outcome = 0, "uncalled-lost"
    kept = uncalled - returned
    if returned:
        back = phrase("back-to-player", amount=returned, player=player + 1)
        steps = (*steps, Step(StepKind.RETURN_BETS, note=back))
    details = {"player": player, "uncalled": uncalled, "returned": returned, "kept": kept}
    return Ruling(
        "BET-UNCALLED", articles, outcome, {**values, "returned": returned, "kept": kept},
        decision=decision, steps=steps, details=details,
    )  # fmt: skip


def _check_in_hand(hand: Hand, player: int) -> None:
    if not 0 <= player < hand.player_count or hand.is_folded(player):
        raise ParseError(message("player {player} is not in the hand", player=player + 1))


# -- a player showing his own cards (SHOW-EXPOSED-DURING-HAND) -------------------------------------


def exposed_own_cards(hand: Hand, player: int) -> Ruling:
    """Rule on ``player`` showing his own cards while the hand is still being bet
    (SHOW-EXPOSED-DURING-HAND): live with a penalty after the hand (LFP 4.1, GM 31°) or from the
    next hand (TDA 68), or dead (BAN/CARTES).

    Raises ParseError for a player who is not in the hand.

    >>> from pokertd import Hand, rules
    >>> hand = Hand.create(game="nlhe", stacks=[1000] * 3, blinds=(5, 10), seed=1,
    ...                    profile=rules.load("bannalec"))
    >>> str(exposed_own_cards(hand, 2).decision)
    'fold'
    """
    _check_in_hand(hand, player)
    profile = hand.profile
    articles = _field_articles(profile, "exposed_own_cards")
    choice = profile.exposed_own_cards
    values = {"player": player + 1}
    # SHOW-EXPOSED-DURING-HAND
    if choice is ExposedOwnCards.DEAD:
        decision, steps = _kill(hand, player, phrase("cards-shown"))
        details: dict[str, Any] = {"player": player, "is_live": False, "penalty": None}
        return Ruling(
            "SHOW-EXPOSED-DURING-HAND", articles, "shown-own-dead", values, decision=decision,
            steps=steps, details=details,
        )  # fmt: skip
    when = "next-hand" if choice is ExposedOwnCards.LIVE_PENALTY_NEXT_HAND else "after-hand"
    notes = (phrase("lfp-cards-face-up"),) if _book(profile) == "LFP" else ()
    details = {"player": player, "is_live": True, "penalty": when}
    return Ruling(
        "SHOW-EXPOSED-DURING-HAND", articles, "shown-own-live",
        {**values, "when": phrase(f"applied-{when}")}, details=details, notes=notes,
    )  # fmt: skip
