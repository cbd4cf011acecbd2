"""Backups of the event file: write one, check one, restore one, keep the last few.

A club's whole history is one SQLite file. ``backup(db, dest)`` copies it with SQLite's online
backup API (``SQLiteEventStore.copy_to``: the file as of one moment, while the server runs and
other processes write, without blocking them) into a hidden file beside its destination, checks
the copy against the event file (``backup_check``: whole, replaying, equal to the source), and only
then gives it its name: a backup that exists under its name has been checked.

``restore(backup, db)`` never destroys data silently:

- the backup is checked first (a file that is not a pokertd store, is damaged or does not replay
  is refused, and the event file is left as it was);
- a file that another program has open (a running ``pokertd web``) is refused: it would go on
  writing to the replaced file;
- the current event file is saved as a backup itself (``...-before-restore.db``) before it is
  replaced, and the restore is refused without ``force`` when that file holds events the backup
  lacks, or cannot be read;
- the backup is copied into a hidden file beside the event file, checked, then renamed over it
  (``os.replace``): a crash midway leaves the old file or the new one, never a mix.

Backups are named ``<event file's stem>-<UTC time>-<trigger>.db``
(``club-20260306T223000Z-tournament-1-level-3.db``), so that names sort by time. ``rotate``
keeps the last few of the server's automatic backups (``AUTOMATIC``); it never removes a backup a
person made (``manual``) or one saved before a restore.
"""

from __future__ import annotations

import contextlib
import datetime
import os
import re
import secrets
import shutil
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from pokertd.errors import ConflictError, NotFoundError, ParseError
from pokertd.messages import Message, message
from pokertd.service.backup_check import Checked, CopyError, Row, check_copy
from pokertd.store import NotAStoreError, SQLiteEventStore

__all__ = ["AUTOMATIC", "Restored", "backup", "backup_name", "check", "restore", "rotate"]

#: The time in a backup's name: UTC, to the second, sortable.
STAMP = "%Y%m%dT%H%M%SZ"
#: The triggers of the server's automatic backups, the only ones ``rotate`` removes.
AUTOMATIC = re.compile(r"start|stop|periodic|tournament-\d+-(?:level-\d+|break|finished)")
_TRIGGER = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
#: Where restore saves the event file it replaces, unless told.
FOLDER = "backups"


def default_folder(db: Path) -> Path:
    """Return the folder of the backups of ``db``: ``backups/`` beside it.

    >>> default_folder(Path("club/club.db")).as_posix()
    'club/backups'
    """
    return db.parent / FOLDER


def backup_name(db: Path, moment: datetime.datetime, trigger: str) -> str:
    """Return the file name of a backup of ``db`` made at ``moment`` because of ``trigger``.

    >>> at = datetime.datetime(2026, 3, 6, 22, 30, tzinfo=datetime.UTC)
    >>> backup_name(Path("club.db"), at, "tournament-1-level-3")
    'club-20260306T223000Z-tournament-1-level-3.db'
    """
    if not _TRIGGER.fullmatch(trigger):
        raise ParseError(
            message("a backup's trigger is a kebab-case name, not {trigger!r}", trigger=trigger)
        )
    return f"{db.stem}-{moment.astimezone(datetime.UTC).strftime(STAMP)}-{trigger}.db"


def backup(
    db: Path,
    dest: Path,
    *,
    now: datetime.datetime,
    trigger: str = "manual",
    replay: bool = True,
    known: Mapping[str, int] | None = None,
) -> tuple[Path, Checked]:
    """Back up the event file ``db`` into ``dest`` and check the copy; return its path and what
    it holds.

    ``dest`` is a new file when its name has an extension (``copy.db``), else a folder, created
    if need be, where the backup is named by ``backup_name`` at ``now``. ``replay=False`` checks
    the events only; ``known`` is passed to ``check_copy``.

    Raises NotFoundError when ``db`` does not exist, ConflictError when the backup's file
    exists, ParseError when ``db`` is not a pokertd store or the copy fails its check (the copy
    is removed then), OSError when a file cannot be written.
    """
    _exists_or_raise(db, backup=False)
    target = _target(db, dest, now, trigger)
    with _opened(db) as source, _hidden_beside(target) as partial:
        source.copy_to(partial)
        checked = _check_file(partial, source, name=db, replay=replay, known=known)
        if target.exists():
            raise _exists(target)
        os.replace(partial, target)
    _sync_folder(target.parent)
    return target, checked


def check(path: Path, *, against: Path | None = None) -> Checked:
    """Check the backup ``path``: a sound pokertd store whose every stream replays, and, with
    ``against`` (the event file), equal to it up to the backup's last event.

    Raises NotFoundError for a missing file, ParseError for a file that is not a sound backup.
    """
    _exists_or_raise(path, backup=True)
    if against is None:
        return _check_file(path, None)
    with _opened(against) as source:
        return _check_file(path, source)


@dataclass(frozen=True, slots=True)
class Restored:
    """What a restore did: the event file now holds ``checked``; the file it replaced was saved
    as ``saved`` (None when there was none), and held ``dropped`` events the backup lacks."""

    db: Path
    checked: Checked
    saved: Path | None
    dropped: int


def restore(
    path: Path,
    db: Path,
    *,
    now: datetime.datetime,
    force: bool = False,
    folder: Path | None = None,
) -> Restored:
    """Make the backup ``path`` the event file ``db`` (see the module's docstring); the file it
    replaces is saved in ``folder`` (default: ``backups/`` beside ``db``).

    Raises NotFoundError for a missing backup, ParseError for a backup that is not sound,
    ConflictError when ``db`` is open in another program, or, without ``force``, when it holds
    events the backup lacks or cannot be read; OSError when a file cannot be written.
    """
    _exists_or_raise(path, backup=True)
    if db.exists() and path.resolve() == db.resolve():
        raise ParseError(message("{path} is the event file itself", path=path))
    checked = _check_file(path, None)
    if not db.parent.is_dir():
        raise _no_folder(db.parent, message("the event file"))
    folder = folder if folder is not None else default_folder(db)
    saved, dropped = None, 0
    if db.exists():
        dropped = _dropped(db, path, force=force)
        saved = _save_current(db, folder, now, readable=dropped >= 0)
    elif any(side.exists() for side in _sides(db)):  # what is left of a lost event file: kept
        saved = _save_current(db, folder, now, readable=False)
    with _opened_read_only(path) as chosen, _hidden_beside(db) as partial:
        chosen.copy_to(partial)
        _check_file(partial, chosen, name=path, replay=False)
        os.replace(partial, db)
    _sync_folder(db.parent)
    return Restored(db, checked, saved, max(dropped, 0))


def rotate(folder: Path, db: Path, keep: int) -> list[Path]:
    """Remove the oldest automatic backups of ``db`` in ``folder`` beyond the last ``keep``;
    return those removed. Backups made by hand or before a restore are never removed."""
    pattern = re.compile(rf"{re.escape(db.stem)}-(\d{{8}}T\d{{6}}Z)-([a-z0-9-]+)\.db")
    found = []
    for path in folder.glob(f"{db.stem}-*.db") if folder.is_dir() else ():
        match = pattern.fullmatch(path.name)
        if match is not None and AUTOMATIC.fullmatch(match.group(2)):
            found.append((match.group(1), path))
    found.sort()
    removed = [path for _, path in found[: max(len(found) - keep, 0)]]
    for path in removed:
        path.unlink(missing_ok=True)
    return removed


# -- the files --------------------------------------------------------------------------------


def _target(db: Path, dest: Path, now: datetime.datetime, trigger: str) -> Path:
    """Return the backup's file: ``dest`` itself when its name has an extension (``.db``), else
    a name in the folder ``dest``, created if need be."""
    if dest.is_dir() or not dest.suffix or str(dest).endswith(("/", os.sep)):
        dest.mkdir(parents=True, exist_ok=True)
        target = dest / backup_name(db, now, trigger)
    else:
        target = dest
    if target.exists():
        raise _exists(target)
    if not target.parent.is_dir():
        raise _no_folder(target.parent, message("the backup"))
    return target


def _no_folder(folder: Path, what: Message) -> NotFoundError:
    return NotFoundError(
        message("there is no folder {folder!r} for {what}", folder=str(folder), what=what)
    )


def _exists(target: Path) -> ConflictError:
    return ConflictError(
        message("{target} already exists: a backup never replaces a file", target=target)
    )


def _exists_or_raise(path: Path, *, backup: bool) -> None:
    if path.is_file():
        return
    if backup:
        raise NotFoundError(message("there is no backup {path!r}", path=str(path)))
    raise NotFoundError(message("there is no event file {path!r}", path=str(path)))


@contextlib.contextmanager
def _opened(db: Path) -> Iterator[SQLiteEventStore]:
    """Open an existing event file (never create one), its errors told in both languages."""
    _exists_or_raise(db, backup=False)
    with _told(db, message("the event file")):
        store = SQLiteEventStore(db)
    with contextlib.closing(store):
        yield store


@contextlib.contextmanager
def _opened_read_only(path: Path, shown: Path | None = None) -> Iterator[SQLiteEventStore]:
    with _told(shown if shown is not None else path, message("the backup")):
        store = SQLiteEventStore(path, read_only=True)
    with contextlib.closing(store):
        yield store


@contextlib.contextmanager
def _told(path: Path, what: Message) -> Iterator[None]:
    """Say which file is not a pokertd store (the store's own errors name it already)."""
    try:
        yield
    except NotAStoreError:
        raise
    except ParseError as error:
        raise ParseError(
            message(
                "{path}: {what} is not a sound pokertd event file ({error})",
                path=path,
                what=what,
                error=str(error),
            )
        ) from None


def _check_file(
    path: Path,
    source: SQLiteEventStore | None,
    *,
    name: Path | None = None,
    replay: bool = True,
    known: Mapping[str, int] | None = None,
) -> Checked:
    """Open the copy ``path`` without writing to it and check it (``check_copy``); errors name
    ``name`` (the event file a fresh copy was taken from), else ``path``."""
    shown = name if name is not None else path
    with _opened_read_only(path, shown) as copy:
        try:
            return check_copy(copy, source, replay=replay, known=known)
        except CopyError as error:
            raise ParseError(
                message("{where}: {error}", where=shown, error=error.message)
            ) from None


@contextlib.contextmanager
def _hidden_beside(target: Path) -> Iterator[Path]:
    """Yield a hidden file name beside ``target``, removed at the end unless renamed."""
    partial = target.parent / f".{target.name}.{secrets.token_hex(4)}.partial"
    try:
        yield partial
    finally:
        partial.unlink(missing_ok=True)
        for suffix in ("-journal", "-wal", "-shm"):
            Path(f"{partial}{suffix}").unlink(missing_ok=True)


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX; elsewhere the rename is left to the OS)."""
    if os.name != "posix":  # pragma: no cover - pokertd runs its servers on POSIX
        return
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _wal(db: Path) -> Path:
    return Path(f"{db}-wal")


def _sides(db: Path) -> tuple[Path, Path]:
    """Return the files SQLite keeps beside an event file: its write-ahead log and its index."""
    return _wal(db), Path(f"{db}-shm")


# -- restoring --------------------------------------------------------------------------------


def _dropped(db: Path, path: Path, *, force: bool) -> int:
    """Return how many events of the event file ``db`` the backup ``path`` lacks, -1 when
    ``db`` cannot be read; raise ConflictError if it is in use, or, without ``force``, if the
    restore would drop events or replace a file that cannot be read."""
    try:
        with _opened(db) as current, _opened_read_only(path) as chosen:
            problems = current.problems()
            if problems:  # damaged: saved as it is, not as a checked backup
                raise ParseError(" ".join(problems[0].split()))
            dropped = sum(_lacking(current.rows(s), chosen.rows(s)) for s in current.streams())
    except (ParseError, OSError) as error:
        if not force:
            said = error.message if isinstance(error, ParseError) else str(error)
            raise ConflictError(
                message(
                    "{db} cannot be read ({error}); --force restores over it, keeping it first",
                    db=db,
                    error=said,
                )
            ) from None
        return -1
    if _wal(db).exists():  # SQLite removes it when the last connection closes: ours was not
        raise ConflictError(
            message(
                "{db} is open in another program (a running pokertd web?): stop it, then restore",
                db=db,
            )
        )
    if dropped and not force:
        raise ConflictError(
            message(
                "{db} holds {dropped} event(s) that {path} lacks: they would be "
                "dropped; --force restores anyway, keeping the current file first",
                db=db,
                dropped=dropped,
                path=path,
            )
        )
    return dropped


def _lacking(current: list[Row], chosen: list[Row]) -> int:
    """Return how many of the event file's events of one stream the backup does not hold: those
    after the first that differs (the same event may be numbered otherwise among all streams)."""
    same = 0
    for mine, theirs in zip(current, chosen, strict=False):
        if mine[:4] != theirs[:4]:  # version, type, JSON text, recorded_at: not the position
            break
        same += 1
    return len(current) - same


def _save_current(db: Path, folder: Path, now: datetime.datetime, *, readable: bool) -> Path:
    """Save the event file about to be replaced: a checked backup when it can be read, else a
    plain copy of its files (and its write-ahead log must not outlive it); return the first file
    saved (the caller made sure there is one)."""
    folder.mkdir(parents=True, exist_ok=True)
    if readable:
        saved, _ = backup(db, folder, now=now, trigger="before-restore", replay=False)
        return saved
    saved = folder / backup_name(db, now, "before-restore")
    if saved.exists():
        raise _exists(saved)
    kept = []
    if db.exists():
        kept.append(Path(shutil.copy2(db, saved)))
    for side in _sides(db):  # a log left beside the new file would be replayed into it
        if side.exists():
            kept.append(Path(shutil.copy2(side, f"{saved}{side.name.removeprefix(db.name)}")))
            side.unlink()
    return kept[0]
