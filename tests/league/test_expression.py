"""Custom points formulas: what they may say, what they are refused, exact arithmetic."""

from __future__ import annotations

import ast
import contextlib
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.errors import ParseError
from pokertd.league.expression import MAX_EXPONENT, VARIABLES, Expression
from pokertd.present.i18n import error_text

VALUES = {"place": 3, "entries": 150, "prize": 0, "buyin": 20, "bounties": 0}


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("entries - place + 1", Fraction(148)),
        ("100 / place", Fraction(100, 3)),
        ("2^10", Fraction(1024)),
        ("2**10", Fraction(1024)),
        ("10 × place ÷ 2 − 1", Fraction(14)),
        ("sqrt(entries / (place * 2))", Fraction(5)),  # sqrt(25): exact
        ("log(1000) + log(0.01)", Fraction(1)),  # base 10, exact on powers of ten
        ("ln(1)", Fraction(0)),
        ("4^0.5 + 8^(1/3)", Fraction(4)),
        ("round(2.5) + round(-2.5)", Fraction(0)),  # half away from zero, both ways
        ("round(1.2345, 2)", Fraction(123, 100)),
        ("floor(7/2) + ceil(7/2) + abs(-3)", Fraction(10)),
        ("min(place, 2, 5) + max(place, 2, 5)", Fraction(7)),
        ("(place <= 3) * 50 + (place > 3) * 10", Fraction(50)),
        ("1 < place < 5", Fraction(1)),
        ("place == 3", Fraction(1)),
        ("1_000 + 1e2 + .5 + 1.", Fraction(2203, 2)),
        ("-place + +1", Fraction(-2)),
        ("prize + buyin + bounties", Fraction(20)),
    ],
)
def test_formulas_compute_exactly(text: str, value: Fraction) -> None:
    assert Expression.parse(text).evaluate(VALUES) == value


def test_irrational_values_are_kept_to_fifty_digits() -> None:
    value = Expression.parse("sqrt(2)").evaluate(VALUES)
    assert abs(value * value - 2) < Fraction(1, 10**48)
    assert str(value.denominator).startswith("1")
    assert set(str(value.denominator)[1:]) == {"0"}  # a decimal, kept exactly


def test_the_pokerstars_leader_board_examples() -> None:
    """The published worked examples of 10 × √n/√k × (1 + log(b + 0.25))."""
    formula = Expression.parse("10 * sqrt(entries) / sqrt(place) * (1 + log(buyin + 0.25))")
    third = formula.evaluate({**VALUES, "entries": 150, "place": 3, "buyin": 20})
    freeroll = formula.evaluate({**VALUES, "entries": 900, "place": 25, "buyin": 0})
    assert round(float(third), 2) == 163.09
    assert round(float(freeroll), 2) == 23.88


def test_the_text_round_trips() -> None:
    formula = Expression.parse("  10 * sqrt(entries/place) ")
    assert str(formula) == "10 * sqrt(entries/place)"
    assert Expression.parse(str(formula)) == formula
    assert eval(repr(formula)) == formula  # the repr is the constructor call
    assert hash(formula) == hash(Expression.parse(str(formula)))
    assert formula.variables == {"entries", "place"}


@pytest.mark.parametrize(
    ("text", "fragments"),
    [
        ("place.__class__", ["character 1", "attributes such as 'place.__class__'"]),
        ("(1).__class__.__bases__", ["attributes"]),
        ("__import__('os').system('ls')", ["cannot be called"]),
        ("__import__('os')", ["unknown function '__import__'"]),
        ("open('/etc/passwd')", ["unknown function 'open'"]),
        ("exp(1)", ["unknown function 'exp'"]),
        ("sqrtt(place)", ["did you mean 'sqrt'?"]),
        ("10 * sqrt(entrants)", ["character 11", "unknown variable 'entrants'", "'entries'"]),
        ("__builtins__", ["unknown variable '__builtins__'"]),
        ("sqrt", ["'sqrt' is a function"]),
        ("'a' * 3", ["\"'a'\" is not a number"]),
        ("True + 1", ["'True' is not a number"]),
        ("1j", ["'1j' is not a number"]),
        ("lambda: 1", ["'lambda: 1' is not allowed"]),
        ("[place for place in (1, 2)]", ["is not allowed"]),
        ("place if entries else 0", ["is not allowed"]),
        ("place and 1", ["is not allowed"]),
        ("not place", ["is not allowed"]),
        ("place[0]", ["is not allowed"]),
        ("place in (1, 2)", ["is not allowed"]),
        ("7 // 2", ["the operator '//'"]),
        ("7 % 2", ["the operator '%'"]),
        ("place & 1", ["the operator 'place & 1'"]),
        ("round(place, ndigits=2)", ["plain arguments"]),
        ("max(*place)", ["plain arguments"]),
        ("sqrt(1, 2)", ["sqrt() takes 1 argument(s), not 2"]),
        ("min(1)", ["min() takes at least 2 argument(s), not 1"]),
        ("round(1, 2, 3)", ["round() takes 1 or 2 argument(s), not 3"]),
        ("2 ^ 1000", ["character 5", "the exponent 1000 is too large (at most 100)"]),
        ("2 ^ -1000", ["the exponent 1000 is too large"]),
        ("1e999", ["the number '1e999' is too large"]),
        ("10 * sqrt(entries", ["character 10", "'(' was never closed"]),
        ("place ≤ 3", ["character 7"]),
        ("place; 1", ["not valid"]),
        ("x = 1", ["not valid"]),
    ],
)
def test_anything_off_the_whitelist_is_refused_saying_where(
    text: str, fragments: list[str]
) -> None:
    with pytest.raises(ParseError) as caught:
        Expression.parse(text)
    message = str(caught.value)
    for fragment in fragments:
        assert fragment in message
    assert error_text(caught.value, "fr") != message  # every refusal has its French text
    assert "\n" not in message


def test_empty_long_and_deeply_nested_formulas_are_refused() -> None:
    for text, fragment in [
        ("   ", "empty"),
        ("1+" * 300 + "1", "too long"),
        ("(" * 240 + "1" + ")" * 240, "nested"),
    ]:
        with pytest.raises(ParseError, match=fragment):
            Expression.parse(text)
    # 499 minus signs parse, or are refused: never a crash.
    with contextlib.suppress(ParseError):
        assert Expression.parse("-" * 499 + "1").evaluate({}) == -1


def test_the_french_text_of_a_refusal() -> None:
    with pytest.raises(ParseError) as caught:
        Expression.parse("10 * sqrt(entrées)")
    assert error_text(caught.value, "fr") == (
        "la formule '10 * sqrt(entrées)' n'est pas valide au caractère 11 : variable inconnue "
        "'entrées' (vouliez-vous dire 'entries' ?) ; les variables sont place, entries, prize, "
        "buyin, bounties, rebuys, addons, knockouts, paid_places"
    )


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("100 / (place - 3)", "division by zero in '100 / (place - 3)'"),
        ("sqrt(place - 4)", "square root of a negative number (-1) in 'sqrt(place - 4)'"),
        ("log(prize)", "logarithm of a number that is not positive (0)"),
        ("ln(prize - 1)", "logarithm of a number that is not positive (-1)"),
        ("(place - 4) ^ 0.5", "a negative number (-1) to a power that is not whole"),
        ("prize ^ -1", "division by zero"),
        ("2 ^ entries", "the exponent 150 is too large (at most 100) in '2 ^ entries'"),
        ("9 ^ 9 ^ 9", "the exponent 387420489 is too large"),
        ("(2^50)^(2^50)", "is too large"),
        ("(entries ^ 100) ^ 100", "a number is too large"),
        ("(10^99)^100 * (10^99)^100", "a number is too large"),
        ("round(place, 0.5)", "a whole number of decimals from 0 to 12, not 0.5"),
        ("round(place, 13)", "not 13"),
    ],
)
def test_what_cannot_be_computed_says_why(text: str, fragment: str) -> None:
    formula = Expression.parse(text)
    with pytest.raises(ParseError) as caught:
        formula.evaluate(VALUES)
    assert fragment in str(caught.value)
    assert error_text(caught.value, "fr") != str(caught.value)


def test_zero_to_a_power() -> None:
    assert Expression.parse("prize ^ 0.5 + prize ^ 2 + prize ^ 0").evaluate(VALUES) == 1


def test_the_evaluator_never_calls_python_eval(monkeypatch: pytest.MonkeyPatch) -> None:
    """The formula is walked node by node: eval and exec are never called (ast.parse only
    compiles to a tree)."""
    import builtins

    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("eval or exec called")

    for name in ("eval", "exec"):
        monkeypatch.setattr(builtins, name, forbidden)
    assert Expression.parse("10 * sqrt(entries / place)").evaluate(VALUES) > 0


# -- properties -----------------------------------------------------------------------------------

ATOMS = st.one_of(
    st.sampled_from(VARIABLES),
    st.integers(min_value=0, max_value=10**6).map(str),
    st.decimals(min_value=0, max_value=1000, places=3, allow_nan=False).map(str),
)


@st.composite
def formulas(draw: st.DrawFn, depth: int = 3) -> str:
    """Draw a formula of the grammar the docs describe."""
    if depth == 0 or draw(st.booleans()):
        return draw(ATOMS)
    kind = draw(st.sampled_from(["binary", "call", "negate", "compare"]))
    left = draw(formulas(depth - 1))
    if kind == "negate":
        return f"-({left})"
    right = draw(formulas(depth - 1))
    if kind == "binary":
        return f"({left}) {draw(st.sampled_from(['+', '-', '*', '/', '^', '×', '÷']))} ({right})"
    if kind == "compare":
        return f"({left}) {draw(st.sampled_from(['<', '<=', '>', '>=', '==', '!=']))} ({right})"
    name = draw(st.sampled_from(["sqrt", "log", "ln", "abs", "floor", "ceil", "min", "max"]))
    return f"{name}({left}, {right})" if name in ("min", "max") else f"{name}({left})"


@settings(max_examples=300, deadline=None, database=None, derandomize=True)
@given(
    text=formulas(),
    values=st.fixed_dictionaries(
        {name: st.integers(min_value=0, max_value=500) for name in VARIABLES}
    ),
)
def test_a_grammatical_formula_computes_or_says_why(text: str, values: dict[str, int]) -> None:
    value: Fraction | ParseError
    try:
        value = Expression.parse(text).evaluate(values)
    except ParseError as error:
        value = error
    if isinstance(value, ParseError) and "is not valid" in str(value):
        assert "too large" in str(value)  # only a limit refuses a formula of the grammar
    if isinstance(value, ParseError):
        assert error_text(value, "fr")
    else:
        assert value.numerator.bit_length() <= 4096 + 64


CHARACTERS = list("placeentris0123456789+-*/^().,_ e[]'\"{}:;=<>!@#%&|~`\\")


@settings(max_examples=500, deadline=None, database=None, derandomize=True)
@given(st.text(alphabet=st.sampled_from(CHARACTERS), max_size=60))
def test_any_text_parses_or_is_refused_never_crashes(text: str) -> None:
    formula: Expression | ParseError
    try:
        formula = Expression.parse(text)
    except ParseError as error:
        formula = error
    if isinstance(formula, ParseError):
        assert str(formula)
        assert error_text(formula, "fr")
        return
    with contextlib.suppress(ParseError):
        formula.evaluate(dict.fromkeys(VARIABLES, 7))


def test_limits_are_those_documented() -> None:
    assert MAX_EXPONENT == 100
    tree = ast.parse("1", mode="eval")
    assert isinstance(tree.body, ast.Constant)  # the parser only reads; nothing runs
