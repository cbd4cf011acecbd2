"""Showdown rulings: who may see a hand, who must show, who shows first, mucked hands.

A ``Showdown`` describes the table when the floor is called: what each player in the hand has
done with his cards, who bet or raised last on the river and who called him. The functions rule on
the right to see an unshown hand (SHOW-RIGHT-TO-SEE), the called last aggressor's duty to show
(SHOW-LAST-AGGRESSOR-MUST-SHOW), the order of showing (SHOW-ORDER), a hand mucked face down
(SHOW-MUCK-RETRIEVAL) and a wrong announcement (SHOW-CARDS-SPEAK). Players are PHH indices from 0;
explanations number them from 1.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from pokertd.errors import ParseError
from pokertd.floor.citations import field_ruling
from pokertd.floor.rulings import Ruling
from pokertd.rules import Profile, RightToSee, ShowOrder


class Holding(StrEnum):
    """What a player who reached the showdown has done with his cards."""

    HELD = "held"  # still in front of him, face down, not shown
    TABLED = "tabled"  # turned face up for all to read
    PUSHED = "pushed"  # pushed or thrown face down, not yet mixed into the muck
    MUCKED = "mucked"  # in the muck: killed by the dealer, or no longer identifiable


@dataclass(frozen=True, slots=True)
class Showdown:
    """The showdown as the floor finds it.

    ``holdings`` has one entry per player in the hand. ``river_aggressor`` made the last bet or
    raise of the final round (None: no bet on it) and ``river_callers`` called it. ``winner`` holds
    the best hand shown so far (GM 37°, LFP 8.8). ``is_heads_up`` says only two players are left
    in the event's play at the table (LFP 8.7). ``requests_before`` counts the requests to see a
    hand the requester already made in this event (LFP 8.7), and ``has_mucker_consent`` says the
    player whose hand is asked for agrees to show it (GEN 1.25).

    Raises ParseError for fewer than two players or a player number out of range.

    >>> Showdown((Holding.HELD, Holding.TABLED), river_aggressor=0, river_callers=frozenset({1}))
    ... # doctest: +ELLIPSIS
    Showdown(holdings=(<Holding.HELD: 'held'>, <Holding.TABLED: 'tabled'>), river_aggressor=0, ...)
    """

    holdings: tuple[Holding, ...]
    river_aggressor: int | None = None
    river_callers: frozenset[int] = field(default_factory=frozenset)
    winner: int | None = None
    is_heads_up: bool = False
    requests_before: int = 0
    has_mucker_consent: bool = False

    def __post_init__(self) -> None:
        count = len(self.holdings)
        if count < 2:
            raise ParseError(f"a showdown has at least two players, not {count}")
        named = [self.river_aggressor, self.winner, *self.river_callers]
        for player in named:
            if player is not None and not 0 <= player < count:
                raise ParseError(f"there is no player {player + 1} among the {count} at showdown")
        if self.river_callers and self.river_aggressor is None:
            raise ParseError("river callers need a river bet: name its bettor or raiser")
        if self.river_aggressor in self.river_callers:
            raise ParseError("the river aggressor does not call his own bet")
        if self.requests_before < 0:
            raise ParseError(f"a count of requests is not negative: {self.requests_before!r}")

    @property
    def is_called(self) -> bool:
        """Return whether someone bet or raised on the river and was called."""
        return self.river_aggressor is not None and bool(self.river_callers)


def may_see(profile: Profile, *, requester: int | None, target: int, situation: Showdown) -> Ruling:
    """Rule on ``requester``'s request to see ``target``'s unshown hand (SHOW-RIGHT-TO-SEE).

    ``requester`` is None for a player at the table who is not in the hand. ``details["may_see"]``
    is True, False, or None when the TD decides; ``details["is_live"]`` says, where the book does,
    whether the hand shown can still win.

    Raises ParseError for a player out of range, a player asking for his own hand, or a hand
    already tabled.

    >>> from pokertd import rules
    >>> seen = Showdown((Holding.HELD, Holding.TABLED, Holding.PUSHED),
    ...                 river_aggressor=2, river_callers=frozenset({0, 1}))
    >>> may_see(rules.load("tda-2017"), requester=0, target=2, situation=seen).details["right"]
    'inalienable'
    """
    _check_player(target, situation)
    if requester is not None:
        _check_player(requester, situation)
    if requester == target:
        raise ParseError(f"player {target + 1} does not ask to see his own hand")
    holding = situation.holdings[target]
    if holding is Holding.TABLED:
        raise ParseError(f"player {target + 1}'s hand is already tabled: everyone may read it")
    asker = "a player at the table" if requester is None else f"player {requester + 1}"
    asker_fr = "un joueur de la table" if requester is None else f"le joueur {requester + 1}"
    target_en, target_fr = f"player {target + 1}", f"du joueur {target + 1}"
    rule = profile.right_to_see
    details: dict[str, Any] = {"requester": requester, "target": target}

    def grant(
        may: bool | None, right: str, en: str, fr: str, *, td: bool = False, **flags: Any
    ) -> Ruling:
        details.update(may_see=may, right=right, **flags)
        fields = ("right_to_see",)
        return field_ruling(
            "SHOW-RIGHT-TO-SEE",
            profile,
            fields,
            en,
            fr,
            td_decides=may is None or td,
            details=details,
        )

    # SHOW-LAST-AGGRESSOR-MUST-SHOW: whoever asks, the called last aggressor shows (BAN, GM).
    is_called_aggressor = target == situation.river_aggressor and situation.is_called
    if profile.last_aggressor_must_show and is_called_aggressor:
        details.update(may_see=True, right="must-show")
        return field_ruling(
            "SHOW-LAST-AGGRESSOR-MUST-SHOW",
            profile,
            ("last_aggressor_must_show",),
            f"{target_en.capitalize()} made the last bet or raise of the final round and was "
            "called: he must show his hand, since the others paid to see it. Refusing is "
            "penalised.",
            f"Le joueur {target + 1} a fait la dernière mise ou relance du dernier tour et a "
            "été payé : il doit montrer son jeu, puisque les autres ont payé pour le voir. "
            "Tout refus est sanctionné.",
            details=details,
        )
    # SHOW-RIGHT-TO-SEE
    if rule is RightToSee.RIVER_CALLERS_ELSE_TD:
        if requester is None:
            return grant(
                False,
                "none",
                "A player who is not in the hand may not ask to see a hand: only players who "
                "reached the showdown and kept their cards may, and the TD may still check a hand "
                "he suspects.",
                "Un joueur hors du coup ne peut pas demander à voir une main : seuls les joueurs "
                "présents à l'abattage et qui ont gardé leurs cartes le peuvent, et le directeur "
                "peut toujours contrôler une main suspecte.",
            )
        if situation.holdings[requester] in (Holding.PUSHED, Holding.MUCKED):
            return grant(
                False,
                "none",
                f"{asker.capitalize()} may not ask: a player who no longer holds his cards at the "
                "showdown, having released them face down without tabling them, loses any right "
                "to see another hand.",
                f"{asker_fr.capitalize()} ne peut pas demander : un joueur qui n'a plus ses cartes "
                "à l'abattage, les ayant jetées faces cachées sans les tabler, perd tout droit de "
                "voir une main adverse.",
            )
        if target == situation.river_aggressor and requester in situation.river_callers:
            return grant(
                True,
                "inalienable",
                f"{asker.capitalize()} called {target_en}'s river bet and kept his cards: he has "
                f"an inalienable right to see {target_en}'s hand on request, even if he has "
                "tabled his own. Mucking to avoid showing is penalised.",
                f"{asker_fr.capitalize()} a payé la mise de rivière {target_fr} et a gardé ses "
                f"cartes : il a un droit inaliénable de voir la main {target_fr} sur simple "
                "demande, même s'il a déjà tablé la sienne. Jeter ses cartes pour y échapper est "
                "sanctionné.",
            )
        return grant(
            None,
            "td-discretion",
            f"{asker.capitalize()} has no inalienable right to see {target_en}'s hand: only a "
            "caller of a river bet has one, and only for the bettor's hand. The request is at "
            "the TD's discretion.",
            f"{asker_fr.capitalize()} n'a pas de droit inaliénable de voir la main {target_fr} : "
            "seul celui qui a payé une mise de rivière en a un, et seulement pour la main du "
            "miseur. La demande est à la discrétion du directeur.",
        )
    if rule is RightToSee.ANY_PLAYER_ONCE_ANTI_COLLUSION:
        if situation.is_heads_up:
            return grant(
                False,
                "none",
                "The right to see a hand serves only against collusion and is never used heads-up.",
                "Le droit de voir une main ne sert qu'à combattre la collusion et ne s'exerce "
                "jamais en tête-à-tête.",
            )
        if situation.requests_before:
            return grant(
                False,
                "once-per-event",
                f"{asker.capitalize()} has already used the right to see a hand in this event: "
                "the managers usually grant it once per player per tournament and never "
                "repeatedly. They may still decide otherwise.",
                f"{asker_fr.capitalize()} a déjà usé du droit de voir une main dans ce tournoi : "
                "les managers ne l'accordent habituellement qu'une fois par personne et par "
                "tournoi, et jamais de manière continue. Ils peuvent en décider autrement.",
                td=True,
            )
        # LFP 8.8: a released hand turned over at the request of anyone but the current winner
        # is dead.
        is_live = holding is Holding.HELD or requester == situation.winner
        live_en = "it can still win" if is_live else "it is dead"
        live_fr = "elle peut encore gagner" if is_live else "elle est morte"
        return grant(
            True,
            "anti-collusion",
            f"{asker.capitalize()} may exceptionally demand to see {target_en}'s hand, which "
            "reached the showdown unshown; the right serves only against collusion and is "
            f"usually granted once per player per tournament. Shown at this request, {live_en}.",
            f"{asker_fr.capitalize()} peut exceptionnellement exiger de voir la main "
            f"{target_fr}, présente à l'abattage et non dévoilée ; ce droit ne sert qu'à "
            "combattre la collusion et n'est habituellement accordé qu'une fois par personne et "
            f"par tournoi. Montrée à cette demande, {live_fr}.",
            is_live=is_live,
        )
    if rule is RightToSee.WINNER_ONLY_HAND_BECOMES_LIVE:
        if situation.winner is None:
            return grant(
                None,
                "winner",
                "Only the winner of the pot may ask to see a hand that qualified for the "
                "showdown; the floor first settles who wins.",
                "Seul le gagnant du pot peut demander à voir une main qualifiée pour l'abattage ; "
                "le floor établit d'abord qui gagne.",
            )
        if requester != situation.winner:
            return grant(
                False,
                "none",
                f"Only the winner of the pot, player {situation.winner + 1}, may ask to see a "
                "hand; any player may still ask the floor to check cards.",
                f"Seul le gagnant du pot, le joueur {situation.winner + 1}, peut demander à voir "
                "une main ; tout joueur peut toutefois demander au floor de contrôler des cartes.",
            )
        return grant(
            True,
            "winner",
            f"The winner may ask to see {target_en}'s hand, even if it has touched the muck; the "
            "hand is then live, and the best hand wins.",
            f"Le gagnant peut demander à voir la main {target_fr}, même si elle a touché les "
            "écarts ; la main est alors vivante, et la meilleure gagne.",
            is_live=True,
        )
    if rule is RightToSee.MUCKER_CONSENT:
        agrees = situation.has_mucker_consent
        en = (
            f"Nobody may see a rejected hand unless its owner agrees; {target_en} "
            + ("agrees, so the dealer alone turns it over." if agrees else "has not agreed.")
            + " A rejected hand can never win the pot."
        )
        fr = (
            f"Personne ne peut voir une main rejetée sans l'accord de son propriétaire ; le "
            f"joueur {target + 1} "
            + (
                "est d'accord, seul le donneur la retourne."
                if agrees
                else "n'a pas donné son accord."
            )
            + " Une main rejetée ne peut en aucun cas gagner le pot."
        )
        return grant(agrees, "consent", en, fr, is_live=False)
    return grant(
        False,
        "none",
        f"Nobody may ask to see {target_en}'s hand: he is not the called last raiser, and a "
        "player beaten by a hand already shown may muck without showing.",
        f"Personne ne peut demander à voir la main {target_fr} : il n'est pas le dernier "
        "relanceur payé, et un joueur battu par un jeu déjà exposé peut jeter ses cartes sans "
        "les montrer.",
    )


def must_show(profile: Profile, *, player: int, situation: Showdown) -> Ruling:
    """Rule on whether ``player`` must show his hand unasked (SHOW-LAST-AGGRESSOR-MUST-SHOW).

    ``details["on_request_of"]`` lists the players who may make him show it (TDA 18B).

    Raises ParseError for a player out of range.

    >>> from pokertd import rules
    >>> called = Showdown((Holding.HELD, Holding.HELD), river_aggressor=0,
    ...                   river_callers=frozenset({1}))
    >>> must_show(rules.load("bannalec"), player=0, situation=called).details["must_show"]
    True
    >>> must_show(rules.load("tda-2017"), player=0, situation=called).details
    {'player': 0, 'must_show': False, 'on_request_of': [1]}
    """
    _check_player(player, situation)
    fields: tuple[str, ...] = ("last_aggressor_must_show",)
    if profile.right_to_see is not RightToSee.RIVER_CALLERS_ELSE_TD:
        fields += ("right_to_see",)  # TDA's right is 18B, cited already
    is_called_aggressor = player == situation.river_aggressor and situation.is_called
    who, who_fr = f"Player {player + 1}", f"Le joueur {player + 1}"
    details: dict[str, Any] = {"player": player}
    # SHOW-LAST-AGGRESSOR-MUST-SHOW
    if profile.last_aggressor_must_show:
        details["must_show"] = is_called_aggressor
        if is_called_aggressor:
            en = (
                f"{who} made the last bet or raise of the final round and was called: he must "
                "show his hand, since the others paid to see it; refusing is penalised."
            )
            fr = (
                f"{who_fr} a fait la dernière mise ou relance du dernier tour et a été payé : il "
                "doit montrer son jeu, les autres ayant payé pour le voir ; tout refus est "
                "sanctionné."
            )
        else:
            en = (
                f"{who} need not show: only the called last bettor or raiser of the final round "
                "must. A player beaten by a hand already shown may muck without showing."
            )
            fr = (
                f"{who_fr} n'est pas obligé de montrer : seul le dernier miseur ou relanceur payé "
                "du dernier tour l'est. Un joueur battu par un jeu déjà exposé peut jeter ses "
                "cartes sans les montrer."
            )
        return field_ruling(
            "SHOW-LAST-AGGRESSOR-MUST-SHOW", profile, fields, en, fr, details=details
        )
    details["must_show"] = False
    if profile.right_to_see is RightToSee.RIVER_CALLERS_ELSE_TD and is_called_aggressor:
        askers = sorted(
            caller
            for caller in situation.river_callers
            if situation.holdings[caller] in (Holding.HELD, Holding.TABLED)
        )
        details["on_request_of"] = askers
        names = _names(askers, "player", "and") or "nobody left"
        noms = _names(askers, "joueur", "et") or "personne"
        en = (
            f"{who} need not show unasked, but the callers of his river bet who kept their cards "
            f"({names}) may make him show it: an inalienable right. Mucking to avoid it is "
            "penalised."
        )
        fr = (
            f"{who_fr} n'est pas obligé de montrer spontanément, mais ceux qui ont payé sa mise "
            f"de rivière et gardé leurs cartes ({noms}) peuvent l'exiger : un droit inaliénable. "
            "Jeter ses cartes pour y échapper est sanctionné."
        )
        return field_ruling(
            "SHOW-LAST-AGGRESSOR-MUST-SHOW", profile, fields, en, fr, details=details
        )
    first_en = " He shows first if he claims the pot," if is_called_aggressor else ""
    first_fr = " Il montre le premier s'il prétend au pot," if is_called_aggressor else ""
    en = (
        f"{who} need not show.{first_en} but a player who gives up may muck unshown, unless he "
        "is all-in; other players may ask to see his hand only as the right to see allows."
    ).replace(". but", ". But")
    fr = (
        f"{who_fr} n'est pas obligé de montrer.{first_fr} mais un joueur qui renonce peut jeter "
        "sa main sans la montrer, sauf s'il est à tapis ; les autres ne peuvent la voir que dans "
        "les limites du droit de voir les cartes."
    ).replace(". mais", ". Mais")
    return field_ruling("SHOW-LAST-AGGRESSOR-MUST-SHOW", profile, fields, en, fr, details=details)


def first_to_show(profile: Profile, situation: Showdown) -> Ruling:
    """Rule on who shows first (SHOW-ORDER): the last bettor or raiser of the final round, else
    the first player to act on it or the first player left of the button, as the profile says.

    >>> from pokertd import rules
    >>> quiet = Showdown((Holding.HELD, Holding.HELD))
    >>> first_to_show(rules.load("gran-madrid"), quiet).details
    {'first': None, 'by': 'left-of-button'}
    """
    fields = ("show_order_no_river_bet",)
    aggressor = situation.river_aggressor
    # SHOW-ORDER
    if aggressor is not None:
        en = (
            f"Player {aggressor + 1}, the last bettor or raiser of the final round, shows first; "
            "then, clockwise, those who claim to beat him."
        )
        fr = (
            f"Le joueur {aggressor + 1}, dernier miseur ou relanceur du dernier tour, montre le "
            "premier ; ensuite, dans le sens des aiguilles d'une montre, ceux qui prétendent le "
            "battre."
        )
        details: dict[str, Any] = {"first": aggressor, "by": "last-aggressor"}
    elif profile.show_order_no_river_bet is ShowOrder.FIRST_TO_ACT:
        en = (
            "With no bet on the final round, the player who would have acted first on it shows "
            "first (in flop games the first player left of the button still in the hand); then "
            "the others clockwise."
        )
        fr = (
            "Sans mise au dernier tour, le premier joueur qui aurait dû parler montre le premier "
            "(aux jeux à flop, le premier joueur encore dans le coup à gauche du bouton) ; puis "
            "les autres dans le sens des aiguilles d'une montre."
        )
        details = {"first": None, "by": ShowOrder.FIRST_TO_ACT.value}
    else:
        en = (
            "With no bet on the river, the first player to the left of the button shows first, "
            "then the others clockwise."
        )
        fr = (
            "Sans mise à la rivière, le premier joueur à gauche du bouton montre le premier, puis "
            "les autres dans le sens des aiguilles d'une montre."
        )
        details = {"first": None, "by": ShowOrder.LEFT_OF_BUTTON.value}
    if profile.source("show_order_no_river_bet").article.startswith("TDA"):
        en += " The order applies only when the hands are not tabled spontaneously."
        fr += " Cet ordre ne s'impose que si les mains ne sont pas tablées spontanément."
    return field_ruling("SHOW-ORDER", profile, fields, en, fr, details=details)


def retrieve_mucked(profile: Profile, *, holding: Holding, is_identifiable: bool = True) -> Ruling:
    """Rule on a hand given up face down at showdown, for instance after an opponent announced a
    hand he did not hold (SHOW-MUCK-RETRIEVAL): is it still live?

    ``holding`` is ``PUSHED`` (released, not yet in the muck) or ``MUCKED`` (in the muck or killed
    by the dealer); ``is_identifiable`` says whether its cards can still be told apart with
    certainty.

    Raises ParseError for a hand that was not given up.

    >>> from pokertd import rules
    >>> retrieve_mucked(rules.load("bannalec"), holding=Holding.PUSHED).details["is_live"]
    False
    >>> retrieve_mucked(rules.load("tda-2017"), holding=Holding.PUSHED).details["is_live"]
    True
    """
    if holding not in (Holding.PUSHED, Holding.MUCKED):
        raise ParseError(f"a {holding.value} hand was not given up (SHOW-MUCK-RETRIEVAL)")
    book = _book(profile, "right_to_see")
    is_pushed = holding is Holding.PUSHED
    details: dict[str, Any] = {"holding": holding.value, "is_identifiable": is_identifiable}
    speak_en = "Cards speak: a wrong announcement does not decide the pot. "
    speak_fr = "Les cartes parlent : une annonce erronée ne décide pas du pot. "
    td = False
    # SHOW-MUCK-RETRIEVAL
    if book == "LFP":
        articles: tuple[str, ...] = ("LFP 8.5", "LFP 8.8")
        is_live = is_identifiable
        td = is_live
        en = speak_en + (
            "A hand thrown face down at showdown is not a fold: its owner may retrieve it if it "
            "is judged clearly discernible, under the TD's control."
            if is_live
            else "A hand that cannot be clearly discerned is dead, even after an opponent's wrong "
            "declaration."
        )
        fr = speak_fr + (
            "Une main jetée faces cachées à l'abattage n'est pas passée : son propriétaire peut "
            "la récupérer si elle est jugée discernable, sous le contrôle du directeur."
            if is_live
            else "Toute main non clairement discernable est morte, même en cas de mauvaise annonce "
            "adverse."
        )
    elif book == "BAN":
        articles = ("BAN/ABATTAGE",)
        is_live = False
        en = speak_en + (
            "But cards thrown are a dead hand: players who mucked believing they were beaten by "
            "an over-announced hand lose the pot definitively."
        )
        fr = speak_fr + (
            "Mais cartes jetées = main morte : les joueurs qui ont jeté leur main en se croyant "
            "battus par une annonce trop élevée perdent définitivement le pot."
        )
    elif book == "GM":
        articles = ("GM 9°", "GM 45°", "GM 37°")
        is_live = is_pushed and is_identifiable
        td = is_live
        en = speak_en + (
            "Cards not yet mixed with the discards may be retrieved by the TD's team if they are "
            "clearly identifiable."
            if is_live
            else "A hand whose cards touched the discards, or cannot be identified, is dead; only "
            "the pot's winner may still ask to see it, and it is then live."
        )
        fr = speak_fr + (
            "Des cartes pas encore mêlées aux écarts peuvent être récupérées par la direction si "
            "elles sont clairement identifiables."
            if is_live
            else "Une main dont les cartes ont touché les écarts, ou ne sont plus identifiables, "
            "est morte ; seul le gagnant du pot peut encore demander à la voir, et elle est alors "
            "vivante."
        )
    elif book == "GEN":
        articles = ("GEN 1.25",)
        is_live = False
        en = (
            "A rejected hand can never win the pot; only the dealer may turn it over, and only "
            "with its owner's consent."
        )
        fr = (
            "Une main rejetée ne peut en aucun cas gagner le pot ; seul le donneur peut la "
            "retourner, et seulement avec l'accord de son propriétaire."
        )
    else:
        articles = ("TDA 12", "TDA 14", "TDA 13B")
        is_live = is_pushed and is_identifiable
        td = is_live
        en = speak_en + (
            "Cards pushed face down are not dead by themselves: the player may still table them "
            "while they are 100 % identifiable, as the TD judges."
            if is_live
            else "Cards mucked by the dealer, or no longer 100 % identifiable, are dead, and the "
            "player loses any claim to the pot."
        )
        fr = speak_fr + (
            "Des cartes poussées faces cachées ne sont pas mortes pour autant : le joueur peut "
            "encore les tabler tant qu'elles restent identifiables à 100 %, selon le jugement du "
            "directeur."
            if is_live
            else "Des cartes mises au muck par le croupier, ou qui ne sont plus identifiables à "
            "100 %, sont mortes, et le joueur ne peut plus prétendre au pot."
        )
    details["is_live"] = is_live
    return Ruling("SHOW-MUCK-RETRIEVAL", articles, en, fr, td_decides=td, details=details)


def cards_speak(profile: Profile, *, is_deliberate: bool = False) -> Ruling:
    """Rule on a hand announced wrongly at showdown (SHOW-CARDS-SPEAK): the cards decide, and a
    deliberate or repeated miscall is penalised (``details["penalty"]``: ``"must"``, ``"may"`` or
    ``None``).

    >>> from pokertd import rules
    >>> cards_speak(rules.load("bannalec"), is_deliberate=True).details
    {'is_deliberate': True, 'penalty': 'must'}
    """
    book = _book(profile, "right_to_see")
    must = book in ("LFP", "BAN")
    articles = {
        "LFP": ("LFP 8.8",),
        "BAN": ("BAN/ABATTAGE",),
        "GM": ("GM 20°", "GM 29°"),
    }.get(book, ("TDA 12",))
    en = (
        "Cards speak: the winner is decided by the cards tabled, not by what was said, and "
        "everyone at the table should speak up if a hand is misread."
    )
    fr = (
        "Les cartes parlent : le gagnant est désigné par les cartes tablées, non par les "
        "annonces, et chacun à la table doit signaler une erreur de lecture."
    )
    if book == "GEN":
        en += " GEN's text is missing here; pokertd applies TDA 12."
        fr += " Le texte du GEN manque ici ; pokertd applique le TDA 12."
    penalty = None
    if is_deliberate:
        penalty = "must" if must else "may"
        en += " A deliberate or repeated miscall " + (
            "must be penalised." if must else "may be penalised, as the TD decides."
        )
        fr += " Une mauvaise annonce volontaire ou répétée " + (
            "doit être sanctionnée." if must else "peut être sanctionnée, au jugement du directeur."
        )
    details = {"is_deliberate": is_deliberate, "penalty": penalty}
    return Ruling(
        "SHOW-CARDS-SPEAK", articles, en, fr, td_decides=penalty == "may", details=details
    )


# -- internals -------------------------------------------------------------------------------------


def _check_player(player: int, situation: Showdown) -> None:
    count = len(situation.holdings)
    if not 0 <= player < count:
        raise ParseError(f"there is no player {player + 1} among the {count} at showdown")


def _names(players: Iterable[int], word: str, conjunction: str) -> str:
    names = [f"{word} {player + 1}" for player in players]
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} {conjunction} {names[-1]}"


def _book(profile: Profile, field: str) -> str:
    """Return the citation key of the book whose rule applies where no field sets it: the
    profile's own, else (a house profile) the book whose article sets ``field``; TDA for a house
    rule."""
    key = profile.book or profile.source(field).article.split(" ")[0].split("/")[0]
    return key if key in ("TDA", "LFP", "BAN", "GM", "GEN") else "TDA"
