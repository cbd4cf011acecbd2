"""``pokertd club``: the clubs of a server that hosts several (``pokertd web --clubs``).

The server keeps its register of clubs in its own store (``--db``; default ``$POKERTD_DB``,
else ``pokertd.db`` here): ``pokertd club add`` adds a club with its host names and creates its
own event store beside the server's (an SQLite file ``clubs/SLUG.db`` beside the server's file,
or a PostgreSQL database ``NAME_SLUG`` on the server's PostgreSQL server), and sets its
director's password (given, or drawn and printed once). ``pokertd club list`` lists them. Text
in English or French (``--lang``, default ``$POKERTD_LANG``, else the system's); ``--json``
prints JSON. Exit status 1 for anything refused (a malformed name, a slug or a host name already
taken): one line on stderr, never a traceback. See docs/deploy.md ("Several clubs on one server").
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from typing import Any

import click

from pokertd.cli.output import Command, Group, emit_json, env_lang, user_errors
from pokertd.cli.session import DEFAULT_DB, env_clock, options
from pokertd.errors import ParseError
from pokertd.present.words import Words, words_for

__all__ = ["club_group"]


#: ``--db``, ``--json`` and ``--lang``; ``--db`` is the server's store, not a club's.
_options = options(
    None,
    db_help=f"The server's store (default: $POKERTD_DB, else {DEFAULT_DB} here): an SQLite "
    "file or a PostgreSQL URL.",
)


def _words(lang: str | None) -> Words:
    return words_for(lang) if lang else words_for(env_lang(), source="POKERTD_LANG")


def _lang(lang: str | None) -> str:
    """The language of the errors: that asked for, English if it is neither en nor fr."""
    try:
        return _words(lang).lang
    except ParseError:
        return "en"


def _server(db: str | None) -> str:
    return db or os.environ.get("POKERTD_DB") or DEFAULT_DB


@click.group("club", cls=Group)
def club_group() -> None:
    """The clubs of a server that hosts several, each at its own host names.

    Serve them with pokertd web --clubs; see docs/deploy.md.
    """


@club_group.command("add", cls=Command)
@click.argument("slug")
@click.option(
    "--name", required=True, metavar="TEXT", help="The club's name, as its pages show it."
)
@click.option(
    "--host",
    "hosts",
    required=True,
    multiple=True,
    metavar="HOST",
    help="A host name the club's pages answer at (such as bannalec.poker.example); repeat for "
    "several.",
)
@click.option(
    "--club-db",
    metavar="FILE|URL",
    help="The club's own event store (default: clubs/SLUG.db beside the server's file, or the "
    "database NAME_SLUG on the server's PostgreSQL server, created).",
)
@click.option(
    "--password",
    metavar="TEXT",
    envvar="POKERTD_CLUB_PASSWORD",
    help="The club director's password (default: drawn and printed once).",
)
@_options
def add_command(
    slug: str,
    name: str,
    hosts: tuple[str, ...],
    club_db: str | None,
    password: str | None,
    db: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    """Add a club: its slug (short name, such as bannalec), its name and its host names.

    Example: pokertd club add bannalec --name "Poker Club de Bannalec" --host
    bannalec.poker.example
    """
    from pokertd.service.clubs import ClubRegistry, absolute_location, location_beside
    from pokertd.store import open_store

    with user_errors(_lang(lang)):
        words = _words(lang)
        server = _server(db)
        with contextlib.closing(open_store(server)) as store:
            registry = ClubRegistry(store)
            registry.check(slug, name, hosts)  # told before a club's store is created
            location = absolute_location(club_db) if club_db else location_beside(server, slug)
            drawn = _first_start(location, password, env_clock(words))
            club = registry.add(slug, name, hosts, location, now=env_clock(words)())
        if as_json:
            emit_json(
                {"slug": club.slug, "name": club.name, "hosts": list(club.hosts), "password": drawn}
            )
            return
        click.echo(words("club added: {slug} ({name})", slug=club.slug, name=club.name))
        for host in club.hosts:
            click.echo(words("  pages at: http://{host}/", host=host))
        if drawn:
            click.echo(
                words("  director's password (shown once, keep it): {password}", password=drawn)
            )


@club_group.command("list", cls=Command)
@_options
def list_command(db: str | None, as_json: bool, lang: str | None) -> None:
    """List the clubs of the server, in the order they were added."""
    from pokertd.service.clubs import ClubRegistry
    from pokertd.store import open_store, shown_location

    with user_errors(_lang(lang)):
        words = _words(lang)
        with contextlib.closing(open_store(_server(db))) as store:
            clubs = ClubRegistry(store).clubs()
        if as_json:
            emit_json([{"slug": c.slug, "name": c.name, "hosts": list(c.hosts)} for c in clubs])
            return
        if not clubs:
            click.echo(words("no club yet: add one with pokertd club add"))
        for club in clubs:
            click.echo(f"{club.slug}  {club.name}  {' '.join(club.hosts)}")
            click.echo(words("  events: {location}", location=shown_location(club.location)))


def _first_start(location: str, password: str | None, now: Callable[[], Any]) -> str | None:
    """Open the club's store and set its director's password; return the one drawn, if any
    (none for a store that has a password already and none given)."""
    from pokertd.store import open_store
    from pokertd.web.auth import first_start

    with contextlib.closing(open_store(location)) as store:
        return first_start(store, password, now())[1]
