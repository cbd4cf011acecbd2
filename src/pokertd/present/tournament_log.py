"""What ``pokertd tournament`` says happened: each event told in lines, and the event log.

A changing command prints the events it caused (``describe_events``), ``log`` prints them all with
their versions and times; both in English or French (``Words``), or as JSON, which never changes
with the language.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from typing import Any

from pokertd.present import money_log
from pokertd.present.formats import mmss, thousands
from pokertd.present.tournament_views import level_label, move_lines, places, who
from pokertd.present.words import Words
from pokertd.tournament import events as ev
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.money import MoneyRules
from pokertd.tournament.state import TournamentState
from pokertd.tournament.structure import Level, Structure


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


def describe_events(
    new: Sequence[ev.TournamentEvent], tournament: Tournament, words: Words
) -> list[str]:
    """Return the lines telling what ``new`` events did, in order."""
    lines: list[str] = []
    for event in new:
        lines.extend(describe(event, tournament, words))
    return lines


def describe(event: ev.TournamentEvent, tournament: Tournament, words: Words) -> list[str]:
    """Return the lines telling one event (the first line is the summary)."""
    state = tournament.state
    money = money_log.describe(event, state, words)
    if money is not None:
        return money
    match event:
        case ev.TournamentCreated():
            return _created(event, words)
        case ev.PlayerRegistered(entry=number, player=player, is_alternate=alternate):
            text = words("#{number} {player} registered", number=number, player=player)
            if alternate:
                text += words(" as an alternate (the field is full)")
            if event.reentry_of is not None:
                text += words(" (re-entry of #{reentry_of})", reentry_of=event.reentry_of)
            return [text]
        case ev.EntryWithdrawn(entry=number):
            return [words("{player} withdrawn", player=who(state, number))]
        case ev.PlayerCheckedIn(entry=number):
            return [words("{player} checked in", player=who(state, number))]
        case ev.TournamentLimitsSet(reentries=reentries, final_table=final_table):
            return _limits(reentries, final_table, words)
        case ev.TournamentArchived(archived=archived):
            return [words("tournament archived") if archived else words("tournament restored")]
        case ev.SeatsDrawn(seats=seats, buttons=buttons):
            tables = sorted({table for _, table, _ in seats})
            lines = [
                words(
                    "seats drawn: {count} players at {count2} table(s)",
                    count=len(seats),
                    count2=len(tables),
                )
            ]
            first = dict(buttons)
            for number in tables:
                at = sorted((seat, entry) for entry, table, seat in seats if table == number)
                listed = ", ".join(f"{seat}: {who(state, entry)}" for seat, entry in at)
                button = first.get(number, "?")
                lines.append(
                    words(
                        "  table {number} (button seat {button}): {listed}",
                        number=number,
                        button=button,
                        listed=listed,
                    )
                )
            return lines
        case ev.PlayerSeated(entry=number, table=table, seat=seat, stack=stack):
            name = who(state, number)
            text = words(
                "{name} seated at table {table} seat {seat} with {stack}",
                name=name,
                table=table,
                seat=seat,
                stack=stack,
            )
            if event.waits_for_big_blind:
                text += words(", waits for the big blind")
            return [text]
        case ev.ClockStarted():
            return [words("clock started")]
        case ev.ClockPaused():
            return [words("clock paused")]
        case ev.ClockResumed():
            return [words("clock resumed")]
        case ev.ClockAdjusted(seconds=seconds):
            shift = mmss(seconds, signed=True)
            return [words("clock adjusted by {shift}", shift=shift)]
        case ev.LevelSkipped():
            return [words("clock moved on to the next level or break")]
        case ev.LevelWentBack():
            return [words("clock went back to the start of the level (or the one before)")]
        case ev.HandStarted():
            return _hand_started(event, state, words)
        case ev.HandPlayedLive(table=table, hand=hand):
            return [words("table {table} hand {hand} played at the live table", table=table,
                          hand=hand)]  # fmt: skip
        case ev.HandFinished(table=table, hand=hand, stacks=stacks):
            text = words("table {table} hand {hand} finished", table=table, hand=hand)
            if stacks:
                listed = ", ".join(f"{who(state, e)} {c}" for e, c in stacks)
                text += words("; stacks {listed}", listed=listed)
            return [text]
        case ev.PlayersBusted(results=results):
            return [_busted(state, result, words) for result in results]
        case ev.PlayerArrived(entry=number):
            return [words("{player} is at the table", player=who(state, number))]
        case ev.PlayerWentAway(entry=number):
            name = who(state, number)
            return [words("{name} went away: dealt in, hands killed, blinds posted", name=name)]
        case ev.PlayerQuit(entry=number, chips_removed=removed, place=place):
            name = who(state, number)
            if removed:
                ordinal = words.ordinal(place) if place else ""
                spot = words(" in {ordinal} place", ordinal=ordinal) if place else ""
                return [
                    words(
                        "{name} left the tournament{spot}; chips removed",
                        name=name,
                        spot=spot,
                    )
                ]
            return [words("{name} left the tournament; chips stay in, blinded off", name=name)]
        case ev.PlayerDisqualified(entry=number, reason=reason, articles=articles):
            name, because = who(state, number), _because(reason, articles)
            return [
                words(
                    "{name} disqualified{because}; chips removed from play",
                    name=name,
                    because=because,
                )
            ]
        case ev.PenaltyGiven(entry=number):
            return [_penalty_line(event, who(state, number), words)]
        case ev.BreakOrderSet(tables=tables):
            listed = ", ".join(str(t) for t in tables)
            return [words("break order: tables {listed}", listed=listed)]
        case ev.MovesProposed(moves=moves):
            head = words("moves proposed (to confirm):")
            return [head, *move_lines(moves, state, words)]
        case ev.PlayersMoved(moves=moves):
            return [words("players moved:"), *move_lines(moves, state, words)]
        case ev.TableResized(table=table, size=size):
            return [words("table {table} now seats {size}", table=table, size=size)]
        case ev.TableClosed(table=table):
            return [words("table {table} closed", table=table)]
        case ev.TableButtonSet(table=table, seat=seat):
            return [
                words(
                    "table {table}: the button is at seat {seat} for the next hand",
                    table=table,
                    seat=seat,
                )
            ]
        case ev.HandForHandStarted():
            return [words("hand-for-hand started")]
        case ev.HandForHandEnded():
            return [words("hand-for-hand ended")]
        case ev.DisplayMessageSet(text=""):
            return [words("the displays' message is cleared")]
        case ev.DisplayMessageSet(text=text):
            return [words("the displays show: {text}", text=text)]
        case ev.TimeBankSet(seconds=0):
            return [words("the online players have no time bank")]
        case ev.TimeBankSet(seconds=seconds):
            return [words("the online players' time bank is {seconds} seconds", seconds=seconds)]
        case ev.LevelChanged(level=level, small_blind=small, big_blind=big, ante=ante):
            return [
                words(
                    "level {level} changed: blinds {small}/{big}, ante {ante}, {minutes} minutes",
                    level=level,
                    small=thousands(small, words.lang),
                    big=thousands(big, words.lang),
                    ante=thousands(ante, words.lang),
                    minutes=event.minutes,
                )
                + _bring_in_changed(event, words)
            ]
        case ev.LastHandsAnnounced(count=count):
            return [words("the last {count} hands of the day are announced", count=count)]
        case ev.DayEnded(day=day, stacks=stacks):
            return [words("day {day} ended: {count} stacks bagged", day=day, count=len(stacks))]
        case ev.DayStarted(day=day):
            return [words("day {day} started", day=day)]
        case ev.StackReported(entry=number, chips=chips):
            return [words("{player} has {chips}", player=who(state, number), chips=chips)]
        case ev.TournamentFinished(winner=winner):
            name = who(state, winner)
            return [words("{name} wins the tournament", name=name)]
        case ev.CommandUndone(undone=undone):
            said = words("event")
            cancelled = [
                f"{describe(e, tournament, words)[0]} ({said} {version})"
                for version, e in enumerate(tournament.events, start=1)
                if e.cmd == undone and not isinstance(e, ev.CommandUndone)
            ]
            summary = cancelled[0] if cancelled else words("command {undone}", undone=undone)
            return [words("undone: {summary}", summary=summary)] + [
                words("  and {line}", line=line) for line in cancelled[1:]
            ]
    return [event.name]


def _limits(reentries: int | None, final_table: str, words: Words) -> list[str]:
    lines = []
    if reentries is not None:
        allowed = words.ngettext(
            "at most {count} re-entry per player",
            "at most {count} re-entries per player",
            reentries,
        )
        lines.append(allowed)
    if final_table == "table-size":
        lines.append(words("final table: a full table"))
    elif final_table:
        lines.append(words("final table: one more than a full table"))
    return lines


def _created(event: ev.TournamentCreated, words: Words) -> list[str]:
    structure = Structure.from_dict(event.structure)
    size, most, levels = event.table_size, event.max_players, event.late_registration_levels
    limit = words("at most {most} players", most=most) if most else words("no player limit")
    late = (
        words("late registration to the end of level {levels}", levels=levels)
        if levels
        else words("no late registration after the draw")
    )
    name = structure.name or words("(custom)")
    count, stack = len(structure.levels), structure.starting_stack
    chips = "/".join(str(chip) for chip in structure.chips)
    lines = [
        words(
            "tournament created: {title!r}, profile {profile}",
            title=event.title,
            profile=event.profile,
        ),
        words(
            "  structure {name}: {count} levels, starting stack {stack}, chips {chips}",
            name=name,
            count=count,
            stack=stack,
            chips=chips,
        ),
        words("  tables of {size}, {limit}, {late}", size=size, limit=limit, late=late),
    ]
    if event.money:
        lines += money_log.rules_lines(MoneyRules.from_dict(event.money), words)
    if event.break_order:
        listed = ", ".join(str(t) for t in event.break_order)
        lines.append(words("  break order: tables {listed}", listed=listed))
    return lines


def _hand_started(event: ev.HandStarted, state: TournamentState, words: Words) -> list[str]:
    structure = state.structure
    item = structure.items[event.item] if structure is not None else None
    if isinstance(item, Level) and structure is not None:
        number, label = structure.level_number(event.item), level_label(item)
        level = words("at level {number} ({label})", number=number, label=label)
    else:
        level = words("at a break")
    table, hand = event.table, event.hand
    button, small, big, dealt = event.button, event.small_blind, event.big_blind, len(event.dealt)
    lines = [
        words("table {table} hand {hand} started {level}", table=table, hand=hand, level=level)
        + (words(", hand-for-hand") if event.hand_for_hand else ""),
        words(
            "  button seat {button}, small blind seat {small}, big blind seat {big}; "
            "{dealt} dealt in",
            button=button,
            small=small,
            big=big,
            dealt=dealt,
        ),
    ]
    if event.sitting_out:
        listed = ", ".join(str(s) for s in event.sitting_out)
        lines.append(words("  sitting out: seats {listed}", listed=listed))
    if event.killed:
        killed = ", ".join(who(state, number) for number in event.killed)
        lines.append(words("  hands killed (absent or penalised): {killed}", killed=killed))
    return lines


def _busted(state: TournamentState, result: tuple[int, int, int, int | None], words: Words) -> str:
    number, place, shared, start_stack = result
    name = who(state, number)
    if shared > 1:
        shared_places = places(place, shared)
        text = words(
            "{name} busted, sharing places {shared_places}",
            name=name,
            shared_places=shared_places,
        )
    else:
        ordinal = words.ordinal(place)
        text = words("{name} busted in {ordinal} place", name=name, ordinal=ordinal)
    if start_stack is not None:
        text += words(" (started the hand with {start_stack})", start_stack=start_stack)
    return text


# -- the log --------------------------------------------------------------------------------------


def local_time(at: str) -> str:
    """Return an event's ISO time as local ``YYYY-MM-DD HH:MM:SS``."""
    moment = datetime.datetime.fromisoformat(at)
    return moment.astimezone().strftime("%Y-%m-%d %H:%M:%S")


def _numbered(tournament: Tournament, last: int | None) -> list[tuple[int, ev.TournamentEvent]]:
    """The events with their versions, the last ``last`` only (all for None or 0): those alone
    are read, so that the end of a big event's log needs no event before its snapshot."""
    history = tournament.events
    start = max(len(history) - last, 0) if last else 0
    return list(enumerate(history[start:], start=start + 1))


def log_json(tournament: Tournament, last: int | None) -> list[dict[str, Any]]:
    """Return the event log (or its last events) with versions and undone marks."""
    undone, numbered = tournament.undone, _numbered(tournament, last)
    return [
        {"version": version, "cancelled": event.cmd in undone, **event_json(event)}
        for version, event in numbered
    ]


def log_lines(tournament: Tournament, last: int | None, words: Words) -> list[str]:
    """Return the event log as text: version, local time, what happened, ``[undone]``."""
    undone, numbered = tournament.undone, _numbered(tournament, last)
    mark = words("  [undone]")
    lines: list[str] = []
    for version, event in numbered:
        told = describe(event, tournament, words)
        cancelled = mark if event.cmd in undone else ""
        lines.append(f"{version:>5}  {local_time(event.at)}  {told[0]}{cancelled}")
        lines += [f"{'':>27}{line}" for line in told[1:]]
    return lines


def who_did(by: str, words: Words) -> str:
    """Who gave a command, as the log says it: a staff member's name, ``the director``, the
    dealer of a table (``dealer:<table>:<pass>``); "" when nobody was named (the CLI, or an
    event stored before commands named who gave them).

    >>> from pokertd.present.words import words_for
    >>> who_did("dealer:3:a1b2c3d4", words_for("en")), who_did("claire", words_for("en"))
    ('dealer of table 3', 'claire')
    """
    if by == "director":
        return words("the director")
    kind, _, rest = by.partition(":")
    if kind == "dealer" and rest:
        return words("dealer of table {table}", table=rest.partition(":")[0])
    return by


def log_commands(tournament: Tournament, words: Words) -> list[dict[str, Any]]:
    """Return the log by command, newest first: its number, local time (``HH:MM``), the lines
    of its events, whether it was undone, whether it is an undo itself, and who gave it."""
    undone = {e.undone for e in tournament.events if isinstance(e, ev.CommandUndone)}
    grouped: dict[int, dict[str, Any]] = {}
    for event in tournament.events:
        entry = grouped.setdefault(
            event.cmd,
            {
                "cmd": event.cmd,
                "time": local_time(event.at)[11:16],
                "lines": [],
                "undone": event.cmd in undone,
                "is_undo": isinstance(event, ev.CommandUndone),
                "is_creation": isinstance(event, ev.TournamentCreated),
                "by": who_did(event.by, words),
            },
        )
        entry["lines"].extend(describe(event, tournament, words))
    return sorted(grouped.values(), key=lambda entry: -entry["cmd"])


def _because(reason: str, articles: tuple[str, ...]) -> str:
    """Return " (reason; articles)": why, and the rule's articles (PEN-*), where recorded."""
    said = "; ".join(part for part in (reason, ", ".join(articles)) if part)
    return f" ({said})" if said else ""


def _penalty_line(event: ev.PenaltyGiven, name: str, words: Words) -> str:
    """A penalty as the model recorded it (``rules.penalties``): a warning (LFP 13.1's sits out
    one hand), hands, or rounds counted in hands (PEN-MISSED-HANDS)."""
    because, hands = _because(event.reason, event.articles), event.hands
    if event.kind == "warning" or (not event.kind and not hands):
        if hands:
            return words(
                "{name} warned, sits out {hands} hand(s){because}",
                name=name, hands=hands, because=because,
            )  # fmt: skip
        return words("{name} warned{because}", name=name, because=because)
    if event.rounds:
        return words(
            "{name} penalised: sits out {rounds} round(s), {hands} hand(s){because}",
            name=name, rounds=event.rounds, hands=hands, because=because,
        )  # fmt: skip
    return words(
        "{name} penalised: sits out {hands} hand(s){because}",
        name=name, hands=hands, because=because,
    )  # fmt: skip


def _bring_in_changed(event: ev.LevelChanged, words: Words) -> str:
    """What a level's change did to its bring-in (a stud level), after its amounts: nothing said
    when it was kept."""
    if event.default_bring_in:
        return words(", bring-in by default")
    if event.bring_in:
        return words(", bring-in {amount}", amount=thousands(event.bring_in, words.lang))
    return ""
