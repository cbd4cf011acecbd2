"""ICM and payout speed, as ratios against naive references measured in the same run.

- ICM equities with every place paid: pokertd's walk over sets of players (``icm.equities``,
  in floats and in exact fractions) against the textbook sum over all n! finishing orders,
  written below, for 8 to 10 players.
- The standard payout table for 10,000 entries (1,500 places): building it and paying a pool
  with ``PayoutTable.pay``, against a place-by-place largest-remainder split with fractions.

Run ``python bench/icm.py [--naive-players N]``. Nothing here asserts: timings belong in
benchmarks, never in tests.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import math
import time
from collections.abc import Callable, Sequence
from fractions import Fraction

from pokertd.tournament.icm import equities
from pokertd.tournament.payouts import SHARE_SCALE, PayoutTable

#: A final table: ten stacks, all different, and a prize for every place.
STACKS = [412_000, 305_500, 288_000, 201_250, 187_000, 150_500, 98_000, 75_250, 51_000, 31_500]
PRIZES = [30_000, 19_000, 13_500, 10_500, 8_500, 7_000, 5_500, 4_000, 3_000, 2_000]


def naive_equities(stacks: Sequence[int], prizes: Sequence[int]) -> list[float]:
    """Return the Malmuth-Harville equities by summing over every finishing order."""
    total = sum(stacks)
    result = [0.0] * len(stacks)
    for order in itertools.permutations(range(len(stacks))):
        chance, rest = 1.0, total
        for player in order:
            chance *= stacks[player] / rest
            rest -= stacks[player]
        for player, prize in zip(order, prizes, strict=False):
            result[player] += chance * prize
    return result


def naive_split(total: int, weights: Sequence[int], unit: int) -> list[int]:
    """Split by largest remainder, place by place, with exact fractions."""
    units, piece = divmod(total, unit)
    shares = [Fraction(units * weight, sum(weights)) for weight in weights]
    parts = [math.floor(share) for share in shares]
    by_remainder = sorted(
        range(len(parts)), key=lambda index: (parts[index] - shares[index], index)
    )
    for index in by_remainder[: units - sum(parts)]:
        parts[index] += 1
    amounts = [part * unit for part in parts]
    amounts[weights.index(max(weights))] += piece
    return amounts


def best_time(run: Callable[[], object], rounds: int = 5) -> float:
    """Return the best wall-clock time of ``run`` over ``rounds`` runs (one if it is slow)."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
        if best > 2.0:
            break
    return best


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:,.3f} ms"


def measure_icm(naive_players: int) -> list[tuple[str, str]]:
    """Time the walk (floats and fractions) and the naive sum; return (label, figure) rows."""
    rows: list[tuple[str, str]] = []
    for players in (8, 9, 10):
        stacks, prizes = STACKS[:players], PRIZES[:players]
        walk = best_time(functools.partial(equities, stacks, prizes))
        exact = best_time(functools.partial(equities, stacks, prizes, exact=True))
        rows += [
            (f"{players} players: walk over sets, floats", _ms(walk)),
            (f"{players} players: walk over sets, fractions", _ms(exact)),
        ]
        if players > naive_players:
            continue
        naive = best_time(functools.partial(naive_equities, stacks, prizes))
        gap = max(
            abs(ours - theirs)
            for ours, theirs in zip(
                equities(stacks, prizes), naive_equities(stacks, prizes), strict=True
            )
        )
        rows += [
            (f"{players} players: naive sum over {math.factorial(players):,} orders", _ms(naive)),
            (f"{players} players: ratio naive / walk, floats", f"{naive / walk:,.0f}"),
            (f"{players} players: ratio naive / walk, fractions", f"{naive / exact:,.1f}"),
            (f"{players} players: largest difference walk - naive", f"{gap:.1e}"),
        ]
    return rows


def measure_payouts(field: int = 10_000, buy_in: int = 10_000) -> list[tuple[str, str]]:
    """Time the standard table for ``field`` entries, built and paid, against the naive split."""
    table = PayoutTable.standard(field)
    places = table.places
    # Tables are cached by their number of places: build smaller ones to time real builds.
    sizes = iter(range(places - 1, 0, -1))
    build = best_time(lambda: PayoutTable.standard(field, places=next(sizes)))
    pool = field * buy_in + 4_321
    pay = best_time(functools.partial(table.pay, pool, unit=100))
    naive = best_time(functools.partial(naive_split, pool, table.shares, 100))
    same = table.pay(pool, unit=100).amounts == tuple(naive_split(pool, table.shares, 100))
    return [
        (f"{field:,} entries: build the standard table ({places - 1:,} places)", _ms(build)),
        (f"{field:,} entries: PayoutTable.pay, {places:,} places, unit 1.00", _ms(pay)),
        (f"{field:,} entries: naive split with fractions", _ms(naive)),
        (f"{field:,} entries: ratio naive split / pay", f"{naive / pay:,.0f}"),
        (f"{field:,} entries: pay equals the naive split", "yes" if same else "NO"),
        (f"{field:,} entries: shares add up to 100 %",
         "yes" if sum(table.shares) == SHARE_SCALE else "NO"),
    ]  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument(
        "--naive-players",
        type=int,
        default=10,
        help="run the n! reference up to this many players (10 players take about 15 s)",
    )
    arguments = parser.parse_args()
    rows = [*measure_icm(arguments.naive_players), *measure_payouts()]
    width = max(len(label) for label, _ in rows)
    print(f"{'measure':<{width}}  {'value':>14}")
    for label, text in rows:
        print(f"{label:<{width}}  {text:>14}")


if __name__ == "__main__":
    main()
