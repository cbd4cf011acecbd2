"""Where a tournament stands, as JSON-friendly documents: clock, entries, tables, standings, status.

Shared by ``pokertd tournament --json`` and the web app (its API and its pages), so both show the
same numbers. Every value comes from the domain (``Tournament``, its state, clock view and
proposals); these functions only shape it. The documents never change with the language.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from enum import StrEnum
from typing import Any

from pokertd.engine.games import GAMES, Betting, GameFamily
from pokertd.errors import PokertdError
from pokertd.tournament import table_commands
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.bubble import bubble, hand_for_hand_at
from pokertd.tournament.clock import ClockView
from pokertd.tournament.seating import Blinds, NextHand, Table
from pokertd.tournament.state import Entry, EntryStatus, HandInProgress, TournamentState
from pokertd.tournament.structure import Level, Structure, stud_bets

MoveTuple = tuple[int, int, int, int, int, str, str]


def places(place: int | None, shared: int) -> str:
    """Return a place as shown in standings: ``9``, or ``9-10`` for two players sharing 9th.

    >>> places(9, 2), places(3, 1), places(None, 1)
    ('9-10', '3', '-')
    """
    if place is None:
        return "-"
    return f"{place}-{place + shared - 1}" if shared > 1 else str(place)


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


def clock_json(view: ClockView, state: TournamentState) -> dict[str, Any]:
    """Return the clock view as JSON, with whether the clock was started and the next two
    levels (``next_levels``: each level's dict and its ``number``). A level of a limit or stud
    game carries its ``bets`` (``level_json``), the level in force and the next ones alike."""
    structure = state.structure
    assert structure is not None
    shown = view.to_dict()
    shown["level"] = level_json(structure, level_in_force(structure, view.item))
    return {
        "started": state.clock.is_started,
        **shown,
        "level_number_after_break": number_after(view, state) if view.is_break else None,
        "next_levels": next_levels(view, state, 2),
    }


def next_levels(view: ClockView, state: TournamentState, count: int) -> list[dict[str, Any]]:
    """Return up to ``count`` levels after the current item (breaks skipped), with numbers."""
    structure = state.structure
    assert structure is not None
    found: list[dict[str, Any]] = []
    for index in range(view.item + 1, len(structure.items)):
        if len(found) == count:  # the rest of the structure is not shown
            break
        number = structure.level_number(index)
        if number is not None:
            found.append({"number": number, **level_json(structure, index)})
    return found


def level_in_force(structure: Structure, index: int) -> int:
    """Return the index of the level in force at item ``index``: itself, during a break the
    next level (after the last, the last), as the clock's view has it."""
    items = structure.items
    for at in range(index, len(items)):
        if isinstance(items[at], Level):
            return at
    for at in range(index - 1, -1, -1):
        if isinstance(items[at], Level):
            return at
    raise AssertionError("a checked structure has a level")  # pragma: no cover


def level_json(structure: Structure, index: int) -> dict[str, Any]:
    """Return the level at item ``index`` as JSON (``Level.to_dict``) and, when its game bets in
    fixed limits, its ``bets``: the ``limits`` (small and big bet: the big blind and twice it),
    and for a stud game the ``ante`` and ``bring_in`` a hand is dealt with there (``stud_bets``,
    derived amounts rounded to the smallest chip in play at that level).

    >>> s = Structure((Level(100, 200, game="razz"), Level(100, 200, game="flhe")), (25,), 5_000)
    >>> level_json(s, 0)["bets"], level_json(s, 1)["bets"]
    ({'limits': [200, 400], 'ante': 25, 'bring_in': 50}, {'limits': [200, 400]})
    >>> "bets" in level_json(Structure((Level(100, 200),), (25,), 5_000), 0)
    False
    """
    level = structure.items[index]
    assert isinstance(level, Level)
    shown = level.to_dict()
    game = GAMES.get(level.game)
    if game is None or game.betting is not Betting.FIXED_LIMIT:
        return shown
    if game.family is GameFamily.STUD:
        # The unit as the table's hand plan takes it (POT-ODD-CHIP: TDA 20): the smallest chip.
        denominations = structure.denominations_at(index)
        ante, bring_in, limits = stud_bets(level, min(denominations) if denominations else 1)
        shown["bets"] = {"limits": list(limits), "ante": ante, "bring_in": bring_in}
    else:  # limit hold'em, Omaha, 2-7: the engine's small bet is the big blind
        shown["bets"] = {"limits": [level.big_blind, 2 * level.big_blind]}
    return shown


def late_registration_json(
    tournament: Tournament, view: ClockView, now: datetime.datetime
) -> dict[str, Any]:
    """Return whether late registration is open and how long it stays open (SEAT-LATE-WINDOW,
    LFP 2.16, TDA 7): ``closes_in`` seconds, counted by the level clock when it ends with a level
    (``on_clock``: it stands still while the clock does) or in real time when it ends at a time;
    None before the draw (open) or once closed."""
    state = tournament.state
    is_open = tournament.registration_is_open(now)
    answer: dict[str, Any] = {
        "open": is_open,
        "closes_in": None,
        "on_clock": False,
        "last_level": state.late_registration_levels or None,
        "until": None,
    }
    if not is_open or not state.is_drawn:
        return answer
    if state.late_registration_until is not None:
        left = (state.late_registration_until - now).total_seconds()
        return {**answer, "closes_in": left, "until": state.late_registration_until.isoformat()}
    last = closing_item(state)
    if last is None or view.item > last:
        return answer
    items = state.structure.items if state.structure is not None else ()
    later = sum(items[index].seconds for index in range(view.item + 1, last + 1))
    return {**answer, "closes_in": view.remaining + later, "on_clock": True}


def closing_item(state: TournamentState) -> int | None:
    """Return the index of the last item of the structure during which late registration is
    open: the last open level, or the break after it under the profile's extension (GM 43°)."""
    structure = state.structure
    assert structure is not None
    last = structure.level_item(state.late_registration_levels)
    if last is None:
        return None
    after = last + 1
    through = state.profile.late_registration_through_break
    if through and after < len(structure.items) and structure.level_number(after) is None:
        return after
    return last


def number_after(view: ClockView, state: TournamentState) -> int | None:
    structure = state.structure
    assert structure is not None
    for index in range(view.item + 1, len(structure.items)):
        number = structure.level_number(index)
        if number is not None:
            return number
    return None


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
        "role": role(seat, blinds),
        "sits_out_next_hand": upcoming is not None and seat in upcoming.sitting_out,
    }


def role(seat: int, blinds: Blinds | None) -> str:
    if blinds is None:
        return ""
    if seat == blinds.big_blind:
        return "big-blind"
    if seat == blinds.button:  # heads-up the button posts the small blind (BTN-HU-ORDER)
        return "button"
    return "small-blind" if seat == blinds.small_blind else ""


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


def standings(state: TournamentState) -> list[Entry]:
    """Return the entries in standing order: still playing, then by place, disqualified last."""
    playing = [e for e in state.entries.values() if e.status.is_active and e.place is None]
    placed = sorted(
        (e for e in state.entries.values() if e.place is not None), key=lambda e: e.place or 0
    )
    disqualified = [e for e in state.entries.values() if e.status is EntryStatus.DISQUALIFIED]
    return playing + placed + disqualified


class Stage(StrEnum):
    """Where a tournament stands (a term shown to people: catalogue context ``Stage``)."""

    REGISTRATION = "registration"
    PLAYING = "playing"
    FINISHED = "finished"


class Standing(StrEnum):
    """The place column of an entry that has no place (a term: catalogue context ``Standing``)."""

    IN_PLAY = "in play"
    DISQUALIFIED = "DQ"


def standing_label(entry: Entry) -> str:
    """Return the place column of an entry in the standings: its place, or a ``Standing``."""
    if entry.place is not None:
        return places(entry.place, entry.shared)
    if entry.status is EntryStatus.DISQUALIFIED:
        return Standing.DISQUALIFIED
    return Standing.IN_PLAY


def stage(state: TournamentState) -> Stage:
    """Return ``registration``, ``playing`` or ``finished``."""
    if state.winner is not None:
        return Stage.FINISHED
    return Stage.PLAYING if state.is_drawn else Stage.REGISTRATION


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
        "players_left": state.active_count,
        "stage": stage(state),
        "archived": state.archived,
    }


def chips_in_play(tournament: Tournament) -> int:
    """Return the chips handed out (draw, late entries, re-entries, rebuys, add-ons, a chip
    race's) less the chips removed from play, as the state keeps them."""
    return tournament.state.chips_in_play


def due_moves(tournament: Tournament) -> tuple[str, Sequence[MoveTuple]]:
    """Return ``("proposed", moves)``, else ``("due", moves)`` worked out with a throwaway
    seeded draw (nothing is recorded), else ``("none", [])``."""
    state = tournament.state
    if state.pending_moves:
        return "proposed", state.pending_moves
    found = table_commands.moves_due(state) if state.tables else ()  # once per state
    return ("due", found) if found else ("none", [])


def status_document(
    tournament: Tournament, tournament_id: str, now: datetime.datetime
) -> dict[str, Any]:
    """Return where the tournament stands, as ``pokertd tournament status --json`` prints it."""
    state = tournament.state
    view = tournament.clock_view(now)
    left = state.active_count
    chips = chips_in_play(tournament) if state.is_drawn else None
    moves, due = due_moves(tournament)
    edge = bubble(state)
    return {
        "tournament": tournament_id,
        "title": state.title,
        "profile": state.profile.id,
        "day": state.day,
        "stage": stage(state),
        "clock": clock_json(view, state),
        "entries": len(counted_entries(state)),
        "reentries": sum(e.reentry_of is not None for e in counted_entries(state)),
        "rebuys": sum(state.ledger.rebuys.values()),
        "addons": len(state.ledger.addons),
        "registered": sum(e.status is EntryStatus.REGISTERED for e in state.entries.values()),
        "alternates": sum(e.status is EntryStatus.ALTERNATE for e in state.entries.values()),
        "players_left": left,
        "chips_in_play": chips,
        "average_stack": chips // left if chips is not None and left else None,
        "tables": len(state.tables),
        "halted_tables": [n for n in sorted(state.tables) if tournament.is_halted(n)],
        "registration_open": tournament.registration_is_open(now),
        "late_registration": late_registration_json(tournament, view, now),
        "hand_for_hand": state.hand_for_hand,
        "message": state.display_message,
        "time_bank_seconds": state.profile.time_bank_seconds,  # CLK-TIMEBANK: online play
        "places_paid": edge.places_paid,
        "hand_for_hand_advice": str(edge.advice),
        "moves": moves,
        "moves_due": sorted({move[5] for move in due}),
        "winner": state.winner,
        "winner_player": None if state.winner is None else state.entries[state.winner].player,
    }


def hand_json(hand: HandInProgress) -> dict[str, Any]:
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


def upcoming_hand(tournament: Tournament, number: int) -> NextHand | None:
    """Return the next hand's positions at table ``number``, or None during a hand or when fewer
    than two players sit there."""
    if number in tournament.state.in_progress:
        return None  # during a hand, the next one's positions are not known yet
    try:
        return tournament.next_hand(number)
    except PokertdError:
        return None


def table_json(tournament: Tournament, number: int) -> dict[str, Any]:
    """Return one table: seats, players, stacks, the hand in progress or the next hand, halted."""
    state = tournament.state
    table = state.tables[number]
    hand = state.in_progress.get(number)
    upcoming = upcoming_hand(tournament, number)
    blinds = hand.blinds if hand is not None else upcoming.blinds if upcoming else None
    seated = [(seat, state.entries[int(e)]) for seat, e in table.players.items()]
    return {
        "table": number,
        "size": table.size,
        "players": len(table.players),
        "halted": tournament.is_halted(number),
        "hand_in_progress": None if hand is None else hand_json(hand),
        "hand_for_hand": str(hand_for_hand_at(state, number)) or None,
        "next_hand": None if upcoming is None else next_hand_json(upcoming, table),
        "seats": [seat_json(entry, seat, blinds, upcoming) for seat, entry in seated],
    }


def tables_json(tournament: Tournament) -> list[dict[str, Any]]:
    """Return every table, by number."""
    return [table_json(tournament, number) for number in sorted(tournament.state.tables)]
