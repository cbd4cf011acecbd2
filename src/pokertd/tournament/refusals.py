"""How a command handler says no: the refusal with its rule id, and the lookups of the entry or
table a command names, which refuse one that is not there."""

from __future__ import annotations

from pokertd.errors import IllegalActionError, NotFoundError
from pokertd.messages import Message, message
from pokertd.tournament import seating
from pokertd.tournament.state import Entry, TournamentState
from pokertd.tournament.structure import Structure

RULE_STATE = "EVENT-STATE"
#: EVENT-LIVE-HAND (no book's id; docs/judgements.md): a hand being played decides the seats and
#: stacks of the players dealt in until it is reported; nothing may change them meanwhile.
RULE_LIVE_HAND = "EVENT-LIVE-HAND"


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


def require_out_of_hand(state: TournamentState, entry: Entry) -> None:
    """Refuse a change of ``entry`` while he is dealt into the hand a live table is playing.

    EVENT-LIVE-HAND (no book states it; docs/judgements.md): the hand decides his stack, and
    whether he busts, when it is reported (a bust is the outcome of a hand: ELIM-SIMULTANEOUS,
    LFP 8.16, GM 41°, ranks by the stacks at its start); a bust, a departure or a new stack in
    the meantime would contradict the table, which still deals him in. The floor kills his hand
    if need be, and the change follows once the hand is over.
    """
    hand = None if entry.table is None else state.in_progress.get(entry.table)
    if hand is not None and entry.number in hand.entries:
        raise refuse(
            message(
                "entry {entry} is playing hand {hand} at table {table}: "
                "this waits until the hand is over",
                entry=entry.number,
                hand=hand.number,
                table=entry.table,
            ),
            rule=RULE_LIVE_HAND,
        )


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
