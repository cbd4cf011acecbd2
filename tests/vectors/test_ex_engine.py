"""Engine vectors EX-01 to EX-15, EX-46 to EX-48, EX-51 and EX-52 (Omaha and stud hi/lo) of
``shared/spec/examples.md``.

One test per vector and profile that states an outcome. Amounts in the examples are totals: "call
3600" means the caller's bet reaches 3600. Where the books are silent or an example only states a
reading, the docstring says what pokertd does and why.
"""

from __future__ import annotations

import dataclasses

import pytest
from vector_tools import options, table, to_flop

from pokertd import Hand, rules
from pokertd.cards import parse_cards
from pokertd.engine import Phase
from pokertd.engine.events import BoardDealt, HandShown, PotAwarded
from pokertd.errors import IllegalActionError
from pokertd.rules import Reopen

BIG = 1_000_000


def ban_literal() -> rules.Profile:
    """Bannalec with BAN/ALLININF read literally (a house profile; the shipped one does not)."""
    return dataclasses.replace(rules.load("bannalec"), reopen=Reopen.NEVER_AFTER_SHORT_ALL_IN)


# -- A. Minimum raise ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("profile", "minimum"), [("lfp", 1000), ("tda-2017", 800), ("gran-madrid", 800)]
)
def test_ex_01(profile: str, minimum: int) -> None:
    """EX-01 (LFP 7.11; TDA 47A; GM 10°b): 100/200, open to 500; the next minimum raise."""
    hand = table(profile, [BIG] * 6)
    hand.act(2, "raise", to=500)
    assert options(hand, 3) == (500, minimum, True)


@pytest.mark.parametrize(
    ("profile", "minimum"), [("tda-2017", 5600), ("gran-madrid", 5600), ("lfp", 7200)]
)
def test_ex_02(profile: str, minimum: int) -> None:
    """EX-02 (TDA Add.47 Ex1): bet 600, raise to 1600, to 3600; D's minimum re-raise."""
    hand = to_flop(table(profile, [BIG] * 4))
    hand.act(0, "bet", to=600)
    hand.act(1, "raise", to=1600)
    hand.act(2, "raise", to=3600)
    assert options(hand, 3) == (3600, minimum, True)


@pytest.mark.parametrize("profile", ["tda-2017", "lfp"])
def test_ex_03(profile: str) -> None:
    """EX-03 (TDA Add.47 Ex2; LFP 7.13): 50/100, UTG all-in 150 leaves the increment at 100."""
    hand = table(profile, [BIG, BIG, 150, BIG, BIG], blinds=(50, 100))
    hand.act(2, "all-in")
    assert options(hand, 3) == (150, 250, True)


@pytest.mark.parametrize(
    ("profile", "minimum"), [("tda-2017", 1700), ("gran-madrid", 1700), ("lfp", 2000)]
)
def test_ex_04(profile: str, minimum: int) -> None:
    """EX-04 (TDA Add.47 Ex3): bet 300, raise to 1000 (two 500 chips: a raise under every profile,
    the chip reading is the floor layer's); C's minimum."""
    hand = to_flop(table(profile, [BIG] * 3))
    hand.act(0, "bet", to=300)
    hand.act(1, "raise", to=1000)
    assert options(hand, 2) == (1000, minimum, True)


@pytest.mark.parametrize("profile", ["tda-2017", "gran-madrid"])
def test_ex_05(profile: str) -> None:
    """EX-05 (TDA Add.47 Ex4-A): 25/50; 125, 200, 500: the largest increment 300 sets D's min."""
    hand = table(profile, [BIG] * 7, blinds=(25, 50))
    hand.act(2, "raise", to=125)
    hand.act(3, "raise", to=200)
    hand.act(4, "raise", to=500)
    assert options(hand, 5) == (500, 800, True)


def test_ex_05_lfp() -> None:
    """EX-05 under LFP: B's raise to 200 is below the doubled minimum 250 and is refused (the floor
    completes a silent one, LFP 7.16); with B at 250 and C at 500, D's minimum is 1000."""
    hand = table("lfp", [BIG] * 7, blinds=(25, 50))
    hand.act(2, "raise", to=125)
    before = hand.events
    with pytest.raises(IllegalActionError) as refused:
        hand.act(3, "raise", to=200)
    assert refused.value.rule == "BET-MINRAISE"
    assert hand.events == before
    hand.act(3, "raise", to=250)
    hand.act(4, "raise", to=500)
    assert options(hand, 5) == (500, 1000, True)


@pytest.mark.parametrize(
    ("profile", "minimum"), [("tda-2017", 950), ("gran-madrid", 950), ("lfp", 1000)]
)
def test_ex_06(profile: str, minimum: int) -> None:
    """EX-06 (TDA Add.47 Ex4-B): 25/50; raise to 500, two calls; D's minimum."""
    hand = table(profile, [BIG] * 7, blinds=(25, 50))
    hand.act(2, "raise", to=500)
    hand.act(3, "call")
    hand.act(4, "call")
    assert options(hand, 5) == (500, minimum, True)


# -- B. Short all-ins and reopening ------------------------------------------------------------


@pytest.mark.parametrize("profile", ["lfp", "tda-2017", "gran-madrid"])
def test_ex_07(profile: str) -> None:
    """EX-07 (LFP 7.12): BB 100, an all-in of 30 pre-flop: call the full 100, raise to 200."""
    hand = table(profile, [BIG, BIG, 30, BIG], blinds=(50, 100))
    hand.act(2, "all-in")
    assert options(hand, 3) == (100, 200, True)


@pytest.mark.parametrize("profile", ["lfp", "tda-2017"])
def test_ex_08(profile: str) -> None:
    """EX-08 (LFP 7.13): BB 100, all-in 130 before the flop: call 130, minimum raise 230."""
    hand = table(profile, [BIG, BIG, 130, BIG], blinds=(50, 100))
    hand.act(2, "all-in")
    assert options(hand, 3) == (130, 230, True)


def test_ex_09_lfp() -> None:
    """EX-09 (LFP 7.14): after the flop, an opening all-in of 30 (BB 100): call 30, raise to 130."""
    hand = to_flop(table("lfp", [BIG, 130, BIG], blinds=(50, 100)))
    hand.act(0, "check")
    hand.act(1, "all-in")
    assert options(hand, 2) == (30, 130, True)


def _ex_10(profile: str | rules.Profile) -> Hand:
    # Post-flop, BB 100: A bets 100, B all-in 170, C all-in 210, D calls; A to act.
    hand = to_flop(table(profile, [BIG, 270, 310, BIG], blinds=(50, 100)))
    hand.act(0, "bet", to=100)
    hand.act(1, "all-in")
    hand.act(2, "all-in")
    hand.act(3, "call")
    return hand


@pytest.mark.parametrize("profile", ["tda-2017", "lfp"])
def test_ex_10(profile: str) -> None:
    """EX-10 (LFP 7.19; TDA 48): cumulative short all-ins (+70, +40) reopen the betting for A.

    The minimum is 310 under both: TDA by Add.48 Ex1-B (largest full increment 100). LFP does not
    say; pokertd takes the LFP 7.13/7.14 rule (all-in plus one big blind), never below the double
    already required (200), rather than a literal double of 210 (see betting.full_raise_to).
    """
    assert options(_ex_10(profile), 0) == (210, 310, True)


def test_ex_10_ban_literal() -> None:
    """EX-10 under BAN/ALLININF read literally: A acted before the short all-ins: fold or call."""
    assert options(_ex_10(ban_literal()), 0) == (210, None, False)


def test_ex_10_bannalec() -> None:
    """EX-10 under the shipped bannalec profile: pokertd judges the literal BAN/ALLININF reading
    unintended (the note in bannalec.toml says why), so BAN follows TDA 48: A may re-raise."""
    assert options(_ex_10("bannalec"), 0) == (210, 310, True)


def _ex_11(profile: str | rules.Profile) -> Hand:
    # NLHE 50/100 post-flop: A bets 100, B all-in 125, C calls, D all-in 200, E calls.
    hand = to_flop(table(profile, [BIG, 225, BIG, 300, BIG], blinds=(50, 100)))
    hand.act(0, "bet", to=100)
    hand.act(1, "all-in")
    hand.act(2, "call")
    hand.act(3, "all-in")
    hand.act(4, "call")
    return hand


@pytest.mark.parametrize("profile", ["tda-2017", "lfp"])
def test_ex_11(profile: str) -> None:
    """EX-11 (TDA Add.48 Ex1; LFP 7.19): +25 and +75 make a full raise: A may re-raise, from 300.

    LFP's minimum is not stated: the example's literal 7.11 reading gives 400; pokertd applies
    LFP 7.13/7.14 (all-in 200 plus the big blind), as in EX-10.
    """
    assert options(_ex_11(profile), 0) == (200, 300, True)


def test_ex_11_ban_literal() -> None:
    """EX-11 under BAN/ALLININF read literally: fold or call only."""
    assert options(_ex_11(ban_literal()), 0) == (200, None, False)


@pytest.mark.parametrize("profile", ["tda-2017", "lfp", "bannalec"])
def test_ex_12(profile: str) -> None:
    """EX-12 (TDA Add.48 Ex1-A): C had 125 in and faces +75, less than a full raise: no re-raise.
    The pots of the street: main 625 (five players), side 300 (A, C, D, E)."""
    hand = _ex_11(profile)
    hand.act(0, "call")
    assert options(hand, 2) == (200, None, False)
    hand.act(2, "call")
    street = hand.pots[-2:]  # the blinds' pot from pre-flop is merged into the main pot
    assert [pot.eligible for pot in street] == [(0, 1, 2, 3, 4), (0, 2, 3, 4)]
    assert street[1].amount == 300
    assert street[0].amount == 625 + 5 * 100  # plus the pre-flop pot of five calls of 100


@pytest.mark.parametrize("profile", ["tda-2017", "lfp"])
def test_ex_13(profile: str) -> None:
    """EX-13 (TDA Add.48 Ex1-B): A raises to 300; C (faces +175) and E (faces +100) may re-raise.

    Under LFP the example completes a silent 300 to 400 (its literal minimum); pokertd's LFP
    minimum here is 300 (see EX-11), so the raise stands and reopens for C and E as well (7.19).
    """
    hand = _ex_11(profile)
    hand.act(0, "raise", to=300)
    assert options(hand, 2)[2] is True
    hand.act(2, "call")
    assert options(hand, 4)[2] is True


def test_ex_13_ban_literal() -> None:
    """EX-13 under BAN/ALLININF read literally: A himself acted before the short all-ins, so his
    raise to 300 is refused (as EX-11 says for BAN): the example's "C may only call or fold" after
    A's raise cannot arise under that reading."""
    hand = _ex_11(ban_literal())
    with pytest.raises(IllegalActionError) as refused:
        hand.act(0, "raise", to=300)
    assert refused.value.rule == "BET-REOPEN"


def _ex_14(profile: str | rules.Profile) -> Hand:
    # 2000/4000 pre-flop, six players: A limps, B folds, C all-in 7500, the rest and the SB fold.
    hand = table(profile, [BIG, BIG, BIG, BIG, 7500, BIG], blinds=(2000, 4000))
    hand.act(2, "call")
    hand.act(3, "fold")
    hand.act(4, "all-in")
    hand.act(5, "fold")
    hand.act(0, "fold")
    return hand


@pytest.mark.parametrize("profile", ["tda-2017", "lfp"])
def test_ex_14(profile: str) -> None:
    """EX-14 (TDA Add.48 Ex2-A; LFP 7.13): the BB may raise from 11500; after his call A may only
    call (+3500 is short of a full raise); the pot is 2000 dead + 3 x 7500 = 24500."""
    hand = _ex_14(profile)
    assert options(hand, 1) == (7500, 11500, True)
    hand.act(1, "call")
    assert options(hand, 2) == (7500, None, False)
    hand.act(2, "call")
    assert sum(pot.amount for pot in hand.pots) == 24_500


def test_ex_14_bannalec() -> None:
    """EX-14 under bannalec: A may only call (the BAN literal reading agrees here)."""
    hand = _ex_14("bannalec")
    hand.act(1, "call")
    assert options(hand, 2) == (7500, None, False)


@pytest.mark.parametrize(("profile", "minimum"), [("tda-2017", 15_500), ("lfp", 23_000)])
def test_ex_15(profile: str, minimum: int) -> None:
    """EX-15 (TDA Add.48 Ex2-B; LFP 7.19): the BB raises to 11500; A faces +7500 and may re-raise.

    TDA's minimum is 15500 (largest increment 4000). The BB's raise is a full raise under LFP too
    (7.13: 7500 + 4000), so LFP doubles it: 23000.
    """
    hand = _ex_14(profile)
    hand.act(1, "raise", to=11_500)
    assert options(hand, 2) == (11_500, minimum, True)


def test_ex_15_ban_literal() -> None:
    """EX-15 under BAN/ALLININF read literally: A limped before the short all-in: no re-raise."""
    hand = _ex_14(ban_literal())
    hand.act(1, "raise", to=11_500)
    assert options(hand, 2) == (11_500, None, False)


# -- I. Exposing hands when a player is all-in --------------------------------------------------


def _positions(hand: Hand, kinds: tuple[type, ...]) -> list[int]:
    return [index for index, event in enumerate(hand.events) if isinstance(event, kinds)]


@pytest.mark.parametrize("profile", ["tda-2017", "lfp", "gran-madrid"])
def test_ex_46(profile: str) -> None:
    """EX-46 (TDA Add.16 Ex1; LFP 8.4; GM 9°): all-in and call on the turn: both hands face up
    before the river is dealt."""
    hand = to_flop(table(profile, [5000, BIG], blinds=(50, 100)))
    hand.act(0, "check")
    hand.act(1, "check")
    hand.act(0, "all-in")
    hand.act(1, "call")
    shown = _positions(hand, (HandShown,))
    river = [i for i in _positions(hand, (BoardDealt,)) if hand.events[i].street == 3]  # type: ignore[union-attr]
    assert len(shown) == 2
    assert max(shown) < river[0]


@pytest.mark.parametrize("profile", ["tda-2017", "lfp"])
def test_ex_47(profile: str) -> None:
    """EX-47 (TDA Add.16 Ex2; LFP 8.4): A all-in pre-flop; hands stay down while B and C can bet;
    exposed after B's all-in and C's call on the turn; the B-C side pot is awarded first."""
    hand = table(profile, [3000, 5000, 500], blinds=(50, 100))
    hand.act(2, "all-in")  # A (button) all-in 500
    hand.act(0, "call")
    hand.act(1, "call")
    assert not _positions(hand, (HandShown,))
    hand.act(0, "check")
    hand.act(1, "check")
    assert not _positions(hand, (HandShown,))
    hand.act(0, "all-in")
    hand.act(1, "call")
    shown = _positions(hand, (HandShown,))
    river = [i for i in _positions(hand, (BoardDealt,)) if hand.events[i].street == 3]  # type: ignore[union-attr]
    assert len(shown) == 3
    assert max(shown) < river[0]
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert [award.pot for award in awards] == sorted({a.pot for a in awards}, reverse=True)


@pytest.mark.parametrize("profile", ["tda-2017", "lfp"])
def test_ex_48(profile: str) -> None:
    """EX-48 (TDA Add.16 Ex3; LFP 8.3-8.5): A all-in 700 pre-flop; B and C go on betting; no
    exposure before the river; side pot 2000 (B, C) awarded first, then the main pot 2100; at the
    showdown nobody may muck (a player is all-in: TDA 16, LFP 8.5)."""
    hand = table(profile, [BIG, BIG, 700], blinds=(50, 100), deal="entered")
    for player, cards in enumerate(("AsAh", "KsKh", "QsQh")):
        hand.deal_hole(player, parse_cards(cards))
    hand.act(2, "all-in")
    hand.act(0, "call")
    hand.act(1, "call")
    hand.deal_board(parse_cards("2c7d9h"))
    hand.act(0, "check")
    hand.act(1, "check")
    hand.deal_board(parse_cards("Jc"))
    hand.act(0, "bet", to=1000)
    hand.act(1, "call")
    hand.deal_board(parse_cards("3s"))
    hand.act(0, "check")
    hand.act(1, "check")
    assert not _positions(hand, (HandShown,))
    legal = hand.legal()
    assert legal is not None
    assert legal.show
    assert not legal.muck
    with pytest.raises(IllegalActionError) as refused:
        hand.muck(2)
    assert refused.value.rule == "SHOW-ALLIN-EXPOSE"
    for player in (0, 1, 2):
        hand.show(player)
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert [(a.pot, a.amount) for a in awards] == [(1, 2000), (0, 2100)]


# -- K. Split pots and odd chips ---------------------------------------------------------------


def _won(hand: Hand, a_seat: int) -> tuple[int, int]:
    """Return what A and B won."""
    result = hand.result
    assert result is not None
    return result.winnings[a_seat], result.winnings[1 - a_seat]


@pytest.mark.parametrize(
    ("profile", "expected"),
    [("tda-2017", (33, 33)), ("generic", (33, 33)), ("gran-madrid", (34, 32)), ("lfp", (33, 33))],
)
def test_ex_51(profile: str, expected: tuple[int, int]) -> None:
    """EX-51 (TDA 20C, Add.20 Ex1; GM 3°; GEN 1.30): identical hands win high and low.

    TDA and GEN split the whole pot as evenly as possible (33/33); GM splits each half and gives
    both odd chips to the same player, A left of the button (34/32). LFP is silent on hi/lo and
    inherits TDA's rule
    (the example's 34/32 for LFP is only a "naive" reading of 8.13 + 8.14).
    """
    assert _won(_ex_51_exact(profile, a_seat=0), a_seat=0) == expected


def _ex_51_exact(profile: str | rules.Profile, a_seat: int) -> Hand:
    """Omaha hi/lo, heads-up, a pot of exactly 66 chips of the smallest denomination: A and B make
    the same 6-high straight and the same 6-5-4-3-2 low; A holds the 6 of spades, B the 6 of
    clubs. ``a_seat`` 0 puts A left of the button (the big blind), 1 on the button."""
    hand = table(profile, [1000, 1000], blinds=(1, 2), game="plo8", deal="entered", button=1)
    hand.deal_hole(a_seat, parse_cards("2s6s9h9d"))
    hand.deal_hole(1 - a_seat, parse_cards("2d6cThTd"))
    hand.act(1, "raise", to=6)
    hand.act(0, "call")
    hand.deal_board(parse_cards("3h4d5c"))
    hand.act(0, "bet", to=12)
    hand.act(1, "call")
    hand.deal_board(parse_cards("Kd"))
    hand.act(0, "bet", to=15)
    hand.act(1, "call")
    hand.deal_board(parse_cards("Qc"))
    hand.act(0, "check")
    hand.act(1, "check")
    hand.show(0)
    hand.show(1)
    return hand


def test_ex_52_highest_card_does_not_break_the_even_split() -> None:
    """EX-52 (TDA Add.20 Ex2): 33/33 even when odd chips go by the highest card (as in stud, TDA
    20B, and under GEN 1.30) and A holds the 6 of spades. Shown here with Omaha hi/lo under the
    generic profile (odd chip by highest card); the stud version follows."""
    assert _won(_ex_51_exact("generic", a_seat=1), a_seat=1) == (33, 33)


@pytest.mark.parametrize("profile", ["tda-2017", "generic"])
def test_ex_52_stud_hi_lo_same_hands_split_33_33(profile: str) -> None:
    """EX-52 (TDA Add.20 Ex2, TDA 20C; GEN 1.30 "maximum equity"): in stud hi/lo, A (6 of spades)
    and B (6 of clubs) both make 6-5-4-3-2 high and low; the 66-chip pot is split 33/33, not
    34/32 to the highest card by suit (STUD-ODD-CHIP applies to an odd chip only)."""
    hand = Hand.create(
        game="stud8", profile=rules.load(profile), stacks=[1000, 1000, 1000], ante=2,
        bring_in=10, limits=(10, 20), deal="entered",
    )  # fmt: skip
    for player, cards in enumerate(["2c3d6s", "2d3c6c", "KhQsJc"]):
        hand.deal_hole(player, parse_cards(cards))
    hand.act(1, "bring-in")
    hand.act(2, "call")
    hand.act(0, "call")
    streets = ["4h 4s Kd", "5h 5s Qd", "Jh Jd Th", "9c 9d 8s"]
    for number, street in enumerate(streets):
        for player, card in enumerate(street.split()):
            hand.deal_hole(player, parse_cards(card))
        while hand.phase is Phase.BETTING and hand.street == number + 1:
            legal = hand.legal()
            assert legal is not None
            to_bet = number == 0 and legal.player == 2 and not legal.call
            kind = "bet" if to_bet else "call" if legal.call else "check"
            hand.act(legal.player, kind, to=10 if to_bet else None)
    while hand.to_act is not None:
        hand.show(hand.to_act)
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert [(a.amount, dict(a.shares)) for a in awards] == [(66, {0: 33, 1: 33})]
