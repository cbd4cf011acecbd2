"""Which moves the tables need now: the final table, breaking tables, balancing (TBL-*).

Pure: the state and a random source in, proposed moves out. ``seating`` does the work for one
step; this module decides which step is due under the rule profile.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from pokertd.rules import FinalTableSize, NewPlayerBetweenBlinds, Profile, Redraws
from pokertd.tournament import seating
from pokertd.tournament.seating import Move, Table

MoveTuple = tuple[int, int, int, int, int, str, str]


def between_blinds_allowed(profile: Profile) -> bool:
    """Whether a newcomer may be given the seat between the small blind and the button
    (TBL-BREAK-SEATING: TDA 7A, 9 say no; LFP 6.12, BAN, GM 24° let him sit and wait)."""
    return profile.new_player_between_blinds is not NewPlayerBetweenBlinds.SEAT_NOT_ASSIGNED


def max_difference(profile: Profile, tables: int) -> int:
    """The largest difference in players allowed between tables (TBL-BALANCE-THRESHOLD)."""
    late = profile.late_balance_from_tables
    if late and tables <= late:
        return profile.late_balance_max_difference  # GM 25°b
    return profile.balance_max_difference


def final_table_size(profile: Profile, table_size: int) -> int:
    """TBL-FINAL-SIZE (TDA 11): one more than a full table, at most 10, or a full table; a
    heads-up event keeps its tables of two (TDA 11: "not applicable to heads-up events")."""
    if table_size <= 2:
        return table_size
    rule = profile.final_table_size
    return seating.final_table_size(
        table_size, "table-size" if rule is FinalTableSize.TABLE_SIZE else "table-size-plus-one"
    )


def propose(
    tables: dict[int, Table],
    profile: Profile,
    *,
    table_size: int,
    break_order: tuple[int, ...],
    entrants: Callable[[], int],
    rng: random.Random,
    first_buttons: dict[int, int] | None = None,
) -> list[MoveTuple]:
    """Return the moves due now, in the order they are made (empty when none is due).

    ``entrants`` counts the field when a redraw may be due (a table breaks, the final table
    forms): counting it costs a look at every entry, and balancing, most of the calls, needs
    none.
    """
    players = sum(len(table.players) for table in tables.values())
    if len(tables) > 1 and players <= final_table_size(profile, table_size):
        return _final_table(tables, profile, break_order, entrants(), rng)
    if seating.tables_to_break(list(tables.values()), table_size) > 0:
        return _break_next(tables, profile, table_size, break_order, entrants, rng)
    difference = max_difference(profile, len(tables))
    if seating.needs_balancing(list(tables.values()), difference):
        moves = seating.balance_moves(
            [tables[number] for number in sorted(tables)],
            max_difference=difference,
            rng=rng,
            between_blinds_allowed=between_blinds_allowed(profile),
            initial_buttons=first_buttons or {},
        )
        return [_tuple(move) for move in moves]
    return []


def next_to_break(tables: dict[int, Table], break_order: tuple[int, ...]) -> int:
    """The next table in the break order still open; by default the highest-numbered one
    (TBL-BREAK-ORDER: LFP 6.6, GM 25°: a pre-established order)."""
    for number in break_order:
        if number in tables:
            return number
    return max(tables)


def _break_next(
    tables: dict[int, Table],
    profile: Profile,
    table_size: int,
    break_order: tuple[int, ...],
    entrants: Callable[[], int],
    rng: random.Random,
) -> list[MoveTuple]:
    breaking = next_to_break(tables, break_order)
    moves = _break_moves([tables[number] for number in sorted(tables)], breaking, profile, rng)
    left = len(tables) - 1
    # SEAT-REDRAW: no rule redraws a room of more than three tables, whatever the field (the
    # field is counted only then: a big field breaks a table every few hands).
    field = entrants() if left <= 3 else 0
    if seating.redraw_due(left, field, _redraw_rule(profile)) and left > 1:
        # SEAT-REDRAW (GM 25°b): break, then redraw every seat of the tables left.
        players = [str(entry) for table in tables.values() for entry in table.players.values()]
        numbers = [number for number in sorted(tables) if number != breaking]
        drawn = seating.redraw(players, numbers, table_size, rng, current=list(tables.values()))
        return [_tuple(move) for move in drawn]
    return [_tuple(move) for move in moves]


def _final_table(
    tables: dict[int, Table],
    profile: Profile,
    break_order: tuple[int, ...],
    entrants: int,
    rng: random.Random,
) -> list[MoveTuple]:
    """Bring the players to the final table: the last table of the break order stays."""
    remaining = sorted(tables)
    staying = remaining[0]
    for number in break_order:
        if number in tables:
            staying = number  # the last one in the break order that is still open
    size = final_table_size(profile, tables[staying].size)
    if seating.redraw_due(1, entrants, _redraw_rule(profile)):
        # SEAT-REDRAW: LFP 1.5 (the final table is redrawn), GM 25°b.
        players = [str(entry) for table in tables.values() for entry in table.players.values()]
        moves = seating.redraw(players, [staying], size, rng, current=list(tables.values()))
        return [_tuple(move, reason="final-table") for move in moves]
    moves_all: list[MoveTuple] = []
    current = dict(tables)
    final = current[staying]
    current[staying] = Table(
        final.number,
        size,
        final.players,
        final.last_hand,
        final.newcomers,
        final.waiting_for_big_blind,
    )
    for number in remaining:
        if number == staying:
            continue
        # Into the final table only: a player must not land on a table that breaks next.
        moves = _break_moves([current[staying], current[number]], number, profile, rng)
        moves_all.extend(_tuple(move) for move in moves)
        current = _after(current, moves)
        del current[number]
    return moves_all


def _break_moves(
    tables: list[Table], breaking: int, profile: Profile, rng: random.Random
) -> list[Move]:
    """TBL-BREAK-SEATING: the two-step draw into the other tables' open seats (TDA 9, Add.9)."""
    return seating.break_moves(
        tables, breaking, rng=rng, between_blinds_allowed=between_blinds_allowed(profile)
    )


def _after(tables: dict[int, Table], moves: list[Move]) -> dict[int, Table]:
    result = dict(tables)
    for move in moves:
        result[move.from_table] = result[move.from_table].without_player(move.from_seat)
        result[move.to_table] = result[move.to_table].with_player(move.to_seat, move.entry)
    return result


def _redraw_rule(profile: Profile) -> str:
    return {
        Redraws.NONE: "none",
        Redraws.FINAL_TABLE: "final-table",
        Redraws.BY_FIELD_SIZE: "by-field-size",
    }[profile.redraws]


def _tuple(move: Move, reason: str | None = None) -> MoveTuple:
    return (
        int(move.entry),
        move.from_table,
        move.from_seat,
        move.to_table,
        move.to_seat,
        reason or move.reason,
        move.card or "",
    )
