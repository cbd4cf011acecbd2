"""What every command handler of ``Tournament`` shares: the state, the command's context, errors."""

from __future__ import annotations

import datetime
import random
from typing import Any

from pokertd.errors import IllegalActionError, NotFoundError
from pokertd.tournament import seating
from pokertd.tournament.events import TournamentEvent
from pokertd.tournament.state import Entry, EntryStatus, TournamentState
from pokertd.tournament.structure import Structure

RULE_STATE = "EVENT-STATE"

#: Entry statuses in the French of the refusals, as ``pokertd tournament --lang fr`` shows them.
STATUS_FR = {
    EntryStatus.REGISTERED: "inscrit(e)",
    EntryStatus.ALTERNATE: "remplaçant(e)",
    EntryStatus.SEATED: "en jeu",
    EntryStatus.BUSTED: "éliminé(e)",
    EntryStatus.QUIT: "parti(e)",
    EntryStatus.DISQUALIFIED: "disqualifié(e)",
    EntryStatus.WITHDRAWN: "désinscrit(e)",
    EntryStatus.REENTERED: "re-entry",
}


class Context:
    """What one command is handled with: its time, its random source and its number."""

    __slots__ = ("cmd", "now", "rng")

    def __init__(self, now: datetime.datetime, rng: random.Random, cmd: int) -> None:
        self.now, self.rng, self.cmd = now, rng, cmd


class CommandBase:
    """The state and helpers the handlers of ``Tournament`` work with."""

    state: TournamentState
    events: list[TournamentEvent]
    _context: Context | None

    def _event(self, cls: type[TournamentEvent], **fields: Any) -> TournamentEvent:
        context = self._ctx
        return cls(at=context.now.isoformat(), cmd=context.cmd, **fields)

    @property
    def _ctx(self) -> Context:
        assert self._context is not None
        return self._context

    def _entry(self, number: int) -> Entry:
        try:
            return self.state.entries[number]
        except KeyError:
            raise NotFoundError(
                f"there is no entry {number}", fr=f"il n'y a pas d'entrée {number}"
            ) from None

    def _seated(self, number: int) -> Entry:
        entry = self._entry(number)
        if not entry.status.is_active:
            raise refuse(
                f"entry {number} is not playing ({entry.status})",
                fr=f"l'entrée {number} n'est pas en jeu ({STATUS_FR[entry.status]})",
            )
        return entry

    def _table(self, number: int) -> seating.Table:
        try:
            return self.state.tables[number]
        except KeyError:
            raise NotFoundError(
                f"there is no table {number} in play", fr=f"il n'y a pas de table {number} en jeu"
            ) from None

    def _structure(self) -> Structure:
        assert self.state.structure is not None
        return self.state.structure


def refuse(message: str, *, fr: str, rule: str = RULE_STATE) -> IllegalActionError:
    """Return the error for a command the tournament's state or rules do not allow: ``message``
    in English, ``fr`` in French, each followed by the rule id.

    >>> error = refuse("the tournament is over", fr="le tournoi est terminé")
    >>> str(error), error.text("fr"), error.rule
    ('the tournament is over (EVENT-STATE)', 'le tournoi est terminé (EVENT-STATE)', 'EVENT-STATE')
    """
    return IllegalActionError(f"{message} ({rule})", rule=rule, action="", fr=f"{fr} ({rule})")
