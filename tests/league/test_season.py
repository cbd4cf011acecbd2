"""A league's season: commands, events, undo, merges, BAN/D2 (SEAT-D2-REGULAR) and standings."""

from __future__ import annotations

import datetime
from fractions import Fraction

import pytest

from pokertd.errors import IllegalActionError, NotFoundError, ParseError, PokertdError
from pokertd.league import commands as cmd
from pokertd.league import events as ev
from pokertd.league.aggregate import League
from pokertd.league.results import FieldResults, Result
from pokertd.league.standings import Offence, scored_events, standings
from pokertd.present.i18n import error_text

NOW = datetime.datetime(2026, 3, 6, 23, 0, tzinfo=datetime.UTC)


def field(*names: str, entries: int | None = None) -> FieldResults:
    """One result per name, in finishing order (``a=b`` for two names sharing a place)."""
    results: list[Result] = []
    place = 1
    for item in names:
        group = item.split("=")
        results += [Result(name, place, len(group)) for name in group]
        place += len(group)
    size = entries or place - 1
    return FieldResults(size, size, tuple(results))


class Season:
    """A league under test: commands handled and applied at ``NOW``."""

    def __init__(self, **options: object) -> None:
        self.league = League()
        self.do(cmd.CreateLeague("Club", "2025-2026", **options))  # type: ignore[arg-type]

    def do(self, command: cmd.Command) -> list[ev.LeagueEvent]:
        new = self.league.handle(command, NOW)
        self.league.apply(new)
        return new

    def add(self, date: str, *names: str, **options: object) -> int:
        added = self.do(cmd.AddEvent(f"Event {date}", date, field(*names), **options))  # type: ignore[arg-type]
        number = added[0].event  # type: ignore[attr-defined]
        assert isinstance(number, int)
        return number

    def refuse(self, command: cmd.Command, error: type[PokertdError] = IllegalActionError) -> str:
        """Check that ``command`` is refused and changes nothing; return the message."""
        before = (list(self.league.events), standings(self.league.state))
        with pytest.raises(error) as caught:
            self.do(command)
        assert (list(self.league.events), standings(self.league.state)) == before
        assert error_text(caught.value, "fr") != str(caught.value)
        return str(caught.value)

    def table(self) -> list[tuple[int, str, Fraction]]:
        return [(line.rank, line.player, line.points) for line in standings(self.league.state)]

    def places(self, number: int) -> list[tuple[str, int, int]]:
        return [(r.player, r.place, r.shared) for r in scored_events(self.league.state)[number]]


# -- creating -------------------------------------------------------------------------------------


def test_a_season_is_created_once_with_a_checked_formula() -> None:
    season = Season(points="sqrt", bonus=5, best=8, planned=12, regulars=(" Alice ", "Alice"))
    created = season.league.events[0]
    assert isinstance(created, ev.LeagueCreated)
    assert (created.title, created.season, created.points, created.bonus) == (
        "Club",
        "2025-2026",
        "sqrt",
        "5",
    )
    assert created.regulars == ("Alice",)
    assert "already exists" in season.refuse(cmd.CreateLeague("Again", "2026"))


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"points": "10 / (place - 1)"}, "cannot be computed for place 1"),
        ({"best": 0}, "the number of best results counted is a number from 1"),
        ({"planned": 0}, "the number of events planned"),
        ({"best": 9, "planned": 8}, "the best 9 results cannot be counted out of 8 events"),
        ({"regular_after": -1}, "a regular after 0 events or more"),
        ({"regulars": ("  ",)}, "a player's name cannot be empty"),
    ],
)
def test_a_bad_season_is_refused(options: dict[str, object], fragment: str) -> None:
    with pytest.raises(ParseError, match=fragment):
        League().handle(cmd.CreateLeague("Club", "2026", **options), NOW)  # type: ignore[arg-type]


def test_nothing_but_creation_before_the_league_exists() -> None:
    with pytest.raises(IllegalActionError, match="has not been created yet"):
        League().handle(cmd.Undo(), NOW)
    with pytest.raises(ParseError, match="name cannot be empty"):
        League().handle(cmd.CreateLeague(" ", "2026"), NOW)
    with pytest.raises(ParseError, match="timezone-aware"):
        League().handle(cmd.CreateLeague("Club", "2026"), NOW.replace(tzinfo=None))


# -- events ---------------------------------------------------------------------------------------


def test_events_are_numbered_and_scored() -> None:
    season = Season(points="linear", bonus=2)
    first = season.add("2026-01-09", "Alice", "Bruno", "Chloé")
    second = season.add("2026-01-16", "Bruno", "Alice=Chloé", "David")
    assert (first, second) == (1, 2)
    # Alice and Chloé share places 2 and 3 of 4: (3 + 2) / 2 points each, plus the bonus.
    assert season.table() == [
        (1, "Bruno", Fraction(4) + Fraction(6)),
        (2, "Alice", Fraction(5) + Fraction(9, 2)),
        (3, "Chloé", Fraction(3) + Fraction(9, 2)),
        (4, "David", Fraction(3)),
    ]


@pytest.mark.parametrize(
    ("command", "error", "fragment"),
    [
        (cmd.AddEvent(" ", "2026-01-09", field("A")), ParseError, "title cannot be empty"),
        (cmd.AddEvent("E", "9/1/2026", field("A")), ParseError, "YYYY-MM-DD"),
        (cmd.AddEvent("E", "2026-02-30", field("A")), ParseError, "YYYY-MM-DD"),
        (cmd.AddEvent("E", "2026-01-09", field("A"), buyin=-1), ParseError, "buy-in"),
        (
            cmd.AddEvent("E", "2026-01-09", FieldResults(3, 3, (Result("A", 1), Result("A", 2)))),
            ParseError,
            "A has two results",
        ),
        (
            cmd.AddEvent("E", "2026-01-09", FieldResults(2, 3, (Result("A", 1),))),
            ParseError,
            "at most one place per entry",
        ),
        (cmd.AddEvent("E", "2026-01-09", field("A"), replaces=9), NotFoundError, "no event 9"),
        (cmd.RemoveEvent(9), NotFoundError, "there is no event 9 in the season"),
    ],
)
def test_bad_events_are_refused(
    command: cmd.Command, error: type[PokertdError], fragment: str
) -> None:
    assert fragment in Season().refuse(command, error)


def test_an_event_is_a_copy_and_its_source_is_added_once() -> None:
    season = Season()
    season.do(cmd.AddEvent("Friday", "2026-01-09", field("A", "B"), source="tournament-1"))
    message = season.refuse(
        cmd.AddEvent("Friday", "2026-01-09", field("B", "A"), source="tournament-1")
    )
    assert message == (
        "tournament-1 is already event 1 of the season: import it again as a replacement of "
        "event 1 (EVENT-STATE)"
    )
    replaced = season.do(
        cmd.AddEvent("Friday", "2026-01-09", field("B", "A"), source="tournament-1", replaces=1)
    )
    assert isinstance(replaced[0], ev.EventReplaced)
    assert season.places(1) == [("B", 1, 1), ("A", 2, 1)]


def test_removing_an_event_keeps_its_number_unused() -> None:
    season = Season()
    season.add("2026-01-09", "A", "B")
    season.do(cmd.RemoveEvent(1))
    assert season.table() == []
    assert season.add("2026-01-16", "A") == 2


def test_a_formula_that_fails_on_an_event_refuses_it() -> None:
    season = Season(points="100 / (entries - 3) + prize")
    message = season.refuse(cmd.AddEvent("Small", "2026-01-09", field("A", "B", "C")), ParseError)
    assert "cannot be computed for place 1 of 3 entries" in message


# -- merging --------------------------------------------------------------------------------------


def test_two_spellings_merge_into_one_player() -> None:
    season = Season(points="linear")
    season.add("2026-01-09", "Jean Dupont", "Alice")
    season.add("2026-01-16", "jean dupont", "Alice")
    assert "'Jean Dupont'" in season.refuse(cmd.MergePlayers("Jean Dupond", "Jean"), NotFoundError)
    season.do(cmd.MergePlayers("jean dupont", "Jean Dupont"))
    assert season.table() == [(1, "Jean Dupont", Fraction(4)), (2, "Alice", Fraction(2))]
    # Later events with the old spelling count under the new one.
    season.add("2026-01-23", "jean dupont", "Alice")
    assert season.table()[0] == (1, "Jean Dupont", Fraction(6))
    assert "same player in this league" in season.refuse(
        cmd.AddEvent("E", "2026-01-30", field("jean dupont", "Jean Dupont")), ParseError
    )
    assert "already one player" in season.refuse(cmd.MergePlayers("Jean Dupont", "jean dupont"))


def test_a_merge_is_refused_when_both_played_the_same_event() -> None:
    season = Season()
    season.add("2026-01-09", "Jean", "Jeanne")
    message = season.refuse(cmd.MergePlayers("Jean", "Jeanne"))
    assert message == (
        "Jean and Jeanne both played event 1 ('Event 2026-01-09'): they are two players "
        "(EVENT-STATE)"
    )


def test_a_rename_and_chained_merges() -> None:
    season = Season()
    season.add("2026-01-09", "Bob", "Alice")
    season.do(cmd.MergePlayers("Bob", "Robert"))
    season.do(cmd.MergePlayers("Robert", "Robert Martin"))
    assert [player for _, player, _ in season.table()] == ["Robert Martin", "Alice"]
    assert season.league.state.canonical("Bob") == "Robert Martin"


# -- undo and replay ------------------------------------------------------------------------------


def test_undo_is_a_compensating_event_and_replay_gives_the_same_season() -> None:
    season = Season(points="sqrt", best=1)
    season.add("2026-01-09", "A", "B", "C")
    season.add("2026-01-16", "C", "B", "A")
    season.do(cmd.MergePlayers("C", "Cécile"))
    before = season.table()
    season.do(cmd.RemoveEvent(1))
    undone = season.do(cmd.Undo())
    assert isinstance(undone[0], ev.CommandUndone)
    assert undone[0].undone == 5
    assert season.table() == before
    assert len(season.league.events) == 6  # nothing deleted
    season.do(cmd.Undo())  # the merge
    assert "C" in [player for _, player, _ in season.table()]
    replayed = League.replay(season.league.events)
    assert standings(replayed.state) == standings(season.league.state)
    assert replayed.state == season.league.state
    assert replayed.undone == {5, 4}


def test_there_is_nothing_to_undo_after_creation() -> None:
    season = Season()
    assert season.refuse(cmd.Undo()) == "there is nothing to undo (EVENT-STATE)"


def test_events_round_trip_through_their_json() -> None:
    season = Season(points="table:10,5", bonus="1.5", regulars=("A",), regular_after=2)
    season.add("2026-01-09", "B", "A=C")
    season.do(cmd.ApplyRegularAbsentD2(1, "A"))
    season.do(cmd.MergePlayers("B", "Bea"))
    season.do(cmd.Undo())
    for event in season.league.events:
        assert ev.from_data(event.name, ev.to_data(event)) == event
    with pytest.raises(ParseError, match="unknown league event"):
        ev.from_data("league-exploded", {})
    with pytest.raises(ParseError, match="bad fields"):
        ev.from_data("event-removed", {"at": "2026-01-01T00:00:00+00:00"})


# -- BAN/D2 (SEAT-D2-REGULAR) ---------------------------------------------------------------------


def test_seat_d2_regular_first_offence_keeps_the_points_of_his_place() -> None:
    season = Season(points="linear")
    season.add("2026-01-09", "A", "B", "C", "D", "E")
    season.do(cmd.ApplyRegularAbsentD2(1, "C"))
    assert season.places(1) == [("A", 1, 1), ("B", 2, 1), ("C", 3, 1), ("D", 4, 1), ("E", 5, 1)]
    scored = {r.player: r for r in scored_events(season.league.state)[1]}
    assert scored["C"].offence == Offence.FIRST
    assert scored["C"].points == 3


def test_seat_d2_regular_repeat_is_ranked_as_if_out_first() -> None:
    season = Season(points="linear")
    season.add("2026-01-09", "A", "B", "C", "D", "E")
    season.add("2026-02-06", "A", "C", "B", "D", "E")
    season.do(cmd.ApplyRegularAbsentD2(1, "C"))
    season.do(cmd.ApplyRegularAbsentD2(2, "C", cmd.Lateness.LATE))
    # C goes to the last place; everyone who was below him moves up one place.
    assert season.places(2) == [("A", 1, 1), ("B", 2, 1), ("D", 3, 1), ("E", 4, 1), ("C", 5, 1)]
    scored = {r.player: r for r in scored_events(season.league.state)[2]}
    assert (scored["C"].offence, scored["C"].points, scored["C"].recorded) == (
        Offence.REPEAT,
        1,
        (2, 1),
    )
    assert scored["C"].is_moved
    assert not scored["A"].is_moved  # above C: his place stays
    assert scored["B"].is_moved  # up from 3rd to 2nd: C no longer ranks above him
    assert (scored["B"].place, scored["B"].recorded) == (2, (3, 1))


def test_seat_d2_regular_offences_count_in_the_order_the_events_were_played() -> None:
    season = Season(points="linear")
    season.add("2026-02-06", "A", "B", "C")
    season.add("2026-01-09", "A", "B", "C")  # added later, played earlier
    season.do(cmd.ApplyRegularAbsentD2(1, "B"))
    season.do(cmd.ApplyRegularAbsentD2(2, "B"))
    found = {r.event: r.offence for r in scored_events(season.league.state)[1] if r.player == "B"}
    assert found == {1: Offence.REPEAT}
    assert season.places(2)[1] == ("B", 2, 1)  # the January event is his first offence
    # Removing the earlier event makes the other one his first offence again.
    season.do(cmd.RemoveEvent(2))
    assert season.places(1)[1] == ("B", 2, 1)


def test_seat_d2_regular_late_after_warning_is_excused_absent_is_not() -> None:
    season = Season()
    season.add("2026-01-09", "A", "B")
    message = season.refuse(cmd.ApplyRegularAbsentD2(1, "B", cmd.Lateness.LATE, has_warned=True))
    assert message.endswith("the day-2 rule does not apply (SEAT-D2-REGULAR)")
    season.do(cmd.ApplyRegularAbsentD2(1, "B", cmd.Lateness.ABSENT, has_warned=True))
    season.do(cmd.Undo())
    season.do(cmd.ApplyRegularAbsentD2(1, "B", cmd.Lateness.LATE))  # late without warning


def test_seat_d2_regular_is_absent_or_late() -> None:
    season = Season()
    season.add("2026-01-09", "A", "B")
    command = cmd.ApplyRegularAbsentD2(1, "B", "asleep")  # type: ignore[arg-type]
    assert "absent or late, not 'asleep'" in season.refuse(command, ParseError)


def test_seat_d2_regular_the_winner_did_not_miss_day_2() -> None:
    season = Season()
    season.add("2026-01-09", "A", "B")
    message = season.refuse(cmd.ApplyRegularAbsentD2(1, "A"))
    assert message == "A won event 1: he cannot have missed its day 2 (SEAT-D2-REGULAR)"


def test_seat_d2_regular_applies_to_regulars_only_when_the_season_names_them() -> None:
    season = Season(regulars=("A",), regular_after=2)
    first = season.add("2026-01-09", "C", "A", "B")
    second = season.add("2026-01-16", "C", "A", "B")
    third = season.add("2026-01-23", "C", "A", "B")
    season.do(cmd.ApplyRegularAbsentD2(first, "A"))  # named
    assert "B is not a regular" in season.refuse(cmd.ApplyRegularAbsentD2(second, "B"))
    season.do(cmd.ApplyRegularAbsentD2(third, "B"))  # played two events before
    anyone = Season()
    anyone.add("2026-01-09", "A", "B")
    anyone.do(cmd.ApplyRegularAbsentD2(1, "B"))


def test_seat_d2_regular_is_applied_once_per_event_to_a_player_of_that_event() -> None:
    season = Season()
    season.add("2026-01-09", "Bruno", "Alice")
    season.do(cmd.ApplyRegularAbsentD2(1, "Alice"))
    assert "already applied to Alice" in season.refuse(cmd.ApplyRegularAbsentD2(1, "Alice"))
    message = season.refuse(cmd.ApplyRegularAbsentD2(1, "alice"), NotFoundError)
    assert message == "alice has no result in event 1 (did you mean 'Alice'?)"
    assert "no event 2" in season.refuse(cmd.ApplyRegularAbsentD2(2, "Alice"), NotFoundError)


def test_seat_d2_regular_two_repeat_offenders_share_the_last_places() -> None:
    season = Season(points="linear")
    season.add("2026-01-09", "A", "B", "C", "D", "E", "F")
    season.add("2026-01-16", "A", "B", "C", "D", "E", "F")
    for player in ("B", "D"):
        season.do(cmd.ApplyRegularAbsentD2(1, player))
        season.do(cmd.ApplyRegularAbsentD2(2, player))
    assert season.places(2) == [
        ("A", 1, 1),
        ("C", 2, 1),
        ("E", 3, 1),
        ("F", 4, 1),
        ("B", 5, 2),
        ("D", 5, 2),
    ]


def test_seat_d2_regular_repeat_out_of_a_shared_place() -> None:
    season = Season(points="linear")
    season.add("2026-01-09", "A", "B", "C")
    season.add("2026-01-16", "A", "B=C", "D")
    season.do(cmd.ApplyRegularAbsentD2(1, "C"))
    season.do(cmd.ApplyRegularAbsentD2(2, "C"))
    assert season.places(2) == [("A", 1, 1), ("B", 2, 1), ("D", 3, 1), ("C", 4, 1)]


def test_seat_d2_regular_merged_spellings_are_one_offender() -> None:
    season = Season()
    season.add("2026-01-09", "A", "Jean", "B")
    season.add("2026-01-16", "A", "jean", "B")
    season.do(cmd.ApplyRegularAbsentD2(1, "Jean"))
    season.do(cmd.ApplyRegularAbsentD2(2, "jean"))
    assert season.places(2)[1] == ("jean", 2, 1)  # two players, two first offences
    season.do(cmd.MergePlayers("jean", "Jean"))
    assert season.places(2) == [("A", 1, 1), ("B", 2, 1), ("Jean", 3, 1)]
    assert [r.offence for r in scored_events(season.league.state)[2] if r.player == "Jean"] == [
        Offence.REPEAT
    ]


def test_seat_d2_regular_replacing_results_keeps_the_absences_of_players_still_there() -> None:
    season = Season()
    season.do(cmd.AddEvent("E", "2026-01-09", field("A", "B", "C"), source="t-1"))
    season.do(cmd.ApplyRegularAbsentD2(1, "B"))
    message = season.refuse(
        cmd.AddEvent("E", "2026-01-09", field("A", "C"), source="t-1", replaces=1)
    )
    assert message.startswith("B missed day 2 of event 1 (BAN/D2)")
    season.do(cmd.AddEvent("E", "2026-01-09", field("B", "A", "C"), source="t-1", replaces=1))
    assert season.league.state.absences[0].player == "B"


# -- standings ------------------------------------------------------------------------------------


def test_players_equal_on_points_wins_and_best_place_share_the_rank() -> None:
    season = Season(points="table:10,6,4,3,2,1")
    season.add("2026-01-09", "Ann", "Cy", "Bo", "Dee", "Eve", "Fay")
    season.add("2026-01-16", "Bo", "Eve", "Fay", "Cy", "Dee", "Ann")
    season.add("2026-01-23", "Dee", "Fay", "Ann", "Eve", "Bo", "Cy")
    lines = standings(season.league.state)
    assert [(x.rank, x.is_tied, x.player, x.points, x.wins, x.best_place) for x in lines] == [
        (1, False, "Bo", 16, 1, 1),
        (2, True, "Ann", 15, 1, 1),
        (2, True, "Dee", 15, 1, 1),
        (4, True, "Eve", 11, 0, 2),
        (4, True, "Fay", 11, 0, 2),
        (6, False, "Cy", 10, 0, 2),
    ]


def test_more_wins_ranks_first_on_equal_points() -> None:
    season = Season(points="table:5,3,1")
    season.add("2026-01-09", "Zoé", "Alex", "Max")  # Zoé 5
    season.add("2026-01-16", "Max", "Alex", "Zoé")  # Alex 6, Zoé 6, Max 6
    lines = standings(season.league.state)
    assert [(x.rank, x.player) for x in lines] == [(1, "Max"), (1, "Zoé"), (3, "Alex")]


def test_a_better_best_place_ranks_first_on_equal_points_and_wins() -> None:
    season = Season(points="table:10,5,3,2,1")
    season.add("2026-01-09", "W", "Pia", "Quinn", "X", "Y")
    season.add("2026-01-16", "W", "X", "Quinn", "Y", "Pia")
    # Pia 5 + 1 = 6 (best 2nd), Quinn 3 + 3 = 6 (best 3rd).
    lines = standings(season.league.state)
    assert [(x.rank, x.player, x.points) for x in lines] == [
        (1, "W", 20),
        (2, "X", 7),
        (3, "Pia", 6),
        (4, "Quinn", 6),
        (5, "Y", 3),
    ]


def test_best_n_results_are_counted() -> None:
    season = Season(points="linear", best=2, planned=4)
    season.add("2026-01-09", "A", "B", "C")
    season.add("2026-01-16", "B", "C", "A")
    season.add("2026-01-23", "A", "B", "C")
    line = {x.player: x for x in standings(season.league.state)}["A"]
    assert (line.points, line.played, line.counted) == (6, 3, (1, 3))
    b = {x.player: x for x in standings(season.league.state)}["B"]
    assert (b.points, b.counted) == (5, (1, 2))  # 2 + 3 + 2: the earlier of two equal results


def test_alphabetical_listing_ignores_accents_and_case() -> None:
    season = Season(points="table:1")
    season.add("2026-01-09", "Z", "émile=Eric=alain")
    assert [x.player for x in standings(season.league.state)] == ["Z", "alain", "émile", "Eric"]
