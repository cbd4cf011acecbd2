"""Time and presence at the table: clock calls, being at one's seat, acting standing, devices.

Who may call the clock and who approves it (CLK-REQUEST), how long the player then has
(CLK-DURATION), what happens to his hand when time runs out (CLK-EXPIRY), the moment a player must
be at his seat for a live hand (ABS-AT-SEAT), an action taken standing (ABS-ACT-SEATED), and a
device used with a live hand (PEN-DEVICE). Each function returns a ``Ruling`` citing the article
its profile value comes from.
"""

from __future__ import annotations

from typing import Any, Literal, get_args

from pokertd.engine import ActionKind, Hand
from pokertd.errors import IllegalActionError, ParseError
from pokertd.floor.citations import field_ruling
from pokertd.floor.penalties import sit_out_hands
from pokertd.floor.rulings import Decision, Ruling, Step, StepKind
from pokertd.rules import (
    AbsentCheckMoment,
    ActionWhileStanding,
    ClockCaller,
    ClockExpiry,
    DeviceWithLiveHand,
    Profile,
)

#: Who asks for the clock: a player in the hand, a player seated at the table but not in the hand,
#: a player of the event who is not at this table, the dealer, or a manager (TD or floor).
Caller = Literal["player-in-hand", "seated-player", "player-elsewhere", "dealer", "manager"]
CALLERS: tuple[str, ...] = get_args(Caller)

#: When a player was back in his seat, in the order of the deal: before it started, as it
#: started, as his own second card was dealt, as the last card of the deal was dealt, after it.
SeatMoment = Literal[
    "before-deal", "start-of-deal", "own-second-card", "last-card-of-deal", "after-deal"
]
SEAT_MOMENTS: tuple[str, ...] = get_args(SeatMoment)

_CALLER_FR = {
    "player-in-hand": "un joueur dans le coup",
    "seated-player": "un joueur assis à la table, hors du coup",
    "player-elsewhere": "un joueur d'une autre table",
    "dealer": "le croupier",
    "manager": "un responsable (directeur ou floor)",
}
_CALLER_EN = {
    "player-in-hand": "a player in the hand",
    "seated-player": "a player seated at the table, not in the hand",
    "player-elsewhere": "a player from another table",
    "dealer": "the dealer",
    "manager": "a manager (the TD or a floor)",
}

#: CLK-REQUEST: who may ask, and who approves, for each reading.
_MAY_CALL: dict[ClockCaller, frozenset[str]] = {
    ClockCaller.ANY_PLAYER_TD_APPROVES: frozenset(
        {"player-in-hand", "seated-player", "player-elsewhere", "manager"}
    ),
    ClockCaller.SEATED_PLAYER_OR_MANAGER: frozenset({"player-in-hand", "seated-player", "manager"}),
    ClockCaller.DEALER_OR_PLAYER_DEALER_APPROVES: frozenset(
        {"player-in-hand", "seated-player", "dealer", "manager"}
    ),
    ClockCaller.PLAYER_AFTER_TWO_MINUTES: frozenset({"player-in-hand", "seated-player", "manager"}),
}
_APPROVER: dict[ClockCaller, str] = {
    ClockCaller.ANY_PLAYER_TD_APPROVES: "td",
    ClockCaller.SEATED_PLAYER_OR_MANAGER: "floor",
    ClockCaller.DEALER_OR_PLAYER_DEALER_APPROVES: "dealer",
    ClockCaller.PLAYER_AFTER_TWO_MINUTES: "floor",
}
_WHO_EN: dict[ClockCaller, str] = {
    ClockCaller.ANY_PLAYER_TD_APPROVES: (
        "any player in the tournament may ask for the clock, from his seat, and the TD or a "
        "floor approves it"
    ),
    ClockCaller.SEATED_PLAYER_OR_MANAGER: (
        "any player seated at the table, in the hand or not, or a manager may call the clock, "
        "never the dealer"
    ),
    ClockCaller.DEALER_OR_PLAYER_DEALER_APPROVES: (
        "the dealer or a player at the table may ask for time, and the dealer accepts or refuses"
    ),
    ClockCaller.PLAYER_AFTER_TWO_MINUTES: (
        "a player at the table may ask for time, and the floor grants it"
    ),
}
_WHO_FR: dict[ClockCaller, str] = {
    ClockCaller.ANY_PLAYER_TD_APPROVES: (
        "tout joueur du tournoi peut demander le « time », depuis son siège, et le directeur ou "
        "un floor l'approuve"
    ),
    ClockCaller.SEATED_PLAYER_OR_MANAGER: (
        "tout joueur assis à la table, dans le coup ou non, ou un manager peut demander le "
        "temps, jamais le croupier"
    ),
    ClockCaller.DEALER_OR_PLAYER_DEALER_APPROVES: (
        "le donneur ou un joueur de la table peut demander un « time », et le donneur l'accepte "
        "ou le refuse"
    ),
    ClockCaller.PLAYER_AFTER_TWO_MINUTES: (
        "un joueur de la table peut demander le « time », et le floor l'accorde"
    ),
}


def call_clock(profile: Profile, *, caller: Caller, waited_seconds: float | None = None) -> Ruling:
    """Rule on a request for the clock by ``caller`` on a player who has had ``waited_seconds``
    (CLK-REQUEST). ``details`` say whether the call stands (``may_call``), who approves it, and
    the time the player then has.

    Raises ParseError for an unknown caller or a negative wait.

    >>> from pokertd import rules
    >>> call_clock(rules.load("lfp"), caller="dealer").details["may_call"]
    False
    >>> ruling = call_clock(rules.load("gran-madrid"), caller="player-in-hand", waited_seconds=90)
    >>> ruling.details["may_call"], ruling.details["wait_more_seconds"]
    (False, 30)
    """
    if caller not in CALLERS:
        raise ParseError(f"unknown clock caller {caller!r}; expected one of {', '.join(CALLERS)}")
    if waited_seconds is not None and waited_seconds < 0:
        raise ParseError(f"a wait is not negative: {waited_seconds!r} (CLK-REQUEST)")
    rule = profile.clock_caller
    minimum = profile.clock_minimum_wait_seconds
    fields = ("clock_caller", "clock_minimum_wait_seconds") if minimum else ("clock_caller",)
    details: dict[str, Any] = {
        "caller": caller,
        "may_call": False,
        "approved_by": _APPROVER[rule],
        "minimum_wait_seconds": minimum,
        **_time_details(profile),
    }
    who_en, who_fr = _WHO_EN[rule], _WHO_FR[rule]
    # CLK-REQUEST
    if caller not in _MAY_CALL[rule]:
        en = f"The request does not stand: {who_en}."
        fr = f"La demande n'est pas recevable : {who_fr}."
        if caller == "dealer":
            en += (
                " The dealer may call the floor, who judges whether the player is taking too long."
            )
            fr += " Le croupier peut appeler le floor, qui juge si le joueur prend trop de temps."
        else:
            en += f" {_CALLER_EN[caller].capitalize()} may not."
            fr += f" {_CALLER_FR[caller].capitalize()} ne peut pas."
        return field_ruling("CLK-REQUEST", profile, fields, en, fr, details=details)
    if waited_seconds is not None and waited_seconds < minimum:
        more = minimum - waited_seconds
        details["wait_more_seconds"] = int(more) if float(more).is_integer() else more
        en = (
            f"Too early: the clock may be called only after a reasonable time, never less than "
            f"{minimum} seconds, and the player has had {waited_seconds:g}."
        )
        fr = (
            f"Trop tôt : le « time » ne peut être demandé qu'après un temps raisonnable, jamais "
            f"moins de {minimum} secondes, et le joueur n'en a eu que {waited_seconds:g}."
        )
        return field_ruling("CLK-REQUEST", profile, fields, en, fr, details=details)
    details["may_call"] = True
    seconds, countdown = profile.clock_seconds, profile.clock_countdown_seconds
    wait_en = (
        f"once the player has had at least {minimum} seconds"
        if minimum
        else "once the player has had a reasonable time"
    )
    wait_fr = (
        f"une fois que le joueur a eu au moins {minimum} secondes"
        if minimum
        else "une fois que le joueur a eu un temps raisonnable"
    )
    total = seconds + countdown
    en = f"The request stands {wait_en}: {who_en}. The player then has {total} seconds" + (
        f" in all, the last {countdown} counted down aloud." if countdown else "."
    )
    fr = f"La demande est recevable {wait_fr} : {who_fr}. Le joueur a alors {total} secondes" + (
        f" en tout, les {countdown} dernières décomptées à voix haute." if countdown else "."
    )
    # The TD or the floor approves at his discretion; BAN's dealer rules at his table.
    return field_ruling(
        "CLK-REQUEST",
        profile,
        fields,
        en,
        fr,
        td_decides=_APPROVER[rule] != "dealer",
        details=details,
    )


def clock_time(profile: Profile) -> Ruling:
    """Rule on the time a player has once the clock is called (CLK-DURATION): ``details`` give
    ``seconds`` before the countdown, the ``countdown`` and the ``total``.

    >>> from pokertd import rules
    >>> clock_time(rules.load("bannalec")).details
    {'seconds': 50, 'countdown': 10, 'total': 60}
    >>> clock_time(rules.load("tda-2017")).details["total"]
    30
    """
    seconds, countdown = profile.clock_seconds, profile.clock_countdown_seconds
    total = seconds + countdown
    fields = (
        "clock_seconds",
        "clock_countdown_seconds",
    )
    if countdown:
        en = (
            f"Once the clock is called the player has {total} seconds in all: {seconds} seconds, "
            f"then the last {countdown} are counted down aloud."
        )
        fr = (
            f"Une fois le « time » demandé, le joueur dispose de {total} secondes en tout : "
            f"{seconds} secondes, puis les {countdown} dernières sont décomptées à voix haute."
        )
    else:
        en = f"Once the clock is called the player has {seconds} seconds to act."
        fr = f"Une fois le « time » demandé, le joueur dispose de {seconds} secondes pour agir."
    if _book(profile, "clock_seconds") == "TDA":
        en += " The TD may shorten it for a player who deliberately stalls, and penalise him."
        fr += (
            " Le directeur peut le réduire pour un joueur qui freine délibérément, et le "
            "sanctionner."
        )
    return field_ruling("CLK-DURATION", profile, fields, en, fr, details=_time_details(profile))


def clock_expired(hand: Hand, profile: Profile | None = None) -> Ruling:
    """Rule on the hand of the player to act whose clock has run out (CLK-EXPIRY).

    ``decision`` is what the engine should do for him: a fold (his hand is dead) or, under TDA 29
    when he faces no bet, a check. ``profile`` defaults to the hand's.

    Raises IllegalActionError when nobody is to bet (the clock runs on betting decisions only).

    >>> from pokertd import Hand, rules
    >>> hand = Hand.create(game="nlhe", stacks=[1000, 1000, 1000], blinds=(5, 10), seed=1)
    >>> hand.act(2, "call"); hand.act(0, "call")
    >>> str(clock_expired(hand).decision), str(clock_expired(hand, rules.load("lfp")).decision)
    ('check', 'fold')
    """
    profile = profile or hand.profile
    legal = hand.legal()
    if legal is None or legal.show or legal.muck:
        raise IllegalActionError(
            "nobody is to bet, so no clock can run out (CLK-EXPIRY)", rule="CLK-EXPIRY"
        )
    player = legal.player
    is_facing_bet = legal.call > 0
    fields = ("clock_expiry",)
    details: dict[str, Any] = {"player": player, "is_facing_bet": is_facing_bet}
    who = f"player {player + 1}"
    # CLK-EXPIRY: TDA 29 checks the hand of a player who faces no bet; otherwise it is dead.
    is_check = profile.clock_expiry is ClockExpiry.DEAD_IF_FACING_BET_ELSE_CHECK
    if is_check and not is_facing_bet:
        en = (
            f"Time has run out and {who} faces no bet: his hand is checked. Had he acted at the "
            "same moment the time ran out, the benefit would have gone to him."
        )
        fr = (
            f"Le temps est écoulé et le joueur {player + 1} ne fait face à aucune mise : sa main "
            "est checkée. S'il avait agi à l'instant même où le temps expirait, le doute lui "
            "aurait profité."
        )
        check = Decision(ActionKind.CHECK)
        return field_ruling("CLK-EXPIRY", profile, fields, en, fr, decision=check, details=details)
    if is_check:
        en = (
            f"Time has run out and {who} faces a bet: his hand is dead. Had he acted at the "
            "same moment the time ran out, the benefit would have gone to him."
        )
        fr = (
            f"Le temps est écoulé et le joueur {player + 1} fait face à une mise : sa main "
            "est morte. S'il avait agi à l'instant même où le temps expirait, le doute lui "
            "aurait profité."
        )
    else:
        en = f"Time has run out: the hand of {who} is dead, whether he faces a bet or not."
        fr = (
            f"Le temps est écoulé : la main du joueur {player + 1} est morte, qu'il fasse face à "
            "une mise ou non."
        )
        if _book(profile, "clock_expiry") == "LFP":
            # LFP 3.6: the hand dies when the manager starts to declare it dead, not at zero.
            details["dead_from"] = "declaration"
            en += (
                " It is dead if he has not acted at the precise moment the manager begins to "
                'declare it dead, not at "zero".'
            )
            fr += (
                " Elle est morte s'il n'a pas agi au moment précis où le manager commence à la "
                "déclarer morte, et non au « zéro »."
            )
    kill = Step(StepKind.KILL_HAND, note=f"{who}: time ran out")
    return field_ruling(
        "CLK-EXPIRY",
        profile,
        fields,
        en,
        fr,
        decision=Decision(ActionKind.FOLD),
        steps=(kill,),
        details=details,
    )


def at_seat(profile: Profile, moment: SeatMoment) -> Ruling:
    """Rule on a player who was back in his seat at ``moment`` of the deal (ABS-AT-SEAT): his
    hand is live if he was seated by the moment the profile checks, else it is killed at the end
    of the deal with his blinds and antes posted (ABS-DEAD-HAND).

    Raises ParseError for an unknown moment.

    >>> from pokertd import rules
    >>> at_seat(rules.load("tda-2017"), "own-second-card").details["is_live"]
    True
    >>> at_seat(rules.load("gran-madrid"), "own-second-card").details["is_live"]
    False
    """
    if moment not in SEAT_MOMENTS:
        raise ParseError(f"unknown moment {moment!r}; expected one of {', '.join(SEAT_MOMENTS)}")
    check = profile.absent_check_moment
    # ABS-AT-SEAT: the moments are in the order of the deal.
    is_live = SEAT_MOMENTS.index(moment) <= SEAT_MOMENTS.index(check.value)
    fields = ("absent_check_moment",)
    when_en, when_fr = {
        AbsentCheckMoment.START_OF_DEAL: (
            "when the cards are dealt (standing next to or touching his chair)",
            "au moment de la distribution des cartes (à côté de sa chaise ou la touchant)",
        ),
        AbsentCheckMoment.OWN_SECOND_CARD: (
            "when his own second card is dealt",
            "lors de la distribution de sa deuxième carte",
        ),
        AbsentCheckMoment.LAST_CARD_OF_DEAL: (
            "when the last card of the initial deal is dealt",
            "lors de la distribution de la dernière carte de la donne",
        ),
    }[check]
    details = {"moment": moment, "checked_at": check.value, "is_live": is_live}
    if is_live:
        en = f"A player must be at his seat {when_en}. He was: his hand is live."
        fr = f"Un joueur doit être à sa place {when_fr}. Il l'était : sa main est vivante."
        return field_ruling("ABS-AT-SEAT", profile, fields, en, fr, details=details)
    en = (
        f"A player must be at his seat {when_en}. He was not: he is dealt in, but his hand is "
        "killed at the end of the deal, before any action, and nobody sees it; his blinds and "
        "antes are posted."
    )
    fr = (
        f"Un joueur doit être à sa place {when_fr}. Il ne l'était pas : il reçoit ses cartes, "
        "mais sa main est tuée à la fin de la donne, avant toute action, sans que personne ne la "
        "voie ; ses blinds et antes sont prélevées."
    )
    step = Step(StepKind.KILL_HAND, note="at the end of the deal, unseen; blinds and antes posted")
    return field_ruling("ABS-AT-SEAT", profile, fields, en, fr, steps=(step,), details=details)


def acted_standing(profile: Profile) -> Ruling:
    """Rule on an action a player with a live hand takes away from his seat (ABS-ACT-SEATED).

    >>> from pokertd import rules
    >>> acted_standing(rules.load("lfp")).details
    {'action_counts': False, 'is_live': True}
    """
    choice = profile.action_while_standing
    fields = ("action_while_standing",)
    # ABS-ACT-SEATED
    if choice is ActionWhileStanding.VOID:
        en = (
            "A player may act only while seated: an action declared standing is not taken into "
            "account. He sits down and acts again; abuse may be penalised."
        )
        fr = (
            "Un joueur ne peut agir qu'assis : une action déclarée debout n'est pas prise en "
            "considération. Il se rassoit et agit de nouveau ; les abus peuvent être sanctionnés."
        )
        details = {"action_counts": False, "is_live": True}
        return field_ruling("ABS-ACT-SEATED", profile, fields, en, fr, details=details)
    if choice is ActionWhileStanding.DECLARED_ABSENT:
        en = (
            "A player stays seated until the end of any hand he is in: one who stands and walks "
            "away during the hand is declared absent, and an absent player's hand is dead. An "
            "all-in player may stand but must stay near the table."
        )
        fr = (
            "Un joueur reste assis jusqu'à la fin de la main dans laquelle il est impliqué : "
            "celui qui se lève et s'éloigne pendant le coup est déclaré absent, et la main d'un "
            "absent est morte. Un joueur à tapis peut se lever mais doit rester près de la table."
        )
        step = Step(StepKind.KILL_HAND, note="the player is declared absent")
        details = {"action_counts": False, "is_live": False}
        return field_ruling(
            "ABS-ACT-SEATED", profile, fields, en, fr, steps=(step,), details=details
        )
    en = (
        "A player with a live hand, an all-in player included while betting is still possible, "
        "must stay at the table until the showdown ends. His action stands and his hand stays "
        "live, but leaving the table may be penalised."
    )
    fr = (
        "Un joueur ayant une main vivante, y compris à tapis tant que des mises sont possibles, "
        "doit rester à la table jusqu'à la fin de l'abattage. Son action compte et sa main reste "
        "vivante, mais quitter la table peut être sanctionné."
    )
    details = {"action_counts": True, "is_live": True}
    return field_ruling("ABS-ACT-SEATED", profile, fields, en, fr, td_decides=True, details=details)


def device_used(
    profile: Profile,
    *,
    offences: int = 1,
    players_at_table: int | None = None,
    is_seen_by_dealer: bool = True,
) -> Ruling:
    """Rule on a player who used a phone or another device while holding a live hand, his
    ``offences``-th time in the event (PEN-DEVICE).

    BAN kills the cards only if the dealer saw it, and from the third offence the player also sits
    out as many hands as there are players at the table (P-13).

    Raises ParseError for fewer than one offence, or a third BAN offence without
    ``players_at_table``.

    >>> from pokertd import rules
    >>> device_used(rules.load("bannalec"), offences=3, players_at_table=8).details["hands"]
    8
    >>> device_used(rules.load("gran-madrid")).details
    {'offences': 1, 'is_dead': False, 'hands': 1}
    """
    if offences < 1:
        raise ParseError(f"count at least one offence, not {offences!r} (PEN-DEVICE)")
    choice = profile.device_with_live_hand
    fields = ("device_with_live_hand",)
    details: dict[str, Any] = {"offences": offences}
    kill = Step(StepKind.KILL_HAND, note="device used with a live hand")
    # PEN-DEVICE
    if choice is DeviceWithLiveHand.ONE_HAND_PENALTY:
        en = (
            "A player who uses his phone while action is pending sits out the next deal: a "
            "one-hand penalty. Devices that can communicate are banned, and in the money every "
            "device must be put away, on pain of a penalty up to disqualification."
        )
        fr = (
            "Un joueur qui utilise son téléphone pendant une action en cours est privé de la "
            "distribution suivante : une pénalité d'une main. Les appareils de communication sont "
            "interdits et, dans les places payées, tout appareil doit être rangé, sous peine "
            "d'une sanction pouvant aller jusqu'à la disqualification."
        )
        details.update(is_dead=False, hands=1)
        return field_ruling("PEN-DEVICE", profile, fields, en, fr, details=details)
    if choice is DeviceWithLiveHand.HOUSE_RULES:
        en = (
            "Decision-aid apps are banned while a player holds a live hand, and nobody talks on "
            "the phone at the table; anything else, and the penalty, is left to the house rules "
            "and the TD."
        )
        fr = (
            "Les applications d'aide à la décision sont interdites tant qu'un joueur a une main "
            "vivante, et on ne téléphone pas à la table ; le reste, et la sanction, relèvent du "
            "règlement de la maison et du directeur."
        )
        details["is_dead"] = False
        return field_ruling("PEN-DEVICE", profile, fields, en, fr, td_decides=True, details=details)
    if _book(profile, "device_with_live_hand") != "BAN":
        en = (
            "The hand of a player who answered a phone or communicated through any device is "
            "dead, unless the organiser has published tolerances."
        )
        fr = (
            "Est morte la main d'un joueur ayant répondu au téléphone ou communiqué par un "
            "quelconque appareil, sauf tolérances publiées par l'organisateur."
        )
        details["is_dead"] = True
        return field_ruling("PEN-DEVICE", profile, fields, en, fr, steps=(kill,), details=details)
    if not is_seen_by_dealer:
        en = (
            "A player holding cards may not handle a device, but the dealer takes the cards "
            "only if he saw it himself: the hand stays live."
        )
        fr = (
            "Un joueur qui a des cartes ne peut pas manipuler un appareil, mais le donneur ne "
            "retire les cartes que s'il a lui-même constaté l'infraction : la main reste vivante."
        )
        details["is_dead"] = False
        return field_ruling("PEN-DEVICE", profile, fields, en, fr, details=details)
    en = (
        "A player holding cards may not handle a device: his cards are dead and the dealer "
        "takes them."
    )
    fr = (
        "Un joueur qui a des cartes ne peut pas manipuler un appareil : ses cartes sont mortes "
        "et le donneur les ramasse."
    )
    details["is_dead"] = True
    if offences >= 3:
        if players_at_table is None:
            raise ParseError("give the players at the table for a third offence (PEN-DEVICE)")
        hands = sit_out_hands(players_at_table, 1)
        details["hands"] = hands
        en += (
            f" After an offence and two repeats in the event he is also dealt no cards for as "
            f"many hands as there are players at the table: {hands}."
        )
        fr += (
            f" Après une infraction et deux récidives dans le tournoi, il est en outre privé de "
            f"cartes pendant autant de mains qu'il y a de joueurs à la table : {hands}."
        )
    return field_ruling("PEN-DEVICE", profile, fields, en, fr, steps=(kill,), details=details)


# -- internals -------------------------------------------------------------------------------------


def _time_details(profile: Profile) -> dict[str, int]:
    seconds, countdown = profile.clock_seconds, profile.clock_countdown_seconds
    return {"seconds": seconds, "countdown": countdown, "total": seconds + countdown}


def _book(profile: Profile, field: str) -> str:
    """Return the citation key of the book whose article sets ``field`` (``""`` for a house
    rule)."""
    key = profile.source(field).article.split(" ")[0].split("/")[0]
    return key if key in ("TDA", "LFP", "BAN", "GM", "GEN") else ""
