"""Dealing irregularities: misdeals, wrong numbers of cards, exposed, flashed and boxed cards.
Board errors (a four-card flop, a premature card...) are in ``pokertd.floor.board``.

GM has a misdeal list (27°) and no substantial-action rule: its misdeals are declared whatever has
been bet (EX-44, EX-45), where the other books stop at substantial action.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from enum import StrEnum
from typing import Any

from pokertd.engine import Hand, Phase
from pokertd.engine.events import PlayerActed
from pokertd.errors import ParseError
from pokertd.floor.order import (
    _article_book,
    _book,
    _by_book,
    _check_seat,
    _enum,
    _field_articles,
    _kill,
    _unique,
    is_substantial_action,
)
from pokertd.floor.rulings import Decision, Phrase, Ruling, Step, StepKind, phrase
from pokertd.messages import message
from pokertd.rules import Profile, WrongHoleCards

# -- misdeals and wrong numbers of cards -----------------------------------------------------------


class Situation(StrEnum):
    """A dealing irregularity found during or after the deal."""

    #: The first or the second card of the deal exposed by the dealer.
    FIRST_CARDS_EXPOSED = "first-cards-exposed"
    #: One later hole card exposed by the dealer (or by an involuntary move of the player).
    CARD_EXPOSED = "card-exposed"
    #: Two hole cards exposed by the dealer.
    TWO_CARDS_EXPOSED = "two-cards-exposed"
    #: Two or more cards found face up in the deck during the deal.
    BOXED_CARDS = "boxed-cards"
    #: The first card dealt to the wrong seat, or cards dealt out of order.
    WRONG_ORDER = "wrong-order"
    #: A player dealt too many or too few hole cards.
    WRONG_COUNT = "wrong-count"
    #: Cards dealt to an empty seat or to a player not entitled to a hand.
    EMPTY_SEAT = "empty-seat"
    #: A player entitled to a hand dealt none.
    PLAYER_NOT_DEALT = "player-not-dealt"
    #: The button in the wrong position.
    BUTTON_MISPLACED = "button-misplaced"


#: DEAL-MISDEAL-CONDITIONS: each book's article for each situation; a missing book reads TDA, a
#: missing situation in TDA's list is not a misdeal TDA names.
_MISDEAL_ARTICLES: Mapping[Situation, Mapping[str, tuple[str, ...]]] = {
    Situation.FIRST_CARDS_EXPOSED: {
        "TDA": ("TDA 35A",), "LFP": ("LFP 2.8",), "GM": ("GM 27°",), "GEN": ("GEN 1.8",),
    },
    Situation.TWO_CARDS_EXPOSED: {
        "TDA": ("TDA 35A",), "LFP": ("LFP 2.8",), "GM": ("GM 27°",), "GEN": ("GEN 1.8", "GEN 1.9"),
    },
    Situation.BOXED_CARDS: {"TDA": ("TDA 35A",), "LFP": ("LFP 2.10",), "GM": ("GM 27°",)},
    Situation.WRONG_ORDER: {"TDA": ("TDA 35A",), "LFP": ("LFP 2.8",), "GM": ("GM 27°",)},
    Situation.EMPTY_SEAT: {"TDA": ("TDA 35A",), "GM": ("GM 27°",)},
    Situation.PLAYER_NOT_DEALT: {"TDA": ("TDA 35A",), "GM": ("GM 27°",)},
    Situation.BUTTON_MISPLACED: {"GM": ("GM 27°",)},
}  # fmt: skip

_REPLAY_ARTICLES = {"TDA": ("TDA 35C",), "LFP": ("LFP 2.12",), "GEN": ("GEN 1.9",)}
_AFTER_SA_ARTICLES = {"TDA": ("TDA 35D",), "LFP": ("LFP 2.13",), "GEN": ("GEN 1.9",)}


def _has_sa_cutoff(profile: Profile) -> bool:
    """Return whether a misdeal can no longer be declared after substantial action: not when the
    book has its own misdeal list and no substantial-action rule (GM 27°)."""
    misdeal_book = _article_book(profile.source("wrong_hole_cards_before_sa").article)
    sa_book = _article_book(profile.source("substantial_action").article)
    return not (profile.book and misdeal_book == profile.book and sa_book != profile.book)


def _redeal(profile: Profile, said: Phrase, articles: Sequence[str]) -> Ruling:
    """A misdeal: bets back, the hand dealt again (DEAL-MISDEAL-REPLAY), after ``said``."""
    book = _book(profile)
    replay = phrase(f"replay-{book.lower()}" if book in ("LFP", "GEN", "GM") else "replay-tda")
    steps = (
        Step(StepKind.RETURN_BETS, note=phrase("bets-back-to-owners")),
        Step(StepKind.REDEAL, note=replay),
    )
    cited = _unique([*articles, *_by_book(profile, _REPLAY_ARTICLES)] if book != "GM" else articles)
    return Ruling(
        "DEAL-MISDEAL-CONDITIONS", cited, "misdeal-redeal", {"replay": replay}, steps=steps,
        details={"misdeal": True}, lead=(said,),
    )  # fmt: skip


def _no_misdeal(
    rule: str, articles: tuple[str, ...], outcome: str, values: dict[str, Any], *,
    decision: Decision | None = None, steps: tuple[Step, ...] = (), **details: Any,
) -> Ruling:  # fmt: skip
    """A ruling that declares no misdeal: ``details["misdeal"]`` is False."""
    details = {"misdeal": False, **details}
    return Ruling(rule, articles, outcome, values, decision=decision, steps=steps, details=details)


def _sentence(said: Phrase) -> Phrase:
    """Return ``said`` as a sentence of its own (with its full stop)."""
    return phrase("sentence", said=said)


def _small_blind(hand: Hand) -> int | None:
    posts = hand.setup.blind_posts
    posted = [player for player, amount in enumerate(posts) if amount]
    if len(posted) < 2:
        return hand.button if hand.player_count == 2 and posted else None
    top = max(posts)
    smaller = [player for player in posted if posts[player] < top]
    return smaller[0] if smaller else None


def misdeal(
    hand: Hand,
    situation: Situation | str,
    *,
    player: int | None = None,
    cards_held: int | None = None,
) -> Ruling:
    """Rule on whether a dealing irregularity is a misdeal, and if not, what is done instead.

    Before substantial action (DEAL-MISDEAL-CONDITIONS) each book has its list; after it
    (DEAL-MISDEAL-AFTER-SA) the hand goes on: TDA 35D, LFP 2.13 (without the players affected),
    GEN 1.9; GM has no such limit. A wrong number of cards (``player`` holds ``cards_held``)
    follows the profile's ``wrong_hole_cards_before_sa`` before substantial action, and
    DEAL-WRONG-COUNT-AFTER-SA after it (TDA 38: his hand is dead, one burn per later street); a
    button dealt too few cards is given them under TDA 37, unless he has acted.

    Raises ParseError for an unknown situation or a wrong count without its player and count.

    >>> from pokertd import Hand
    >>> hand = Hand.create(game="nlhe", stacks=[1000] * 5, blinds=(5, 10), seed=1)
    >>> misdeal(hand, "two-cards-exposed").details
    {'misdeal': True}
    """
    situation = _enum(Situation, situation)
    profile = hand.profile
    is_sa = is_substantial_action(hand, since=0)
    holes = hand.game.hole_count
    if situation is Situation.WRONG_COUNT:
        if player is None or cards_held is None or not 0 <= player < hand.player_count:
            raise ParseError(
                message("a wrong count needs the player and the number of cards he holds")
            )
        if cards_held == holes or cards_held < 0:
            raise ParseError(
                message(
                    "player {player} holds {held} cards; the game deals {holes}",
                    player=player + 1,
                    held=cards_held,
                    holes=holes,
                )
            )
        return _wrong_count(hand, player, cards_held, is_sa)
    if situation is Situation.CARD_EXPOSED:
        return _one_exposed(hand, player)
    said = phrase(f"situation-{situation.value}")
    if is_sa and _has_sa_cutoff(profile):
        return _after_sa(hand, said, player)
    table = _MISDEAL_ARTICLES[situation]
    book = _book(profile)
    if situation is Situation.FIRST_CARDS_EXPOSED and book == "GEN":
        ruling = _one_exposed(hand, player)
        return replace(ruling, lead=(phrase("gen-replaces-one", situation=said), *ruling.lead))
    if book in table or ("TDA" in table and book != "GM"):
        return _redeal(profile, _sentence(said), _by_book(profile, table))
    # BUTTON_MISPLACED outside GM: no book names it.
    found = _no_misdeal(
        "DEAL-MISDEAL-CONDITIONS", ("TDA 35A",), "no-book-names-it",
        {"situation": said, "book": book},
    )  # fmt: skip
    return replace(found, td_decides=True)


def _after_sa(hand: Hand, said: Phrase, player: int | None) -> Ruling:
    profile = hand.profile
    articles = _unique(
        [*_by_book(profile, _AFTER_SA_ARTICLES), *_field_articles(profile, "substantial_action")]
    )
    decision: Decision | None = None
    steps: tuple[Step, ...] = (Step(StepKind.CONTINUE, note=phrase("hand-goes-on")),)
    outcome = "after-sa-goes-on"
    if _book(profile) == "LFP" and player is not None:
        outcome = "after-sa-without-player"
        decision, steps = _kill(hand, player, phrase("directly-affected"))
    elif _book(profile) == "LFP":
        outcome = "after-sa-unaffected-players"
    values = {"situation": said, "player": None if player is None else player + 1}
    return _no_misdeal(
        "DEAL-MISDEAL-AFTER-SA", articles, outcome, values, decision=decision, steps=steps
    )


def _one_exposed(hand: Hand, player: int | None) -> Ruling:
    """DEAL-EXPOSED-CARD: one hole card exposed later in the deal is replaced by the first burn."""
    profile = hand.profile
    book = _book(profile)
    articles = {
        "LFP": ("LFP 2.5",), "GEN": ("GEN 1.8",), "GM": ("GM 27°",),
    }.get(book, ("TDA 35A", "TDA 35B", "LFP 2.5"))  # fmt: skip
    who = (
        phrase("the-player-unnamed") if player is None else phrase("the-player", player=player + 1)
    )
    steps = (
        Step(StepKind.CONTINUE, note=phrase("finish-the-deal")),
        Step(StepKind.TAKE_BACK, note=phrase("exposed-card-from", who=who)),
        Step(StepKind.CONTINUE, note=phrase("give-planned-burn", who=who)),
        Step(StepKind.SET_ASIDE, note=phrase("exposed-on-stub")),
        Step(StepKind.BURN, note=phrase("exposed-is-first-burn")),
    )
    # DEAL-EXPOSED-CARD: a book without the procedure borrows LFP 2.5's.
    notes = () if book in ("LFP", "GEN", "GM") else (phrase("follows-lfp-2-5", book=book),)
    return Ruling(
        "DEAL-EXPOSED-CARD", articles, "one-exposed-replaced", {"who": who}, steps=steps,
        details={"misdeal": False}, notes=notes,
    )  # fmt: skip


def _has_acted(hand: Hand, player: int) -> bool:
    return any(isinstance(e, PlayerActed) and e.player == player for e in hand.events)


def _wrong_count(hand: Hand, player: int, held: int, is_sa: bool) -> Ruling:
    profile = hand.profile
    holes = hand.game.hole_count
    short = holes - held
    holds = phrase(
        "holds-one-card" if held == 1 else "holds-cards", player=player + 1, held=held, holes=holes
    )
    values: dict[str, Any] = {"holds": holds}
    rule_book = _article_book(profile.source("wrong_hole_cards_before_sa").article)
    choice = profile.wrong_hole_cards_before_sa
    # DEAL-BUTTON-SHORT: TDA 37, before or after substantial action.
    if short > 0 and player == hand.button and rule_book == "TDA":
        if _has_acted(hand, player):
            decision, steps = _kill(hand, player, phrase("acted-short-hand"))
            return _no_misdeal(
                "DEAL-BUTTON-SHORT", ("TDA 37",), "button-short-acted", values, decision=decision,
                steps=steps,
            )  # fmt: skip
        give = phrase("give-missing-cards", player=player + 1, count=short)
        return _no_misdeal(
            "DEAL-BUTTON-SHORT", ("TDA 37", "TDA 35B"), "button-short-given", values,
            steps=(Step(StepKind.CONTINUE, note=give),),
        )  # fmt: skip
    articles = _field_articles(profile, "wrong_hole_cards_before_sa")
    # DEAL-MISDEAL-CONDITIONS (§17 #20), GEN 1.9 before and after substantial action.
    if choice is WrongHoleCards.VOID_HAND:
        return _void_hand(hand, player, short, articles, values)
    if is_sa and _has_sa_cutoff(profile):
        return _wrong_count_after_sa(hand, player, holds)
    is_sb_extra = (
        choice is WrongHoleCards.MISDEAL_EXCEPT_ONE_EXTRA_TO_SMALL_BLIND
        and held == holes + 1
        and player == _small_blind(hand)
    )
    if is_sb_extra:
        steps = (
            Step(StepKind.TAKE_BACK, note=phrase("extra-card-from", player=player + 1)),
            Step(StepKind.SET_ASIDE, note=phrase("shown-on-stub")),
            Step(StepKind.BURN, note=phrase("is-first-burn")),
        )
        return _no_misdeal(
            "DEAL-MISDEAL-CONDITIONS", articles, "extra-card-small-blind", values, steps=steps
        )
    return _redeal(profile, _sentence(holds), articles)


def _void_hand(
    hand: Hand, player: int, short: int, articles: tuple[str, ...], values: dict[str, Any]
) -> Ruling:
    """GEN 1.9: a hand dealt a wrong number of cards is void, unless the one card missing is the
    top card of the deck."""
    if short == 1:
        give = phrase("give-top-card", player=player + 1)
        return _no_misdeal(
            "DEAL-MISDEAL-CONDITIONS", articles, "one-missing-top-card", values,
            steps=(Step(StepKind.CONTINUE, note=give),), void=False,
        )  # fmt: skip
    decision, steps = _kill(hand, player, phrase("void-no-compensation"))
    return _no_misdeal(
        "DEAL-MISDEAL-CONDITIONS", articles, "void-hand", values, decision=decision, steps=steps,
        void=True,
    )  # fmt: skip


def _wrong_count_after_sa(hand: Hand, player: int, holds: Phrase) -> Ruling:
    """DEAL-WRONG-COUNT-AFTER-SA: TDA 38, Add.38 (EX-44, EX-45); LFP 2.13."""
    profile = hand.profile
    sa_articles = _field_articles(profile, "substantial_action")
    decision, steps = _kill(hand, player, phrase("wrong-count-mucked"))
    if _book(profile) == "LFP":
        articles = _unique(["LFP 2.13", *sa_articles])
        outcome = "wrong-count-after-sa-lfp"
    else:
        articles = _unique(["TDA 38", "TDA Add.38", *sa_articles])
        steps = (*steps, Step(StepKind.CONTINUE, note=phrase("one-burn-per-street")))
        outcome = "wrong-count-after-sa"
    return _no_misdeal(
        "DEAL-WRONG-COUNT-AFTER-SA", articles, outcome, {"holds": holds}, decision=decision,
        steps=steps,
    )  # fmt: skip


def boxed_cards(hand: Hand, count: int, *, is_during_deal: bool) -> Ruling:
    """Rule on ``count`` cards found face up in the deck (DEAL-BOXED-CARD).

    One is shown, set aside for the hand and ignored (LFP 2.10; TDA 35A(1) and GM 27°b need two
    for a misdeal). Two or more during the initial deal are a misdeal. Later, LFP voids the hand
    while betting is still possible and ignores them otherwise; the other books make it a misdeal
    before substantial action (GM at any time).

    Raises ParseError for a count below one.
    """
    if count < 1:
        raise ParseError(message("{count} boxed cards: at least one is needed", count=count))
    profile = hand.profile
    book = _book(profile)
    articles = {"LFP": ("LFP 2.10",), "GM": ("GM 27°",)}.get(book, ("TDA 35A", "LFP 2.10"))
    aside = Step(StepKind.SET_ASIDE, note=phrase("boxed-aside"))
    if count == 1:
        return _no_misdeal("DEAL-BOXED-CARD", articles, "one-boxed-card", {}, steps=(aside,))
    values = {"count": count}
    if is_during_deal:
        ruling = _redeal(profile, phrase("boxed-during-deal", **values), articles)
        return replace(ruling, rule="DEAL-BOXED-CARD")
    if book == "LFP":
        betting = hand.phase is Phase.BETTING or (
            hand.phase is Phase.DEALING
            and sum(1 for p in range(hand.player_count) if not hand.is_folded(p)
                    and not hand.is_all_in(p)) >= 2
        )  # fmt: skip
        if betting:
            ruling = _redeal(profile, phrase("boxed-hand-void", **values), articles)
            return replace(ruling, rule="DEAL-BOXED-CARD")
        return _no_misdeal("DEAL-BOXED-CARD", articles, "boxed-ignored", values, steps=(aside,))
    if is_substantial_action(hand, since=0) and _has_sa_cutoff(profile):
        ruling = _after_sa(hand, phrase("boxed-after-deal", **values), None)
        return replace(ruling, rule="DEAL-BOXED-CARD", steps=(aside, *ruling.steps))
    ruling = _redeal(profile, _sentence(phrase("boxed", **values)), articles)
    return replace(ruling, rule="DEAL-BOXED-CARD")


def flashed_card(hand: Hand, player: int, *, is_refused: bool, is_touched: bool) -> Ruling:
    """Rule on a hole card called "flashed" that fell face down (DEAL-FLASHED-CARD, LFP 2.9).

    Only its owner may refuse it, clearly and before touching it; a refused card is treated as
    exposed by the dealer (``misdeal(hand, "card-exposed")``). Touched first, it is his and he
    never has to show it. The other books are silent; pokertd follows LFP 2.9.
    """
    _check_seat(hand, player)
    silent = _book(hand.profile) != "LFP"
    values = {"player": player + 1}
    if is_refused and not is_touched:
        exposed = _one_exposed(hand, player)
        return Ruling(
            "DEAL-FLASHED-CARD", _unique(["LFP 2.9", *exposed.articles]), "refused-flashed-card",
            values, steps=exposed.steps, details={"kept": False}, notes=exposed.phrases,
        )  # fmt: skip
    why = phrase("touched-before-refusing" if is_refused else "did-not-refuse")
    notes = (phrase("silent-follows-lfp-2-9", book=_book(hand.profile)),) if silent else ()
    return Ruling(
        "DEAL-FLASHED-CARD", ("LFP 2.9",), "keeps-flashed-card", {**values, "why": why},
        details={"kept": True}, notes=notes,
    )  # fmt: skip
