"""What a player's words amount to, alone or with chips: binding declarations and their amounts.

``read_words`` rules on a declaration alone (BET-VERBAL-BINDING, BET-VERBAL-TOTAL,
BET-AMBIGUOUS-AMOUNT, BET-INCORRECT-DECLARATION, BET-POT-DECLARATION-NL); ``with_chips`` on words
said while chips were pushed, settling a disagreement by the profile (BET-VERBAL-VS-CHIPS).
``pokertd.floor.chips.interpret`` is the entry point.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from pokertd.engine import Betting
from pokertd.floor.citations import book_for, cite, field_article
from pokertd.floor.rulings import Decision, Phrase, Ruling, phrase
from pokertd.floor.spot import (
    BET,
    CALL,
    DECLARED_RAISE_ARTICLES,
    FOLD,
    RAISE,
    Spot,
    all_in,
    call,
    cap_note,
    chips_text,
    either,
    fifty,
    minimum,
    no_raise,
    options,
    pot_total,
    push_lead,
    ruling,
    undercall,
    wager,
)
from pokertd.floor.words import Declaration, Said
from pokertd.rules import AmbiguousAmount, PlusAmount, WordsVsChips

#: Articles making a verbal action binding, by book (BET-VERBAL-BINDING).
BINDING = {"TDA": "41A, 42A", "LFP": "7.3, 7.15", "BAN": "ANNONCES", "GM": "30°", "GEN": "1.15"}
#: A spoken amount alone is the same as those chips pushed (TDA 40C; LFP 7.16).
SPOKEN = {"TDA": "40C", "LFP": "7.16"}
#: A raise as a total (TDA 47B; LFP 7.10).
TOTAL = {"TDA": "47B", "LFP": "7.10"}
#: An opening bet below the minimum (BET-UNDERBET).
UNDERBET = {"TDA": "43A", "LFP": "7.16, 7.8", "GM": "10°"}


@dataclass(frozen=True, slots=True)
class _Amount:
    """An amount said, read as the total of the bet: how it was read, and the rule that read it."""

    total: int
    rule: str | None
    articles: tuple[str, ...]
    read: tuple[Phrase, ...]


def read_words(spot: Spot, declaration: Declaration, text: str) -> Ruling:
    """Rule on a declaration made without chips (or whose chips do not change it)."""
    kind = declaration.kind
    lead: tuple[Phrase, ...] = (_said_lead(spot, text),)
    if kind is Said.FOLD:
        return _fold(spot, lead)
    if kind is Said.CHECK:
        return _check(spot, lead)
    if kind is Said.CALL:
        return _call(spot, declaration, lead)
    if kind is Said.ALL_IN:
        return _all_in(spot, lead)
    if kind is Said.POT:
        return _pot(spot, lead)
    if declaration.amount is None:
        return _bound(spot, kind, lead)
    amount = _read_amount(spot, declaration)
    lead = (*lead, *amount.read)
    if kind is None and not declaration.is_increment and declaration.call_part is None:
        return _spoken(spot, amount, lead)
    return _declared(spot, kind, amount, lead)


def _said_lead(spot: Spot, text: str) -> Phrase:
    return phrase("said", player=spot.number, text=text)


def with_chips(
    spot: Spot,
    declaration: Declaration,
    text: str,
    chips_ruling: Ruling,
    said_first: str | None,
) -> Ruling:
    """Rule on words said while chips were pushed: together they may make one action (a "raise"
    whose amount the chips give: TDA 46C, 49), agree, or disagree (BET-VERBAL-VS-CHIPS)."""
    kind = declaration.kind
    is_nl = spot.hand.game.betting is Betting.NO_LIMIT
    pot_binds = kind is Said.POT and is_nl and _pot_declaration_book(spot) != "LFP"
    if (kind in (Said.BET, Said.RAISE) and declaration.amount is None) or pot_binds:
        return _raise_with_chips(spot, text, pot_binds)
    words = read_words(spot, declaration, text)
    if words.details.get("void"):
        # Void words bind nothing (LFP 7.16, 7.25): the chips decide.
        return _noted(chips_ruling, phrase("words-void", text=text))
    if (
        words.decision is None
        and not words.td_decides
        and chips_ruling.decision is not None
        and chips_ruling.decision in words.choices
    ):
        # The words leave a choice (a check facing a bet: call or fold) that the chips make.
        return _noted(chips_ruling, phrase("words-allow", text=text))
    pushed = chips_text(spot.pushed)
    if _outcome(words) == _outcome(chips_ruling):
        agreed = words if kind is not None else chips_ruling
        return _noted(agreed, phrase("words-chips-agree", chips=pushed))
    if kind is Said.CALL and spot.is_facing and not _puts_more_than_call(chips_ruling, spot):
        # A verbal call binds to the full call and completes a short push (TDA 42A; LFP 7.15).
        return _noted(words, phrase("call-not-lowered", chips=pushed))
    return _resolve(spot, declaration, text, words, chips_ruling, said_first)


# -- a declaration alone ------------------------------------------------------------------------


def _fold(spot: Spot, lead: tuple[Phrase, ...]) -> Ruling:
    decision = Decision(FOLD)
    if spot.legal.check:
        return ruling(
            spot,
            "BET-NONSTANDARD-FOLD",
            (cite(spot.profile, "BET-NONSTANDARD-FOLD", {"TDA": "58", "LFP": "7.20, 3.1"}),),
            "fold-when-check",
            lead=lead,
            decision=decision,
        )
    return ruling(
        spot, "BET-VERBAL-BINDING", (cite(spot.profile, "BET-VERBAL-BINDING", BINDING),),
        "verbal-fold", lead=lead, decision=decision,
    )  # fmt: skip


def _check(spot: Spot, lead: tuple[Phrase, ...]) -> Ruling:
    if not spot.is_facing:
        return ruling(
            spot, "BET-VERBAL-BINDING", (cite(spot.profile, "BET-VERBAL-BINDING", BINDING),),
            "verbal-check", lead=lead, decision=call(spot),
        )  # fmt: skip
    choices = (call(spot), Decision(FOLD))
    return ruling(
        spot, "BET-INCORRECT-DECLARATION", (cite(spot.profile, "BET-INCORRECT-DECLARATION"),),
        "check-facing-bet", {"current": spot.current, "choices": either(choices)}, lead=lead,
        choices=choices,
    )  # fmt: skip


def _call(spot: Spot, declaration: Declaration, lead: tuple[Phrase, ...]) -> Ruling:
    decision = call(spot)
    if not spot.is_facing:
        return ruling(
            spot,
            "BET-INCORRECT-DECLARATION",
            (cite(spot.profile, "BET-INCORRECT-DECLARATION", {"TDA": "55A"}),),
            "call-is-check",
            lead=lead,
            decision=decision,
        )
    said = declaration.amount
    notes: list[Phrase] = []
    if said is not None and said != spot.current:
        notes.append(phrase("named-amount-ignored", said=said))
    if decision.to is not None and decision.to < spot.current:
        notes.append(phrase("calls-all-in", to=decision.to))
    return ruling(
        spot, "BET-VERBAL-BINDING", (cite(spot.profile, "BET-VERBAL-BINDING", BINDING),),
        "verbal-call", {"decision": decision}, lead=lead, notes=tuple(notes), decision=decision,
    )  # fmt: skip


def _all_in(spot: Spot, lead: tuple[Phrase, ...]) -> Ruling:
    decision = all_in(spot)
    if decision.kind is CALL and spot.all_in_to > spot.current:
        return no_raise(spot, spot.call_to, lead=lead, articles=())
    return ruling(
        spot, "BET-VERBAL-BINDING", (cite(spot.profile, "BET-VERBAL-BINDING", BINDING),),
        "verbal-all-in", {"decision": decision}, lead=lead,
        notes=cap_note(spot, spot.all_in_to, decision), decision=decision,
    )  # fmt: skip


def _pot_declaration_book(spot: Spot) -> str:
    """Return the book that decides a "pot" declaration in no-limit for this profile.

    BET-POT-DECLARATION-NL: no profile field says it; LFP 7.25 voids the declaration, TDA 54C
    binds it to a correct bet. A book silent on it inherits the TDA's reading.
    """
    return book_for(spot.profile, "BET-POT-DECLARATION-NL")


def _pot(spot: Spot, lead: tuple[Phrase, ...]) -> Ruling:
    betting = spot.hand.game.betting
    if not spot.can_raise:
        return no_raise(spot, spot.call_to, lead=lead, articles=())
    if betting is Betting.POT_LIMIT:
        decision = wager(spot, spot.legal.max_raise_to or spot.all_in_to)
        return ruling(
            spot, "BET-PL-POT-SIZE",
            (cite(spot.profile, "BET-PL-POT-SIZE", {"TDA": "54A, 54B", "GM": "34°"}),),
            "pot-size", {"decision": decision}, lead=lead, decision=decision,
        )  # fmt: skip
    if betting is Betting.FIXED_LIMIT:
        decision = minimum(spot)
        return ruling(
            spot, "BET-VERBAL-BINDING", (cite(spot.profile, "BET-VERBAL-BINDING", BINDING),),
            "fixed-limit-pot", {"decision": decision}, lead=lead, decision=decision,
        )  # fmt: skip
    articles = (cite(spot.profile, "BET-POT-DECLARATION-NL"),)
    # BET-POT-DECLARATION-NL: LFP 7.25 voids it; TDA 54C binds it to a correct bet.
    if _pot_declaration_book(spot) == "LFP":
        again = options(spot)
        return ruling(
            spot, "BET-POT-DECLARATION-NL", articles, "pot-void-nl", {"again": either(again)},
            lead=lead, choices=again, void=True,
        )  # fmt: skip
    low, high = minimum(spot), wager(spot, spot.all_in_to)
    return ruling(
        spot, "BET-POT-DECLARATION-NL", articles, "pot-binds-nl",
        {"low": low.to, "high": high.to}, lead=lead, choices=tuple(dict.fromkeys((low, high))),
        min_to=low.to, max_to=high.to,
    )  # fmt: skip


def _bound(spot: Spot, kind: Said | None, lead: tuple[Phrase, ...]) -> Ruling:
    """A bare "bet" or "raise": he is bound to bet or raise, and states the amount."""
    if not spot.can_raise:
        return no_raise(spot, spot.call_to, lead=lead, articles=())
    low, high = minimum(spot), wager(spot, spot.all_in_to)
    if spot.is_opening and kind is Said.RAISE:
        rule = "BET-INCORRECT-DECLARATION"
        articles: tuple[str, ...] = (cite(spot.profile, rule, {"TDA": "55B"}),)
        outcome = "raise-as-minimum-bet"
    else:
        rule = "BET-VERBAL-BINDING"
        articles = (cite(spot.profile, rule, BINDING), cite(spot.profile, "BET-WAIT-FOR-AMOUNT"))
        outcome = "bet-binds-minimum" if spot.is_opening else "raise-binds-minimum"
    return ruling(
        spot, rule, articles, outcome, {"low": low.to, "high": high.to}, lead=lead,
        choices=tuple(dict.fromkeys((low, high))), min_to=low.to, max_to=high.to,
    )  # fmt: skip


def _read_amount(spot: Spot, declaration: Declaration) -> _Amount:
    """Read the amount said as a total: abbreviations (BET-AMBIGUOUS-AMOUNT), then added amounts
    and two-part raises (BET-VERBAL-TOTAL)."""
    profile = spot.profile
    said = declaration.amount
    assert said is not None
    amount, rule, articles = said, None, []
    read: list[Phrase] = []
    # A bare number below the big blind is read as an abbreviation, unless it is itself the bet to
    # call or the player's whole stack.
    if declaration.is_abbreviated and said not in (spot.current, spot.all_in_to):
        low, high = _readings(said, spot.big_blind)
        rule = "BET-AMBIGUOUS-AMOUNT"
        articles.append(field_article(profile, "ambiguous_amount"))
        values: dict[str, Any] = {"said": said, "low": low, "high": high}
        # BET-AMBIGUOUS-AMOUNT: LFP 7.10 the smallest; TDA 57 the highest reasonable vs the pot.
        if profile.ambiguous_amount is AmbiguousAmount.SMALLEST:
            amount = low
            read.append(phrase("abbreviated-smallest", **values))
        else:
            pot = pot_total(spot.hand)
            amount = high if pot >= high else low
            read.append(phrase("abbreviated-reasonable", **values, pot=pot, amount=amount))
    if declaration.call_part is None and not declaration.is_increment:
        if declaration.kind in (Said.BET, Said.RAISE) and spot.current:
            articles.append(cite(profile, "BET-VERBAL-TOTAL", TOTAL))
        return _Amount(amount, rule, tuple(articles), tuple(read))
    articles.append(field_article(profile, "plus_amount"))
    total, added = _added(spot, declaration, amount)
    return _Amount(total, rule or "BET-VERBAL-TOTAL", tuple(articles), (*read, *added))


def _added(spot: Spot, declaration: Declaration, amount: int) -> tuple[int, tuple[Phrase, ...]]:
    """Return the total an added amount makes, and how it was read (BET-VERBAL-TOTAL)."""
    part = declaration.call_part
    current = spot.current
    # BET-VERBAL-TOTAL: TDA 47B (French) reads "plus X" as an increment; LFP 7.10 as a total,
    # except in a two-part raise declared first whose first part is the call.
    if spot.profile.plus_amount is PlusAmount.INCREMENT:
        total = current + amount
        return total, (phrase("added-increment", current=current, total=total),)
    is_two_part = (
        part is not None
        and declaration.kind is Said.RAISE
        and part in (current, current - spot.bet)
        and current
    )
    if is_two_part:
        total = current + amount
        return total, (phrase("two-part-raise", current=current, amount=amount, total=total),)
    read: tuple[Phrase, ...] = (phrase("added-as-total", total=amount),)
    if part is not None:
        read = (*read, phrase("first-part-not-call", part=part, current=current))
    return amount, read


def _readings(said: int, big_blind: int) -> tuple[int, int]:
    """Return the two amounts an abbreviation stands for: the smallest said × 10ⁿ that reaches
    the big blind, and ten times it ("5" at 200/400: 500 or 5000)."""
    low = said * 10
    while low < big_blind:
        low *= 10
    return low, low * 10


def _spoken(spot: Spot, amount: _Amount, lead: tuple[Phrase, ...]) -> Ruling:
    """An amount said alone: the same as those chips pushed silently (TDA 40C; LFP 7.16)."""
    total = amount.total
    articles = (*amount.articles, cite(spot.profile, "BET-VERBAL-BINDING", SPOKEN))
    lead = (*lead, phrase("amount-as-chips"))
    rule = amount.rule
    if spot.is_opening:
        return _opening_total(spot, total, lead, articles, rule or "BET-VERBAL-BINDING")
    if total < spot.current:
        if total >= spot.all_in_to:
            decision = call(spot)
            return ruling(
                spot, rule or "BET-VERBAL-BINDING", articles, "all-his-chips",
                {"decision": decision}, lead=lead, decision=decision,
            )  # fmt: skip
        found = undercall(spot, total, lead=lead, spoken=True)
        return found if rule is None else _renamed(found, rule, articles)
    if total == spot.current:
        decision = call(spot)
        return ruling(
            spot, rule or "BET-VERBAL-BINDING", articles, "is-the-call",
            {"total": total, "decision": decision}, lead=lead, decision=decision,
        )  # fmt: skip
    found = fifty(spot, total, lead=lead, articles=articles, rule=rule or "BET-VERBAL-BINDING")
    return found if rule is None else _renamed(found, rule, articles)


def _declared(spot: Spot, kind: Said | None, amount: _Amount, lead: tuple[Phrase, ...]) -> Ruling:
    """A bet or raise declared with an amount ("raise 8000", "plus 4000")."""
    total = amount.total
    if not spot.can_raise:
        return no_raise(spot, spot.call_to, lead=lead, articles=amount.articles)
    if spot.is_opening:
        return _opening_total(
            spot, total, lead, amount.articles, amount.rule or "BET-VERBAL-BINDING"
        )
    found = fifty(
        spot,
        total,
        lead=lead,
        articles=amount.articles,
        declared=True,
        rule=amount.rule or "BET-VERBAL-TOTAL",
    )
    return found if amount.rule is None else _renamed(found, amount.rule, amount.articles)


def _opening_total(
    spot: Spot, total: int, lead: tuple[Phrase, ...], articles: tuple[str, ...], rule: str
) -> Ruling:
    """An opening bet of ``total`` said or pushed: at least the minimum (BET-UNDERBET)."""
    if not spot.can_raise:
        return no_raise(spot, spot.bet, lead=lead, articles=articles)
    decision = wager(spot, total)
    if total < spot.full and total < spot.all_in_to:
        return ruling(
            spot, rule if rule != "BET-VERBAL-BINDING" else "BET-UNDERBET",
            (*articles, cite(spot.profile, "BET-UNDERBET", UNDERBET)), "opening-below-minimum",
            {"total": total, "full": spot.full, "decision": decision}, lead=lead,
            decision=decision,
        )  # fmt: skip
    return ruling(
        spot, rule, (*articles, cite(spot.profile, "BET-VERBAL-BINDING", BINDING)),
        "opening-is", {"decision": decision}, lead=lead,
        notes=cap_note(spot, total, decision), decision=decision,
    )  # fmt: skip


# -- words with chips -----------------------------------------------------------------------------


def _raise_with_chips(spot: Spot, text: str, is_pot: bool) -> Ruling:
    """ "Raise" (or "bet", or "pot" in no-limit under TDA 54C) said with chips: the chips give the
    amount, at least a minimum raise (TDA 46C, 49, 55B; LFP 7.9, 7.15, 7.26)."""
    total = spot.total
    lead = (
        phrase(
            "said-and-pushed",
            player=spot.number,
            text=text,
            chips=chips_text(spot.pushed),
            total=total,
        ),
    )
    if is_pot:
        rule = "BET-POT-DECLARATION-NL"
    elif len(spot.pushed) == 1:
        rule = "BET-SINGLE-CHIP"  # a raise declared without an amount: the chip's value (TDA 49)
    else:
        rule = "BET-RAISE-METHOD"
    articles = (
        cite(spot.profile, rule),
        cite(spot.profile, "BET-RAISE-METHOD", DECLARED_RAISE_ARTICLES),
    )
    if not spot.can_raise:
        return no_raise(spot, total, lead=lead, articles=articles)
    if spot.is_opening:
        return _opening_total(spot, total, lead, articles, rule)
    return fifty(spot, total, lead=lead, articles=articles, declared=True, rule=rule)


def _resolve(
    spot: Spot,
    declaration: Declaration,
    text: str,
    words: Ruling,
    chips: Ruling,
    said_first: str | None,
) -> Ruling:
    """Words and chips disagree: the profile says which stands (BET-VERBAL-VS-CHIPS)."""
    profile = spot.profile
    mode = profile.words_vs_chips
    has_amount = declaration.amount is not None
    disagree = phrase(
        "words-chips-disagree",
        player=spot.number,
        text=text,
        chips=chips_text(spot.pushed),
        words=_said(words),
        chips_say=_said(chips),
    )
    articles = [field_article(profile, "words_vs_chips")]
    # BET-VERBAL-VS-CHIPS: words bind (LFP 7.3, BAN, GM 30°); chips correct an announced amount
    # (GEN 1.15); the first wins, clear words when simultaneous, else the TD (TDA 40A).
    if mode is WordsVsChips.WORDS:
        winner, why = words, "words-bind"
    elif mode is WordsVsChips.CHIPS:
        winner = chips if has_amount else words
        why = "amount-corrected-to-chips" if has_amount else "declared-action-binds"
    elif said_first == "words":
        winner, why = words, "words-came-first"
    elif said_first == "chips":
        winner, why = chips, "chips-came-first"
    elif declaration.is_abbreviated:
        winner, why = chips, "unclear-words-chips-count"
    elif not has_amount:
        winner, why = words, "clear-words-prevail"
    else:
        choices = tuple(dict.fromkeys((*_decisions(words), *_decisions(chips))))
        articles.append(cite(profile, "BET-VERBAL-VS-CHIPS", {"TDA": "Add.40-A, 1"}))
        return ruling(
            spot, "BET-VERBAL-VS-CHIPS", tuple(articles), "simultaneous-td",
            {"choices": either(choices)}, lead=(disagree,), choices=choices, td_decides=True,
            said=str(declaration),
        )  # fmt: skip
    return ruling(
        spot, "BET-VERBAL-VS-CHIPS", (*articles, *winner.articles), why, lead=(disagree,),
        notes=_reason(winner, (_said_lead(spot, text), push_lead(spot))),
        decision=winner.decision, choices=winner.choices, td_decides=winner.td_decides,
        **{**winner.details, "said": str(declaration)},
    )  # fmt: skip


def _reason(winner: Ruling, leads: tuple[Phrase, ...]) -> tuple[Phrase, ...]:
    """Return the winner's explanation without the lead that says what was said or pushed."""
    found = winner.phrases
    for lead in leads:
        if found and found[0] == lead:
            found = found[1:]
    return found


def _outcome(found: Ruling) -> tuple[object, ...]:
    return found.decision, found.choices, found.td_decides


def _decisions(found: Ruling) -> tuple[Decision, ...]:
    return (found.decision,) if found.decision is not None else found.choices


def _said(found: Ruling) -> Phrase | Decision | str | None:
    decisions = _decisions(found)
    return either(decisions) if decisions else "-"


def _puts_more_than_call(found: Ruling, spot: Spot) -> bool:
    decision = found.decision
    if decision is None:
        return False
    return decision.kind in (BET, RAISE) or (decision.to is not None and decision.to > spot.current)


def _noted(found: Ruling, note: Phrase) -> Ruling:
    """Add a sentence to a ruling; the chips were not pushed "without a word" after all."""
    lead = found.lead
    if lead and lead[0].key == "pushed-silently":
        lead = (Phrase("pushed", lead[0].values), *lead[1:])
    return replace(found, lead=lead, notes=(*found.notes, note))


def _renamed(found: Ruling, rule: str, articles: tuple[str, ...]) -> Ruling:
    """Name the rule that read the words (an abbreviation, an added amount) over the one that
    corrected the total, keeping both articles."""
    return replace(found, rule=rule, articles=tuple(dict.fromkeys((*articles, *found.articles))))
