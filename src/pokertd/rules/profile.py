"""The ``Profile``: every configurable rule of a rulebook as one typed field, each with its source.

A profile is loaded from a TOML file (``rules/profiles/<id>.toml``) by ``pokertd.rules.load``. A
value a book does not state is inherited from the profile it ``extends`` (by default ``tda-2017``)
and its ``Source`` says so. Parameters with more than two readings are enums, never booleans
(STYLE.md). Field names follow ``shared/spec/rules-catalogue.md`` §17; each enum names the rule id
it configures.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum


class MinRaise(StrEnum):
    """BET-MINRAISE, BET-MINRAISE-SHORT-ALLIN (§17 #1, #2): the smallest legal raise, NL and PL."""

    #: Current bet plus the largest full bet or raise of the round (TDA 47A, Add.47; GM 10°, 26°).
    LARGEST_INCREMENT = "largest-increment"
    #: Double the previous bet; after an incomplete all-in, the all-in plus the big blind
    #: (LFP 7.11-7.14).
    DOUBLE_PREVIOUS = "double-previous"


class Reopen(StrEnum):
    """BET-REOPEN (§17 #5): may a player who already acted raise after short all-ins?"""

    #: Only when facing at least a full raise, several short all-ins adding up (TDA 48, LFP 7.19).
    FULL_RAISE = "full-raise"
    #: BAN/ALLININF read literally: never again in the round once a short all-in followed his
    #: action.
    NEVER_AFTER_SHORT_ALL_IN = "never-after-short-all-in"


class OddChip(StrEnum):
    """POT-ODD-CHIP (§17 #49): who receives the chips a split pot cannot divide evenly."""

    #: One chip each to the first winners left of the button (TDA 20A, LFP 8.13, GM 3° for ties).
    LEFT_OF_BUTTON = "left-of-button"
    #: The winner holding the highest card, suits breaking ties (GEN 1.30).
    HIGHEST_CARD = "highest-card"


class HiLoSplit(StrEnum):
    """POT-HILO-SPLIT (§17 #50): splitting a hi/lo pot when the same hands win both halves."""

    #: Split the whole pot as evenly as possible (TDA 20C, Add.20; GEN 1.30).
    WHOLE_POT = "whole-pot"
    #: Split each half on its own, the high half taking the odd chip (GM 3°).
    PER_HALF = "per-half"


class LimitCapHeadsUp(StrEnum):
    """BET-RAISE-CAP (§17 #65): does the fixed-limit raise cap hold in the final heads-up?"""

    #: Lifted in the tournament's final heads-up only (TDA 52).
    LIFTED = "lifted"
    #: Kept, "including in the final one-on-one" (GM 26°).
    KEPT = "kept"


class AnteForm(StrEnum):
    """ANTE-BB (§17 #43): who posts the ante."""

    #: Every player dealt in posts the ante (TDA 30, generic antes).
    EACH_PLAYER = "each-player"
    #: The big blind posts one ante for the table (BAN/BLINDS).
    BIG_BLIND = "big-blind"


class BigBlindAnte(StrEnum):
    """ANTE-BB (P-09): the amount of a big-blind ante."""

    #: The ante of the level, as scheduled.
    AS_SCHEDULED = "as-scheduled"
    #: One big blind with six or more players dealt in, one small blind with fewer (BAN/BLINDS).
    BIG_BLIND_IF_SIX_ELSE_SMALL_BLIND = "big-blind-if-six-else-small-blind"


@dataclass(frozen=True, slots=True)
class Source:
    """Where a profile value comes from.

    ``profile`` is the id of the profile file that sets the value; when it is not the profile being
    read, the value is inherited. ``article`` cites the book (``"LFP 7.11"``); ``note`` records a
    judgement where the book is silent, ambiguous or contradicts itself.
    """

    profile: str
    article: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class Profile:
    """A rulebook as data: one field per configurable rule, plus where each value comes from.

    >>> from pokertd import rules
    >>> lfp = rules.load("lfp")
    >>> lfp.min_raise, lfp.source("min_raise").article
    (<MinRaise.DOUBLE_PREVIOUS: 'double-previous'>, 'LFP 7.11, 7.12, 7.13, 7.14')
    """

    id: str
    name: str
    #: Citation key of the book (TDA, LFP, BAN, GM, GEN); empty for a house profile.
    book: str
    extends: str | None

    min_raise: MinRaise
    reopen: Reopen
    odd_chip: OddChip
    hilo_split: HiLoSplit
    #: Bets and raises allowed in one fixed-limit round, the opening bet (or the big blind)
    #: included.
    limit_raise_cap: int
    limit_cap_heads_up: LimitCapHeadsUp
    ante_form: AnteForm
    big_blind_ante: BigBlindAnte

    sources: Mapping[str, Source] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def rule_fields(cls) -> tuple[str, ...]:
        """Return the names of the configurable fields, in declaration order."""
        skip = {"id", "name", "book", "extends", "sources"}
        return tuple(f.name for f in dataclasses.fields(cls) if f.name not in skip)

    def source(self, name: str) -> Source:
        """Return where the value of field ``name`` comes from.

        Raises KeyError for a name that is not a configurable field.
        """
        return self.sources[name]

    def is_inherited(self, name: str) -> bool:
        """Return whether field ``name`` is inherited rather than set by this profile's own file."""
        return self.sources[name].profile != self.id
