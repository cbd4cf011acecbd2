"""How a command handler says no: the refusal with its rule id, and the lookups of the entry or
table a command names, which refuse one that is not there."""

from __future__ import annotations

from pokertd.errors import IllegalActionError, NotFoundError
from pokertd.messages import Message, message
from pokertd.tournament import seating
from pokertd.tournament.state import Entry, TournamentState
from pokertd.tournament.structure import Structure

RULE_STATE = "EVENT-STATE"


def refuse(said: Message, *, rule: str = RULE_STATE) -> IllegalActionError:
    """Return the error for a command the tournament's state or rules do not allow: what it
    says, followed by the rule id.

    >>> error = refuse(message("the tournament is over"))
    >>> str(error), error.rule
    ('the tournament is over (EVENT-STATE)', 'EVENT-STATE')
    """
    return IllegalActionError(message("{refusal} ({rule})", refusal=said, rule=rule), rule=rule)


def find_entry(state: TournamentState, number: int) -> Entry:
    """Return entry ``number``; NotFoundError if there is none."""
    try:
        return state.entries[number]
    except KeyError:
        raise NotFoundError(message("there is no entry {number}", number=number)) from None


def find_playing(state: TournamentState, number: int) -> Entry:
    """Return entry ``number`` if it is still playing; refuse it otherwise."""
    entry = find_entry(state, number)
    if not entry.status.is_active:
        raise refuse(
            message("entry {number} is not playing ({status})", number=number, status=entry.status)
        )
    return entry


def find_table(state: TournamentState, number: int) -> seating.Table:
    """Return table ``number``; NotFoundError if it is not in play."""
    try:
        return state.tables[number]
    except KeyError:
        raise NotFoundError(message("there is no table {number} in play", number=number)) from None


def structure_of(state: TournamentState) -> Structure:
    """Return the tournament's structure (every command after the creation has one)."""
    assert state.structure is not None
    return state.structure
