"""The tournament structure: levels, breaks, chips in play and colour-ups, and ready-made templates.

A ``Structure`` is plain data: an ordered tuple of ``Level`` and ``Break`` items, the chip
denominations in play at the start and the starting stack. The clock (``tournament/clock.py``)
walks through its items; the rule profile decides who posts the ante and how the chip race runs.

>>> structure = template("regular")
>>> structure.levels[0], structure.level_number(0)
(Level(small_blind=75, big_blind=150, ante=0, minutes=20, game='nlhe', ends_day=False), 1)
>>> structure.validate()
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from pokertd.errors import ParseError
from pokertd.messages import Message, message

#: The template kinds ``template()`` knows.
TEMPLATES = ("turbo", "regular", "deep-stack")


#: The fields a level always shows (its bring-in only when set).
_LEVEL_FIELDS = ("small_blind", "big_blind", "ante", "minutes", "game", "ends_day")

#: The amounts of a level, which are whole numbers.
_LEVEL_AMOUNTS = ("small_blind", "big_blind", "ante", "minutes")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class Level:
    """A blind level: blinds, the level's ante, its length, its game, and whether it ends a day.

    Who posts ``ante`` (everybody, or the big blind for all) is the rule profile's business.
    ``game`` is a pokertd game id (``nlhe``, ``plo``, ...). ``ends_day`` marks the last level of a
    day of a multi-day event (DAY-END). In a stud game (``stud``, ``stud8``, ``razz``) the level
    has no blinds but bets: the big blind is the small bet, every player antes ``ante``, and
    ``bring_in`` is the bring-in; both have a default when not given (``stud_bets``).

    >>> Level(100, 200, 25)
    Level(small_blind=100, big_blind=200, ante=25, minutes=20, game='nlhe', ends_day=False)
    >>> Level(100, 200, minutes=30).seconds
    1800

    Raises ParseError for impossible amounts or lengths:

    >>> Level(300, 200)
    Traceback (most recent call last):
    ...
    pokertd.errors.ParseError: small blind 300 is above the big blind 200
    """

    small_blind: int
    big_blind: int
    ante: int = 0
    minutes: int = 20
    game: str = "nlhe"
    ends_day: bool = False
    #: The stud bring-in the director set (None: ``stud_bets`` derives it from the small bet).
    bring_in: int | None = None

    def __post_init__(self) -> None:
        for name in _LEVEL_AMOUNTS:
            value = getattr(self, name)
            if not _is_int(value):
                raise _not_whole(name, value)
        if self.big_blind <= 0:
            raise ParseError(
                message("big blind must be positive, not {big_blind!r}", big_blind=self.big_blind)
            )
        if self.small_blind < 0:
            raise ParseError(
                message(
                    "small blind must not be negative, not {small_blind!r}",
                    small_blind=self.small_blind,
                )
            )
        if self.small_blind > self.big_blind:
            raise ParseError(
                message(
                    "small blind {small_blind!r} is above the big blind {big_blind!r}",
                    small_blind=self.small_blind,
                    big_blind=self.big_blind,
                )
            )
        if self.ante < 0:
            raise ParseError(message("ante must not be negative, not {ante!r}", ante=self.ante))
        if self.minutes <= 0:
            raise ParseError(
                message(
                    "a level lasts a positive number of minutes, not {minutes!r}",
                    minutes=self.minutes,
                )
            )
        if not isinstance(self.game, str) or not self.game.strip():
            raise ParseError(
                message("game must be a non-empty game id, not {game!r}", game=self.game)
            )
        if not isinstance(self.ends_day, bool):
            raise ParseError(
                message("ends_day must be true or false, not {ends_day!r}", ends_day=self.ends_day)
            )
        self._check_bring_in()

    def __repr__(self) -> str:
        # The bring-in only when set: a level without one reads as it always has.
        shown = [f"{name}={getattr(self, name)!r}" for name in _LEVEL_FIELDS]
        if self.bring_in is not None:
            shown.append(f"bring_in={self.bring_in!r}")
        return f"Level({', '.join(shown)})"

    def _check_bring_in(self) -> None:
        """The bring-in is a whole amount above nothing and up to the small bet (the big blind):
        the engine's bounds for a stud hand."""
        bring_in = self.bring_in
        if bring_in is None:
            return
        if not _is_int(bring_in):
            raise ParseError(
                message("the bring-in must be a whole number, not {value!r}", value=bring_in)
            )
        if not 0 < bring_in <= self.big_blind:
            raise ParseError(
                message(
                    "the bring-in {bring_in!r} must be above 0 and at most the small bet "
                    "{small_bet!r} (the big blind)",
                    bring_in=bring_in,
                    small_bet=self.big_blind,
                )
            )

    @property
    def seconds(self) -> int:
        """Return the length of the level in seconds.

        >>> Level(50, 100, minutes=12).seconds
        720
        """
        return self.minutes * 60

    @property
    def amounts(self) -> tuple[int, int, int]:
        """Return the small blind, big blind and ante.

        >>> Level(50, 100, 10).amounts
        (50, 100, 10)
        """
        return (self.small_blind, self.big_blind, self.ante)

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON shape of the level (``"type": "level"``); a bring-in only when the
        director set one, so a structure stored before bring-ins were kept writes back the same.

        >>> Level(50, 100).to_dict()["big_blind"]
        100
        >>> with_one = Level(50, 100, bring_in=25).to_dict()
        >>> "bring_in" in Level(50, 100).to_dict(), with_one["bring_in"]
        (False, 25)
        """
        data: dict[str, Any] = {
            "type": "level",
            "small_blind": self.small_blind,
            "big_blind": self.big_blind,
            "ante": self.ante,
            "minutes": self.minutes,
            "game": self.game,
            "ends_day": self.ends_day,
        }
        if self.bring_in is not None:
            data["bring_in"] = self.bring_in
        return data


@dataclass(frozen=True, slots=True)
class Break:
    """A break, and the chip denominations removed (coloured up) during it (CHIP-WHEN).

    >>> Break(15, colour_up=(25,)).seconds
    900
    >>> Break(0)
    Traceback (most recent call last):
    ...
    pokertd.errors.ParseError: a break lasts a positive number of minutes, not 0
    """

    minutes: int
    colour_up: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not _is_int(self.minutes) or self.minutes <= 0:
            raise ParseError(
                message(
                    "a break lasts a positive number of minutes, not {minutes!r}",
                    minutes=self.minutes,
                )
            )
        colour_up = tuple(self.colour_up)
        object.__setattr__(self, "colour_up", colour_up)
        for chip in colour_up:
            if not _is_int(chip) or chip <= 0:
                raise ParseError(
                    message(
                        "a coloured-up chip is a positive denomination, not {chip!r}", chip=chip
                    )
                )
        if len(set(colour_up)) != len(colour_up):
            raise ParseError(
                message(
                    "a break colours up each denomination once, not {colour_up!r}",
                    colour_up=colour_up,
                )
            )

    @property
    def seconds(self) -> int:
        """Return the length of the break in seconds.

        >>> Break(10).seconds
        600
        """
        return self.minutes * 60

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON shape of the break (``"type": "break"``).

        >>> Break(10, (25,)).to_dict()
        {'type': 'break', 'minutes': 10, 'colour_up': [25]}
        """
        return {"type": "break", "minutes": self.minutes, "colour_up": list(self.colour_up)}


@dataclass(frozen=True, slots=True)
class Structure:
    """The levels and breaks of a tournament, its chips and its starting stack.

    ``chips`` are the denominations in play at the start, ascending. A structure can be built
    with problems (so that an editor can show them); ``validate()`` refuses it.

    >>> s = Structure((Level(25, 50), Level(50, 100), Break(10, (25,)), Level(100, 200)),
    ...               chips=(25, 100, 500), starting_stack=10_000)
    >>> [s.level_number(i) for i in range(len(s.items))]
    [1, 2, None, 3]
    >>> s.denominations_at(3)
    (100, 500)
    """

    items: tuple[Level | Break, ...]
    chips: tuple[int, ...]
    starting_stack: int
    name: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "items", tuple(self.items))
        object.__setattr__(self, "chips", tuple(self.chips))
        for index, item in enumerate(self.items):
            if not isinstance(item, Level | Break):
                raise ParseError(
                    message(
                        "item {index} of a structure is not a level or a break: {item!r}",
                        index=index,
                        item=item,
                    )
                )
        if not _is_int(self.starting_stack):
            raise ParseError(
                message(
                    "starting stack must be a whole number, not {starting_stack!r}",
                    starting_stack=self.starting_stack,
                )
            )
        for chip in self.chips:
            if not _is_int(chip):
                raise ParseError(
                    message("a chip denomination is a whole number, not {chip!r}", chip=chip)
                )

    @property
    def levels(self) -> tuple[Level, ...]:
        """Return the levels in order, without the breaks.

        >>> len(template("turbo").levels) >= 25
        True
        """
        return _derived(self).levels

    def level_number(self, index: int) -> int | None:
        """Return the 1-based number of the level at item ``index``, or None for a break.

        Raises IndexError for an index outside the structure.

        >>> s = Structure((Level(25, 50), Break(10), Level(50, 100)), (25,), 5_000)
        >>> s.level_number(2), s.level_number(1)
        (2, None)
        """
        if not 0 <= index < len(self.items):
            raise IndexError(f"item {index!r} is not in the structure")
        return _derived(self).numbers[index]

    def level_item(self, number: int) -> int | None:
        """Return the item index of level ``number`` (1-based), None if there is no such level.

        >>> s = Structure((Level(25, 50), Break(10), Level(50, 100)), (25,), 5_000)
        >>> s.level_item(2), s.level_item(3)
        (2, None)
        """
        seen = 0
        for index, item in enumerate(self.items):
            if isinstance(item, Level):
                seen += 1
                if seen == number:
                    return index
        return None

    def denominations_at(self, index: int) -> tuple[int, ...]:
        """Return the chips still in play at item ``index``, after the earlier breaks' colour-ups.

        A break's own colour-up takes effect after it: during the break the race is still run
        with the old chips.

        >>> s = Structure((Level(25, 50), Break(10, (25,)), Level(100, 200)), (25, 100), 5_000)
        >>> s.denominations_at(1), s.denominations_at(2)
        ((25, 100), (100,))
        """
        if not 0 <= index < len(self.items):
            raise IndexError(f"item {index!r} is not in the structure")
        return _derived(self).denominations[index]

    def problems(self) -> list[str]:
        """Return what makes the structure unplayable, in order; an empty list when it is sound.

        Every level's blinds and ante must be payable with the chips in play at that level (a
        multiple of the smallest one), a colour-up removes only chips in play and none that the
        next level still needs (CHIP-WHEN), and the starting stack must be payable.

        >>> s = Structure((Level(25, 50), Break(10, (25,)), Level(150, 300)), (25, 100), 5_000)
        >>> s.problems()
        ['the colour-up of 25 at item 1 removes a chip that level 2 (150/300 ante 0) still needs']
        """
        return [str(problem) for problem in self._problems()]

    def _problems(self) -> list[Message]:
        """What ``problems`` returns, as messages."""
        found: list[Message] = []
        chips = self.chips
        stack = self.starting_stack
        if not chips:
            found.append(message("the structure has no chip denominations"))
        elif any(chip <= 0 for chip in chips) or list(chips) != sorted(set(chips)):
            found.append(
                message("chips {chips!r} must be positive, distinct and ascending", chips=chips)
            )
        if not self.levels:
            found.append(message("the structure has no level"))
        if stack <= 0:
            found.append(message("the starting stack must be positive, not {stack!r}", stack=stack))
        elif chips and stack % min(chips) != 0:
            found.append(
                message(
                    "the starting stack {stack!r} is not payable with chips {chips!r}",
                    stack=stack,
                    chips=chips,
                )
            )
        if found:
            return found
        in_play = list(chips)
        blamed: set[int] = set()  # levels whose problem is already put on a colour-up
        for index, item in enumerate(self.items):
            if isinstance(item, Break):
                stray = [chip for chip in item.colour_up if chip not in in_play]
                if stray:
                    found.append(
                        message(
                            "the break at item {index} colours up {stray!r}, not in play there",
                            index=index,
                            stray=stray,
                        )
                    )
                before = tuple(in_play)
                in_play = [chip for chip in in_play if chip not in item.colour_up]
                if not in_play:
                    found.append(
                        message(
                            "the break at item {index} colours up every chip in play", index=index
                        )
                    )
                    return found
                after = self._next_level(index)
                if after is None:
                    continue
                level = self.items[after]
                assert isinstance(level, Level)
                if not _payable(level, tuple(in_play)) and _payable(level, before):
                    gone = ", ".join(str(c) for c in before if c not in in_play)
                    number = self.level_number(after)
                    found.append(
                        message(
                            "the colour-up of {gone} at item {index} removes a chip that level "
                            "{number} ({level_label}) still needs",
                            gone=gone,
                            index=index,
                            number=number,
                            level_label=_label(level),
                        )
                    )
                    blamed.add(after)
            elif index not in blamed and not _payable(item, tuple(in_play)):
                number = self.level_number(index)
                found.append(
                    message(
                        "level {number} ({level_label}) is not payable with chips {in_play!r}",
                        number=number,
                        level_label=_label(item),
                        in_play=tuple(in_play),
                    )
                )
        if isinstance(self.items[-1], Break):
            found.append(message("the structure ends with a break; the last item must be a level"))
        return found

    def validate(self) -> None:
        """Raise ParseError naming the first problem, if the structure has any.

        >>> Structure((), (25,), 1_000).validate()
        Traceback (most recent call last):
        ...
        pokertd.errors.ParseError: invalid structure: the structure has no level
        """
        found = self._problems()
        if found:
            others = len(found) - 1
            raise ParseError(
                message(
                    "invalid structure{name}: {problem}{more}",
                    name=_quoted(self.name),
                    problem=found[0],
                    more=message(" (and {others} more)", others=others) if others else "",
                )
            )

    def with_level_minutes(self, minutes: int) -> Structure:
        """Return the same structure with every level lasting ``minutes`` (breaks unchanged).

        >>> template("regular").with_level_minutes(15).levels[0].minutes
        15
        """
        items = tuple(
            replace(item, minutes=minutes) if isinstance(item, Level) else item
            for item in self.items
        )
        return replace(self, items=items)

    def with_level(
        self,
        number: int,
        small_blind: int,
        big_blind: int,
        ante: int,
        minutes: int,
        *,
        bring_in: int = 0,
        default_bring_in: bool = False,
    ) -> Structure:
        """Return the same structure with level ``number`` (1-based) given new amounts and
        length, its game and day end kept; raise ParseError for a level not in the structure or
        impossible amounts. Its bring-in is kept, or set to ``bring_in`` (when not 0), or given
        back to the default (``default_bring_in``: ``stud_bets`` derives it).

        >>> template("regular").with_level(3, 200, 400, 50, 25).levels[2]
        Level(small_blind=200, big_blind=400, ante=50, minutes=25, game='nlhe', ends_day=False)
        >>> s = Structure((Level(100, 200, game="razz", bring_in=50),), (25,), 5_000)
        >>> s.with_level(1, 100, 200, 25, 20).levels[0].bring_in
        50
        >>> s.with_level(1, 100, 200, 25, 20, bring_in=75).levels[0].bring_in
        75
        >>> s.with_level(1, 100, 200, 25, 20, default_bring_in=True).levels[0].bring_in is None
        True
        >>> s.with_level(1, 100, 200, 25, 20, bring_in=300)
        Traceback (most recent call last):
        ...
        pokertd.errors.ParseError: the bring-in 300 must be above 0 and at most the small bet 200 \
(the big blind)
        """
        index = self.level_item(number)
        if index is None:
            raise ParseError(
                message(
                    "there is no level {number}: the structure has {count} levels",
                    number=number,
                    count=len(self.levels),
                )
            )
        old = self.items[index]
        assert isinstance(old, Level)
        kept = None if default_bring_in else bring_in or old.bring_in
        level = Level(small_blind, big_blind, ante, minutes, old.game, old.ends_day, bring_in=kept)
        items = (*self.items[:index], level, *self.items[index + 1 :])
        return replace(self, items=items)

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON shape of the structure, which ``Structure.from_dict`` reads back.

        >>> s = template("turbo")
        >>> Structure.from_dict(s.to_dict()) == s
        True
        """
        return {
            "name": self.name,
            "starting_stack": self.starting_stack,
            "chips": list(self.chips),
            "items": [item.to_dict() for item in self.items],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Structure:
        """Read the shape ``to_dict`` writes; raise ParseError for anything else.

        >>> Structure.from_dict({"chips": [25], "starting_stack": 1000,
        ...                      "items": [{"type": "level", "small_blind": 25,
        ...                                 "big_blind": 50}]}).levels
        (Level(small_blind=25, big_blind=50, ante=0, minutes=20, game='nlhe', ends_day=False),)
        >>> Structure.from_dict({"chips": [25], "starting_stack": 1000, "items": [{"type": "x"}]})
        Traceback (most recent call last):
        ...
        pokertd.errors.ParseError: item 0 of the structure has type 'x', not 'level' or 'break'
        """
        if not isinstance(data, Mapping):
            raise ParseError(message("a structure is an object, not {data!r}", data=data))
        top = message("the structure")
        _only(data, {"name", "starting_stack", "chips", "items"}, top)
        name = data.get("name", "")
        if not isinstance(name, str):
            raise ParseError(message("the structure's name is a string, not {name!r}", name=name))
        chips = _list(data, "chips", top)
        items_data = _list(data, "items", top)
        items: list[Level | Break] = []
        for index, raw in enumerate(items_data):
            where = message("item {index} of the structure", index=index)
            if not isinstance(raw, Mapping):
                raise ParseError(message("{where} is an object, not {raw!r}", where=where, raw=raw))
            kind = raw.get("type")
            try:
                if kind == "level":
                    _only(raw, {"type", *Level.__dataclass_fields__}, where)
                    fields = {key: value for key, value in raw.items() if key != "type"}
                    required = _require(fields, ("small_blind", "big_blind"), where)
                    items.append(Level(**required))
                elif kind == "break":
                    _only(raw, {"type", "minutes", "colour_up"}, where)
                    _require(raw, ("minutes",), where)
                    colour_up = _list(raw, "colour_up", where) if "colour_up" in raw else []
                    items.append(Break(raw["minutes"], tuple(colour_up)))
                else:
                    raise ParseError(
                        message(
                            "{where} has type {kind!r}, not 'level' or 'break'",
                            where=where,
                            kind=kind,
                        )
                    )
            except ParseError as error:
                if str(error).startswith(str(where)):
                    raise
                raise ParseError(
                    message("{where}: {error}", where=where, error=error.message)
                ) from None
        if "starting_stack" not in data:
            raise ParseError(message("the structure has no 'starting_stack'"))
        return cls(tuple(items), tuple(chips), data["starting_stack"], name)

    def _next_level(self, index: int) -> int | None:
        for after in range(index + 1, len(self.items)):
            if isinstance(self.items[after], Level):
                return after
        return None


class StudBets(NamedTuple):
    """What a level gives a stud hand: every player's ante, the bring-in, the small and big bets."""

    ante: int
    bring_in: int
    limits: tuple[int, int]


#: A stud level's bring-in, when the director sets none, is about this part of the small bet, and
#: its ante, when the level has none, about this part: the middle of what mixed-game structures
#: use (the WSOP's: a bring-in of a quarter to a third of the small bet, an ante of a tenth to a
#: fifth). The books set no amount (docs/judgements.md, "The stud levels of a mixed event").
_BRING_IN_PART = 4
_STUD_ANTE_PART = 8


def stud_bets(level: Level, chip_unit: int = 1) -> StudBets:
    """Return the ante, bring-in and limits a stud hand is dealt with at ``level``, whose game
    is a stud game (its other games read the blinds).

    In limit games the small bet is the big blind and the big bet twice it (as the engine deals
    limit hold'em); every player antes (a stud ante is everyone's, never a big-blind ante: TDA
    PR-9D speaks of a player all-in for it) the level's ante, or an eighth of the small bet when
    the level has none (stud is not dealt without an ante); the bring-in is the level's, or a
    quarter of the small bet. A derived amount is rounded to the nearest multiple of
    ``chip_unit`` (the smallest chip in play), at least one chip.

    >>> stud_bets(Level(100, 200, game="razz"), chip_unit=25)
    StudBets(ante=25, bring_in=50, limits=(200, 400))
    >>> stud_bets(Level(500, 1000, 100, game="stud", bring_in=300), chip_unit=100)
    StudBets(ante=100, bring_in=300, limits=(1000, 2000))
    >>> stud_bets(Level(25, 50, game="stud8"), chip_unit=25)  # one chip at least
    StudBets(ante=25, bring_in=25, limits=(50, 100))
    """
    small_bet = level.big_blind
    ante = level.ante or _part(small_bet, _STUD_ANTE_PART, chip_unit)
    bring_in = level.bring_in
    if bring_in is None:
        bring_in = _part(small_bet, _BRING_IN_PART, chip_unit)
    return StudBets(ante, bring_in, (small_bet, 2 * small_bet))


def _part(amount: int, parts: int, unit: int) -> int:
    """``amount / parts`` to the nearest multiple of ``unit`` (halves up), one unit at least and
    ``amount`` at most."""
    units = (2 * amount + parts * unit) // (2 * parts * unit)
    return min(amount, max(unit, units * unit))


def _payable(level: Level, chips: tuple[int, ...]) -> bool:
    unit = min(chips)
    bring_in = () if level.bring_in is None else (level.bring_in,)
    return all(amount % unit == 0 for amount in (*level.amounts, *bring_in))


def _label(level: Level) -> str:
    return f"{level.small_blind}/{level.big_blind} ante {level.ante}"


def _quoted(name: str) -> str:
    return f" {name!r}" if name else ""


def _not_whole(name: str, value: object) -> ParseError:
    match name:
        case "small_blind":
            return ParseError(
                message("small blind must be a whole number, not {value!r}", value=value)
            )
        case "big_blind":
            return ParseError(
                message("big blind must be a whole number, not {value!r}", value=value)
            )
        case "ante":
            return ParseError(message("ante must be a whole number, not {value!r}", value=value))
    return ParseError(message("minutes must be a whole number, not {value!r}", value=value))


# ``where`` names the part of a structure being read.


def _only(data: Mapping[str, Any], allowed: set[str], where: Message) -> None:
    unknown = sorted(str(key) for key in data if key not in allowed)
    if unknown:
        raise ParseError(
            message("{where} has unknown field {unknown!r}", where=where, unknown=unknown[0])
        )


def _require(data: Mapping[str, Any], keys: tuple[str, ...], where: Message) -> dict[str, Any]:
    for key in keys:
        if key not in data:
            raise ParseError(message("{where} has no {key!r}", where=where, key=key))
    return dict(data)


def _list(data: Mapping[str, Any], key: str, where: Message) -> list[Any]:
    if key not in data:
        raise ParseError(message("{where} has no {key!r}", where=where, key=key))
    value = data[key]
    if not isinstance(value, list | tuple):
        raise ParseError(
            message(
                "{key!r} of {where} is a list, not {value!r}", key=key, where=where, value=value
            )
        )
    return list(value)


# --- Templates -------------------------------------------------------------------------------


class _Shape(NamedTuple):
    minutes: int  # level length
    stack_in_big_blinds: int  # the first big blind is about starting_stack / this
    growth: float  # the big blind aimed at grows by this factor per level
    break_every: int  # a break after every this many levels
    break_minutes: int


class _Derived(NamedTuple):
    """What a structure's readers ask of it at every hand, worked out once per structure: its
    levels, each item's level number (None for a break) and the chips in play at each item."""

    levels: tuple[Level, ...]
    numbers: tuple[int | None, ...]
    denominations: tuple[tuple[int, ...], ...]


#: The last structure read and what was worked out from it. A tournament reads the same
#: structure at every hand (a new one only when a level changes), so one entry is enough; it is
#: found by identity (a structure is immutable) and holds the structure, so no id is reused.
_last_derived: tuple[Structure, _Derived] | None = None


def _derived(structure: Structure) -> _Derived:
    """Return what is worked out from ``structure``, from the cache when it was the last one."""
    global _last_derived  # a one-entry memo of a pure function
    cached = _last_derived
    if cached is not None and cached[0] is structure:
        return cached[1]
    levels: list[Level] = []
    numbers: list[int | None] = []
    denominations: list[tuple[int, ...]] = []
    removed: set[int] = set()
    for item in structure.items:
        # A break's own colour-up takes effect after it (``denominations_at``).
        denominations.append(tuple(chip for chip in structure.chips if chip not in removed))
        if isinstance(item, Level):
            levels.append(item)
            numbers.append(len(levels))
        else:
            numbers.append(None)
            removed.update(item.colour_up)
    derived = _Derived(tuple(levels), tuple(numbers), tuple(denominations))
    _last_derived = (structure, derived)
    return derived


_SHAPES: dict[str, _Shape] = {
    "turbo": _Shape(12, stack_in_big_blinds=100, growth=1.5, break_every=5, break_minutes=10),
    "regular": _Shape(20, stack_in_big_blinds=150, growth=1.35, break_every=4, break_minutes=10),
    "deep-stack": _Shape(30, stack_in_big_blinds=200, growth=1.3, break_every=4, break_minutes=15),
}

#: Antes start at this level of a template.
_ANTE_FROM_LEVEL = 4
#: A template plays at least this many levels.
_MIN_LEVELS = 25
#: The field a template is sized for when ``players`` is not given.
_DEFAULT_FIELD = 1_000
#: A template's last level has a big blind of at least the chips in play over this.
_FINAL_BIG_BLINDS = 20
#: The smallest chip is coloured up once the next one is at most 1/20 of the coming big blind.
_COLOUR_UP_RATIO = 20
#: "Round" big blinds: these mantissas (in tenths) times a power of ten.
_MANTISSAS = (10, 12, 15, 16, 20, 25, 30, 40, 50, 60, 80)
_ROUND_BIG_BLINDS: tuple[int, ...] = tuple(
    sorted({m * 10**k // 10 for k in range(16) for m in _MANTISSAS if m * 10**k % 10 == 0})
)


def template(
    kind: str,
    *,
    starting_stack: int = 20_000,
    chips: tuple[int, ...] = (25, 100, 500, 1000, 5000),
    players: int | None = None,
) -> Structure:
    """Build a ready-made structure: ``"turbo"``, ``"regular"`` or ``"deep-stack"``.

    The templates differ in level length, starting depth and speed:

    ==========  =======  ====================  ==============  ======================
    kind        level    first big blind       growth/level    break
    ==========  =======  ====================  ==============  ======================
    turbo       12 min   stack / 100           about +50 %     10 min every 5 levels
    regular     20 min   stack / 150           about +35 %     10 min every 4 levels
    deep-stack  30 min   stack / 200           about +30 %     15 min every 4 levels
    ==========  =======  ====================  ==============  ======================

    (About an hour of play between breaks in a turbo, 80 minutes in a regular event, two hours
    in a deep-stack one.) Each big blind is the "round" amount (1, 1.2, 1.5, 1.6, 2, 2.5, 3, 4,
    5, 6 or 8 times a power of ten) nearest to the growth curve whose half (the small blind) is
    payable and at least +20 % on the one before. From level 4 there is an ante, a payable
    amount from 1/10 to 1/8 of the big blind (a round one if possible), and only big blinds that
    allow one are chosen. At a break, the smallest chip is coloured up once the next chip is at
    most 1/20 of the coming big blind (CHIP-WHEN);
    later levels are then built on the chips that remain, so no level needs a removed chip.
    There are at least 25 levels, and enough for the big blind to reach 1/20 of all the chips of
    a field of ``players`` (1,000 when not given).

    >>> turbo = template("turbo")
    >>> [level.big_blind for level in turbo.levels[:6]]
    [200, 300, 500, 600, 1000, 1500]
    >>> turbo.items[5]
    Break(minutes=10, colour_up=())
    >>> template("bounty")
    Traceback (most recent call last):
    ...
    pokertd.errors.ParseError: unknown structure template 'bounty'; expected one of turbo, \
regular, deep-stack
    """
    shape = _SHAPES.get(kind)
    if shape is None:
        raise ParseError(
            message(
                "unknown structure template {kind!r}; expected one of {templates}",
                kind=kind,
                templates=", ".join(TEMPLATES),
            )
        )
    if not _is_int(starting_stack) or starting_stack <= 0:
        raise ParseError(
            message(
                "the starting stack must be a positive number, not {starting_stack!r}",
                starting_stack=starting_stack,
            )
        )
    if (
        not chips
        or any(not _is_int(c) or c <= 0 for c in chips)
        or list(chips) != sorted(set(chips))
    ):
        raise ParseError(
            message("chips {chips!r} must be positive, distinct and ascending", chips=chips)
        )
    field = _DEFAULT_FIELD if players is None else players
    if not _is_int(field) or field < 2:
        raise ParseError(
            message("a tournament has at least 2 players, not {players!r}", players=players)
        )

    final_big_blind = field * starting_stack / _FINAL_BIG_BLINDS
    first = starting_stack / shape.stack_in_big_blinds
    count = max(_MIN_LEVELS, math.ceil(math.log(final_big_blind / first, shape.growth)) + 1)
    in_play = list(chips)
    items: list[Level | Break] = []
    big_blind = 0
    for number in range(1, count + 1):
        aim = first * shape.growth ** (number - 1)
        if number > 1 and (number - 1) % shape.break_every == 0:
            colour_up: list[int] = []
            while len(in_play) > 1 and in_play[1] * _COLOUR_UP_RATIO <= aim:
                colour_up.append(in_play.pop(0))  # CHIP-WHEN: no later level needs it
            items.append(Break(shape.break_minutes, tuple(colour_up)))
        with_ante = number >= _ANTE_FROM_LEVEL
        big_blind = _big_blind(aim, big_blind, in_play[0], with_ante=with_ante)
        if big_blind == 0:
            raise ParseError(
                message(
                    "cannot build a {kind!r} structure with chips {chips!r}: no payable big blind",
                    kind=kind,
                    chips=chips,
                )
            )
        ante = _ante(big_blind, in_play[0]) if with_ante else 0
        items.append(Level(big_blind // 2, big_blind, ante or 0, shape.minutes))
    structure = Structure(tuple(items), tuple(chips), starting_stack, name=kind)
    structure.validate()
    return structure


def _ante(big_blind: int, unit: int) -> int | None:
    """A payable ante from 1/10 to 1/8 of the big blind, round if possible, else the largest."""
    ante = big_blind // (8 * unit) * unit
    if ante <= 0 or ante * 10 < big_blind:
        return None
    for candidate in reversed(_ROUND_BIG_BLINDS):
        if candidate <= ante and candidate % unit == 0 and candidate * 10 >= big_blind:
            return candidate
        if candidate * 10 < big_blind:
            break
    return ante


def _big_blind(aim: float, previous: int, unit: int, *, with_ante: bool) -> int:
    """The round big blind nearest ``aim`` (in ratio), payable, at least +20 % on ``previous``."""
    best, best_distance = 0, math.inf
    for candidate in _ROUND_BIG_BLINDS:
        if candidate * 5 < previous * 6 or candidate % (2 * unit) != 0:
            continue
        if with_ante and _ante(candidate, unit) is None:
            continue
        distance = abs(math.log(candidate / aim))
        if distance < best_distance:
            best, best_distance = candidate, distance
        elif candidate > aim:
            break
    return best
