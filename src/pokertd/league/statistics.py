"""Statistics of a season: per player and for the whole season, worked out from its events.

Like the standings, nothing here is stored: an undo, a merge or a removed event changes every
figure. Places are those the season counts (after BAN/D2, ``standings.scored_events``).

- **played**: the events of the season a player has a result in; **wins**: his first places.
- **final tables**: his places within the event's final table (its seats as the tournament set
  them, TBL-FINAL-SIZE; ``DEFAULT_FINAL_TABLE`` for an event that does not say, a CSV import).
- **in the money**: results with a prize, or a place among the places the event paid.
- **net**: prizes and bounties won less what he paid in (buy-ins, re-entries, rebuys,
  add-ons), in cents; for an event that does not say what he paid (a CSV import), the event's
  buy-in.
- **knockouts**: the players he knocked out (bounties taken).

>>> from pokertd.league.results import FieldResults, Result
>>> from pokertd.league.state import LeagueState, ScoredEvent
>>> state = LeagueState(created=True)
>>> field = FieldResults(10, 10, (Result("Alice", 1, prize=6000, knockouts=3),
...                               Result("Bruno", 2, prize=4000)), paid_places=2)
>>> state.events[1] = ScoredEvent(1, "Friday", "2026-03-06", "", field, 2000)
>>> alice = player_statistics(state)[0]
>>> alice.player, alice.played, alice.wins, alice.in_the_money, alice.net, alice.knockouts
('Alice', 1, 1, 1, 4000, 3)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pokertd.league.results import name_key
from pokertd.league.standings import scored_events
from pokertd.league.state import LeagueState

#: The final table's seats of an event that does not say: a table of nine, the usual size
#: (TBL-FINAL-SIZE "table-size" for 9-handed tables).
DEFAULT_FINAL_TABLE = 9


@dataclass(frozen=True, slots=True)
class PlayerStatistics:
    """One player's season; money in cents."""

    player: str
    played: int
    wins: int
    final_tables: int
    in_the_money: int
    prizes: int
    bounties: int
    paid: int
    knockouts: int

    @property
    def net(self) -> int:
        """Return what he won (prizes and bounties) less what he paid in."""
        return self.prizes + self.bounties - self.paid

    @property
    def money_rate(self) -> Fraction:
        """Return the share of his events he finished in the money (0 to 1).

        >>> PlayerStatistics("A", 4, 0, 0, 1, 0, 0, 0, 0).money_rate
        Fraction(1, 4)
        """
        return Fraction(self.in_the_money, self.played) if self.played else Fraction(0)


@dataclass(frozen=True, slots=True)
class SeasonStatistics:
    """The whole season: its events, entries, players, money (cents) and knockouts."""

    events: int
    entries: int
    players: int
    prizes: int
    bounties: int
    knockouts: int

    @property
    def average_field(self) -> Fraction:
        """Return the average number of entries per event."""
        return Fraction(self.entries, self.events) if self.events else Fraction(0)


def player_statistics(state: LeagueState) -> list[PlayerStatistics]:
    """Return every player's statistics, most events played first, then by name.

    >>> player_statistics(LeagueState())
    []
    """
    totals: dict[str, list[int]] = {}
    for number, results in scored_events(state).items():
        event = state.events[number]
        recorded = state.players_in(event)
        seats = event.field.final_table or DEFAULT_FINAL_TABLE
        for result in results:
            raw = recorded[result.player]
            paid_in = raw.paid or event.buyin
            is_paid = result.prize > 0 or result.place <= event.field.paid_places
            line = totals.setdefault(result.player, [0] * 8)
            for index, value in enumerate(
                (
                    1,
                    result.place == 1,
                    result.place <= seats,
                    is_paid,
                    result.prize,
                    result.bounties,
                    paid_in,
                    raw.knockouts,
                )
            ):
                line[index] += int(value)
    found = [PlayerStatistics(player, *line) for player, line in totals.items()]
    return sorted(found, key=lambda line: (-line.played, name_key(line.player), line.player))


def season_statistics(state: LeagueState) -> SeasonStatistics:
    """Return the season's totals.

    >>> season_statistics(LeagueState()).events
    0
    """
    players = player_statistics(state)
    return SeasonStatistics(
        len(state.events),
        sum(event.field.entries for event in state.events.values()),
        len(players),
        sum(line.prizes for line in players),
        sum(line.bounties for line in players),
        sum(line.knockouts for line in players),
    )
