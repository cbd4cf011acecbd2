"""Live table tests without a store: a tournament aggregate in memory, one ``LiveTable`` of it,
and the steps the service takes around them (start a hand from the tournament's state, report it
when it is over), with a clock and random sources the test sets."""

from __future__ import annotations

import datetime
import random
from typing import Any

from pokertd.engine import ActionKind, Legal
from pokertd.table import LiveTable, TableMode, Viewer, commands, plan_hand, report, views
from pokertd.table.events import TableEvent, TableHandStarted
from pokertd.tournament import commands as tournament_commands
from pokertd.tournament import events as tournament_events
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.structure import Level, Structure

NOW = datetime.datetime(2026, 3, 6, 19, 0, tzinfo=datetime.UTC)
TID = "tournament-1"


class Play:
    """A tournament of ``players`` seated at table 1 (``absent`` entries not checked in), its
    clock running, and the live table 1 with every event it took, in order."""

    def __init__(
        self,
        *,
        players: int = 6,
        stack: int = 10_000,
        absent: tuple[int, ...] = (),
        seed: int = 5,
        game: str = "nlhe",
    ) -> None:
        self.now = NOW
        self.rng = random.Random(seed)
        self.tournament = Tournament()
        levels = tuple(Level(100 * n, 200 * n, 0, minutes=20, game=game) for n in range(1, 16))
        structure = Structure(levels, (25, 100), stack).to_dict()
        self.do(tournament_commands.CreateTournament("Live test", structure))
        for number in range(players):
            self.do(tournament_commands.Register(f"Player {number + 1}"))
        self.do(tournament_commands.DrawSeats())
        for number in range(1, players + 1):
            if number not in absent:
                self.do(tournament_commands.CheckIn(number))
        self.do(tournament_commands.StartClock())
        self.table = LiveTable(1, self.tournament.state.profile)
        self.stored: list[tuple[TableEvent, datetime.datetime]] = []

    def do(self, command: Any) -> list[tournament_events.TournamentEvent]:
        """Handle and apply a tournament command now."""
        new = self.tournament.handle(command, self.now, random.Random(7))
        self.tournament.apply(new)
        return new

    def run(self, command: commands.Command) -> list[TableEvent]:
        """Handle a table command, apply its events now (as the service does, before storing
        them) and keep them; report the hand to the tournament once it is over."""
        new = self.table.handle(command)
        for event in new:
            self.table.apply(event, self.now)
            self.stored.append((event, self.now))
        if self.table.awaits_report:
            self.report()
        return new

    def start(self, mode: TableMode = TableMode.ONLINE) -> TableHandStarted:
        """Start the next hand at the table, online from a seed the test's rng draws."""
        new = self.do(tournament_commands.StartHand(1))
        started = next(e for e in new if isinstance(e, tournament_events.HandStarted))
        plan = plan_hand(self.tournament.state, started)
        seed = f"{self.rng.getrandbits(128):032x}"
        salt = f"{self.rng.getrandbits(128):032x}"
        (event,) = self.run(commands.StartHand(TID, plan, mode, seed, salt))
        assert isinstance(event, TableHandStarted)
        return event

    def report(self) -> None:
        plan, hand = self.table.plan, self.table.hand
        assert plan is not None
        assert hand is not None
        self.do(report.finish_hand(plan, hand))
        state = self.tournament.state
        bust = report.bust_players(plan, hand, state, in_announcement=False)
        if bust is not None:
            self.do(bust)
        self.run(report.record_hand(state, plan, bust))

    def view(self, viewer: Viewer) -> dict[str, Any]:
        deadline = self.table.deadline()
        state = self.tournament.state
        return views.render(
            state, self.table, tournament=TID, viewer=viewer, deadline=deadline, now=self.now
        )

    def seats(self) -> list[int]:
        return sorted(self.tournament.state.tables[1].players)


def choice(legal: Legal, rng: random.Random) -> tuple[ActionKind, int | None]:
    """A plain player: shows at showdown, checks when he can, mostly calls, now and then folds
    or makes the smallest raise."""
    if legal.show:
        return ActionKind.SHOW, None
    roll = rng.random()
    if legal.min_raise_to is not None and roll < 0.1:
        return (ActionKind.BET if legal.is_opening else ActionKind.RAISE), legal.min_raise_to
    if legal.check:
        return ActionKind.CHECK, None
    return (ActionKind.CALL if roll < 0.8 else ActionKind.FOLD), None
