"""The server's automatic backups: when it matters, off the event loop, the last few kept.

While ``pokertd web`` runs, ``AutoBackups`` backs the event file up (``backups.backup``):

- when the server starts (``start``), if the file holds a tournament;
- when a tournament's clock reaches a new level or a break, and when a tournament is won (its
  winner is known): ``tick`` compares each tournament with what it saw last time;
- otherwise at most every ``policy.every`` (10 minutes), and only if a command was stored since
  the last backup (``changed``, called after each command);
- when the server stops (``stop``), if a command was stored since the last backup.

The web app calls ``tick`` every few seconds on the event loop's thread, which owns the service:
it only reads tournaments from the service's cache and the clock, and hands the backup itself to
one worker thread, with its own connection to the file, so that a backup never blocks a request.
After each backup the oldest automatic backups beyond ``policy.keep`` are removed (``rotate``).
A backup that fails is logged (``pokertd.backups``) and the next moment tries again; the server
goes on.
"""

from __future__ import annotations

import concurrent.futures
import datetime
import logging
from dataclasses import dataclass
from pathlib import Path

from pokertd.errors import ParseError, PokertdError
from pokertd.messages import message
from pokertd.service.backups import backup, default_folder, rotate
from pokertd.service.tournaments import TournamentService
from pokertd.tournament.aggregate import Tournament

__all__ = ["AutoBackups", "BackupPolicy"]

LOG = logging.getLogger("pokertd.backups")

#: How many automatic backups are kept, unless told.
KEEP = 20
#: The longest time between two backups while commands are stored, when nothing else happens.
EVERY = datetime.timedelta(minutes=10)


@dataclass(frozen=True, slots=True)
class BackupPolicy:
    """Where the server's backups go (``folder``), how many are kept (``keep``) and how often a
    changing file is backed up when no level changes (``every``)."""

    folder: Path
    keep: int = KEEP
    every: datetime.timedelta = EVERY

    def __post_init__(self) -> None:
        if self.keep < 1:
            raise ParseError(
                message("the server keeps at least 1 backup, not {keep}", keep=self.keep)
            )

    @classmethod
    def beside(cls, db: Path, folder: Path | None = None, keep: int = KEEP) -> BackupPolicy:
        """Return the policy for ``db``: ``folder``, by default ``backups/`` beside it.

        >>> BackupPolicy.beside(Path("club/club.db")).folder.as_posix()
        'club/backups'
        """
        return cls(folder if folder is not None else default_folder(db), keep)


#: Where a tournament stands, as far as backups care: ("registration",), ("level", 3),
#: ("break", item) or ("finished",).
Mark = tuple[str, ...] | tuple[str, int]
#: The mark of a tournament created since the last look: in registration.
_NEW: Mark = ("registration",)


class AutoBackups:
    """The automatic backups of one event file (see the module's docstring)."""

    def __init__(self, db: Path, policy: BackupPolicy) -> None:
        self.db = db
        self.policy = policy
        self._worker = concurrent.futures.ThreadPoolExecutor(1, "pokertd-backup")
        self._pending: list[concurrent.futures.Future[Path | None]] = []
        self._marks: dict[str, Mark] = {}
        self._changed = False
        self._last: datetime.datetime | None = None
        #: Streams replayed by the last backup, at their version (the worker's only).
        self._known: dict[str, int] = {}

    def start(self, service: TournamentService, now: datetime.datetime) -> str | None:
        """Note where each tournament stands and back the file up if it holds one; return the
        trigger (``start``) or None."""
        found = service.tournaments()
        for tournament in found:
            self._marks[tournament] = _mark(service.load(tournament), now)
        return self._submit("start", now) if found else None

    def changed(self) -> None:
        """Note that a command was stored (the service's listener)."""
        self._changed = True

    def tick(self, service: TournamentService, now: datetime.datetime) -> str | None:
        """Back the file up if a moment that matters came (see the module's docstring); return
        the trigger, or None."""
        trigger = None
        for tournament in service.tournaments():
            before = self._marks.get(tournament, _NEW)
            if before == ("finished",):
                continue  # a won tournament changes no more: no need to load it
            mark = _mark(service.load(tournament), now)
            self._marks[tournament] = mark
            if trigger is None and mark != before:
                trigger = _trigger(tournament, mark)
        if trigger is None and self._changed and self._due(now):
            trigger = "periodic"
        return self._submit(trigger, now) if trigger is not None else None

    def stop(self, now: datetime.datetime) -> str | None:
        """Back the file up one last time if a command was stored since the last backup, then
        stop the worker once it is done; return the trigger (``stop``) or None."""
        trigger = self._submit("stop", now) if self._changed else None
        self._worker.shutdown(wait=True, cancel_futures=False)
        return trigger

    def wait(self) -> list[Path]:
        """Wait for the backups handed to the worker; return those written."""
        pending, self._pending = self._pending, []
        return [path for future in pending if (path := future.result()) is not None]

    def _due(self, now: datetime.datetime) -> bool:
        return self._last is None or now - self._last >= self.policy.every

    def _submit(self, trigger: str, now: datetime.datetime) -> str:
        self._changed, self._last = False, now
        # Kept until ``wait`` collects them (a finished one too), the last few hundred at most.
        self._pending = [*self._pending[-255:], self._worker.submit(self._run, trigger, now)]
        return trigger

    def _run(self, trigger: str, now: datetime.datetime) -> Path | None:
        """Back up, then rotate (on the worker thread); log and carry on if it fails."""
        try:
            path, checked = backup(
                self.db, self.policy.folder, now=now, trigger=trigger, known=self._known
            )
            self._known = checked.versions()
            removed = rotate(self.policy.folder, self.db, self.policy.keep)
        except (PokertdError, OSError) as error:
            LOG.error("backup %s of %s failed: %s", trigger, self.db, error)
            return None
        except Exception:  # a bug must not stop the server's backups: tell it in full, go on
            LOG.exception("backup %s of %s failed", trigger, self.db)
            return None
        LOG.info("backup %s: %s events (%s old ones removed)", path, checked.events, len(removed))
        return path


def _mark(tournament: Tournament, now: datetime.datetime) -> Mark:
    state = tournament.state
    if state.winner is not None:
        return ("finished",)
    if not state.clock.is_started:
        return ("registration",)
    view = tournament.clock_view(now)
    if view.is_break or view.level_number is None:
        return ("break", view.item)
    return ("level", view.level_number)


def _trigger(tournament: str, mark: Mark) -> str | None:
    """Return the trigger of a tournament's new mark, e.g. ``tournament-1-level-3``."""
    match mark:
        case ("level", int(number)):
            return f"{tournament}-level-{number}"
        case ("break", _):
            return f"{tournament}-break"
        case ("finished",):
            return f"{tournament}-finished"
    return None  # back in registration (an undo): nothing to mark
