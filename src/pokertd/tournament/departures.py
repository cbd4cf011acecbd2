"""Departures: entries leaving play, and what follows: bust-outs and their places, bounties
taken, quitting, disqualification, the absentees removed after the late period; the tables they
empty close, and the last player left wins."""

from __future__ import annotations

import datetime

from pokertd.errors import ParseError
from pokertd.messages import message
from pokertd.rules import AbsentAfterLatePeriod, HandForHandStartBusts, QuitChips, SimultaneousBust
from pokertd.rules.penalties import PenaltyKind, penalty_fact
from pokertd.tournament import clock, commands, events, money_commands
from pokertd.tournament.events import TournamentEvent
from pokertd.tournament.handlers import Context, handles
from pokertd.tournament.places import rank_busts
from pokertd.tournament.refusals import (
    find_entry,
    find_playing,
    refuse,
    require_out_of_hand,
    structure_of,
)
from pokertd.tournament.state import Entry, EntryStatus, TournamentState


@handles(commands.CloseLateArrivals)
def _close_late_arrivals(
    state: TournamentState, command: commands.CloseLateArrivals, ctx: Context
) -> list[TournamentEvent]:
    """SEAT-LATE-ABSENT: players who never arrived keep being blinded (TDA 30, LFP 2.17b), or
    lose their chips (BAN/RETARD, LFP 2.17a: disqualified, stack removed)."""
    if not _removes_absentees(state):
        return []
    absent = {entry.number for entry in state.active() if not entry.is_present}
    if absent and len(absent) == state.active_count:
        raise refuse(
            message("nobody has arrived: removing every player would leave no one to play")
        )
    removed = [
        ctx.event(
            events.PlayerDisqualified,
            entry=number,
            reason="did not arrive within the late-entry period",
        )
        for number in sorted(absent)
    ]
    return removed + _leaving(state, ctx, absent)


def late_arrival_levels(state: TournamentState) -> int:
    """SEAT-LATE-WINDOW: the levels a registered player may arrive late: the event's own late
    period when it has one (LFP 2.16 "En l'absence de règlement propre", BAN/RETARD "jusqu'à la
    fin des entrées tardives prévue pour le tournoi"), else the profile's default (LFP 2.16: one
    round at most); 0 when neither sets one."""
    return state.late_registration_levels or state.profile.late_arrival_levels


def late_arrivals_due(state: TournamentState, now: datetime.datetime) -> list[int]:
    """SEAT-LATE-WINDOW, SEAT-LATE-ABSENT: the absent players whose chips the end of the
    late-arrival period removes, once that period is over at ``now`` (the director then closes
    it: ``CloseLateArrivals``); empty while it runs, or where absentees stay blinded off."""
    levels = late_arrival_levels(state)
    if levels <= 0 or not state.is_drawn or not _removes_absentees(state):
        return []
    structure = structure_of(state)
    view = clock.view(state.clock, structure, now, **state.clock_options())
    number = view.level_number
    if number is None:  # a break: over if the level before it was the last one allowed
        number = structure.level_number(view.item - 1) if view.item else None
        over = number is not None and number >= levels
    else:
        over = number > levels
    return sorted(e.number for e in state.active() if not e.is_present) if over else []


def _removes_absentees(state: TournamentState) -> bool:
    """SEAT-LATE-ABSENT: whether the late-arrival period's end removes the absentees' chips:
    BAN/RETARD always; LFP 2.17 in a free event only ("sans frais de participation": (a) their
    chips are removed; paid, (b): blinded until they arrive). No money recorded counts as paid."""
    rule = state.profile.absent_after_late_period
    if rule is AbsentAfterLatePeriod.BY_FEE:
        fees = state.ledger.rules
        return fees is not None and fees.buy_in.total == 0
    return rule is AbsentAfterLatePeriod.REMOVED


@handles(commands.BustPlayers)
def _bust(
    state: TournamentState, command: commands.BustPlayers, ctx: Context
) -> list[TournamentEvent]:
    if not command.entries or len(set(command.entries)) != len(command.entries):
        raise ParseError(message("name each busted entry once"))
    busted = [find_entry(state, number) for number in command.entries]
    for entry in busted:
        if not entry.status.is_active:
            raise refuse(
                message(
                    "entry {entry} is not playing ({status})",
                    entry=entry.number,
                    status=entry.status,
                )
            )
        require_out_of_hand(state, entry)  # EVENT-LIVE-HAND
    remaining = state.active_count
    if len(busted) >= remaining:
        raise refuse(message("someone must be left: the last player wins"))
    share = (
        command.in_announcement_hand
        and state.profile.hand_for_hand_start_busts is HandForHandStartBusts.SHARE
    ) or _split_across_tables(state, busted, remaining)
    if len(busted) > 1 and not share:
        missing = [e.number for e in busted if e.number not in command.start_stacks]
        if missing:
            raise refuse(
                message(
                    "{count} players bust in one hand: give each one's stack at the "
                    "start of the hand (missing for {missing})",
                    count=len(busted),
                    missing=missing,
                ),
                rule="ELIM-SIMULTANEOUS",
            )
    places = rank_busts(command.entries, remaining, command.start_stacks, share_all=share)
    tables = {entry.table for entry in busted}
    bounties = money_commands.bounties(state, ctx, command.entries, command.takers, command.split)
    result = [
        ctx.event(
            events.PlayersBusted,
            results=tuple(
                (p.entry, p.place, p.shared, command.start_stacks.get(p.entry)) for p in places
            ),
            table=tables.pop() if len(tables) == 1 else None,
        ),
        *bounties,
    ]
    return result + _leaving(state, ctx, {e.number for e in busted})


def _split_across_tables(state: TournamentState, busted: list[Entry], remaining: int) -> bool:
    """ELIM-SIMULTANEOUS (GM 41°): players out at the same time at different tables, outside
    hand-for-hand, in the paid places, add up their prizes and split them equally."""
    if state.profile.simultaneous_bust is not SimultaneousBust.SPLIT_ACROSS_TABLES:
        return False
    if len(busted) < 2 or state.hand_for_hand or len({e.table for e in busted}) < 2:
        return False
    paid = len(state.ledger.current_prizes())
    return state.ledger.rules is None or remaining - len(busted) + 1 <= paid


def _leaving(state: TournamentState, ctx: Context, leaving: set[int]) -> list[TournamentEvent]:
    """What follows entries leaving play: the tables they empty close, and the last player
    left wins."""
    # Only the tables the leaving entries sit at can empty (not every table: a field of
    # 10,000 busts one player at a time).
    tables = state.tables
    theirs = {state.entries[number].table for number in leaving}
    result = [
        ctx.event(events.TableClosed, table=number)
        for number in sorted(n for n in theirs if n is not None and n in tables)
        if tables[number].players
        and {int(entry) for entry in tables[number].players.values()} <= leaving
    ]
    if state.active_count - len(leaving & state.playing) == 1:
        winner = min(state.playing - leaving)
        result.append(ctx.event(events.TournamentFinished, winner=winner))
    return result


@handles(commands.Quit)
def _quit(state: TournamentState, command: commands.Quit, ctx: Context) -> list[TournamentEvent]:
    """ABS-QUIT: LFP 2.18a removes his chips; GM 7° keeps them in play, blinded off."""
    entry = find_playing(state, command.entry)
    if state.profile.quit_chips is QuitChips.BLINDED_OFF:
        # His chips stay in play, blinded off from the next hand: the live hand is not touched.
        return [ctx.event(events.PlayerQuit, entry=entry.number, chips_removed=False)]
    remaining = state.active_count
    if remaining <= 1:
        raise refuse(message("the last player cannot quit: he has won"))
    require_out_of_hand(state, entry)  # EVENT-LIVE-HAND: his chips leave
    quit_event = ctx.event(
        events.PlayerQuit, entry=entry.number, chips_removed=True, place=remaining
    )
    return [quit_event, *_leaving(state, ctx, {entry.number})]


@handles(commands.Disqualify)
def _disqualify(
    state: TournamentState, command: commands.Disqualify, ctx: Context
) -> list[TournamentEvent]:
    """PEN-DQ (LFP 13.1, TDA 71D, GM 7°): the chips leave play; no place is awarded."""
    entry = find_entry(state, command.entry)
    if entry.status in (EntryStatus.DISQUALIFIED, EntryStatus.WITHDRAWN):
        raise refuse(message("entry {entry} is {status}", entry=entry.number, status=entry.status))
    was_active = entry.status.is_active
    require_out_of_hand(state, entry)  # EVENT-LIVE-HAND: chips leave
    fact = penalty_fact(state.profile, PenaltyKind.DISQUALIFICATION)  # the penalty model
    dq = ctx.event(
        events.PlayerDisqualified, entry=entry.number, reason=command.reason,
        articles=fact.articles,
    )  # fmt: skip
    return [dq, *(_leaving(state, ctx, {entry.number}) if was_active else [])]
