"""Table streams stored by earlier versions replay unchanged: ``tests/data/table/old_streams.json``
holds the streams of an event file written by the live tables before they became the
``pokertd.table`` aggregate (a dealer hand with cards entered, chips pushed and hands shown; online
hands with bots, the action clock expiring, a hand still in progress), and the views and PHH texts
they gave then. A server over those streams must show the same tables and carry on the hand."""

from __future__ import annotations

import datetime
import json
import random
from pathlib import Path
from typing import Any

from table_tools import Clock

from pokertd.engine import ActionKind
from pokertd.service.tables import TableService
from pokertd.service.tournaments import TournamentService
from pokertd.store import MemoryEventStore, NewEvent
from pokertd.table import Viewer

DATA = Path(__file__).parents[1] / "data" / "table" / "old_streams.json"


def stored() -> tuple[dict[str, Any], MemoryEventStore, Clock]:
    """Return the file's contents, a store holding its streams, and a clock at its moment."""
    saved = json.loads(DATA.read_text(encoding="utf-8"))
    store = MemoryEventStore()
    for stream, stored_events in saved["streams"].items():
        for version, event in enumerate(stored_events):
            store.append(
                stream,
                [NewEvent(event["type"], event["data"])],
                expected_version=version,
                recorded_at=event["recorded_at"],
            )
    clock = Clock()
    clock.moment = datetime.datetime.fromisoformat(saved["now"])
    return saved, store, clock


def as_then(view: Any, then: Any) -> Any:
    """``view`` without the keys added since ``then`` was saved (a view may grow: the draw
    games added ``family``, ``draw_owed`` and each seat's ``drew``), every other value kept."""
    if isinstance(view, dict) and isinstance(then, dict):
        return {key: as_then(value, then.get(key)) for key, value in view.items() if key in then}
    if isinstance(view, list) and isinstance(then, list) and len(view) == len(then):
        return [as_then(value, old) for value, old in zip(view, then, strict=True)]
    return view


def test_old_table_streams_replay_to_the_same_views() -> None:
    saved, store, clock = stored()
    live = TableService(TournamentService(store, now=clock), rng=random.Random(1), now=clock)
    views = saved["views"]
    for name, view in views.items():
        viewer = {"dealer": Viewer.dealer(), "public": Viewer.public()}.get(name)
        if name.startswith("seat-"):
            viewer = Viewer.seat(int(name.removeprefix("seat-")))
        assert viewer is not None, name
        assert as_then(live.view("tournament-1", 1, viewer), view) == view
    assert live.hand_histories("tournament-1", 1) == saved["histories"]
    assert live.resolve_link("token") == ("tournament-1", 2)


def test_the_hand_in_progress_carries_on() -> None:
    saved, store, clock = stored()
    live = TableService(TournamentService(store, now=clock), rng=random.Random(1), now=clock)
    while (view := live.view("tournament-1", 1, Viewer.public()))["status"] == "playing":
        live.act(
            "tournament-1",
            1,
            view["to_act"],
            ActionKind.CALL if view["legal"]["call"] else ActionKind.CHECK,
        )
    assert len(live.hand_histories("tournament-1", 1)) == len(saved["histories"]) + 1
    assert 1 not in live.tournaments.load("tournament-1").state.in_progress
