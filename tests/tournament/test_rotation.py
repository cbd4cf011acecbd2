"""Mixed games: the rotation of games and the button frozen through the stud games (TDA 10B).

Tables are 8-seat tables numbered 1-8 clockwise; the player in seat N is ``pN``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

import pytest

from pokertd.engine.games import STUD_GAMES
from pokertd.errors import ParseError
from pokertd.present.i18n import error_text
from pokertd.tournament import seating
from pokertd.tournament.button import Blinds, Table, next_hand
from pokertd.tournament.rotation import (
    EIGHT_GAME,
    HORSE,
    Rotation,
    after_hand,
    frozen_button,
    is_draw_game,
    is_flop_game,
    is_stud_game,
    would_be_big_blind,
)
from pokertd.tournament.structure import Break, Level, Structure


def table(seats: Iterable[int], last: Blinds | None = None, number: int = 1) -> Table:
    return Table(number, 8, {seat: f"p{seat}" for seat in seats}, last_hand=last)


def play(current: Table, game: str) -> Table:
    """Play one hand of ``game`` at ``current`` and return the table after it."""
    if is_stud_game(game):
        return after_hand(current, game)
    return after_hand(current, game, next_hand(current, initial_button=1).blinds)


# -- the rotation ------------------------------------------------------------------------------


def test_mixed_horse_is_hold_em_omaha_razz_stud_stud8() -> None:
    """TDA 10B names HORSE: limit hold'em, limit Omaha-8, razz, stud, stud eight-or-better."""
    assert HORSE == ("flhe", "flo8", "razz", "stud", "stud8")
    assert Rotation.horse().games == HORSE
    assert [is_stud_game(game) for game in HORSE] == [False, False, True, True, True]


def test_mixed_horse_by_level() -> None:
    horse = Rotation.horse()
    games = [horse.game_at(level_number=number) for number in range(1, 12)]
    assert games == [*HORSE, *HORSE, "flhe"]
    assert horse.game_at(level_number=3, hands_played=500) == "razz"  # hands do not count


def test_mixed_horse_by_level_sets_the_structure_s_games() -> None:
    """A break does not take a game: the level after it plays the next one."""
    structure = Structure(
        (Level(20, 40), Level(30, 60), Break(10), Level(40, 80), Level(50, 100), Level(60, 120),
         Level(80, 160)),
        (10, 50),
        5_000,
    )  # fmt: skip
    mixed = Rotation.horse().apply_to(structure)
    assert [level.game for level in mixed.levels] == [*HORSE, "flhe"]
    assert isinstance(mixed.items[2], Break)
    assert [level.big_blind for level in mixed.levels] == [40, 60, 80, 100, 120, 160]
    assert Structure.from_dict(mixed.to_dict()) == mixed


def test_mixed_horse_every_two_levels() -> None:
    rotation = Rotation.parse("horse every 2 levels")
    assert [rotation.game_at(level_number=n) for n in range(1, 7)] == [
        "flhe", "flhe", "flo8", "flo8", "razz", "razz"
    ]  # fmt: skip


def test_mixed_horse_by_8_hands() -> None:
    horse = Rotation.horse(change="hands", every=8)
    games = [horse.game_at(hands_played=hands) for hands in range(48)]
    assert games == [game for game in HORSE for _ in range(8)] + ["flhe"] * 8
    assert horse.game_at(level_number=4, hands_played=0) == "flhe"  # levels do not count


def test_mixed_by_hands_does_not_set_level_games() -> None:
    structure = Structure((Level(20, 40),), (10,), 5_000)
    with pytest.raises(ValueError, match="by hands"):
        Rotation.horse(change="hands", every=8).apply_to(structure)


def test_mixed_free_list() -> None:
    rotation = Rotation.parse("nlhe, plo")
    assert rotation == Rotation(("nlhe", "plo"))
    assert [rotation.game_at(level_number=n) for n in range(1, 5)] == ["nlhe", "plo"] * 2
    assert Rotation.parse("NLHE plo8,stud").games == ("nlhe", "plo8", "stud")
    assert Rotation.parse("nlhe").game_at(level_number=9) == "nlhe"  # one game: no mix


@pytest.mark.parametrize(
    ("text", "rotation", "written"),
    [
        ("horse", Rotation.horse(), "flhe, flo8, razz, stud, stud8"),
        ("nlhe, plo", Rotation(("nlhe", "plo")), "nlhe, plo"),
        ("nlhe, plo every level", Rotation(("nlhe", "plo")), "nlhe, plo"),
        ("nlhe, plo every 3 levels", Rotation(("nlhe", "plo"), "level", 3), None),
        (
            "horse every 8 hands",
            Rotation.horse(change="hands", every=8),
            "flhe, flo8, razz, stud, stud8 every 8 hands",
        ),
        ("razz, stud every hand", Rotation(("razz", "stud"), "hands", 1), None),
        (
            "razz, stud every 1 hands",
            Rotation(("razz", "stud"), "hands", 1),
            "razz, stud every hand",
        ),
    ],
)
def test_mixed_parse_and_format(text: str, rotation: Rotation, written: str | None) -> None:
    assert Rotation.parse(text) == rotation
    assert str(rotation) == (written or text)
    assert Rotation.parse(str(rotation)) == rotation
    assert Rotation.from_dict(rotation.to_dict()) == rotation
    assert eval(repr(rotation)) == rotation


@pytest.mark.parametrize(
    ("text", "english", "french"),
    [
        ("", "a rotation names at least one game", "une rotation nomme au moins un jeu"),
        (" , ", "a rotation names at least one game", "une rotation nomme au moins un jeu"),
        ("every 8 hands", "a rotation names at least one game", "une rotation nomme"),
        ("nlhe, holdem", "unknown game 'holdem'; pokertd plays nlhe", "jeu inconnu 'holdem'"),
        ("horse, nlhe", "unknown game 'horse'", "jeu inconnu 'horse'"),
        ("nlhe every 8 orbits", "cannot read the change '8 orbits'", "changement '8 orbits'"),
        ("nlhe every", "cannot read the change ''", "changement '' illisible"),
        ("horse every 0 hands", "a rotation changes game every 1 or more hands, not 0", "une"),
    ],
)
def test_mixed_parse_errors(text: str, english: str, french: str) -> None:
    with pytest.raises(ParseError) as caught:
        Rotation.parse(text)
    assert str(caught.value).startswith(english)
    assert error_text(caught.value, "fr").startswith(french)


@pytest.mark.parametrize(
    ("games", "change", "every", "english"),
    [
        ((), "level", 1, "a rotation names at least one game"),
        (("nlhe", "7stud"), "level", 1, "unknown game '7stud'"),
        ("nlhe", "level", 1, "a rotation's games are a list of game ids"),
        (("nlhe",), "orbit", 1, "a rotation changes game by 'level' or 'hands', not 'orbit'"),
        (("nlhe",), "hands", 0, "a rotation changes game every 1 or more hands, not 0"),
        (("nlhe",), "hands", True, "a rotation changes game every 1 or more hands, not True"),
        (("nlhe",), "level", "2", "a rotation changes game every 1 or more levels, not '2'"),
    ],
)
def test_mixed_invalid_rotation(games: Any, change: Any, every: Any, english: str) -> None:
    with pytest.raises(ParseError, match="^" + english.replace("(", r"\(")) as caught:
        Rotation(games, change, every)
    assert error_text(caught.value, "fr") != str(caught.value)


@pytest.mark.parametrize(
    ("data", "english"),
    [
        ([], "a rotation is an object, not []"),
        ({}, "the rotation has no 'games'"),
        ({"games": ["nlhe"], "pace": 8}, "a rotation has no field 'pace'"),
        ({"games": "nlhe"}, "a rotation's games are a list of game ids, not 'nlhe'"),
        ({"games": ["nlhe", 7]}, "a rotation's games are a list of game ids"),
        ({"games": []}, "a rotation names at least one game"),
        ({"games": ["nlhe"], "change": "hands", "every": -8}, "a rotation changes game every"),
    ],
)
def test_mixed_from_dict_errors(data: Any, english: str) -> None:
    with pytest.raises(ParseError) as caught:
        Rotation.from_dict(data)
    assert str(caught.value).startswith(english)
    assert error_text(caught.value, "fr") != str(caught.value)


def test_mixed_parse_refuses_what_is_not_text() -> None:
    with pytest.raises(ParseError, match="a rotation is a text"):
        Rotation.parse(8)  # type: ignore[arg-type]


def test_mixed_game_at_refuses_impossible_counts() -> None:
    with pytest.raises(ValueError, match="levels are numbered from 1"):
        Rotation.horse().game_at(level_number=0)
    with pytest.raises(ValueError, match="0 or more hands"):
        Rotation.horse(change="hands", every=8).game_at(hands_played=-1)


@pytest.mark.parametrize("game", ["nlhe", "plhe", "flhe", "plo", "plo8", "flo8"])
def test_mixed_flop_games(game: str) -> None:
    assert is_flop_game(game)
    assert not is_stud_game(game)


@pytest.mark.parametrize("game", STUD_GAMES)
def test_mixed_stud_games(game: str) -> None:
    """STUD-MISDEAL (TDA 35A5), STUD-FOLD (TDA 66), STUD-PREMATURE (TDA PR-5D) apply to these."""
    assert is_stud_game(game)
    assert not is_flop_game(game)


def test_mixed_unknown_game_kind() -> None:
    for predicate in (is_flop_game, is_stud_game, is_draw_game):
        with pytest.raises(ParseError, match="unknown game 'badacey'") as caught:
            predicate("badacey")
        assert error_text(caught.value, "fr").startswith("jeu inconnu 'badacey'")


@pytest.mark.parametrize("game", ["nl27sd", "fl27td", "badugi", "nl5cd"])
def test_draw_games_are_neither_flop_nor_stud_and_move_the_button(game: str) -> None:
    assert is_draw_game(game)
    assert not is_flop_game(game)
    assert not is_stud_game(game)
    # A button and blinds: the button moves every hand (BTN-DEAD-BUTTON: TDA 32), never frozen.
    current = table(range(1, 9))
    played = after_hand(current, game, Blinds(1, 2, 3))
    assert played != current
    with pytest.raises(ValueError, match="needs its button and blinds"):
        after_hand(current, game)


def test_eight_game_is_triple_draw_horse_nlhe_plo() -> None:
    """The 8-game mix: 2-7 triple draw, H.O.R.S.E., no-limit hold'em, pot-limit Omaha."""
    for text in ("8-game", "8-Game every 2 levels", "eight-game every 8 hands"):
        assert Rotation.parse(text).games == EIGHT_GAME
    assert EIGHT_GAME == ("fl27td", "flhe", "flo8", "razz", "stud", "stud8", "nlhe", "plo")
    rotation = Rotation.eight_game(change="hands", every=8)
    assert [rotation.game_at(hands_played=n) for n in (0, 8, 48, 56, 64)] == [
        "fl27td", "flhe", "nlhe", "plo", "fl27td",
    ]  # fmt: skip
    assert Rotation.from_dict(rotation.to_dict()) == rotation
    assert Rotation.parse("nlhe, badugi, nl27sd").games == ("nlhe", "badugi", "nl27sd")


# -- the button frozen through the stud games (TBL-MIXED-BUTTON: TDA 10B) -----------------------


def test_tbl_mixed_button_frozen_through_razz_stud_stud8_and_resumed() -> None:
    """HORSE by 8 hands at a full 8-seat table: 16 flop hands move the button 16 seats; the 24
    stud hands leave it frozen one seat after the last Omaha button; hold'em resumes there."""
    horse = Rotation.horse(change="hands", every=8)
    current = table(range(1, 9))
    buttons: list[int | None] = []
    for hands in range(41):
        game = horse.game_at(hands_played=hands)
        if is_stud_game(game):
            buttons.append(None)
            assert frozen_button(current) == 1  # frozen through razz, stud and stud8
        else:
            buttons.append(next_hand(current, initial_button=1).blinds.button)
        current = play(current, game)
    assert buttons[:16] == [*range(1, 9), *range(1, 9)]
    assert buttons[15] == 8  # the last Omaha-8 hand's button
    assert buttons[16:40] == [None] * 24
    assert buttons[40] == 1  # TDA 10B: hold'em starts where the button was frozen
    assert current.last_hand == Blinds(1, 2, 3)


def test_tbl_mixed_button_frozen_by_level() -> None:
    """The same by level: the stud levels do not move the button."""
    horse = Rotation.horse()
    current = table(range(1, 9))
    for level in range(1, 6):  # each level plays 3 hands
        game = horse.game_at(level_number=level)
        for _ in range(3):
            current = play(current, game)
    # Six flop hands (buttons S1..S6), then three stud levels: frozen on S7.
    assert current.last_hand == Blinds(6, 7, 8)
    assert frozen_button(current) == 7
    assert next_hand(current).blinds == Blinds(7, 8, 1)


def test_tbl_mixed_button_frozen_seat_with_busts_during_stud() -> None:
    """A player busting in the stud games does not move the frozen button: the dead-button rule
    puts the first hold'em hand's button on his empty seat (BTN-DEAD-BUTTON: TDA 32)."""
    last_omaha = table(range(1, 9)).after_hand(Blinds(4, 5, 6))
    assert frozen_button(last_omaha) == 5
    during = play(play(last_omaha, "razz"), "stud").without_player(5).without_player(7)
    assert frozen_button(during) == 5
    resumed = next_hand(during)
    assert resumed.blinds == Blinds(5, 6, 8)
    assert resumed.is_button_dead


def test_tbl_mixed_button_heads_up_resumes() -> None:
    """Down to two during the stud games: hold'em resumes heads-up (BTN-HU-TRANSITION)."""
    last_holdem = table([2, 5, 7]).after_hand(Blinds(2, 5, 7))
    during = play(last_holdem, "stud8").without_player(5)
    upcoming = next_hand(during)
    assert upcoming.is_heads_up
    assert upcoming.blinds == Blinds(7, 7, 2)
    assert frozen_button(during) == 7


def test_tbl_mixed_button_rotation_starting_with_stud_keeps_the_first_button() -> None:
    """Before its first flop hand a table's button is its drawn first button (SEAT-FIRST-BUTTON),
    frozen through the stud games it starts with."""
    rotation = Rotation.parse("razz, stud, nlhe")
    current = table([1, 3, 4, 6])
    for level in (1, 2):
        current = play(current, rotation.game_at(level_number=level))
    assert current.last_hand is None
    assert frozen_button(current, initial_button=2) == 3
    assert would_be_big_blind(current, initial_button=2) == 6
    with pytest.raises(ValueError, match="SEAT-FIRST-BUTTON"):
        frozen_button(current)


def test_tbl_mixed_button_after_hand_needs_the_right_positions() -> None:
    current = table(range(1, 9))
    with pytest.raises(ValueError, match="needs its button and blinds"):
        after_hand(current, "nlhe")
    with pytest.raises(ValueError, match="a razz hand has no button or blinds"):
        after_hand(current, "razz", Blinds(1, 2, 3))
    with pytest.raises(ParseError, match="unknown game"):
        after_hand(current, "omaha")


def test_tbl_mixed_button_newcomer_during_stud() -> None:
    """A player new to the table during the stud games is seated and dealt in at the frozen
    positions: never between the frozen button and small blind under TDA 7A, 9; a balanced player
    takes the first empty seat after the last big blind (TBL-BALANCE-SEAT: TDA 10A)."""
    last_holdem = table([1, 2, 4, 5, 7, 8]).after_hand(Blinds(1, 2, 4))
    during = play(last_holdem, "stud")
    # Frozen: button S2, small blind S4: seat 3 is between them.
    assert frozen_button(during) == 2
    assert seating.allowed_new_seats(during, between_blinds_allowed=False) == [6]
    assert seating.balance_seat(during, random.Random(0)) == 6
    joined = play(during.with_player(6, "new"), "stud8")
    assert joined.newcomers == frozenset({6})  # still new until the first flop hand
    resumed = next_hand(joined)
    assert resumed.blinds == Blinds(2, 4, 5)
    assert 6 in resumed.dealt


def test_tbl_mixed_button_newcomer_between_blinds_sits_out_when_hold_em_resumes() -> None:
    """Under the books that seat him there (LFP 6.12, BTN-NEW-PLAYER), he waits one flop hand."""
    during = play(table([1, 2, 4, 5, 7, 8]).after_hand(Blinds(1, 2, 4)), "razz")
    resumed = next_hand(during.with_player(3, "new"))
    assert resumed.sitting_out == (3,)


def test_tbl_mixed_button_balance_mover_during_stud() -> None:
    """TDA 10B: during the stud games the player moved is the one who would have been big blind
    had the hand been hold'em; then the next one (TBL-BALANCE-WHO)."""
    full = play(play(table(range(1, 9)).after_hand(Blinds(3, 4, 5)), "razz"), "stud")
    short = play(table([1, 5], last=Blinds(8, 1, 5), number=2), "razz")
    assert would_be_big_blind(full) == 6
    assert would_be_big_blind(full.without_player(6)) == 7
    moves = seating.balance_moves([full, short], max_difference=2, rng=random.Random(0))
    assert [(move.entry, move.from_seat) for move in moves] == [("p6", 6), ("p7", 7)]
    # At the short table each takes the would-be big blind seat or the first empty one left of
    # it (TBL-BALANCE-SEAT: TDA 10A), read at its frozen button too.
    assert [move.to_seat for move in moves] == [6, 7]
    after = seating.apply_moves([full, short], moves)
    assert would_be_big_blind(after[0]) == 8
    assert next_hand(after[1]).blinds.big_blind == 6  # p6 posts the big blind at hold'em


def test_tbl_mixed_button_moves_normally_between_flop_games() -> None:
    """Hold'em to Omaha is no freeze: the button moves every flop hand (BTN-DEAD-BUTTON)."""
    rotation = Rotation.parse("nlhe, plo every hand")
    current = table(range(1, 9))
    buttons = []
    for hands in range(4):
        buttons.append(next_hand(current, initial_button=1).blinds.button)
        current = play(current, rotation.game_at(hands_played=hands))
    assert buttons == [1, 2, 3, 4]
