"""Stored events read and write as they always have (the wire format of the event store).

``tests/data/events`` was written by the code before ``pokertd.codec``: ``samples.jsonl`` holds
up to four events of every tournament and league event type, in every shape the tournament and
league tests produced (the event's ``to_data`` and the ``repr`` of what ``from_data`` read from
it), and ``tournament.jsonl`` a whole tournament of 20 bots played to the end by ``pokertd.sim``,
one ``{"type", "data"}`` line per event as the store keeps it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pokertd.league import events as league_events
from pokertd.tournament import events as tournament_events
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.state import EntryStatus

DATA = Path(__file__).parent / "data" / "events"
FAMILIES: dict[str, Any] = {"tournament": tournament_events, "league": league_events}
SAMPLES = [json.loads(line) for line in (DATA / "samples.jsonl").read_text("utf-8").splitlines()]
STREAM = (DATA / "tournament.jsonl").read_text("utf-8").splitlines()


def _line(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False)


def test_the_samples_cover_every_event_type() -> None:
    for family, module in FAMILIES.items():
        found = {sample["type"] for sample in SAMPLES if sample["family"] == family}
        assert found == set(module.EVENT_TYPES), family


@pytest.mark.parametrize(
    "sample", SAMPLES, ids=[f"{s['family']}-{s['type']}-{n}" for n, s in enumerate(SAMPLES)]
)
def test_a_stored_event_reads_and_writes_as_before(sample: dict[str, Any]) -> None:
    module = FAMILIES[sample["family"]]
    event = module.from_data(sample["type"], sample["data"])
    assert repr(event) == sample["repr"]
    assert type(event).name == sample["type"]
    assert _line(module.to_data(event)) == _line(sample["data"])  # same keys, order and values


def test_a_stored_tournament_replays_and_writes_back_byte_for_byte() -> None:
    stored = [json.loads(line) for line in STREAM]
    history = [tournament_events.from_data(item["type"], item["data"]) for item in stored]
    rewritten = [_line({"type": e.name, "data": tournament_events.to_data(e)}) for e in history]
    assert rewritten == STREAM
    state = Tournament.replay(history).state
    finished = history[-1]
    assert isinstance(finished, tournament_events.TournamentFinished)
    assert state.winner == finished.winner
    places = sorted(e.place for e in state.entries.values() if e.status is EntryStatus.BUSTED)
    assert places == list(range(2, len(state.entries) + 1))
