"""Starting flights and their day 2 (FLIGHT-MERGE, DAY-REDRAW).

An event with several starting flights (1A, 1B, ...) runs each flight as a tournament whose money
rules name the event (``MoneyRules.flight_of``): a flight pays no prize of its own. When the
flights have bagged their stacks (``EndDay``), their survivors merge into a new tournament, the
event's day 2: the survivors are registered there with their bagged stacks, the flights' prize
pools and fields carried, and the seats drawn again (LFP 1.5: "les places en début de journée
suite à la fusion de deux journées antérieures" are redrawn). Places and prizes are then over the
whole field. A player who bagged in two flights plays one stack: the books are silent, pokertd's
rule is in docs/judgements.md (FLIGHT-TWO-BAGS), the event chooses it.

The two streams (each flight's ``CarryFlight``, the day 2's ``MergeFlights``) are written by
``pokertd.service.flights``; this module holds the rules, pure.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from pokertd.messages import message
from pokertd.tournament import clock, commands, events
from pokertd.tournament.events import TournamentEvent
from pokertd.tournament.handlers import Context, handles
from pokertd.tournament.refusals import refuse
from pokertd.tournament.state import TournamentState

RULE = "FLIGHT-MERGE"
TWO_BAGS = "FLIGHT-TWO-BAGS"
#: A day 2 goes on where its flights stopped, not at level 1 (GM 42°; see ``resume_at``).
RESUME = "FLIGHT-RESUME"


class TwoBags(StrEnum):
    """FLIGHT-TWO-BAGS: what a player who bagged chips in two flights takes to day 2, as the
    event chose (``MoneyRules.two_bags``) or the merge says."""

    ONE = "one"  # one survival per player: a player who bagged may not enter another flight
    BEST = "best"  # his largest stack; the other leaves play (its buy-in stays in the pool)
    ALL = "all"  # his stacks added together


@dataclass(frozen=True, slots=True)
class Bag:
    """A survivor's bagged stack in one flight."""

    flight: str
    entry: int
    player: str
    chips: int


def check_entry(player: str, event: str, two_bags: TwoBags, found: Iterable[Bag]) -> None:
    """FLIGHT-TWO-BAGS: under one survival per player (``TwoBags.ONE``) a player who bagged chips
    in a flight of ``event`` (``found``: the bags of its other flights) may not enter another;
    under ``best`` and ``all`` he may, and the merge keeps his best stack or adds them."""
    if two_bags is not TwoBags.ONE:
        return
    for bag in found:
        if bag.player.casefold() == player.strip().casefold():
            raise refuse(
                message(
                    "{player} bagged chips in flight {flight}: one survival per player in {event}",
                    player=bag.player,
                    flight=bag.flight,
                    event=event,
                ),
                rule=TWO_BAGS,
            )


def is_bagged(history: Iterable[TournamentEvent], undone: frozenset[int]) -> bool:
    """Whether the day's stacks are bagged: the last day event (not undone) is a ``DayEnded``."""
    last: TournamentEvent | None = None
    for event in history:
        if isinstance(event, events.DayEnded | events.DayStarted) and event.cmd not in undone:
            last = event
    return isinstance(last, events.DayEnded)


def bags(flight: str, state: TournamentState) -> list[Bag]:
    """The bagged stacks of a flight's players still in, by entry."""
    return [
        Bag(flight, entry.number, entry.player, entry.stack or 0)
        for entry in sorted(state.active(), key=lambda entry: entry.number)
    ]


def keep(found: Sequence[Bag], two_bags: TwoBags) -> list[tuple[str, int]]:
    """FLIGHT-TWO-BAGS: the (player, chips) going to day 2, one per player, in the order the
    flights were given; a player with two bags keeps the larger (the earlier flight's on a
    tie), or their sum.

    >>> found = [Bag("1A", 1, "Alice", 30_000), Bag("1A", 2, "Bruno", 12_000),
    ...          Bag("1B", 1, "Alice", 41_000)]
    >>> keep(found, TwoBags.BEST)
    [('Alice', 41000), ('Bruno', 12000)]
    >>> keep(found, TwoBags.ALL)
    [('Alice', 71000), ('Bruno', 12000)]
    >>> keep(found, TwoBags.ONE)
    [('Alice', 30000), ('Bruno', 12000)]
    """
    kept: dict[str, int] = {}
    for bag in found:
        if bag.player not in kept:
            kept[bag.player] = bag.chips
        elif two_bags is TwoBags.ONE:
            continue  # entered the later flight before his first bag: his first survival counts
        elif two_bags is TwoBags.ALL:
            kept[bag.player] += bag.chips
        else:
            kept[bag.player] = max(kept[bag.player], bag.chips)
    return list(kept.items())


def stopped_at(state: TournamentState, at: datetime.datetime) -> tuple[int, float]:
    """Where a flight's clock stood at ``at`` (its day's end): (structure item, seconds into it).
    A clock stopped by GM 42°'s day-end stop still says it runs: its view says where it stopped.
    """
    if state.structure is None:
        return 0, 0.0
    shown = clock.view(state.clock, state.structure, at, **state.clock_options())
    return shown.item, shown.elapsed


def resume_at(stopped: Iterable[tuple[int, float]], items: int) -> tuple[int, float]:
    """FLIGHT-RESUME: where a day 2's clock stands, as (structure item, seconds into it): where the
    flight that went furthest stopped. GM 42° stops a day's clock with 15 minutes left in its
    last level: those minutes are played at the start of the next day, not a new level 1. A
    flight that played less joins the others' level (the blinds of a day are one for all).

    >>> resume_at([(4, 300.0), (5, 900.0), (5, 600.0)], items=20)
    (5, 900.0)
    >>> resume_at([], items=20)
    (0, 0.0)
    """
    item, elapsed = max(stopped, default=(0, 0.0))
    if item >= items:  # a longer structure than the day 2's: its last item, from its start
        return items - 1, 0.0
    return item, elapsed


@handles(commands.CarryFlight)
def _carry_flight(
    state: TournamentState, command: commands.CarryFlight, ctx: Context
) -> list[TournamentEvent]:
    """FLIGHT-MERGE: a flight whose stacks are bagged gives its survivors and pool to day 2."""
    rules = state.ledger.rules
    if rules is None or not rules.flight_of:
        raise refuse(message("this tournament is not a starting flight"), rule=RULE)
    if state.carried_into:
        raise refuse(
            message("this flight already went to {day_two}", day_two=state.carried_into),
            rule=RULE,
        )
    if not state.is_drawn or not is_bagged(ctx.history, ctx.undone):
        raise refuse(
            message("bag this flight's stacks first (end of day, with the stacks)"), rule=RULE
        )
    return [
        ctx.event(
            events.FlightCarried,
            into=command.into,
            pool=state.ledger.pool,
            entries=state.ledger.entries,
        )
    ]


@handles(commands.MergeFlights)
def _merge_flights(
    state: TournamentState, command: commands.MergeFlights, ctx: Context
) -> list[TournamentEvent]:
    """FLIGHT-MERGE: the survivors are registered with their bagged stacks; the seats are drawn
    next (``DrawSeats``: DAY-REDRAW, LFP 1.5)."""
    if state.entries or state.is_drawn:
        raise refuse(message("a day 2 is merged into a tournament with no entry yet"), rule=RULE)
    if len(command.players) < 2 or len({name for name, _ in command.players}) < len(
        command.players
    ):
        raise refuse(message("a day 2 needs at least two players, each once"), rule=RULE)
    if any(chips < 1 for _, chips in command.players):
        raise refuse(message("every survivor brings chips to day 2"), rule=RULE)
    items = len(state.structure.items) if state.structure is not None else 1
    if not 0 <= command.item < items or not 0 <= command.elapsed < 86_400:
        raise refuse(
            message(
                "day 2 resumes at an item of its structure, from 1 to {items}, not {item}",
                items=items,
                item=command.item + 1,
            ),
            rule=RESUME,
        )
    result: list[TournamentEvent] = []
    stacks = []
    for number, (player, chips) in enumerate(command.players, start=1):
        result.append(ctx.event(events.PlayerRegistered, entry=number, player=player))
        stacks.append((number, chips))
    result.append(
        ctx.event(
            events.FlightsMerged,
            flights=command.flights,
            pool=command.pool,
            entries=command.entries,
            stacks=tuple(stacks),
            day=command.day,
            item=command.item,
            elapsed=command.elapsed,
        )
    )
    return result
