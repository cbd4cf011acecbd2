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


class InitialButton(StrEnum):
    """SEAT-FIRST-BUTTON (not in §17): how the first button (first dealer) of each table is set."""

    #: A card draw at each table (LFP 2.1; pokertd's choice where a book is silent).
    CARD_DRAW = "card-draw"
    #: The seat draw decides: the player in seat 1 is the first dealer (BAN/DONNE).
    SEAT_ONE = "seat-one"


class AbsentAfterLatePeriod(StrEnum):
    """SEAT-LATE-ABSENT (§17 #37): a registered player who has not arrived when play starts."""

    #: He is dealt in and blinded until he arrives or his stack is gone (TDA 30, LFP 2.17).
    BLINDED_OFF = "blinded-off"
    #: His chips are removed when the late-arrival period ends (BAN/RETARD; LFP 2.17, free events).
    REMOVED = "removed"


class QuitChips(StrEnum):
    """ABS-QUIT (§17 #26): the chips of a player who leaves the tournament for good."""

    #: Removed from the tournament (LFP 2.18a).
    REMOVED = "removed"
    #: Left in play and blinded off like an absent player's (GM 7°).
    BLINDED_OFF = "blinded-off"


class BalanceHalt(StrEnum):
    """TBL-BALANCE-HALT (not in §17): does play stop at a table waiting to be balanced?"""

    #: Play stops at the short table until it is balanced (TDA 10D, GM 25°).
    MANDATORY = "mandatory"
    #: Play stops only if one of its players asks (LFP 6.8).
    ON_REQUEST = "on-request"


class FinalTableSize(StrEnum):
    """TBL-FINAL-SIZE (§17 #58): how many players the final table seats."""

    #: One more than a full table, at most 10 (TDA 11).
    TABLE_SIZE_PLUS_ONE = "table-size-plus-one"
    #: A full table, as many as the event's tables seat.
    TABLE_SIZE = "table-size"


class Redraws(StrEnum):
    """SEAT-REDRAW, DAY-REDRAW (§17 #59): when every remaining player's seat is drawn again."""

    #: Never; only players of a broken table get new seats (TDA 9).
    NONE = "none"
    #: At the final table and at the start of a day merging flights (LFP 1.5).
    FINAL_TABLE = "final-table"
    #: 100 or more entrants: at 3, 2 and 1 tables left; 50 to 99: at 2 and 1; fewer: never
    #: (GM 25°b).
    BY_FIELD_SIZE = "by-field-size"


class NewPlayerBetweenBlinds(StrEnum):
    """BTN-NEW-PLAYER, TBL-BREAK-SEATING (§17 #34, #35): a newcomer between button and SB.

    The seat meant is the one that lies between the button and the small blind of the next hand.
    """

    #: That seat is never given to a player new to the table (TDA 7A, 9).
    SEAT_NOT_ASSIGNED = "seat-not-assigned"
    #: He may sit there, but is dealt in only after the button passes him (LFP 6.12, BAN/TABLE,
    #: GM 24°).
    SITS_OUT_ONE_HAND = "sits-out-one-hand"


class HandForHandStartBusts(StrEnum):
    """ELIM-HFH-START, ELIM-SIMULTANEOUS (§17 #56): ranking busts as hand-for-hand starts.

    The players meant bust in the hand in progress when hand-for-hand is announced.
    """

    #: They share the prizes of the places reached (TDA PR-8A).
    SHARE = "share"
    #: The larger stack at the start of the hand finishes higher; equal stacks tie (LFP 8.16,
    #: GM 41°).
    START_STACK = "start-stack"


class HandStartEvent(StrEnum):
    """LVL-HAND-START (§17 #42): the event that starts a new hand (level changes, disputes)."""

    #: The first shuffle (LFP 6.2 with dealers, BAN/BLINDS, GM 17°).
    FIRST_SHUFFLE = "first-shuffle"
    #: The award of the previous pot (LFP 6.2, 9.1, dealerless tables).
    POT_AWARD = "pot-award"
    #: The first riffle, the press of the shuffler's button, or a dealer change (TDA 23).
    SHUFFLE_OR_DEALER_CHANGE = "shuffle-or-dealer-change"


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

    initial_button: InitialButton
    #: SEAT-LATE-WINDOW (§17 #36): levels during which new players may still register; 0 means
    #: none once play has started.
    late_registration_levels: int
    #: SEAT-LATE-WINDOW (§17 #36): whether registration stays open through a break that follows
    #: its close, until play resumes.
    late_registration_through_break: bool
    #: SEAT-LATE-POSITION (§17 #35): whether a player entering after the first round of blinds
    #: waits for his big blind before he is dealt in.
    late_entrant_waits_for_big_blind: bool
    absent_after_late_period: AbsentAfterLatePeriod
    quit_chips: QuitChips
    #: TBL-BALANCE-THRESHOLD (§17 #32): the largest difference in players allowed between two
    #: tables; one more triggers balancing.
    balance_max_difference: int
    #: TBL-BALANCE-THRESHOLD (§17 #32): from how many tables left the late limit applies; 0 means
    #: no late limit.
    late_balance_from_tables: int
    #: TBL-BALANCE-THRESHOLD (§17 #32): the largest difference allowed once the late limit
    #: applies.
    late_balance_max_difference: int
    balance_halt: BalanceHalt
    final_table_size: FinalTableSize
    redraws: Redraws
    new_player_between_blinds: NewPlayerBetweenBlinds
    hand_for_hand_start_busts: HandForHandStartBusts
    hand_start_event: HandStartEvent
    #: HFH-CLOCK (§17 #57): seconds of level time each hand-for-hand hand costs, however long it
    #: lasts.
    hand_for_hand_seconds: int
    #: DAY-END (§17 #60): the clock stops when this many seconds are left in the day's last
    #: level; 0 means no stop.
    day_end_stop_seconds: int
    #: DAY-END (§17 #60): the fewest last hands the floor may announce when the clock stops.
    day_end_hands_min: int
    #: DAY-END (§17 #60): the most last hands the floor may announce when the clock stops.
    day_end_hands_max: int
    #: PEN-LADDER (§17 #29): whether a first fault may be punished by a warning alone.
    first_fault_warning: bool

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
