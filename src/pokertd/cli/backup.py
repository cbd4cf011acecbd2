"""``pokertd backup`` and ``pokertd restore``: copy the event file, check a copy, put one back.

``pokertd backup [DEST]`` copies the event file (``--db``; default ``$POKERTD_DB``, else
``pokertd.db`` here) while the server may be running, into the folder ``DEST`` (default
``backups/`` beside the event file, the backup named after the time) or the new file ``DEST``,
then checks the copy against the event file. ``pokertd backup --check FILE`` checks a backup
(compared with the event file too when ``--db`` is given). ``pokertd restore BACKUP`` puts a
backup back as the event file, keeping the file it replaces (``pokertd.service.backups`` says
what is refused and why). Text in English or French (``--lang``, default ``$POKERTD_LANG``,
else en); ``--json`` prints JSON. Exit status 1 and one line on stderr for anything refused,
never a traceback. ``POKERTD_NOW`` fixes the time in the backups' names, as for
``pokertd tournament``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from pokertd.cli.output import Command, emit_json, env_lang, user_errors
from pokertd.cli.session import DEFAULT_DB, env_clock
from pokertd.errors import ParseError
from pokertd.present.words import Words, words_for
from pokertd.service import backups
from pokertd.service.backup_check import Checked
from pokertd.store import shown_location, sqlite_path

__all__ = ["backup_command", "restore_command"]


def _options(function: Callable[..., Any]) -> Callable[..., Any]:
    """Add ``--db``, ``--json`` and ``--lang``."""
    function = click.option(
        "--lang",
        metavar="LANG",
        help="Language of the text: en or fr (default: $POKERTD_LANG, else $LANG).",
    )(function)
    function = click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")(
        function
    )
    return click.option(
        "--db",
        metavar="FILE",
        help=f"Event file (default: $POKERTD_DB, else {DEFAULT_DB} here); a PostgreSQL database "
        "is backed up with pg_dump.",
    )(function)


def _words(lang: str | None) -> Words:
    if lang is not None:
        return words_for(lang)
    return words_for(env_lang(), source="POKERTD_LANG")


def _lang(lang: str | None) -> str:
    """The language of the errors: that asked for, English if it is neither en nor fr."""
    try:
        return _words(lang).lang
    except ParseError:
        return "en"


def _db(db: str | None, words: Words) -> Path:
    """The SQLite file ``--db`` (else ``$POKERTD_DB``, else the default) names; another store is
    refused: a backup is a copy of that file."""
    location = db or os.environ.get("POKERTD_DB") or DEFAULT_DB
    file = sqlite_path(location)
    if file is None:
        raise ParseError(
            words(
                "pokertd backup copies an SQLite event file, and {db} is not one: back up a "
                "PostgreSQL database with pg_dump (docs/deploy.md)",
                db=shown_location(location),
            )
        )
    return Path(file)


@click.command("backup", cls=Command)
@click.argument("dest", required=False, metavar="[DEST]")
@click.option(
    "--check",
    "check",
    is_flag=True,
    help="Check the backup DEST instead of writing one (against --db when it is given).",
)
@_options
def backup_command(
    dest: str | None, check: bool, db: str | None, as_json: bool, lang: str | None
) -> None:
    """Write a checked backup of the event file.

    Safe while the server runs and other commands write. DEST is a folder (default: backups/
    beside the event file), where the backup is named after the time, or a new file name ending
    in .db. The copy is checked before it gets its name: sound for SQLite, every tournament,
    league and table replays, same events and states as the event file. See docs/backups.md.
    """
    with user_errors(_lang(lang)):
        words = _words(lang)
        if check:
            _check(dest, db, words, as_json)
            return
        source = _db(db, words)
        folder = Path(dest) if dest is not None else backups.default_folder(source)
        path, checked = backups.backup(source, folder, now=env_clock(words)())
        if as_json:
            emit_json({"backup": str(path), "source": str(source), **_document(checked, source)})
            return
        click.echo(words("backup written: {path}", path=path))
        click.echo(words("  from {source}: ", source=source) + _contents(checked, words))
        click.echo(
            words(
                "  checked: sound file, every stream replays, same events and states as {source}",
                source=source,
            )
        )


def _check(dest: str | None, db: str | None, words: Words, as_json: bool) -> None:
    if dest is None:
        raise ParseError(words("give the backup to check: pokertd backup --check FILE"))
    path, against = Path(dest), _db(db, words) if db is not None else None
    checked = backups.check(path, against=against)
    if as_json:
        emit_json({"backup": str(path), **_document(checked, against)})
        return
    click.echo(words("{path} is a sound backup: ", path=path) + _contents(checked, words))
    click.echo(words("  every stream replays"))
    if against is not None:
        click.echo(
            words(
                "  same events and states as {against} up to the backup's last event",
                against=against,
            )
        )


@click.command("restore", cls=Command)
@click.argument("backup", metavar="BACKUP")
@click.option(
    "--force",
    is_flag=True,
    help="Restore even over an event file that holds events the backup lacks, or that cannot "
    "be read (it is kept first all the same).",
)
@_options
def restore_command(
    backup: str, force: bool, db: str | None, as_json: bool, lang: str | None
) -> None:
    """Put a backup back as the event file.

    The backup is checked first. Refused while another program (a running pokertd web) has the
    event file open, and, without --force, when the event file holds events the backup lacks.
    The event file is saved in backups/ beside it before it is replaced. See docs/backups.md.
    """
    with user_errors(_lang(lang)):
        words = _words(lang)
        target = _db(db, words)
        done = backups.restore(Path(backup), target, now=env_clock(words)(), force=force)
        if as_json:
            saved = None if done.saved is None else str(done.saved)
            emit_json(
                {"db": str(target), "backup": backup, "saved": saved, "dropped": done.dropped}
                | _document(done.checked)
            )
            return
        click.echo(
            words("{target} restored from {backup}: ", target=target, backup=backup)
            + _contents(done.checked, words)
        )
        if done.saved is None:
            click.echo(words("  there was no event file before"))
            return
        click.echo(words("  the file it replaced is kept as {saved}", saved=done.saved))
        if done.dropped:
            click.echo(
                words(
                    "  {dropped} event(s) of that file are not in the backup",
                    dropped=done.dropped,
                )
            )


def _contents(checked: Checked, words: Words) -> str:
    """Return what a backup holds: ``2 tournaments, 1 league, 3 tables, 412 events``."""
    tournaments, leagues, tables = (
        checked.count(kind) for kind in ("tournament", "league", "table")
    )
    parts = [words.ngettext("{count} tournament", "{count} tournaments", tournaments)]
    if leagues:
        parts.append(words.ngettext("{count} league", "{count} leagues", leagues))
    if tables:
        parts.append(words.ngettext("{count} table", "{count} tables", tables))
    parts.append(words.ngettext("{count} event", "{count} events", checked.events))
    return ", ".join(parts)


def _document(checked: Checked, against: Path | None = None) -> dict[str, Any]:
    """Return what a check found, as JSON."""
    return {
        "streams": [stream.to_dict() for stream in checked.streams],
        "events": checked.events,
        "replayed": checked.replayed,
        "compared_with": None if against is None else str(against),
    }
