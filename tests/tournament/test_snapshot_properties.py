"""Property tests of the snapshots: random tournaments taken to a snapshot and back at random steps.

The runs are those of ``test_tournament_properties`` (clock moves, hands, bust-outs, arrivals,
penalties, quits, late entries, moves, days, undos), with two more operations:

- ``snapshot``: the tournament's state is encoded (``tournament.snapshot``), written as JSON text
  and read back, and must come back equal and encode to the same data; the run then goes on from
  an aggregate *resumed* from that snapshot (``Tournament.resume``), the events before it read
  only when something asks for them, as the service loads a big event;
- ``correction``: ``UndoBackTo`` a random command still in force after the seat draw, which is
  often older than the latest snapshot (the rebuild then needs the events before it).

After every step, the resumed tournament equals the reference that applied every event itself
(state, digest, commands undone, last command, version), and every fifth step and at the end
the replay of every event from the first; an undo handled on the resumed tournament gives the
same events as on the reference.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_tournament_properties import OPERATIONS, PROPERTY, Run
from tournament_tools import PROFILES, Driver, structure

from pokertd.errors import PokertdError
from pokertd.tournament import commands, events, snapshot
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.events import TournamentEvent
from pokertd.tournament.money import MoneyRules

SNAPSHOT_PROPERTY = settings(PROPERTY, max_examples=30)


class SnapshotRun(Run):
    """A run whose tournament is taken to a snapshot and resumed from it at random steps."""

    resumed: int = 0

    def op_snapshot(self) -> None:
        tournament = self.driver.tournament
        data = snapshot.encode(
            tournament.state, undone=tournament.undone, last_cmd=tournament.last_cmd
        )
        stored = json.loads(json.dumps(data, allow_nan=False))  # as the store keeps it
        found = snapshot.decode(stored)
        assert found.state == tournament.state
        assert (found.undone, found.last_cmd) == (tournament.undone, tournament.last_cmd)
        assert snapshot.encode(found.state, undone=found.undone, last_cmd=found.last_cmd) == data
        history = list(tournament.events)
        version = len(history)

        def before() -> list[TournamentEvent]:
            return history[:version]

        fresh = [found.state]
        self.driver.tournament = Tournament.resume(
            lambda: fresh.pop() if fresh else snapshot.decode(stored).state,
            version,
            found.undone,
            found.last_cmd,
            before,
        )
        self.resumed += 1

    def op_correction(self) -> None:
        tournament = self.driver.tournament
        drawn = max(e.cmd for e in tournament.events if isinstance(e, events.SeatsDrawn))
        in_force = sorted(
            {
                e.cmd
                for e in tournament.events
                if e.cmd > drawn
                and e.cmd not in tournament.undone
                and not isinstance(e, events.CommandUndone)
            }
        )
        if in_force:
            self.attempt(commands.UndoBackTo(self.pick(in_force)))


def same_undo(run: SnapshotRun, reference: Tournament) -> None:
    """An undo handled now gives the same events (or the same refusal) on both tournaments."""
    outcomes = []
    for tournament in (run.driver.tournament, reference):
        try:
            outcomes.append(tournament.handle(commands.Undo(), run.now, run.driver.rng))
        except PokertdError as error:
            outcomes.append(str(error))
    assert outcomes[0] == outcomes[1]


def check_same(run: SnapshotRun, reference: Tournament, *, replay: bool) -> None:
    """The resumed tournament is the one that applied every event (and their replay)."""
    tournament = run.driver.tournament
    reference.apply(tournament.events[reference.version :])
    expected = [reference]
    if replay:
        expected.append(Tournament.replay(list(tournament.events)))
    for other in expected:
        assert tournament.state == other.state
        assert tournament.digest() == other.digest()
        assert (tournament.undone, tournament.last_cmd) == (other.undone, other.last_cmd)
        assert tournament.version == other.version
        assert (tournament.state.playing, tournament.state.table_counts) == other.state.indexes()


@SNAPSHOT_PROPERTY
@given(data=st.data())
def test_a_tournament_resumed_from_snapshots_is_the_tournament_replayed(
    data: st.DataObject,
) -> None:
    profile = data.draw(st.sampled_from(PROFILES), label="profile")
    driver = Driver.create(
        profile,
        data.draw(st.integers(6, 30), label="players"),
        table_size=data.draw(st.sampled_from([6, 9, 10]), label="table size"),
        seed=data.draw(st.integers(0, 2**16), label="seed"),
        late_registration_levels=data.draw(st.sampled_from([None, 1, 3])),
        structure_data=structure(minutes=15, break_after=2),
    )
    run = SnapshotRun(driver, data)
    run.director.settle()
    reference = Tournament.replay(list(driver.tournament.events))
    operations = (*OPERATIONS, "snapshot", "snapshot", "correction")
    for step in range(data.draw(st.integers(10, 50), label="steps")):
        run.step(data.draw(st.sampled_from(operations)))
        check_same(run, reference, replay=step % 5 == 4)
        same_undo(run, reference)
    run.op_snapshot()
    run.finish()
    check_same(run, reference, replay=True)


def test_a_snapshot_of_the_money_comes_back_equal() -> None:
    """The fields the random runs leave empty (payments, heads, sealed envelopes, bounties won,
    a hand in progress) come back equal too."""
    rules = {
        "buy_in": {"prize": 4_500, "fee": 500, "chips": 10_000, "bounty": 1_000},
        "bounty": "mystery",
    }
    driver = Driver.create("tda-2017", 4, money=MoneyRules.from_dict(rules).to_dict())
    driver.do(commands.SealEnvelopes((2_500, 1_000, 300, 200)))
    driver.do(commands.BustPlayers((4,), takers={4: 1}))
    driver.do(commands.StartHand(1))
    state = driver.state
    data = snapshot.encode(state, undone=frozenset({4}), last_cmd=99)
    found = snapshot.decode(json.loads(json.dumps(data)))
    assert found.state == state
    ledger = found.state.ledger
    assert ledger.payments
    assert ledger.envelopes
    assert ledger.bounties_won
    assert found.state.in_progress
    assert found.state.eliminations
    assert (found.undone, found.last_cmd) == (frozenset({4}), 99)


def test_a_snapshot_of_another_version_or_damaged_is_refused() -> None:
    state = Driver.create("tda-2017", 3).state
    data = snapshot.encode(state, undone=frozenset(), last_cmd=5)
    for changed in ({"code": "0.0.1"}, {"format": snapshot.FORMAT + 1}, {"shape": "0" * 16}):
        with pytest.raises(snapshot.SnapshotError, match="another version"):
            snapshot.decode({**data, **changed})
    for damaged in ({"state": {"entries": 3}}, {"state": []}, {"undone": None}):
        with pytest.raises(snapshot.SnapshotError, match="cannot be read"):
            snapshot.decode({**data, **damaged})


def test_a_copy_to_rehearse_on_is_the_tournament_and_leaves_it_alone() -> None:
    """The CLI rehearses ``register A B C`` on a copy (``Tournament.copy``): the copy is the
    tournament, goes on as it would, undos included (one older than the copy too), and changes
    nothing of the original."""
    driver = Driver.create("tda-2017", 8)
    driver.do(commands.StartHand(1))
    original = driver.tournament
    digest, version = original.digest(), original.version
    copy = original.copy()
    assert copy.state == original.state
    assert copy.digest() == digest
    now = driver.now
    for command in (commands.FinishHand(1), commands.SetDisplayMessage("Hi"), commands.Undo()):
        copy.apply(copy.handle(command, now, driver.rng))
        original.apply(original.handle(command, now, driver.rng))
        assert copy.state == original.state
    copy.apply(copy.handle(commands.UndoBackTo(2), now, driver.rng))  # older than the copy
    assert copy.state == Tournament.replay(list(copy.events)).state
    assert original.version == version + 3
    assert original.digest() != copy.digest()
    assert original.state == Tournament.replay(list(original.events)).state
