"""Stud dealing irregularities and procedures: a premature card (STUD-PREMATURE, TDA PR-5D, GEN
1.14), a down card exposed or an up card dealt down (STUD-MISDEAL, TDA 35A5, GEN 1.8), a seventh
street card dealt face up (STUD-RIVER-UP, TDA PR-9A), who brings in or acts first (STUD-BRINGIN-TIE,
TDA PR-9C; STUD-BRINGIN-ABSENT, TDA 30, 71C, PR-9B, PR-9D), folding up cards (STUD-FOLD, TDA 66,
GEN 1.15) and running out of cards (STUD-DECK-SHORT, GEN 1.13).

Each function takes a stud ``Hand`` (its public state: up cards, exposures, events) and returns a
``Ruling`` whose ``steps`` the dealer carries out. LFP, BAN and GM say nothing about stud: their
profiles apply TDA, and the ruling says so. GEN has its own text for a premature card, folding,
exposed cards and a short deck; where GEN is silent or its text is missing, TDA applies.
``apply_misdeal`` carries out a misdeal with the engine (TDA 35C, an exact replay); the other
procedures need engine operations listed in docs/floor.md ("Stud games").

>>> from pokertd import Hand
>>> from pokertd.cards import parse_cards
>>> hand = Hand.create(game="stud", stacks=[1000] * 3, ante=5, bring_in=10, limits=(20, 40),
...                    deal="entered")
>>> for player, cards in enumerate(["AsKs9d", "QhQd2c", "3c4c2h"]):
...     hand.deal_hole(player, parse_cards(cards))
>>> ruling = first_to_act(hand)
>>> ruling.rule, ruling.details["player"], ruling.details["card"]
('STUD-BRINGIN-TIE', 1, '2c')
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from enum import StrEnum

from pokertd.cards import Card, Deck, format_cards
from pokertd.engine import GameFamily, Hand, Phase
from pokertd.engine.games import Exposure
from pokertd.engine.stud import card_key, showing_key
from pokertd.errors import ParseError
from pokertd.floor.irregularities import Situation, misdeal
from pokertd.floor.order import (
    _book,
    _enum,
    _joueur,
    _kill,
    _unique,
    _Who,
    _who,
    is_substantial_action,
)
from pokertd.floor.rulings import Ruling, Step, StepKind
from pokertd.rules import Profile

#: The stud streets, by the engine's street index.
STREETS = ("third", "fourth", "fifth", "sixth", "seventh")
_STREETS_FR = ("troisième", "quatrième", "cinquième", "sixième", "septième")
_LAST = len(STREETS) - 1
_DECK_SIZE = 52


def _check_stud(hand: Hand) -> None:
    if hand.game.family is not GameFamily.STUD:
        raise ParseError(f"{hand.game.name} is not a stud game: these rulings are for stud")


def _check_player(hand: Hand, player: int | None) -> None:
    if player is not None and not 0 <= player < hand.player_count:
        raise ParseError(f"there is no player {player + 1} in a hand of {hand.player_count}")


def _silent(profile: Profile, follows: str) -> tuple[str, str]:
    """The sentence a ruling adds when the profile's book says nothing about stud."""
    book = _book(profile)
    if book in ("TDA", "GEN"):
        return "", ""
    return (
        f" {book} says nothing about stud; pokertd applies {follows}.",
        f" Le règlement {book} ne dit rien du stud ; pokertd applique {follows}.",
    )


def _with_silent(ruling: Ruling, profile: Profile, follows: str) -> Ruling:
    en, fr = _silent(profile, follows)
    if not en:
        return ruling
    return replace(
        ruling, explanation_en=ruling.explanation_en + en, explanation_fr=ruling.explanation_fr + fr
    )


def _in_hand(hand: Hand) -> list[int]:
    return [player for player in range(hand.player_count) if not hand.is_folded(player)]


# -- STUD-PREMATURE: TDA PR-5D, GEN 1.14 -----------------------------------------------------------


def premature_card(
    hand: Hand, *, player: int | None = None, cards: Sequence[Card] = (), is_kept: bool = False
) -> Ruling:
    """Rule on a stud card dealt before the betting round is complete (STUD-PREMATURE).

    The hand is in its betting round; the premature card(s) belong to the next street. TDA PR-5D:
    the rest of that street is dealt and set aside with it, a full round for every player still
    in the hand; once the betting round is over the next card is burned and the street dealt
    normally; at the last street the set-aside cards are reshuffled into the stub and the last
    street dealt. GEN 1.14: the cards are dead (into the muck) together with a card for every
    other player, so that everyone gets the card of the following round; a seventh-street down
    card lost among the player's down cards (``is_kept``) stays his, and he may neither bet nor
    raise on that round.

    Raises ParseError for a hand that is not stud, not betting, or already on its last street.

    >>> from pokertd import Hand
    >>> hand = Hand.create(game="stud", stacks=[1000] * 4, ante=5, bring_in=10, limits=(20, 40),
    ...                    seed=3)
    >>> ruling = premature_card(hand)
    >>> ruling.details["set_aside"], [step.kind.value for step in ruling.steps][:3]
    (4, ['set-aside', 'set-aside', 'continue'])
    """
    _check_stud(hand)
    _check_player(hand, player)
    if hand.phase is not Phase.BETTING or hand.street >= _LAST:
        raise ParseError(
            "a premature card is dealt during a betting round before the last street; the hand "
            f"is at {hand.phase} on {STREETS[min(hand.street, _LAST)]} street (STUD-PREMATURE)"
        )
    street = hand.street + 1
    live = len(_in_hand(hand))
    name, name_fr = STREETS[street], _STREETS_FR[street]
    who_en = "" if player is None else f" to {_who(player)}"
    who_fr = "" if player is None else f" au {_joueur(player)}"
    lead_en = (
        f"A {name}-street card dealt{who_en} before the {STREETS[hand.street]}-street betting "
    )
    lead_en += "round was complete"
    lead_fr = f"Une carte de {name_fr} rue donnée{who_fr} avant la fin du tour d'enchères"
    dealt = tuple(cards)
    details: dict[str, object] = {
        "street": name,
        "set_aside": live,
        "cards": format_cards(list(dealt)),
    }
    profile = hand.profile
    if is_kept:
        if street != _LAST:
            raise ParseError("only a seventh-street down card can be lost among the down cards")
        return _premature_kept(hand, player, dealt, lead_en, lead_fr, details)
    if _book(profile) == "GEN":
        return _premature_gen(dealt, live, street, lead_en, lead_fr, details)
    steps: list[Step] = [
        Step(StepKind.SET_ASIDE, dealt, "the premature card(s)"),
        Step(
            StepKind.SET_ASIDE,
            note=f"deal the rest of {name} street and set it aside with them: one card for each "
            f"of the {live} players still in the hand, a full round",
        ),
        Step(StepKind.CONTINUE, note=f"finish the {STREETS[hand.street]}-street betting round"),
    ]
    if street < _LAST:
        steps += [
            Step(StepKind.BURN, note="the next card"),
            Step(StepKind.CONTINUE, note=f"deal {name} street normally, then play on"),
        ]
    steps += [
        Step(
            StepKind.RESHUFFLE_INTO_STUB,
            note="when seventh street is reached: the set-aside cards go back into the stub, "
            "which is reshuffled",
        ),
        Step(StepKind.BURN, note="one card, as before every street"),
        Step(StepKind.CONTINUE, note="deal seventh street"),
    ]
    en = (
        f"{lead_en}: the rest of that street is dealt and set aside with it, representing a full "
        "round for every player still in the hand. When the betting round is over, the next card "
        "is burned and the street is dealt normally. When the last street is reached, the "
        "set-aside cards go back into the stub, which is reshuffled, and the last street is dealt."
    )
    fr = (
        f"{lead_fr} : les cartes suivantes de ce tour sont distribuées et mises de côté avec elle, "
        "pour représenter un tour complet pour tous les joueurs restant dans le coup. Quand les "
        "enchères sont finies, la carte suivante est brûlée et le tour est distribué normalement. "
        "Au dernier tour de donne, les cartes mises de côté sont replacées dans le paquet, qui est "
        "remélangé, puis le dernier tour est distribué."
    )
    if street == _LAST:
        en = (
            f"{lead_en}: seventh street is dealt and set aside with it (a full round for every "
            "player still in the hand); when the betting round is over, the set-aside cards go "
            "back into the stub, which is reshuffled, and seventh street is dealt."
        )
        fr = (
            f"{lead_fr} : la septième rue est distribuée et mise de côté avec elle (un tour "
            "complet pour tous les joueurs restant dans le coup) ; quand les enchères sont "
            "finies, les cartes mises de côté sont replacées dans le paquet, qui est remélangé, "
            "puis la septième rue est distribuée."
        )
    ruling = Ruling("STUD-PREMATURE", ("TDA PR-5D",), en, fr, steps=tuple(steps), details=details)
    return _with_silent(ruling, profile, "TDA PR-5D")


def _premature_gen(
    dealt: tuple[Card, ...],
    live: int,
    street: int,
    lead_en: str,
    lead_fr: str,
    details: dict[str, object],
) -> Ruling:
    name = STREETS[street]
    steps = (
        Step(StepKind.TAKE_BACK, dealt, "the premature card(s)"),
        Step(StepKind.SET_ASIDE, dealt, "dead: into the muck, never used in this hand"),
        Step(
            StepKind.SET_ASIDE,
            note=f"deal a card for each other player still due on {name} street ({live} cards in "
            "all with the premature ones): dead, into the muck",
        ),
        Step(StepKind.CONTINUE, note="finish the betting round"),
        Step(StepKind.BURN, note="the next card"),
        Step(StepKind.CONTINUE, note=f"deal {name} street: every player gets the card of the "
             "following round"),
    )  # fmt: skip
    en = (
        f"{lead_en}: no card dealt before the betting round has closed may play. In stud it is "
        "dead and goes into the muck, with a card for every other player, so that the players "
        "receive the cards of the following round."
    )
    fr = (
        f"{lead_fr} : aucune carte donnée avant la clôture du tour d'enchères ne peut participer "
        "au coup. Au stud elle est perdue dans les cartes rejetées, avec une carte pour tout "
        "joueur supplémentaire ; les joueurs reçoivent les cartes du tour suivant."
    )
    return Ruling("STUD-PREMATURE", ("GEN 1.14",), en, fr, steps=steps, details=details)


def _premature_kept(
    hand: Hand,
    player: int | None,
    dealt: tuple[Card, ...],
    lead_en: str,
    lead_fr: str,
    details: dict[str, object],
) -> Ruling:
    who_en = _who(player) if player is not None else "the player"
    who_fr = f"le {_joueur(player)}" if player is not None else "le joueur"
    steps = (
        Step(StepKind.CONTINUE, dealt, f"{who_en} keeps the card: it cannot be told from his "
             "down cards"),
        Step(StepKind.CONTINUE, note=f"{who_en}, with seven cards, may check, call or fold on "
             "this round, never bet or raise"),
        Step(StepKind.CONTINUE, note="finish the betting round, then deal the other players "
             "their seventh-street card"),
    )  # fmt: skip
    en = (
        f"{lead_en}, face down and lost among the player's other down cards: the card must be "
        f"kept, and {who_en}, holding seven cards, may neither bet nor raise on this betting round."
    )
    fr = (
        f"{lead_fr}, face cachée et perdue parmi ses autres cartes fermées : la carte doit être "
        f"gardée, et {who_fr}, avec sept cartes, ne peut ni ouvrir ni relancer lors de ce tour."
    )
    details = {**details, "kept": True, "may_not_bet_or_raise": player}
    if _book(hand.profile) == "GEN":
        return Ruling("STUD-PREMATURE", ("GEN 1.14",), en, fr, steps=steps, details=details)
    en += (
        " TDA PR-5D has no such exception (the premature card is set aside): the TD decides; "
        "pokertd proposes GEN 1.14's way."
    )
    fr += (
        " La TDA PR-5D ne prévoit pas ce cas (la carte prématurée est mise de côté) : le "
        "directeur décide ; pokertd propose la solution du GEN 1.14."
    )
    ruling = Ruling(
        "STUD-PREMATURE", ("TDA PR-5D", "GEN 1.14"), en, fr, steps=steps, td_decides=True,
        details=details,
    )  # fmt: skip
    return _with_silent(ruling, hand.profile, "TDA PR-5D")


# -- STUD-MISDEAL and STUD-RIVER-UP: TDA 35A5, PR-9A; GEN 1.8, 1.9 ---------------------------------


class StudDealingError(StrEnum):
    """A card dealt with the wrong face in stud."""

    #: One of a player's two third-street down cards turned face up by the dealer.
    DOWN_CARD_EXPOSED = "down-card-exposed"
    #: Two or more down cards turned face up by the dealer.
    DOWN_CARDS_EXPOSED = "down-cards-exposed"
    #: A card that should be face up (third to sixth street) dealt face down.
    UP_CARD_DEALT_DOWN = "up-card-dealt-down"
    #: A seventh-street card dealt face up.
    RIVER_DEALT_UP = "river-dealt-up"


def dealing_error(
    hand: Hand, error: StudDealingError | Situation | str, *, player: int | None = None
) -> Ruling:
    """Rule on a stud card dealt with the wrong face, or on a misdeal situation of the flop games.

    STUD-MISDEAL: one of a player's two down cards exposed by the dealer is a misdeal (TDA 35A5),
    unless substantial action has taken place (TDA 35D); GEN 1.8 replaces one exposed card with
    the planned burn and makes two a misdeal. An up card dealt face down: no book says; pokertd
    turns it face up where it lies. STUD-RIVER-UP (TDA PR-9A): a seventh-street card dealt face
    up. The situations of ``pokertd.floor.irregularities.Situation`` (boxed cards, wrong order...)
    are ruled by ``misdeal``.

    Raises ParseError for an unknown error or player.

    >>> from pokertd import Hand
    >>> hand = Hand.create(game="stud", stacks=[1000] * 4, ante=5, bring_in=10, limits=(20, 40),
    ...                    seed=3)
    >>> ruling = dealing_error(hand, "down-card-exposed", player=1)
    >>> ruling.rule, ruling.articles, ruling.details["misdeal"]
    ('STUD-MISDEAL', ('TDA 35A5', 'TDA 35C'), True)
    """
    _check_stud(hand)
    _check_player(hand, player)
    if isinstance(error, Situation) or error in {situation.value for situation in Situation}:
        return misdeal(hand, error, player=player)
    error = _enum(StudDealingError, error)
    if error is StudDealingError.RIVER_DEALT_UP:
        return river_dealt_up(hand, player=player)
    if error is StudDealingError.UP_CARD_DEALT_DOWN:
        return _up_card_dealt_down(hand, player)
    return _down_card_exposed(hand, player, is_two=error is StudDealingError.DOWN_CARDS_EXPOSED)


def _down_card_exposed(hand: Hand, player: int | None, *, is_two: bool) -> Ruling:
    profile = hand.profile
    book = _book(profile)
    who_en = "" if player is None else f" of {_who(player)}"
    who_fr = "" if player is None else f" du {_joueur(player)}"
    if is_two:
        lead_en, lead_fr = (
            f"The dealer exposed two down cards{who_en}",
            (f"Le donneur a retourné deux cartes fermées{who_fr}"),
        )
    else:
        lead_en = f"The dealer exposed one of the two third-street down cards{who_en}"
        lead_fr = f"Le donneur a retourné l'une des deux cartes initiales cachées{who_fr}"
    steps: tuple[Step, ...]
    if book == "GEN" and not is_two:
        steps = (
            Step(StepKind.CONTINUE, note="finish the round of dealing"),
            Step(StepKind.TAKE_BACK, note="the exposed card"),
            Step(StepKind.CONTINUE, note="give the player the top card of the stub (the planned "
                 "burn) in its place, face down"),
            Step(StepKind.BURN, note="the exposed card, shown to all, face down on top of the "
                 "stub: the new burn"),
        )  # fmt: skip
        en = (
            f"{lead_en}: GEN 1.8 replaces one exposed card: the round is finished, the card is "
            "replaced by the top card of the stub (the planned burn), and the exposed card, shown "
            "to all, is put face down on the stub as the new burn. Two exposed cards would be a "
            "misdeal. (GEN's list for each variant is missing from the text; this is its general "
            "procedure.)"
        )
        fr = (
            f"{lead_fr} : le GEN 1.8 remplace une carte retournée : le donneur termine son tour, "
            "la carte est remplacée par celle du dessus du paquet (la carte à brûler prévue), et "
            "la carte retournée, montrée à tous, est posée face en bas sur le paquet comme "
            "nouvelle carte brûlée. Deux cartes retournées feraient une maldonne."
        )
        return Ruling("STUD-MISDEAL", ("GEN 1.8",), en, fr, steps=steps,
                      details={"misdeal": False})  # fmt: skip
    if is_substantial_action(hand, since=0) and book != "GEN":
        steps = (Step(StepKind.CONTINUE, note="the hand goes on"),)
        en = f"{lead_en}, but substantial action has taken place: no misdeal; the hand goes on."
        fr = f"{lead_fr}, mais après une action substantielle : pas de fausse donne ; le coup "
        fr += "continue."
        ruling = Ruling("STUD-MISDEAL", ("TDA 35A5", "TDA 35D"), en, fr, steps=steps,
                        details={"misdeal": False})  # fmt: skip
        return _with_silent(ruling, profile, "TDA 35A5 and 35D")
    articles = ("GEN 1.8", "GEN 1.9") if book == "GEN" else ("TDA 35A5", "TDA 35C")
    replay = (
        "all the cards go back to the dealer and a new hand is dealt"
        if book == "GEN"
        else "an exact replay: the dealer does not move, no new player, the same ante and limits"
    )
    steps = (
        Step(StepKind.RETURN_BETS, note="antes, bring-in and bets go back to their owners"),
        Step(StepKind.REDEAL, note=replay),
    )
    en = f"{lead_en}: misdeal; the bets go back and the hand is dealt again ({replay})."
    fr = f"{lead_fr} : fausse donne ; les mises sont rendues et la main est redistribuée."
    ruling = Ruling("STUD-MISDEAL", articles, en, fr, steps=steps, details={"misdeal": True})
    return _with_silent(ruling, profile, "TDA 35A5")


def _up_card_dealt_down(hand: Hand, player: int | None) -> Ruling:
    who_en = "the player" if player is None else _who(player)
    who_fr = "le joueur" if player is None else f"le {_joueur(player)}"
    steps = (
        Step(StepKind.CONTINUE, note=f"turn {who_en}'s card face up where it lies, before the "
             "betting (on third street, before the bring-in is settled)"),
        Step(StepKind.CONTINUE, note="the deal goes on; no card changes place"),
    )  # fmt: skip
    en = (
        f"A card that should have been dealt face up to {who_en} was dealt face down. No book "
        "rules on it (TDA 35A5 makes a misdeal of a down card exposed, not of an up card dealt "
        "down; GEN 1.8's list for each variant is missing): pokertd turns it face up where it "
        "lies, which changes no card's place; the TD decides."
    )
    fr = (
        f"Une carte qui devait être donnée ouverte à {who_fr} l'a été face cachée. Aucun "
        "règlement ne le prévoit (la TDA 35A5 vise une carte cachée retournée, pas une carte "
        "ouverte donnée fermée ; la liste par variante du GEN 1.8 manque) : pokertd la retourne "
        "face en l'air à sa place, sans changer l'ordre des cartes ; le directeur décide."
    )
    articles = ("GEN 1.8", "GEN 1.6") if _book(hand.profile) == "GEN" else ("TDA 35A5",)
    return Ruling("STUD-MISDEAL", articles, en, fr, steps=steps, td_decides=True,
                  details={"misdeal": False})  # fmt: skip


def river_dealt_up(hand: Hand, *, player: int | None = None) -> Ruling:
    """Rule on the first seventh-street card dealt face up (STUD-RIVER-UP, TDA PR-9A).

    Heads-up, the opponent's seventh-street card is dealt face up too; with more players the
    others are dealt face down as usual. Either way the player who acted first on sixth street
    acts first, and a player whose seventh-street card is exposed may declare himself all-in
    before anyone opens the betting. GEN is silent: TDA applies under every profile.

    Raises ParseError for a hand that is not stud or not at its last street.

    >>> from pokertd import Hand
    >>> hand = Hand.create(game="stud", stacks=[1000] * 2, ante=5, bring_in=10, limits=(20, 40),
    ...                    seed=3)
    >>> river_dealt_up(hand).rule
    Traceback (most recent call last):
    ...
    pokertd.errors.ParseError: the seventh-street cards are dealt after the sixth-street betting \
round; the hand is on third street (STUD-RIVER-UP)
    """
    _check_stud(hand)
    _check_player(hand, player)
    if hand.street != _LAST or hand.phase not in (Phase.DEALING, Phase.BETTING):
        raise ParseError(
            "the seventh-street cards are dealt after the sixth-street betting round; the hand "
            f"is on {STREETS[min(hand.street, _LAST)]} street (STUD-RIVER-UP)"
        )
    live = _in_hand(hand)
    first = _best_showing(hand, street=_LAST - 1)
    exposed = [player] if player is not None else []
    if len(live) == 2:
        other = next((p for p in live if p != player), None)
        exposed += [other] if other is not None and player is not None else []
        deal_step = Step(StepKind.CONTINUE, note="deal the opponent's seventh-street card face "
                         "up too (heads-up)")  # fmt: skip
        how_en, how_fr = (
            "heads-up, the opponent's card is dealt face up too",
            ("en tête-à-tête, la carte de l'adversaire est elle aussi donnée ouverte"),
        )
    else:
        deal_step = Step(StepKind.CONTINUE, note="deal the other players their seventh-street "
                         "card face down, as usual")  # fmt: skip
        how_en, how_fr = (
            "with more players, the others get theirs as usual, face down",
            ("avec plusieurs adversaires, les autres reçoivent la leur normalement, face cachée"),
        )
    steps = (
        deal_step,
        Step(StepKind.CONTINUE, note=f"{_who(first)}, who acted first on sixth street, acts "
             "first"),
        Step(StepKind.CONTINUE, note="a player whose seventh-street card is exposed may declare "
             "himself all-in, before anyone opens the betting"),
    )  # fmt: skip
    en = (
        f"The first seventh-street card was dealt face up: {how_en}. Either way {_who(first)}, "
        "who acted first on sixth street, acts first; a player whose seventh-street card is "
        "exposed may declare himself all-in (and take no part in the betting that follows), "
        "before anyone opens the betting."
    )
    fr = (
        f"La première rivière a été donnée ouverte : {how_fr}. Dans les deux cas le "
        f"{_joueur(first)}, qui a agi le premier à la sixième carte, commence ; un joueur dont "
        "la rivière est exposée peut se déclarer à tapis (sans participer à la suite des "
        "enjeux), avant l'ouverture des mises."
    )
    details = {"first_to_act": first, "may_declare_all_in": exposed, "misdeal": False}
    ruling = Ruling("STUD-RIVER-UP", ("TDA PR-9A",), en, fr, steps=steps, details=details)
    return _with_silent(ruling, hand.profile, "TDA PR-9A")


# -- STUD-BRINGIN-TIE, STUD-BRINGIN-ABSENT: TDA PR-9C, PR-9D, PR-9B, 30, 71C; GEN 1.1 ------------


def _best_showing(hand: Hand, *, street: int | None = None) -> int:
    """Return the player with the best showing hand among those in the hand, on ``street`` (up
    cards dealt up to it; the current street by default): TDA 17A, ties by the highest card and
    its suit (TDA PR-9C)."""
    is_low = hand.game.is_low_showing
    best: tuple[object, ...] | None = None
    chosen = 0
    for player in _in_hand(hand):
        cards = _up_cards(hand, player, street)
        top = max((card_key(card, is_low=is_low) for card in cards), default=(0, 0))
        key = (showing_key(cards, is_low=is_low), top)
        if best is None or key > best:
            best, chosen = key, player
    return chosen


def _up_cards(hand: Hand, player: int, street: int | None) -> list[Card]:
    if street is None:
        return list(hand.up_cards(player))
    count = 3 + street  # cards held once ``street`` is dealt (third street holds three)
    pairs = zip(hand.hole_cards(player)[:count], hand.exposures(player)[:count], strict=True)
    return [card for card, lie in pairs if lie is Exposure.UP and card is not None]


def _door_card(hand: Hand, player: int) -> Card | None:
    holes = hand.hole_cards(player)
    return holes[2] if len(holes) > 2 else None


def first_to_act(hand: Hand, *, claimed: int | None = None) -> Ruling:
    """Rule on who brings in (third street) or acts first (later streets), from the up cards.

    STUD-BRINGIN-TIE: on third street the weakest up card brings in: the lowest in stud and stud8,
    aces high; the highest in razz, aces low; between equal ranks the suit decides, clubs lowest
    and spades highest (TDA PR-9C; GEN 1.1: the suit usually decides). From fourth street the best
    showing hand acts first, identical ones going by their highest card and its suit (TDA 17A,
    PR-9C). STUD-BRINGIN-ABSENT: an absent player holding the card pays the bring-in and his hand
    is dead (TDA 30, 71C); a player all-in on the ante owes nothing, the action starts at his left
    and the others must at least bring in or fold (TDA PR-9D). ``claimed`` is the player said to
    be first, to say whether he is.

    Raises ParseError for a hand that is not stud or whose up cards are not all known.
    """
    _check_stud(hand)
    _check_player(hand, claimed)
    profile = hand.profile
    if hand.street == 0:
        return _bring_in(hand, claimed)
    first = _best_showing(hand)
    cards = format_cards(list(hand.up_cards(first)))
    game_en = "lowest" if hand.game.is_low_showing else "highest"
    game_fr = "la plus basse" if hand.game.is_low_showing else "la plus haute"
    en = (
        f"On {STREETS[hand.street]} street the {game_en} showing hand acts first: {_who(first)} "
        f"({cards}); identical showing hands go by their highest card and its suit (spades, "
        "hearts, diamonds, clubs), never by position."
    )
    fr = (
        f"En {_STREETS_FR[hand.street]} rue, la main visible {game_fr} parle en premier : le "
        f"{_joueur(first)} ({cards}) ; entre mains visibles identiques, la carte la plus haute "
        "et sa couleur (pique, cœur, carreau, trèfle) décident, jamais la position."
    )
    details: dict[str, object] = {"player": first, "cards": cards}
    if hand.is_all_in(first):
        nxt = _next_live(hand, first)
        en += f" He is all-in: the action starts at his left, with {_who(nxt)}."
        fr += f" Il est à tapis : l'action commence à sa gauche, au {_joueur(nxt)}."
        details["acts"] = nxt
    en, fr = _claimed(en, fr, claimed, first)
    ruling = Ruling("STUD-BRINGIN-TIE", ("TDA 17A", "TDA PR-9C"), en, fr, details=details)
    return _with_silent(ruling, profile, "TDA 17A and PR-9C")


def _claimed(en: str, fr: str, claimed: int | None, player: int) -> tuple[str, str]:
    if claimed is None or claimed == player:
        return en, fr
    return (
        en + f" Not {_who(claimed)}: the betting is corrected to start with {_who(player)}.",
        fr + f" Pas le {_joueur(claimed)} : les enchères reprennent au {_joueur(player)}.",
    )


def _next_live(hand: Hand, after: int) -> int:
    count = hand.player_count
    for offset in range(1, count + 1):
        player = (after + offset) % count
        if not hand.is_folded(player) and not hand.is_all_in(player):
            return player
    return after


def _bring_in(hand: Hand, claimed: int | None) -> Ruling:
    profile = hand.profile
    is_low = hand.game.is_low_showing
    doors = {p: card for p in range(hand.player_count) if (card := _door_card(hand, p)) is not None}
    if len(doors) != hand.player_count:
        raise ParseError(
            "who brings in needs every player's third-street up card (STUD-BRINGIN-TIE)"
        )

    # Weakest first: in stud the lowest (rank, suit); in razz the highest.
    def weakness(player: int) -> tuple[int, int]:
        rank, suit = card_key(doors[player], is_low=is_low)
        return (rank, suit) if not is_low else (-rank, -suit)

    player = min(doors, key=weakness)
    card = doors[player]
    ties = [p for p, c in doors.items() if p != player and c.rank == card.rank]
    how_en = "lowest card, aces high" if not is_low else "highest card, aces low"
    how_fr = (
        "la carte la plus basse, l'as étant haut"
        if not is_low
        else ("la carte la plus haute, l'as étant bas")
    )
    en = f"{_Who(player)} brings in with {card}: the {how_en}, brings in."
    fr = f"Le {_joueur(player)} paie le bring-in avec {card} : {how_fr} paie le bring-in."
    if ties:
        other = ", ".join(str(doors[p]) for p in ties)
        en += (
            f" Against the same rank ({other}) the suit decides: clubs, diamonds, hearts, spades "
            f"from lowest to highest, the {'lowest' if not is_low else 'highest'} suit bringing in."
        )
        fr += (
            f" Contre le même rang ({other}), la couleur décide : trèfle, carreau, cœur, pique, "
            f"du plus bas au plus haut, la couleur la plus {'basse' if not is_low else 'haute'} "
            "payant le bring-in."
        )
    details: dict[str, object] = {"player": player, "card": str(card)}
    book = _book(profile)
    articles: tuple[str, ...] = ("GEN 1.1", "TDA PR-9C") if book == "GEN" else ("TDA PR-9C",)
    rule = "STUD-BRINGIN-TIE"
    steps: tuple[Step, ...] = ()
    nxt = _next_live(hand, player)
    if hand.is_folded(player):  # dealt in absent: STUD-BRINGIN-ABSENT
        rule, articles = "STUD-BRINGIN-ABSENT", _unique([*articles, "TDA 30", "TDA 71C"])
        en += " He is absent: the bring-in is taken from his stack, his hand is dead, and "
        en += f"{_who(nxt)} acts first."
        fr += " Il est absent : le bring-in est prélevé sur son tapis, sa main est morte, et le "
        fr += f"{_joueur(nxt)} parle en premier."
        details["acts"] = nxt
        steps = (
            Step(StepKind.CONTINUE, note=f"take the bring-in from {_who(player)}'s stack"),
            Step(StepKind.KILL_HAND, note=f"{_who(player)}: absent for the deal"),
        )
    elif hand.is_all_in(player):  # all-in on the ante: TDA PR-9D
        rule, articles = "STUD-BRINGIN-ABSENT", _unique([*articles, "TDA PR-9D"])
        en += (
            f" He is all-in on the ante: the betting starts at his left, with {_who(nxt)}, and "
            "the players with chips must at least bring in or fold."
        )
        fr += (
            f" Il est à tapis sur l'ante : les enchères commencent à sa gauche, au "
            f"{_joueur(nxt)}, et les joueurs ayant des jetons doivent au moins payer le bring-in "
            "ou se coucher."
        )
        details["acts"] = nxt
    en, fr = _claimed(en, fr, claimed, nxt if "acts" in details else player)
    ruling = Ruling(rule, articles, en, fr, steps=steps, details=details)
    return _with_silent(ruling, profile, ", ".join(articles))


def absent_player(hand: Hand, player: int) -> Ruling:
    """Rule on a player not at his seat for the stud deal (STUD-BRINGIN-ABSENT, TDA PR-9B, 30,
    71C): his hand is dead, he gets no fourth-street card; he antes and, if his up card calls for
    it, pays the bring-in. GEN is silent: TDA applies under every profile.

    ``Hand.create(..., absent=[player])`` plays it; for a hand already started the dealer kills
    the hand (a fold when he is to act).

    Raises ParseError for a hand that is not stud or an unknown player.
    """
    _check_stud(hand)
    _check_player(hand, player)
    decision, steps = _kill(hand, player, "absent for the deal")
    steps = (
        *steps,
        Step(StepKind.CONTINUE, note=f"no fourth-street card for {_who(player)}; his ante stays "
             "in the pot, and he pays the bring-in if his up card calls for it"),
    )  # fmt: skip
    en = (
        f"{_Who(player)} was not at his seat for the deal: his cards are dead and he is not dealt "
        "a fourth-street card. His ante stays in the pot, and if his up card is the bring-in "
        "card the bring-in is taken from his stack."
    )
    fr = (
        f"Le {_joueur(player)} n'était pas à son siège pour la donne : ses cartes sont mortes et "
        "la quatrième carte ne lui est pas distribuée. Son ante reste au pot, et si sa carte "
        "ouverte est celle du bring-in, le bring-in est prélevé sur son tapis."
    )
    articles = ("TDA PR-9B", "TDA 30", "TDA 71C")
    ruling = Ruling("STUD-BRINGIN-ABSENT", articles, en, fr, decision=decision, steps=steps)
    return _with_silent(ruling, hand.profile, "TDA PR-9B")


# -- STUD-FOLD: TDA 66, GEN 1.15 -------------------------------------------------------------------


def fold_up_cards(hand: Hand, player: int, *, is_next_acted: bool = False) -> Ruling:
    """Rule on a player who picks up his up cards (STUD-FOLD).

    TDA 66: facing action (a bet to call), his hand is dead; the correct way to fold is to turn
    the up cards face down and push them forward. Not facing action, TDA names no sanction: the
    TD decides, and pokertd asks him to put them back. GEN 1.15: taking his up cards off the table
    is a fold once the next player acts (``is_next_acted``), except heads-up.

    Raises ParseError for a hand that is not stud, an unknown player or one out of the hand.

    >>> from pokertd import Hand
    >>> hand = Hand.create(game="stud", stacks=[1000] * 3, ante=5, bring_in=10, limits=(20, 40),
    ...                    seed=3)
    >>> hand.act(hand.to_act, "bring-in")
    >>> ruling = fold_up_cards(hand, hand.to_act)
    >>> ruling.rule, str(ruling.decision)
    ('STUD-FOLD', 'fold')
    """
    _check_stud(hand)
    _check_player(hand, player)
    if hand.is_folded(player):
        raise ParseError(f"player {player + 1} is not in the hand (STUD-FOLD)")
    proper = Step(StepKind.CONTINUE, note="the correct fold: turn the up cards face down and "
                  "push them forward")  # fmt: skip
    if _book(hand.profile) == "GEN":
        return _fold_gen(hand, player, is_next_acted, proper)
    is_facing = hand.phase is Phase.BETTING and hand.current_bet > hand.bets[player]
    if is_facing:
        decision, steps = _kill(hand, player, "picked up his up cards facing action")
        en = (
            f"{_Who(player)} picked up his up cards while facing action: his hand is dead. The "
            "correct way to fold in stud is to turn the up cards face down and push them forward."
        )
        fr = (
            f"Le {_joueur(player)} a ramassé ses cartes ouvertes alors qu'il faisait face à une "
            "action : sa main est morte. Au stud on folde en retournant ses cartes face cachée "
            "puis en les avançant vers le centre de la table."
        )
        ruling = Ruling("STUD-FOLD", ("TDA 66",), en, fr, decision=decision,
                        steps=(*steps, proper), details={"dead": True})  # fmt: skip
        return _with_silent(ruling, hand.profile, "TDA 66")
    en = (
        f"{_Who(player)} picked up his up cards while not facing action: TDA 66 kills the hand "
        "only of a player facing action, so it is not dead; the TD decides, and pokertd asks him "
        "to put them back face up. To fold, he turns them face down and pushes them forward."
    )
    fr = (
        f"Le {_joueur(player)} a ramassé ses cartes ouvertes sans faire face à une action : la "
        "TDA 66 ne rend morte que la main d'un joueur qui fait face à une action ; le directeur "
        "décide, et pokertd lui demande de les reposer face visible. Pour folder, il les retourne "
        "face cachée et les avance."
    )
    step = Step(StepKind.CONTINUE, note=f"{_who(player)} puts his up cards back face up")
    ruling = Ruling("STUD-FOLD", ("TDA 66",), en, fr, steps=(step, proper), td_decides=True,
                    details={"dead": False})  # fmt: skip
    return _with_silent(ruling, hand.profile, "TDA 66")


def _fold_gen(hand: Hand, player: int, is_next_acted: bool, proper: Step) -> Ruling:
    if len(_in_hand(hand)) == 2:
        en = (
            f"{_Who(player)} took his up cards off the table: heads-up this is not a fold; he "
            "puts them back and plays on."
        )
        fr = (
            f"Le {_joueur(player)} a retiré ses cartes ouvertes de la table : en duel, cela "
            "n'équivaut pas à passer ; il les repose et continue."
        )
        step = Step(StepKind.CONTINUE, note=f"{_who(player)} puts his up cards back face up")
        return Ruling("STUD-FOLD", ("GEN 1.15",), en, fr, steps=(step,), details={"dead": False})
    if is_next_acted:
        decision, steps = _kill(hand, player, "took his up cards off the table")
        en = (
            f"{_Who(player)} took his up cards off the table and the next player has acted: "
            "it is a fold."
        )
        fr = (
            f"Le {_joueur(player)} a retiré ses cartes ouvertes de la table et le joueur suivant "
            "a parlé : cela équivaut à passer."
        )
        return Ruling("STUD-FOLD", ("GEN 1.15",), en, fr, decision=decision,
                      steps=(*steps, proper), details={"dead": True})  # fmt: skip
    en = (
        f"{_Who(player)} took his up cards off the table: it is a fold as soon as the next player "
        "acts; until then he may put them back."
    )
    fr = (
        f"Le {_joueur(player)} a retiré ses cartes ouvertes de la table : cela équivaut à passer "
        "dès que le joueur suivant prend la parole ; d'ici là il peut les reposer."
    )
    step = Step(StepKind.CONTINUE, note="a fold once the next player acts")
    return Ruling("STUD-FOLD", ("GEN 1.15",), en, fr, steps=(step,), details={"dead": False})


# -- STUD-DECK-SHORT: GEN 1.13 ---------------------------------------------------------------------


def deck_short(hand: Hand) -> Ruling:
    """Rule on the cards left for the next stud street (STUD-DECK-SHORT, GEN 1.13).

    The cards not dealt to anyone are counted from the hand (52, less the cards dealt and one burn
    per street from fourth). When they cannot give every player in the hand a card after the burn,
    the burns and the last card(s) form a new stub, shuffled; when even that is too short, one
    card is turned face up in the middle for everybody (the usual practice, docs/judgements.md).
    TDA is silent: GEN 1.13 applies under every profile.

    Raises ParseError for a hand that is not stud or has no street left to deal.

    >>> from pokertd import Hand
    >>> hand = Hand.create(game="stud", stacks=[1000] * 8, ante=5, bring_in=10, limits=(20, 40),
    ...                    seed=3)
    >>> deck_short(hand).details
    {'street': 'fourth', 'players': 8, 'stub': 28, 'burns': 0, 'procedure': 'deal'}
    """
    _check_stud(hand)
    street = hand.street + 1 if hand.phase is Phase.BETTING else hand.street
    if street == 0 or street > _LAST or hand.phase not in (Phase.BETTING, Phase.DEALING):
        raise ParseError("no stud street is left to deal (STUD-DECK-SHORT)")
    players = len(_in_hand(hand))
    dealt = sum(len(hand.hole_cards(p)) for p in range(hand.player_count)) + len(hand.board)
    burns = street - 1  # one burn before each street from fourth, this one not yet
    stub = _DECK_SIZE - dealt - burns
    needed = 1 + players
    name = STREETS[street]
    steps: tuple[Step, ...]
    if stub >= needed:
        procedure = "deal"
        steps = (Step(StepKind.BURN, note="one card"),
                 Step(StepKind.CONTINUE, note=f"deal {name} street"))  # fmt: skip
        en = f"{stub} cards are left for {players} players: burn one and deal {name} street."
        fr = f"Il reste {stub} cartes pour {players} joueurs : brûler une carte et distribuer."
    elif stub + burns >= needed:
        procedure = "new-stub"
        steps = (
            Step(StepKind.RESHUFFLE_INTO_STUB, note=f"the {burns} burns and the last {stub} "
                 "card(s) form a new stub, shuffled and cut"),
            Step(StepKind.BURN, note="one card"),
            Step(StepKind.CONTINUE, note=f"deal {name} street"),
        )  # fmt: skip
        en = (
            f"{stub} cards are left for {players} players and a burn: the burns and the last "
            f"card(s) form a new stub, which is shuffled; burn one and deal {name} street."
        )
        fr = (
            f"Il reste {stub} cartes pour {players} joueurs et une brûlée : les cartes brûlées et "
            "la dernière carte forment un nouveau paquet, mélangé ; brûler une carte et distribuer."
        )
    else:
        procedure = "common-card"
        steps = (
            Step(StepKind.RESHUFFLE_INTO_STUB, note="the burns join the last card(s)"),
            Step(StepKind.BURN, note="one card"),
            Step(StepKind.DEAL_TO_BOARD, note="one card face up in the middle: a common card "
                 "that plays for every player"),
        )  # fmt: skip
        en = (
            f"Only {stub + burns} cards, burns included, are left for {players} players: burn "
            "one and turn one face up in the middle as a common card for everybody (GEN 1.13 "
            "forms a new stub with the burns; when that is still short, pokertd follows the "
            "usual practice of a common card)."
        )
        fr = (
            f"Il ne reste que {stub + burns} cartes, brûlées comprises, pour {players} joueurs : "
            "brûler une carte et en retourner une au centre, commune à tous (le GEN 1.13 forme "
            "un nouveau paquet avec les brûlées ; s'il ne suffit pas, pokertd suit l'usage de la "
            "carte commune)."
        )
    book = _book(hand.profile)
    if book != "GEN":
        books_en = "The TDA is" if book == "TDA" else f"{book} and the TDA are"
        books_fr = "La TDA ne dit" if book == "TDA" else f"Le règlement {book} et la TDA ne disent"
        en += f" {books_en} silent; pokertd follows GEN 1.13."
        fr += f" {books_fr} rien ; pokertd suit le GEN 1.13."
    details = {"street": name, "players": players, "stub": stub, "burns": burns,
               "procedure": procedure}  # fmt: skip
    return Ruling("STUD-DECK-SHORT", ("GEN 1.13",), en, fr, steps=steps, details=details)


# -- carrying a ruling out -------------------------------------------------------------------------


def apply_misdeal(
    hand: Hand,
    *,
    deal: str = "entered",
    seed: int | None = None,
    rng: random.Random | None = None,
    deck: Deck | None = None,
) -> Hand:
    """Carry out a stud misdeal: the same hand dealt again from its setup, every chip back (TDA
    35C: an exact replay, the dealer does not move, the same antes, bring-in and limits, absent
    players dealt in and their hands killed).

    Raises ParseError for a hand that is not stud.

    >>> from pokertd import Hand
    >>> hand = Hand.create(game="stud", stacks=[1000, 800, 600], ante=5, bring_in=10,
    ...                    limits=(20, 40), seed=3)
    >>> again = apply_misdeal(hand, seed=4)
    >>> again.starting_stacks, again.button == hand.button
    ((1000, 800, 600), True)
    """
    _check_stud(hand)
    setup = hand.setup
    return Hand.create(
        game=setup.game,
        profile=hand.profile,
        stacks=setup.starting_stacks,
        ante_posts=setup.ante_posts,
        bring_in=setup.bring_in,
        limits=setup.limits,
        button=setup.button,
        deal=deal,
        seed=seed,
        rng=rng,
        deck=deck,
        chip_unit=setup.chip_unit,
        absent=setup.absent,
        has_open_pair_option=setup.has_open_pair_option,
    )


def deal_error_kinds() -> tuple[str, ...]:
    """Return the errors ``dealing_error`` rules on: the stud ones, then the misdeal situations.

    >>> deal_error_kinds()[:2]
    ('down-card-exposed', 'down-cards-exposed')
    """
    return (*(error.value for error in StudDealingError), *(s.value for s in Situation))
