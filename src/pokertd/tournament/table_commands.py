"""Tables: hands (who deals, who plays), moves (balancing, breaking, the final table), the
button, and the halt of a short table (TBL-BALANCE-HALT)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from pokertd.errors import ParseError
from pokertd.messages import message
from pokertd.rules import BalanceHalt
from pokertd.tournament import clock, commands, events, moves, rotation, seating
from pokertd.tournament.events import TournamentEvent
from pokertd.tournament.handlers import Context, handles
from pokertd.tournament.refusals import (
    RULE_LIVE_HAND,
    find_entry,
    find_playing,
    find_table,
    refuse,
    structure_of,
)
from pokertd.tournament.state import Entry, TournamentState
from pokertd.tournament.structure import Level

MOVE_REASONS = tuple(seating.MoveReason)

# -- hands -----------------------------------------------------------------------------------------


@handles(commands.StartHand)
def _start_hand(
    state: TournamentState, command: commands.StartHand, ctx: Context
) -> list[TournamentEvent]:
    table = find_table(state, command.table)
    if command.table in state.in_progress:
        raise refuse(message("a hand is already in progress at table {table}", table=command.table))
    if is_halted(state, command.table):
        raise refuse(
            message("table {table} waits for the tables to be balanced", table=command.table),
            rule="TBL-BALANCE-HALT",
        )
    if state.winner is not None:
        raise refuse(message("the tournament is over"))
    nxt = next_hand(state, command.table)
    if state.hand_for_hand and command.table in state.hfh_round:
        raise refuse(
            message(
                "hand-for-hand: table {table} waits until every table has played this hand",
                table=command.table,
            ),
            rule="HFH-CLOCK",
        )
    if state.hand_for_hand and state.hfh_round:
        item = state.hfh_item
    elif state.hand_for_hand:
        _, item = clock.hand_for_hand_hand_started(
            state.clock,
            structure_of(state),
            ctx.now,
            seconds_per_hand=state.profile.hand_for_hand_seconds,
            **state.clock_options(),
        )
    else:
        item, _ = clock.level_for_new_hand(
            state.clock, structure_of(state), ctx.now, **state.clock_options()
        )
    level = structure_of(state).items[item]
    if isinstance(level, Level) and rotation.is_stud_game(level.game):
        # TBL-MIXED-BUTTON (TDA 10B): a stud hand deals everyone, the button frozen.
        nxt = rotation.stud_hand(table, nxt)
    killed = tuple(
        int(table.players[seat])
        for seat in nxt.dealt
        if _is_killed(state.entries[int(table.players[seat])])
    )
    number = state.hands_played.get(command.table, 0) + 1
    # Built only for a live table's hand: most hands (the console's, the simulation's) are not.
    live = (
        [ctx.event(events.HandPlayedLive, table=command.table, hand=number)] if command.live else []
    )
    return [
        ctx.event(
            events.HandStarted,
            table=command.table,
            hand=number,
            item=item,
            button=nxt.blinds.button,
            small_blind=nxt.blinds.small_blind,
            big_blind=nxt.blinds.big_blind,
            dealt=nxt.dealt,
            sitting_out=nxt.sitting_out,
            killed=killed,
            hand_for_hand=state.hand_for_hand,
        ),
        *live,
    ]


@handles(commands.DealHandForHand)
def _deal_hand_for_hand(
    state: TournamentState, command: commands.DealHandForHand, ctx: Context
) -> list[TournamentEvent]:
    """One hand-for-hand hand at every table that can deal, started (the first start charges
    the level clock once, HFH-CLOCK: TDA PR-8B) and recorded as played, the button moving on.

    Every table is checked against the same state, before any of them starts: the same round,
    the same level item; a table with a hand in progress (its table app) refuses it all. The
    tables that played this hand on their table app wait (HFH-CLOCK): it is dealt at the others
    only, which ends the round (without it the console could never finish the hand)."""
    if not state.hand_for_hand:
        raise refuse(message("hand-for-hand is not on"), rule="HFH-CLOCK")
    dealing = [
        number
        for number, table in sorted(state.tables.items())
        if len(table.players) >= 2 and number not in state.hfh_round
    ]
    if not dealing:
        raise refuse(message("no table has two players to deal to"), rule="HFH-CLOCK")
    started = [
        event for number in dealing for event in _start_hand(state, commands.StartHand(number), ctx)
    ]
    finished = [
        ctx.event(events.HandFinished, table=event.table, hand=event.hand)
        for event in started
        if isinstance(event, events.HandStarted)
    ]
    return [*started, *finished]


def next_hand(state: TournamentState, table_number: int) -> seating.NextHand:
    """Return who is button, small blind and big blind at a table next hand, and who plays
    (BTN-DEAD-BUTTON, BTN-NEW-PLAYER, BTN-HU-TRANSITION)."""
    table = find_table(state, table_number)
    playing = state.in_progress.get(table_number)
    if playing is not None and not playing.is_button_frozen:  # the hand after the one played
        table = table.after_hand(playing.blinds)  # (a stud hand's: TBL-MIXED-BUTTON, TDA 10B)
    first = state.first_buttons.get(table_number)
    if first is None and table.players:
        first = min(table.players)  # a table opened without a draw: its first seat deals
    try:
        return seating.next_hand(table, initial_button=first, newcomer_between_blinds_sits_out=True)
    except ValueError:
        raise refuse(
            message(
                "table {table_number} has fewer than two players to deal to",
                table_number=table_number,
            )
        ) from None


@handles(commands.FinishHand)
def _finish_hand(
    state: TournamentState, command: commands.FinishHand, ctx: Context
) -> list[TournamentEvent]:
    find_table(state, command.table)
    hand = state.in_progress.get(command.table)
    if hand is None:
        raise refuse(message("no hand is in progress at table {table}", table=command.table))
    for number, chips in command.stacks.items():
        entry = find_entry(state, number)
        if entry.table != command.table or chips < 0:
            raise ParseError(
                message(
                    "entry {number} is not at table {table} or has {chips}",
                    number=number,
                    table=command.table,
                    chips=chips,
                )
            )
    stacks = tuple(sorted(command.stacks.items()))
    return [ctx.event(events.HandFinished, table=command.table, hand=hand.number, stacks=stacks)]


# -- tables ----------------------------------------------------------------------------------------


@handles(commands.SetBreakOrder)
def _set_break_order(
    state: TournamentState, command: commands.SetBreakOrder, ctx: Context
) -> list[TournamentEvent]:
    if len(set(command.tables)) != len(command.tables):
        raise ParseError(message("a table appears twice in the break order"))
    return [ctx.event(events.BreakOrderSet, tables=command.tables)]


def proposals(state: TournamentState, rng: random.Random) -> list[moves.MoveTuple]:
    """Return the moves due now (final table, breaking, balancing) without recording them."""
    return moves.propose(
        dict(state.tables),
        state.profile,
        table_size=state.table_size,
        break_order=state.break_order,
        entrants=lambda: sum(
            1 for e in state.entries.values() if e.table is not None or e.place is not None
        ),
        rng=rng,
        first_buttons=state.first_buttons,
    )


@handles(commands.ProposeMoves)
def _propose_moves(
    state: TournamentState, command: commands.ProposeMoves, ctx: Context
) -> list[TournamentEvent]:
    found = proposals(state, ctx.rng)
    if not found:
        raise refuse(message("no move is due: the tables are balanced"))
    return [ctx.event(events.MovesProposed, moves=tuple(found))]


@handles(commands.ConfirmMoves)
def _confirm_moves(
    state: TournamentState, command: commands.ConfirmMoves, ctx: Context
) -> list[TournamentEvent]:
    if command.moves is None:
        chosen = state.pending_moves
        if not chosen:
            raise refuse(message("no moves are proposed"))
    else:
        chosen = tuple(_move_tuple(state, move) for move in command.moves)
    _check_origins(state, chosen)
    final = _final_table_after(state, chosen)
    _check_targets(state, chosen, final)
    result: list[TournamentEvent] = []
    if final is not None:
        result.append(ctx.event(events.TableResized, table=final[0], size=final[1]))
    result.append(ctx.event(events.PlayersMoved, moves=chosen))
    emptied = _emptied_by(state, chosen)
    result.extend(ctx.event(events.TableClosed, table=number) for number in emptied)
    redrawn = sorted({move[3] for move in chosen if move[5] in ("redraw", "final-table")})
    for number in redrawn:
        seats = sorted({move[4] for move in chosen if move[3] == number})
        result.append(ctx.event(events.TableButtonSet, table=number, seat=ctx.rng.choice(seats)))
    return result


def _move_tuple(state: TournamentState, move: commands.Move) -> moves.MoveTuple:
    entry = find_playing(state, move.entry)
    assert entry.table is not None
    assert entry.seat is not None
    return (
        entry.number,
        entry.table,
        entry.seat,
        move.table,
        move.seat,
        move.reason,
        move.card,
    )


def _check_origins(state: TournamentState, chosen: Sequence[moves.MoveTuple]) -> None:
    if len({move[0] for move in chosen}) != len(chosen):
        raise ParseError(message("an entry is moved twice"))
    for number, from_table, from_seat, table, _, reason, _ in chosen:
        entry = find_playing(state, number)
        if (entry.table, entry.seat) != (from_table, from_seat):
            raise refuse(
                message(
                    "entry {number} is no longer at table {from_table} seat {from_seat}",
                    number=number,
                    from_table=from_table,
                    from_seat=from_seat,
                )
            )
        if table in state.in_progress or from_table in state.in_progress:
            # EVENT-LIVE-HAND: players move between hands, the tables they leave and join idle
            raise refuse(
                message(
                    "a hand is in progress at table {from_table} or {table}",
                    from_table=from_table,
                    table=table,
                ),
                rule=RULE_LIVE_HAND,
            )
        if reason not in MOVE_REASONS:
            raise ParseError(
                message(
                    "a move is for {reasons}, not {reason!r}",
                    reasons=", ".join(MOVE_REASONS),
                    reason=reason,
                )
            )


def _check_targets(
    state: TournamentState, chosen: Sequence[moves.MoveTuple], final: tuple[int, int] | None
) -> None:
    """Each target seat exists at its table (the final table counted at its new size) and is
    free, or freed by another move of the same batch."""
    moving = {move[0] for move in chosen}
    targets: set[tuple[int, int]] = set()
    for _, _, _, table, seat, _, _ in chosen:
        if (table, seat) in targets:
            raise ParseError(
                message(
                    "two players are moved to table {table} seat {seat}", table=table, seat=seat
                )
            )
        targets.add((table, seat))
        current = state.tables.get(table)
        size = current.size if current is not None else state.table_size
        if final is not None and final[0] == table:
            size = final[1]
        if not 1 <= seat <= size:
            raise ParseError(
                message(
                    "table {table} has no seat {seat} (it seats {size})",
                    table=table,
                    seat=seat,
                    size=size,
                )
            )
        holder = current.players.get(seat) if current is not None else None
        if holder is not None and int(holder) not in moving:
            raise refuse(
                message(
                    "table {table} seat {seat} is taken by entry {holder}",
                    table=table,
                    seat=seat,
                    holder=holder,
                )
            )


def _final_table_after(
    state: TournamentState, chosen: Sequence[moves.MoveTuple]
) -> tuple[int, int] | None:
    tables = set(state.tables) - set(_emptied_by(state, chosen))
    if len(state.tables) > 1 and len(tables) == 1:
        number = tables.pop()
        return number, moves.final_table_size(state.profile, state.tables[number].size)
    return None


def _emptied_by(state: TournamentState, chosen: Sequence[moves.MoveTuple]) -> list[int]:
    leaving: dict[int, int] = {}
    arriving: set[int] = {move[3] for move in chosen}
    for move in chosen:
        leaving[move[1]] = leaving.get(move[1], 0) + 1
    return sorted(
        number
        for number, count in leaving.items()
        if count == len(state.tables[number].players) and number not in arriving
    )


@handles(commands.SetButton)
def _set_button(
    state: TournamentState, command: commands.SetButton, ctx: Context
) -> list[TournamentEvent]:
    table = find_table(state, command.table)
    if not 1 <= command.seat <= table.size:
        raise ParseError(
            message("table {table} has no seat {seat}", table=command.table, seat=command.seat)
        )
    if command.table in state.in_progress:  # EVENT-LIVE-HAND: the hand has its button
        raise refuse(
            message("a hand is in progress at table {table}", table=command.table),
            rule=RULE_LIVE_HAND,
        )
    return [ctx.event(events.TableButtonSet, table=command.table, seat=command.seat)]


#: The seats a table has in a full-ring event (TDA 10D: "full-ring (table complète de 8, 9 ou 10
#: joueurs)").
FULL_RING = range(8, 11)


def is_halted(state: TournamentState, table_number: int) -> bool:
    """TBL-BALANCE-HALT: play stops at a table short of players until the tables are balanced:
    always under GM 25°, in full-ring events under TDA 10D. Elsewhere (TDA 10D's other formats,
    LFP 6.8's request) stopping it is a person's decision: see ``may_halt``."""
    rule = state.profile.balance_halt
    full_ring = rule is BalanceHalt.FULL_RING and state.table_size in FULL_RING
    return (rule is BalanceHalt.MANDATORY or full_ring) and is_short(state, table_number)


def may_halt(state: TournamentState, table_number: int) -> bool:
    """TBL-BALANCE-HALT: whether the table is short and play there may stop, at the director's
    decision (TDA 10D: 6-handed, turbos and other formats) or at a player's request (LFP 6.8):
    pokertd offers the halt and does not impose it."""
    return not is_halted(state, table_number) and is_short(state, table_number)


def is_short(state: TournamentState, table_number: int) -> bool:
    """Whether the table is short of players by more than the profile allows
    (TBL-BALANCE-THRESHOLD) and a balancing move can be made now."""
    return table_number in short_tables(state)


def short_tables(state: TournamentState) -> frozenset[int]:
    """The tables short of players by more than the profile allows (TBL-BALANCE-THRESHOLD),
    when a balancing move can be made now; worked out once per state (kept on it until the
    next event): a display asks it of every table, and the moves due cost a draw each time."""
    if state.short_tables is None:
        state.short_tables = _short_tables(state)
    return state.short_tables


def _short_tables(state: TournamentState) -> frozenset[int]:
    if len(state.tables) < 2:
        return frozenset()
    # The tables by number of players are kept on the state: a balanced room (most hands) is
    # known at once, without counting every table before every hand.
    allowed = moves.max_difference(state.profile, len(state.tables))
    most, least = max(state.table_counts), min(state.table_counts)
    if most - least <= allowed:
        return frozenset()
    short = frozenset(
        number for number, table in state.tables.items() if most - len(table.players) > allowed
    )
    # A table whose open seats no balanced player may take this hand (only the small
    # blind's, or seats between the button and the small blind under TDA 9) plays on:
    # halting it would stop it for good. The draw's randomness does not matter here.
    return short if short and moves_due(state) else frozenset()


def moves_due(state: TournamentState) -> tuple[moves.MoveTuple, ...]:
    """The moves due now (``proposals``) drawn with a fixed seed, to show or to check that
    some are due (nothing is recorded); worked out once per state, kept until the next event."""
    if state.moves_due is None:
        state.moves_due = tuple(proposals(state, random.Random(0)))
    return state.moves_due


def _is_killed(entry: Entry) -> bool:
    """ABS-DEAD-HAND, PEN-SERVING: an absent or penalised player is dealt in and his hand killed."""
    return not entry.is_present or entry.penalty_hands > 0 or entry.is_leaving
