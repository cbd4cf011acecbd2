"""Loading the shipped profiles and house profiles, and every way a profile file can be wrong."""

from __future__ import annotations

import dataclasses
import importlib
import types
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest

from pokertd import rules
from pokertd.errors import ProfileError
from pokertd.rules import (
    AnteForm,
    BigBlindAnte,
    HiLoSplit,
    LimitCapHeadsUp,
    MinRaise,
    OddChip,
    Profile,
    Reopen,
)

RULE_FIELDS = Profile.rule_fields()

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
    },
    "lfp": {
        "min_raise": (MinRaise.DOUBLE_PREVIOUS, "LFP 7.11, 7.12, 7.13, 7.14"),
        "reopen": (Reopen.FULL_RAISE, "LFP 7.19"),
        "odd_chip": (OddChip.LEFT_OF_BUTTON, "LFP 8.13"),
    },
    "bannalec": {
        "reopen": (Reopen.FULL_RAISE, "BAN/ALLININF"),
        "ante_form": (AnteForm.BIG_BLIND, "BAN/BLINDS"),
        "big_blind_ante": (BigBlindAnte.BIG_BLIND_IF_SIX_ELSE_SMALL_BLIND, "BAN/BLINDS"),
    },
    "gran-madrid": {
        "min_raise": (MinRaise.LARGEST_INCREMENT, "GM 10°, 26°"),
        "odd_chip": (OddChip.LEFT_OF_BUTTON, "GM 3°"),
        "hilo_split": (HiLoSplit.PER_HALF, "GM 3°"),
        "limit_cap_heads_up": (LimitCapHeadsUp.KEPT, "GM 26°"),
    },
    "generic": {
        "odd_chip": (OddChip.HIGHEST_CARD, "GEN 1.30"),
        "hilo_split": (HiLoSplit.WHOLE_POT, "GEN 1.30"),
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


@pytest.mark.parametrize("profile_id", rules.PROFILE_IDS)
def test_shipped_profile_values_and_articles(profile_id: str) -> None:
    profile = rules.load(profile_id)
    root = rules.load("tda-2017")
    assert profile.id == profile_id
    assert profile.book == BOOK_KEYS[profile_id]
    for name in RULE_FIELDS:
        source = profile.source(name)
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
    monkeypatch.setattr(module, "resources", types.SimpleNamespace(files=lambda _: tmp_path))
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
