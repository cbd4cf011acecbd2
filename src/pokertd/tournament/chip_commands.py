"""Chip commands: the chip race at a table and chips of a raced denomination found later
(CHIP-WHEN, CHIP-CARDS, CHIP-ORDER ... CHIP-LATE-FOUND).

The race itself is worked out by ``chiprace.race``; these handlers take the seats and stacks
from the tournament, and turn the record into stack changes the state applies.
"""

from __future__ import annotations

from pokertd.cards import Card
from pokertd.errors import IllegalActionError, ParseError
from pokertd.messages import message
from pokertd.tournament import chiprace, commands, events, table_commands
from pokertd.tournament.events import TournamentEvent
from pokertd.tournament.handlers import Context, handles
from pokertd.tournament.refusals import (
    RULE_LIVE_HAND,
    find_playing,
    find_table,
    refuse,
    require_out_of_hand,
)
from pokertd.tournament.state import TournamentState


def next_dealer(state: TournamentState, table: int) -> int | None:
    """The seat of the next hand's button, which BAN/CHIPRACE deals the race from."""
    try:
        return table_commands.next_hand(state, table).blinds.button
    except IllegalActionError:
        return None


@handles(commands.RunChipRace)
def _run_chip_race(
    state: TournamentState, command: commands.RunChipRace, ctx: Context
) -> list[TournamentEvent]:
    """CHIP-CARDS (LFP 10.1-10.2, TDA 24A, GM 2°, BAN/CHIPRACE): one table's race."""
    table = find_table(state, command.table)
    seats = {seat: int(entry) for seat, entry in table.players.items()}
    if command.table in state.in_progress:  # EVENT-LIVE-HAND
        raise refuse(
            message(
                "table {table} is playing a hand: race the chips between hands", table=command.table
            ),
            rule=RULE_LIVE_HAND,
        )
    # CHIP-CARDS: a stack given for an empty seat is refused like chips raced there, so
    # that a mistyped seat number never races the wrong player's chips.
    unknown = sorted((set(command.chips) | set(command.stacks)) - set(seats))
    if unknown:
        raise refuse(
            message(
                "nobody sits at seat {unknown} of table {table}",
                unknown=unknown[0],
                table=command.table,
            )
        )
    stacks = {}
    for seat, number in seats.items():
        stack = command.stacks.get(seat, state.entries[number].stack)
        if stack is None:
            raise refuse(
                message("the stack at seat {seat} is not known: give it with the race", seat=seat)
            )
        if stack < 0:
            raise ParseError(
                message("a stack is not negative: seat {seat} has {stack}", seat=seat, stack=stack)
            )
        stacks[seat] = stack
    cards = {seat: [Card.parse(text) for text in texts] for seat, texts in command.cards.items()}
    record = chiprace.race(
        command.chips,
        old=command.old,
        new=command.new,
        stacks=stacks,
        profile=state.profile,
        dealer=next_dealer(state, command.table),
        rng=None if cards else ctx.rng,
        cards=cards or None,
    )
    changes = tuple((seats[seat], change) for seat, change in record.stack_changes().items())
    # The stacks given with the race replace those known (CHIP-NO-ELIMINATION reads them):
    # they are reported first, so that the race's changes apply to them.
    reported = [
        ctx.event(events.StackReported, entry=seats[seat], chips=stack)
        for seat, stack in sorted(command.stacks.items())
        if stack != state.entries[seats[seat]].stack
    ]
    return [
        *reported,
        ctx.event(
            events.ChipRaceRun,
            table=command.table,
            race=record.to_dict(),
            changes=changes,
            created=record.created,
        ),
    ]


@handles(commands.FindChips)
def _find_chips(
    state: TournamentState, command: commands.FindChips, ctx: Context
) -> list[TournamentEvent]:
    """CHIP-LATE-FOUND (LFP 10.7, TDA 24C, GM 2°, BAN/CHIPRACE): chips found after a race."""
    entry = find_playing(state, command.entry)
    # EVENT-LIVE-HAND: the chips found change the stack the hand in progress is playing
    require_out_of_hand(state, entry)
    # Only the races still in force: an undone race removed no chip (CHIP-LATE-FOUND).
    raced = [
        event.race
        for event in ctx.history
        if isinstance(event, events.ChipRaceRun)
        and event.race["old"] == command.old
        and event.cmd not in ctx.undone
    ]
    if not raced:
        raise refuse(
            message("no chip race has removed the {old} chips", old=command.old),
            rule="CHIP-LATE-FOUND",
        )
    found = chiprace.late_found(command.count, command.old, raced[-1]["new"], state.profile)
    if found.removed > (entry.stack or 0):
        raise refuse(
            message(
                "entry {entry}'s stack ({stack}) cannot hold {count} chips of "
                "{old}: report his stack first",
                entry=entry.number,
                stack=entry.stack,
                count=command.count,
                old=command.old,
            )
        )
    return [ctx.event(events.ChipsFound, entry=entry.number, found=found.to_dict())]
