"""Board errors as operations on the deck (DEAL-FOUR-CARD-FLOP, DEAL-FLOP-NO-BURN,
DEAL-FLOP-TWO-BURNS, DEAL-TURN-RIVER-NO-BURN, DEAL-PREMATURE-*, DEAL-BOARD-ERROR-AFTER-SA); every
branch, and the property that a board procedure conserves the 52 cards."""

from __future__ import annotations

import random

import pytest
from floor_tools import kinds
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd import rules
from pokertd.cards import Card, Deck
from pokertd.cards.card import ALL_CARDS
from pokertd.errors import ParseError
from pokertd.floor.board import BoardError, Layout, board_error, expected_burns
from pokertd.floor.rulings import Ruling, StepKind
from pokertd.present.floor import explanation, step_code

SHAPES = {
    BoardError.FOUR_CARD_FLOP: (4, 1),
    BoardError.FLOP_NO_BURN: (3, 0),
    BoardError.FLOP_TWO_BURNS: (3, 2),
    BoardError.TURN_NO_BURN: (4, 1),
    BoardError.RIVER_NO_BURN: (5, 2),
    BoardError.PREMATURE_FLOP: (3, 1),
    BoardError.PREMATURE_TURN: (4, 2),
    BoardError.PREMATURE_RIVER: (5, 3),
}


#: The board cards once a procedure is over (a premature card is replaced on its street).
BOARD_AFTER = {
    BoardError.FOUR_CARD_FLOP: 3,
    BoardError.FLOP_NO_BURN: 3,
    BoardError.FLOP_TWO_BURNS: 3,
    BoardError.TURN_NO_BURN: 4,
    BoardError.RIVER_NO_BURN: 5,
    BoardError.PREMATURE_FLOP: 3,
    BoardError.PREMATURE_TURN: 5,
    BoardError.PREMATURE_RIVER: 5,
}


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(text[i : i + 2]) for i in range(0, len(text), 2))


def deal(error: BoardError, seed: int = 1) -> dict[str, tuple[Card, ...]]:
    """A full deck split into hands, burns, board and stub for ``error``."""
    deck = list(ALL_CARDS)
    random.Random(seed).shuffle(deck)
    board_count, burn_count = SHAPES[error]
    return {
        "hands": tuple(deck[:12]),
        "burns": tuple(deck[12 : 12 + burn_count]),
        "board": tuple(deck[12 + burn_count : 12 + burn_count + board_count]),
        "stub": tuple(deck[12 + burn_count + board_count :]),
    }


def rule(
    error: BoardError | str,
    profile: str = "lfp",
    *,
    seed: int = 1,
    is_order_known: bool = True,
    is_after_substantial_action: bool = False,
) -> Ruling:
    kind = BoardError(error)
    split = deal(kind, seed)
    return board_error(
        kind,
        rules.load(profile),
        board=split["board"],
        burns=split["burns"],
        stub=split["stub"],
        hands=split["hands"],
        rng=random.Random(seed),
        is_order_known=is_order_known,
        is_after_substantial_action=is_after_substantial_action,
    )


def layout(ruling: Ruling, key: str = "after") -> Layout:
    return Layout.from_dict(ruling.details[key])


# -- layouts ---------------------------------------------------------------------------------------


def test_layout_round_trip() -> None:
    text = {"board": "AsKd7c", "burns": "2h", "stub": "3c4c", "set_aside": "5c", "hands": "6c7c"}
    assert Layout.from_dict(text).to_dict() == text
    with pytest.raises(ParseError):
        Layout.from_dict({"board": "As??"})


# -- board errors by hand-written cards ------------------------------------------------------------


def test_four_card_flop_lfp_order_known() -> None:
    """LFP 2.20: the fourth card is the turn's burn; the turn then comes without another burn."""
    ruling = board_error(
        "four-card-flop", rules.load("lfp"), board=cards("AsKd7c2h"), burns=cards("9c"),
        stub=cards("3c4c5c"), rng=random.Random(1),
    )  # fmt: skip
    assert ruling.rule == "DEAL-FOUR-CARD-FLOP"
    assert ruling.articles == ("LFP 2.20",)
    assert layout(ruling).to_dict()["board"] == "AsKd7c"
    assert layout(ruling).to_dict()["burns"] == "9c2h"
    assert kinds(ruling) == [StepKind.TAKE_BACK, StepKind.BURN, StepKind.CONTINUE]
    assert "quatrième, 2h" in explanation(ruling, "fr")


@pytest.mark.parametrize(("profile", "known"), [("lfp", False), ("tda-2017", True)])
def test_four_card_flop_scrambled(profile: str, known: bool) -> None:
    """TDA 39 always scrambles; LFP 2.20 when the order is unknown."""
    ruling = rule("four-card-flop", profile, is_order_known=known)
    assert kinds(ruling)[:4] == [
        StepKind.TAKE_BACK, StepKind.SCRAMBLE, StepKind.DRAW_AT_RANDOM, StepKind.BURN,
    ]  # fmt: skip
    drawn = ruling.steps[2].cards[0]
    after = layout(ruling)
    assert after.burns[-1] == drawn
    assert len(after.board) == 3
    assert drawn not in after.board


def test_four_card_flop_ignores_late_notice() -> None:
    ruling = rule("four-card-flop", "tda-2017", is_after_substantial_action=True)
    assert ruling.rule == "DEAL-FOUR-CARD-FLOP"


def test_flop_no_burn() -> None:
    known = board_error(
        "flop-no-burn", rules.load("lfp"), board=cards("AsKd7c"), burns=(),
        stub=Deck(cards("2h3h")), rng=random.Random(1),
    )  # fmt: skip
    assert (layout(known).to_dict()["board"], layout(known).to_dict()["burns"]) == ("Kd7c2h", "As")
    assert known.articles == ("LFP 2.18b",)
    unknown = rule("flop-no-burn", is_order_known=False)
    assert kinds(unknown)[1:3] == [StepKind.SCRAMBLE, StepKind.DRAW_AT_RANDOM]
    assert len(layout(unknown).board) == 3
    assert "inconnu" in explanation(unknown, "fr")


def test_flop_two_burns() -> None:
    """LFP 2.19: order known, the second burn opens the flop and the last flop card is the turn's
    burn; unknown, two draws."""
    known = board_error(
        "flop-two-burns", rules.load("lfp"), board=cards("AsKd7c"), burns=cards("2h3h"),
        stub=cards("4h5h"), rng=random.Random(1),
    )  # fmt: skip
    assert layout(known).to_dict()["board"] == "3hAsKd"
    assert layout(known).to_dict()["burns"] == "2h7c"
    unknown = board_error(
        "flop-two-burns", rules.load("lfp"), board=cards("AsKd7c"), burns=cards("2h3h"),
        stub=cards("4h5h"), rng=random.Random(1), is_order_known=False,
    )  # fmt: skip
    after = layout(unknown)
    assert len(after.board) == 3
    assert len(after.burns) == 2
    assert set(after.board) | set(after.burns) == set(cards("AsKd7c2h3h"))
    assert after.burns[0] in cards("2h3h")
    assert after.burns[1] in cards("AsKd7c")
    assert kinds(unknown).count(StepKind.DRAW_AT_RANDOM) == 2


@pytest.mark.parametrize(("error", "name"), [("turn-no-burn", "turn"), ("river-no-burn", "river")])
def test_turn_or_river_without_a_burn(error: str, name: str) -> None:
    """LFP 2.21: the exposed card becomes the burn and the next card is the real one; TDA is
    silent and borrows it."""
    ruling = rule(error, "tda-2017")
    before, after = layout(ruling, "before"), layout(ruling)
    assert after.burns[-1] == before.board[-1]
    assert after.board[-1] == before.stub[0]
    assert ruling.rule == "DEAL-TURN-RIVER-NO-BURN"
    assert ruling.articles == ("LFP 2.21",)
    assert "TDA has no procedure" in explanation(ruling, "en")
    assert f"vraie {name}" in explanation(ruling, "fr")


@pytest.mark.parametrize("profile", ["lfp", "tda-2017"])
def test_premature_flop_without_a_new_burn(profile: str) -> None:
    """LFP 2.22, TDA PR-5A: the flop is shuffled back; the new flop comes without a burn."""
    ruling = rule("premature-flop", profile)
    now, after = layout(ruling, "now"), layout(ruling)
    assert now.board == ()
    assert len(after.board) == 3
    assert after.burns == layout(ruling, "before").burns
    assert StepKind.BURN not in kinds(ruling)
    assert "sans autre brûlure" in explanation(ruling, "fr")


def test_premature_flop_gen_burns_again_and_a_missing_burn() -> None:
    """GEN 1.13: burn again; with no flop burn at all, one is burned under every profile."""
    gen = rule("premature-flop", "generic")
    assert kinds(gen).count(StepKind.BURN) == 1
    assert gen.articles == ("GEN 1.13", "GEN 1.14")
    partial = board_error(
        "premature-flop", rules.load("tda-2017"), board=cards("As"), burns=(),
        stub=cards("2h3h4h5h6h"), rng=random.Random(2),
    )  # fmt: skip
    assert len(layout(partial).burns) == 1
    assert "none was taken" in step_code(partial.steps[2])


@pytest.mark.parametrize(
    ("profile", "articles", "burns"),
    [
        ("tda-2017", ("TDA PR-5B",), 3),
        ("gran-madrid", ("TDA PR-5B",), 3),
        ("lfp", ("LFP 2.23", "LFP 2.25"), 3),
        ("generic", ("GEN 1.13", "GEN 1.14"), 4),
    ],
)
def test_premature_turn(profile: str, articles: tuple[str, ...], burns: int) -> None:
    """TDA PR-5B, LFP 2.23: set aside, burn, the would-be river is the turn; after the turn
    betting the card goes back and the river comes without a burn (GEN: after one)."""
    ruling = rule("premature-turn", profile)
    before, now, after = layout(ruling, "before"), layout(ruling, "now"), layout(ruling)
    assert now.set_aside == (before.board[3],)
    assert len(after.board) == 5
    assert len(after.burns) == burns
    assert after.set_aside == ()
    assert ruling.articles == articles


@pytest.mark.parametrize(("profile", "burns"), [("bannalec", 3), ("generic", 4)])
def test_premature_river(profile: str, burns: int) -> None:
    ruling = rule("premature-river", profile)
    assert ruling.rule == "DEAL-PREMATURE-RIVER"
    after = layout(ruling)
    assert len(after.board) == 5
    assert len(after.burns) == burns
    assert "river" in explanation(ruling, "fr")


@pytest.mark.parametrize("profile", ["lfp", "tda-2017"])
def test_board_error_after_substantial_action_stands(profile: str) -> None:
    ruling = rule("premature-turn", profile, is_after_substantial_action=True)
    assert ruling.rule == "DEAL-BOARD-ERROR-AFTER-SA"
    assert ruling.details["after"] == ruling.details["before"]
    assert ruling.articles[0] == "LFP 2.26"
    assert ("pokertd follows LFP 2.26" in explanation(ruling, "en")) is (profile != "lfp")


def test_board_error_refuses_bad_cards() -> None:
    lfp = rules.load("lfp")
    with pytest.raises(ParseError):  # wrong shape
        board_error(
            "turn-no-burn", lfp, board=cards("AsKd7c"), burns=(), stub=(), rng=random.Random()
        )
    with pytest.raises(ParseError):  # a card twice
        board_error("flop-no-burn", lfp, board=cards("AsKd7c"), burns=(), stub=cards("As"),
                    rng=random.Random())  # fmt: skip
    with pytest.raises(ParseError):  # the stub runs out
        board_error("flop-no-burn", lfp, board=cards("AsKd7c"), burns=(), stub=(),
                    rng=random.Random())  # fmt: skip
    with pytest.raises(ParseError):
        board_error("premature-turn", lfp, board=cards("AsKd7c2h"), burns=cards("3h4h"),
                    stub=cards("5h"), rng=random.Random())  # fmt: skip
    with pytest.raises(ValueError, match="not-an-error"):
        board_error("not-an-error", lfp, board=(), burns=(), stub=(), rng=random.Random())


def test_board_error_needs_cards_left_to_burn() -> None:
    with pytest.raises(ParseError):
        board_error("premature-turn", rules.load("lfp"), board=cards("AsKd7c2h"),
                    burns=cards("3h4h"), stub=(), rng=random.Random())  # fmt: skip


def test_expected_burns() -> None:
    assert [expected_burns(error) for error in BoardError] == [1, 0, 2, 1, 2, 1, 2, 3]


@settings(max_examples=200, deadline=None)
@given(
    error=st.sampled_from(list(BoardError)),
    profile=st.sampled_from(rules.PROFILE_IDS),
    seed=st.integers(0, 10_000),
    is_order_known=st.booleans(),
    is_late=st.booleans(),
    premature_count=st.integers(1, 3),
)
def test_board_procedures_conserve_the_deck(
    error: BoardError,
    profile: str,
    seed: int,
    is_order_known: bool,
    is_late: bool,
    premature_count: int,
) -> None:
    """Board + burns + stub + hands + set aside is the full deck, before, now and after, and
    every step names cards of the deck."""
    split = deal(error, seed)
    if error is BoardError.PREMATURE_FLOP and premature_count < 3:
        extra = split["board"][premature_count:]
        split = {**split, "board": split["board"][:premature_count], "stub": extra + split["stub"]}
    ruling = board_error(
        error,
        rules.load(profile),
        rng=random.Random(seed),
        is_order_known=is_order_known,
        is_after_substantial_action=is_late,
        **split,
    )
    for key in ("before", "now", "after"):
        held = layout(ruling, key).cards()
        assert len(held) == 52
        assert set(held) == set(ALL_CARDS)
    assert all(card in ALL_CARDS for step in ruling.steps for card in step.cards)
    if not is_late or error is BoardError.FOUR_CARD_FLOP:
        assert len(layout(ruling).board) == BOARD_AFTER[error]
