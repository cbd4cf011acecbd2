"""The order of play: substantial action (DEAL-SA-DEFINITION) and conditional statements
(BET-CONDITIONAL), with the text, citation and parsing helpers the floor modules of this family
share (``turns``, ``corrections``, ``irregularities``, ``board``). Acting out of turn (BET-OOT)
is in ``pokertd.floor.turns``.

A ruling's ``decision`` is the action the player to act (``hand.to_act``) must take, and its
``choices`` the actions open to him; either can be given to ``hand.act`` as it is. Players are
PHH indices from 0 and are numbered from 1 in the explanations' values ("player 4" is index 3),
as in the engine's errors.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any, TypeVar

from pokertd.engine import ActionKind, Hand, Legal, Phase
from pokertd.engine.events import BoardDealt, PlayerActed
from pokertd.errors import IllegalActionError, ParseError
from pokertd.floor.rulings import Decision, Phrase, Ruling, Step, StepKind, phrase
from pokertd.messages import message
from pokertd.rules import ConditionalStatement, Profile, SubstantialAction

_FOLD, _CHECK, _CALL = ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL
_BET, _RAISE, _ALL_IN = ActionKind.BET, ActionKind.RAISE, ActionKind.ALL_IN
_WITH_CHIPS = frozenset({_CALL, _BET, _RAISE, _ALL_IN})
_AGGRESSIVE = frozenset({_BET, _RAISE, _ALL_IN})
_BOOKS = ("TDA", "LFP", "GM", "GEN")
_E = TypeVar("_E", bound=StrEnum)

# -- facts, citations and parsing, shared by the floor modules of this family ----------------------


def parse_decision(text: str) -> Decision:
    """Read an action as said at the table: ``"fold"``, ``"check"``, ``"call"``, ``"all-in"``,
    ``"bet 300"``, ``"raise 800"`` or ``"raise to 800"`` (amounts are totals).

    Raises ParseError for anything else.

    >>> parse_decision("raise to 800"), str(parse_decision("Fold"))
    (Decision(kind=<ActionKind.RAISE: 'raise'>, to=800), 'fold')
    """
    words = text.replace(" to ", " ").split()
    if not words or len(words) > 2:
        raise ParseError(
            message(
                "action {text!r} is not a word and an optional amount, e.g. 'raise 800'", text=text
            )
        )
    kind = ActionKind.parse("all-in" if words[0].lower() in ("allin", "all_in") else words[0])
    if kind in (ActionKind.SHOW, ActionKind.MUCK):
        raise ParseError(message("action {text!r} is not a betting action", text=text))
    if len(words) == 1:
        if kind in (_BET, _RAISE):
            raise ParseError(
                message(
                    "action {text!r} needs the total, e.g. '{kind} 800'", text=text, kind=kind.value
                )
            )
        return Decision(kind)
    if kind not in (_BET, _RAISE) or not words[1].isdigit() or int(words[1]) <= 0:
        raise ParseError(
            message(
                "action {text!r}: only a bet or a raise takes an amount, e.g. 'bet 300'", text=text
            )
        )
    return Decision(kind, int(words[1]))


def _as_decision(action: Decision | ActionKind | str) -> Decision:
    if isinstance(action, Decision):
        return action
    if isinstance(action, ActionKind):
        return Decision(action)
    return parse_decision(action)


def _who(player: int) -> str:
    """Return the player as the errors and details name him (PHH numbering from p1)."""
    return f"player {player + 1}"


def named(decision: Decision) -> Phrase:
    """Return a decision as named in a sentence: "a raise to 800", "a fold"."""
    kind, to = decision.kind, decision.to
    if kind in (_BET, _RAISE) and to is not None:
        return phrase(f"named-{kind.value}", to=to)
    if kind in (_FOLD, _CHECK, _CALL):
        return phrase(f"named-{kind.value}")
    return phrase("named-all-in")


def definition(rule: SubstantialAction) -> Phrase:
    """Return what substantial action takes under ``rule`` (DEAL-SA-DEFINITION)."""
    return phrase(f"sa-{rule.value}")


def _split_articles(text: str) -> tuple[str, ...]:
    """Split ``"TDA 35A, 37"`` into ``("TDA 35A", "TDA 37")``; BAN keys stay whole."""
    out: list[str] = []
    book = ""
    for part in (piece.strip() for piece in text.split(",")):
        head = part.split(" ", 1)[0]
        if part.startswith("BAN/"):
            book = ""
            out.append(part)
        elif head in _BOOKS:
            book = head
            out.append(part)
        elif part:
            out.append(f"{book} {part}" if book else part)
    return tuple(out)


def _field_articles(profile: Profile, field: str) -> tuple[str, ...]:
    """Return the articles the value of profile field ``field`` comes from (inherited or not)."""
    return _split_articles(profile.source(field).article)


def _article_book(text: str) -> str:
    return "BAN" if text.startswith("BAN/") else text.split(" ", 1)[0]


def _book(profile: Profile) -> str:
    """Return the citation key of the profile's book; TDA (the root of every profile) for a
    house profile."""
    return profile.book or "TDA"


def _by_book(profile: Profile, table: Mapping[str, tuple[str, ...]]) -> tuple[str, ...]:
    """Return the articles of the profile's book in ``table``, else TDA's, which every profile
    inherits from."""
    return table.get(_book(profile)) or table["TDA"]


def _unique(articles: Sequence[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(articles))


def _options(legal: Legal) -> tuple[Decision, ...]:
    """Return the choices of the player to act: fold, check or call, and the smallest bet or
    raise when he may make one."""
    choices = [Decision(_FOLD), Decision(_CHECK) if legal.check else Decision(_CALL)]
    if legal.min_raise_to is not None:
        choices.append(Decision(_BET if legal.is_opening else _RAISE, legal.min_raise_to))
    return tuple(choices)


def _kill(hand: Hand, player: int, why: Phrase) -> tuple[Decision | None, tuple[Step, ...]]:
    """A dead hand: a fold for the engine when he is to act, else the dealer takes it."""
    decision = Decision(_FOLD) if hand.to_act == player and hand.phase is Phase.BETTING else None
    note = phrase("player-why", player=player + 1, why=why)
    return decision, (Step(StepKind.KILL_HAND, note=note),)


def _check_seat(hand: Hand, player: int | None) -> None:
    """Raise ParseError for a player (when given) who is not in the hand's seats."""
    if player is not None and not 0 <= player < hand.player_count:
        raise ParseError(
            message(
                "there is no player {player} in a hand of {count}",
                player=player + 1,
                count=hand.player_count,
            )
        )


def _legal(hand: Hand, rule: str) -> Legal:
    legal = hand.legal()
    if legal is None or legal.show or legal.muck:
        raise IllegalActionError(message("nobody is to bet now ({rule})", rule=rule), rule=rule)
    return legal


def _fit(decision: Decision, legal: Legal) -> Decision:
    """Return the action the engine takes for ``decision`` by the player to act: a call with
    nothing to call is a check (TDA 55A), a bet or raise stays within the legal bounds, and one
    that can no longer be made (nobody left to call it) is a call."""
    kind = decision.kind
    if kind is _CALL and legal.check:
        return Decision(_CHECK)
    if kind is _CHECK and not legal.check:
        return Decision(_CALL)
    if kind in _AGGRESSIVE:
        low, high = legal.min_raise_to, legal.max_raise_to
        if low is None or high is None:
            return Decision(_CHECK) if legal.check else Decision(_CALL)
        to = high if kind is _ALL_IN else low if decision.to is None else decision.to
        return Decision(_BET if legal.is_opening else _RAISE, min(max(to, low), high))
    return decision


def _enum(kind: type[_E], value: _E | str) -> _E:
    """Read ``value`` as a member of ``kind``; the error names the members."""
    try:
        return kind(value)
    except ValueError:
        known = ", ".join(member.value for member in kind)
        raise ParseError(
            message(
                "unknown {kind} {value!r}; expected one of {known}",
                kind=kind.__name__,
                value=value,
                known=known,
            )
        ) from None


# -- substantial action (DEAL-SA-DEFINITION) -------------------------------------------------------


def is_substantial(
    actions: Sequence[tuple[int, ActionKind]],
    definition: SubstantialAction,
    *,
    is_opened: bool = True,
) -> bool:
    """Return whether ``actions`` (player, kind), in order, make substantial action.

    Posted blinds are never actions. ``is_opened`` says that a bet stood before the first action
    (the big blind before the flop); GEN 1.9 counts only the actions after the opening bet.

    >>> from pokertd.rules import SubstantialAction as SA
    >>> fold_call = [(2, ActionKind.FOLD), (3, ActionKind.CALL)]
    >>> is_substantial(fold_call, SA.TWO_ACTIONS_ONE_WITH_CHIPS_OR_THREE)
    True
    >>> is_substantial(fold_call, SA.TWO_CHIP_ACTIONS_OR_THREE)
    False
    """
    count = len(actions)
    chips = sum(1 for _, kind in actions if kind in _WITH_CHIPS)
    if definition is SubstantialAction.TWO_ACTIONS_ONE_WITH_CHIPS_OR_THREE:
        # TDA 36: not two checks, two folds, or a check and a fold.
        players = {player for player, _ in actions}
        return count >= 3 or (count >= 2 and chips >= 1 and len(players) >= 2)
    if definition is SubstantialAction.TWO_CHIP_ACTIONS_OR_THREE:
        return chips >= 2 or count >= 3  # LFP 2.14
    # GEN 1.9: three players after an opening, or two with a raise among them.
    after = list(actions)
    if not is_opened:
        opening = next((i for i, (_, kind) in enumerate(after) if kind in _AGGRESSIVE), None)
        after = [] if opening is None else after[opening + 1 :]
    players = {player for player, _ in after}
    has_raise = any(kind in (_RAISE, _ALL_IN) for _, kind in after)
    return len(players) >= 3 or (len(players) >= 2 and has_raise)


def _street_start(hand: Hand) -> int:
    events = hand.events
    for index in range(len(events) - 1, -1, -1):
        if isinstance(events[index], BoardDealt):
            return index + 1
    return 0


def _is_opened_at(hand: Hand, index: int) -> bool:
    """Return whether a bet stood at event ``index`` of its round (the big blind pre-flop)."""
    events = hand.events
    for position in range(min(index, len(events)) - 1, -1, -1):
        event = events[position]
        if isinstance(event, BoardDealt):
            return False
        if isinstance(event, PlayerActed) and event.kind in _AGGRESSIVE:
            return True
    return True


def _actions_since(hand: Hand, since: int | None) -> tuple[int, list[PlayerActed]]:
    start = _street_start(hand) if since is None else since
    if not 0 <= start <= len(hand.events):
        raise ParseError(
            message(
                "event index {index} is not in a hand of {count} events",
                index=since,
                count=len(hand.events),
            )
        )
    acted = [event for event in hand.events[start:] if isinstance(event, PlayerActed)]
    return start, acted


def is_substantial_action(hand: Hand, *, since: int | None = None) -> bool:
    """Return whether substantial action (DEAL-SA-DEFINITION, by the hand's profile) has taken
    place since event ``since`` of ``hand.events``, by default since the current betting round
    began.

    Raises ParseError for an index outside the hand.

    >>> from pokertd import Hand, rules
    >>> hand = Hand.create(game="nlhe", stacks=[1000] * 5, blinds=(5, 10), seed=1)
    >>> hand.act(2, "fold"); hand.act(3, "call")
    >>> is_substantial_action(hand)
    True
    >>> lfp = Hand.create(game="nlhe", stacks=[1000] * 5, blinds=(5, 10), seed=1,
    ...                   profile=rules.load("lfp"))
    >>> lfp.act(2, "fold"); lfp.act(3, "call")
    >>> is_substantial_action(lfp)
    False
    """
    start, acted = _actions_since(hand, since)
    actions = [(event.player, event.kind) for event in acted]
    return is_substantial(
        actions, hand.profile.substantial_action, is_opened=_is_opened_at(hand, start)
    )


def substantial_action(hand: Hand, *, since: int | None = None) -> Ruling:
    """Rule on whether substantial action has taken place since event ``since`` (by default since
    the betting round began), naming the actions counted (DEAL-SA-DEFINITION).

    ``details`` give ``substantial_action``, the ``actions`` counted and how many put chips in.

    >>> from pokertd import Hand
    >>> hand = Hand.create(game="nlhe", stacks=[1000] * 5, blinds=(5, 10), seed=1)
    >>> hand.act(2, "fold"); hand.act(3, "call")
    >>> ruling = substantial_action(hand)
    >>> ruling.details["substantial_action"], ruling.articles
    (True, ('TDA 36',))
    """
    profile = hand.profile
    start, acted = _actions_since(hand, since)
    is_sa = is_substantial_action(hand, since=start)
    listed = [f"{_who(event.player)} {event.kind.value}" for event in acted]
    chips = sum(1 for event in acted if event.kind in _WITH_CHIPS)
    done = tuple(
        phrase("player-acted", player=event.player + 1, action=event.kind.value) for event in acted
    )
    values = {
        "scope": phrase("since-round-began") if since is None else phrase("since-event", at=start),
        "done": done or phrase("no-action"),
        "count": len(acted),
        "chips": chips,
        "definition": definition(profile.substantial_action),
    }
    details = {
        "substantial_action": is_sa,
        "since": start,
        "actions": listed,
        "chip_actions": chips,
        "definition": profile.substantial_action.value,
    }
    return Ruling(
        "DEAL-SA-DEFINITION", _field_articles(profile, "substantial_action"),
        "is-substantial" if is_sa else "not-substantial", values, details=details,
    )  # fmt: skip


# -- conditional statements ------------------------------------------------------------------------


def conditional_statement(
    hand: Hand,
    action: Decision | ActionKind | str,
    *,
    is_met: bool,
) -> Ruling:
    """Rule on the conditional statement ("if you bet, I raise") of the player to act, now that
    his turn has come and its condition ``is_met`` or not (BET-CONDITIONAL).

    LFP 7.23: it binds when the condition is met, and it is penalised. TDA 59A: it binds at the
    TD's discretion, and may be penalised. A raise without an amount is the minimum raise.

    Raises IllegalActionError when nobody is to bet, ParseError for an unreadable action.

    >>> from pokertd import Hand, rules
    >>> hand = Hand.create(game="nlhe", stacks=[1000] * 3, blinds=(50, 100), seed=1,
    ...                    profile=rules.load("lfp"))
    >>> str(conditional_statement(hand, ActionKind.RAISE, is_met=True).decision)
    'raise 200'
    """
    profile = hand.profile
    legal = _legal(hand, "BET-CONDITIONAL")
    player = legal.player
    decision = _as_decision(action)
    fitted = _fit(decision, legal)
    articles = _field_articles(profile, "conditional_statement")
    details: dict[str, Any] = {"player": player, "is_met": is_met, "penalty": True}
    values = {"player": player + 1, "action": named(decision if not is_met else fitted)}
    if not is_met:
        return Ruling(
            "BET-CONDITIONAL", articles, "condition-not-met", values, choices=_options(legal),
            details=details,
        )  # fmt: skip
    # BET-CONDITIONAL
    if profile.conditional_statement is ConditionalStatement.BINDING_IF_MET:
        return Ruling(
            "BET-CONDITIONAL", articles, "condition-binds", values, decision=fitted,
            details=details,
        )  # fmt: skip
    return Ruling(
        "BET-CONDITIONAL", articles, "condition-td", values, decision=fitted,
        choices=_options(legal), td_decides=True, details=details,
    )  # fmt: skip
