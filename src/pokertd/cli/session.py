"""One command's access to the event store, shared by ``pokertd tournament`` and ``pokertd league``:
the options every subcommand takes (``--db``: an SQLite file or a ``postgresql://`` URL, the
stream's option, ``--json``, ``--lang``), what
they say (``Settings``), the clock and random source the environment may fix (``POKERTD_NOW``,
``POKERTD_SEED``), and a ``Session`` over the service of one kind of stream.
"""

from __future__ import annotations

import datetime
import os
import random
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

import click

from pokertd.cli.output import env_lang
from pokertd.errors import NotFoundError, ParseError
from pokertd.messages import Message
from pokertd.present.words import Words, words_for
from pokertd.service import runtime
from pokertd.store import EventStore, open_store, shown_location, sqlite_path

DEFAULT_DB = "pokertd.db"

Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]


@dataclass(frozen=True, slots=True)
class Settings:
    """Where and how a subcommand works: the event store (a location: a file's path or a URL,
    ``pokertd.store.open_store``), the stream chosen (``--event``, ``--league``: None for the
    latest), JSON or text, the language of the text."""

    db: str
    stream: str | None
    as_json: bool
    words: Words


def read_settings(stream_option: str) -> Settings:
    """Read ``--db``, the stream's option (its parameter name), ``--json`` and ``--lang`` from
    the command, else from its groups.

    Raises ParseError for a language other than en or fr (``--lang`` or ``POKERTD_LANG``).
    """
    found: dict[str, Any] = {}
    as_json = False
    context: click.Context | None = click.get_current_context()
    while context is not None:
        for name in ("db", stream_option, "lang"):
            if found.get(name) is None:
                found[name] = context.params.get(name)
        as_json = as_json or bool(context.params.get("as_json"))
        context = context.parent
    location = str(found["db"] or os.environ.get("POKERTD_DB") or DEFAULT_DB)
    if found["lang"] is not None:
        words = words_for(found["lang"])
    else:
        words = words_for(env_lang(), source="POKERTD_LANG")
    return Settings(location, found[stream_option], as_json, words)


def lang_of(stream_option: str) -> str:
    """The language of the command's errors: that of ``--lang`` or ``POKERTD_LANG``, or English
    when it is not en or fr (the command then says so, in English)."""
    try:
        return read_settings(stream_option).words.lang
    except ParseError:
        return "en"


def options(stream: tuple[str, str] | None, *, db_help: str = "") -> Decorator:
    """Add ``--db`` (its help ``db_help``, else the event file's), the stream's option
    (``("--event", "its help")``, unless None), ``--json`` and ``--lang`` to a command or group."""

    def decorate(function: Callable[..., Any]) -> Callable[..., Any]:
        function = click.option(
            "--lang",
            metavar="LANG",
            help="Language of the text: en or fr (default: $POKERTD_LANG, else $LANG).",
        )(function)
        function = click.option(
            "--json", "as_json", is_flag=True, help="Print JSON instead of text."
        )(function)
        if stream is not None:
            function = click.option(stream[0], metavar="ID", help=stream[1])(function)
        return click.option(
            "--db",
            metavar="FILE|URL",
            help=db_help
            or f"Event file, or a postgresql:// URL (default: $POKERTD_DB, else {DEFAULT_DB} "
            "here).",
        )(function)

    return decorate


def env_clock(words: Words) -> Callable[[], datetime.datetime]:
    """The real clock, or the moment ``POKERTD_NOW`` names (a testing aid)."""
    text = os.environ.get("POKERTD_NOW")
    if not text:
        return runtime.now
    try:
        moment = datetime.datetime.fromisoformat(text)
    except ValueError:
        raise ParseError(
            words("POKERTD_NOW is an ISO-8601 time, not {text!r}", text=text)
        ) from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=datetime.UTC)
    return lambda: moment


def env_rng(words: Words) -> random.Random | None:
    """None (the service's SystemRandom), or a generator seeded by ``POKERTD_SEED``."""
    text = os.environ.get("POKERTD_SEED")
    if not text:
        return None
    if not re.fullmatch(r"-?\d+", text.strip()):
        raise ParseError(words("POKERTD_SEED is an integer, not {text!r}", text=text))
    return random.Random(int(text))


class Service(Protocol):
    """What a session needs of a stream service (``pokertd.service.streams.StreamService``)."""

    def resolve(self, name: str | None) -> str: ...


S = TypeVar("S", bound=Service)


class Session(Generic[S]):
    """One command's access to the event file: the service, the stream chosen, the clock.

    Each command family subclasses it with a typed ``load()`` of its aggregate.
    """

    def __init__(self, settings: Settings, service: S, now: Callable[[], datetime.datetime]):
        self.settings, self.words, self.service, self.now = settings, settings.words, service, now
        self._id: str | None = None

    @property
    def id(self) -> str:
        """The stream's id (its option, else the latest in the file)."""
        if self._id is None:
            self._id = self.service.resolve(self.settings.stream)
        return self._id

    def choose(self, stream_id: str) -> None:
        """Work on this stream from now on (the one just created)."""
        self._id = stream_id


@contextmanager
def open_event_file(
    settings: Settings, *, create: bool, first: tuple[Message, str]
) -> Iterator[tuple[EventStore, Callable[[], datetime.datetime]]]:
    """Open the event store and yield it with the clock; close it after. Unless ``create``, a
    missing SQLite file is refused, naming what to create first (``(message("a league"),
    "pokertd league create")``)."""
    words = settings.words
    if not create and not _exists(settings):
        what, command = first
        raise NotFoundError(
            words(
                "there is no event file {db}: create {what} first ({command}) or give --db",
                db=repr(settings.db),
                what=what,
                command=command,
            )
        )
    store = _open(settings)
    try:
        yield store, env_clock(words)
    finally:
        store.close()


def _exists(settings: Settings) -> bool:
    """Whether the store can hold events already: an SQLite file that exists, or a database."""
    try:
        file = sqlite_path(settings.db)
    except ParseError:
        return True  # a location that names no store: opening it says why
    return file is None or Path(file).exists()


def _open(settings: Settings) -> EventStore:
    """Open the event store, or say in the language asked why it cannot be opened."""
    db = repr(shown_location(settings.db))
    try:
        return open_store(settings.db)
    except (OSError, ParseError) as error:
        # the English quotes the store's own words; the French says what could not be done
        raise ParseError(settings.words("{open_error}", open_error=str(error), db=db)) from None
