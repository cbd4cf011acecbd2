"""One JSON codec for pokertd's dataclasses: the events of the store, the commands of the web API.

``codec_for(kind)`` reads a dataclass's fields and type hints once and builds, for each field, how
to write it as JSON and how to read it back; the ``Codec`` is kept, one per type. It has two ways
in, for the two kinds of data pokertd reads:

- ``decode``, for trusted data that ``encode`` wrote (the events of the store, read back on every
  load): JSON lists become the tuples the hints name, nested dataclasses and ``StrEnum`` values
  are rebuilt, numbers are taken as they are, and little is checked (a missing field or a field
  of the wrong shape raises ``TypeError`` or ``ValueError``): the fast path;
- ``build``, for untrusted JSON (the commands of the web API): unknown and missing fields, wrong
  types, a boolean for a number, numbers and texts out of bounds are refused with a ``ParseError``
  naming the field.

``encode`` is the way out (tuples become lists, dicts and lists are copied), and ``schema`` is the
JSON schema of what ``build`` accepts. The hints understood: ``int``, ``float``, ``str``,
``bool``, ``None`` and unions with it, ``tuple[X, ...]`` and ``tuple[X, Y]``, ``dict[K, V]`` (keys
``str`` or ``int``, which JSON writes as text; ``Mapping[K, V]`` is read as a dict), ``list[X]``,
``set[X]`` and ``frozenset[X]`` (written as sorted lists), ``datetime.datetime`` (ISO-8601 text),
``datetime.timedelta`` (whole microseconds), nested dataclasses, ``StrEnum`` classes and ``Any``
(any JSON value, taken as it is: its lists stay lists). A field out of ``__init__`` is written and
read too (set after ``__init__``), unless it is also out of equality (``compare=False``): such a
field is a cache the value works out again, and is left out.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Seat:
...     table: int
...     seats: tuple[tuple[int, int], ...] = ()
>>> seat = codec_for(Seat).decode({"table": 2, "seats": [[1, 3]]})
>>> seat
Seat(table=2, seats=((1, 3),))
>>> codec_for(Seat).encode(seat)
{'table': 2, 'seats': [[1, 3]]}
>>> codec_for(Seat).build({"table": True})
Traceback (most recent call last):
...
pokertd.errors.ParseError: table: True is not a valid value
"""

from __future__ import annotations

import collections.abc
import dataclasses
import datetime
import inspect
import types
import typing
from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any, Generic, TypeVar

from pokertd.errors import ParseError
from pokertd.messages import message

__all__ = ["MAX_FLOAT", "MAX_INT", "MAX_TEXT", "Codec", "codec_for", "plain"]

T = TypeVar("T")

#: What ``build`` accepts: whole numbers up to 10**15 either way, other numbers up to 10**12,
#: texts up to 10,000 characters (a request stays bounded).
MAX_INT = 10**15
MAX_FLOAT = 1e12
MAX_TEXT = 10_000

#: Trusted reading or writing of one value; None where the JSON value is the value itself.
Convert = Callable[[Any], Any]
#: Strict reading of one value of the field ``name``.
Check = Callable[[Any, str], Any]

_NONE = type(None)
_UNIONS = (typing.Union, types.UnionType)
_MAPPINGS = (dict, collections.abc.Mapping)
#: ``list[X]``, ``set[X]``, ``frozenset[X]``: JSON lists (the sets sorted, so that equal sets
#: are written alike).
_COLLECTIONS = (list, set, frozenset)
_MICROSECOND = datetime.timedelta(microseconds=1)
#: Times, exactly: how each is written and read back.
_TIMES: dict[Any, tuple[Convert, Convert]] = {
    datetime.datetime: (datetime.datetime.isoformat, datetime.datetime.fromisoformat),
    datetime.timedelta: (
        lambda value: value // _MICROSECOND,
        lambda value: datetime.timedelta(microseconds=value),
    ),
}


def plain(value: Any) -> Any:
    """Return ``value`` with its tuples turned into lists, in dicts and lists too (how a field
    typed ``Any`` is written).

    >>> plain((1, (2, 3), {"a": (4,)}))
    [1, [2, 3], {'a': [4]}]
    """
    if isinstance(value, tuple | list):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    return value


class Codec(Generic[T]):
    """How the dataclass ``kind`` is written as a JSON object and read back (``codec_for``)."""

    __slots__ = (
        "_checks",
        "_decoders",
        "_encoders",
        "_hints",
        "_late",
        "_names",
        "_required",
        "_slots",
        "kind",
    )

    def __init__(self, kind: type[T]) -> None:
        if not (isinstance(kind, type) and dataclasses.is_dataclass(kind)):
            raise TypeError(f"pokertd.codec reads dataclasses, not {kind!r}")
        hints = typing.get_type_hints(kind)
        fields = [field for field in dataclasses.fields(kind) if field.init or field.compare]
        self.kind = kind
        self._hints = {field.name: hints[field.name] for field in fields}
        self._names = tuple(field.name for field in fields if field.init)
        #: Fields out of ``__init__``: set once the value is built (a state's kept indexes).
        self._late = tuple(field.name for field in fields if not field.init)
        self._required = tuple(
            field.name
            for field in fields
            if field.init
            and field.default is dataclasses.MISSING
            and field.default_factory is dataclasses.MISSING
        )
        decoders = ((name, _trusted(hint)) for name, hint in self._hints.items())
        self._decoders = tuple((name, convert) for name, convert in decoders if convert)
        self._slots = None if self._late else _slot_setters(kind, self._names, dict(self._decoders))
        self._encoders = tuple((name, _encoder(hint)) for name, hint in self._hints.items())
        self._checks = {name: _strict(hint) for name, hint in self._hints.items()}

    def __repr__(self) -> str:
        return f"codec_for({self.kind.__qualname__})"

    def encode(self, value: T) -> dict[str, Any]:
        """Return ``value``'s fields as a JSON object, in field order."""
        return {
            name: getattr(value, name) if write is None else write(getattr(value, name))
            for name, write in self._encoders
        }

    def decode(self, data: Mapping[str, Any]) -> T:
        """Return the value ``encode`` wrote as ``data`` (keys of no field are left out).

        Raises TypeError or ValueError when a field is missing or of the wrong shape.
        """
        if self._slots is not None:
            # The fast path: the value is filled slot by slot without the dataclass's
            # ``__init__`` and its keywords; a field left out (data older than the field, or a
            # field written only when set, like an event's ``by``) takes its default.
            value = object.__new__(self.kind)
            for name, put, convert, default in self._slots:
                found = data.get(name, _ABSENT)
                if found is _ABSENT:
                    if default is None:
                        break  # a required field left out: ``__init__`` says which
                    put(value, default())
                else:
                    put(value, found if convert is None else convert(found))
            else:
                return value
        values = {name: data[name] for name in (*self._names, *self._late) if name in data}
        for name, convert in self._decoders:
            if name in values:
                values[name] = convert(values[name])
        if not self._late:
            return self.kind(**values)
        late = {name: values.pop(name) for name in self._late if name in values}
        built = self.kind(**values)
        for name, item in late.items():
            object.__setattr__(built, name, item)  # frozen or not
        return built

    def build(self, data: Mapping[str, Any]) -> T:
        """Return the value of the untrusted JSON object ``data``, every field checked.

        Raises ParseError for a field of no name, a required field left out, or a value its
        type does not allow (the message names the field and shows the value).
        """
        unknown = set(data) - set(self._names) - set(self._late)
        if unknown:
            raise ParseError(
                message(
                    "unknown field(s) {names}; expected {expected}",
                    names=", ".join(repr(name) for name in sorted(unknown)),
                    expected=", ".join(sorted(self._names)) or "none",
                )
            )
        missing = [name for name in self._required if name not in data]
        if missing:
            raise ParseError(message("missing field(s) {names}", names=", ".join(missing)))
        values = {name: self._checks[name](value, name) for name, value in data.items()}
        late = {name: values.pop(name) for name in self._late if name in values}
        built = self.kind(**values)
        for name, item in late.items():
            object.__setattr__(built, name, item)
        return built

    def schema(self) -> dict[str, Any]:
        """Return the JSON schema of what ``build`` accepts (a new dict on each call)."""
        properties = {name: _schema(hint) for name, hint in self._hints.items()}
        schema: dict[str, Any] = {"type": "object", "properties": properties}
        if self._required:
            schema["required"] = list(self._required)
        schema["additionalProperties"] = False
        if self.kind.__doc__:
            schema["description"] = " ".join(self.kind.__doc__.split())
        return schema


_CODECS: dict[type[Any], Codec[Any]] = {}


def codec_for(kind: type[T]) -> Codec[T]:
    """Return the codec of the dataclass ``kind``, built on first use and kept.

    >>> codec_for(Codec)
    Traceback (most recent call last):
    ...
    TypeError: pokertd.codec reads dataclasses, not <class 'pokertd.codec.Codec'>
    """
    found = _CODECS.get(kind)
    if found is None:
        found = _CODECS[kind] = Codec(kind)
    return found


#: How ``decode`` fills one slot: the field's name, its slot's setter, its reader, and what
#: gives its default (None for a required field).
SlotSetter = tuple[str, Callable[[Any, Any], None], Convert | None, Callable[[], Any] | None]

_ABSENT = object()


def _default_of(field: dataclasses.Field[Any]) -> Callable[[], Any] | None:
    """Return what gives a field's default when it is left out (None: the field is required)."""
    if field.default_factory is not dataclasses.MISSING:
        return field.default_factory
    if field.default is dataclasses.MISSING:
        return None
    default = field.default
    return lambda: default


def _slot_setters(
    kind: type[Any], names: tuple[str, ...], reads: Mapping[str, Convert]
) -> tuple[SlotSetter, ...] | None:
    """Return how ``decode`` fills a value of ``kind`` slot by slot, or None when ``kind`` must
    be built by its ``__init__`` (no slots, or a ``__post_init__`` that must run)."""
    if hasattr(kind, "__post_init__"):
        return None
    setters = [inspect.getattr_static(kind, name, None) for name in names]
    if not all(isinstance(setter, types.MemberDescriptorType) for setter in setters):
        return None
    defaults = {field.name: _default_of(field) for field in dataclasses.fields(kind)}
    return tuple(
        (name, setter.__set__, reads.get(name), defaults[name])
        for name, setter in zip(names, setters, strict=True)
    )


def _is_dataclass(hint: Any) -> bool:
    return isinstance(hint, type) and dataclasses.is_dataclass(hint)


def _is_enum(hint: Any) -> bool:
    return isinstance(hint, type) and issubclass(hint, StrEnum)


def _unsupported(hint: Any) -> TypeError:
    return TypeError(f"pokertd.codec cannot read or write {hint!r}")


def _is_variable(args: tuple[Any, ...]) -> bool:
    """Whether a tuple's type arguments are ``X, ...`` (or none: any length of anything)."""
    return not args or (len(args) == 2 and args[1] is Ellipsis)


# -- trusted reading ------------------------------------------------------------------------------


def _trusted(hint: Any) -> Convert | None:
    """Return how ``decode`` reads a value of type ``hint`` (None: as JSON has it)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is tuple:
        return _trusted_tuple(args)
    if origin in _MAPPINGS:
        return _trusted_dict(args)
    if origin in _COLLECTIONS:
        item = _trusted(args[0]) if args else None
        if item is None:
            return typing.cast(Convert, origin)
        return lambda value: origin(map(item, value))
    if hint in _TIMES:
        return _TIMES[hint][1]
    if origin in _UNIONS:
        return _trusted_union(args)
    if _is_dataclass(hint):
        return _nested(hint, "decode")
    if _is_enum(hint):
        return typing.cast(Convert, hint)
    if hint in (int, float, str, bool, _NONE, Any):
        return None  # a float written as 3 stays 3: written back, it reads the same
    raise _unsupported(hint)


def _nested(hint: type[Any], way: str) -> Convert:
    """Read or write a nested dataclass with its own codec, looked up on first use (not when
    this one is built: a type may name itself) and kept."""
    found: list[Convert] = []

    def convert(value: Any) -> Any:
        if not found:
            found.append(getattr(codec_for(hint), way))
        return found[0](value)

    return convert


def _trusted_tuple(args: tuple[Any, ...]) -> Convert:
    if _is_variable(args):
        item = _trusted(args[0]) if args else None
        if item is None:
            return tuple
        return lambda value: tuple(map(item, value))
    items = [_trusted(arg) for arg in args]
    if not any(items):
        return tuple
    return lambda value: tuple(
        item if read is None else read(item) for read, item in zip(items, value, strict=True)
    )


def _trusted_dict(args: tuple[Any, ...]) -> Convert | None:
    key = int if args and args[0] is int else None
    item = _trusted(args[1]) if args else None
    if key is None and item is None:
        return None
    return lambda value: {
        (k if key is None else key(k)): (v if item is None else item(v)) for k, v in value.items()
    }


def _trusted_union(args: tuple[Any, ...]) -> Convert | None:
    choices = [arg for arg in args if arg is not _NONE]
    reads = [_trusted(choice) for choice in choices]
    if not any(reads):
        return None
    if len(choices) == 1:
        only = reads[0]
        assert only is not None
        return lambda value: None if value is None else only(value)
    # Several types: the first whose strict check takes the value reads it.
    ways = [(_strict(choice), read) for choice, read in zip(choices, reads, strict=True)]

    def read_union(value: Any) -> Any:
        for check, read in ways:
            try:
                check(value, "")
            except ParseError:
                continue
            return value if read is None else read(value)
        return value

    return read_union


# -- writing --------------------------------------------------------------------------------------


def _encoder(hint: Any) -> Convert | None:
    """Return how ``encode`` writes a value of type ``hint`` (None: the value itself)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is tuple:
        return _tuple_encoder(args)
    if origin in _MAPPINGS:
        return _dict_encoder(args)
    if origin in _COLLECTIONS:
        item = _encoder(args[0]) if args else plain
        if origin is list:
            return list if item is None else lambda value: [item(v) for v in value]
        return sorted if item is None else lambda value: [item(v) for v in sorted(value)]
    if hint in _TIMES:
        return _TIMES[hint][0]
    if origin in _UNIONS:
        writes = [_encoder(arg) for arg in args if arg is not _NONE]
        if not any(writes):
            return None
        if len(writes) == 1 and writes[0] is not plain:
            only = writes[0]
            assert only is not None
            return lambda value: None if value is None else only(value)
        if any(_is_dataclass(arg) for arg in args):
            return _union_encoder([arg for arg in args if arg is not _NONE])
        return plain
    if _is_dataclass(hint):
        return _nested(hint, "encode")
    if _is_enum(hint):
        return str
    if hint is Any:
        return plain
    if hint in (int, float, str, bool, _NONE):
        return None
    raise _unsupported(hint)


def _union_encoder(choices: list[Any]) -> Convert:
    """A writer of a union naming dataclasses (``Level | Break``): the value's own type writes
    it (``decode`` tells them apart by their fields)."""
    ways = [(typing.get_origin(choice) or choice, _encoder(choice)) for choice in choices]

    def write_union(value: Any) -> Any:
        for kind, write in ways:
            if isinstance(value, kind):
                return value if write is None else write(value)
        return plain(value)

    return write_union


def _dict_encoder(args: tuple[Any, ...]) -> Convert:
    """A dict's writer; JSON keys are text, so whole-number keys are written as text."""
    item = _encoder(args[1]) if args else plain
    if args and args[0] is int:
        if item is None:
            return lambda value: {str(k): v for k, v in value.items()}
        return lambda value: {str(k): item(v) for k, v in value.items()}
    return dict if item is None else lambda value: {k: item(v) for k, v in value.items()}


def _tuple_encoder(args: tuple[Any, ...]) -> Convert:
    if _is_variable(args):
        item = _encoder(args[0]) if args else plain
        if item is None:
            return list
        return lambda value: [item(v) for v in value]
    items = [_encoder(arg) for arg in args]
    if not any(items):
        return list
    return lambda value: [
        v if write is None else write(v) for write, v in zip(items, value, strict=True)
    ]


# -- strict reading -------------------------------------------------------------------------------


def _bad(name: str, value: Any) -> ParseError:
    return ParseError(message("{name}: {value!r} is not a valid value", name=name, value=value))


def _strict(hint: Any) -> Check:
    """Return how ``build`` reads and checks a value of type ``hint``."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is tuple:
        return _strict_tuple(args)
    if origin in _MAPPINGS:
        return _strict_dict(args)
    if origin in _COLLECTIONS:
        return _strict_collection(origin, args)
    if hint in _TIMES:
        return _strict_time(hint)
    if origin in _UNIONS:
        return _strict_union(args)
    if _is_dataclass(hint):
        return _strict_object(hint)
    if _is_enum(hint):
        return _strict_enum(hint)
    found = _SCALARS.get(hint)
    if found is None:
        raise _unsupported(hint)
    return found


def _strict_tuple(args: tuple[Any, ...]) -> Check:
    if _is_variable(args):
        item = _strict(args[0] if args else Any)

        def check_items(value: Any, name: str) -> Any:
            if not isinstance(value, list):
                raise _bad(name, value)
            return tuple(item(v, name) for v in value)

        return check_items
    items = [_strict(arg) for arg in args]

    def check_fixed(value: Any, name: str) -> Any:
        if not isinstance(value, list) or len(value) != len(items):
            raise _bad(name, value)
        return tuple(check(v, name) for check, v in zip(items, value, strict=True))

    return check_fixed


def _strict_collection(origin: type[Any], args: tuple[Any, ...]) -> Check:
    item = _strict(args[0] if args else Any)

    def check_collection(value: Any, name: str) -> Any:
        if not isinstance(value, list):
            raise _bad(name, value)
        return origin(item(v, name) for v in value)

    return check_collection


def _strict_time(hint: Any) -> Check:
    read = _TIMES[hint][1]
    kind = str if hint is datetime.datetime else int

    def check_time(value: Any, name: str) -> Any:
        if isinstance(value, bool) or not isinstance(value, kind):
            raise _bad(name, value)
        try:
            return read(value)
        except (ValueError, OverflowError):
            raise _bad(name, value) from None

    return check_time


def _strict_dict(args: tuple[Any, ...]) -> Check:
    key_type, item_type = args or (str, Any)
    key, item = _strict(key_type), _strict(item_type)

    def check_dict(value: Any, name: str) -> Any:
        if not isinstance(value, dict):
            raise _bad(name, value)
        try:
            return {
                key(int(k) if key_type is int else k, name): item(v, name) for k, v in value.items()
            }
        except ValueError:  # a key that is no number, or any value refused: the whole object
            raise _bad(name, value) from None

    return check_dict


def _strict_union(args: tuple[Any, ...]) -> Check:
    nullable = _NONE in args
    checks = [_strict(arg) for arg in args if arg is not _NONE]
    if len(checks) == 1:  # ``X | None``: X's own message says what is wrong
        only = checks[0]
        return lambda value, name: None if value is None and nullable else only(value, name)

    def check_union(value: Any, name: str) -> Any:
        if value is None and nullable:
            return None
        for check in checks:
            try:
                return check(value, name)
            except ParseError:
                continue
        raise _bad(name, value)

    return check_union


def _strict_object(hint: type[Any]) -> Check:
    def check_object(value: Any, name: str) -> Any:
        if not isinstance(value, dict):
            raise _bad(name, value)
        return codec_for(hint).build(value)

    return check_object


def _strict_enum(hint: type[StrEnum]) -> Check:
    def check_enum(value: Any, name: str) -> Any:
        if not isinstance(value, str) or value not in hint._value2member_map_:
            raise _bad(name, value)
        return hint(value)

    return check_enum


def _check_any(value: Any, name: str) -> Any:
    return value


def _check_none(value: Any, name: str) -> Any:
    if value is not None:
        raise _bad(name, value)
    return None


def _check_bool(value: Any, name: str) -> Any:
    if not isinstance(value, bool):
        raise _bad(name, value)
    return value


def _check_int(value: Any, name: str) -> Any:
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > MAX_INT:
        raise _bad(name, value)
    return value


def _check_float(value: Any, name: str) -> Any:
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or value != value  # NaN
        or abs(value) > MAX_FLOAT
    ):
        raise _bad(name, value)
    return float(value)


def _check_str(value: Any, name: str) -> Any:
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise _bad(name, value)
    return value


_SCALARS: dict[Any, Check] = {
    Any: _check_any,
    _NONE: _check_none,
    bool: _check_bool,
    int: _check_int,
    float: _check_float,
    str: _check_str,
}


# -- schema ---------------------------------------------------------------------------------------


def _schema(hint: Any) -> dict[str, Any]:
    """Return the JSON schema of what ``build`` accepts for a value of type ``hint``."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in _UNIONS:
        return {"anyOf": [_schema(arg) for arg in args]}
    if origin is tuple:
        if _is_variable(args):
            return {"type": "array", "items": _schema(args[0] if args else Any)}
        items = [_schema(arg) for arg in args]
        return {"type": "array", "prefixItems": items, "minItems": len(items),
                "maxItems": len(items)}  # fmt: skip
    if origin in _COLLECTIONS:
        return {"type": "array", "items": _schema(args[0] if args else Any)}
    if hint is datetime.datetime:
        return {"type": "string", "format": "date-time"}
    if hint is datetime.timedelta:
        return {"type": "integer", "description": "microseconds"}
    if origin in _MAPPINGS:
        key_type, item_type = args or (str, Any)
        keys = {"propertyNames": {"pattern": "^-?[0-9]+$"}} if key_type is int else {}
        return {"type": "object", "additionalProperties": _schema(item_type), **keys}
    if _is_dataclass(hint):
        return codec_for(hint).schema()
    if _is_enum(hint):
        return {"type": "string", "enum": [member.value for member in hint]}
    simple: dict[Any, dict[str, Any]] = {
        _NONE: {"type": "null"},
        bool: {"type": "boolean"},
        int: {"type": "integer"},
        float: {"type": "number"},
        str: {"type": "string", "maxLength": MAX_TEXT},
        Any: {},
    }
    if hint not in simple:
        raise _unsupported(hint)
    return simple[hint]
