"""Property tests: random command sequences through the aggregate, for every profile.

Each example registers and draws a field, then runs a random mix of clock moves at increasing
``now``, hands, bust-outs of one to three players at one table (with start stacks, ties
possible), arrivals and absences, penalties, quits and disqualifications, late entries, the
director's moves (proposed, then confirmed and checked), days and undos; then it busts players
one at a time down to a winner. After every step:

- seats are unique and within their table, and nobody is lost or duplicated (``check_seats``,
  ``check_entries``); places handed out are consistent (``check_places``);
- confirmed moves keep the balance and the seats rules (``check_moves``);
- every few steps, and at the end, replaying the events gives the same digest and the same clock
  at random later moments: the clock is a pure function of the events and ``now``.

At the end the places are 1..N (``check_places(finished=True)``) and every player moved for
balance is followed to his next hand (``check_positions``).

Late entries join after bust-outs, disqualifications and quits may empty a table, days end
under hand-for-hand and new days are redrawn at the final table. Under LFP, BAN and GM a
balanced player seated between the button and the small blind is tolerated when the table had
no other seat (a judgement, see ``docs/judgements.md``; ``check_moves``), and counted
(``PositionReport.sat_out``).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from tournament_tools import (
    PROFILES,
    Director,
    Driver,
    at,
    check_entries,
    check_places,
    check_positions,
    check_replay,
    check_seats,
    structure,
)

from pokertd.errors import IllegalActionError, PokertdError
from pokertd.tournament import commands, events
from pokertd.tournament.state import EntryStatus

PROPERTY = settings(
    max_examples=50,
    derandomize=True,
    database=None,
    deadline=None,
    phases=(Phase.explicit, Phase.generate),  # shrinking whole runs takes minutes
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

OPERATIONS = (
    "time",
    "clock",
    "hand",
    "hand",
    "round",
    "round",
    "bust",
    "bust",
    "presence",
    "penalty",
    "moves",
    "moves",
    "undo",
    "late",
    "leave",
    "hand-for-hand",
    "day",
)


@dataclass
class Run:
    """One random run: the driver, hypothesis' data, and what happened."""

    driver: Driver
    data: st.DataObject
    seconds: float = 0.0
    refused: int = 0
    director: Director = field(init=False)

    def __post_init__(self) -> None:
        self.director = Director(self.execute, lambda: self.driver.tournament)

    @property
    def now(self) -> datetime.datetime:
        return at(self.seconds)

    def execute(self, command: commands.Command) -> list[events.TournamentEvent]:
        return self.driver.do(command, now=self.now)

    def attempt(self, command: commands.Command) -> bool:
        """Run ``command``; a refusal must change nothing. Return whether it was accepted."""
        tournament = self.driver.tournament
        digest, version = tournament.digest(), tournament.version
        try:
            self.execute(command)
        except IllegalActionError as error:
            rule = error.rule
        except PokertdError:
            rule = "-"
        else:
            return True
        assert rule, "an IllegalActionError names its rule"
        assert tournament.digest() == digest
        assert tournament.version == version
        self.refused += 1
        return False

    def draw(self, strategy: st.SearchStrategy[int]) -> int:
        return self.data.draw(strategy)

    def pick(self, items: list[int]) -> int:
        return self.data.draw(st.sampled_from(sorted(items)))

    # -- the operations -----------------------------------------------------------------------

    def step(self, operation: str) -> None:
        getattr(self, "op_" + operation.replace("-", "_"))()

    def op_time(self) -> None:
        self.seconds += self.draw(st.integers(0, 900))

    def op_clock(self) -> None:
        choice = self.draw(st.integers(0, 5))
        command: commands.Command = (
            commands.PauseClock(),
            commands.ResumeClock(),
            commands.AdjustClock(self.draw(st.integers(-600, 600))),
            commands.SkipLevel(),
            commands.GoBackLevel(),
            commands.StartClock(),
        )[choice]
        self.attempt(command)

    def tables(self) -> list[int]:
        return sorted(self.driver.state.tables)

    def op_hand(self) -> None:
        table = self.pick(self.tables())
        if table in self.driver.state.in_progress:
            self.attempt(commands.FinishHand(table))
        else:
            self.attempt(commands.StartHand(table))

    def op_bust(self) -> None:
        state = self.driver.state
        crowded = [n for n, t in state.tables.items() if len(t.players) >= 2]
        if not crowded or len(state.active()) <= 2:
            return
        table = self.pick(crowded)
        seated = sorted(int(e) for e in state.tables[table].players.values())
        count = self.draw(st.integers(1, min(3, len(seated) - 1, len(state.active()) - 2)))
        busted = self.data.draw(st.permutations(seated))[:count]
        stacks = {entry: self.draw(st.sampled_from([500, 1_000, 1_000, 4_000])) for entry in busted}
        announced = state.hand_for_hand and self.draw(st.integers(0, 3)) == 0
        self.attempt(commands.BustPlayers(tuple(busted), stacks, announced))
        if self.draw(st.integers(0, 4)):
            self.director.settle()

    def op_round(self) -> None:
        """Every table plays a hand (the buttons move)."""
        for table in self.tables():
            idle = table not in self.driver.state.in_progress
            if idle and self.attempt(commands.StartHand(table)):
                self.attempt(commands.FinishHand(table))
        self.seconds += self.draw(st.integers(0, 120))

    def active(self) -> list[int]:
        return [entry.number for entry in self.driver.state.active()]

    def op_presence(self) -> None:
        entry = self.driver.state.entries[self.pick(self.active())]
        self.attempt(
            commands.GoAway(entry.number) if entry.is_present else commands.Arrive(entry.number)
        )

    def op_penalty(self) -> None:
        entry = self.pick(self.active())
        if self.draw(st.integers(0, 1)):
            self.attempt(commands.Penalize(entry, rounds=self.draw(st.integers(1, 2))))
        else:
            self.attempt(commands.Penalize(entry, hands=self.draw(st.integers(0, 3))))

    def op_moves(self) -> None:
        if self.draw(st.integers(0, 3)):
            self.director.settle()
        else:
            self.attempt(commands.ProposeMoves())

    def op_undo(self) -> None:
        # Never undo the draw or the registrations: the run needs a drawn field.
        last = self.driver.tournament.events[-1]
        if not isinstance(
            last, events.SeatsDrawn | events.PlayerRegistered | events.PlayerCheckedIn
        ):
            self.attempt(commands.Undo())

    def op_late(self) -> None:
        state = self.driver.state
        if self.draw(st.integers(0, 1)):
            self.attempt(commands.Register(f"Late {len(state.entries) + 1}"))
        else:
            self.attempt(commands.ReEnter(self.pick(self.active())))

    def op_leave(self) -> None:
        state = self.driver.state
        if len(state.active()) <= 2:
            return
        entry = self.pick(self.active())
        if self.draw(st.integers(0, 2)):
            self.attempt(commands.Quit(entry))
        else:
            self.attempt(commands.Disqualify(entry, "property test"))
        self.director.settle()

    def op_hand_for_hand(self) -> None:
        if self.driver.state.hand_for_hand:
            self.attempt(commands.EndHandForHand())
        else:
            self.attempt(commands.StartHandForHand())

    def op_day(self) -> None:
        state = self.driver.state
        for table in sorted(state.in_progress):
            self.attempt(commands.FinishHand(table))
        stacks = {entry.number: entry.stack or 1 for entry in self.driver.state.active()}
        if self.attempt(commands.EndDay(stacks)):
            self.seconds += 12 * 3_600
            redraw = bool(self.draw(st.integers(0, 1)))
            self.attempt(commands.StartDay(redraw=redraw))
            self.director.settle()

    # -- checks -------------------------------------------------------------------------------

    def check(self, *, replay: bool) -> None:
        tournament = self.driver.tournament
        check_seats(tournament)
        check_entries(tournament)
        check_places(tournament, finished=False)
        if replay:
            later = [at(self.seconds + self.draw(st.integers(0, 20_000))) for _ in range(2)]
            check_replay(tournament, *later)

    def finish(self) -> None:
        """Bust players one at a time, at tables of two or more, down to a winner."""
        while self.driver.state.winner is None:
            self.director.settle()
            state = self.driver.state
            for table in sorted(state.in_progress):
                self.execute(commands.FinishHand(table))
            if self.draw(st.integers(0, 1)):
                self.op_round()
            state = self.driver.state
            crowded = [n for n, t in state.tables.items() if len(t.players) >= 2]
            if crowded:
                table = self.pick(crowded)
                entry = self.pick([int(e) for e in state.tables[table].players.values()])
            else:  # single players at several tables (an unconfirmed final table)
                entry = self.pick(self.active())
            self.execute(commands.BustPlayers((entry,)))
            self.check(replay=False)


@pytest.mark.parametrize("profile", PROFILES)
@PROPERTY
@given(data=st.data())
def test_random_sequences_keep_the_tournament_sound(profile: str, data: st.DataObject) -> None:
    players = data.draw(st.integers(6, 40), label="players")
    table_size = data.draw(st.sampled_from([6, 8, 9, 10]), label="table size")
    late = data.draw(st.sampled_from([None, 1, 3]), label="late registration levels")
    seed = data.draw(st.integers(0, 2**16), label="seed")
    driver = Driver.create(
        profile,
        players,
        table_size=table_size,
        seed=seed,
        late_registration_levels=late,
        structure_data=structure(minutes=15, break_after=2),
        check_in=False,
    )
    for entry in driver.state.active():
        if data.draw(st.integers(0, 3)):
            driver.do(commands.CheckIn(entry.number))
    run = Run(driver, data)
    run.director.settle()
    run.check(replay=True)
    steps = data.draw(st.integers(10, 80), label="steps")
    for step in range(steps):
        run.step(data.draw(st.sampled_from(OPERATIONS)))
        run.check(replay=step % 10 == 9)
    run.finish()
    run.check(replay=True)
    check_places(driver.tournament, finished=True)
    check_positions(driver.tournament)
    assert driver.state.winner is not None
    assert [e.number for e in driver.state.entries.values() if e.status is EntryStatus.SEATED] == [
        driver.state.winner
    ]
