"""Prize pool, payout tables, rounding to a currency unit, satellites and shared places.

Money is always an ``int`` number of cents. Every split here gives out exactly what it splits:
no cent is created or lost, whatever the rounding unit.

>>> pool = prize_pool([2_000] * 40, guarantee=100_000)
>>> pool.total, pool.overlay
(100000, 20000)
>>> table = PayoutTable.standard(40)
>>> str(table)
'1: 41.5973, 2: 19.4213, 3: 13.0248, 4: 10.0975, 5: 8.451, 6: 7.4081'
>>> table.pay(pool.total, unit=500).amounts
(41500, 19500, 13000, 10000, 8500, 7500)
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
import operator
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from pokertd.errors import ParseError
from pokertd.messages import Message, decimal_mark, message

__all__ = [
    "DEFAULT_PAID_PERCENT",
    "EXPONENT",
    "FLOOR",
    "MAX_PLACES",
    "SHARE_SCALE",
    "PayoutSheet",
    "PayoutTable",
    "PrizePool",
    "Satellite",
    "apportion",
    "format_money",
    "prize_pool",
    "satellite",
    "share",
]

#: A payout table's shares are in millionths of the pool (0.0001 %): they add up to this.
SHARE_SCALE = 1_000_000
#: The standard table pays this percentage of the field (rounded, at least one place).
DEFAULT_PAID_PERCENT = 15
#: The exponent of the standard table's power law (``1/i**EXPONENT`` for place ``i``).
EXPONENT = 1.25
#: The part of the pool the standard table spreads evenly over the paid places.
FLOOR = 0.2
#: The most places a standard table pays.
MAX_PLACES = 100_000


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _amount(value: object, what: Message) -> int:
    """Return ``value`` if it is a whole number of cents from 0, else raise ParseError."""
    if not _is_int(value) or value < 0:  # type: ignore[operator]
        raise ParseError(
            message(
                "{what} must be a whole number of cents from 0, not {value!r}",
                what=what,
                value=value,
            )
        )
    return value  # type: ignore[return-value]


def _unit(unit: object) -> int:
    if not _is_int(unit) or unit <= 0:  # type: ignore[operator]
        raise ParseError(
            message("a rounding unit is a positive whole number of cents, not {unit!r}", unit=unit)
        )
    return unit  # type: ignore[return-value]


def format_money(cents: int) -> str:
    """Return ``cents`` as an amount with two decimals and a decimal point (the reader's
    language writes it: ``pokertd.present.formats.format_money``).

    >>> format_money(123_456), format_money(-5)
    ('1234.56', '-0.05')
    """
    sign = "-" if cents < 0 else ""
    units, rest = divmod(abs(cents), 100)
    return f"{sign}{units}.{rest:02d}"


# --- Splitting money ------------------------------------------------------------------------


def _runs(weights: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """Return the runs of equal consecutive weights, as (weight, count) pairs."""
    count = len(weights)
    changes = itertools.compress(range(1, count), map(operator.ne, weights[1:], weights))
    starts = [0, *changes]
    lengths = map(operator.sub, [*starts[1:], count], starts)
    return tuple(zip(map(weights.__getitem__, starts), lengths, strict=True))


def _apportion(total: int, runs: Sequence[tuple[int, int]], unit: int) -> list[int]:
    # Equal weights (the long runs at the bottom of big tables) are worked out once per run,
    # which is the same as place by place: equal remainders go to the earlier place anyway.
    # Mapped int methods keep most loops in C: a big table has thousands of places.
    units, piece = divmod(total, unit)
    weights = [weight for weight, _ in runs]
    counts = [count for _, count in runs]
    whole = sum(map(operator.mul, weights, counts))
    products = list(map(units.__mul__, weights))
    parts = list(map(whole.__rfloordiv__, products))
    left = units - sum(map(operator.mul, parts, counts))
    partial = more = 0
    if left:
        remainders = list(map(whole.__rmod__, products))
        # A stable sort keeps equal remainders in place order: ties go to the earlier place.
        order = sorted(range(len(runs)), key=remainders.__getitem__, reverse=True)
        reached = list(itertools.accumulate(map(counts.__getitem__, order)))
        full = bisect.bisect_right(reached, left)  # these runs get one more unit each
        chosen = set(order[:full])
        parts = list(map(operator.add, parts, map(chosen.__contains__, range(len(runs)))))
        more = left - (reached[full - 1] if full else 0)
        partial = order[full] if more else 0  # and the first places of this run too
    if unit != 1:
        parts = list(map(unit.__mul__, parts))
    amounts = list(itertools.chain.from_iterable(map(itertools.repeat, parts, counts)))
    if more:
        start = sum(counts[:partial])
        amounts[start : start + more] = [parts[partial] + unit] * more
    if piece:
        # To the largest weight, not merely a largest part: when parts tie, a smaller weight
        # listed first (a deal's stacks are in seat order) must not take the piece.
        largest = weights.index(max(weights))
        amounts[sum(counts[:largest])] += piece
    return amounts


def apportion(total: int, weights: Sequence[int | Fraction], *, unit: int = 1) -> list[int]:
    """Split ``total`` cents in proportion to ``weights``, in multiples of ``unit``, exactly.

    The method is Hamilton's (largest remainder): each part first gets the whole units of its
    exact share, rounded down; the units still left (fewer than there are parts) go one each to
    the parts with the largest remainders, the earlier part on a tie. When ``total`` is not a
    multiple of ``unit``, the last piece, smaller than a unit, goes to the part with the largest
    weight (the earlier on a tie), which is a largest part. The parts add up to ``total``
    exactly.

    Non-increasing weights give non-increasing parts. For weights ``a >= b`` at places
    ``i < j`` the exact shares keep that order, so their floors do; if the floors are equal,
    ``i``'s remainder is at least ``j``'s and ``i`` comes first among equals, so ``j`` cannot
    get an extra unit that ``i`` does not get; if they differ, ``i``'s floor is already at least
    ``j``'s floor plus one unit. The last piece goes to the first part, the largest. The same
    argument, in any order of the weights, gives a larger weight a part at least as large.

    Raises ParseError for a negative total, a unit below 1, or weights that are not
    non-negative numbers with a positive sum.

    >>> apportion(1000, [1, 1, 1])
    [334, 333, 333]
    >>> apportion(10_050, [50, 30, 20], unit=500)
    [5050, 3000, 2000]
    """
    _amount(total, message("the amount to split"))
    _unit(unit)
    checked: list[int | Fraction] = []
    for weight in weights:
        if isinstance(weight, bool) or not isinstance(weight, int | Fraction) or weight < 0:
            raise ParseError(message("a weight is a number from 0, not {weight!r}", weight=weight))
        checked.append(weight)
    if not checked or sum(checked) == 0:
        raise ParseError(
            message(
                "the weights must add up to more than 0, not {weights!r}", weights=list(weights)
            )
        )
    scale = math.lcm(*(Fraction(weight).denominator for weight in checked))
    integral = [int(weight * scale) for weight in checked]
    return _apportion(total, _runs(integral), unit)


# --- Prize pool -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PrizePool:
    """The money to be paid out: what the entries put in, what the house adds, the guarantee.

    ``collected`` is the prize part of the buy-ins, re-entries, rebuys and add-ons (fees and
    rake already taken off); ``house`` is money the house adds; ``guarantee`` the promised
    minimum. When the first two fall short of the guarantee the difference is the ``overlay``,
    kept apart so that a ledger shows who pays it.

    >>> PrizePool(80_000, house=5_000, guarantee=100_000)
    PrizePool(collected=80000, house=5000, guarantee=100000)
    >>> _.overlay, _.total
    (15000, 100000)
    """

    collected: int
    house: int = 0
    guarantee: int = 0

    def __post_init__(self) -> None:
        _amount(self.collected, message("the money collected"))
        _amount(self.house, message("the house contribution"))
        _amount(self.guarantee, message("the guarantee"))

    @property
    def overlay(self) -> int:
        """Return what the organiser adds to reach the guarantee (0 when it is reached).

        >>> PrizePool(120_000, guarantee=100_000).overlay
        0
        """
        return max(0, self.guarantee - self.collected - self.house)

    @property
    def total(self) -> int:
        """Return the prize pool: collected, plus the house's money, plus the overlay.

        >>> PrizePool(120_000, house=1_000, guarantee=100_000).total
        121000
        """
        return self.collected + self.house + self.overlay

    def to_dict(self) -> dict[str, int]:
        """Return the JSON shape, with the overlay and the total for a ledger.

        >>> PrizePool(80_000, guarantee=100_000).to_dict()
        {'collected': 80000, 'house': 0, 'guarantee': 100000, 'overlay': 20000, 'total': 100000}
        """
        return {
            "collected": self.collected,
            "house": self.house,
            "guarantee": self.guarantee,
            "overlay": self.overlay,
            "total": self.total,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PrizePool:
        """Read the shape ``to_dict`` writes; an ``overlay`` or ``total`` given must match.

        >>> PrizePool.from_dict({"collected": 500, "total": 600})
        Traceback (most recent call last):
        ...
        pokertd.errors.ParseError: the prize pool total 600 does not match its parts (500)
        """
        pool = cls(data.get("collected", 0), data.get("house", 0), data.get("guarantee", 0))
        for key, value in (("overlay", pool.overlay), ("total", pool.total)):
            if key in data and data[key] != value:
                raise ParseError(
                    message(
                        "the prize pool overlay {given!r} does not match its parts ({value})",
                        given=data[key],
                        value=value,
                    )
                    if key == "overlay"
                    else message(
                        "the prize pool total {given!r} does not match its parts ({value})",
                        given=data[key],
                        value=value,
                    )
                )
        return pool


def prize_pool(contributions: Iterable[int], *, guarantee: int = 0, house: int = 0) -> PrizePool:
    """Add up the entries' contributions to prizes, with the house's money and a guarantee.

    Raises ParseError for a contribution that is not a whole number of cents from 0.

    >>> prize_pool([1_000, 1_000, 500], house=2_000).total
    4500
    """
    collected = 0
    for contribution in contributions:
        collected += _amount(contribution, message("a contribution"))
    return PrizePool(collected, house=house, guarantee=guarantee)


# --- Payout sheets --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PayoutSheet:
    """What each place wins, in cents: ``amounts[0]`` is first place's prize.

    >>> sheet = PayoutSheet((50_000, 30_000, 20_000))
    >>> sheet.prize(2), sheet.prize(4), sheet.total
    (30000, 0, 100000)
    >>> PayoutSheet.from_dict(sheet.to_dict()) == sheet
    True
    """

    amounts: tuple[int, ...]

    def __post_init__(self) -> None:
        amounts = tuple(self.amounts)
        object.__setattr__(self, "amounts", amounts)
        # The fast checks first: a sheet can have thousands of places.
        if (
            set(map(type, amounts)) <= {int}
            and (not amounts or min(amounts) >= 0)
            and all(map(operator.ge, amounts, amounts[1:]))
        ):
            return
        for place, amount in enumerate(amounts, 1):
            _amount(amount, message("the prize of place {place}", place=place))
        for place in range(1, len(amounts)):
            if amounts[place] > amounts[place - 1]:
                raise ParseError(
                    message(
                        "place {next_place} wins {amount}, more than place {place} "
                        "({above_amount})",
                        next_place=place + 1,
                        amount=decimal_mark(format_money(amounts[place])),
                        place=place,
                        above_amount=decimal_mark(format_money(amounts[place - 1])),
                    )
                )

    @property
    def places(self) -> int:
        """Return the number of places paid.

        >>> PayoutSheet((700, 300)).places
        2
        """
        return len(self.amounts)

    @property
    def total(self) -> int:
        """Return the sum of the prizes.

        >>> PayoutSheet((700, 300)).total
        1000
        """
        return sum(self.amounts)

    def prize(self, place: int) -> int:
        """Return the prize of ``place`` (from 1); a place beyond the sheet wins 0.

        >>> PayoutSheet((700, 300)).prize(0)
        Traceback (most recent call last):
        ...
        pokertd.errors.ParseError: a place is a whole number from 1, not 0
        """
        if not _is_int(place) or place < 1:
            raise ParseError(
                message("a place is a whole number from 1, not {place!r}", place=place)
            )
        return self.amounts[place - 1] if place <= len(self.amounts) else 0

    def to_dict(self) -> dict[str, int]:
        """Return the JSON shape: each place (as text, from ``"1"``) and its prize in cents.

        >>> PayoutSheet((700, 300)).to_dict()
        {'1': 700, '2': 300}
        """
        return {str(place): amount for place, amount in enumerate(self.amounts, 1)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PayoutSheet:
        """Read the shape ``to_dict`` writes: places ``"1"`` to ``"n"``, each once.

        >>> PayoutSheet.from_dict({"1": 700, "3": 300})
        Traceback (most recent call last):
        ...
        pokertd.errors.ParseError: the places of a payout sheet run from 1 to 2, not ['1', '3']
        """
        expected = [str(place) for place in range(1, len(data) + 1)]
        if sorted(data, key=lambda key: (len(str(key)), str(key))) != expected:
            raise ParseError(
                message(
                    "the places of a payout sheet run from 1 to {count}, not {places!r}",
                    count=len(data),
                    places=list(data),
                )
            )
        return cls(tuple(data[key] for key in expected))


# --- Payout tables --------------------------------------------------------------------------


def _percent_text(share: int) -> str:
    units, rest = divmod(share, SHARE_SCALE // 100)
    return f"{units}.{rest:04d}".rstrip("0").rstrip(".") if rest else str(units)


@functools.lru_cache(maxsize=2048)
def _standard(places: int) -> PayoutTable:
    # The shares scaled to integers (2**40 for the whole pool): IEEE products and sums by a
    # positive constant keep their order, truncation too, a running minimum guards it against
    # the last bit of pow, and apportion keeps it (see its proof).
    powers = list(map((-EXPONENT).__rpow__, range(1, places + 1)))
    scale = float(2**40)
    spread = (1 - FLOOR) * scale / math.fsum(powers)
    floor = FLOOR * scale / places
    scaled = map(int, map(floor.__add__, map(spread.__mul__, powers)))
    weights = list(itertools.accumulate(scaled, min))
    return PayoutTable(tuple(_apportion(SHARE_SCALE, _runs(weights), 1)))


_ITEM = re.compile(
    r"(?P<first>\d+)\s*(?:[-–]\s*(?P<last>\d+))?\s*:\s*"
    r"(?P<percent>\d+(?:[.,]\d+)?|\d+/\d+)\s*%?\s*(?:each|chacun|chacune)?",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class PayoutTable:
    """The share of the pool each paid place wins, in millionths (``SHARE_SCALE``).

    A table is written as places and percentages: ``"1: 40, 2: 25, 3: 15, 4-7: 5 each"``
    (``parse`` and ``str``). ``pay`` turns it into a sheet of prizes in cents.

    >>> table = PayoutTable.parse("1: 40, 2: 25, 3: 15, 4-7: 5 each")
    >>> table.places, str(table)
    (7, '1: 40, 2: 25, 3: 15, 4-7: 5 each')
    >>> table.pay(123_456, unit=100).amounts
    (49356, 30800, 18500, 6200, 6200, 6200, 6200)

    Raises ParseError for a table that is empty, does not add up to 100 %, or pays a place
    more than the place above it:

    >>> PayoutTable.parse("1: 30, 2: 50, 3: 20")
    Traceback (most recent call last):
    ...
    pokertd.errors.ParseError: place 2 gets 50 %, more than place 1 (30 %)
    """

    shares: tuple[int, ...]
    _run_lengths: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        shares = tuple(self.shares)
        object.__setattr__(self, "shares", shares)
        if not shares:
            raise ParseError(message("a payout table pays at least one place"))
        # The fast checks first: a table can have thousands of places.
        if not (
            set(map(type, shares)) == {int}
            and min(shares) > 0
            and all(map(operator.ge, shares, shares[1:]))
        ):
            previous = SHARE_SCALE
            for place, share in enumerate(shares, 1):
                if not _is_int(share) or share <= 0:
                    raise ParseError(
                        message(
                            "place {place} must get a positive share, not {share!r}",
                            place=place,
                            share=share,
                        )
                    )
                if share > previous:
                    raise ParseError(
                        message(
                            "place {place} gets {share} %, more than place {above} ({previous} %)",
                            place=place,
                            share=_percent_text(share),
                            above=place - 1,
                            previous=_percent_text(previous),
                        )
                    )
                previous = share
        total = sum(shares)
        if total != SHARE_SCALE:
            raise ParseError(
                message("the percentages add up to {total}, not 100", total=_percent_text(total))
            )
        object.__setattr__(self, "_run_lengths", _runs(shares))

    @classmethod
    def standard(
        cls,
        field: int,
        *,
        paid_percent: int | Fraction = DEFAULT_PAID_PERCENT,
        places: int | None = None,
    ) -> PayoutTable:
        """Return the standard table for a field of ``field`` entries.

        It pays ``paid_percent`` of the field (rounded half up, at least one place), or exactly
        ``places``. Place ``i`` of ``k`` gets::

            FLOOR / k + (1 - FLOOR) * i**-EXPONENT / sum(j**-EXPONENT for j in 1..k)

        a power law (Zipf's law, the shape of city sizes and word frequencies, steepened to
        5/4) on 80 % of the pool, over an even floor of 20 %. One curve serves every field: the
        winner gets about 2/3 with two places paid and 55/27/19 % with three; about 37 % with
        nine (a final table); 23 % with 150 and 20 % with 1,500, close to the 29 % and 21 % the
        WSOP Main Event paid its winners in 2000 (512 entries) and 2004 (2,576). The floor
        keeps the last places at about one and a half buy-ins when 15 % are paid. The shares
        are rounded to 0.0001 % by ``apportion``, so they stay non-increasing and add up to
        exactly 100 %.

        Raises ParseError for a field below 1, a percentage outside (0, 100], or a number of
        places outside 1 to the field (at most ``MAX_PLACES``).

        >>> str(PayoutTable.standard(20))
        '1: 54.4642, 2: 26.763, 3: 18.7728'
        >>> PayoutTable.standard(7).places, PayoutTable.standard(100, places=9).places
        (1, 9)
        """
        if not _is_int(field) or field < 1:
            raise ParseError(
                message("a field is a whole number of entries from 1, not {field!r}", field=field)
            )
        if places is None:
            if (
                isinstance(paid_percent, bool)
                or not isinstance(paid_percent, int | Fraction)
                or not 0 < paid_percent <= 100
            ):
                raise ParseError(
                    message(
                        "the percentage of the field paid is above 0 and at most 100, not "
                        "{paid_percent!r}",
                        paid_percent=paid_percent,
                    )
                )
            places = max(1, math.floor(field * Fraction(paid_percent) / 100 + Fraction(1, 2)))
        if not _is_int(places) or not 1 <= places <= min(field, MAX_PLACES):
            raise ParseError(
                message(
                    "a table for {field} entries pays from 1 to {most} places, not {places!r}",
                    field=field,
                    most=min(field, MAX_PLACES),
                    places=places,
                )
            )
        return _standard(places)

    @classmethod
    def parse(cls, text: str) -> PayoutTable:
        """Read a table written as ``"1: 40, 2: 25, 3: 15, 4-6: 5 each"``.

        Each item gives a place or a range of places and the percentage of the pool for each
        of them (``each``, ``chacun`` and ``%`` are optional), with up to four decimals. Items
        are separated by commas, or by semicolons or new lines, which lets a percentage use a
        decimal comma (``"1: 62,5; 2: 37,5"``).

        Raises ParseError for text that is not such a list, places missing or given twice,
        or percentages that do not add up to 100.

        >>> PayoutTable.parse("1: 62,5; 2: 37,5").percents
        (Fraction(125, 2), Fraction(75, 2))
        >>> PayoutTable.parse("1: 60, 3: 40")
        Traceback (most recent call last):
        ...
        pokertd.errors.ParseError: place 2 is missing from the payout table '1: 60, 3: 40'
        """
        if not isinstance(text, str):
            raise ParseError(
                message("a payout table is text such as '1: 60, 2: 40', not {text!r}", text=text)
            )
        separator = r"[;\n]" if re.search(r"[;\n]", text) else ","
        items = [item.strip() for item in re.split(separator, text) if item.strip()]
        found: dict[int, int] = {}
        for item in items:
            match = _ITEM.fullmatch(item)
            if match is None:
                raise ParseError(
                    message(
                        "cannot read {item!r} as places and a percentage, such as '4-6: 5 each'",
                        item=item,
                    )
                )
            first = int(match["first"])
            last = int(match["last"] or first)
            percent = Fraction(match["percent"].replace(",", "."))
            share = percent * (SHARE_SCALE // 100)
            if first < 1 or last < first:
                raise ParseError(message("places run from 1 upwards, not {item!r}", item=item))
            if share.denominator != 1:
                raise ParseError(
                    message(
                        "a percentage has at most four decimals, not {percent!r}",
                        percent=match["percent"],
                    )
                )
            for place in range(first, last + 1):
                if place in found:
                    raise ParseError(
                        message(
                            "place {place} is given twice in the payout table {text!r}",
                            place=place,
                            text=text,
                        )
                    )
                found[place] = int(share)
        for place in range(1, len(found) + 1):
            if place not in found:
                raise ParseError(
                    message(
                        "place {place} is missing from the payout table {text!r}",
                        place=place,
                        text=text,
                    )
                )
        return cls(tuple(found[place] for place in range(1, len(found) + 1)))

    def __str__(self) -> str:
        items = []
        first = 0
        while first < len(self.shares):
            last = first
            while last + 1 < len(self.shares) and self.shares[last + 1] == self.shares[first]:
                last += 1
            percent = _percent_text(self.shares[first])
            items.append(
                f"{first + 1}: {percent}"
                if first == last
                else f"{first + 1}-{last + 1}: {percent} each"
            )
            first = last + 1
        return ", ".join(items)

    @property
    def places(self) -> int:
        """Return the number of places paid.

        >>> PayoutTable.parse("1: 100").places
        1
        """
        return len(self.shares)

    @property
    def percents(self) -> tuple[Fraction, ...]:
        """Return each place's percentage of the pool, exactly.

        >>> PayoutTable.parse("1: 50, 2: 30, 3: 20").percents[0]
        Fraction(50, 1)
        """
        return tuple(Fraction(share, SHARE_SCALE // 100) for share in self.shares)

    def pay(self, pool: int, *, unit: int = 1) -> PayoutSheet:
        """Return the prizes of a ``pool`` of cents, each a multiple of ``unit`` cents.

        The pool is split by ``apportion``: whole units by largest remainder, the better place
        first on a tie, and the part of the pool below one unit (when the pool is not a
        multiple of it) to the winner. The prizes add up to the pool and never increase from
        one place to the next.

        Raises ParseError for a negative pool, a unit below 1, or a pool too small (or a unit
        too large) to give every paid place something: pay fewer places or round less.

        >>> PayoutTable.parse("1: 50, 2: 30, 3: 20").pay(10_099, unit=500).amounts
        (5099, 3000, 2000)
        >>> PayoutTable.parse("1: 50, 2: 30, 3: 20").pay(100_000, unit=50_000)
        Traceback (most recent call last):
        ...
        pokertd.errors.ParseError: rounding to 500.00 leaves place 3 without a prize from a \
pool of 1000.00: round to a smaller unit or pay fewer places
        """
        _amount(pool, message("a prize pool"))
        _unit(unit)
        amounts = _apportion(pool, self._run_lengths, unit)
        if amounts[-1] == 0:
            place = amounts.index(0) + 1
            if unit == 1:
                raise ParseError(
                    message(
                        "a pool of {pool} cannot pay {places} places: place {place} would "
                        "win nothing",
                        pool=decimal_mark(format_money(pool)),
                        places=self.places,
                        place=place,
                    )
                )
            raise ParseError(
                message(
                    "rounding to {unit} leaves place {place} without a prize from a "
                    "pool of {pool}: round to a smaller unit or pay fewer places",
                    unit=decimal_mark(format_money(unit)),
                    place=place,
                    pool=decimal_mark(format_money(pool)),
                )
            )
        # apportion's proof stands for the checks PayoutSheet would repeat on every place.
        sheet = object.__new__(PayoutSheet)
        object.__setattr__(sheet, "amounts", tuple(amounts))
        return sheet


# --- Satellites -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Satellite:
    """A satellite's prizes: ``seats`` seats of ``seat_value`` cents, and the money left over.

    ``sheet`` pays the seats to the first places and the ``remainder`` in cash to the next
    place (the first one without a seat). A director who wants the remainder used otherwise
    (split among the seat winners, or a cash prize for two places) writes the sheet himself.

    >>> satellite(130_000, 25_000)
    Satellite(seats=5, seat_value=25000, remainder=5000)
    >>> _.sheet().amounts
    (25000, 25000, 25000, 25000, 25000, 5000)
    """

    seats: int
    seat_value: int
    remainder: int = 0

    def __post_init__(self) -> None:
        if not _is_int(self.seats) or self.seats < 0:
            raise ParseError(
                message(
                    "a satellite awards a whole number of seats from 0, not {seats!r}",
                    seats=self.seats,
                )
            )
        if not _is_int(self.seat_value) or self.seat_value <= 0:
            raise ParseError(
                message(
                    "a seat is worth a positive whole number of cents, not {seat_value!r}",
                    seat_value=self.seat_value,
                )
            )
        if not _is_int(self.remainder) or not 0 <= self.remainder < self.seat_value:
            raise ParseError(
                message(
                    "a satellite's remainder is below the seat value, not {remainder!r}",
                    remainder=self.remainder,
                )
            )

    @property
    def total(self) -> int:
        """Return the pool the satellite pays out.

        >>> Satellite(2, 10_000, 500).total
        20500
        """
        return self.seats * self.seat_value + self.remainder

    def sheet(self) -> PayoutSheet:
        """Return the prizes: a seat's value for each seat, then the remainder, if any.

        >>> Satellite(0, 10_000, 4_000).sheet().amounts
        (4000,)
        """
        cash = (self.remainder,) if self.remainder else ()
        return PayoutSheet((self.seat_value,) * self.seats + cash)


def satellite(pool: int, seat_value: int) -> Satellite:
    """Return how many seats of ``seat_value`` cents a ``pool`` pays, and what is left over.

    Raises ParseError for a negative pool or a seat value below one cent.

    >>> satellite(100_000, 25_000)
    Satellite(seats=4, seat_value=25000, remainder=0)
    """
    _amount(pool, message("a prize pool"))
    if not _is_int(seat_value) or seat_value <= 0:
        raise ParseError(
            message(
                "a seat is worth a positive whole number of cents, not {seat_value!r}",
                seat_value=seat_value,
            )
        )
    seats, remainder = divmod(pool, seat_value)
    return Satellite(seats, seat_value, remainder)


# --- Shared places --------------------------------------------------------------------------


def share(prizes: PayoutSheet, places: range, *, unit: int = 1) -> tuple[int, ...]:
    """Pool the prizes of ``places`` and split them equally among the players who share them.

    Players share places when they bust together and tie (ELIM-SIMULTANEOUS: equal stacks
    under LFP 8.16; paid places at different tables without hand-for-hand under GM 41°), or when
    they bust in the hand in progress as hand-for-hand is announced (ELIM-HFH-START, TDA PR-8A:
    EX-54). ``places`` runs over the places shared, ``range(50, 53)`` for three players sharing
    50th to 52nd; places beyond the sheet win nothing.

    The money is dealt out in the order the players are given (the amounts come back in that
    order), one ``unit`` at a time, round after round; the last piece, smaller than a unit,
    goes to the next player in that round. So the amounts add up to the pooled prizes and
    differ by at most one unit.

    Raises ParseError for places that are not a non-empty range from 1 with step 1, or a unit
    below 1.

    >>> sheet = PayoutSheet((5_000, 3_000, 2_000, 1_001))
    >>> share(sheet, range(3, 5))
    (1501, 1500)
    >>> share(sheet, range(2, 5))
    (2001, 2000, 2000)
    >>> share(PayoutSheet((5_000, 3_000)), range(1, 4), unit=100)
    (2700, 2700, 2600)
    """
    if (
        not isinstance(prizes, PayoutSheet)
        or not isinstance(places, range)
        or places.step != 1
        or len(places) == 0
        or places.start < 1
    ):
        raise ParseError(
            message(
                "shared places are a non-empty range of places from 1 on a payout "
                "sheet, not {places!r}",
                places=places,
            )
        )
    _unit(unit)
    pooled = sum(prizes.prize(place) for place in places)
    units, piece = divmod(pooled, unit)
    each, extra = divmod(units, len(places))
    amounts = [(each + (index < extra)) * unit for index in range(len(places))]
    amounts[extra] += piece  # extra < len(places): the next player in the round
    return tuple(amounts)
