"""The views of an online table after each change, for all its listeners: rendered whole for each
viewer (the reference, as every push was built before ``TableFrame``) against the table's frame
rendered once and each viewer's own cards added (``views.frame(...).view(viewer)``).

A tournament of ``--seats`` players at one table (in memory: no store, no server) plays
``--hands`` online hands with simple bots; after every event the script builds the views a push
sends: each seat's, the dealer's and the public's, both ways, and checks they are equal; then a
third way, as the table service builds them since: the frame built on the previous change's
(``views.frame(..., previous=...)``: only the new events' lines rendered). It prints the time per
change of each way and their ratios, measured in the same run (on a shared machine only the ratios
mean something). Run ``python bench/table_views.py [--seats 6] [--hands 20]``.
Nothing here asserts a timing.
"""

from __future__ import annotations

import argparse
import datetime
import platform
import random
import time
from typing import Any

from pokertd.engine import ActionKind, Phase
from pokertd.service.table_bots import bot_choice, bot_discards
from pokertd.table import LiveTable, TableMode, Viewer, commands, plan_hand, report, views
from pokertd.tournament import commands as tournament_commands
from pokertd.tournament import events as tournament_events
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.structure import Level, Structure

NOW = datetime.datetime(2026, 3, 6, 19, 0, tzinfo=datetime.UTC)


class Table:
    """One table of a tournament in memory, played by bots."""

    def __init__(self, seats: int, seed: int) -> None:
        self.rng = random.Random(seed)
        self.tournament = Tournament()
        levels = tuple(Level(100 * n, 200 * n, 0, minutes=20) for n in range(1, 16))
        structure = Structure(levels, (25, 100), 20_000).to_dict()
        self.do(tournament_commands.CreateTournament("Bench", structure))
        for number in range(seats):
            self.do(tournament_commands.Register(f"Player {number + 1}"))
        self.do(tournament_commands.DrawSeats())
        for number in range(1, seats + 1):
            self.do(tournament_commands.CheckIn(number))
        self.do(tournament_commands.StartClock())
        self.live = LiveTable(1, self.tournament.state.profile)

    def do(self, command: Any) -> list[tournament_events.TournamentEvent]:
        new = self.tournament.handle(command, NOW, random.Random(7))
        self.tournament.apply(new)
        return new

    def run(self, command: commands.Command) -> None:
        for event in self.live.handle(command):
            self.live.apply(event, NOW)
        if self.live.awaits_report:
            plan, hand = self.live.plan, self.live.hand
            assert plan is not None
            assert hand is not None
            self.do(report.finish_hand(plan, hand))
            state = self.tournament.state
            bust = report.bust_players(plan, hand, state, in_announcement=False)
            if bust is not None:
                self.do(bust)
            self.run(report.record_hand(state, plan, bust))

    def start(self) -> None:
        new = self.do(tournament_commands.StartHand(1))
        started = next(e for e in new if isinstance(e, tournament_events.HandStarted))
        plan = plan_hand(self.tournament.state, started)
        seed, salt = f"{self.rng.getrandbits(128):032x}", f"{self.rng.getrandbits(128):032x}"
        self.run(commands.StartHand("t", plan, TableMode.ONLINE, seed, salt))

    def step(self) -> None:
        hand, plan = self.live.hand, self.live.plan
        assert hand is not None
        assert plan is not None
        legal = hand.legal()
        assert legal is not None
        seat = plan.seats[legal.player]
        if hand.phase is Phase.DRAWING:
            self.run(commands.Draw(seat, bot_discards(hand, legal)))
            return
        kind, to = bot_choice(hand, legal, self.rng)
        self.run(commands.Act(seat, ActionKind(kind), to))


def measure(
    table: Table, viewers: list[Viewer], previous: views.TableFrame | None
) -> tuple[float, float, float, views.TableFrame]:
    """Return the seconds to build every viewer's view whole, then from one frame, then from a
    frame built on ``previous``; and that frame."""
    state, live, deadline = table.tournament.state, table.live, table.live.deadline()
    start = time.perf_counter()
    whole = [
        views.render(state, live, tournament="t", viewer=v, deadline=deadline, now=NOW)
        for v in viewers
    ]
    middle = time.perf_counter()
    frame = views.frame(state, live, tournament="t")
    shared = [frame.view(v, deadline, NOW) for v in viewers]
    end = time.perf_counter()
    built = views.frame(state, live, tournament="t", previous=previous)
    kept = [built.view(v, deadline, NOW) for v in viewers]
    last = time.perf_counter()
    assert shared == whole
    assert kept == whole
    return middle - start, end - middle, last - end, built


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=int, default=6)
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    table = Table(options.seats, options.seed)
    viewers = [Viewer.seat(s) for s in sorted(table.tournament.state.tables[1].players)]
    viewers += [Viewer.dealer(), Viewer.public()]
    whole = shared = kept = 0.0
    changes = 0
    previous: views.TableFrame | None = None
    for _ in range(options.hands):
        if table.tournament.state.winner is not None:
            break
        table.start()
        while table.live.is_playing:
            table.step()
            before, now, on, previous = measure(table, viewers, previous)
            whole, shared, kept, changes = whole + before, shared + now, kept + on, changes + 1
    print(f"{changes} changes, {len(viewers)} views each ({options.seats} seats, dealer, public)")
    print(f"  whole views, one per viewer (reference): {1e3 * whole / changes:.3f} ms a change")
    print(f"  one frame, then each viewer's cards:     {1e3 * shared / changes:.3f} ms a change")
    print(f"  the frame built on the previous one:     {1e3 * kept / changes:.3f} ms a change")
    print(f"  ratios: whole / frame {whole / shared:.2f}, frame / built on {shared / kept:.2f}")
    print(f"  {platform.processor() or platform.machine()}, Python {platform.python_version()}")


if __name__ == "__main__":
    main()
