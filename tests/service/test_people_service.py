"""The register of people (``service.people``): search, correct, merge, erase, export,
history; and the property that merge and erase never change what any event log replays to."""

from __future__ import annotations

import datetime
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.errors import NotFoundError, ParseError
from pokertd.service.people import PERSON_ID, PeopleService, Shown
from pokertd.service.tournaments import TournamentService
from pokertd.store import MemoryEventStore
from pokertd.tournament import commands
from pokertd.tournament.money import MoneyRules, Price
from pokertd.tournament.reports import winnings
from pokertd.tournament.structure import template

NOW = datetime.datetime(2026, 3, 6, 20, 0, tzinfo=datetime.UTC)


def people_in(store: MemoryEventStore, seed: int = 1) -> PeopleService:
    return PeopleService(store, now=lambda: NOW, rng=random.Random(seed))


def played(store: MemoryEventStore, players: list[str], busted: list[int]) -> str:
    """A tournament of ``players`` (ids or names), with a buy-in, played to its end: the
    entries of ``busted`` go out in that order, the one left wins."""
    service = TournamentService(store, now=lambda: NOW, rng=random.Random(1))
    money = MoneyRules(buy_in=Price(prize=1000, fee=0)).to_dict()
    created = commands.CreateTournament("Friday", template("turbo").to_dict(), money=money)
    name = service.create(created).stream
    for player in players:
        service.execute(name, commands.Register(player))
    service.execute(name, commands.DrawSeats())
    for entry in range(1, len(players) + 1):
        service.execute(name, commands.CheckIn(entry))
    service.execute(name, commands.StartClock())
    for entry in busted:
        service.execute(name, commands.BustPlayers((entry,)))
    return name


def outcome(store: MemoryEventStore) -> dict[str, object]:
    """What every tournament of the store replays to: places and money by entry, and the rows."""
    service = TournamentService(store, now=lambda: NOW)
    found: dict[str, object] = {}
    for stream in service.ids():
        state = TournamentService(store, now=lambda: NOW).load(stream).state
        places = {n: (e.player, e.place) for n, e in state.entries.items()}
        rows = [(e.type, dict(e.data)) for e in store.read(stream)]
        found[stream] = (places, winnings(state), rows)
    return found


def test_a_person_is_found_without_accents_case_or_a_typo() -> None:
    people = people_in(MemoryEventStore())
    gaelle = people.add(name="Le Goff", first_name="Gaëlle", nickname="Gégé", licence="F-1234")
    people.add(name="Martin", first_name="Alice")
    assert PERSON_ID.fullmatch(gaelle.id)
    for query in ("gaelle", "LE GOFF", "gege", "Gaëlle Le Gof", "f-1234", "Gaelle Legoff"):
        assert [p.id for p in people.search(query)] == [gaelle.id], query
    assert people.search("Zoé") == []


def test_consent_is_recorded_with_its_time_and_withdrawn() -> None:
    people = people_in(MemoryEventStore())
    ana = people.add(name="Costa", first_name="Ana", consent=True)
    assert ana.consent_at == NOW.isoformat()
    assert people.update(ana.id, consent=False).consent_at == ""


def test_a_correction_follows_into_every_result() -> None:
    store = MemoryEventStore()
    people = people_in(store)
    ana = people.add(name="Cota", first_name="Ana")
    played(store, [ana.id, "Bruno"], [2])
    people.update(ana.id, name="Costa")
    assert people.shown_name(ana.id, public=False) == "Ana Costa"
    assert [(line.place, line.prize) for line in people.history(ana.id)] == [(1, 2000)]


def test_a_merge_keeps_both_histories_and_fills_the_blanks() -> None:
    store = MemoryEventStore()
    people = people_in(store)
    ana = people.add(name="Costa", first_name="Ana")
    twin = people.add(name="Costa", first_name="Anna", contact="ana@example.org")
    played(store, [ana.id, "Bruno", "Chloé"], [3, 2])
    played(store, ["Bruno", twin.id, "Chloé"], [1, 3])
    merged = people.merge(twin.id, ana.id)
    assert merged.contact == "ana@example.org"
    assert people.shown_name(twin.id, public=False) == "Ana Costa"
    assert sorted((line.tournament, line.place) for line in people.history(ana.id)) == [
        ("tournament-1", 1),
        ("tournament-2", 1),
    ]
    assert people.export(ana.id)["merged_ids"] == [twin.id]
    assert [p.id for p in people.everyone()] == [ana.id]
    with pytest.raises(ParseError, match="was merged into"):
        people.update(twin.id, name="X")


def test_an_erased_person_keeps_nothing_but_his_id() -> None:
    store = MemoryEventStore()
    people = people_in(store)
    ana = people.add(name="Costa", first_name="Ana", contact="ana@example.org", notes="VIP")
    people.erase(ana.id)
    kept = store.get_record("person", ana.id)
    assert kept is not None
    assert "Costa" not in str(kept)
    assert "ana@example.org" not in str(kept)
    assert kept["erased"] is True
    assert str(people.shown_name(ana.id, public=True)) == "erased player"
    with pytest.raises(ParseError, match="was erased"):
        people.export(ana.id)


def test_a_pseudonym_replaces_an_erased_name() -> None:
    people = people_in(MemoryEventStore())
    ana = people.add(name="Costa", first_name="Ana")
    people.erase(ana.id, pseudonym="Joueuse 12")
    assert people.shown_name(ana.id, public=True) == "Joueuse 12"


@pytest.mark.parametrize(
    ("shown", "expected"),
    [(Shown.FULL, "Ana Costa"), (Shown.INITIAL, "Ana C."), (Shown.NICKNAME, "La Reine")],
)
def test_the_public_sees_what_the_club_chose(shown: str, expected: str) -> None:
    people = people_in(MemoryEventStore())
    ana = people.add(name="Costa", first_name="Ana", nickname="La Reine")
    people.set_shown(shown)
    assert people.shown_name(ana.id, public=True) == expected
    assert people.shown_name(ana.id, public=False) == "Ana Costa"


@pytest.mark.parametrize(
    ("fields", "refusal"),
    [
        ({"name": "<b>Ana</b>"}, "holds characters a name does not"),
        ({"name": "Ana, Bo"}, "holds characters a name does not"),
        ({"name": "A" * 61}, "name is at most 60 characters"),
        ({"notes": "x" * 501}, "notes is at most 500 characters"),
        ({"contact": ""}, "a person needs a name"),
        ({"name": "Ana", "erased": True}, "a person has no field 'erased'"),
    ],
)
def test_bad_fields_are_refused_and_nothing_is_kept(
    fields: dict[str, object], refusal: str
) -> None:
    store = MemoryEventStore()
    with pytest.raises(ParseError, match=refusal):
        people_in(store).add(**fields)
    assert store.records("person") == []


def test_an_unknown_person_is_named_in_the_error() -> None:
    with pytest.raises(NotFoundError, match="there is no person P-00000000 in the register"):
        people_in(MemoryEventStore()).get("P-00000000")


def test_an_old_log_with_names_still_replays_and_shows_its_names() -> None:
    store = MemoryEventStore()
    played(store, ["Alice", "Bruno"], [2])
    people = people_in(store)
    assert people.shown_name("Alice", public=True) is None  # shown as written
    state = TournamentService(store, now=lambda: NOW).load("tournament-1").state
    assert state.entries[1].player == "Alice"


OPERATIONS = st.lists(
    st.tuples(st.sampled_from(["merge", "erase", "rename"]), st.integers(0, 5), st.integers(0, 5)),
    max_size=6,
)


@settings(max_examples=25, deadline=None)
@given(
    field=st.lists(st.integers(0, 5), min_size=2, max_size=6),
    order=st.randoms(use_true_random=False),
    operations=OPERATIONS,
)
def test_merge_and_erase_keep_every_replay_equal(
    field: list[int], order: random.Random, operations: list[tuple[str, int, int]]
) -> None:
    """Whatever the register does (merge, erase, rename, in any order), every tournament
    replays to the same places, prizes and events, and a person's history is the union of
    the histories merged into him."""
    store = MemoryEventStore()
    people = people_in(store)
    ids = [people.add(name=f"Player {chr(65 + n)}", first_name="Jo").id for n in range(6)]
    entries = list(range(1, len(field) + 1))
    order.shuffle(entries)
    played(store, [ids[n] for n in field], entries[:-1])
    played(store, [ids[n] for n in reversed(field)], entries[1:])
    before = outcome(store)
    histories = {person: len(people.history(person)) for person in ids}
    for kind, first, second in operations:
        try:
            if kind == "merge":
                people.merge(ids[first], ids[second])
            elif kind == "erase":
                people.erase(ids[first])
            else:
                people.update(ids[first], name="Renamed")
        except ParseError:
            continue  # merged or erased already, or into himself: refused, nothing changed
        survivors = {p.id for p in people.everyone() if not p.erased}
        for person in survivors:
            merged = people.aliases(person)
            assert len(people.history(person)) == sum(histories[m] for m in merged)
    assert outcome(store) == before


def test_a_history_line_holds_the_penalties_given_to_the_entry() -> None:
    store = MemoryEventStore()
    people = people_in(store)
    ana = people.add(name="Costa", first_name="Ana").id
    tournaments = TournamentService(store, now=lambda: NOW, rng=random.Random(1))
    stream = tournaments.create(
        commands.CreateTournament("Vendredi", template("turbo").to_dict())
    ).stream
    for player in (ana, "Bruno Diaz", "Chloé Martin"):
        tournaments.execute(stream, commands.Register(player))
    tournaments.execute(stream, commands.DrawSeats())
    tournaments.execute(stream, commands.Penalize(1, reason="langage"))  # a warning
    tournaments.execute(stream, commands.Penalize(1, hands=3, reason="carte exposée"))
    [line] = people.history(ana)
    assert line.penalties == ("warning", "hands")
    assert list(people.export(ana)["history"][0]["penalties"]) == ["warning", "hands"]
