"""The server's register of clubs (issue 21, many clubs on one server): slugs, names and host
names checked, each host name one club's, the register kept as events."""

from __future__ import annotations

import datetime

import pytest

from pokertd.errors import ConflictError, ParseError
from pokertd.service.clubs import STREAM, ClubRegistry, host_name
from pokertd.store import MemoryEventStore

NOW = datetime.datetime(2026, 11, 27, 20, 0, tzinfo=datetime.UTC)


@pytest.fixture
def clubs() -> ClubRegistry:
    registry = ClubRegistry(MemoryEventStore())
    registry.add("bannalec", "Poker Club de Bannalec", ["bannalec.example.org"], "a.db", now=NOW)
    return registry


def test_a_club_is_found_by_any_of_its_host_names_in_any_case_with_a_port(
    clubs: ClubRegistry,
) -> None:
    clubs.add("quimper", "Quimper", ["quimper.example.org", "qp.example.org"], "b.db", now=NOW)
    assert clubs.by_host("QP.Example.org:8443").slug == "quimper"  # type: ignore[union-attr]
    assert clubs.by_host("bannalec.example.org.").slug == "bannalec"  # type: ignore[union-attr]
    assert clubs.by_host("example.org") is None
    assert [club.slug for club in clubs.clubs()] == ["bannalec", "quimper"]


def test_the_register_is_kept_as_events_with_the_time_they_were_added(
    clubs: ClubRegistry,
) -> None:
    (event,) = clubs.store.read(STREAM)
    assert event.type == "club-added"
    assert event.data["hosts"] == ["bannalec.example.org"]
    assert event.recorded_at == NOW.isoformat()


@pytest.mark.parametrize(
    ("slug", "hosts", "said"),
    [
        ("Bannalec", ["x.example.org"], "'Bannalec' is not"),
        ("b", ["x.example.org"], "'b' is not"),
        ("club-2", ["not a host"], "'not a host' is not a host name"),
        ("club-2", ["-bad.example.org"], "is not a host name"),
        ("club-2", [], "1 to 10 host names"),
        ("club-2", [f"h{n}.example.org" for n in range(11)], "1 to 10 host names"),
    ],
)
def test_a_malformed_club_is_refused_saying_which_limit_and_nothing_is_added(
    clubs: ClubRegistry, slug: str, hosts: list[str], said: str
) -> None:
    with pytest.raises(ParseError, match=said):
        clubs.add(slug, "Un club", hosts, "c.db", now=NOW)
    assert [club.slug for club in clubs.clubs()] == ["bannalec"]


def test_a_name_too_long_or_empty_is_refused(clubs: ClubRegistry) -> None:
    for name in ("", "   ", "x" * 121):
        with pytest.raises(ParseError, match="1 to 120 printable characters"):
            clubs.add("club-2", name, ["c.example.org"], "c.db", now=NOW)


def test_a_slug_or_a_host_name_is_one_clubs_only(clubs: ClubRegistry) -> None:
    with pytest.raises(ConflictError, match="already a club 'bannalec'"):
        clubs.add("bannalec", "Autre", ["autre.example.org"], "c.db", now=NOW)
    taken = r"bannalec\.example\.org is already the club 'bannalec'"
    with pytest.raises(ConflictError, match=taken):
        clubs.add("autre", "Autre", ["BANNALEC.example.org"], "c.db", now=NOW)
    assert len(clubs.clubs()) == 1


def test_host_names_are_compared_without_case_port_or_final_dot() -> None:
    assert host_name(" Club.Example.ORG.:80 ") == "club.example.org"
    assert host_name("[::1]:8000") == "[::1]"
    assert host_name("localhost") == "localhost"
