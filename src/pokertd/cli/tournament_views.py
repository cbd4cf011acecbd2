"""What ``pokertd tournament`` prints: the clock, tables, moves, entries, standings, status.

Rendering only: every number shown here comes from the domain (``Tournament``, its state, its
clock view, its proposals); this module turns it into lines of text, in English or French
(``Words``), or into JSON-friendly dicts, which never change with the language. Entries are shown
as ``#12 Alice``, seats as ``seat 4`` (``siège 4``), times left as ``mm:ss``. The events
themselves are told by ``pokertd.cli.tournament_log``.
"""

from __future__ import annotations

import datetime
import math
import random
from collections.abc import Iterable, Sequence
from typing import Any

from pokertd.cli.tournament_words import Words
from pokertd.errors import PokertdError
from pokertd.tournament import events as ev
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.clock import ClockView
from pokertd.tournament.seating import Blinds, NextHand, Table
from pokertd.tournament.state import Entry, EntryStatus, HandInProgress, TournamentState
from pokertd.tournament.structure import Level

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
        return words(f"table {table} seat {seat}", f"table {table} siège {seat}")

    rows = [
        [
            who(state, number),
            place(from_table, from_seat) if from_table else words("(no seat)", "(sans siège)"),
            "->",
            place(to_table, to_seat),
            words.term(reason) + (words(f", card {card}", f", carte {card}") if card else ""),
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


def clock_lines(view: ClockView, state: TournamentState, words: Words) -> list[str]:
    """Return the clock as a display shows it: level, time left, next level, next break."""
    running, left, label = (
        _running(view, state, words),
        mmss(view.remaining),
        level_label(view.level),
    )
    if view.is_break:
        after = _number_after(view, state)
        lines = [
            words(f"Break: {left} left ({running})", f"Pause : reste {left} ({running})"),
            words(f"Then level {after}: {label}", f"Puis niveau {after} : {label}"),
        ]
    else:
        number = view.level_number
        lines = [
            words(f"Level {number}: {label}", f"Niveau {number} : {label}"),
            words(f"Time left: {left} ({running})", f"Temps restant : {left} ({running})"),
        ]
        if view.next_level is not None:
            upcoming = level_label(view.next_level)
            lines.append(words(f"Next level: {upcoming}", f"Niveau suivant : {upcoming}"))
    if view.next_break_in is not None:
        until = mmss(view.next_break_in)
        lines.append(words(f"Next break in: {until}", f"Prochaine pause dans : {until}"))
    else:
        lines.append(words("Next break: none", "Prochaine pause : aucune"))
    if view.hand_for_hand:
        lines.append(words("Hand-for-hand: on", "Main pour main : en cours"))
    if view.last_hands:
        count = view.last_hands
        lines.append(
            words(
                f"Last hands of the day: {count} announced",
                f"Dernières mains de la journée : {count} annoncées",
            )
        )
    return lines


def clock_summary(view: ClockView, state: TournamentState, words: Words) -> str:
    """Return the clock on one line: ``Level 3: 125/250, 06:00 left (running)``."""
    running, left, label = (
        _running(view, state, words),
        mmss(view.remaining),
        level_label(view.level),
    )
    if view.is_break:
        after = _number_after(view, state)
        return words(
            f"Break, {left} left ({running}), then level {after}: {label}",
            f"Pause, reste {left} ({running}), puis niveau {after} : {label}",
        )
    number = view.level_number
    return words(
        f"Level {number}: {label}, {left} left ({running})",
        f"Niveau {number} : {label}, reste {left} ({running})",
    )


def _running(view: ClockView, state: TournamentState, words: Words) -> str:
    if not state.clock.is_started:
        return words("not started", "pas lancée")
    if view.day_end_stop:
        return words(
            "stopped for the end of the day (DAY-END)", "arrêtée pour la fin de journée (DAY-END)"
        )
    if view.hand_for_hand and not view.is_running:
        return words(
            "held: hand-for-hand hands are charged at their start",
            "retenue : en main pour main, chaque main est décomptée à son début",
        )
    return words("running", "en marche") if view.is_running else words("paused", "en pause")


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


def next_hand_lines(
    upcoming: NextHand, table: Table, state: TournamentState, words: Words
) -> list[str]:
    """Return who is button, small blind and big blind next hand, and who sits out."""

    def seat_text(seat: int, empty: str) -> str:
        entry = table.players.get(seat)
        held = who(state, int(entry)) if entry else f"({empty})"
        return words(f"seat {seat} {held}", f"siège {seat} {held}")

    blinds, vacant = upcoming.blinds, words("empty", "vide")
    dealt = ", ".join(str(seat) for seat in upcoming.dealt)
    rows = [
        (
            words("button:", "bouton :"),
            seat_text(blinds.button, words("empty: dead button", "vide : bouton mort")),
        ),
        (
            words("small blind:", "petite blinde :"),
            seat_text(
                blinds.small_blind, words("empty: no small blind", "vide : pas de petite blinde")
            ),
        ),
        (words("big blind:", "grosse blinde :"), seat_text(blinds.big_blind, vacant)),
        (words("dealt in:", "servis :"), words(f"seats {dealt}", f"sièges {dealt}")),
    ]
    rows += [
        (words("sits out:", "ne joue pas :"), seat_text(seat, vacant))
        for seat in upcoming.sitting_out
    ]
    width = max(len(label) for label, _ in rows) + 1
    head = words(f"Table {table.number}, next hand", f"Table {table.number}, prochaine main")
    return [
        head + (" (heads-up)" if upcoming.is_heads_up else ""),
        *(f"  {label:<{width}}{text}" for label, text in rows),
    ]


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
    entry: Entry, seat: int, blinds: Blinds | None, upcoming: NextHand | None, words: Words
) -> list[str]:
    """Return one occupied seat as a row of text cells: BTN, SB, BB (BTN, PB, GB in French)."""
    roles = {"button": "BTN", "small-blind": words("SB", "PB"), "big-blind": words("BB", "GB")}
    role = roles.get(_role(seat, blinds), "")
    if upcoming is not None and seat in upcoming.sitting_out:
        role = words("sits out", "ne joue pas")
    return [
        words(f"seat {seat}", f"siège {seat}"),
        f"#{entry.number}",
        entry.player,
        "?" if entry.stack is None else str(entry.stack),
        role,
        ", ".join(entry_notes(entry, words)),
    ]


def _role(seat: int, blinds: Blinds | None) -> str:
    if blinds is None:
        return ""
    if seat == blinds.big_blind:
        return "big-blind"
    if seat == blinds.button:  # heads-up the button posts the small blind (BTN-HU-ORDER)
        return "button"
    return "small-blind" if seat == blinds.small_blind else ""


def entry_notes(entry: Entry, words: Words) -> list[str]:
    """Return what a director should know about an entry: away, penalised, leaving..."""
    notes: list[str] = []
    if entry.status is EntryStatus.SEATED and not entry.is_present:
        notes.append(words("absent", "absent(e)"))
    if hands := entry.penalty_hands:
        notes.append(words(f"penalised {hands} hand(s)", f"pénalisé(e) {hands} main(s)"))
    if warnings := entry.warnings:
        notes.append(words(f"{warnings} warning(s)", f"{warnings} avertissement(s)"))
    if entry.is_leaving:
        notes.append(
            words("left for good, blinded off", "parti(e) définitivement, paie les blindes")
        )
    if entry.waits_for_big_blind:
        notes.append(words("waits for the big blind", "attend la grosse blinde"))
    if (first := entry.reentry_of) is not None:
        notes.append(words(f"re-entry of #{first}", f"re-entry de #{first}"))
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


def entry_rows(entries: Iterable[Entry], words: Words) -> list[list[str]]:
    """Return the entries as rows of text, with a header row."""
    header = words(
        "entry player status table seat stack place notes",
        "entrée joueur statut table siège tapis place notes",
    )
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


def list_lines(found: Sequence[dict[str, Any]], words: Words) -> list[str]:
    """Return the tournaments of a file as a table."""
    rows = [
        words(
            "id title profile entries left stage", "id titre profil entrées restants étape"
        ).split()
    ]
    for item in found:
        counts = [str(item["entries"]), str(item["players_left"])]
        shown = words.term(item["stage"])
        rows.append([item["tournament"], item["title"], item["profile"], *counts, shown])
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


def status_lines(
    document: dict[str, Any], tournament: Tournament, view: ClockView, words: Words
) -> list[str]:
    """Return the status as text."""
    state = tournament.state
    title, profile, day = document["title"], document["profile"], document["day"]
    lines = [
        words(
            f"{title} ({document['tournament']}, profile {profile}), day {day}",
            f"{title} ({document['tournament']}, profil {profile}), journée {day}",
        ),
        clock_summary(view, state, words),
    ]
    if not state.is_drawn:
        registered, alternates = document["registered"], document["alternates"]
        lines.append(
            words(
                f"Registered: {registered}, alternates: {alternates}; seats not drawn yet",
                f"Inscrits : {registered}, remplaçants : {alternates} ; places pas encore tirées",
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
                f"Players: {left} left of {entries} entries, average stack {average}",
                f"Joueurs restants : {left} sur {entries} entrées, tapis moyen {average}",
            )
        )
        tables = words(f"Tables: {document['tables']}", f"Tables : {document['tables']}")
        if document["halted_tables"]:
            halted = document["halted_tables"]
            listed, at = ", ".join(str(n) for n in halted), words.at_tables(halted)
            tables += words(
                f"; play halted at {listed} until balanced (TBL-BALANCE-HALT)",
                f" ; jeu arrêté {at} jusqu'à l'équilibrage (TBL-BALANCE-HALT)",
            )
        lines.append(tables)
    lines.append(
        words("Registration: open", "Inscriptions : ouvertes")
        if document["registration_open"]
        else words("Registration: closed", "Inscriptions : closes")
    )
    due = ", ".join(words.term(reason) for reason in document["moves_due"])
    moves = {
        "proposed": words(
            "Moves: proposed, waiting for confirmation (pokertd tournament moves)",
            "Déplacements : proposés, à confirmer (pokertd tournament moves)",
        ),
        "due": words(
            f"Moves: due ({due}), not yet proposed",
            f"Déplacements : à faire ({due}), pas encore proposés",
        ),
        "none": words("Moves: none due", "Déplacements : aucun à faire"),
    }[document["moves"]]
    lines.append(moves)
    if document["hand_for_hand"]:
        lines.append(words("Hand-for-hand: on", "Main pour main : en cours"))
    if document["winner"] is not None:
        winner = who(state, document["winner"])
        lines.append(words(f"Winner: {winner}", f"Vainqueur : {winner}"))
    return lines


def tables_document(tournament: Tournament, words: Words) -> tuple[list[dict[str, Any]], list[str]]:
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
        players, size = len(table.players), table.size
        head = words(
            f"Table {number}: {players} of {size} seats",
            f"Table {number} : {players} sièges occupés sur {size}",
        )
        if hand is not None:
            head += words(f", hand {hand.number} in progress", f", main {hand.number} en cours")
        if halted:
            head += words(
                ", HALTED until the tables are balanced (TBL-BALANCE-HALT)",
                ", ARRÊTÉE jusqu'à l'équilibrage des tables (TBL-BALANCE-HALT)",
            )
        lines.append(head)
        lines += table_text(
            [seat_row(entry, seat, blinds, upcoming, words) for seat, entry in seated],
            indent="  ",
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


def standings_lines(state: TournamentState, words: Words) -> list[str]:
    """Return the standings as a table."""
    rows = [words("place entry player status", "place entrée joueur statut").split()]
    rows += [
        [words.term(standing_label(e)), f"#{e.number}", e.player, _standing_status(e, state, words)]
        for e in standings(state)
    ]
    return (
        table_text(rows)
        if len(rows) > 1
        else [words("no entry yet", "aucune entrée pour l'instant")]
    )


def _standing_status(entry: Entry, state: TournamentState, words: Words) -> str:
    if entry.number == state.winner:
        return words("winner", "vainqueur")
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
            lines.append(
                words(f"line {line}: {name} registered", f"ligne {line} : {name} inscrit(e)")
            )
        else:
            name, error = row["name"] or words("(no name)", "(sans nom)"), row["error"]
            lines.append(
                words(
                    f"line {line}: {name} not registered: {error}",
                    f"ligne {line} : {name} non inscrit(e) : {error}",
                )
            )
    registered, rows = sum(1 for row in report if row["ok"]), len(report)
    return [
        *lines,
        words(
            f"{registered} of {rows} rows registered", f"lignes inscrites : {registered} sur {rows}"
        ),
    ]
