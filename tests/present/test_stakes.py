"""A level's stakes in words (``present.stakes``) from its JSON (``service.documents.level_json``):
a stud level shows its limits, ante and bring-in (TBL-MIXED-BUTTON, TDA 10B: no blind), a
fixed-limit flop or draw level its limits and blinds, a no-limit level nothing (its blinds are
written by the page as before)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokertd.present.stakes import bets_text, level_words
from pokertd.service.documents import level_in_force, level_json
from pokertd.tournament.structure import Break, Level, Structure, stud_bets

NBSP = "\u202f"  # the French thousands separator


def horse(bring_in: int | None = None) -> Structure:
    """A HORSE turn of five levels, a break before razz that colours up the 25s."""
    return Structure(
        (
            Level(100, 200, game="flhe"),
            Level(150, 300, 50, game="flo8"),
            Break(10, colour_up=(25,)),
            Level(500, 1000, game="razz", bring_in=bring_in),
            Level(500, 1000, 200, game="stud"),
            Level(1000, 2000, game="stud8"),
            Level(1000, 2000, game="nlhe"),
        ),
        chips=(25, 100, 500),
        starting_stack=20_000,
    )


def test_tbl_mixed_button_a_stud_level_shows_limits_ante_and_bring_in_in_both_languages() -> None:
    razz = level_json(horse(bring_in=300), 3)
    # The set bring-in; no ante on the level: an eighth of the small bet, in 100s after the break.
    assert razz["bets"] == {"limits": [1000, 2000], "ante": 100, "bring_in": 300}
    assert bets_text(razz, "fr") == f"Limites 1{NBSP}000 / 2{NBSP}000 · Ante 100 · Bring-in 300"
    assert bets_text(razz, "en") == "Limits 1,000 / 2,000 · Ante 100 · Bring-in 300"
    assert level_words(razz, "fr") == "limites 1000/2000, ante 100, bring-in de 300 (razz)"
    assert level_words(razz, "en") == "limits 1000/2000, ante 100, bring-in 300 (razz)"


def test_a_stud_level_without_a_bring_in_shows_the_one_it_is_dealt_with() -> None:
    structure = horse()
    stud = level_json(structure, 4)  # the level's ante 200; a quarter of the small bet
    assert stud["bets"] == {"limits": [1000, 2000], "ante": 200, "bring_in": 300}
    assert "bring_in" not in stud  # the structure's own data unchanged: no bring-in set


def test_a_limit_flop_level_shows_limits_then_blinds_and_a_no_limit_level_nothing() -> None:
    structure = horse()
    assert bets_text(level_json(structure, 0), "fr") == "Limites 200 / 400 · Blindes 100 / 200"
    flo8 = level_json(structure, 1)
    assert bets_text(flo8, "en") == "Limits 300 / 600 · Blinds 150 / 300 · Ante 50"
    assert level_words(flo8, "fr") == "limites 300/600, blinds 150/300, ante 50 (flo8)"
    nlhe = level_json(structure, 6)
    assert "bets" not in nlhe
    assert bets_text(nlhe, "fr") == level_words(nlhe, "en") == ""


def test_the_level_in_force_during_a_break_is_the_next_one() -> None:
    structure = horse()
    assert [level_in_force(structure, i) for i in range(len(structure.items))] == [
        0, 1, 3, 3, 4, 5, 6,
    ]  # fmt: skip


@given(
    big_blind=st.integers(1, 400).map(lambda n: 25 * n),
    ante=st.integers(0, 40).map(lambda n: 25 * n),
    bring_in=st.none() | st.integers(1, 400).map(lambda n: 25 * n),
    game=st.sampled_from(["razz", "stud", "stud8"]),
)
def test_the_shown_stud_amounts_are_those_the_table_deals(
    big_blind: int, ante: int, bring_in: int | None, game: str
) -> None:
    """What the clock shows is what ``table.plan`` deals the hand with (``stud_bets``, the
    smallest chip in play as the unit), whatever the amounts."""
    if bring_in is not None and bring_in > big_blind:
        bring_in = big_blind
    level = Level(big_blind // 2, big_blind, ante, game=game, bring_in=bring_in)
    structure = Structure((level,), chips=(25, 100), starting_stack=10_000)
    bets = level_json(structure, 0)["bets"]
    dealt = stud_bets(level, chip_unit=25)
    assert (bets["ante"], bets["bring_in"], tuple(bets["limits"])) == tuple(dealt)
    words = level_words(level_json(structure, 0), "en")
    assert f"ante {dealt.ante}, bring-in {dealt.bring_in} ({game})" in words


@pytest.mark.parametrize("game", ["nlhe", "plo", "plo8", "nl27sd", "unknown-game"])
def test_levels_of_blinds_have_no_bets(game: str) -> None:
    structure = Structure((Level(50, 100, game=game),), chips=(25,), starting_stack=5_000)
    assert "bets" not in level_json(structure, 0)
