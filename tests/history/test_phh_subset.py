"""The fast reader of PHH's TOML (``pokertd.history.subset``) against ``tomllib``: on every PHH
file of the tests, on texts ``write_phh`` writes, and on generated texts in and out of the subset,
it reads what ``tomllib`` reads or declines (None); it never accepts what ``tomllib`` refuses."""

from __future__ import annotations

import tomllib
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.history import read_phh, write_phh
from pokertd.history.subset import loads_subset

DATA = Path(__file__).resolve().parents[1] / "data"
PHH_FILES = sorted(DATA.rglob("*.phh"))


def toml(text: str) -> dict[str, Any] | None:
    """Return what tomllib reads as ``read_phh`` asks it, or None where it refuses the text."""
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError:
        return None


def same_values(fast: object, slow: object) -> bool:
    """Equal and of the same types all the way down (``True == 1`` and ``Decimal('1.0') == 1``
    would pass ``==``; a decimal's written digits matter to the chip unit)."""
    if isinstance(fast, dict) and isinstance(slow, dict):
        return fast.keys() == slow.keys() and all(same_values(fast[k], slow[k]) for k in fast)
    if isinstance(fast, list) and isinstance(slow, list):
        return len(fast) == len(slow) and all(map(same_values, fast, slow))
    if isinstance(fast, Decimal) and isinstance(slow, Decimal):
        return fast.as_tuple() == slow.as_tuple()
    return type(fast) is type(slow) and fast == slow


@pytest.mark.parametrize("path", PHH_FILES, ids=lambda path: path.name)
def test_every_phh_file_reads_as_tomllib_reads_it_or_falls_back(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    fast = loads_subset(text)
    if fast is not None:
        assert same_values(fast, toml(text))


def test_the_wsop_hands_all_read_fast() -> None:
    wsop = [path for path in PHH_FILES if path.parent.name == "wsop-2023-43-5"]
    assert len(wsop) == 83
    assert all(loads_subset(path.read_text(encoding="utf-8")) is not None for path in wsop)


@pytest.mark.parametrize(
    ("name", "why"),
    [("bad_toml.phh", "not TOML"), ("heads_up_nt.phh", "a time of day"),
     ("arieh-yockey-2019.phh", "a multi-line string")],
)  # fmt: skip
def test_files_outside_the_subset_fall_back(name: str, why: str) -> None:
    (path,) = [path for path in PHH_FILES if path.name == name]
    assert loads_subset(path.read_text(encoding="utf-8")) is None, why


def test_written_hands_read_fast() -> None:
    for path in [path for path in PHH_FILES if path.parent.name == "wsop-2023-43-5"][:20]:
        written = write_phh(read_phh(path.read_text(encoding="utf-8")))
        assert loads_subset(written) is not None
        assert same_values(loads_subset(written), toml(written))


@pytest.mark.parametrize(
    "text",
    [
        "[1]\nvariant = 'NT'",  # a table (bulk files)
        "stacks = [inf, 100]",  # an unknown stack
        'name = "a\\tb"',  # an escape
        "a = 1_000",
        "a = 1e3",
        "a = 0x1F",
        "d = 2023-06-22",
        'a = """x"""',
        "a = [[1], [2]]",
        "a = {b = 1}",
        '"quoted" = 1',
        "a.b = 1",
    ],
)
def test_outside_the_subset_it_declines_and_tomllib_reads(text: str) -> None:
    assert loads_subset(text) is None
    assert toml(text) is not None


@pytest.mark.parametrize(
    "text",
    ["a = 1\na = 2", "a = [1, 2", "a = [,]", "a = [1,,2]", "a =", "a = 1 2", "a = 'x'y'",
     "= 1", "a = 00.5", "a = 012", "a = 1.", "a = tru", "a = 1\rb = 2", "a = 'x\x01'", "a\n= 1"],
)  # fmt: skip
def test_what_tomllib_refuses_it_refuses_too(text: str) -> None:
    assert toml(text) is None
    assert loads_subset(text) is None


_PIECES = st.sampled_from(
    ["a", "b", "variant", "_x", "1", "-", "=", " = ", " ", "\t", "\n", "\r\n", "[", "]", ", ",
     ",", "'NT'", '"p1 f"', '"x#y"', "'a\"b'", "0", "-5", "+7", "120000", "2.50", "-0.0", "01",
     "1_0", "1e2", "true", "false", "inf", "# note", "#", '"', "'", "\\", ".", "{", "}", "é"]
)  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(_PIECES, max_size=24).map("".join))
def test_generated_texts_read_as_tomllib_reads_them_or_fall_back(text: str) -> None:
    fast = loads_subset(text)
    if fast is not None:
        assert same_values(fast, toml(text))


_VALUES = st.one_of(
    st.integers(-(10**12), 10**12),
    st.booleans(),
    st.decimals(places=2, allow_nan=False, allow_infinity=False, min_value=-1000, max_value=1000),
    st.text(st.characters(exclude_characters='"\\', exclude_categories=("Cc", "Cs"))),
    st.lists(st.text("pdf 0123456789cbrshAKQJT'", max_size=12), max_size=8),
    st.lists(st.integers(-(10**9), 10**9), max_size=8),
)


def _written(value: object) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(st.from_regex(r"[A-Za-z_][A-Za-z0-9_-]{0,8}", fullmatch=True), _VALUES,
                    max_size=6),
    st.booleans(),
    st.sampled_from(["\n", "\r\n", "  # note\n", "\n\n# a comment line\n"]),
)  # fmt: skip
def test_generated_tables_round_trip_through_the_subset(
    table: dict[str, Any], one_line: bool, end: str
) -> None:
    lines = []
    for key, value in table.items():
        if not isinstance(value, list):
            lines.append(f"{key} = {_written(value)}")
        elif one_line:  # as PokerKit writes arrays
            lines.append(f"{key} = [{', '.join(_written(item) for item in value)}]")
        else:  # as write_phh writes the actions
            lines.append(f"{key} = [\n" + "".join(f"  {_written(v)},  # c\n" for v in value) + "]")
    text = end.join(lines)
    assert loads_subset(text) == table
    assert same_values(loads_subset(text), toml(text))
