"""The clubs of one server: which club answers at which host name, and where its events are.

A club on its own (the default: ``pokertd web --db pokertd.db``) needs none of this. A server
that hosts several clubs (a league's server for its clubs, a casino's rooms) keeps a register of
them in a store of its own, the *server's* store, as events of its ``server-clubs`` stream: a
club's short name (``slug``), its name, the host names its pages answer at and the location of
its own event store. Each club's events, register, staff, leagues and sessions live in that
club's store and nowhere else; the web app serves each club by an app of its own
(``pokertd.web.tenants``), so that nothing of one club can be read through another: isolation
by construction, not by a filter each query must remember.

The server's administrator adds clubs (``pokertd club add``); the stream keeps who was added
when. A host name belongs to one club; a slug names one club, forever.

>>> from pokertd.store import MemoryEventStore
>>> import datetime
>>> clubs = ClubRegistry(MemoryEventStore())
>>> now = datetime.datetime(2026, 11, 27, 20, 0, tzinfo=datetime.UTC)
>>> club = clubs.add("bannalec", "Poker Club de Bannalec", ("Bannalec.Example.org",),
...                  "clubs/bannalec.db", now=now)
>>> club.hosts
('bannalec.example.org',)
>>> clubs.by_host("BANNALEC.example.org:8000").slug
'bannalec'
>>> clubs.by_host("other.example.org") is None
True
"""

from __future__ import annotations

import contextlib
import datetime
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from pokertd.errors import ConflictError, ParseError
from pokertd.messages import message
from pokertd.service.tournaments import PREFIX
from pokertd.store import EventStore, NewEvent, open_store, sqlite_path
from pokertd.store.locations import postgres_url

STREAM = "server-clubs"

#: A club's short name: lower-case letters, digits and hyphens, 2 to 40, starting with a letter.
_SLUG = re.compile(r"[a-z][a-z0-9-]{1,39}")
#: A host name (RFC 1123 labels), lower case, without a port; at most 253 characters.
_LABEL = re.compile(r"(?!-)[a-z0-9-]{1,63}(?<!-)")
#: The longest club name shown on its pages.
LONGEST_NAME = 120
#: The most host names of one club.
MOST_HOSTS = 10


@dataclass(frozen=True, slots=True)
class Club:
    """A club the server hosts: ``slug``, ``name``, the ``hosts`` it answers at, the
    ``location`` of its event store (``pokertd.store.open_store``)."""

    slug: str
    name: str
    hosts: tuple[str, ...]
    location: str


def host_name(host: str) -> str:
    """``host`` as a club is looked up by: lower case, without a port or a final dot.

    >>> host_name("Club.Example.org.:8443")
    'club.example.org'
    >>> host_name("[::1]:8000")
    '[::1]'
    """
    host = host.strip().lower()
    if host.startswith("["):  # an IPv6 address: the port follows the bracket
        return host.split("]", 1)[0] + "]"
    return host.rsplit(":", 1)[0].rstrip(".") if ":" in host else host.rstrip(".")


class ClubRegistry:
    """The clubs of a server, kept in ``store`` (the server's own store, not a club's)."""

    def __init__(self, store: EventStore) -> None:
        self.store = store

    def clubs(self) -> list[Club]:
        """Every club, in the order they were added."""
        found: dict[str, Club] = {}
        for event in self.store.read(STREAM):
            if event.type == "club-added":
                data = event.data
                found[data["slug"]] = Club(
                    data["slug"], data["name"], tuple(data["hosts"]), data["location"]
                )
        return list(found.values())

    def by_host(self, host: str) -> Club | None:
        """The club answering at ``host`` (a Host header: any case, a port allowed), or None."""
        wanted = host_name(host)
        return next((club for club in self.clubs() if wanted in club.hosts), None)

    def check(self, slug: str, name: str, hosts: Iterable[str], location: str = "") -> Club:
        """Return the club ``add`` would add; raise ``ParseError`` for a malformed slug, name or
        host name, and ``ConflictError`` for a slug or a host name another club has."""
        club = Club(_checked_slug(slug), _checked_name(name), _checked_hosts(hosts), location)
        _check_free(club, self.clubs())
        return club

    def add(
        self,
        slug: str,
        name: str,
        hosts: Iterable[str],
        location: str,
        *,
        now: datetime.datetime,
    ) -> Club:
        """Add a club; raise as ``check`` does (nothing is added then)."""
        version = self.store.version(STREAM)
        club = self.check(slug, name, hosts, location)
        data = {"slug": club.slug, "name": club.name, "hosts": list(club.hosts)}
        data["location"] = club.location
        self.store.append(
            STREAM,
            [NewEvent("club-added", data)],
            expected_version=version,
            recorded_at=now.isoformat(),
        )
        return club


def _checked_slug(slug: str) -> str:
    if not _SLUG.fullmatch(slug):
        raise ParseError(
            message(
                "a club's short name is 2 to 40 lower-case letters, digits or hyphens, "
                "starting with a letter: {slug!r} is not",
                slug=slug[:60],
            )
        )
    return slug


def _checked_name(name: str) -> str:
    name = " ".join(name.split())
    if not name or len(name) > LONGEST_NAME or not name.isprintable():
        raise ParseError(
            message("a club's name is 1 to {longest} printable characters", longest=LONGEST_NAME)
        )
    return name


def _checked_hosts(hosts: Iterable[str]) -> tuple[str, ...]:
    found: list[str] = []
    for host in hosts:
        name = host_name(host)
        labels = name.split(".")
        if len(name) > 253 or not all(_LABEL.fullmatch(label) for label in labels):
            raise ParseError(
                message("{host!r} is not a host name (such as club.example.org)", host=host[:80])
            )
        if name not in found:
            found.append(name)
    if not 1 <= len(found) <= MOST_HOSTS:
        raise ParseError(message("a club answers at 1 to {most} host names", most=MOST_HOSTS))
    return tuple(found)


def _check_free(club: Club, clubs: Sequence[Club]) -> None:
    for other in clubs:
        if other.slug == club.slug:
            raise ConflictError(message("there is already a club {slug!r}", slug=club.slug))
        taken = set(other.hosts) & set(club.hosts)
        if taken:
            raise ConflictError(
                message(
                    "the host name {host} is already the club {slug!r}'s",
                    host=sorted(taken)[0],
                    slug=other.slug,
                )
            )


def location_beside(server: str, slug: str) -> str:
    """Where a new club's events go by default: the SQLite file ``clubs/SLUG.db`` beside the
    server's file (its folder made), or the database ``NAME_SLUG`` on the server's PostgreSQL
    server (created). Raises ``ParseError`` for a server's store in memory."""
    url = postgres_url(server)
    if url is not None:
        from pokertd.store.postgres import create_database_beside  # psycopg: the extra

        return create_database_beside(url, slug.replace("-", "_"))
    file = sqlite_path(server)
    if file is None:
        raise ParseError(
            message("a server's clubs are kept in a file or a database, not in memory")
        )
    folder = Path(file).parent / "clubs"
    folder.mkdir(exist_ok=True)
    return str((folder / f"{slug}.db").resolve())


def absolute_location(location: str) -> str:
    """``location`` with an SQLite file's path made absolute: the server may start elsewhere."""
    file = sqlite_path(location)
    return location if file is None else str(Path(file).resolve())


def events_count(club: Club) -> int:
    """How many events (tournaments) the club's store holds: opened and read briefly."""
    with contextlib.closing(open_store(club.location)) as store:
        return sum(1 for stream in store.streams() if stream.startswith(PREFIX))
