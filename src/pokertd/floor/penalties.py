"""Penalties: the next step of the ladder, how long a sit-out lasts, how it is served.

The rule itself, per profile: what a player's K-th fault earns (PEN-LADDER), how many hands a
suspension of R rounds is (PEN-MISSED-HANDS: players at the table, the offender included, times R),
how a penalised player's hands are dealt and killed (PEN-SERVING), when the penalty for exposed
cards starts (PEN-TIMING) and what disqualification does to the chips (PEN-DQ). The tournament
records the penalty (``tournament/entries.py``); these functions say what the book says.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pokertd.errors import IllegalActionError, ParseError
from pokertd.floor.rulings import Ruling, Step, StepKind
from pokertd.rules import ExposedOwnCards, Profile


class Offence(StrEnum):
    """What the player did, sorted as TDA 71B sorts offences (penalty optional or mandatory)."""

    EXPOSED_CARDS = "exposed-cards"  # exposing cards with action pending (optional)
    CARDS_OFF_TABLE = "cards-off-table"  # throwing cards off the table (optional)
    ONE_PLAYER_TO_A_HAND = "one-player-to-a-hand"  # (optional)
    ETIQUETTE = "etiquette"  # TDA 70: stalling, acting out of turn, noise... (optional)
    SOFT_PLAY = "soft-play"  # soft play, team play (mandatory)
    COLLUSION = "collusion"  # collusion, chip dumping (mandatory)
    ABUSE = "abuse"  # abuse, disruptive behaviour (mandatory)
    CHEATING = "cheating"  # (mandatory)
    OTHER = "other"  # any other fault (optional)


class Penalty(StrEnum):
    """A step of the ladder."""

    NONE = "none"  # no sanction yet (BAN: never after the very first fault)
    WARNING = "warning"
    ROUNDS = "rounds"  # sit out one or more rounds
    DISQUALIFICATION = "disqualification"


#: TDA 71B: offences for which a penalty must be given; for the others it may be.
MANDATORY = frozenset({Offence.SOFT_PLAY, Offence.COLLUSION, Offence.ABUSE, Offence.CHEATING})

#: The longest suspension in rounds, where a book sets one (LFP 13.1, BAN/SANCTIONS, GM 7°).
_MAX_ROUNDS = {"LFP": 4, "BAN": 4, "GM": 4}

_LADDER_ARTICLES = {
    "TDA": ("TDA 71A", "TDA 71B"),
    "LFP": ("LFP 13.1",),
    "BAN": ("BAN/SANCTIONS",),
    "GM": ("GM 7°",),
}
_PENALTY_FR = {
    Penalty.NONE: "aucune sanction",
    Penalty.WARNING: "un avertissement",
    Penalty.ROUNDS: "une exclusion temporaire",
    Penalty.DISQUALIFICATION: "la disqualification",
}


def sit_out_hands(players_at_table: int, rounds: int) -> int:
    """Return the hands a suspension of ``rounds`` rounds lasts: players at the table, the
    offender included, times rounds (PEN-MISSED-HANDS: TDA 71A, BAN/SANCTIONS).

    Raises ParseError for fewer than two players or fewer than one round.

    >>> sit_out_hands(7, 2)
    14
    """
    _check_table(players_at_table)
    if rounds < 1:
        raise ParseError(
            f"a suspension lasts at least one round, not {rounds!r} (PEN-MISSED-HANDS)"
        )
    return players_at_table * rounds


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
        raise ParseError(f"a penalty follows at least one fault, not {faults!r} (PEN-LADDER)")
    if players_at_table is not None:
        _check_table(players_at_table)
    book = _book(profile)
    ladder = [Penalty.WARNING, Penalty.ROUNDS, Penalty.DISQUALIFICATION]
    # PEN-LADDER: BAN/SANCTIONS gives no warning after the very first fault.
    if not profile.first_fault_warning:
        ladder.insert(0, Penalty.NONE)
    # LFP 12.7 punishes soft play and chip passing "without warning".
    if book == "LFP" and offence in (Offence.SOFT_PLAY, Offence.COLLUSION):
        ladder.remove(Penalty.WARNING)
    step = ladder[min(faults, len(ladder)) - 1]
    # TDA 69: collusion disqualifies at once; GM 33°: soft play costs chips or disqualification.
    is_collusion_dq = book == "TDA" and offence is Offence.COLLUSION
    is_soft_play_dq = book == "GM" and offence in (Offence.SOFT_PLAY, Offence.COLLUSION)
    if is_collusion_dq or is_soft_play_dq:
        step = Penalty.DISQUALIFICATION
    is_mandatory = offence in MANDATORY
    hands: int | None = None
    if step is Penalty.WARNING and book == "LFP":
        hands = 1  # LFP 13.1: "avertissement avec suspension d'une main"
    elif step is Penalty.ROUNDS and rounds is not None:
        _check_rounds(book, rounds)
        if players_at_table is None:
            raise ParseError("give the players at the table to count the rounds in hands")
        hands = sit_out_hands(players_at_table, rounds)
    details: dict[str, Any] = {
        "faults": faults,
        "offence": offence.value,
        "penalty": step.value,
        "mandatory": is_mandatory,
    }
    if step is Penalty.ROUNDS:
        details["max_rounds"] = _MAX_ROUNDS.get(book)
        if rounds is not None:
            details["rounds"] = rounds
    if hands is not None:
        details["hands"] = hands
    en, fr = _ladder_text(book, step, faults, hands, rounds)
    if is_collusion_dq:
        en = (
            "Collusion, chip dumping included, brings the immediate disqualification of every "
            "player involved, whatever came before; their chips are removed."
        )
        fr = (
            "La collusion, transfert de jetons compris, entraîne la disqualification immédiate "
            "de tous les joueurs concernés, quels que soient les antécédents ; leurs jetons sont "
            "retirés."
        )
    elif is_soft_play_dq:
        en = (
            "Soft play is punished by the removal of chips or by disqualification, whatever came "
            "before; the TD chooses."
        )
        fr = (
            "Le « soft play » est sanctionné par un retrait de jetons ou par la disqualification, "
            "quels que soient les antécédents ; le directeur choisit."
        )
    if is_mandatory:
        en += " This offence must be penalised: the TD may not let it pass."
        fr += " Cette faute doit être sanctionnée : le directeur ne peut pas la laisser passer."
    articles = _LADDER_ARTICLES[book]
    if book == "TDA" and offence is Offence.COLLUSION:
        articles += ("TDA 69",)
    elif book in ("LFP", "GM") and offence in (Offence.SOFT_PLAY, Offence.COLLUSION):
        articles += ("LFP 12.7",) if book == "LFP" else ("GM 33°",)
    if hands is not None and step is Penalty.ROUNDS and book in ("LFP", "GM"):
        articles += ("TDA 71A",)  # the formula the book does not state
    # Every book leaves the level to the TD, except BAN's bar on a first-fault sanction and
    # TDA 69's disqualification for collusion.
    td = step is not Penalty.NONE and not is_collusion_dq
    return Ruling("PEN-LADDER", articles, en, fr, td_decides=td, details=details)


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
    _check_table(players_at_table)
    if (rounds is None) == (hands is None):
        raise ParseError("give a number of rounds or of hands, not both (PEN-MISSED-HANDS)")
    book = _book(profile)
    if hands is not None:
        if hands < 1:
            raise ParseError(f"a suspension lasts at least one hand, not {hands!r}")
        en = (
            f"A penalty of {_plural(hands, 'hand')} lasts {_plural(hands, 'hand')}, however many "
            "players are at the table: only penalties in rounds are multiplied."
        )
        fr = (
            f"Une pénalité de {_pluriel(hands, 'main')} dure {_pluriel(hands, 'main')}, quel que "
            "soit le nombre de joueurs à la table : seules les pénalités en tours sont multipliées."
        )
        articles = ("TDA 71A",) if book in ("TDA", "LFP") else _LADDER_ARTICLES[book]
        details = {"players_at_table": players_at_table, "hands": hands}
        return Ruling("PEN-MISSED-HANDS", articles, en, fr, details=details)
    assert rounds is not None
    _check_rounds(book, rounds)
    total = sit_out_hands(players_at_table, rounds)
    en = (
        f"A suspension of {_plural(rounds, 'round')} at a table of {players_at_table} players, "
        f"the offender included, lasts {players_at_table} × {rounds} = {total} hands."
    )
    fr = (
        f"Une exclusion de {_pluriel(rounds, 'tour')} de table à une table de "
        f"{players_at_table} joueurs, le joueur exclu compris, dure {players_at_table} × "
        f"{rounds} = {total} mains."
    )
    if book in ("LFP", "GM"):
        en += f" {book} states rounds without a formula; pokertd applies TDA 71A's."
        fr += f" {book} compte en tours sans donner de formule ; pokertd applique celle du TDA 71A."
        articles = (*_LADDER_ARTICLES[book], "TDA 71A")
    else:
        articles = _LADDER_ARTICLES[book][:1]
    details = {"players_at_table": players_at_table, "rounds": rounds, "hands": total}
    return Ruling("PEN-MISSED-HANDS", articles, en, fr, details=details)


def serve_penalty(profile: Profile) -> Ruling:
    """Rule on how a suspension is served (PEN-SERVING).

    The player stays away; he is dealt in, his blinds and antes are posted, and his hand is killed
    unseen at the end of the deal; a misdeal and its redeal count as one hand (TDA 35C).

    >>> from pokertd import rules
    >>> [str(step) for step in serve_penalty(rules.load("lfp")).steps]
    ['kill-hand (at the end of the deal, unseen; blinds and antes posted)']
    """
    book = _book(profile)
    away_en, away_fr = {
        "TDA": ("must stay away from the table", "doit rester à distance de la table"),
        "LFP": ("must move away from the table", "doit s'éloigner de la table"),
        "BAN": ("must move away from the table", "doit s'éloigner de la table"),
        "GM": (
            "must leave the tournament area and needs the TD's permission to come back",
            "doit quitter la zone du tournoi et ne revient qu'avec l'accord du directeur",
        ),
    }[book]
    en = (
        f"A suspended player {away_en}. He is still dealt in and his blinds and antes are posted, "
        "so he can be blinded out; his hand is killed at the end of the deal and nobody sees it. "
        "A misdeal and its redeal count as one hand of the penalty, not two."
    )
    fr = (
        f"Le joueur exclu {away_fr}. Il reçoit toujours des cartes et ses blinds et antes sont "
        "prélevées, il peut donc être éliminé ainsi ; sa main est tuée à la fin de la donne sans "
        "que personne ne la voie. Une fausse donne et la donne qui la remplace comptent pour une "
        "seule main de pénalité, pas deux."
    )
    articles = {
        "TDA": ("TDA 71C", "TDA 35C"),
        "LFP": ("LFP 13.1", "TDA 35C"),
        "BAN": ("BAN/SANCTIONS", "TDA 35C"),
        "GM": ("GM 7°", "TDA 35C"),
    }[book]
    step = Step(StepKind.KILL_HAND, note="at the end of the deal, unseen; blinds and antes posted")
    details = {"misdeal_and_redeal_count_as": 1}
    return Ruling("PEN-SERVING", articles, en, fr, steps=(step,), details=details)


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
        en = (
            "Showing one's cards while the hand is being played makes the hand dead: the dealer "
            "takes it. A further penalty is up to the TD."
        )
        fr = (
            "Montrer ses cartes pendant le coup rend la main morte : le donneur la ramasse. Une "
            "sanction supplémentaire est laissée au directeur."
        )
        step = Step(StepKind.KILL_HAND, note="cards shown during the hand")
        details: dict[str, Any] = {"is_live": False, "penalty_starts": None}
        return Ruling("PEN-TIMING", articles, en, fr, steps=(step,), details=details)
    if choice is ExposedOwnCards.LIVE_PENALTY_NEXT_HAND:
        en = (
            "The hand stays live and is played out. A penalty may be given (it is optional for "
            "exposed cards); it is applied from the start of the next hand."
        )
        fr = (
            "La main reste vivante et se joue jusqu'au bout. Une sanction peut être prononcée "
            "(elle est facultative pour des cartes exposées) ; elle s'applique dès le début du "
            "coup suivant."
        )
        details = {"is_live": True, "penalty_starts": "next-hand"}
        return Ruling("PEN-TIMING", articles, en, fr, details=details)
    en = (
        "Revealing one's hand while players may still bet is forbidden, but the hand stays live; "
        "the penalty is given after the hand."
    )
    fr = (
        "Il est interdit de dévoiler son jeu tant que des joueurs peuvent encore miser, mais la "
        "main reste vivante ; la sanction est prononcée après le coup."
    )
    details = {"is_live": True, "penalty_starts": "after-hand"}
    if is_final_heads_up and _book(profile, "exposed_own_cards") == "GM":
        # GM 31° excepts the final heads-up: no penalty, or an immediate one? The TD decides.
        en += (
            " GM 31° makes an exception in the final heads-up (or when the whole prize goes to "
            "one player) without saying whether the penalty is dropped or given at once: the TD "
            "decides."
        )
        fr += (
            " Le GM 31° fait exception en tête-à-tête final (ou quand tout le prix revient à un "
            "seul joueur) sans dire si la sanction disparaît ou s'applique tout de suite : le "
            "directeur décide."
        )
        details["penalty_starts"] = None
        return Ruling("PEN-TIMING", articles, en, fr, td_decides=True, details=details)
    return Ruling("PEN-TIMING", articles, en, fr, details=details)


def disqualify(profile: Profile) -> Ruling:
    """Rule on what a disqualification does (PEN-DQ): the player's chips leave play.

    >>> from pokertd import rules
    >>> disqualify(rules.load("bannalec")).details
    {'chips': 'removed', 'suspended_next_event': True}
    """
    book = _book(profile)
    en = "A disqualified player's chips are removed from the tournament; he takes no further part."
    fr = "Les jetons d'un joueur disqualifié sont retirés du tournoi ; il ne joue plus."
    details: dict[str, Any] = {"chips": "removed"}
    if book == "BAN":
        en += " He is unregistered and suspended for the club's next tournament."
        fr += " Il est désinscrit et suspendu pour le tournoi suivant du club."
        details["suspended_next_event"] = True
    articles = {
        "TDA": ("TDA 71D",),
        "LFP": ("LFP 13.1",),
        "BAN": ("BAN/SANCTIONS",),
        "GM": ("GM 7°",),
    }[book]
    return Ruling("PEN-DQ", articles, en, fr, details=details)


# -- internals -------------------------------------------------------------------------------------


def _ladder_text(
    book: str, step: Penalty, faults: int, hands: int | None, rounds: int | None
) -> tuple[str, str]:
    nth_en = _ordinal_en(faults)
    nth_fr = "première" if faults == 1 else f"{faults}e"
    if step is Penalty.NONE:
        return (
            f"No sanction for a {nth_en} fault: a warning can be given only after at least two or "
            "three faults. Then come temporary exclusion (1 to 4 rounds) and disqualification.",
            f"Pas de sanction pour une {nth_fr} faute : l'avertissement ne peut être donné "
            "qu'après au moins deux ou trois fautes. Viennent ensuite l'exclusion temporaire "
            "(1 à 4 tours) et la disqualification.",
        )
    if step is Penalty.WARNING:
        if hands == 1:
            return (
                f"For a {nth_en} fault the ladder starts with a warning together with a one-hand "
                "suspension; a serious fault may go straight to suspension or disqualification.",
                f"Pour une {nth_fr} faute, la hiérarchie commence par un avertissement avec "
                "suspension d'une main ; une faute grave peut mener directement à la suspension "
                "ou à la disqualification.",
            )
        first_en = " (the first possible one)" if book == "BAN" else ""
        first_fr = " (le premier possible)" if book == "BAN" else ""
        return (
            f"For a {nth_en} fault: a warning{first_en}. Repeated faults bring a suspension of "
            "one or more rounds, then disqualification; the TD may go further for a serious "
            "fault.",
            f"Pour une {nth_fr} faute : un avertissement{first_fr}. Les récidives entraînent une "
            "exclusion d'un ou plusieurs tours, puis la disqualification ; le directeur peut "
            "aller plus loin pour une faute grave.",
        )
    if step is Penalty.ROUNDS:
        span_en, span_fr = {
            "TDA": ("one or more hands or rounds", "d'une ou plusieurs mains ou tours"),
            "GM": ("one hand to four rounds", "d'une main à quatre tours"),
        }.get(book, ("1 to 4 rounds", "de 1 à 4 tours"))
        en = f"For a {nth_en} fault: a suspension of {span_en}, the TD setting the length."
        fr = f"Pour une {nth_fr} faute : une exclusion {span_fr}, le directeur en fixe la durée."
        if book == "BAN":
            en = en.replace("the TD setting", "the club's board setting")
            fr = fr.replace("le directeur en fixe", "le bureau du club en fixe")
        if hands is not None and rounds is not None:
            en += f" {_plural(rounds, 'round')} here: {hands} hands."
            fr += f" Ici {_pluriel(rounds, 'tour')} : {hands} mains."
        return en, fr
    return (
        f"For a {nth_en} fault the ladder reaches disqualification: the player's chips are "
        "removed. The TD judges whether the faults are deliberate and may choose a lesser "
        "penalty.",
        f"Pour une {nth_fr} faute, la hiérarchie atteint la disqualification : les jetons du "
        "joueur sont retirés. Le directeur juge du caractère volontaire des fautes et peut "
        "choisir une sanction moindre.",
    )


def _check_table(players_at_table: int) -> None:
    if players_at_table < 2:
        raise ParseError(
            f"a table has at least two players, not {players_at_table!r} (PEN-MISSED-HANDS)"
        )


def _check_rounds(book: str, rounds: int) -> None:
    if rounds < 1:
        raise ParseError(f"a suspension lasts at least one round, not {rounds!r} (PEN-LADDER)")
    limit = _MAX_ROUNDS.get(book)
    if limit is not None and rounds > limit:
        raise IllegalActionError(
            f"a suspension of {rounds} rounds is longer than {book}'s {limit} (PEN-LADDER)",
            rule="PEN-LADDER",
            action=f"suspend for {rounds} rounds",
        )


def _book(profile: Profile, field: str = "first_fault_warning") -> str:
    """Return the citation key of the book whose rule applies: the profile's own book, else (a
    house profile) the book whose article sets ``field``; TDA for GEN, which has no penalty rules,
    and for a house rule.
    """
    key = profile.book or profile.source(field).article.split(" ")[0].split("/")[0]
    return key if key in _LADDER_ARTICLES else "TDA"


def _field_articles(profile: Profile, field: str) -> tuple[str, ...]:
    return (profile.source(field).article,)


def _ordinal_en(number: int) -> str:
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10 if number % 100 not in (11, 12, 13) else 0)
    return "first" if number == 1 else f"{number}{suffix or 'th'}"


def _plural(number: int, word: str) -> str:
    return f"{number} {word}{'s' if number != 1 else ''}"


def _pluriel(number: int, word: str) -> str:
    return f"{number} {word}{'s' if number > 1 else ''}"
