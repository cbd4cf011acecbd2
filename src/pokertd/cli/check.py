"""``pokertd check``: say which events of an event file are damaged, and repair it on request.

``pokertd check --db FILE`` reads every stream of the file and lists each damaged event (which
stream, which event, why, and its text as stored); exit status 0 when the file is sound, 1
otherwise. ``--repair`` first writes a copy of the whole file beside it
(``FILE.before-repair-<time>.db``), then removes the damaged events and says which; nothing is
ever repaired without it (``pokertd.service.integrity``). Stop the server first: a running
``pokertd web`` keeps its own reading of the file.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Any

import click

from pokertd.cli.backup import _lang, _options, _words
from pokertd.cli.output import EXIT_MALFORMED, Command, echo, emit_json, user_errors
from pokertd.cli.session import DEFAULT_DB, env_clock
from pokertd.errors import NotFoundError, ParseError
from pokertd.present.words import Words
from pokertd.service.integrity import Damage, damages, repair
from pokertd.store import SQLiteEventStore, shown_location, sqlite_path

__all__ = ["check_command"]


@click.command("check", cls=Command)
@click.option(
    "--repair",
    "repairing",
    is_flag=True,
    help="Remove the damaged events, after writing a copy of the whole file beside it.",
)
@_options
def check_command(repairing: bool, db: str | None, as_json: bool, lang: str | None) -> None:
    """Check the event file and say which events are damaged; --repair removes them.

    Every stream is read and replayed: an event that is not JSON, that its stream cannot
    decode, or that does not apply is listed with its stream, its number and its text. Exit
    status 1 when something is damaged. --repair writes a copy of the whole file first
    (FILE.before-repair-TIME.db), then removes the damaged events; stop the server before.
    See docs/cli.md.
    """
    with user_errors(_lang(lang)):
        words = _words(lang)
        path = _sqlite_file(db, words)
        if not path.exists():
            raise NotFoundError(words("there is no event file {db}", db=repr(str(path))))
        with contextlib.closing(SQLiteEventStore(path, read_only=not repairing)) as store:
            found = damages(store)
            removed: list[Damage] = []
            backup = None
            if repairing and found:
                backup = _backup_path(path, words)
                removed = repair(store, backup)
                found = damages(store)
        if as_json:
            emit_json(_document(path, found, removed, backup))
        else:
            echo("\n".join(_lines(path, found, removed, backup, words)))
        if found:
            raise SystemExit(EXIT_MALFORMED)


def _backup_path(path: Path, words: Words) -> Path:
    """The copy written before a repair: beside the file, named after the time."""
    stamp = env_clock(words)().strftime("%Y%m%dT%H%M%S")
    return path.with_name(f"{path.name}.before-repair-{stamp}.db")


def _lines(
    path: Path, found: list[Damage], removed: list[Damage], backup: Path | None, words: Words
) -> list[str]:
    lines: list[str] = []
    if backup is not None:
        lines.append(words("backup written before the repair: {backup}", backup=backup))
        lines.append(
            words.ngettext(
                "removed {count} damaged event:", "removed {count} damaged events:", len(removed)
            )
        )
        lines += _described(removed, words)
    if not found:
        lines.append(words("{path}: sound, every stream replays", path=path))
        return lines
    lines.append(
        words.ngettext(
            "{path}: {count} damage found", "{path}: {count} damages found", len(found), path=path
        )
    )
    lines += _described(found, words)
    if backup is None:
        lines.append(
            words(
                "stop the server, then `pokertd check --db {path} --repair` removes them "
                "(a copy of the file is written first)",
                path=path,
            )
        )
    return lines


def _described(found: list[Damage], words: Words) -> list[str]:
    lines = []
    for damage in found:
        if not damage.version:
            lines.append("  " + words("the file: {why}", why=(damage.why)))
            continue
        lines.append(
            "  "
            + words(
                "{stream}, event {version}: {why}",
                stream=damage.stream,
                version=damage.version,
                why=(damage.why),
            )
        )
        if damage.text:
            lines.append("    " + words("stored: {text}", text=(damage.text[:200])))
    return lines


def _document(
    path: Path, found: list[Damage], removed: list[Damage], backup: Path | None
) -> dict[str, Any]:
    return {
        "db": str(path),
        "sound": not found,
        "damages": [damage.to_dict() for damage in found],
        "backup": None if backup is None else str(backup),
        "removed": [damage.to_dict() for damage in removed],
    }


def _sqlite_file(db: str | None, words: Words) -> Path:
    """The SQLite file ``--db`` (else ``$POKERTD_DB``, else the default) names: ``check``
    reads an SQLite file's rows; PostgreSQL keeps its own (its constraints and ``amcheck``)."""
    location = db or os.environ.get("POKERTD_DB") or DEFAULT_DB
    file = sqlite_path(location)
    if file is None:
        raise ParseError(
            words(
                "pokertd check reads an SQLite event file, and {db} is not one",
                db=shown_location(location),
            )
        )
    return Path(file)
