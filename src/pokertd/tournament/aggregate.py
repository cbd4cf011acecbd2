"""``Tournament``: commands in, events out; the state is rebuilt from the events.

``Tournament.handle(command, now, rng)`` checks a command and returns the events it causes, without
changing anything; ``apply(events)`` makes them part of the tournament once they are stored. An
undo is a compensating event: the state is rebuilt from every event except the undone command's.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from pokertd import rules
from pokertd.errors import IllegalActionError, NotFoundError, ParseError
from pokertd.rules import (
    AbsentAfterLatePeriod,
    BalanceHalt,
    HandForHandStartBusts,
    InitialButton,
    QuitChips,
)
from pokertd.tournament import clock, commands, events, moves, seating
from pokertd.tournament.events import TournamentEvent
from pokertd.tournament.places import rank_busts
from pokertd.tournament.state import Entry, EntryStatus, TournamentState
from pokertd.tournament.structure import Structure

RULE_STATE = "EVENT-STATE"


class Tournament:
    """One tournament: its events and the state they build.

    >>> import datetime, random
    >>> from pokertd.tournament import commands
    >>> from pokertd.tournament.structure import template
    >>> now = datetime.datetime(2026, 1, 1, 20, 0, tzinfo=datetime.UTC)
    >>> t = Tournament()
    >>> t.apply(t.handle(commands.CreateTournament("Friday", template("turbo").to_dict()), now,
    ...                  random.Random(1)))
    >>> for name in ("Alice", "Bruno", "Chloé"):
    ...     t.apply(t.handle(commands.Register(name), now, random.Random(1)))
    >>> t.apply(t.handle(commands.DrawSeats(), now, random.Random(1)))
    >>> sorted(entry.table for entry in t.state.active())
    [1, 1, 1]
    """

    def __init__(self) -> None:
        self.state = TournamentState()
        self.events: list[TournamentEvent] = []
        self._undone: set[int] = set()
        self._last_cmd = 0
        self._context: _Context | None = None

    @classmethod
    def replay(cls, history: Iterable[TournamentEvent]) -> Tournament:
        """Rebuild a tournament from its events."""
        tournament = cls()
        tournament.events = list(history)
        tournament._rebuild()
        return tournament

    @property
    def version(self) -> int:
        """Return the number of events so far (the store's stream version)."""
        return len(self.events)

    # -- commands -----------------------------------------------------------------------------

    def handle(
        self, command: commands.Command, now: datetime.datetime, rng: random.Random
    ) -> list[TournamentEvent]:
        """Return the events ``command`` causes at ``now``; raise without changing anything.

        Raises IllegalActionError when a rule forbids it, NotFoundError for an unknown entry or
        table, ParseError for a command that makes no sense.
        """
        if now.tzinfo is None:
            raise ParseError("times must be timezone-aware")
        if not self.state.created and not isinstance(command, commands.CreateTournament):
            raise _refuse("the tournament has not been created yet")
        handler = _HANDLERS.get(type(command))
        if handler is None:
            raise ParseError(f"unknown command {type(command).__name__}")
        self._context = _Context(now, rng, self._last_cmd + 1)
        try:
            return handler(self, command)
        finally:
            self._context = None

    def apply(self, new_events: Iterable[TournamentEvent]) -> None:
        """Make stored events part of the tournament."""
        for event in new_events:
            self.events.append(event)
            self._last_cmd = max(self._last_cmd, event.cmd)
            if isinstance(event, events.CommandUndone):
                self._rebuild()
            elif event.cmd not in self._undone:
                self.state.apply(event)

    def _rebuild(self) -> None:
        self._undone = {e.undone for e in self.events if isinstance(e, events.CommandUndone)}
        self.state = TournamentState()
        for event in self.events:
            self._last_cmd = max(self._last_cmd, event.cmd)
            if event.cmd not in self._undone:
                self.state.apply(event)

    def _event(self, cls: type[events.TournamentEvent], **fields: Any) -> TournamentEvent:
        context = self._ctx
        return cls(at=context.now.isoformat(), cmd=context.cmd, **fields)

    @property
    def _ctx(self) -> _Context:
        assert self._context is not None
        return self._context

    # -- set-up and entries -------------------------------------------------------------------

    def _create(self, command: commands.CreateTournament) -> list[TournamentEvent]:
        if self.state.created:
            raise _refuse("the tournament already exists")
        profile = rules.load(command.profile)
        structure = Structure.from_dict(command.structure)
        structure.validate()
        if not 2 <= command.table_size <= 10:
            raise ParseError(f"tables seat 2 to 10 players, not {command.table_size}")
        levels = command.late_registration_levels
        return [
            self._event(
                events.TournamentCreated,
                title=command.title,
                profile=profile.id,
                structure=structure.to_dict(),
                table_size=command.table_size,
                max_players=command.max_players,
                late_registration_levels=profile.late_registration_levels
                if levels is None
                else levels,
                break_order=command.break_order,
            )
        ]

    def _register(self, command: commands.Register) -> list[TournamentEvent]:
        if not command.player.strip():
            raise ParseError("a player needs a name")
        state = self.state
        number = len(state.entries) + 1
        if not state.is_drawn:
            counted = [e for e in state.entries.values() if e.status is EntryStatus.REGISTERED]
            alternate = bool(state.max_players) and len(counted) >= state.max_players
            return [
                self._event(
                    events.PlayerRegistered,
                    entry=number,
                    player=command.player.strip(),
                    contact=command.contact,
                    is_alternate=alternate,
                )
            ]
        self._check_late_registration()
        registered = self._event(
            events.PlayerRegistered,
            entry=number,
            player=command.player.strip(),
            contact=command.contact,
        )
        return [registered, self._seat_newcomer(number)]

    def _withdraw(self, command: commands.Withdraw) -> list[TournamentEvent]:
        entry = self._entry(command.entry)
        if entry.status not in (EntryStatus.REGISTERED, EntryStatus.ALTERNATE):
            raise _refuse(
                f"entry {entry.number} is {entry.status}: only an unseated entry withdraws"
            )
        return [self._event(events.EntryWithdrawn, entry=entry.number)]

    def _check_in(self, command: commands.CheckIn) -> list[TournamentEvent]:
        entry = self._entry(command.entry)
        if entry.status not in (EntryStatus.REGISTERED, EntryStatus.ALTERNATE, EntryStatus.SEATED):
            raise _refuse(f"entry {entry.number} is {entry.status}")
        if entry.is_present:
            raise _refuse(f"entry {entry.number} is already checked in")
        return [self._event(events.PlayerCheckedIn, entry=entry.number)]

    def _draw_seats(self, command: commands.DrawSeats) -> list[TournamentEvent]:
        state = self.state
        if state.is_drawn:
            raise _refuse("the seats are already drawn", rule="SEAT-DRAW")
        entries = [e.number for e in state.entries.values() if e.status is EntryStatus.REGISTERED]
        if len(entries) < 2:
            raise _refuse("at least two registered players are needed to draw seats")
        count = -(-len(entries) // state.table_size)
        tables = list(range(1, count + 1))
        drawn = seating.draw_seats(
            [str(e) for e in entries], tables, state.table_size, self._ctx.rng
        )
        seats = tuple(sorted((int(entry), table, seat) for entry, (table, seat) in drawn.items()))
        buttons = tuple((table, self._first_button(table, seats)) for table in tables)
        return [self._event(events.SeatsDrawn, seats=seats, buttons=buttons)]

    def _first_button(self, table: int, seats: events.Seating) -> int:
        """SEAT-FIRST-BUTTON: a card draw (LFP 2.1), or seat 1 (BAN/DONNE)."""
        occupied = sorted(seat for _, number, seat in seats if number == table)
        if self.state.profile.initial_button is InitialButton.SEAT_ONE:
            return 1
        return self._ctx.rng.choice(occupied)

    def _seat_alternate(self, command: commands.SeatAlternate) -> list[TournamentEvent]:
        entry = self._entry(command.entry)
        if entry.status is not EntryStatus.ALTERNATE:
            raise _refuse(f"entry {entry.number} is not an alternate")
        if not self.state.is_drawn:
            raise _refuse("alternates are seated once the seats are drawn")
        self._check_late_registration()
        return [self._seat_newcomer(entry.number)]

    def _re_enter(self, command: commands.ReEnter) -> list[TournamentEvent]:
        entry = self._entry(command.entry)
        if entry.status not in (EntryStatus.BUSTED, EntryStatus.SEATED):
            raise _refuse(f"entry {entry.number} is {entry.status}: it cannot re-enter")
        self._check_late_registration(rule="BUY-REENTRY")
        number = len(self.state.entries) + 1
        registered = self._event(
            events.PlayerRegistered,
            entry=number,
            player=entry.player,
            contact=entry.contact,
            reentry_of=entry.number,
        )
        return [registered, self._seat_newcomer(number, leaving=entry)]

    def _seat_newcomer(self, number: int, leaving: Entry | None = None) -> TournamentEvent:
        """SEAT-LATE-POSITION (TDA 7A): the same random draw from the open seats; a full stack
        (SEAT-LATE-STACK: TDA 7A, LFP 2.17c); GM 43°: wait for the big blind after round one."""
        state = self.state
        tables = list(state.tables.values())
        if leaving is not None and leaving.table is not None and leaving.seat is not None:
            tables = [
                t.without_player(leaving.seat) if t.number == leaving.table else t for t in tables
            ]
        allowed = moves.between_blinds_allowed(state.profile)
        try:
            table, seat = seating.seat_newcomer(
                tables, self._ctx.rng, between_blinds_allowed=allowed
            )
        except ValueError:
            table = max(state.tables, default=0) + 1  # every seat is taken: open a new table
            seat = self._ctx.rng.randint(1, state.table_size)
        structure = self._structure()
        waits = state.profile.late_entrant_waits_for_big_blind and self._past_first_round()
        return self._event(
            events.PlayerSeated,
            entry=number,
            table=table,
            seat=seat,
            stack=structure.starting_stack,
            waits_for_big_blind=waits,
        )

    def _past_first_round(self) -> bool:
        return any(
            hands >= len(self.state.tables[t].players)
            for t, hands in self.state.hands_played.items()
            if t in self.state.tables
        )

    def _check_late_registration(self, rule: str = "SEAT-LATE-WINDOW") -> None:
        """SEAT-LATE-WINDOW (LFP 2.16, BAN, GM 43°, TDA 7): open until the end of the level set."""
        if not self.registration_is_open(self._ctx.now):
            levels = self.state.late_registration_levels
            when = f"after level {levels}" if levels else "once the seats are drawn"
            raise _refuse(f"registration closed {when}", rule=rule)

    def registration_is_open(self, now: datetime.datetime) -> bool:
        """Return whether new players (and re-entries) may still join at ``now``."""
        state = self.state
        if not state.is_drawn:
            return True
        levels = state.late_registration_levels
        if levels <= 0:
            return False
        view = clock.view(state.clock, self._structure(), now, **state.clock_options())
        number = view.level_number
        if number is None:  # a break: open if it follows an open level, or GM's extension
            previous = self._structure().level_number(view.item - 1) if view.item else None
            last_open = previous is not None and previous < levels
            through = state.profile.late_registration_through_break and previous == levels
            return last_open or through
        return number <= levels

    def _close_late_arrivals(self, command: commands.CloseLateArrivals) -> list[TournamentEvent]:
        """SEAT-LATE-ABSENT: players who never arrived keep being blinded (TDA 30, LFP 2.17b), or
        lose their chips (BAN/RETARD: disqualified, stack removed)."""
        if self.state.profile.absent_after_late_period is AbsentAfterLatePeriod.BLINDED_OFF:
            return []
        return [
            self._event(
                events.PlayerDisqualified,
                entry=entry.number,
                reason="did not arrive within the late-entry period",
            )
            for entry in self.state.active()
            if not entry.is_present
        ]

    # -- the clock ----------------------------------------------------------------------------

    def _clock_event(self, cls: type[TournamentEvent], **fields: Any) -> list[TournamentEvent]:
        event = self._event(cls, **fields)
        probe = TournamentState(
            structure=self.state.structure, clock=self.state.clock, profile=self.state.profile
        )
        probe.apply(event)  # the clock refuses impossible moves (LVL-TIMER)
        return [event]

    def _start_clock(self, command: commands.StartClock) -> list[TournamentEvent]:
        return self._clock_event(events.ClockStarted)

    def _pause_clock(self, command: commands.PauseClock) -> list[TournamentEvent]:
        return self._clock_event(events.ClockPaused)

    def _resume_clock(self, command: commands.ResumeClock) -> list[TournamentEvent]:
        return self._clock_event(events.ClockResumed)

    def _adjust_clock(self, command: commands.AdjustClock) -> list[TournamentEvent]:
        return self._clock_event(events.ClockAdjusted, seconds=command.seconds)

    def _skip_level(self, command: commands.SkipLevel) -> list[TournamentEvent]:
        return self._clock_event(events.LevelSkipped)

    def _go_back(self, command: commands.GoBackLevel) -> list[TournamentEvent]:
        return self._clock_event(events.LevelWentBack)

    def clock_view(self, now: datetime.datetime) -> clock.ClockView:
        """Return what the clock shows at ``now``."""
        stop = self.state.profile.day_end_stop_seconds or None
        return clock.view(self.state.clock, self._structure(), now, day_end_stop_seconds=stop)

    # -- hands --------------------------------------------------------------------------------

    def _start_hand(self, command: commands.StartHand) -> list[TournamentEvent]:
        state = self.state
        table = self._table(command.table)
        if command.table in state.in_progress:
            raise _refuse(f"a hand is already in progress at table {command.table}")
        if self.is_halted(command.table):
            raise _refuse(
                f"table {command.table} waits for the tables to be balanced",
                rule="TBL-BALANCE-HALT",
            )
        if state.winner is not None:
            raise _refuse("the tournament is over")
        nxt = self.next_hand(command.table)
        if state.hand_for_hand:
            _, item = clock.hand_for_hand_hand_started(
                state.clock,
                self._structure(),
                self._ctx.now,
                seconds_per_hand=state.profile.hand_for_hand_seconds,
                **state.clock_options(),
            )
        else:
            item, _ = clock.level_for_new_hand(
                state.clock, self._structure(), self._ctx.now, **state.clock_options()
            )
        killed = tuple(
            int(table.players[seat])
            for seat in nxt.dealt
            if _is_killed(state.entries[int(table.players[seat])])
        )
        return [
            self._event(
                events.HandStarted,
                table=command.table,
                hand=state.hands_played.get(command.table, 0) + 1,
                item=item,
                button=nxt.blinds.button,
                small_blind=nxt.blinds.small_blind,
                big_blind=nxt.blinds.big_blind,
                dealt=nxt.dealt,
                sitting_out=nxt.sitting_out,
                killed=killed,
                hand_for_hand=state.hand_for_hand,
            )
        ]

    def next_hand(self, table_number: int) -> seating.NextHand:
        """Return who is button, small blind and big blind at a table next hand, and who plays
        (BTN-DEAD-BUTTON, BTN-NEW-PLAYER, BTN-HU-TRANSITION)."""
        state = self.state
        table = self._table(table_number)
        first = state.first_buttons.get(table_number)
        if first is None and table.players:
            first = min(table.players)  # a table opened without a draw: its first seat deals
        try:
            return seating.next_hand(
                table, initial_button=first, newcomer_between_blinds_sits_out=True
            )
        except ValueError:
            raise _refuse(f"table {table_number} has fewer than two players to deal to") from None

    def _finish_hand(self, command: commands.FinishHand) -> list[TournamentEvent]:
        state = self.state
        self._table(command.table)
        hand = state.in_progress.get(command.table)
        if hand is None:
            raise _refuse(f"no hand is in progress at table {command.table}")
        for number, chips in command.stacks.items():
            entry = self._entry(number)
            if entry.table != command.table or chips < 0:
                raise ParseError(f"entry {number} is not at table {command.table} or has {chips}")
        stacks = tuple(sorted(command.stacks.items()))
        return [
            self._event(events.HandFinished, table=command.table, hand=hand.number, stacks=stacks)
        ]

    def _bust(self, command: commands.BustPlayers) -> list[TournamentEvent]:
        state = self.state
        if not command.entries or len(set(command.entries)) != len(command.entries):
            raise ParseError("name each busted entry once")
        busted = [self._entry(number) for number in command.entries]
        for entry in busted:
            if not entry.status.is_active:
                raise _refuse(f"entry {entry.number} is not playing ({entry.status})")
        remaining = len(state.active())
        if len(busted) >= remaining:
            raise _refuse("someone must be left: the last player wins")
        share = (
            command.in_announcement_hand
            and state.profile.hand_for_hand_start_busts is HandForHandStartBusts.SHARE
        )
        if len(busted) > 1 and not share:
            missing = [e.number for e in busted if e.number not in command.start_stacks]
            if missing:
                raise _refuse(
                    f"{len(busted)} players bust in one hand: give each one's stack at the start "
                    f"of the hand (missing for {missing})",
                    rule="ELIM-SIMULTANEOUS",
                )
        places = rank_busts(command.entries, remaining, command.start_stacks, share_all=share)
        tables = {entry.table for entry in busted}
        result = [
            self._event(
                events.PlayersBusted,
                results=tuple(
                    (p.entry, p.place, p.shared, command.start_stacks.get(p.entry)) for p in places
                ),
                table=tables.pop() if len(tables) == 1 else None,
            )
        ]
        return result + self._finish_if_won({e.number for e in busted})

    def _finish_if_won(self, leaving: set[int]) -> list[TournamentEvent]:
        left = [entry for entry in self.state.active() if entry.number not in leaving]
        if len(left) == 1:
            return [self._event(events.TournamentFinished, winner=left[0].number)]
        return []

    # -- presence, leaving, penalties ---------------------------------------------------------

    def _arrive(self, command: commands.Arrive) -> list[TournamentEvent]:
        entry = self._seated(command.entry)
        if entry.is_present:
            raise _refuse(f"entry {entry.number} is already at his seat")
        if entry.is_leaving:
            raise _refuse(f"entry {entry.number} left the tournament for good")
        return [self._event(events.PlayerArrived, entry=entry.number)]

    def _go_away(self, command: commands.GoAway) -> list[TournamentEvent]:
        entry = self._seated(command.entry)
        if not entry.is_present:
            raise _refuse(f"entry {entry.number} is not at his seat")
        return [self._event(events.PlayerWentAway, entry=entry.number)]

    def _quit(self, command: commands.Quit) -> list[TournamentEvent]:
        """ABS-QUIT: LFP 2.18a removes his chips; GM 7° keeps them in play, blinded off."""
        entry = self._seated(command.entry)
        if self.state.profile.quit_chips is QuitChips.BLINDED_OFF:
            return [self._event(events.PlayerQuit, entry=entry.number, chips_removed=False)]
        remaining = len(self.state.active())
        if remaining <= 1:
            raise _refuse("the last player cannot quit: he has won")
        quit_event = self._event(
            events.PlayerQuit, entry=entry.number, chips_removed=True, place=remaining
        )
        return [quit_event, *self._finish_if_won({entry.number})]

    def _disqualify(self, command: commands.Disqualify) -> list[TournamentEvent]:
        """PEN-DQ (LFP 13.1, TDA 71D, GM 7°): the chips leave play; no place is awarded."""
        entry = self._entry(command.entry)
        if entry.status in (EntryStatus.DISQUALIFIED, EntryStatus.WITHDRAWN):
            raise _refuse(f"entry {entry.number} is {entry.status}")
        was_active = entry.status.is_active
        dq = self._event(events.PlayerDisqualified, entry=entry.number, reason=command.reason)
        return [dq, *(self._finish_if_won({entry.number}) if was_active else [])]

    def _penalize(self, command: commands.Penalize) -> list[TournamentEvent]:
        """PEN-LADDER, PEN-MISSED-HANDS: a round is as many hands as players at the table, the
        offender included (TDA 71A, BAN/SANCTIONS)."""
        entry = self._seated(command.entry)
        if command.hands < 0 or command.rounds < 0 or (command.hands and command.rounds):
            raise ParseError("give a number of hands or of rounds, not both, and not negative")
        hands = command.hands
        if command.rounds:
            assert entry.table is not None
            hands = command.rounds * len(self.state.tables[entry.table].players)
        return [
            self._event(events.PenaltyGiven, entry=entry.number, hands=hands, reason=command.reason)
        ]

    def _report_stack(self, command: commands.ReportStack) -> list[TournamentEvent]:
        entry = self._seated(command.entry)
        if command.chips < 0:
            raise ParseError("a stack is not negative")
        return [self._event(events.StackReported, entry=entry.number, chips=command.chips)]

    # -- tables -------------------------------------------------------------------------------

    def _set_break_order(self, command: commands.SetBreakOrder) -> list[TournamentEvent]:
        if len(set(command.tables)) != len(command.tables):
            raise ParseError("a table appears twice in the break order")
        return [self._event(events.BreakOrderSet, tables=command.tables)]

    def proposals(self, rng: random.Random) -> list[moves.MoveTuple]:
        """Return the moves due now (final table, breaking, balancing) without recording them."""
        state = self.state
        return moves.propose(
            dict(state.tables),
            state.profile,
            table_size=state.table_size,
            break_order=state.break_order,
            entrants=len(
                [e for e in state.entries.values() if e.table is not None or e.place is not None]
            ),
            rng=rng,
            first_buttons=state.first_buttons,
        )

    def _propose_moves(self, command: commands.ProposeMoves) -> list[TournamentEvent]:
        found = self.proposals(self._ctx.rng)
        if not found:
            raise _refuse("no move is due: the tables are balanced")
        return [self._event(events.MovesProposed, moves=tuple(found))]

    def _confirm_moves(self, command: commands.ConfirmMoves) -> list[TournamentEvent]:
        state = self.state
        if command.moves is None:
            chosen = state.pending_moves
            if not chosen:
                raise _refuse("no moves are proposed")
        else:
            chosen = tuple(self._move_tuple(move) for move in command.moves)
        self._check_moves(chosen)
        result: list[TournamentEvent] = []
        final = self._final_table_after(chosen)
        if final is not None:
            result.append(self._event(events.TableResized, table=final[0], size=final[1]))
        result.append(self._event(events.PlayersMoved, moves=chosen))
        emptied = self._emptied_by(chosen)
        result.extend(self._event(events.TableClosed, table=number) for number in emptied)
        redrawn = sorted({move[3] for move in chosen if move[5] in ("redraw", "final-table")})
        for number in redrawn:
            seats = sorted({move[4] for move in chosen if move[3] == number})
            result.append(
                self._event(events.TableButtonSet, table=number, seat=self._ctx.rng.choice(seats))
            )
        return result

    def _move_tuple(self, move: commands.Move) -> moves.MoveTuple:
        entry = self._seated(move.entry)
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

    def _check_moves(self, chosen: Sequence[moves.MoveTuple]) -> None:
        state = self.state
        moving = {move[0] for move in chosen}
        if len(moving) != len(chosen):
            raise ParseError("an entry is moved twice")
        targets: set[tuple[int, int]] = set()
        for number, from_table, from_seat, table, seat, _, _ in chosen:
            entry = self._seated(number)
            if (entry.table, entry.seat) != (from_table, from_seat):
                raise _refuse(f"entry {number} is no longer at table {from_table} seat {from_seat}")
            if table in state.in_progress or from_table in state.in_progress:
                raise _refuse(f"a hand is in progress at table {from_table} or {table}")
            if (table, seat) in targets:
                raise ParseError(f"two players are moved to table {table} seat {seat}")
            targets.add((table, seat))
            size = max(state.tables[table].size if table in state.tables else state.table_size, 10)
            if not 1 <= seat <= size:
                raise ParseError(f"table {table} has no seat {seat}")
            holder = state.tables[table].players.get(seat) if table in state.tables else None
            if holder is not None and int(holder) not in moving:
                raise _refuse(f"table {table} seat {seat} is taken by entry {holder}")

    def _final_table_after(self, chosen: Sequence[moves.MoveTuple]) -> tuple[int, int] | None:
        state = self.state
        tables = set(state.tables) - set(self._emptied_by(chosen))
        if len(state.tables) > 1 and len(tables) == 1:
            number = tables.pop()
            return number, moves.final_table_size(state.profile, state.tables[number].size)
        return None

    def _emptied_by(self, chosen: Sequence[moves.MoveTuple]) -> list[int]:
        state = self.state
        leaving: dict[int, int] = {}
        arriving: set[int] = {move[3] for move in chosen}
        for move in chosen:
            leaving[move[1]] = leaving.get(move[1], 0) + 1
        return sorted(
            number
            for number, count in leaving.items()
            if count == len(state.tables[number].players) and number not in arriving
        )

    def _set_button(self, command: commands.SetButton) -> list[TournamentEvent]:
        table = self._table(command.table)
        if not 1 <= command.seat <= table.size:
            raise ParseError(f"table {command.table} has no seat {command.seat}")
        if command.table in self.state.in_progress:
            raise _refuse(f"a hand is in progress at table {command.table}")
        return [self._event(events.TableButtonSet, table=command.table, seat=command.seat)]

    def is_halted(self, table_number: int) -> bool:
        """TBL-BALANCE-HALT (TDA 10D, GM 25°): play stops at a table short of players until the
        tables are balanced; under LFP 6.8 it stops only when a player asks (not automatic)."""
        state = self.state
        if state.profile.balance_halt is not BalanceHalt.MANDATORY or len(state.tables) < 2:
            return False
        counts = {number: len(table.players) for number, table in state.tables.items()}
        allowed = moves.max_difference(state.profile, len(counts))
        return max(counts.values()) - counts[table_number] > allowed

    # -- hand-for-hand and days ----------------------------------------------------------------

    def _start_hand_for_hand(self, command: commands.StartHandForHand) -> list[TournamentEvent]:
        if self.state.hand_for_hand:
            raise _refuse("hand-for-hand has already started")
        return self._clock_event(events.HandForHandStarted)

    def _end_hand_for_hand(self, command: commands.EndHandForHand) -> list[TournamentEvent]:
        if not self.state.hand_for_hand:
            raise _refuse("hand-for-hand is not on")
        return self._clock_event(events.HandForHandEnded)

    def _announce_last_hands(self, command: commands.AnnounceLastHands) -> list[TournamentEvent]:
        profile = self.state.profile
        low, high = profile.day_end_hands_min, profile.day_end_hands_max
        if high and not low <= command.count <= high:
            raise _refuse(
                f"announce {low} to {high} last hands, not {command.count}", rule="DAY-END"
            )
        return [self._event(events.LastHandsAnnounced, count=command.count)]

    def _end_day(self, command: commands.EndDay) -> list[TournamentEvent]:
        state = self.state
        if state.in_progress:
            raise _refuse(f"hands are in progress at tables {sorted(state.in_progress)}")
        active = {entry.number for entry in state.active()}
        if set(command.stacks) != active:
            raise ParseError(f"bag a stack for every player still in: {sorted(active)}")
        stacks = tuple(sorted(command.stacks.items()))
        return [self._event(events.DayEnded, day=state.day, stacks=stacks)]

    def _start_day(self, command: commands.StartDay) -> list[TournamentEvent]:
        """DAY-REDRAW (LFP 1.5): seats are redrawn at the start of a new day."""
        state = self.state
        result: list[TournamentEvent] = [self._event(events.DayStarted, day=state.day + 1)]
        if command.redraw:
            players = [str(entry.number) for entry in state.active()]
            count = -(-len(players) // state.table_size)
            numbers = sorted(state.tables)[:count] or list(range(1, count + 1))
            drawn = seating.redraw(
                players,
                numbers,
                state.table_size,
                self._ctx.rng,
                current=list(state.tables.values()),
            )
            chosen = tuple(moves._tuple(move, reason="redraw") for move in drawn)
            result.append(self._event(events.PlayersMoved, moves=chosen))
            result.extend(
                self._event(events.TableClosed, table=number)
                for number in sorted(set(state.tables) - set(numbers))
            )
            for number in numbers:
                seats = sorted({move[4] for move in chosen if move[3] == number})
                if seats:
                    result.append(
                        self._event(
                            events.TableButtonSet, table=number, seat=self._ctx.rng.choice(seats)
                        )
                    )
        return result

    # -- undo ---------------------------------------------------------------------------------

    def _undo(self, command: commands.Undo) -> list[TournamentEvent]:
        """Cancel the last command still in force, with a compensating event."""
        done = [
            event.cmd
            for event in self.events
            if event.cmd not in self._undone
            and not isinstance(event, events.CommandUndone | events.TournamentCreated)
        ]
        if not done:
            raise _refuse("there is nothing to undo")
        return [self._event(events.CommandUndone, undone=max(done))]

    # -- helpers ------------------------------------------------------------------------------

    def _entry(self, number: int) -> Entry:
        try:
            return self.state.entries[number]
        except KeyError:
            raise NotFoundError(f"there is no entry {number}") from None

    def _seated(self, number: int) -> Entry:
        entry = self._entry(number)
        if not entry.status.is_active:
            raise _refuse(f"entry {number} is not playing ({entry.status})")
        return entry

    def _table(self, number: int) -> seating.Table:
        try:
            return self.state.tables[number]
        except KeyError:
            raise NotFoundError(f"there is no table {number} in play") from None

    def _structure(self) -> Structure:
        assert self.state.structure is not None
        return self.state.structure

    def digest(self) -> str:
        """Return a fingerprint of the state: equal states, equal digests (for crash tests)."""
        state = self.state
        data = {
            "entries": [
                [e.number, e.status, e.table, e.seat, e.stack, e.place, e.shared, e.is_present]
                for e in state.entries.values()
            ],
            "tables": {
                n: [t.size, sorted(t.players.items()), repr(t.last_hand)]
                for n, t in state.tables.items()
            },
            "clock": repr(state.clock),
            "version": self.version,
        }
        return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()


class _Context:
    """What one command is handled with."""

    __slots__ = ("cmd", "now", "rng")

    def __init__(self, now: datetime.datetime, rng: random.Random, cmd: int) -> None:
        self.now, self.rng, self.cmd = now, rng, cmd


def _is_killed(entry: Entry) -> bool:
    """ABS-DEAD-HAND, PEN-SERVING: an absent or penalised player is dealt in and his hand killed."""
    return not entry.is_present or entry.penalty_hands > 0 or entry.is_leaving


def _refuse(message: str, *, rule: str = RULE_STATE) -> IllegalActionError:
    return IllegalActionError(f"{message} ({rule})", rule=rule, action="")


Handler = Callable[[Tournament, Any], list[TournamentEvent]]

_HANDLERS: dict[type, Handler] = {
    commands.CreateTournament: Tournament._create,
    commands.Register: Tournament._register,
    commands.Withdraw: Tournament._withdraw,
    commands.CheckIn: Tournament._check_in,
    commands.DrawSeats: Tournament._draw_seats,
    commands.SeatAlternate: Tournament._seat_alternate,
    commands.ReEnter: Tournament._re_enter,
    commands.CloseLateArrivals: Tournament._close_late_arrivals,
    commands.StartClock: Tournament._start_clock,
    commands.PauseClock: Tournament._pause_clock,
    commands.ResumeClock: Tournament._resume_clock,
    commands.AdjustClock: Tournament._adjust_clock,
    commands.SkipLevel: Tournament._skip_level,
    commands.GoBackLevel: Tournament._go_back,
    commands.StartHand: Tournament._start_hand,
    commands.FinishHand: Tournament._finish_hand,
    commands.BustPlayers: Tournament._bust,
    commands.Arrive: Tournament._arrive,
    commands.GoAway: Tournament._go_away,
    commands.Quit: Tournament._quit,
    commands.Disqualify: Tournament._disqualify,
    commands.Penalize: Tournament._penalize,
    commands.ReportStack: Tournament._report_stack,
    commands.SetBreakOrder: Tournament._set_break_order,
    commands.ProposeMoves: Tournament._propose_moves,
    commands.ConfirmMoves: Tournament._confirm_moves,
    commands.SetButton: Tournament._set_button,
    commands.StartHandForHand: Tournament._start_hand_for_hand,
    commands.EndHandForHand: Tournament._end_hand_for_hand,
    commands.AnnounceLastHands: Tournament._announce_last_hands,
    commands.EndDay: Tournament._end_day,
    commands.StartDay: Tournament._start_day,
    commands.Undo: Tournament._undo,
}
