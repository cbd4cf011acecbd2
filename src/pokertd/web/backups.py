"""The web app's automatic backups (``pokertd.service.auto_backups``): started with the app, looked
at every few seconds on the event loop, stopped with the app.

``tick`` runs on the event loop's thread, which owns the service and its store; it reads the
tournaments and hands any backup to the backups' own worker thread, so a request never waits for
a backup. The ``AutoBackups`` object is ``app.state.backups`` (None when backups are off).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import AsyncIterator
from pathlib import Path

from pokertd.errors import PokertdError
from pokertd.service.auto_backups import LOG, AutoBackups, BackupPolicy
from pokertd.tournament.events import TournamentEvent
from pokertd.web.context import Web

#: How often the server looks for a level change or a winner, in seconds.
TICK_SECONDS = 5.0


@contextlib.asynccontextmanager
async def running(
    web: Web, db: str | os.PathLike[str], policy: BackupPolicy | None
) -> AsyncIterator[AutoBackups | None]:
    """Run the automatic backups of ``db`` while the block runs (none when ``policy`` is None)."""
    if policy is None:
        yield None
        return
    backups = AutoBackups(Path(db), policy)

    def changed(_tournament: str, _events: tuple[TournamentEvent, ...]) -> None:
        backups.changed()

    web.service.subscribe(changed)
    backups.start(web.service, web.now())
    task = asyncio.create_task(_ticking(web, backups))
    try:
        yield backups
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        await asyncio.to_thread(backups.stop, web.now())


def tick(web: Web, backups: AutoBackups) -> str | None:
    """Look at the tournaments once; return the trigger of the backup started, if any."""
    try:
        return backups.tick(web.service, web.now())
    except (PokertdError, OSError) as error:  # the file busy, say: the next tick tries again
        LOG.error("automatic backups: %s", error)
        return None


async def _ticking(web: Web, backups: AutoBackups) -> None:
    while True:
        await asyncio.sleep(TICK_SECONDS)
        try:
            tick(web, backups)
        except Exception:  # a bug must not stop the backups: tell it in full, go on
            LOG.exception("automatic backups")
