"""What the documents keep between two renders (issue 16: a display is rendered after every
command, and must not read the whole history again): the chips in play are kept by the state,
and the moves due are drawn once per state. Random
runs compare each with a fresh read of the same events (``Tournament.replay``), after every step:
late entries, re-entries, bust-outs, the director's moves and undos.
"""

from __future__ import annotations

import contextlib
import random
import sys
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parents[1] / "tournament"))
from tournament_tools import PROFILES, Driver

from pokertd.errors import PokertdError
from pokertd.service.documents import chips_in_play, status_document
from pokertd.tournament import commands
from pokertd.tournament.aggregate import Tournament

PROPERTY = settings(
    max_examples=40,
    derandomize=True,
    database=None,
    deadline=None,
    phases=(Phase.explicit, Phase.generate),
    suppress_health_check=[HealthCheck.too_slow],
)
OPERATIONS = ("late", "reenter", "bust", "bust", "moves", "undo", "undo")


def check_kept(driver: Driver) -> None:
    """The kept values equal those of a fresh read of the same events."""
    fresh = Tournament.replay(driver.tournament.events)
    assert chips_in_play(driver.tournament) == chips_in_play(fresh)
    kept = status_document(driver.tournament, "t", driver.now)
    assert kept == status_document(fresh, "t", driver.now)
    expected = fresh.proposals(random.Random(0))
    assert list(driver.state.moves_due or ()) == (expected if driver.state.moves_due else [])


def step(driver: Driver, operation: str, data: st.DataObject) -> None:
    state = driver.state
    active = sorted(entry.number for entry in state.active())
    command: commands.Command | None = None
    if operation == "late":
        command = commands.Register(f"Late {len(state.entries) + 1}")
    elif operation == "reenter" and active:
        command = commands.ReEnter(data.draw(st.sampled_from(active)))
    elif operation == "bust" and len(active) > 2:
        command = commands.BustPlayers((data.draw(st.sampled_from(active)),))
    elif operation == "moves":
        command = commands.ConfirmMoves() if state.pending_moves else commands.ProposeMoves()
    elif operation == "undo" and driver.tournament.version > 30:
        command = commands.Undo()
    if command is not None:
        with contextlib.suppress(PokertdError):
            driver.do(command)


@PROPERTY
@given(
    profile=st.sampled_from(PROFILES),
    players=st.integers(10, 30),
    operations=st.lists(st.sampled_from(OPERATIONS), min_size=3, max_size=20),
    data=st.data(),
)
def test_documents_kept_between_renders_equal_a_fresh_read(
    profile: str, players: int, operations: list[str], data: st.DataObject
) -> None:
    driver = Driver.create(profile, players, late_registration_levels=6)
    check_kept(driver)
    for operation in operations:
        step(driver, operation, data)
        check_kept(driver)
