"""Levels, breaks, chips in play, structure problems (CHIP-WHEN) and the templates."""

from __future__ import annotations

import itertools
import json
import math

import pytest

from pokertd.errors import ParseError
from pokertd.tournament.structure import TEMPLATES, Break, Level, Structure, template

CHIPS = (25, 100, 500, 1000, 5000)


def _structure(*items: Level | Break, chips: tuple[int, ...] = (25, 100, 500)) -> Structure:
    return Structure(items, chips, 10_000, name="test")


# --- Level and Break ---------------------------------------------------------------------------


def test_level_defaults() -> None:
    level = Level(50, 100)
    assert level == Level(50, 100, ante=0, minutes=20, game="nlhe", ends_day=False)
    assert level.seconds == 1200
    assert level.amounts == (50, 100, 0)


def test_level_accepts_any_game_id_and_a_day_end() -> None:
    level = Level(100, 200, 0, 30, game="razz", ends_day=True)
    assert level.game == "razz"
    assert level.ends_day


def test_level_accepts_a_small_blind_of_zero_and_equal_blinds() -> None:
    assert Level(0, 100).small_blind == 0
    assert Level(100, 100).small_blind == 100


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"small_blind": 300, "big_blind": 200}, "small blind 300 is above the big blind 200"),
        ({"small_blind": 0, "big_blind": 0}, "big blind must be positive, not 0"),
        ({"small_blind": -5, "big_blind": 10}, "small blind must not be negative, not -5"),
        ({"small_blind": 5, "big_blind": 10, "ante": -1}, "ante must not be negative, not -1"),
        (
            {"small_blind": 5, "big_blind": 10, "minutes": 0},
            "a level lasts a positive number of minutes, not 0",
        ),
        ({"small_blind": 5, "big_blind": 10, "game": ""}, "game must be a non-empty game id"),
        ({"small_blind": 5.5, "big_blind": 10}, "small blind must be a whole number, not 5.5"),
        ({"small_blind": True, "big_blind": 10}, "small blind must be a whole number, not True"),
        ({"small_blind": 5, "big_blind": 10, "ends_day": 1}, "ends_day must be true or false"),
    ],
)
def test_level_refuses_impossible_values(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ParseError, match=message):
        Level(**kwargs)  # type: ignore[arg-type]


def test_break_refuses_bad_values() -> None:
    with pytest.raises(ParseError, match="a break lasts a positive number of minutes, not -1"):
        Break(-1)
    with pytest.raises(ParseError, match="positive denomination, not 0"):
        Break(10, (0,))
    with pytest.raises(ParseError, match="each denomination once"):
        Break(10, (25, 25))


def test_break_colour_up_becomes_a_tuple() -> None:
    assert Break(10, [25]).colour_up == (25,)  # type: ignore[arg-type]


# --- Structure --------------------------------------------------------------------------------


def test_levels_and_level_numbers_skip_breaks() -> None:
    s = _structure(Level(25, 50), Break(10), Level(50, 100), Level(75, 150), Break(5))
    assert s.levels == (Level(25, 50), Level(50, 100), Level(75, 150))
    assert [s.level_number(i) for i in range(5)] == [1, None, 2, 3, None]


@pytest.mark.parametrize("index", [-1, 5])
def test_level_number_and_denominations_refuse_an_index_outside(index: int) -> None:
    s = _structure(Level(25, 50), Break(10), Level(50, 100), Level(75, 150), Break(5))
    with pytest.raises(IndexError):
        s.level_number(index)
    with pytest.raises(IndexError):
        s.denominations_at(index)


def test_denominations_follow_the_colour_ups_of_earlier_breaks() -> None:
    s = _structure(
        Level(25, 50),
        Break(10, (25,)),
        Level(100, 200),
        Break(10, (100,)),
        Level(500, 1000),
        chips=(25, 100, 500, 1000),
    )
    assert s.denominations_at(0) == (25, 100, 500, 1000)
    assert s.denominations_at(1) == (25, 100, 500, 1000)  # the race is run during the break
    assert s.denominations_at(2) == (100, 500, 1000)
    assert s.denominations_at(4) == (500, 1000)


def test_a_sound_structure_has_no_problems() -> None:
    s = _structure(Level(25, 50), Level(50, 100, 25), Break(10, (25,)), Level(100, 200, 100))
    assert s.problems() == []
    s.validate()


def test_chip_when_a_colour_up_needed_by_the_next_level_is_a_problem() -> None:
    """CHIP-WHEN (GM 2°): a chip goes only when the blinds no longer need it."""
    s = _structure(Level(25, 50), Break(10, (25,)), Level(150, 300))
    assert s.problems() == [
        "the colour-up of 25 at item 1 removes a chip that level 2 (150/300 ante 0) still needs"
    ]


def test_a_later_level_that_needs_a_removed_chip_is_a_problem() -> None:
    s = _structure(Level(25, 50), Break(10, (25,)), Level(100, 200), Level(100, 200, 25))
    assert s.problems() == [
        "level 3 (100/200 ante 25) is not payable with chips (100, 500)",
    ]


def test_a_level_not_payable_from_the_start_is_a_problem() -> None:
    s = _structure(Level(10, 20), chips=(25, 100))
    assert s.problems() == ["level 1 (10/20 ante 0) is not payable with chips (25, 100)"]


def test_a_colour_up_of_chips_not_in_play_is_a_problem() -> None:
    s = _structure(Level(25, 50), Break(10, (25,)), Level(100, 200), Break(10, (25, 1000)))
    found = s.problems()
    assert "the break at item 3 colours up [25, 1000], not in play there" in found
    assert "the structure ends with a break; the last item must be a level" in found


def test_colouring_up_every_chip_is_a_problem() -> None:
    s = _structure(Level(100, 200), Break(10, (100,)), Level(100, 200), chips=(100,))
    assert s.problems() == ["the break at item 1 colours up every chip in play"]


@pytest.mark.parametrize(
    ("structure", "problem"),
    [
        (Structure((), (25,), 1000), "the structure has no level"),
        (Structure((Break(10),), (25,), 1000), "the structure has no level"),
        (Structure((Level(25, 50),), (), 1000), "the structure has no chip denominations"),
        (
            Structure((Level(25, 50),), (100, 25), 1000),
            "chips (100, 25) must be positive, distinct and ascending",
        ),
        (
            Structure((Level(25, 50),), (25, 25), 1000),
            "chips (25, 25) must be positive, distinct and ascending",
        ),
        (Structure((Level(25, 50),), (25,), 0), "the starting stack must be positive, not 0"),
        (
            Structure((Level(25, 50),), (25, 100), 1010),
            "the starting stack 1010 is not payable with chips (25, 100)",
        ),
    ],
)
def test_structure_level_problems(structure: Structure, problem: str) -> None:
    assert problem in structure.problems()


def test_validate_names_the_first_problem_and_counts_the_others() -> None:
    s = Structure((Level(10, 20), Level(10, 20, 5)), (25,), 1000, name="club")
    with pytest.raises(ParseError) as caught:
        s.validate()
    assert str(caught.value) == (
        "invalid structure 'club': level 1 (10/20 ante 0) is not payable with chips (25,) "
        "(and 1 more)"
    )


def test_structure_refuses_items_that_are_not_levels_or_breaks() -> None:
    with pytest.raises(ParseError, match="item 0 of a structure is not a level or a break"):
        Structure(("level",), (25,), 1000)  # type: ignore[arg-type]
    with pytest.raises(ParseError, match="starting stack must be a whole number"):
        Structure((Level(25, 50),), (25,), 1000.0)  # type: ignore[arg-type]
    with pytest.raises(ParseError, match="a chip denomination is a whole number"):
        Structure((Level(25, 50),), (25.0,), 1000)  # type: ignore[arg-type]


def test_structure_is_hashable_and_turns_lists_into_tuples() -> None:
    s = Structure([Level(25, 50)], [25], 1000)  # type: ignore[arg-type]
    assert s.items == (Level(25, 50),)
    assert s.chips == (25,)
    assert hash(s) == hash(Structure((Level(25, 50),), (25,), 1000))


def test_with_level_minutes_changes_levels_only() -> None:
    s = _structure(Level(25, 50), Break(10), Level(50, 100, minutes=30))
    changed = s.with_level_minutes(15)
    assert [item.minutes for item in changed.items] == [15, 10, 15]
    assert changed.name == s.name
    with pytest.raises(ParseError):
        s.with_level_minutes(0)


# --- JSON ---------------------------------------------------------------------------------------


def test_to_dict_round_trips_through_json() -> None:
    s = _structure(
        Level(25, 50),
        Break(10, (25,)),
        Level(100, 200, 25, 30, game="plo", ends_day=True),
    )
    data = json.loads(json.dumps(s.to_dict()))
    assert data["items"][1] == {"type": "break", "minutes": 10, "colour_up": [25]}
    assert data["items"][2]["game"] == "plo"
    assert Structure.from_dict(data) == s


@pytest.mark.parametrize("kind", TEMPLATES)
def test_templates_round_trip(kind: str) -> None:
    s = template(kind)
    assert Structure.from_dict(json.loads(json.dumps(s.to_dict()))) == s


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "a structure is an object"),
        ({"chips": [25], "items": []}, "the structure has no 'starting_stack'"),
        ({"starting_stack": 1000, "items": []}, "the structure has no 'chips'"),
        ({"chips": 25, "starting_stack": 1000, "items": []}, "'chips' of the structure is a list"),
        ({"chips": [25], "starting_stack": 1000, "items": [], "x": 1}, "unknown field 'x'"),
        ({"chips": [25], "starting_stack": 1000, "items": [], "name": 3}, "name is a string"),
        ({"chips": [25], "starting_stack": 1000, "items": [3]}, "item 0 of the structure is an"),
        (
            {"chips": [25], "starting_stack": 1000, "items": [{"type": "pause"}]},
            "item 0 of the structure has type 'pause', not 'level' or 'break'",
        ),
        (
            {"chips": [25], "starting_stack": 1000, "items": [{"type": "level"}]},
            "item 0 of the structure has no 'small_blind'",
        ),
        (
            {
                "chips": [25],
                "starting_stack": 1000,
                "items": [{"type": "level", "small_blind": 50, "big_blind": 25}],
            },
            "item 0 of the structure: small blind 50 is above the big blind 25",
        ),
        (
            {
                "chips": [25],
                "starting_stack": 1000,
                "items": [{"type": "level", "small_blind": 5, "big_blind": 25, "color": 1}],
            },
            "item 0 of the structure has unknown field 'color'",
        ),
        (
            {"chips": [25], "starting_stack": 1000, "items": [{"type": "break"}]},
            "item 0 of the structure has no 'minutes'",
        ),
        (
            {
                "chips": [25],
                "starting_stack": 1000,
                "items": [{"type": "break", "minutes": 5, "colour_up": 25}],
            },
            "'colour_up' of item 0 of the structure is a list",
        ),
    ],
)
def test_from_dict_refuses_bad_shapes(data: object, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        Structure.from_dict(data)  # type: ignore[arg-type]


# --- Templates ----------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", TEMPLATES)
@pytest.mark.parametrize("players", [None, 9, 200, 5_000, 20_000])
def test_every_template_is_valid(kind: str, players: int | None) -> None:
    s = template(kind, players=players)
    assert s.problems() == []
    assert len(s.levels) >= 25
    assert isinstance(s.items[-1], Level)


@pytest.mark.parametrize(
    ("starting_stack", "chips"),
    [
        (10_000, (25, 100, 500, 1000, 5000)),
        (30_000, (100, 500, 1000, 5000, 25_000)),
        (1_500, (5, 25, 100, 500)),
        (50_000, (100, 500, 1000, 5000, 25_000, 100_000)),
    ],
)
@pytest.mark.parametrize("kind", TEMPLATES)
def test_templates_with_other_stacks_and_chips_are_valid(
    kind: str, starting_stack: int, chips: tuple[int, ...]
) -> None:
    s = template(kind, starting_stack=starting_stack, chips=chips)
    assert s.problems() == []
    assert s.starting_stack == starting_stack
    assert s.chips == chips


@pytest.mark.parametrize(
    ("kind", "minutes", "depth"),
    [("turbo", 12, 100), ("regular", 20, 150), ("deep-stack", 30, 200)],
)
def test_template_shape(kind: str, minutes: int, depth: int) -> None:
    s = template(kind)
    assert {level.minutes for level in s.levels} == {minutes}
    first = s.levels[0].big_blind
    assert 100 <= s.starting_stack / first <= 200
    assert s.starting_stack / first == pytest.approx(depth, rel=0.35)
    assert s.name == kind


@pytest.mark.parametrize("kind", TEMPLATES)
def test_template_blinds_rise_by_a_quarter_to_a_half_or_so(kind: str) -> None:
    levels = template(kind).levels
    ratios = [b.big_blind / a.big_blind for a, b in itertools.pairwise(levels)]
    assert all(1.2 <= ratio <= 1.7 for ratio in ratios)
    geometric_mean = math.exp(sum(map(math.log, ratios)) / len(ratios))
    assert 1.25 <= geometric_mean <= 1.5
    assert all(level.small_blind * 2 == level.big_blind for level in levels)


@pytest.mark.parametrize("kind", TEMPLATES)
def test_template_antes_from_level_four_at_a_tenth_to_an_eighth(kind: str) -> None:
    levels = template(kind).levels
    assert all(level.ante == 0 for level in levels[:3])
    for level in levels[3:]:
        assert 0.1 <= level.ante / level.big_blind <= 0.125


@pytest.mark.parametrize(("kind", "every"), [("turbo", 5), ("regular", 4), ("deep-stack", 4)])
def test_template_breaks(kind: str, every: int) -> None:
    s = template(kind)
    for index, item in enumerate(s.items):
        if isinstance(item, Break):
            before = s.level_number(index - 1)
            assert before is not None
            assert before % every == 0


@pytest.mark.parametrize("kind", TEMPLATES)
def test_template_colours_up_the_smallest_chips_once_unneeded(kind: str) -> None:
    """CHIP-WHEN: each colour-up removes the smallest chips, which no later level needs."""
    s = template(kind)
    removed = [chip for item in s.items if isinstance(item, Break) for chip in item.colour_up]
    assert removed == sorted(removed)
    assert removed == list(CHIPS[: len(removed)])
    assert 25 in removed
    for index, item in enumerate(s.items):
        if isinstance(item, Break) and item.colour_up:
            for later in s.items[index + 1 :]:
                if isinstance(later, Level):
                    for chip in item.colour_up:
                        unit = min(s.denominations_at(index + 1))
                        assert all(amount % unit == 0 for amount in later.amounts)
                        assert chip < unit


def test_a_bigger_field_gets_more_levels() -> None:
    small = template("regular", players=20)
    big = template("regular", players=20_000)
    assert len(small.levels) == 25
    assert len(big.levels) > len(template("regular").levels) > 25
    assert big.levels[-1].big_blind >= 20_000 * 20_000 / 20


def test_the_first_levels_of_the_regular_template() -> None:
    levels = template("regular").levels
    assert [(level.small_blind, level.big_blind, level.ante) for level in levels[:5]] == [
        (75, 150, 0),
        (100, 200, 0),
        (125, 250, 0),
        (200, 400, 50),
        (250, 500, 50),
    ]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (
            {"kind": "bounty"},
            "unknown structure template 'bounty'; expected one of turbo, regular, deep-stack",
        ),
        ({"kind": "turbo", "starting_stack": 0}, "starting stack must be a positive number"),
        ({"kind": "turbo", "chips": ()}, "must be positive, distinct and ascending"),
        ({"kind": "turbo", "chips": (100, 25)}, "must be positive, distinct and ascending"),
        ({"kind": "turbo", "players": 1}, "at least 2 players, not 1"),
        ({"kind": "turbo", "chips": (7,)}, "no payable big blind"),
        (
            {"kind": "turbo", "starting_stack": 20_010},
            "the starting stack 20010 is not payable",
        ),
    ],
)
def test_template_refuses_bad_arguments(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ParseError, match=message):
        template(**kwargs)  # type: ignore[arg-type]
