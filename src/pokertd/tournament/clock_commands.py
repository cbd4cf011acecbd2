"""Time: the level clock (start, pause, resume, adjust, skip, go back), hand-for-hand, the last
hands of a day and the days."""

from __future__ import annotations

import datetime
from typing import Any

from pokertd.errors import ParseError
from pokertd.messages import message
from pokertd.tournament import clock, commands, events, moves, seating
from pokertd.tournament.events import TournamentEvent
from pokertd.tournament.handlers import Context, handles
from pokertd.tournament.refusals import RULE_LIVE_HAND, refuse, structure_of
from pokertd.tournament.state import TournamentState

# -- the clock -------------------------------------------------------------------------------------


def _clock_event(
    state: TournamentState, ctx: Context, cls: type[TournamentEvent], **fields: Any
) -> list[TournamentEvent]:
    if state.winner is not None:  # ELIM-END (LFP 1.7): the event is over, its clock stopped
        raise refuse(message("the tournament is over"), rule="ELIM-END")
    event = ctx.event(cls, **fields)
    probe = TournamentState(structure=state.structure, clock=state.clock, profile=state.profile)
    probe.apply(event)  # the clock refuses impossible moves (LVL-TIMER)
    return [event]


@handles(commands.StartClock)
def _start_clock(
    state: TournamentState, command: commands.StartClock, ctx: Context
) -> list[TournamentEvent]:
    return _clock_event(state, ctx, events.ClockStarted)


@handles(commands.PauseClock)
def _pause_clock(
    state: TournamentState, command: commands.PauseClock, ctx: Context
) -> list[TournamentEvent]:
    return _clock_event(state, ctx, events.ClockPaused)


@handles(commands.ResumeClock)
def _resume_clock(
    state: TournamentState, command: commands.ResumeClock, ctx: Context
) -> list[TournamentEvent]:
    return _clock_event(state, ctx, events.ClockResumed)


@handles(commands.AdjustClock)
def _adjust_clock(
    state: TournamentState, command: commands.AdjustClock, ctx: Context
) -> list[TournamentEvent]:
    """Add time to what the clock shows (positive) or take it away (negative); adding more
    than has run in the current level would do nothing, so it is refused."""
    view = clock_view(state, ctx.now)
    if command.seconds > view.elapsed + 1e-9:
        shown = f"{int(view.elapsed) // 60}:{int(view.elapsed) % 60:02d}"
        raise refuse(
            message("only {shown} can be added to this level", shown=shown), rule="LVL-TIMER"
        )
    return _clock_event(state, ctx, events.ClockAdjusted, seconds=command.seconds)


@handles(commands.SkipLevel)
def _skip_level(
    state: TournamentState, command: commands.SkipLevel, ctx: Context
) -> list[TournamentEvent]:
    return _clock_event(state, ctx, events.LevelSkipped)


@handles(commands.GoBackLevel)
def _go_back(
    state: TournamentState, command: commands.GoBackLevel, ctx: Context
) -> list[TournamentEvent]:
    return _clock_event(state, ctx, events.LevelWentBack)


#: EVENT-STRUCTURE (no book's id; docs/judgements.md): the director may change a level that no
#: hand has been played at yet; what was played stays as it was, and the level in play stays too.
RULE_STRUCTURE = "EVENT-STRUCTURE"


@handles(commands.ChangeLevel)
def _change_level(
    state: TournamentState, command: commands.ChangeLevel, ctx: Context
) -> list[TournamentEvent]:
    if state.winner is not None:  # ELIM-END (LFP 1.7): the event is over
        raise refuse(message("the tournament is over"), rule="ELIM-END")
    structure = structure_of(state)
    amounts = (command.small_blind, command.big_blind, command.ante, command.minutes)
    changed = structure.with_level(  # ParseError: no such level, amounts, a bring-in too big
        command.level,
        *amounts,
        bring_in=command.bring_in,
        default_bring_in=command.default_bring_in,
    )
    index = structure.level_item(command.level)
    assert index is not None
    current = clock_view(state, ctx.now).item
    if index < current or (index == current and state.clock.is_started):
        played = message("was played") if index < current else message("is being played")
        raise refuse(
            message(
                "level {number} {played}: only a level to come can be changed",
                number=command.level,
                played=played,
            ),
            rule=RULE_STRUCTURE,
        )
    if changed == structure:
        raise ParseError(message("level {number} already has these amounts", number=command.level))
    changed.validate()  # CHIP-WHEN: the new blinds are payable with the chips in play then
    return [ctx.event(events.LevelChanged, level=command.level, **_amounts(command))]


def _amounts(command: commands.ChangeLevel) -> dict[str, int | bool]:
    return {
        "small_blind": command.small_blind,
        "big_blind": command.big_blind,
        "ante": command.ante,
        "minutes": command.minutes,
        "bring_in": command.bring_in,
        "default_bring_in": command.default_bring_in,
    }


def clock_view(state: TournamentState, now: datetime.datetime) -> clock.ClockView:
    """Return what the clock shows at ``now``."""
    stop = state.profile.day_end_stop_seconds or None
    return clock.view(state.clock, structure_of(state), now, day_end_stop_seconds=stop)


# -- hand-for-hand and days ------------------------------------------------------------------------


@handles(commands.StartHandForHand)
def _start_hand_for_hand(
    state: TournamentState, command: commands.StartHandForHand, ctx: Context
) -> list[TournamentEvent]:
    if state.hand_for_hand:
        raise refuse(message("hand-for-hand has already started"))
    return _clock_event(state, ctx, events.HandForHandStarted)


@handles(commands.EndHandForHand)
def _end_hand_for_hand(
    state: TournamentState, command: commands.EndHandForHand, ctx: Context
) -> list[TournamentEvent]:
    if not state.hand_for_hand:
        raise refuse(message("hand-for-hand is not on"))
    return _clock_event(state, ctx, events.HandForHandEnded)


#: The longest line the displays show under the clock, in characters (a TV's width, big).
DISPLAY_MESSAGE_LIMIT = 120


@handles(commands.SetDisplayMessage)
def _set_display_message(
    state: TournamentState, command: commands.SetDisplayMessage, ctx: Context
) -> list[TournamentEvent]:
    text = " ".join(command.text.split())  # one line, whatever was typed or pasted
    if len(text) > DISPLAY_MESSAGE_LIMIT:
        raise ParseError(
            message(
                "the display message has {length} characters: at most {limit}",
                length=len(text),
                limit=DISPLAY_MESSAGE_LIMIT,
            )
        )
    if text == state.display_message:
        raise ParseError(message("the displays already show this message"))
    return [ctx.event(events.DisplayMessageSet, text=text)]


#: The longest time bank, in seconds: ten minutes over a whole event is already generous.
TIME_BANK_LIMIT = 600


@handles(commands.SetTimeBank)
def _set_time_bank(
    state: TournamentState, command: commands.SetTimeBank, ctx: Context
) -> list[TournamentEvent]:
    """CLK-TIMEBANK (no book speaks of one: docs/judgements.md): the director's time bank for
    the online players of this event, on top of the action clock (CLK-DURATION)."""
    seconds = command.seconds
    if isinstance(seconds, bool) or not isinstance(seconds, int):
        raise ParseError(message("the time bank is a whole number of seconds"))
    if not 0 <= seconds <= TIME_BANK_LIMIT:
        raise ParseError(
            message(
                "the time bank is 0 to {limit} seconds, not {seconds} (CLK-TIMEBANK)",
                limit=TIME_BANK_LIMIT,
                seconds=seconds,
            )
        )
    if seconds == state.profile.time_bank_seconds:
        raise ParseError(message("the time bank is already {seconds} seconds", seconds=seconds))
    return [ctx.event(events.TimeBankSet, seconds=seconds)]


@handles(commands.AnnounceLastHands)
def _announce_last_hands(
    state: TournamentState, command: commands.AnnounceLastHands, ctx: Context
) -> list[TournamentEvent]:
    low, high = state.last_hands_range()
    if not low <= command.count <= high:
        raise refuse(
            message(
                "announce {low} to {high} last hands, not {count}",
                low=low,
                high=high,
                count=command.count,
            ),
            rule="DAY-END",
        )
    return [ctx.event(events.LastHandsAnnounced, count=command.count)]


@handles(commands.EndDay)
def _end_day(
    state: TournamentState, command: commands.EndDay, ctx: Context
) -> list[TournamentEvent]:
    if state.in_progress:  # EVENT-LIVE-HAND: the bagged stacks are those after the last hands
        raise refuse(
            message("hands are in progress at tables {tables}", tables=sorted(state.in_progress)),
            rule=RULE_LIVE_HAND,
        )
    active = {entry.number for entry in state.active()}
    if set(command.stacks) != active:
        raise ParseError(
            message("bag a stack for every player still in: {players}", players=sorted(active))
        )
    stacks = tuple(sorted(command.stacks.items()))
    return [ctx.event(events.DayEnded, day=state.day, stacks=stacks)]


@handles(commands.StartDay)
def _start_day(
    state: TournamentState, command: commands.StartDay, ctx: Context
) -> list[TournamentEvent]:
    """DAY-REDRAW (LFP 1.5): seats are redrawn at the start of a new day."""
    result: list[TournamentEvent] = [ctx.event(events.DayStarted, day=state.day + 1)]
    if command.redraw:
        players = [str(entry.number) for entry in state.active()]
        # At the final table the redraw stays there, at its size (TBL-FINAL-SIZE).
        size = state.tables[min(state.tables)].size if len(state.tables) == 1 else state.table_size
        count = -(-len(players) // size)
        numbers = sorted(state.tables)[:count] or list(range(1, count + 1))
        drawn = seating.redraw(
            players,
            numbers,
            size,
            ctx.rng,
            current=list(state.tables.values()),
        )
        chosen = tuple(moves._tuple(move, reason="redraw") for move in drawn)
        result.append(ctx.event(events.PlayersMoved, moves=chosen))
        result.extend(
            ctx.event(events.TableClosed, table=number)
            for number in sorted(set(state.tables) - set(numbers))
        )
        for number in numbers:
            seats = sorted({move[4] for move in chosen if move[3] == number})
            if seats:
                result.append(
                    ctx.event(events.TableButtonSet, table=number, seat=ctx.rng.choice(seats))
                )
    return result
