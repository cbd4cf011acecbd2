r"""Read blind structures from The Tournament Director's ``.tdt`` save files.

The Tournament Director (thetournamentdirector.net, Windows, version 3) saves a tournament as one
text file, ``NAME.tdt``. Its vendor publishes no specification; what follows is what public
material shows, and :func:`read_tdt` reads only that.

**Syntax.** A ``.tdt`` file is a JavaScript object literal, written on one line::

    { V: "3.7.2", T: new Tournament({Title: "...", Levels: ..., Chips: ..., ...}), L: {...} }

``V`` is the version of the software, ``T`` the tournament, ``L`` the screen layout. The values
are objects with bare keys (``{Minutes: 20}``), arrays, double-quoted strings with backslash
escapes (``\"``, ``\\``, ``\n``), numbers, ``true``, ``false``, ``null``, constructor calls
``new Name(value)`` whose name may be dotted (``new LO.Cell({...})``, ``new PerPlayerRake([0])``)
and ``Map.from([[key, value], ...])``.

**Levels.** ``T.Levels`` is ``new GameLevels({Levels: [...]})``, the schedule in order, each item
a round or a break::

    new GameRound({Minutes: 20, SmallBlind: 100, BigBlind: 200, Ante: 100, GameType: 2,
                   GameName: "Texas Hold 'Em", Tokens: ..., Limits: [0, 0, 0, 0, 0, 0, 0, 0],
                   Notes: ""})
    new GameBreak({Minutes: 5, Tokens: ..., ChipUp: true, Notes: ""})

The user guide (section 9.2, "Level Properties") gives the same properties: a round has a game
type (Limit, Pot Limit or No Limit), a free-text game name, the small blind, the big blind, eight
"Limit" amounts "for games that require other bets, such as a bring-in bet", and the ante; a break
says whether a "chip up" should occur (lower chips traded for higher ones), not which chips; both
have a duration in minutes. ``GameType`` counts 0 = Limit, 1 = Pot Limit, 2 = No Limit: the
layout in the same files shows ``"Limit, ..."`` property sets under ``GameType: 0``, ``"Pot
Limit"`` under ``GameType: 1`` and ``"No Limit"`` under ``GameType: 2``.

**Chips and stack.** ``T.Chips`` is ``new GameChips({Chips: [new GameChip({ChipID, Label, Color,
Value, Use, PerPlayer}), ...], ChipSets: [...]})``: each chip's value and the number each player
receives at buy-in (guide section 15, "Chips Tab"). ``T.Financials`` holds ``Buyins: new
BuyConfig({Profiles: [new FeeProfile({Name, Fee, Chips, ...}), ...], DefIndex: 0, ...})``, the
buy-in profiles with the chips each one gives.

**Sources** (read for learning; no code was copied):

- sample save files of version 3.7.2 in https://github.com/hkhard/tdwpimport:
  ``tdtfiles/ORF_Poker_20250227.tdt``, ``tdtfiles/saves/Koffsta_20250718.tdt`` and others;
- that repository's PHP reader, ``wordpress-plugin/poker-tournament-import/includes/`` files
  ``class-tdt-lexer.php`` and ``class-tdt-ast-parser.php`` (the syntax);
- the Tournament Director 3 user guide, sections 9.2 "Level Properties" and 15 "Chips Tab",
  saved in the same repository as ``Tournament Director 3 Documentation.html`` and published at
  https://thetournamentdirector.net/userguide/docs343.html;
- https://github.com/paulpitchford/thetournamentdirector.net-parser, ``src/tournament_parser.py``
  (the ``V: "3.7.2"`` version field; it reads no levels).

**What pokertd makes of it.** Rounds become levels and breaks become breaks, in order. The ante
is read as it is; who posts it is the rule profile's business. A round's ``GameType`` and
``GameName`` choose the pokertd game (``_GAMES``): with spaces and punctuation dropped, a name
with "holdem" is hold'em, one with "omaha" is Omaha, hi-lo when it also has "hilo", "highlow" or
"8"; a round without them is no-limit hold'em. ``Limits``, ``Tokens`` and ``Notes`` are ignored,
and so are the players, prizes, events and layout. The file marks no end of day: ``ends_day`` is
always false. The rest, which the file does not say, pokertd decides, and the keyword arguments
of :func:`read_tdt` override:

- chips: the ``Value`` of every ``GameChip``, ascending (``Use`` is ignored: the guide's only
  yes/no column is "Display", so its meaning is not established); with no chips in the file,
  one chip worth the greatest common divisor of the amounts, so that every level is payable;
- starting stack: the ``Chips`` of the default buy-in profile (``Profiles[DefIndex]``), else the
  chips each player receives (``PerPlayer`` times ``Value``), else 100 first big blinds;
- colour-up: at a break with ``ChipUp: true``, the smallest chips in play as long as the next
  chip still pays every amount of every later level (CHIP-WHEN); none at other breaks;
- name: the tournament's ``Title``.

**Limits.** Only version 3.7.2 files were seen. Comments, single-quoted strings and other
JavaScript are refused. Round templates saved apart from a tournament were not seen, and are not
read.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from pokertd.errors import ParseError
from pokertd.messages import Message, message

__all__ = ["read_tdt"]

# --- Syntax ------------------------------------------------------------------------------------

_TOKEN = re.compile(
    r"""
      (?P<space>[ \t\r\n]+)
    | (?P<number>-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)
    | (?P<string>"(?:[^"\\\r\n]|\\[^\r\n])*")
    | (?P<name>[A-Za-z_$][A-Za-z0-9_$]*)
    | (?P<mark>[{}\[\]():,.])
    """,
    re.VERBOSE,
)
_HEX = {"u": re.compile(r"[0-9a-fA-F]{4}"), "x": re.compile(r"[0-9a-fA-F]{2}")}
_ESCAPES = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v", "0": "\0"}
_CONSTANTS: dict[str, Any] = {"true": True, "false": False, "null": None, "undefined": None}
#: Real files nest about 20 deep; deeper input is refused before Python's recursion limit.
_MAX_DEPTH = 200
#: Amounts and times are far shorter; Python's int() refuses numbers past 4300 digits.
_MAX_NUMBER = 40


class _Token(NamedTuple):
    kind: str  # space is dropped; number, string, name, mark or end
    text: str
    pos: int


@dataclass(frozen=True, slots=True)
class _New:
    """``new Name(argument)``, and where it starts in the text."""

    name: str
    argument: Any
    pos: int


@dataclass(frozen=True, slots=True)
class _Call:
    """``Name.method(argument)``, such as ``Map.from([...])``."""

    name: str
    argument: Any


def _line_column(text: str, pos: int) -> tuple[int, int]:
    return text.count("\n", 0, pos) + 1, pos - text.rfind("\n", 0, pos)


def _malformed(text: str, pos: int, why: Message) -> ParseError:
    line, column = _line_column(text, pos)
    return ParseError(
        message(
            "malformed .tdt file at line {line}, column {column}: {why}",
            line=line,
            column=column,
            why=why,
        )
    )


def _shown(token: _Token) -> Message | str:
    if token.kind == "end":
        return message("the end of the file")
    text = token.text if len(token.text) <= 24 else token.text[:21] + "..."
    return repr(text)


def _tokens(text: str) -> list[_Token]:
    tokens: list[_Token] = []
    pos = 1 if text.startswith("\ufeff") else 0  # a byte-order mark, as Windows tools write
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None:
            if text[pos] == '"':
                raise _malformed(text, pos, message("a string is not closed on its line"))
            raise _malformed(
                text, pos, message("unexpected character {character!r}", character=text[pos])
            )
        kind = match.lastgroup
        assert kind is not None
        if kind != "space":
            tokens.append(_Token(kind, match.group(), pos))
        pos = match.end()
    tokens.append(_Token("end", "", len(text)))
    return tokens


def _string(text: str, token: _Token) -> str:
    """The value of a string token, its escapes read as JavaScript reads them."""
    body = token.text[1:-1]
    if "\\" not in body:
        return body
    parts: list[str] = []
    start = 0
    while (slash := body.find("\\", start)) >= 0:
        parts.append(body[start:slash])
        code = body[slash + 1]
        if code in _HEX:
            size = 4 if code == "u" else 2
            digits = body[slash + 2 : slash + 2 + size]
            if not _HEX[code].fullmatch(digits):
                raise _malformed(
                    text,
                    token.pos + 1 + slash,
                    message("\\{code} needs {size} hexadecimal digits", code=code, size=size),
                )
            parts.append(chr(int(digits, 16)))
            start = slash + 2 + size
        else:
            parts.append(_ESCAPES.get(code, code))  # \" \\ \/ \' and any other: the character
            start = slash + 2
    parts.append(body[start:])
    value = "".join(parts)
    if any("\ud800" <= char <= "\udfff" for char in value):  # \uXXXX pairs: one character
        try:
            value = value.encode("utf-16", "surrogatepass").decode("utf-16")
        except UnicodeDecodeError:
            raise _malformed(text, token.pos, message("a string has a lone surrogate")) from None
    return value


class _Reader:
    """A recursive-descent reader of the object syntax: nothing is evaluated."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = _tokens(text)
        self.at = 0

    def document(self) -> Any:
        value = self.value(0)
        token = self.next()
        if token.kind != "end":
            found = _shown(token)
            raise self.error(
                token,
                message(
                    "expected the end of the file after the top-level value, found {found}",
                    found=found,
                ),
            )
        return value

    def next(self) -> _Token:
        token = self.tokens[self.at]
        self.at = min(self.at + 1, len(self.tokens) - 1)
        return token

    def is_mark(self, mark: str) -> bool:
        token = self.tokens[self.at]
        return token.kind == "mark" and token.text == mark

    def error(self, token: _Token, why: Message) -> ParseError:
        return _malformed(self.text, token.pos, why)

    def expect(self, mark: str, where: Message) -> None:
        token = self.next()
        if token.kind != "mark" or token.text != mark:
            raise self.error(
                token,
                message(
                    "expected {mark!r} {where}, found {found}",
                    mark=mark,
                    where=where,
                    found=_shown(token),
                ),
            )

    def value(self, depth: int) -> Any:
        token = self.next()
        if depth > _MAX_DEPTH:
            raise self.error(
                token, message("values are nested more than {most} deep", most=_MAX_DEPTH)
            )
        if token.kind == "mark" and token.text == "{":
            return self.object(depth)
        if token.kind == "mark" and token.text == "[":
            return self.array(depth)
        if token.kind == "string":
            return _string(self.text, token)
        if token.kind == "number":
            if len(token.text) > _MAX_NUMBER:
                raise self.error(
                    token,
                    message("a number has more than {most} characters", most=_MAX_NUMBER),
                )
            return float(token.text) if any(c in token.text for c in ".eE") else int(token.text)
        if token.kind == "name" and token.text in _CONSTANTS:
            return _CONSTANTS[token.text]
        if token.kind == "name" and token.text == "new":
            name = self.dotted(self.next())
            return _New(name, self.argument(f"new {name}", depth), token.pos)
        if token.kind == "name" and self.is_mark("."):
            name = self.dotted(token)
            return _Call(name, self.argument(name, depth))
        found = _shown(token)
        raise self.error(token, message("expected a value, found {found}", found=found))

    def dotted(self, token: _Token) -> str:
        names: list[str] = []
        while True:
            if token.kind != "name" or token.text in _CONSTANTS or token.text == "new":
                found = _shown(token)
                raise self.error(
                    token, message("expected a class name, found {found}", found=found)
                )
            names.append(token.text)
            if not self.is_mark("."):
                return ".".join(names)
            self.next()
            token = self.next()

    def argument(self, callee: str, depth: int) -> Any:
        self.expect("(", message("after {callee!r}", callee=callee))
        if self.is_mark(")"):
            self.next()
            return None
        argument = self.value(depth + 1)
        self.expect(")", message("to close {call!r}", call=callee + "("))
        return argument

    def object(self, depth: int) -> dict[str, Any]:
        members: dict[str, Any] = {}
        while True:
            token = self.next()
            if token.kind == "mark" and token.text == "}":
                return members  # also after a trailing comma, as in JavaScript
            if token.kind == "name":
                key = token.text
            elif token.kind == "string":
                key = _string(self.text, token)
            else:
                found = _shown(token)
                raise self.error(
                    token, message("expected a key or '}}', found {found}", found=found)
                )
            self.expect(":", message("after the key {key!r}", key=key))
            members[key] = self.value(depth + 1)
            token = self.next()
            if token.kind == "mark" and token.text == "}":
                return members
            if token.kind != "mark" or token.text != ",":
                found = _shown(token)
                raise self.error(
                    token,
                    message(
                        "expected ',' or '}}' after the value of {key!r}, found {found}",
                        key=key,
                        found=found,
                    ),
                )

    def array(self, depth: int) -> list[Any]:
        items: list[Any] = []
        while True:
            if self.is_mark("]"):
                self.next()
                return items  # also after a trailing comma, as in JavaScript
            items.append(self.value(depth + 1))
            token = self.next()
            if token.kind == "mark" and token.text == "]":
                return items
            if token.kind != "mark" or token.text != ",":
                found = _shown(token)
                raise self.error(
                    token, message("expected ',' or ']' in an array, found {found}", found=found)
                )


# --- Structure ---------------------------------------------------------------------------------

#: (game family read from GameName, GameType) -> pokertd game id. GameType: 0 Limit, 1 Pot Limit,
#: 2 No Limit.
_GAMES = {
    ("holdem", 2): "nlhe",
    ("holdem", 1): "plhe",
    ("holdem", 0): "flhe",
    ("omaha", 1): "plo",
    ("omaha-hi-lo", 1): "plo8",
    ("omaha-hi-lo", 0): "flo8",
}
_GAME_TYPES = {0: "limit", 1: "pot limit", 2: "no limit"}
_NO_LIMIT = 2
#: With no chips in the file, the starting stack is this many first big blinds.
_DEFAULT_STACK_IN_BIG_BLINDS = 100


def _family(game_name: str) -> str | None:
    """Hold'em, Omaha or Omaha hi-lo, read from the free text of a round's ``GameName``."""
    folded = re.sub(r"[^a-z0-9]", "", game_name.casefold())
    if not folded or "holdem" in folded:
        return "holdem"  # "Texas Hold 'Em", "Hold'em", or no name at all
    if "omaha" in folded:
        is_hi_lo = any(mark in folded for mark in ("hilo", "highlow", "8"))
        return "omaha-hi-lo" if is_hi_lo else "omaha"
    return None


def _is_whole(value: object) -> bool:
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and value.is_integer())


def _whole(fields: dict[str, Any], key: str, where: Message, default: int | None) -> int:
    """Field ``key`` as a whole number; ``default`` when it is absent (None: it is required)."""
    if key not in fields:
        if default is None:
            raise ParseError(message("{where} has no {key!r}", where=where, key=key))
        return default
    value = fields[key]
    if not _is_whole(value):
        raise ParseError(
            message(
                "{where}: {key} is {value!r}, not a whole number", where=where, key=key, value=value
            )
        )
    return int(value)


def _members(value: Any, name: str) -> dict[str, Any] | None:
    """The members of ``new name({...})``, or None when ``value`` is anything else."""
    if isinstance(value, _New) and value.name == name and isinstance(value.argument, dict):
        return value.argument
    return None


def _where(text: str, node: _New, what: Message) -> Message:
    line, column = _line_column(text, node.pos)
    return message("{what} at line {line}, column {column}", what=what, line=line, column=column)


def _round(text: str, node: _New, number: int) -> dict[str, Any]:
    where = _where(text, node, message("round {number}", number=number))
    fields: dict[str, Any] = node.argument
    game_type = _whole(fields, "GameType", where, _NO_LIMIT)
    game_name = fields.get("GameName", "")
    if not isinstance(game_name, str):
        raise ParseError(
            message(
                "{where}: GameName is {game_name!r}, not a string", where=where, game_name=game_name
            )
        )
    game = _GAMES.get((_family(game_name) or "", game_type))
    if game is None:
        kind = _GAME_TYPES.get(game_type, f"game type {game_type}")
        raise ParseError(
            message(
                "{where} plays {game_name!r} {kind}, a game pokertd does not run; "
                "it runs hold'em (no limit, pot limit, limit), Omaha (pot limit) "
                "and Omaha hi-lo (pot limit, limit)",
                where=where,
                game_name=game_name,
                kind=kind,
            )
        )
    return {
        "type": "level",
        "small_blind": _whole(fields, "SmallBlind", where, None),
        "big_blind": _whole(fields, "BigBlind", where, None),
        "ante": _whole(fields, "Ante", where, 0),
        "minutes": _whole(fields, "Minutes", where, None),
        "game": game,
        "ends_day": False,  # the file marks no end of day
    }


def _break(text: str, node: _New, number: int) -> tuple[dict[str, Any], bool]:
    """The break, without its colour-up yet, and whether the file asks for a chip-up."""
    where = _where(text, node, message("break {number}", number=number))
    fields: dict[str, Any] = node.argument
    chip_up = fields.get("ChipUp", False)
    if not isinstance(chip_up, bool):
        raise ParseError(
            message(
                "{where}: ChipUp is {chip_up!r}, not true or false", where=where, chip_up=chip_up
            )
        )
    minutes = _whole(fields, "Minutes", where, None)
    return {"type": "break", "minutes": minutes, "colour_up": []}, chip_up


def _schedule(text: str, tournament: dict[str, Any]) -> tuple[list[dict[str, Any]], list[int]]:
    """The items of the structure, and the indexes of the breaks that ask for a chip-up."""
    levels = _members(tournament.get("Levels"), "GameLevels")
    schedule = levels.get("Levels") if levels is not None else None
    if not isinstance(schedule, list):
        raise ParseError(
            message("the .tdt file has no schedule (Levels: new GameLevels({{Levels: [...]}}))")
        )
    items: list[dict[str, Any]] = []
    chip_ups: list[int] = []
    rounds = breaks = 0
    for index, entry in enumerate(schedule):
        if _members(entry, "GameRound") is not None:
            rounds += 1
            items.append(_round(text, entry, rounds))
        elif _members(entry, "GameBreak") is not None:
            breaks += 1
            item, chip_up = _break(text, entry, breaks)
            if chip_up:
                chip_ups.append(len(items))
            items.append(item)
        else:
            shown = f"new {entry.name}(...)" if isinstance(entry, _New) else repr(entry)[:40]
            raise ParseError(
                message(
                    "item {item} of the .tdt schedule is {shown}, not a round or a break",
                    item=index + 1,
                    shown=shown,
                )
            )
    if not rounds:
        raise ParseError(message("the .tdt schedule has no round"))
    return items, chip_ups


def _file_chips(text: str, tournament: dict[str, Any]) -> tuple[list[int], int]:
    """The chip values of the file, ascending, and the value each player receives at buy-in."""
    chips = _members(tournament.get("Chips"), "GameChips")
    entries = chips.get("Chips") if chips is not None else None
    values: set[int] = set()
    per_player = 0
    for number, entry in enumerate(entries if isinstance(entries, list) else [], start=1):
        fields = _members(entry, "GameChip")
        if fields is None:
            continue
        where = _where(text, entry, message("chip {number}", number=number))
        value = _whole(fields, "Value", where, None)
        if value <= 0:
            raise ParseError(
                message(
                    "{where}: Value is {value!r}, not a positive chip value",
                    where=where,
                    value=value,
                )
            )
        values.add(value)
        per_player += value * max(0, _whole(fields, "PerPlayer", where, 0))
    return sorted(values), per_player


def _file_stack(text: str, tournament: dict[str, Any]) -> int:
    """The chips of the default buy-in profile, or 0 when the file gives none."""
    financials = _members(tournament.get("Financials"), "FinancialConfig")
    buyins = _members(financials.get("Buyins"), "BuyConfig") if financials is not None else None
    if buyins is None:
        return 0
    profiles, default = buyins.get("Profiles"), buyins.get("DefIndex", 0)
    if not isinstance(profiles, list) or not _is_whole(default):
        return 0
    if not 0 <= default < len(profiles):
        return 0
    node = profiles[int(default)]
    profile = _members(node, "FeeProfile")
    if profile is None:
        return 0
    where = _where(text, node, message("the default buy-in profile"))
    return max(0, _whole(profile, "Chips", where, 0))


def _colour_up(items: list[dict[str, Any]], chip_ups: list[int], chips: Sequence[int]) -> None:
    """Fill in what each chip-up break colours up (CHIP-WHEN): the smallest chips in play, as long
    as the next one still pays every blind and ante of every later level."""
    in_play = sorted(set(chips))
    for index, item in enumerate(items):
        if index not in chip_ups:
            continue
        amounts = [
            later[key]
            for later in items[index + 1 :]
            if later["type"] == "level"
            for key in ("small_blind", "big_blind", "ante")
        ]
        unit = math.gcd(*amounts)
        if not unit:
            continue
        while len(in_play) > 1 and unit % in_play[1] == 0:
            item["colour_up"].append(in_play.pop(0))


def _positive_whole(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise ParseError(
            message("{name} must be a positive whole number, not {value!r}", name=name, value=value)
        )
    return value


def read_tdt(
    text: str,
    *,
    name: str | None = None,
    starting_stack: int | None = None,
    chips: Sequence[int] | None = None,
) -> dict[str, Any]:
    """Read the blind structure of a Tournament Director ``.tdt`` file's text.

    Return the dict that ``Structure.from_dict`` reads. ``name``, ``starting_stack`` and ``chips``
    replace what the file gives or what pokertd decides without it (see the module's docstring).
    Nothing in the text is evaluated.

    Raises ParseError, at a line and column, for text that is not the ``.tdt`` syntax; and for a
    file without a schedule, a round with a game pokertd does not run, or amounts and durations
    that are not whole numbers.

    >>> text = '''{ V: "3.7.2", T: new Tournament({Title: "Club night", Levels: new GameLevels({
    ...   Levels: [new GameRound({Minutes: 20, SmallBlind: 25, BigBlind: 50, Ante: 0}),
    ...            new GameBreak({Minutes: 10, ChipUp: true}),
    ...            new GameRound({Minutes: 20, SmallBlind: 100, BigBlind: 200, Ante: 200})]}),
    ...   Chips: new GameChips({Chips: [new GameChip({Value: 25, PerPlayer: 8}),
    ...                                 new GameChip({Value: 100, PerPlayer: 18})]})}) }'''
    >>> structure = read_tdt(text)
    >>> structure["name"], structure["starting_stack"], structure["chips"]
    ('Club night', 2000, [25, 100])
    >>> structure["items"][1]
    {'type': 'break', 'minutes': 10, 'colour_up': [25]}
    >>> read_tdt('{ V: "3.7.2", T: new Tournament({Title: "x" Levels: []}) }')
    Traceback (most recent call last):
    ...
    pokertd.errors.ParseError: malformed .tdt file at line 1, column 45: expected ',' or '}' \
after the value of 'Title', found 'Levels'
    """
    document = _Reader(text).document()
    tournament = _members(document.get("T") if isinstance(document, dict) else None, "Tournament")
    if tournament is None:
        raise ParseError(
            message("the .tdt file has no tournament ({{ V: ..., T: new Tournament({{...}}) }})")
        )
    items, chip_ups = _schedule(text, tournament)
    file_chips, per_player = _file_chips(text, tournament)

    if starting_stack is None:
        first_big_blind = next(item["big_blind"] for item in items if item["type"] == "level")
        stack = (
            _file_stack(text, tournament)
            or per_player
            or _DEFAULT_STACK_IN_BIG_BLINDS * first_big_blind
        )
    else:
        stack = _positive_whole(starting_stack, "starting_stack")
    if chips is not None:
        denominations = [_positive_whole(chip, "a chip value") for chip in chips]
    elif file_chips:
        denominations = file_chips
    else:
        amounts = [
            item[key]
            for item in items
            if item["type"] == "level"
            for key in ("small_blind", "big_blind", "ante")
        ]
        denominations = [math.gcd(stack, *amounts) or 1]
    _colour_up(items, chip_ups, denominations)

    title = tournament.get("Title", "")
    return {
        "name": name if name is not None else title if isinstance(title, str) else "",
        "starting_stack": stack,
        "chips": denominations,
        "items": items,
    }
