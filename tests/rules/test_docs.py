"""The profile pages in docs/profiles/ are generated, and docs/rules.md documents every field."""

from __future__ import annotations

import re
from enum import StrEnum
from pathlib import Path
from typing import get_type_hints

from pokertd import rules
from pokertd.rules import Profile, catalogue
from pokertd.rules.docs import REGENERATE, pages

DOCS = Path(__file__).resolve().parents[2] / "docs"
RULES_MD = DOCS / "rules.md"


def test_committed_profile_pages_match_the_toml() -> None:
    generated = pages()
    committed = {path.name for path in (DOCS / "profiles").glob("*.md")}
    stale = [
        name
        for name, text in generated.items()
        if not (DOCS / "profiles" / name).exists()
        or (DOCS / "profiles" / name).read_text(encoding="utf-8") != text
    ]
    assert not stale, (
        f"docs/profiles/ is out of date ({', '.join(stale)}); "
        f"regenerate it from the repository root with `{REGENERATE}`"
    )
    extra = committed - set(generated)
    assert not extra, f"docs/profiles/ has pages for no shipped profile: {sorted(extra)}"


def test_profile_page_marks_inherited_values() -> None:
    page = pages()["lfp.md"]
    assert "| `min_raise` | `double-previous` | LFP 7.11, 7.12, 7.13, 7.14 |" in page
    assert "| `ante_form` | `each-player` | inherited from tda-2017 (TDA 30, 71C) |" in page
    assert "inherited from" not in pages()["tda-2017.md"]


def test_profile_page_writes_booleans_and_integers_as_in_toml() -> None:
    assert "| `first_fault_warning` | `false` | BAN/SANCTIONS |" in pages()["bannalec.md"]
    gran_madrid = pages()["gran-madrid.md"]
    assert "| `late_registration_through_break` | `true` | GM 43° |" in gran_madrid
    assert "| `day_end_stop_seconds` | `900` | GM 42° |" in gran_madrid
    assert "### `first_fault_warning`: `true`" in gran_madrid
    assert "`True`" not in gran_madrid
    assert "`False`" not in gran_madrid


def test_profile_pages_show_the_floor_ruling_fields() -> None:
    bannalec = pages()["bannalec.md"]
    assert "| `clock_seconds` | `50` | BAN/TIME | CLK-DURATION |" in bannalec
    assert "| `last_aggressor_must_show` | `true` | BAN/ABATTAGE |" in bannalec
    assert (
        "| `substantial_action` | `two-actions-one-with-chips-or-three` | "
        "inherited from tda-2017 (TDA 36) | DEAL-SA-DEFINITION |"
    ) in bannalec
    generic = pages()["generic.md"]
    assert "| `clock_expiry` | `dead-if-facing-bet-else-check` | inherited from tda-2017" in generic
    assert "| `exposed_own_cards` | `live-penalty-next-hand` | TDA 68 | " in pages()["tda-2017.md"]


def test_every_rule_field_is_documented_with_its_values_and_rule_ids() -> None:
    text = RULES_MD.read_text(encoding="utf-8")
    hints = get_type_hints(Profile)
    for name in Profile.rule_fields():
        row = next((line for line in text.splitlines() if line.startswith(f"| `{name}` |")), None)
        assert row is not None, f"docs/rules.md has no row for the field {name!r}"
        for rule_id in catalogue.PROFILE_FIELD_RULES[name]:
            assert rule_id in row, (name, rule_id)
        field_type = hints[name]
        if isinstance(field_type, type) and issubclass(field_type, StrEnum):
            for member in field_type:
                assert f"`{member.value}`" in row, (name, member.value)
                assert f"- `{member.value}`:" in text, (name, member.value)
        elif field_type is bool:
            assert "| `true`, `false` |" in row, name
        else:
            assert field_type is int, name
            assert "| an integer, at least " in row, name
        assert f"`{name}`" in text.partition("The values in detail:")[2], name


def test_every_shipped_profile_is_listed_in_rules_md() -> None:
    text = RULES_MD.read_text(encoding="utf-8")
    for profile_id in rules.PROFILE_IDS:
        assert f"| `{profile_id}` |" in text
        assert f"(profiles/{profile_id}.md)" in text


def test_house_profile_example_in_rules_md_loads(tmp_path: Path) -> None:
    text = RULES_MD.read_text(encoding="utf-8")
    blocks = re.findall(r"```toml\n(.*?)```", text, flags=re.DOTALL)
    example = next(block for block in blocks if block.startswith("# club.toml"))
    path = tmp_path / "club.toml"
    path.write_text(example, encoding="utf-8")
    club = rules.load_file(path)
    assert (club.id, club.extends, club.book) == ("club", "lfp", "")
    assert club.reopen is rules.Reopen.NEVER_AFTER_SHORT_ALL_IN
    assert club.limit_raise_cap == 5
    assert club.source("limit_raise_cap").article == "house rule"
    assert club.source("min_raise").profile == "lfp"
