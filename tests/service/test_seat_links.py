"""Seat links read their stream only when its version moved (issue 20: a read per push was most
of the server's SQL), and a link issued by another worker still revokes the old one at once."""

from __future__ import annotations

import contextlib
import datetime
import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.errors import NotFoundError
from pokertd.service.seat_links import LINKS_STREAM, SeatLinks
from pokertd.store import EventStore, MemoryEventStore, SQLiteEventStore


def _now() -> datetime.datetime:
    return datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)


def _links(store: EventStore, tokens: Iterator[str]) -> SeatLinks:
    return SeatLinks(store, now=_now, token_factory=tokens.__next__)


@contextlib.contextmanager
def _two_workers(folder: Path) -> Iterator[tuple[SQLiteEventStore, SQLiteEventStore]]:
    """Two stores on one SQLite file, as two workers of a server have."""
    first = SQLiteEventStore(str(folder / "events.db"))
    second = SQLiteEventStore(str(folder / "events.db"))
    try:
        yield first, second
    finally:
        first.close()
        second.close()


def test_a_link_issued_by_another_worker_revokes_the_old_one(tmp_path: Path) -> None:
    tokens = (f"token-{number}" for number in itertools.count())
    with _two_workers(tmp_path) as (one, two):
        here, there = _links(one, tokens), _links(two, tokens)
        old = here.issue("tournament-1", 4)
        assert there.resolve(old) == ("tournament-1", 4)
        assert here.resolve(old) == ("tournament-1", 4)  # read once: now only the version
        new = there.issue("tournament-1", 4)  # the other worker gives the player a new link
        with pytest.raises(NotFoundError):
            here.resolve(old)
        assert here.resolve(new) == ("tournament-1", 4)


def test_the_stream_is_read_only_when_its_version_moved() -> None:
    store = MemoryEventStore()
    reads: list[int] = []
    read = store.read

    def counted(stream: str, *, after: int = 0) -> list[object]:
        if stream == LINKS_STREAM:
            reads.append(after)
        return list(read(stream, after=after))

    store.read = counted  # type: ignore[method-assign,assignment]
    links = _links(store, iter(["a", "b"]))
    token = links.issue("tournament-1", 1)
    for _ in range(5):
        assert links.resolve(token) == ("tournament-1", 1)
    assert reads == [0]  # issuing reads; then the version was its own append's: no read
    _links(store, iter(["c"])).issue("tournament-1", 1)  # another service, same store
    with pytest.raises(NotFoundError):
        links.resolve(token)
    assert reads == [0, 0, 1]  # the other's issuing, then this one's read of the new link


#: A worker (0 or 1) issues a link for an entry (0-2), or resolves the n-th token issued so far.
_STEPS = st.lists(
    st.tuples(st.sampled_from(["issue", "resolve"]), st.integers(0, 1), st.integers(0, 9)),
    max_size=30,
)


@settings(max_examples=40, deadline=None)
@given(steps=_STEPS)
def test_resolving_matches_the_last_link_issued_for_each_entry(
    steps: list[tuple[str, int, int]],
) -> None:
    """Against a model (the last token issued for each entry is the only valid one), two
    services on one store, in any order of issues and resolves."""
    store = MemoryEventStore()
    tokens = (f"t{number}" for number in itertools.count())
    workers = [_links(store, tokens), _links(store, tokens)]
    issued: list[tuple[str, tuple[str, int]]] = []
    current: dict[tuple[str, int], str] = {}
    for kind, worker, number in steps:
        if kind == "issue":
            owner = ("tournament-1", number % 3)
            token = workers[worker].issue(*owner)
            issued.append((token, owner))
            current[owner] = token
        elif issued:
            token, owner = issued[number % len(issued)]
            if current[owner] == token:
                assert workers[worker].resolve(token) == owner
            else:
                with pytest.raises(NotFoundError):
                    workers[worker].resolve(token)
