"""Where starting flights merge into their day 2 (FLIGHT-MERGE).

A flight is a tournament whose money rules name its event (``MoneyRules.flight_of``). Merging
touches several streams: the day 2 is created with the first flight's structure, rules and money
(without ``flight_of``), takes the survivors and the pools (``MergeFlights``), draws its seats
(``DrawSeats``: DAY-REDRAW, LFP 1.5), then each flight records where it went (``CarryFlight``).
Everything that could refuse is checked before the first write, so a refusal leaves nothing
changed.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from pokertd.errors import IllegalActionError, NotFoundError
from pokertd.messages import message
from pokertd.service.tournaments import TournamentService
from pokertd.tournament import commands, flights
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.events import TournamentCreated
from pokertd.tournament.flights import TwoBags


@dataclass(frozen=True, slots=True)
class Merged:
    """A day 2 made: its id, the flights merged, the players and chips it took."""

    day_two: str
    flights: tuple[str, ...]
    players: int
    pool: int
    entries: int


def flights_of(service: TournamentService, event: str) -> list[str]:
    """The flights of ``event`` not merged yet, oldest first (an archived flight is put away:
    out of the merge too)."""
    found = []
    for stream in service.tournaments():
        state = service.load(stream).state
        rules = state.ledger.rules
        is_flight = rules is not None and rules.flight_of == event
        if is_flight and not state.carried_into and not state.archived:
            found.append(stream)
    return found


def merge(
    service: TournamentService, event: str, title: str, two_bags: TwoBags | None = None
) -> Merged:
    """Merge the bagged flights of ``event`` into a new tournament ``title``, its day 2; a
    player who bagged twice as the event chose (FLIGHT-TWO-BAGS), else as ``two_bags`` says
    (default: his best stack)."""
    streams = flights_of(service, event)
    if not streams:
        raise NotFoundError(message("there is no flight of {event} left to merge", event=event))
    loaded = {stream: service.load(stream) for stream in streams}
    rule = two_bags_rule(list(loaded.values()), two_bags)
    for flight in loaded.values():
        if not flight.state.is_drawn or not flights.is_bagged(flight.events, flight.undone):
            raise IllegalActionError(
                message(
                    "flight {flight} has not bagged its stacks (end of day, with the stacks)",
                    flight=flight.state.title,
                ),
                rule=flights.RULE,
            )
    found = [bag for stream, f in loaded.items() for bag in flights.bags(stream, f.state)]
    players = flights.keep(found, rule)  # FLIGHT-TWO-BAGS
    first = loaded[streams[0]].state.structure
    item, elapsed = flights.resume_at(  # FLIGHT-RESUME: where the flights stopped
        [_stopped(f) for f in loaded.values()], len(first.items) if first else 1
    )
    merge_command = commands.MergeFlights(
        flights=tuple(streams),
        players=tuple(players),
        pool=sum(f.state.ledger.pool for f in loaded.values()),
        entries=sum(f.state.ledger.entries for f in loaded.values()),
        day=max(f.state.day for f in loaded.values()) + 1,
        item=item,
        elapsed=elapsed,
    )
    day_two = service.create(_day_two(loaded[streams[0]], title)).stream
    service.execute(day_two, merge_command)
    service.execute(day_two, commands.DrawSeats())  # DAY-REDRAW: LFP 1.5
    for stream in streams:
        service.execute(stream, commands.CarryFlight(day_two))
    return Merged(day_two, tuple(streams), len(players), merge_command.pool, merge_command.entries)


def two_bags_rule(loaded: list[Tournament], asked: TwoBags | None) -> TwoBags:
    """FLIGHT-TWO-BAGS: the rule the event's flights chose (they must agree), else ``asked``,
    else the best stack. A merge asking for another rule than the event's is refused: the
    players entered the flights under the event's."""
    chosen = {f.state.ledger.rules.two_bags for f in loaded if f.state.ledger.rules} - {""}
    if len(chosen) > 1:
        raise IllegalActionError(
            message(
                "the flights chose different two-bags rules: {rules}",
                rules=", ".join(sorted(chosen)),
            ),
            rule=flights.TWO_BAGS,
        )
    if not chosen:
        return asked or TwoBags.BEST
    rule = TwoBags(chosen.pop())
    if asked is not None and asked is not rule:
        raise IllegalActionError(
            message(
                "the event's flights were played under the two-bags rule {rule}, not {asked}",
                rule=rule.value,
                asked=asked.value,
            ),
            rule=flights.TWO_BAGS,
        )
    return rule


def _stopped(flight: Tournament) -> tuple[int, float]:
    """Where a bagged flight's clock stopped: as its clock showed at its last event."""
    return flights.stopped_at(flight.state, datetime.datetime.fromisoformat(flight.events[-1].at))


def _day_two(flight: Tournament, title: str) -> commands.CreateTournament:
    """The day 2 is set up as the first flight was, its money rules no longer a flight's."""
    created = next(e for e in flight.events if isinstance(e, TournamentCreated))
    money = {k: v for k, v in created.money.items() if k not in {"flight_of", "two_bags"}}
    return commands.CreateTournament(
        title=title.strip()[:200] or created.title,
        structure=created.structure,
        profile=created.profile,
        table_size=created.table_size,
        late_registration_levels=0,
        break_order=created.break_order,
        money=money,
        # a house profile goes on as the flight ran it; a shipped one by its id
        rules={} if created.profile == flight.state.profile.id else created.rules,
    )
