"""``parse_declaration``: the words a player says, in English and French, as a ``Declaration``.

Rule ids: BET-VERBAL-BINDING (the actions), BET-VERBAL-TOTAL (added amounts, two-part raises),
BET-AMBIGUOUS-AMOUNT (abbreviations), BET-POT-DECLARATION-NL ("pot").
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.errors import ParseError
from pokertd.floor.words import Declaration, Said, parse_declaration

PROPERTY = settings(max_examples=300, derandomize=True, database=None, deadline=None)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("fold", Said.FOLD),
        ("I fold", Said.FOLD),
        ("passe", Said.FOLD),
        ("je passe", Said.FOLD),
        ("je me couche", Said.FOLD),
        ("check", Said.CHECK),
        ("Parole", Said.CHECK),
        ("call", Said.CALL),
        ("I call", Said.CALL),
        ("suivi", Said.CALL),
        ("je suis", Said.CALL),
        ("payé", Said.CALL),
        ("Je paie", Said.CALL),
        ("bet", Said.BET),
        ("mise", Said.BET),
        ("je mise", Said.BET),
        ("raise", Said.RAISE),
        ("relance", Said.RAISE),
        ("je relance", Said.RAISE),
        ("all-in", Said.ALL_IN),
        ("all in", Said.ALL_IN),
        ("I'm all in", Said.ALL_IN),
        ("tapis", Said.ALL_IN),
        ("je fais tapis", Said.ALL_IN),
        ("je suis à tapis", Said.ALL_IN),
        ("pot", Said.POT),
        ("bet the pot", Said.POT),
        ("je mise le pot", Said.POT),
        ("raise pot", Said.POT),
    ],
)
def test_bet_verbal_binding_action_words(text: str, kind: Said) -> None:
    """The official words of TDA 3 and their French forms (LFP 7.15: "je suis", "je relance")."""
    assert parse_declaration(text) == Declaration(kind)


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("8000", 8000),
        ("8 000", 8000),
        ("8\u202f000", 8000),
        ("8.000", 8000),
        ("8,000", 8000),
        ("8k", 8000),
        ("8 K", 8000),
        ("1,5k", 1500),
        ("1.5k", 1500),
        ("8 mille", 8000),
        ("1 500 000", 1_500_000),
    ],
)
def test_amounts(text: str, amount: int) -> None:
    assert parse_declaration(text) == Declaration(None, amount)
    assert parse_declaration(f"raise {text}") == Declaration(Said.RAISE, amount)


@pytest.mark.parametrize(
    "text",
    [
        "raise 8000",
        "Raise, 8000",
        "raise to 8000",
        "I raise to 8000",
        "relance à 8000",
        "je relance 8 000",
        "relance : 8000",
        "make it 8000",
        "raise 8000 total",
        "relance pour un total de 8000",
    ],
)
def test_bet_verbal_total_raise_with_an_amount_is_a_total(text: str) -> None:
    """TDA 47B: "raise" with an amount is the total."""
    assert parse_declaration(text) == Declaration(Said.RAISE, 8000)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("plus 4000", None),
        ("+4000", None),
        ("4000 more", None),
        ("4000 de mieux", None),
        ("4000 de plus", None),
        ("raise by 4000", Said.RAISE),
        ("relance de 4000", Said.RAISE),
        ("je relance de 4000", Said.RAISE),
        ("raise plus 4000", Said.RAISE),
        ("raise 4000 more", Said.RAISE),
        ("bet 4000 more", Said.BET),
    ],
)
def test_bet_verbal_total_added_amounts(text: str, kind: Said | None) -> None:
    """Plus X and its kin are marked as increments; what they amount to is the profile's."""
    assert parse_declaration(text) == Declaration(kind, 4000, is_increment=True)


@pytest.mark.parametrize(
    "text",
    [
        "raise: the 1500 ... plus 4000",
        "raise the 1500 plus 4000",
        "relance : les 1500… plus 4000",
        "je relance, les 1500, et 4000 de mieux",
    ],
)
def test_bet_verbal_total_two_part_raise(text: str) -> None:
    """LFP 7.10: a raise stated in two parts keeps the first part (the call) apart."""
    assert parse_declaration(text) == Declaration(
        Said.RAISE, 4000, is_increment=True, call_part=1500
    )


@pytest.mark.parametrize(
    ("text", "big_blind", "is_abbreviated"),
    [
        ("5", 400, True),
        ("bet 5", 400, True),
        ("raise 15", 400, True),
        ("399", 400, True),
        ("400", 400, False),
        ("500", 400, False),
        ("5", None, False),
        ("5k", 400, False),
        ("0,3k", 400, False),
        ("5", 5, False),
    ],
)
def test_bet_ambiguous_amount_abbreviation_is_a_bare_number_below_the_big_blind(
    text: str, big_blind: int | None, is_abbreviated: bool
) -> None:
    """BET-AMBIGUOUS-AMOUNT: plain digits below the big blind; never with "k" or a separator."""
    assert parse_declaration(text, big_blind=big_blind).is_abbreviated is is_abbreviated


def test_call_with_an_amount_and_all_in_with_an_amount() -> None:
    assert parse_declaration("call 8000") == Declaration(Said.CALL, 8000)
    assert parse_declaration("tapis 12 500") == Declaration(Said.ALL_IN, 12500)


def test_several_action_words_that_agree() -> None:
    assert parse_declaration("je mise tapis").kind is Said.ALL_IN
    assert parse_declaration("bet, raise 800") == Declaration(Said.RAISE, 800)


def test_parse_classmethod_and_str() -> None:
    declaration = Declaration.parse("relance de 4 000", big_blind=100)
    assert declaration == parse_declaration("raise plus 4000")
    assert str(declaration) == "raise plus 4000"
    assert str(Declaration(None, 5, is_abbreviated=True)) == "5"
    assert str(Declaration(Said.RAISE, 4000, True, 1500)) == "raise the 1500 plus 4000"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("huit mille", "cannot read 'huit mille': unknown word 'huit'"),
        ("", "nothing was said in ''"),
        ("   ", "nothing was said"),
        ("fold 500", "'fold 500': fold takes no amount"),
        ("check 200", "check takes no amount"),
        ("pot 800", "pot takes no amount"),
        ("call plus 400", "only a bet or raise is made by an added amount"),
        ("call raise", "says several actions (call, raise)"),
        ("fold call", "says several actions"),
        ("500, 800", "names two amounts"),
        ("plus 500 plus 800", "names two amounts"),
        ("100, 200, 300, 400", "names 4 amounts"),
        ("1.5", "chips are whole numbers"),
        ("0", "chips are whole numbers above 0"),
        ("raise 8kg", "unknown word '8kg'"),
    ],
)
def test_unknown_words_raise_parse_error_quoting_the_text(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_declaration(text)


def test_parse_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="'blah'"):
        parse_declaration("blah")


# -- properties -----------------------------------------------------------------------------------


@st.composite
def declarations(draw: st.DrawFn, big_blind: int) -> Declaration:
    """Draw a declaration that can be said: an action alone, or a wager with an amount."""
    kind = draw(st.sampled_from([None, *Said]))
    if kind in (Said.FOLD, Said.CHECK, Said.POT):
        return Declaration(kind)
    if kind is not None and draw(st.booleans()):
        return Declaration(kind)
    amount = draw(st.integers(1, 10_000_000))
    is_abbreviated = amount < big_blind
    if kind in (Said.CALL, Said.ALL_IN) or not draw(st.booleans()):
        return Declaration(kind, amount, is_abbreviated=is_abbreviated)
    call_part = draw(st.none() | st.integers(1, 10_000_000))
    return Declaration(kind, amount, True, call_part, is_abbreviated)


@PROPERTY
@given(st.integers(1, 100_000).flatmap(lambda bb: st.tuples(st.just(bb), declarations(bb))))
def test_str_parses_back_to_the_same_declaration(drawn: tuple[int, Declaration]) -> None:
    big_blind, declaration = drawn
    assert parse_declaration(str(declaration), big_blind=big_blind) == declaration


WORDS = ["raise", "relance", "plus", "de", "mieux", "tapis", "all", "in", "the", "pot", "k",
         ",", ".", ":", "…", "je", "suis", "1500", "8 000", "5", "more", "to", "à", "call",
         "xyz"]  # fmt: skip


@PROPERTY
@given(st.lists(st.sampled_from(WORDS), max_size=7).map(" ".join) | st.text(max_size=30))
def test_any_text_is_a_declaration_or_a_parse_error(text: str) -> None:
    """Fuzz: words either read as a declaration or raise ParseError quoting them; nothing else."""
    try:
        declaration = parse_declaration(text, big_blind=400)
    except ParseError as error:
        message = str(error)
    else:
        message = ""
    if message:
        assert repr(text) in message or "nothing was said" in message
        return
    assert declaration.amount is None or declaration.amount > 0
    assert parse_declaration(str(declaration), big_blind=400) == declaration
