"""What a tournament's state says about its money: the statement (``ledger.statement``) with each
entry's name and place, and the prizes and bounties won so far."""

from __future__ import annotations

from pokertd.tournament.ledger import Statement, statement
from pokertd.tournament.state import TournamentState


def statement_of(state: TournamentState) -> Statement:
    """Return the ledger of a tournament as it stands."""
    players = {number: entry.player for number, entry in state.entries.items()}
    places = {
        number: (entry.place, entry.shared)
        for number, entry in state.entries.items()
        if entry.place is not None
    }
    winner = state.winner
    kept = state.surrendered(winner) if winner is not None else ()
    return statement(state.ledger, players, places, winner, surrendered=kept)


def winnings(state: TournamentState) -> tuple[dict[int, int], dict[int, int]]:
    """Return the prizes and the bounties won so far, in cents by entry (a league's import)."""
    lines = statement_of(state).lines
    prizes = {line.entry: line.prize for line in lines if line.prize}
    bounties = {line.entry: line.bounties for line in lines if line.bounties}
    return prizes, bounties
