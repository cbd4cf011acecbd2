"""What a player's words amount to, alone or with chips: binding declarations and their amounts.

``read_words`` rules on a declaration alone (BET-VERBAL-BINDING, BET-VERBAL-TOTAL,
BET-AMBIGUOUS-AMOUNT, BET-INCORRECT-DECLARATION, BET-POT-DECLARATION-NL); ``with_chips`` on words
said while chips were pushed, settling a disagreement by the profile (BET-VERBAL-VS-CHIPS).
``pokertd.floor.chips.interpret`` is the entry point.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pokertd.engine import Betting
from pokertd.floor.citations import book_for, cite, field_article
from pokertd.floor.rulings import Decision, Ruling
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
    describe,
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
    en: str
    fr: str


def read_words(spot: Spot, declaration: Declaration, text: str) -> Ruling:
    """Rule on a declaration made without chips (or whose chips do not change it)."""
    kind = declaration.kind
    lead = (f'{spot.who_en} said "{text}".', f"{spot.who_fr} annonce « {text} ».")
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
    lead = (f"{lead[0]}{amount.en}", f"{lead[1]}{amount.fr}")
    if kind is None and not declaration.is_increment and declaration.call_part is None:
        return _spoken(spot, amount, lead)
    return _declared(spot, kind, amount, lead)


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
    pushed = chips_text(spot.pushed)
    if words.details.get("void"):
        # Void words bind nothing (LFP 7.16, 7.25): the chips decide.
        return _noted(
            chips_ruling,
            f'What he said ("{text}") is void, so the chips decide.',
            f"Son annonce (« {text} ») est nulle : les jetons décident.",
        )
    if (
        words.decision is None
        and not words.td_decides
        and chips_ruling.decision is not None
        and chips_ruling.decision in words.choices
    ):
        # The words leave a choice (a check facing a bet: call or fold) that the chips make.
        return _noted(
            chips_ruling,
            f'What he said ("{text}") allows that.',
            f"Son annonce (« {text} ») le permet.",
        )
    if _outcome(words) == _outcome(chips_ruling):
        agreed = words if kind is not None else chips_ruling
        return _noted(
            agreed,
            f"The words and the chips ({pushed}) agree.",
            f"L'annonce et les jetons ({pushed}) concordent.",
        )
    if kind is Said.CALL and spot.is_facing and not _puts_more_than_call(chips_ruling, spot):
        # A verbal call binds to the full call and completes a short push (TDA 42A; LFP 7.15).
        return _noted(
            words,
            f"The chips pushed ({pushed}) do not lower a verbal call.",
            f"Les jetons poussés ({pushed}) ne réduisent pas un call annoncé.",
        )
    return _resolve(spot, declaration, text, words, chips_ruling, said_first)


# -- a declaration alone ------------------------------------------------------------------------


def _fold(spot: Spot, lead: tuple[str, str]) -> Ruling:
    decision = Decision(FOLD)
    if spot.legal.check:
        return ruling(
            spot,
            "BET-NONSTANDARD-FOLD",
            (cite(spot.profile, "BET-NONSTANDARD-FOLD", {"TDA": "58", "LFP": "7.20, 3.1"}),),
            f"{lead[0]} He could check, but a fold binds him all the same, and may be penalised.",
            f"{lead[1]} Il pouvait checker, mais l'abandon l'engage quand même et peut être "
            "sanctionné.",
            decision=decision,
        )
    return ruling(
        spot,
        "BET-VERBAL-BINDING",
        (cite(spot.profile, "BET-VERBAL-BINDING", BINDING),),
        f"{lead[0]} A verbal fold in turn binds him: his hand is folded.",
        f"{lead[1]} Un abandon annoncé à son tour l'engage : sa main est couchée.",
        decision=decision,
    )


def _check(spot: Spot, lead: tuple[str, str]) -> Ruling:
    if not spot.is_facing:
        return ruling(
            spot,
            "BET-VERBAL-BINDING",
            (cite(spot.profile, "BET-VERBAL-BINDING", BINDING),),
            f"{lead[0]} A verbal check in turn binds him: he checks.",
            f"{lead[1]} Une parole annoncée à son tour l'engage : il checke.",
            decision=call(spot),
        )
    choices = (call(spot), Decision(FOLD))
    return ruling(
        spot,
        "BET-INCORRECT-DECLARATION",
        (cite(spot.profile, "BET-INCORRECT-DECLARATION"),),
        f"{lead[0]} He faces a bet of {spot.current}: a player who says check facing a bet may "
        f"call or fold, but not raise ({either(choices, 'en')}).",
        f"{lead[1]} Il fait face à une mise de {spot.current} : un joueur qui annonce parole face "
        f"à une mise peut suivre ou passer, mais pas relancer ({either(choices, 'fr')}).",
        choices=choices,
    )


def _call(spot: Spot, declaration: Declaration, lead: tuple[str, str]) -> Ruling:
    decision = call(spot)
    if not spot.is_facing:
        return ruling(
            spot,
            "BET-INCORRECT-DECLARATION",
            (cite(spot.profile, "BET-INCORRECT-DECLARATION", {"TDA": "55A"}),),
            f"{lead[0]} With no bet to call, a call is a check.",
            f"{lead[1]} Sans mise à suivre, un call vaut parole (check).",
            decision=decision,
        )
    said = declaration.amount
    extra_en = extra_fr = ""
    if said is not None and said != spot.current:
        extra_en = f" The {said} he named does not change the call."
        extra_fr = f" Le montant de {said} qu'il cite ne change pas le call."
    if decision.to is not None and decision.to < spot.current:
        extra_en += f" He has only {decision.to} in all: he calls all-in."
        extra_fr += f" Il n'a que {decision.to} en tout : il suit à tapis."
    return ruling(
        spot,
        "BET-VERBAL-BINDING",
        (cite(spot.profile, "BET-VERBAL-BINDING", BINDING),),
        f"{lead[0]} A verbal call in turn binds him to the full call: {describe(decision)}."
        f"{extra_en}",
        f"{lead[1]} Un call annoncé à son tour l'engage à suivre en entier : "
        f"{describe(decision, 'fr')}.{extra_fr}",
        decision=decision,
    )


def _all_in(spot: Spot, lead: tuple[str, str]) -> Ruling:
    decision = all_in(spot)
    if decision.kind is CALL and spot.all_in_to > spot.current:
        return no_raise(spot, spot.call_to, lead=lead, articles=())
    note_en, note_fr = cap_note(spot, spot.all_in_to, decision)
    return ruling(
        spot,
        "BET-VERBAL-BINDING",
        (cite(spot.profile, "BET-VERBAL-BINDING", BINDING),),
        f"{lead[0]} A verbal all-in binds him: {describe(decision)}.{note_en}",
        f"{lead[1]} Un tapis annoncé l'engage : {describe(decision, 'fr')}.{note_fr}",
        decision=decision,
    )


def _pot_declaration_book(spot: Spot) -> str:
    """Return the book that decides a "pot" declaration in no-limit for this profile.

    BET-POT-DECLARATION-NL: no profile field says it; LFP 7.25 voids the declaration, TDA 54C
    binds it to a correct bet. A book silent on it inherits the TDA's reading.
    """
    return book_for(spot.profile, "BET-POT-DECLARATION-NL")


def _pot(spot: Spot, lead: tuple[str, str]) -> Ruling:
    betting = spot.hand.game.betting
    if not spot.can_raise:
        return no_raise(spot, spot.call_to, lead=lead, articles=())
    if betting is Betting.POT_LIMIT:
        max_to = spot.legal.max_raise_to or spot.all_in_to
        decision = wager(spot, max_to)
        return ruling(
            spot,
            "BET-PL-POT-SIZE",
            (cite(spot.profile, "BET-PL-POT-SIZE", {"TDA": "54A, 54B", "GM": "34°"}),),
            f"{lead[0]} In pot-limit, pot is a bet or raise of the size of the pot: "
            f"{describe(decision)}.",
            f"{lead[1]} En pot-limit, « pot » est une mise ou relance de la taille du pot : "
            f"{describe(decision, 'fr')}.",
            decision=decision,
        )
    if betting is Betting.FIXED_LIMIT:
        decision = minimum(spot)
        return ruling(
            spot,
            "BET-VERBAL-BINDING",
            (cite(spot.profile, "BET-VERBAL-BINDING", BINDING),),
            f"{lead[0]} In fixed limit a bet or raise has one size: {describe(decision)}.",
            f"{lead[1]} En limit, une mise ou relance n'a qu'une taille : "
            f"{describe(decision, 'fr')}.",
            decision=decision,
        )
    # BET-POT-DECLARATION-NL: LFP 7.25 voids it; TDA 54C binds it to a correct bet.
    if _pot_declaration_book(spot) == "LFP":
        again = options(spot)
        return ruling(
            spot,
            "BET-POT-DECLARATION-NL",
            (cite(spot.profile, "BET-POT-DECLARATION-NL"),),
            f"{lead[0]} Pot is not a valid announcement in no-limit, where the pot is never "
            f"counted: it is void, and he states his action again ({either(again, 'en')}).",
            f"{lead[1]} « Pot » n'est pas une annonce valable en no-limit, où le pot n'est jamais "
            f"compté : elle est nulle, et il reformule son action ({either(again, 'fr')}).",
            choices=again,
            void=True,
        )
    low, high = minimum(spot), wager(spot, spot.all_in_to)
    return ruling(
        spot,
        "BET-POT-DECLARATION-NL",
        (cite(spot.profile, "BET-POT-DECLARATION-NL"),),
        f"{lead[0]} Pot is not a valid no-limit bet, but it binds him to a correct bet or raise, "
        f"at least the minimum: any total from {low.to} to {high.to}, which he states. He may be "
        "penalised.",
        f"{lead[1]} « Pot » n'est pas une mise valable en no-limit, mais elle l'engage à une mise "
        f"ou relance correcte, au moins le minimum : un total de {low.to} à {high.to}, qu'il "
        "précise. Il s'expose à une pénalité.",
        choices=tuple(dict.fromkeys((low, high))),
        min_to=low.to,
        max_to=high.to,
    )


def _bound(spot: Spot, kind: Said | None, lead: tuple[str, str]) -> Ruling:
    """A bare "bet" or "raise": he is bound to bet or raise, and states the amount."""
    if not spot.can_raise:
        return no_raise(spot, spot.call_to, lead=lead, articles=())
    low, high = minimum(spot), wager(spot, spot.all_in_to)
    if spot.is_opening and kind is Said.RAISE:
        rule = "BET-INCORRECT-DECLARATION"
        articles: tuple[str, ...] = (cite(spot.profile, rule, {"TDA": "55B"}),)
        why_en = "Not facing a bet, a declared raise is at least a minimum bet"
        why_fr = "Sans mise à suivre, une relance annoncée est au moins une mise minimum"
    else:
        rule = "BET-VERBAL-BINDING"
        articles = (cite(spot.profile, rule, BINDING), cite(spot.profile, "BET-WAIT-FOR-AMOUNT"))
        word_en = "bet" if spot.is_opening else "raise"
        word_fr = "miser" if spot.is_opening else "relancer"
        why_en = f"A verbal {word_en} binds him to {word_en} at least the minimum"
        why_fr = f"Une annonce l'engage à {word_fr} au moins du minimum"
    return ruling(
        spot,
        rule,
        articles,
        f"{lead[0]} {why_en}: any total from {low.to} to {high.to}; the others wait until he "
        "states it.",
        f"{lead[1]} {why_fr} : un total de {low.to} à {high.to} ; les autres attendent qu'il le "
        "précise.",
        choices=tuple(dict.fromkeys((low, high))),
        min_to=low.to,
        max_to=high.to,
    )


def _read_amount(spot: Spot, declaration: Declaration) -> _Amount:
    """Read the amount said as a total: abbreviations (BET-AMBIGUOUS-AMOUNT), then added amounts
    and two-part raises (BET-VERBAL-TOTAL)."""
    profile = spot.profile
    said = declaration.amount
    assert said is not None
    amount, rule, articles, en, fr = said, None, [], "", ""
    # A bare number below the big blind is read as an abbreviation, unless it is itself the bet to
    # call or the player's whole stack.
    if declaration.is_abbreviated and said not in (spot.current, spot.all_in_to):
        low, high = _readings(said, spot.big_blind)
        rule = "BET-AMBIGUOUS-AMOUNT"
        articles.append(field_article(profile, "ambiguous_amount"))
        # BET-AMBIGUOUS-AMOUNT: LFP 7.10 the smallest; TDA 57 the highest reasonable vs the pot.
        if profile.ambiguous_amount is AmbiguousAmount.SMALLEST:
            amount = low
            en = f' "{said}" is abbreviated ({low} or {high}): it is always the smallest, {low}.'
            fr = f" « {said} » est abrégé ({low} ou {high}) : c'est toujours le plus petit, {low}."
        else:
            pot = pot_total(spot.hand)
            amount = high if pot >= high else low
            en = (
                f' "{said}" is abbreviated ({low} or {high}): it is read as the highest amount '
                f"reasonable for the pot, and with {pot} in the pot that is {amount}."
            )
            fr = (
                f" « {said} » est abrégé ({low} ou {high}) : on retient le montant le plus élevé "
                f"raisonnable par rapport au pot ; avec {pot} au pot, c'est {amount}."
            )
    if declaration.call_part is None and not declaration.is_increment:
        if declaration.kind in (Said.BET, Said.RAISE) and spot.current:
            articles.append(cite(profile, "BET-VERBAL-TOTAL", TOTAL))
        return _Amount(amount, rule, tuple(articles), en, fr)
    articles.append(field_article(profile, "plus_amount"))
    rule = rule or "BET-VERBAL-TOTAL"
    part = declaration.call_part
    # BET-VERBAL-TOTAL: TDA 47B (French) reads "plus X" as an increment; LFP 7.10 as a total,
    # except in a two-part raise declared first whose first part is the call.
    if profile.plus_amount is PlusAmount.INCREMENT:
        total = spot.current + amount
        en += f" An added amount is an increment over the bet of {spot.current}: {total} in all."
        fr += f" Un montant ajouté s'entend en plus de la mise de {spot.current} : {total} en tout."
    elif (
        part is not None
        and declaration.kind is Said.RAISE
        and part in (spot.current, spot.current - spot.bet)
        and spot.current
    ):
        total = spot.current + amount
        en += (
            f" A raise declared first may be stated in two parts when the first is the call: "
            f"{spot.current} plus {amount}, a total of {total}."
        )
        fr += (
            f" Une relance annoncée d'abord peut être donnée en deux fois si le premier montant "
            f"égalise la mise : {spot.current} plus {amount}, soit {total} au total."
        )
    else:
        total = amount
        en += f" Only totals count: an added amount is read as a total, so {total}."
        fr += f" Seul le total compte : un montant ajouté est traduit en total, soit {total}."
        if part is not None:
            en += f" (The first part, {part}, is not the call of {spot.current}.)"
            fr += f" (Le premier montant, {part}, n'égalise pas la mise de {spot.current}.)"
    return _Amount(total, rule, tuple(articles), en, fr)


def _readings(said: int, big_blind: int) -> tuple[int, int]:
    """Return the two amounts an abbreviation stands for: the smallest said × 10ⁿ that reaches
    the big blind, and ten times it ("5" at 200/400: 500 or 5000)."""
    low = said * 10
    while low < big_blind:
        low *= 10
    return low, low * 10


def _spoken(spot: Spot, amount: _Amount, lead: tuple[str, str]) -> Ruling:
    """An amount said alone: the same as those chips pushed silently (TDA 40C; LFP 7.16)."""
    total = amount.total
    articles = (*amount.articles, cite(spot.profile, "BET-VERBAL-BINDING", SPOKEN))
    en = f"{lead[0]} An amount said alone counts as those chips pushed silently."
    fr = f"{lead[1]} Un montant annoncé seul vaut ces jetons poussés sans annonce."
    rule = amount.rule
    if spot.is_opening:
        return _opening_total(spot, total, (en, fr), articles, rule or "BET-VERBAL-BINDING")
    if total < spot.current:
        if total >= spot.all_in_to:
            decision = call(spot)
            return ruling(
                spot,
                rule or "BET-VERBAL-BINDING",
                articles,
                f"{en} That is all his chips: {describe(decision)}.",
                f"{fr} C'est tout son tapis : {describe(decision, 'fr')}.",
                decision=decision,
            )
        found = undercall(spot, total, lead=(en, fr), spoken=True)
        return found if rule is None else _renamed(found, rule, articles)
    if total == spot.current:
        decision = call(spot)
        return ruling(
            spot,
            rule or "BET-VERBAL-BINDING",
            articles,
            f"{en} {total} is the call: {describe(decision)}.",
            f"{fr} {total}, c'est le call : {describe(decision, 'fr')}.",
            decision=decision,
        )
    found = fifty(spot, total, lead=(en, fr), articles=articles, rule=rule or "BET-VERBAL-BINDING")
    return found if rule is None else _renamed(found, rule, articles)


def _declared(spot: Spot, kind: Said | None, amount: _Amount, lead: tuple[str, str]) -> Ruling:
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
    spot: Spot, total: int, lead: tuple[str, str], articles: tuple[str, ...], rule: str
) -> Ruling:
    """An opening bet of ``total`` said or pushed: at least the minimum (BET-UNDERBET)."""
    en, fr = lead
    if not spot.can_raise:
        return no_raise(spot, spot.bet, lead=lead, articles=articles)
    decision = wager(spot, total)
    if total < spot.full and total < spot.all_in_to:
        return ruling(
            spot,
            rule if rule != "BET-VERBAL-BINDING" else "BET-UNDERBET",
            (*articles, cite(spot.profile, "BET-UNDERBET", UNDERBET)),
            f"{en} An opening bet of {total} is below the minimum of {spot.full}: it is "
            f"raised to it, {describe(decision)}.",
            f"{fr} Une ouverture de {total} est inférieure au minimum de {spot.full} : elle y "
            f"est alignée, {describe(decision, 'fr')}.",
            decision=decision,
        )
    note_en, note_fr = cap_note(spot, total, decision)
    return ruling(
        spot,
        rule,
        (*articles, cite(spot.profile, "BET-VERBAL-BINDING", BINDING)),
        f"{en} It is {describe(decision)}.{note_en}",
        f"{fr} C'est : {describe(decision, 'fr')}.{note_fr}",
        decision=decision,
    )


# -- words with chips -----------------------------------------------------------------------------


def _raise_with_chips(spot: Spot, text: str, is_pot: bool) -> Ruling:
    """ "Raise" (or "bet", or "pot" in no-limit under TDA 54C) said with chips: the chips give the
    amount, at least a minimum raise (TDA 46C, 49, 55B; LFP 7.9, 7.15, 7.26)."""
    total = spot.total
    pushed = chips_text(spot.pushed)
    lead = (
        f'{spot.who_en} said "{text}" and pushed {pushed}, for {total} in front of him. With a '
        "bet or raise declared and no amount, the chips give the amount.",
        f"{spot.who_fr} annonce « {text} » et pousse {pushed}, soit {total} devant lui. Une "
        "mise ou relance annoncée sans montant prend celui des jetons.",
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
    pushed = chips_text(spot.pushed)
    lead_en = (
        f'{spot.who_en} said "{text}" and pushed {pushed}: the words ({_said(words, "en")}) and '
        f"the chips ({_said(chips, 'en')}) disagree."
    )
    lead_fr = (
        f"{spot.who_fr} annonce « {text} » et pousse {pushed} : l'annonce "
        f"({_said(words, 'fr')}) et les jetons ({_said(chips, 'fr')}) ne concordent pas."
    )
    articles = [field_article(profile, "words_vs_chips")]
    # BET-VERBAL-VS-CHIPS: words bind (LFP 7.3, BAN, GM 30°); chips correct an announced amount
    # (GEN 1.15); the first wins, clear words when simultaneous, else the TD (TDA 40A).
    if mode is WordsVsChips.WORDS:
        winner = words
        why_en, why_fr = "The words bind.", "L'annonce engage le joueur."
    elif mode is WordsVsChips.CHIPS:
        winner = chips if has_amount else words
        why_en, why_fr = (
            ("An announced amount is corrected to the chips put in.", "Le montant annoncé est "
             "rectifié à celui des jetons versés.")
            if has_amount
            else ("A declared action binds.", "L'action annoncée engage le joueur.")
        )  # fmt: skip
    elif said_first == "words":
        winner, why_en, why_fr = words, "The words came first.", "L'annonce est venue en premier."
    elif said_first == "chips":
        winner, why_en, why_fr = chips, "The chips came first.", "Les jetons sont venus en premier."
    elif declaration.is_abbreviated:
        winner = chips
        why_en = "Both came at once and the words were not clear, so the chips count."
        why_fr = "Les deux sont simultanés et l'annonce n'est pas claire : les jetons comptent."
    elif not has_amount:
        winner = words
        why_en = "Both came at once: a clear verbal statement prevails."
        why_fr = "Les deux sont simultanés : une annonce claire prévaut."
    else:
        choices = tuple(dict.fromkeys((*_decisions(words), *_decisions(chips))))
        articles.append(cite(profile, "BET-VERBAL-VS-CHIPS", {"TDA": "Add.40-A, 1"}))
        return ruling(
            spot,
            "BET-VERBAL-VS-CHIPS",
            tuple(articles),
            f"{lead_en} Both came at once and contradict each other: the TD decides which "
            f"stands, by the circumstances and Rule 1 ({either(choices, 'en')}).",
            f"{lead_fr} Les deux sont simultanés et se contredisent : le TD détermine la mise "
            f"selon les circonstances et la Règle 1 ({either(choices, 'fr')}).",
            choices=choices,
            td_decides=True,
            said=str(declaration),
        )
    leads = (
        (f'{spot.who_en} said "{text}".', f"{spot.who_fr} annonce « {text} »."),
        push_lead(spot),
    )
    reason_en, reason_fr = winner.explanation_en, winner.explanation_fr
    for said_en, said_fr in leads:
        reason_en = reason_en.removeprefix(said_en).strip()
        reason_fr = reason_fr.removeprefix(said_fr).strip()
    return ruling(
        spot,
        "BET-VERBAL-VS-CHIPS",
        (*articles, *winner.articles),
        f"{lead_en} {why_en} {reason_en}",
        f"{lead_fr} {why_fr} {reason_fr}",
        decision=winner.decision,
        choices=winner.choices,
        td_decides=winner.td_decides,
        **{**winner.details, "said": str(declaration)},
    )


def _outcome(found: Ruling) -> tuple[object, ...]:
    return found.decision, found.choices, found.td_decides


def _decisions(found: Ruling) -> tuple[Decision, ...]:
    return (found.decision,) if found.decision is not None else found.choices


def _said(found: Ruling, lang: str) -> str:
    decisions = _decisions(found)
    return either(decisions, lang) if decisions else "-"


def _puts_more_than_call(found: Ruling, spot: Spot) -> bool:
    decision = found.decision
    if decision is None:
        return False
    return decision.kind in (BET, RAISE) or (decision.to is not None and decision.to > spot.current)


def _noted(found: Ruling, en: str, fr: str) -> Ruling:
    """Add a sentence to a ruling; the chips were not pushed "without a word" after all."""
    return replace(
        found,
        explanation_en=f"{found.explanation_en.replace(' without a word', '', 1)} {en}",
        explanation_fr=f"{found.explanation_fr.replace(' sans annonce', '', 1)} {fr}",
    )


def _renamed(found: Ruling, rule: str, articles: tuple[str, ...]) -> Ruling:
    """Name the rule that read the words (an abbreviation, an added amount) over the one that
    corrected the total, keeping both articles."""
    return replace(found, rule=rule, articles=tuple(dict.fromkeys((*articles, *found.articles))))
