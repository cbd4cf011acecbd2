"""The rules a tournament runs under: kept, resolved, in the event that creates it.

A club's house profile runs an event (``CreateTournament.rules``), and every event, shipped
profile or not, replays under the rules it was created with, whatever becomes of the files. A
tournament created before the rules were kept replays under the shipped profile it names.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tournament_tools import NOW, Driver, find_event, structure

from pokertd import rules
from pokertd.errors import ParseError, ProfileError
from pokertd.rules import AbsentAfterLatePeriod, QuitChips
from pokertd.tournament import commands, events
from pokertd.tournament.aggregate import Tournament

SAMPLES = Path(__file__).parents[1] / "data" / "events" / "samples.jsonl"

CLUB = """\
name = "Club du jeudi"
extends = "lfp"

[quit_chips]
value = "blinded-off"
note = "Our players leave their chips to be blinded off."

[late_registration_levels]
value = 3
"""


def house(folder: Path, text: str = CLUB) -> rules.Profile:
    path = folder / "club.toml"
    path.write_text(text, encoding="utf-8")
    return rules.load_file(path)


def create(data: dict[str, Any], profile: str = rules.DEFAULT_PROFILE) -> commands.CreateTournament:
    return commands.CreateTournament("Jeudi", structure(), profile=profile, rules=data)


def test_a_house_profile_runs_an_event(tmp_path: Path) -> None:
    club = house(tmp_path)
    driver = Driver()
    created = find_event(driver.do(create(club.to_data())), events.TournamentCreated)
    assert created.profile == "club"
    assert driver.state.profile == club
    assert driver.state.profile.source("quit_chips").article == "house rule"
    # The house values decide: late registration (SEAT-LATE-WINDOW) and quitting (ABS-QUIT).
    assert created.late_registration_levels == 3
    for name in ("Ann", "Bob", "Cyd"):
        driver.do(commands.Register(name))
    driver.do(commands.DrawSeats())
    (quit_event,) = driver.do(commands.Quit(1))
    assert isinstance(quit_event, events.PlayerQuit)
    assert quit_event.chips_removed is False  # LFP 2.18a would remove them; the club does not


def test_a_house_profile_event_replays_after_the_file_changes(tmp_path: Path) -> None:
    driver = Driver()
    driver.do(create(house(tmp_path).to_data()))
    house(tmp_path, CLUB.replace('"blinded-off"', '"removed"'))  # the club edits its file
    stored = [
        events.from_data(e.name, json.loads(json.dumps(events.to_data(e))))
        for e in driver.tournament.events
    ]
    replayed = Tournament.replay(stored).state.profile
    assert replayed.quit_chips is QuitChips.BLINDED_OFF
    assert replayed == driver.state.profile


def test_a_shipped_profile_is_kept_resolved_too() -> None:
    driver = Driver.create("bannalec")
    created = find_event(driver.tournament.events, events.TournamentCreated)
    assert created.rules == rules.load("bannalec").to_data()
    # Were bannalec.toml to change, the event keeps the rules it was run with: the stored rules,
    # not the file, decide on replay.
    changed = json.loads(json.dumps(created.rules))
    changed["fields"]["absent_after_late_period"]["value"] = "blinded-off"
    old = events.TournamentCreated(**{**events.to_data(created), "rules": changed})
    state = Tournament.replay([old]).state
    assert state.profile.id == "bannalec"
    assert state.profile.absent_after_late_period is AbsentAfterLatePeriod.BLINDED_OFF


def test_a_tournament_stored_before_the_rules_were_kept_replays_under_its_profile_id() -> None:
    stored = [json.loads(line) for line in SAMPLES.read_text("utf-8").splitlines()]
    created = [s for s in stored if s["type"] == "tournament-created"]
    assert created
    assert all("rules" not in s["data"] for s in created)
    for sample in created:
        event = events.from_data(sample["type"], sample["data"])
        assert isinstance(event, events.TournamentCreated)
        assert event.rules == {}
        assert events.to_data(event) == sample["data"]  # written back without the new field
        state = Tournament.replay([event]).state
        assert state.profile == rules.load(sample["data"]["profile"])


def test_a_house_profile_needs_its_own_id() -> None:
    shipped = rules.load("lfp").to_data()
    error = Driver().reject(create(shipped), ParseError)
    assert "own id" in str(error)


def test_a_profile_id_and_a_house_profile_are_not_both_given(tmp_path: Path) -> None:
    error = Driver().reject(create(house(tmp_path).to_data(), profile="lfp"), ParseError)
    assert "not both" in str(error)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda data: data.pop("name"), "name is missing"),
        (lambda data: data["fields"].pop("reopen"), "missing: reopen"),
        (lambda data: data["fields"].update(fast={}), "unknown: fast"),
        (lambda data: data["fields"]["reopen"].update(value="sometimes"), "reopen = 'sometimes'"),
        (lambda data: data["fields"]["reopen"].pop("article"), "[reopen] needs"),
        (lambda data: data["fields"]["clock_seconds"].update(value=0), "at least 1"),
    ],
)
def test_a_bad_house_profile_is_refused(tmp_path: Path, change: Any, words: str) -> None:
    data = json.loads(json.dumps(house(tmp_path).to_data()))
    change(data)
    error = Driver().reject(create(data), ProfileError)
    assert words in str(error)


def test_a_house_profile_reads_back_equal(tmp_path: Path) -> None:
    club = house(tmp_path)
    again = rules.load_data(json.loads(json.dumps(club.to_data())))
    assert again == club
    assert all(again.source(name) == club.source(name) for name in club.rule_fields())
    assert (again.id, again.name, again.book, again.extends) == ("club", "Club du jeudi", "", "lfp")


def test_the_created_event_keeps_the_rules_out_of_its_repr() -> None:
    created = find_event(Driver.create().tournament.events, events.TournamentCreated)
    assert "rules" not in repr(created)
    assert created.at == NOW.isoformat()


def test_a_field_added_since_the_event_takes_the_shipped_value(tmp_path: Path) -> None:
    """An event stored before pokertd had a field replays; the field takes the value of the
    shipped profile the house profile extends (here Gran Madrid's GM 43°), with its source."""
    madrid_club = CLUB.replace('extends = "lfp"', 'extends = "gran-madrid"')
    driver = Driver()
    driver.do(create(house(tmp_path, madrid_club).to_data()))
    created = find_event(driver.tournament.events, events.TournamentCreated)
    older = json.loads(json.dumps(created.rules))
    del older["fields"]["late_registration_ends_with_rebuys"]  # as if stored before it existed
    stored = events.TournamentCreated(**{**events.to_data(created), "rules": older})
    replayed = Tournament.replay([stored]).state.profile
    assert replayed.late_registration_ends_with_rebuys is True
    assert replayed.source("late_registration_ends_with_rebuys").article == "GM 43°"
    assert replayed.quit_chips is QuitChips.BLINDED_OFF  # the stored fields still decide
    # A profile given to create an event must be complete.
    error = Driver().reject(create(older), ProfileError)
    assert "missing: late_registration_ends_with_rebuys" in str(error)
