"""Load rule profiles from TOML: the five shipped books and a club's house profiles.

A profile file sets some fields and inherits the rest from the profile it ``extends``; every chain
ends at ``tda-2017``, the root, which sets every field. The file format is documented in
``docs/rules.md``::

    id = "lfp"                      # shipped files: the file stem; house files: optional
    name = "Ligue Française de Poker — ..."
    book = "LFP"                    # shipped files only
    extends = "tda-2017"            # a shipped id, or (house files) "base.toml" next to this one

    [min_raise]
    value = "double-previous"
    article = "LFP 7.11, 7.12, 7.13, 7.14"    # required in book profiles
    note = "..."                              # optional

Every problem is a ``ProfileError`` whose one-sentence message names the file and the field. This
module is the only place in ``pokertd.rules`` that reads files.
"""

from __future__ import annotations

import difflib
import functools
import os
import tomllib
import typing
from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from pathlib import Path
from types import MappingProxyType
from typing import Any

from pokertd.errors import ProfileError
from pokertd.messages import Message, message
from pokertd.rules import profile as profile_module
from pokertd.rules.profile import Profile, Source

#: The profile used when none is chosen: new tournaments, the command line, the web forms.
DEFAULT_PROFILE = "tda-2017"
#: The shipped profiles (the TOML file stems in ``rules/profiles/``), root first.
PROFILE_IDS: tuple[str, ...] = ("tda-2017", "lfp", "bannalec", "gran-madrid", "generic")
#: The profile every chain of ``extends`` ends at; it must set every field.
ROOT_ID = "tda-2017"
#: The article a house profile value gets when its table gives none.
HOUSE_ARTICLE = "house rule"

#: The folder of the shipped profile files.
_PROFILES = Path(__file__).parent / "profiles"

_HEADER_KEYS = ("id", "name", "book", "extends")
_ENTRY_KEYS = ("value", "article", "note")
#: The keys of each field's source in a stored profile (``Profile.to_data``), in ``Source`` order.
_SOURCE_KEYS = ("profile", "article", "note")
#: The smallest value of each integer field; the others may be 0, which means "none".
_MINIMUMS: dict[str, int] = {
    "limit_raise_cap": 1,  # the opening bet (or the big blind) counts
    "balance_max_difference": 1,  # tables of 9 and 8 players cannot be balanced any closer
    "late_balance_max_difference": 1,
    "hand_for_hand_seconds": 1,
    "clock_seconds": 1,  # a called clock always leaves some time to act
}


@functools.cache
def _field_types() -> dict[str, type]:
    """Return each rule field's type, found on the first parse.

    The annotations are plain names kept as text (``from __future__ import annotations``): looking
    them up in ``pokertd.rules.profile`` costs far less than ``typing.get_type_hints``, which
    compiles each one. A test checks that both agree.
    """
    names = {"bool": bool, "int": int, **vars(profile_module)}
    rule_fields = Profile.rule_fields()
    return {f.name: names[str(f.type)] for f in fields(Profile) if f.name in rule_fields}


@functools.cache
def load(profile_id: str) -> Profile:
    """Return the shipped profile ``profile_id`` (one of ``PROFILE_IDS``); results are cached.

    Raises ProfileError for an unknown id or a shipped file that does not validate.

    >>> lfp = load("lfp")
    >>> lfp.min_raise.value, lfp.source("min_raise").article
    ('double-previous', 'LFP 7.11, 7.12, 7.13, 7.14')
    >>> lfp.is_inherited("hilo_split"), lfp.source("hilo_split").profile
    (True, 'tda-2017')
    """
    if profile_id not in PROFILE_IDS:
        raise ProfileError(_unknown_id(profile_id))
    return _build(_read_shipped(profile_id), chain=())


def load_file(path: str | os.PathLike[str]) -> Profile:
    """Return the house profile in the TOML file at ``path``.

    Its ``id`` defaults to the file stem and must not be a shipped id; ``book`` is empty;
    ``extends`` is a shipped id (``tda-2017`` when omitted) or another house file, written as a
    path ending in ``.toml`` relative to this file's directory. A value's ``article`` defaults to
    ``"house rule"``. Raises ProfileError for an unreadable or invalid file.

    >>> import pathlib, tempfile
    >>> folder = tempfile.TemporaryDirectory()
    >>> path = pathlib.Path(folder.name) / "club.toml"
    >>> _ = path.write_text('extends = "lfp"\\n[reopen]\\nvalue = "never-after-short-all-in"\\n')
    >>> club = load_file(path)
    >>> club.id, club.reopen.value, club.source("reopen").article
    ('club', 'never-after-short-all-in', 'house rule')
    >>> club.source("min_raise").profile, club.source("hilo_split").profile
    ('lfp', 'tda-2017')
    >>> folder.cleanup()
    """
    return _build(_read_file(Path(path)), chain=())


def load_data(data: Mapping[str, Any], *, later: Profile | None = None) -> Profile:
    """Return the profile ``Profile.to_data`` wrote, every field checked as a file's would be.

    This is how a tournament replays under the rules it was created with (the resolved profile is
    in its ``tournament-created`` event), and how a house profile reaches a tournament through the
    web API. Raises ProfileError for data that is not a complete, valid profile.

    ``later`` fills the fields the data lacks, value and source: a field pokertd added after the
    event was stored did not exist when it ran, so it takes the shipped profile's value (replay
    passes it; a profile given to create an event is complete or refused).

    >>> lfp = load("lfp")
    >>> load_data(lfp.to_data()) == lfp
    True
    >>> load_data({"id": "club"})
    Traceback (most recent call last):
    ...
    pokertd.errors.ProfileError: the stored profile 'club': name is missing
    """
    label = f"the stored profile {data.get('id')!r}" if isinstance(data, Mapping) else ""
    if not isinstance(data, Mapping):
        raise ProfileError(
            message("a stored profile is a JSON object, not {kind}", kind=_kind(data))
        )
    for key in ("id", "name", "book"):
        if not isinstance(data.get(key), str):
            raise ProfileError(_stored(label, message("{key} is missing", key=key)))
    extends = data.get("extends")
    if extends is not None and not isinstance(extends, str):
        raise ProfileError(_stored(label, message("extends is not a profile id")))
    table = data.get("fields")
    if not isinstance(table, Mapping):
        raise ProfileError(_stored(label, message("fields is missing")))
    field_types = _field_types()
    unknown = sorted(set(table) - set(field_types))
    missing = [name for name in field_types if name not in table]
    if later is not None:
        table = {**{name: later.source_data(name) for name in missing}, **table}
        missing = []
    if unknown or missing:
        raise ProfileError(
            _stored(
                label,
                message(
                    "its fields are not pokertd's (unknown: {unknown}; missing: {missing})",
                    unknown=", ".join(unknown) or "none",
                    missing=", ".join(missing) or "none",
                ),
            )
        )
    values: dict[str, Any] = {}
    sources: dict[str, Source] = {}
    for name, field_type in field_types.items():
        entry = table[name]
        texts = [entry.get(key) if isinstance(entry, Mapping) else None for key in _SOURCE_KEYS]
        if not isinstance(entry, Mapping) or not all(isinstance(text, str) for text in texts):
            needs = message("[{name}] needs a value, profile, article and note", name=name)
            raise ProfileError(_stored(label, needs))
        values[name] = _value(entry.get("value"), name, field_type, label)
        sources[name] = Source(*typing.cast(list[str], texts))
    _check_together(values, label)
    return Profile(
        id=data["id"],
        name=data["name"],
        book=data["book"],
        extends=extends,
        sources=MappingProxyType(sources),
        **values,
    )


def _stored(label: str, problem: Message) -> Message:
    return message("{label}: {problem}", label=label, problem=problem)


@dataclass(frozen=True, slots=True)
class _Layer:
    """One parsed profile file, before inheritance."""

    key: str  # identity for cycle detection: the shipped id or the resolved path
    label: str  # how messages name the file
    directory: Path | None  # where relative ``extends`` paths start; None for shipped files
    id: str
    name: str
    book: str
    extends: str | None
    values: dict[str, Any]
    sources: dict[str, Source]


def _read_shipped(profile_id: str) -> _Layer:
    label = f"{profile_id}.toml"
    # Next to this module (package data), as ``evaluate/tables.bin``: importlib.resources would
    # cost more to import than reading the profile.
    text = (_PROFILES / label).read_text(encoding="utf-8")
    return _parse(text, key=profile_id, label=label, directory=None, stem=profile_id)


def _read_file(path: Path) -> _Layer:
    label = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ProfileError(
            message(
                "{label}: cannot read the profile: {error}",
                label=label,
                error=error.strerror or error,
            )
        ) from None
    except UnicodeDecodeError:
        raise ProfileError(message("{label}: the profile is not UTF-8 text", label=label)) from None
    return _parse(text, key=str(path.resolve()), label=label, directory=path.parent, stem=path.stem)


def _build(layer: _Layer, chain: tuple[_Layer, ...]) -> Profile:
    """Resolve ``layer``'s ``extends`` chain and return the complete profile."""
    links = " -> ".join(seen.label for seen in (*chain, layer))
    if any(seen.key == layer.key for seen in chain):
        raise ProfileError(
            message("{label}: cycle in extends: {links}", label=chain[0].label, links=links)
        )
    if any(seen.id == layer.id for seen in chain):
        raise ProfileError(
            message(
                "{label}: the id {id!r} appears twice in extends: {links}; give each "
                "house profile its own id",
                label=chain[0].label,
                id=layer.id,
                links=links,
            )
        )
    extends: str | None = None
    if layer.extends is None:
        missing = [name for name in Profile.rule_fields() if name not in layer.values]
        if missing:
            raise ProfileError(
                message(
                    "{label}: the root profile {root!r} must set every field, but "
                    "it does not set {missing}",
                    label=layer.label,
                    root=ROOT_ID,
                    missing=", ".join(missing),
                )
            )
        values, sources = dict(layer.values), dict(layer.sources)
    else:
        parent = _build(_read_parent(layer), (*chain, layer))
        values = {name: getattr(parent, name) for name in Profile.rule_fields()}
        sources = dict(parent.sources)
        values.update(layer.values)
        sources.update(layer.sources)
        extends = parent.id
    _check_together(values, layer.label)
    return Profile(
        id=layer.id,
        name=layer.name,
        book=layer.book,
        extends=extends,
        sources=MappingProxyType(sources),
        **values,
    )


def _check_together(values: dict[str, Any], label: str) -> None:
    """Check the fields whose values limit each other, once inheritance has been resolved."""
    low, high = values["day_end_hands_min"], values["day_end_hands_max"]
    if low > high:
        raise ProfileError(
            message(
                "{label}: day_end_hands_min = {low} is above day_end_hands_max = {high} (DAY-END)",
                label=label,
                low=low,
                high=high,
            )
        )
    late, usual = values["late_balance_max_difference"], values["balance_max_difference"]
    if values["late_balance_from_tables"] and late > usual:
        raise ProfileError(
            message(
                "{label}: late_balance_max_difference = {late} is above "
                "balance_max_difference = {usual}; the late limit may only be "
                "tighter (TBL-BALANCE-THRESHOLD)",
                label=label,
                late=late,
                usual=usual,
            )
        )


def _read_parent(layer: _Layer) -> _Layer:
    assert layer.extends is not None
    if layer.extends.endswith(".toml"):
        if layer.directory is None:
            raise ProfileError(
                message(
                    "{label}: extends = {extends!r} is a file, but a shipped profile "
                    "may extend only shipped profiles",
                    label=layer.label,
                    extends=layer.extends,
                )
            )
        return _read_file(layer.directory / layer.extends)
    if layer.extends not in PROFILE_IDS:
        raise ProfileError(
            message(
                "{label}: extends names an {unknown}",
                label=layer.label,
                unknown=_unknown_id(layer.extends),
            )
        )
    return _read_shipped(layer.extends)


def _parse(text: str, *, key: str, label: str, directory: Path | None, stem: str) -> _Layer:
    """Check one file's TOML and turn it into a layer; ``directory`` is None for shipped files."""
    is_book = directory is None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ProfileError(
            message("{label}: malformed TOML: {error}", label=label, error=error)
        ) from None
    field_types = _field_types()
    for name in data:
        if name not in _HEADER_KEYS and name not in field_types:
            hint = _suggest(name, [*_HEADER_KEYS, *field_types], message("fields"))
            raise ProfileError(
                message("{label}: unknown field {name!r}{hint}", label=label, name=name, hint=hint)
            )
    header = {name: _string(data, name, label) for name in _HEADER_KEYS if name in data}

    profile_id = header.get("id", stem)
    if not profile_id.strip():
        raise ProfileError(message("{label}: id is empty", label=label))
    if is_book and profile_id != stem:
        raise ProfileError(
            message(
                "{label}: id = {profile_id!r} must be the file stem {stem!r}",
                label=label,
                profile_id=profile_id,
                stem=stem,
            )
        )
    if not is_book and profile_id in PROFILE_IDS:
        raise ProfileError(
            message(
                "{label}: id = {profile_id!r} is a shipped profile; give the house "
                "profile its own id",
                label=label,
                profile_id=profile_id,
            )
        )
    book = header.get("book", "")
    if is_book and not book:
        raise ProfileError(
            message("{label}: book is missing; a shipped profile names its book", label=label)
        )
    if not is_book and "book" in header:
        raise ProfileError(
            message("{label}: book is set only by the shipped book profiles", label=label)
        )
    extends: str | None = header.get("extends", None if profile_id == ROOT_ID else ROOT_ID)
    if profile_id == ROOT_ID and extends is not None:
        raise ProfileError(
            message(
                "{label}: extends is set, but {root!r} is the root profile",
                label=label,
                root=ROOT_ID,
            )
        )

    values: dict[str, Any] = {}
    sources: dict[str, Source] = {}
    for name, field_type in field_types.items():
        if name in data:
            value, article, note = _entry(data[name], name, field_type, label, is_book=is_book)
            values[name] = value
            sources[name] = Source(profile=profile_id, article=article, note=note)
    return _Layer(
        key=key,
        label=label,
        directory=directory,
        id=profile_id,
        name=header.get("name", profile_id),
        book=book,
        extends=extends,
        values=values,
        sources=sources,
    )


def _entry(
    table: object, name: str, field_type: type, label: str, *, is_book: bool
) -> tuple[object, str, str]:
    """Check one ``[field]`` table and return its value, article and note."""
    if not isinstance(table, dict):
        raise ProfileError(
            message(
                "{label}: {name} must be a table [{name}] with value, article and note, not {kind}",
                label=label,
                name=name,
                kind=_kind(table),
            )
        )
    for key in table:
        if key not in _ENTRY_KEYS:
            hint = _suggest(key, _ENTRY_KEYS, message("keys"))
            raise ProfileError(
                message(
                    "{label}: [{name}] has an unknown key {key!r}{hint}",
                    label=label,
                    name=name,
                    key=key,
                    hint=hint,
                )
            )
    if "value" not in table:
        raise ProfileError(message("{label}: [{name}] has no value", label=label, name=name))
    article = _string(table, "article", label, name) if "article" in table else ""
    note = _string(table, "note", label, name) if "note" in table else ""
    if not article.strip():
        if is_book:
            raise ProfileError(
                message(
                    "{label}: [{name}] has no article; a book profile cites one for "
                    "each value it sets",
                    label=label,
                    name=name,
                )
            )
        article = HOUSE_ARTICLE
    return _value(table["value"], name, field_type, label), article, note


def _value(raw: object, name: str, field_type: type, label: str) -> object:
    if issubclass(field_type, StrEnum):
        allowed = [member.value for member in field_type]
        if not isinstance(raw, str):
            raise ProfileError(
                message(
                    "{label}: {name} must be a string, not {kind}",
                    label=label,
                    name=name,
                    kind=_kind(raw),
                )
            )
        if raw not in allowed:
            raise ProfileError(
                message(
                    "{label}: {name} = {raw!r} is not allowed; use one of {allowed}",
                    label=label,
                    name=name,
                    raw=raw,
                    allowed=", ".join(repr(value) for value in allowed),
                )
            )
        return field_type(raw)
    if field_type is bool:
        if not isinstance(raw, bool):
            raise ProfileError(
                message(
                    "{label}: {name} must be a boolean (true or false), not {kind}",
                    label=label,
                    name=name,
                    kind=_kind(raw),
                )
            )
        return raw
    # Counts of bets, levels, players, tables, hands and seconds.
    if not isinstance(raw, int) or isinstance(raw, bool):
        raise ProfileError(
            message(
                "{label}: {name} must be an integer, not {kind}",
                label=label,
                name=name,
                kind=_kind(raw),
            )
        )
    minimum = _MINIMUMS.get(name, 0)
    if raw < minimum:
        raise ProfileError(
            message(
                "{label}: {name} must be at least {minimum}, not {raw}",
                label=label,
                name=name,
                minimum=minimum,
                raw=raw,
            )
        )
    return raw


def _string(table: dict[str, Any], key: str, label: str, field_name: str = "") -> str:
    raw = table[key]
    if not isinstance(raw, str):
        where = f"[{field_name}] {key}" if field_name else key
        raise ProfileError(
            message(
                "{label}: {where} must be a string, not {kind}",
                label=label,
                where=where,
                kind=_kind(raw),
            )
        )
    return raw


def _kind(raw: object) -> Message:
    kinds = {
        bool: message("a boolean"),
        int: message("an integer"),
        float: message("a number"),
        str: message("a string"),
    }
    if isinstance(raw, dict):
        return message("a table")
    if isinstance(raw, list):
        return message("an array")
    return kinds.get(type(raw), message("a date or time"))


def _suggest(name: str, choices: typing.Sequence[str], what: Message) -> Message:
    close = difflib.get_close_matches(name, choices, n=1)
    if close:
        return message("; did you mean {close!r}?", close=close[0])
    return message("; the {what} are {choices}", what=what, choices=", ".join(choices))


def _unknown_id(profile_id: str) -> Message:
    close = difflib.get_close_matches(profile_id, PROFILE_IDS, n=1)
    hint = message(" (did you mean {listed}?)", listed=repr(close[0])) if close else ""
    return message(
        "unknown profile {profile!r}{hint}; the shipped profiles are {profiles}",
        profile=profile_id,
        hint=hint,
        profiles=", ".join(PROFILE_IDS),
    )
