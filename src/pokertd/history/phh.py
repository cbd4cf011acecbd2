"""Read and write PHH hand histories (``.phh``, a TOML subset) and bulk files (``.phhs``).

``read_phh`` checks the format only: TOML syntax, field types, list lengths against the number of
players, variant codes, action notations and cards. Whether the actions are legal poker is the
engine's question. ``write_phh`` gives the fields back in the conventional order (variant, game
fields, actions, metadata, pokertd's ``_`` fields, unknown fields), and
``read_phh(write_phh(h)) == h``.

pokertd counts chips in whole numbers. A file that writes amounts with decimals (cents, in every
online cash hand; the spec allows floats) is read exactly, never through binary floats: its chip
unit is ``10 ** -decimals`` of its own unit, ``decimals`` being the most any amount needs, and
every amount (stacks, forced bets, ``cbr`` totals, finishing stacks) becomes a whole number of
those units; ``write_phh`` writes them back with that many decimals. An unknown starting or
finishing stack, ``inf`` in the spec, is None.
"""

from __future__ import annotations

import datetime
import functools
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import InitVar, dataclass, field, fields, replace
from decimal import Decimal
from types import MappingProxyType
from typing import Any

import tomli_w

from pokertd.errors import ParseError
from pokertd.history.codes import (
    CBR_AMOUNT,
    VARIANTS,
    BetOrRaise,
    PhhAction,
    format_action,
    format_amount,
    game_of,
    parse_action,
)
from pokertd.history.subset import loads_subset
from pokertd.messages import message


@dataclass(frozen=True, slots=True, kw_only=True)
class HandHistory:
    """One hand in PHH: every field of the spec (version 0.0.1) plus pokertd's own.

    Field names are the spec's keys, except ``profile`` and ``chip_unit`` which are read from
    ``_profile`` and ``_chip_unit``. Amounts are whole numbers of ``10 ** -decimals`` of the
    file's unit (``decimals`` is 0 for whole chips; the constructor reduces it to the fewest
    decimals the amounts need); an unknown stack (``inf``) is None. Per-player lists follow the
    PHH player order (``p1`` first: the small blind in button games, except heads-up where ``p1``
    is the big blind and the spec applies ``antes`` and ``blinds_or_straddles`` reversed).
    ``extra`` keeps every other field (user-defined ``_x`` fields, fields of newer spec versions)
    so that writing gives them back.

    Constructing checks the value rules (list lengths, known variant, the game fields the variant
    requires, player numbers in actions) and raises ParseError naming the field; ``source`` names
    the file in those messages.

    >>> from pokertd.history.codes import parse_action
    >>> h = HandHistory(variant="NT", antes=(0, 0), blinds_or_straddles=(1, 2), min_bet=2,
    ...                 starting_stacks=(200, 200), actions=(parse_action("d dh p1 AsKs"),))
    >>> h.player_count, h.game
    (2, 'nlhe')
    """

    # Game fields, in the conventional order.
    variant: str
    ante_trimming_status: bool = False
    antes: tuple[int, ...]
    blinds_or_straddles: tuple[int, ...] | None = None
    bring_in: int | None = None
    small_bet: int | None = None
    big_bet: int | None = None
    min_bet: int | None = None
    starting_stacks: tuple[int | None, ...]
    actions: tuple[PhhAction, ...]
    # Metadata.
    author: str | None = None
    event: str | None = None
    url: str | None = None
    venue: str | None = None
    address: str | None = None
    city: str | None = None
    region: str | None = None
    postal_code: str | None = None
    country: str | None = None
    time: datetime.time | None = None
    time_zone: str | None = None
    time_zone_abbreviation: str | None = None
    day: int | None = None
    month: int | None = None
    year: int | None = None
    hand: int | str | None = None
    level: int | None = None
    seats: tuple[int, ...] | None = None
    seat_count: int | None = None
    table: int | str | None = None
    players: tuple[str, ...] | None = None
    finishing_stacks: tuple[int | None, ...] | None = None
    winnings: tuple[int, ...] | None = None
    currency: str | None = None
    currency_symbol: str | None = None
    time_limit: float | None = None
    time_banks: tuple[float, ...] | None = None
    # pokertd's own fields (``_profile``, ``_chip_unit``), then everything else.
    profile: str | None = None
    chip_unit: int | None = None
    extra: Mapping[str, object] = field(default_factory=dict, hash=False)
    #: The decimals the amounts are counted in (not a field of the file: derived from it).
    decimals: int = 0
    source: InitVar[str] = "<HandHistory>"

    def __post_init__(self, source: str) -> None:
        object.__setattr__(self, "extra", MappingProxyType(dict(self.extra)))
        _check(self, source)
        _reduce_decimals(self)

    @property
    def player_count(self) -> int:
        """Return the number of players (the length of ``starting_stacks``)."""
        return len(self.starting_stacks)

    @property
    def game(self) -> str | None:
        """Return the pokertd game id of ``variant``, None for a variant pokertd does not play."""
        return game_of(self.variant)


# --- reading ---------------------------------------------------------------------------------

_REQUIRED = ("variant", "antes", "starting_stacks", "actions")
#: TOML key -> HandHistory attribute, where they differ.
_ATTRIBUTES = {"_profile": "profile", "_chip_unit": "chip_unit"}
_KEYS = {attribute: key for key, attribute in _ATTRIBUTES.items()}


def read_phh(text: str, *, source: str = "<phh>") -> HandHistory:
    """Read one hand from PHH text; ``source`` (a file name) is quoted in error messages.

    Raises ParseError for text that is not TOML, a missing required field, an unknown variant,
    a field of the wrong type or length, a malformed action or card.

    >>> h = read_phh('''
    ... variant = "NT"
    ... antes = [0, 0, 0]
    ... blinds_or_straddles = [50, 100, 0]
    ... min_bet = 100
    ... starting_stacks = [10000, 10000, 10000]
    ... actions = ["d dh p1 AsKs", "d dh p2 ????", "d dh p3 ????", "p3 cbr 300"]
    ... _profile = "lfp"
    ... ''')
    >>> h.variant, h.player_count, h.profile
    ('NT', 3, 'lfp')
    >>> h.actions[-1]
    BetOrRaise(player=2, to=300, commentary=None)
    """
    return _from_table(_load_toml(text, source), source)


def write_phh(history: HandHistory) -> str:
    """Write one hand as PHH text, fields in the conventional order, one action a line.

    >>> h = read_phh('variant = "FR"\\nantes = [1, 1]\\nbring_in = 1\\nsmall_bet = 2\\n'
    ...              'big_bet = 4\\nstarting_stacks = [50, 60]\\nactions = []\\n_seat = "A"')
    >>> print(write_phh(h), end="")
    variant = "FR"
    ante_trimming_status = false
    antes = [1, 1]
    bring_in = 1
    small_bet = 2
    big_bet = 4
    starting_stacks = [50, 60]
    actions = []
    _seat = "A"
    >>> read_phh(write_phh(h)) == h
    True
    """
    return _write_table(history, section=None)


@dataclass(frozen=True, slots=True)
class _Section:
    key: str
    table: object
    source: str


def read_phhs(text: str, *, source: str = "<phhs>") -> list[HandHistory | ParseError]:
    """Read a bulk file of hands in sections ``[1]``, ``[2]``, ...; one entry per section.

    A hand that fails gives its ParseError in its place and reading goes on, as python-chess's
    ``GameBuilder.handle_error`` does; a TOML syntax error spoils only its own section.

    >>> entries = read_phhs('''
    ... [1]
    ... variant = "NT"
    ... antes = [0, 0]
    ... blinds_or_straddles = [1, 2]
    ... min_bet = 2
    ... starting_stacks = [100, 100]
    ... actions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]
    ... [2]
    ... variant = "NT"
    ... ''', source="day1.phhs")
    >>> entries[0].actions[-1]
    Fold(player=1, commentary=None)
    >>> print(entries[1])
    day1.phhs[2]: missing the required field 'antes'
    """
    results: list[HandHistory | ParseError] = []
    for section in _sections(text, source):
        if isinstance(section.table, ParseError):
            results.append(section.table)
        elif not isinstance(section.table, dict):
            results.append(
                ParseError(f"{source}: {section.key!r} is not a hand section such as [1]")
            )
        else:
            try:
                results.append(_from_table(section.table, section.source))
            except ParseError as error:
                results.append(error)
    return results


def write_phhs(histories: Iterable[HandHistory]) -> str:
    """Write hands as a bulk file with sections ``[1]``, ``[2]``, ...

    >>> h = read_phh('variant = "FT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\n'
    ...              'small_bet = 2\\nbig_bet = 4\\nstarting_stacks = [9, 9]\\nactions = []')
    >>> text = write_phhs([h, h])
    >>> text.splitlines()[0], read_phhs(text) == [h, h]
    ('[1]', True)
    """
    return "\n".join(
        _write_table(history, section=str(number))
        for number, history in enumerate(histories, start=1)
    )


def _load_toml(text: str, source: str) -> dict[str, Any]:
    table = loads_subset(text)  # the usual PHH file, fast; else the whole of TOML, with its errors
    if table is not None:
        return table
    try:
        return tomllib.loads(text, parse_float=Decimal)  # exact decimals, never binary floats
    except tomllib.TOMLDecodeError as error:
        raise ParseError(f"{source} is not valid TOML: {error}") from None


_HEADER = re.compile(r"^[ \t]*\[[ \t]*([^\[\].#]+?)[ \t]*\][ \t]*(?:#.*)?$", re.MULTILINE)


def _sections(text: str, source: str) -> list[_Section]:
    """Split a bulk file into hand sections, even when part of it is not valid TOML."""
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        pass
    else:
        return [_Section(key, value, f"{source}[{key}]") for key, value in document.items()]
    # Parse section by section, padding with newlines so that line numbers stay the file's.
    headers = list(_HEADER.finditer(text))
    starts = [header.start() for header in headers]
    sections = []
    preamble_error = _preamble_error(text[: starts[0]] if starts else text, source)
    if preamble_error is not None:
        sections.append(_Section("", preamble_error, source))
    for header, start, end in zip(headers, starts, [*starts[1:], len(text)], strict=True):
        key = header[1].strip("\"'")
        chunk_source = f"{source}[{key}]"
        padded = "\n" * text.count("\n", 0, start) + text[start:end]
        try:
            document = tomllib.loads(padded, parse_float=Decimal)
        except tomllib.TOMLDecodeError as error:
            table: object = ParseError(f"{chunk_source} is not valid TOML: {error}")
        else:
            table = next(iter(document.values()), {})
        sections.append(_Section(key, table, chunk_source))
    return sections


def _preamble_error(preamble: str, source: str) -> ParseError | None:
    try:
        document = tomllib.loads(preamble, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        return ParseError(f"{source} is not valid TOML before its first hand section: {error}")
    if document:
        return ParseError(f"{source} has fields before its first hand section such as [1]")
    return None


def _from_table(table: Mapping[str, Any], source: str) -> HandHistory:
    for key in _REQUIRED:
        if key not in table:
            raise ParseError(f"{source}: missing the required field {key!r}")
    decimals = _decimals_of(table, source)
    values: dict[str, Any] = {}
    extra: dict[str, object] = {}
    for key, value in table.items():
        reader = _READERS.get(key)
        if reader is None:
            extra[key] = value
        else:
            values[_ATTRIBUTES.get(key, key)] = reader(value, key, source, decimals)
    return HandHistory(**values, extra=extra, decimals=decimals, source=source)


#: The fields that hold amounts of chips, read in the chip unit of the file.
_AMOUNT_KEYS = (
    "antes",
    "blinds_or_straddles",
    "bring_in",
    "small_bet",
    "big_bet",
    "min_bet",
    "starting_stacks",
    "finishing_stacks",
    "winnings",
    "_chip_unit",
)
_INTEGERS = frozenset((int,))
#: More decimals than any currency or chip needs: a file asking for more is refused.
_MOST_DECIMALS = 6


def _decimals_of(table: Mapping[str, Any], source: str) -> int:
    """Return the decimals the file's amounts need: the most of any amount, trailing zeros not
    counted (``6.50`` needs one, ``6.00`` none)."""
    numbers: list[tuple[str, Decimal]] = []
    for key in _AMOUNT_KEYS:
        value = table.get(key)
        if value is None or type(value) is int:
            continue
        items = value if isinstance(value, list) else [value]
        if set(map(type, items)) <= _INTEGERS:
            continue  # whole numbers, as most files write them all
        for item in items:
            if isinstance(item, Decimal) and item.is_finite():
                numbers.append((key, item))
    actions = table.get("actions")
    if isinstance(actions, list):
        for notation in actions:  # only a bet with a decimal point can need decimals
            if isinstance(notation, str) and "." in notation:
                found = CBR_AMOUNT.match(notation)
                if found is not None:
                    numbers.append(("actions", Decimal(found[1])))
    most, key = max(((_places(number), key) for key, number in numbers), default=(0, ""))
    if most > _MOST_DECIMALS:
        raise ParseError(
            message(
                "{source}: field {key!r} has an amount with {count} decimals; pokertd reads at "
                "most {most}",
                source=source,
                key=key,
                count=most,
                most=_MOST_DECIMALS,
            )
        )
    return most


def _places(number: Decimal) -> int:
    exponent = number.normalize().as_tuple().exponent
    return max(0, -exponent) if isinstance(exponent, int) else 0


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _wrong(key: str, source: str, expected: str, value: object) -> ParseError:
    return ParseError(f"{source}: field {key!r} must be {expected}, not {_show(value)}")


def _text(value: object, key: str, source: str, decimals: int = 0) -> str:
    if not isinstance(value, str):
        raise _wrong(key, source, "a string", value)
    return value


def _whole(value: object, key: str, source: str, decimals: int = 0) -> int:
    if type(value) is int:
        return value
    raise _wrong(key, source, "an integer", value)


def _chips(value: object, key: str, source: str, decimals: int = 0) -> int:
    if type(value) is int:
        return int(value * 10**decimals)
    if isinstance(value, Decimal) and value.is_finite():
        units = value.scaleb(decimals)
        if units == units.to_integral_value():
            return int(units)
    raise _wrong(key, source, "a number of chips", value)


def _stack(value: object, key: str, source: str, decimals: int = 0) -> int | None:
    """Read a stack: chips, or None for ``inf`` (a stack the history does not know)."""
    if isinstance(value, Decimal) and value.is_infinite() and value > 0:
        return None
    return _chips(value, key, source, decimals)


def _number(value: object, key: str, source: str, decimals: int = 0) -> float:
    if isinstance(value, Decimal) and not value.is_nan():
        return float(value)  # a time: no exactness to keep; inf is allowed (no time limit)
    if type(value) is int:
        return value
    raise _wrong(key, source, "a number", value)


def _flag(value: object, key: str, source: str, decimals: int = 0) -> bool:
    if not isinstance(value, bool):
        raise _wrong(key, source, "true or false", value)
    return value


def _text_or_whole(value: object, key: str, source: str, decimals: int = 0) -> int | str:
    if isinstance(value, str) or type(value) is int:
        return value
    raise _wrong(key, source, "a string or an integer", value)


def _local_time(value: object, key: str, source: str, decimals: int = 0) -> datetime.time:
    if not isinstance(value, datetime.time):
        raise _wrong(key, source, "a local time such as 14:05:00", value)
    return value


_Reader = Callable[[object, str, str, int], Any]


def _array_of(
    item: _Reader, expected: str, plain: type | None = None, *, scaled: bool = False
) -> Callable[[object, str, str, int], tuple[Any, ...]]:
    """Return the reader of an array whose elements ``item`` reads.

    An array whose elements are all of type ``plain`` is its own reading, when ``item`` gives
    such an element back as it is: always for ``plain`` strings or integers, and for amounts
    (``scaled``) when the file counts in whole units (``decimals`` 0). The WSOP files' arrays
    are read so, without a call for each element.
    """

    plain_only = frozenset(() if plain is None else (plain,))  # type() is, not isinstance: no bools

    def read(value: object, key: str, source: str, decimals: int = 0) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise _wrong(key, source, f"an array of {expected}", value)
        if plain_only and not (scaled and decimals) and set(map(type, value)) <= plain_only:
            return tuple(value)
        try:
            return tuple([item(element, key, source, decimals) for element in value])
        except ParseError:
            raise _wrong(key, source, f"an array of {expected}", value) from None

    return read


#: The same notations come back hand after hand (``p2 f``, ``p1 cc``, ``p3 cbr 1200``): each is
#: read once; the actions are frozen, so sharing them is safe. A fifth of a replay's time before.
_parse_action = functools.lru_cache(maxsize=4096)(parse_action)
_read_strings = _array_of(_text, "strings", str)


def _actions(value: object, key: str, source: str, decimals: int = 0) -> tuple[PhhAction, ...]:
    notations = _read_strings(value, key, source, decimals)
    try:
        return tuple([_parse_action(notation, decimals) for notation in notations])
    except ParseError:
        pass
    for number, notation in enumerate(notations, start=1):  # which one: read them again
        try:
            _parse_action(notation, decimals)
        except ParseError as error:
            raise ParseError(f"{source}: field 'actions', item {number}: {error}") from None
    raise AssertionError("an action notation failed once only")  # pragma: no cover


_READERS: dict[str, _Reader] = {
    "variant": _text,
    "ante_trimming_status": _flag,
    "antes": _array_of(_chips, "numbers of chips", int, scaled=True),
    "blinds_or_straddles": _array_of(_chips, "numbers of chips", int, scaled=True),
    "bring_in": _chips,
    "small_bet": _chips,
    "big_bet": _chips,
    "min_bet": _chips,
    "starting_stacks": _array_of(_stack, "numbers of chips or inf", int, scaled=True),
    "actions": _actions,
    "author": _text,
    "event": _text,
    "url": _text,
    "venue": _text,
    "address": _text,
    "city": _text,
    "region": _text,
    "postal_code": _text,
    "country": _text,
    "time": _local_time,
    "time_zone": _text,
    "time_zone_abbreviation": _text,
    "day": _whole,
    "month": _whole,
    "year": _whole,
    "hand": _text_or_whole,
    "level": _whole,
    "seats": _array_of(_whole, "integers", int),
    "seat_count": _whole,
    "table": _text_or_whole,
    "players": _read_strings,
    "finishing_stacks": _array_of(_stack, "numbers of chips or inf", int, scaled=True),
    "winnings": _array_of(_chips, "numbers of chips", int, scaled=True),
    "currency": _text,
    "currency_symbol": _text,
    "time_limit": _number,
    "time_banks": _array_of(_number, "numbers"),
    "_profile": _text,
    "_chip_unit": _chips,
}

# --- checking --------------------------------------------------------------------------------

_PER_PLAYER = (
    "antes",
    "blinds_or_straddles",
    "finishing_stacks",
    "winnings",
    "players",
    "seats",
    "time_banks",
)
_AT_LEAST_ZERO = ("antes", "blinds_or_straddles", "finishing_stacks", "winnings")
_POSITIVE = ("bring_in", "small_bet", "big_bet", "min_bet", "chip_unit")


def _check(history: HandHistory, source: str) -> None:
    """Check the value rules of the spec that the types do not state; see HandHistory."""
    variant = VARIANTS.get(history.variant)
    if variant is None:
        known = ", ".join(VARIANTS)
        raise ParseError(
            f"{source}: field 'variant' is {history.variant!r}, "
            f"which is not a PHH variant code; expected one of {known}"
        )
    count = len(history.starting_stacks)
    if count < 2:
        raise ParseError(f"{source}: field 'starting_stacks' must list at least two players")
    if any(stack is not None and stack <= 0 for stack in history.starting_stacks):
        raise ParseError(f"{source}: field 'starting_stacks' must hold positive stacks")
    for name in _PER_PLAYER:
        values = getattr(history, name)
        if values is not None and len(values) != count:
            raise ParseError(
                f"{source}: field {name!r} has {len(values)} entries but 'starting_stacks' "
                f"has {count} players"
            )
    for name in variant.fields:
        if getattr(history, name) is None:
            raise ParseError(
                f"{source}: missing the field {name!r}, which variant {variant.code!r} requires"
            )
    for name in _AT_LEAST_ZERO:
        values = getattr(history, name)
        if values is not None and any(value is not None and value < 0 for value in values):
            raise ParseError(f"{source}: field {name!r} must not hold negative amounts")
    for name in _POSITIVE:
        value = getattr(history, name)
        if value is not None and value <= 0:
            raise ParseError(f"{source}: field {_KEYS.get(name, name)!r} must be positive")
    for number, action in enumerate(history.actions, start=1):
        player = getattr(action, "player", None)
        if player is not None and player >= count:
            raise ParseError(
                f"{source}: field 'actions', item {number}: action {format_action(action)!r} "
                f"names p{player + 1} but the hand has {count} players"
            )
    for key in history.extra:
        if key in _READERS:
            raise ParseError(f"{source}: field {key!r} is given in 'extra' as well")
    if not 0 <= history.decimals <= _MOST_DECIMALS:
        raise ParseError(
            message(
                "{source}: amounts with {count} decimals; pokertd reads at most {most}",
                source=source,
                count=history.decimals,
                most=_MOST_DECIMALS,
            )
        )


_AMOUNT_FIELDS = tuple(_ATTRIBUTES.get(key, key) for key in _AMOUNT_KEYS)


def _reduce_decimals(history: HandHistory) -> None:
    """Count the amounts in the fewest decimals they need, so that equal hands compare equal
    however they were built (``read_phh(write_phh(h)) == h``)."""
    while history.decimals and all(amount % 10 == 0 for amount in _amounts(history)):
        for name in _AMOUNT_FIELDS:
            value = getattr(history, name)
            if isinstance(value, int):
                object.__setattr__(history, name, value // 10)
            elif isinstance(value, tuple):
                scaled = tuple(None if item is None else item // 10 for item in value)
                object.__setattr__(history, name, scaled)
        actions = tuple(
            replace(action, to=action.to // 10) if isinstance(action, BetOrRaise) else action
            for action in history.actions
        )
        object.__setattr__(history, "actions", actions)
        object.__setattr__(history, "decimals", history.decimals - 1)


def _amounts(history: HandHistory) -> list[int]:
    found: list[int] = []
    for name in _AMOUNT_FIELDS:
        value = getattr(history, name)
        if isinstance(value, int):
            found.append(value)
        elif isinstance(value, tuple):
            found += [item for item in value if item is not None]
    found += [action.to for action in history.actions if isinstance(action, BetOrRaise)]
    return found


# --- writing ---------------------------------------------------------------------------------

_ATTRIBUTE_NAMES = tuple(f.name for f in fields(HandHistory) if f.name not in ("extra", "decimals"))


def _write_table(history: HandHistory, *, section: str | None) -> str:
    lines = [f"[{section}]"] if section is not None else []
    decimals = history.decimals
    for name in _ATTRIBUTE_NAMES:
        value = getattr(history, name)
        if value is None:
            continue
        key = _KEYS.get(name, name)
        if name == "actions":
            lines.append(_format_actions(value, decimals))
        elif name in _AMOUNT_FIELDS:
            lines.append(f"{key} = {_format_amounts(value, decimals)}")
        else:
            lines.append(f"{key} = {_format_value(value)}")
    text = "\n".join(lines) + "\n"
    if history.extra:
        # tomli_w writes plain values first, then tables; in a bulk file the tables must be
        # sub-tables of the hand's section ([1.x]), and its own [1] header is already written.
        extra = dict(history.extra)
        if section is None:
            text += tomli_w.dumps(extra)
        else:
            text += tomli_w.dumps({section: extra}).removeprefix(f"[{section}]\n")
    return text


def _format_actions(actions: tuple[PhhAction, ...], decimals: int) -> str:
    if not actions:
        return "actions = []"
    items = "".join(f"  {_format_value(format_action(action, decimals))},\n" for action in actions)
    return f"actions = [\n{items}]"


def _format_amounts(value: int | tuple[int | None, ...] | None, decimals: int) -> str:
    if isinstance(value, tuple):
        return "[" + ", ".join(_format_amounts(item, decimals) for item in value) + "]"
    return "inf" if value is None else format_amount(value, decimals)


#: A character tomli_w 1.2 escapes in a basic string: a quote, a backslash, a control
#: character but the tab (its ``ILLEGAL_BASIC_STR_CHARS``).
_NEEDS_ESCAPE = re.compile(r'["\\\x00-\x08\x0a-\x1f\x7f]')


def _format_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float | datetime.time):
        return str(value)
    if isinstance(value, tuple):
        return "[" + ", ".join(_format_value(item) for item in value) + "]"
    if isinstance(value, str) and _NEEDS_ESCAPE.search(value) is None:
        # What tomli_w writes for a string with nothing to escape (each action, each name of a
        # hand's PHH), without its writer's cost per value: a fifth of a hand's end online.
        return '"' + value + '"'
    # Strings to escape: let tomli_w choose the quoting and escapes.
    return tomli_w.dumps({"v": value})[len("v = ") : -1]
