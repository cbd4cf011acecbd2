"""The Tournament Director's .tdt files: their syntax, their schedule, and what pokertd decides."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.errors import ParseError
from pokertd.present.i18n import error_text
from pokertd.tournament.structure import Break, Level, Structure
from pokertd.tournament.tdt import read_tdt

DATA = Path(__file__).resolve().parents[1] / "data" / "tdt"


def _text(name: str) -> str:
    """A fixture's text exactly as written: its byte-order mark and CR LF line ends kept."""
    return (DATA / name).read_bytes().decode("utf-8")


def _level(sb: int, bb: int, ante: int, minutes: int, game: str = "nlhe") -> dict[str, Any]:
    return {"type": "level", "small_blind": sb, "big_blind": bb, "ante": ante,
            "minutes": minutes, "game": game, "ends_day": False}  # fmt: skip


def _break(minutes: int, *colour_up: int) -> dict[str, Any]:
    return {"type": "break", "minutes": minutes, "colour_up": list(colour_up)}


# --- Fixtures that import ------------------------------------------------------------------------


def test_a_club_night_file_reads_level_by_level() -> None:
    structure = read_tdt(_text("club_night.tdt"))
    assert structure == {
        "name": "Lundi 6 avril",
        "starting_stack": 15_000,  # the default buy-in profile, Profiles[DefIndex = 1]
        "chips": [25, 100, 500, 1000, 5000],
        "items": [
            _level(25, 50, 0, 15),
            _level(50, 100, 0, 15),
            _level(75, 150, 0, 15),
            _break(10),  # ChipUp: false
            _level(100, 200, 200, 20),
            _level(150, 300, 300, 20),
            _level(200, 400, 400, 20),
            _break(10, 25),
            _level(300, 600, 600, 20),
            _level(400, 800, 800, 20),
            _level(500, 1000, 1000, 20),
            _break(15, 100),
            _level(1000, 2000, 2000, 20),
            _level(1500, 3000, 3000, 20),
            _level(2000, 4000, 4000, 20),
        ],
    }
    Structure.from_dict(structure).validate()


@pytest.mark.parametrize(
    "name", ["club_night.tdt", "spacing.tdt", "mixed_games.tdt", "levels_only.tdt"]
)
def test_every_sound_fixture_is_a_valid_structure(name: str) -> None:
    structure = Structure.from_dict(read_tdt(_text(name)))
    structure.validate()
    assert structure.levels


def test_a_chip_up_break_colours_up_what_no_later_level_needs_chip_when() -> None:
    """CHIP-WHEN: a chip-up removes the smallest chips while the next one pays every later amount;
    a break without ChipUp colours up nothing, even when it could."""
    structure = Structure.from_dict(read_tdt(_text("club_night.tdt")))
    breaks = [item for item in structure.items if isinstance(item, Break)]
    assert [item.colour_up for item in breaks] == [(), (25,), (100,)]
    assert structure.denominations_at(len(structure.items) - 1) == (500, 1000, 5000)


def test_a_chip_up_keeps_a_chip_a_later_ante_needs() -> None:
    text = _file(
        _round(50, 100, 0, 20),
        _pause(10, chip_up=True),
        _round(100, 200, 50, 20),  # the ante of 50 needs the 50 chip
        chips=((50, 20), (100, 20)),
    )
    assert read_tdt(text)["items"][1] == _break(10)


def test_odd_spacing_escapes_a_byte_order_mark_and_crlf_lines() -> None:
    text = _text("spacing.tdt")
    assert text.startswith("\ufeff{\r\n\t")
    structure = read_tdt(text)
    assert structure["name"] == 'Café "Le Brelan" \\ night\nsecond line\t/ \U0001f0cf'
    assert structure["items"] == [
        _level(50, 100, 0, 30),  # SmallBlind: 50.0 is a whole number
        _break(20),
        _level(200, 400, 50, 30),
    ]
    assert (structure["starting_stack"], structure["chips"]) == (3000, [50, 100])


def test_game_type_and_game_name_choose_the_game() -> None:
    games = [item["game"] for item in read_tdt(_text("mixed_games.tdt"))["items"]]
    # GameType 2 No Limit, 1 Pot Limit, 0 Limit; a round without them is no-limit hold'em.
    assert games == ["nlhe", "plhe", "flhe", "plo", "plo8", "flo8", "nlhe"]


def test_without_chips_or_buy_in_pokertd_decides_the_stack_and_chips() -> None:
    structure = read_tdt(_text("levels_only.tdt"))
    assert structure["name"] == ""
    assert structure["starting_stack"] == 100 * 60  # 100 first big blinds
    assert structure["chips"] == [15]  # the greatest common divisor of every amount
    assert structure["items"][1] == _break(5)  # one chip: nothing to colour up


def test_without_a_buy_in_profile_the_stack_is_what_each_player_receives() -> None:
    text = _file(_round(25, 50, 0, 20), chips=((25, 8), (100, 18)))
    assert read_tdt(text)["starting_stack"] == 8 * 25 + 18 * 100


def test_keywords_replace_what_the_file_gives() -> None:
    structure = read_tdt(
        _text("club_night.tdt"), name="Monday", starting_stack=20_000, chips=(25, 100, 1000)
    )
    assert (structure["name"], structure["starting_stack"]) == ("Monday", 20_000)
    assert structure["chips"] == [25, 100, 1000]
    breaks = [item["colour_up"] for item in structure["items"] if item["type"] == "break"]
    assert breaks == [[], [25], []]  # without the 500 chip, 1000 cannot pay 1500/3000
    Structure.from_dict(structure).validate()


@pytest.mark.parametrize(
    ("keywords", "message"),
    [
        ({"starting_stack": 0}, "starting_stack must be a positive whole number, not 0"),
        ({"starting_stack": True}, "starting_stack must be a positive whole number, not True"),
        ({"chips": (25, 0)}, "a chip value must be a positive whole number, not 0"),
        ({"chips": "25"}, "a chip value must be a positive whole number, not '2'"),
    ],
)
def test_bad_keywords_are_refused(keywords: dict[str, Any], message: str) -> None:
    with pytest.raises(ParseError, match=message) as caught:
        read_tdt(_text("levels_only.tdt"), **keywords)
    assert error_text(caught.value, "fr") != str(caught.value)


# --- Malformed files -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "english", "french"),
    [
        (
            "truncated.tdt",
            "malformed .tdt file at line 2, column 1: expected ':' after the key 'SmallBl', "
            "found the end of the file",
            "fichier .tdt mal formé, ligne 2, colonne 1 : ':' attendu après la clé 'SmallBl', "
            "trouvé la fin du fichier",
        ),
        (
            "unclosed_string.tdt",
            "malformed .tdt file at line 3, column 12: a string is not closed on its line",
            "fichier .tdt mal formé, ligne 3, colonne 12 : une chaîne n'est pas fermée",
        ),
        (
            "bad_escape.tdt",
            "malformed .tdt file at line 1, column 45: \\u needs 4 hexadecimal digits",
            "fichier .tdt mal formé, ligne 1, colonne 45 : \\u demande 4 chiffres hexadécimaux",
        ),
        (
            "stud_round.tdt",
            "round 2 at line 1, column 194 plays 'Seven Card Stud' limit, a game pokertd does "
            "not run; it runs hold'em (no limit, pot limit, limit), Omaha (pot limit) and Omaha "
            "hi-lo (pot limit, limit)",
            "le niveau 2 (ligne 1, colonne 194) joue 'Seven Card Stud' limit, un jeu que pokertd "
            "ne gère pas ; il gère le hold'em (no limit, pot limit, limit), l'Omaha (pot limit) "
            "et l'Omaha hi-lo (pot limit, limit)",
        ),
        (
            "half_minute.tdt",
            "round 1 at line 1, column 83: Minutes is 7.5, not a whole number",
            "le niveau 1 (ligne 1, colonne 83) : Minutes vaut 7.5, pas un nombre entier",
        ),
        (
            "no_schedule.tdt",
            "the .tdt file has no schedule (Levels: new GameLevels({Levels: [...]}))",
            "le fichier .tdt n'a pas de programme (Levels: new GameLevels({Levels: [...]}))",
        ),
        (
            "layout_only.tdt",
            "the .tdt file has no tournament ({ V: ..., T: new Tournament({...}) })",
            "le fichier .tdt n'a pas de tournoi ({ V: ..., T: new Tournament({...}) })",
        ),
        (
            "unknown_item.tdt",
            "item 2 of the .tdt schedule is new GameBonus(...), not a round or a break",
            "l'élément 2 du programme .tdt est new GameBonus(...), ni un niveau ni une pause",
        ),
    ],
)
def test_a_malformed_file_says_what_and_where_in_both_languages(
    name: str, english: str, french: str
) -> None:
    with pytest.raises(ParseError) as caught:
        read_tdt(_text(name))
    assert (str(caught.value), error_text(caught.value, "fr")) == (english, french)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "line 1, column 1: expected a value, found the end of the file"),
        ("{ V: 1 } x", "line 1, column 10: expected the end of the file after the top-level value"),
        ("{ V: 1,, }", "line 1, column 8: expected a key or '}', found ','"),
        ("{ V 1 }", "line 1, column 5: expected ':' after the key 'V', found '1'"),
        ("[1 2]", "line 1, column 4: expected ',' or ']' in an array, found '2'"),
        ("{ V: 'x' }", 'line 1, column 6: unexpected character "\'"'),
        ("{ V: .5 }", "line 1, column 6: expected a value, found '.'"),
        ("{ V: -x }", "line 1, column 6: unexpected character '-'"),
        ("{\n  V: os.system }", "line 2, column 16: expected '(' after 'os.system', found '}'"),
        ("{ V: eval }", "line 1, column 6: expected a value, found 'eval'"),
        ("{ T: new (1) }", "line 1, column 10: expected a class name, found '('"),
        ("{ T: new true() }", "line 1, column 10: expected a class name, found 'true'"),
        ("{ T: new A(1, 2) }", "line 1, column 13: expected ')' to close 'new A(', found ','"),
        ("// note\n{}", "line 1, column 1: unexpected character '/'"),
        ('{ V: "\\ud83c" }', "line 1, column 6: a string has a lone surrogate"),
        ('{ V: "\\x4" }', "line 1, column 7: \\x needs 2 hexadecimal digits"),
        ("[" * 300, "line 1, column 202: values are nested more than 200 deep"),
        ("[" + "9" * 41 + "]", "line 1, column 2: a number has more than 40 characters"),
    ],
)
def test_a_syntax_error_names_its_line_and_column(text: str, message: str) -> None:
    with pytest.raises(ParseError, match="malformed .tdt file at " + _escaped(message)) as caught:
        read_tdt(text)
    assert error_text(caught.value, "fr").startswith("fichier .tdt mal formé, ligne ")


@pytest.mark.parametrize(
    ("levels", "message"),
    [
        ("new GameRound({Minutes: 20, BigBlind: 50})", "round 1 at line 1, column 67 has no "),
        (
            'new GameRound({Minutes: 20, SmallBlind: 25, BigBlind: "50"})',
            "round 1 at line 1, column 67: BigBlind is '50', not a whole number",
        ),
        (
            "new GameRound({Minutes: 20, SmallBlind: 25, BigBlind: 50, GameName: 7})",
            "round 1 at line 1, column 67: GameName is 7, not a string",
        ),
        (
            "new GameRound({Minutes: 20, SmallBlind: 25, BigBlind: 50, GameType: 5})",
            "plays '' game type 5, a game pokertd does not run",
        ),
        (
            'new GameRound({Minutes: 20, SmallBlind: 25, BigBlind: 50, GameName: "Omaha"})',
            "plays 'Omaha' no limit, a game pokertd does not run",
        ),
        (
            "new GameBreak({Minutes: 5, ChipUp: 1}), new GameRound({})",
            "break 1 at line 1, column 67: ChipUp is 1, not true or false",
        ),
        ("new GameBreak({Minutes: 5}), 3", "item 2 of the .tdt schedule is 3, not a round"),
        ("new GameBreak({Minutes: 5})", "the .tdt schedule has no round"),
    ],
)
def test_a_schedule_error_names_the_round_or_break(levels: str, message: str) -> None:
    text = '{ V: "3.7.2", T: new Tournament({Levels: new GameLevels({Levels: [' + levels + "]})}) }"
    with pytest.raises(ParseError, match=_escaped(message)) as caught:
        read_tdt(text)
    assert error_text(caught.value, "fr") != str(caught.value)


def test_a_chip_must_have_a_positive_value() -> None:
    with pytest.raises(ParseError, match=r"chip 2 at line 1, column \d+: Value is 0, not a posit"):
        read_tdt(_file(_round(25, 50, 0, 20), chips=((25, 8), (0, 1))))


def test_nothing_in_the_text_is_evaluated() -> None:
    text = '{ T: new Tournament({Title: __import__("os").system("true")}) }'
    with pytest.raises(ParseError, match="expected a value, found '__import__'"):
        read_tdt(text)


def _escaped(text: str) -> str:
    return re.escape(text)


# --- A test-only writer, and properties ----------------------------------------------------------

#: Between two tokens: nothing, or spaces, tabs and line ends in any mix.
_GAPS = ("", " ", "  ", "\t", "\n", "\r\n", "\n\t\t", " \r\n ")


def _round(sb: int, bb: int, ante: int, minutes: int) -> tuple[str, dict[str, Any]]:
    return ("GameRound", {"Minutes": minutes, "SmallBlind": sb, "BigBlind": bb, "Ante": ante,
                          "GameType": 2, "GameName": "Texas Hold 'Em",
                          "Limits": [0] * 8, "Notes": ""})  # fmt: skip


def _pause(minutes: int, *, chip_up: bool) -> tuple[str, dict[str, Any]]:
    return ("GameBreak", {"Minutes": minutes, "ChipUp": chip_up, "Notes": ""})


def _js(value: Any, gap: Callable[[], str]) -> str:
    """Write ``value`` in the .tdt syntax: ``(name, argument)`` tuples are ``new name(...)``."""
    if isinstance(value, tuple):
        name, argument = value
        return f"new{gap() or ' '}{name}{gap()}({gap()}{_js(argument, gap)}{gap()})"
    if isinstance(value, dict):
        members = [f"{key}{gap()}:{gap()}{_js(item, gap)}" for key, item in value.items()]
        return "{" + gap() + f"{gap()},{gap()}".join(members) + gap() + "}"
    if isinstance(value, list):
        return "[" + gap() + f"{gap()},{gap()}".join(_js(item, gap) for item in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    return json.dumps(value)  # numbers; strings with JSON's escapes, which JavaScript shares


def _file(
    *items: tuple[str, dict[str, Any]],
    title: str = "",
    chips: tuple[tuple[int, int], ...] = (),
    gap: Callable[[], str] = lambda: " ",
) -> str:
    tournament: dict[str, Any] = {"Title": title, "Levels": ("GameLevels", {"Levels": list(items)})}
    if chips:
        values = [("GameChip", {"Value": value, "PerPlayer": count}) for value, count in chips]
        tournament["Chips"] = ("GameChips", {"Chips": values})
    return _js({"V": "3.7.2", "T": ("Tournament", tournament)}, gap)


@st.composite
def _levels(draw: st.DrawFn) -> Level:
    big_blind = draw(st.integers(1, 10**6))
    small_blind, ante = draw(st.integers(0, big_blind)), draw(st.integers(0, big_blind))
    return Level(small_blind, big_blind, ante, draw(st.integers(1, 240)))


_LEVELS = _levels()
_BREAKS = st.tuples(st.integers(1, 90), st.booleans())
_ITEMS = st.tuples(st.lists(st.one_of(_LEVELS, _BREAKS), max_size=12), _LEVELS).map(
    lambda drawn: [*drawn[0], drawn[1]]
)


@settings(max_examples=150, deadline=None)
@given(items=_ITEMS, title=st.text(max_size=30), seed=st.integers(0, 2**32))
def test_a_written_structure_reads_back_to_the_same_levels(
    items: list[Level | tuple[int, bool]], title: str, seed: int
) -> None:
    rng = random.Random(seed)
    written = [
        _round(*item.amounts, item.minutes)
        if isinstance(item, Level)
        else _pause(item[0], chip_up=item[1])
        for item in items
    ]
    text = _file(*written, title=title, gap=lambda: rng.choice(_GAPS))
    read = read_tdt(text)
    assert read["name"] == title
    structure = Structure.from_dict(read)
    assert structure.levels == tuple(item for item in items if isinstance(item, Level))
    breaks = [item[0] for item in items if isinstance(item, tuple)]
    assert [item.minutes for item in structure.items if isinstance(item, Break)] == breaks
    structure.validate()


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from('{}[]():,."\\ \nnewTGameRoundV0123-x'), max_size=80))
def test_any_text_reads_or_raises_a_parse_error(text: str) -> None:
    error = _refusal(lambda: read_tdt(text))
    assert error is None or error_text(error, "fr") != str(error)


@settings(max_examples=200, deadline=None)
@given(position=st.integers(0, 10**6), replacement=st.characters(codec="utf-8"))
def test_a_damaged_fixture_reads_or_raises_a_parse_error(position: int, replacement: str) -> None:
    text = _text("spacing.tdt")
    position %= len(text)
    damaged = text[:position] + replacement + text[position + 1 :]
    error = _refusal(lambda: Structure.from_dict(read_tdt(damaged)))
    assert error is None or error_text(error, "fr") != str(error)


def _refusal(read: Callable[[], object]) -> ParseError | None:
    """The ParseError ``read`` raises, or None when it reads; any other exception fails the test."""
    try:
        read()
    except ParseError as error:
        return error
    return None
