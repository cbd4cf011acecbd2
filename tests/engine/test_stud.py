"""Stud, stud hi-lo and razz rules, one test per rule (ids and articles in the names).

Hands are dealt by hand (``deal="entered"``) so that every card is chosen by the test.
"""

from __future__ import annotations

import pytest

from pokertd import Hand, IllegalActionError, rules
from pokertd.cards import Deck, parse_cards
from pokertd.engine import Exposure, Phase
from pokertd.engine.events import BoardDealt, HandShown, PlayerActed, PotAwarded


def stud_hand(game: str, thirds: list[str], **options: object) -> Hand:
    """Start an entered stud hand; ``thirds`` are each player's third-street cards."""
    settings: dict[str, object] = {
        "stacks": [1000] * len(thirds),
        "ante": 5,
        "bring_in": 10,
        "limits": (20, 40),
        "deal": "entered",
    }
    settings.update(options)
    hand = Hand.create(game=game, **settings)  # type: ignore[arg-type]
    for player, cards in enumerate(thirds):
        hand.deal_hole(player, parse_cards(cards))
    return hand


def deal_street(hand: Hand, cards: dict[int, str]) -> None:
    for player, card in cards.items():
        hand.deal_hole(player, parse_cards(card))


def show_down(hand: Hand) -> None:
    """Table every hand at showdown, in showdown order."""
    while hand.phase is Phase.SHOWDOWN and hand.to_act is not None:
        hand.show(hand.to_act)


def call_down(hand: Hand) -> None:
    """Post the bring-in, then check or call until the betting round closes."""
    street = hand.street
    while hand.phase is Phase.BETTING and hand.street == street:
        legal = hand.legal()
        assert legal is not None
        hand.act(
            legal.player, "bring-in" if legal.is_bring_in else "call" if legal.call else "check"
        )


# -- the bring-in ------------------------------------------------------------------------------


def test_stud_bring_in_lowest_up_card_suit_breaks_ties_stud_bringin_tie_tda_pr9c() -> None:
    """Stud: the lowest up card brings in; between two deuces the club (lowest suit) does."""
    hand = stud_hand("stud", ["AsKs2d", "QhQd2c", "3c4c9h"])
    assert hand.to_act == 1
    legal = hand.legal()
    assert legal is not None
    assert legal.is_bring_in
    assert (legal.fold, legal.check, legal.call, legal.min_raise_to) == (False, False, 10, 20)


def test_stud_bring_in_aces_are_high_in_stud8() -> None:
    hand = stud_hand("stud8", ["KsKdAc", "2s3s8h", "4c5c9d"])
    assert hand.to_act == 1  # 8h is the lowest up card; the ace is high


def test_razz_bring_in_highest_up_card_aces_low_spade_breaks_ties_tda_pr9c() -> None:
    """Razz: the highest up card brings in, aces low; between two kings the spade does."""
    hand = stud_hand("razz", ["2s3sKh", "4c5cKs", "6c7cAd"])
    assert hand.to_act == 1


def test_stud_bring_in_may_complete_engine_bring_in() -> None:
    hand = stud_hand("stud", ["AsKs9d", "QhQd2c", "3c4c9h"])
    hand.act(1, "bet", to=20)
    assert hand.current_bet == 20
    assert hand.to_act == 2
    legal = hand.legal()
    assert legal is not None
    assert (legal.call, legal.min_raise_to) == (20, 40)


def test_stud_bring_in_may_not_fold_or_check_or_bet_another_amount() -> None:
    hand = stud_hand("stud", ["AsKs9d", "QhQd2c", "3c4c9h"])
    for kind, to in (("fold", None), ("check", None), ("bet", 15), ("bet", 40)):
        with pytest.raises(IllegalActionError) as refused:
            hand.act(1, kind, to=to)
        assert refused.value.rule == "ENGINE-BRING-IN"
    assert hand.bets == (0, 0, 0)


def test_stud_bring_in_then_calls_close_the_round_without_an_option() -> None:
    """The bring-in is his action: when everyone calls it, the round is over."""
    hand = stud_hand("stud", ["AsKs9d", "QhQd2c", "3c4c9h"])
    hand.act(1, "bring-in")
    hand.act(2, "call")
    hand.act(0, "call")
    assert hand.phase is Phase.DEALING
    assert hand.street == 1


def test_stud_bring_in_all_in_on_the_ante_action_starts_left_tda_pr9d() -> None:
    """TDA PR-9D: the lowest card is all-in for the ante; the action starts at his left and the
    others must at least bring in or fold."""
    hand = stud_hand("stud", ["AsKs9d", "QhQd2c", "3c4c9h"], stacks=[1000, 5, 1000])
    assert hand.is_all_in(1)
    assert hand.to_act == 2
    legal = hand.legal()
    assert legal is not None
    assert (legal.fold, legal.check, legal.call, legal.min_raise_to) == (True, False, 10, 20)


def test_stud_bring_in_short_posts_what_he_has_and_others_call_the_full_bring_in() -> None:
    hand = stud_hand("stud", ["AsKs9d", "QhQd2c", "3c4c9h"], stacks=[1000, 12, 1000])
    legal = hand.legal()
    assert legal is not None
    assert legal.call == 7
    assert legal.min_raise_to is None
    hand.act(1, "bring-in")
    assert hand.is_all_in(1)
    legal = hand.legal()
    assert legal is not None
    assert legal.call == 10


def test_stud_bring_in_absent_player_pays_it_stud_bringin_absent_tda_30_71c() -> None:
    """TDA 30, 71C: an absent player dealt the bring-in card pays it; his hand is dead."""
    hand = stud_hand("stud", ["AsKs9d", "QhQd2c", "3c4c9h"], absent=[1])
    posted = [e for e in hand.events if isinstance(e, PlayerActed)]
    assert posted == [PlayerActed(1, "bring-in", 10, 10, False)]  # type: ignore[arg-type]
    assert hand.is_folded(1)
    assert hand.to_act == 2
    assert hand.stacks[1] == 1000 - 5 - 10
    hand.act(2, "call")
    hand.act(0, "call")
    assert hand.phase is Phase.DEALING
    with pytest.raises(IllegalActionError, match="owed no cards"):  # TDA PR-9B: no 4th card
        hand.deal_hole(1, parse_cards("5h"))


# -- who acts first on later streets -----------------------------------------------------------


def test_stud_opener_best_showing_hand_stud_show_order_tda_17a() -> None:
    hand = stud_hand("stud", ["AsKs9d", "QhQd2c", "3c4c8h"])
    call_down(hand)
    deal_street(hand, {0: "9s", 1: "Ac", 2: "8d"})  # p1 9-9, p2 A-2, p3 8-8
    assert hand.to_act == 0
    assert hand.legal() == hand.legal()._replace(check=True, call=0, min_raise_to=20)  # type: ignore[union-attr]


def test_stud_opener_identical_showing_hands_go_by_highest_card_suit_tda_pr9c() -> None:
    """TDA PR-9C: identical showing hands: the hand with the highest card by suit bets first."""
    hand = stud_hand("stud", ["2s3sKh", "4c5cKs", "6c7c2h"])
    call_down(hand)
    deal_street(hand, {0: "9h", 1: "9c", 2: "3d"})  # p1 K♥9♥, p2 K♠9♣: the K♠ is higher
    assert hand.to_act == 1


def test_razz_opener_lowest_showing_hand_pairs_are_bad_stud_show_order() -> None:
    hand = stud_hand("razz", ["2s3sKh", "4c5cTs", "6c7cQd"])
    call_down(hand)
    deal_street(hand, {0: "Kd", 1: "Td", 2: "6d"})  # K-K, T-T, Q-6: Q-6 is the lowest
    assert hand.to_act == 2


def test_razz_opener_aces_are_low() -> None:
    hand = stud_hand("razz", ["2s3sKh", "4c5cTs", "6c7cQd"])
    call_down(hand)
    deal_street(hand, {0: "Ad", 1: "2d", 2: "5d"})  # K-A, T-2, Q-5: T-2 lowest
    assert hand.to_act == 1


def test_stud_opener_all_in_best_hand_action_starts_at_his_left() -> None:
    hand = stud_hand("stud", ["AsKs9d", "QhQd2c", "3c4c8h"], stacks=[1000, 1000, 15])
    hand.act(1, "bring-in")
    hand.act(2, "call")  # all-in for 10
    hand.act(0, "call")
    deal_street(hand, {0: "2s", 1: "3d", 2: "8d"})  # p3 shows 8-8 and is all-in
    assert hand.to_act == 0


def test_stud_small_bet_on_fourth_big_bet_from_fifth() -> None:
    hand = stud_hand("stud", ["AsKs9d", "QhQd2c", "3c4c8h"])
    call_down(hand)
    deal_street(hand, {0: "2s", 1: "3d", 2: "5d"})
    legal = hand.legal()
    assert legal is not None
    assert legal.min_raise_to == legal.max_raise_to == 20
    call_down(hand)
    deal_street(hand, {0: "7s", 1: "Jd", 2: "6d"})
    legal = hand.legal()
    assert legal is not None
    assert legal.min_raise_to == legal.max_raise_to == 40


def test_stud_open_pair_on_fourth_street_house_option() -> None:
    """Books silent: with ``has_open_pair_option`` a player may bet the big bet on fourth street
    when an open pair shows; then raises are big bets. Off by default."""
    thirds = ["AsKs9d", "QhQd2c", "3c4c8h"]
    plain = stud_hand("stud", thirds)
    call_down(plain)
    deal_street(plain, {0: "9s", 1: "3d", 2: "5d"})
    legal = plain.legal()
    assert legal is not None
    assert legal.max_raise_to == 20
    hand = stud_hand("stud", thirds, has_open_pair_option=True)
    call_down(hand)
    deal_street(hand, {0: "9s", 1: "3d", 2: "5d"})
    legal = hand.legal()
    assert legal is not None
    assert (legal.min_raise_to, legal.max_raise_to) == (20, 40)
    with pytest.raises(IllegalActionError) as refused:
        hand.act(0, "bet", to=30)
    assert refused.value.rule == "ENGINE-LIMIT-SIZE"
    hand.act(0, "bet", to=40)
    legal = hand.legal()
    assert legal is not None
    assert (legal.call, legal.min_raise_to, legal.max_raise_to) == (
        40,
        80,
        80,
    )


def test_stud_no_open_pair_option_without_a_pair_showing() -> None:
    hand = stud_hand("stud", ["AsKs9d", "QhQd2c", "3c4c8h"], has_open_pair_option=True)
    call_down(hand)
    deal_street(hand, {0: "8s", 1: "3d", 2: "5d"})
    legal = hand.legal()
    assert legal is not None
    assert legal.max_raise_to == 20


# -- cards: up and down, running out -----------------------------------------------------------


def test_stud_exposures_down_down_up_then_up_then_down() -> None:
    hand = Hand.create(game="stud", stacks=[500, 500], ante=5, bring_in=10, limits=(20, 40),
                       seed=4)  # fmt: skip
    while not hand.is_finished:
        legal = hand.legal()
        assert legal is not None
        hand.act(
            legal.player, "bring-in" if legal.is_bring_in else "call" if legal.call else "check"
        )
    down, up = Exposure.DOWN, Exposure.UP
    assert hand.exposures(0) == (down, down, up, up, up, up, down)
    assert len(hand.up_cards(1)) == 4


def test_stud_up_cards_must_be_known_after_third_street_engine_deal() -> None:
    hand = stud_hand("stud", ["AsKs9d", "QhQd2c"])
    call_down(hand)
    with pytest.raises(IllegalActionError) as refused:
        hand.deal_hole(0, [None])
    assert refused.value.rule == "ENGINE-DEAL"


def test_stud_deck_short_eight_players_get_a_common_card_stud_deck_short_gen_1_13() -> None:
    """STUD-DECK-SHORT (GEN 1.13): eight players on seventh street: 48 cards dealt and 3 burned
    leave 1; the burns and the last card make a stub of 4, too short: one common card, face up."""
    hand = Hand.create(game="stud", stacks=[1000] * 8, ante=5, bring_in=10, limits=(20, 40),
                       deck=Deck.shuffled(__import__("random").Random(8)))  # fmt: skip
    while not hand.is_finished:
        legal = hand.legal()
        assert legal is not None
        hand.act(
            legal.player, "bring-in" if legal.is_bring_in else "call" if legal.call else "check"
        )
    boards = [e for e in hand.events if isinstance(e, BoardDealt)]
    assert len(boards) == 1
    assert boards[0].street == 4
    assert len(hand.board) == 1
    for player in range(8):
        assert len(hand.hole_cards(player)) == 6
        assert hand.board[0] in hand.up_cards(player)
    shown = {e.player for e in hand.events if isinstance(e, HandShown)}
    assert shown == set(range(8))


def test_stud_deck_short_seven_players_burns_make_a_new_stub_gen_1_13() -> None:
    """Seven players on seventh street: 7 cards are left, 8 are needed with the burn; the burns
    join them (GEN 1.13) and everyone gets his own card."""
    hand = Hand.create(game="stud", stacks=[1000] * 7, ante=5, bring_in=10, limits=(20, 40), seed=7)
    while not hand.is_finished:
        legal = hand.legal()
        assert legal is not None
        hand.act(
            legal.player, "bring-in" if legal.is_bring_in else "call" if legal.call else "check"
        )
    assert hand.board == ()
    assert all(len(hand.hole_cards(player)) == 7 for player in range(7))


def test_stud_deck_short_entered_common_card() -> None:
    thirds = ["2c2d2h", "2s3c3d", "3h3s4c", "4d4h4s", "5c5d5h", "5s6c6d", "6h6s7c", "7d7h7s"]
    hand = stud_hand("stud", thirds)
    ranks = "89TJQKA"
    rest = [f"{r}{s}" for r in ranks for s in "cdhs"]  # 28 cards: 8+8+8 dealt, 3 burned, 1 left
    for _ in range(1, 4):
        call_down(hand)
        deal_street(hand, {p: rest.pop(0) for p in range(8)})
    call_down(hand)
    with pytest.raises(IllegalActionError):
        hand.deal_board(parse_cards("Ac Ad"))
    hand.deal_board(parse_cards(rest[-1]))
    assert hand.phase is Phase.BETTING
    assert hand.board == tuple(parse_cards(rest[-1]))


# -- showdown ----------------------------------------------------------------------------------


def play_to_showdown(hand: Hand, streets: list[dict[int, str]]) -> None:
    for cards in streets:
        call_down(hand)
        deal_street(hand, cards)
    call_down(hand)


def test_stud_show_order_best_showing_hand_first_stud_show_order_tda_17a() -> None:
    hand = stud_hand("stud", ["AsKs9d", "QhQd2c", "3c4c8h"])
    play_to_showdown(hand, [{0: "2s", 1: "3d", 2: "8d"}, {0: "5s", 1: "6d", 2: "Jc"},
                            {0: "7s", 1: "Td", 2: "Jd"}, {0: "??", 1: "??", 2: "??"}])  # fmt: skip
    assert hand.phase is Phase.SHOWDOWN
    assert hand.to_act == 2  # 8-8-J-J showing, no bet on seventh street


def test_razz_show_order_lowest_showing_hand_first() -> None:
    hand = stud_hand("razz", ["AsKs9d", "QhQd2c", "3c4c8h"])
    play_to_showdown(hand, [{0: "2s", 1: "3d", 2: "8d"}, {0: "5s", 1: "6d", 2: "Jc"},
                            {0: "7s", 1: "Td", 2: "Jd"}, {0: "??", 1: "??", 2: "??"}])  # fmt: skip
    assert hand.to_act == 0  # 9-7-5-2 is the lowest board


def test_stud_odd_chip_highest_card_by_suit_stud_odd_chip_tda_20b() -> None:
    """TDA 20B: the odd chip goes to the highest card of the winning five, by suit: two A-K-Q-9-7
    split 9 chips, the A♠ takes 5 and the A♥ 4."""
    hand = stud_hand("stud", ["2c3dAh", "2d3cAs", "9h9sTc", "4h4s2h"], ante=1, bring_in=1,
                     limits=(2, 4))  # fmt: skip
    hand.act(3, "bring-in")
    hand.act(0, "bet", to=2)
    hand.act(1, "call")
    hand.act(2, "fold")
    hand.act(3, "fold")  # 4 antes + 1 + 2 + 2 = 9
    for cards in ({0: "Kh", 1: "Ks"}, {0: "Qh", 1: "Qs"}, {0: "9d", 1: "9c"}, {0: "7c", 1: "7h"}):
        deal_street(hand, cards)
        call_down(hand)
    show_down(hand)
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert [(a.amount, dict(a.shares)) for a in awards] == [(9, {1: 5, 0: 4})]


def test_stud8_add20_same_hands_both_ways_split_the_whole_pot_evenly_pot_hilo_split() -> None:
    """TDA Add.20 Ex2: two players win high and low with 6-5-4-3-2; 66 chips: 33 each, not 34/32
    to the 6♠ (POT-HILO-SPLIT: TDA 20C)."""
    hand = stud_hand("stud8", ["2c3d6s", "2d3c6c", "KhQsJc"], ante=2, bring_in=10,
                     limits=(10, 20))  # fmt: skip
    hand.act(1, "bring-in")
    hand.act(2, "call")
    hand.act(0, "call")  # 6 + 30 = 36
    deal_street(hand, {0: "4h", 1: "4s", 2: "Kd"})
    hand.act(2, "bet", to=10)
    hand.act(0, "call")
    hand.act(1, "call")  # 66
    for cards in ({0: "5h", 1: "5s", 2: "Qd"}, {0: "Jh", 1: "Jd", 2: "Th"},
                  {0: "9c", 1: "9d", 2: "8s"}):  # fmt: skip
        deal_street(hand, cards)
        call_down(hand)
    show_down(hand)
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert [(a.amount, a.half, dict(a.shares)) for a in awards] == [(66, "whole", {0: 33, 1: 33})]


def test_stud8_halves_cards_speak_high_and_low_to_different_players() -> None:
    hand = stud_hand("stud8", ["2c3d6s", "KdKcQc", "9h9sJc"], ante=0, bring_in=10,
                     limits=(10, 20))  # fmt: skip
    hand.act(0, "bring-in")
    hand.act(1, "call")
    hand.act(2, "call")  # 30 chips
    for cards in ({0: "4h", 1: "Ks", 2: "Jd"}, {0: "7h", 1: "Qs", 2: "Th"},
                  {0: "Jh", 1: "Ah", 2: "8s"}, {0: "9c", 1: "9d", 2: "2s"}):  # fmt: skip
        deal_street(hand, cards)
        call_down(hand)
    show_down(hand)
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert [(a.half, dict(a.shares)) for a in awards] == [("high", {1: 15}), ("low", {0: 15})]


def test_razz_judged_by_ace_to_five_low_straights_and_flushes_do_not_count() -> None:
    hand = stud_hand("razz", ["As2s3s", "2c3c4d", "KhKsQc"])
    hand.act(2, "bring-in")
    hand.act(0, "call")
    hand.act(1, "call")
    for cards in ({0: "4s", 1: "5d", 2: "Kd"}, {0: "5s", 1: "6h", 2: "Qd"},
                  {0: "Jh", 1: "Jd", 2: "Th"}, {0: "9h", 1: "9d", 2: "Ts"}):  # fmt: skip
        deal_street(hand, cards)
        call_down(hand)
    show_down(hand)
    result = hand.result
    assert result is not None
    assert result.winnings[0] > 0
    assert result.winnings[1] == 0


def test_razz_pairs_are_bad() -> None:
    hand = stud_hand("razz", ["AsAd2s", "9c8c7d", "KhKsQc"])
    hand.act(2, "bring-in")
    hand.act(0, "call")
    hand.act(1, "call")
    for cards in ({0: "2d", 1: "Td", 2: "Kd"}, {0: "3s", 1: "Th", 2: "Qd"},
                  {0: "3h", 1: "Tc", 2: "Jh"}, {0: "2h", 1: "Ts", 2: "Js"}):  # fmt: skip
        deal_street(hand, cards)
        call_down(hand)
    show_down(hand)
    result = hand.result
    assert result is not None
    assert result.winnings[1] > 0
    assert result.winnings[0] == 0


def test_stud_profiles_all_play_stud() -> None:
    for profile_id in rules.PROFILE_IDS:
        hand = Hand.create(game="razz", stacks=[300] * 4, ante=2, bring_in=5, limits=(10, 20),
                           profile=rules.load(profile_id), seed=1)  # fmt: skip
        assert hand.legal() is not None


def test_stud_setup_errors() -> None:
    from pokertd.errors import ParseError

    with pytest.raises(ParseError, match="no blinds"):
        Hand.create(
            game="stud", stacks=[100, 100], blinds=(1, 2), bring_in=1, limits=(2, 4), seed=1
        )
    with pytest.raises(ParseError, match="needs bring_in"):
        Hand.create(game="stud", stacks=[100, 100], seed=1)
    with pytest.raises(ParseError, match="2 to 8"):
        Hand.create(game="stud", stacks=[100] * 9, bring_in=1, limits=(2, 4), seed=1)
    with pytest.raises(ParseError, match="needs blinds"):
        Hand.create(game="nlhe", stacks=[100, 100], seed=1)
