"""Who gave a command (``TournamentEvent.by``, issue 18): kept in the events of the commands
given through the web, absent from events stored before, and without effect on the replay."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from pokertd.tournament import events
from pokertd.tournament.aggregate import Tournament

STREAM = Path(__file__).parents[1] / "data" / "events" / "tournament.jsonl"


def _stored() -> list[events.TournamentEvent]:
    lines = [json.loads(line) for line in STREAM.read_text("utf-8").splitlines()]
    return [events.from_data(line["type"], line["data"]) for line in lines]


def test_an_event_stored_before_names_nobody_and_writes_back_without_the_field() -> None:
    stored = _stored()
    assert {event.by for event in stored} == {""}
    assert all("by" not in events.to_data(event) for event in stored)


def test_the_giver_is_written_after_the_command_number_and_read_back() -> None:
    event = events.PlayerCheckedIn(entry=3, at="2026-01-01T20:00:00+00:00", cmd=2, by="claire")
    data = events.to_data(event)
    assert list(data) == ["at", "cmd", "by", "entry"]
    assert events.from_data("player-checked-in", data) == event
    assert repr(event) == "PlayerCheckedIn(at='2026-01-01T20:00:00+00:00', cmd=2, entry=3)"


def test_the_same_events_named_by_someone_replay_to_the_same_tournament() -> None:
    stored = _stored()
    named = [dataclasses.replace(event, by="dealer:1:a1b2c3d4") for event in stored]
    assert Tournament.replay(named).state == Tournament.replay(stored).state
