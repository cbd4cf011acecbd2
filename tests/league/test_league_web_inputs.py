"""Seasons as the web app runs them: standings with ties and best N of M worked by hand, every
input a points formula can use, the formula changed mid-season, and the statistics."""

from __future__ import annotations

import datetime
import sys
from fractions import Fraction
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "tournament"))
import tournament_tools

from pokertd.errors import IllegalActionError, ParseError
from pokertd.league import commands
from pokertd.league.aggregate import League
from pokertd.league.results import FieldResults, Result, results_from_rows, results_from_tournament
from pokertd.league.standings import scored_events, standings
from pokertd.league.statistics import player_statistics, season_statistics
from pokertd.tournament import commands as tc
from pokertd.tournament.money import MoneyRules
from pokertd.tournament.reports import winnings

NOW = datetime.datetime(2026, 3, 6, 23, 0, tzinfo=datetime.UTC)


def season(points: str, *, bonus: int = 0, best: int | None = None) -> League:
    league = League()
    league.apply(
        league.handle(commands.CreateLeague("Club", "2026", points, bonus, best, planned=3), NOW)
    )
    return league


def add(league: League, title: str, date: str, field: FieldResults, buyin: int = 0) -> None:
    league.apply(league.handle(commands.AddEvent(title, date, field, buyin=buyin), NOW))


def three_events(league: League) -> None:
    """Four players, three events of four entries; in the third Alice and Bruno share 3rd."""
    for title, date, results in (
        ("January", "2026-01-09", (Result("Alice", 1, prize=5000), Result("Bruno", 2, prize=3000),
                                   Result("Chloé", 3), Result("David", 4))),
        ("February", "2026-02-06", (Result("Bruno", 1, prize=5000), Result("Alice", 2, prize=3000),
                                    Result("David", 3), Result("Chloé", 4))),
        ("March", "2026-03-06", (Result("Chloé", 1, prize=5000), Result("David", 2, prize=3000),
                                 Result("Alice", 3, 2), Result("Bruno", 3, 2))),
    ):  # fmt: skip
        add(league, title, date, FieldResults(4, 4, results, paid_places=2, final_table=3), 2000)


def test_standings_with_ties_and_the_best_two_of_three() -> None:
    """Worked by hand. Formula ``table:10,6,4,2`` with a bonus of 1 per event played.

    January: Alice 1st 10+1 = 11, Bruno 2nd 6+1 = 7, Chloé 3rd 4+1 = 5, David 4th 2+1 = 3.
    February: Bruno 11, Alice 7, David 5, Chloé 3.
    March: Chloé 11, David 7; Alice and Bruno share places 3 and 4: (4+2)/2 + 1 = 4 each.

    Best 2 of 3: Alice 11+7 = 18 (January, February), Bruno 7+11 = 18 (January, February),
    Chloé 5+11 = 16 (January, March), David 5+7 = 12 (February, March).
    Alice and Bruno are equal on points (18), wins (1) and best place (1st): they share rank 1,
    listed alphabetically; Chloé is 3rd, David 4th.
    """
    league = season("table:10,6,4,2", bonus=1, best=2)
    three_events(league)
    lines = standings(league.state)
    assert [(s.rank, s.is_tied, s.player, s.points, s.counted) for s in lines] == [
        (1, True, "Alice", 18, (1, 2)),
        (1, True, "Bruno", 18, (1, 2)),
        (3, False, "Chloé", 16, (1, 3)),
        (4, False, "David", 12, (2, 3)),
    ]
    assert [r.points for r in scored_events(league.state)[3]] == [11, 7, 4, 4]


def test_every_result_counts_without_best() -> None:
    """Same events, every result counted: Alice 11+7+4 = 22, Bruno 7+11+4 = 22, Chloé 5+3+11 =
    19, David 3+5+7 = 15; Alice and Bruno still share rank 1."""
    league = season("table:10,6,4,2", bonus=1)
    three_events(league)
    assert [(s.rank, s.player, s.points) for s in standings(league.state)] == [
        (1, "Alice", 22),
        (1, "Bruno", 22),
        (3, "Chloé", 19),
        (4, "David", 15),
    ]


def test_places_paid_knockouts_rebuys_and_add_ons_in_a_formula() -> None:
    """Worked by hand. ``10 * (place <= paid_places) + 2 * knockouts - rebuys - addons``, six
    entries, two places paid:
    Alice 1st, 3 knockouts, 1 rebuy: 10 + 6 - 1 = 15;
    Bruno 2nd, 1 knockout, 1 add-on: 10 + 2 - 1 = 11;
    Chloé 3rd, 2 knockouts, 2 rebuys, 1 add-on: 0 + 4 - 2 - 1 = 1.
    """
    league = season("10 * (place <= paid_places) + 2 * knockouts - rebuys - addons")
    rows = [
        (2, {"rang": "1", "joueur": "Alice", "gain": "60", "ko": "3", "recaves": "1"}),
        (3, {"rang": "2", "joueur": "Bruno", "gain": "30", "ko": "1", "add-ons": "1"}),
        (4, {"rang": "3", "joueur": "Chloé", "ko": "2", "recaves": "2", "add-ons": "1"}),
    ]
    field = results_from_rows(rows, entries=6)
    assert field.paid_places == 2  # the players with a prize
    add(league, "Friday", "2026-03-06", field)
    scored = [(r.player, r.points) for r in scored_events(league.state)[1]]
    assert scored == [("Alice", 15), ("Bruno", 11), ("Chloé", 1)]


def test_a_count_column_must_be_a_whole_number() -> None:
    with pytest.raises(ParseError, match="line 2: a count is a whole number from 0, not 'x'"):
        results_from_rows([(2, {"place": "1", "player": "A", "knockouts": "x"})])


def test_a_finished_tournament_gives_rebuys_knockouts_what_was_paid_and_places_paid() -> None:
    """Four players, 50 EUR buy-in (45 to the pool, 5 fee) plus a 10 EUR bounty, rebuys of 45:
    #1 rebuys once (paid 60 + 45 = 105), then knocks out #4, #3 and #2: three knockouts."""
    buy_in = {"prize": 4_500, "fee": 500, "bounty": 1_000, "chips": 10_000}
    rules = MoneyRules.from_dict(
        {
            "buy_in": buy_in,
            "rebuy": {"prize": 4_500, "chips": 10_000},
            "rebuy_levels": 2,
            "bounty": "fixed",
        }
    ).to_dict()
    driver = tournament_tools.Driver.create("tda-2017", 4, money=rules)
    driver.do(tc.Rebuy(1, stack=0))
    for busted in (4, 3, 2):
        driver.do(tc.BustPlayers((busted,), takers={busted: 1}))
    field = results_from_tournament(driver.tournament, *winnings(driver.state))
    first = field.results[0]
    assert (first.player, first.rebuys, first.knockouts, first.paid) == ("Player 1", 1, 3, 10_500)
    assert [r.paid for r in field.results[1:]] == [6_000, 6_000, 6_000]
    assert field.paid_places == 1  # the standard table pays one place of four
    assert field.final_table == 10  # TBL-FINAL-SIZE: tda-2017 plays the final table 10-handed


def test_the_formula_changed_mid_season_recomputes_and_undo_restores() -> None:
    """From ``table:10,6,4,2`` + 1 (best 2) to ``linear`` (entries - place + 1, every result):
    Alice 4+3+1.5 = 8.5 (March: places 3 and 4 shared, (2+1)/2), Bruno 3+4+1.5 = 8.5,
    Chloé 2+1+4 = 7, David 1+2+3 = 6."""
    league = season("table:10,6,4,2", bonus=1, best=2)
    three_events(league)
    league.apply(league.handle(commands.ChangeFormula("linear"), NOW))
    assert [(s.player, s.points) for s in standings(league.state)] == [
        ("Alice", Fraction(17, 2)),
        ("Bruno", Fraction(17, 2)),
        ("Chloé", 7),
        ("David", 6),
    ]
    assert (str(league.state.formula), league.state.best) == ("linear", None)
    league.apply(league.handle(commands.Undo(), NOW))
    assert (str(league.state.formula), league.state.best) == ("table:10,6,4,2", 2)
    assert standings(league.state)[0].points == 18


def test_a_formula_that_cannot_score_the_season_is_refused_and_nothing_changes() -> None:
    league = season("linear")
    three_events(league)
    # Tried on empty fields the formula computes; Alice's 50 EUR in January divides by zero.
    with pytest.raises(ParseError, match=r"cannot be computed for place 1 of 4 entries \(prize 50"):
        league.handle(commands.ChangeFormula("100 / (prize - 50)"), NOW)
    with pytest.raises(ParseError, match="cannot be counted out of"):
        league.handle(commands.ChangeFormula("linear", best=4, planned=3), NOW)
    assert str(league.state.formula) == "linear"


def test_a_tournament_is_expected_once() -> None:
    league = season("linear")
    league.apply(league.handle(commands.ExpectTournament("tournament-1"), NOW))
    assert league.state.waiting() == ("tournament-1",)
    with pytest.raises(IllegalActionError, match="already expected") as caught:
        league.handle(commands.ExpectTournament("tournament-1"), NOW)
    assert caught.value.rule == "EVENT-STATE"


def test_statistics_per_player_and_per_season() -> None:
    """Worked by hand from the three events (buy-in 20 EUR each, what each paid not known, so
    the buy-in; two places paid, final tables of three):

    Alice: 1st, 2nd, 3rd: 3 played, 1 win, 3 final tables, in the money twice (2/3),
    net 50 + 30 - 3 × 20 = +20 EUR. Bruno: 2nd, 1st, 3rd: the same.
    Chloé: 3rd, 4th, 1st: 2 final tables, once in the money, 50 - 60 = -10 EUR.
    David: 4th, 3rd, 2nd: 2 final tables, once in the money, 30 - 60 = -30 EUR.
    The season: 3 events, 12 entries, 4 players, 240 EUR of prizes.
    """
    league = season("linear")
    three_events(league)
    found = [
        (s.player, s.played, s.wins, s.final_tables, s.in_the_money, s.money_rate, s.net)
        for s in player_statistics(league.state)
    ]
    assert found == [
        ("Alice", 3, 1, 3, 2, Fraction(2, 3), 2_000),
        ("Bruno", 3, 1, 3, 2, Fraction(2, 3), 2_000),
        ("Chloé", 3, 1, 2, 1, Fraction(1, 3), -1_000),
        ("David", 3, 0, 2, 1, Fraction(1, 3), -3_000),
    ]
    totals = season_statistics(league.state)
    assert (totals.events, totals.entries, totals.players, totals.prizes) == (3, 12, 4, 24_000)
    assert totals.average_field == 4
