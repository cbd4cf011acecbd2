"""One penalty model: what a penalty is under a profile's book (PEN-LADDER, PEN-MISSED-HANDS,
PEN-DQ, PEN-SOFTPLAY).

``penalty_fact`` turns what the director asks for (a warning, hands, rounds, disqualification)
into a ``PenaltyFact``: the rule and articles that set it, the hands the player sits out and what
happens to his chips, or refuses it with the rule that forbids it. The floor's rulings explain it
(``floor/penalties.py``), the tournament records it (``PenaltyGiven``, ``PlayerDisqualified``),
the web console and the CLI show it: they all read this module, so the books are applied once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from pokertd.errors import IllegalActionError, ParseError
from pokertd.messages import message
from pokertd.rules.profile import Profile


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


class PenaltyKind(StrEnum):
    """What the director gives (TDA 71A's list; the other books use a part of it)."""

    WARNING = "warning"
    HANDS = "hands"  # sit out one or more hands
    ROUNDS = "rounds"  # sit out one or more rounds
    DISQUALIFICATION = "disqualification"


#: TDA 71B: offences for which a penalty must be given; for the others it may be.
MANDATORY = frozenset({Offence.SOFT_PLAY, Offence.COLLUSION, Offence.ABUSE, Offence.CHEATING})

#: PEN-LADDER: the longest suspension in rounds, where a book sets one ("1, 2, 3 ou 4 tours de
#: table": LFP 13.1, BAN/SANCTIONS; "d'une main à quatre tours": GM 7°).
MAX_ROUNDS = {"LFP": 4, "BAN": 4, "GM": 4}

#: PEN-LADDER: the articles of each book's scale (GEN has none: TDA's applies).
LADDER_ARTICLES = {
    "TDA": ("TDA 71A", "TDA 71B"),
    "LFP": ("LFP 13.1",),
    "BAN": ("BAN/SANCTIONS",),
    "GM": ("GM 7°",),
}

#: PEN-DQ: the article that removes a disqualified player's chips.
_DQ_ARTICLES = {
    "TDA": ("TDA 71D",),
    "LFP": ("LFP 13.1",),
    "BAN": ("BAN/SANCTIONS",),
    "GM": ("GM 7°",),
}

#: PEN-LADDER: the kinds each book's scale has. LFP 13.1's warning comes with a one-hand
#: suspension and its suspensions are in rounds; BAN/SANCTIONS has a warning, an exclusion of
#: rounds and disqualification; TDA 71A and GM 7° ("d'une main à quatre tours") also count hands.
_KINDS = {
    "TDA": frozenset(PenaltyKind),
    "GM": frozenset(PenaltyKind),
    "LFP": frozenset({PenaltyKind.WARNING, PenaltyKind.ROUNDS, PenaltyKind.DISQUALIFICATION}),
    "BAN": frozenset({PenaltyKind.WARNING, PenaltyKind.ROUNDS, PenaltyKind.DISQUALIFICATION}),
}


@dataclass(frozen=True, slots=True)
class PenaltyFact:
    """A penalty as the book sets it, ready to be recorded.

    ``hands`` are the hands the player sits out (LFP's warning: one); ``rounds`` the rounds asked
    for; ``chips_removed``: disqualification (PEN-DQ); ``suspended_next_event``: BAN/SANCTIONS
    also bars a disqualified player from the next tournament; ``leaves_area``: GM 7°, a penalised
    player leaves the tournament area and returns with the director's permission; ``suggested``:
    the next step of the book's ladder after the player's earlier penalties (PEN-LADDER).
    """

    rule: str
    articles: tuple[str, ...]
    kind: PenaltyKind
    book: str
    hands: int = 0
    rounds: int = 0
    chips_removed: bool = False
    suspended_next_event: bool = False
    leaves_area: bool = False
    suggested: PenaltyKind = PenaltyKind.WARNING


def book_of(profile: Profile, field: str = "first_fault_warning") -> str:
    """Return the citation key of the book whose penalty rules apply: the profile's own book,
    else (a house profile) the book whose article sets ``field``; TDA for GEN, which has no
    penalty rules, and for a house rule."""
    key = profile.book or profile.source(field).article.split(" ")[0].split("/")[0]
    return key if key in LADDER_ARTICLES else "TDA"


def sit_out_hands(players_at_table: int, rounds: int) -> int:
    """Return the hands a suspension of ``rounds`` rounds lasts: players at the table, the
    offender included, times rounds (PEN-MISSED-HANDS: TDA 71A, BAN/SANCTIONS).

    Raises ParseError for fewer than two players or fewer than one round.

    >>> sit_out_hands(7, 2)
    14
    """
    check_table(players_at_table)
    if rounds < 1:
        raise ParseError(
            message(
                "a suspension lasts at least one round, not {rounds!r} (PEN-MISSED-HANDS)",
                rounds=rounds,
            )
        )
    return players_at_table * rounds


def penalty_fact(
    profile: Profile,
    kind: PenaltyKind,
    *,
    count: int = 0,
    players_at_table: int | None = None,
    previous: Sequence[PenaltyKind] = (),
    offence: Offence = Offence.OTHER,
) -> PenaltyFact:
    """Return the penalty ``kind`` (``count`` hands or rounds) under ``profile``'s book, for a
    player whose earlier penalties in the event are ``previous``.

    Raises ParseError for a length below one or a missing table size, IllegalActionError (with
    the rule) for a penalty the book does not have or forbids here.

    >>> from pokertd import rules
    >>> fact = penalty_fact(rules.load("lfp"), PenaltyKind.ROUNDS, count=2, players_at_table=7)
    >>> fact.hands, fact.articles
    (14, ('LFP 13.1', 'TDA 71A'))
    >>> penalty_fact(rules.load("lfp"), PenaltyKind.WARNING).hands
    1
    """
    book = book_of(profile)
    _check_offence(book, kind, offence)
    suggested = next_step(profile, previous, offence)
    if kind is PenaltyKind.DISQUALIFICATION:
        # PEN-DQ: TDA 71D, LFP 13.1, BAN/SANCTIONS, GM 7°: the chips leave play; BAN also
        # unregisters the player and suspends him for the next tournament.
        return PenaltyFact(
            "PEN-DQ", _DQ_ARTICLES[book], kind, book, chips_removed=True,
            suspended_next_event=book == "BAN", leaves_area=True, suggested=suggested,
        )  # fmt: skip
    _check_kind(book, kind, count)
    leaves = book == "GM"  # GM 7°: "doit abandonner la zone délimitée de tournoi"
    if kind is PenaltyKind.WARNING:
        hands = 1 if book == "LFP" else 0  # LFP 13.1: "avertissement avec suspension d'une main"
        return PenaltyFact(
            "PEN-LADDER", LADDER_ARTICLES[book], kind, book, hands=hands,
            leaves_area=leaves and hands > 0, suggested=suggested,
        )  # fmt: skip
    if kind is PenaltyKind.HANDS:
        _check_count(count)
        articles = ("TDA 71A",) if book == "TDA" else LADDER_ARTICLES[book]
        return PenaltyFact(
            "PEN-MISSED-HANDS", articles, kind, book, hands=count, leaves_area=leaves,
            suggested=suggested,
        )  # fmt: skip
    return _rounds(book, count, players_at_table, previous, suggested)


def next_step(
    profile: Profile, previous: Sequence[PenaltyKind], offence: Offence = Offence.OTHER
) -> PenaltyKind:
    """Return the next step of the book's ladder after ``previous`` penalties (PEN-LADDER: a
    warning, a suspension of rounds, disqualification; "des fautes répétées entraîneront une
    augmentation des sanctions", TDA 71A; LFP 13.1's "ordre chronologique"; BAN/SANCTIONS).

    >>> from pokertd import rules
    >>> next_step(rules.load("tda-2017"), [PenaltyKind.WARNING])
    <PenaltyKind.ROUNDS: 'rounds'>
    """
    book = book_of(profile)
    if _only_disqualification(book, offence):
        return PenaltyKind.DISQUALIFICATION
    ladder = [PenaltyKind.WARNING, PenaltyKind.ROUNDS, PenaltyKind.DISQUALIFICATION]
    if book == "LFP" and offence in (Offence.SOFT_PLAY, Offence.COLLUSION):
        ladder.remove(PenaltyKind.WARNING)  # LFP 12.7: "sanctionné sans avertissement"
    return ladder[min(len(previous), len(ladder) - 1)]


def check_table(players_at_table: int) -> None:
    """Raise ParseError for a table of fewer than two players (PEN-MISSED-HANDS)."""
    if players_at_table < 2:
        raise ParseError(
            message(
                "a table has at least two players, not {players!r} (PEN-MISSED-HANDS)",
                players=players_at_table,
            )
        )


def check_rounds(book: str, rounds: int) -> None:
    """Raise ParseError for fewer than one round, IllegalActionError (PEN-LADDER) for more
    rounds than the book allows."""
    if rounds < 1:
        raise ParseError(
            message(
                "a suspension lasts at least one round, not {rounds!r} (PEN-LADDER)", rounds=rounds
            )
        )
    limit = MAX_ROUNDS.get(book)
    if limit is not None and rounds > limit:
        raise IllegalActionError(
            message(
                "a suspension of {rounds} rounds is longer than {book}'s {limit} (PEN-LADDER)",
                rounds=rounds,
                book=book,
                limit=limit,
            ),
            rule="PEN-LADDER",
            action=f"suspend for {rounds} rounds",
        )


# -- internals -------------------------------------------------------------------------------------


def _rounds(
    book: str,
    rounds: int,
    players_at_table: int | None,
    previous: Sequence[PenaltyKind],
    suggested: PenaltyKind,
) -> PenaltyFact:
    """PEN-MISSED-HANDS: a suspension of rounds, counted in hands (TDA 71A, BAN/SANCTIONS; LFP
    13.1 and GM 7° state rounds without a formula and pokertd applies the TDA's)."""
    check_rounds(book, rounds)
    # PEN-LADDER, BAN/SANCTIONS: "Un joueur ayant reçu un avertissement, peut en cas de récidive
    # se faire sanctionner d'une exclusion temporaire".
    if book == "BAN" and PenaltyKind.WARNING not in previous:
        raise IllegalActionError(
            message("under BAN/SANCTIONS a temporary exclusion follows a warning (PEN-LADDER)"),
            rule="PEN-LADDER",
            action=f"suspend for {rounds} rounds",
        )
    if players_at_table is None:
        raise ParseError(message("give the players at the table to count the rounds in hands"))
    hands = sit_out_hands(players_at_table, rounds)
    articles = LADDER_ARTICLES[book][:1]
    if book in ("LFP", "GM"):
        articles += ("TDA 71A",)  # the formula the book does not state
    return PenaltyFact(
        "PEN-MISSED-HANDS", articles, PenaltyKind.ROUNDS, book, hands=hands, rounds=rounds,
        leaves_area=book == "GM", suggested=suggested,
    )  # fmt: skip


def _only_disqualification(book: str, offence: Offence) -> bool:
    """TDA 69: collusion disqualifies both players at once; GM 33°: soft play costs chips or
    disqualification (pokertd records the disqualification; chips removed are a stack report)."""
    return (book == "TDA" and offence is Offence.COLLUSION) or (
        book == "GM" and offence in (Offence.SOFT_PLAY, Offence.COLLUSION)
    )


def _check_offence(book: str, kind: PenaltyKind, offence: Offence) -> None:
    """PEN-SOFTPLAY: the offences whose penalty the book fixes."""
    if kind is not PenaltyKind.DISQUALIFICATION and _only_disqualification(book, offence):
        article = "TDA 69" if book == "TDA" else "GM 33°"
        raise IllegalActionError(
            message(
                "{offence} is punished by disqualification ({article}, PEN-SOFTPLAY)",
                offence=offence.value,
                article=article,
            ),
            rule="PEN-SOFTPLAY",
            action=f"{kind.value} for {offence.value}",
        )
    soft = offence in (Offence.SOFT_PLAY, Offence.COLLUSION)
    if book == "LFP" and soft and kind is PenaltyKind.WARNING:
        raise IllegalActionError(
            message("LFP 12.7 punishes {offence} without a warning (PEN-SOFTPLAY)",
                    offence=offence.value),
            rule="PEN-SOFTPLAY",
            action=f"warning for {offence.value}",
        )  # fmt: skip


def _check_kind(book: str, kind: PenaltyKind, count: int) -> None:
    """PEN-LADDER: a penalty the book's scale does not have (LFP 13.1 has one hand out, the
    warning's)."""
    if kind not in _KINDS[book] and not (book == "LFP" and count == 1):
        raise IllegalActionError(
            message(
                "{book}'s scale has no suspension counted in hands: give a warning, rounds or "
                "a disqualification ({articles}, PEN-LADDER)",
                book=book,
                articles=", ".join(LADDER_ARTICLES[book]),
            ),
            rule="PEN-LADDER",
            action=f"{kind.value} penalty",
        )


def _check_count(count: int) -> None:
    if count < 1:
        raise ParseError(
            message("a suspension lasts at least one hand, not {hands!r}", hands=count)
        )
