"""The shipped ``tables.bin``: the same tables as a fresh build, and shipped with the package."""

from __future__ import annotations

import tomllib
from fnmatch import fnmatch
from pathlib import Path

import pytest

import pokertd
from pokertd.evaluate import tables

ROOT = Path(__file__).resolve().parents[2]


def test_shipped_tables_equal_a_fresh_build() -> None:
    fresh = tables.build()
    shipped = tables.decode(Path(tables.TABLES_FILE).read_bytes())
    assert shipped == fresh
    loaded = (tables.RANK_KEY_VALUES, tables.FLUSH_VALUES, tables.LOW_VALUES)
    assert loaded == tuple(fresh)


def test_tables_file_is_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["pokertd"]
    # Relative to the package imported: the source tree's, or the compiled build's copy of it.
    package = Path(pokertd.__file__).parent
    relative = Path(tables.TABLES_FILE).relative_to(package).as_posix()
    assert any(fnmatch(relative, pattern) for pattern in patterns), patterns


def test_decode_refuses_another_format() -> None:
    with pytest.raises(ValueError, match="not a pokertd tables file"):
        tables.decode(b"PK\x03\x04 a zip file")


def test_decode_refuses_a_file_of_the_wrong_length() -> None:
    good = tables.encode(tables.Tables({5: 1}, [0] * 8192, {5: 2}))
    assert tables.decode(good).rank_key_values == {5: 1}
    assert len(good) == 17 + 4 + 8 + 16384
    with pytest.raises(ValueError, match="of 16409 bytes should hold 16413"):
        tables.decode(good[:-4])
    with pytest.raises(ValueError, match="of 19 bytes should hold 16405"):
        tables.decode(good[:19])


def test_low_8_min_is_the_rank_of_eight_seven_six_five_four() -> None:
    assert tables.low_class(tables.LOW_8_MIN) == (8, 7, 6, 5, 4)
    worst_first = tables.low_classes()
    assert len(worst_first) - worst_first.index((8, 7, 6, 5, 4)) == 56  # the 56 best lows
    assert worst_first.index((8, 7, 6, 5, 4)) + 1 == tables.LOW_8_MIN


def test_classes_refuse_values_out_of_range() -> None:
    with pytest.raises(ValueError, match="outside 1-7462"):
        tables.high_class(7463)
    with pytest.raises(ValueError, match="outside 1-6175"):
        tables.low_class(0)
