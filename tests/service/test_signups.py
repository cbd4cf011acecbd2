"""Pre-registration (issue 18): a cap, a waitlist that moves up in order, check-in that enters
the tournament, no-shows released at the time the director set (the time an argument)."""

from __future__ import annotations

import datetime
import random
import threading
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.errors import IllegalActionError, NotFoundError, ParseError
from pokertd.service.people import PeopleService
from pokertd.service.signups import Signups, SignupService, Status
from pokertd.service.tournaments import TournamentService
from pokertd.store import MemoryEventStore
from pokertd.tournament import commands
from pokertd.tournament.money import MoneyRules
from pokertd.tournament.reports import statement_of
from pokertd.tournament.structure import template

NOW = datetime.datetime(2026, 3, 6, 19, 0, tzinfo=datetime.UTC)


class Clock:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.at = NOW

    def __call__(self) -> datetime.datetime:
        return self.at


def door(
    count: int, cap: int, clock: Clock | None = None
) -> tuple[SignupService, str, list[str], MemoryEventStore]:
    """A tournament open for sign-up with ``cap`` places and ``count`` people in the register."""
    store = MemoryEventStore()
    now = clock or (lambda: NOW)
    tournaments = TournamentService(store, now=now, rng=random.Random(1))
    created = commands.CreateTournament("Vendredi", template("turbo").to_dict())
    stream = tournaments.create(created).stream
    people = PeopleService(store, now=now, rng=random.Random(2))
    ids = [people.add(name=f"Joueur{n}", first_name="Ana").id for n in range(count)]
    signups = SignupService(tournaments, now=now, rng=random.Random(3))
    signups.configure(stream, cap, public=False, release_at="")
    return signups, stream, ids, store


def statuses(signups: Signups) -> list[str]:
    return [line.status for line in signups.lines]


def test_beyond_the_cap_players_wait_and_move_up_in_order_when_one_withdraws() -> None:
    service, stream, ids, _ = door(4, cap=2)
    lines = [service.sign_up(stream, person) for person in ids]
    assert [line.status for line in lines] == ["signed", "signed", "waiting", "waiting"]
    after = service.withdraw(stream, ids[0])
    assert statuses(after) == ["withdrawn", "signed", "signed", "waiting"]
    assert after.rank(ids[3]) == 1


def test_check_in_enters_the_tournament_by_person_id_present() -> None:
    service, stream, ids, store = door(2, cap=1)
    service.sign_up(stream, ids[0])
    service.sign_up(stream, ids[1])
    service.check_in(stream, ids[0])
    state = TournamentService(store, now=lambda: NOW).load(stream).state
    (entry,) = state.entries.values()
    assert (entry.player, entry.is_present) == (ids[0], True)
    with pytest.raises(ParseError, match="number 1 on the waitlist"):
        service.check_in(stream, ids[1])
    with pytest.raises(ParseError, match="checked in already"):
        service.check_in(stream, ids[0])
    assert len(TournamentService(store, now=lambda: NOW).load(stream).state.entries) == 1


def test_a_refused_entry_leaves_the_list_as_it_was() -> None:
    service, stream, ids, store = door(1, cap=1)
    service.sign_up(stream, ids[0])
    tournaments = TournamentService(store, now=lambda: NOW)
    for name in ("Bruno Diaz", "Chloé Bernard"):
        tournaments.execute(stream, commands.Register(name))
    tournaments.execute(stream, commands.DrawSeats())
    tournaments.execute(stream, commands.StartClock())
    tournaments.execute(stream, commands.BustPlayers((1,)))  # finished: no entry any more
    before = service.load(stream)
    with pytest.raises(IllegalActionError) as refused:
        service.check_in(stream, ids[0])
    assert refused.value.rule == "SEAT-LATE-WINDOW"  # the tournament says which rule refused
    assert service.load(stream) == before


def test_no_shows_are_released_at_the_time_set_and_the_waitlist_moves_up() -> None:
    clock = Clock()
    service, stream, ids, _ = door(4, cap=2, clock=clock)
    for person in ids:
        service.sign_up(stream, person)
    service.check_in(stream, ids[0])
    release = (NOW + datetime.timedelta(minutes=30)).isoformat()
    service.configure(stream, 2, public=False, release_at=release)
    clock.at = NOW + datetime.timedelta(minutes=29)
    assert statuses(service.load(stream)) == ["checked-in", "signed", "waiting", "waiting"]
    clock.at = NOW + datetime.timedelta(minutes=30)
    released = service.load(stream)
    assert statuses(released) == ["checked-in", "released", "signed", "waiting"]
    assert released.released  # once: the player promoted keeps his place until he comes
    clock.at = NOW + datetime.timedelta(hours=2)
    assert statuses(service.load(stream)) == ["checked-in", "released", "signed", "waiting"]


def test_the_director_releases_no_shows_by_command() -> None:
    service, stream, ids, _ = door(3, cap=2)
    for person in ids:
        service.sign_up(stream, person)
    assert statuses(service.release(stream)) == ["released", "released", "signed"]


def test_refusals_name_the_limit_and_change_nothing() -> None:
    service, stream, ids, _ = door(3, cap=2)
    service.sign_up(stream, ids[0])
    service.sign_up(stream, ids[1])
    before = service.load(stream)
    with pytest.raises(ParseError, match="already signed up"):
        service.sign_up(stream, ids[0])
    with pytest.raises(ParseError, match="cap cannot be lower"):
        service.configure(stream, 1, public=False, release_at="")
    with pytest.raises(ParseError, match="1 to 2000"):
        service.configure(stream, 0, public=False, release_at="")
    with pytest.raises(ParseError, match="not a date and time"):
        service.configure(stream, 3, public=False, release_at="tomorrow")
    with pytest.raises(NotFoundError, match="no person"):
        service.sign_up(stream, "P-ZZZZZZZZ")
    assert service.load(stream) == before


def test_sign_up_is_closed_until_the_director_opens_it() -> None:
    with pytest.raises(ParseError, match="not open"):
        Signups().sign_up("P-AAAAAAAA", "t", at=NOW)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("swc"), st.integers(0, 7)), max_size=40))
def test_the_waitlist_keeps_its_order_and_the_cap_holds(steps: list[tuple[str, int]]) -> None:
    """Any sequence of sign-ups, withdrawals and check-ins: never more places than the cap,
    and whoever is promoted is the earliest still waiting."""
    signups = Signups(cap=3)
    people = [f"P-AAAAAAA{n}" for n in range(8)]
    for kind, n in steps:
        before = signups
        try:
            if kind == "s":
                signups = signups.sign_up(people[n], f"t{len(signups.lines)}", at=NOW)
            elif kind == "w":
                signups = signups.withdraw(people[n])
            else:
                signups = signups.check_in(people[n])
        except (ParseError, NotFoundError):
            assert signups == before
        assert signups.holding() <= signups.cap
        waiting = [i for i, line in enumerate(signups.lines) if line.status == Status.WAITING]
        holding = [i for i, line in enumerate(signups.lines) if line.status in Status.HOLDING]
        # a place free means nobody waits; someone waiting means every place is taken
        assert not waiting or signups.holding() == signups.cap
        # nobody who signed up after a waiting player holds a place he was promoted to
        promoted = [i for i in holding if i > min(waiting, default=len(signups.lines))]
        assert promoted == []


def test_a_sign_up_after_the_cut_off_time_is_refused_naming_it() -> None:
    clock = Clock()
    service, stream, ids, _ = door(2, cap=5, clock=clock)
    service.configure(stream, 5, public=True, release_at="", closes_at="2026-03-06T18:30+00:00")
    clock.at = NOW - datetime.timedelta(hours=1)  # 18:00: still open
    assert service.sign_up(stream, ids[0]).status == Status.SIGNED
    clock.at = NOW - datetime.timedelta(minutes=30)  # 18:30: closed from that minute
    before = service.load(stream)
    with pytest.raises(ParseError, match="sign-up for this event closed at 2026-03-06 18:30"):
        service.sign_up(stream, ids[1])
    assert service.load(stream) == before


def test_members_only_refuses_a_non_member_and_a_member_of_another_season() -> None:
    service, stream, _ids, store = door(0, cap=5)
    people = PeopleService(store, now=lambda: NOW, rng=random.Random(9))
    guest = people.add(name="Invité").id
    member = people.add(name="Membre", member=True, season="2026").id
    old = people.add(name="Ancien", member=True, season="2025").id
    service.configure(stream, 5, public=False, release_at="", members_only=True)
    with pytest.raises(ParseError, match=f"members of the club only: {guest} is not a member"):
        service.sign_up(stream, guest)
    assert service.sign_up(stream, old).status == Status.SIGNED  # any season will do
    service.configure(stream, 5, public=False, release_at="", members_only=True, season="2026")
    before = service.load(stream)
    with pytest.raises(ParseError, match=f"season 2026 only: {guest} is not"):
        service.sign_up(stream, guest)
    assert before == service.load(stream)
    assert service.sign_up(stream, member).status == Status.SIGNED
    assert [line.person for line in service.load(stream).lines] == [old, member]
    other = Signups(cap=2, members_only=True, season="2026")
    with pytest.raises(ParseError, match="is a member of season 2025"):
        other.sign_up(old, "t", at=NOW, membership="2025")


def test_concurrent_sign_ups_all_count_in_the_order_they_came() -> None:
    """Twelve sign-ups at once (threads, as requests of a server), each one's clock letting
    the others run between its read and its write: none is lost, the cap holds, and the
    waitlist moves up in the order the list recorded them."""

    def yielding() -> datetime.datetime:
        time.sleep(0)  # hand the interpreter to another sign-up, mid-change
        return NOW

    store = MemoryEventStore()
    tournaments = TournamentService(store, now=lambda: NOW, rng=random.Random(1))
    created = commands.CreateTournament("Vendredi", template("turbo").to_dict())
    stream = tournaments.create(created).stream
    people = PeopleService(store, now=lambda: NOW, rng=random.Random(2))
    ids = [people.add(name=f"Joueur{n}").id for n in range(12)]
    service = SignupService(tournaments, now=yielding, rng=random.Random(3))
    service.configure(stream, 5, public=True, release_at="")
    start = threading.Barrier(len(ids))

    def sign(person: str) -> None:
        start.wait()
        service.sign_up(stream, person)

    workers = [threading.Thread(target=sign, args=(person,)) for person in ids]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    lines = service.load(stream).lines
    assert sorted(line.person for line in lines) == sorted(ids)
    assert statuses(service.load(stream)) == ["signed"] * 5 + ["waiting"] * 7
    waiting = [line.person for line in lines if line.status == Status.WAITING]
    service.withdraw(stream, lines[0].person)
    assert service.load(stream).line(waiting[0]).status == Status.SIGNED
    assert service.load(stream).line(waiting[1]).status == Status.WAITING


def test_sat_ticket_pays_the_buy_in_at_check_in_and_a_wrong_one_changes_nothing() -> None:
    """SAT-TICKET at the door: a pre-registered satellite winner checks in, his ticket paying
    the buy-in; both ledgers balance. A ticket refused leaves neither an entry nor a mark."""
    store = MemoryEventStore()
    tournaments = TournamentService(store, now=lambda: NOW, rng=random.Random(1))
    people = PeopleService(store, now=lambda: NOW, rng=random.Random(2))
    winner, other = (people.add(name=f"Joueur{n}", first_name="Ana").id for n in range(2))
    money = {"buy_in": {"prize": 2_000, "fee": 200, "chips": 20_000}, "seat_value": 10_000}
    rules = MoneyRules.from_dict({**money, "target": "Main event"}).to_dict()
    turbo = template("turbo").to_dict()
    sat = tournaments.create(commands.CreateTournament("Satellite", turbo, money=rules)).stream
    for player in (winner, other, "Bruno", "Chloé", "Dan"):  # 5 x 20 EUR: one seat of 100
        tournaments.execute(sat, commands.Register(player))
    tournaments.execute(sat, commands.DrawSeats())
    for entry in (5, 4, 3, 2):
        tournaments.execute(sat, commands.BustPlayers((entry,)))
    tournaments.execute(sat, commands.IssueTickets())
    main_money = {"buy_in": {"prize": 9_000, "fee": 1_000, "chips": 20_000}}
    main = tournaments.create(commands.CreateTournament("Main event", turbo, money=main_money))
    signups = SignupService(tournaments, now=lambda: NOW, rng=random.Random(3))
    signups.configure(main.stream, 10, public=False, release_at="")
    for person in (winner, other):
        signups.sign_up(main.stream, person)

    before = signups.load(main.stream)
    with pytest.raises(IllegalActionError) as refused:  # the ticket is the winner's own
        signups.check_in(main.stream, other, ticket=f"{sat}#1")
    assert refused.value.rule == "SAT-TICKET"
    assert signups.load(main.stream) == before
    assert not tournaments.load(main.stream).state.entries

    signups.check_in(main.stream, winner, ticket=f"{sat}#1")
    (entry,) = tournaments.load(main.stream).state.entries.values()
    assert (entry.player, entry.is_present) == (winner, True)
    statement = statement_of(tournaments.load(main.stream).state)
    assert (statement.taken, statement.by_ticket, statement.pool) == (10_000, 10_000, 9_000)
    assert statement.balances
    assert statement_of(tournaments.load(sat).state).balances
    assert tournaments.load(sat).state.ledger.tickets[1].used_by == winner
    assert [line.status for line in signups.load(main.stream).lines] == ["checked-in", "signed"]
