"""Points formulas: the common ones, custom formulas, shared places, the bonus, exactness."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.errors import ParseError
from pokertd.league.points import (
    FormulaKind,
    PointsFormula,
    decimal_text,
    parse_number,
    rounded,
)
from pokertd.present.formats import show_points
from pokertd.present.i18n import error_text, render


def test_a_fixed_table_by_place() -> None:
    formula = PointsFormula.parse("table:100,80,65,50.5")
    assert formula.kind is FormulaKind.TABLE
    assert [formula.points(place=p, entries=20) for p in (1, 4, 5, 20)] == [
        100,
        Fraction(101, 2),
        0,
        0,
    ]
    assert str(formula) == "table:100,80,65,50.5"


def test_linear_gives_the_field_to_the_winner_and_one_to_the_last() -> None:
    formula = PointsFormula.parse("linear")
    assert formula.points(place=1, entries=12) == 12
    assert formula.points(place=12, entries=12) == 1
    assert PointsFormula.parse("linear:10").points(place=12, entries=12) == 10


def test_the_square_root_formula() -> None:
    """K × √(entries ÷ place): exact when the ratio is a square, K = 10 by default."""
    formula = PointsFormula.parse("sqrt")
    assert formula.points(place=4, entries=100) == 50
    assert formula.points(place=2, entries=50) == 50
    assert show_points(formula.points(place=3, entries=20)) == "25.82"
    assert PointsFormula.parse("sqrt:12").points(place=1, entries=9) == 36


def test_shared_places_score_the_average_of_the_places() -> None:
    """Two players out together on 9 and 10 share those places' points (ELIM-SIMULTANEOUS)."""
    formula = PointsFormula.parse("linear")
    assert formula.points(place=9, shared=2, entries=12) == Fraction(7, 2)
    table = PointsFormula.parse("table:100,80,60")
    assert table.points(place=3, shared=3, entries=10) == 20


def test_the_participation_bonus_goes_on_every_result() -> None:
    formula = PointsFormula.parse("table:10", bonus=5)
    assert formula.points(place=1, entries=3) == 15
    assert formula.points(place=3, entries=3) == 5
    assert PointsFormula.parse("linear", bonus="2,5").bonus == Fraction(5, 2)


def test_a_custom_formula_sees_money_in_euros() -> None:
    formula = PointsFormula.parse("prize + bounties + buyin")
    assert formula.points(place=1, entries=2, prize=12050, buyin=2000, bounties=500) == Fraction(
        14550, 100
    )
    assert PointsFormula.parse("expr: entries * 2").points(place=1, entries=5) == 10


def test_the_full_pokerstars_formula_as_a_custom_one() -> None:
    formula = PointsFormula.parse("10*sqrt(entries/place)*(1+log(buyin+0.25))")
    assert show_points(formula.points(place=3, entries=150, buyin=2000)) == "163.09"


def test_a_custom_formula_is_tried_when_the_season_is_created() -> None:
    with pytest.raises(ParseError) as caught:
        PointsFormula.parse("100 / (10 - place)")
    assert str(caught.value) == (
        "the formula '100 / (10 - place)' cannot be computed for place 10 of 10 entries "
        "(prize 0, buy-in 20, bounties 0): division by zero in '100 / (10 - place)'"
    )
    assert error_text(caught.value, "fr").startswith(
        "la formule '100 / (10 - place)' ne peut pas être calculée pour la place 10 sur 10 "
        "entrées (gain 0, buy-in 20, primes 0) : division par zéro"
    )
    with pytest.raises(ParseError, match="logarithm"):
        PointsFormula.parse("log(prize)")  # most players win nothing


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("table:", "a points table lists the points of each place"),
        ("table:100,x", "the points of place 2 in the table are a number from 0"),
        ("table:100,-5", "not '-5'"),
        ("linear:abc", "the factor of linear is a number from 0"),
        ("sqrt:-1", "the factor of sqrt"),
        ("", "the formula is empty"),
        ("place.__class__", "attributes"),
    ],
)
def test_bad_formulas_are_refused(text: str, fragment: str) -> None:
    with pytest.raises(ParseError, match=fragment.replace("(", r"\(")):
        PointsFormula.parse(text)


def test_a_long_table_is_refused() -> None:
    with pytest.raises(ParseError, match="at most 1000 places"):
        PointsFormula.parse("table:" + ",".join(["1"] * 1001))


@pytest.mark.parametrize("bonus", [-1, "-1", "1/0", "½", True, 0.5])
def test_a_bad_bonus_is_refused(bonus: object) -> None:
    with pytest.raises(ParseError, match="bonus"):
        PointsFormula.parse("linear", bonus=bonus)  # type: ignore[arg-type]


def test_a_bonus_without_a_decimal_form_is_stored_as_a_fraction() -> None:
    """A bonus of 1/3 point is written ``1/3`` in the season's event and read back exactly."""
    formula = PointsFormula.parse("linear", bonus=Fraction(1, 3))
    assert decimal_text(formula.bonus) == "1/3"
    assert PointsFormula.parse("linear", bonus=decimal_text(formula.bonus)) == formula


@pytest.mark.parametrize(
    "text",
    ["table:100,80,65", "linear", "linear:3", "sqrt", "sqrt:12.5", "10*sqrt(entries/place)"],
)
def test_parse_and_str_round_trip(text: str) -> None:
    formula = PointsFormula.parse(text, bonus=Fraction(5, 2))
    assert PointsFormula.parse(str(formula), bonus=formula.bonus) == formula
    assert eval(repr(formula), {"PointsFormula": PointsFormula}) == formula


def test_french_names_of_the_kinds() -> None:
    assert str(PointsFormula.parse("linéaire")) == "linear"
    assert str(PointsFormula.parse("racine:10")) == "sqrt"
    assert str(PointsFormula.parse("tableau:3,2,1")) == "table:3,2,1"


@pytest.mark.parametrize(
    ("text", "english", "french"),
    [
        (
            "table:100,80",
            "100, 80 points for places 1 to 2, 0 below",
            "100, 80 points aux places 1 à 2, 0 au-delà",
        ),
        ("linear", "entries − place + 1", "entrées − place + 1"),
        ("linear:2.5", "2.5 × (entries − place + 1)", "2,5 × (entrées − place + 1)"),
        ("sqrt", "10 × √(entries ÷ place)", "10 × √(entrées ÷ place)"),
        ("100 - place", "100 - place", "100 - place"),
    ],
)
def test_describe(text: str, english: str, french: str) -> None:
    formula = PointsFormula.parse(text)
    assert str(formula.describe()) == english
    assert render(formula.describe(), "fr") == french
    assert str(PointsFormula.parse(text, bonus=5).describe()).endswith(
        ", plus 5 points per event played"
    )


def test_points_are_rounded_only_when_shown() -> None:
    assert show_points(Fraction(1, 200)) == "0.01"  # half away from zero
    assert show_points(Fraction(-1, 200)) == "-0.01"
    assert show_points(Fraction(7, 2), "fr") == "3,50"
    assert show_points(Fraction(12)) == "12"
    assert rounded(Fraction(1, 3)) == 0.33
    assert rounded(Fraction(4)) == 4.0
    assert decimal_text(Fraction(1, 3)) == "1/3"
    assert decimal_text(Fraction(-1, 8)) == "-0.125"
    assert parse_number(".5", what="x") == Fraction(1, 2)


@settings(max_examples=200, deadline=None, database=None, derandomize=True)
@given(
    entries=st.integers(min_value=1, max_value=300),
    data=st.data(),
    kind=st.sampled_from(["linear", "sqrt", "table:100,80,65,50,40,30,20,10"]),
)
def test_a_better_place_never_scores_fewer_points(
    entries: int, data: st.DataObject, kind: str
) -> None:
    place = data.draw(st.integers(min_value=1, max_value=entries))
    formula = PointsFormula.parse(kind)
    here = formula.points(place=place, entries=entries)
    assert here >= 0
    if place > 1:
        assert formula.points(place=place - 1, entries=entries) >= here


@settings(max_examples=200, deadline=None, database=None, derandomize=True)
@given(
    entries=st.integers(min_value=2, max_value=100),
    data=st.data(),
    bonus=st.fractions(min_value=0, max_value=50),
)
def test_sharing_places_conserves_their_points(
    entries: int, data: st.DataObject, bonus: Fraction
) -> None:
    """Players who share places share exactly the points of those places."""
    place = data.draw(st.integers(min_value=1, max_value=entries - 1))
    shared = data.draw(st.integers(min_value=1, max_value=entries - place + 1))
    formula = PointsFormula.parse("sqrt", bonus=bonus)
    alone = sum(formula.points(place=place + i, entries=entries) for i in range(shared))
    together = shared * formula.points(place=place, shared=shared, entries=entries)
    assert alone == together
