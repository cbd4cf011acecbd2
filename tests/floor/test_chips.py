"""``interpret``: each branch of the chip and word rules, its errors, properties on random hands.

Test names carry the rule id. The properties: whatever a player pushes or says, the ruling's
decision (or each choice) is accepted by the engine on a copy of the hand, and it never puts in
more chips than he has, nor less than he has already put in.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pokertd import ActionKind, Hand, ParseError, rules
from pokertd.engine.events import PlayerActed
from pokertd.floor.chips import interpret
from pokertd.floor.citations import book_for, books, cite
from pokertd.floor.rulings import Decision, Ruling
from pokertd.floor.spot import chips_text, half
from pokertd.present.floor import explanation
from pokertd.rules import StringBet, Tap, Undercall

BIG = 1_000_000
FOLD, CHECK, CALL = ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL
BET, RAISE, ALL_IN = ActionKind.BET, ActionKind.RAISE, ActionKind.ALL_IN
PROFILES = rules.PROFILE_IDS


def start(
    profile: str | rules.Profile,
    stacks: Sequence[int],
    blinds: tuple[int, int] = (100, 200),
    *,
    game: str = "nlhe",
) -> Hand:
    chosen = rules.load(profile) if isinstance(profile, str) else profile
    return Hand.create(game=game, profile=chosen, stacks=list(stacks), blinds=blinds, seed=3)


def flop(
    profile: str | rules.Profile, stacks: Sequence[int], *bets: int, **options: object
) -> Hand:
    """Everybody calls pre-flop; on the flop the players from p1 on bet or raise ``bets``."""
    hand = start(profile, stacks, **options)  # type: ignore[arg-type]
    while hand.street == 0:
        legal = hand.legal()
        assert legal is not None
        hand.act(legal.player, CALL if legal.call else CHECK)
    for amount in bets:
        hand.act(hand.to_act or 0, RAISE, amount)
    return hand


def accepted(build: Callable[[], Hand], ruling: Ruling) -> None:
    outcomes = (ruling.decision,) if ruling.decision is not None else ruling.choices
    assert outcomes
    for decision in outcomes:
        hand = build()
        hand.act(hand.to_act or 0, decision.kind, decision.to)


# -- BET-SINGLE-CHIP ------------------------------------------------------------------------------


@pytest.mark.parametrize("profile", PROFILES)
def test_bet_single_chip_facing_a_bet_is_a_call(profile: str) -> None:
    ruling = interpret(flop(profile, [BIG] * 3, 400), chips=[5000])
    assert ruling.decision == Decision(CALL, 400)
    assert ruling.rule == "BET-SINGLE-CHIP"
    assert ruling.details["change"] == 4600
    assert "400" in explanation(ruling, "en")
    assert "400" in explanation(ruling, "fr")


def test_bet_single_chip_gen_notes_it_may_become_a_raise() -> None:
    """GEN 1.20: a call, which he may turn into a raise while nobody after him has acted."""
    ruling = interpret(flop("generic", [BIG] * 3, 400), chips=[5000])
    assert ruling.decision == Decision(CALL, 400)
    assert ruling.details["may_become"] == "raise 5000"
    assert "GEN 1.20" in ruling.articles
    assert "turn it into a raise" in explanation(ruling, "en")


def test_bet_single_chip_articles_follow_the_profile_book() -> None:
    assert interpret(flop("lfp", [BIG] * 3, 400), chips=[5000]).articles == ("LFP 7.26",)
    assert interpret(flop("bannalec", [BIG] * 3, 400), chips=[5000]).articles == ("BAN/SUIVRE",)
    assert interpret(flop("tda-2017", [BIG] * 3, 400), chips=[5000]).articles == ("TDA 49",)


@pytest.mark.parametrize(
    ("profile", "expected"),
    [("tda-2017", 5000), ("lfp", 5000), ("gran-madrid", 200), ("generic", 5000)],
)
def test_bet_single_chip_opening(profile: str, expected: int) -> None:
    """TDA 49, LFP 7.26: a bet of the chip's value; GM 11°: the minimum bet."""
    ruling = interpret(flop(profile, [BIG] * 3), chips=[5000])
    assert ruling.decision == Decision(BET, expected)
    assert ruling.rule == "BET-SINGLE-CHIP"


def test_bet_single_chip_opening_below_the_big_blind_is_raised_to_it() -> None:
    """LFP 7.26 needs a chip above the big blind; below it, LFP 7.16 aligns it (BET-UNDERBET)."""
    ruling = interpret(flop("lfp", [BIG] * 3), chips=[100])
    assert ruling.decision == Decision(BET, 200)
    assert ruling.rule == "BET-UNDERBET"
    assert ruling.articles == ("LFP 7.16, 7.8",)


def test_bet_single_chip_lfp_big_blind_option_is_a_check() -> None:
    """LFP 7.26: one larger chip after the blinds is a call; for the big blind, a check."""
    hand = start("lfp", [BIG] * 3)
    hand.act(2, CALL)
    hand.act(0, CALL)
    ruling = interpret(hand, chips=[1000])
    assert ruling.decision == Decision(CHECK)
    assert ruling.details["change"] == 1000


def test_bet_prior_chips_tda_big_blind_option_adds_a_chip_situation_3() -> None:
    """TDA Add.51-A Situation 3: his blind covers the call, so any chip added is Rule 50."""
    hand = start("tda-2017", [BIG] * 3)
    hand.act(2, CALL)
    hand.act(0, CALL)
    ruling = interpret(hand, chips=[1000])
    assert ruling.decision == Decision(RAISE, 1200)
    assert ruling.rule == "BET-PRIOR-CHIPS"


def test_bet_single_chip_last_chip_short_of_the_call_is_an_all_in_call() -> None:
    hand = flop("tda-2017", [BIG, 700, BIG], 1000)
    ruling = interpret(hand, chips=[500])
    assert ruling.decision == Decision(CALL, 500)
    assert ruling.rule == "BET-SINGLE-CHIP"


# -- BET-MULTI-CHIP, BET-OVERBET-FOR-CHANGE, BET-UNDERRAISE-50 ------------------------------------


@pytest.mark.parametrize(
    ("profile", "pushed", "expected", "rule"),
    [
        ("tda-2017", [1000, 1000, 1000], Decision(RAISE, 3000), "BET-MULTI-CHIP"),
        ("lfp", [1000, 1000, 1000], Decision(RAISE, 3000), "BET-MULTI-CHIP"),
        ("tda-2017", [1000, 500, 100], Decision(CALL, 1200), "BET-UNDERRAISE-50"),
        ("lfp", [1000, 500, 100], Decision(CALL, 1200), "BET-UNDERRAISE-50"),
        ("tda-2017", [1000, 1000, 25], Decision(RAISE, 2400), "BET-UNDERRAISE-50"),
        ("tda-2017", [5000, 25], Decision(RAISE, 5025), "BET-OVERBET-FOR-CHANGE"),
        ("tda-2017", [5000, 25, 25], Decision(RAISE, 5050), "BET-OVERBET-FOR-CHANGE"),
        ("lfp", [1000, 1000, 25], Decision(RAISE, 2400), "BET-UNDERRAISE-50"),
        ("tda-2017", [500, 500, 500], Decision(CALL, 1200), "BET-MULTI-CHIP"),
        ("lfp", [500, 500, 500], Decision(CALL, 1200), "BET-MULTI-CHIP"),
        ("tda-2017", [1200], Decision(CALL, 1200), "BET-SINGLE-CHIP"),
    ],
)
def test_bet_multi_chip_facing_1200(
    profile: str, pushed: list[int], expected: Decision, rule: str
) -> None:
    """Facing 1200: three 1000s are a full raise; 1000 + 500 + 100 is no call by the chip tests but
    +400 < 600 calls; 1000 + 1000 + 25 reaches half (+825 >= 600); three 500s are all needed."""

    def build() -> Hand:
        return flop(profile, [BIG] * 3, 1200)

    ruling = interpret(build(), chips=pushed)
    assert ruling.decision == expected
    assert ruling.rule == rule
    accepted(build, ruling)


def test_bet_underraise_50_threshold_is_exactly_half() -> None:
    """TDA 47A: facing 1000 (minimum 2000), +500 completes, +499 calls; an odd increment's half."""
    assert interpret(flop("tda-2017", [BIG] * 3, 1000), say="1500").decision == Decision(
        RAISE, 2000
    )
    assert interpret(flop("tda-2017", [BIG] * 3, 1000), say="1499").decision == Decision(CALL, 1000)
    assert half(325) == "162.5"
    assert half(600) == "300"


def test_bet_underraise_50_lfp_uses_the_doubled_minimum() -> None:
    """Bet 600, raise to 1200: LFP's minimum is 2400 (threshold 1800), the TDA's 1800 (1500)."""
    assert interpret(flop("lfp", [BIG] * 4, 600, 1200), say="1800").decision == Decision(
        RAISE, 2400
    )
    assert interpret(flop("lfp", [BIG] * 4, 600, 1200), say="1799").decision == Decision(CALL, 1200)
    assert interpret(flop("tda-2017", [BIG] * 4, 600, 1200), say="1500").decision == Decision(
        RAISE, 1800
    )


def test_bet_underraise_50_lfp_below_half_calls() -> None:
    ruling = interpret(flop("lfp", [BIG] * 4, 600, 1200), chips=[1000, 500, 100])
    assert ruling.decision == Decision(CALL, 1200)
    assert "1200 + 600" in explanation(ruling, "en")
    assert "1200 + 600" in explanation(ruling, "fr")


def test_bet_multi_chip_last_chips_beyond_the_call_are_all_in() -> None:
    """TDA 50B(2): his last chips, not all needed for the call, make him all-in."""
    hand = flop("tda-2017", [BIG, 1300, BIG], 1000)
    ruling = interpret(hand, chips=[1000, 100])
    assert ruling.decision == Decision(ALL_IN, 1100)


def test_bet_reopen_no_raise_after_a_short_all_in() -> None:
    """A player who acted and faces an incomplete all-in may not raise: his chips are a call."""

    def build() -> Hand:
        hand = flop("tda-2017", [BIG, BIG, 1500], 1000)
        hand.act(1, CALL)
        hand.act(2, ALL_IN)  # 1300: +300, not a full raise
        return hand

    ruling = interpret(build(), chips=[5000])
    assert ruling.decision == Decision(CALL, 1300)
    ruling = interpret(build(), chips=[1000, 1000, 1000])
    assert ruling.decision == Decision(CALL, 1300)
    assert ruling.rule == "BET-REOPEN"
    assert ruling.details["change"] == 2700  # his 1000 in front and 3000 pushed, less 1300
    ruling = interpret(build(), say="raise 5000")
    assert ruling.decision == Decision(CALL, 1300)
    ruling = interpret(build(), say="all-in")
    assert ruling.decision == Decision(CALL, 1300)
    accepted(build, ruling)


# -- BET-UNDERBET, BET-RAISE-METHOD ---------------------------------------------------------------


@pytest.mark.parametrize("profile", PROFILES)
def test_bet_underbet_opening_below_the_big_blind(profile: str) -> None:
    ruling = interpret(flop(profile, [BIG] * 3), chips=[100, 25, 25])
    assert ruling.decision == Decision(BET, 200)
    assert ruling.rule == "BET-UNDERBET"


def test_bet_underbet_short_stack_all_in_is_not_raised() -> None:
    hand = flop("tda-2017", [BIG, 350, BIG])
    hand.act(0, CHECK)
    ruling = interpret(hand, chips=[100, 50])
    assert ruling.decision == Decision(ALL_IN, 150)


def test_bet_raise_method_opening_chips_are_a_bet_of_their_value() -> None:
    ruling = interpret(flop("lfp", [BIG] * 3), chips=[500, 100, 100])
    assert ruling.decision == Decision(BET, 700)
    assert ruling.rule == "BET-RAISE-METHOD"
    assert ruling.articles == ("LFP 7.9",)


# -- BET-STRING -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("profile", "expected"),
    [
        ("tda-2017", Decision(CHECK)),
        ("bannalec", Decision(CHECK)),
        ("lfp", Decision(BET, 500)),
        ("generic", Decision(BET, 500)),
    ],
)
def test_bet_string_opening(profile: str, expected: Decision) -> None:
    """TDA 56 (by 55A) and BAN/OUVRIR: a check; LFP 7.24, GEN 1.19: the first step counts."""
    ruling = interpret(flop(profile, [BIG] * 3), chips=[500, 500, 500], string_bet=True)
    assert ruling.decision == expected
    assert ruling.rule == "BET-STRING"


@pytest.mark.parametrize("profile", PROFILES)
def test_bet_string_raise_is_a_call(profile: str) -> None:
    ruling = interpret(flop(profile, [BIG] * 3, 400), chips=[500, 500, 500], string_bet=True)
    assert ruling.decision == Decision(CALL, 400)
    assert ruling.details["change"] == 1100
    assert rules.load(profile).string_bet in StringBet


def test_bet_string_short_of_the_call_is_an_undercall() -> None:
    ruling = interpret(flop("lfp", [BIG] * 3, 400), chips=[100, 100], string_bet=True)
    assert ruling.rule == "BET-UNDERCALL"


# -- BET-TAP --------------------------------------------------------------------------------------


def test_bet_tap_tda_is_a_check_and_facing_a_bet_call_or_fold() -> None:
    assert interpret(flop("tda-2017", [BIG] * 3), tap=True).decision == Decision(CHECK)
    ruling = interpret(flop("tda-2017", [BIG] * 3, 400), tap=True)
    assert ruling.choices == (Decision(CALL, 400), Decision(FOLD))
    assert ruling.articles == ("TDA 3", "TDA 55")


def test_bet_tap_lfp_only_after_the_flop_before_any_bet() -> None:
    """LFP 7.6: a check from the flop on before any bet; after blinds or a bet it means nothing."""
    assert rules.load("lfp").tap is Tap.CHECK_AFTER_FLOP_BEFORE_BET
    assert interpret(flop("lfp", [BIG] * 3), tap=True).decision == Decision(CHECK)
    for hand in (start("lfp", [BIG] * 3), flop("lfp", [BIG] * 3, 400)):
        ruling = interpret(hand, tap=True)
        assert ruling.decision is None
        assert ruling.details["void"] is True
        assert Decision(FOLD) in ruling.choices
        assert ruling.articles == ("LFP 7.6",)


# -- BET-UNDERCALL --------------------------------------------------------------------------------


def test_bet_undercall_tda_heads_up_is_a_full_call() -> None:
    hand = flop("tda-2017", [BIG] * 2, 2000)
    ruling = interpret(hand, chips=[500])
    assert ruling.decision == Decision(CALL, 2000)
    assert "heads-up" in explanation(ruling, "en")


def test_bet_undercall_tda_preflop_big_blind_is_the_opening_bet() -> None:
    ruling = interpret(start("tda-2017", [BIG] * 4), chips=[100])
    assert ruling.decision == Decision(CALL, 200)
    assert "opening bet" in explanation(ruling, "en")


@pytest.mark.parametrize(
    ("profile", "pushed", "td_decides"),
    [("generic", [5000], False), ("generic", [4000], True)],
)
def test_bet_undercall_gen_more_than_half(
    profile: str, pushed: list[int], td_decides: bool
) -> None:
    """GEN 1.17: more than half the call: complete or forfeit; half or less is not covered."""
    assert rules.load(profile).undercall is Undercall.COMPLETE_OR_FORFEIT_OVER_HALF
    ruling = interpret(flop(profile, [BIG] * 4, 2000, 8000), chips=pushed)
    assert ruling.choices == (Decision(CALL, 8000), Decision(FOLD))
    assert ruling.td_decides is td_decides


def test_bet_undercall_spoken_amount_tda_counts_lfp_is_void() -> None:
    """TDA 42B counts a smaller amount said; LFP 7.16 voids an amount said alone."""
    tda = interpret(flop("tda-2017", [BIG] * 4, 2000, 8000), say="2000")
    assert tda.td_decides
    assert tda.choices == (Decision(CALL, 8000), Decision(FOLD))
    assert "forfeit_on_fold" not in tda.details
    lfp = interpret(flop("lfp", [BIG] * 4, 2000, 8000), say="2000")
    assert lfp.details["void"] is True
    assert lfp.choices == (Decision(FOLD), Decision(CALL, 8000), Decision(RAISE, 16000))


def test_bet_withdraw_pulled_back_may_not_fold() -> None:
    """TDA 51B: having pulled back his bet facing a raise, he must call or raise."""

    def build() -> Hand:
        hand = flop("lfp", [BIG] * 4, 2000, 8000)
        hand.act(2, CALL)
        hand.act(3, FOLD)
        return hand  # p1 bet 2000 and faces 8000

    ruling = interpret(build(), chips=[1000, 1000], pulled_back=True)
    assert ruling.decision == Decision(CALL, 8000)
    assert ruling.rule == "BET-WITHDRAW"
    ruling = interpret(build(), say="fold", pulled_back=True)
    assert ruling.decision is None
    assert ruling.choices == (Decision(CALL, 8000), Decision(RAISE, 16000))
    accepted(build, ruling)


# -- words alone ----------------------------------------------------------------------------------


def test_bet_nonstandard_fold_when_a_check_was_possible() -> None:
    ruling = interpret(flop("lfp", [BIG] * 3), say="je passe")
    assert ruling.decision == Decision(FOLD)
    assert ruling.rule == "BET-NONSTANDARD-FOLD"
    assert ruling.articles == ("LFP 7.20, 3.1",)
    assert interpret(flop("lfp", [BIG] * 3, 400), say="fold").rule == "BET-VERBAL-BINDING"


def test_bet_incorrect_declaration_tda_55() -> None:
    """Not facing a bet, "call" is a check and "raise" at least a minimum bet; facing a bet,
    "check" lets him call or fold."""
    assert interpret(flop("lfp", [BIG] * 3), say="call").decision == Decision(CHECK)
    ruling = interpret(flop("lfp", [BIG] * 3), say="raise")
    assert ruling.rule == "BET-INCORRECT-DECLARATION"
    assert ruling.choices == (Decision(BET, 200), Decision(ALL_IN, BIG - 200))
    assert ruling.articles == ("TDA 55B",)  # LFP is silent: the TDA's article
    ruling = interpret(flop("tda-2017", [BIG] * 3, 400), say="parole")
    assert ruling.choices == (Decision(CALL, 400), Decision(FOLD))


def test_bet_verbal_binding_bare_raise_and_all_in() -> None:
    ruling = interpret(flop("tda-2017", [BIG] * 3, 400), say="je relance")
    assert ruling.rule == "BET-VERBAL-BINDING"
    assert ruling.choices == (Decision(RAISE, 800), Decision(ALL_IN, BIG - 200))
    assert ruling.details == {"min_to": 800, "max_to": BIG - 200}
    assert interpret(flop("tda-2017", [BIG] * 3, 400), say="tapis").decision == Decision(
        ALL_IN, BIG - 200
    )
    short = flop("tda-2017", [BIG, 500, BIG], 400)
    assert interpret(short, say="call").decision == Decision(CALL, 300)
    assert interpret(short, say="all in").decision == Decision(ALL_IN, 300)


def test_bet_verbal_total_declared_raise_beyond_the_stack_is_all_in() -> None:
    ruling = interpret(flop("tda-2017", [BIG, 5200, BIG], 400), say="raise 9000")
    assert ruling.decision == Decision(ALL_IN, 5000)
    assert "all-in" in explanation(ruling, "en")


def test_bet_verbal_total_two_part_raise_whose_first_part_is_not_the_call() -> None:
    """LFP 7.10: the two-part form is valid only when the first part is the call."""
    ruling = interpret(flop("lfp", [BIG] * 3, 1500), say="raise the 1000 plus 4000")
    assert ruling.decision == Decision(RAISE, 4000)
    assert "not the call" in explanation(ruling, "en")


def test_bet_ambiguous_amount_literal_kept_when_it_is_the_call() -> None:
    """A number below the big blind that is the bet to call is not an abbreviation."""
    hand = flop("tda-2017", [BIG, 350, BIG])
    hand.act(0, CHECK)
    hand.act(1, ALL_IN)  # 150: an opening all-in below the big blind
    ruling = interpret(hand, say="150")
    assert ruling.decision == Decision(CALL, 150)


def test_bet_pot_declaration_nl() -> None:
    """TDA 54C: bound to a correct bet, at least the minimum; LFP 7.25: void."""
    tda = interpret(flop("tda-2017", [BIG] * 3, 400), say="je mise le pot")
    assert tda.rule == "BET-POT-DECLARATION-NL"
    assert tda.choices == (Decision(RAISE, 800), Decision(ALL_IN, BIG - 200))
    assert tda.articles == ("TDA 54C",)
    ban = interpret(flop("bannalec", [BIG] * 3, 400), say="pot")
    assert ban.articles == ("TDA 54C",)
    lfp = interpret(flop("lfp", [BIG] * 3, 400), say="pot")
    assert lfp.details["void"] is True
    assert lfp.articles == ("LFP 7.25",)
    with_chips = interpret(flop("lfp", [BIG] * 3, 400), say="pot", chips=[1000])
    assert with_chips.decision == Decision(CALL, 400)  # void words: the single chip calls


def test_bet_pl_pot_size_and_fixed_limit_pot() -> None:
    plhe = flop("tda-2017", [BIG] * 3, 200, game="plhe")
    ruling = interpret(plhe, say="pot")
    assert ruling.rule == "BET-PL-POT-SIZE"
    legal = plhe.legal()
    assert legal is not None
    assert ruling.decision == Decision(RAISE, legal.max_raise_to)
    flhe = flop("tda-2017", [BIG] * 3, 200, game="flhe")
    assert interpret(flhe, say="pot").decision == Decision(RAISE, 400)
    capped = interpret(flop("tda-2017", [BIG] * 3, 200, game="plhe"), say="raise 100000")
    assert capped.decision == Decision(RAISE, legal.max_raise_to)


# -- BET-VERBAL-VS-CHIPS --------------------------------------------------------------------------


def test_bet_verbal_vs_chips_words_and_chips_together() -> None:
    """Raise said with chips: the chips give the amount (TDA 46C, 49); at least a minimum raise."""
    assert interpret(flop("tda-2017", [BIG] * 3, 400), say="raise", chips=[5000]).decision == (
        Decision(RAISE, 5000)
    )
    ruling = interpret(flop("tda-2017", [BIG] * 3, 400), say="raise", chips=[500])
    assert ruling.decision == Decision(RAISE, 800)
    assert interpret(flop("tda-2017", [BIG] * 3), say="bet", chips=[500]).decision == Decision(
        BET, 500
    )
    pot = interpret(flop("tda-2017", [BIG] * 3, 400), say="pot", chips=[1000, 1000])
    assert pot.decision == Decision(RAISE, 2000)
    assert pot.rule == "BET-POT-DECLARATION-NL"


def test_bet_verbal_vs_chips_agreeing() -> None:
    ruling = interpret(flop("tda-2017", [BIG] * 3, 1100), say="1500", chips=[1000, 500])
    assert ruling.decision == Decision(CALL, 1100)
    assert ruling.rule == "BET-MULTI-CHIP"
    assert "agree" in explanation(ruling, "en")


def test_bet_verbal_vs_chips_call_completes_a_short_push() -> None:
    ruling = interpret(flop("lfp", [BIG] * 3, 1100), say="je suis", chips=[500])
    assert ruling.decision == Decision(CALL, 1100)
    assert ruling.rule == "BET-VERBAL-BINDING"


@pytest.mark.parametrize(
    ("profile", "said_first", "expected"),
    [
        ("tda-2017", "words", Decision(CHECK)),
        ("tda-2017", "chips", Decision(BET, 1000)),
        ("tda-2017", None, Decision(CHECK)),
        ("lfp", "chips", Decision(CHECK)),
        ("generic", "chips", Decision(CHECK)),
    ],
)
def test_bet_verbal_vs_chips_check_with_chips(
    profile: str, said_first: str | None, expected: Decision
) -> None:
    """TDA 40A: the first wins, clear words when simultaneous; LFP 7.3: words; GEN 1.15 corrects
    an announced amount only, so a check binds."""
    hand = flop(profile, [BIG] * 3)
    ruling = interpret(hand, say="check", chips=[1000], said_first=said_first)
    assert ruling.decision == expected
    assert ruling.rule == "BET-VERBAL-VS-CHIPS"


def test_bet_verbal_vs_chips_amounts() -> None:
    hand = flop("tda-2017", [BIG] * 3, 1000)
    words = interpret(hand, say="raise 3000", chips=[2000], said_first="words")
    assert words.decision == Decision(RAISE, 3000)
    chips = interpret(hand, say="raise 3000", chips=[2000], said_first="chips")
    assert chips.decision == Decision(CALL, 1000)
    gen = interpret(flop("generic", [BIG] * 3, 1000), say="raise 3000", chips=[1000, 1000, 500])
    assert gen.decision == Decision(RAISE, 2500)
    unclear = interpret(flop("tda-2017", [BIG] * 3), say="5", chips=[1000])
    assert unclear.decision == Decision(BET, 1000)  # an abbreviation is not clear: the chips


# -- errors ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({}, "nothing to rule on"),
        ({"chips": [0]}, "a chip is a whole number above 0, not 0"),
        ({"chips": [True]}, "not True"),
        ({"chips": [BIG, 1]}, r"player 3 has 1000000 behind; he cannot push 1000000 \+ 1"),
        ({"tap": True, "chips": [100]}, "a tap on the table is an action on its own"),
        ({"said_first": "both", "say": "call"}, "said_first is 'words' or 'chips', not 'both'"),
        ({"said_first": "words", "say": "call"}, "give both"),
        ({"string_bet": True}, "a string bet needs the chips"),
        ({"pulled_back": True, "chips": [100]}, "player 3 has no chips in front to pull back"),
        ({"in_front": BIG * 2, "chips": [100]}, "cannot have 2000000 in front"),
        ({"say": "banco"}, "cannot read 'banco'"),
    ],
)
def test_errors(options: dict[str, object], message: str) -> None:
    with pytest.raises(ParseError, match=message):
        interpret(start("tda-2017", [BIG] * 3), **options)  # type: ignore[arg-type]


def test_pulled_back_with_in_front_is_refused() -> None:
    with pytest.raises(ParseError, match="not both"):
        interpret(start("tda-2017", [BIG] * 3), chips=[100], pulled_back=True, in_front=100)


def test_nobody_to_act_is_refused() -> None:
    hand = start("tda-2017", [BIG] * 2)
    hand.act(1, FOLD)
    with pytest.raises(ParseError, match="nobody is to bet in this hand now: it is at finished"):
        interpret(hand, chips=[100])


# -- citations ------------------------------------------------------------------------------------


def test_citations_walk_the_inheritance_chain() -> None:
    house = dataclasses.replace(rules.load("lfp"), id="club", book="", extends="lfp")
    assert books(house) == ("LFP", "TDA")
    assert books(rules.load("tda-2017")) == ("TDA",)
    assert cite(house, "BET-TAP") == "LFP 7.6"
    assert cite(rules.load("generic"), "BET-UNDERRAISE-50", {"LFP": "7.16"}) == ""
    assert book_for(rules.load("generic"), "BET-UNDERRAISE-50", {"LFP": "7.16"}) == "TDA"
    assert chips_text((1000, 100, 100)) == "1000 + 2×100 = 1200"


# -- properties -----------------------------------------------------------------------------------

PROPERTY = settings(max_examples=400, derandomize=True, database=None, deadline=None)
GAMES = ("nlhe", "nlhe", "nlhe", "plhe", "flhe", "plo")
DENOMINATIONS = (1, 5, 25, 100, 500, 1000, 5000, 25000)
SAYINGS = ("fold", "check", "call", "raise", "bet", "all-in", "pot", "je suis", "parole",
           "5", "plus 4000", "raise 1500", "relance de 300", "raise: the 400 plus 800",
           "1200", "tapis", "mise 250", "3k")  # fmt: skip


@dataclass(frozen=True)
class Setup:
    """Everything needed to build the same hand twice."""

    profile: str
    game: str
    stacks: tuple[int, ...]
    blinds: tuple[int, int]
    seed: int
    picks: tuple[int, ...]

    def build(self) -> Hand | None:
        """Create the hand and play the picks; None once nobody is to bet."""
        hand = Hand.create(
            game=self.game,
            profile=rules.load(self.profile),
            stacks=list(self.stacks),
            blinds=self.blinds,
            seed=self.seed,
        )
        for pick in self.picks:
            legal = hand.legal()
            if legal is None or hand.to_act is None:
                return None
            options: list[tuple[ActionKind, int | None]] = [(CALL if legal.call else CHECK, None)]
            if legal.call:
                options.append((FOLD, None))
            if legal.min_raise_to is not None and legal.max_raise_to is not None:
                options.append((RAISE, legal.min_raise_to))
                options.append((RAISE, legal.max_raise_to))
                options.append((RAISE, (legal.min_raise_to + legal.max_raise_to) // 2))
            kind, to = options[pick % len(options)]
            hand.act(legal.player, kind, to)
        if hand.legal() is None or hand.to_act is None:
            return None
        return hand


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    count = draw(st.integers(2, 6))
    big = draw(st.sampled_from([2, 10, 50, 100, 200, 400, 1000]))
    stacks = tuple(draw(st.integers(1, 300)) * big // 2 + big for _ in range(count))
    return Setup(
        profile=draw(st.sampled_from(PROFILES)),
        game=draw(st.sampled_from(GAMES)),
        stacks=stacks,
        blinds=(big // 2, big),
        seed=draw(st.integers(0, 1000)),
        picks=tuple(draw(st.lists(st.integers(0, 99), max_size=8))),
    )


@dataclass(frozen=True)
class Act:
    """What the player to act does: chips, words, and the flags."""

    chips: tuple[int, ...]
    say: str | None
    said_first: str | None
    pulled_back: bool
    string_bet: bool
    tap: bool


@st.composite
def acts(draw: st.DrawFn, behind: int, in_front: int) -> Act:
    if draw(st.sampled_from([False] * 9 + [True])):
        return Act((), None, None, False, False, True)
    pulled_back = in_front > 0 and draw(st.sampled_from([False] * 5 + [True]))
    room = behind + (in_front if pulled_back else 0)
    chips: list[int] = []
    for _ in range(draw(st.integers(0, 6))):
        fits = [chip for chip in DENOMINATIONS if chip <= room - sum(chips)]
        if not fits:
            break
        chips.append(draw(st.sampled_from(fits)))
    if room > sum(chips) and draw(st.sampled_from([False] * 3 + [True])):
        chips.append(room - sum(chips))  # his last chips
    say = draw(st.none() | st.sampled_from(SAYINGS))
    if not chips and say is None and not pulled_back:
        say = draw(st.sampled_from(SAYINGS))
    said_first = draw(st.sampled_from([None, "words", "chips"])) if chips and say else None
    string_bet = bool(chips) and draw(st.sampled_from([False] * 5 + [True]))
    return Act(tuple(chips), say, said_first, pulled_back, string_bet, False)


def outcomes(ruling: Ruling) -> tuple[Decision, ...]:
    return (ruling.decision,) if ruling.decision is not None else ruling.choices


@PROPERTY
@given(setups(), st.data())
def test_property_every_ruling_is_accepted_and_conserves_chips(
    setup: Setup, data: st.DataObject
) -> None:
    """(1) The decision, or each choice, is accepted by the engine on a copy of the hand built from
    the same seed and actions. (2) It never puts in more chips than the player has, nor takes a
    call or raise below what he already put in; change and forfeits come from the chips he has."""
    hand = setup.build()
    assume(hand is not None)
    assert hand is not None
    player = hand.to_act
    assert player is not None
    bet, stack = hand.bets[player], hand.stacks[player]
    act = data.draw(acts(stack, bet))
    ruling = interpret(
        hand,
        chips=act.chips,
        say=act.say,
        said_first=act.said_first,
        pulled_back=act.pulled_back,
        string_bet=act.string_bet,
        tap=act.tap,
    )
    assert ruling.rule.startswith("BET-")
    assert ruling.articles
    assert all(ruling.articles)
    assert explanation(ruling, "en")
    assert explanation(ruling, "fr")
    found = outcomes(ruling)
    assert found or ruling.td_decides
    on_table = (0 if act.pulled_back else bet) + sum(act.chips)
    for decision in found:
        copy = setup.build()
        assert copy is not None
        copy.act(player, decision.kind, decision.to)
        acted = [e for e in copy.events if isinstance(e, PlayerActed) and e.player == player][-1]
        assert 0 <= acted.added <= stack
        assert acted.to >= bet
        if decision.to is not None:
            assert bet <= decision.to <= bet + stack
        if act.pulled_back and decision.kind is FOLD:
            assert bet >= hand.current_bet  # TDA 51B: no fold facing a bet after a pull-back
    change = ruling.details.get("change", 0)
    assert 0 <= change <= on_table + stack
    forfeit = ruling.details.get("forfeit_on_fold", 0)
    assert 0 <= forfeit <= max(0, on_table - bet)
