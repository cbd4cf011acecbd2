"""Results for a league: read from CSV rows, copied from a finished tournament, checked."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "tournament"))
import tournament_tools

from pokertd.errors import IllegalActionError, NotFoundError, ParseError
from pokertd.league.results import (
    FieldResults,
    Result,
    check_field,
    clean_name,
    name_key,
    parse_euros,
    results_from_rows,
    results_from_tournament,
)
from pokertd.present.i18n import error_text
from pokertd.tournament import commands


def rows(*lines: dict[str, str]) -> list[tuple[int, dict[str, str]]]:
    return list(enumerate(lines, start=2))


# -- CSV rows -------------------------------------------------------------------------------------


def test_rows_in_english_or_french_columns() -> None:
    found = results_from_rows(
        rows(
            {"place": "1er", "player": " Alice ", "prize": "120,50", "bounties": "10"},
            {"place": "2e", "player": "Bruno", "prize": ""},
            {"place": "2", "player": "Chloé"},
        )
    )
    assert found == FieldResults(
        3,
        3,
        (
            Result("Alice", 1, 1, 12050, 1000),
            Result("Bruno", 2, 2, 0, 0),
            Result("Chloé", 2, 2, 0, 0),
        ),
        paid_places=1,
    )
    french = results_from_rows(
        rows({"rang": "1", "joueur": "Alice", "gain": "50", "primes": "5", "entrées": "12"})
    )
    assert (french.entries, french.results[0].prize, french.results[0].bounties) == (12, 5000, 500)


def test_the_field_size_comes_from_the_option_the_column_or_the_places() -> None:
    lines = rows({"place": "1", "player": "A", "entries": "9"}, {"place": "2", "player": "B"})
    assert results_from_rows(lines).entries == 9
    assert results_from_rows(lines, entries=20).entries == 20
    assert results_from_rows(rows({"place": "3", "player": "C"})).entries == 3


@pytest.mark.parametrize(
    ("lines", "entries", "fragment"),
    [
        ([], None, "'r.csv' has no results"),
        ([{"player": "A"}], None, "'r.csv' line 2: there is no 'place' column"),
        ([{"place": "1"}], None, "there is no 'player' column (or joueur, name, nom)"),
        ([{"place": "first", "player": "A"}], None, "line 2: a place is a number from 1"),
        ([{"place": "0", "player": "A"}], None, "not '0'"),
        ([{"place": "1", "player": " "}], None, "line 2: a player's name cannot be empty"),
        ([{"place": "1", "player": "A", "prize": "lots"}], None, "line 2: the prize is an amount"),
        ([{"place": "1", "player": "A", "entries": "x"}], None, "the entries are a number"),
        (
            [
                {"place": "1", "player": "A", "entries": "5"},
                {"place": "2", "player": "B", "entries": "6"},
            ],
            None,
            "different field sizes in its entries column (5, 6)",
        ),
        (
            [{"place": "1", "player": "A"}, {"place": "2", "player": "A"}],
            None,
            "'r.csv': A has two results in the event",
        ),
        (
            [
                {"place": "1", "player": "A"},
                {"place": "1", "player": "B"},
                {"place": "2", "player": "C"},
            ],
            None,
            "C's place 2 is among the places 1-2 that",
        ),
        ([{"place": "5", "player": "A"}], 3, "place 5 (shared by 1) is not one of the 3 places"),
    ],
)
def test_bad_rows_say_where(
    lines: list[dict[str, str]], entries: int | None, fragment: str
) -> None:
    with pytest.raises(ParseError) as caught:
        results_from_rows(rows(*lines), entries=entries, file="'r.csv'")
    assert fragment in str(caught.value)
    assert error_text(caught.value, "fr") != str(caught.value)


@pytest.mark.parametrize(
    ("field", "fragment"),
    [
        (FieldResults(0, 0, ()), "at least one entry"),
        (FieldResults(3, 4, ()), "4 places for 3 entries"),
        (FieldResults(3, 3, (Result("A", 1, 1, -1),)), "money cannot be negative"),
        (FieldResults(3, 3, (Result("A", 1, 2), Result("B", 1, 1))), "in different ways"),
        (FieldResults(3, 3, (Result("A", 1), Result("B", 1))), "both 1st without sharing"),
        (FieldResults(9, 9, tuple(Result(n, 1, 2) for n in "ABC")), "3 players share place 1"),
    ],
)
def test_check_field(field: FieldResults, fragment: str) -> None:
    with pytest.raises(ParseError, match=fragment):
        check_field(field)


def test_names_and_money() -> None:
    assert clean_name(" Jean \t Dupont ") == "Jean Dupont"
    assert name_key("Gaëlle LE GALL") == name_key("gaelle le  gall")
    assert parse_euros("12", what="x") == 1200
    assert parse_euros("12,5 €", what="x") == 1250
    assert parse_euros("1\u202f200", what="x") == 120000
    with pytest.raises(ParseError, match=r"12\.505"):
        parse_euros("12.505", what="x")
    with pytest.raises(ParseError, match="-3"):
        parse_euros("-3", what="x")


# -- from a tournament ----------------------------------------------------------------------------


def finished(players: int = 6) -> tournament_tools.Driver:
    """A tournament of ``players``: #2 busts and re-enters (#7), #4 is disqualified, then the
    others bust one by one until #3 wins."""
    driver = tournament_tools.Driver.create(players=players, late_registration_levels=3)
    driver.do(commands.BustPlayers((2,)))
    driver.do(commands.ReEnter(2))
    driver.do(commands.Disqualify(4, "cheating"))
    for entry in (7, 6, 1, 5):
        driver.do(commands.BustPlayers((entry,)))
    assert driver.state.winner == 3
    return driver


def test_one_result_per_player_at_his_best_place() -> None:
    driver = finished()
    field = results_from_tournament(driver.tournament, {3: 10000, 5: 5000, 2: 1000}, {7: 500})
    assert (field.entries, field.places) == (7, 6)  # 7 entries played; the DQ has no place
    assert [(r.player, r.place, r.prize, r.bounties) for r in field.results] == [
        ("Player 3", 1, 10000, 0),
        ("Player 5", 2, 5000, 0),
        ("Player 1", 3, 0, 0),
        ("Player 6", 4, 0, 0),
        ("Player 2", 5, 1000, 500),  # his re-entry went further than his first entry
    ]
    check_field(field)


def test_shared_places_are_copied() -> None:
    driver = tournament_tools.Driver.create(players=4)
    driver.do(commands.BustPlayers((1, 2), start_stacks={1: 500, 2: 500}))
    driver.do(commands.BustPlayers((3,)))
    field = results_from_tournament(driver.tournament)
    assert [(r.player, r.place, r.shared) for r in field.results] == [
        ("Player 4", 1, 1),
        ("Player 3", 2, 1),
        ("Player 1", 3, 2),
        ("Player 2", 3, 2),
    ]


def test_an_unfinished_tournament_is_refused() -> None:
    driver = tournament_tools.Driver.create(players=4)
    with pytest.raises(IllegalActionError) as caught:
        results_from_tournament(driver.tournament)
    assert str(caught.value) == ("'Test event' is not finished: 4 player(s) still in (EVENT-STATE)")
    empty = tournament_tools.Driver.create(players=0)
    with pytest.raises(IllegalActionError, match="no entry played"):
        results_from_tournament(empty.tournament)


def test_money_for_an_unknown_entry_is_refused() -> None:
    driver = finished()
    with pytest.raises(NotFoundError, match="no entry 99"):
        results_from_tournament(driver.tournament, {99: 100})
    with pytest.raises(ParseError, match="negative"):
        results_from_tournament(driver.tournament, None, {1: -5})
