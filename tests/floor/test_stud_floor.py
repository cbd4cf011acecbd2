"""Stud dealing irregularities and procedures (``pokertd.floor.stud``): TDA PR-5D, PR-9, 35A5, 66
and GEN 1.1, 1.8, 1.13, 1.14, 1.15, per profile."""

from __future__ import annotations

import pytest

from pokertd import Hand, rules
from pokertd.cards import parse_cards
from pokertd.errors import ParseError
from pokertd.floor.rulings import Ruling, StepKind
from pokertd.floor.stud import (
    apply_misdeal,
    dealing_error,
    deck_short,
    fold_up_cards,
    premature_card,
    river_dealt_up,
)
from pokertd.floor.stud_first import absent_player, first_to_act
from pokertd.present.floor import explanation, step_code
from pokertd.rules import catalogue
from pokertd.rules.articles import quote, references

TDA_BOOKS = ["tda-2017", "lfp", "bannalec", "gran-madrid"]  # LFP, BAN, GM are silent on stud


def _stud(
    profile: str = "tda-2017",
    cards: tuple[str, ...] = ("AsKs9d", "QhQd2c", "3c4c2h"),
    *,
    game: str = "stud",
    stacks: list[int] | None = None,
    absent: tuple[int, ...] = (),
) -> Hand:
    hand = Hand.create(
        game=game,
        profile=rules.load(profile),
        stacks=stacks or [1000] * len(cards),
        ante=5,
        bring_in=10,
        limits=(20, 40),
        deal="entered",
        absent=absent,
    )
    for player, text in enumerate(cards):
        hand.deal_hole(player, parse_cards(text))
    return hand


def _auto(profile: str = "tda-2017", players: int = 4, seed: int = 3) -> Hand:
    return Hand.create(
        game="stud",
        profile=rules.load(profile),
        stacks=[1000] * players,
        ante=5,
        bring_in=10,
        limits=(20, 40),
        seed=seed,
    )


def _passive(hand: Hand, street: int) -> None:
    """Play the betting passively (bring-in, calls, checks) until ``street`` is being bet."""
    while not hand.is_finished and (hand.street < street or hand.bring_in_player is not None):
        legal = hand.legal()
        assert legal is not None
        kind = "bring-in" if legal.is_bring_in else "check" if legal.check else "call"
        hand.act(legal.player, kind)


def _close_round(hand: Hand) -> None:
    """Play the current betting round passively to its end."""
    while hand.to_act is not None:
        legal = hand.legal()
        assert legal is not None
        kind = "bring-in" if legal.is_bring_in else "check" if legal.check else "call"
        hand.act(legal.player, kind)


def _resolves(ruling: Ruling) -> None:
    assert catalogue.is_known(ruling.rule)
    assert ruling.articles
    for citation in ruling.articles:
        for reference in references(citation):
            assert quote(reference).text
    assert explanation(ruling, "en")
    assert explanation(ruling, "fr")


def _kinds(ruling: Ruling) -> list[StepKind]:
    return [step.kind for step in ruling.steps]


# -- STUD-PREMATURE ---------------------------------------------------------------------------


@pytest.mark.parametrize("profile", TDA_BOOKS)
def test_stud_premature_tda_pr_5d(profile: str) -> None:
    hand = _auto(profile)  # third-street betting, the bring-in due
    ruling = premature_card(hand, player=1, cards=parse_cards("7h"))
    _resolves(ruling)
    assert ruling.rule == "STUD-PREMATURE"
    assert ruling.articles == ("TDA PR-5D",)
    assert ruling.details["street"] == "fourth"
    assert ruling.details["set_aside"] == 4  # a full round for the players still in the hand
    assert _kinds(ruling) == [
        StepKind.SET_ASIDE,
        StepKind.SET_ASIDE,
        StepKind.CONTINUE,
        StepKind.BURN,
        StepKind.CONTINUE,
        StepKind.RESHUFFLE_INTO_STUB,
        StepKind.BURN,
        StepKind.CONTINUE,
    ]
    assert step_code(ruling.steps[0]) == "set-aside 7h (the premature card(s))"
    assert ("says nothing about stud" in explanation(ruling, "en")) == (profile != "tda-2017")


def test_stud_premature_tda_pr_5d_seventh_street_reshuffles_at_once() -> None:
    hand = _auto()
    _passive(hand, 3)  # sixth-street betting
    hand.act(hand.to_act or 0, "check")
    ruling = premature_card(hand)
    assert ruling.details["street"] == "seventh"
    assert _kinds(ruling) == [
        StepKind.SET_ASIDE,
        StepKind.SET_ASIDE,
        StepKind.CONTINUE,
        StepKind.RESHUFFLE_INTO_STUB,
        StepKind.BURN,
        StepKind.CONTINUE,
    ]


def test_stud_premature_tda_pr_5d_counts_players_still_in_the_hand() -> None:
    hand = _auto()
    legal = hand.legal()
    assert legal is not None
    hand.act(legal.player, "bring-in")
    hand.act(hand.to_act or 0, "fold")
    assert premature_card(hand).details["set_aside"] == 3


def test_stud_premature_gen_1_14_cards_are_dead() -> None:
    ruling = premature_card(_auto("generic"), cards=parse_cards("7h"))
    _resolves(ruling)
    assert ruling.articles == ("GEN 1.14",)
    assert StepKind.RESHUFFLE_INTO_STUB not in _kinds(ruling)
    assert "muck" in step_code(ruling.steps[1])
    assert not ruling.td_decides


def test_stud_premature_gen_1_14_seventh_card_kept_may_not_bet_or_raise() -> None:
    hand = _auto("generic")
    _passive(hand, 3)
    ruling = premature_card(hand, player=2, is_kept=True)
    _resolves(ruling)
    assert ruling.articles == ("GEN 1.14",)
    assert ruling.details["may_not_bet_or_raise"] == 2
    assert not ruling.td_decides


def test_stud_premature_kept_under_tda_is_for_the_td() -> None:
    hand = _auto()
    _passive(hand, 3)
    ruling = premature_card(hand, player=2, is_kept=True)
    assert ruling.td_decides
    assert ruling.articles == ("TDA PR-5D", "GEN 1.14")
    with pytest.raises(ParseError):
        premature_card(_auto(), is_kept=True)  # only a seventh-street card


def test_stud_premature_needs_a_betting_round_before_the_last_street() -> None:
    hand = Hand.create(
        game="stud", stacks=[1000] * 3, ante=5, bring_in=10, limits=(20, 40), deal="entered"
    )
    with pytest.raises(ParseError, match="STUD-PREMATURE"):
        premature_card(hand)  # still dealing third street
    flop = Hand.create(game="nlhe", stacks=[1000] * 3, blinds=(5, 10), seed=1)
    with pytest.raises(ParseError, match="not a stud game"):
        premature_card(flop)


# -- STUD-MISDEAL -----------------------------------------------------------------------------


@pytest.mark.parametrize("profile", TDA_BOOKS)
def test_stud_misdeal_tda_35a5_down_card_exposed(profile: str) -> None:
    ruling = dealing_error(_stud(profile), "down-card-exposed", player=1)
    _resolves(ruling)
    assert ruling.rule == "STUD-MISDEAL"
    assert ruling.articles == ("TDA 35A5", "TDA 35C")
    assert ruling.details["misdeal"] is True
    assert _kinds(ruling) == [StepKind.RETURN_BETS, StepKind.REDEAL]


def test_stud_misdeal_tda_35d_after_substantial_action() -> None:
    hand = _stud()
    hand.act(1, "bring-in")
    hand.act(2, "call")
    hand.act(0, "bet", to=20)
    ruling = dealing_error(hand, "down-card-exposed", player=1)
    assert ruling.articles == ("TDA 35A5", "TDA 35D")
    assert ruling.details["misdeal"] is False


def test_stud_misdeal_gen_1_8_one_card_replaced_two_a_misdeal() -> None:
    one = dealing_error(_stud("generic"), "down-card-exposed", player=0)
    _resolves(one)
    assert one.articles == ("GEN 1.8",)
    assert one.details["misdeal"] is False
    assert _kinds(one)[-1] is StepKind.BURN
    two = dealing_error(_stud("generic"), "down-cards-exposed", player=0)
    assert two.articles == ("GEN 1.8", "GEN 1.9")
    assert two.details["misdeal"] is True


@pytest.mark.parametrize("profile", rules.PROFILE_IDS)
def test_stud_misdeal_up_card_dealt_down_is_for_the_td(profile: str) -> None:
    ruling = dealing_error(_stud(profile), "up-card-dealt-down", player=2)
    _resolves(ruling)
    assert ruling.td_decides
    assert ruling.details["misdeal"] is False


def test_stud_misdeal_other_situations_go_to_the_misdeal_list() -> None:
    ruling = dealing_error(_stud(), "boxed-cards")
    assert ruling.rule == "DEAL-MISDEAL-CONDITIONS"
    with pytest.raises(ParseError):
        dealing_error(_stud(), "dealt-sideways")


# -- STUD-RIVER-UP: TDA PR-9A -----------------------------------------------------------------


def _at_seventh(profile: str, players: int) -> Hand:
    cards = ("AsKs9d", "QhQd2c", "3c4c2h", "5d6d7s")[:players]
    hand = _stud(profile, cards)
    later = {1: ("9s", "Ac", "8h", "Tc"), 2: ("Jd", "Jh", "4h", "Ts"), 3: ("3d", "Kd", "5h", "8s")}
    for street in (1, 2, 3):
        _close_round(hand)
        for player in range(players):
            hand.deal_hole(player, parse_cards(later[street][player]))
    _close_round(hand)
    return hand


@pytest.mark.parametrize("profile", rules.PROFILE_IDS)
def test_stud_river_up_tda_pr_9a_heads_up(profile: str) -> None:
    hand = _at_seventh(profile, 2)
    ruling = river_dealt_up(hand, player=1)
    _resolves(ruling)
    assert ruling.rule == "STUD-RIVER-UP"
    assert ruling.articles == ("TDA PR-9A",)
    assert "face up too" in step_code(ruling.steps[0])
    # sixth street: player 1 shows 9d 9s Jd 3d, player 2 2c Ac Jh Kd: the pair of nines acts first
    assert ruling.details["first_to_act"] == 0
    assert ruling.details["may_declare_all_in"] == [1, 0]


def test_stud_river_up_tda_pr_9a_multiway() -> None:
    ruling = dealing_error(_at_seventh("tda-2017", 3), "river-dealt-up", player=2)
    assert "face down" in step_code(ruling.steps[0])
    assert ruling.details["may_declare_all_in"] == [2]
    with pytest.raises(ParseError, match="STUD-RIVER-UP"):
        river_dealt_up(_stud())


# -- STUD-BRINGIN-TIE, STUD-BRINGIN-ABSENT: TDA PR-9C, PR-9D, PR-9B, 30, 71C; GEN 1.1 -----------


@pytest.mark.parametrize("profile", rules.PROFILE_IDS)
def test_stud_bringin_tie_tda_pr_9c_the_lowest_club(profile: str) -> None:
    ruling = first_to_act(_stud(profile), claimed=2)
    _resolves(ruling)
    assert ruling.rule == "STUD-BRINGIN-TIE"
    assert ruling.details == {"player": 1, "card": "2c"}
    assert "2h" in explanation(ruling, "en")  # the tie the suit broke
    assert "Not player 3" in explanation(ruling, "en")
    assert ruling.articles == (("GEN 1.1", "TDA PR-9C") if profile == "generic" else ("TDA PR-9C",))


def test_stud_bringin_tie_razz_highest_card_spade_over_heart() -> None:
    ruling = first_to_act(_stud(cards=("AsJs9d", "QhQdKh", "3c4cKs"), game="razz"))
    assert ruling.details == {"player": 2, "card": "Ks"}


def test_stud_bringin_tie_later_street_best_showing_hand() -> None:
    hand = _stud()
    _close_round(hand)
    for player, card in enumerate(["9s", "Ac", "8h"]):
        hand.deal_hole(player, parse_cards(card))
    ruling = first_to_act(hand, claimed=1)
    assert ruling.articles == ("TDA 17A", "TDA PR-9C")
    assert ruling.details["player"] == 0 == hand.to_act
    assert "Not player 2" in explanation(ruling, "en")


@pytest.mark.parametrize("profile", rules.PROFILE_IDS)
def test_stud_bringin_absent_tda_30_71c(profile: str) -> None:
    hand = _stud(profile, absent=(1,))
    ruling = first_to_act(hand)
    _resolves(ruling)
    assert ruling.rule == "STUD-BRINGIN-ABSENT"
    assert {"TDA 30", "TDA 71C"} <= set(ruling.articles)
    assert ruling.details["acts"] == 2 == hand.to_act


def test_stud_bringin_absent_tda_pr_9d_all_in_on_the_ante() -> None:
    hand = _stud(stacks=[1000, 5, 1000])
    ruling = first_to_act(hand)
    assert ruling.rule == "STUD-BRINGIN-ABSENT"
    assert "TDA PR-9D" in ruling.articles
    assert ruling.details["acts"] == 2 == hand.to_act


@pytest.mark.parametrize("profile", rules.PROFILE_IDS)
def test_stud_bringin_absent_tda_pr_9b_no_fourth_street_card(profile: str) -> None:
    hand = _stud(profile)
    ruling = absent_player(hand, 1)
    _resolves(ruling)
    assert ruling.articles == ("TDA PR-9B", "TDA 30", "TDA 71C")
    assert str(ruling.decision) == "fold"  # he owes the bring-in: he is to act
    assert _kinds(ruling)[0] is StepKind.KILL_HAND


# -- STUD-FOLD: TDA 66, GEN 1.15 --------------------------------------------------------------


@pytest.mark.parametrize("profile", TDA_BOOKS)
def test_stud_fold_tda_66_facing_action_is_dead(profile: str) -> None:
    hand = _stud(profile)
    hand.act(1, "bring-in")
    ruling = fold_up_cards(hand, 2)
    _resolves(ruling)
    assert ruling.articles == ("TDA 66",)
    assert str(ruling.decision) == "fold"
    assert ruling.details["dead"] is True
    out_of_turn = fold_up_cards(hand, 0)  # facing the bring-in too, not to act
    assert out_of_turn.decision is None
    assert _kinds(out_of_turn)[0] is StepKind.KILL_HAND


def test_stud_fold_tda_66_not_facing_action_is_for_the_td() -> None:
    hand = _stud()
    hand.act(1, "bring-in")
    ruling = fold_up_cards(hand, 1)  # the bring-in, nothing to call
    assert ruling.td_decides
    assert ruling.details["dead"] is False
    hand.act(2, "fold")
    with pytest.raises(ParseError, match="STUD-FOLD"):
        fold_up_cards(hand, 2)


def test_stud_fold_gen_1_15() -> None:
    hand = _stud("generic")
    hand.act(1, "bring-in")
    before = fold_up_cards(hand, 2)
    _resolves(before)
    assert before.articles == ("GEN 1.15",)
    assert before.details["dead"] is False
    after = fold_up_cards(hand, 2, is_next_acted=True)
    assert after.details["dead"] is True
    assert str(after.decision) == "fold"
    heads_up = _stud("generic", ("AsKs9d", "QhQd2c"))
    assert fold_up_cards(heads_up, 0, is_next_acted=True).details["dead"] is False


# -- STUD-DECK-SHORT: GEN 1.13 ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "procedure"), [(6, "deal"), (7, "new-stub"), (8, "common-card")]
)
def test_stud_deck_short_gen_1_13_seventh_street(players: int, procedure: str) -> None:
    hand = _auto("generic", players)
    _passive(hand, 3)
    ruling = deck_short(hand)
    _resolves(ruling)
    assert ruling.articles == ("GEN 1.13",)
    assert ruling.details["street"] == "seventh"
    assert ruling.details["procedure"] == procedure
    assert ruling.details["burns"] == 3


def test_stud_deck_short_under_tda_follows_gen() -> None:
    ruling = deck_short(_auto("lfp", 8))
    assert ruling.details["procedure"] == "deal"
    assert "LFP and the TDA are silent" in explanation(ruling, "en")


# -- carrying a misdeal out -------------------------------------------------------------------


def test_stud_misdeal_tda_35c_apply_misdeal_is_an_exact_replay() -> None:
    hand = _stud(stacks=[1000, 800, 600], absent=(0,))
    hand.act(1, "bring-in")
    again = apply_misdeal(hand)
    assert again.starting_stacks == (1000, 800, 600)
    assert again.setup.absent == (0,)
    assert again.setup.limits == hand.setup.limits
    assert again.button == hand.button
    assert again.phase.value == "dealing"  # entered: the dealer enters the new cards
    auto = apply_misdeal(hand, deal="auto", seed=5)
    assert auto.legal() is not None
