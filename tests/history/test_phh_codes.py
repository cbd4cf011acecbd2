"""PHH action notations and variant codes (pokertd.history.codes)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokertd.cards import Card, parse_cards
from pokertd.cards.card import ALL_CARDS
from pokertd.errors import ParseError
from pokertd.history import (
    GAMES,
    VARIANT_CODES,
    VARIANTS,
    BetOrRaise,
    CheckOrCall,
    DealBoard,
    DealHole,
    Fold,
    NoOp,
    PhhAction,
    PostBringIn,
    ShowDealt,
    ShowOrMuck,
    StandPatOrDiscard,
    format_action,
    game_of,
    parse_action,
    variant_of,
)

players = st.integers(min_value=0, max_value=30)
cards = st.lists(st.sampled_from([*ALL_CARDS, None]), min_size=1, max_size=7).map(tuple)
known_cards = st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=7).map(tuple)
commentaries = st.none() | st.text(max_size=30).map(str.strip)


def phh_actions() -> st.SearchStrategy[PhhAction]:
    """Every kind of PHH action, with and without a commentary."""
    c = commentaries
    return st.one_of(
        st.builds(DealHole, players, cards, commentary=c),
        st.builds(DealBoard, known_cards, commentary=c),
        st.builds(Fold, players, commentary=c),
        st.builds(CheckOrCall, players, commentary=c),
        st.builds(BetOrRaise, players, st.integers(1, 10**12), commentary=c),
        st.builds(PostBringIn, players, commentary=c),
        st.builds(StandPatOrDiscard, players, st.just(()) | cards, commentary=c),
        st.builds(ShowOrMuck, players, st.none() | cards, commentary=c),
        st.builds(ShowDealt, players, commentary=c),
        st.builds(NoOp, commentary=c),
    )


@given(phh_actions())
def test_every_action_round_trips_through_text(action: PhhAction) -> None:
    text = format_action(action)
    assert text == str(action)
    assert parse_action(text) == action
    assert type(action).parse(text) == action


@given(phh_actions())
def test_repr_reads_back_as_a_constructor_call(action: PhhAction) -> None:
    namespace = {type(action).__name__: type(action), "Card": Card}
    assert eval(repr(action), namespace) == action


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("d dh p1 AsKs", DealHole(0, parse_cards("AsKs"))),
        ("d dh p3 ????7c", DealHole(2, (None, None, Card.parse("7c")))),
        ("d db JcTs2d", DealBoard(parse_cards("JcTs2d"))),
        ("p1 f", Fold(0)),
        ("p2 cc", CheckOrCall(1)),
        ("p4 cbr 170000", BetOrRaise(3, 170000)),
        ("p2 pb", PostBringIn(1)),
        ("p1 sd", StandPatOrDiscard(0, ())),
        ("p4 sd AsQs", StandPatOrDiscard(3, parse_cards("AsQs"))),
        ("p1 sm AsKs", ShowOrMuck(0, parse_cards("AsKs"))),
        ("p1 sm", ShowOrMuck(0, None)),
        ("p2 sm ????", ShowOrMuck(1, (None, None))),
        ("p2 sm ??Ad", ShowOrMuck(1, (None, Card.parse("Ad")))),
        ("p3 sm -", ShowDealt(2)),
        ("p10 f", Fold(9)),
        ("", NoOp()),
        ("# Burn card 6s is exposed", NoOp(commentary="Burn card 6s is exposed")),
        ("p3 f # tanks # then folds", Fold(2, commentary="tanks # then folds")),
        ("p1 cc #", CheckOrCall(0, commentary="")),
    ],
)
def test_spec_notations(text: str, expected: PhhAction) -> None:
    assert parse_action(text) == expected
    assert format_action(expected) == text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("  p1   cbr \t 300  ", BetOrRaise(0, 300)),
        ("   ", NoOp()),
        ("p1 cc  #   slow  ", CheckOrCall(0, commentary="slow")),
        ("d dh p1 asKS", DealHole(0, parse_cards("AsKs"))),
    ],
)
def test_whitespace_and_case_are_forgiven(text: str, expected: PhhAction) -> None:
    assert parse_action(text) == expected


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("p0 f", "expected p1, p2"),
        ("p01 f", "expected p1, p2"),
        ("P1 f", "expected p1, p2"),
        ("d1 f", "expected p1, p2"),
        ("d dh 1 AsKs", "expected p1, p2"),
        ("p1 fold", "not a PHH action notation"),
        ("p1 cbr", "not a PHH action notation"),
        ("p1 cc 100", "not a PHH action notation"),
        ("d db", "not a PHH action notation"),
        ("d dh p1", "not a PHH action notation"),
        ("d db As Kd", "not a PHH action notation"),
        ("p1 cbr 0", "positive whole number of chips"),
        ("p1 cbr 1.5", "finer than the chip unit of the hand"),
        ("p1 cbr -5", "positive whole number of chips"),
        ("p1 cbr 1_000", "positive whole number of chips"),
        ("d dh p1 AsK", "expected cards written back to back"),
        ("d dh p1 AsKx", "expected cards written back to back"),
        ("d db 1s2s", "expected cards written back to back"),
        ("p1 sm As,Ks", "expected cards written back to back"),
        ("p1 sd ?s", "expected cards written back to back"),
    ],
)
def test_malformed_notation_names_the_text_and_what_was_expected(text: str, fragment: str) -> None:
    with pytest.raises(ParseError) as caught:
        parse_action(text)
    message = str(caught.value)
    assert repr(text) in message
    assert fragment in message
    assert "expected" in message


def test_parse_of_one_kind_rejects_another() -> None:
    with pytest.raises(ParseError, match="not a Fold notation"):
        Fold.parse("p1 cc")


@pytest.mark.parametrize(
    "make",
    [
        lambda: DealHole(0, ()),
        lambda: DealBoard(()),
        lambda: ShowOrMuck(0, ()),
        lambda: Fold(-1),
        lambda: Fold(True),
        lambda: BetOrRaise(0, 0),
        lambda: BetOrRaise(0, True),
        lambda: CheckOrCall(0, commentary=" padded"),
        lambda: NoOp(commentary="trailing\n"),
    ],
)
def test_constructors_refuse_values_that_have_no_notation(make: object) -> None:
    with pytest.raises(ParseError):
        make()  # type: ignore[operator]


def test_actions_are_hashable_values() -> None:
    assert len({parse_action("p1 f"), Fold(0), Fold(0, commentary="x")}) == 2


# --- variant codes ---------------------------------------------------------------------------


def test_games_table_is_the_designed_one() -> None:
    assert dict(GAMES) == {
        "FT": "flhe",
        "NT": "nlhe",
        "NS": "shortdeck",
        "PO": "plo",
        "FO/8": "flo8",
        "F7S": "stud",
        "F7S/8": "stud8",
        "FR": "razz",
        "N2L1D": "nl27sd",
        "F2L3D": "fl27td",
        "FB": "badugi",
        "PT": "plhe",
        "PO/8": "plo8",
        "N5CD": "nl5cd",
    }
    assert {game: code for code, game in GAMES.items()} == dict(VARIANT_CODES)


def test_every_game_of_the_engine_has_a_variant_code() -> None:
    from pokertd.engine import GAMES as ENGINE_GAMES

    assert set(VARIANT_CODES) == set(ENGINE_GAMES)


def test_every_spec_variant_is_known_and_played() -> None:
    """The spec's eleven codes (phh.readthedocs.io, "Required Fields", version 0.0.2) are
    standard and played; pokertd's three codes for games the spec has no code for are marked."""
    spec = {"FT", "NT", "NS", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB"}
    assert {code for code, variant in VARIANTS.items() if variant.is_standard} == spec
    assert {code for code, variant in VARIANTS.items() if not variant.is_standard} == {
        "PT",
        "PO/8",
        "N5CD",
    }
    assert all(game_of(code) is not None for code in VARIANTS)


@pytest.mark.parametrize(
    ("code", "fields"),
    [
        ("NT", ("blinds_or_straddles", "min_bet")),
        ("PO/8", ("blinds_or_straddles", "min_bet")),
        ("FT", ("blinds_or_straddles", "small_bet", "big_bet")),
        ("FR", ("bring_in", "small_bet", "big_bet")),
    ],
)
def test_variants_name_the_game_fields_they_require(code: str, fields: tuple[str, ...]) -> None:
    assert VARIANTS[code].fields == fields


def test_unknown_variant_code_and_game_id_raise_parse_error() -> None:
    with pytest.raises(ParseError, match="'NLHE' is not a PHH variant code"):
        game_of("NLHE")
    with pytest.raises(ParseError, match="'omaha' has no PHH variant code"):
        variant_of("omaha")
    assert variant_of("plo8") == "PO/8"
