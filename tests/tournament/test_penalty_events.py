"""The tournament records penalties as the penalty model sets them (``rules.penalties``): each
book's lengths, escalation and refusals, the seat that sits out, the chips of a disqualified
player. Tests are named after the rule ids."""

from __future__ import annotations

import pytest
from tournament_tools import Driver, find_event

from pokertd.errors import IllegalActionError, ParseError
from pokertd.present.tournament_log import describe
from pokertd.present.words import words_for
from pokertd.tournament import commands, events
from pokertd.tournament.state import EntryStatus


def test_pen_ladder_lfp_warning_sits_out_one_hand_at_the_table() -> None:
    """LFP 13.1: a warning comes with a one-hand suspension: the next hand is dealt to him and
    killed (PEN-SERVING), the one after is his again."""
    driver = Driver.create("lfp", 6)
    given = find_event(driver.do(commands.Penalize(3, reason="langage")), events.PenaltyGiven)
    assert (given.kind, given.hands, given.rule, given.articles) == (
        "warning", 1, "PEN-LADDER", ("LFP 13.1",)
    )  # fmt: skip
    assert driver.state.entries[3].warnings == 1
    assert find_event(driver.do(commands.StartHand(1)), events.HandStarted).killed == (3,)
    driver.do(commands.FinishHand(1))
    assert find_event(driver.do(commands.StartHand(1)), events.HandStarted).killed == ()
    line = describe(given, driver.tournament, words_for("fr"))
    assert line == ["#3 Player 3 averti(e), 1 main(s) sans jouer (langage; LFP 13.1)"]


def test_pen_missed_hands_rounds_recorded_with_their_articles() -> None:
    driver = Driver.create("gran-madrid", 7)
    given = find_event(driver.do(commands.Penalize(2, rounds=2)), events.PenaltyGiven)
    assert (given.kind, given.rounds, given.hands) == ("rounds", 2, 14)
    assert given.articles == ("GM 7°", "TDA 71A")
    assert driver.state.entries[2].penalty_hands == 14
    line = describe(given, driver.tournament, words_for("en"))
    assert line == ["#2 Player 2 penalised: sits out 2 round(s), 14 hand(s) (GM 7°, TDA 71A)"]


def test_pen_ladder_lfp_refuses_five_rounds_state_unchanged() -> None:
    driver = Driver.create("lfp", 6)
    before = driver.tournament.digest()
    with pytest.raises(IllegalActionError) as caught:
        driver.do(commands.Penalize(2, rounds=5))
    assert caught.value.rule == "PEN-LADDER"
    assert driver.tournament.digest() == before


def test_pen_ladder_ban_escalation_warning_then_exclusion() -> None:
    """BAN/SANCTIONS: an exclusion of rounds follows a warning; the entry's record is kept."""
    driver = Driver.create("bannalec", 5)
    with pytest.raises(IllegalActionError) as caught:
        driver.do(commands.Penalize(1, rounds=1))
    assert caught.value.rule == "PEN-LADDER"
    driver.do(commands.Penalize(1))
    given = find_event(driver.do(commands.Penalize(1, rounds=1)), events.PenaltyGiven)
    assert given.hands == 5
    assert driver.state.entries[1].penalties == ["warning", "rounds"]


def test_pen_softplay_lfp_12_7_refuses_a_warning_for_soft_play() -> None:
    driver = Driver.create("lfp", 4)
    with pytest.raises(IllegalActionError) as caught:
        driver.do(commands.Penalize(1, offence="soft-play"))
    assert caught.value.rule == "PEN-SOFTPLAY"
    with pytest.raises(ParseError, match="unknown offence"):
        driver.do(commands.Penalize(1, offence="bluffing"))


@pytest.mark.parametrize(("profile", "articles"), [
    ("tda-2017", ("TDA 71D",)), ("lfp", ("LFP 13.1",)), ("bannalec", ("BAN/SANCTIONS",)),
    ("gran-madrid", ("GM 7°",)),
])  # fmt: skip
def test_pen_dq_chips_leave_play_with_the_books_article(
    profile: str, articles: tuple[str, ...]
) -> None:
    driver = Driver.create(profile, 4)
    chips = driver.state.entries[2].stack
    dq = find_event(driver.do(commands.Disqualify(2, reason="triche")), events.PlayerDisqualified)
    assert dq.articles == articles
    assert driver.state.entries[2].status is EntryStatus.DISQUALIFIED
    assert driver.state.chips_removed == chips
    line = describe(dq, driver.tournament, words_for("en"))[0]
    assert line.endswith(f"(triche; {', '.join(articles)}); chips removed from play")


def test_pen_ladder_old_events_without_kind_replay_as_before() -> None:
    """A penalty stored before the model recorded its kind reads back as it always has."""
    old = events.from_data(
        "penalty-given", {"at": "2026-01-01T20:00:00+00:00", "cmd": 5, "entry": 2, "hands": 0}
    )
    assert isinstance(old, events.PenaltyGiven)
    assert (old.kind, old.articles) == ("", ())
    assert events.to_data(old) == {
        "at": "2026-01-01T20:00:00+00:00", "cmd": 5, "entry": 2, "hands": 0, "reason": ""
    }  # fmt: skip
