"""Penalties: PEN-LADDER, PEN-MISSED-HANDS, PEN-SERVING, PEN-TIMING and PEN-DQ per profile."""

from __future__ import annotations

import dataclasses

import pytest

from pokertd import rules
from pokertd.errors import IllegalActionError, ParseError
from pokertd.floor.penalties import (
    MANDATORY,
    Offence,
    Penalty,
    disqualify,
    exposed_cards,
    missed_hands,
    next_penalty,
    serve_penalty,
    sit_out_hands,
)
from pokertd.floor.rulings import Ruling, StepKind
from pokertd.present.floor import explanation
from pokertd.rules import ExposedOwnCards

PROFILES = rules.PROFILE_IDS
#: The book each profile's penalty rules come from (GEN has none and inherits the TDA's).
BOOK = {"tda-2017": "TDA", "lfp": "LFP", "bannalec": "BAN", "gran-madrid": "GM", "generic": "TDA"}


def check(ruling: Ruling, rule: str, book: str) -> None:
    """The ruling names its rule, cites its book first and explains itself in both languages."""
    assert ruling.rule == rule
    assert ruling.articles[0].startswith(book), ruling.articles
    assert explanation(ruling, "en").strip()
    assert explanation(ruling, "fr").strip()


# -- PEN-MISSED-HANDS ---------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "rounds", "hands"), [(7, 2, 14), (9, 1, 9), (2, 4, 8)])
def test_pen_missed_hands_sit_out_hands(players: int, rounds: int, hands: int) -> None:
    assert sit_out_hands(players, rounds) == hands


@pytest.mark.parametrize(("players", "rounds"), [(1, 1), (0, 2), (7, 0), (7, -1)])
def test_pen_missed_hands_sit_out_hands_bad_input(players: int, rounds: int) -> None:
    with pytest.raises(ParseError):
        sit_out_hands(players, rounds)


@pytest.mark.parametrize("profile", PROFILES)
def test_pen_missed_hands_rounds(profile: str) -> None:
    ruling = missed_hands(rules.load(profile), players_at_table=7, rounds=2)
    check(ruling, "PEN-MISSED-HANDS", BOOK[profile])
    assert ruling.details == {"players_at_table": 7, "rounds": 2, "hands": 14}
    assert "14" in explanation(ruling, "en")
    assert "14" in explanation(ruling, "fr")
    # LFP and GM state rounds without a formula: pokertd cites the TDA's.
    assert ("TDA 71A" in ruling.articles) is (BOOK[profile] in ("TDA", "LFP", "GM"))
    assert ("formula" in explanation(ruling, "en")) is (profile in ("lfp", "gran-madrid"))


@pytest.mark.parametrize("profile", PROFILES)
def test_pen_missed_hands_one_hand_is_one_hand(profile: str) -> None:
    ruling = missed_hands(rules.load(profile), players_at_table=9, hands=1)
    assert ruling.details == {"players_at_table": 9, "hands": 1}
    assert explanation(ruling, "en").startswith("A penalty of 1 hand lasts 1 hand")
    assert explanation(ruling, "fr").startswith("Une pénalité de 1 main dure 1 main")
    assert ruling.articles


@pytest.mark.parametrize("profile", ["lfp", "bannalec", "gran-madrid"])
def test_pen_missed_hands_at_most_four_rounds(profile: str) -> None:
    assert missed_hands(rules.load(profile), players_at_table=6, rounds=4).details["hands"] == 24
    with pytest.raises(IllegalActionError) as caught:
        missed_hands(rules.load(profile), players_at_table=6, rounds=5)
    assert caught.value.rule == "PEN-LADDER"


def test_pen_missed_hands_tda_has_no_cap() -> None:
    assert missed_hands(rules.load("tda-2017"), players_at_table=6, rounds=6).details["hands"] == 36


@pytest.mark.parametrize(
    "options",
    [{}, {"rounds": 1, "hands": 1}, {"hands": 0}, {"rounds": 0}, {"rounds": 1, "players": 1}],
)
def test_pen_missed_hands_bad_input(options: dict[str, int]) -> None:
    players = options.pop("players", 7)
    with pytest.raises(ParseError):
        missed_hands(rules.load("tda-2017"), players_at_table=players, **options)


# -- PEN-LADDER ---------------------------------------------------------------------------------

LADDERS = {  # the step for the 1st, 2nd, 3rd and 4th fault
    "tda-2017": ["warning", "rounds", "disqualification", "disqualification"],
    "lfp": ["warning", "rounds", "disqualification", "disqualification"],
    "bannalec": ["none", "warning", "rounds", "disqualification"],
    "gran-madrid": ["warning", "rounds", "disqualification", "disqualification"],
    "generic": ["warning", "rounds", "disqualification", "disqualification"],
}


@pytest.mark.parametrize("faults", [1, 2, 3, 4])
@pytest.mark.parametrize("profile", PROFILES)
def test_pen_ladder(profile: str, faults: int) -> None:
    ruling = next_penalty(rules.load(profile), faults=faults)
    check(ruling, "PEN-LADDER", BOOK[profile])
    step = LADDERS[profile][faults - 1]
    assert ruling.details["penalty"] == step
    assert ruling.details["faults"] == faults
    assert ruling.details["mandatory"] is False
    assert ruling.td_decides is (step != "none")


def test_pen_ladder_bannalec_no_warning_for_a_first_fault() -> None:
    ruling = next_penalty(rules.load("bannalec"), faults=1)
    assert ruling.articles == ("BAN/SANCTIONS",)
    assert "two or three faults" in explanation(ruling, "en")
    assert "deux ou trois fautes" in explanation(ruling, "fr")
    second = next_penalty(rules.load("bannalec"), faults=2)
    assert "(the first possible one)" in explanation(second, "en")


def test_pen_ladder_first_fault_warning_is_the_profile_field() -> None:
    house = dataclasses.replace(rules.load("tda-2017"), first_fault_warning=False)
    assert next_penalty(house, faults=1).details["penalty"] == "none"
    assert next_penalty(house, faults=2).details["penalty"] == "warning"


def test_pen_ladder_lfp_warning_comes_with_one_hand() -> None:
    ruling = next_penalty(rules.load("lfp"), faults=1, players_at_table=9, rounds=3)
    assert ruling.details["hands"] == 1
    assert ruling.articles == ("LFP 13.1",)
    assert "one-hand suspension" in explanation(ruling, "en")


@pytest.mark.parametrize(
    ("profile", "max_rounds", "articles"),
    [
        ("tda-2017", None, ("TDA 71A", "TDA 71B")),
        ("lfp", 4, ("LFP 13.1", "TDA 71A")),
        ("bannalec", 4, ("BAN/SANCTIONS",)),
        ("gran-madrid", 4, ("GM 7°", "TDA 71A")),
    ],
)
def test_pen_ladder_suspension_in_hands(
    profile: str, max_rounds: int | None, articles: tuple[str, ...]
) -> None:
    faults = 3 if profile == "bannalec" else 2
    ruling = next_penalty(rules.load(profile), faults=faults, players_at_table=7, rounds=2)
    assert ruling.details["penalty"] == Penalty.ROUNDS.value
    assert ruling.details["hands"] == 14
    assert ruling.details["rounds"] == 2
    assert ruling.details["max_rounds"] == max_rounds
    assert ruling.articles == articles
    assert "14 hands" in explanation(ruling, "en")
    assert "14 mains" in explanation(ruling, "fr")


def test_pen_ladder_suspension_without_a_length() -> None:
    ruling = next_penalty(rules.load("gran-madrid"), faults=2)
    assert "hands" not in ruling.details
    assert "one hand to four rounds" in explanation(ruling, "en")
    assert "bureau du club" in explanation(next_penalty(rules.load("bannalec"), faults=3), "fr")


def test_pen_ladder_bad_input() -> None:
    with pytest.raises(ParseError, match="at least one fault"):
        next_penalty(rules.load("lfp"), faults=0)
    with pytest.raises(ParseError, match="players at the table"):
        next_penalty(rules.load("lfp"), faults=2, rounds=2)
    with pytest.raises(ParseError, match="two players"):
        next_penalty(rules.load("lfp"), faults=1, players_at_table=1)
    with pytest.raises(IllegalActionError):
        next_penalty(rules.load("bannalec"), faults=3, players_at_table=7, rounds=5)


@pytest.mark.parametrize("offence", list(Offence))
def test_pen_ladder_tda_71b_mandatory_offences(offence: Offence) -> None:
    ruling = next_penalty(rules.load("tda-2017"), faults=1, offence=offence)
    assert ruling.details["offence"] == offence.value
    assert ruling.details["mandatory"] is (offence in MANDATORY)
    assert ("must be penalised" in explanation(ruling, "en")) is (offence in MANDATORY)
    assert ("doit être sanctionnée" in explanation(ruling, "fr")) is (offence in MANDATORY)


def test_pen_ladder_tda_69_collusion_disqualifies() -> None:
    ruling = next_penalty(rules.load("tda-2017"), faults=1, offence=Offence.COLLUSION)
    assert ruling.details["penalty"] == "disqualification"
    assert ruling.articles == ("TDA 71A", "TDA 71B", "TDA 69")
    assert not ruling.td_decides
    assert "immediate disqualification" in explanation(ruling, "en")
    assert "disqualification immédiate" in explanation(ruling, "fr")


@pytest.mark.parametrize("offence", [Offence.SOFT_PLAY, Offence.COLLUSION])
def test_pen_ladder_lfp_12_7_without_warning(offence: Offence) -> None:
    ruling = next_penalty(rules.load("lfp"), faults=1, offence=offence)
    assert ruling.details["penalty"] == "rounds"
    assert ruling.articles == ("LFP 13.1", "LFP 12.7")


@pytest.mark.parametrize("offence", [Offence.SOFT_PLAY, Offence.COLLUSION])
def test_pen_ladder_gran_madrid_33_soft_play(offence: Offence) -> None:
    ruling = next_penalty(rules.load("gran-madrid"), faults=1, offence=offence)
    assert ruling.details["penalty"] == "disqualification"
    assert ruling.articles == ("GM 7°", "GM 33°")
    assert ruling.td_decides
    assert "removal of chips" in explanation(ruling, "en")


def test_pen_ladder_ordinals() -> None:
    tda = rules.load("tda-2017")
    texts = [explanation(next_penalty(tda, faults=k), "en") for k in (11, 12, 22)]
    assert [text.split(" ")[2] for text in texts] == ["11th", "12th", "22nd"]


# -- PEN-SERVING, PEN-TIMING, PEN-DQ ------------------------------------------------------------


@pytest.mark.parametrize("profile", PROFILES)
def test_pen_serving(profile: str) -> None:
    ruling = serve_penalty(rules.load(profile))
    check(ruling, "PEN-SERVING", BOOK[profile])
    assert "TDA 35C" in ruling.articles
    assert [step.kind for step in ruling.steps] == [StepKind.KILL_HAND]
    assert ruling.details == {"misdeal_and_redeal_count_as": 1}
    assert "one hand of the penalty" in explanation(ruling, "en")
    assert ("tournament area" in explanation(ruling, "en")) is (profile == "gran-madrid")


@pytest.mark.parametrize(
    ("profile", "is_live", "starts"),
    [
        ("tda-2017", True, "next-hand"),
        ("lfp", True, "after-hand"),
        ("gran-madrid", True, "after-hand"),
        ("bannalec", False, None),
        ("generic", True, "next-hand"),
    ],
)
def test_pen_timing(profile: str, *, is_live: bool, starts: str | None) -> None:
    ruling = exposed_cards(rules.load(profile))
    check(ruling, "PEN-TIMING", BOOK[profile])
    assert ruling.details == {"is_live": is_live, "penalty_starts": starts}
    assert bool(ruling.steps) is not is_live
    assert not ruling.td_decides


def test_pen_timing_gran_madrid_final_heads_up_is_for_the_td() -> None:
    ruling = exposed_cards(rules.load("gran-madrid"), is_final_heads_up=True)
    assert ruling.td_decides
    assert ruling.details["penalty_starts"] is None
    assert "final heads-up" in explanation(ruling, "en")
    # LFP 4.1 has no such exception.
    assert not exposed_cards(rules.load("lfp"), is_final_heads_up=True).td_decides


def test_pen_timing_house_profile_reading() -> None:
    house = dataclasses.replace(rules.load("bannalec"), exposed_own_cards=ExposedOwnCards.DEAD)
    assert exposed_cards(house).details["is_live"] is False


@pytest.mark.parametrize("profile", PROFILES)
def test_pen_dq(profile: str) -> None:
    ruling = disqualify(rules.load(profile))
    check(ruling, "PEN-DQ", BOOK[profile])
    assert ruling.details["chips"] == "removed"
    assert ("suspended_next_event" in ruling.details) is (profile == "bannalec")
