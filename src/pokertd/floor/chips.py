"""What a player's chips and words amount to: ``interpret(hand, chips=..., say=...)`` → ``Ruling``.

The player is the one to act in ``hand``. ``chips`` are the chips he pushed now, by denomination,
added to those already in front of him (TDA 51, Add.51-A) unless he pulled those back. The ruling's
decision (or each of its choices) is an action the engine accepts for him now; it never puts in
more than he has. Each branch names its catalogue rule and cites the profile's book, or the book the
profile inherits the rule from.

Silent chips (BET-SINGLE-CHIP, BET-MULTI-CHIP, BET-PRIOR-CHIPS, BET-OVERBET-FOR-CHANGE,
BET-UNDERBET, BET-STRING, BET-TAP, BET-WITHDRAW) are ruled here; words (BET-VERBAL-BINDING,
BET-VERBAL-TOTAL, BET-VERBAL-VS-CHIPS, BET-AMBIGUOUS-AMOUNT, BET-INCORRECT-DECLARATION,
BET-POT-DECLARATION-NL) in ``pokertd.floor.verbal``; the 50 % rule (BET-UNDERRAISE-50) and
undercalls (BET-UNDERCALL), where both end, in ``pokertd.floor.spot``.

>>> from pokertd import Hand, rules
>>> hand = Hand.create(game="nlhe", stacks=[20_000] * 4, blinds=(250, 500), seed=1)
>>> hand.act(2, "raise", to=1100)
>>> ruling = interpret(hand, chips=[500, 1000])
>>> str(ruling.decision), ruling.rule, ruling.articles
('call 1100', 'BET-MULTI-CHIP', ('TDA 50A',))
>>> str(interpret(hand, chips=[1000, 100, 100, 100, 100, 100]).decision)
'raise 1700'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from pokertd.engine import Hand, Phase
from pokertd.errors import ParseError
from pokertd.floor.citations import cite, field_article
from pokertd.floor.rulings import Decision, Phrase, Ruling, phrase
from pokertd.floor.spot import (
    FOLD,
    Spot,
    all_in,
    call,
    chips_text,
    either,
    fifty,
    minimum,
    no_raise,
    options,
    push_lead,
    ruling,
    undercall,
    wager,
)
from pokertd.floor.verbal import UNDERBET, read_words, with_chips
from pokertd.floor.words import parse_declaration
from pokertd.messages import message
from pokertd.rules import MultiChipCallTest, SingleChipFacingBet, SingleChipOpening, StringBet, Tap

__all__ = ["interpret"]

#: TDA 50B: chips beyond the call are judged by the 50 % standard, or all-in if the last chips.
_RULE_50B = {"TDA": "50B"}
#: Add.51-A: chips added to earlier chips (BET-PRIOR-CHIPS).
_PRIOR = {"TDA": "51A, Add.51-A"}


def interpret(
    hand: Hand,
    *,
    chips: Sequence[int] = (),
    say: str | None = None,
    said_first: str | None = None,
    pulled_back: bool = False,
    string_bet: bool = False,
    tap: bool = False,
    in_front: int | None = None,
) -> Ruling:
    """Rule on what the player to act just did: chips pushed, words said, a tap on the table.

    ``chips`` are the chips pushed now, by denomination; ``say`` the words (English or French);
    ``said_first`` is ``"words"`` or ``"chips"`` when one came before the other, ``None`` when they
    were simultaneous (TDA 40A); ``pulled_back`` says he first pulled back the chips he had in
    front (TDA 51B: he may then not fold); ``string_bet`` that the chips went out in several
    motions, listed in order; ``tap`` a tap on the table. ``in_front`` is the value of the chips
    physically in front of him when it differs from his bet: a blind posted with a larger chip
    (Add.51-A Situation 3), or a bet partly pulled back (Situation 2.3).

    Raises ParseError when nobody is to bet, for chips he does not have, for words it cannot read,
    and for options that do not go together.
    """
    if said_first not in (None, "words", "chips"):
        raise ParseError(message("said_first is 'words' or 'chips', not {said!r}", said=said_first))
    spot = _read_spot(hand, chips, pulled_back=pulled_back, in_front=in_front)
    if tap:
        if chips or say is not None:
            raise ParseError(
                message("a tap on the table is an action on its own; give no chips or words")
            )
        return _tap(spot)
    if string_bet and not chips:
        raise ParseError(
            message("a string bet needs the chips put out, in the order they went out")
        )
    if said_first is not None and (say is None or not chips):
        raise ParseError(
            message("said_first tells which came first of the words and the chips: give both")
        )
    declaration = None if say is None else parse_declaration(say, big_blind=spot.big_blind)
    if declaration is None and not chips:
        if spot.is_pulled_back:
            return _no_fold(spot, _pulled_back_only(spot))
        raise ParseError(
            message("nothing to rule on: give the chips pushed, the words said or a tap")
        )
    chips_ruling = read_chips(spot, is_string=string_bet) if chips else None
    if declaration is None:
        assert chips_ruling is not None
        result = chips_ruling
    elif chips_ruling is None:
        result = read_words(spot, declaration, say or "")
    else:
        result = with_chips(spot, declaration, say or "", chips_ruling, said_first)
    return _no_fold(spot, result)


def _read_spot(
    hand: Hand, chips: Sequence[int], *, pulled_back: bool, in_front: int | None
) -> Spot:
    legal = hand.legal()
    full = hand.full_raise_to()
    if legal is None or legal.show or hand.phase is not Phase.BETTING or full is None:
        raise ParseError(
            message("nobody is to bet in this hand now: it is at {phase}", phase=hand.phase)
        )
    player = legal.player
    pushed = tuple(chips)
    for chip in pushed:
        if chip.__class__ is not int or chip <= 0:
            raise ParseError(message("a chip is a whole number above 0, not {chip!r}", chip=chip))
    bet, stack = hand.bets[player], hand.stacks[player]
    if pulled_back and in_front is not None:
        raise ParseError(message("give pulled_back or in_front, not both"))
    if pulled_back and bet == 0:
        raise ParseError(
            message("player {player} has no chips in front to pull back", player=player + 1)
        )
    front = 0 if pulled_back else bet if in_front is None else in_front
    if not 0 <= front <= bet + stack:
        raise ParseError(
            message(
                "player {player} cannot have {front} in front: he has {stack} in all",
                player=player + 1,
                front=front,
                stack=bet + stack,
            )
        )
    behind = bet + stack - front
    if sum(pushed) > behind:
        raise ParseError(
            message(
                "player {player} has {behind} behind; he cannot push {chips}",
                player=player + 1,
                behind=behind,
                chips=chips_text(pushed),
            )
        )
    return Spot(
        hand=hand,
        profile=hand.profile,
        player=player,
        legal=legal,
        bet=bet,
        stack=stack,
        current=hand.current_bet,
        full=full,
        big_blind=hand.setup.blinds[1] or 1,
        front=front,
        pushed=pushed,
        is_pulled_back=front < bet,
    )


# -- silent chips ---------------------------------------------------------------------------------


def read_chips(spot: Spot, *, is_string: bool = False) -> Ruling:
    """Rule on chips pushed without a word (the words, if any, are weighed by the caller)."""
    if is_string:
        return _string(spot)
    if spot.is_opening:
        return _opening(spot)
    total = spot.total
    lead = (push_lead(spot),)
    if total < spot.current:
        if total >= spot.all_in_to:
            return _last_chips_call(spot, lead)
        return undercall(spot, total, lead=lead, spoken=False)
    # BET-MULTI-CHIP: TDA 50A tests the smallest chip; LFP 7.27 identical chips only.
    if spot.profile.multi_chip_call_test is MultiChipCallTest.REMOVE_ONE_SMALLEST_CHIP:
        return _smallest_chip_test(spot, lead)
    return _identical_chips_test(spot, lead)


def _last_chips_call(spot: Spot, lead: tuple[Phrase, ...]) -> Ruling:
    decision = call(spot)
    rule = "BET-SINGLE-CHIP" if len(spot.pushed) == 1 else "BET-MULTI-CHIP"
    return ruling(
        spot, rule, (cite(spot.profile, rule),), "all-chips-call-all-in", {"decision": decision},
        lead=lead, decision=decision,
    )  # fmt: skip


def _smallest_chip_test(spot: Spot, lead: tuple[Phrase, ...]) -> Ruling:
    """TDA 49, 50 and Add.51-A: one chip is a call; several are a call if every chip is needed."""
    profile = spot.profile
    pushed = spot.pushed
    has_prior = spot.front > 0 or spot.is_pulled_back
    if spot.front >= spot.current:
        # BET-PRIOR-CHIPS, Add.51-A Situation 3: the chips in front already cover the call.
        return _beyond_call(
            spot,
            (*lead, phrase("front-covers-call", front=spot.front)),
            (cite(profile, "BET-PRIOR-CHIPS", _PRIOR), cite(profile, "BET-MULTI-CHIP", _RULE_50B)),
            rule="BET-PRIOR-CHIPS",
        )
    partly = spot.is_pulled_back and spot.front > 0
    tested = (*pushed, spot.front) if partly else pushed
    rule = "BET-PRIOR-CHIPS" if has_prior else "BET-MULTI-CHIP"
    if len(tested) == 1:
        return _single_chip_call(spot, lead, has_prior)
    smallest = min(tested)
    values = {"chip": smallest, "rest": spot.total - smallest, "current": spot.current}
    if spot.total - smallest < spot.current:
        decision = call(spot)
        articles: tuple[str, ...] = (field_article(profile, "multi_chip_call_test"),)
        if has_prior:
            articles = (cite(profile, rule, _PRIOR), *articles)
        return ruling(
            spot, rule, articles, "every-chip-needed", {**values, "decision": decision},
            lead=lead, decision=decision,
        )  # fmt: skip
    why = phrase("not-a-call", **values)
    articles = (field_article(profile, "multi_chip_call_test"), cite(profile, rule, _RULE_50B))
    if partly:
        articles = (cite(profile, "BET-PRIOR-CHIPS", _PRIOR), *articles)
    if spot.front + max(pushed) > spot.current and not has_prior:
        # BET-OVERBET-FOR-CHANGE (TDA 61): one chip covered the call; the rest were for change.
        return _beyond_call(
            spot,
            (*lead, why, phrase("change-at-risk")),
            (*articles, cite(profile, "BET-OVERBET-FOR-CHANGE")),
            rule="BET-OVERBET-FOR-CHANGE",
        )
    return _beyond_call(spot, (*lead, why), articles, rule=rule)


def _single_chip_call(spot: Spot, lead: tuple[Phrase, ...], has_prior: bool) -> Ruling:
    """One chip larger than needed, facing a bet or the blinds, is a call (BET-SINGLE-CHIP)."""
    profile = spot.profile
    decision = call(spot)
    chip = spot.pushed[0]
    rule = "BET-PRIOR-CHIPS" if has_prior and profile.multi_chip_call_test is (
        MultiChipCallTest.REMOVE_ONE_SMALLEST_CHIP
    ) else "BET-SINGLE-CHIP"  # fmt: skip
    articles: tuple[str, ...] = (field_article(profile, "single_chip_facing_bet"),)
    if rule == "BET-PRIOR-CHIPS":
        articles = (cite(profile, rule, _PRIOR), *articles)
    notes: tuple[Phrase, ...] = ()
    if spot.front and not spot.is_pulled_back:
        notes = (phrase("holds-with-chips-in-front"),)
    values = {"decision": decision}
    # BET-SINGLE-CHIP: GEN 1.20 lets him make it a raise while nobody after him has acted.
    if profile.single_chip_facing_bet is SingleChipFacingBet.CALL_OR_RAISE_IF_NOBODY_ACTED:
        raise_to = wager(spot, spot.front + chip)
        if raise_to.to is not None and raise_to.to > spot.current:
            notes = (*notes, phrase("may-turn-into-raise", raise_to=raise_to))
            return ruling(
                spot, rule, articles, "single-chip-call", values, lead=lead, notes=notes,
                decision=decision, may_become=str(raise_to),
            )  # fmt: skip
    return ruling(
        spot, rule, articles, "single-chip-call", values, lead=lead, notes=notes,
        decision=decision,
    )  # fmt: skip


def _identical_chips_test(spot: Spot, lead: tuple[Phrase, ...]) -> Ruling:
    """LFP 7.26 and 7.27: one larger chip is a call; identical chips are a call if every one is
    needed; any other chips are a bet of their total value, under the 50 % rule of 7.16."""
    profile = spot.profile
    pushed = spot.pushed
    partly = spot.is_pulled_back and spot.front > 0
    if len(pushed) == 1 and pushed[0] > spot.current and not partly:
        return _single_chip_call(spot, lead, spot.front > 0)
    if len(pushed) > 1 and len(set(pushed)) == 1 and spot.total - pushed[0] < spot.current:
        decision = call(spot)
        values = {
            "chip": pushed[0],
            "rest": spot.total - pushed[0],
            "current": spot.current,
            "decision": decision,
        }
        return ruling(
            spot, "BET-MULTI-CHIP", (field_article(profile, "multi_chip_call_test"),),
            "identical-chips-needed", values, lead=lead, decision=decision,
        )  # fmt: skip
    return _beyond_call(
        spot,
        (*lead, phrase("silent-chips-total", total=spot.total)),
        (field_article(profile, "multi_chip_call_test"),),
        rule="BET-MULTI-CHIP",
    )


def _beyond_call(
    spot: Spot, lead: tuple[Phrase, ...], articles: tuple[str, ...], *, rule: str
) -> Ruling:
    """Chips that are not a call: a full raise, all-in (his last chips), or the 50 % rule."""
    total = spot.total
    if total == spot.current:
        decision = call(spot)
        return ruling(
            spot, rule, articles, "exactly-the-call", {"total": total, "decision": decision},
            lead=lead, decision=decision,
        )  # fmt: skip
    if not spot.can_raise:
        return no_raise(spot, total, lead=lead, articles=articles)
    if total >= spot.all_in_to:
        # BET-MULTI-CHIP: TDA 50B(2): his last chips make him all-in, 50 % or not.
        decision = all_in(spot)
        return ruling(
            spot, rule, (*articles, cite(spot.profile, "BET-MULTI-CHIP", _RULE_50B)),
            "last-chips-all-in", {"decision": decision}, lead=lead, decision=decision,
        )  # fmt: skip
    keep = rule if rule in ("BET-OVERBET-FOR-CHANGE", "BET-PRIOR-CHIPS") else None
    found = fifty(spot, total, lead=lead, articles=articles, rule=rule)
    if keep is None or found.rule == keep:
        return found
    return replace(found, rule=keep)


def _opening(spot: Spot) -> Ruling:
    """Chips pushed with no bet to call: a bet of their value, at least the minimum
    (BET-SINGLE-CHIP for one chip; BET-UNDERBET)."""
    profile = spot.profile
    total = spot.total
    lead = (push_lead(spot),)
    if not spot.can_raise:
        return no_raise(spot, total, lead=lead, articles=())
    if len(spot.pushed) == 1:
        chip = spot.pushed[0]
        article = field_article(profile, "single_chip_opening")
        # BET-SINGLE-CHIP: TDA 49, LFP 7.26: the chip's value; GM 11°: the minimum bet.
        if profile.single_chip_opening is SingleChipOpening.MINIMUM_BET and chip > spot.full:
            decision = minimum(spot)
            return ruling(
                spot, "BET-SINGLE-CHIP", (article,), "larger-chip-minimum-bet",
                {"full": spot.full, "decision": decision}, lead=lead, decision=decision,
            )  # fmt: skip
        if chip >= spot.full or total >= spot.all_in_to:
            decision = wager(spot, total)
            return ruling(
                spot, "BET-SINGLE-CHIP", (article,), "chip-value-bet", {"decision": decision},
                lead=lead, decision=decision,
            )  # fmt: skip
    return _opening_bet(spot, total, lead)


def _opening_bet(spot: Spot, total: int, lead: tuple[Phrase, ...]) -> Ruling:
    decision = wager(spot, total)
    if total < spot.full and total < spot.all_in_to:
        return ruling(
            spot, "BET-UNDERBET", (cite(spot.profile, "BET-UNDERBET", UNDERBET),),
            "underbet-raised", {"total": total, "full": spot.full, "decision": decision},
            lead=lead, decision=decision,
        )  # fmt: skip
    return ruling(
        spot,
        "BET-RAISE-METHOD",
        (cite(spot.profile, "BET-RAISE-METHOD", {"TDA": "46A", "LFP": "7.9", "GM": "32°"}),),
        "one-motion-bet",
        {"decision": decision},
        lead=lead,
        decision=decision,
    )


def _string(spot: Spot) -> Ruling:
    """Chips put out in several motions (BET-STRING, per profile)."""
    profile = spot.profile
    mode = profile.string_bet
    article = field_article(profile, "string_bet")
    values: dict[str, Any] = {"player": spot.number, "chips": chips_text(spot.pushed)}
    if not spot.is_opening:
        if spot.total < spot.current:
            return read_chips(spot)  # short of the call: no raise to string
        decision = call(spot)
        is_first = mode is StringBet.FIRST_MOTION_ONLY
        values.update(
            current=spot.current,
            first=phrase("first-step-is-call") if is_first else None,
            decision=decision,
        )
        return ruling(
            spot, "BET-STRING", (article,), "string-raise-call", values, decision=decision
        )
    # BET-STRING: LFP 7.24, GEN 1.19: the first step counts; TDA 56 (by 55A) and BAN/OUVRIR: a
    # check.
    if mode is StringBet.FIRST_MOTION_ONLY:
        first = spot.pushed[0]
        decision = wager(spot, spot.front + first)
        underbet = cite(profile, "BET-UNDERBET", UNDERBET) if first < spot.full else ""
        return ruling(
            spot, "BET-STRING", (article, underbet), "string-first-step",
            {**values, "first": first, "decision": decision}, decision=decision,
        )  # fmt: skip
    decision = call(spot)
    return ruling(spot, "BET-STRING", (article,), "string-no-bet", values, decision=decision)


# -- taps and pulled-back chips ----------------------------------------------------------------


def _tap(spot: Spot) -> Ruling:
    """A tap on the table (BET-TAP, per profile)."""
    profile = spot.profile
    article = field_article(profile, "tap")
    lead = (phrase("tapped", player=spot.number),)
    # BET-TAP: LFP 7.6: a check only from the flop on, before any bet; nothing otherwise.
    if profile.tap is Tap.CHECK_AFTER_FLOP_BEFORE_BET and not (
        spot.hand.street >= 1 and spot.is_opening
    ):
        again = options(spot)
        return ruling(
            spot, "BET-TAP", (article,), "tap-means-nothing", {"again": either(again)},
            lead=lead, choices=again, void=True,
        )  # fmt: skip
    if not spot.is_facing:
        return ruling(spot, "BET-TAP", (article,), "tap-check", lead=lead, decision=call(spot))
    choices = (call(spot), Decision(FOLD))
    return ruling(
        spot, "BET-TAP", (article, cite(profile, "BET-INCORRECT-DECLARATION")), "tap-facing-bet",
        {"current": spot.current, "choices": either(choices)}, lead=lead, choices=choices,
    )  # fmt: skip


def _pulled_back_only(spot: Spot) -> Ruling:
    """He pulled back his chips and did nothing else yet: he may call or raise, not fold."""
    choices = tuple(decision for decision in options(spot) if decision.kind is not FOLD)
    values = {
        "player": spot.number,
        "bet": spot.bet,
        "current": spot.current,
        "choices": either(choices),
    }
    return ruling(
        spot, "BET-WITHDRAW", (cite(spot.profile, "BET-WITHDRAW", {"TDA": "51B"}),),
        "pulled-back-must-act", values, choices=choices,
    )  # fmt: skip


def _no_fold(spot: Spot, found: Ruling) -> Ruling:
    """TDA 51B: a player facing action who pulled back his bet may not fold (BET-WITHDRAW)."""
    folds = found.decision is not None and found.decision.kind is FOLD
    if not spot.is_pulled_back or not spot.is_facing:
        return found
    if not folds and all(choice.kind is not FOLD for choice in found.choices):
        return found
    if folds:
        choices = tuple(decision for decision in options(spot) if decision.kind is not FOLD)
    else:
        choices = tuple(choice for choice in found.choices if choice.kind is not FOLD)
    return ruling(
        spot,
        "BET-WITHDRAW",
        (*found.articles, cite(spot.profile, "BET-WITHDRAW", {"TDA": "51B"})),
        "withdrawn-no-fold",
        {"choices": either(choices)},
        lead=found.phrases,
        choices=choices,
        td_decides=found.td_decides and len(choices) > 1,
        **{key: value for key, value in found.details.items() if key != "forfeit_on_fold"},
    )
