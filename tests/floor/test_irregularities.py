"""Dealing irregularities: misdeals (DEAL-MISDEAL-CONDITIONS, DEAL-MISDEAL-AFTER-SA,
DEAL-WRONG-COUNT-AFTER-SA, DEAL-BUTTON-SHORT, DEAL-EXPOSED-CARD), boxed and flashed cards; every
branch."""

from __future__ import annotations

import pytest
from floor_tools import BIG, kinds, table

from pokertd import Hand
from pokertd.engine import ActionKind
from pokertd.errors import ParseError
from pokertd.floor.irregularities import Situation, boxed_cards, flashed_card, misdeal
from pokertd.floor.rulings import Decision, StepKind
from pokertd.present.floor import explanation


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
    assert "Fausse donne" in explanation(ruling, "fr")


def test_button_misplaced_outside_gm_is_the_tds() -> None:
    ruling = misdeal(table("lfp"), "button-misplaced")
    assert (ruling.td_decides, ruling.details["misdeal"]) == (True, False)


def test_one_exposed_card_is_replaced_by_the_burn() -> None:
    """DEAL-EXPOSED-CARD: LFP 2.5, GEN 1.8 (also the first card), GM 27°; TDA borrows LFP 2.5."""
    lfp = misdeal(table("lfp"), "card-exposed", player=3)
    assert lfp.rule == "DEAL-EXPOSED-CARD"
    assert lfp.articles == ("LFP 2.5",)
    assert "player 4" in explanation(lfp, "en")
    tda = misdeal(table(), "card-exposed")
    assert tda.articles == ("TDA 35A", "TDA 35B", "LFP 2.5")
    assert "follows LFP 2.5" in explanation(tda, "en")
    gen = misdeal(table("generic"), "first-cards-exposed")
    assert gen.rule == "DEAL-EXPOSED-CARD"
    assert gen.articles == ("GEN 1.8",)
    assert "GEN 1.8" in explanation(gen, "fr")
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
    assert "non directement concernés" in explanation(unnamed, "fr")


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
    assert "bouton" in explanation(dead, "fr")


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
    assert "annulée" in explanation(ruling, "fr")


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
    hand = table("lfp", 3, stacks=[500, 500, BIG], deal="entered")
    hand.act(2, "raise", to=600)
    hand.act(0, "all-in")
    hand.act(1, "all-in")
    ruling = boxed_cards(hand, 2, is_during_deal=False)
    assert ruling.details["misdeal"] is False
    assert "ignorées" in explanation(ruling, "fr")
    dealing = table("lfp", 3, deal="entered")
    for player in (2, 0):
        dealing.act(player, "call")
    dealing.act(1, "check")
    assert boxed_cards(dealing, 2, is_during_deal=False).details["misdeal"] is True


@pytest.mark.parametrize(("profile", "silent"), [("lfp", False), ("tda-2017", True)])
def test_flashed_card_kept(profile: str, silent: bool) -> None:
    touched = flashed_card(table(profile), 2, is_refused=True, is_touched=True)
    assert touched.details == {"kept": True}
    assert ("pokertd follows LFP 2.9" in explanation(touched, "en")) is silent
    kept = flashed_card(table(profile), 2, is_refused=False, is_touched=False)
    assert "ne l'a pas refusée" in explanation(kept, "fr")


def test_flashed_card_refused() -> None:
    ruling = flashed_card(table("lfp"), 2, is_refused=True, is_touched=False)
    assert ruling.details == {"kept": False}
    assert ruling.articles == ("LFP 2.9", "LFP 2.5")
    assert StepKind.BURN in kinds(ruling)
    with pytest.raises(ParseError):
        flashed_card(table(), 7, is_refused=True, is_touched=False)
