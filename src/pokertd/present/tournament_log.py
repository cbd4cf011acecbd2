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
from pokertd.present.tournament_views import level_label, mmss, move_lines, places, who
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
            text = words(f"#{number} {player} registered", f"#{number} {player} inscrit(e)")
            if alternate:
                text += words(
                    " as an alternate (the field is full)",
                    " comme remplaçant(e) (le tournoi est complet)",
                )
            if event.reentry_of is not None:
                text += words(
                    f" (re-entry of #{event.reentry_of})", f" (re-entry de #{event.reentry_of})"
                )
            return [text]
        case ev.EntryWithdrawn(entry=number):
            return [words(f"{who(state, number)} withdrawn", f"{who(state, number)} désinscrit(e)")]
        case ev.PlayerCheckedIn(entry=number):
            return [words(f"{who(state, number)} checked in", f"{who(state, number)} présent(e)")]
        case ev.SeatsDrawn(seats=seats, buttons=buttons):
            tables = sorted({table for _, table, _ in seats})
            lines = [
                words(
                    f"seats drawn: {len(seats)} players at {len(tables)} table(s)",
                    f"tirage des places : {len(seats)} joueurs à {len(tables)} table(s)",
                )
            ]
            first = dict(buttons)
            for number in tables:
                at = sorted((seat, entry) for entry, table, seat in seats if table == number)
                listed = ", ".join(f"{seat}: {who(state, entry)}" for seat, entry in at)
                button = first.get(number, "?")
                lines.append(
                    words(
                        f"  table {number} (button seat {button}): {listed}",
                        f"  table {number} (bouton siège {button}) : {listed}",
                    )
                )
            return lines
        case ev.PlayerSeated(entry=number, table=table, seat=seat, stack=stack):
            name = who(state, number)
            text = words(
                f"{name} seated at table {table} seat {seat} with {stack}",
                f"{name} placé(e) table {table} siège {seat} avec {stack}",
            )
            if event.waits_for_big_blind:
                text += words(", waits for the big blind", ", attend la grosse blinde")
            return [text]
        case ev.ClockStarted():
            return [words("clock started", "horloge lancée")]
        case ev.ClockPaused():
            return [words("clock paused", "horloge en pause")]
        case ev.ClockResumed():
            return [words("clock resumed", "horloge relancée")]
        case ev.ClockAdjusted(seconds=seconds):
            shift = mmss(seconds, signed=True)
            return [words(f"clock adjusted by {shift}", f"horloge ajustée de {shift}")]
        case ev.LevelSkipped():
            return [
                words(
                    "clock moved on to the next level or break",
                    "horloge passée au niveau ou à la pause suivante",
                )
            ]
        case ev.LevelWentBack():
            return [
                words(
                    "clock went back to the start of the level (or the one before)",
                    "horloge revenue au début du niveau (ou du précédent)",
                )
            ]
        case ev.HandStarted():
            return _hand_started(event, state, words)
        case ev.HandFinished(table=table, hand=hand, stacks=stacks):
            text = words(
                f"table {table} hand {hand} finished", f"table {table} main {hand} terminée"
            )
            if stacks:
                listed = ", ".join(f"{who(state, e)} {c}" for e, c in stacks)
                text += words(f"; stacks {listed}", f" ; tapis {listed}")
            return [text]
        case ev.PlayersBusted(results=results):
            return [_busted(state, result, words) for result in results]
        case ev.PlayerArrived(entry=number):
            return [
                words(
                    f"{who(state, number)} is at the table", f"{who(state, number)} est à la table"
                )
            ]
        case ev.PlayerWentAway(entry=number):
            name = who(state, number)
            return [
                words(
                    f"{name} went away: dealt in, hands killed, blinds posted",
                    f"{name} s'absente : servi(e), mains mortes, blindes payées",
                )
            ]
        case ev.PlayerQuit(entry=number, chips_removed=removed, place=place):
            name = who(state, number)
            if removed:
                ordinal = words.ordinal(place) if place else ""
                spot = words(f" in {ordinal} place", f" à la {ordinal} place") if place else ""
                return [
                    words(
                        f"{name} left the tournament{spot}; chips removed",
                        f"{name} quitte le tournoi{spot} ; jetons retirés",
                    )
                ]
            return [
                words(
                    f"{name} left the tournament; chips stay in, blinded off",
                    f"{name} quitte le tournoi ; ses jetons restent en jeu et paient les blindes",
                )
            ]
        case ev.PlayerDisqualified(entry=number, reason=reason):
            name, because = who(state, number), f" ({reason})" if reason else ""
            return [
                words(
                    f"{name} disqualified{because}; chips removed from play",
                    f"{name} disqualifié(e){because} ; jetons retirés du jeu",
                )
            ]
        case ev.PenaltyGiven(entry=number, hands=hands, reason=reason):
            name, because = who(state, number), f" ({reason})" if reason else ""
            if not hands:
                return [words(f"{name} warned{because}", f"{name} averti(e){because}")]
            return [
                words(
                    f"{name} penalised: sits out {hands} hand(s){because}",
                    f"{name} pénalisé(e) : {hands} main(s) sans jouer{because}",
                )
            ]
        case ev.BreakOrderSet(tables=tables):
            listed = ", ".join(str(t) for t in tables)
            return [words(f"break order: tables {listed}", f"ordre de fermeture : tables {listed}")]
        case ev.MovesProposed(moves=moves):
            head = words("moves proposed (to confirm):", "déplacements proposés (à confirmer) :")
            return [head, *move_lines(moves, state, words)]
        case ev.PlayersMoved(moves=moves):
            return [words("players moved:", "joueurs déplacés :"), *move_lines(moves, state, words)]
        case ev.TableResized(table=table, size=size):
            return [
                words(f"table {table} now seats {size}", f"table {table} : {size} sièges désormais")
            ]
        case ev.TableClosed(table=table):
            return [words(f"table {table} closed", f"table {table} fermée")]
        case ev.TableButtonSet(table=table, seat=seat):
            return [
                words(
                    f"table {table}: the button is at seat {seat} for the next hand",
                    f"table {table} : le bouton est au siège {seat} pour la prochaine main",
                )
            ]
        case ev.HandForHandStarted():
            return [words("hand-for-hand started", "début du main pour main")]
        case ev.HandForHandEnded():
            return [words("hand-for-hand ended", "fin du main pour main")]
        case ev.LastHandsAnnounced(count=count):
            return [
                words(
                    f"the last {count} hands of the day are announced",
                    f"les {count} dernières mains de la journée sont annoncées",
                )
            ]
        case ev.DayEnded(day=day, stacks=stacks):
            return [
                words(
                    f"day {day} ended: {len(stacks)} stacks bagged",
                    f"fin de la journée {day} : {len(stacks)} tapis mis en sac",
                )
            ]
        case ev.DayStarted(day=day):
            return [words(f"day {day} started", f"début de la journée {day}")]
        case ev.StackReported(entry=number, chips=chips):
            return [
                words(f"{who(state, number)} has {chips}", f"{who(state, number)} a {chips} jetons")
            ]
        case ev.TournamentFinished(winner=winner):
            name = who(state, winner)
            return [words(f"{name} wins the tournament", f"{name} remporte le tournoi")]
        case ev.CommandUndone(undone=undone):
            cancelled = [
                f"{describe(e, tournament, words)[0]} ({words('event', 'événement')} {version})"
                for version, e in enumerate(tournament.events, start=1)
                if e.cmd == undone and not isinstance(e, ev.CommandUndone)
            ]
            summary = (
                cancelled[0] if cancelled else words(f"command {undone}", f"commande {undone}")
            )
            return [words(f"undone: {summary}", f"annulé : {summary}")] + [
                words(f"  and {line}", f"  et {line}") for line in cancelled[1:]
            ]
    return [event.name]


def _created(event: ev.TournamentCreated, words: Words) -> list[str]:
    structure = Structure.from_dict(event.structure)
    size, most, levels = event.table_size, event.max_players, event.late_registration_levels
    limit = (
        words(f"at most {most} players", f"{most} joueurs au plus")
        if most
        else words("no player limit", "pas de limite de joueurs")
    )
    late = (
        words(
            f"late registration to the end of level {levels}",
            f"inscriptions tardives jusqu'à la fin du niveau {levels}",
        )
        if levels
        else words(
            "no late registration after the draw", "pas d'inscription tardive après le tirage"
        )
    )
    name = structure.name or words("(custom)", "(personnalisée)")
    count, stack = len(structure.levels), structure.starting_stack
    chips = "/".join(str(chip) for chip in structure.chips)
    lines = [
        words(
            f"tournament created: {event.title!r}, profile {event.profile}",
            f"tournoi créé : {event.title!r}, profil {event.profile}",
        ),
        words(
            f"  structure {name}: {count} levels, starting stack {stack}, chips {chips}",
            f"  structure {name} : {count} niveaux, tapis de départ {stack}, jetons {chips}",
        ),
        words(f"  tables of {size}, {limit}, {late}", f"  tables de {size}, {limit}, {late}"),
    ]
    if event.money:
        lines += money_log.rules_lines(MoneyRules.from_dict(event.money), words)
    if event.break_order:
        listed = ", ".join(str(t) for t in event.break_order)
        lines.append(
            words(f"  break order: tables {listed}", f"  ordre de fermeture : tables {listed}")
        )
    return lines


def _hand_started(event: ev.HandStarted, state: TournamentState, words: Words) -> list[str]:
    structure = state.structure
    item = structure.items[event.item] if structure is not None else None
    if isinstance(item, Level) and structure is not None:
        number, label = structure.level_number(event.item), level_label(item)
        level = words(f"at level {number} ({label})", f"au niveau {number} ({label})")
    else:
        level = words("at a break", "pendant une pause")
    table, hand = event.table, event.hand
    button, small, big, dealt = event.button, event.small_blind, event.big_blind, len(event.dealt)
    lines = [
        words(
            f"table {table} hand {hand} started {level}",
            f"table {table} main {hand} commencée {level}",
        )
        + (words(", hand-for-hand", ", main pour main") if event.hand_for_hand else ""),
        words(
            f"  button seat {button}, small blind seat {small}, big blind seat {big}; "
            f"{dealt} dealt in",
            f"  bouton siège {button}, petite blinde siège {small}, grosse blinde siège {big} ; "
            f"{dealt} joueurs servis",
        ),
    ]
    if event.sitting_out:
        listed = ", ".join(str(s) for s in event.sitting_out)
        lines.append(words(f"  sitting out: seats {listed}", f"  non servis : sièges {listed}"))
    if event.killed:
        killed = ", ".join(who(state, number) for number in event.killed)
        lines.append(
            words(
                f"  hands killed (absent or penalised): {killed}",
                f"  mains mortes (absents ou pénalisés) : {killed}",
            )
        )
    return lines


def _busted(state: TournamentState, result: tuple[int, int, int, int | None], words: Words) -> str:
    number, place, shared, start_stack = result
    name = who(state, number)
    if shared > 1:
        shared_places = places(place, shared)
        text = words(
            f"{name} busted, sharing places {shared_places}",
            f"{name} éliminé(e), places {shared_places} partagées",
        )
    else:
        ordinal = words.ordinal(place)
        text = words(f"{name} busted in {ordinal} place", f"{name} éliminé(e) à la {ordinal} place")
    if start_stack is not None:
        text += words(
            f" (started the hand with {start_stack})", f" (tapis de {start_stack} en début de main)"
        )
    return text


# -- the log --------------------------------------------------------------------------------------


def local_time(at: str) -> str:
    """Return an event's ISO time as local ``YYYY-MM-DD HH:MM:SS``."""
    moment = datetime.datetime.fromisoformat(at)
    return moment.astimezone().strftime("%Y-%m-%d %H:%M:%S")


def log_json(tournament: Tournament, last: int | None) -> list[dict[str, Any]]:
    """Return the event log (or its last events) with versions and undone marks."""
    undone = {e.undone for e in tournament.events if isinstance(e, ev.CommandUndone)}
    numbered = list(enumerate(tournament.events, start=1))[-(last or 0) :]
    return [
        {"version": version, "cancelled": event.cmd in undone, **event_json(event)}
        for version, event in numbered
    ]


def log_lines(tournament: Tournament, last: int | None, words: Words) -> list[str]:
    """Return the event log as text: version, local time, what happened, ``[undone]``."""
    undone = {e.undone for e in tournament.events if isinstance(e, ev.CommandUndone)}
    numbered = list(enumerate(tournament.events, start=1))[-(last or 0) :]
    mark = words("  [undone]", "  [annulé]")
    lines: list[str] = []
    for version, event in numbered:
        told = describe(event, tournament, words)
        cancelled = mark if event.cmd in undone else ""
        lines.append(f"{version:>5}  {local_time(event.at)}  {told[0]}{cancelled}")
        lines += [f"{'':>27}{line}" for line in told[1:]]
    return lines
