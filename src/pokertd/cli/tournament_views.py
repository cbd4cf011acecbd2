"""What ``pokertd tournament`` prints: events, the clock, tables, moves, entries, standings, log.

Rendering only: every number shown here comes from the domain (``Tournament``, its state, its
clock view, its proposals); this module turns it into lines of text or JSON-friendly dicts.
Entries are shown as ``#12 Alice``, seats as ``seat 4``, times left as ``mm:ss``.
"""

from __future__ import annotations

import datetime
import math
import random
from collections.abc import Iterable, Sequence
from typing import Any

from pokertd.errors import PokertdError
from pokertd.tournament import events as ev
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.clock import ClockView
from pokertd.tournament.seating import Blinds, NextHand, Table
from pokertd.tournament.state import Entry, EntryStatus, HandInProgress, TournamentState
from pokertd.tournament.structure import Level, Structure

MoveTuple = tuple[int, int, int, int, int, str, str]

#: Entries still in the running, shown by ``entries`` without ``--all``.
STILL_IN = (EntryStatus.REGISTERED, EntryStatus.ALTERNATE, EntryStatus.SEATED)


# -- small pieces ---------------------------------------------------------------------------------


def mmss(seconds: float, *, signed: bool = False) -> str:
    """Return seconds as ``mm:ss`` (rounded up, as a countdown shows them).

    >>> mmss(719.2), mmss(3600), mmss(-90, signed=True)
    ('12:00', '60:00', '-01:30')
    """
    whole = math.ceil(abs(seconds) - 1e-6)
    text = f"{whole // 60:02d}:{whole % 60:02d}"
    if signed:
        return ("-" if seconds < 0 else "+") + text
    return text


def ordinal(number: int) -> str:
    """Return ``1st``, ``2nd``, ``11th``, ``23rd``...

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 102)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '102nd']
    """
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


def places(place: int | None, shared: int) -> str:
    """Return a place as shown in standings: ``9``, or ``9-10`` for two players sharing 9th.

    >>> places(9, 2), places(3, 1), places(None, 1)
    ('9-10', '3', '-')
    """
    if place is None:
        return "-"
    return f"{place}-{place + shared - 1}" if shared > 1 else str(place)


def level_label(level: Level) -> str:
    """Return ``200/400 ante 50`` (and the game when it is not no-limit hold'em).

    >>> level_label(Level(200, 400, 50, game="plo"))
    '200/400 ante 50 plo'
    """
    text = f"{level.small_blind}/{level.big_blind}"
    if level.ante:
        text += f" ante {level.ante}"
    return text if level.game == "nlhe" else f"{text} {level.game}"


def who(state: TournamentState, number: int) -> str:
    """Return ``#12 Alice`` (or ``#12`` for an entry the state no longer knows)."""
    entry = state.entries.get(number)
    return f"#{number} {entry.player}" if entry is not None else f"#{number}"


def local_time(at: str) -> str:
    """Return an event's ISO time as local ``YYYY-MM-DD HH:MM:SS``."""
    moment = datetime.datetime.fromisoformat(at)
    return moment.astimezone().strftime("%Y-%m-%d %H:%M:%S")


def table_text(rows: Sequence[Sequence[str]], *, indent: str = "") -> list[str]:
    """Return rows as aligned columns (the last column is not padded)."""
    if not rows:
        return []
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    return [
        (
            indent + "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    ]


# -- events ---------------------------------------------------------------------------------------


def event_json(event: ev.TournamentEvent) -> dict[str, Any]:
    """Return an event as ``{"type": "players-busted", ...its fields}``."""
    return {"type": event.name, **ev.to_data(event)}


def outcome_json(tournament_id: str, version: int, new: Iterable[ev.TournamentEvent]) -> Any:
    """Return the JSON document every changing command prints."""
    return {
        "tournament": tournament_id,
        "version": version,
        "events": [event_json(event) for event in new],
    }


def describe_events(new: Sequence[ev.TournamentEvent], tournament: Tournament) -> list[str]:
    """Return the lines telling what ``new`` events did, in order."""
    lines: list[str] = []
    for event in new:
        lines.extend(describe(event, tournament))
    return lines


def describe(event: ev.TournamentEvent, tournament: Tournament) -> list[str]:
    """Return the lines telling one event (the first line is the summary)."""
    state = tournament.state
    match event:
        case ev.TournamentCreated():
            return _created(event)
        case ev.PlayerRegistered(entry=number, player=player, is_alternate=alternate):
            text = f"#{number} {player} registered"
            if alternate:
                text += " as an alternate (the field is full)"
            if event.reentry_of is not None:
                text += f" (re-entry of #{event.reentry_of})"
            return [text]
        case ev.EntryWithdrawn(entry=number):
            return [f"{who(state, number)} withdrawn"]
        case ev.PlayerCheckedIn(entry=number):
            return [f"{who(state, number)} checked in"]
        case ev.SeatsDrawn(seats=seats, buttons=buttons):
            tables = sorted({table for _, table, _ in seats})
            lines = [f"seats drawn: {len(seats)} players at {len(tables)} table(s)"]
            first = dict(buttons)
            for number in tables:
                at = sorted((seat, entry) for entry, table, seat in seats if table == number)
                listed = ", ".join(f"{seat}: {who(state, entry)}" for seat, entry in at)
                lines.append(f"  table {number} (button seat {first.get(number, '?')}): {listed}")
            return lines
        case ev.PlayerSeated(entry=number, table=table, seat=seat, stack=stack):
            text = f"{who(state, number)} seated at table {table} seat {seat} with {stack}"
            return [text + (", waits for the big blind" if event.waits_for_big_blind else "")]
        case ev.ClockStarted():
            return ["clock started"]
        case ev.ClockPaused():
            return ["clock paused"]
        case ev.ClockResumed():
            return ["clock resumed"]
        case ev.ClockAdjusted(seconds=seconds):
            return [f"clock adjusted by {mmss(seconds, signed=True)}"]
        case ev.LevelSkipped():
            return ["clock moved on to the next level or break"]
        case ev.LevelWentBack():
            return ["clock went back to the start of the level (or the one before)"]
        case ev.HandStarted():
            return _hand_started(event, state)
        case ev.HandFinished(table=table, hand=hand, stacks=stacks):
            text = f"table {table} hand {hand} finished"
            if stacks:
                text += "; stacks " + ", ".join(f"{who(state, e)} {c}" for e, c in stacks)
            return [text]
        case ev.PlayersBusted(results=results):
            return [_busted(state, result) for result in results]
        case ev.PlayerArrived(entry=number):
            return [f"{who(state, number)} is at the table"]
        case ev.PlayerWentAway(entry=number):
            return [f"{who(state, number)} went away: dealt in, hands killed, blinds posted"]
        case ev.PlayerQuit(entry=number, chips_removed=removed, place=place):
            if removed:
                spot = f" in {ordinal(place)} place" if place else ""
                return [f"{who(state, number)} left the tournament{spot}; chips removed"]
            return [f"{who(state, number)} left the tournament; chips stay in, blinded off"]
        case ev.PlayerDisqualified(entry=number, reason=reason):
            because = f" ({reason})" if reason else ""
            return [f"{who(state, number)} disqualified{because}; chips removed from play"]
        case ev.PenaltyGiven(entry=number, hands=hands, reason=reason):
            because = f" ({reason})" if reason else ""
            if not hands:
                return [f"{who(state, number)} warned{because}"]
            return [f"{who(state, number)} penalised: sits out {hands} hand(s){because}"]
        case ev.BreakOrderSet(tables=tables):
            return ["break order: tables " + ", ".join(str(t) for t in tables)]
        case ev.MovesProposed(moves=moves):
            return ["moves proposed (to confirm):", *move_lines(moves, state)]
        case ev.PlayersMoved(moves=moves):
            return ["players moved:", *move_lines(moves, state)]
        case ev.TableResized(table=table, size=size):
            return [f"table {table} now seats {size}"]
        case ev.TableClosed(table=table):
            return [f"table {table} closed"]
        case ev.TableButtonSet(table=table, seat=seat):
            return [f"table {table}: the button is at seat {seat} for the next hand"]
        case ev.HandForHandStarted():
            return ["hand-for-hand started"]
        case ev.HandForHandEnded():
            return ["hand-for-hand ended"]
        case ev.LastHandsAnnounced(count=count):
            return [f"the last {count} hands of the day are announced"]
        case ev.DayEnded(day=day, stacks=stacks):
            return [f"day {day} ended: {len(stacks)} stacks bagged"]
        case ev.DayStarted(day=day):
            return [f"day {day} started"]
        case ev.StackReported(entry=number, chips=chips):
            return [f"{who(state, number)} has {chips}"]
        case ev.TournamentFinished(winner=winner):
            return [f"{who(state, winner)} wins the tournament"]
        case ev.CommandUndone(undone=undone):
            cancelled = [
                f"{describe(e, tournament)[0]} (event {version})"
                for version, e in enumerate(tournament.events, start=1)
                if e.cmd == undone and not isinstance(e, ev.CommandUndone)
            ]
            return [f"undone: {cancelled[0] if cancelled else f'command {undone}'}"] + [
                f"  and {line}" for line in cancelled[1:]
            ]
    return [event.name]


def _created(event: ev.TournamentCreated) -> list[str]:
    structure = Structure.from_dict(event.structure)
    limit = f"at most {event.max_players} players" if event.max_players else "no player limit"
    levels = event.late_registration_levels
    late = (
        f"late registration to the end of level {levels}"
        if levels
        else "no late registration after the draw"
    )
    lines = [
        f"tournament created: {event.title!r}, profile {event.profile}",
        f"  structure {structure.name or '(custom)'}: {len(structure.levels)} levels, "
        f"starting stack {structure.starting_stack}, chips "
        + "/".join(str(chip) for chip in structure.chips),
        f"  tables of {event.table_size}, {limit}, {late}",
    ]
    if event.break_order:
        lines.append("  break order: tables " + ", ".join(str(t) for t in event.break_order))
    return lines


def _hand_started(event: ev.HandStarted, state: TournamentState) -> list[str]:
    structure = state.structure
    item = structure.items[event.item] if structure is not None else None
    if isinstance(item, Level) and structure is not None:
        level = f"level {structure.level_number(event.item)} ({level_label(item)})"
    else:
        level = "a break"
    lines = [
        f"table {event.table} hand {event.hand} started at {level}"
        + (", hand-for-hand" if event.hand_for_hand else ""),
        f"  button seat {event.button}, small blind seat {event.small_blind}, "
        f"big blind seat {event.big_blind}; {len(event.dealt)} dealt in",
    ]
    if event.sitting_out:
        lines.append("  sitting out: seats " + ", ".join(str(s) for s in event.sitting_out))
    if event.killed:
        killed = ", ".join(who(state, number) for number in event.killed)
        lines.append(f"  hands killed (absent or penalised): {killed}")
    return lines


def _busted(state: TournamentState, result: tuple[int, int, int, int | None]) -> str:
    number, place, shared, start_stack = result
    if shared > 1:
        text = f"{who(state, number)} busted, sharing places {places(place, shared)}"
    else:
        text = f"{who(state, number)} busted in {ordinal(place)} place"
    if start_stack is not None:
        text += f" (started the hand with {start_stack})"
    return text


def move_lines(moves: Sequence[MoveTuple], state: TournamentState) -> list[str]:
    """Return one aligned line per move: who, from where, to where, why, the card drawn."""
    rows = [
        [
            who(state, number),
            f"table {from_table} seat {from_seat}" if from_table else "(no seat)",
            "->",
            f"table {to_table} seat {to_seat}",
            reason + (f", card {card}" if card else ""),
        ]
        for number, from_table, from_seat, to_table, to_seat, reason, card in moves
    ]
    return table_text(rows, indent="  ")


def move_json(move: MoveTuple, state: TournamentState) -> dict[str, Any]:
    """Return one move as JSON."""
    number, from_table, from_seat, to_table, to_seat, reason, card = move
    entry = state.entries.get(number)
    return {
        "entry": number,
        "player": entry.player if entry is not None else None,
        "from_table": from_table,
        "from_seat": from_seat,
        "to_table": to_table,
        "to_seat": to_seat,
        "reason": reason,
        "card": card or None,
    }


# -- the clock ------------------------------------------------------------------------------------


def clock_lines(view: ClockView, state: TournamentState) -> list[str]:
    """Return the clock as a display shows it: level, time left, next level, next break."""
    running = _running(view, state)
    if view.is_break:
        lines = [
            f"Break: {mmss(view.remaining)} left ({running})",
            f"Then level {_number_after(view, state)}: {level_label(view.level)}",
        ]
    else:
        lines = [
            f"Level {view.level_number}: {level_label(view.level)}",
            f"Time left: {mmss(view.remaining)} ({running})",
        ]
        if view.next_level is not None:
            lines.append(f"Next level: {level_label(view.next_level)}")
    if view.next_break_in is not None:
        lines.append(f"Next break in: {mmss(view.next_break_in)}")
    else:
        lines.append("Next break: none")
    if view.hand_for_hand:
        lines.append("Hand-for-hand: on")
    if view.last_hands:
        lines.append(f"Last hands of the day: {view.last_hands} announced")
    return lines


def clock_summary(view: ClockView, state: TournamentState) -> str:
    """Return the clock on one line: ``Level 3: 125/250, 06:00 left (running)``."""
    left = f"{mmss(view.remaining)} left ({_running(view, state)})"
    if view.is_break:
        return f"Break, {left}, then level {_number_after(view, state)}: {level_label(view.level)}"
    return f"Level {view.level_number}: {level_label(view.level)}, {left}"


def _running(view: ClockView, state: TournamentState) -> str:
    if not state.clock.is_started:
        return "not started"
    if view.day_end_stop:
        return "stopped for the end of the day (DAY-END)"
    if view.hand_for_hand and not view.is_running:
        return "held: hand-for-hand hands are charged at their start"
    return "running" if view.is_running else "paused"


def clock_json(view: ClockView, state: TournamentState) -> dict[str, Any]:
    """Return the clock view as JSON, with whether the clock was started."""
    return {
        "started": state.clock.is_started,
        **view.to_dict(),
        "level_number_after_break": _number_after(view, state) if view.is_break else None,
    }


def _number_after(view: ClockView, state: TournamentState) -> int | None:
    structure = state.structure
    assert structure is not None
    for index in range(view.item + 1, len(structure.items)):
        number = structure.level_number(index)
        if number is not None:
            return number
    return None


# -- tables and the next hand ---------------------------------------------------------------------


def next_hand_json(upcoming: NextHand, table: Table) -> dict[str, Any]:
    """Return the next hand's positions by seat, and the entries sitting there."""

    def holder(seat: int) -> int | None:
        entry = table.players.get(seat)
        return int(entry) if entry is not None else None

    blinds = upcoming.blinds
    return {
        "button": {"seat": blinds.button, "entry": holder(blinds.button)},
        "small_blind": {"seat": blinds.small_blind, "entry": holder(blinds.small_blind)},
        "big_blind": {"seat": blinds.big_blind, "entry": holder(blinds.big_blind)},
        "dealt": list(upcoming.dealt),
        "sitting_out": list(upcoming.sitting_out),
        "heads_up": upcoming.is_heads_up,
        "has_small_blind": upcoming.has_small_blind,
        "dead_button": upcoming.is_button_dead,
    }


def next_hand_lines(upcoming: NextHand, table: Table, state: TournamentState) -> list[str]:
    """Return who is button, small blind and big blind next hand, and who sits out."""

    def seat_text(seat: int, empty: str) -> str:
        entry = table.players.get(seat)
        return f"seat {seat} {who(state, int(entry))}" if entry else f"seat {seat} ({empty})"

    blinds = upcoming.blinds
    dealt = ", ".join(str(seat) for seat in upcoming.dealt)
    lines = [
        f"Table {table.number}, next hand" + (" (heads-up)" if upcoming.is_heads_up else ""),
        f"  button:      {seat_text(blinds.button, 'empty: dead button')}",
        f"  small blind: {seat_text(blinds.small_blind, 'empty: no small blind')}",
        f"  big blind:   {seat_text(blinds.big_blind, 'empty')}",
        f"  dealt in:    seats {dealt}",
    ]
    for seat in upcoming.sitting_out:
        lines.append(f"  sits out:    {seat_text(seat, 'empty')}")
    return lines


def seat_json(
    entry: Entry, seat: int, blinds: Blinds | None, upcoming: NextHand | None
) -> dict[str, Any]:
    """Return one occupied seat as JSON; ``blinds`` are the positions of the hand in progress,
    else of the next hand."""
    return {
        "seat": seat,
        "entry": entry.number,
        "player": entry.player,
        "stack": entry.stack,
        "present": entry.is_present,
        "penalty_hands": entry.penalty_hands,
        "warnings": entry.warnings,
        "leaving": entry.is_leaving,
        "waits_for_big_blind": entry.waits_for_big_blind,
        "role": _role(seat, blinds),
        "sits_out_next_hand": upcoming is not None and seat in upcoming.sitting_out,
    }


def seat_row(
    entry: Entry, seat: int, blinds: Blinds | None, upcoming: NextHand | None
) -> list[str]:
    """Return one occupied seat as a row of text cells."""
    role = {"button": "BTN", "small-blind": "SB", "big-blind": "BB"}.get(_role(seat, blinds), "")
    if upcoming is not None and seat in upcoming.sitting_out:
        role = "sits out"
    return [
        f"seat {seat}",
        f"#{entry.number}",
        entry.player,
        "?" if entry.stack is None else str(entry.stack),
        role,
        ", ".join(entry_notes(entry)),
    ]


def _role(seat: int, blinds: Blinds | None) -> str:
    if blinds is None:
        return ""
    if seat == blinds.big_blind:
        return "big-blind"
    if seat == blinds.button:  # heads-up the button posts the small blind (BTN-HU-ORDER)
        return "button"
    return "small-blind" if seat == blinds.small_blind else ""


def entry_notes(entry: Entry) -> list[str]:
    """Return what a director should know about an entry: away, penalised, leaving..."""
    notes: list[str] = []
    if entry.status is EntryStatus.SEATED and not entry.is_present:
        notes.append("absent")
    if entry.penalty_hands:
        notes.append(f"penalised {entry.penalty_hands} hand(s)")
    if entry.warnings:
        notes.append(f"{entry.warnings} warning(s)")
    if entry.is_leaving:
        notes.append("left for good, blinded off")
    if entry.waits_for_big_blind:
        notes.append("waits for the big blind")
    if entry.reentry_of is not None:
        notes.append(f"re-entry of #{entry.reentry_of}")
    return notes


# -- entries and standings ------------------------------------------------------------------------


def entry_json(entry: Entry) -> dict[str, Any]:
    """Return an entry as JSON."""
    return {
        "entry": entry.number,
        "player": entry.player,
        "contact": entry.contact,
        "status": str(entry.status),
        "present": entry.is_present,
        "table": entry.table,
        "seat": entry.seat,
        "stack": entry.stack,
        "place": entry.place,
        "places": places(entry.place, entry.shared) if entry.place else None,
        "penalty_hands": entry.penalty_hands,
        "warnings": entry.warnings,
        "leaving": entry.is_leaving,
        "reentry_of": entry.reentry_of,
    }


def entry_rows(entries: Iterable[Entry]) -> list[list[str]]:
    """Return the entries as rows of text, with a header row."""
    rows = [["entry", "player", "status", "table", "seat", "stack", "place", "notes"]]
    for entry in entries:
        rows.append(
            [
                f"#{entry.number}",
                entry.player,
                str(entry.status),
                "" if entry.table is None else str(entry.table),
                "" if entry.seat is None else str(entry.seat),
                "" if entry.stack is None else str(entry.stack),
                places(entry.place, entry.shared) if entry.place else "",
                ", ".join(entry_notes(entry)),
            ]
        )
    return rows


def standings(state: TournamentState) -> list[Entry]:
    """Return the entries in standing order: still playing, then by place, disqualified last."""
    playing = [e for e in state.entries.values() if e.status.is_active and e.place is None]
    placed = sorted(
        (e for e in state.entries.values() if e.place is not None), key=lambda e: e.place or 0
    )
    disqualified = [e for e in state.entries.values() if e.status is EntryStatus.DISQUALIFIED]
    return playing + placed + disqualified


def standing_label(entry: Entry) -> str:
    """Return the place column of an entry in the standings."""
    if entry.place is not None:
        return places(entry.place, entry.shared)
    if entry.status is EntryStatus.DISQUALIFIED:
        return "DQ"
    return "in play"


# -- documents of the reading commands ------------------------------------------------------------


def stage(state: TournamentState) -> str:
    """Return ``registration``, ``playing`` or ``finished``."""
    if state.winner is not None:
        return "finished"
    return "playing" if state.is_drawn else "registration"


def counted_entries(state: TournamentState) -> list[Entry]:
    """Return the entries that count as entries: not withdrawn, not a waiting alternate."""
    return [
        entry
        for entry in state.entries.values()
        if entry.status not in (EntryStatus.WITHDRAWN, EntryStatus.ALTERNATE)
    ]


def list_document(tournament_id: str, state: TournamentState) -> dict[str, Any]:
    """Return one line of ``pokertd tournament list``."""
    return {
        "tournament": tournament_id,
        "title": state.title,
        "profile": state.profile.id,
        "entries": len(counted_entries(state)),
        "players_left": len(state.active()),
        "stage": stage(state),
    }


def list_lines(found: Sequence[dict[str, Any]]) -> list[str]:
    """Return the tournaments of a file as a table."""
    rows = [["id", "title", "profile", "entries", "left", "stage"]]
    for item in found:
        counts = [str(item["entries"]), str(item["players_left"])]
        rows.append([item["tournament"], item["title"], item["profile"], *counts, item["stage"]])
    return table_text(rows)


def chips_in_play(tournament: Tournament) -> int:
    """Return the starting stacks handed out (draw, late entries, re-entries) less chips removed.

    The state keeps the chips removed but not the stacks handed out, so these are counted from
    the events still in force.
    """
    undone = {e.undone for e in tournament.events if isinstance(e, ev.CommandUndone)}
    state = tournament.state
    assert state.structure is not None
    handed = 0
    for event in tournament.events:
        if event.cmd in undone:
            continue
        if isinstance(event, ev.SeatsDrawn):
            handed += len(event.seats) * state.structure.starting_stack
        elif isinstance(event, ev.PlayerSeated):
            handed += event.stack
    return handed - state.chips_removed


def due_moves(tournament: Tournament) -> tuple[str, Sequence[MoveTuple]]:
    """Return ``("proposed", moves)``, else ``("due", moves)`` worked out with a throwaway
    seeded draw (nothing is recorded), else ``("none", [])``."""
    state = tournament.state
    if state.pending_moves:
        return "proposed", state.pending_moves
    found = tournament.proposals(random.Random(0)) if state.tables else []
    return ("due", found) if found else ("none", [])


def status_document(
    tournament: Tournament, tournament_id: str, now: datetime.datetime
) -> dict[str, Any]:
    """Return where the tournament stands, as ``pokertd tournament status --json`` prints it."""
    state = tournament.state
    view = tournament.clock_view(now)
    left = len(state.active())
    chips = chips_in_play(tournament) if state.is_drawn else None
    moves, due = due_moves(tournament)
    return {
        "tournament": tournament_id,
        "title": state.title,
        "profile": state.profile.id,
        "day": state.day,
        "stage": stage(state),
        "clock": clock_json(view, state),
        "entries": len(counted_entries(state)),
        "registered": sum(e.status is EntryStatus.REGISTERED for e in state.entries.values()),
        "alternates": sum(e.status is EntryStatus.ALTERNATE for e in state.entries.values()),
        "players_left": left,
        "chips_in_play": chips,
        "average_stack": chips // left if chips is not None and left else None,
        "tables": len(state.tables),
        "halted_tables": [n for n in sorted(state.tables) if tournament.is_halted(n)],
        "registration_open": tournament.registration_is_open(now),
        "hand_for_hand": state.hand_for_hand,
        "moves": moves,
        "moves_due": sorted({move[5] for move in due}),
        "winner": state.winner,
    }


def status_lines(document: dict[str, Any], tournament: Tournament, view: ClockView) -> list[str]:
    """Return the status as text."""
    state = tournament.state
    lines = [
        f"{document['title']} ({document['tournament']}, profile {document['profile']}), "
        f"day {document['day']}",
        clock_summary(view, state),
    ]
    if not state.is_drawn:
        lines.append(
            f"Registered: {document['registered']}, alternates: {document['alternates']}; "
            "seats not drawn yet"
        )
    else:
        average = document["average_stack"]
        lines.append(
            f"Players: {document['players_left']} left of {document['entries']} entries, "
            f"average stack {'-' if average is None else average}"
        )
        tables = f"Tables: {document['tables']}"
        if document["halted_tables"]:
            listed = ", ".join(str(n) for n in document["halted_tables"])
            tables += f"; play halted at {listed} until balanced (TBL-BALANCE-HALT)"
        lines.append(tables)
    lines.append(f"Registration: {'open' if document['registration_open'] else 'closed'}")
    moves = {
        "proposed": "proposed, waiting for confirmation (pokertd tournament moves)",
        "due": f"due ({', '.join(document['moves_due'])}), not yet proposed",
        "none": "none due",
    }[document["moves"]]
    lines.append(f"Moves: {moves}")
    if document["hand_for_hand"]:
        lines.append("Hand-for-hand: on")
    if document["winner"] is not None:
        lines.append(f"Winner: {who(state, document['winner'])}")
    return lines


def tables_document(tournament: Tournament) -> tuple[list[dict[str, Any]], list[str]]:
    """Return every table as JSON and as text: seats, players, stacks, next hand, halted."""
    state = tournament.state
    documents: list[dict[str, Any]] = []
    lines: list[str] = []
    for number in sorted(state.tables):
        table = state.tables[number]
        hand = state.in_progress.get(number)
        upcoming: NextHand | None = None
        if hand is None:  # during a hand, the next one's positions are not known yet
            try:
                upcoming = tournament.next_hand(number)
            except PokertdError:
                upcoming = None  # fewer than two players: no next hand
        blinds = hand.blinds if hand is not None else upcoming.blinds if upcoming else None
        halted = tournament.is_halted(number)
        seated = [(seat, state.entries[int(e)]) for seat, e in table.players.items()]
        documents.append(
            {
                "table": number,
                "size": table.size,
                "players": len(table.players),
                "halted": halted,
                "hand_in_progress": None if hand is None else _hand_json(hand),
                "next_hand": None if upcoming is None else next_hand_json(upcoming, table),
                "seats": [seat_json(entry, seat, blinds, upcoming) for seat, entry in seated],
            }
        )
        head = f"Table {number}: {len(table.players)} of {table.size} seats"
        if hand is not None:
            head += f", hand {hand.number} in progress"
        if halted:
            head += ", HALTED until the tables are balanced (TBL-BALANCE-HALT)"
        lines.append(head)
        lines += table_text(
            [seat_row(entry, seat, blinds, upcoming) for seat, entry in seated], indent="  "
        )
    return documents, lines


def _hand_json(hand: HandInProgress) -> dict[str, Any]:
    blinds = hand.blinds
    return {
        "hand": hand.number,
        "button": blinds.button,
        "small_blind": blinds.small_blind,
        "big_blind": blinds.big_blind,
    }


def standings_json(state: TournamentState) -> list[dict[str, Any]]:
    """Return the standings as JSON."""
    return [
        {
            "place": entry.place,
            "places": standing_label(entry),
            "shared": entry.shared if entry.place is not None else None,
            "entry": entry.number,
            "player": entry.player,
            "status": str(entry.status),
        }
        for entry in standings(state)
    ]


def standings_lines(state: TournamentState) -> list[str]:
    """Return the standings as a table."""
    rows = [["place", "entry", "player", "status"]]
    rows += [
        [standing_label(e), f"#{e.number}", e.player, _standing_status(e, state)]
        for e in standings(state)
    ]
    return table_text(rows) if len(rows) > 1 else ["no entry yet"]


def _standing_status(entry: Entry, state: TournamentState) -> str:
    return "winner" if entry.number == state.winner else str(entry.status)


def log_json(tournament: Tournament, last: int | None) -> list[dict[str, Any]]:
    """Return the event log (or its last events) with versions and undone marks."""
    undone = {e.undone for e in tournament.events if isinstance(e, ev.CommandUndone)}
    numbered = list(enumerate(tournament.events, start=1))[-(last or 0) :]
    return [
        {"version": version, "cancelled": event.cmd in undone, **event_json(event)}
        for version, event in numbered
    ]


def log_lines(tournament: Tournament, last: int | None) -> list[str]:
    """Return the event log as text: version, local time, what happened, ``[undone]``."""
    undone = {e.undone for e in tournament.events if isinstance(e, ev.CommandUndone)}
    numbered = list(enumerate(tournament.events, start=1))[-(last or 0) :]
    lines: list[str] = []
    for version, event in numbered:
        told = describe(event, tournament)
        mark = "  [undone]" if event.cmd in undone else ""
        lines.append(f"{version:>5}  {local_time(event.at)}  {told[0]}{mark}")
        lines += [f"{'':>27}{line}" for line in told[1:]]
    return lines


def import_lines(report: Sequence[dict[str, Any]], state: TournamentState) -> list[str]:
    """Return what became of each row of a player list."""
    lines = []
    for row in report:
        if row["ok"]:
            lines.append(f"line {row['line']}: {who(state, row['entry'])} registered")
        else:
            name = row["name"] or "(no name)"
            lines.append(f"line {row['line']}: {name} not registered: {row['error']}")
    registered = sum(1 for row in report if row["ok"])
    return [*lines, f"{registered} of {len(report)} rows registered"]
