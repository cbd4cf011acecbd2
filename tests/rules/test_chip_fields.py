"""The profile fields for rebuys, add-ons, the chip race and simultaneous busts.

Each book's value and article is pinned in ``test_load.BOOK_VALUES``; this module checks that the
silences are inherited and named in the file headers, that the judgements are written in the
notes, and that a house profile can override the fields.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from pokertd import rules
from pokertd.errors import ProfileError
from pokertd.rules import (
    ChipRaceLateFound,
    ChipRaceProtection,
    ChipRaceRounding,
    ChipRaceStart,
    Profile,
    RebuyThreshold,
    SimultaneousBust,
)

BUY_FIELDS = ("rebuy_threshold", "rebuy_extra_hands", "addon_needs_chips")
CHIP_FIELDS = (
    "chip_race_start",
    "chip_race_rounding",
    "chip_race_max_one",
    "chip_race_protection",
    "chip_race_late_found",
)
FIELDS = (*BUY_FIELDS, *CHIP_FIELDS, "simultaneous_bust")


def header(profile_id: str) -> str:
    text = (resources.files("pokertd.rules") / "profiles" / f"{profile_id}.toml").read_text("utf-8")
    return " ".join(text.partition("\nid = ")[0].replace("#", " ").split())


def test_the_fields_come_before_the_floor_fields() -> None:
    fields = Profile.rule_fields()
    assert set(FIELDS) <= set(fields[: fields.index("first_fault_warning")])


@pytest.mark.parametrize("profile_id", rules.PROFILE_IDS)
@pytest.mark.parametrize("name", FIELDS)
def test_every_profile_answers_with_a_cited_and_explained_source(
    profile_id: str, name: str
) -> None:
    source = rules.load(profile_id).source(name)
    assert source.article.strip()
    assert source.note.strip()


@pytest.mark.parametrize(
    ("profile_id", "names"),
    [
        ("generic", FIELDS),
        ("bannalec", (*BUY_FIELDS, "simultaneous_bust")),
        ("gran-madrid", ("rebuy_threshold", "chip_race_max_one")),
    ],
)
def test_silent_books_inherit_and_say_so(profile_id: str, names: tuple[str, ...]) -> None:
    profile, root = rules.load(profile_id), rules.load("tda-2017")
    for name in names:
        assert profile.is_inherited(name), name
        assert getattr(profile, name) == getattr(root, name), name
        assert name in header(profile_id), name


def test_chip_count_rounding_tda_records_its_choice() -> None:
    tda = rules.load("tda-2017")
    assert tda.chip_race_rounding is ChipRaceRounding.HALF_UP
    assert "GM 2°" in tda.source("chip_race_rounding").note
    assert "24C" in tda.source("chip_race_rounding").note


def test_chip_no_elimination_bannalec_records_the_chip_on_top() -> None:
    note = rules.load("bannalec").source("chip_race_protection").note
    assert "on top" in note
    assert "l'un des jetons redistribués" in note


def test_chip_no_elimination_one_value_per_book() -> None:
    values = {
        profile_id: rules.load(profile_id).chip_race_protection
        for profile_id in ("tda-2017", "lfp", "bannalec", "gran-madrid")
    }
    assert values == {
        "tda-2017": ChipRaceProtection.SMALLEST_CHIP_IF_NONE,
        "lfp": ChipRaceProtection.ONE_OF_RACED_CHIPS,
        "bannalec": ChipRaceProtection.NEW_CHIP_IF_NONE,
        "gran-madrid": ChipRaceProtection.ONE_CHIP_AFTER_RACE,
    }


def test_buy_and_elim_judgements_are_written() -> None:
    tda = rules.load("tda-2017")
    assert tda.rebuy_threshold is RebuyThreshold.STACK_ZERO
    assert "sets no threshold" in tda.source("rebuy_threshold").note
    assert tda.simultaneous_bust is SimultaneousBust.START_STACK
    assert "no general rule" in tda.source("simultaneous_bust").note
    assert "ambiguous" in rules.load("lfp").source("rebuy_extra_hands").note


def test_house_profile_overrides_the_fields(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text(
        'extends = "lfp"\n'
        '[rebuy_threshold]\nvalue = "at-or-below-starting"\n'
        "[rebuy_extra_hands]\nvalue = 0\n"
        '[chip_race_start]\nvalue = "dealer-left"\nnote = "dealerless, LFP 10.1"\n'
        '[chip_race_rounding]\nvalue = "half-up"\n'
        "[chip_race_max_one]\nvalue = false\n"
        '[chip_race_late_found]\nvalue = "exchanged-equal-value"\n'
        '[simultaneous_bust]\nvalue = "split-across-tables"\n',
        encoding="utf-8",
    )
    club = rules.load_file(path)
    assert club.rebuy_threshold is RebuyThreshold.AT_OR_BELOW_STARTING
    assert club.rebuy_extra_hands == 0
    assert club.chip_race_start is ChipRaceStart.DEALER_LEFT
    assert club.source("chip_race_start") == rules.Source(
        "club", "house rule", "dealerless, LFP 10.1"
    )
    assert club.chip_race_rounding is ChipRaceRounding.HALF_UP
    assert club.chip_race_max_one is False
    assert club.chip_race_late_found is ChipRaceLateFound.EXCHANGED_EQUAL_VALUE
    assert club.simultaneous_bust is SimultaneousBust.SPLIT_ACROSS_TABLES
    assert club.chip_race_protection is ChipRaceProtection.ONE_OF_RACED_CHIPS  # from lfp
    assert club.source("addon_needs_chips").profile == "lfp"


def test_bad_values_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text('[chip_race_rounding]\nvalue = "floor"\n', encoding="utf-8")
    with pytest.raises(ProfileError) as e:
        rules.load_file(path)
    assert "'ceil', 'half-up'" in str(e.value)
    path.write_text("[rebuy_extra_hands]\nvalue = -1\n", encoding="utf-8")
    with pytest.raises(ProfileError, match="rebuy_extra_hands must be at least 0"):
        rules.load_file(path)
