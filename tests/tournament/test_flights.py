"""Starting flights merged into a day 2 (FLIGHT-MERGE, DAY-REDRAW: LFP 1.5, FLIGHT-TWO-BAGS):
three flights bag their stacks, the survivors are registered at day 2 with their chips, the seats
are drawn again under every profile, the pools and fields are carried, and money balances."""

from __future__ import annotations

import datetime
import random
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokertd.errors import IllegalActionError, NotFoundError, ParseError
from pokertd.rules import PROFILE_IDS
from pokertd.service import flights as flight_service
from pokertd.service.tournaments import TournamentService
from pokertd.store.memory import MemoryEventStore
from pokertd.tournament import commands, events
from pokertd.tournament.aggregate import Tournament
from pokertd.tournament.clock import view
from pokertd.tournament.flights import TwoBags
from pokertd.tournament.money import MoneyRules
from pokertd.tournament.reports import statement_of
from pokertd.tournament.structure import template

#: A 100 EUR event (90 to the pool): each flight is one of its starting days.
MONEY = {"buy_in": {"prize": 9_000, "fee": 1_000, "chips": 20_000}, "flight_of": "Main event"}


def flight(
    service: TournamentService,
    title: str,
    players: list[str],
    bags: dict[str, int],
    profile: str,
    late_levels: int | None = None,
    played: Sequence[commands.Command] = (),
    two_bags: str = "",
) -> str:
    """A flight: ``players`` registered and seated; those not in ``bags`` bust; the others bag.
    ``two_bags``: the event's FLIGHT-TWO-BAGS rule ("": the merge says)."""
    created = commands.CreateTournament(
        title,
        template("turbo").to_dict(),
        profile=profile,
        money={**MONEY, "two_bags": two_bags} if two_bags else MONEY,
        table_size=9,
        late_registration_levels=late_levels,
    )
    stream = service.create(created).stream
    for name in players:
        service.execute(stream, commands.Register(name))
    service.execute(stream, commands.DrawSeats())
    state = service.load(stream).state
    number = {entry.player: entry.number for entry in state.entries.values()}
    for name in reversed(players):
        if name not in bags:
            service.execute(stream, commands.BustPlayers((number[name],)))
    for command in played:  # the flight's clock, before the stacks are bagged
        service.execute(stream, command)
    stacks = {number[name]: chips for name, chips in bags.items()}
    service.execute(stream, commands.EndDay(stacks))
    return stream


def three_flights(service: TournamentService, profile: str) -> list[str]:
    names = [f"P{n:02d}" for n in range(30)]
    return [
        flight(service, "1A", names[:12], {"P00": 60_000, "P01": 50_000, "P02": 30_000}, profile),
        # P00 bagged in 1A and plays 1B too
        flight(
            service,
            "1B",
            [*names[12:23], "P00"],
            {"P12": 90_000, "P13": 40_000, "P00": 75_000},
            profile,
        ),
        flight(service, "1C", names[24:], {"P24": 70_000, "P25": 50_000}, profile),
    ]


@pytest.mark.parametrize("profile", PROFILE_IDS)
def test_day_redraw_three_flights_merge_into_a_day_two_with_new_seats(profile: str) -> None:
    """DAY-REDRAW (LFP 1.5): the seats of a day that merges earlier days are drawn again; the
    other books are silent, and pokertd draws them too (the flights' tables cannot be kept)."""
    service = TournamentService(MemoryEventStore(), rng=random.Random(7))
    streams = three_flights(service, profile)
    merged = flight_service.merge(service, "Main event", "Main event, day 2", TwoBags.BEST)
    assert merged.flights == tuple(streams)
    day_two = service.load(merged.day_two)
    state = day_two.state
    assert state.day == 2
    assert state.is_drawn
    assert any(isinstance(event, events.SeatsDrawn) for event in day_two.events)
    stacks = {entry.player: entry.stack for entry in state.active()}
    # P00 bagged in 1A (60,000) and 1B (75,000): the larger stack goes on (FLIGHT-TWO-BAGS)
    assert stacks == {
        "P00": 75_000, "P01": 50_000, "P02": 30_000, "P12": 90_000, "P13": 40_000,
        "P24": 70_000, "P25": 50_000,
    }  # fmt: skip
    assert state.chips_given == sum(stacks.values())
    assert len(state.tables) == 1  # seven players: one table of nine
    # the field is the three flights' entries (12 + 12 + 6), the pool theirs
    assert (state.ledger.entries, state.ledger.pool) == (30, 30 * 9_000)
    assert sum(state.ledger.current_prizes()) == 30 * 9_000
    # replayed from its events, the day 2 is the same
    assert Tournament.replay(day_two.events).state.entries == state.entries


@pytest.mark.parametrize("profile", PROFILE_IDS)
def test_day_redraw_a_festival_replayed_with_the_same_seed_merges_identically(
    profile: str,
) -> None:
    """DAY-REDRAW (LFP 1.5): the same three flights, merged twice with the same random
    source, give the same day 2: the same seats, stacks and tables (buttons included)."""
    merged = []
    for _ in range(2):
        service = TournamentService(MemoryEventStore(), rng=random.Random(11))
        three_flights(service, profile)
        day_two = flight_service.merge(service, "Main event", "Day 2", TwoBags.BEST).day_two
        state = service.load(day_two).state
        seats = sorted((e.player, e.table, e.seat, e.stack) for e in state.entries.values())
        merged.append((seats, repr(sorted(state.tables.items()))))
    assert merged[0] == merged[1]
    assert len(merged[0][0]) == 7


class Time:
    """A clock the test moves: every command is stored a minute after the one before."""

    def __init__(self) -> None:
        self.at = datetime.datetime(2026, 6, 1, 12, 0, tzinfo=datetime.UTC)

    def __call__(self) -> datetime.datetime:
        self.at += datetime.timedelta(minutes=1)
        return self.at


def levels(skipped: int) -> list[commands.Command]:
    """The clock started, ``skipped`` items skipped, then paused: the flight stops there."""
    return [
        commands.StartClock(),
        *[commands.SkipLevel() for _ in range(skipped)],
        commands.PauseClock(),
    ]


@pytest.mark.parametrize("profile", PROFILE_IDS)
def test_flight_resume_day_two_starts_where_the_flights_stopped(profile: str) -> None:
    """FLIGHT-RESUME (GM 42°, LFP 1.5): the day 2's clock stands at the item, and the time into it,
    where the flight that went furthest stopped; not at level 1 with levels to skip."""
    time = Time()
    service = TournamentService(MemoryEventStore(), rng=random.Random(7), now=time)
    flight(service, "1A", ["A", "B", "C"], {"A": 30_000, "B": 20_000}, profile, played=levels(5))
    flight(service, "1B", ["D", "E", "F"], {"D": 30_000, "E": 20_000}, profile, played=levels(6))
    flight(service, "1C", ["G", "H", "I"], {"G": 30_000, "H": 20_000}, profile, played=levels(4))
    merged = flight_service.merge(service, "Main event", "Day 2", TwoBags.BEST)
    day_two = service.load(merged.day_two)
    state = day_two.state
    assert state.structure is not None
    shown = view(state.clock, state.structure, time(), **state.clock_options())
    # 1B went furthest: item 6, a minute into it, and the clock waits to be started
    assert (shown.item, shown.elapsed, shown.is_running) == (6, 60.0, False)
    started = service.execute(merged.day_two, commands.StartClock())
    assert started.version > 0
    assert service.load(merged.day_two).state.clock.item == 6
    # replayed from its events, the day 2's clock is the same
    assert Tournament.replay(day_two.events).state.clock == state.clock


def test_flight_resume_refuses_an_item_outside_the_structure() -> None:
    service = TournamentService(MemoryEventStore(), rng=random.Random(7))
    day_two = service.create(commands.CreateTournament("D2", template("turbo").to_dict())).stream
    items = len(template("turbo").items)
    merge = commands.MergeFlights(("x",), (("A", 10), ("B", 10)), 0, 0, item=items)
    with pytest.raises(IllegalActionError, match="resumes at an item") as error:
        service.execute(day_two, merge)
    assert error.value.rule == "FLIGHT-RESUME"
    assert not service.load(day_two).state.entries


def test_flight_merge_money_balances_in_every_flight_and_the_day_two() -> None:
    """FLIGHT-MERGE: each flight's pool leaves it for the day 2; every statement balances."""
    service = TournamentService(MemoryEventStore(), rng=random.Random(3))
    streams = three_flights(service, "lfp")
    for stream in streams:  # a flight pays no prize of its own
        assert service.load(stream).state.ledger.current_prizes() == ()
        assert statement_of(service.load(stream).state).balances
    merged = flight_service.merge(service, "Main event", "Day 2", TwoBags.BEST)
    carried = 0
    for stream in streams:
        sheet = statement_of(service.load(stream).state)
        assert sheet.balances
        assert sheet.unawarded == 0
        assert sheet.prizes == 0
        carried += sheet.carried
    day_two = service.load(merged.day_two).state
    sheet = statement_of(day_two)
    assert sheet.brought == carried == merged.pool == 270_000
    assert sheet.balances
    number = {entry.player: entry.number for entry in day_two.entries.values()}
    for name in ("P25", "P24", "P13", "P02", "P01", "P12"):
        service.execute(merged.day_two, commands.BustPlayers((number[name],)))
    sheet = statement_of(service.load(merged.day_two).state)
    assert sheet.balances
    assert sheet.unawarded == 0
    assert sheet.prizes == 270_000


def test_flight_two_bags_all_stacks_kept_adds_them() -> None:
    service = TournamentService(MemoryEventStore(), rng=random.Random(5))
    three_flights(service, "tda-2017")
    merged = flight_service.merge(service, "Main event", "Day 2", TwoBags.ALL)
    stacks = {e.player: e.stack for e in service.load(merged.day_two).state.active()}
    assert stacks["P00"] == 60_000 + 75_000


def test_flight_merge_refuses_a_flight_not_bagged_and_changes_nothing() -> None:
    service = TournamentService(MemoryEventStore(), rng=random.Random(5))
    flight(service, "1A", ["A", "B", "C"], {"A": 40_000, "B": 20_000}, "lfp")
    open_flight = service.create(
        commands.CreateTournament("1B", template("turbo").to_dict(), money=MONEY)
    ).stream
    for name in ("D", "E"):
        service.execute(open_flight, commands.Register(name))
    service.execute(open_flight, commands.DrawSeats())
    before = service.ids()
    with pytest.raises(IllegalActionError, match="1B has not bagged") as error:
        flight_service.merge(service, "Main event", "Day 2", TwoBags.BEST)
    assert error.value.rule == "FLIGHT-MERGE"
    assert service.ids() == before
    with pytest.raises(NotFoundError, match="no flight of Side event"):
        flight_service.merge(service, "Side event", "Day 2", TwoBags.BEST)


def test_flight_merge_a_flight_goes_to_one_day_two_only() -> None:
    service = TournamentService(MemoryEventStore(), rng=random.Random(5))
    first = flight(service, "1A", ["A", "B", "C"], {"A": 40_000, "B": 20_000}, "lfp")
    flight(service, "1B", ["D", "E", "F"], {"D": 40_000, "E": 20_000}, "lfp")
    merged = flight_service.merge(service, "Main event", "Day 2", TwoBags.BEST)
    with pytest.raises(IllegalActionError, match="already went to") as error:
        service.execute(first, commands.CarryFlight("tournament-9"))
    assert error.value.rule == "FLIGHT-MERGE"
    with pytest.raises(NotFoundError):  # both flights are merged: none is left
        flight_service.merge(service, "Main event", "Day 2 again", TwoBags.BEST)
    with pytest.raises(IllegalActionError, match="not a starting flight"):
        service.execute(merged.day_two, commands.CarryFlight("tournament-9"))


NAMES = [f"N{n}" for n in range(10)]


@st.composite
def festivals(draw: st.DrawFn) -> list[tuple[list[str], dict[str, int]]]:
    """One to three flights: their players (a player may play several), and who bags what."""
    result = []
    for _ in range(draw(st.integers(1, 3))):
        players = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=6, unique=True))
        keep = draw(st.integers(1, len(players)))
        chips = draw(st.lists(st.integers(1, 200_000), min_size=keep, max_size=keep))
        result.append((players, dict(zip(players[:keep], chips, strict=True))))
    return result


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(found=festivals(), two_bags=st.sampled_from(list(TwoBags)), seed=st.integers(0, 99))
def test_flight_merge_money_and_chips_balance_over_random_festivals(
    found: list[tuple[list[str], dict[str, int]]], two_bags: TwoBags, seed: int
) -> None:
    """FLIGHT-MERGE, FLIGHT-TWO-BAGS: whatever the flights, every ledger balances after every
    step, the day 2 holds the flights' pools and fields, and each player his kept chips."""
    service = TournamentService(MemoryEventStore(), rng=random.Random(seed))
    streams = []
    for number, (players, bags) in enumerate(found):
        streams.append(flight(service, f"F{number}", players, bags, "lfp"))
        assert statement_of(service.load(streams[-1]).state).balances
    expected: dict[str, int] = {}
    for _, bags in found:
        for name, chips in bags.items():
            if name not in expected:
                expected[name] = chips
            elif two_bags is TwoBags.ONE:
                continue  # entered the later flight before bagging: the first bag counts
            elif two_bags is TwoBags.ALL:
                expected[name] += chips
            else:
                expected[name] = max(expected[name], chips)
    if len(expected) < 2:
        with pytest.raises(IllegalActionError, match="at least two players"):
            flight_service.merge(service, "Main event", "Day 2", two_bags)
        return
    merged = flight_service.merge(service, "Main event", "Day 2", two_bags)
    pools = [service.load(stream).state.ledger for stream in streams]
    state = service.load(merged.day_two).state
    assert state.ledger.pool == sum(ledger.paid("prize") for ledger in pools)
    assert state.ledger.entries == sum(len(players) for players, _ in found)
    assert {entry.player: entry.stack for entry in state.active()} == expected
    for stream in [*streams, merged.day_two]:
        assert statement_of(service.load(stream).state).balances
    number = {entry.player: entry.number for entry in state.entries.values()}
    for name in list(expected)[1:]:
        service.execute(merged.day_two, commands.BustPlayers((number[name],)))
        assert statement_of(service.load(merged.day_two).state).balances
    sheet = statement_of(service.load(merged.day_two).state)
    assert (sheet.prizes, sheet.unawarded) == (state.ledger.pool, 0)


def test_flight_merge_an_undo_may_not_take_back_half_of_a_merge() -> None:
    service = TournamentService(MemoryEventStore(), rng=random.Random(5))
    first = flight(service, "1A", ["A", "B", "C"], {"A": 40_000, "B": 20_000}, "lfp")
    merged = flight_service.merge(service, "Main event", "Day 2", TwoBags.BEST)
    with pytest.raises(IllegalActionError, match="cannot be undone here") as error:
        service.execute(first, commands.Undo())
    assert error.value.rule == "FLIGHT-MERGE"
    merge_cmd = next(e.cmd for e in service.load(merged.day_two).events if e.cmd > 1)
    with pytest.raises(IllegalActionError, match="cannot be undone here"):
        service.execute(merged.day_two, commands.UndoBackTo(merge_cmd))
    service.execute(merged.day_two, commands.Undo())  # the seat draw alone may be drawn again
    assert not service.load(merged.day_two).state.is_drawn


def test_flight_merge_a_carried_flight_takes_no_more_money() -> None:
    """FLIGHT-MERGE: the flight's pool went to the day 2 as it was: a late entry paid there
    would be money nobody could win."""
    service = TournamentService(MemoryEventStore(), rng=random.Random(5))
    first = flight(service, "1A", ["A", "B", "C"], {"A": 40_000, "B": 20_000}, "lfp", 4)
    flight_service.merge(service, "Main event", "Day 2", TwoBags.BEST)
    with pytest.raises(IllegalActionError, match="went to its day 2") as error:
        service.execute(first, commands.Register("Latecomer"))
    assert error.value.rule == "FLIGHT-MERGE"
    assert statement_of(service.load(first).state).balances


def test_flight_two_bags_one_survival_refuses_a_bagged_player_in_a_later_flight() -> None:
    """FLIGHT-TWO-BAGS, "one": a player who bagged in flight 1A may not enter 1B (refused, the
    rule named, nothing changed); a player knocked out of 1A may."""
    service = TournamentService(MemoryEventStore(), rng=random.Random(5))
    flight(service, "1A", ["Alice", "Bruno", "Chloé"], {"Alice": 40_000, "Bruno": 20_000}, "lfp",
           two_bags="one")  # fmt: skip
    later = service.create(
        commands.CreateTournament(
            "1B", template("turbo").to_dict(), money={**MONEY, "two_bags": "one"}
        )
    ).stream
    before = service.load(later).version
    with pytest.raises(IllegalActionError, match="Alice bagged chips in flight 1A") as error:
        service.execute(later, commands.Register("alice "))
    assert error.value.rule == "FLIGHT-TWO-BAGS"
    assert service.load(later).version == before
    service.execute(later, commands.Register("Chloé"))  # busted in 1A: she may play 1B
    assert [e.player for e in service.load(later).state.entries.values()] == ["Chloé"]


def test_flight_two_bags_best_lets_a_survivor_play_again_and_keeps_his_best_stack() -> None:
    """FLIGHT-TWO-BAGS, "best" chosen by the event: the survivor of 1A enters 1B; the merge
    keeps his larger stack, and a merge asking another rule is refused."""
    service = TournamentService(MemoryEventStore(), rng=random.Random(5))
    flight(service, "1A", ["A", "B", "C"], {"A": 40_000, "B": 20_000}, "lfp", two_bags="best")
    flight(service, "1B", ["A", "D", "E"], {"A": 55_000, "D": 20_000}, "lfp", two_bags="best")
    with pytest.raises(IllegalActionError, match="played under the two-bags rule best") as error:
        flight_service.merge(service, "Main event", "Day 2", TwoBags.ALL)
    assert error.value.rule == "FLIGHT-TWO-BAGS"
    merged = flight_service.merge(service, "Main event", "Day 2")
    stacks = {e.player: e.stack for e in service.load(merged.day_two).state.active()}
    assert stacks == {"A": 55_000, "B": 20_000, "D": 20_000}


def test_flight_two_bags_all_chosen_by_the_event_adds_the_stacks() -> None:
    service = TournamentService(MemoryEventStore(), rng=random.Random(5))
    flight(service, "1A", ["A", "B", "C"], {"A": 40_000, "B": 20_000}, "lfp", two_bags="all")
    flight(service, "1B", ["A", "D", "E"], {"A": 55_000, "D": 20_000}, "lfp", two_bags="all")
    merged = flight_service.merge(service, "Main event", "Day 2")
    stacks = {e.player: e.stack for e in service.load(merged.day_two).state.active()}
    assert stacks["A"] == 95_000


def test_flight_two_bags_flights_that_disagree_are_not_merged() -> None:
    service = TournamentService(MemoryEventStore(), rng=random.Random(5))
    flight(service, "1A", ["A", "B", "C"], {"A": 40_000, "B": 20_000}, "lfp", two_bags="all")
    flight(service, "1B", ["F", "D", "E"], {"F": 55_000, "D": 20_000}, "lfp", two_bags="best")
    before = service.ids()
    with pytest.raises(IllegalActionError, match="different two-bags rules: all, best") as error:
        flight_service.merge(service, "Main event", "Day 2")
    assert error.value.rule == "FLIGHT-TWO-BAGS"
    assert service.ids() == before


@pytest.mark.parametrize(
    ("money", "said"),
    [
        ({**MONEY, "two_bags": "twice"}, "two_bags is one, best or all"),
        ({"buy_in": MONEY["buy_in"], "two_bags": "one"}, "only a starting flight"),
    ],
)
def test_flight_two_bags_a_bad_rule_is_refused(money: dict[str, object], said: str) -> None:
    with pytest.raises(ParseError, match=said):
        MoneyRules.from_dict(money)
