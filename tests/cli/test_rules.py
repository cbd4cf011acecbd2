"""``pokertd rules list`` and ``pokertd rules show``, run in-process with click's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from pokertd import rules
from pokertd.cli.main import cli
from pokertd.rules import Profile
from pokertd.rules.docs import display_value

FIELDS = Profile.rule_fields()


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, ["rules", *args])


def assert_one_line_error(result: Result, *fragments: str) -> None:
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    assert result.stderr.startswith("error: ")
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.output
    for fragment in fragments:
        assert fragment in result.stderr


def test_rules_is_registered_on_the_main_group() -> None:
    result = CliRunner().invoke(cli, ["--help"])
    assert result.exit_code == 0
    assert "rules" in result.stdout


def test_list_prints_an_aligned_table_of_the_shipped_profiles() -> None:
    result = run("list")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["id", "book", "extends", "name"]
    assert [line.split()[0] for line in lines[1:]] == list(rules.PROFILE_IDS)
    assert lines[2].split()[:3] == ["lfp", "LFP", "tda-2017"]
    assert len({line.index(line.split()[1]) for line in lines}) == 1  # the book column is aligned


def test_list_json() -> None:
    result = run("list", "--json")
    assert result.exit_code == 0
    listed = json.loads(result.stdout)
    assert [item["id"] for item in listed] == list(rules.PROFILE_IDS)
    assert listed[0] == {
        "id": "tda-2017",
        "name": rules.load("tda-2017").name,
        "book": "TDA",
        "extends": None,
    }
    assert all(set(item) == {"id", "name", "book", "extends"} for item in listed)


@pytest.mark.parametrize("profile_id", rules.PROFILE_IDS)
def test_show_every_profile(profile_id: str) -> None:
    profile = rules.load(profile_id)
    result = run("show", profile_id)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == f"{profile.id}: {profile.name}"
    table = lines[: lines.index("notes:")] if "notes:" in lines else lines
    rows = {line.split()[0]: line for line in table if line.split() and line.split()[0] in FIELDS}
    assert list(rows) == list(FIELDS)
    for name, row in rows.items():
        assert row.split()[1] == display_value(profile, name)
        source = profile.source(name)
        if profile.is_inherited(name):
            assert f"inherited from {source.profile} ({source.article})" in row
        else:
            assert row.rstrip().endswith(source.article)
    assert "notes:" in lines


def test_show_marks_inherited_values() -> None:
    result = run("show", "lfp")
    rows = {line.split()[0]: line for line in result.stdout.splitlines() if line.strip()}
    assert "inherited from tda-2017" in rows["hilo_split"]
    assert "inherited" not in rows["min_raise"]
    assert "inherited from" not in run("show", "tda-2017").stdout.split("notes:")[0]


@pytest.mark.parametrize("profile_id", rules.PROFILE_IDS)
def test_show_json_shape(profile_id: str) -> None:
    profile = rules.load(profile_id)
    result = run("show", profile_id, "--json")
    assert result.exit_code == 0
    shown = json.loads(result.stdout)
    assert set(shown) == {"id", "name", "book", "extends", "fields"}
    assert (shown["id"], shown["book"], shown["extends"]) == (
        profile.id,
        profile.book,
        profile.extends,
    )
    assert list(shown["fields"]) == list(FIELDS)
    for name, entry in shown["fields"].items():
        assert set(entry) == {"value", "article", "inherited_from", "note"}
        source = profile.source(name)
        assert entry["article"] == source.article
        assert entry["note"] == source.note
        assert entry["inherited_from"] == (source.profile if profile.is_inherited(name) else None)


def test_show_json_values_for_lfp() -> None:
    fields = json.loads(run("show", "lfp", "--json").stdout)["fields"]
    assert fields["min_raise"] == {
        "value": "double-previous",
        "article": "LFP 7.11, 7.12, 7.13, 7.14",
        "inherited_from": None,
        "note": rules.load("lfp").source("min_raise").note,
    }
    assert fields["hilo_split"]["inherited_from"] == "tda-2017"
    assert fields["hilo_split"]["article"] == "TDA 20C, Add.20"
    assert fields["limit_raise_cap"]["value"] == 4


def test_show_house_profile_file_extending_lfp(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text(
        'name = "Club du Port"\nextends = "lfp"\n[reopen]\nvalue = "never-after-short-all-in"\n',
        encoding="utf-8",
    )
    result = run("show", str(path))
    assert result.exit_code == 0, result.output
    rows = {line.split()[0]: line for line in result.stdout.splitlines() if line.strip()}
    assert rows["club:"] == "club: Club du Port"
    assert "book: house profile; extends: lfp" in result.stdout
    assert rows["reopen"].split()[1:] == ["never-after-short-all-in", "house", "rule"]
    assert "inherited from lfp (LFP 7.11, 7.12, 7.13, 7.14)" in rows["min_raise"]
    assert "inherited from tda-2017" in rows["hilo_split"]
    shown = json.loads(run("show", str(path), "--json").stdout)
    assert (shown["id"], shown["book"], shown["extends"]) == ("club", "", "lfp")
    assert shown["fields"]["min_raise"]["inherited_from"] == "lfp"
    assert shown["fields"]["reopen"]["inherited_from"] is None


def test_show_unknown_id() -> None:
    assert_one_line_error(
        run("show", "lfpp"),
        "unknown profile 'lfpp'",
        "did you mean 'lfp'?",
        "tda-2017, lfp, bannalec, gran-madrid, generic",
    )


def test_show_malformed_toml(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text("[reopen\nvalue = 'full-raise'\n", encoding="utf-8")
    assert_one_line_error(run("show", str(path)), f"error: {path}: malformed TOML")


def test_show_bad_enum_value(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text("[odd_chip]\nvalue = 'button'\n", encoding="utf-8")
    assert_one_line_error(
        run("show", str(path), "--json"),
        "odd_chip = 'button' is not allowed; use one of 'left-of-button', 'highest-card'",
    )


def test_show_missing_file(tmp_path: Path) -> None:
    assert_one_line_error(run("show", str(tmp_path / "absent.toml")), "cannot read the profile")
