"""Showdown rulings: SHOW-RIGHT-TO-SEE, SHOW-LAST-AGGRESSOR-MUST-SHOW, SHOW-ORDER,
SHOW-MUCK-RETRIEVAL and SHOW-CARDS-SPEAK, branch by branch."""

from __future__ import annotations

import dataclasses

import pytest
from floor_tools import check

from pokertd import rules
from pokertd.errors import ParseError
from pokertd.floor.rulings import Ruling
from pokertd.floor.showdown import (
    Holding,
    Showdown,
    cards_speak,
    first_to_show,
    may_see,
    must_show,
    retrieve_mucked,
)
from pokertd.present.floor import explanation
from pokertd.rules import RightToSee

HELD, TABLED, PUSHED, MUCKED = Holding.HELD, Holding.TABLED, Holding.PUSHED, Holding.MUCKED
PROFILES = rules.PROFILE_IDS

#: A river bet by player 0, called by 1 (tabled) and 2 (mucked); player 3 still holds his cards
#: and did not call (he was all-in earlier, say); player 0 is pushing his cards.
CALLED = Showdown(
    (PUSHED, TABLED, MUCKED, HELD),
    river_aggressor=0,
    river_callers=frozenset({1, 2}),
    winner=1,
)
#: No river bet: player 0 tabled and leads, 1 pushed his cards, 2 still holds his.
QUIET = Showdown((TABLED, PUSHED, HELD), winner=0)


# -- the situation ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"holdings": (HELD,)}, "at least two players"),
        ({"river_aggressor": 4}, "no player 5"),
        ({"winner": -1}, "no player 0"),
        ({"river_callers": frozenset({1})}, "need a river bet"),
        ({"river_aggressor": 1, "river_callers": frozenset({1})}, "his own bet"),
        ({"requests_before": -1}, "not negative"),
    ],
)
def test_showdown_rejects_impossible_situations(options: dict[str, object], message: str) -> None:
    fields: dict[str, object] = {"holdings": (HELD, HELD, HELD)} | options
    with pytest.raises(ParseError, match=message):
        Showdown(**fields)  # type: ignore[arg-type]


def test_showdown_is_called() -> None:
    assert CALLED.is_called
    assert not QUIET.is_called
    assert not Showdown((HELD, HELD), river_aggressor=0).is_called


@pytest.mark.parametrize(
    ("requester", "target", "message"),
    [(0, 0, "his own hand"), (1, 5, "no player 6"), (7, 0, "no player 8"), (0, 1, "tabled")],
)
def test_may_see_rejects_bad_requests(requester: int, target: int, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        may_see(rules.load("tda-2017"), requester=requester, target=target, situation=CALLED)


# -- SHOW-RIGHT-TO-SEE, TDA 18 --------------------------------------------------------------------


def tda(requester: int | None, target: int, situation: Showdown = CALLED) -> Ruling:
    profile = rules.load("tda-2017")
    return may_see(profile, requester=requester, target=target, situation=situation)


def test_show_right_to_see_tda_caller_is_inalienable() -> None:
    ruling = tda(1, 0)
    check(ruling, "SHOW-RIGHT-TO-SEE", "TDA")
    assert ruling.details == {"requester": 1, "target": 0, "may_see": True, "right": "inalienable"}
    assert not ruling.td_decides


def test_show_right_to_see_tda_mucker_loses_the_right() -> None:
    ruling = tda(2, 0)
    assert ruling.details["may_see"] is False
    assert "loses any right" in explanation(ruling, "en")


def test_show_right_to_see_tda_other_requests_are_td_discretion() -> None:
    for ruling in (tda(3, 0), tda(1, 3), tda(0, 2, QUIET)):
        assert ruling.details["may_see"] is None
        assert ruling.details["right"] == "td-discretion"
        assert ruling.td_decides


def test_show_right_to_see_tda_player_not_in_the_hand() -> None:
    ruling = tda(None, 0)
    assert ruling.details["may_see"] is False
    assert "not in the hand" in explanation(ruling, "en")
    assert "hors du coup" in explanation(ruling, "fr")


# -- SHOW-RIGHT-TO-SEE, LFP 8.7 and 8.8 -----------------------------------------------------------


def lfp(requester: int | None, target: int, situation: Showdown = QUIET) -> Ruling:
    return may_see(rules.load("lfp"), requester=requester, target=target, situation=situation)


def test_show_right_to_see_lfp_any_player_at_the_table() -> None:
    for requester in (None, 0, 2):
        ruling = lfp(requester, 1)
        check(ruling, "SHOW-RIGHT-TO-SEE", "LFP")
        assert ruling.details["may_see"] is True
        assert ruling.details["right"] == "anti-collusion"
        assert not ruling.td_decides


def test_show_right_to_see_lfp_hand_live_only_for_the_current_winner() -> None:
    assert lfp(0, 1).details["is_live"] is True  # turned over by the current winner
    assert lfp(2, 1).details["is_live"] is False  # at another player's request: dead
    assert lfp(1, 2).details["is_live"] is True  # still held, never released
    assert "it is dead" in explanation(lfp(2, 1), "en")
    assert "elle peut encore gagner" in explanation(lfp(0, 1), "fr")


def test_show_right_to_see_lfp_never_heads_up() -> None:
    ruling = lfp(0, 1, dataclasses.replace(QUIET, is_heads_up=True))
    assert ruling.details["may_see"] is False
    assert "heads-up" in explanation(ruling, "en")


def test_show_right_to_see_lfp_once_per_event() -> None:
    ruling = lfp(0, 1, dataclasses.replace(QUIET, requests_before=1))
    assert ruling.details["may_see"] is False
    assert ruling.details["right"] == "once-per-event"
    assert ruling.td_decides


# -- SHOW-RIGHT-TO-SEE, GM 37° --------------------------------------------------------------------


def test_show_right_to_see_gran_madrid_winner_only() -> None:
    profile = rules.load("gran-madrid")
    granted = may_see(profile, requester=0, target=1, situation=QUIET)
    check(granted, "SHOW-RIGHT-TO-SEE", "GM")
    assert granted.details == {
        "requester": 0,
        "target": 1,
        "may_see": True,
        "right": "winner",
        "is_live": True,
    }
    refused = may_see(profile, requester=2, target=1, situation=QUIET)
    assert refused.details["may_see"] is False
    assert "player 1" in explanation(refused, "en")
    assert "check cards" in explanation(refused, "en")


def test_show_right_to_see_gran_madrid_winner_unknown() -> None:
    situation = dataclasses.replace(QUIET, winner=None)
    ruling = may_see(rules.load("gran-madrid"), requester=0, target=1, situation=situation)
    assert ruling.details["may_see"] is None
    assert ruling.td_decides


@pytest.mark.parametrize("profile", ["gran-madrid", "bannalec"])
def test_show_right_to_see_the_called_last_aggressor_must_show(profile: str) -> None:
    for requester in (None, 1, 2, 3):
        ruling = may_see(rules.load(profile), requester=requester, target=0, situation=CALLED)
        assert ruling.rule == "SHOW-LAST-AGGRESSOR-MUST-SHOW"
        assert ruling.details["may_see"] is True
        assert ruling.details["right"] == "must-show"


# -- SHOW-RIGHT-TO-SEE, GEN 1.25 and BAN ----------------------------------------------------------


def test_show_right_to_see_generic_needs_consent() -> None:
    profile = rules.load("generic")
    refused = may_see(profile, requester=1, target=0, situation=CALLED)
    check(refused, "SHOW-RIGHT-TO-SEE", "GEN")
    assert refused.details["may_see"] is False
    assert refused.details["is_live"] is False
    agreed = dataclasses.replace(CALLED, has_mucker_consent=True)
    granted = may_see(profile, requester=1, target=0, situation=agreed)
    assert granted.details["may_see"] is True
    assert "never win" in explanation(granted, "en")
    assert "seul le donneur" in explanation(granted, "fr")


def test_show_right_to_see_bannalec_nobody_may_ask_otherwise() -> None:
    ruling = may_see(rules.load("bannalec"), requester=0, target=2, situation=QUIET)
    check(ruling, "SHOW-RIGHT-TO-SEE", "BAN")
    assert ruling.details["may_see"] is False
    assert "may muck without showing" in explanation(ruling, "en")


def test_show_right_to_see_house_profile_uses_its_reading() -> None:
    house = dataclasses.replace(rules.load("lfp"), right_to_see=RightToSee.MUCKER_CONSENT)
    ruling = may_see(house, requester=0, target=1, situation=QUIET)
    assert ruling.details["right"] == "consent"


# -- SHOW-LAST-AGGRESSOR-MUST-SHOW ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("profile", "must", "articles"),
    [
        ("bannalec", True, ("BAN/ABATTAGE",)),
        ("gran-madrid", True, ("GM 37°",)),
        ("tda-2017", False, ("TDA 18B",)),
        ("lfp", False, ("LFP 8.3, 8.5", "LFP 8.7")),
        ("generic", False, ("TDA 18B", "GEN 1.25")),
    ],
)
def test_show_last_aggressor_must_show(profile: str, *, must: bool, articles: tuple[str]) -> None:
    ruling = must_show(rules.load(profile), player=0, situation=CALLED)
    assert ruling.rule == "SHOW-LAST-AGGRESSOR-MUST-SHOW"
    assert ruling.details["must_show"] is must
    assert ruling.articles == articles
    assert explanation(ruling, "en").strip()
    assert explanation(ruling, "fr").strip()


def test_show_last_aggressor_tda_on_request_of_callers_with_cards() -> None:
    ruling = must_show(rules.load("tda-2017"), player=0, situation=CALLED)
    assert ruling.details["on_request_of"] == [1]  # player 2 mucked
    assert "(player 2)" in explanation(ruling, "en")
    assert "(joueur 2)" in explanation(ruling, "fr")
    all_mucked = dataclasses.replace(CALLED, holdings=(PUSHED, MUCKED, MUCKED, HELD))
    nobody = must_show(rules.load("tda-2017"), player=0, situation=all_mucked)
    assert nobody.details["on_request_of"] == []
    assert "nobody left" in explanation(nobody, "en")
    both = dataclasses.replace(CALLED, holdings=(PUSHED, TABLED, HELD, HELD))
    assert "player 2 and player 3" in explanation(
        must_show(rules.load("tda-2017"), player=0, situation=both), "en"
    )


@pytest.mark.parametrize("profile", ["bannalec", "gran-madrid", "tda-2017", "lfp"])
def test_show_last_aggressor_others_need_not_show(profile: str) -> None:
    ruling = must_show(rules.load(profile), player=3, situation=CALLED)
    assert ruling.details["must_show"] is False
    assert "on_request_of" not in ruling.details
    assert "need not show" in explanation(ruling, "en")


def test_show_last_aggressor_lfp_shows_first_but_may_muck() -> None:
    ruling = must_show(rules.load("lfp"), player=0, situation=CALLED)
    assert "He shows first" in explanation(ruling, "en")
    assert "Il montre le premier" in explanation(ruling, "fr")


def test_show_last_aggressor_uncalled_bet() -> None:
    uncalled = Showdown((HELD, HELD), river_aggressor=0)
    assert (
        must_show(rules.load("bannalec"), player=0, situation=uncalled).details["must_show"]
        is False
    )


def test_show_last_aggressor_bad_player() -> None:
    with pytest.raises(ParseError):
        must_show(rules.load("tda-2017"), player=9, situation=CALLED)


# -- SHOW-ORDER -----------------------------------------------------------------------------------


@pytest.mark.parametrize("profile", PROFILES)
def test_show_order_last_aggressor_first(profile: str) -> None:
    ruling = first_to_show(rules.load(profile), CALLED)
    assert ruling.rule == "SHOW-ORDER"
    assert ruling.details == {"first": 0, "by": "last-aggressor"}
    assert "Player 1" in explanation(ruling, "en")


@pytest.mark.parametrize(
    ("profile", "by", "article"),
    [
        ("tda-2017", "first-to-act", "TDA 17A"),
        ("lfp", "first-to-act", "LFP 8.3"),
        ("bannalec", "first-to-act", "BAN/ABATTAGE"),
        ("gran-madrid", "left-of-button", "GM 37°"),
        ("generic", "first-to-act", "TDA 17A"),
    ],
)
def test_show_order_no_river_bet(profile: str, by: str, article: str) -> None:
    ruling = first_to_show(rules.load(profile), QUIET)
    assert ruling.details == {"first": None, "by": by}
    assert ruling.articles == (article,)
    assert ("spontaneously" in explanation(ruling, "en")) is article.startswith("TDA")
    assert explanation(ruling, "fr").strip()


# -- SHOW-MUCK-RETRIEVAL and SHOW-CARDS-SPEAK ---------------------------------------------------

LIVE = {  # (pushed & identifiable, pushed & not, mucked & identifiable, mucked & not)
    "tda-2017": (True, False, False, False),
    "lfp": (True, False, True, False),
    "bannalec": (False, False, False, False),
    "gran-madrid": (True, False, False, False),
    "generic": (False, False, False, False),
}
BOOK = {"tda-2017": "TDA", "lfp": "LFP", "bannalec": "BAN", "gran-madrid": "GM", "generic": "GEN"}


@pytest.mark.parametrize("profile", PROFILES)
def test_show_muck_retrieval(profile: str) -> None:
    cases = [(PUSHED, True), (PUSHED, False), (MUCKED, True), (MUCKED, False)]
    for (holding, identifiable), is_live in zip(cases, LIVE[profile], strict=True):
        ruling = retrieve_mucked(rules.load(profile), holding=holding, is_identifiable=identifiable)
        check(ruling, "SHOW-MUCK-RETRIEVAL", BOOK[profile])
        assert ruling.details == {
            "holding": holding.value,
            "is_identifiable": identifiable,
            "is_live": is_live,
        }
        assert ruling.td_decides is is_live  # the TD judges identifiability


@pytest.mark.parametrize("holding", [HELD, TABLED])
def test_show_muck_retrieval_needs_a_hand_given_up(holding: Holding) -> None:
    with pytest.raises(ParseError, match="SHOW-MUCK-RETRIEVAL"):
        retrieve_mucked(rules.load("lfp"), holding=holding)


@pytest.mark.parametrize(
    ("profile", "penalty", "book"),
    [
        ("tda-2017", "may", "TDA"),
        ("lfp", "must", "LFP"),
        ("bannalec", "must", "BAN"),
        ("gran-madrid", "may", "GM"),
        ("generic", "may", "TDA"),
    ],
)
def test_show_cards_speak(profile: str, penalty: str, book: str) -> None:
    honest = cards_speak(rules.load(profile))
    check(honest, "SHOW-CARDS-SPEAK", book)
    assert honest.details == {"is_deliberate": False, "penalty": None}
    assert not honest.td_decides
    deliberate = cards_speak(rules.load(profile), is_deliberate=True)
    assert deliberate.details["penalty"] == penalty
    assert deliberate.td_decides is (penalty == "may")
    assert ("text is missing" in explanation(honest, "en")) is (profile == "generic")
