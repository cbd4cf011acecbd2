"""WebSocket push: who listens to what, and telling them when it changed.

Displays and table apps subscribe to a topic (``tournament-1``, ``table-tournament-1-2``...).
After a command is stored, the service calls ``changed(topic)``; every socket of that topic is
then sent the fresh document its page renders, built by the page's own function (so a
player's socket only ever carries what that player may see).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

log = logging.getLogger("pokertd.web")

Render = Callable[[], Awaitable[dict[str, Any]]]


@dataclass(eq=False)
class Listener:
    """One open socket and how to build what it is sent."""

    socket: WebSocket
    render: Render


@dataclass
class Hub:
    """Topics and their listeners; every send happens on the event loop."""

    _topics: dict[str, set[Listener]] = field(default_factory=lambda: defaultdict(set))
    _pending: set[str] = field(default_factory=set)

    def join(self, topic: str, listener: Listener) -> None:
        """Add a listener to a topic."""
        self._topics[topic].add(listener)

    def leave(self, topic: str, listener: Listener) -> None:
        """Remove a listener (its socket closed)."""
        self._topics[topic].discard(listener)

    def is_listening(self, topic: str, listener: Listener) -> bool:
        """Return whether ``listener`` is still joined to ``topic`` (not dropped on a failure)."""
        return listener in self._topics.get(topic, ())

    def listeners(self, topic: str) -> int:
        """Return how many sockets listen to ``topic``."""
        return len(self._topics.get(topic, ()))

    def changed(self, *topics: str) -> None:
        """Mark topics as changed; their listeners are sent fresh documents by ``flush``."""
        self._pending.update(topics)

    async def flush(self) -> None:
        """Send every listener of a changed topic its fresh document; drop closed sockets."""
        pending, self._pending = self._pending, set()
        for topic in sorted(pending):
            for listener in list(self._topics.get(topic, ())):
                await self.send(topic, listener)

    async def send(self, topic: str, listener: Listener) -> None:
        """Send one listener its document now; a socket that fails is dropped and closed.

        Never raises: the change that caused the push is already stored and acknowledged, so
        one broken socket (or page) must not turn the command's answer into an error.
        """
        try:
            document = await listener.render()
            await listener.socket.send_json({"topic": topic, **document})
        except (RuntimeError, OSError, WebSocketDisconnect, asyncio.CancelledError):
            await self._drop(topic, listener)
        except Exception:
            log.exception("could not push %s to a listener; it is dropped", topic)
            await self._drop(topic, listener)

    async def _drop(self, topic: str, listener: Listener) -> None:
        self.leave(topic, listener)
        with contextlib.suppress(Exception):
            await listener.socket.close(code=1011)
