"""What the public player lookup needs, indexed: the lines of each tournament's log by the entry
they name, kept up to date with the new events only.

The lookup is anonymous and cheap to ask (``/lookup/{id}?name=a``), so it must never do work
that grows with the whole history on the event loop: reading the log once per found player made
one lookup of a 1,000-player event take half a minute and hold every other request back. The
index is built once per tournament and language, in slices that give the loop back between them
(``SLICE`` events at a time), then caught up with each lookup's new events. A lookup shows at
most ``MAX_FOUND`` players (the name is then to be typed further) and reads at most
``MAX_NAME`` characters of the name.

The lines are public: the reasons of penalties and disqualifications (a floor's note about a
player) are left out of them.
"""

from __future__ import annotations

import asyncio
import dataclasses
import re
from collections import defaultdict
from dataclasses import dataclass, field

from pokertd.present.tournament_log import describe
from pokertd.present.words import words_for
from pokertd.tournament import events as ev
from pokertd.tournament.aggregate import Tournament

#: Events described between two returns to the event loop while the index catches up.
SLICE = 200
#: The most players one lookup shows.
MAX_FOUND = 20
#: The longest name a lookup reads (characters).
MAX_NAME = 80

_MARK = re.compile(r"#(\d+)\b")


def public(event: ev.TournamentEvent) -> ev.TournamentEvent:
    """Return ``event`` as the public may read it: without a penalty's or a disqualification's
    reason."""
    if isinstance(event, ev.PenaltyGiven | ev.PlayerDisqualified) and event.reason:
        return dataclasses.replace(event, reason="")
    return event


@dataclass
class _Lines:
    """The public log lines of one tournament in one language, by entry, as of ``count`` events
    of the aggregate ``source``."""

    source: Tournament
    count: int = 0
    by_entry: dict[int, list[str]] = field(default_factory=lambda: defaultdict(list))
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


@dataclass
class LookupIndex:
    """The lines of every tournament's log by entry (one ``_Lines`` per tournament and language)."""

    _lines: dict[tuple[str, str], _Lines] = field(default_factory=dict)

    async def history(
        self, tournament: str, loaded: Tournament, lang: str, entry: int
    ) -> list[str]:
        """Return the public lines of the log that name ``entry`` (``#12 ...``), oldest first."""
        lines = await self.caught_up(tournament, loaded, lang)
        return list(lines.by_entry.get(entry, ()))

    async def caught_up(self, tournament: str, loaded: Tournament, lang: str) -> _Lines:
        """Return the index of ``tournament`` with every event of ``loaded`` in it."""
        key = (tournament, lang)
        lines = self._lines.get(key)
        if lines is None or lines.source is not loaded:  # new, or the aggregate was reloaded
            lines = self._lines[key] = _Lines(loaded)
        async with lines.lock:
            words = words_for(lang)
            while lines.count < len(loaded.events):
                stop = min(lines.count + SLICE, len(loaded.events))
                for event in loaded.events[lines.count : stop]:
                    for line in describe(public(event), loaded, words):
                        for entry in {int(number) for number in _MARK.findall(line)}:
                            lines.by_entry[entry].append(line)
                lines.count = stop
                if lines.count < len(loaded.events):
                    await asyncio.sleep(0)  # the other requests go first
        return lines
