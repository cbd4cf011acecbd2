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
from typing import Any


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

    #: He is dealt in and blinded until he arrives or his stack is gone (TDA 30).
    BLINDED_OFF = "blinded-off"
    #: His chips are removed when the late-arrival period ends (BAN/RETARD).
    REMOVED = "removed"
    #: As the event's fee says: removed at the end of the allowed delay in a free event (LFP
    #: 2.17a), blinded until he arrives or his stack is gone in a paid one (LFP 2.17b).
    BY_FEE = "by-fee"


class QuitChips(StrEnum):
    """ABS-QUIT (§17 #26): the chips of a player who leaves the tournament for good."""

    #: Removed from the tournament (LFP 2.18a).
    REMOVED = "removed"
    #: Left in play and blinded off like an absent player's (GM 7°).
    BLINDED_OFF = "blinded-off"


class RebuyThreshold(StrEnum):
    """BUY-REBUY-ELIGIBILITY (§17 #38): how small a stack must be for its player to rebuy.

    An event may set its own threshold in a house profile; rebuys happen during the rebuy period
    only, one stack at a time.
    """

    #: Only a player who has lost every chip (pokertd's reading where a book is silent: TDA 27).
    STACK_ZERO = "stack-zero"
    #: A stack of 0, or below the current big blind (LFP 5.2).
    BELOW_BIG_BLIND = "below-big-blind"
    #: A stack no larger than the starting stack (house rules of many rebuy events).
    AT_OR_BELOW_STARTING = "at-or-below-starting"


class ChipRaceStart(StrEnum):
    """CHIP-ORDER (§17 #44): the seat the race cards are dealt to first, going clockwise."""

    #: Seat 1, wherever the button is (TDA 24A, LFP 10.1, GM 2°).
    SEAT_ONE = "seat-one"
    #: The first player to the left of the dealer of the next hand (BAN/CHIPRACE; LFP 10.1 at
    #: dealerless tables without seat numbers, the button being set for the restart).
    DEALER_LEFT = "dealer-left"


class ChipRaceRounding(StrEnum):
    """CHIP-COUNT-ROUNDING (§17 #45): how many new chips the raced chips are worth."""

    #: Their total value over the new denomination, rounded up (LFP 10.3, BAN/CHIPRACE).
    CEIL = "ceil"
    #: One more chip only for a remainder of half a new chip or more; a smaller remainder is
    #: removed (GM 2°).
    HALF_UP = "half-up"


class ChipRaceProtection(StrEnum):
    """CHIP-NO-ELIMINATION (§17 #47): how a player whose only chips are raced keeps a chip.

    Only a player who holds no other chip, and would be left with none, is protected.
    """

    #: He is given one of the chips being raced, whatever his cards (LFP 10.6).
    ONE_OF_RACED_CHIPS = "one-of-raced-chips"
    #: Left with no chip after the race, he is given one of the new denomination, on top of the
    #: count (BAN/CHIPRACE).
    NEW_CHIP_IF_NONE = "new-chip-if-none"
    #: Left with no chip, he is given one of the smallest denomination still in play (TDA 24A).
    SMALLEST_CHIP_IF_NONE = "smallest-chip-if-none"
    #: Left with no chip, he is given one chip "of the smaller rank" once the race is over
    #: (GM 2°).
    ONE_CHIP_AFTER_RACE = "one-chip-after-race"


class ChipRaceLateFound(StrEnum):
    """CHIP-LATE-FOUND (§17 #48): chips of a removed denomination found after the race."""

    #: Removed from the tournament, not converted (LFP 10.7, BAN/CHIPRACE).
    REMOVED = "removed"
    #: Exchanged for as many new chips as they make up; removed if they make up none (GM 2°).
    EXCHANGED_IF_ENOUGH = "exchanged-if-enough"
    #: Exchanged at equal value into the smallest denomination in play; a remainder worth less
    #: than it is removed (TDA 24C).
    EXCHANGED_EQUAL_VALUE = "exchanged-equal-value"


class SimultaneousBust(StrEnum):
    """ELIM-SIMULTANEOUS (§17 #56): the places of players who bust at the same time."""

    #: The larger stack at the start of the hand finishes higher; equal stacks tie (LFP 8.16).
    START_STACK = "start-stack"
    #: As start-stack, except that paid-place busts at different tables outside hand-for-hand
    #: pool their prizes and split them equally (GM 41°).
    SPLIT_ACROSS_TABLES = "split-across-tables"


class BalanceHalt(StrEnum):
    """TBL-BALANCE-HALT (not in §17): does play stop at a table waiting to be balanced?"""

    #: Play stops at the short table until it is balanced (GM 25°).
    MANDATORY = "mandatory"
    #: Play stops at the short table in full-ring events (8, 9 or 10 seats a table); in other
    #: formats (6-handed, turbos) stopping it is the director's decision (TDA 10D).
    FULL_RING = "full-ring"
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
    #: 100 or more entrants: at 3, 2 and 1 tables left; more than 50 (51 to 99): at 2 and 1;
    #: 50 or fewer: never (GM 25°b).
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


class Undercall(StrEnum):
    """BET-UNDERCALL (§17 #6): a player who puts in less than the call, without saying "call"."""

    #: The full call is forced heads-up or facing the opening bet (pre-flop the big blind);
    #: otherwise the TD decides (TDA 42B).
    FULL_CALL_HEADS_UP_OR_OPENING_ELSE_TD = "full-call-heads-up-or-opening-else-td"
    #: The chips stay in the pot: complete the call or fold and forfeit them (LFP 7.16,
    #: BAN/JETONS).
    COMPLETE_OR_FORFEIT = "complete-or-forfeit"
    #: The chips stay, but a player unaware of a raise may take them back if nobody behind has
    #: acted and the difference is large (GM 10°).
    WITHDRAW_IF_UNAWARE = "withdraw-if-unaware"
    #: More than half the call: complete it or forfeit the chips and fold (GEN 1.17).
    COMPLETE_OR_FORFEIT_OVER_HALF = "complete-or-forfeit-over-half"


class BetCorrectionWindow(StrEnum):
    """BET-UNDERRAISE-CORRECTION (not in §17): how long a short bet or raise can be corrected."""

    #: Until the street ends; on the river, until the showdown starts (TDA 43A).
    CURRENT_STREET = "current-street"
    #: From the first error, until the bets are gathered into the pot (LFP 7.17, 7.18).
    UNTIL_BETS_GATHERED = "until-bets-gathered"


class AmbiguousAmount(StrEnum):
    """BET-AMBIGUOUS-AMOUNT (§17 #7): an abbreviated amount such as "5" (500 or 5000?)."""

    #: The smallest amount it can mean (LFP 7.10).
    SMALLEST = "smallest"
    #: The highest amount that is reasonable given the pot (TDA 57).
    HIGHEST_REASONABLE = "highest-reasonable"


class PlusAmount(StrEnum):
    """BET-VERBAL-TOTAL (§17 #8): what "plus 4000" or "4000 more" announces."""

    #: The total of the bet, as every amount is (LFP 7.10).
    TOTAL = "total"
    #: The increment over the current bet (TDA 47B, French text).
    INCREMENT = "increment"


class WordsVsChips(StrEnum):
    """BET-VERBAL-VS-CHIPS (§17 #9): the bet when the words said and the chips pushed disagree."""

    #: The words bind (LFP 7.3, BAN/ANNONCES, GM 30°).
    WORDS = "words"
    #: The announcement is corrected to the chips, if the next player has not acted (GEN 1.15).
    CHIPS = "chips"
    #: Whichever came first; when simultaneous, clear words (TDA 40A).
    FIRST = "first"


class SingleChipFacingBet(StrEnum):
    """BET-SINGLE-CHIP (§17 #10): one oversized chip pushed silently while facing a bet."""

    #: A call (TDA 49, LFP 7.26, BAN/SUIVRE, GM 11°).
    CALL = "call"
    #: A call, which the player may turn into a raise while nobody after him has acted
    #: (GEN 1.20).
    CALL_OR_RAISE_IF_NOBODY_ACTED = "call-or-raise-if-nobody-acted"


class SingleChipOpening(StrEnum):
    """BET-SINGLE-CHIP (§17 #11): one oversized chip pushed silently to open the betting."""

    #: A bet of the chip's value (TDA 49, LFP 7.26).
    CHIP_VALUE = "chip-value"
    #: A minimum bet (GM 11°, ambiguous translation).
    MINIMUM_BET = "minimum-bet"


class MultiChipCallTest(StrEnum):
    """BET-MULTI-CHIP (§17 #12): when several chips pushed silently facing a bet are a call."""

    #: Removing one chip of the smallest denomination used leaves less than the call (TDA 50A).
    REMOVE_ONE_SMALLEST_CHIP = "remove-one-smallest-chip"
    #: Identical chips only, removing any one leaves less than the call; other chips count at
    #: their total value (LFP 7.27).
    IDENTICAL_CHIPS_ONLY = "identical-chips-only"


class StringBet(StrEnum):
    """BET-STRING (§17 #13): what a bet or raise made in several motions counts as."""

    #: Only the first motion counts (LFP 7.24, GEN 1.19).
    FIRST_MOTION_ONLY = "first-motion-only"
    #: A call (TDA 56).
    CALL = "call"
    #: A check when opening, a call when raising (BAN/OUVRIR, BAN/RELANCER).
    CHECK_IF_OPENING_ELSE_CALL = "check-if-opening-else-call"


class Tap(StrEnum):
    """BET-TAP (§17 #14): what tapping the table means."""

    #: A check, always (TDA 3, BAN/CHECKER, GEN 1.15).
    CHECK = "check"
    #: A check from the flop on, before any bet; nothing otherwise (LFP 7.6).
    CHECK_AFTER_FLOP_BEFORE_BET = "check-after-flop-before-bet"


class SubstantialAction(StrEnum):
    """DEAL-SA-DEFINITION (§17 #15): what counts as substantial action (posted blinds never do)."""

    #: Two actions by two players, at least one putting chips in, or any three actions (TDA 36).
    TWO_ACTIONS_ONE_WITH_CHIPS_OR_THREE = "two-actions-one-with-chips-or-three"
    #: Two actions putting chips in, or three actions in all (LFP 2.14).
    TWO_CHIP_ACTIONS_OR_THREE = "two-chip-actions-or-three"
    #: Three players acting after an opening bet, or two of whom one raised (GEN 1.9).
    THREE_AFTER_OPENING_OR_TWO_WITH_RAISE = "three-after-opening-or-two-with-raise"


class OutOfTurnAfterSubstantialAction(StrEnum):
    """BET-OOT (§17 #16): a skipped player who speaks up only after substantial action."""

    #: The out-of-turn actions stand; the TD decides his hand: dead, or restricted (TDA 44B).
    TD_DECIDES = "td-decides"
    #: The out-of-turn actions stand; he may only fold or call until someone bets or raises
    #: again (LFP 7.21).
    FOLD_OR_CALL = "fold-or-call"


class ConditionalStatement(StrEnum):
    """BET-CONDITIONAL (§17 #17): a conditional statement such as "if you bet, I raise"."""

    #: Binding when its condition is met (LFP 7.23).
    BINDING_IF_MET = "binding-if-met"
    #: Binding at the TD's discretion (TDA 59A).
    TD_DISCRETION = "td-discretion"


class FourCardFlop(StrEnum):
    """DEAL-FOUR-CARD-FLOP (§17 #18): a flop dealt with four cards."""

    #: The fourth card is the turn's burn when the order is known; else drawn at random
    #: (LFP 2.20).
    FOURTH_CARD_BURNS_IF_ORDER_KNOWN = "fourth-card-burns-if-order-known"
    #: Always scrambled face down, and the floor draws the turn's burn at random (TDA 39).
    ALWAYS_SCRAMBLED = "always-scrambled"


class PrematureFlop(StrEnum):
    """DEAL-PREMATURE-FLOP (§17 #19): redealing a flop dealt before the betting ended."""

    #: The flop is reshuffled and dealt again without another burn (LFP 2.22, TDA PR-5A).
    REDEAL_WITHOUT_BURN = "redeal-without-burn"
    #: The stub is reshuffled, and a card is burned again before the new flop (GEN 1.13, 1.14).
    BURN_AGAIN = "burn-again"


class WrongHoleCards(StrEnum):
    """DEAL-MISDEAL-CONDITIONS (§17 #20): a wrong number of hole cards, found before SA."""

    #: A misdeal (TDA 35A, GM 27°d).
    MISDEAL = "misdeal"
    #: A misdeal, except one extra card to the small blind: it becomes the burn (LFP 2.8).
    MISDEAL_EXCEPT_ONE_EXTRA_TO_SMALL_BLIND = "misdeal-except-one-extra-to-small-blind"
    #: That player's hand is void; the others play on (GEN 1.9).
    VOID_HAND = "void-hand"


class ClockCaller(StrEnum):
    """CLK-REQUEST (§17 #21): who may call the clock on a player, and who approves."""

    #: Any player in the event, at his seat; the TD or floor approves (TDA 29, 30).
    ANY_PLAYER_TD_APPROVES = "any-player-td-approves"
    #: Any player seated at the table, or a manager; never the dealer (LFP 3.6).
    SEATED_PLAYER_OR_MANAGER = "seated-player-or-manager"
    #: The dealer or a player; the dealer approves (BAN/TIME).
    DEALER_OR_PLAYER_DEALER_APPROVES = "dealer-or-player-dealer-approves"
    #: A player, once the minimum wait has passed (GM 5°).
    PLAYER_AFTER_TWO_MINUTES = "player-after-two-minutes"


class ClockExpiry(StrEnum):
    """CLK-EXPIRY (§17 #23): the hand of a player whose clock runs out."""

    #: Dead if he faces a bet, checked otherwise (TDA 29).
    DEAD_IF_FACING_BET_ELSE_CHECK = "dead-if-facing-bet-else-check"
    #: Dead (LFP 3.6, BAN/TIME, GM 5°).
    DEAD = "dead"


class AbsentCheckMoment(StrEnum):
    """ABS-AT-SEAT (§17 #24): the moment a player must be at his seat for a live hand."""

    #: When the last card of the initial deal is dealt (TDA 30, LFP 2.15).
    LAST_CARD_OF_DEAL = "last-card-of-deal"
    #: When his own second card is dealt (BAN/ABSENT).
    OWN_SECOND_CARD = "own-second-card"
    #: When the deal starts (GM 8°).
    START_OF_DEAL = "start-of-deal"


class ActionWhileStanding(StrEnum):
    """ABS-ACT-SEATED (§17 #25): an action taken away from the seat during a live hand."""

    #: The action is not taken into account (LFP 7.1).
    VOID = "void"
    #: The player is declared absent (BAN/ABSENT).
    DECLARED_ABSENT = "declared-absent"
    #: The player may be penalised (TDA 31, GM 38°).
    PENALTY = "penalty"


class ExposedOwnCards(StrEnum):
    """SHOW-EXPOSED-DURING-HAND, PEN-TIMING (§17 #27): a player shows his cards mid-hand."""

    #: The hand stays live; the penalty comes after the hand (LFP 4.1, GM 31°).
    LIVE_PENALTY_AFTER_HAND = "live-penalty-after-hand"
    #: The hand stays live; the penalty starts with the next hand (TDA 68).
    LIVE_PENALTY_NEXT_HAND = "live-penalty-next-hand"
    #: The hand is dead (BAN/CARTES).
    DEAD = "dead"


class DeviceWithLiveHand(StrEnum):
    """PEN-DEVICE (§17 #30): a player who uses a phone or device while holding a live hand."""

    #: His hand is dead (LFP 3.5, BAN/APPAREILS).
    DEAD_HAND = "dead-hand"
    #: He sits out the next hand (GM 15°).
    ONE_HAND_PENALTY = "one-hand-penalty"
    #: Decision aids are banned; the rest is left to house rules (TDA 4).
    HOUSE_RULES = "house-rules"


class UncalledAfterMuck(StrEnum):
    """BET-UNCALLED (§17 #31): the uncalled bet of a player who mucks his hand."""

    #: Returned to him (TDA 15B, 65A; GM 28°).
    RETURNED = "returned"
    #: Kept in the pot, except the part no opponent can cover (LFP 3.2).
    KEPT_IN_POT = "kept-in-pot"
    #: Lost with the pot, unless his cards can be retrieved without dispute (GEN 1.16).
    LOST_UNLESS_RETRIEVABLE = "lost-unless-retrievable"


class ShowOrder(StrEnum):
    """SHOW-ORDER (§17 #52): who shows first at a showdown with no bet on the last round."""

    #: The player who would act first on the last round (TDA 17A, LFP 8.3, BAN/ABATTAGE).
    FIRST_TO_ACT = "first-to-act"
    #: The first player to the left of the button (GM 37°).
    LEFT_OF_BUTTON = "left-of-button"


class RightToSee(StrEnum):
    """SHOW-RIGHT-TO-SEE (§17 #55): who may ask to see a hand that reached showdown unshown."""

    #: Callers of a river bet, always; any other request at the TD's discretion (TDA 18).
    RIVER_CALLERS_ELSE_TD = "river-callers-else-td"
    #: Any player at the table, against collusion only, never heads-up, about once per event
    #: (LFP 8.7).
    ANY_PLAYER_ONCE_ANTI_COLLUSION = "any-player-once-anti-collusion"
    #: Only the pot's winner, and the hand he asks for is live (GM 37°).
    WINNER_ONLY_HAND_BECOMES_LIVE = "winner-only-hand-becomes-live"
    #: Nobody, unless the player who mucked agrees; the hand cannot win (GEN 1.25).
    MUCKER_CONSENT = "mucker-consent"
    #: Nobody may ask, but the called last raiser must show (BAN/ABATTAGE).
    LAST_RAISER_MUST_SHOW = "last-raiser-must-show"


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
    #: SEAT-LATE-WINDOW (§17 #36): whether, in an event with rebuys, registration closes at the
    #: end of the rebuy period instead of after ``late_registration_levels`` (GM 43°).
    late_registration_ends_with_rebuys: bool
    #: SEAT-LATE-POSITION (§17 #35): whether a player entering after the first round of blinds
    #: waits for his big blind before he is dealt in.
    late_entrant_waits_for_big_blind: bool
    absent_after_late_period: AbsentAfterLatePeriod
    #: SEAT-LATE-WINDOW (§17 #36): levels a registered player may arrive late, dealt in and
    #: blinded meanwhile, when the event sets no late period of its own; then the late-arrival
    #: period ends as ``absent_after_late_period`` says (LFP 2.16: one round at most); 0 means
    #: no default delay.
    late_arrival_levels: int
    quit_chips: QuitChips
    rebuy_threshold: RebuyThreshold
    #: BUY-ADDON (§17 #39): hands played after the rebuy period's time is up; a player may still
    #: rebuy after each of them but the last, after which only the add-on is offered.
    rebuy_extra_hands: int
    #: BUY-ADDON (§17 #39): whether only a player who still has at least one chip may take the
    #: add-on.
    addon_needs_chips: bool
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
    simultaneous_bust: SimultaneousBust
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
    chip_race_start: ChipRaceStart
    chip_race_rounding: ChipRaceRounding
    #: CHIP-MAX-ONE (§17 #46): whether a player wins at most one new chip, even holding the best
    #: two cards.
    chip_race_max_one: bool
    chip_race_protection: ChipRaceProtection
    chip_race_late_found: ChipRaceLateFound
    #: CLK-TIMEBANK (no book; CLK-DURATION's time comes first): seconds an online player may
    #: take, over a whole event, once his action clock has run out, before CLK-EXPIRY rules;
    #: 0 means none.
    time_bank_seconds: int
    #: PEN-LADDER (§17 #29): whether a first fault may be punished by a warning alone.
    first_fault_warning: bool

    undercall: Undercall
    bet_correction_window: BetCorrectionWindow
    ambiguous_amount: AmbiguousAmount
    plus_amount: PlusAmount
    words_vs_chips: WordsVsChips
    single_chip_facing_bet: SingleChipFacingBet
    single_chip_opening: SingleChipOpening
    multi_chip_call_test: MultiChipCallTest
    string_bet: StringBet
    tap: Tap
    substantial_action: SubstantialAction
    out_of_turn_after_sa: OutOfTurnAfterSubstantialAction
    conditional_statement: ConditionalStatement
    four_card_flop: FourCardFlop
    premature_flop: PrematureFlop
    wrong_hole_cards_before_sa: WrongHoleCards
    clock_caller: ClockCaller
    #: CLK-DURATION (§17 #22): seconds a player has once the clock is called, before the
    #: countdown.
    clock_seconds: int
    #: CLK-DURATION (§17 #22): seconds of the final countdown that follows clock_seconds; 0
    #: means none.
    clock_countdown_seconds: int
    #: CLK-REQUEST, CLK-DURATION (§17 #22): the least time a player must have had before the
    #: clock may be called on him; 0 means a reasonable time, as the floor judges.
    clock_minimum_wait_seconds: int
    clock_expiry: ClockExpiry
    absent_check_moment: AbsentCheckMoment
    action_while_standing: ActionWhileStanding
    exposed_own_cards: ExposedOwnCards
    device_with_live_hand: DeviceWithLiveHand
    uncalled_after_muck: UncalledAfterMuck
    show_order_no_river_bet: ShowOrder
    #: SHOW-LAST-AGGRESSOR-MUST-SHOW (§17 #53): whether the last bettor or raiser of the final
    #: round must show his hand at showdown even when beaten and nobody asks.
    last_aggressor_must_show: bool
    right_to_see: RightToSee

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

    def source_data(self, name: str) -> dict[str, Any]:
        """Return field ``name`` as ``to_data`` writes it: its value and its source."""
        value, source = getattr(self, name), self.sources[name]
        return {
            "value": value.value if isinstance(value, StrEnum) else value,
            "profile": source.profile,
            "article": source.article,
            "note": source.note,
        }

    def to_data(self) -> dict[str, Any]:
        """Return the resolved profile as JSON data: its header, and each field's value with its
        source (``rules.load_data`` reads it back, checked).

        A tournament keeps this in the event that creates it, so that it replays under the rules
        it was run with, a house profile's included, whatever becomes of the files since.

        >>> from pokertd import rules
        >>> data = rules.load("lfp").to_data()
        >>> data["id"], data["extends"], data["fields"]["min_raise"]["value"]
        ('lfp', 'tda-2017', 'double-previous')
        >>> data["fields"]["hilo_split"]["profile"], data["fields"]["hilo_split"]["article"]
        ('tda-2017', 'TDA 20C, Add.20')
        """
        fields = {name: self.source_data(name) for name in self.rule_fields()}
        return {
            "id": self.id,
            "name": self.name,
            "book": self.book,
            "extends": self.extends,
            "fields": fields,
        }
