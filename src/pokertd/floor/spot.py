"""The player to act and what the rules let him do: the ``Spot`` that chip and word rulings share.

A ``Spot`` is read from a ``Hand`` once; the helpers turn an intended total into a ``Decision`` the
engine accepts right now (``wager``, ``call``, ``all_in``), write decisions out in English and
French, and hold the two rules both chips and words end in: the 50 % under-raise rule
(BET-UNDERRAISE-50) and undercalls (BET-UNDERCALL).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pokertd.engine import ActionKind, Hand, Legal
from pokertd.engine.events import BoardDealt, PlayerActed
from pokertd.floor.citations import cite, field_article
from pokertd.floor.rulings import Decision, Ruling
from pokertd.rules import Profile, Undercall

FOLD, CHECK, CALL = ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL
BET, RAISE, ALL_IN = ActionKind.BET, ActionKind.RAISE, ActionKind.ALL_IN

#: Articles of the 50 % rule by book (BET-UNDERRAISE-50); GEN 1.19 "at least half".
FIFTY_ARTICLES = {"TDA": "47A", "LFP": "7.16", "BAN": "RELINSUF", "GM": "10°", "GEN": "1.19"}
#: Articles making a declared raise at least a minimum raise (TDA 46C, 55B; LFP 7.15).
DECLARED_RAISE_ARTICLES = {"TDA": "46C, 55B", "LFP": "7.15", "BAN": "ANNONCES", "GM": "30°"}


@dataclass(frozen=True, slots=True)
class Spot:
    """The player to act, his chips, and the bet he faces.

    ``bet`` is his bet as the engine counts it; ``front`` the value of the chips physically in
    front of him (his bet, less what he pulled back, or more when a blind was posted with a larger
    chip); ``pushed`` the chips he pushed now, by denomination.
    """

    hand: Hand
    profile: Profile
    player: int
    legal: Legal
    bet: int
    stack: int
    current: int
    full: int
    big_blind: int
    front: int
    pushed: tuple[int, ...]
    is_pulled_back: bool

    @property
    def all_in_to(self) -> int:
        """Return the total his bet reaches if he puts in every chip he has."""
        return self.bet + self.stack

    @property
    def total(self) -> int:
        """Return the chips on the table in front of him once he pushed: front plus pushed."""
        return self.front + sum(self.pushed)

    @property
    def is_opening(self) -> bool:
        """Return whether nobody has bet in this round (no blinds, no bet)."""
        return self.current == 0

    @property
    def is_facing(self) -> bool:
        """Return whether he must add chips to stay in (a bet or blind above his own bet)."""
        return self.current > self.bet

    @property
    def can_raise(self) -> bool:
        """Return whether the engine lets him bet or raise now."""
        return self.legal.min_raise_to is not None

    @property
    def call_to(self) -> int:
        """Return the total a call reaches (less than the bet when the call puts him all-in)."""
        return min(self.current, self.all_in_to)

    @property
    def who_en(self) -> str:
        """Return the player as English text (PHH numbering from p1)."""
        return f"Player {self.player + 1}"

    @property
    def who_fr(self) -> str:
        """Return the player as French text."""
        return f"Le joueur {self.player + 1}"


# -- decisions ----------------------------------------------------------------------------------


def call(spot: Spot) -> Decision:
    """Return a call (all his chips when they do not cover it), or a check with nothing to call."""
    if not spot.is_facing:
        return Decision(CHECK)
    return Decision(CALL, spot.call_to)


def wager(spot: Spot, to: int) -> Decision:
    """Return a bet or raise as near ``to`` as the rules allow: at least the minimum, at most the
    pot-limit maximum or his stack (all-in); a call or check when he may not raise."""
    legal = spot.legal
    if legal.min_raise_to is None or legal.max_raise_to is None:
        return call(spot)
    total = min(max(to, legal.min_raise_to), legal.max_raise_to)
    if total == spot.all_in_to:
        return Decision(ALL_IN, total)
    return Decision(BET if spot.is_opening else RAISE, total)


def minimum(spot: Spot) -> Decision:
    """Return the smallest legal bet or raise (a call or check when he may not raise)."""
    return wager(spot, spot.full)


def all_in(spot: Spot) -> Decision:
    """Return all-in: every chip when that is a call or a legal raise, else the most he may do."""
    if spot.all_in_to <= spot.current:
        return Decision(ALL_IN, spot.all_in_to)
    return wager(spot, spot.all_in_to)


def options(spot: Spot) -> tuple[Decision, ...]:
    """Return what the player may do when he acts again freely: fold (facing a bet), call or
    check, and the minimum bet or raise."""
    found = [Decision(FOLD)] if spot.is_facing else []
    found.append(call(spot))
    if spot.can_raise:
        found.append(minimum(spot))
    return tuple(dict.fromkeys(found))


# -- words ----------------------------------------------------------------------------------------


def describe(decision: Decision, lang: str = "en") -> str:
    """Return a decision in words: ``call 1100`` / ``suivre à 1100``."""
    to = decision.to
    kind = decision.kind
    if lang == "fr":
        french = {
            FOLD: "passer (fold)",
            CHECK: "parole (check)",
            CALL: f"suivre à {to} (call)",
            BET: f"miser {to}",
            RAISE: f"relancer à {to}",
            ALL_IN: f"tapis à {to}",
        }
        return french.get(kind, str(decision))
    english = {
        FOLD: "fold",
        CHECK: "check",
        CALL: f"call {to}",
        BET: f"bet {to}",
        RAISE: f"raise to {to}",
        ALL_IN: f"all-in for {to}",
    }
    return english.get(kind, str(decision))


def either(decisions: tuple[Decision, ...], lang: str) -> str:
    """Return the choices in words: ``call 8000 or fold``."""
    words = [describe(decision, lang) for decision in decisions]
    joiner = " ou " if lang == "fr" else " or "
    return ", ".join(words[:-1]) + joiner + words[-1] if len(words) > 1 else "".join(words)


def chips_text(chips: tuple[int, ...]) -> str:
    """Return the chips pushed as a sum: ``1000 + 5×100 = 1500``."""
    counts: dict[int, int] = {}
    for chip in sorted(chips, reverse=True):
        counts[chip] = counts.get(chip, 0) + 1
    parts = [str(chip) if count == 1 else f"{count}×{chip}" for chip, count in counts.items()]
    text = " + ".join(parts)
    return text if len(chips) == 1 else f"{text} = {sum(chips)}"


def half(amount: int) -> str:
    """Return half an amount, exactly: ``half(325) == '162.5'``."""
    return str(amount // 2) if amount % 2 == 0 else f"{amount // 2}.5"


def cap_note(spot: Spot, wanted: int, decision: Decision) -> tuple[str, str]:
    """Return a sentence on why a decision's total differs from the one wanted, in both languages
    (the pot-limit maximum, one fixed-limit bet, his stack, the right to raise), or empty ones."""
    to = decision.to
    if to == wanted or (to is None and wanted <= spot.current):
        return "", ""
    if decision.kind in (CALL, CHECK):
        return (
            f" He may not raise now (BET-REOPEN: the betting was not reopened to him, or nobody "
            f"can call a raise), so it is {describe(decision)}.",
            f" Il ne peut pas relancer maintenant (BET-REOPEN : les enchères ne lui sont pas "
            f"rouvertes, ou personne ne peut suivre une relance) : il doit "
            f"{describe(decision, 'fr')}.",
        )
    if to == spot.all_in_to and wanted > spot.all_in_to:
        return (
            f" He has only {spot.all_in_to} in all, so he is all-in.",
            f" Il n'a que {spot.all_in_to} en tout : il est à tapis.",
        )
    if to is not None and to < wanted:
        return (
            f" The most he may put in is {to}.",
            f" Il ne peut pas mettre plus de {to}.",
        )
    return "", ""


def push_lead(spot: Spot) -> tuple[str, str]:
    """Return the sentence that says what chips he pushed, and against what, in both languages."""
    pushed = chips_text(spot.pushed)
    en = f"{spot.who_en} pushed {pushed} without a word"
    fr = f"{spot.who_fr} pousse {pushed} sans annonce"
    if spot.is_pulled_back and spot.front:
        en += f", after pulling back part of his bet (he left {spot.front})"
        fr += f", après avoir retiré une partie de sa mise (il a laissé {spot.front})"
    elif spot.is_pulled_back:
        en += f", after pulling back the {spot.bet} he had in front"
        fr += f", après avoir retiré les {spot.bet} qu'il avait devant lui"
    elif spot.front:
        en += f", on top of the {spot.front} in front of him"
        fr += f", en plus des {spot.front} devant lui"
    if spot.is_opening:
        return f"{en}, with no bet to call.", f"{fr}, sans mise à suivre."
    return (
        f"{en}, facing {spot.current} ({spot.total} in all).",
        f"{fr}, face à {spot.current} ({spot.total} en tout).",
    )


# -- the two rules chips and words both end in --------------------------------------------------


def ruling(
    spot: Spot,
    rule: str,
    articles: tuple[str, ...],
    en: str,
    fr: str,
    *,
    decision: Decision | None = None,
    choices: tuple[Decision, ...] = (),
    td_decides: bool = False,
    **details: Any,
) -> Ruling:
    """Build a ruling; ``details`` with a ``None`` value are left out, and the chips returned to
    the player (``change``) are worked out from the decision when he pushed chips."""
    kept = {key: value for key, value in details.items() if value is not None}
    has_chips = spot.pushed or spot.front > spot.bet
    if has_chips and decision is not None and "change" not in kept:
        change = spot.total - (decision.to if decision.to is not None else spot.bet)
        if decision.kind is not FOLD and change > 0:
            kept["change"] = change
    if len(choices) == 1 and decision is None and not td_decides:
        decision, choices = choices[0], ()
    return Ruling(
        rule,
        tuple(article for article in dict.fromkeys(articles) if article),
        en.strip(),
        fr.strip(),
        decision=decision,
        choices=choices,
        td_decides=td_decides,
        details=kept,
    )


def fifty(
    spot: Spot,
    total: int,
    *,
    lead: tuple[str, str],
    articles: tuple[str, ...],
    declared: bool = False,
    rule: str = "BET-UNDERRAISE-50",
) -> Ruling:
    """Rule on a wager of ``total`` above the call that is no full raise (BET-UNDERRAISE-50).

    At least half the minimum increment is completed to the minimum raise; less is a call; a
    declared raise is a minimum raise (TDA 46C, 55B; LFP 7.15). The minimum is
    ``hand.full_raise_to()``: the doubled one under LFP 7.11.
    """
    en, fr = lead
    fifty_article = cite(spot.profile, "BET-UNDERRAISE-50", FIFTY_ARTICLES)
    if not spot.can_raise:
        return no_raise(spot, total, lead=lead, articles=articles)
    if total >= spot.full:
        decision = wager(spot, total)
        note_en, note_fr = cap_note(spot, total, decision)
        word_en = "bet" if spot.is_opening else "raise"
        word_fr = "une mise" if spot.is_opening else "une relance"
        return ruling(
            spot,
            rule,
            articles,
            f"{en} It is a full {word_en}: {describe(decision)}.{note_en}",
            f"{fr} C'est {word_fr} complète : {describe(decision, 'fr')}.{note_fr}",
            decision=decision,
        )
    increment = spot.full - spot.current
    added = total - spot.current
    threshold = f"{spot.current} + {half(increment)}"
    if declared:
        decision = minimum(spot)
        articles = (*articles, cite(spot.profile, "BET-UNDERRAISE-50", DECLARED_RAISE_ARTICLES))
        return ruling(
            spot,
            "BET-UNDERRAISE-50",
            articles,
            f"{en} {total} is short of the minimum raise to {spot.full}, but a raise was "
            f"declared, so he must make the minimum raise: {describe(decision)}.",
            f"{fr} {total} n'atteint pas la relance minimum à {spot.full}, mais la relance a "
            f"été annoncée : il doit faire la relance minimum, {describe(decision, 'fr')}.",
            decision=decision,
        )
    if 2 * added >= increment:
        decision = minimum(spot)
        return ruling(
            spot,
            "BET-UNDERRAISE-50",
            (*articles, fifty_article),
            f"{en} The minimum raise is to {spot.full} (+{increment}); +{added} reaches half of "
            f"+{increment} ({threshold}), so he must complete it: {describe(decision)}.",
            f"{fr} La relance minimum est à {spot.full} (+{increment}) ; +{added} atteint la "
            f"moitié de +{increment} ({threshold}) : il doit la compléter, "
            f"{describe(decision, 'fr')}.",
            decision=decision,
        )
    decision = call(spot)
    return ruling(
        spot,
        "BET-UNDERRAISE-50",
        (*articles, fifty_article),
        f"{en} The minimum raise is to {spot.full} (+{increment}); +{added} is less than half "
        f"of +{increment} (below {threshold}), so it is a call: {describe(decision)}, and "
        f"{total - spot.call_to} goes back to him.",
        f"{fr} La relance minimum est à {spot.full} (+{increment}) ; +{added} n'atteint pas la "
        f"moitié de +{increment} (seuil {threshold}) : c'est un call, "
        f"{describe(decision, 'fr')}, et {total - spot.call_to} lui est rendu.",
        decision=decision,
        change=total - spot.call_to,
    )


def no_raise(spot: Spot, total: int, *, lead: tuple[str, str], articles: tuple[str, ...]) -> Ruling:
    """Rule on more than a call from a player who may not raise now: a call (BET-REOPEN: the
    betting was not reopened to him; or nobody is left to call a raise)."""
    en, fr = lead
    decision = call(spot)
    back = total - (spot.call_to if spot.is_facing else spot.bet)
    back_en = f", and {back} goes back to him" if back > 0 else ""
    back_fr = f", et {back} lui est rendu" if back > 0 else ""
    return ruling(
        spot,
        "BET-REOPEN",
        (*articles, cite(spot.profile, "BET-REOPEN")),
        f"{en} He may not raise now: the betting was not reopened to him by a full raise, or "
        f"nobody left can call a raise. So it is {describe(decision)}{back_en}.",
        f"{fr} Il ne peut pas relancer : les enchères ne lui ont pas été rouvertes par une "
        f"relance complète, ou plus personne ne peut suivre une relance. Il doit donc "
        f"{describe(decision, 'fr')}{back_fr}.",
        decision=decision,
    )


def undercall(spot: Spot, total: int, *, lead: tuple[str, str], spoken: bool) -> Ruling:
    """Rule on a total below the call that is not all his chips (BET-UNDERCALL, per profile).

    ``spoken``: the amount was said, not pushed (TDA 42B counts it; the other books speak only of
    chips put in, so a spoken short amount is void and he acts again: LFP 7.16).
    """
    en, fr = lead
    profile = spot.profile
    mode = profile.undercall
    articles = (field_article(profile, "undercall"),)
    complete = call(spot)
    fold = Decision(FOLD)
    short = total - spot.bet  # chips beyond his bet that he would forfeit by folding
    forfeit = short if short > 0 and not spoken else None
    options_en = either((complete, fold), "en")
    options_fr = either((complete, fold), "fr")
    # BET-UNDERCALL: TDA 42B: a full call heads-up or facing the opening bet, else the TD.
    if mode is Undercall.FULL_CALL_HEADS_UP_OR_OPENING_ELSE_TD:
        if is_heads_up(spot.hand) or is_facing_opening(spot.hand):
            why_en = "heads-up" if is_heads_up(spot.hand) else "facing the opening bet"
            why_fr = "en tête-à-tête" if is_heads_up(spot.hand) else "face à la mise d'ouverture"
            return ruling(
                spot,
                "BET-UNDERCALL",
                articles,
                f"{en} {total} is less than the call of {spot.current}; {why_en} he must make "
                f"the full call: {describe(complete)}.",
                f"{fr} {total} est inférieur au call de {spot.current} ; {why_fr}, il doit "
                f"suivre en entier : {describe(complete, 'fr')}.",
                decision=complete,
            )
        return ruling(
            spot,
            "BET-UNDERCALL",
            articles,
            f"{en} {total} is less than the call of {spot.current}, facing a raise with three or "
            f"more players in the hand: the TD decides whether he must complete the call or may "
            f"forfeit {short} and fold ({options_en}).",
            f"{fr} {total} est inférieur au call de {spot.current}, face à une relance à trois "
            f"joueurs ou plus : le TD décide s'il doit compléter le call ou s'il peut abandonner "
            f"{short} et passer ({options_fr}).",
            choices=(complete, fold),
            td_decides=True,
            forfeit_on_fold=forfeit,
        )
    if spoken:
        again = options(spot)
        return ruling(
            spot,
            "BET-UNDERCALL",
            articles,
            f"{en} An amount said alone that is less than the call of {spot.current} is void: "
            f"he states his action again ({either(again, 'en')}).",
            f"{fr} Un montant annoncé seul, inférieur au call de {spot.current}, est nul : le "
            f"joueur reformule librement son action ({either(again, 'fr')}).",
            choices=again,
            void=True,
        )
    if mode is Undercall.WITHDRAW_IF_UNAWARE and not is_facing_opening(spot.hand):
        # BET-UNDERCALL: GM 10°: a player unaware of a raise may take his chips back.
        return ruling(
            spot,
            "BET-UNDERCALL",
            articles,
            f"{en} {total} is less than the call of {spot.current}. The chips stay in the pot, "
            f"but if he did not know the bet had been raised, nobody behind him has acted and the "
            f"difference is large, the TD may let him take back {short} and act again; "
            f"otherwise he must {options_en} (forfeiting {short}).",
            f"{fr} {total} est inférieur au call de {spot.current}. Les jetons restent au pot, "
            f"mais s'il ignorait la relance, que personne derrière lui n'a agi et que l'écart est "
            f"important, le TD peut le laisser reprendre {short} et reconsidérer son action ; "
            f"sinon il doit {options_fr} (en abandonnant {short}).",
            choices=(complete, fold),
            td_decides=True,
            forfeit_on_fold=forfeit,
            may_withdraw=True,
        )
    if mode is Undercall.COMPLETE_OR_FORFEIT_OVER_HALF and 2 * short <= spot.current - spot.bet:
        # BET-UNDERCALL: GEN 1.17 covers more than half the call; the exceptions are text missing.
        return ruling(
            spot,
            "BET-UNDERCALL",
            articles,
            f"{en} {total} is less than the call of {spot.current}, and {short} is not more than "
            f"half of the {spot.current - spot.bet} he had to add, so GEN 1.17 does not decide "
            f"(its exceptions are missing): the floor rules ({options_en}).",
            f"{fr} {total} est inférieur au call de {spot.current}, et {short} ne dépasse pas la "
            f"moitié des {spot.current - spot.bet} à ajouter : GEN 1.17 ne tranche pas (ses "
            f"exceptions manquent), le responsable décide ({options_fr}).",
            choices=(complete, fold),
            td_decides=True,
            forfeit_on_fold=forfeit,
        )
    # BET-UNDERCALL: LFP 7.16, BAN/JETONS, GEN 1.17, GM 10° (facing the opening bet): the chips
    # stay; he completes the call or folds and forfeits them.
    return ruling(
        spot,
        "BET-UNDERCALL",
        articles,
        f"{en} {total} is less than the call of {spot.current}. The chips stay on the table: he "
        f"chooses to complete the call or to fold, forfeiting {short} ({options_en}).",
        f"{fr} {total} est inférieur au call de {spot.current}. Les jetons restent sur la table : "
        f"il choisit entre compléter le call et passer en abandonnant {short} ({options_fr}).",
        choices=(complete, fold),
        forfeit_on_fold=forfeit,
    )


# -- the hand -------------------------------------------------------------------------------------


def is_heads_up(hand: Hand) -> bool:
    """Return whether only two players are still in the hand."""
    return sum(not hand.is_folded(p) for p in range(hand.player_count)) == 2


def is_facing_opening(hand: Hand) -> bool:
    """Return whether the bet to call is the round's opening bet: nobody has raised it (pre-flop
    the big blind is the opening bet: TDA 42B)."""
    for event in reversed(hand.events):
        if isinstance(event, BoardDealt):
            return True
        if isinstance(event, PlayerActed) and event.kind is RAISE:
            return False
    return True


def pot_total(hand: Hand) -> int:
    """Return every chip in the middle and in front of the players (TDA 57's pot)."""
    return sum(pot.amount for pot in hand.pots) + sum(hand.bets)
