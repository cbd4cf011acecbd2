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
    _enum,
    _field_articles,
    _joueur,
    _kill,
    _unique,
    _Who,
    _who,
    is_substantial_action,
)
from pokertd.floor.rulings import Decision, Ruling, Step, StepKind
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

_SITUATION_EN = {
    Situation.FIRST_CARDS_EXPOSED: "The dealer exposed the first or second card of the deal",
    Situation.CARD_EXPOSED: "The dealer exposed a hole card",
    Situation.TWO_CARDS_EXPOSED: "The dealer exposed two hole cards",
    Situation.BOXED_CARDS: "Two or more cards were face up in the deck during the deal",
    Situation.WRONG_ORDER: "The cards were dealt out of order",
    Situation.WRONG_COUNT: "A player was dealt a wrong number of cards",
    Situation.EMPTY_SEAT: "Cards were dealt to an empty seat or an ineligible player",
    Situation.PLAYER_NOT_DEALT: "A player entitled to a hand was dealt none",
    Situation.BUTTON_MISPLACED: "The button was in the wrong position",
}
_SITUATION_FR = {
    Situation.FIRST_CARDS_EXPOSED: "Le donneur a retourné la première ou la deuxième carte",
    Situation.CARD_EXPOSED: "Le donneur a retourné une carte privative",
    Situation.TWO_CARDS_EXPOSED: "Le donneur a retourné deux cartes privatives",
    Situation.BOXED_CARDS: "Deux cartes ou plus étaient retournées dans le paquet pendant la donne",
    Situation.WRONG_ORDER: "Les cartes ont été données dans le mauvais ordre",
    Situation.WRONG_COUNT: "Un joueur a reçu un nombre incorrect de cartes",
    Situation.EMPTY_SEAT: "Des cartes ont été données à un siège vide ou à un joueur non autorisé",
    Situation.PLAYER_NOT_DEALT: "Un joueur censé jouer n'a pas reçu de cartes",
    Situation.BUTTON_MISPLACED: "Le bouton n'était pas à la bonne place",
}

_REPLAY_ARTICLES = {"TDA": ("TDA 35C",), "LFP": ("LFP 2.12",), "GEN": ("GEN 1.9",)}
_AFTER_SA_ARTICLES = {"TDA": ("TDA 35D",), "LFP": ("LFP 2.13",), "GEN": ("GEN 1.9",)}


def _has_sa_cutoff(profile: Profile) -> bool:
    """Return whether a misdeal can no longer be declared after substantial action: not when the
    book has its own misdeal list and no substantial-action rule (GM 27°)."""
    misdeal_book = _article_book(profile.source("wrong_hole_cards_before_sa").article)
    sa_book = _article_book(profile.source("substantial_action").article)
    return not (profile.book and misdeal_book == profile.book and sa_book != profile.book)


def _redeal(profile: Profile, en: str, fr: str, articles: Sequence[str]) -> Ruling:
    """A misdeal: bets back, the hand dealt again (DEAL-MISDEAL-REPLAY)."""
    book = _book(profile)
    replay_en = {
        "TDA": "an exact replay: the button does not move, no new player, the same blinds",
        "LFP": "the hand is replayed in full",
        "GEN": "all the cards go back to the dealer and a new hand is dealt",
        "GM": "the hand is annulled and dealt again",
    }.get(book, "an exact replay: the button does not move, no new player, the same blinds")
    steps = (
        Step(StepKind.RETURN_BETS, note="blinds, antes and bets go back to their owners"),
        Step(StepKind.REDEAL, note=replay_en),
    )
    cited = _unique([*articles, *_by_book(profile, _REPLAY_ARTICLES)] if book != "GM" else articles)
    en += f" Misdeal: the bets go back and the hand is dealt again ({replay_en})."
    fr += " Fausse donne : les mises sont rendues et la main est redistribuée."
    return Ruling("DEAL-MISDEAL-CONDITIONS", cited, en, fr, steps=steps, details={"misdeal": True})


def _no_misdeal(
    rule: str, articles: tuple[str, ...], en: str, fr: str, *, decision: Decision | None = None,
    steps: tuple[Step, ...] = (), **details: Any,
) -> Ruling:  # fmt: skip
    """A ruling that declares no misdeal: ``details["misdeal"]`` is False."""
    details = {"misdeal": False, **details}
    return Ruling(rule, articles, en, fr, decision=decision, steps=steps, details=details)


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
            raise ParseError("a wrong count needs the player and the number of cards he holds")
        if cards_held == holes or cards_held < 0:
            raise ParseError(f"{_who(player)} holds {cards_held} cards; the game deals {holes}")
        return _wrong_count(hand, player, cards_held, is_sa)
    if situation is Situation.CARD_EXPOSED:
        return _one_exposed(hand, player)
    lead_en, lead_fr = _SITUATION_EN[situation], _SITUATION_FR[situation]
    if is_sa and _has_sa_cutoff(profile):
        return _after_sa(hand, lead_en, lead_fr, player)
    table = _MISDEAL_ARTICLES[situation]
    book = _book(profile)
    if situation is Situation.FIRST_CARDS_EXPOSED and book == "GEN":
        ruling = _one_exposed(hand, player)
        en = f"{lead_en}: GEN 1.8 replaces one exposed card; only two make a misdeal. "
        fr = f"{lead_fr} : le GEN 1.8 remplace une carte retournée ; il en faut deux pour une "
        fr += "fausse donne. "
        en, fr = en + ruling.explanation_en, fr + ruling.explanation_fr
        return replace(ruling, explanation_en=en, explanation_fr=fr)
    if book in table or ("TDA" in table and book != "GM"):
        articles = _by_book(profile, table)
        return _redeal(profile, f"{lead_en}.", f"{lead_fr}.", articles)
    # BUTTON_MISPLACED outside GM: no book names it.
    en = (
        f"{lead_en}. {book}'s list of misdeals does not name it (TDA's list is not limited to "
        "its cases): the TD decides; pokertd does not declare a misdeal by itself."
    )
    fr = (
        f"{lead_fr}. La liste des fausses donnes du règlement {book} ne le cite pas (celle de la "
        "TDA n'est pas limitative) : le directeur décide ; pokertd ne déclare pas de fausse donne "
        "de lui-même."
    )
    return replace(_no_misdeal("DEAL-MISDEAL-CONDITIONS", ("TDA 35A",), en, fr), td_decides=True)


def _after_sa(hand: Hand, lead_en: str, lead_fr: str, player: int | None) -> Ruling:
    profile = hand.profile
    articles = _unique(
        [*_by_book(profile, _AFTER_SA_ARTICLES), *_field_articles(profile, "substantial_action")]
    )
    en = f"{lead_en}, but only after substantial action: no misdeal; the hand goes on"
    fr = f"{lead_fr}, mais après une action substantielle : pas de fausse donne ; le coup continue"
    decision: Decision | None = None
    steps: tuple[Step, ...] = (Step(StepKind.CONTINUE, note="the hand goes on"),)
    if _book(profile) == "LFP" and player is not None:
        en += f" without {_who(player)}, who is directly affected"
        fr += f" sans le {_joueur(player)}, directement concerné"
        decision, steps = _kill(hand, player, "directly affected by the irregularity")
    elif _book(profile) == "LFP":
        en += " with the players not directly affected"
        fr += " avec les joueurs non directement concernés"
    return _no_misdeal("DEAL-MISDEAL-AFTER-SA", articles, f"{en}.", f"{fr}.", decision=decision,
                       steps=steps)  # fmt: skip


def _one_exposed(hand: Hand, player: int | None) -> Ruling:
    """DEAL-EXPOSED-CARD: one hole card exposed later in the deal is replaced by the first burn."""
    profile = hand.profile
    book = _book(profile)
    articles = {
        "LFP": ("LFP 2.5",), "GEN": ("GEN 1.8",), "GM": ("GM 27°",),
    }.get(book, ("TDA 35A", "TDA 35B", "LFP 2.5"))  # fmt: skip
    who_en = _who(player) if player is not None else "the player"
    who_fr = f"le {_joueur(player)}" if player is not None else "le joueur"
    steps = (
        Step(StepKind.CONTINUE, note="finish the deal"),
        Step(StepKind.TAKE_BACK, note=f"the exposed card, from {who_en}"),
        Step(StepKind.CONTINUE, note=f"give {who_en} the next card, the planned first burn"),
        Step(StepKind.SET_ASIDE, note="the exposed card, shown to all, face up on the stub"),
        Step(StepKind.BURN, note="the exposed card is the first burn"),
    )
    en = (
        f"One hole card exposed during the deal is not a misdeal: the deal goes on, then {who_en} "
        "receives the next card (the planned first burn) in exchange, and the exposed card, "
        "shown to all, becomes the first burn; the last player served may get two cards in a row."
    )
    fr = (
        f"Une seule carte privative retournée pendant la donne n'entraîne pas de fausse donne : la "
        f"donne continue, puis {who_fr} reçoit la carte suivante (la première brûlure prévue) en "
        "échange, et la carte retournée, montrée à tous, devient la première brûlure."
    )
    if book not in ("LFP", "GEN", "GM"):
        en += f" {book} names no procedure (only that two cards exposed are a misdeal); pokertd "
        en += "follows LFP 2.5."
        fr += f" Le règlement {book} ne décrit pas la procédure ; pokertd suit la LFP 2.5."
    return Ruling("DEAL-EXPOSED-CARD", articles, en, fr, steps=steps, details={"misdeal": False})


def _has_acted(hand: Hand, player: int) -> bool:
    return any(isinstance(e, PlayerActed) and e.player == player for e in hand.events)


def _wrong_count(hand: Hand, player: int, held: int, is_sa: bool) -> Ruling:
    profile = hand.profile
    holes = hand.game.hole_count
    short = holes - held
    lead_en = f"{_Who(player)} holds {held} card{'s' if held != 1 else ''} instead of {holes}"
    lead_fr = f"Le {_joueur(player)} a {held} cartes au lieu de {holes}"
    rule_book = _article_book(profile.source("wrong_hole_cards_before_sa").article)
    choice = profile.wrong_hole_cards_before_sa
    # DEAL-BUTTON-SHORT: TDA 37, before or after substantial action.
    if short > 0 and player == hand.button and rule_book == "TDA":
        if _has_acted(hand, player):
            decision, steps = _kill(hand, player, "acted on a short hand")
            en = f"{lead_en} and has acted on them: as the button, his hand is dead."
            fr = f"{lead_fr} et a agi avec cette main : au bouton, sa main est morte."
            return _no_misdeal(
                "DEAL-BUTTON-SHORT", ("TDA 37",), en, fr, decision=decision, steps=steps
            )
        step = Step(StepKind.CONTINUE, note=f"give {_who(player)} {short} card(s) from the stub")
        en = f"{lead_en}: as the button, he is given the missing card(s), even after substantial "
        en += "action, and may receive two cards in a row."
        fr = f"{lead_fr} : au bouton, il reçoit la ou les cartes manquantes, même après une "
        fr += "action substantielle, et peut recevoir deux cartes consécutives."
        return _no_misdeal("DEAL-BUTTON-SHORT", ("TDA 37", "TDA 35B"), en, fr, steps=(step,))
    articles = _field_articles(profile, "wrong_hole_cards_before_sa")
    # DEAL-MISDEAL-CONDITIONS (§17 #20), GEN 1.9 before and after substantial action.
    if choice is WrongHoleCards.VOID_HAND:
        if short == 1:
            step = Step(StepKind.CONTINUE, note=f"give {_who(player)} the top card of the stub")
            en = f"{lead_en}: one card is missing; if it is the top card of the deck, he receives "
            en += "it and plays on (otherwise his hand is void, without compensation)."
            fr = f"{lead_fr} : il lui manque une carte ; si c'est la carte du dessus du paquet, il "
            fr += "la reçoit et reste dans le coup (sinon sa main est annulée, sans dédommagement)."
            return _no_misdeal(
                "DEAL-MISDEAL-CONDITIONS", articles, en, fr, steps=(step,), void=False
            )
        decision, steps = _kill(hand, player, "void hand, without compensation")
        en = f"{lead_en}: his hand is void, without compensation; the others play on."
        fr = f"{lead_fr} : sa main est annulée, sans dédommagement ; les autres continuent."
        return _no_misdeal(
            "DEAL-MISDEAL-CONDITIONS", articles, en, fr, decision=decision, steps=steps, void=True
        )
    if is_sa and _has_sa_cutoff(profile):
        return _wrong_count_after_sa(hand, player, lead_en, lead_fr)
    is_sb_extra = (
        choice is WrongHoleCards.MISDEAL_EXCEPT_ONE_EXTRA_TO_SMALL_BLIND
        and held == holes + 1
        and player == _small_blind(hand)
    )
    if is_sb_extra:
        steps = (
            Step(StepKind.TAKE_BACK, note=f"the extra card, from {_who(player)}"),
            Step(StepKind.SET_ASIDE, note="shown to all, on top of the stub"),
            Step(StepKind.BURN, note="it is the first burn"),
        )
        en = (
            f"{lead_en}: one extra card dealt to the small blind is no misdeal; it is taken back, "
            "shown, and used as the burn card."
        )
        fr = (
            f"{lead_fr} : une seule carte en trop au petit blind n'entraîne pas de fausse donne ; "
            "elle est reprise, dévoilée et sera la carte brûlée."
        )
        return _no_misdeal("DEAL-MISDEAL-CONDITIONS", articles, en, fr, steps=steps)
    return _redeal(profile, f"{lead_en}.", f"{lead_fr}.", articles)


def _wrong_count_after_sa(hand: Hand, player: int, lead_en: str, lead_fr: str) -> Ruling:
    """DEAL-WRONG-COUNT-AFTER-SA: TDA 38, Add.38 (EX-44, EX-45); LFP 2.13."""
    profile = hand.profile
    sa_articles = _field_articles(profile, "substantial_action")
    decision, steps = _kill(hand, player, "wrong number of cards; all its cards are mucked")
    if _book(profile) == "LFP":
        articles = _unique(["LFP 2.13", *sa_articles])
        en = f"{lead_en}, found after substantial action: play goes on without him."
        fr = f"{lead_fr}, constaté après une action substantielle : le coup continue sans lui."
    else:
        articles = _unique(["TDA 38", "TDA Add.38", *sa_articles])
        steps = (
            *steps,
            Step(StepKind.CONTINUE, note="one burn per later street, no correcting burn"),
        )
        en = (
            f"{lead_en}, found after substantial action: his hand is dead and its cards are "
            "mucked. The stub stays as it is: one burn before each later street, no extra burn "
            "to make up for the error."
        )
        fr = (
            f"{lead_fr}, constaté après une action substantielle : sa main est morte et ses cartes "
            "sont jetées. Le talon reste tel quel : une seule carte brûlée avant chaque street "
            "suivante, sans brûlure de correction."
        )
    return _no_misdeal(
        "DEAL-WRONG-COUNT-AFTER-SA", articles, en, fr, decision=decision, steps=steps
    )


def boxed_cards(hand: Hand, count: int, *, is_during_deal: bool) -> Ruling:
    """Rule on ``count`` cards found face up in the deck (DEAL-BOXED-CARD).

    One is shown, set aside for the hand and ignored (LFP 2.10; TDA 35A(1) and GM 27°b need two
    for a misdeal). Two or more during the initial deal are a misdeal. Later, LFP voids the hand
    while betting is still possible and ignores them otherwise; the other books make it a misdeal
    before substantial action (GM at any time).

    Raises ParseError for a count below one.
    """
    if count < 1:
        raise ParseError(f"{count} boxed cards: at least one is needed")
    profile = hand.profile
    book = _book(profile)
    articles = {"LFP": ("LFP 2.10",), "GM": ("GM 27°",)}.get(book, ("TDA 35A", "LFP 2.10"))
    aside = Step(StepKind.SET_ASIDE, note="shown to all, set aside face up for the hand")
    if count == 1:
        en = (
            "One card face up in the deck is no misdeal: it is shown to all, set aside for the "
            "rest of the hand, and treated as a blank; the deal goes on."
        )
        fr = (
            "Une seule carte à l'envers dans le paquet n'entraîne pas de fausse donne : elle est "
            "montrée à tous, mise de côté pour le reste du coup et considérée comme une feuille "
            "morte ; la donne continue."
        )
        return _no_misdeal("DEAL-BOXED-CARD", articles, en, fr, steps=(aside,))
    lead_en, lead_fr = f"{count} cards face up in the deck", f"{count} cartes à l'envers"
    if is_during_deal:
        ruling = _redeal(profile, f"{lead_en} during the initial deal.", (
            f"{lead_fr} pendant la donne initiale."
        ), articles)  # fmt: skip
        return replace(ruling, rule="DEAL-BOXED-CARD")
    if book == "LFP":
        betting = hand.phase is Phase.BETTING or (
            hand.phase is Phase.DEALING
            and sum(1 for p in range(hand.player_count) if not hand.is_folded(p)
                    and not hand.is_all_in(p)) >= 2
        )  # fmt: skip
        if betting:
            en = f"{lead_en} after the deal, while betting is still possible: the hand is void."
            fr = f"{lead_fr} après la donne, alors que des enchères sont encore possibles : le "
            fr += "coup est annulé."
            ruling = _redeal(profile, en, fr, articles)
            return replace(ruling, rule="DEAL-BOXED-CARD")
        en = f"{lead_en} after the deal, with no betting left: they are set aside and ignored."
        fr = f"{lead_fr} après la donne, sans enchère possible : elles sont ignorées."
        return _no_misdeal("DEAL-BOXED-CARD", articles, en, fr, steps=(aside,))
    if is_substantial_action(hand, since=0) and _has_sa_cutoff(profile):
        ruling = _after_sa(hand, f"{lead_en} after the deal", f"{lead_fr} après la donne", None)
        return replace(ruling, rule="DEAL-BOXED-CARD", steps=(aside, *ruling.steps))
    return replace(_redeal(profile, f"{lead_en}.", f"{lead_fr}.", articles), rule="DEAL-BOXED-CARD")


def flashed_card(hand: Hand, player: int, *, is_refused: bool, is_touched: bool) -> Ruling:
    """Rule on a hole card called "flashed" that fell face down (DEAL-FLASHED-CARD, LFP 2.9).

    Only its owner may refuse it, clearly and before touching it; a refused card is treated as
    exposed by the dealer (``misdeal(hand, "card-exposed")``). Touched first, it is his and he
    never has to show it. The other books are silent; pokertd follows LFP 2.9.
    """
    if not 0 <= player < hand.player_count:
        raise ParseError(f"there is no player {player + 1} in a hand of {hand.player_count}")
    silent = _book(hand.profile) != "LFP"
    if is_refused and not is_touched:
        exposed = _one_exposed(hand, player)
        en = (
            f"{_Who(player)} refused the flashed card before touching it: it is treated as a card "
            "exposed by the dealer (a misdeal if it is one of the first two cards or a second "
            f"exposed card). {exposed.explanation_en}"
        )
        fr = (
            f"Le {_joueur(player)} a refusé la carte flashée avant de la toucher : elle est "
            "traitée comme une carte retournée par le donneur (fausse donne si c'est l'une des "
            f"deux premières cartes ou une deuxième carte retournée). {exposed.explanation_fr}"
        )
        return Ruling(
            "DEAL-FLASHED-CARD", _unique(["LFP 2.9", *exposed.articles]), en, fr,
            steps=exposed.steps, details={"kept": False},
        )  # fmt: skip
    why_en = "he touched it before refusing it" if is_refused else "he did not refuse it"
    why_fr = "il l'a touchée avant de la refuser" if is_refused else "il ne l'a pas refusée"
    en = (
        f"{_Who(player)} keeps the flashed card ({why_en}); only he could refuse it, and he never "
        "has to show it. Whoever thinks he saw it may say what he saw, or not."
    )
    fr = (
        f"Le {_joueur(player)} garde la carte flashée ({why_fr}) ; lui seul pouvait la refuser, et "
        "il n'est jamais tenu de la montrer. Celui qui croit l'avoir vue peut dire ce qu'il a vu, "
        "ou non."
    )
    if silent:
        en += f" {_book(hand.profile)} is silent; pokertd follows LFP 2.9."
        fr += f" Le règlement {_book(hand.profile)} ne dit rien ; pokertd suit la LFP 2.9."
    return Ruling("DEAL-FLASHED-CARD", ("LFP 2.9",), en, fr, details={"kept": True})
