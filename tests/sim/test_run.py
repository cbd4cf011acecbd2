"""Whole simulated tournaments: conservation, a full set of places, determinism, milestones."""

from __future__ import annotations

import pytest

from pokertd.errors import ParseError, ProfileError
from pokertd.sim.run import Settings, _Run, simulate, simulate_many
from pokertd.tournament import commands, events
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.structure import Break, Level, Structure


@pytest.mark.parametrize("bots", ["tag", "random", "calling", "mix"])
def test_a_simulated_tournament_conserves_chips_and_money_and_places_everyone(bots: str) -> None:
    result = simulate(Settings(players=24, seed=11, bots=bots, template="turbo"))
    assert result.chips_conserved
    assert result.money_balances
    assert result.places_complete
    places = sorted(finish.place for finish in result.places)
    assert places[0] == 1
    assert sum(1 for finish in result.places if finish.place == 1) == 1
    assert len(result.places) == 24
    # Shared places (hand-for-hand busts with equal stacks) cover as many places as players.
    covered: set[int] = set()
    for finish in result.places:
        covered.update(range(finish.place, finish.place + finish.shared))
    assert covered == set(range(1, 25))
    assert result.hands > 0
    assert result.seconds > 0
    assert sum(finish.prize for finish in result.places) > 0


def test_the_same_seed_gives_the_same_tournament() -> None:
    settings = Settings(players=20, seed=5, bots="mix", template="turbo")
    first, second = simulate(settings), simulate(settings)
    assert first == second
    assert [f.entry for f in first.places] == [f.entry for f in second.places]
    other = simulate(Settings(players=20, seed=6, bots="mix", template="turbo"))
    assert (other.hands, other.places) != (first.hands, first.places)


def test_milestones_are_in_order_and_levels_end_with_fewer_players() -> None:
    result = simulate(Settings(players=40, seed=2, template="turbo"))
    assert result.paid == 6  # 15 % of 40, the standard table
    assert result.bubble is not None
    assert result.final_table is not None
    assert result.bubble.players <= result.paid
    assert result.final_table.players <= 10  # TDA 11: a final table of one more than 9
    assert result.final_table.hands <= result.hands
    left = [end.players for end in result.levels]
    assert left == sorted(left, reverse=True)
    assert left[-1] == 1
    assert [end.level for end in result.levels] == list(range(1, len(left) + 1))


def test_the_bubble_is_played_hand_for_hand_across_tables() -> None:
    result = simulate(Settings(players=60, seed=4, template="turbo"))
    assert result.hand_for_hand_hands > 0


def test_breaks_pass_and_chips_coloured_up_are_raced() -> None:
    structure = Structure(
        (
            Level(25, 50, minutes=10),
            Break(5, (25,)),
            *(Level(100 * n, 200 * n, minutes=10) for n in range(1, 30)),
        ),
        (25, 100, 500),
        5_000,
        name="tiny",
    )
    result = simulate(Settings(players=18, seed=3, structure=structure))
    assert result.structure == "tiny"
    assert result.chip_races > 0
    assert result.chips_conserved
    assert result.places_complete


@pytest.mark.parametrize(
    ("settings", "error"),
    [
        (Settings(players=1), ParseError),
        (Settings(pace=0), ParseError),
        (Settings(bots="nobody"), ParseError),
        (Settings(template="hyper"), ParseError),
        (Settings(table_size=11), ParseError),
        (Settings(profile="nowhere"), ProfileError),
    ],
)
def test_settings_that_make_no_sense_are_refused(settings: Settings, error: type) -> None:
    with pytest.raises(error):
        simulate(settings)


def test_many_runs_in_processes_come_back_in_seed_order() -> None:
    settings = Settings(players=10, seed=7, template="turbo")
    results = simulate_many(settings, 3, jobs=2)
    assert [r.seed for r in results] == [7, 8, 9]
    assert results[1] == simulate(Settings(players=10, seed=8, template="turbo"))


class _CheckedRun(_Run):
    """A run that checks the state's indexes after every command (bust-outs, moves, hands)."""

    checked = 0

    def do(self, command: commands.Command) -> list[events.TournamentEvent]:
        new = super().do(command)
        state = self.tournament.state
        assert state.indexes() == (state.playing, state.table_counts), command
        self.checked += 1
        return new


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_state_indexes_equal_a_full_count_after_every_command_of_a_simulation(
    seed: int,
) -> None:
    run = _CheckedRun(Settings(players=45, seed=seed, bots="mix", template="turbo").checked(), None)
    result = run.play()
    assert result.places_complete
    assert run.checked > 100
    replayed = Tournament.replay(run.tournament.events).state
    state = run.tournament.state
    assert (replayed.playing, replayed.table_counts) == (state.playing, state.table_counts)
    assert replayed.indexes() == (state.playing, state.table_counts)
