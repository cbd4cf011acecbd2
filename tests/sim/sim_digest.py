"""A fingerprint of a seeded simulation: its result, every tournament event in order, and where
its three random streams stand at the end (so that every card dealt and every bot's draw
counts). Two runs with the same digest played the same hands to the same places and money."""

from __future__ import annotations

import hashlib
import json

from pokertd.sim.run import Settings, _Run
from pokertd.tournament.events import to_data


def digest(settings: Settings) -> tuple[str, int, int]:
    """Return the run's digest, its hands and its events."""
    run = _Run(settings.checked(), None)
    result = run.play()
    found = hashlib.sha256()
    found.update(json.dumps(result.to_dict(), sort_keys=True, default=str).encode())
    for event in run.tournament.events:
        found.update(type(event).__name__.encode())
        found.update(json.dumps(to_data(event), sort_keys=True, default=str).encode())
    for rng in (run.rng, run.deck_rng, run.bot_rng):
        found.update(repr(rng.getstate()).encode())
    return found.hexdigest(), result.hands, len(run.tournament.events)
