"""The sample hands of the PHH specification's data set, one for each variant the WSOP final table
does not cover (short-deck hold'em, badugi) and three more: each replays to the final stacks the
spec's authors give, writes back to PHH that replays the same way, and that PokerKit (the spec's
reference tool, a test-only dependency) reads and plays to the same stacks.

Source: the PHH data set's sample files, as published in PokerKit's test suite
(``pokerkit/tests/test_papers.py``, ``Kim2024TestCase``); copied to ``tests/data/phh/samples``.
"""

from __future__ import annotations

import warnings
from decimal import Decimal
from pathlib import Path

import pytest

from pokertd.engine import GAMES, GameFamily
from pokertd.history import VARIANTS, read_phh, write_phh
from pokertd.history.replay import replay

SAMPLES = Path(__file__).resolve().parents[1] / "data" / "phh" / "samples"
WSOP = Path(__file__).resolve().parents[1] / "data" / "phh" / "wsop-2023-43-5"

#: The final stacks each sample ends with, in the file's unit (PokerKit's doctests and README).
FINAL_STACKS: dict[str, tuple[str, ...]] = {
    "dwan-ivey-2009": ("572100", "1997500", "1109500"),
    "phua-xuan-2019": ("489000", "226000", "684000", "400000", "0", "198000"),
    "antonius-blom-2009": ("1937923.75", "0"),
    "arieh-yockey-2019": ("0", "4190000", "5910000", "12095000"),
    "alice-carol-wikipedia": ("196", "220", "200", "184"),
}


def units(amounts: tuple[str, ...], decimals: int) -> tuple[int, ...]:
    return tuple(int(Decimal(amount).scaleb(decimals)) for amount in amounts)


@pytest.mark.parametrize("name", sorted(FINAL_STACKS))
def test_sample_replays_to_its_final_stacks_and_round_trips(name: str) -> None:
    text = (SAMPLES / f"{name}.phh").read_text(encoding="utf-8")
    history = read_phh(text, source=name)
    result = replay(history)
    assert result.error is None, result.error
    assert result.finishing_stacks == units(FINAL_STACKS[name], history.decimals)
    written = write_phh(result.to_history())
    again = replay(read_phh(written))
    assert again.error is None
    assert again.finishing_stacks == result.finishing_stacks


@pytest.mark.parametrize("name", sorted(FINAL_STACKS))
def test_pokerkit_reads_what_pokertd_writes(name: str) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    history = read_phh((SAMPLES / f"{name}.phh").read_text(encoding="utf-8"))
    written = write_phh(replay(history).to_history())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        states = list(pokerkit.HandHistory.loads(written))
    final = [Decimal(str(stack)) for stack in states[-1].stacks]
    assert final == [Decimal(amount) for amount in FINAL_STACKS[name]]


def test_the_samples_and_the_wsop_final_table_cover_every_variant_of_the_spec() -> None:
    variants = {
        read_phh(path.read_text(encoding="utf-8")).variant
        for folder in (SAMPLES, WSOP)
        for path in folder.glob("*.phh")
    }
    assert variants == {code for code, variant in VARIANTS.items() if variant.is_standard}
    assert {GAMES[VARIANTS[code].game or ""].family for code in variants} == set(GameFamily)


def test_cents_are_exact() -> None:
    """1259450.25 and 678473.5 are played in hundredths, with no rounding anywhere."""
    history = read_phh((SAMPLES / "antonius-blom-2009.phh").read_text(encoding="utf-8"))
    assert history.decimals == 2
    assert history.starting_stacks == (125945025, 67847350)
    assert "starting_stacks = [1259450.25, 678473.50]" in write_phh(history)
