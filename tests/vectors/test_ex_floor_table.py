"""Floor vectors EX-17, EX-37 to EX-45, EX-66 and EX-67 of ``shared/spec/examples.md``: the order
of play and irregularities.

One test per vector and profile that states an outcome. Seats S1..S6 are players 0..5, S1 the
small blind and S6 the button. Where a book is silent or an example is inconsistent, the docstring
says what pokertd does and why.
"""

from __future__ import annotations

import pytest
from vector_tools import table, to_flop

from pokertd import Hand
from pokertd.engine import ActionKind
from pokertd.floor.corrections import (
    Noticed,
    acted_before_amount,
    correct_pot_limit,
    correct_underraise,
    wait_for_amount,
)
from pokertd.floor.irregularities import misdeal
from pokertd.floor.order import conditional_statement
from pokertd.floor.rulings import StepKind
from pokertd.floor.turns import (
    Declaration,
    declare,
    out_of_turn,
    resolve_turn,
    skipped_player_acts,
)
from pokertd.present.floor import step_code

BIG = 1_000_000


def bets(ruling_details: dict[str, object]) -> dict[int, tuple[int, int]]:
    rows = ruling_details["bets"]
    assert isinstance(rows, list)
    return {row["player"]: (row["was"], row["to"]) for row in rows}


# -- C. Under-raises -------------------------------------------------------------------------------


def ex_17(profile: str) -> Hand:
    """NLHE 100/200 post-flop, five players; A (player 0) bets 600."""
    hand = to_flop(table(profile, [BIG] * 5, (100, 200)))
    hand.act(0, "bet", to=600)
    return hand


EX_17_ACTIONS = [(1, "raise 1000"), (2, "call"), (3, "call"), (4, "fold")]


@pytest.mark.parametrize("profile", ["tda-2017", "lfp", "gran-madrid", "bannalec"])
def test_ex_17(profile: str) -> None:
    """EX-17 (TDA 43A; LFP 7.16, 7.17): B's 1000 is completed to 1200 before the turn, C and D add
    200, and the action goes back to A facing 1200. GM and BAN state only the 50 % completion;
    their correction window is inherited from TDA 43A."""
    ruling = correct_underraise(ex_17(profile), EX_17_ACTIONS)
    assert ruling.rule == "BET-UNDERRAISE-CORRECTION"
    assert bets(ruling.details) == {1: (1000, 1200), 2: (1000, 1200), 3: (1000, 1200)}
    assert ruling.details["to_act"] == 0
    assert str(ruling.choices[1]) == "call"


def test_ex_17_after_the_turn_tda() -> None:
    """EX-17 (TDA 43A): noticed after the turn is dealt, the bets stand at 1000."""
    ruling = correct_underraise(ex_17("tda-2017"), EX_17_ACTIONS, noticed=Noticed.NEXT_STREET)
    assert ruling.details["corrected"] is False
    assert bets(ruling.details)[1] == (1000, 1000)
    assert ruling.articles == ("TDA 43A",)


def test_ex_17_gathered_lfp() -> None:
    """EX-17 (LFP 7.17, 7.18): once the chips are gathered the error stands; TDA still corrects
    it until the next card."""
    lfp = correct_underraise(ex_17("lfp"), EX_17_ACTIONS, noticed=Noticed.GATHERED)
    tda = correct_underraise(ex_17("tda-2017"), EX_17_ACTIONS, noticed=Noticed.GATHERED)
    assert (lfp.details["corrected"], tda.details["corrected"]) == (False, True)
    assert lfp.articles == ("LFP 7.17", "LFP 7.18")


# -- F. Pot-limit corrections ----------------------------------------------------------------------


def pot_of_10500(profile: str, players: int) -> Hand:
    """PLO 500/1000, post-flop, a pot of 10 500 shared by ``players`` players."""
    hand = table(profile, [BIG] * players, (500, 1000), game="plo")
    hand.act(2 % players, "raise", to=10_500 // players)
    to_flop(hand)
    assert sum(pot.amount for pot in hand.pots) == 10_500
    return hand


def test_ex_37_tda() -> None:
    """EX-37 (TDA Add.43-B Ex1): bet 9500 on a count of 9500, fold, call: substantial action, the
    bet stays 9500."""
    hand = pot_of_10500("tda-2017", 3)
    ruling = correct_pot_limit(hand, [(0, "bet 9500"), (1, "fold"), (2, "call")], quoted=9500)
    assert ruling.details["corrected"] is False
    assert ruling.details["substantial_action"] is True
    assert bets(ruling.details)[0] == (9500, 9500)


def test_ex_37_lfp() -> None:
    """EX-37 cross-profile: LFP is silent on pot-limit corrections, so TDA 43B applies with LFP's
    substantial action; fold + call is not substantial action under LFP 2.14, so the bet is
    corrected to 10 500 and C adds 1000 (the catalogue's cross-profile note)."""
    hand = pot_of_10500("lfp", 3)
    ruling = correct_pot_limit(hand, [(0, "bet 9500"), (1, "fold"), (2, "call")], quoted=9500)
    assert bets(ruling.details) == {0: (9500, 10_500), 2: (9500, 10_500)}
    assert "LFP 2.14" in ruling.articles


@pytest.mark.parametrize("profile", ["tda-2017", "lfp"])
def test_ex_38(profile: str) -> None:
    """EX-38 (TDA Add.43-B Ex2): caught after B folds, before substantial action: A's bet goes up
    to 10 500 and C acts facing 10 500."""
    hand = pot_of_10500(profile, 3)
    ruling = correct_pot_limit(hand, [(0, "bet 9500"), (1, "fold")], quoted=9500)
    assert bets(ruling.details) == {0: (9500, 10_500)}
    assert ruling.details["to_act"] == 2
    assert [str(choice) for choice in ruling.choices][:2] == ["fold", "call"]


@pytest.mark.parametrize("profile", ["tda-2017", "lfp", "generic"])
def test_ex_39(profile: str) -> None:
    """EX-39 (TDA Add.43-B Ex3): an overbet of the pot is corrected despite substantial action;
    A, C and D each get 1000 back. Every profile applies TDA 43B, the only rule on it."""
    hand = pot_of_10500(profile, 4)
    actions = [(0, "bet 11500"), (1, "fold"), (2, "call"), (3, "call")]
    ruling = correct_pot_limit(hand, actions, quoted=11_500)
    assert bets(ruling.details) == {0: (11_500, 10_500), 2: (11_500, 10_500), 3: (11_500, 10_500)}
    assert ruling.articles == ("TDA 43B", "TDA Add.43-B")


def test_ex_39_after_the_burn() -> None:
    """EX-39: had the turn card been burned, the bets would stand at 11 500."""
    hand = pot_of_10500("tda-2017", 4)
    actions = [(0, "bet 11500"), (1, "fold"), (2, "call"), (3, "call")]
    ruling = correct_pot_limit(hand, actions, noticed=Noticed.NEXT_STREET)
    assert bets(ruling.details)[3] == (11_500, 11_500)


# -- G. Acting out of turn -------------------------------------------------------------------------


def ex_40(profile: str) -> Hand:
    """THE 50/100 post-flop: S1 and S2 check, S3 bets 300, S4 folds; S5 is to act."""
    hand = to_flop(table(profile, [BIG] * 6, (50, 100)))
    hand.act(0, "check")
    hand.act(1, "check")
    hand.act(2, "bet", to=300)
    hand.act(3, "fold")
    return hand


OOT_PROFILES = ["tda-2017", "lfp", "gran-madrid", "bannalec"]


@pytest.mark.parametrize("profile", OOT_PROFILES)
@pytest.mark.parametrize("kind", ["call", "fold"])
def test_ex_40_binding(profile: str, kind: str) -> None:
    """EX-40 (TDA Add.44-A Ex1, LFP 7.20, GM 30°, BAN): S6's OOT raise to 800 binds when S5 calls
    or folds."""
    hand = ex_40(profile)
    pending = (declare(hand, 5, "raise 800"),)
    assert [str(c) for c in out_of_turn(hand, 5, "raise 800").choices][:2] == ["fold", "call"]
    hand.act(4, kind)
    assert str(resolve_turn(hand, pending).decision) == "raise 800"


@pytest.mark.parametrize(("profile", "minimum"), [("tda-2017", 900), ("lfp", 1200)])
def test_ex_40_changed(profile: str, minimum: int) -> None:
    """EX-40: if S5 raises to 600, S6's 800 is returned and he may fold, call 600 or re-raise to
    at least 900 (TDA, later edition) or 1200 (LFP's double)."""
    hand = ex_40(profile)
    pending = (declare(hand, 5, "raise 800"),)
    hand.act(4, "raise", to=600)
    ruling = resolve_turn(hand, pending)
    assert ruling.decision is None
    assert [str(c) for c in ruling.choices] == ["fold", "call", f"raise {minimum}"]


@pytest.mark.parametrize("profile", OOT_PROFILES)
def test_ex_41(profile: str) -> None:
    """EX-41 (TDA Add.44-A Ex2, LFP 7.20; BAN read as a change on a bet): S6's OOT check binds
    when S5 checks; when S5 bets 300, S6 may call 300, raise to at least 600 or fold."""
    base = to_flop(table(profile, [BIG] * 6, (50, 100)))
    for player in range(4):
        base.act(player, "check")
    pending = (declare(base, 5, "check"),)
    base.act(4, "check")
    assert str(resolve_turn(base, pending).decision) == "check"
    hand = to_flop(table(profile, [BIG] * 6, (50, 100)))
    for player in range(4):
        hand.act(player, "check")
    pending = (declare(hand, 5, "check"),)
    hand.act(4, "bet", to=300)
    ruling = resolve_turn(hand, pending)
    assert ruling.decision is None
    assert [str(c) for c in ruling.choices][:2] == ["fold", "call"]


def ex_42(profile: str) -> tuple[Hand, tuple[Declaration, ...]]:
    """NLHE 100/200 pre-flop: S3 raises to 600, S5 calls out of turn (S4 skipped)."""
    hand = table(profile, [BIG] * 6, (100, 200))
    hand.act(2, "raise", to=600)
    return hand, (declare(hand, 4, "call"),)


def test_ex_42_tda() -> None:
    """EX-42 (TDA Add.44-B Ex1): S6 folds: two actions, one with chips, is substantial action;
    S5's call and S6's fold bind, and the floor decides S4's hand (dead or restricted)."""
    hand, pending = ex_42("tda-2017")
    ruling = out_of_turn(hand, 5, "fold", pending=pending)
    assert ruling.td_decides is True
    assert ruling.details["substantial_action"] is True
    assert [str(c) for c in ruling.choices] == ["fold", "call"]
    assert ruling.articles == ("TDA 44B", "TDA 36")


def test_ex_42_lfp() -> None:
    """EX-42 (LFP 2.14, 7.20): not substantial action, so S4 acts with all his options; if he
    raises, S5 may reconsider; S6's fold stands."""
    hand, pending = ex_42("lfp")
    ruling = out_of_turn(hand, 5, "fold", pending=pending)
    assert ruling.td_decides is False
    assert [str(c) for c in ruling.choices] == ["fold", "call", "raise 1200"]
    declarations = (*pending, declare(hand, 5, "fold", pending=pending))
    acts = skipped_player_acts(hand, declarations, "raise 1200")
    assert [row["stands"] for row in acts.details["declarations"]] == [False, True]
    hand.act(3, "raise", to=1200)
    assert resolve_turn(hand, declarations).decision is None
    hand.act(4, "call")
    assert str(resolve_turn(hand, declarations).decision) == "fold"


@pytest.mark.parametrize("profile", ["gran-madrid", "bannalec"])
def test_ex_42_gm_ban(profile: str) -> None:
    """EX-42 (GM 30°, BAN/ANNONCES): neither book has a substantial-action exception, so S4 acts
    normally, although both profiles inherit TDA 36 and 44B: pokertd applies the book's own
    out-of-turn rule throughout (the example's expectation)."""
    hand, pending = ex_42(profile)
    ruling = out_of_turn(hand, 5, "fold", pending=pending)
    assert ruling.td_decides is False
    assert len(ruling.choices) == 3


def ex_43(profile: str) -> tuple[Hand, tuple[Declaration, ...]]:
    """NLHE 100/200 on the turn with S3, S4, S5 and S6 in the hand: S3 bets 600, S5 says "check"
    out of turn, S6 calls 600 out of turn.

    The French text says three players remain while four seats act; the later English edition
    says four, and pokertd pins four (S1 and S2 folded before the flop).
    """
    hand = table(profile, [BIG] * 6, (100, 200))
    for player in (2, 3, 4, 5):
        hand.act(player, "call")
    hand.act(0, "fold")
    hand.act(1, "fold")
    for _ in range(4):
        hand.act(hand.to_act or 0, "check")
    assert hand.street == 2
    hand.act(2, "bet", to=600)
    first = declare(hand, 4, "check")
    return hand, (first, declare(hand, 5, "call", pending=(first,)))


def test_ex_43_tda() -> None:
    """EX-43 (TDA Add.44-B Ex2): check + call is substantial action (two actions, one with chips):
    the floor decides S4's hand."""
    hand, pending = ex_43("tda-2017")
    ruling = resolve_turn(hand, pending)
    assert ruling.td_decides is True
    assert ruling.details["substantial_action"] is True


def test_ex_43_lfp() -> None:
    """EX-43 (LFP 2.14, 7.20): one chip action, two in all, is not substantial action: S4 acts
    normally. When he calls, S5's "check" facing a bet lets him only call or fold (TDA 55)."""
    hand, pending = ex_43("lfp")
    ruling = resolve_turn(hand, pending)
    assert ruling.td_decides is False
    assert len(ruling.choices) == 3
    hand.act(3, "call")
    facing = resolve_turn(hand, pending)
    assert [str(c) for c in facing.choices] == ["fold", "call"]


# -- H. Dealing errors -----------------------------------------------------------------------------


def ex_44(profile: str) -> Hand:
    """THE 50/100, SB S1, BB S2: S3 folds, S4 calls 100."""
    hand = table(profile, [BIG] * 6, (50, 100))
    hand.act(2, "fold")
    hand.act(3, "call")
    return hand


@pytest.mark.parametrize("held", [1, 3])
def test_ex_44_45_tda(held: int) -> None:
    """EX-44 and EX-45 (TDA 38, Add.38): S5's hand with one card (or three) after substantial
    action is dead; one burn before the flop, no correcting burn."""
    ruling = misdeal(ex_44("tda-2017"), "wrong-count", player=4, cards_held=held)
    assert ruling.rule == "DEAL-WRONG-COUNT-AFTER-SA"
    assert [step.kind for step in ruling.steps] == [StepKind.KILL_HAND, StepKind.CONTINUE]
    assert "no correcting burn" in step_code(ruling.steps[1])
    assert str(ruling.decision) == "fold"  # S5 is to act: his dead hand folds


@pytest.mark.parametrize("profile", ["lfp", "gran-madrid"])
@pytest.mark.parametrize("held", [1, 3])
def test_ex_44_45_misdeal(profile: str, held: int) -> None:
    """EX-44, EX-45: LFP (fold + call is not substantial action; S5 is not the small blind) and GM
    (27°d, no substantial-action limit) declare a misdeal."""
    ruling = misdeal(ex_44(profile), "wrong-count", player=4, cards_held=held)
    assert ruling.details["misdeal"] is True
    assert [step.kind for step in ruling.steps] == [StepKind.RETURN_BETS, StepKind.REDEAL]


def test_ex_44_gen() -> None:
    """EX-44 (GEN 1.9): the example reads the threshold as not reached, so a misdeal, and flags
    the sentence on wrong counts as ambiguous. GEN's list of misdeals is text missing while 1.9
    names this very case, so pokertd applies 1.9's sentence (the generic profile's
    wrong_hole_cards_before_sa = void-hand): one card missing, S5 receives the top card if it is
    the missing one, and plays on; otherwise his hand is void. No misdeal."""
    ruling = misdeal(ex_44("generic"), "wrong-count", player=4, cards_held=1)
    assert ruling.details == {"misdeal": False, "void": False}
    assert ruling.articles == ("GEN 1.9",)
    three = misdeal(ex_44("generic"), "wrong-count", player=4, cards_held=3)
    assert three.details["void"] is True


# -- O. Procedural examples ------------------------------------------------------------------------


def test_ex_66_tda() -> None:
    """EX-66 (TDA 41B): after A's bare "raise", B must wait for the amount; B's premature fold is
    not ruled by TDA: pokertd holds it as a binding fold out of turn (44A, 58) and lets the TD
    decide."""
    hand = table("tda-2017", [BIG] * 3, (50, 100))
    waiting = wait_for_amount(hand)
    assert [str(c) for c in waiting.choices] == ["raise 200", f"raise {BIG}"]
    fold = acted_before_amount(hand, 0, "fold")
    assert (fold.td_decides, fold.details["held"], fold.details["binds"]) == (True, "fold", True)
    call = acted_before_amount(hand, 0, "call")
    assert call.td_decides is True
    assert "TDA 59B" in call.articles


def test_ex_67_lfp() -> None:
    """EX-67 (LFP 7.23): "if you bet, I raise"; A bets, so B must make the minimum LFP raise, and
    he is penalised."""
    hand = to_flop(table("lfp", [BIG] * 3, (100, 200)))
    hand.act(0, "bet", to=400)
    ruling = conditional_statement(hand, ActionKind.RAISE, is_met=True)
    assert str(ruling.decision) == "raise 800"
    assert (ruling.td_decides, ruling.details["penalty"]) == (False, True)


@pytest.mark.parametrize("profile", ["tda-2017", "bannalec", "gran-madrid", "generic"])
def test_ex_67_tda(profile: str) -> None:
    """EX-67 (TDA 59A): binding at the TD's discretion, a penalty possible. BAN, GM and GEN are
    silent and inherit TDA 59A."""
    hand = to_flop(table(profile, [BIG] * 3, (100, 200)))
    hand.act(0, "bet", to=400)
    ruling = conditional_statement(hand, ActionKind.RAISE, is_met=True)
    assert ruling.td_decides is True
    assert str(ruling.decision) == "raise 800"
    assert ruling.articles == ("TDA 59A",)
