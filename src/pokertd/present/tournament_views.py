"""What ``pokertd tournament`` prints: the clock, tables, moves, entries, standings, status.

Rendering only: every number shown here comes from the domain (``Tournament``, its state, its
clock view, its proposals); this module turns it into lines of text, in English or French
(``Words``), or into the JSON documents of ``pokertd.service.documents``. Entries are shown
as ``#12 Alice``, seats as ``seat 4`` (``siège 4``), times left as ``mm:ss``. The events
themselves are told by ``pokertd.present.tournament_log``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from pokertd.present.formats import mmss
from pokertd.present.stakes import level_words
from pokertd.present.words import Words
from pokertd.service.documents import (
    MoveTuple as MoveTuple,
)
from pokertd.service.documents import (
    chips_in_play as chips_in_play,
)
from pokertd.service.documents import (
    clock_json as clock_json,
)
from pokertd.service.documents import (
    due_moves as due_moves,
)
from pokertd.service.documents import (
    entry_json as entry_json,
)
from pokertd.service.documents import (
    level_in_force,
    level_json,
    number_after,
    role,
    standing_label,
    standings,
    tables_json,
    upcoming_hand,
)
from pokertd.service.documents import (
    list_document as list_document,
)
from pokertd.service.documents import (
    move_json as move_json,
)
from pokertd.service.documents import (
    next_hand_json as next_hand_json,
)
from pokertd.service.documents import (
    places as places,
)
from pokertd.service.documents import (
    stage as stage,
)
from pokertd.service.documents import (
    standings_json as standings_json,
)
from pokertd.service.documents import (
    status_document as status_document,
)
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.clock import ClockView
from pokertd.tournament.seating import Blinds, NextHand, Table
from pokertd.tournament.state import Entry, EntryStatus, TournamentState
from pokertd.tournament.structure import Level, Structure

#: Entries still in the running, shown by ``entries`` without ``--all``.
STILL_IN = (EntryStatus.REGISTERED, EntryStatus.ALTERNATE, EntryStatus.SEATED)


# -- small pieces ---------------------------------------------------------------------------------


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


# -- moves ----------------------------------------------------------------------------------------


def move_lines(moves: Sequence[MoveTuple], state: TournamentState, words: Words) -> list[str]:
    """Return one aligned line per move: who, from where, to where, why, the card drawn."""

    def place(table: int, seat: int) -> str:
        return words("table {table} seat {seat}", table=table, seat=seat)

    rows = [
        [
            who(state, number),
            place(from_table, from_seat) if from_table else words("(no seat)"),
            "->",
            place(to_table, to_seat),
            words.term(reason) + (words(", card {card}", card=card) if card else ""),
        ]
        for number, from_table, from_seat, to_table, to_seat, reason, card in moves
    ]
    return table_text(rows, indent="  ")


# -- the clock ------------------------------------------------------------------------------------


def clock_lines(view: ClockView, state: TournamentState, words: Words) -> list[str]:
    """Return the clock as a display shows it: level, time left, next level, next break."""
    running, left, label = (
        _running(view, state, words),
        mmss(view.remaining),
        _stakes(state, level_in_force(_structure(state), view.item), words),
    )
    if view.is_break:
        after = number_after(view, state)
        lines = [
            words("Break: {left} left ({running})", left=left, running=running),
            words("Then level {after}: {label}", after=after, label=label),
        ]
    else:
        number = view.level_number
        lines = [
            words("Level {number}: {label}", number=number, label=label),
            words("Time left: {left} ({running})", left=left, running=running),
        ]
        if view.next_level is not None:
            upcoming = _stakes(state, level_in_force(_structure(state), view.item + 1), words)
            lines.append(words("Next level: {upcoming}", upcoming=upcoming))
    if view.next_break_in is not None:
        until = mmss(view.next_break_in)
        lines.append(words("Next break in: {until}", until=until))
    else:
        lines.append(words("Next break: none"))
    if view.hand_for_hand:
        lines.append(words("Hand-for-hand: on"))
    if view.last_hands:
        count = view.last_hands
        lines.append(words("Last hands of the day: {count} announced", count=count))
    return lines


def clock_summary(view: ClockView, state: TournamentState, words: Words) -> str:
    """Return the clock on one line: ``Level 3: 125/250, 06:00 left (running)``."""
    running, left, label = (
        _running(view, state, words),
        mmss(view.remaining),
        _stakes(state, level_in_force(_structure(state), view.item), words),
    )
    if view.is_break:
        after = number_after(view, state)
        return words(
            "Break, {left} left ({running}), then level {after}: {label}",
            left=left,
            running=running,
            after=after,
            label=label,
        )
    number = view.level_number
    return words(
        "Level {number}: {label}, {left} left ({running})",
        number=number,
        label=label,
        left=left,
        running=running,
    )


def _stakes(state: TournamentState, index: int, words: Words) -> str:
    """The level at item ``index`` on a line: its blinds (``level_label``), or for a limit or stud
    game its limits, and a stud level's ante and bring-in (``present.stakes``)."""
    structure = _structure(state)
    item = structure.items[index]
    assert isinstance(item, Level)
    return level_words(level_json(structure, index), words.lang) or level_label(item)


def _structure(state: TournamentState) -> Structure:
    assert state.structure is not None
    return state.structure


def _running(view: ClockView, state: TournamentState, words: Words) -> str:
    if not state.clock.is_started:
        return words("not started")
    if view.day_end_stop:
        return words("stopped for the end of the day (DAY-END)")
    if view.hand_for_hand and not view.is_running:
        return words("held: hand-for-hand hands are charged at their start")
    return words("running") if view.is_running else words("paused")


# -- tables and the next hand ---------------------------------------------------------------------


def next_hand_lines(
    upcoming: NextHand, table: Table, state: TournamentState, words: Words
) -> list[str]:
    """Return who is button, small blind and big blind next hand, and who sits out."""

    def seat_text(seat: int, empty: str) -> str:
        entry = table.players.get(seat)
        held = who(state, int(entry)) if entry else f"({empty})"
        return words("seat {seat} {held}", seat=seat, held=held)

    blinds, vacant = upcoming.blinds, words("empty")
    dealt = ", ".join(str(seat) for seat in upcoming.dealt)
    rows = [
        (
            words("button:"),
            seat_text(blinds.button, words("empty: dead button")),
        ),
        (
            words("small blind:"),
            seat_text(blinds.small_blind, words("empty: no small blind")),
        ),
        (words("big blind:"), seat_text(blinds.big_blind, vacant)),
        (words("dealt in:"), words("seats {dealt}", dealt=dealt)),
    ]
    rows += [(words("sits out:"), seat_text(seat, vacant)) for seat in upcoming.sitting_out]
    width = max(len(label) for label, _ in rows) + 1
    head = words("Table {number}, next hand", number=table.number)
    return [
        head + (" (heads-up)" if upcoming.is_heads_up else ""),
        *(f"  {label:<{width}}{text}" for label, text in rows),
    ]


def seat_row(
    entry: Entry, seat: int, blinds: Blinds | None, upcoming: NextHand | None, words: Words
) -> list[str]:
    """Return one occupied seat as a row of text cells: BTN, SB, BB (BTN, PB, GB in French)."""
    roles = {"button": "BTN", "small-blind": words("SB"), "big-blind": words("BB")}
    shown = roles.get(role(seat, blinds), "")
    if upcoming is not None and seat in upcoming.sitting_out:
        shown = words("sits out")
    return [
        words("seat {seat}", seat=seat),
        f"#{entry.number}",
        entry.player,
        "?" if entry.stack is None else str(entry.stack),
        shown,
        ", ".join(entry_notes(entry, words)),
    ]


def entry_notes(entry: Entry, words: Words) -> list[str]:
    """Return what a director should know about an entry: away, penalised, leaving..."""
    notes: list[str] = []
    if entry.status is EntryStatus.SEATED and not entry.is_present:
        notes.append(words("absent"))
    if hands := entry.penalty_hands:
        notes.append(words("penalised {hands} hand(s)", hands=hands))
    if warnings := entry.warnings:
        notes.append(words("{warnings} warning(s)", warnings=warnings))
    if entry.is_leaving:
        notes.append(words("left for good, blinded off"))
    if entry.waits_for_big_blind:
        notes.append(words("waits for the big blind"))
    if (first := entry.reentry_of) is not None:
        notes.append(words("re-entry of #{first}", first=first))
    return notes


# -- entries and standings ------------------------------------------------------------------------


def entry_rows(entries: Iterable[Entry], words: Words) -> list[list[str]]:
    """Return the entries as rows of text, with a header row."""
    header = words("entry player status table seat stack place notes")
    rows = [header.split()]
    for entry in entries:
        rows.append(
            [
                f"#{entry.number}",
                entry.player,
                words.term(entry.status),
                "" if entry.table is None else str(entry.table),
                "" if entry.seat is None else str(entry.seat),
                "" if entry.stack is None else str(entry.stack),
                places(entry.place, entry.shared) if entry.place else "",
                ", ".join(entry_notes(entry, words)),
            ]
        )
    return rows


# -- documents of the reading commands ------------------------------------------------------------


def list_lines(found: Sequence[dict[str, Any]], words: Words) -> list[str]:
    """Return the tournaments of a file as a table."""
    rows = [words("id title profile entries left stage").split()]
    for item in found:
        counts = [str(item["entries"]), str(item["players_left"])]
        shown = words.term(item["stage"])
        rows.append([item["tournament"], item["title"], item["profile"], *counts, shown])
    return table_text(rows)


def status_lines(
    document: dict[str, Any], tournament: Tournament, view: ClockView, words: Words
) -> list[str]:
    """Return the status as text."""
    state = tournament.state
    title, profile, day = document["title"], document["profile"], document["day"]
    lines = [
        words(
            "{title} ({tournament}, profile {profile}), day {day}",
            title=title,
            tournament=document["tournament"],
            profile=profile,
            day=day,
        ),
        clock_summary(view, state, words),
    ]
    if not state.is_drawn:
        registered, alternates = document["registered"], document["alternates"]
        lines.append(
            words(
                "Registered: {registered}, alternates: {alternates}; seats not drawn yet",
                registered=registered,
                alternates=alternates,
            )
        )
    else:
        left, entries, average = (
            document["players_left"],
            document["entries"],
            document["average_stack"],
        )
        average = "-" if average is None else average
        lines.append(
            words(
                "Players: {left} left of {entries} entries, average stack {average}",
                left=left,
                entries=entries,
                average=average,
            )
        )
        tables = words("Tables: {tables}", tables=document["tables"])
        if document["halted_tables"]:
            halted = document["halted_tables"]
            listed, at = ", ".join(str(n) for n in halted), words.at_tables(halted)
            tables += words(
                "; play halted at {listed} until balanced (TBL-BALANCE-HALT)", listed=listed, at=at
            )
        lines.append(tables)
    lines.append(
        words("Registration: open")
        if document["registration_open"]
        else words("Registration: closed")
    )
    due = ", ".join(words.term(reason) for reason in document["moves_due"])
    moves = {
        "proposed": words(
            "Moves: proposed, waiting for confirmation (pokertd tournament moves)",
        ),
        "due": words("Moves: due ({due}), not yet proposed", due=due),
        "none": words("Moves: none due"),
    }[document["moves"]]
    lines.append(moves)
    if document["hand_for_hand"]:
        lines.append(words("Hand-for-hand: on"))
    if document["winner"] is not None:
        winner = who(state, document["winner"])
        lines.append(words("Winner: {winner}", winner=winner))
    return lines


def tables_document(tournament: Tournament, words: Words) -> tuple[list[dict[str, Any]], list[str]]:
    """Return every table as JSON and as text: seats, players, stacks, next hand, halted."""
    state = tournament.state
    documents = tables_json(tournament)
    lines: list[str] = []
    for document in documents:
        number = document["table"]
        table, hand = state.tables[number], state.in_progress.get(number)
        upcoming = upcoming_hand(tournament, number)
        blinds = hand.blinds if hand is not None else upcoming.blinds if upcoming else None
        players, size = len(table.players), table.size
        head = words(
            "Table {number}: {players} of {size} seats",
            number=number,
            players=players,
            size=size,
        )
        if hand is not None:
            head += words(", hand {number} in progress", number=hand.number)
        if document["halted"]:
            head += words(", HALTED until the tables are balanced (TBL-BALANCE-HALT)")
        lines.append(head)
        seated = [(seat, state.entries[int(e)]) for seat, e in table.players.items()]
        lines += table_text(
            [seat_row(entry, seat, blinds, upcoming, words) for seat, entry in seated],
            indent="  ",
        )
    return documents, lines


def standings_lines(state: TournamentState, words: Words) -> list[str]:
    """Return the standings as a table."""
    rows = [words("place entry player status").split()]
    rows += [
        [words.term(standing_label(e)), f"#{e.number}", e.player, _standing_status(e, state, words)]
        for e in standings(state)
    ]
    return table_text(rows) if len(rows) > 1 else [words("no entry yet")]


def _standing_status(entry: Entry, state: TournamentState, words: Words) -> str:
    if entry.number == state.winner:
        return words("winner")
    return words.term(entry.status)


def import_lines(
    report: Sequence[dict[str, Any]], state: TournamentState, words: Words
) -> list[str]:
    """Return what became of each row of a player list."""
    lines = []
    for row in report:
        line = row["line"]
        if row["ok"]:
            name = who(state, row["entry"])
            lines.append(words("line {line}: {name} registered", line=line, name=name))
        else:
            name, error = row["name"] or words("(no name)"), row["error"]
            lines.append(
                words(
                    "line {line}: {name} not registered: {error}",
                    line=line,
                    name=name,
                    error=error,
                )
            )
    registered, rows = sum(1 for row in report if row["ok"]), len(report)
    return [
        *lines,
        words("{registered} of {rows} rows registered", registered=registered, rows=rows),
    ]
