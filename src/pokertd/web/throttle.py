"""The logins against guessing: failures limited per client and for each account (the director's,
each staff member's), and the password's hash computed off the event loop.

A client (its address) that failed ``per_client`` times in the last ``window`` seconds is refused
(429, with ``Retry-After``) until its oldest failure leaves the window, without a hash; the
account is refused to everyone the same way after ``per_account`` failures from all clients
together (guessing from many addresses). A success clears the client's failures. The account
limit lets guessers from many addresses keep the director out for at most ``window`` seconds
after their last burst; he can still log in from the server's machine with ``pokertd`` (CLI).

scrypt takes about 50 ms of CPU and 16 MiB: each check runs in a worker thread, at most
``hashing`` at a time, so a crowd of guessers queues behind one another, never in front of the
room's other requests.
"""

from __future__ import annotations

import asyncio
import datetime
import math
from collections import deque
from dataclasses import dataclass, field

from pokertd.messages import message
from pokertd.web.auth import TooManyAttemptsError, check_password

#: The key of the director's account's failures (a staff member's is ``staff:<name>``).
ACCOUNT = "director"
#: How many clients' failures are kept before those with none in the window are forgotten.
MAX_CLIENTS = 10_000


@dataclass
class LoginGate:
    """Failures by client and for the account, and the one door to the password's check."""

    per_client: int = 5
    per_account: int = 30
    window: float = 300.0
    hashing: int = 2
    _failures: dict[str, deque[datetime.datetime]] = field(default_factory=dict)
    _slots: asyncio.Semaphore | None = None

    def check(self, client: str, now: datetime.datetime, account: str = ACCOUNT) -> None:
        """Raise ``TooManyAttemptsError`` if ``client`` or the account must wait to try again."""
        for key, limit in ((client, self.per_client), (account, self.per_account)):
            recent = self._recent(key, now)
            if len(recent) >= limit:
                wait = self.window - (now - recent[0]).total_seconds()
                raise TooManyAttemptsError(
                    message(
                        "too many wrong passwords: try again in {seconds} seconds",
                        seconds=max(1, math.ceil(wait)),
                    ),
                    retry_after=max(1, math.ceil(wait)),
                )

    async def verify(self, password: str, stored: str) -> bool:
        """Return whether ``password`` matches ``stored``, hashed in a worker thread."""
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.hashing)
        async with self._slots:
            return await asyncio.to_thread(check_password, password, stored)

    def failed(self, client: str, now: datetime.datetime, account: str = ACCOUNT) -> None:
        """Count a wrong password from ``client`` for ``account``."""
        if len(self._failures) > MAX_CLIENTS:  # bounded memory: forget who has no recent failure
            for key in [key for key in self._failures if not self._recent(key, now)]:
                del self._failures[key]
        for key in (client, account):
            self._recent(key, now).append(now)

    def succeeded(self, client: str) -> None:
        """Forget ``client``'s failures (the account's stay: they were other clients')."""
        self._failures.pop(client, None)

    def _recent(self, key: str, now: datetime.datetime) -> deque[datetime.datetime]:
        found = self._failures.setdefault(key, deque())
        while found and (now - found[0]).total_seconds() >= self.window:
            found.popleft()
        return found
