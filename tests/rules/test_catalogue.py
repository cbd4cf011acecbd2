"""The rule ids in ``pokertd.rules.catalogue`` match the rules catalogue: ``tests/data/spec/``
holds a copy of ``shared/spec/rules-catalogue.md``, so that a clone anywhere runs this test.

The catalogue data in the package was generated once from the Markdown; ``catalogue_headings``
below is the parser it came from, kept so that this test fails when the two drift apart.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pokertd.errors import NotFoundError
from pokertd.rules import Profile, catalogue

CATALOGUE = Path(__file__).resolve().parents[1] / "data" / "spec" / "rules-catalogue.md"
RULE_ID = re.compile(r"[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+")
# Titles pokertd words differently from the catalogue heading, on purpose.
RETITLED = {
    "BET-REOPEN",  # the heading is a question: "Does an incomplete all-in reopen the betting?"
    "HFH-TRIGGER",  # the heading is a cross-reference: "...: see ELIM-HFH-START."
}


def catalogue_headings(text: str) -> dict[str, str]:
    """Return every rule id of the catalogue with its heading title ("" when it has none).

    Rule headings are "### ID — Title", "### ID (LFP 2.6)", "#### ID", or several ids joined by
    " / "; section 16 lists its Stud ids as bullets, "- **STUD-X:** ...".
    """
    found: dict[str, str] = {}
    for line in text.splitlines():
        if heading := re.match(r"#{3,4} (.*)", line):
            names, _, heading_title = heading.group(1).partition(" — ")
            for name in re.sub(r"\(.*?\)", "", names).split("/"):
                if RULE_ID.fullmatch(name.strip()):
                    found[name.strip()] = heading_title.strip()
        elif bullet := re.match(r"- \*\*(STUD-[A-Z0-9-]+):\*\*", line):
            found[bullet.group(1)] = ""
    return found


@pytest.fixture(scope="module")
def headings() -> dict[str, str]:
    assert CATALOGUE.exists(), f"the rules catalogue must sit next to the repository: {CATALOGUE}"
    return catalogue_headings(CATALOGUE.read_text(encoding="utf-8"))


def test_every_catalogue_rule_id_is_in_the_package_and_back(headings: dict[str, str]) -> None:
    assert len(headings) == 172  # "172 rule IDs in sections 1–16", says the catalogue
    assert set(catalogue.RULE_IDS) == set(headings)
    assert list(catalogue.RULE_IDS) == list(headings)


def test_titles_follow_the_catalogue_headings(headings: dict[str, str]) -> None:
    for rule_id, heading_title in headings.items():
        assert catalogue.title(rule_id).strip()
        if heading_title and rule_id not in RETITLED:
            assert catalogue.title(rule_id) == heading_title, rule_id


def test_multi_id_headings_and_stud_bullets_are_included() -> None:
    for rule_id in ("DEAL-JOKER", "DEAL-DEFECTIVE-DECK", "DEAL-DECK-SCRAMBLED"):
        assert rule_id in catalogue.RULE_IDS
    assert {"BET-CHIPS-COMMITTED", "BET-WITHDRAW", "STUD-BRINGIN-ABSENT"} <= set(catalogue.RULE_IDS)


def test_engine_rules_are_separate_and_titled() -> None:
    assert set(catalogue.ENGINE_RULES) == {
        "ENGINE-LIMIT-SIZE",
        "ENGINE-BRING-IN",
        "ENGINE-STACK",
        "ENGINE-STATE",
        "ENGINE-DEAL",
        "EVENT-STATE",
        "EVENT-LIVE-HAND",
        "EVENT-STRUCTURE",
    }
    assert not set(catalogue.ENGINE_RULES) & set(catalogue.RULE_IDS)
    for rule_id, rule_title in catalogue.ENGINE_RULES.items():
        assert catalogue.title(rule_id) == rule_title
        assert catalogue.is_known(rule_id)
        assert dict(catalogue.articles(rule_id)) == {}
        assert catalogue.citation(rule_id) == ""


def test_unknown_rule_id_raises_not_found_with_a_suggestion() -> None:
    with pytest.raises(
        NotFoundError, match=r"unknown rule id 'BET-REOPENS'; did you mean 'BET-REOPEN'\?"
    ):
        catalogue.title("BET-REOPENS")
    with pytest.raises(NotFoundError, match=r"unknown rule id 'nothing'$"):
        catalogue.articles("nothing")
    assert not catalogue.is_known("nothing")


def test_articles_are_keyed_by_book() -> None:
    for rule_id in catalogue.RULE_IDS:
        by_book = catalogue.articles(rule_id)
        assert set(by_book) <= set(catalogue.BOOKS), rule_id
        assert all(by_book.values()), rule_id
    assert dict(catalogue.articles("ANTE-BB")) == {"BAN": "BLINDS"}
    assert catalogue.articles("BTN-ABSENT-POSTS")["BAN"] == "RETARD, ABSENT, SANCTIONS"
    assert catalogue.citation("BET-MINRAISE-SHORT-ALLIN") == "TDA Add.47; LFP 7.12, 7.13, 7.14"


def test_every_profile_field_names_catalogue_rules() -> None:
    assert tuple(catalogue.PROFILE_FIELD_RULES) == Profile.rule_fields()
    for rule_ids in catalogue.PROFILE_FIELD_RULES.values():
        assert rule_ids
        assert rule_ids[0] in catalogue.RULE_IDS  # the catalogue's; pokertd's own rules after
        assert all(catalogue.is_known(rule_id) for rule_id in rule_ids)


def test_the_time_bank_is_pokertds_own_rule_without_articles() -> None:
    """CLK-TIMEBANK: no book speaks of a time bank (docs/judgements.md, "Time bank")."""
    assert catalogue.title("CLK-TIMEBANK").startswith("A time bank")
    assert "CLK-TIMEBANK" not in catalogue.RULE_IDS
    assert dict(catalogue.articles("CLK-TIMEBANK")) == {}


def test_draw_rules_cite_the_generic_book_and_stay_apart() -> None:
    """Issue 19: the catalogue has no rule for the draw games (TDA leaves them to local rules);
    pokertd adds its ids with the generic book's articles on dealing."""
    assert set(catalogue.DRAW_RULES) == {
        "DRAW-ORDER",
        "DRAW-DISCARD",
        "DRAW-BURN",
        "DRAW-DECK-SHORT",
        "DRAW-OPEN-OR-FOLD",
    }
    assert not set(catalogue.DRAW_RULES) & set(catalogue.RULE_IDS)
    for rule_id in catalogue.DRAW_RULES:
        assert catalogue.is_known(rule_id)
        assert set(catalogue.articles(rule_id)) == {"GEN"}
    assert catalogue.citation("DRAW-DECK-SHORT") == "GEN 1.7, 1.13"
    assert catalogue.citation("DRAW-OPEN-OR-FOLD") == "GEN 1.21"
