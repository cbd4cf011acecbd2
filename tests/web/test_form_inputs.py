"""Every form route reads what is typed with a clear 4xx, never a 500 nor a long freeze (issue 16):
Unicode digits such as ``²`` (``str.isdigit`` says yes, ``int`` says no), numbers of thousands
of digits, and ranges of millions of entries such as ``1-40000000``."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pokertd.errors import ParseError
from pokertd.present.tournament_input import MAX_ENTRIES, parse_chips, parse_entries
from pokertd.web.pages import console

TEMPLATES = Path(console.__file__).parent.parent / "templates"
#: Every field name the templates' forms post, and the numbered ones.
FIELDS = sorted(
    set(
        re.findall(
            r'name="([a-z_0-9-]+)"', "".join(p.read_text() for p in TEMPLATES.rglob("*.html"))
        )
    )
    - {"csrf", "csrf-token", "viewport", "file", "password"}
    | {"stack-1", "amount-1", "stack-²", "amount-²"}
)
NASTY = ["²", "٣", "9" * 5000, "1-40000000", "#1-#40000000", "-1", "1e9", "\x00"]
TABLE_ACTIONS = ("start", "act", "chips", "hole", "board", "show", "bot", "links")


def posts(tournament: str) -> Iterator[tuple[str, dict[str, str]]]:
    """Every form route with every field set to each nasty value."""
    routes = [f"/console/{tournament}/do/{action}" for action in sorted(console._COMMANDS)]
    routes += [f"/table/{tournament}/1/do/{action}" for action in TABLE_ACTIONS]
    routes += ["/console/create", f"/console/{tournament}/payouts", "/floor", "/floor/ruling"]
    for route in routes:
        for value in NASTY:
            yield route, dict.fromkeys(FIELDS, value)


def test_no_form_route_answers_500_to_nasty_numbers(
    director: TestClient, new_tournament: Callable[..., str], csrf: str
) -> None:
    tournament = new_tournament(director, start=True)
    failures: list[tuple[str, str, int]] = []
    tried = 0
    for route, fields in posts(tournament):
        answer = director.post(route, data={**fields, "csrf": csrf}, follow_redirects=False)
        tried += 1
        if answer.status_code >= 500:
            failures.append((route, fields["entry"][:12], answer.status_code))
    assert tried > 300
    assert failures == []


def test_the_forms_say_what_is_wrong_with_a_unicode_digit(
    director: TestClient, new_tournament: Callable[..., str], csrf: str
) -> None:
    tournament = new_tournament(director, start=True)
    cases: list[tuple[str, dict[str, Any], str]] = [
        (f"/console/{tournament}/do/penalty", {"entry": "1", "kind": "hands", "count": "²"},
         "a penalty lasts at least one hand"),
        ("/console/create", {"title": "X", "template": "turbo", "table_size": "²"},
         "the seats per table is a whole number, not '²'"),
        (f"/console/{tournament}/do/bust", {"entries": "1", "stack-²": "100"}, "stack-²"),
        (f"/console/{tournament}/do/bust", {"entries": "1-40000000"}, f"{MAX_ENTRIES}"),
    ]  # fmt: skip
    for route, fields, said in cases:
        answer = director.post(
            route, data={**fields, "csrf": csrf}, headers={"Accept": "application/json"}
        )
        assert answer.status_code == 400, (route, answer.text)
        assert said in answer.json()["error"]["message"], route


def test_a_range_of_millions_is_refused_before_it_is_built() -> None:
    with pytest.raises(ParseError, match="more than 10000 entries"):
        parse_entries(["1-40000000"])
    with pytest.raises(ParseError, match="more than 10000 entries"):
        parse_entries(["1-6000", "6001-12000"])
    assert parse_entries(["1-3", "#7"]) == [1, 2, 3, 7]
    assert len(parse_entries([f"1-{MAX_ENTRIES}"])) == MAX_ENTRIES


@pytest.mark.parametrize("typed", ["²", "٣٣", "1" * 5000, "1²"])
def test_chips_in_other_digits_are_a_parse_error(typed: str) -> None:
    with pytest.raises(ParseError, match="whole number of chips"):
        parse_chips(typed)


@pytest.mark.parametrize(
    ("typed", "chips"),
    [("120,000", 120000), ("1,250,000", 1250000), ("120\u202f000", 120000), ("12 500", 12500)],
)
def test_chips_as_each_language_writes_them(typed: str, chips: int) -> None:
    assert parse_chips(typed) == chips  # issue 15: the English night types "120,000"


@pytest.mark.parametrize("typed", ["1,5", "12,50", "1,2345", ",500"])
def test_a_comma_not_between_thousands_is_refused(typed: str) -> None:
    with pytest.raises(ParseError, match="whole number of chips"):
        parse_chips(typed)
