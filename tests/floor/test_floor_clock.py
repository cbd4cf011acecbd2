"""Clock calls, being at one's seat, acting standing and devices: CLK-REQUEST, CLK-DURATION,
CLK-EXPIRY, ABS-AT-SEAT, ABS-ACT-SEATED, PEN-DEVICE, for every profile."""

from __future__ import annotations

import dataclasses

import pytest
from floor_tools import check

from pokertd import Hand, rules
from pokertd.engine import ActionKind
from pokertd.errors import IllegalActionError, ParseError
from pokertd.floor.clock import (
    CALLERS,
    SEAT_MOMENTS,
    acted_standing,
    at_seat,
    call_clock,
    clock_expired,
    clock_time,
    device_used,
)
from pokertd.floor.rulings import StepKind
from pokertd.history import read_phh
from pokertd.history.replay import replay
from pokertd.present.floor import explanation
from pokertd.rules import ClockCaller, Profile

PROFILES = rules.PROFILE_IDS
#: The book each profile's clock and presence values come from (GEN inherits the TDA's).
BOOK = {"tda-2017": "TDA", "lfp": "LFP", "bannalec": "BAN", "gran-madrid": "GM", "generic": "TDA"}


def three_handed(profile: str | Profile) -> Hand:
    chosen = rules.load(profile) if isinstance(profile, str) else profile
    return Hand.create(
        game="nlhe", profile=chosen, stacks=[1000, 1000, 1000], blinds=(5, 10), seed=1
    )


# -- CLK-REQUEST --------------------------------------------------------------------------------

MAY_CALL = {
    "tda-2017": {"player-in-hand", "seated-player", "player-elsewhere", "manager"},
    "lfp": {"player-in-hand", "seated-player", "manager"},
    "bannalec": {"player-in-hand", "seated-player", "dealer", "manager"},
    "gran-madrid": {"player-in-hand", "seated-player", "manager"},
    "generic": {"player-in-hand", "seated-player", "player-elsewhere", "manager"},
}


@pytest.mark.parametrize("caller", CALLERS)
@pytest.mark.parametrize("profile", PROFILES)
def test_clk_request_who_may_call(profile: str, caller: str) -> None:
    ruling = call_clock(rules.load(profile), caller=caller, waited_seconds=300)  # type: ignore[arg-type]
    check(ruling, "CLK-REQUEST", BOOK[profile])
    assert ruling.details["may_call"] is (caller in MAY_CALL[profile])
    assert ruling.details["caller"] == caller


@pytest.mark.parametrize(
    ("profile", "approver", "td_decides"),
    [
        ("tda-2017", "td", True),
        ("lfp", "floor", True),
        ("bannalec", "dealer", False),
        ("gran-madrid", "floor", True),
    ],
)
def test_clk_request_who_approves(profile: str, approver: str, *, td_decides: bool) -> None:
    ruling = call_clock(rules.load(profile), caller="player-in-hand")
    assert ruling.details["approved_by"] == approver
    assert ruling.td_decides is td_decides


def test_clk_request_lfp_never_the_dealer() -> None:
    ruling = call_clock(rules.load("lfp"), caller="dealer")
    assert ruling.details["may_call"] is False
    assert "never the dealer" in explanation(ruling, "en")
    assert "floor" in explanation(ruling, "en")
    assert not ruling.td_decides


def test_clk_request_bannalec_the_dealer_calls_and_approves() -> None:
    ruling = call_clock(rules.load("bannalec"), caller="dealer")
    assert ruling.details["may_call"] is True
    assert "donneur" in explanation(ruling, "fr")


def test_clk_request_refusal_names_the_caller() -> None:
    ruling = call_clock(rules.load("lfp"), caller="player-elsewhere")
    assert "A player from another table may not." in explanation(ruling, "en")
    assert "Un joueur d'une autre table ne peut pas." in explanation(ruling, "fr")


@pytest.mark.parametrize(
    ("waited", "may_call", "more"), [(0, False, 120), (119.5, False, 0.5), (120, True, None)]
)
def test_clk_request_gran_madrid_two_minutes(
    waited: float, *, may_call: bool, more: float | None
) -> None:
    ruling = call_clock(rules.load("gran-madrid"), caller="seated-player", waited_seconds=waited)
    assert ruling.details["may_call"] is may_call
    assert ruling.details["minimum_wait_seconds"] == 120
    assert ruling.details.get("wait_more_seconds") == more
    if not may_call:
        assert "120" in explanation(ruling, "en")
        assert "120" in explanation(ruling, "fr")


def test_clk_request_gran_madrid_without_a_wait_states_the_minimum() -> None:
    ruling = call_clock(rules.load("gran-madrid"), caller="player-in-hand")
    assert ruling.details["may_call"] is True
    assert "at least 120 seconds" in explanation(ruling, "en")


def test_clk_request_no_minimum_means_a_reasonable_time() -> None:
    ruling = call_clock(rules.load("tda-2017"), caller="player-in-hand", waited_seconds=1)
    assert ruling.details["may_call"] is True
    assert "reasonable time" in explanation(ruling, "en")
    assert ruling.articles == ("TDA 29, 30",)


def test_clk_request_generic_says_the_value_is_inherited() -> None:
    ruling = call_clock(rules.load("generic"), caller="player-in-hand")
    assert "GEN sets no value here; pokertd applies tda-2017." in explanation(ruling, "en")
    assert "GEN ne fixe rien ici" in explanation(ruling, "fr")


def test_clk_request_without_a_countdown() -> None:
    house = dataclasses.replace(rules.load("tda-2017"), clock_countdown_seconds=0)
    ruling = call_clock(house, caller="manager")
    assert explanation(ruling, "en").endswith("The player then has 25 seconds.")
    assert clock_time(house).details == {"seconds": 25, "countdown": 0, "total": 25}
    assert "25 seconds to act" in explanation(clock_time(house), "en")


def test_clk_request_bad_input() -> None:
    with pytest.raises(ParseError, match="unknown clock caller"):
        call_clock(rules.load("lfp"), caller="spectator")  # type: ignore[arg-type]
    with pytest.raises(ParseError, match="CLK-REQUEST"):
        call_clock(rules.load("lfp"), caller="manager", waited_seconds=-1)


# -- CLK-DURATION -------------------------------------------------------------------------------


@pytest.mark.parametrize("profile", PROFILES)
def test_clk_duration_cites_its_book(profile: str) -> None:
    check(clock_time(rules.load(profile)), "CLK-DURATION", BOOK[profile])


def test_clk_duration_tda_may_be_shortened() -> None:
    assert "shorten" in explanation(clock_time(rules.load("tda-2017")), "en")
    assert "shorten" not in explanation(clock_time(rules.load("lfp")), "en")


# -- CLK-EXPIRY ---------------------------------------------------------------------------------


@pytest.mark.parametrize("profile", PROFILES)
def test_clk_expiry_facing_a_bet_is_dead(profile: str) -> None:
    hand = three_handed(profile)
    ruling = clock_expired(hand)
    check(ruling, "CLK-EXPIRY", BOOK[profile])
    assert ruling.decision is not None
    assert ruling.decision.kind is ActionKind.FOLD
    assert [step.kind for step in ruling.steps] == [StepKind.KILL_HAND]
    assert ruling.details["is_facing_bet"] is True
    hand.act(ruling.details["player"], ruling.decision.kind)  # the engine accepts it


@pytest.mark.parametrize(
    ("profile", "kind"),
    [
        ("tda-2017", ActionKind.CHECK),
        ("generic", ActionKind.CHECK),
        ("lfp", ActionKind.FOLD),
        ("bannalec", ActionKind.FOLD),
        ("gran-madrid", ActionKind.FOLD),
    ],
)
def test_clk_expiry_not_facing_a_bet(profile: str, kind: ActionKind) -> None:
    hand = three_handed(profile)
    hand.act(2, "call")
    hand.act(0, "call")  # the big blind may check
    ruling = clock_expired(hand)
    assert ruling.details == {"player": 1, "is_facing_bet": False} | (
        {"dead_from": "declaration"} if profile == "lfp" else {}
    )
    assert ruling.decision is not None
    assert ruling.decision.kind is kind
    assert (not ruling.steps) is (kind is ActionKind.CHECK)
    hand.act(1, ruling.decision.kind)


def test_clk_expiry_profile_overrides_the_hands() -> None:
    hand = three_handed("tda-2017")
    hand.act(2, "call")
    hand.act(0, "call")
    assert str(clock_expired(hand).decision) == "check"
    ruling = clock_expired(hand, rules.load("bannalec"))
    assert str(ruling.decision) == "fold"
    assert ruling.articles == ("BAN/TIME",)


def test_clk_expiry_lfp_dies_when_the_manager_declares_it() -> None:
    ruling = clock_expired(three_handed("lfp"))
    assert ruling.details["dead_from"] == "declaration"
    assert "begins to declare" in explanation(ruling, "en")
    assert "commence à la déclarer" in explanation(ruling, "fr")


def test_clk_expiry_tda_tie_goes_to_the_player() -> None:
    assert "benefit" in explanation(clock_expired(three_handed("tda-2017")), "en")


def test_clk_expiry_needs_a_player_to_bet() -> None:
    hand = three_handed("tda-2017")
    hand.act(2, "fold")
    hand.act(0, "fold")
    with pytest.raises(IllegalActionError) as caught:
        clock_expired(hand)
    assert caught.value.rule == "CLK-EXPIRY"


# -- ABS-AT-SEAT --------------------------------------------------------------------------------

LIVE_UNTIL = {  # the last moment of SEAT_MOMENTS at which a returning player's hand is live
    "tda-2017": "last-card-of-deal",
    "lfp": "last-card-of-deal",
    "bannalec": "own-second-card",
    "gran-madrid": "start-of-deal",
    "generic": "last-card-of-deal",
}


@pytest.mark.parametrize("moment", SEAT_MOMENTS)
@pytest.mark.parametrize("profile", PROFILES)
def test_abs_at_seat(profile: str, moment: str) -> None:
    ruling = at_seat(rules.load(profile), moment)  # type: ignore[arg-type]
    check(ruling, "ABS-AT-SEAT", BOOK[profile])
    is_live = SEAT_MOMENTS.index(moment) <= SEAT_MOMENTS.index(LIVE_UNTIL[profile])
    assert ruling.details["is_live"] is is_live
    assert ruling.details["checked_at"] == LIVE_UNTIL[profile]
    assert [step.kind for step in ruling.steps] == ([] if is_live else [StepKind.KILL_HAND])


def test_abs_at_seat_unknown_moment() -> None:
    with pytest.raises(ParseError, match="unknown moment"):
        at_seat(rules.load("lfp"), "lunch")  # type: ignore[arg-type]


# -- ABS-ACT-SEATED -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("profile", "counts", "is_live", "td"),
    [
        ("lfp", False, True, False),
        ("bannalec", False, False, False),
        ("tda-2017", True, True, True),
        ("gran-madrid", True, True, True),
        ("generic", True, True, True),
    ],
)
def test_abs_act_seated(profile: str, *, counts: bool, is_live: bool, td: bool) -> None:
    ruling = acted_standing(rules.load(profile))
    check(ruling, "ABS-ACT-SEATED", BOOK[profile])
    assert ruling.details == {"action_counts": counts, "is_live": is_live}
    assert ruling.td_decides is td
    assert bool(ruling.steps) is not is_live


# -- PEN-DEVICE ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("profile", "is_dead", "td"),
    [
        ("lfp", True, False),
        ("bannalec", True, False),
        ("gran-madrid", False, False),
        ("tda-2017", False, True),
        ("generic", False, True),
    ],
)
def test_pen_device_first_offence(profile: str, *, is_dead: bool, td: bool) -> None:
    ruling = device_used(rules.load(profile))
    check(ruling, "PEN-DEVICE", BOOK[profile])
    assert ruling.details["is_dead"] is is_dead
    assert ruling.td_decides is td
    assert "hands" not in ruling.details or profile == "gran-madrid"


def test_pen_device_gran_madrid_sits_out_the_next_hand() -> None:
    ruling = device_used(rules.load("gran-madrid"), offences=3, players_at_table=9)
    assert ruling.details["hands"] == 1
    assert not ruling.steps


def test_pen_device_bannalec_only_if_the_dealer_saw_it() -> None:
    ruling = device_used(rules.load("bannalec"), is_seen_by_dealer=False)
    assert ruling.details["is_dead"] is False
    assert not ruling.steps
    assert "saw it himself" in explanation(ruling, "en")


@pytest.mark.parametrize(("offences", "hands"), [(1, None), (2, None), (3, 6), (4, 6)])
def test_pen_device_bannalec_third_offence(offences: int, hands: int | None) -> None:
    ruling = device_used(rules.load("bannalec"), offences=offences, players_at_table=6)
    assert ruling.details.get("hands") == hands
    assert [step.kind for step in ruling.steps] == [StepKind.KILL_HAND]


def test_pen_device_lfp_ignores_the_count() -> None:
    ruling = device_used(rules.load("lfp"), offences=3)
    assert "hands" not in ruling.details
    assert ruling.articles == ("LFP 3.5, 12.6",)


def test_pen_device_bad_input() -> None:
    with pytest.raises(ParseError, match="PEN-DEVICE"):
        device_used(rules.load("bannalec"), offences=3)
    with pytest.raises(ParseError, match="at least one offence"):
        device_used(rules.load("lfp"), offences=0)


def test_house_profile_cites_the_house_rule() -> None:
    house = dataclasses.replace(
        rules.load("tda-2017"),
        id="club",
        book="",
        clock_caller=ClockCaller.SEATED_PLAYER_OR_MANAGER,
        sources={
            **rules.load("tda-2017").sources,
            "clock_caller": rules.Source("club", "house rule"),
        },
    )
    ruling = call_clock(house, caller="dealer")
    assert ruling.articles == ("house rule",)
    assert ruling.details["may_call"] is False
    assert "sets no value" not in explanation(ruling, "en")


def test_clk_expiry_not_at_showdown() -> None:
    text = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [5, 10]
min_bet = 10
starting_stacks = [1000, 1000]
actions = ["d dh p1 AsKs", "d dh p2 QdQc", "p2 cc", "p1 cc", "d db 2c7d9h", "p1 cc",
           "p2 cc", "d db Th", "p1 cc", "p2 cc", "d db 3s", "p1 cc", "p2 cc"]
"""
    hand = replay(read_phh(text)).hand
    legal = hand.legal()
    assert legal is not None
    assert legal.show
    with pytest.raises(IllegalActionError, match="nobody is to bet"):
        clock_expired(hand)
