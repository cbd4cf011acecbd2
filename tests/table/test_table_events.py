"""Table events on the wire: typed values in, the JSON the live tables have always stored out,
and back; events stored by earlier versions read unchanged."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from table_play import Play

from pokertd.cards import Card
from pokertd.engine import ActionKind
from pokertd.errors import ParseError
from pokertd.table import Actor, TableMode
from pokertd.table.events import (
    EVENT_TYPES,
    TableBoardDealt,
    TableBotSet,
    TableCardsDiscarded,
    TableEvent,
    TableHandFinished,
    TableHandShown,
    TableHoleDealt,
    TablePlayerActed,
    from_data,
    to_data,
)

OLD = Path(__file__).parents[1] / "data" / "table" / "old_streams.json"


def samples() -> list[TableEvent]:
    """One event of each type (a hand's start from a real tournament)."""
    started = Play().start(TableMode.ONLINE)
    return [
        started,
        TablePlayerActed(seat=3, action=ActionKind.ALL_IN, by=Actor.CLOCK, rule="CLK-EXPIRY"),
        TablePlayerActed(seat=4, action=ActionKind.RAISE, to=600, by=Actor.FLOOR),
        TableHoleDealt(seat=2, cards=(Card.parse("As"), None)),
        TableCardsDiscarded(seat=2, cards=(Card.parse("Kd"), None)),
        TableCardsDiscarded(seat=3, by=Actor.BOT),
        TableBoardDealt(cards=(Card.parse("Qs"), Card.parse("Js"), Card.parse("Ts"))),
        TableHandShown(seat=2),
        TableHandShown(seat=5, cards=(Card.parse("7h"), None)),
        TableHandFinished(
            hand=3,
            stacks=((1, 0), (2, 9_000)),
            busted=(1,),
            takers=((1, 2),),
            phh="variant = 'NT'\n",
        ),
        TableBotSet(seat=6, is_bot=True),
    ]


def test_every_event_type_has_a_sample() -> None:
    assert {type(event) for event in samples()} == set(EVENT_TYPES.values())


@pytest.mark.parametrize("event", samples(), ids=lambda event: event.name)
def test_an_event_goes_to_json_and_back(event: TableEvent) -> None:
    data = to_data(event)
    assert json.loads(json.dumps(data)) == data  # plain JSON: text, numbers, lists
    assert from_data(event.name, data) == event


def test_a_hand_start_keeps_the_plan_beside_its_own_fields() -> None:
    started = samples()[0]
    data = to_data(started)
    assert {"tournament", "mode", "seed", "salt", "commitment", "seats", "entries", "stacks",
            "blinds", "button", "positions"} <= set(data)  # fmt: skip
    assert "plan" not in data
    assert data["mode"] == "online"
    assert data["blinds"] == [100, 200]


def stored_table_events() -> list[dict[str, Any]]:
    saved = json.loads(OLD.read_text(encoding="utf-8"))
    return [event for name, events in saved["streams"].items() if name.startswith("table-")
            for event in events]  # fmt: skip


def test_events_stored_by_earlier_versions_read_and_write_unchanged() -> None:
    stored = stored_table_events()
    # the file was written before the draw games came to the live tables
    later = {TableCardsDiscarded.name}
    assert {event["type"] for event in stored} == set(EVENT_TYPES) - later
    for event in stored:
        typed = from_data(event["type"], event["data"])
        assert typed.name == event["type"]
        assert to_data(typed) == event["data"]


def test_actions_are_typed_once_read() -> None:
    acted = [
        from_data(event["type"], event["data"])
        for event in stored_table_events()
        if event["type"] == "table-player-acted"
    ]
    assert all(isinstance(event, TablePlayerActed) for event in acted)
    assert {type(event.action) for event in acted if isinstance(event, TablePlayerActed)} == {
        ActionKind
    }
    assert {event.by for event in acted if isinstance(event, TablePlayerActed)} == set(Actor)


def test_unknown_or_broken_events_are_refused() -> None:
    with pytest.raises(ParseError, match="unknown table event 'table-exploded'"):
        from_data("table-exploded", {})
    with pytest.raises(ParseError, match="has bad fields"):
        from_data("table-player-acted", {"seat": 3, "action": "jump"})
    with pytest.raises(ParseError, match="has bad fields"):
        from_data("table-bot-set", {"seat": 3})
    with pytest.raises(ParseError):
        from_data("table-hole-dealt", {"seat": 3, "cards": ["Zz"]})
