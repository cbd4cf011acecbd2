"""Bulk files (``.phhs``): one section per hand, errors collected per hand."""

from __future__ import annotations

import pytest

from pokertd.errors import ParseError
from pokertd.history import Fold, HandHistory, read_phh, read_phhs, write_phhs

HAND = """\
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]
"""


def test_sections_in_order() -> None:
    text = f"[1]\n{HAND}\n[2]\n{HAND.replace('p2 f', 'p2 cc')}"
    first, second = read_phhs(text)
    assert isinstance(first, HandHistory)
    assert isinstance(second, HandHistory)
    assert first.actions[-1] == Fold(1)
    assert first == read_phh(HAND)


def test_a_bad_hand_gives_its_error_and_reading_goes_on() -> None:
    text = (
        f"[1]\n{HAND}\n"
        f"[2]\n{HAND.replace('NT', 'XX')}\n"
        f"[3]\n{HAND.replace('p2 f', 'p3 f')}\n"
        f"[4]\n{HAND}"
    )
    entries = read_phhs(text, source="day1.phhs")
    assert [type(entry) for entry in entries] == [HandHistory, ParseError, ParseError, HandHistory]
    assert str(entries[1]).startswith("day1.phhs[2]: field 'variant' is 'XX'")
    assert str(entries[2]).startswith("day1.phhs[3]: field 'actions', item 3")


def test_a_toml_syntax_error_spoils_only_its_own_section() -> None:
    broken = HAND.replace("antes = [0, 0]", "antes = [0, 0")
    text = f"# day 1\n[1]\n{HAND}\n[2]  # the broken one\n{broken}\n[3]\n{HAND}"
    entries = read_phhs(text, source="day1.phhs")
    assert [type(entry) for entry in entries] == [HandHistory, ParseError, HandHistory]
    message = str(entries[1])
    assert message.startswith("day1.phhs[2] is not valid TOML")
    # tomllib notices the unclosed array on the line after it; the number is the file's.
    broken_line = text.splitlines().index("antes = [0, 0") + 1
    assert f"at line {broken_line + 1}," in message


def test_sub_tables_of_a_hand_stay_with_it() -> None:
    text = f'[1]\n{HAND}\n[1._meta]\nk = 1\n[2]\n{HAND}_x = 2\n[2._meta]\nk = ["\n'
    first, second = read_phhs(text)
    assert isinstance(first, HandHistory)
    assert dict(first.extra) == {"_meta": {"k": 1}}
    assert isinstance(second, ParseError)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        (f"_x = 1\n[1]\n{HAND}", "'_x' is not a hand section"),
        (f"_x = [\n[1]\n{HAND}", "is not valid TOML before its first hand section"),
        (f"_x = 1\n[1]\n{HAND}x = [", "has fields before its first hand section"),
    ],
)
def test_fields_outside_sections_are_reported(text: str, fragment: str) -> None:
    entries = read_phhs(text, source="bulk.phhs")
    errors = [entry for entry in entries if isinstance(entry, ParseError)]
    assert len(errors) >= 1
    assert fragment in str(errors[0])
    assert str(errors[0]).startswith("bulk.phhs")


def test_write_and_read_back_with_extra_tables() -> None:
    hand = read_phh(HAND + '_note = "n"\n_meta = {a = 1}\n[_table]\nk = "v"\n')
    plain = read_phh(HAND)
    text = write_phhs([hand, plain, hand])
    assert "[1._table]" in text
    assert read_phhs(text) == [hand, plain, hand]


def test_empty_bulk_file() -> None:
    assert read_phhs("") == []
    assert read_phhs("# nothing yet\n") == []
    assert write_phhs([]) == ""
