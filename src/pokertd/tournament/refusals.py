"""How a command handler says no: the refusal with its rule id, and the lookups of the entry or
table a command names, which refuse one that is not there."""

from __future__ import annotations

from pokertd.errors import IllegalActionError, NotFoundError
from pokertd.tournament import seating
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


def refuse(message: str, *, fr: str, rule: str = RULE_STATE) -> IllegalActionError:
    """Return the error for a command the tournament's state or rules do not allow: ``message``
    in English, ``fr`` in French, each followed by the rule id.

    >>> error = refuse("the tournament is over", fr="le tournoi est terminé")
    >>> str(error), error.text("fr"), error.rule
    ('the tournament is over (EVENT-STATE)', 'le tournoi est terminé (EVENT-STATE)', 'EVENT-STATE')
    """
    return IllegalActionError(f"{message} ({rule})", rule=rule, action="", fr=f"{fr} ({rule})")


def find_entry(state: TournamentState, number: int) -> Entry:
    """Return entry ``number``; NotFoundError if there is none."""
    try:
        return state.entries[number]
    except KeyError:
        raise NotFoundError(
            f"there is no entry {number}", fr=f"il n'y a pas d'entrée {number}"
        ) from None


def find_playing(state: TournamentState, number: int) -> Entry:
    """Return entry ``number`` if it is still playing; refuse it otherwise."""
    entry = find_entry(state, number)
    if not entry.status.is_active:
        raise refuse(
            f"entry {number} is not playing ({entry.status})",
            fr=f"l'entrée {number} n'est pas en jeu ({STATUS_FR[entry.status]})",
        )
    return entry


def find_table(state: TournamentState, number: int) -> seating.Table:
    """Return table ``number``; NotFoundError if it is not in play."""
    try:
        return state.tables[number]
    except KeyError:
        raise NotFoundError(
            f"there is no table {number} in play", fr=f"il n'y a pas de table {number} en jeu"
        ) from None


def structure_of(state: TournamentState) -> Structure:
    """Return the tournament's structure (every command after the creation has one)."""
    assert state.structure is not None
    return state.structure
