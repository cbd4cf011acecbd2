"""The player to act and what the rules let him do: the ``Spot`` that chip and word rulings share.

A ``Spot`` is read from a ``Hand`` once; the helpers turn an intended total into a ``Decision`` the
engine accepts right now (``wager``, ``call``, ``all_in``), say what the player did as facts
(``push_lead``, ``either``), and hold the two rules both chips and words end in: the 50 %
under-raise rule (BET-UNDERRAISE-50) and undercalls (BET-UNDERCALL).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pokertd.engine import ActionKind, Hand, Legal
from pokertd.engine.events import BoardDealt, PlayerActed
from pokertd.floor.citations import cite, field_article
from pokertd.floor.rulings import Decision, Phrase, Ruling, phrase
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
    def number(self) -> int:
        """Return the player's number as people read it (PHH numbering from p1)."""
        return self.player + 1


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


# -- facts for the explanations ------------------------------------------------------------------


def either(decisions: tuple[Decision, ...]) -> Phrase | Decision | None:
    """Return the choices as one value: ``call 8000 or fold``."""
    if len(decisions) > 1:
        return phrase("or", items=decisions[:-1], last=decisions[-1])
    return decisions[0] if decisions else None


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


def cap_note(spot: Spot, wanted: int, decision: Decision) -> tuple[Phrase, ...]:
    """Return the note on why a decision's total differs from the one wanted (the pot-limit
    maximum, one fixed-limit bet, his stack, the right to raise), or none."""
    to = decision.to
    if to == wanted or (to is None and wanted <= spot.current):
        return ()
    if decision.kind in (CALL, CHECK):
        return (phrase("cap-may-not-raise", decision=decision),)
    if to == spot.all_in_to and wanted > spot.all_in_to:
        return (phrase("cap-only-stack", stack=spot.all_in_to),)
    if to is not None and to < wanted:
        return (phrase("cap-most", to=to),)
    return ()


def push_lead(spot: Spot, *, is_silent: bool = True) -> Phrase:
    """Return the sentence that says what chips he pushed, and against what (``is_silent``: with
    "without a word")."""
    if spot.is_pulled_back and spot.front:
        prior = phrase("after-pulling-part", front=spot.front)
    elif spot.is_pulled_back:
        prior = phrase("after-pulling-all", bet=spot.bet)
    elif spot.front:
        prior = phrase("on-top-of", front=spot.front)
    else:
        prior = None
    if spot.is_opening:
        facing = phrase("with-no-bet")
    else:
        facing = phrase("facing-total", current=spot.current, total=spot.total)
    return phrase(
        "pushed-silently" if is_silent else "pushed",
        player=spot.number,
        chips=chips_text(spot.pushed),
        prior=prior,
        facing=facing,
    )


# -- the two rules chips and words both end in --------------------------------------------------


def ruling(
    spot: Spot,
    rule: str,
    articles: tuple[str, ...],
    outcome: str,
    values: dict[str, Any] | None = None,
    *,
    lead: tuple[Phrase, ...] = (),
    notes: tuple[Phrase, ...] = (),
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
        outcome,
        values or {},
        decision=decision,
        choices=choices,
        td_decides=td_decides,
        details=kept,
        lead=lead,
        notes=notes,
    )


def fifty(
    spot: Spot,
    total: int,
    *,
    lead: tuple[Phrase, ...],
    articles: tuple[str, ...],
    declared: bool = False,
    rule: str = "BET-UNDERRAISE-50",
) -> Ruling:
    """Rule on a wager of ``total`` above the call that is no full raise (BET-UNDERRAISE-50).

    At least half the minimum increment is completed to the minimum raise; less is a call; a
    declared raise is a minimum raise (TDA 46C, 55B; LFP 7.15). The minimum is
    ``hand.full_raise_to()``: the doubled one under LFP 7.11.
    """
    fifty_article = cite(spot.profile, "BET-UNDERRAISE-50", FIFTY_ARTICLES)
    if not spot.can_raise:
        return no_raise(spot, total, lead=lead, articles=articles)
    if total >= spot.full:
        decision = wager(spot, total)
        outcome = "full-bet" if spot.is_opening else "full-raise"
        return ruling(
            spot, rule, articles, outcome, {"decision": decision}, lead=lead,
            notes=cap_note(spot, total, decision), decision=decision,
        )  # fmt: skip
    increment = spot.full - spot.current
    added = total - spot.current
    values: dict[str, Any] = {
        "total": total,
        "full": spot.full,
        "increment": increment,
        "added": added,
        "threshold": f"{spot.current} + {half(increment)}",
    }
    if declared:
        decision = minimum(spot)
        articles = (*articles, cite(spot.profile, "BET-UNDERRAISE-50", DECLARED_RAISE_ARTICLES))
        return ruling(
            spot, "BET-UNDERRAISE-50", articles, "declared-minimum-raise",
            {**values, "decision": decision}, lead=lead, decision=decision,
        )  # fmt: skip
    if 2 * added >= increment:
        decision = minimum(spot)
        return ruling(
            spot, "BET-UNDERRAISE-50", (*articles, fifty_article), "half-completed",
            {**values, "decision": decision}, lead=lead, decision=decision,
        )  # fmt: skip
    decision = call(spot)
    back = total - spot.call_to
    return ruling(
        spot, "BET-UNDERRAISE-50", (*articles, fifty_article), "under-half-call",
        {**values, "decision": decision, "back": back}, lead=lead, decision=decision,
        change=back,
    )  # fmt: skip


def no_raise(
    spot: Spot, total: int, *, lead: tuple[Phrase, ...], articles: tuple[str, ...]
) -> Ruling:
    """Rule on more than a call from a player who may not raise now: a call (BET-REOPEN: the
    betting was not reopened to him; or nobody is left to call a raise)."""
    decision = call(spot)
    back = total - (spot.call_to if spot.is_facing else spot.bet)
    values = {"decision": decision, "back": phrase("goes-back", back=back) if back > 0 else None}
    return ruling(
        spot, "BET-REOPEN", (*articles, cite(spot.profile, "BET-REOPEN")), "no-reopen", values,
        lead=lead, decision=decision,
    )  # fmt: skip


def undercall(spot: Spot, total: int, *, lead: tuple[Phrase, ...], spoken: bool) -> Ruling:
    """Rule on a total below the call that is not all his chips (BET-UNDERCALL, per profile).

    ``spoken``: the amount was said, not pushed (TDA 42B counts it; the other books speak only of
    chips put in, so a spoken short amount is void and he acts again: LFP 7.16).
    """
    profile = spot.profile
    mode = profile.undercall
    articles = (field_article(profile, "undercall"),)
    complete = call(spot)
    choices = (complete, Decision(FOLD))
    short = total - spot.bet  # chips beyond his bet that he would forfeit by folding
    forfeit = short if short > 0 and not spoken else None
    values: dict[str, Any] = {
        "total": total,
        "current": spot.current,
        "short": short,
        "options": either(choices),
        "decision": complete,
    }
    # BET-UNDERCALL: TDA 42B: a full call heads-up or facing the opening bet, else the TD.
    if mode is Undercall.FULL_CALL_HEADS_UP_OR_OPENING_ELSE_TD:
        if is_heads_up(spot.hand) or is_facing_opening(spot.hand):
            why = phrase("heads-up-why" if is_heads_up(spot.hand) else "facing-opening-why")
            return ruling(
                spot, "BET-UNDERCALL", articles, "undercall-full-call", {**values, "why": why},
                lead=lead, decision=complete,
            )  # fmt: skip
        return ruling(
            spot, "BET-UNDERCALL", articles, "undercall-td", values, lead=lead, choices=choices,
            td_decides=True, forfeit_on_fold=forfeit,
        )  # fmt: skip
    if spoken:
        again = options(spot)
        return ruling(
            spot, "BET-UNDERCALL", articles, "spoken-undercall-void",
            {**values, "again": either(again)}, lead=lead, choices=again, void=True,
        )  # fmt: skip
    if mode is Undercall.WITHDRAW_IF_UNAWARE and not is_facing_opening(spot.hand):
        # BET-UNDERCALL: GM 10°: a player unaware of a raise may take his chips back.
        return ruling(
            spot, "BET-UNDERCALL", articles, "undercall-may-withdraw", values, lead=lead,
            choices=choices, td_decides=True, forfeit_on_fold=forfeit, may_withdraw=True,
        )  # fmt: skip
    if mode is Undercall.COMPLETE_OR_FORFEIT_OVER_HALF and 2 * short <= spot.current - spot.bet:
        # BET-UNDERCALL: GEN 1.17 covers more than half the call; the exceptions are text missing.
        return ruling(
            spot, "BET-UNDERCALL", articles, "undercall-gen-floor",
            {**values, "needed": spot.current - spot.bet}, lead=lead, choices=choices,
            td_decides=True, forfeit_on_fold=forfeit,
        )  # fmt: skip
    # BET-UNDERCALL: LFP 7.16, BAN/JETONS, GEN 1.17, GM 10° (facing the opening bet): the chips
    # stay; he completes the call or folds and forfeits them.
    return ruling(
        spot, "BET-UNDERCALL", articles, "undercall-complete-or-fold", values, lead=lead,
        choices=choices, forfeit_on_fold=forfeit,
    )  # fmt: skip


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
