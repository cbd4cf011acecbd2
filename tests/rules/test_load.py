"""Loading the shipped profiles and house profiles, and every way a profile file can be wrong."""

from __future__ import annotations

import dataclasses
import importlib
import typing
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest

from pokertd import rules
from pokertd.errors import ProfileError
from pokertd.rules import (
    AbsentCheckMoment,
    ActionWhileStanding,
    AmbiguousAmount,
    AnteForm,
    BetCorrectionWindow,
    BigBlindAnte,
    ClockCaller,
    ClockExpiry,
    ConditionalStatement,
    DeviceWithLiveHand,
    ExposedOwnCards,
    FourCardFlop,
    HiLoSplit,
    LimitCapHeadsUp,
    MinRaise,
    MultiChipCallTest,
    OddChip,
    OutOfTurnAfterSubstantialAction,
    PlusAmount,
    PrematureFlop,
    Profile,
    Reopen,
    RightToSee,
    ShowOrder,
    SingleChipFacingBet,
    SingleChipOpening,
    StringBet,
    SubstantialAction,
    Tap,
    UncalledAfterMuck,
    Undercall,
    WordsVsChips,
    WrongHoleCards,
)
from pokertd.rules.load import _field_types
from pokertd.rules.profile import (
    AbsentAfterLatePeriod,
    BalanceHalt,
    ChipRaceLateFound,
    ChipRaceProtection,
    ChipRaceRounding,
    ChipRaceStart,
    FinalTableSize,
    HandForHandStartBusts,
    HandStartEvent,
    InitialButton,
    NewPlayerBetweenBlinds,
    QuitChips,
    RebuyThreshold,
    Redraws,
    SimultaneousBust,
)

RULE_FIELDS = Profile.rule_fields()
FIELD_TYPES = typing.get_type_hints(Profile)

# What each book states, as the lead decided (field -> value, article). The rest is inherited.
BOOK_VALUES: dict[str, dict[str, tuple[object, str]]] = {
    "tda-2017": {
        "min_raise": (MinRaise.LARGEST_INCREMENT, "TDA 47A, Add.47"),
        "reopen": (Reopen.FULL_RAISE, "TDA 48, Add.48"),
        "odd_chip": (OddChip.LEFT_OF_BUTTON, "TDA 20A"),
        "hilo_split": (HiLoSplit.WHOLE_POT, "TDA 20C, Add.20"),
        "limit_raise_cap": (4, "TDA 52"),
        "limit_cap_heads_up": (LimitCapHeadsUp.LIFTED, "TDA 52"),
        "ante_form": (AnteForm.EACH_PLAYER, "TDA 30, 71C"),
        "big_blind_ante": (BigBlindAnte.AS_SCHEDULED, "TDA 30, 71C"),
        "initial_button": (InitialButton.CARD_DRAW, "TDA 6"),
        "late_registration_levels": (0, "TDA 7"),
        "late_registration_through_break": (False, "TDA 7"),
        "late_registration_ends_with_rebuys": (False, "TDA 7"),
        "late_entrant_waits_for_big_blind": (False, "TDA 7A"),
        "absent_after_late_period": (AbsentAfterLatePeriod.BLINDED_OFF, "TDA 30"),
        "late_arrival_levels": (0, "TDA 30"),
        "quit_chips": (QuitChips.BLINDED_OFF, "TDA 30"),
        "rebuy_threshold": (RebuyThreshold.STACK_ZERO, "TDA 27"),
        "rebuy_extra_hands": (0, "TDA 27"),
        "addon_needs_chips": (False, "TDA 27"),
        "balance_max_difference": (2, "TDA 10D"),
        "late_balance_from_tables": (0, "TDA 10D"),
        "late_balance_max_difference": (2, "TDA 10D"),
        "balance_halt": (BalanceHalt.FULL_RING, "TDA 10D"),
        "final_table_size": (FinalTableSize.TABLE_SIZE_PLUS_ONE, "TDA 11"),
        "redraws": (Redraws.NONE, "TDA 9"),
        "new_player_between_blinds": (NewPlayerBetweenBlinds.SEAT_NOT_ASSIGNED, "TDA 7A, 9"),
        "hand_for_hand_start_busts": (HandForHandStartBusts.SHARE, "TDA PR-8A"),
        "simultaneous_bust": (SimultaneousBust.START_STACK, "TDA PR-8A"),
        "hand_start_event": (HandStartEvent.SHUFFLE_OR_DEALER_CHANGE, "TDA 23"),
        "hand_for_hand_seconds": (120, "TDA PR-8B"),
        "day_end_stop_seconds": (0, "TDA 1"),
        "day_end_hands_min": (0, "TDA 1"),
        "day_end_hands_max": (0, "TDA 1"),
        "chip_race_start": (ChipRaceStart.SEAT_ONE, "TDA 24A"),
        "chip_race_rounding": (ChipRaceRounding.HALF_UP, "TDA 24A, 24C"),
        "chip_race_max_one": (True, "TDA 24A"),
        "chip_race_protection": (ChipRaceProtection.SMALLEST_CHIP_IF_NONE, "TDA 24A"),
        "chip_race_late_found": (ChipRaceLateFound.EXCHANGED_EQUAL_VALUE, "TDA 24C"),
        "time_bank_seconds": (0, "TDA 29"),  # CLK-TIMEBANK: no book gives a bank
        "first_fault_warning": (True, "TDA 71A"),
        "undercall": (Undercall.FULL_CALL_HEADS_UP_OR_OPENING_ELSE_TD, "TDA 42B"),
        "bet_correction_window": (BetCorrectionWindow.CURRENT_STREET, "TDA 43A"),
        "ambiguous_amount": (AmbiguousAmount.HIGHEST_REASONABLE, "TDA 57"),
        "plus_amount": (PlusAmount.INCREMENT, "TDA 47B"),
        "words_vs_chips": (WordsVsChips.FIRST, "TDA 40A"),
        "single_chip_facing_bet": (SingleChipFacingBet.CALL, "TDA 49"),
        "single_chip_opening": (SingleChipOpening.CHIP_VALUE, "TDA 49"),
        "multi_chip_call_test": (MultiChipCallTest.REMOVE_ONE_SMALLEST_CHIP, "TDA 50A"),
        "string_bet": (StringBet.CALL, "TDA 56"),
        "tap": (Tap.CHECK, "TDA 3"),
        "substantial_action": (SubstantialAction.TWO_ACTIONS_ONE_WITH_CHIPS_OR_THREE, "TDA 36"),
        "out_of_turn_after_sa": (OutOfTurnAfterSubstantialAction.TD_DECIDES, "TDA 44B"),
        "conditional_statement": (ConditionalStatement.TD_DISCRETION, "TDA 59A"),
        "four_card_flop": (FourCardFlop.ALWAYS_SCRAMBLED, "TDA 39"),
        "premature_flop": (PrematureFlop.REDEAL_WITHOUT_BURN, "TDA PR-5A"),
        "wrong_hole_cards_before_sa": (WrongHoleCards.MISDEAL, "TDA 35A, 37"),
        "clock_caller": (ClockCaller.ANY_PLAYER_TD_APPROVES, "TDA 29, 30"),
        "clock_seconds": (25, "TDA 29"),
        "clock_countdown_seconds": (5, "TDA 29"),
        "clock_minimum_wait_seconds": (0, "TDA 29"),
        "clock_expiry": (ClockExpiry.DEAD_IF_FACING_BET_ELSE_CHECK, "TDA 29"),
        "absent_check_moment": (AbsentCheckMoment.LAST_CARD_OF_DEAL, "TDA 30"),
        "action_while_standing": (ActionWhileStanding.PENALTY, "TDA 31"),
        "exposed_own_cards": (ExposedOwnCards.LIVE_PENALTY_NEXT_HAND, "TDA 68"),
        "device_with_live_hand": (DeviceWithLiveHand.HOUSE_RULES, "TDA 4"),
        "uncalled_after_muck": (UncalledAfterMuck.RETURNED, "TDA 15B, 65A"),
        "show_order_no_river_bet": (ShowOrder.FIRST_TO_ACT, "TDA 17A"),
        "last_aggressor_must_show": (False, "TDA 18B"),
        "right_to_see": (RightToSee.RIVER_CALLERS_ELSE_TD, "TDA 18A, 18B"),
    },
    "lfp": {
        "min_raise": (MinRaise.DOUBLE_PREVIOUS, "LFP 7.11, 7.12, 7.13, 7.14"),
        "reopen": (Reopen.FULL_RAISE, "LFP 7.19"),
        "odd_chip": (OddChip.LEFT_OF_BUTTON, "LFP 8.13"),
        "initial_button": (InitialButton.CARD_DRAW, "LFP 2.1"),
        "late_registration_levels": (0, "LFP 2.16"),
        "absent_after_late_period": (AbsentAfterLatePeriod.BY_FEE, "LFP 2.17"),
        "late_arrival_levels": (1, "LFP 2.16"),  # "un round au maximum"
        "quit_chips": (QuitChips.REMOVED, "LFP 2.18a"),
        "rebuy_threshold": (RebuyThreshold.BELOW_BIG_BLIND, "LFP 5.2"),
        "rebuy_extra_hands": (2, "LFP 5.5"),
        "addon_needs_chips": (False, "LFP 5.4, 5.5"),
        "balance_max_difference": (2, "LFP 6.8"),
        "balance_halt": (BalanceHalt.ON_REQUEST, "LFP 6.8"),
        "redraws": (Redraws.FINAL_TABLE, "LFP 1.5"),
        "new_player_between_blinds": (NewPlayerBetweenBlinds.SITS_OUT_ONE_HAND, "LFP 6.12, 6.16"),
        "hand_for_hand_start_busts": (HandForHandStartBusts.START_STACK, "LFP 8.16"),
        "simultaneous_bust": (SimultaneousBust.START_STACK, "LFP 8.16"),
        "hand_start_event": (HandStartEvent.FIRST_SHUFFLE, "LFP 6.2, 9.1"),
        "chip_race_start": (ChipRaceStart.SEAT_ONE, "LFP 10.1"),
        "chip_race_rounding": (ChipRaceRounding.CEIL, "LFP 10.3"),
        "chip_race_max_one": (True, "LFP 10.5"),
        "chip_race_protection": (ChipRaceProtection.ONE_OF_RACED_CHIPS, "LFP 10.6"),
        "chip_race_late_found": (ChipRaceLateFound.REMOVED, "LFP 10.7"),
        "undercall": (Undercall.COMPLETE_OR_FORFEIT, "LFP 7.15, 7.16"),
        "bet_correction_window": (BetCorrectionWindow.UNTIL_BETS_GATHERED, "LFP 7.17, 7.18"),
        "ambiguous_amount": (AmbiguousAmount.SMALLEST, "LFP 7.10"),
        "plus_amount": (PlusAmount.TOTAL, "LFP 7.10"),
        "words_vs_chips": (WordsVsChips.WORDS, "LFP 7.3"),
        "single_chip_facing_bet": (SingleChipFacingBet.CALL, "LFP 7.26"),
        "single_chip_opening": (SingleChipOpening.CHIP_VALUE, "LFP 7.26"),
        "multi_chip_call_test": (MultiChipCallTest.IDENTICAL_CHIPS_ONLY, "LFP 7.27"),
        "string_bet": (StringBet.FIRST_MOTION_ONLY, "LFP 7.24"),
        "tap": (Tap.CHECK_AFTER_FLOP_BEFORE_BET, "LFP 7.6"),
        "substantial_action": (SubstantialAction.TWO_CHIP_ACTIONS_OR_THREE, "LFP 2.14"),
        "out_of_turn_after_sa": (OutOfTurnAfterSubstantialAction.FOLD_OR_CALL, "LFP 7.21"),
        "conditional_statement": (ConditionalStatement.BINDING_IF_MET, "LFP 7.23"),
        "four_card_flop": (FourCardFlop.FOURTH_CARD_BURNS_IF_ORDER_KNOWN, "LFP 2.20"),
        "premature_flop": (PrematureFlop.REDEAL_WITHOUT_BURN, "LFP 2.22"),
        "wrong_hole_cards_before_sa": (
            WrongHoleCards.MISDEAL_EXCEPT_ONE_EXTRA_TO_SMALL_BLIND,
            "LFP 2.8",
        ),
        "clock_caller": (ClockCaller.SEATED_PLAYER_OR_MANAGER, "LFP 3.6"),
        "clock_seconds": (60, "LFP 3.6"),
        "clock_countdown_seconds": (10, "LFP 3.6"),
        "clock_minimum_wait_seconds": (0, "LFP 3.6"),
        "clock_expiry": (ClockExpiry.DEAD, "LFP 3.6"),
        "absent_check_moment": (AbsentCheckMoment.LAST_CARD_OF_DEAL, "LFP 2.15"),
        "action_while_standing": (ActionWhileStanding.VOID, "LFP 7.1"),
        "exposed_own_cards": (ExposedOwnCards.LIVE_PENALTY_AFTER_HAND, "LFP 4.1"),
        "device_with_live_hand": (DeviceWithLiveHand.DEAD_HAND, "LFP 3.5, 12.6"),
        "uncalled_after_muck": (UncalledAfterMuck.KEPT_IN_POT, "LFP 3.2"),
        "show_order_no_river_bet": (ShowOrder.FIRST_TO_ACT, "LFP 8.3"),
        "last_aggressor_must_show": (False, "LFP 8.3, 8.5"),
        "right_to_see": (RightToSee.ANY_PLAYER_ONCE_ANTI_COLLUSION, "LFP 8.7"),
    },
    "bannalec": {
        "reopen": (Reopen.FULL_RAISE, "BAN/ALLININF"),
        "ante_form": (AnteForm.BIG_BLIND, "BAN/BLINDS"),
        "big_blind_ante": (BigBlindAnte.BIG_BLIND_IF_SIX_ELSE_SMALL_BLIND, "BAN/BLINDS"),
        "initial_button": (InitialButton.SEAT_ONE, "BAN/DONNE"),
        "late_registration_levels": (0, "BAN/GENERAL"),
        "absent_after_late_period": (AbsentAfterLatePeriod.REMOVED, "BAN/RETARD"),
        "late_arrival_levels": (0, "BAN/RETARD"),
        "new_player_between_blinds": (NewPlayerBetweenBlinds.SITS_OUT_ONE_HAND, "BAN/TABLE"),
        "hand_start_event": (HandStartEvent.FIRST_SHUFFLE, "BAN/BLINDS"),
        "chip_race_start": (ChipRaceStart.DEALER_LEFT, "BAN/CHIPRACE"),
        "chip_race_rounding": (ChipRaceRounding.CEIL, "BAN/CHIPRACE"),
        "chip_race_max_one": (True, "BAN/CHIPRACE"),
        "chip_race_protection": (ChipRaceProtection.NEW_CHIP_IF_NONE, "BAN/CHIPRACE"),
        "chip_race_late_found": (ChipRaceLateFound.REMOVED, "BAN/CHIPRACE"),
        "first_fault_warning": (False, "BAN/SANCTIONS"),
        "undercall": (Undercall.COMPLETE_OR_FORFEIT, "BAN/JETONS, BAN/SUIVRE"),
        "words_vs_chips": (WordsVsChips.WORDS, "BAN/ANNONCES"),
        "single_chip_facing_bet": (SingleChipFacingBet.CALL, "BAN/SUIVRE"),
        "string_bet": (StringBet.CHECK_IF_OPENING_ELSE_CALL, "BAN/OUVRIR, BAN/RELANCER"),
        "tap": (Tap.CHECK, "BAN/CHECKER"),
        "clock_caller": (ClockCaller.DEALER_OR_PLAYER_DEALER_APPROVES, "BAN/TIME"),
        "clock_seconds": (50, "BAN/TIME"),
        "clock_countdown_seconds": (10, "BAN/TIME"),
        "clock_minimum_wait_seconds": (0, "BAN/TIME"),
        "clock_expiry": (ClockExpiry.DEAD, "BAN/TIME"),
        "absent_check_moment": (AbsentCheckMoment.OWN_SECOND_CARD, "BAN/ABSENT"),
        "action_while_standing": (ActionWhileStanding.DECLARED_ABSENT, "BAN/ABSENT"),
        "exposed_own_cards": (ExposedOwnCards.DEAD, "BAN/CARTES"),
        "device_with_live_hand": (DeviceWithLiveHand.DEAD_HAND, "BAN/APPAREILS"),
        "show_order_no_river_bet": (ShowOrder.FIRST_TO_ACT, "BAN/ABATTAGE"),
        "last_aggressor_must_show": (True, "BAN/ABATTAGE"),
        "right_to_see": (RightToSee.LAST_RAISER_MUST_SHOW, "BAN/ABATTAGE"),
    },
    "gran-madrid": {
        "min_raise": (MinRaise.LARGEST_INCREMENT, "GM 10°, 26°"),
        "odd_chip": (OddChip.LEFT_OF_BUTTON, "GM 3°"),
        "hilo_split": (HiLoSplit.PER_HALF, "GM 3°"),
        "limit_cap_heads_up": (LimitCapHeadsUp.KEPT, "GM 26°"),
        "late_registration_levels": (2, "GM 43°"),
        "late_registration_through_break": (True, "GM 43°"),
        "late_registration_ends_with_rebuys": (True, "GM 43°"),
        "late_entrant_waits_for_big_blind": (True, "GM 43°"),
        "quit_chips": (QuitChips.BLINDED_OFF, "GM 7°"),
        "rebuy_extra_hands": (0, "GM 18°"),
        "addon_needs_chips": (True, "GM 18°"),
        "balance_max_difference": (3, "GM 25°"),
        "late_balance_from_tables": (12, "GM 25°b"),
        "late_balance_max_difference": (1, "GM 25°b"),
        "balance_halt": (BalanceHalt.MANDATORY, "GM 25°"),
        "redraws": (Redraws.BY_FIELD_SIZE, "GM 25°b"),
        "new_player_between_blinds": (NewPlayerBetweenBlinds.SITS_OUT_ONE_HAND, "GM 24°"),
        "hand_for_hand_start_busts": (HandForHandStartBusts.START_STACK, "GM 41°"),
        "simultaneous_bust": (SimultaneousBust.SPLIT_ACROSS_TABLES, "GM 41°"),
        "hand_start_event": (HandStartEvent.FIRST_SHUFFLE, "GM 17°"),
        "day_end_stop_seconds": (900, "GM 42°"),
        "day_end_hands_min": (3, "GM 42°"),
        "day_end_hands_max": (7, "GM 42°"),
        "chip_race_start": (ChipRaceStart.SEAT_ONE, "GM 2°"),
        "chip_race_rounding": (ChipRaceRounding.HALF_UP, "GM 2°"),
        "chip_race_protection": (ChipRaceProtection.ONE_CHIP_AFTER_RACE, "GM 2°"),
        "chip_race_late_found": (ChipRaceLateFound.EXCHANGED_IF_ENOUGH, "GM 2°"),
        "undercall": (Undercall.WITHDRAW_IF_UNAWARE, "GM 10°"),
        "words_vs_chips": (WordsVsChips.WORDS, "GM 30°"),
        "single_chip_facing_bet": (SingleChipFacingBet.CALL, "GM 11°"),
        "single_chip_opening": (SingleChipOpening.MINIMUM_BET, "GM 11°"),
        "wrong_hole_cards_before_sa": (WrongHoleCards.MISDEAL, "GM 27°d"),
        "clock_caller": (ClockCaller.PLAYER_AFTER_TWO_MINUTES, "GM 5°"),
        "clock_seconds": (60, "GM 5°"),
        "clock_countdown_seconds": (10, "GM 5°"),
        "clock_minimum_wait_seconds": (120, "GM 5°"),
        "clock_expiry": (ClockExpiry.DEAD, "GM 5°"),
        "absent_check_moment": (AbsentCheckMoment.START_OF_DEAL, "GM 8°"),
        "action_while_standing": (ActionWhileStanding.PENALTY, "GM 8°, 38°"),
        "exposed_own_cards": (ExposedOwnCards.LIVE_PENALTY_AFTER_HAND, "GM 31°"),
        "device_with_live_hand": (DeviceWithLiveHand.ONE_HAND_PENALTY, "GM 15°"),
        "uncalled_after_muck": (UncalledAfterMuck.RETURNED, "GM 28°"),
        "show_order_no_river_bet": (ShowOrder.LEFT_OF_BUTTON, "GM 37°"),
        "last_aggressor_must_show": (True, "GM 37°"),
        "right_to_see": (RightToSee.WINNER_ONLY_HAND_BECOMES_LIVE, "GM 37°"),
    },
    "generic": {
        "odd_chip": (OddChip.HIGHEST_CARD, "GEN 1.30"),
        "hilo_split": (HiLoSplit.WHOLE_POT, "GEN 1.30"),
        "undercall": (Undercall.COMPLETE_OR_FORFEIT_OVER_HALF, "GEN 1.17"),
        "words_vs_chips": (WordsVsChips.CHIPS, "GEN 1.15"),
        "single_chip_facing_bet": (SingleChipFacingBet.CALL_OR_RAISE_IF_NOBODY_ACTED, "GEN 1.20"),
        "string_bet": (StringBet.FIRST_MOTION_ONLY, "GEN 1.19"),
        "tap": (Tap.CHECK, "GEN 1.15"),
        "substantial_action": (SubstantialAction.THREE_AFTER_OPENING_OR_TWO_WITH_RAISE, "GEN 1.9"),
        "premature_flop": (PrematureFlop.BURN_AGAIN, "GEN 1.13, 1.14"),
        "wrong_hole_cards_before_sa": (WrongHoleCards.VOID_HAND, "GEN 1.9"),
        "uncalled_after_muck": (UncalledAfterMuck.LOST_UNLESS_RETRIEVABLE, "GEN 1.16"),
        "right_to_see": (RightToSee.MUCKER_CONSENT, "GEN 1.25"),
    },
}
BOOK_KEYS = {
    "tda-2017": "TDA",
    "lfp": "LFP",
    "bannalec": "BAN",
    "gran-madrid": "GM",
    "generic": "GEN",
}


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def load_error(folder: Path, text: str, name: str = "club.toml") -> str:
    with pytest.raises(ProfileError) as caught:
        rules.load_file(write(folder, name, text))
    return str(caught.value)


# --- the shipped profiles ---------------------------------------------------------------------


def test_profile_ids_are_the_shipped_file_stems_root_first() -> None:
    shipped = resources.files("pokertd.rules") / "profiles"
    stems = {entry.name.removesuffix(".toml") for entry in shipped.iterdir()}
    assert rules.PROFILE_IDS == ("tda-2017", "lfp", "bannalec", "gran-madrid", "generic")
    assert stems == set(rules.PROFILE_IDS)


def test_field_types_are_the_profile_annotations() -> None:
    # the loader looks the annotations up by name instead of calling get_type_hints (too slow)
    hints = typing.get_type_hints(rules.Profile)
    assert _field_types() == {name: hints[name] for name in rules.Profile.rule_fields()}


@pytest.mark.parametrize("profile_id", rules.PROFILE_IDS)
def test_shipped_profile_values_and_articles(profile_id: str) -> None:
    profile = rules.load(profile_id)
    root = rules.load("tda-2017")
    assert profile.id == profile_id
    assert profile.book == BOOK_KEYS[profile_id]
    for name in RULE_FIELDS:
        source = profile.source(name)
        assert type(getattr(profile, name)) is FIELD_TYPES[name], name
        if name in BOOK_VALUES[profile_id]:
            value, article = BOOK_VALUES[profile_id][name]
            assert (getattr(profile, name), source.article) == (value, article), name
            assert source.profile == profile_id
            assert not profile.is_inherited(name)
        else:
            assert getattr(profile, name) == getattr(root, name), name
            assert source == root.source(name)
            assert profile.is_inherited(name)


@pytest.mark.parametrize("profile_id", rules.PROFILE_IDS)
def test_every_book_value_cites_its_book_and_has_a_note(profile_id: str) -> None:
    profile = rules.load(profile_id)
    key = BOOK_KEYS[profile_id]
    for name in BOOK_VALUES[profile_id]:
        source = profile.source(name)
        assert source.article.startswith((f"{key} ", f"{key}/")), (name, source.article)
        assert source.note.strip(), name


def test_tda_2017_is_the_root_and_the_others_extend_it() -> None:
    assert rules.load("tda-2017").extends is None
    for profile_id in rules.PROFILE_IDS[1:]:
        assert rules.load(profile_id).extends == "tda-2017"


def test_bet_reopen_bannalec_records_the_judgement_on_the_literal_reading() -> None:
    note = rules.load("bannalec").source("reopen").note
    assert "never-after-short-all-in" in note
    assert "Règle N° 23 du TDA" in note


@pytest.mark.parametrize("profile_id", rules.PROFILE_IDS)
def test_every_field_has_a_cited_source_from_its_chain(profile_id: str) -> None:
    profile = rules.load(profile_id)
    assert set(profile.sources) == set(RULE_FIELDS)
    for name in RULE_FIELDS:
        source = profile.source(name)
        assert source.article.strip(), name
        assert source.profile in {profile_id, "tda-2017"}, name
        assert profile.is_inherited(name) == (source.profile != profile_id), name


def test_btn_new_player_lfp_records_the_6_16_contradiction() -> None:
    note = rules.load("lfp").source("new_player_between_blinds").note
    assert "6.16" in note
    assert "catalogue §0.1 4" in note


def test_tbl_balance_threshold_gran_madrid_reads_more_than_three_literally() -> None:
    gran_madrid = rules.load("gran-madrid")
    assert gran_madrid.balance_max_difference == 3  # a difference of 4 triggers balancing
    assert "more than three" in gran_madrid.source("balance_max_difference").note
    assert (gran_madrid.late_balance_from_tables, gran_madrid.late_balance_max_difference) == (
        12,
        1,
    )
    lfp = rules.load("lfp")
    assert lfp.is_inherited("late_balance_from_tables")  # LFP 6.8's late option is per event
    assert "late_balance_from_tables" in lfp.source("balance_max_difference").note


def test_elim_hfh_start_gran_madrid_records_the_ex_54_ambiguity() -> None:
    note = rules.load("gran-madrid").source("hand_for_hand_start_busts").note
    assert "ambiguous (EX-54)" in note


def test_seat_late_absent_lfp_2_17_states_its_three_regimes() -> None:
    note = rules.load("lfp").source("absent_after_late_period").note
    assert all(
        regime in note for regime in ("free event (a", "paid event (b)", "Late registrants (c)")
    )


def test_pen_ladder_bannalec_gives_no_warning_for_a_first_fault() -> None:
    assert rules.load("tda-2017").first_fault_warning is True
    assert rules.load("bannalec").first_fault_warning is False
    assert rules.load("gran-madrid").is_inherited("first_fault_warning")


def test_load_is_cached_and_profiles_are_frozen_values() -> None:
    lfp = rules.load("lfp")
    assert rules.load("lfp") is lfp
    assert hash(lfp) == hash(rules.load("lfp"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        lfp.min_raise = MinRaise.LARGEST_INCREMENT  # type: ignore[misc]
    with pytest.raises(TypeError):
        lfp.sources["min_raise"] = lfp.sources["reopen"]  # type: ignore[index]


def test_unknown_profile_id_lists_the_shipped_ids() -> None:
    with pytest.raises(ProfileError) as caught:
        rules.load("lfpp")
    message = str(caught.value)
    assert "unknown profile 'lfpp'" in message
    assert "did you mean 'lfp'?" in message
    assert "tda-2017, lfp, bannalec, gran-madrid, generic" in message


# --- house profiles ---------------------------------------------------------------------------


def test_house_profile_extending_lfp(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "club.toml",
        'extends = "lfp"\n'
        '[reopen]\nvalue = "never-after-short-all-in"\nnote = "committee vote"\n'
        '[limit_raise_cap]\nvalue = 5\narticle = "Club rule 3"\n',
    )
    club = rules.load_file(path)
    assert (club.id, club.name, club.book, club.extends) == ("club", "club", "", "lfp")
    assert club.reopen is Reopen.NEVER_AFTER_SHORT_ALL_IN
    assert club.source("reopen") == rules.Source("club", "house rule", "committee vote")
    assert club.limit_raise_cap == 5
    assert club.source("limit_raise_cap").article == "Club rule 3"
    assert club.min_raise is MinRaise.DOUBLE_PREVIOUS
    assert club.source("min_raise").profile == "lfp"
    assert club.source("hilo_split").profile == "tda-2017"
    assert not club.is_inherited("reopen")
    assert club.is_inherited("min_raise")


def test_house_profile_overrides_the_tournament_fields(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "club.toml",
        'extends = "gran-madrid"\n'
        '[initial_button]\nvalue = "seat-one"\n'
        "[late_registration_levels]\nvalue = 4\n"
        "[late_registration_through_break]\nvalue = false\n"
        '[absent_after_late_period]\nvalue = "removed"\nnote = "a free event (LFP 2.17 a)"\n'
        '[quit_chips]\nvalue = "removed"\n'
        "[balance_max_difference]\nvalue = 2\n"
        "[late_balance_from_tables]\nvalue = 3\n"
        '[final_table_size]\nvalue = "table-size"\n'
        '[hand_start_event]\nvalue = "pot-award"\n'
        "[hand_for_hand_seconds]\nvalue = 90\n"
        "[day_end_stop_seconds]\nvalue = 0\n"
        "[first_fault_warning]\nvalue = false\n",
    )
    club = rules.load_file(path)
    assert club.initial_button is InitialButton.SEAT_ONE
    assert club.late_registration_levels == 4
    assert club.late_registration_through_break is False
    assert club.absent_after_late_period is AbsentAfterLatePeriod.REMOVED
    assert club.source("absent_after_late_period") == rules.Source(
        "club", "house rule", "a free event (LFP 2.17 a)"
    )
    assert club.quit_chips is QuitChips.REMOVED
    assert (club.balance_max_difference, club.late_balance_from_tables) == (2, 3)
    assert club.late_balance_max_difference == 1  # still gran-madrid's, within the new limit
    assert club.source("late_balance_max_difference").profile == "gran-madrid"
    assert club.final_table_size is FinalTableSize.TABLE_SIZE
    assert club.source("final_table_size").profile == "club"
    assert club.hand_start_event is HandStartEvent.POT_AWARD
    assert club.hand_for_hand_seconds == 90
    assert (club.day_end_stop_seconds, club.day_end_hands_min, club.day_end_hands_max) == (0, 3, 7)
    assert club.first_fault_warning is False
    assert club.late_entrant_waits_for_big_blind is True
    assert club.source("late_entrant_waits_for_big_blind").profile == "gran-madrid"
    assert club.source("hand_for_hand_seconds").article == "house rule"


def test_late_balance_limit_is_unchecked_without_a_late_rule(tmp_path: Path) -> None:
    path = write(tmp_path, "club.toml", "[late_balance_max_difference]\nvalue = 5\n")
    club = rules.load_file(path)
    assert (club.late_balance_from_tables, club.late_balance_max_difference) == (0, 5)


def test_house_profile_defaults_to_extending_tda_2017(tmp_path: Path) -> None:
    club = rules.load_file(write(tmp_path, "club.toml", 'id = "port"\nname = "Club du Port"\n'))
    assert (club.id, club.name, club.extends) == ("port", "Club du Port", "tda-2017")
    assert all(club.is_inherited(name) for name in RULE_FIELDS)


def test_house_profile_extends_another_file_by_relative_path(tmp_path: Path) -> None:
    (tmp_path / "league").mkdir()
    write(tmp_path / "league", "base.toml", 'extends = "bannalec"\n[limit_raise_cap]\nvalue = 3\n')
    path = write(
        tmp_path, "club.toml", 'extends = "league/base.toml"\n[odd_chip]\nvalue = "highest-card"\n'
    )
    club = rules.load_file(path)
    assert club.extends == "base"
    assert club.source("odd_chip").profile == "club"
    assert club.source("limit_raise_cap").profile == "base"
    assert club.source("ante_form").profile == "bannalec"
    assert club.ante_form is AnteForm.BIG_BLIND


def test_cycle_in_extends(tmp_path: Path) -> None:
    write(tmp_path, "b.toml", 'extends = "a.toml"\n')
    message = load_error(tmp_path, 'extends = "b.toml"\n', name="a.toml")
    a, b = tmp_path / "a.toml", tmp_path / "b.toml"
    assert message == f"{a}: cycle in extends: {a} -> {b} -> {a}"


def test_self_extension_is_a_cycle(tmp_path: Path) -> None:
    assert "cycle in extends" in load_error(tmp_path, 'extends = "club.toml"\n')


def test_each_house_profile_in_a_chain_needs_its_own_id(tmp_path: Path) -> None:
    write(tmp_path, "base.toml", 'id = "club"\n')
    message = load_error(tmp_path, 'extends = "base.toml"\n')
    assert "the id 'club' appears twice in extends" in message


def test_house_profile_may_not_take_a_shipped_id(tmp_path: Path) -> None:
    message = load_error(tmp_path, 'extends = "lfp"\n', name="lfp.toml")
    assert "id = 'lfp' is a shipped profile" in message


def test_house_profile_has_no_book(tmp_path: Path) -> None:
    assert "book is set only by the shipped book profiles" in load_error(tmp_path, 'book = "LFP"\n')


def test_extends_an_unknown_id(tmp_path: Path) -> None:
    message = load_error(tmp_path, 'extends = "tda2017"\n')
    assert "extends names an unknown profile 'tda2017' (did you mean 'tda-2017'?)" in message


def test_extends_a_missing_file(tmp_path: Path) -> None:
    message = load_error(tmp_path, 'extends = "nowhere.toml"\n')
    assert "nowhere.toml: cannot read the profile" in message


def test_missing_house_file(tmp_path: Path) -> None:
    with pytest.raises(ProfileError, match="cannot read the profile"):
        rules.load_file(tmp_path / "absent.toml")


# --- validation messages ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "[min_rise]\nvalue = 'double-previous'\n",
            "unknown field 'min_rise'; did you mean 'min_raise'?",
        ),
        ("zzz = 1\n", "unknown field 'zzz'; the fields are id, name, book, extends, min_raise"),
        (
            "[reopen]\nvalu = 'full-raise'\n",
            "[reopen] has an unknown key 'valu'; did you mean 'value'?",
        ),
        ("[reopen]\narticle = 'house rule'\n", "[reopen] has no value"),
        (
            "[min_raise]\nvalue = 'double'\n",
            "min_raise = 'double' is not allowed; "
            "use one of 'largest-increment', 'double-previous'",
        ),
        ("[min_raise]\nvalue = 2\n", "min_raise must be a string, not an integer"),
        ("[limit_raise_cap]\nvalue = '4'\n", "limit_raise_cap must be an integer, not a string"),
        ("[limit_raise_cap]\nvalue = true\n", "limit_raise_cap must be an integer, not a boolean"),
        ("[limit_raise_cap]\nvalue = 0\n", "limit_raise_cap must be at least 1, not 0"),
        (
            "[first_fault_warning]\nvalue = 1\n",
            "first_fault_warning must be a boolean (true or false), not an integer",
        ),
        (
            "[late_registration_through_break]\nvalue = 'true'\n",
            "late_registration_through_break must be a boolean (true or false), not a string",
        ),
        (
            "[day_end_hands_max]\nvalue = false\n",
            "day_end_hands_max must be an integer, not a boolean",
        ),
        ("[late_registration_levels]\nvalue = 1.5\n", "must be an integer, not a number"),
        ("[late_registration_levels]\nvalue = -1\n", "late_registration_levels must be at least 0"),
        (
            "[balance_max_difference]\nvalue = 0\n",
            "balance_max_difference must be at least 1, not 0",
        ),
        ("[hand_for_hand_seconds]\nvalue = 0\n", "hand_for_hand_seconds must be at least 1, not 0"),
        ("[clock_seconds]\nvalue = 0\n", "clock_seconds must be at least 1, not 0"),
        (
            "[clock_countdown_seconds]\nvalue = -1\n",
            "clock_countdown_seconds must be at least 0, not -1",
        ),
        (
            "[clock_minimum_wait_seconds]\nvalue = -30\n",
            "clock_minimum_wait_seconds must be at least 0, not -30",
        ),
        ("[clock_seconds]\nvalue = '30'\n", "clock_seconds must be an integer, not a string"),
        (
            "[last_aggressor_must_show]\nvalue = 'yes'\n",
            "last_aggressor_must_show must be a boolean (true or false), not a string",
        ),
        (
            "[undercall]\nvalue = 'complete'\n",
            "undercall = 'complete' is not allowed; use one of "
            "'full-call-heads-up-or-opening-else-td', 'complete-or-forfeit', "
            "'withdraw-if-unaware', 'complete-or-forfeit-over-half'",
        ),
        (
            "[right_to_see]\nvalue = 'anyone'\n",
            "right_to_see = 'anyone' is not allowed",
        ),
        ("[tap]\nvalue = 'fold'\n", "use one of 'check', 'check-after-flop-before-bet'"),
        (
            "[words_vs_chip]\nvalue = 'words'\n",
            "unknown field 'words_vs_chip'; did you mean 'words_vs_chips'?",
        ),
        (
            "[redraws]\nvalue = 'final'\n",
            "redraws = 'final' is not allowed; use one of 'none', 'final-table', 'by-field-size'",
        ),
        ("[initial_button]\nvalue = 'seat-ten'\n", "use one of 'card-draw', 'seat-one'"),
        (
            "[day_end_hands_min]\nvalue = 5\n[day_end_hands_max]\nvalue = 3\n",
            "day_end_hands_min = 5 is above day_end_hands_max = 3 (DAY-END)",
        ),
        (
            "extends = 'gran-madrid'\n[day_end_hands_min]\nvalue = 8\n",
            "day_end_hands_min = 8 is above day_end_hands_max = 7 (DAY-END)",
        ),
        (
            "[late_balance_from_tables]\nvalue = 4\n[late_balance_max_difference]\nvalue = 3\n",
            "late_balance_max_difference = 3 is above balance_max_difference = 2; "
            "the late limit may only be tighter (TBL-BALANCE-THRESHOLD)",
        ),
        ("min_raise = 'double-previous'\n", "min_raise must be a table [min_raise] with value"),
        (
            "[odd_chip]\nvalue = 'highest-card'\narticle = 3\n",
            "[odd_chip] article must be a string",
        ),
        (
            "[odd_chip]\nvalue = 'highest-card'\nnote = [1]\n",
            "[odd_chip] note must be a string, not an array",
        ),
        ("name = 3.5\n", "name must be a string, not a number"),
        ("id = ''\n", "id is empty"),
        ("extends = 1979-05-27\n", "extends must be a string, not a date or time"),
        ("[reopen\nvalue = 'full-raise'\n", "malformed TOML"),
    ],
)
def test_validation_message_names_the_file_and_field(
    tmp_path: Path, text: str, expected: str
) -> None:
    message = load_error(tmp_path, text)
    assert message.startswith(f"{tmp_path / 'club.toml'}: ")
    assert expected in message
    assert "\n" not in message


# --- shipped files that do not validate (the packaged files are replaced for these tests) -----


@pytest.fixture
def shipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A stand-in for rules/profiles/ holding copies of the shipped files, ready to be broken."""
    folder = tmp_path / "profiles"
    folder.mkdir()
    for entry in (resources.files("pokertd.rules") / "profiles").iterdir():
        write(folder, entry.name, entry.read_text(encoding="utf-8"))
    module = importlib.import_module("pokertd.rules.load")
    monkeypatch.setattr(module, "_PROFILES", folder)
    rules.load.cache_clear()
    yield folder
    rules.load.cache_clear()


def test_copied_shipped_files_load_the_same(shipped: Path) -> None:
    assert rules.load("lfp").min_raise is MinRaise.DOUBLE_PREVIOUS


def test_root_profile_must_set_every_field(shipped: Path) -> None:
    text = (shipped / "tda-2017.toml").read_text(encoding="utf-8")
    write(shipped, "tda-2017.toml", text.replace("[hilo_split]", "[hilo_split_removed]"))
    with pytest.raises(ProfileError, match="unknown field 'hilo_split_removed'"):
        rules.load("tda-2017")
    head, _, tail = text.partition("[hilo_split]")
    write(
        shipped,
        "tda-2017.toml",
        head + "[limit_raise_cap]" + tail.partition("[limit_raise_cap]")[2],
    )
    with pytest.raises(ProfileError) as caught:
        rules.load("lfp")
    assert str(caught.value) == (
        "tda-2017.toml: the root profile 'tda-2017' must set every field, "
        "but it does not set hilo_split"
    )


def test_book_profile_value_needs_an_article(shipped: Path) -> None:
    text = (shipped / "lfp.toml").read_text(encoding="utf-8")
    write(shipped, "lfp.toml", text.replace('article = "LFP 7.19"\n', ""))
    with pytest.raises(ProfileError) as caught:
        rules.load("lfp")
    assert str(caught.value) == (
        "lfp.toml: [reopen] has no article; a book profile cites one for each value it sets"
    )


def test_cycle_between_shipped_profiles(shipped: Path) -> None:
    text = (shipped / "lfp.toml").read_text(encoding="utf-8")
    write(shipped, "lfp.toml", text.replace('extends = "tda-2017"', 'extends = "bannalec"'))
    text = (shipped / "bannalec.toml").read_text(encoding="utf-8")
    write(shipped, "bannalec.toml", text.replace('extends = "tda-2017"', 'extends = "lfp"'))
    with pytest.raises(ProfileError) as caught:
        rules.load("lfp")
    assert str(caught.value) == "lfp.toml: cycle in extends: lfp.toml -> bannalec.toml -> lfp.toml"


@pytest.mark.parametrize(
    ("file_name", "old", "new", "expected"),
    [
        (
            "lfp.toml",
            'id = "lfp"',
            'id = "ligue"',
            "lfp.toml: id = 'ligue' must be the file stem 'lfp'",
        ),
        ("lfp.toml", 'book = "LFP"\n', "", "lfp.toml: book is missing"),
        (
            "lfp.toml",
            'extends = "tda-2017"',
            'extends = "base.toml"',
            "a shipped profile may extend only",
        ),
        (
            "tda-2017.toml",
            'book = "TDA"',
            'book = "TDA"\nextends = "lfp"',
            "'tda-2017' is the root profile",
        ),
    ],
)
def test_shipped_header_checks(
    shipped: Path, file_name: str, old: str, new: str, expected: str
) -> None:
    text = (shipped / file_name).read_text(encoding="utf-8")
    assert old in text
    write(shipped, file_name, text.replace(old, new))
    with pytest.raises(ProfileError) as caught:
        rules.load(file_name.removesuffix(".toml"))
    assert expected in str(caught.value)
