"""Floor vectors EX-16 and EX-18 to EX-36 of ``shared/spec/examples.md``: chips pushed, words said.

One test per vector and profile that states an outcome; each builds the hand of the example, rules
with ``pokertd.floor.chips.interpret``, and has the engine carry out the decision (or each choice)
on a fresh copy of the hand. Amounts are totals for the round. Where an example states a reading, a
silence or an inconsistency, the docstring says what pokertd does and why. LFP outcomes use the
increment reading of the 50 % rule (examples.md, "LFP 50 % base").
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from vector_tools import table, to_flop

from pokertd import ActionKind, Hand
from pokertd.floor.chips import interpret
from pokertd.floor.rulings import Decision, Ruling

BIG = 1_000_000
CALL, RAISE, FOLD = ActionKind.CALL, ActionKind.RAISE, ActionKind.FOLD
ALL_IN, BET = ActionKind.ALL_IN, ActionKind.BET


def accepted(build: Callable[[], Hand], ruling: Ruling) -> None:
    """Carry out the decision, or each choice, on a fresh copy of the hand."""
    outcomes = (ruling.decision,) if ruling.decision is not None else ruling.choices
    assert outcomes, ruling
    for decision in outcomes:
        hand = build()
        player = hand.to_act
        assert player is not None
        before = hand.stacks[player] + hand.bets[player]
        hand.act(player, decision.kind, decision.to)
        assert hand.stacks[player] + hand.bets[player] <= before


def flop_bet(profile: str, stacks: list[int], blinds: tuple[int, int], *bets: int) -> Hand:
    """Deal to the flop (everybody calls), then the players from p1 on bet or raise ``bets``."""
    hand = to_flop(table(profile, stacks, blinds))
    for amount in bets:
        player = hand.to_act
        assert player is not None
        hand.act(player, "raise", to=amount)
    return hand


# -- C. Under-raises ------------------------------------------------------------------------------

EX_16 = [
    ("tda-2017", "say", Decision(CALL, 1000)),
    ("tda-2017", "push", Decision(CALL, 1000)),
    ("tda-2017", "raise-first", Decision(RAISE, 2000)),
    ("lfp", "say", Decision(CALL, 1000)),
    ("lfp", "push", Decision(CALL, 1000)),
    ("bannalec", "push", Decision(CALL, 1000)),
    ("gran-madrid", "push", Decision(CALL, 1000)),
]


@pytest.mark.parametrize(
    ("profile", "how", "expected"), EX_16, ids=[f"{p}-{how}" for p, how, _ in EX_16]
)
def test_ex_16(profile: str, how: str, expected: Decision) -> None:
    """EX-16 (TDA 47A, 40C; LFP 7.16): "1400", or 1400 pushed, facing an opening bet of 1000.

    +400 is below half the minimum increment (1000 under TDA and, doubled, under LFP), so it is a
    call; with "raise" said first it is the minimum raise, 2000. GM is silent below 50 %: pokertd
    inherits the TDA's call (GM 10° states only the completion). BAN's "minimum legal raise" is
    +1000 either way.
    """

    def build() -> Hand:
        return flop_bet(profile, [BIG] * 3, (250, 500), 1000)

    pushed = [1000, 100, 100, 100, 100]
    if how == "say":
        ruling = interpret(build(), say="1400")
    elif how == "push":
        ruling = interpret(build(), chips=pushed)
    else:
        ruling = interpret(build(), say="raise", chips=pushed, said_first="words")
    assert ruling.decision == expected
    assert ruling.rule == "BET-UNDERRAISE-50"
    accepted(build, ruling)


@pytest.mark.parametrize("profile", ["tda-2017", "lfp", "gran-madrid"])
def test_ex_18(profile: str) -> None:
    """EX-18 (TDA 61, 50, 47A; LFP 7.27, 7.16; GM 10°): facing 325, a silent 500 + 25 is a raise to
    650, not a call with 200 change."""

    def build() -> Hand:
        return flop_bet(profile, [BIG] * 3, (25, 50), 325)

    ruling = interpret(build(), chips=[500, 25])
    assert ruling.decision == Decision(RAISE, 650)
    expected = "BET-UNDERRAISE-50" if profile == "lfp" else "BET-OVERBET-FOR-CHANGE"
    assert ruling.rule == expected
    accepted(build, ruling)


# -- D. Single-chip, multiple-chip and prior-chip rules -----------------------------------------


@pytest.mark.parametrize("profile", ["tda-2017", "lfp", "gran-madrid"])
def test_ex_19(profile: str) -> None:
    """EX-19 (TDA 50A Ex-1; LFP 7.27, 7.16): bet 400, raise to 1100; a silent 500 + 1000 calls.

    TDA: without the 500, 1000 is short of the call. LFP: mixed chips bet 1500, +400 < 550 (half of
    LFP's increment 1100): a call. GM has no multi-chip rule (indeterminate): pokertd inherits the
    TDA test.
    """

    def build() -> Hand:
        return flop_bet(profile, [BIG] * 3, (100, 200), 400, 1100)

    ruling = interpret(build(), chips=[500, 1000])
    assert ruling.decision == Decision(CALL, 1100)
    assert ruling.details["change"] == 400
    accepted(build, ruling)


@pytest.mark.parametrize("profile", ["tda-2017", "lfp"])
def test_ex_20(profile: str) -> None:
    """EX-20 (TDA 50A Ex-2; LFP 7.27): 25/50, bet 1050; B's last two 1000 chips are a call, and B
    keeps 950 (not all-in)."""

    def build() -> Hand:
        return flop_bet(profile, [BIG, 2050, BIG], (25, 50), 1050)

    hand = build()
    assert hand.to_act == 1
    assert hand.stacks[1] == 2000
    ruling = interpret(hand, chips=[1000, 1000])
    assert ruling.decision == Decision(CALL, 1050)
    assert ruling.rule == "BET-MULTI-CHIP"
    hand.act(1, CALL)
    assert hand.stacks[1] == 950
    assert not hand.is_all_in(1)
    accepted(build, ruling)


@pytest.mark.parametrize("profile", ["tda-2017", "lfp"])
def test_ex_21(profile: str) -> None:
    """EX-21 (LFP 7.27 = TDA Add.50 Ex1-A): bet 1200; two 1000 chips are a call, not a short raise
    completed to 2400."""

    def build() -> Hand:
        return flop_bet(profile, [BIG] * 3, (100, 200), 1200)

    ruling = interpret(build(), chips=[1000, 1000])
    assert ruling.decision == Decision(CALL, 1200)
    assert ruling.details["change"] == 800
    accepted(build, ruling)


def preflop_raise(profile: str) -> Hand:
    """250/500, five players: UTG (p3) raises to 1100 (+600); UTG+1 (p4) is to act."""
    hand = table(profile, [BIG] * 5, (250, 500))
    hand.act(2, "raise", to=1100)
    return hand


@pytest.mark.parametrize("profile", ["tda-2017", "lfp"])
def test_ex_22(profile: str) -> None:
    """EX-22 (TDA Add.50 Ex1-B): UTG raises to 1100; a silent 500 + 1000 is a call (LFP: +400 is
    below half of +1100)."""
    ruling = interpret(preflop_raise(profile), chips=[500, 1000])
    assert ruling.decision == Decision(CALL, 1100)
    accepted(lambda: preflop_raise(profile), ruling)


@pytest.mark.parametrize(
    ("profile", "expected"),
    [
        ("tda-2017", Decision(RAISE, 1700)),
        ("gran-madrid", Decision(RAISE, 1700)),
        ("bannalec", Decision(RAISE, 1700)),
        ("lfp", Decision(CALL, 1100)),
    ],
)
def test_ex_23(profile: str, expected: Decision) -> None:
    """EX-23 (TDA Add.50 Ex2): 1000 + five 100s (1500) facing 1100: TDA threshold 1400, completed
    to 1700; LFP threshold 1650 (minimum 2200), a call. BAN's undefined "minimum legal raise" is
    the inherited +600."""
    ruling = interpret(preflop_raise(profile), chips=[1000, 100, 100, 100, 100, 100])
    assert ruling.decision == expected
    assert ruling.rule == "BET-UNDERRAISE-50"
    accepted(lambda: preflop_raise(profile), ruling)


@pytest.mark.parametrize("profile", ["tda-2017", "lfp", "gran-madrid", "bannalec"])
def test_ex_24(profile: str) -> None:
    """EX-24 (TDA Add.50 Ex3): 1000 + three 100s (1300) facing 1100 is a call; 200 goes back."""
    ruling = interpret(preflop_raise(profile), chips=[1000, 100, 100, 100])
    assert ruling.decision == Decision(CALL, 1100)
    assert ruling.details["change"] == 200
    accepted(lambda: preflop_raise(profile), ruling)


EX_25 = [
    ("tda-2017", "behind", Decision(RAISE, 2800)),
    ("tda-2017", "last", Decision(ALL_IN, 2500)),
    ("lfp", "behind", Decision(RAISE, 2800)),
    ("lfp", "last", Decision(ALL_IN, 2500)),
]


@pytest.mark.parametrize(
    ("profile", "stack", "expected"), EX_25, ids=[f"{p}-{s}" for p, s, _ in EX_25]
)
def test_ex_25(profile: str, stack: str, expected: Decision) -> None:
    """EX-25 (TDA Add.50 Ex4-A, source inconsistent): bet 1400; a silent 1000 + 3×500 (2500).

    The French heading says "all his chips" but concludes with a minimum re-raise to 2800; pokertd
    tests both branches. With chips behind, +1100 reaches half of +1400: completed to 2800 (LFP's
    doubled minimum is also 2800). As his last chips, he is all-in for 2500 whatever the 50 % rule
    says (TDA 50B(2)); LFP is silent and a bet of all one's chips is an all-in.
    """
    stacks = [BIG, 2700 if stack == "last" else BIG, BIG]

    def build() -> Hand:
        return flop_bet(profile, stacks, (100, 200), 1400)

    ruling = interpret(build(), chips=[1000, 500, 500, 500])
    assert ruling.decision == expected
    accepted(build, ruling)


EX_26 = [
    ("tda-2017", "corrected", "behind", Decision(CALL, 1400), ()),
    ("lfp", "corrected", "behind", Decision(CALL, 1400), ()),
    ("tda-2017", "corrected", "last", Decision(ALL_IN, 2000), ()),
    ("lfp", "corrected", "last", Decision(ALL_IN, 2000), ()),
    ("tda-2017", "literal", "behind", Decision(CALL, 1400), ()),
    ("lfp", "literal", "behind", None, (Decision(CALL, 1400), Decision(FOLD))),
    ("tda-2017", "literal", "last", Decision(CALL, 1100), ()),
    ("lfp", "literal", "last", Decision(CALL, 1100), ()),
]


@pytest.mark.parametrize(
    ("profile", "reading", "stack", "expected", "choices"),
    EX_26,
    ids=[f"{p}-{r}-{s}" for p, r, s, _, _ in EX_26],
)
def test_ex_26(
    profile: str,
    reading: str,
    stack: str,
    expected: Decision | None,
    choices: tuple[Decision, ...],
) -> None:
    """EX-26 (TDA Add.50 Ex4-B, source inconsistent): bet 1400, below 50 %.

    Corrected reading (the later English edition): 1000 + 2×500 = 2000, +600 < 700: a call with
    chips behind, all-in as his last chips (50B(2); LFP silent: pokertd rules all-in, as in EX-25).
    Literal reading: 100 + 2×500 = 1100 is short of the call: an undercall of the opening bet,
    completed under TDA 42B; under LFP 7.16 he completes or folds, forfeiting 1100; as his last
    chips it is an all-in call for less under any profile.
    """
    pushed = [1000, 500, 500] if reading == "corrected" else [100, 500, 500]
    behind = 200 + sum(pushed)
    stacks = [BIG, behind if stack == "last" else BIG, BIG]

    def build() -> Hand:
        return flop_bet(profile, stacks, (100, 200), 1400)

    ruling = interpret(build(), chips=pushed)
    assert ruling.decision == expected
    assert ruling.choices == choices
    if choices:
        assert ruling.details["forfeit_on_fold"] == 1100
    accepted(build, ruling)


def button_raise(profile: str, blinds: tuple[int, int], to: int) -> Hand:
    """Three players: the button (p3) raises, the small blind folds, the big blind (p2) acts."""
    hand = table(profile, [BIG] * 3, blinds)
    hand.act(2, "raise", to=to)
    hand.act(0, "fold")
    return hand


EX_27 = [
    ("tda-2017", "1.1", [1000], Decision(CALL, 600), "BET-PRIOR-CHIPS"),
    ("tda-2017", "1.2a", [500, 500], Decision(CALL, 600), "BET-PRIOR-CHIPS"),
    ("tda-2017", "1.2b", [100, 500], Decision(CALL, 600), "BET-PRIOR-CHIPS"),
    ("tda-2017", "1.3", [1000, 500], Decision(RAISE, 1550), "BET-PRIOR-CHIPS"),
    ("lfp", "1.1", [1000], Decision(CALL, 600), "BET-SINGLE-CHIP"),
    ("lfp", "1.2a", [500, 500], Decision(CALL, 600), "BET-MULTI-CHIP"),
    ("lfp", "1.2b", [100, 500], Decision(CALL, 600), "BET-UNDERRAISE-50"),
    ("lfp", "1.3", [1000, 500], Decision(RAISE, 1550), "BET-MULTI-CHIP"),
]


@pytest.mark.parametrize(
    ("profile", "case", "pushed", "expected", "rule"),
    EX_27,
    ids=[f"{p}-{c}" for p, c, _, _, _ in EX_27],
)
def test_ex_27(profile: str, case: str, pushed: list[int], expected: Decision, rule: str) -> None:
    """EX-27 (TDA Add.51-A Situation 1; LFP 7.26, 7.27): 25/50, the big blind's two 25 chips stay;
    the button raised to 600. Only the new chips are tested; the blind counts in the total."""

    def build() -> Hand:
        return button_raise(profile, (25, 50), 600)

    ruling = interpret(build(), chips=pushed)
    assert ruling.decision == expected
    assert ruling.rule == rule
    accepted(build, ruling)


EX_28 = [
    ("2.1", [1000], None, Decision(CALL, 600)),
    ("2.2-call", [500, 500], None, Decision(CALL, 600)),
    ("2.2-raise", [1000, 100], None, Decision(RAISE, 1150)),
    ("2.3", [1000], 25, Decision(RAISE, 1150)),
]


@pytest.mark.parametrize(
    ("case", "pushed", "left", "expected"), EX_28, ids=[case for case, *_ in EX_28]
)
def test_ex_28(case: str, pushed: list[int], left: int | None, expected: Decision) -> None:
    """EX-28 (TDA Add.51-A Situation 2): the big blind pulls back his two 25s (or one of them).

    2.1: one larger chip is a call. 2.2: several chips are a multi-chip bet under Rule 50 (the text
    says "49"): 500 + 500 are all needed, a call; 1000 + 100 (1100) passes the 50 % threshold 875,
    completed to 1150. 2.3 (no numbers in the source): with one 25 left and a 1000 chip pushed,
    pokertd counts the chip left as part of a multi-chip bet: 1025, completed to 1150.
    """

    def build() -> Hand:
        return button_raise("tda-2017", (25, 50), 600)

    if left is None:
        ruling = interpret(build(), chips=pushed, pulled_back=True)
    else:
        ruling = interpret(build(), chips=pushed, in_front=left)
    assert ruling.decision == expected
    accepted(build, ruling)


def test_ex_28_may_not_fold() -> None:
    """EX-28 (TDA 51B): having pulled his chips back facing a raise, he may call or raise, not
    fold."""

    def build() -> Hand:
        return button_raise("tda-2017", (25, 50), 600)

    ruling = interpret(build(), pulled_back=True)
    assert ruling.rule == "BET-WITHDRAW"
    assert ruling.choices == (Decision(CALL, 600), Decision(RAISE, 1150))
    accepted(build, ruling)


@pytest.mark.parametrize(("profile", "expected"), [("tda-2017", 1300), ("lfp", 1400)])
def test_ex_29(profile: str, expected: int) -> None:
    """EX-29 (TDA Add.51-A Situation 3; LFP 7.27): 50/100, the big blind posted one 1000 chip; raise
    to 700. Adding a 100 chip makes 1100, a multi-chip bet: TDA minimum 1300, threshold 1000,
    completed to 1300; LFP minimum 1400, +400 >= 350, completed to 1400."""

    def build() -> Hand:
        return button_raise(profile, (50, 100), 700)

    ruling = interpret(build(), chips=[100], in_front=1000)
    assert ruling.decision == Decision(RAISE, expected)
    accepted(build, ruling)


def test_ex_29_call() -> None:
    """EX-29: the big blind with a 1000 chip in front says "call": a call of 700, 300 change."""

    def build() -> Hand:
        return button_raise("tda-2017", (50, 100), 700)

    ruling = interpret(build(), say="call", in_front=1000)
    assert ruling.decision == Decision(CALL, 700)
    assert ruling.details["change"] == 300
    accepted(build, ruling)


# -- E. Undercalls and verbal declarations ---------------------------------------------------------


def bet_and_raise(profile: str) -> Hand:
    """1000/2000, four players on the flop: A bets 2000, B raises to 8000; C is to act."""
    return flop_bet(profile, [BIG] * 4, (1000, 2000), 2000, 8000)


EX_30 = [
    ("tda-2017", True, False),
    ("lfp", False, False),
    ("bannalec", False, False),
    ("gran-madrid", True, True),
    ("generic", True, False),
]


@pytest.mark.parametrize(("profile", "td_decides", "may_withdraw"), EX_30)
def test_ex_30(profile: str, td_decides: bool, may_withdraw: bool) -> None:
    """EX-30 (TDA Add.42 Ex1; LFP 7.16; BAN/JETONS; GM 10°; GEN 1.17): C silently puts 2000 facing
    a raise to 8000, multiway.

    TDA: the raise is not the opening bet, so the TD decides (complete, or forfeit and fold). LFP
    and BAN: C chooses. GM: if C was unaware of the raise the TD may let him take the chips back.
    GEN: 2000 is not more than half of 8000, so 1.17 does not apply and its exceptions are missing:
    pokertd leaves it to the floor.
    """
    ruling = interpret(bet_and_raise(profile), chips=[1000, 1000])
    assert ruling.rule == "BET-UNDERCALL"
    assert ruling.decision is None
    assert ruling.choices == (Decision(CALL, 8000), Decision(FOLD))
    assert ruling.td_decides is td_decides
    assert ruling.details["forfeit_on_fold"] == 2000
    assert ruling.details.get("may_withdraw", False) is may_withdraw
    accepted(lambda: bet_and_raise(profile), ruling)


EX_31 = [
    ("tda-2017", Decision(CALL, 8000), ()),
    ("lfp", None, (Decision(CALL, 8000), Decision(FOLD))),
    ("bannalec", None, (Decision(CALL, 8000), Decision(FOLD))),
    ("gran-madrid", None, (Decision(CALL, 8000), Decision(FOLD))),
]


@pytest.mark.parametrize(("profile", "expected", "choices"), EX_31)
def test_ex_31(profile: str, expected: Decision | None, choices: tuple[Decision, ...]) -> None:
    """EX-31 (TDA Add.42 Ex2): four players, A opens 8000, B silently puts 2000.

    TDA 42B(2): facing the opening bet, the full call. LFP, BAN: complete or fold and forfeit. GM:
    the chips stay in the pot (the withdrawal clause needs an unseen raise); GM says no more, so
    pokertd gives him the same choice as LFP and BAN.
    """

    def build() -> Hand:
        return flop_bet(profile, [BIG] * 4, (1000, 2000), 8000)

    ruling = interpret(build(), chips=[1000, 1000])
    assert ruling.decision == expected
    assert ruling.choices == choices
    assert not ruling.td_decides
    accepted(build, ruling)


@pytest.mark.parametrize("profile", ["tda-2017", "lfp", "bannalec", "gran-madrid", "generic"])
def test_ex_32(profile: str) -> None:
    """EX-32 (TDA Add.42 Ex3; LFP 7.15): "call" facing a raise to 8000 binds to 8000."""
    ruling = interpret(bet_and_raise(profile), say="call")
    assert ruling.decision == Decision(CALL, 8000)
    assert ruling.rule == "BET-VERBAL-BINDING"
    accepted(lambda: bet_and_raise(profile), ruling)


EX_33 = [
    ("tda-2017", "raise, 8000", 8000),
    ("lfp", "raise, 8000", 8000),
    ("tda-2017", "plus 8000", 10000),
    ("tda-2017", "8000 more", 10000),
    ("lfp", "plus 8000", 8000),
    ("lfp", "8000 de mieux", 8000),
]


@pytest.mark.parametrize(
    ("profile", "words", "expected"), EX_33, ids=[f"{p}-{w}" for p, w, _ in EX_33]
)
def test_ex_33(profile: str, words: str, expected: int) -> None:
    """EX-33 (TDA 47B; LFP 7.10): facing 2000, "raise, 8000" is a total of 8000; "plus 8000" is a
    total under LFP and, reading the French TDA's "now accepted", an increment (10000)."""

    def build() -> Hand:
        return flop_bet(profile, [BIG] * 3, (1000, 2000), 2000)

    ruling = interpret(build(), say=words)
    assert ruling.decision == Decision(RAISE, expected)
    assert ruling.rule == "BET-VERBAL-TOTAL"
    accepted(build, ruling)


EX_34 = [
    ("lfp", "a", "plus 4000", Decision(RAISE, 4000)),
    ("tda-2017", "a", "plus 4000", Decision(RAISE, 5500)),
    ("lfp", "b", "5", Decision(BET, 500)),
    ("lfp", "c", "raise: the 1500 ... plus 4000", Decision(RAISE, 5500)),
    ("lfp", "c-fr", "relance : les 1500… plus 4000", Decision(RAISE, 5500)),
]


@pytest.mark.parametrize(
    ("profile", "case", "words", "expected"), EX_34, ids=[f"{p}-{c}" for p, c, _, _ in EX_34]
)
def test_ex_34(profile: str, case: str, words: str, expected: Decision) -> None:
    """EX-34 (LFP 7.10): (a) facing 1500, "plus 4000" is a total of 4000 (TDA French reading: 5500);
    (b) "5" is the smallest it can mean, 500 (opening at 200/400); (c) a raise declared first and
    stated in two parts, the first being the call: 5500 (the total the text leaves implied)."""

    def build() -> Hand:
        if case == "b":
            return flop_bet(profile, [BIG] * 3, (200, 400))
        return flop_bet(profile, [BIG] * 3, (100, 200), 1500)

    ruling = interpret(build(), say=words)
    assert ruling.decision == expected
    rule = "BET-AMBIGUOUS-AMOUNT" if case == "b" else "BET-VERBAL-TOTAL"
    assert ruling.rule == rule
    accepted(build, ruling)


EX_35 = [
    ("tda-2017", 4800, (100, 99), 500),
    ("tda-2017", 4800, (100, 100), 5000),
    ("tda-2017", 800, (0, 0), 500),
    ("tda-2017", 10000, (0, 0), 5000),
    ("lfp", 4800, (100, 100), 500),
    ("lfp", 10000, (0, 0), 500),
]


@pytest.mark.parametrize(
    ("profile", "preflop", "antes", "expected"),
    EX_35,
    ids=[f"{p}-pot{pre + sum(a)}" for p, pre, a, _ in EX_35],
)
def test_ex_35(profile: str, preflop: int, antes: tuple[int, int], expected: int) -> None:
    """EX-35 (TDA 57; LFP 7.10): 200/400, heads-up on the flop, "5" with a pot of 4999, 5000, 800
    or 10000. TDA: the highest reasonable amount, 5000 once the pot (every chip, antes included)
    reaches 5000; LFP: always the smallest, 500."""

    def build() -> Hand:
        hand = table(profile, [BIG, BIG], (200, 400), ante_posts=list(antes))
        if preflop > 800:
            hand.act(1, "raise", to=preflop // 2)
        return to_flop(hand)

    ruling = interpret(build(), say="5")
    assert ruling.decision == Decision(BET, expected)
    assert ruling.rule == "BET-AMBIGUOUS-AMOUNT"
    accepted(build, ruling)


EX_36 = [
    ("tda-2017", None, (Decision(BET, 42000), Decision(BET, 5000)), True),
    ("generic", Decision(BET, 5000), (), False),
    ("lfp", Decision(BET, 42000), (), False),
]


@pytest.mark.parametrize(("profile", "expected", "choices", "td_decides"), EX_36)
def test_ex_36(
    profile: str, expected: Decision | None, choices: tuple[Decision, ...], td_decides: bool
) -> None:
    """EX-36 (TDA Add.40-A Ex1; GEN 1.15; LFP 7.3): heads-up river, A says "42000" and pushes one
    5000 chip; the table disagrees about what was said.

    pokertd enters that case as simultaneous words and chips (``said_first`` not given: nobody
    can say which came first). TDA: words and chips that contradict each other go to the TD under
    Rule 1, who picks 5000 or 42000. GEN: the announcement is corrected to the chips (B has not
    acted yet). LFP: the words bind, once the dealer confirms them.
    """

    def build() -> Hand:
        hand = to_flop(table(profile, [BIG, BIG], (100, 200)))
        while hand.street < 3:
            hand.act(hand.to_act or 0, "check")
        return hand

    ruling = interpret(build(), say="42000", chips=[5000])
    assert ruling.rule == "BET-VERBAL-VS-CHIPS"
    assert ruling.decision == expected
    assert ruling.choices == choices
    assert ruling.td_decides is td_decides
    accepted(build, ruling)
