"""The bubble: how many players are left for how many paid places, and when hand-for-hand is due.

A query of the state, for the console and the displays: it changes nothing. Hand-for-hand is
proposed on the bubble, one player more than the places paid, while more than one table deals
(HFH-TRIGGER: TDA PR-8A; with one table every hand is already played hand for hand), and its end
once the bubble has burst or one table is left.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from pokertd.tournament.state import TournamentState


class HandForHandAdvice(StrEnum):
    """What the director should do about hand-for-hand now."""

    NONE = ""
    START = "start"
    END = "end"


@dataclass(frozen=True, slots=True)
class Bubble:
    """Players left, places paid (0 without money or prizes) and the hand-for-hand advice."""

    players_left: int
    places_paid: int
    advice: HandForHandAdvice

    @property
    def in_the_money(self) -> bool:
        """Whether every player left is paid."""
        return self.places_paid > 0 and self.players_left <= self.places_paid

    @property
    def on_the_bubble(self) -> bool:
        """Whether the next player out is the last one unpaid."""
        return self.places_paid > 0 and self.players_left == self.places_paid + 1


def places_paid(state: TournamentState) -> int:
    """Return how many places the prize pool pays now (0 for an event without money)."""
    if state.ledger.rules is None:
        return 0
    return sum(1 for prize in state.ledger.current_prizes() if prize > 0)


def bubble(state: TournamentState) -> Bubble:
    """Return where the event stands against the bubble, and what to do about hand-for-hand.

    >>> from pokertd.tournament.state import TournamentState
    >>> bubble(TournamentState())
    Bubble(players_left=0, places_paid=0, advice=<HandForHandAdvice.NONE: ''>)
    """
    left, paid = state.active_count, places_paid(state)
    dealing = sum(1 for table in state.tables.values() if len(table.players) >= 2)
    advice = HandForHandAdvice.NONE
    if state.winner is None and paid:
        if state.hand_for_hand and (left <= paid or dealing < 2):
            advice = HandForHandAdvice.END  # HFH-TRIGGER: the bubble burst, or one table left
        elif not state.hand_for_hand and left == paid + 1 and dealing >= 2:
            advice = HandForHandAdvice.START  # HFH-TRIGGER (TDA PR-8A): on the bubble
    return Bubble(left, paid, advice)


class HandForHandTable(StrEnum):
    """Where one table stands in the hand-for-hand hand (HFH-CLOCK: TDA PR-8B)."""

    OFF = ""  # hand-for-hand is not on
    PLAYING = "playing"  # its hand is in progress
    WAITING = "waiting"  # it has played this hand: it waits for the other tables
    READY = "ready"  # it may deal the next hand


def hand_for_hand_at(state: TournamentState, table: int) -> HandForHandTable:
    """Return where ``table`` stands in hand-for-hand: a table that has played the hand waits
    until every table that deals has played it (HFH-CLOCK: TDA PR-8B).

    >>> hand_for_hand_at(TournamentState(), 1)
    <HandForHandTable.OFF: ''>
    """
    if not state.hand_for_hand:
        return HandForHandTable.OFF
    if table in state.in_progress:
        return HandForHandTable.PLAYING
    if table in state.hfh_round:
        return HandForHandTable.WAITING
    return HandForHandTable.READY
