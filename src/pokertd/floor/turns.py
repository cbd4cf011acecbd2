"""Acting out of turn (BET-OOT): declarations kept beside the hand, and the rulings for the player
skipped and for the declarer when his own turn comes.

A ruling's ``decision`` is the action the player to act (``hand.to_act``) must take, and its
``choices`` the actions open to him; either can be given to ``hand.act`` as it is. Players are
PHH indices from 0 and are numbered from 1 in the explanations' values ("player 4" is index 3),
as in the engine's errors.

The engine refuses an action out of turn (BET-OOT). The floor keeps it beside the hand as a
``Declaration`` (who, what, the bet he faced, the players he passed over) and rules on it when the
skipped player acts (``skipped_player_acts``) and when the declarer's own turn comes
(``resolve_turn``). The caller keeps the declarations of the betting round in a tuple; they need
no pruning, since a declaration made on another street, or followed by an action of its declarer,
is settled.

Two books have an out-of-turn rule and no substantial-action rule: GM 30° and BAN/ANNONCES. Their
profiles inherit TDA 36 and 44B, but GM and BAN state no exception after substantial action, so
pokertd applies their own rule throughout: the skipped player acts normally (EX-42, expect[GM 30°,
BAN]).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pokertd.engine import ActionKind, Betting, Hand, Legal
from pokertd.engine.events import PlayerActed
from pokertd.errors import IllegalActionError, ParseError
from pokertd.floor.order import (
    _AGGRESSIVE,
    _article_book,
    _as_decision,
    _book,
    _by_book,
    _check_seat,
    _field_articles,
    _fit,
    _legal,
    _options,
    _unique,
    _who,
    definition,
    is_substantial,
    named,
)
from pokertd.floor.rulings import Decision, Phrase, Ruling, phrase
from pokertd.messages import message
from pokertd.rules import MinRaise, OutOfTurnAfterSubstantialAction, Profile

_FOLD, _CHECK, _CALL = ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL
_BET, _RAISE, _ALL_IN = ActionKind.BET, ActionKind.RAISE, ActionKind.ALL_IN

#: BET-OOT before substantial action (or in a book without it): the article of each book.
#: GEN 1.12 is text missing, so GEN reads TDA 44A.
_OOT_ARTICLES: Mapping[str, tuple[str, ...]] = {
    "TDA": ("TDA 44A",),
    "LFP": ("LFP 7.20",),
    "GM": ("GM 30°",),
    "BAN": ("BAN/ANNONCES",),
}
_OOT_FOLD_ARTICLES: Mapping[str, tuple[str, ...]] = {
    "TDA": ("TDA 44A", "TDA 58"),
    "LFP": ("LFP 7.20",),
    "GM": ("GM 30°", "TDA 58"),
    "BAN": ("BAN/ANNONCES", "TDA 58"),
}


# -- declarations ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Declaration:
    """An action declared out of turn, held until its declarer's turn comes (BET-OOT).

    ``skipped`` are the players passed over, in turn order; ``facing`` is the bet he faced when
    he spoke, the earlier declarations included; ``at`` is ``len(hand.events)`` at that moment.

    >>> from pokertd import Hand
    >>> hand = Hand.create(game="nlhe", stacks=[1000] * 6, blinds=(50, 100), seed=1)
    >>> str(declare(hand, 4, "raise 300"))
    'player 5: raise 300'
    """

    player: int
    action: Decision
    skipped: tuple[int, ...]
    facing: int
    street: int
    at: int

    def __str__(self) -> str:
        return f"{_who(self.player)}: {self.action}"

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON shape used in the rulings' ``details``."""
        return {
            "player": self.player,
            "action": str(self.action),
            "skipped": list(self.skipped),
            "facing": self.facing,
        }


def _is_settled(hand: Hand, declaration: Declaration) -> bool:
    if declaration.street != hand.street:
        return True
    return any(
        isinstance(event, PlayerActed) and event.player == declaration.player
        for event in hand.events[declaration.at :]
    )


def _open(hand: Hand, pending: Sequence[Declaration]) -> list[Declaration]:
    return [declaration for declaration in pending if not _is_settled(hand, declaration)]


def _level(declarations: Sequence[Declaration], current: int) -> int:
    levels = [d.action.to or 0 for d in declarations if d.action.kind in _AGGRESSIVE]
    return max([current, *levels])


def _min_raise_over(hand: Hand, levels: Sequence[int]) -> int:
    """Return the smallest full raise over a bet raised out of turn through ``levels``
    (BET-MINRAISE: TDA 47A largest increment, LFP 7.11 double)."""
    full = hand.full_raise_to()
    assert full is not None
    if not levels:
        return full
    current = hand.current_bet
    increment = full - current
    if hand.game.betting is Betting.FIXED_LIMIT:
        return levels[-1] + increment
    previous = current
    for level in levels:
        if level - previous >= increment:
            increment = level - previous
        previous = level
    if hand.profile.min_raise is MinRaise.DOUBLE_PREVIOUS:
        return max(2 * levels[-1], levels[-1] + hand.setup.blinds[1])
    return levels[-1] + increment


def declare(
    hand: Hand,
    actor: int,
    action: Decision | ActionKind | str,
    *,
    pending: Sequence[Declaration] = (),
) -> Declaration:
    """Record ``actor``'s action out of turn, after the ``pending`` declarations of the round.

    A call with nothing to call is a check (TDA 55A); "all-in" is a call or a raise to his whole
    stack; a bet or raise names its total and must be a full raise over what he faced.

    Raises IllegalActionError when the actor is the player to act, is out of the hand or all-in,
    has already declared, or names an amount his stack or the minimum raise forbids; ParseError for
    an unreadable action.
    """
    decision = _as_decision(action)
    to_act = _check_declarer(hand, actor)
    earlier = _open(hand, pending)
    if any(d.player == actor for d in earlier):
        raise IllegalActionError(
            message(
                "player {player} has already declared an action out of turn (BET-OOT)",
                player=actor + 1,
            ),
            rule="BET-OOT",
        )
    facing = _level(earlier, hand.current_bet)
    decision = _binding(hand, actor, decision, facing, earlier)
    skipped: list[int] = []
    player = to_act
    while player != actor:
        if not hand.is_folded(player) and not hand.is_all_in(player):
            skipped.append(player)
        player = (player + 1) % hand.player_count
    return Declaration(actor, decision, tuple(skipped), facing, hand.street, len(hand.events))


def _check_declarer(hand: Hand, actor: int) -> int:
    """Check that ``actor`` may act out of turn (BET-OOT); return the player to act."""
    _check_seat(hand, actor)
    to_act = _legal(hand, "BET-OOT").player
    if actor == to_act:
        template = message("player {player} is to act: he is in turn (BET-OOT)", player=actor + 1)
    elif hand.is_folded(actor):
        template = message("player {player} is out of the hand (BET-OOT)", player=actor + 1)
    elif hand.is_all_in(actor):
        template = message("player {player} is all-in (BET-OOT)", player=actor + 1)
    else:
        return to_act
    raise IllegalActionError(template, rule="BET-OOT")


def _binding(
    hand: Hand, actor: int, decision: Decision, facing: int, earlier: Sequence[Declaration]
) -> Decision:
    """Return the action ``actor`` declared, as it binds: a call with nothing to call is a check
    (TDA 55A), all-in a call or a raise to his whole stack, a bet or raise a full raise over the
    bet he faced (BET-MINRAISE) within his stack (ENGINE-STACK)."""
    all_in_to = hand.bets[actor] + hand.stacks[actor]
    kind = decision.kind
    if kind is _ALL_IN:
        kind = _BET if facing == 0 else _RAISE
        return Decision(_CALL) if all_in_to <= facing else Decision(kind, all_in_to)
    if kind is _CALL and facing <= hand.bets[actor]:
        return Decision(_CHECK)
    if kind not in (_BET, _RAISE):
        return decision
    to = decision.to
    if to is None:
        raise ParseError(
            message(
                "{kind} out of turn needs its total, e.g. '{kind} 800' (BET-OOT)", kind=kind.value
            )
        )
    values = {"player": actor + 1, "kind": kind.value, "to": to}
    if to > all_in_to:
        raise IllegalActionError(
            message(
                "player {player}: {kind} to {to} is more than his {stack} (ENGINE-STACK)",
                **values,
                stack=all_in_to,
            ),
            rule="ENGINE-STACK",
        )
    levels = [d.action.to or 0 for d in earlier if d.action.kind in _AGGRESSIVE]
    minimum = _min_raise_over(hand, levels)
    if to <= facing or (to < minimum and to < all_in_to):
        raise IllegalActionError(
            message(
                "player {player}: {kind} to {to} is below the minimum {minimum} (BET-MINRAISE)",
                **values,
                minimum=minimum,
            ),
            rule="BET-MINRAISE",
        )
    return Decision(_BET if facing == 0 else _RAISE, to)


# -- rulings ---------------------------------------------------------------------------------------


def _has_own_sa_rule(profile: Profile) -> bool:
    """Return whether the profile's book defines substantial action itself (TDA 36, LFP 2.14,
    GEN 1.9); GM and BAN inherit TDA 36 without a rule of their own."""
    return not profile.book or _article_book(profile.source("substantial_action").article) in (
        profile.book,
        "",
    )


def _fold_or_call(legal: Legal) -> tuple[Decision, ...]:
    return (Decision(_FOLD), Decision(_CHECK) if legal.check else Decision(_CALL))


def _has_sa_exception(profile: Profile) -> bool:
    """Return whether the profile's out-of-turn rule changes after substantial action: not in a
    book with an out-of-turn rule and no substantial-action rule (GM 30°, BAN/ANNONCES)."""
    return _has_own_sa_rule(profile) or _book(profile) not in _OOT_ARTICLES


def _after_sa_articles(profile: Profile) -> tuple[str, ...]:
    sources = ("out_of_turn_after_sa", "substantial_action")
    return _unique([article for name in sources for article in _field_articles(profile, name)])


def _count(items: Sequence[object], key: str, **values: Any) -> Phrase:
    """Return the phrase ``key`` for one item (``-one``) or several (``-many``)."""
    return phrase(f"{key}-one" if len(items) == 1 else f"{key}-many", **values)


def _relevant(player: int, declarations: Sequence[Declaration]) -> list[Declaration]:
    return [d for d in declarations if player in d.skipped]


def _sa_among(hand: Hand, declarations: Sequence[Declaration]) -> bool:
    """Return whether the declarations made to a skipped player's left make substantial action
    (TDA 44B, LFP 7.21), where the book has that exception at all."""
    profile = hand.profile
    if not _has_sa_exception(profile) or not declarations:
        return False
    actions = [(d.player, d.action.kind) for d in declarations]
    is_opened = hand.street == 0 or declarations[0].facing > 0
    return is_substantial(actions, profile.substantial_action, is_opened=is_opened)


def _declared(declarations: Sequence[Declaration]) -> tuple[Phrase, ...]:
    """Return the declarations named in a list: "player 5 (a raise to 300)"."""
    return tuple(
        phrase("declared", player=d.player + 1, action=named(d.action)) for d in declarations
    )


def _players(declarations: Sequence[Declaration]) -> tuple[Phrase, ...]:
    return tuple(phrase("player-name", player=d.player + 1) for d in declarations)


def _facing(legal: Legal, facing: int) -> Phrase:
    return phrase("facing-amount", amount=facing) if legal.call else phrase("no-bet-to-call")


def _skipped_ruling(
    hand: Hand, declarations: Sequence[Declaration], lead: tuple[Phrase, ...] = ()
) -> Ruling:
    """Rule on what the skipped player to act may do, given the declarations to his left."""
    profile = hand.profile
    legal = _legal(hand, "BET-OOT")
    player = legal.player
    is_sa = _sa_among(hand, declarations)
    listed = [d.to_dict() for d in declarations]
    details: dict[str, Any] = {"to_act": player, "declarations": listed}
    details["substantial_action"] = is_sa
    values = {"player": player + 1, "facing": _facing(legal, hand.current_bet)}
    if not is_sa:
        articles, notes = _before_sa(hand, legal, declarations)
        return Ruling(
            "BET-OOT", articles, "action-back", values, choices=_options(legal),
            details=details, lead=lead, notes=notes,
        )  # fmt: skip
    # BET-OOT after substantial action: TDA 44B, LFP 7.21.
    articles = _after_sa_articles(profile)
    stand = phrase("not-spoken-up", player=player + 1, listed=_declared(declarations))
    details["restricted"] = True
    if profile.out_of_turn_after_sa is OutOfTurnAfterSubstantialAction.FOLD_OR_CALL:
        return Ruling(
            "BET-OOT", articles, "fold-or-call-only", values, choices=_fold_or_call(legal),
            details=details, lead=(*lead, stand),
        )  # fmt: skip
    return Ruling(
        "BET-OOT", articles, "td-decides-hand", values, choices=_fold_or_call(legal),
        td_decides=True, details=details, lead=(*lead, stand),
    )  # fmt: skip


def _before_sa(
    hand: Hand, legal: Legal, declarations: Sequence[Declaration]
) -> tuple[tuple[str, ...], tuple[Phrase, ...]]:
    """Return the articles and the notes of a ruling for a player skipped before substantial
    action: what each of his options does to the declarations (BET-OOT: TDA 44A, LFP 7.20...)."""
    profile = hand.profile
    folds = [d for d in declarations if d.action.kind is _FOLD]
    others = [d for d in declarations if d.action.kind is not _FOLD]
    notes: list[Phrase] = []
    if others:
        # BET-OOT: name only what he can do; facing a bet he cannot check, and he raises.
        key = "oot-if-facing" if legal.call else "oot-if-open"
        notes.append(_count(others, key, listed=_declared(others)))
    if folds:
        notes.append(phrase("oot-folds-stand", players=_players(folds)))
    if any(d.action.kind is _FOLD and d.facing == 0 for d in declarations):
        notes.append(phrase("fold-when-check-possible"))
    notes.append(phrase("oot-may-be-penalised"))
    articles = _by_book(profile, _OOT_FOLD_ARTICLES if folds else _OOT_ARTICLES)
    if len(declarations) >= 2 and _has_sa_exception(profile):
        rule = definition(profile.substantial_action)
        notes.append(phrase("oot-not-substantial", definition=rule))
        articles = _unique([*articles, *_field_articles(profile, "substantial_action")])
    return articles, tuple(notes)


def out_of_turn(
    hand: Hand,
    actor: int,
    action: Decision | ActionKind | str,
    *,
    pending: Sequence[Declaration] = (),
) -> Ruling:
    """Rule on ``actor`` acting out of turn while ``hand.to_act`` is to act (BET-OOT).

    The ruling speaks to the skipped player: his ``choices``, and what each of them does to the
    declarations (``details["declarations"]``, this one last). Keep
    ``(*pending, declare(hand, actor, action, pending=pending))`` to carry on.

    Raises as ``declare`` does.

    >>> from pokertd import Hand
    >>> hand = Hand.create(game="nlhe", stacks=[1000] * 6, blinds=(50, 100), seed=1)
    >>> ruling = out_of_turn(hand, 4, "raise 300")
    >>> [str(choice) for choice in ruling.choices], ruling.articles
    (['fold', 'call', 'raise 200'], ('TDA 44A',))
    """
    declaration = declare(hand, actor, action, pending=pending)
    declarations = [*_open(hand, pending), declaration]
    skipped = declaration.skipped[0]
    lead = phrase(
        "acted-out-of-turn",
        player=actor + 1,
        action=named(declaration.action),
        skipped=skipped + 1,
    )
    return _skipped_ruling(hand, _relevant(skipped, declarations), (lead,))


def skipped_player_acts(
    hand: Hand,
    pending: Sequence[Declaration],
    action: Decision | ActionKind | str,
) -> Ruling:
    """Rule on the skipped player to act taking ``action`` (BET-OOT): ``decision`` is his action
    for the engine, and ``details["declarations"]`` say which declarations still stand (a check,
    call or fold changes nothing; a bet or raise voids all but the folds).

    Raises IllegalActionError when he may only fold or call (LFP 7.21) and bets or raises, or when
    the engine would refuse the action.
    """
    profile = hand.profile
    legal = _legal(hand, "BET-OOT")
    player = legal.player
    decision = _as_decision(action)
    declarations = _relevant(player, _open(hand, pending))
    restriction = _skipped_ruling(hand, declarations)
    is_raising = decision.kind in _AGGRESSIVE and (
        decision.kind is _ALL_IN or (decision.to or 0) > hand.current_bet
    )
    is_fold_or_call = profile.out_of_turn_after_sa is OutOfTurnAfterSubstantialAction.FOLD_OR_CALL
    if is_raising and is_fold_or_call and restriction.details.get("restricted"):
        raise IllegalActionError(
            message(
                "player {player} may only fold or call after substantial action out of turn "
                "(BET-OOT)",
                player=player + 1,
            ),
            rule="BET-OOT",
            action=f"p{player + 1} {decision}",
        )
    fitted = _check_engine(decision, legal, player)
    changed = fitted.kind in _AGGRESSIVE
    standing = [
        {**d.to_dict(), "stands": d.action.kind is _FOLD or not changed} for d in declarations
    ]
    void = [d for d in declarations if changed and d.action.kind is not _FOLD]
    kept = [d for d in declarations if d not in void and d.action.kind is not _FOLD]
    folds = [d for d in declarations if d.action.kind is _FOLD]
    notes: list[Phrase] = []
    if void:
        notes.append(_count(void, "oot-void", listed=_declared(void)))
    if kept:
        notes.append(_count(kept, "oot-kept", listed=_declared(kept)))
    if folds:
        notes.append(phrase("oot-folds-final", players=_players(folds)))
    if not declarations:
        notes.append(phrase("no-declaration-waits"))
    is_sa = restriction.details["substantial_action"]
    details = {"to_act": player, "declarations": standing, "substantial_action": is_sa}
    values = {"player": player + 1, "action": named(fitted)}
    return Ruling(
        "BET-OOT", restriction.articles, "acts-in-turn", values, decision=fitted,
        td_decides=restriction.td_decides, details=details, notes=tuple(notes),
    )  # fmt: skip


def _check_engine(decision: Decision, legal: Legal, player: int) -> Decision:
    """Return ``decision`` as the engine takes it, or raise what the engine would raise."""
    fitted = _fit(decision, legal)
    kind = decision.kind
    if (kind is _CHECK and not legal.check) or (
        kind in (_BET, _RAISE) and (legal.min_raise_to is None or fitted.to != decision.to)
    ):
        raise IllegalActionError(
            message(
                "player {player} may not take {action} now (BET-OOT)",
                player=player + 1,
                action=str(decision),
            ),
            rule="BET-OOT",
            action=f"p{player + 1} {decision}",
        )
    return fitted


def _restriction_of(hand: Hand, player: int, pending: Sequence[Declaration]) -> int | None:
    """Return the bet up to which ``player`` may only fold or call, having been skipped before
    substantial action (LFP 7.21; TDA 44B as the TD restricts him), or None."""
    events = hand.events
    street_pending = [d for d in pending if d.street == hand.street and player in d.skipped]
    if not street_pending:
        return None
    first = min(d.at for d in street_pending)
    decision_at = None
    for index in range(first, len(events)):
        event = events[index]
        if isinstance(event, PlayerActed) and event.player == player:
            decision_at = index
            break
    if decision_at is None:
        return None
    before = [d for d in street_pending if d.at <= decision_at]
    if not _sa_among(hand, before):
        return None
    limit = _level(before, max(d.facing for d in before))
    return limit if hand.current_bet <= limit else None


def resolve_turn(hand: Hand, pending: Sequence[Declaration]) -> Ruling:
    """Rule on what the player to act must or may do, given the round's out-of-turn
    ``pending`` declarations (BET-OOT).

    A declarer whose action to him has not changed is held to his declaration (``decision``);
    after a change he has all his options (``choices``); a fold out of turn always binds. A
    skipped player gets his options, restricted after substantial action. Anyone else acts freely.

    Raises IllegalActionError when nobody is to bet.

    >>> from pokertd import Hand
    >>> hand = Hand.create(game="nlhe", stacks=[1000] * 6, blinds=(50, 100), seed=1)
    >>> pending = (declare(hand, 4, "raise 300"),)
    >>> hand.act(2, "call"); hand.act(3, "fold")
    >>> str(resolve_turn(hand, pending).decision)
    'raise 300'
    """
    profile = hand.profile
    legal = _legal(hand, "BET-OOT")
    player = legal.player
    open_ = _open(hand, pending)
    own = next((d for d in open_ if d.player == player), None)
    if own is not None:
        return _declarer_ruling(hand, legal, own)
    limit = _restriction_of(hand, player, pending)
    if limit is not None:
        articles = _after_sa_articles(profile)
        is_td = profile.out_of_turn_after_sa is OutOfTurnAfterSubstantialAction.TD_DECIDES
        notes = (phrase("td-decides-restriction"),) if is_td else ()
        details = {"to_act": player, "restricted_up_to": limit}
        return Ruling(
            "BET-OOT", articles, "restricted-skipped", {"player": player + 1, "limit": limit},
            choices=_fold_or_call(legal), td_decides=is_td, details=details, notes=notes,
        )  # fmt: skip
    relevant = _relevant(player, open_)
    if relevant:
        return _skipped_ruling(hand, relevant)
    return Ruling(
        "BET-OOT", _by_book(profile, _OOT_ARTICLES), "acts-freely", {"player": player + 1},
        choices=_options(legal), details={"to_act": player},
    )  # fmt: skip


def _declarer_ruling(hand: Hand, legal: Legal, declaration: Declaration) -> Ruling:
    profile = hand.profile
    player = declaration.player
    action = declaration.action
    current = hand.current_bet
    details: dict[str, Any] = {"to_act": player, "declaration": declaration.to_dict()}
    values = {"player": player + 1, "action": named(action)}
    if action.kind is _FOLD:
        details["stands"] = True
        articles = _by_book(profile, _OOT_FOLD_ARTICLES)
        return Ruling(
            "BET-OOT", articles, "oot-fold-stands", values, decision=Decision(_FOLD),
            details=details,
        )  # fmt: skip
    articles = _by_book(profile, _OOT_ARTICLES)
    if current != declaration.facing:
        details["stands"] = False
        values.update(faced=declaration.facing, current=current)
        return Ruling(
            "BET-OOT", articles, "declaration-void", values, choices=_options(legal),
            details=details,
        )  # fmt: skip
    details["stands"] = True
    values["unchanged"] = phrase("unchanged-since", **values)
    if action.kind is _CHECK and not legal.check:
        # BET-INCORRECT-DECLARATION (TDA 55): "check" facing a bet allows a call or a fold.
        return Ruling(
            "BET-OOT", _unique([*articles, "TDA 55"]), "declared-check-facing-bet",
            {**values, "current": current}, choices=_fold_or_call(legal), details=details,
        )  # fmt: skip
    fitted = _fit(action, legal)
    is_call = fitted.kind is _CALL and action.kind in _AGGRESSIVE
    notes = (phrase("nobody-to-call-raise"),) if is_call else ()
    return Ruling(
        "BET-OOT", articles, "declaration-binds", {**values, "fitted": named(fitted)},
        decision=fitted, details=details, notes=notes,
    )  # fmt: skip
