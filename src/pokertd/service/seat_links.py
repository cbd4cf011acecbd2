"""Seat links: the secret tokens that let players of an online tournament reach their seats.

A token is given once, to its player; the store keeps only its SHA-256 (``seat-link-created``
events of the ``seat-links`` stream), so a copy of the database lets nobody take a seat. A link
names an entry, not a seat: players move, and the tournament says where the entry sits now.
Only the last link given for an entry is valid: issuing a new one revokes the ones before (a
link that leaked, a phone lost).
"""

from __future__ import annotations

import datetime
import functools
import hashlib
from collections.abc import Callable

from pokertd.errors import NotFoundError
from pokertd.messages import message
from pokertd.store import EventStore, NewEvent

#: The stream of seat links (hashes of the tokens, never the tokens).
LINKS_STREAM = "seat-links"
LINKED = "seat-link-created"


class SeatLinks:
    """The seat links of every tournament in a store.

    >>> from pokertd.store import MemoryEventStore
    >>> now = lambda: datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
    >>> links = SeatLinks(MemoryEventStore(), now=now, token_factory=lambda: "abc")
    >>> links.issue("tournament-1", 4)
    'abc'
    >>> links.resolve("abc")
    ('tournament-1', 4)
    >>> links = SeatLinks(MemoryEventStore(), now=now, token_factory=iter(["old", "new"]).__next__)
    >>> links.issue("tournament-1", 4), links.issue("tournament-1", 4)
    ('old', 'new')
    >>> links.resolve("old")
    Traceback (most recent call last):
    ...
    pokertd.errors.NotFoundError: this link is not valid
    """

    def __init__(
        self,
        store: EventStore,
        *,
        now: Callable[[], datetime.datetime],
        token_factory: Callable[[], str],
    ) -> None:
        self._store = store
        self._now = now
        self._token_factory = token_factory
        self._links: dict[str, tuple[str, int]] = {}
        #: The digest of the one valid link of each entry: the last one issued.
        self._current: dict[tuple[str, int], str] = {}
        self._version = 0

    def issue(self, tournament: str, entry: int) -> str:
        """Return a new token for ``entry`` of ``tournament``, once its hash is stored."""
        token = self._token_factory()
        digest = _digest(token)
        self._refresh(read=True)  # the version its append expects: read, never a cached one
        data = {"tournament": tournament, "entry": entry, "token_sha256": digest}
        self._version = self._store.append(
            LINKS_STREAM,
            [NewEvent(LINKED, data)],
            expected_version=self._version,
            recorded_at=self._now().astimezone(datetime.UTC).isoformat(),
        )
        self._links[digest] = (tournament, entry)
        self._current[(tournament, entry)] = digest
        return token

    def resolve(self, token: str) -> tuple[str, int]:
        """Return the tournament and the entry of ``token``.

        Raises NotFoundError for a token nobody was given.
        """
        self._refresh()
        digest = _digest(token)
        found = self._links.get(digest)
        if found is None or self._current.get(found) != digest:  # unknown, or revoked
            raise NotFoundError(message("this link is not valid"))
        return found

    def _refresh(self, *, read: bool = False) -> None:
        """Read the links other processes stored since, when the stream's version moved (or
        when told to ``read``): a socket's every push asks whether its link still holds, and
        the store knows the version without a read (SQLite's is cached until any commit, another
        worker's too; PostgreSQL's until the append's notification comes), so revocation
        stays exact."""
        if not read and self._store.version(LINKS_STREAM) == self._version:
            return
        for stored in self._store.read(LINKS_STREAM, after=self._version):
            data = stored.data
            owner = (data["tournament"], data["entry"])
            self._links[data["token_sha256"]] = owner
            self._current[owner] = data["token_sha256"]
            self._version = stored.version


@functools.lru_cache(maxsize=4096)
def _digest(token: str) -> str:
    """The SHA-256 of ``token`` (kept for the tokens of the sockets open: asked at every push)."""
    return hashlib.sha256(token.encode()).hexdigest()
