"""What every route reaches through ``request.app.state.web``: the store, the service, the hub.

Routes are ``async`` and run on the event loop's one thread, which owns the SQLite connection
(``pokertd.store.sqlite``): commands are handled one at a time, in the order they arrive.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import HTTPConnection

from pokertd.service.tournaments import Outcome, TournamentService
from pokertd.store import EventStore
from pokertd.tournament import commands
from pokertd.web.hub import Hub


@dataclass
class Web:
    """The running app's parts."""

    store: EventStore
    service: TournamentService
    now: Callable[[], datetime.datetime]
    rng: random.Random
    hub: Hub = field(default_factory=Hub)
    #: Extra parts (the live tables...), by name, set up by the modules that own them.
    parts: dict[str, Any] = field(default_factory=dict)

    async def execute(self, tournament: str, command: commands.Command) -> Outcome:
        """Handle a command, then push the change to the tournament's listeners."""
        outcome = self.service.execute(tournament, command)
        await self.hub.flush()
        return outcome

    async def create(self, command: commands.CreateTournament) -> Outcome:
        """Create a tournament, then push the change."""
        outcome = self.service.create(command)
        await self.hub.flush()
        return outcome


def web_of(connection: HTTPConnection) -> Web:
    """Return the app's parts from a request or a WebSocket."""
    web = connection.app.state.web
    assert isinstance(web, Web), "the app's lifespan has not run"
    return web
