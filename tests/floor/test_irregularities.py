"""Dealing irregularities: board errors as operations on the deck (DEAL-FOUR-CARD-FLOP,
DEAL-FLOP-NO-BURN, DEAL-FLOP-TWO-BURNS, DEAL-TURN-RIVER-NO-BURN, DEAL-PREMATURE-*,
DEAL-BOARD-ERROR-AFTER-SA), misdeals (DEAL-MISDEAL-CONDITIONS, DEAL-MISDEAL-AFTER-SA,
DEAL-WRONG-COUNT-AFTER-SA, DEAL-BUTTON-SHORT, DEAL-EXPOSED-CARD), boxed and flashed cards; every
branch, and the property that a board procedure conserves the 52 cards."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd import Hand, rules
from pokertd.cards import Card, Deck
from pokertd.cards.card import ALL_CARDS
from pokertd.engine import ActionKind
from pokertd.errors import ParseError
from pokertd.floor.irregularities import (
    BoardError,
    Layout,
    Situation,
    board_error,
    boxed_cards,
    expected_burns,
    flashed_card,
    misdeal,
)
from pokertd.floor.rulings import Decision, Ruling, StepKind

BIG = 100_000
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


def kinds(ruling: Ruling) -> list[StepKind]:
    return [step.kind for step in ruling.steps]


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
    assert "quatrième, 2h" in ruling.explanation_fr


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
    assert "inconnu" in unknown.explanation_fr


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
    assert "TDA has no procedure" in ruling.explanation_en
    assert f"vraie {name}" in ruling.explanation_fr


@pytest.mark.parametrize("profile", ["lfp", "tda-2017"])
def test_premature_flop_without_a_new_burn(profile: str) -> None:
    """LFP 2.22, TDA PR-5A: the flop is shuffled back; the new flop comes without a burn."""
    ruling = rule("premature-flop", profile)
    now, after = layout(ruling, "now"), layout(ruling)
    assert now.board == ()
    assert len(after.board) == 3
    assert after.burns == layout(ruling, "before").burns
    assert StepKind.BURN not in kinds(ruling)
    assert "sans autre brûlure" in ruling.explanation_fr


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
    assert "none was taken" in str(partial.steps[2])


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
    assert "river" in ruling.explanation_fr


@pytest.mark.parametrize("profile", ["lfp", "tda-2017"])
def test_board_error_after_substantial_action_stands(profile: str) -> None:
    ruling = rule("premature-turn", profile, is_after_substantial_action=True)
    assert ruling.rule == "DEAL-BOARD-ERROR-AFTER-SA"
    assert ruling.details["after"] == ruling.details["before"]
    assert ruling.articles[0] == "LFP 2.26"
    assert ("pokertd follows LFP 2.26" in ruling.explanation_en) is (profile != "lfp")


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


# -- misdeals --------------------------------------------------------------------------------------


def table(profile: str = "tda-2017", players: int = 6, **options: object) -> Hand:
    return Hand.create(
        game="nlhe",
        profile=rules.load(profile),
        stacks=[BIG] * players,
        blinds=(50, 100),
        seed=1,
        **options,  # type: ignore[arg-type]
    )


def after_sa(profile: str) -> Hand:
    hand = table(profile)
    for player in (2, 3, 4):
        hand.act(player, "call")
    return hand


MISDEAL_CASES = [
    (Situation.FIRST_CARDS_EXPOSED, "tda-2017", ("TDA 35A", "TDA 35C")),
    (Situation.FIRST_CARDS_EXPOSED, "lfp", ("LFP 2.8", "LFP 2.12")),
    (Situation.FIRST_CARDS_EXPOSED, "gran-madrid", ("GM 27°",)),
    (Situation.TWO_CARDS_EXPOSED, "generic", ("GEN 1.8", "GEN 1.9")),
    (Situation.BOXED_CARDS, "bannalec", ("TDA 35A", "TDA 35C")),
    (Situation.WRONG_ORDER, "lfp", ("LFP 2.8", "LFP 2.12")),
    (Situation.EMPTY_SEAT, "lfp", ("TDA 35A", "LFP 2.12")),
    (Situation.PLAYER_NOT_DEALT, "gran-madrid", ("GM 27°",)),
    (Situation.BUTTON_MISPLACED, "gran-madrid", ("GM 27°",)),
]


@pytest.mark.parametrize(("situation", "profile", "articles"), MISDEAL_CASES)
def test_misdeal_before_sa(situation: Situation, profile: str, articles: tuple[str, ...]) -> None:
    """DEAL-MISDEAL-CONDITIONS: each book's list (LFP silent on empty seats: TDA 35A)."""
    ruling = misdeal(table(profile), situation)
    assert ruling.details == {"misdeal": True}
    assert ruling.articles == articles
    assert kinds(ruling) == [StepKind.RETURN_BETS, StepKind.REDEAL]
    assert "Fausse donne" in ruling.explanation_fr


def test_button_misplaced_outside_gm_is_the_tds() -> None:
    ruling = misdeal(table("lfp"), "button-misplaced")
    assert (ruling.td_decides, ruling.details["misdeal"]) == (True, False)


def test_one_exposed_card_is_replaced_by_the_burn() -> None:
    """DEAL-EXPOSED-CARD: LFP 2.5, GEN 1.8 (also the first card), GM 27°; TDA borrows LFP 2.5."""
    lfp = misdeal(table("lfp"), "card-exposed", player=3)
    assert lfp.rule == "DEAL-EXPOSED-CARD"
    assert lfp.articles == ("LFP 2.5",)
    assert "player 4" in lfp.explanation_en
    tda = misdeal(table(), "card-exposed")
    assert tda.articles == ("TDA 35A", "TDA 35B", "LFP 2.5")
    assert "follows LFP 2.5" in tda.explanation_en
    gen = misdeal(table("generic"), "first-cards-exposed")
    assert gen.rule == "DEAL-EXPOSED-CARD"
    assert gen.articles == ("GEN 1.8",)
    assert "GEN 1.8" in gen.explanation_fr
    assert misdeal(table("gran-madrid"), "card-exposed").articles == ("GM 27°",)


@pytest.mark.parametrize(
    ("profile", "articles"),
    [
        ("tda-2017", ("TDA 35D", "TDA 36")),
        ("generic", ("GEN 1.9",)),
        ("bannalec", ("TDA 35D", "TDA 36")),
    ],
)
def test_no_misdeal_after_sa(profile: str, articles: tuple[str, ...]) -> None:
    ruling = misdeal(after_sa(profile), "two-cards-exposed")
    assert ruling.rule == "DEAL-MISDEAL-AFTER-SA"
    assert ruling.articles == articles
    assert kinds(ruling) == [StepKind.CONTINUE]


def test_lfp_after_sa_without_the_players_affected() -> None:
    """LFP 2.13: play goes on without the players directly affected."""
    named = misdeal(after_sa("lfp"), "empty-seat", player=5)
    assert kinds(named) == [StepKind.KILL_HAND]
    assert named.decision == Decision(ActionKind.FOLD)  # player 6 is to act
    unnamed = misdeal(after_sa("lfp"), "wrong-order")
    assert "non directement concernés" in unnamed.explanation_fr


def test_gm_misdeal_has_no_sa_limit() -> None:
    assert misdeal(after_sa("gran-madrid"), "two-cards-exposed").details["misdeal"] is True


# -- wrong number of cards -------------------------------------------------------------------------


@pytest.mark.parametrize(("player", "held"), [(None, 1), (2, None), (9, 1), (2, 2), (2, -1)])
def test_wrong_count_needs_the_player_and_a_wrong_count(
    player: int | None, held: int | None
) -> None:
    with pytest.raises(ParseError):
        misdeal(table(), "wrong-count", player=player, cards_held=held)


def test_button_short_tda_37() -> None:
    """DEAL-BUTTON-SHORT: the button gets the missing card even after SA, unless he has acted."""
    hand = after_sa("tda-2017")
    ruling = misdeal(hand, "wrong-count", player=5, cards_held=1)
    assert ruling.rule == "DEAL-BUTTON-SHORT"
    assert ruling.articles == ("TDA 37", "TDA 35B")
    hand.act(5, "call")
    hand.act(0, "fold")
    dead = misdeal(hand, "wrong-count", player=5, cards_held=1)
    assert kinds(dead) == [StepKind.KILL_HAND]
    assert dead.decision is None
    assert "bouton" in dead.explanation_fr


def test_lfp_extra_card_to_the_small_blind_is_the_burn() -> None:
    """LFP 2.8 (P-10): one extra card to the small blind is shown and burned; any other count is a
    misdeal."""
    ruling = misdeal(table("lfp"), "wrong-count", player=0, cards_held=3)
    assert kinds(ruling) == [StepKind.TAKE_BACK, StepKind.SET_ASIDE, StepKind.BURN]
    assert ruling.details == {"misdeal": False}
    assert misdeal(table("lfp"), "wrong-count", player=0, cards_held=4).details["misdeal"] is True
    assert misdeal(table("lfp"), "wrong-count", player=1, cards_held=3).details["misdeal"] is True
    heads_up = table("lfp", players=2)
    assert misdeal(heads_up, "wrong-count", player=1, cards_held=3).details["misdeal"] is False
    dead_small = table("lfp", players=4, blind_posts=[0, 100, 0, 0])
    assert misdeal(dead_small, "wrong-count", player=0, cards_held=3).details["misdeal"] is True


def test_wrong_count_after_sa_lfp() -> None:
    ruling = misdeal(after_sa("lfp"), "wrong-count", player=1, cards_held=1)
    assert ruling.rule == "DEAL-WRONG-COUNT-AFTER-SA"
    assert ruling.articles == ("LFP 2.13", "LFP 2.14")
    assert ruling.decision is None  # player 2 is not to act


def test_gen_void_hand_for_the_player_to_act() -> None:
    hand = table("generic")
    ruling = misdeal(hand, "wrong-count", player=2, cards_held=0)
    assert ruling.decision == Decision(ActionKind.FOLD)
    assert "annulée" in ruling.explanation_fr


# -- boxed, flashed and exposed cards --------------------------------------------------------------


def test_one_boxed_card_is_set_aside() -> None:
    ruling = boxed_cards(table("lfp"), 1, is_during_deal=True)
    assert ruling.rule == "DEAL-BOXED-CARD"
    assert kinds(ruling) == [StepKind.SET_ASIDE]
    assert boxed_cards(table(), 1, is_during_deal=False).articles == ("TDA 35A", "LFP 2.10")
    with pytest.raises(ParseError):
        boxed_cards(table(), 0, is_during_deal=True)


def test_two_boxed_cards() -> None:
    during = boxed_cards(table("gran-madrid"), 2, is_during_deal=True)
    assert (during.rule, during.details["misdeal"]) == ("DEAL-BOXED-CARD", True)
    assert boxed_cards(table("lfp"), 2, is_during_deal=False).details["misdeal"] is True
    assert boxed_cards(table(), 2, is_during_deal=False).details["misdeal"] is True
    late = boxed_cards(after_sa("tda-2017"), 3, is_during_deal=False)
    assert late.details["misdeal"] is False
    assert kinds(late) == [StepKind.SET_ASIDE, StepKind.CONTINUE]


def test_two_boxed_cards_lfp_with_no_betting_left() -> None:
    """LFP 2.10: once no betting is possible, boxed cards are ignored."""
    hand = Hand.create(game="nlhe", profile=rules.load("lfp"), stacks=[500, 500, BIG],
                       blinds=(50, 100), seed=1, deal="entered")  # fmt: skip
    hand.act(2, "raise", to=600)
    hand.act(0, "all-in")
    hand.act(1, "all-in")
    ruling = boxed_cards(hand, 2, is_during_deal=False)
    assert ruling.details["misdeal"] is False
    assert "ignorées" in ruling.explanation_fr
    dealing = Hand.create(game="nlhe", profile=rules.load("lfp"), stacks=[BIG] * 3,
                          blinds=(50, 100), seed=1, deal="entered")  # fmt: skip
    for player in (2, 0):
        dealing.act(player, "call")
    dealing.act(1, "check")
    assert boxed_cards(dealing, 2, is_during_deal=False).details["misdeal"] is True


@pytest.mark.parametrize(("profile", "silent"), [("lfp", False), ("tda-2017", True)])
def test_flashed_card_kept(profile: str, silent: bool) -> None:
    touched = flashed_card(table(profile), 2, is_refused=True, is_touched=True)
    assert touched.details == {"kept": True}
    assert ("pokertd follows LFP 2.9" in touched.explanation_en) is silent
    kept = flashed_card(table(profile), 2, is_refused=False, is_touched=False)
    assert "ne l'a pas refusée" in kept.explanation_fr


def test_flashed_card_refused() -> None:
    ruling = flashed_card(table("lfp"), 2, is_refused=True, is_touched=False)
    assert ruling.details == {"kept": False}
    assert ruling.articles == ("LFP 2.9", "LFP 2.5")
    assert StepKind.BURN in kinds(ruling)
    with pytest.raises(ParseError):
        flashed_card(table(), 7, is_refused=True, is_touched=False)
