"""Final-table deals: the players left share the remaining prizes instead of playing them out.

A deal takes the remaining players' stacks and the prizes still to be won (``prizes[0]`` for
first place, one prize per remaining place at most). It may keep an amount *left to play for*:
that money stays aside and goes to the winner of the play that follows the deal; it comes out
of first prize, so it is at most first prize's lead over the smallest remaining prize.

The deals follow the common practice of the card rooms:

1. every player is sure of the smallest remaining prize (the prize of the last place among
   them; 0 when there are more players than prizes), so each gets it first;
2. the rest (the prizes, less the amount left to play for, less those guarantees) is split by
   the method: in proportion to ICM equity above the guarantee (``icm_deal``), to the stacks
   (``chip_chop``), equally (``even_chop``), or as the players agree (``custom_deal``).

The split is rounded to a currency ``unit`` by ``payouts.apportion`` (largest remainder, ties
to the player listed first, the last piece below one unit to the largest share), so the
amounts are whole cents that add up exactly to the money dealt, and nobody gets less than the
smallest remaining prize.

Three players left, with 5,000, 3,000 and 2,000 to win; they keep 1,000 to play for and
round to 10:

>>> stacks, prizes = [500_000, 300_000, 200_000], [500_000, 300_000, 200_000]
>>> icm_deal(stacks, prizes, left_to_play_for=100_000, unit=1_000).amounts
(334000, 297000, 269000)
>>> chip_chop(stacks, prizes, left_to_play_for=100_000, unit=1_000).amounts
(350000, 290000, 260000)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Any

from pokertd.errors import ParseError
from pokertd.messages import decimal_mark, message
from pokertd.tournament import icm
from pokertd.tournament.payouts import apportion, format_money

__all__ = ["Deal", "DealMethod", "chip_chop", "custom_deal", "even_chop", "icm_deal"]


class DealMethod(StrEnum):
    """How the money above the guarantees is split."""

    ICM = "icm"
    CHIP_CHOP = "chip-chop"
    EVEN_CHOP = "even-chop"
    CUSTOM = "custom"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check(
    stacks: Sequence[int], prizes: Sequence[int], left_to_play_for: int
) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """Return the stacks, the prizes and the guaranteed minimum, or raise ParseError."""
    stacks = tuple(stacks)
    prizes = tuple(prizes)
    if len(stacks) < 2:
        raise ParseError(
            message("a deal is made by at least two players, not {players}", players=len(stacks))
        )
    for stack in stacks:
        if not _is_int(stack) or stack <= 0:
            raise ParseError(
                message("a stack is a positive whole number of chips, not {stack!r}", stack=stack)
            )
    if not prizes or len(prizes) > len(stacks):
        raise ParseError(
            message(
                "{players} players deal the prizes of 1 to {players} places, not {prizes}",
                players=len(stacks),
                prizes=len(prizes),
            )
        )
    for place, prize in enumerate(prizes, 1):
        if not _is_int(prize) or prize < 0:
            raise ParseError(
                message(
                    "the prize of place {place} must be a whole number of cents from 0, "
                    "not {prize!r}",
                    place=place,
                    prize=prize,
                )
            )
        if place > 1 and prize > prizes[place - 2]:
            raise ParseError(
                message(
                    "place {place} wins {prize}, more than place {above} ({above_prize})",
                    place=place,
                    prize=decimal_mark(format_money(prize)),
                    above=place - 1,
                    above_prize=decimal_mark(format_money(prizes[place - 2])),
                )
            )
    minimum = prizes[-1] if len(prizes) == len(stacks) else 0
    if not _is_int(left_to_play_for) or not 0 <= left_to_play_for <= prizes[0] - minimum:
        raise ParseError(
            message(
                "the amount left to play for is from 0.00 to first prize's lead "
                "over the smallest prize ({lead}), not {left_to_play_for!r}",
                lead=decimal_mark(format_money(prizes[0] - minimum)),
                left_to_play_for=left_to_play_for,
            )
        )
    return stacks, prizes, minimum


@dataclass(frozen=True, slots=True)
class Deal:
    """A deal: what each player takes now, in the order of ``stacks``.

    ``prizes`` are the remaining prizes it shares and ``left_to_play_for`` the money kept for
    the winner of the play that follows. The amounts add up to the prizes less that money,
    and none is below the smallest remaining prize (``minimum``).

    >>> deal = even_chop([300, 100], [7_000, 3_000], left_to_play_for=1_000)
    >>> deal
    Deal(method=<DealMethod.EVEN_CHOP: 'even-chop'>, stacks=(300, 100), prizes=(7000, 3000), \
amounts=(4500, 4500), left_to_play_for=1000)
    >>> Deal.from_dict(deal.to_dict()) == deal
    True
    """

    method: DealMethod
    stacks: tuple[int, ...]
    prizes: tuple[int, ...]
    amounts: tuple[int, ...]
    left_to_play_for: int = 0

    def __post_init__(self) -> None:
        try:
            method = DealMethod(self.method)
        except ValueError:
            raise ParseError(
                message(
                    "a deal is one of {methods}, not {method!r}",
                    methods=", ".join(DealMethod),
                    method=self.method,
                )
            ) from None
        object.__setattr__(self, "method", method)
        stacks, prizes, minimum = _check(self.stacks, self.prizes, self.left_to_play_for)
        amounts = tuple(self.amounts)
        object.__setattr__(self, "stacks", stacks)
        object.__setattr__(self, "prizes", prizes)
        object.__setattr__(self, "amounts", amounts)
        if len(amounts) != len(stacks):
            raise ParseError(
                message(
                    "a deal gives an amount to each of its {players} players, not "
                    "{amounts} amounts",
                    players=len(stacks),
                    amounts=len(amounts),
                )
            )
        for amount in amounts:
            if not _is_int(amount) or amount < minimum:
                raise ParseError(
                    message(
                        "each player takes at least the smallest remaining prize "
                        "({minimum}), not {amount!r}",
                        minimum=decimal_mark(format_money(minimum)),
                        amount=amount,
                    )
                )
        dealt = sum(prizes) - self.left_to_play_for
        if sum(amounts) != dealt:
            raise ParseError(
                message(
                    "the amounts add up to {total}, not the {dealt} dealt",
                    total=decimal_mark(format_money(sum(amounts))),
                    dealt=decimal_mark(format_money(dealt)),
                )
            )

    @property
    def minimum(self) -> int:
        """Return the smallest remaining prize, which every player is sure of.

        >>> even_chop([500, 400, 100], [5_000, 3_000]).minimum
        0
        """
        return self.prizes[-1] if len(self.prizes) == len(self.stacks) else 0

    @property
    def dealt(self) -> int:
        """Return the money shared by the deal: the prizes less what is left to play for.

        >>> even_chop([300, 100], [7_000, 3_000], left_to_play_for=1_000).dealt
        9000
        """
        return sum(self.prizes) - self.left_to_play_for

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON shape of the deal.

        >>> even_chop([300, 100], [7_000, 3_000]).to_dict()["amounts"]
        [5000, 5000]
        """
        return {
            "method": str(self.method),
            "stacks": list(self.stacks),
            "prizes": list(self.prizes),
            "amounts": list(self.amounts),
            "left_to_play_for": self.left_to_play_for,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Deal:
        """Read the shape ``to_dict`` writes; raise ParseError for anything else.

        >>> Deal.from_dict({"method": "icm", "stacks": [1, 1], "prizes": [60, 40],
        ...                 "amounts": [60, 60]})
        Traceback (most recent call last):
        ...
        pokertd.errors.ParseError: the amounts add up to 1.20, not the 1.00 dealt
        """
        lists = {}
        for key in ("stacks", "prizes", "amounts"):
            value = data.get(key)
            if not isinstance(value, list | tuple):
                raise ParseError(
                    message("a deal's {key} are a list, not {value!r}", key=key, value=value)
                )
            lists[key] = tuple(value)
        return cls(
            data.get("method"),  # type: ignore[arg-type]  # checked in __post_init__
            lists["stacks"],
            lists["prizes"],
            lists["amounts"],
            data.get("left_to_play_for", 0),
        )


def _split(
    method: DealMethod,
    stacks: Sequence[int],
    prizes: Sequence[int],
    left_to_play_for: int,
    unit: int,
) -> Deal:
    stacks, prizes, minimum = _check(stacks, prizes, left_to_play_for)
    if not _is_int(unit) or unit <= 0:
        raise ParseError(
            message("a rounding unit is a positive whole number of cents, not {unit!r}", unit=unit)
        )
    rest = sum(prizes) - left_to_play_for - minimum * len(stacks)
    weights: Sequence[int | Fraction]
    if method is DealMethod.ICM:
        # The money left to play for comes out of first prize: each player's equity in the
        # reduced prizes, plus his chance of winning it, is his equity in the whole prizes.
        reduced = [prizes[0] - left_to_play_for, *prizes[1:]]
        weights = [equity - minimum for equity in icm.equities(stacks, reduced, exact=True)]
    elif method is DealMethod.CHIP_CHOP:
        weights = stacks
    else:
        weights = [1] * len(stacks)
    shares = apportion(rest, weights, unit=unit) if rest else [0] * len(stacks)
    return Deal(method, stacks, prizes, tuple(minimum + part for part in shares), left_to_play_for)


def icm_deal(
    stacks: Sequence[int], prizes: Sequence[int], *, left_to_play_for: int = 0, unit: int = 1
) -> Deal:
    """Deal by ICM: each player takes his Malmuth–Harville equity in the remaining prizes.

    With an amount left to play for, the equities are those of the prizes with first prize
    reduced by that amount. Amounts are rounded to ``unit`` cents above the guarantee.

    Raises ParseError for fewer than two players, a stack that is not a positive whole
    number, prizes that are not whole cents from 0 or that increase, more prizes than
    players, an amount left to play for above first prize's lead over the smallest prize, or
    a unit below 1.

    >>> icm_deal([5_000, 3_000, 2_000], [5_000, 3_000, 2_000]).amounts
    (3839, 3275, 2886)
    """
    return _split(DealMethod.ICM, stacks, prizes, left_to_play_for, unit)


def chip_chop(
    stacks: Sequence[int], prizes: Sequence[int], *, left_to_play_for: int = 0, unit: int = 1
) -> Deal:
    """Deal by chip count: the guarantee, then the rest in proportion to the stacks.

    Raises ParseError as ``icm_deal`` does.

    >>> chip_chop([2_000, 1_000], [6_000, 4_000], unit=500).amounts
    (5500, 4500)
    """
    return _split(DealMethod.CHIP_CHOP, stacks, prizes, left_to_play_for, unit)


def even_chop(
    stacks: Sequence[int], prizes: Sequence[int], *, left_to_play_for: int = 0, unit: int = 1
) -> Deal:
    """Deal evenly: every player takes the same amount, whatever his stack.

    Raises ParseError as ``icm_deal`` does.

    >>> even_chop([2_000, 1_000, 500], [6_000, 3_000, 1_000]).amounts
    (3334, 3333, 3333)
    """
    return _split(DealMethod.EVEN_CHOP, stacks, prizes, left_to_play_for, unit)


def custom_deal(
    stacks: Sequence[int],
    prizes: Sequence[int],
    amounts: Sequence[int],
    *,
    left_to_play_for: int = 0,
) -> Deal:
    """Record a deal on amounts the players agreed on, after checking them.

    Raises ParseError as ``icm_deal`` does, and for amounts that do not add up to the prizes
    less the amount left to play for, or that give a player less than the smallest
    remaining prize.

    >>> custom_deal([2_000, 1_000], [6_000, 4_000], [5_000, 4_000], left_to_play_for=1_000)
    Deal(method=<DealMethod.CUSTOM: 'custom'>, stacks=(2000, 1000), prizes=(6000, 4000), \
amounts=(5000, 4000), left_to_play_for=1000)
    """
    return Deal(DealMethod.CUSTOM, tuple(stacks), tuple(prizes), tuple(amounts), left_to_play_for)
