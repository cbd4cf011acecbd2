"""Where an event store is: a location (a file path or a URL) names the store to open.

- ``None`` or ``"memory:"``: a new store in memory (:class:`~pokertd.store.MemoryEventStore`);
- ``"sqlite:///absolute/path.db"`` or ``"sqlite:relative/path.db"``: an SQLite file
  (:class:`~pokertd.store.SQLiteEventStore`);
- ``"postgresql://..."`` (or ``postgres://``, ``postgresql+psycopg://``): a PostgreSQL database
  (:class:`~pokertd.store.postgres.PostgresEventStore`, the ``postgres`` extra);
- any other ``scheme://...``: a ``ParseError`` naming the locations pokertd knows;
- anything else, and any path object (``pathlib.Path``), is the path of an SQLite file.

An error never repeats a URL: a database URL may hold a password (``shown_location`` gives the
location as a message may show it).
"""

from __future__ import annotations

import os
import re
import urllib.parse
from typing import Literal

from pokertd.errors import ParseError
from pokertd.messages import message
from pokertd.store.base import EventStore
from pokertd.store.memory import MemoryEventStore
from pokertd.store.sqlite import SQLiteEventStore

__all__ = ["open_store", "shown_location", "sqlite_path"]

#: A URL scheme (RFC 3986), of two characters or more so that ``C:\\events.db`` stays a path.
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]+")
_KNOWN = message(
    "memory:, sqlite:///absolute/path.db, sqlite:relative/path.db, a file path "
    "or postgresql://user:password@host/database"
)
_Kind = Literal["memory", "sqlite", "postgresql"]


def open_store(location: str | os.PathLike[str] | None = None) -> EventStore:
    """Open the event store at ``location`` (see the module's docstring for the locations).

    Raises ``ParseError`` for a location that names no store pokertd has, and what
    :class:`~pokertd.store.SQLiteEventStore` raises for a file it cannot use.

    >>> open_store(None), open_store("memory:")
    (MemoryEventStore(), MemoryEventStore())
    >>> import os, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     for location in (os.path.join(folder, "a.db"), f"sqlite:///{folder}/b.db"):
    ...         store = open_store(location)
    ...         type(store).__name__, os.path.basename(store.path)
    ...         store.close()
    ('SQLiteEventStore', 'a.db')
    ('SQLiteEventStore', 'b.db')

    A ``postgresql://`` URL opens :class:`~pokertd.store.postgres.PostgresEventStore`, which
    raises ``OSError`` when the server cannot be reached (see docs/store.md).
    """
    kind, path = _parse(location)
    if kind == "memory":
        return MemoryEventStore()
    if kind == "postgresql":
        return _open_postgres(path)
    return SQLiteEventStore(path)


def shown_location(location: str | os.PathLike[str] | None) -> str:
    """Return ``location`` as a message may show it: a database URL without its password.

    >>> shown_location("postgresql://club:secret@db.example.org:5432/pokertd?sslmode=require")
    'postgresql://club@db.example.org:5432/pokertd?sslmode=require'
    >>> shown_location("postgresql:///pokertd?host=/run/postgresql&password=secret")
    'postgresql:///pokertd?host=/run/postgresql'
    >>> shown_location("club.db"), shown_location(None)
    ('club.db', 'memory:')
    """
    if location is None:
        return "memory:"
    if not isinstance(location, str):
        return os.fspath(location)
    try:
        kind, url = _parse(location)
    except ParseError:  # a URL pokertd cannot open: its scheme only
        return location.partition(":")[0] + ":..."
    return _without_password(url) if kind == "postgresql" else location


def _open_postgres(url: str) -> EventStore:
    """Open the PostgreSQL store at ``url``, or say which package it needs."""
    try:
        from pokertd.store.postgres import PostgresEventStore
    except ImportError as error:  # psycopg, or the libpq it loads, is not installed
        raise ParseError(
            message(
                "the PostgreSQL event store needs psycopg and libpq: install "
                "pokertd[postgres] (pip install 'pokertd[postgres]') and libpq5 ({error})",
                error=str(error),
            )
        ) from None
    return PostgresEventStore(url, shown=_without_password(url))


def _without_password(url: str) -> str:
    """The URL with no password, in its user part or its query."""
    parts = urllib.parse.urlsplit(url)
    user, at, hosts = parts.netloc.rpartition("@")
    netloc = f"{user.partition(':')[0]}@{hosts}" if at else hosts
    query = urllib.parse.urlencode(
        [
            (key, value)
            for key, value in urllib.parse.parse_qsl(parts.query, keep_blank_values=True)
            if key != "password"
        ],
        safe="/",
    )
    return f"{parts.scheme}://{netloc}{parts.path}" + (f"?{query}" if query else "")


def sqlite_path(location: str | os.PathLike[str] | None) -> str | None:
    """Return the SQLite file that ``location`` names, or ``None`` for another store (in
    memory, PostgreSQL).

    Raises ``ParseError`` as :func:`open_store` does; opens nothing.

    >>> sqlite_path("sqlite:///srv/pokertd/club.db"), sqlite_path("sqlite:club.db")
    ('/srv/pokertd/club.db', 'club.db')
    >>> sqlite_path("club.db"), sqlite_path("memory:"), sqlite_path("postgresql:///club")
    ('club.db', None, None)
    >>> sqlite_path("ftp://example.org/club.db")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokertd.errors.ParseError: pokertd has no event store at ftp:// locations: give memory:, ...
    """
    kind, path = _parse(location)
    return path if kind == "sqlite" else None


def postgres_url(location: str | os.PathLike[str] | None) -> str | None:
    """Return the URL libpq reads for a PostgreSQL ``location``, or ``None`` for another store
    (the web's workers share a database: ``pokertd.web.cluster``).

    Raises ``ParseError`` as :func:`open_store` does; opens nothing.

    >>> postgres_url("postgres://club@db/pokertd"), postgres_url("club.db")
    ('postgresql://club@db/pokertd', None)
    """
    kind, url = _parse(location)
    return url if kind == "postgresql" else None


def _parse(location: str | os.PathLike[str] | None) -> tuple[_Kind, str]:
    """Return which store ``location`` names and, for a file, its path, for a database, the URL
    libpq reads."""
    if location is None:
        return "memory", ""
    if not isinstance(location, str):
        return "sqlite", os.fspath(location)  # a path object is a file, whatever its name
    if not location:
        raise ParseError(
            message("an event store location cannot be empty: give {known}", known=_KNOWN)
        )
    scheme, colon, rest = location.partition(":")
    if not colon or not _SCHEME.fullmatch(scheme):
        return "sqlite", location
    scheme = scheme.lower()
    if scheme == "memory":
        if rest:
            raise ParseError(message("a store in memory is written memory:, with nothing after it"))
        return "memory", ""
    if scheme == "sqlite":
        return "sqlite", _sqlite_file(rest)
    if scheme.partition("+")[0] in ("postgresql", "postgres"):  # postgresql+psycopg://, too
        if not rest.startswith("//"):
            raise ParseError(
                message(
                    "a PostgreSQL location is a URL: postgresql://user:password@host/database "
                    "or postgresql:///database?host=/run/postgresql"
                )
            )
        return "postgresql", "postgresql:" + rest  # the scheme libpq reads
    if rest.startswith("//"):
        raise ParseError(
            message(
                "pokertd has no event store at {scheme}:// locations: give {known}",
                scheme=scheme,
                known=_KNOWN,
            )
        )
    return "sqlite", location  # a file whose name has a colon: "club:2024.db"


def _sqlite_file(rest: str) -> str:
    """Return the file of ``sqlite:`` + ``rest``: ``///absolute/path`` or ``relative/path``."""
    if rest.startswith("//"):
        rest = rest[2:]
        if not rest.startswith("/"):  # sqlite://name/... names a host, which a file has not
            rest = ""
    if not rest:
        raise ParseError(
            message(
                "an sqlite: location names a file: sqlite:///absolute/path.db or "
                "sqlite:relative/path.db"
            )
        )
    return rest
