"""The one penalty model (``rules.penalties``): each book's scale, lengths and escalation, as the
floor, the tournament and the web console apply it. Tests are named after the rule ids."""

from __future__ import annotations

import pytest

from pokertd import rules
from pokertd.errors import IllegalActionError, ParseError
from pokertd.rules.penalties import Offence, PenaltyKind, next_step, penalty_fact

W, H, R, DQ = (
    PenaltyKind.WARNING,
    PenaltyKind.HANDS,
    PenaltyKind.ROUNDS,
    PenaltyKind.DISQUALIFICATION,
)

#: Each shipped profile and the book whose penalty rules it applies (GEN has none: TDA's).
BOOKS = {
    "tda-2017": "TDA",
    "lfp": "LFP",
    "bannalec": "BAN",
    "gran-madrid": "GM",
    "generic": "TDA",
}


def refused(profile: str, kind: PenaltyKind, **options: object) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as caught:
        penalty_fact(rules.load(profile), kind, **options)  # type: ignore[arg-type]
    return caught.value


@pytest.mark.parametrize("profile", BOOKS)
def test_pen_ladder_each_profile_names_its_book(profile: str) -> None:
    fact = penalty_fact(rules.load(profile), W)
    assert fact.book == BOOKS[profile]
    assert fact.rule == "PEN-LADDER"
    assert fact.articles[0].startswith({"TDA": "TDA 71A", "LFP": "LFP 13.1"}.get(fact.book, ""))


def test_pen_ladder_lfp_13_1_warning_sits_out_one_hand() -> None:
    """LFP 13.1: "Avertissement (warning) avec suspension d'une main"."""
    fact = penalty_fact(rules.load("lfp"), W)
    assert (fact.kind, fact.hands, fact.articles) == (W, 1, ("LFP 13.1",))


@pytest.mark.parametrize("profile", ["tda-2017", "bannalec", "gran-madrid"])
def test_pen_ladder_warning_alone_costs_no_hand(profile: str) -> None:
    """TDA 71A "l'avertissement verbal", BAN/SANCTIONS, GM 7° "avis verbaux": no hand out."""
    assert penalty_fact(rules.load(profile), W).hands == 0


@pytest.mark.parametrize(("profile", "articles"), [
    ("tda-2017", ("TDA 71A",)),
    ("lfp", ("LFP 13.1", "TDA 71A")),
    ("bannalec", ("BAN/SANCTIONS",)),
    ("gran-madrid", ("GM 7°", "TDA 71A")),
])  # fmt: skip
def test_pen_missed_hands_rounds_times_players(profile: str, articles: tuple[str, ...]) -> None:
    """TDA 71A, BAN/SANCTIONS: players at the table, the offender included, times rounds; LFP
    13.1 and GM 7° state rounds only and the TDA's formula is cited."""
    fact = penalty_fact(rules.load(profile), R, count=2, players_at_table=7, previous=[W])
    assert (fact.rule, fact.rounds, fact.hands, fact.articles) == (
        "PEN-MISSED-HANDS", 2, 14, articles
    )  # fmt: skip


@pytest.mark.parametrize("profile", ["lfp", "bannalec", "gran-madrid"])
def test_pen_ladder_refuses_more_than_four_rounds(profile: str) -> None:
    """LFP 13.1, BAN/SANCTIONS "1, 2, 3 ou 4 tours de table"; GM 7° "jusqu'à quatre tours"."""
    fact = penalty_fact(rules.load(profile), R, count=4, players_at_table=6, previous=[W])
    assert fact.hands == 24
    error = refused(profile, R, count=5, players_at_table=6, previous=[W])
    assert error.rule == "PEN-LADDER"


def test_pen_ladder_tda_71a_sets_no_longest_suspension() -> None:
    assert penalty_fact(rules.load("tda-2017"), R, count=6, players_at_table=9).hands == 54


def test_pen_ladder_ban_exclusion_only_after_a_warning() -> None:
    """BAN/SANCTIONS: "Un joueur ayant reçu un avertissement, peut en cas de récidive se faire
    sanctionner d'une exclusion temporaire"."""
    error = refused("bannalec", R, count=1, players_at_table=8)
    assert error.rule == "PEN-LADDER"
    assert penalty_fact(rules.load("bannalec"), R, count=1, players_at_table=8, previous=[W])


@pytest.mark.parametrize("profile", ["lfp", "bannalec"])
def test_pen_ladder_no_suspension_in_hands_where_the_scale_has_none(profile: str) -> None:
    """LFP 13.1 and BAN/SANCTIONS count suspensions in rounds (LFP's one hand is the warning's);
    TDA 71A and GM 7° ("d'une main à quatre tours") count hands too."""
    error = refused(profile, H, count=3)
    assert error.rule == "PEN-LADDER"
    for other in ("tda-2017", "gran-madrid"):
        assert penalty_fact(rules.load(other), H, count=3).hands == 3


def test_pen_ladder_lfp_one_hand_out_is_the_warnings() -> None:
    assert penalty_fact(rules.load("lfp"), H, count=1).hands == 1


@pytest.mark.parametrize(("profile", "articles", "next_event"), [
    ("tda-2017", ("TDA 71D",), False),
    ("lfp", ("LFP 13.1",), False),
    ("bannalec", ("BAN/SANCTIONS",), True),
    ("gran-madrid", ("GM 7°",), False),
])  # fmt: skip
def test_pen_dq_removes_the_chips(
    profile: str, articles: tuple[str, ...], next_event: bool
) -> None:
    """PEN-DQ: the chips leave play; BAN also suspends the player for the next tournament."""
    fact = penalty_fact(rules.load(profile), DQ)
    assert (fact.rule, fact.articles, fact.chips_removed) == ("PEN-DQ", articles, True)
    assert fact.suspended_next_event is next_event


def test_pen_softplay_lfp_12_7_no_warning_for_soft_play() -> None:
    """LFP 12.7: "sera sanctionné sans avertissement"."""
    error = refused("lfp", W, offence=Offence.SOFT_PLAY)
    assert error.rule == "PEN-SOFTPLAY"
    fact = penalty_fact(
        rules.load("lfp"), R, count=1, players_at_table=9, offence=Offence.SOFT_PLAY
    )
    assert fact.hands == 9


def test_pen_softplay_tda_69_collusion_disqualifies() -> None:
    """TDA 69: collusion "entraînera une disqualification immédiate des deux joueurs"."""
    error = refused("tda-2017", H, count=2, offence=Offence.COLLUSION)
    assert error.rule == "PEN-SOFTPLAY"
    assert penalty_fact(rules.load("tda-2017"), DQ, offence=Offence.COLLUSION).chips_removed


def test_pen_softplay_gm_33_soft_play_costs_chips_or_disqualification() -> None:
    assert refused("gran-madrid", W, offence=Offence.SOFT_PLAY).rule == "PEN-SOFTPLAY"


def test_pen_ladder_gm_7_a_sanction_sends_the_player_out_of_the_area() -> None:
    """GM 7°: "Le joueur qui reçoit une sanction doit abandonner la zone délimitée"."""
    assert penalty_fact(rules.load("gran-madrid"), H, count=2).leaves_area
    assert not penalty_fact(rules.load("tda-2017"), H, count=2).leaves_area


@pytest.mark.parametrize("profile", BOOKS)
def test_pen_ladder_escalation(profile: str) -> None:
    """TDA 71A "Des fautes répétées entraîneront une augmentation des sanctions", LFP 13.1
    "dans l'ordre chronologique", BAN/SANCTIONS: warning, suspension, disqualification."""
    profile_ = rules.load(profile)
    assert [next_step(profile_, [W] * n) for n in range(4)] == [W, R, DQ, DQ]
    fact = penalty_fact(profile_, W, previous=[W])
    assert fact.suggested is R


def test_pen_ladder_lfp_soft_play_escalation_skips_the_warning() -> None:
    assert next_step(rules.load("lfp"), [], Offence.SOFT_PLAY) is R


@pytest.mark.parametrize("count", [0, -1])
def test_pen_missed_hands_refuses_a_length_below_one(count: int) -> None:
    with pytest.raises(ParseError):
        penalty_fact(rules.load("tda-2017"), H, count=count)
    with pytest.raises(ParseError):
        penalty_fact(rules.load("tda-2017"), R, count=count, players_at_table=6)


def test_pen_missed_hands_rounds_need_the_table() -> None:
    with pytest.raises(ParseError, match="players at the table"):
        penalty_fact(rules.load("tda-2017"), R, count=1)
