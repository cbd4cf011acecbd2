"""The profile fields the floor rulings read: chips pushed, words said, irregularities, the clock.

Each field's value per book is pinned in ``test_load.BOOK_VALUES``; this module checks what the
floor relies on beyond that: every profile answers every question with a cited source, the books'
silences are inherited, house profiles can override, and the judgements are written down.
"""

from __future__ import annotations

import typing
from enum import StrEnum
from importlib import resources
from pathlib import Path

import pytest

from pokertd import rules
from pokertd.rules import (
    AbsentCheckMoment,
    ActionWhileStanding,
    ClockCaller,
    ClockExpiry,
    ExposedOwnCards,
    PlusAmount,
    Profile,
    RightToSee,
    ShowOrder,
    StringBet,
    SubstantialAction,
    Tap,
    Undercall,
    WordsVsChips,
    catalogue,
)

FLOOR_FIELDS = (
    "undercall",
    "bet_correction_window",
    "ambiguous_amount",
    "plus_amount",
    "words_vs_chips",
    "single_chip_facing_bet",
    "single_chip_opening",
    "multi_chip_call_test",
    "string_bet",
    "tap",
    "substantial_action",
    "out_of_turn_after_sa",
    "conditional_statement",
    "four_card_flop",
    "premature_flop",
    "wrong_hole_cards_before_sa",
    "clock_caller",
    "clock_seconds",
    "clock_countdown_seconds",
    "clock_minimum_wait_seconds",
    "clock_expiry",
    "absent_check_moment",
    "action_while_standing",
    "exposed_own_cards",
    "device_with_live_hand",
    "uncalled_after_muck",
    "show_order_no_river_bet",
    "last_aggressor_must_show",
    "right_to_see",
)
FIELD_TYPES = typing.get_type_hints(Profile)
CLOCK_FIELDS = (
    "clock_caller",
    "clock_seconds",
    "clock_countdown_seconds",
    "clock_minimum_wait_seconds",
    "clock_expiry",
)
# GEN cells that are "text missing" (catalogue §0.1 1): inherited, and named in generic.toml.
GEN_TEXT_MISSING = (
    "out_of_turn_after_sa",
    "show_order_no_river_bet",
    "last_aggressor_must_show",
    *CLOCK_FIELDS,
)


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def header(profile_id: str) -> str:
    """Return the comment block at the top of a shipped profile file."""
    text = (resources.files("pokertd.rules") / "profiles" / f"{profile_id}.toml").read_text("utf-8")
    return text.partition("\nid = ")[0]


def test_floor_fields_are_the_profile_fields_after_the_tournament_ones() -> None:
    fields = Profile.rule_fields()
    assert fields[fields.index("first_fault_warning") + 1 :] == FLOOR_FIELDS


@pytest.mark.parametrize("profile_id", rules.PROFILE_IDS)
@pytest.mark.parametrize("name", FLOOR_FIELDS)
def test_every_profile_answers_every_floor_field_with_a_source(profile_id: str, name: str) -> None:
    profile = rules.load(profile_id)
    assert type(getattr(profile, name)) is FIELD_TYPES[name]
    source = profile.source(name)
    assert source.article.strip()
    assert source.note.strip()  # tda-2017 sets every field with a note, the books theirs
    assert source.profile in {profile_id, "tda-2017"}


def test_enum_docstrings_name_the_rule_ids_of_their_field() -> None:
    for name in Profile.rule_fields():
        field_type = FIELD_TYPES[name]
        if isinstance(field_type, type) and issubclass(field_type, StrEnum):
            ids = ", ".join(catalogue.PROFILE_FIELD_RULES[name])
            assert (field_type.__doc__ or "").startswith(f"{ids} ("), name


@pytest.mark.parametrize("name", GEN_TEXT_MISSING)
def test_generic_inherits_its_text_missing_cells_and_says_so(name: str) -> None:
    generic, root = rules.load("generic"), rules.load("tda-2017")
    assert generic.is_inherited(name)
    assert getattr(generic, name) == getattr(root, name)
    assert generic.source(name) == root.source(name)
    assert name in header("generic")


def test_books_silent_on_a_ruling_inherit_it() -> None:
    bannalec, gran_madrid = rules.load("bannalec"), rules.load("gran-madrid")
    # BAN leaves dealing irregularities to an outside document.
    for name in ("substantial_action", "four_card_flop", "premature_flop", "uncalled_after_muck"):
        assert bannalec.is_inherited(name), name
    # GM 39° defines string bets but states no consequence; GM has no substantial action.
    assert gran_madrid.is_inherited("string_bet")
    assert gran_madrid.string_bet is StringBet.CALL
    assert gran_madrid.source("string_bet").article == "TDA 56"
    assert gran_madrid.is_inherited("substantial_action")
    assert "string_bet" in header("gran-madrid")


@pytest.mark.parametrize(
    ("profile_id", "seconds", "countdown", "wait", "total"),
    [
        ("tda-2017", 25, 5, 0, 30),
        ("lfp", 60, 10, 0, 70),
        ("bannalec", 50, 10, 0, 60),
        ("gran-madrid", 60, 10, 120, 70),
        ("generic", 25, 5, 0, 30),  # club-defined in GEN 1.35: inherited
    ],
)
def test_clk_duration_per_book(
    profile_id: str, seconds: int, countdown: int, wait: int, total: int
) -> None:
    profile = rules.load(profile_id)
    assert (
        profile.clock_seconds,
        profile.clock_countdown_seconds,
        profile.clock_minimum_wait_seconds,
    ) == (seconds, countdown, wait)
    assert profile.clock_seconds + profile.clock_countdown_seconds == total


def test_clk_expiry_only_tda_checks_a_player_not_facing_a_bet() -> None:
    assert rules.load("tda-2017").clock_expiry is ClockExpiry.DEAD_IF_FACING_BET_ELSE_CHECK
    for profile_id in ("lfp", "bannalec", "gran-madrid"):
        assert rules.load(profile_id).clock_expiry is ClockExpiry.DEAD
    assert rules.load("gran-madrid").clock_caller is ClockCaller.PLAYER_AFTER_TWO_MINUTES


def test_bet_verbal_total_tda_records_the_translators_addition() -> None:
    tda = rules.load("tda-2017")
    assert tda.plus_amount is PlusAmount.INCREMENT
    note = tda.source("plus_amount").note
    assert "translator's addition" in note
    assert "catalogue §0.1" in note
    assert rules.load("lfp").plus_amount is PlusAmount.TOTAL


def test_show_exposed_during_hand_bannalec_records_the_suppression_marker() -> None:
    bannalec = rules.load("bannalec")
    assert bannalec.exposed_own_cards is ExposedOwnCards.DEAD
    note = bannalec.source("exposed_own_cards").note
    assert '"Suppression"' in note
    assert "catalogue §0.1 5" in note


def test_show_order_books_that_differ_coincide_in_flop_games() -> None:
    assert rules.load("gran-madrid").show_order_no_river_bet is ShowOrder.LEFT_OF_BUTTON
    assert rules.load("lfp").show_order_no_river_bet is ShowOrder.FIRST_TO_ACT
    assert "coincide" in rules.load("tda-2017").source("show_order_no_river_bet").note
    assert "flop games" in rules.load("gran-madrid").source("show_order_no_river_bet").note


def test_show_last_aggressor_must_show_is_a_boolean_per_book() -> None:
    musts = {
        profile_id: rules.load(profile_id).last_aggressor_must_show
        for profile_id in rules.PROFILE_IDS
    }
    assert musts == {
        "tda-2017": False,
        "lfp": False,
        "bannalec": True,
        "gran-madrid": True,
        "generic": False,
    }
    assert rules.load("bannalec").right_to_see is RightToSee.LAST_RAISER_MUST_SHOW


def test_judgements_are_written_where_the_books_are_ambiguous() -> None:
    notes = {
        (profile_id, name): rules.load(profile_id).source(name).note
        for profile_id, name in [
            ("gran-madrid", "single_chip_opening"),
            ("gran-madrid", "exposed_own_cards"),
            ("generic", "wrong_hole_cards_before_sa"),
            ("generic", "undercall"),
            ("tda-2017", "wrong_hole_cards_before_sa"),
            ("lfp", "premature_flop"),
            ("tda-2017", "string_bet"),
        ]
    }
    assert "ambiguous" in notes["gran-madrid", "single_chip_opening"]
    assert "ambiguous" in notes["gran-madrid", "exposed_own_cards"]
    assert "text missing" in notes["generic", "wrong_hole_cards_before_sa"]
    assert "text missing" in notes["generic", "undercall"]
    assert '"not limited to"' in notes["tda-2017", "wrong_hole_cards_before_sa"]
    assert "TDA PR-5A" in notes["lfp", "premature_flop"]
    assert "55A" in notes["tda-2017", "string_bet"]


def test_house_profile_overrides_floor_fields(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "club.toml",
        'extends = "lfp"\n'
        '[undercall]\nvalue = "full-call-heads-up-or-opening-else-td"\n'
        '[words_vs_chips]\nvalue = "first"\nnote = "as in TDA 40A"\n'
        '[tap]\nvalue = "check"\n'
        '[substantial_action]\nvalue = "two-actions-one-with-chips-or-three"\n'
        '[clock_caller]\nvalue = "dealer-or-player-dealer-approves"\n'
        "[clock_seconds]\nvalue = 1\n"
        "[clock_countdown_seconds]\nvalue = 0\n"
        "[clock_minimum_wait_seconds]\nvalue = 90\n"
        '[action_while_standing]\nvalue = "penalty"\n'
        '[exposed_own_cards]\nvalue = "dead"\narticle = "Club rule 7"\n'
        "[last_aggressor_must_show]\nvalue = true\n",
    )
    club = rules.load_file(path)
    assert club.undercall is Undercall.FULL_CALL_HEADS_UP_OR_OPENING_ELSE_TD
    assert club.words_vs_chips is WordsVsChips.FIRST
    assert club.source("words_vs_chips") == rules.Source("club", "house rule", "as in TDA 40A")
    assert club.tap is Tap.CHECK
    assert club.substantial_action is SubstantialAction.TWO_ACTIONS_ONE_WITH_CHIPS_OR_THREE
    assert club.clock_caller is ClockCaller.DEALER_OR_PLAYER_DEALER_APPROVES
    # The smallest values allowed: one second, no countdown.
    assert (club.clock_seconds, club.clock_countdown_seconds) == (1, 0)
    assert club.clock_minimum_wait_seconds == 90
    assert club.action_while_standing is ActionWhileStanding.PENALTY
    assert club.exposed_own_cards is ExposedOwnCards.DEAD
    assert club.source("exposed_own_cards").article == "Club rule 7"
    assert club.last_aggressor_must_show is True
    # What the club does not set comes from lfp, or from tda-2017 where LFP is silent.
    assert club.absent_check_moment is AbsentCheckMoment.LAST_CARD_OF_DEAL
    assert club.source("absent_check_moment").profile == "lfp"
    assert club.source("clock_expiry").profile == "lfp"
    assert not club.is_inherited("clock_seconds")


def test_house_profile_on_gran_madrid_keeps_its_two_minute_wait(tmp_path: Path) -> None:
    write(tmp_path, "league.toml", 'extends = "gran-madrid"\n[clock_seconds]\nvalue = 45\n')
    path = write(
        tmp_path,
        "club.toml",
        'extends = "league.toml"\n[string_bet]\nvalue = "first-motion-only"\n',
    )
    club = rules.load_file(path)
    assert club.clock_seconds == 45
    assert club.source("clock_seconds").profile == "league"
    assert club.clock_minimum_wait_seconds == 120
    assert club.source("clock_minimum_wait_seconds").profile == "gran-madrid"
    assert club.string_bet is StringBet.FIRST_MOTION_ONLY
    assert club.source("tap").profile == "tda-2017"
