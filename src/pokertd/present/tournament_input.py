"""What the director types, read into numbers and commands' arguments: entries, chips, stacks,
times, lists, moves, structure and CSV files. Every reader raises ParseError with the text it
could not read, in the language of ``words`` (English by default)."""

from __future__ import annotations

import csv
import datetime
import io
import json
import re
import tomllib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from pokertd.errors import ParseError
from pokertd.messages import Message, message
from pokertd.present.i18n import error_text
from pokertd.present.words import ENGLISH, Words
from pokertd.tournament.structure import Structure
from pokertd.tournament.tdt import read_tdt

#: The most digits a typed whole number may have (a trillion chips is 13).
MAX_DIGITS = 15
#: The most entries one list of entries may name, its ranges counted in full.
MAX_ENTRIES = 10_000


def is_whole(text: str) -> bool:
    """Return whether ``text`` is a whole number in ASCII digits, at most ``MAX_DIGITS`` of them.

    ``str.isdigit`` alone takes ``²`` (which ``int`` refuses) and numbers of any length.

    >>> is_whole("12"), is_whole("²"), is_whole("٣"), is_whole("1" * 16), is_whole("")
    (True, False, False, False, False)
    """
    return text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS


def parse_bring_in(text: str) -> tuple[int, bool]:
    """Read a stud level's bring-in as a director types it: a whole amount, or nothing (or
    ``default``) for the default ``stud_bets`` derives; return the amount (0 for the default)
    and whether the default is asked for (``ChangeLevel``'s ``bring_in`` and
    ``default_bring_in``). Whether it fits the level (above 0, at most the small bet) is the
    level's to say.

    >>> parse_bring_in(" 50 "), parse_bring_in(""), parse_bring_in("default")
    ((50, False), (0, True), (0, True))
    >>> parse_bring_in("0")
    Traceback (most recent call last):
    ...
    pokertd.errors.ParseError: the bring-in must be above 0, not '0'
    """
    cleaned = text.strip().replace(" ", "").replace("\u202f", "")[:40]
    if cleaned in ("", "default"):
        return 0, True
    if not is_whole(cleaned):
        raise ParseError(
            message("the bring-in must be a whole number, not {value!r}", value=cleaned)
        )
    if int(cleaned) == 0:  # 0 would keep the level's bring-in: say it is not one
        raise ParseError(message("the bring-in must be above 0, not {value!r}", value=cleaned))
    return int(cleaned), False


def parse_entry(text: str, *, words: Words = ENGLISH) -> int:
    """Read an entry number: ``12`` or ``#12``.

    >>> parse_entry("#12"), parse_entry(" 7 ")
    (12, 7)
    """
    match = re.fullmatch(r"#?([0-9]{1,15})", text.strip())
    if match is None:
        raise ParseError(words("an entry is a number such as 12 or #12, not {text!r}", text=text))
    return int(match.group(1))


def parse_entries(texts: Sequence[str], *, words: Words = ENGLISH) -> list[int]:
    """Read entry numbers and ranges: ``3 #5 7-9``.

    >>> parse_entries(["3", "#5", "7-9"])
    [3, 5, 7, 8, 9]
    """
    found: list[int] = []
    for text in texts:
        match = re.fullmatch(r"#?([0-9]{1,15})-#?([0-9]{1,15})", text.strip())
        if match is None:
            found.append(parse_entry(text, words=words))
        else:
            low, high = int(match.group(1)), int(match.group(2))
            if low > high:
                raise ParseError(words("the range {text!r} runs backwards", text=text))
            if high - low + 1 + len(found) > MAX_ENTRIES:
                raise ParseError(_too_many(text, words))
            found.extend(range(low, high + 1))
        if len(found) > MAX_ENTRIES:
            raise ParseError(_too_many(text, words))
    return found


def _too_many(text: str, words: Words) -> str:
    return words(
        "{text!r} names more than {limit} entries, the most one list may name",
        text=text,
        limit=MAX_ENTRIES,
    )


#: Thousands written as an English page writes them: ``120,000`` (chips are whole: no decimals).
_COMMA_GROUPS = re.compile(r"\d{1,3}(?:,\d{3})+")


def parse_chips(text: str, *, what: str = "", words: Words = ENGLISH) -> int:
    """Read a chip count: a whole number from 0, its thousands as either language writes them
    (``12500``, ``12 500``, French ``12\u202f500``, English ``12,500``); ``what`` names it.

    >>> parse_chips("120,000"), parse_chips("120\u202f000"), parse_chips("12 500")
    (120000, 120000, 12500)
    """
    cleaned = re.sub(r"[ \u00a0\u202f_]", "", text.strip())
    if _COMMA_GROUPS.fullmatch(cleaned):
        cleaned = cleaned.replace(",", "")
    if not is_whole(cleaned):
        what = what or words("a chip count")
        raise ParseError(
            words("{what} is a whole number of chips, not {text!r}", what=what, text=text)
        )
    return int(cleaned)


def parse_stacks(texts: Sequence[str], *, words: Words = ENGLISH) -> dict[int, int]:
    """Read ``--stack ENTRY=CHIPS`` options.

    >>> parse_stacks(["#4=12500", "7=0"])
    {4: 12500, 7: 0}
    """

    def chips(text: str, number: int) -> int:
        what = words("the stack of entry {number}", number=number)
        return parse_chips(text, what=what, words=words)

    shape = message("ENTRY=CHIPS, such as 12=4500")
    return parse_by_entry(texts, option="--stack", shape=shape, value=chips, words=words)


def parse_by_entry(
    texts: Sequence[str],
    *,
    option: str,
    shape: Message | str,
    value: Callable[[str, int], int],
    words: Words = ENGLISH,
) -> dict[int, int]:
    """Read ``OPTION ENTRY=VALUE`` options, each entry once; ``value(text, entry)`` reads a value
    and ``shape`` says how the option is written (a message: its French is in the catalogue).

    >>> parse_by_entry(["#3=2"], option="--x", shape="ENTRY=N",
    ...                value=lambda text, entry: int(text))
    {3: 2}
    """
    found: dict[int, int] = {}
    for text in texts:
        entry, equals, rest = text.partition("=")
        if not equals:
            raise ParseError(
                words("{option} takes {shape}, not {text!r}", option=option, shape=shape, text=text)
            )
        number = parse_entry(entry, words=words)
        if number in found:
            raise ParseError(
                words("{option} gives entry {number} twice", option=option, number=number)
            )
        found[number] = value(rest, number)
    return found


def parse_seconds(text: str, *, words: Words = ENGLISH) -> float:
    """Read a time to add or remove: ``90``, ``-90``, ``+1:30`` or ``-0:30``.

    >>> parse_seconds("-1:30"), parse_seconds("+45")
    (-90.0, 45.0)
    """
    match = re.fullmatch(r"([+-]?)(?:([0-9]{1,9}):)?([0-9]{1,9}(?:\.[0-9]{1,9})?)", text.strip())
    if match is None or (match.group(2) is not None and float(match.group(3)) >= 60):
        raise ParseError(
            words("give seconds (90, -90) or minutes:seconds (+1:30), not {text!r}", text=text)
        )
    seconds = int(match.group(2) or 0) * 60 + float(match.group(3))
    return -seconds if match.group(1) == "-" else seconds


def parse_numbers(text: str, *, what: str, words: Words = ENGLISH) -> tuple[int, ...]:
    """Read a comma-separated list of positive whole numbers.

    >>> parse_numbers("25, 100,500", what="chips")
    (25, 100, 500)
    """
    parts = [part.strip() for part in text.split(",")]
    if not all(is_whole(part) and int(part) > 0 for part in parts):
        raise ParseError(
            words(
                "{what} is a list of positive numbers such as 5,4,3, not {text!r}",
                what=what,
                text=text,
            )
        )
    return tuple(int(part) for part in parts)


def parse_move(text: str, *, words: Words = ENGLISH) -> tuple[int, int, int]:
    """Read ``--move ENTRY:TABLE:SEAT``.

    >>> parse_move("#12:1:4")
    (12, 1, 4)
    """
    match = re.fullmatch(r"#?([0-9]{1,15}):([0-9]{1,15}):([0-9]{1,15})", text.strip())
    if match is None:
        raise ParseError(
            words("--move takes ENTRY:TABLE:SEAT, such as 12:1:4, not {text!r}", text=text)
        )
    return int(match.group(1)), int(match.group(2)), int(match.group(3))


def read_structure(
    path: Path,
    *,
    words: Words = ENGLISH,
    starting_stack: int | None = None,
    chips: Sequence[int] | None = None,
) -> dict[str, Any]:
    """Read a structure file: JSON or TOML in ``Structure.to_dict()`` form, or a ``.tdt`` save
    file of The Tournament Director (by its suffix). ``starting_stack`` and ``chips`` replace
    what a ``.tdt`` file gives (see ``pokertd.tournament.tdt``).
    """
    file = words("structure file {path!r}", path=str(path))
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise ParseError(words("{file} is not UTF-8 text", file=file)) from None
    return parse_structure(
        text, path.suffix, file, words=words, starting_stack=starting_stack, chips=chips
    )


def parse_structure(
    text: str,
    suffix: str,
    file: str,
    *,
    words: Words = ENGLISH,
    starting_stack: int | None = None,
    chips: Sequence[int] | None = None,
) -> dict[str, Any]:
    """Read the text of a structure file whose name ends with ``suffix`` (``.tdt``, ``.toml``,
    else JSON); ``file`` names it in the errors, which give the line, the item or the level that
    is wrong. Return ``Structure.to_dict()`` (the tournament's creation checks it is playable).

    >>> parse_structure('{"chips": [25], "starting_stack": 1000, "items": [{"type": "lvl"}]}',
    ...                 ".json", "s")
    Traceback (most recent call last):
    ...
    pokertd.errors.ParseError: s: item 0 of the structure has type 'lvl', not 'level' or 'break'
    """
    try:
        if suffix.lower() == ".tdt":
            data = read_tdt(text, starting_stack=starting_stack, chips=chips)
        else:
            data = tomllib.loads(text) if suffix.lower() == ".toml" else json.loads(text)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as error:
        raise ParseError(words("{file} is not valid: {error}", file=file, error=error)) from None
    except ParseError as error:
        raise ParseError(
            words("{file}: {error}", file=file, error=error_text(error, words.lang))
        ) from None
    try:
        return Structure.from_dict(data).to_dict()
    except ParseError as error:
        raise ParseError(
            words("{file}: {error}", file=file, error=error_text(error, words.lang))
        ) from None


def read_csv(
    path: Path, required: Sequence[str], *, words: Words = ENGLISH
) -> list[tuple[int, dict[str, str]]]:
    """Read a CSV file with a header row (comma, semicolon or tab separated).

    Returns (line number, row) pairs with lower-case column names. Raises ParseError when a
    required column is missing or the file is not UTF-8 text.
    """
    file = repr(str(path))
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise ParseError(words("{file} is not a UTF-8 text file", file=file)) from None
    header = text.splitlines()[0] if text.strip() else ""
    delimiter = max(",;\t", key=header.count)
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    try:
        rows = list(reader)
    except csv.Error as error:
        raise ParseError(
            words("{file} is not valid CSV: {error}", file=file, error=error)
        ) from None
    if not rows:
        raise ParseError(words("{file} is empty: it needs a header row", file=file))
    columns = [name.strip().lower() for name in rows[0]]
    missing = [name for name in required if name not in columns]
    if missing:
        raise ParseError(
            words(
                "{file} has no {missing!r} column (it has {columns})",
                file=file,
                missing=missing[0],
                columns=columns,
            )
        )
    found: list[tuple[int, dict[str, str]]] = []
    for line, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > len(columns):
            raise ParseError(
                words("{file} line {line} has more cells than the header", file=file, line=line)
            )
        found.append((line, dict(zip(columns, row, strict=False))))
    return found


def read_stacks(path: Path, *, words: Words = ENGLISH) -> dict[int, int]:
    """Read bagged stacks from a CSV file with ``entry`` and ``chips`` columns."""
    rows = read_csv(path, ["entry", "chips"], words=words)
    try:
        return parse_stacks(
            [f"{row['entry']}={row['chips'] or ''}" for _, row in rows], words=words
        )
    except ParseError as error:
        raise ParseError(words("{path!r}: {error}", path=str(path), error=error)) from None


def parse_time_of_day(text: str, now: datetime.datetime, *, words: Words = ENGLISH) -> str:
    """Read when late registration closes: ``22:30`` (its next occurrence after ``now``, in the
    machine's time zone) or an ISO-8601 time with its zone; return the ISO-8601 time.

    >>> now = datetime.datetime(2026, 3, 6, 23, 0, tzinfo=datetime.UTC)
    >>> parse_time_of_day("2026-03-06T23:30+00:00", now)
    '2026-03-06T23:30:00+00:00'
    """
    match = re.fullmatch(r"(\d{1,2})[:hH](\d{2})", text.strip())
    if match is None:
        try:
            moment = datetime.datetime.fromisoformat(text)
        except ValueError:
            moment = None
        if moment is None or moment.tzinfo is None:
            raise ParseError(
                words(
                    "give a time such as 22:30 or 2026-03-06T22:30+01:00, not {text!r}",
                    text=text,
                )
            )
        return moment.isoformat()
    hour, minute = int(match.group(1)), int(match.group(2))
    if hour > 23 or minute > 59:
        raise ParseError(words("{text!r} is not a time of day", text=text))
    local = now.astimezone()
    moment = local.replace(hour=hour, minute=minute, second=0, microsecond=0)
    if moment <= local:
        moment += datetime.timedelta(days=1)
    return moment.isoformat()
