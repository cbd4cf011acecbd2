"""TBL-BALANCE-HALT worked out once per state: the tables short of players are kept on the state
until the next event (``table_commands.short_tables``), and every answer is the one the table's
own count gives (the way ``is_halted`` worked it out before, table by table, kept here).

Random runs, every profile and table size: bust-outs at one table, hands, the director's moves,
undos. After every step each table's ``is_halted``, ``may_halt`` and ``is_short`` are compared
with the recount, asked twice (the second answer comes from the state), so that an event that
changes the tables and leaves a stale answer on the state fails.
"""

from __future__ import annotations

import contextlib
import random

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from tournament_tools import PROFILES, Driver

from pokertd.errors import PokertdError
from pokertd.rules import BalanceHalt
from pokertd.tournament import commands, moves, table_commands
from pokertd.tournament.state import TournamentState

PROPERTY = settings(
    max_examples=60,
    derandomize=True,
    database=None,
    deadline=None,
    phases=(Phase.explicit, Phase.generate),
    suppress_health_check=[HealthCheck.too_slow],
)


def recounted_short(state: TournamentState, table_number: int) -> bool:
    """TBL-BALANCE-THRESHOLD as ``is_short`` worked it out before: every table counted again."""
    if len(state.tables) < 2:
        return False
    counts = {number: len(table.players) for number, table in state.tables.items()}
    allowed = moves.max_difference(state.profile, len(counts))
    if max(counts.values()) - counts[table_number] <= allowed:
        return False
    return bool(table_commands.proposals(state, random.Random(0)))


def recounted_halted(state: TournamentState, table_number: int) -> bool:
    """TBL-BALANCE-HALT as ``is_halted`` worked it out before."""
    rule = state.profile.balance_halt
    full_ring = rule is BalanceHalt.FULL_RING and state.table_size in table_commands.FULL_RING
    mandatory = rule is BalanceHalt.MANDATORY or full_ring
    return mandatory and recounted_short(state, table_number)


def check_halts(driver: Driver) -> None:
    """Each table's answers equal the recount, asked before and after they are kept."""
    state = driver.state
    for _ in range(2):
        for number in sorted(state.tables):
            expected = recounted_halted(state, number), recounted_short(state, number)
            assert table_commands.is_halted(state, number) == expected[0], number
            assert table_commands.is_short(state, number) == expected[1], number
            may = expected[1] and not expected[0]
            assert table_commands.may_halt(state, number) == may, number
        assert state.short_tables is not None or not state.tables


def attempt(driver: Driver, command: commands.Command) -> None:
    """Run ``command``; a refusal is part of a random run."""
    with contextlib.suppress(PokertdError):
        driver.do(command)


def step(driver: Driver, data: st.DataObject) -> None:
    """One random step: a bust-out at one table, a hand, the director's moves or an undo."""
    state = driver.state
    operation = data.draw(st.sampled_from(("bust", "bust", "hand", "moves", "undo")))
    tables = sorted(state.tables)
    if operation == "bust" and len(state.active()) > 2:
        table = data.draw(st.sampled_from(tables))
        seated = sorted(int(entry) for entry in state.tables[table].players.values())
        count = data.draw(st.integers(1, max(1, min(3, len(seated), len(state.active()) - 2))))
        busted = data.draw(st.permutations(seated))[:count]
        attempt(driver, commands.BustPlayers(tuple(busted)))
    elif operation == "hand":
        table = data.draw(st.sampled_from(tables))
        attempt(driver, commands.StartHand(table))
        attempt(driver, commands.FinishHand(table))
    elif operation == "moves":
        attempt(driver, commands.ProposeMoves())
        attempt(driver, commands.ConfirmMoves())
    elif driver.tournament.version > 40:  # never the draw: the run needs a drawn field
        attempt(driver, commands.Undo())


@PROPERTY
@given(
    profile=st.sampled_from(PROFILES),
    table_size=st.integers(6, 10),
    players=st.integers(12, 45),
    steps=st.integers(5, 25),
    data=st.data(),
)
def test_tbl_balance_halt_kept_on_the_state_equals_the_recount(
    profile: str, table_size: int, players: int, steps: int, data: st.DataObject
) -> None:
    driver = Driver.create(profile, players, table_size=table_size)
    check_halts(driver)
    for _ in range(steps):
        step(driver, data)
        check_halts(driver)


def test_tbl_balance_halt_is_worked_out_once_per_state() -> None:
    """TBL-BALANCE-HALT (TDA 10D): asking every table costs one count, kept until the next
    event: the kept value is what the state gave, and a bust-out clears it."""
    driver = Driver.create("tda-2017", 18)
    driver.vacate(1, sorted(driver.seats(1))[:3])
    state = driver.state
    assert state.short_tables is None
    assert table_commands.is_halted(state, 1)
    assert state.short_tables == frozenset({1})
    driver.bust(driver.at_seat(2, sorted(driver.seats(2))[0]))
    assert state.short_tables is None
    assert table_commands.is_halted(state, 1) == recounted_halted(state, 1)
