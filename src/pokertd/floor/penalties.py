"""Penalties: the next step of the ladder, how long a sit-out lasts, how it is served.

The rulings that explain a penalty, per profile: what a player's K-th fault earns (PEN-LADDER),
how many hands a suspension of R rounds is (PEN-MISSED-HANDS: players at the table, the offender
included, times R), how a penalised player's hands are dealt and killed (PEN-SERVING), when the
penalty for exposed cards starts (PEN-TIMING) and what disqualification does to the chips
(PEN-DQ). The books' numbers (scales, longest suspensions, the hands a round lasts) are the one
penalty model of ``rules/penalties.py``, which the tournament records and the web console shows.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pokertd.errors import ParseError
from pokertd.floor.rulings import Phrase, Ruling, Step, StepKind, phrase
from pokertd.messages import message
from pokertd.rules import ExposedOwnCards, Profile
from pokertd.rules.penalties import LADDER_ARTICLES as _LADDER_ARTICLES
from pokertd.rules.penalties import (
    MANDATORY,
    MAX_ROUNDS,
    Offence,
    PenaltyKind,
    book_of,
    check_rounds,
    check_table,
    penalty_fact,
    sit_out_hands,
)

__all__ = [
    "MANDATORY",
    "Offence",
    "Penalty",
    "disqualify",
    "exposed_cards",
    "missed_hands",
    "next_penalty",
    "serve_penalty",
    "sit_out_hands",
]


class Penalty(StrEnum):
    """A step of the ladder."""

    NONE = "none"  # no sanction yet (BAN: never after the very first fault)
    WARNING = "warning"
    ROUNDS = "rounds"  # sit out one or more rounds
    DISQUALIFICATION = "disqualification"


def next_penalty(
    profile: Profile,
    *,
    faults: int,
    offence: Offence = Offence.OTHER,
    players_at_table: int | None = None,
    rounds: int | None = None,
) -> Ruling:
    """Rule on the penalty for a player's ``faults``-th fault (this one included) (PEN-LADDER).

    The ladder is a warning, a suspension of rounds, then disqualification; BAN gives no warning
    for a very first fault, LFP's warning comes with a one-hand suspension, and the TD chooses the
    level in every book. With ``players_at_table`` and ``rounds`` a suspension is counted in hands.

    Raises ParseError for fewer than one fault or an impossible table, IllegalActionError for a
    suspension longer than the book allows.

    >>> from pokertd import rules
    >>> ruling = next_penalty(rules.load("bannalec"), faults=1)
    >>> ruling.details["penalty"], ruling.articles
    ('none', ('BAN/SANCTIONS',))
    >>> next_penalty(rules.load("lfp"), faults=2, players_at_table=7, rounds=2).details["hands"]
    14
    """
    if faults < 1:
        raise ParseError(
            message(
                "a penalty follows at least one fault, not {faults!r} (PEN-LADDER)", faults=faults
            )
        )
    if players_at_table is not None:
        check_table(players_at_table)
    book = book_of(profile)
    step = _step(profile, book, faults, offence)
    # TDA 69: collusion disqualifies at once; GM 33°: soft play costs chips or disqualification.
    is_collusion_dq = book == "TDA" and offence is Offence.COLLUSION
    is_soft_play_dq = book == "GM" and offence in (Offence.SOFT_PLAY, Offence.COLLUSION)
    if is_collusion_dq or is_soft_play_dq:
        step = Penalty.DISQUALIFICATION
    hands = _hands(profile, step, players_at_table, rounds)
    details: dict[str, Any] = {
        "faults": faults,
        "offence": offence.value,
        "penalty": step.value,
        "mandatory": offence in MANDATORY,
    }
    if step is Penalty.ROUNDS:
        details["max_rounds"] = MAX_ROUNDS.get(book)
        if rounds is not None:
            details["rounds"] = rounds
    if hands is not None:
        details["hands"] = hands
    outcome, values, notes = _ladder(book, step, faults, hands, rounds)
    if is_collusion_dq:
        outcome, notes = "collusion-dq", ()
    elif is_soft_play_dq:
        outcome, notes = "soft-play-dq", ()
    if offence in MANDATORY:
        notes = (*notes, phrase("must-be-penalised"))
    # Every book leaves the level to the TD, except BAN's bar on a first-fault sanction and
    # TDA 69's disqualification for collusion.
    td = step is not Penalty.NONE and not is_collusion_dq
    articles = _ladder_articles(book, offence, step, has_hands=hands is not None)
    return Ruling(
        "PEN-LADDER", articles, outcome, values, td_decides=td, details=details, notes=notes
    )


def _step(profile: Profile, book: str, faults: int, offence: Offence) -> Penalty:
    """Return the step of the ladder a ``faults``-th fault reaches (PEN-LADDER)."""
    ladder = [Penalty.WARNING, Penalty.ROUNDS, Penalty.DISQUALIFICATION]
    # PEN-LADDER: BAN/SANCTIONS gives no warning after the very first fault.
    if not profile.first_fault_warning:
        ladder.insert(0, Penalty.NONE)
    # LFP 12.7 punishes soft play and chip passing "without warning".
    if book == "LFP" and offence in (Offence.SOFT_PLAY, Offence.COLLUSION):
        ladder.remove(Penalty.WARNING)
    return ladder[min(faults, len(ladder)) - 1]


def _hands(
    profile: Profile, step: Penalty, players_at_table: int | None, rounds: int | None
) -> int | None:
    """Return the hands the penalty lasts, when it is counted in hands (PEN-MISSED-HANDS), as
    the penalty model sets it (``rules.penalties.penalty_fact``)."""
    if step is Penalty.WARNING:
        return penalty_fact(profile, PenaltyKind.WARNING).hands or None  # LFP 13.1: one hand
    if step is not Penalty.ROUNDS or rounds is None:
        return None
    check_rounds(book_of(profile), rounds)
    if players_at_table is None:
        raise ParseError(message("give the players at the table to count the rounds in hands"))
    # On the ladder a suspension follows a warning (which BAN/SANCTIONS requires).
    fact = penalty_fact(
        profile, PenaltyKind.ROUNDS, count=rounds, players_at_table=players_at_table,
        previous=(PenaltyKind.WARNING,),
    )  # fmt: skip
    return fact.hands


def _ladder_articles(
    book: str, offence: Offence, step: Penalty, *, has_hands: bool
) -> tuple[str, ...]:
    articles = _LADDER_ARTICLES[book]
    if book == "TDA" and offence is Offence.COLLUSION:
        articles += ("TDA 69",)
    elif book in ("LFP", "GM") and offence in (Offence.SOFT_PLAY, Offence.COLLUSION):
        articles += ("LFP 12.7",) if book == "LFP" else ("GM 33°",)
    if has_hands and step is Penalty.ROUNDS and book in ("LFP", "GM"):
        articles += ("TDA 71A",)  # the formula the book does not state
    return articles


def missed_hands(
    profile: Profile,
    *,
    players_at_table: int,
    rounds: int | None = None,
    hands: int | None = None,
) -> Ruling:
    """Rule on how many hands a suspension lasts (PEN-MISSED-HANDS).

    Give ``rounds`` (players at the table, the offender included, times rounds: TDA 71A,
    BAN/SANCTIONS; LFP and GM state rounds without a formula and pokertd applies the TDA's) or
    ``hands`` (a penalty of one or more hands lasts that many hands).

    Raises ParseError unless exactly one of ``rounds`` and ``hands`` is given and positive,
    IllegalActionError for more rounds than the book allows.

    >>> from pokertd import rules
    >>> missed_hands(rules.load("tda-2017"), players_at_table=7, rounds=2).details["hands"]
    14
    """
    check_table(players_at_table)
    if (rounds is None) == (hands is None):
        raise ParseError(
            message("give a number of rounds or of hands, not both (PEN-MISSED-HANDS)")
        )
    book = book_of(profile)
    if hands is not None:
        if hands < 1:
            raise ParseError(
                message("a suspension lasts at least one hand, not {hands!r}", hands=hands)
            )
        articles = ("TDA 71A",) if book in ("TDA", "LFP") else _LADDER_ARTICLES[book]
        details = {"players_at_table": players_at_table, "hands": hands}
        return Ruling(
            "PEN-MISSED-HANDS", articles, "hands-not-multiplied",
            {"hands": _count(hands, "hands")}, details=details,
        )  # fmt: skip
    assert rounds is not None
    check_rounds(book, rounds)
    total = sit_out_hands(players_at_table, rounds)
    values: dict[str, Any] = {
        "length": _count(rounds, "rounds"),
        "players": players_at_table,
        "rounds": rounds,
        "total": total,
    }
    notes: tuple[Phrase, ...] = ()
    if book in ("LFP", "GM"):
        notes = (phrase("formula-of-tda", book=book),)
        articles = (*_LADDER_ARTICLES[book], "TDA 71A")
    else:
        articles = _LADDER_ARTICLES[book][:1]
    details = {"players_at_table": players_at_table, "rounds": rounds, "hands": total}
    return Ruling(
        "PEN-MISSED-HANDS", articles, "rounds-times-players", values, details=details, notes=notes
    )


def serve_penalty(profile: Profile) -> Ruling:
    """Rule on how a suspension is served (PEN-SERVING).

    The player stays away; he is dealt in, his blinds and antes are posted, and his hand is killed
    unseen at the end of the deal; a misdeal and its redeal count as one hand (TDA 35C).

    >>> from pokertd import rules
    >>> [(step.kind.value, step.note) for step in serve_penalty(rules.load("lfp")).steps]
    [('kill-hand', Phrase(key='killed-unseen', values={}))]
    """
    book = book_of(profile)
    away = {"TDA": "away-tda", "LFP": "away-lfp", "BAN": "away-lfp", "GM": "away-gm"}[book]
    articles = {
        "TDA": ("TDA 71C", "TDA 35C"),
        "LFP": ("LFP 13.1", "TDA 35C"),
        "BAN": ("BAN/SANCTIONS", "TDA 35C"),
        "GM": ("GM 7°", "TDA 35C"),
    }[book]
    step = Step(StepKind.KILL_HAND, note=phrase("killed-unseen"))
    details = {"misdeal_and_redeal_count_as": 1}
    values = {"away": phrase(away)}
    return Ruling("PEN-SERVING", articles, "served-away", values, steps=(step,), details=details)


def exposed_cards(profile: Profile, *, is_final_heads_up: bool = False) -> Ruling:
    """Rule on a player who shows his cards while the hand is still being bet (PEN-TIMING).

    TDA 68: the hand stays live and a penalty may start with the next hand; LFP 4.1 and GM 31°:
    live, penalty after the hand (GM excepts the final heads-up: the TD decides); BAN/CARTES: the
    hand is dead.

    >>> from pokertd import rules
    >>> exposed_cards(rules.load("tda-2017")).details
    {'is_live': True, 'penalty_starts': 'next-hand'}
    """
    choice = profile.exposed_own_cards
    articles = _field_articles(profile, "exposed_own_cards")
    # PEN-TIMING, SHOW-EXPOSED-DURING-HAND
    if choice is ExposedOwnCards.DEAD:
        step = Step(StepKind.KILL_HAND, note=phrase("cards-shown"))
        details: dict[str, Any] = {"is_live": False, "penalty_starts": None}
        return Ruling("PEN-TIMING", articles, "shown-hand-dead", steps=(step,), details=details)
    if choice is ExposedOwnCards.LIVE_PENALTY_NEXT_HAND:
        details = {"is_live": True, "penalty_starts": "next-hand"}
        return Ruling("PEN-TIMING", articles, "penalty-next-hand", details=details)
    details = {"is_live": True, "penalty_starts": "after-hand"}
    if is_final_heads_up and book_of(profile, "exposed_own_cards") == "GM":
        # GM 31° excepts the final heads-up: no penalty, or an immediate one? The TD decides.
        details["penalty_starts"] = None
        return Ruling(
            "PEN-TIMING", articles, "penalty-after-hand", td_decides=True, details=details,
            notes=(phrase("gm-final-heads-up"),),
        )  # fmt: skip
    return Ruling("PEN-TIMING", articles, "penalty-after-hand", details=details)


def disqualify(profile: Profile) -> Ruling:
    """Rule on what a disqualification does (PEN-DQ): the player's chips leave play.

    >>> from pokertd import rules
    >>> disqualify(rules.load("bannalec")).details
    {'chips': 'removed', 'suspended_next_event': True}
    """
    book = book_of(profile)
    details: dict[str, Any] = {"chips": "removed"}
    notes: tuple[Phrase, ...] = ()
    if book == "BAN":
        notes = (phrase("suspended-next-event"),)
        details["suspended_next_event"] = True
    articles = {
        "TDA": ("TDA 71D",),
        "LFP": ("LFP 13.1",),
        "BAN": ("BAN/SANCTIONS",),
        "GM": ("GM 7°",),
    }[book]
    return Ruling("PEN-DQ", articles, "chips-removed", details=details, notes=notes)


# -- internals -------------------------------------------------------------------------------------


def _ladder(
    book: str, step: Penalty, faults: int, hands: int | None, rounds: int | None
) -> tuple[str, dict[str, Any], tuple[Phrase, ...]]:
    """Return the outcome of the ladder's ``step`` for a player's ``faults``-th fault, its values
    and notes (PEN-LADDER)."""
    values: dict[str, Any] = {"nth": faults}
    if step is Penalty.NONE:
        return "no-sanction-yet", values, ()
    if step is Penalty.WARNING:
        if hands == 1:
            return "warning-one-hand", values, ()
        return ("warning-first-possible" if book == "BAN" else "warning"), values, ()
    if step is Penalty.ROUNDS:
        values["span"] = phrase({"TDA": "span-tda", "GM": "span-gm"}.get(book, "span-rounds"))
        notes: tuple[Phrase, ...] = ()
        if hands is not None and rounds is not None:
            notes = (phrase("rounds-here", rounds=_count(rounds, "rounds"), hands=hands),)
        return ("suspension-by-board" if book == "BAN" else "suspension"), values, notes
    return "disqualification", values, ()


def _field_articles(profile: Profile, field: str) -> tuple[str, ...]:
    return (profile.source(field).article,)


def _count(number: int, noun: str) -> Phrase:
    """Return ``number`` of ``noun`` (``hands``, ``rounds``): "1 round", "2 rounds" (the numbers
    here are never below 1, where English and French agree on the plural)."""
    return phrase(f"{noun}-one" if number == 1 else f"{noun}-many", n=number)
