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
from pokertd.floor.rulings import Decision, Phrase, Ruling, Step, StepKind, phrase
from pokertd.messages import message
from pokertd.rules import (
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
        raise ParseError(
            message(
                "unknown clock caller {caller!r}; expected one of {callers}",
                caller=caller,
                callers=", ".join(CALLERS),
            )
        )
    if waited_seconds is not None and waited_seconds < 0:
        raise ParseError(
            message("a wait is not negative: {seconds!r} (CLK-REQUEST)", seconds=waited_seconds)
        )
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
    values: dict[str, Any] = {"who": phrase(f"clock-callers-{rule.value}"), "minimum": minimum}
    # CLK-REQUEST
    if caller not in _MAY_CALL[rule]:
        outcome = "dealer-may-not" if caller == "dealer" else "caller-may-not"
        values["caller"] = phrase(f"caller-{caller}")
        return field_ruling("CLK-REQUEST", profile, fields, outcome, values, details=details)
    if waited_seconds is not None and waited_seconds < minimum:
        more = minimum - waited_seconds
        details["wait_more_seconds"] = int(more) if float(more).is_integer() else more
        values["waited"] = waited_seconds
        return field_ruling("CLK-REQUEST", profile, fields, "too-early", values, details=details)
    details["may_call"] = True
    countdown = profile.clock_countdown_seconds
    values.update(
        wait=phrase("after-minimum-wait" if minimum else "after-reasonable-time", minimum=minimum),
        total=profile.clock_seconds + countdown,
        countdown=countdown,
    )
    # The TD or the floor approves at his discretion; BAN's dealer rules at his table.
    return field_ruling(
        "CLK-REQUEST", profile, fields, "clock-stands-countdown" if countdown else "clock-stands",
        values, td_decides=_APPROVER[rule] != "dealer", details=details,
    )  # fmt: skip


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
    fields = ("clock_seconds", "clock_countdown_seconds")
    values = {"seconds": seconds, "countdown": countdown, "total": seconds + countdown}
    # TDA 29: the TD may shorten the time of a player who stalls.
    is_tda = _book(profile, "clock_seconds") == "TDA"
    notes = (phrase("td-may-shorten"),) if is_tda else ()
    return field_ruling(
        "CLK-DURATION", profile, fields, "countdown" if countdown else "seconds-to-act", values,
        details=_time_details(profile), notes=notes,
    )  # fmt: skip


def clock_expired(hand: Hand, profile: Profile | None = None) -> Ruling:
    """Rule on the hand of the player to act whose clock has run out (CLK-EXPIRY).

    ``decision`` is what the engine should do for him: a fold (his hand is dead) or, under TDA 29
    when he faces no bet, a check; in a draw game's draw he stands pat (``details["stands_pat"]``,
    no decision). ``profile`` defaults to the hand's.

    Raises IllegalActionError when nobody is to bet or draw (the clock runs on decisions only).

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
            message("nobody is to bet, so no clock can run out (CLK-EXPIRY)"), rule="CLK-EXPIRY"
        )
    if legal.draw:
        return _draw_expired(profile, legal.player)
    if legal.is_bring_in:
        return _bring_in_expired(profile, legal.player)
    player = legal.player
    is_facing_bet = legal.call > 0
    fields = ("clock_expiry",)
    details: dict[str, Any] = {"player": player, "is_facing_bet": is_facing_bet}
    values = {"player": player + 1}
    # CLK-EXPIRY: TDA 29 checks the hand of a player who faces no bet; otherwise it is dead.
    is_check = profile.clock_expiry is ClockExpiry.DEAD_IF_FACING_BET_ELSE_CHECK
    if is_check and not is_facing_bet:
        check = Decision(ActionKind.CHECK)
        return field_ruling(
            "CLK-EXPIRY", profile, fields, "checked", values, decision=check, details=details
        )
    notes: tuple[Phrase, ...] = ()
    if is_check:
        outcome = "dead-facing-bet"
    else:
        outcome = "dead"
        if _book(profile, "clock_expiry") == "LFP":
            # LFP 3.6: the hand dies when the manager starts to declare it dead, not at zero.
            details["dead_from"] = "declaration"
            notes = (phrase("dead-from-declaration"),)
    kill = Step(StepKind.KILL_HAND, note=phrase("time-ran-out", player=player + 1))
    return field_ruling(
        "CLK-EXPIRY", profile, fields, outcome, values, decision=Decision(ActionKind.FOLD),
        steps=(kill,), details=details, notes=notes,
    )  # fmt: skip


def _bring_in_expired(profile: Profile, player: int) -> Ruling:
    """CLK-EXPIRY when the bring-in is owed (stud, online): it is posted for him. The bring-in is
    a forced bet, not a decision the clock can take away: the books have even an absent player
    pay it (STUD-BRINGIN-ABSENT: TDA 30, 71C); what he lets go is the completion
    (docs/judgements.md). ``decision`` is the call that posts it."""
    details: dict[str, Any] = {"player": player, "is_facing_bet": False, "is_bring_in": True}
    return field_ruling(
        "CLK-EXPIRY", profile, ("clock_expiry",), "bring-in-posted", {"player": player + 1},
        decision=Decision(ActionKind.CALL), details=details,
    )  # fmt: skip


def _draw_expired(profile: Profile, player: int) -> Ruling:
    """CLK-EXPIRY in a draw game's draw (online): the player stands pat. The books time betting
    decisions; a draw changes no bet, so he is treated as a player facing no bet whose hand is
    checked: he keeps his cards (docs/judgements.md). ``decision`` is None: the table applies
    the draw (``details["stands_pat"]``)."""
    details: dict[str, Any] = {"player": player, "is_facing_bet": False, "stands_pat": True}
    return field_ruling(
        "CLK-EXPIRY", profile, ("clock_expiry",), "stands-pat", {"player": player + 1},
        details=details,
    )  # fmt: skip


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
        raise ParseError(
            message(
                "unknown moment {moment!r}; expected one of {moments}",
                moment=moment,
                moments=", ".join(SEAT_MOMENTS),
            )
        )
    check = profile.absent_check_moment
    # ABS-AT-SEAT: the moments are in the order of the deal.
    is_live = SEAT_MOMENTS.index(moment) <= SEAT_MOMENTS.index(check.value)
    fields = ("absent_check_moment",)
    details = {"moment": moment, "checked_at": check.value, "is_live": is_live}
    values = {"when": phrase(f"seated-{check.value}")}
    if is_live:
        return field_ruling("ABS-AT-SEAT", profile, fields, "was-seated", values, details=details)
    step = Step(StepKind.KILL_HAND, note=phrase("killed-unseen"))
    return field_ruling(
        "ABS-AT-SEAT", profile, fields, "was-not-seated", values, steps=(step,), details=details
    )


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
        details = {"action_counts": False, "is_live": True}
        return field_ruling("ABS-ACT-SEATED", profile, fields, "standing-void", details=details)
    if choice is ActionWhileStanding.DECLARED_ABSENT:
        step = Step(StepKind.KILL_HAND, note=phrase("declared-absent"))
        details = {"action_counts": False, "is_live": False}
        return field_ruling(
            "ABS-ACT-SEATED", profile, fields, "standing-absent", steps=(step,), details=details
        )
    details = {"action_counts": True, "is_live": True}
    return field_ruling(
        "ABS-ACT-SEATED", profile, fields, "standing-counts", td_decides=True, details=details
    )


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
        raise ParseError(
            message("count at least one offence, not {offences!r} (PEN-DEVICE)", offences=offences)
        )
    choice = profile.device_with_live_hand
    fields = ("device_with_live_hand",)
    details: dict[str, Any] = {"offences": offences}
    kill = Step(StepKind.KILL_HAND, note=phrase("device-used"))
    # PEN-DEVICE
    if choice is DeviceWithLiveHand.ONE_HAND_PENALTY:
        details.update(is_dead=False, hands=1)
        return field_ruling("PEN-DEVICE", profile, fields, "device-one-hand", details=details)
    if choice is DeviceWithLiveHand.HOUSE_RULES:
        details["is_dead"] = False
        return field_ruling(
            "PEN-DEVICE", profile, fields, "device-house-rules", td_decides=True, details=details
        )
    if _book(profile, "device_with_live_hand") != "BAN":
        details["is_dead"] = True
        return field_ruling(
            "PEN-DEVICE", profile, fields, "device-hand-dead", steps=(kill,), details=details
        )
    return _device_ban(profile, details, kill, players_at_table, is_seen_by_dealer)


def _device_ban(
    profile: Profile,
    details: dict[str, Any],
    kill: Step,
    players_at_table: int | None,
    is_seen_by_dealer: bool,
) -> Ruling:
    """BAN/APPAREILS: the dealer takes the cards he saw; a third offence also sits out a round
    (P-13)."""
    fields = ("device_with_live_hand",)
    if not is_seen_by_dealer:
        details["is_dead"] = False
        return field_ruling("PEN-DEVICE", profile, fields, "device-not-seen", details=details)
    details["is_dead"] = True
    notes: tuple[Phrase, ...] = ()
    if details["offences"] >= 3:
        if players_at_table is None:
            raise ParseError(
                message("give the players at the table for a third offence (PEN-DEVICE)")
            )
        hands = sit_out_hands(players_at_table, 1)
        details["hands"] = hands
        notes = (phrase("device-third-offence", hands=hands),)
    return field_ruling(
        "PEN-DEVICE", profile, fields, "device-cards-dead", steps=(kill,), details=details,
        notes=notes,
    )  # fmt: skip


# -- internals -------------------------------------------------------------------------------------


def _time_details(profile: Profile) -> dict[str, int]:
    seconds, countdown = profile.clock_seconds, profile.clock_countdown_seconds
    return {"seconds": seconds, "countdown": countdown, "total": seconds + countdown}


def _book(profile: Profile, field: str) -> str:
    """Return the citation key of the book whose article sets ``field`` (``""`` for a house
    rule)."""
    key = profile.source(field).article.split(" ")[0].split("/")[0]
    return key if key in ("TDA", "LFP", "BAN", "GM", "GEN") else ""
