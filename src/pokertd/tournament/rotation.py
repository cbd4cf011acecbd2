"""Mixed games: which game is played when, and the button frozen through the stud games.

A ``Rotation`` is a list of game ids played in turn (``Rotation.horse()``, the 8-game mix
``Rotation.eight_game()``, or a free list such as ``Rotation.parse("nlhe, plo, fl27td")``) and
when the game changes: every level (or every *n* levels) or every *n* hands at a table. Any game
of the engine may be named: the flop games, the studs and the draw games (2-7 single and triple
draw, badugi, five-card draw), which are dealt with a button and blinds as the flop games are.
It is plain data: the tournament asks it which game a level or a table's next hand is
(``game_at``), or writes the games into a structure's levels (``apply_to``).

TBL-MIXED-BUTTON (TDA 10B): when play passes from hold'em to stud, the button moves on one place
after the last hold'em hand and stays frozen through the stud games; a table balanced meanwhile
gives up the player who would have been big blind had the hand been hold'em; back at hold'em the
button of the first hand is where it was frozen. Here the freeze is the table's ``last_hand``
left as it was after its last flop-game hand (``after_hand``): the dead-button rule of
``pokertd.tournament.button`` then places the frozen button (``frozen_button``), the would-be big
blind (``would_be_big_blind``) and, once a flop game is back, the first hand (``next_hand``).

>>> rotation = Rotation.parse("horse every 8 hands")
>>> [rotation.game_at(hands_played=n) for n in (0, 7, 8, 39, 40)]
['flhe', 'flhe', 'flo8', 'stud8', 'flhe']
>>> Rotation.from_dict(rotation.to_dict()) == rotation, str(rotation)
(True, 'flhe, flo8, razz, stud, stud8 every 8 hands')
>>> Rotation.parse("8-game every 8 hands").games[:3]
('fl27td', 'flhe', 'flo8')
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, get_args

from pokertd.engine.games import GAMES, Game, GameFamily
from pokertd.errors import ParseError
from pokertd.messages import message
from pokertd.tournament.button import Blinds, NextHand, Table, next_hand
from pokertd.tournament.structure import Level, Structure

__all__ = [
    "EIGHT_GAME",
    "HORSE",
    "Change",
    "Rotation",
    "after_hand",
    "frozen_button",
    "is_draw_game",
    "is_flop_game",
    "is_stud_game",
    "known_games",
    "rotate_levels",
    "stud_hand",
    "would_be_big_blind",
]

#: H.O.R.S.E. in its letters' order: limit hold'em, limit Omaha hi-lo (eight or better), razz,
#: seven-card stud, seven-card stud hi-lo (eight or better). TDA 10B names HORSE without spelling
#: it out; the letters' order and fixed limit throughout are the usual reading (the books are
#: silent; see docs/tournament.md).
HORSE: tuple[str, ...] = ("flhe", "flo8", "razz", "stud", "stud8")
#: The 8-game mix as the WSOP deals it: limit 2-7 triple draw, then H.O.R.S.E., then no-limit
#: hold'em and pot-limit Omaha. The books do not name it (TDA 10B speaks of HORSE and the round of
#: stud only); the order is the usual one (docs/judgements.md).
EIGHT_GAME: tuple[str, ...] = ("fl27td", *HORSE, "nlhe", "plo")
#: The names ``Rotation.parse`` reads as a whole mix.
_MIXES = {"horse": HORSE, "8-game": EIGHT_GAME, "8game": EIGHT_GAME, "eight-game": EIGHT_GAME}

#: When a rotation changes game: at a new level, or after a number of hands at the table.
Change = Literal["level", "hands"]
_CHANGES: tuple[str, ...] = get_args(Change)

_EVERY = re.compile(r"^(?:(\d+)\s+)?(level|levels|hand|hands)$")


def known_games() -> tuple[str, ...]:
    """Return every game id a rotation may name: the engine's games.

    >>> {"nlhe", "flo8", "stud", "stud8", "razz"} <= set(known_games())
    True
    """
    return tuple(GAMES)


def is_stud_game(game: str) -> bool:
    """Return whether ``game`` is a stud game, dealt without a button or blinds (the seven-card
    studs: TDA 10A, 10B, 17A, 20B, 35A5, 66, PR-5D, PR-9).

    The stud rules apply to it: balancing by position in a stud event (STUD-BALANCE: TDA 10A), a
    misdeal when a down-card is exposed (STUD-MISDEAL: TDA 35A5), a dead hand when up-cards are
    picked up facing action (STUD-FOLD: TDA 66), premature cards (STUD-PREMATURE: TDA PR-5D), and in
    a mixed game the frozen button (TBL-MIXED-BUTTON: TDA 10B).

    Raises ParseError for an unknown game id.

    >>> is_stud_game("razz"), is_stud_game("nlhe")
    (True, False)
    """
    return _game(game).family is GameFamily.STUD


def is_draw_game(game: str) -> bool:
    """Return whether ``game`` is a draw game (2-7 single and triple draw, badugi, five-card
    draw): a button and blinds as in the flop games, a closed hand and draws (``engine.draw``).

    Its button moves every hand and a table balanced gives up its next big blind, as in the flop
    games (TBL-BALANCE-WHO: TDA 10A "flop and mixed games"); it never freezes the button
    (TBL-MIXED-BUTTON freezes it through the stud games only).

    Raises ParseError for an unknown game id.

    >>> is_draw_game("fl27td"), is_draw_game("badugi"), is_draw_game("nlhe")
    (True, True, False)
    """
    return _game(game).family is GameFamily.DRAW


def is_flop_game(game: str) -> bool:
    """Return whether ``game`` is a flop game (hold'em, Omaha), dealt with a button and blinds.

    Its button moves every hand (BTN-DEAD-BUTTON: TDA 32) and a table balanced gives up its next
    big blind (TBL-BALANCE-WHO: TDA 10A "flop and mixed games").

    Raises ParseError for an unknown game id.

    >>> is_flop_game("plo8"), is_flop_game("stud8")
    (True, False)
    """
    return _game(game).family is GameFamily.FLOP


@dataclass(frozen=True, slots=True)
class Rotation:
    """The games of a mixed event, played in turn, and when the game changes.

    ``change`` is ``"level"`` (a new game every ``every`` levels) or ``"hands"`` (a new game every
    ``every`` hands at a table, counted from the table's first hand in the rotation). A game may be
    named more than once. The books leave the pace to the event (TDA 10B speaks of "the round of
    Stud" only): both paces are offered.

    Raises ParseError for an empty list, an unknown game, a change that is not ``"level"`` or
    ``"hands"``, or ``every`` below 1.

    >>> Rotation(("nlhe", "plo"))
    Rotation(games=('nlhe', 'plo'), change='level', every=1)
    >>> Rotation(("nlhe", "holdem"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokertd.errors.ParseError: unknown game 'holdem'; pokertd plays nlhe, ...
    """

    games: tuple[str, ...]
    change: Change = "level"
    every: int = 1

    def __post_init__(self) -> None:
        if isinstance(self.games, str) or not isinstance(self.games, Sequence):
            raise ParseError(
                message(
                    "a rotation's games are a list of game ids, not {games!r}", games=self.games
                )
            )
        object.__setattr__(self, "games", tuple(self.games))
        if not self.games:
            raise ParseError(message("a rotation names at least one game"))
        for game in self.games:
            _game(game)
        if self.change not in _CHANGES:
            raise ParseError(
                message(
                    "a rotation changes game by 'level' or 'hands', not {change!r}",
                    change=self.change,
                )
            )
        if isinstance(self.every, bool) or not isinstance(self.every, int) or self.every < 1:
            raise ParseError(
                message(
                    "a rotation changes game every 1 or more levels, not {every!r}",
                    every=self.every,
                )
                if self.change == "level"
                else message(
                    "a rotation changes game every 1 or more hands, not {every!r}", every=self.every
                )
            )

    @classmethod
    def horse(cls, *, change: Change = "level", every: int = 1) -> Rotation:
        """Return H.O.R.S.E.: flhe, flo8, razz, stud, stud8 (TDA 10B names it).

        >>> Rotation.horse(change="hands", every=8)
        Rotation(games=('flhe', 'flo8', 'razz', 'stud', 'stud8'), change='hands', every=8)
        """
        return cls(HORSE, change, every)

    @classmethod
    def eight_game(cls, *, change: Change = "level", every: int = 1) -> Rotation:
        """Return the 8-game mix: fl27td, flhe, flo8, razz, stud, stud8, nlhe, plo.

        >>> Rotation.eight_game(change="hands", every=8).games
        ('fl27td', 'flhe', 'flo8', 'razz', 'stud', 'stud8', 'nlhe', 'plo')
        """
        return cls(EIGHT_GAME, change, every)

    @classmethod
    def parse(cls, text: str) -> Rotation:
        """Read a rotation: game ids separated by commas (or ``horse``, ``8-game``), then
        optionally ``every [N] level(s)`` or ``every [N] hand(s)``; ``str()`` writes it back.

        Raises ParseError for an empty list, an unknown game or a change it cannot read.

        >>> Rotation.parse("nlhe, plo")
        Rotation(games=('nlhe', 'plo'), change='level', every=1)
        >>> Rotation.parse("HORSE every 2 levels").every
        2
        >>> Rotation.parse(" , ")
        Traceback (most recent call last):
        ...
        pokertd.errors.ParseError: a rotation names at least one game
        """
        if not isinstance(text, str):
            raise ParseError(message("a rotation is a text, not {text!r}", text=text))
        parts = re.split(r"(?:^|\s+)every(?:\s+|$)", text.strip().lower(), maxsplit=1)
        games_text = parts[0]
        every_text = parts[1].strip() if len(parts) > 1 else None
        names = [name for name in re.split(r"[,\s]+", games_text) if name]
        mix = _MIXES.get(names[0]) if len(names) == 1 else None
        games: tuple[str, ...] = mix if mix is not None else tuple(names)
        if every_text is None:
            return cls(games)
        match = _EVERY.match(every_text)
        if match is None:
            raise ParseError(
                message(
                    "cannot read the change {every_text!r} of rotation {text!r}: say "
                    "'every 8 hands' or 'every 2 levels'",
                    every_text=every_text,
                    text=text,
                )
            )
        count, unit = match.groups()
        change: Change = "level" if unit.startswith("level") else "hands"
        return cls(games, change, int(count) if count else 1)

    def __str__(self) -> str:
        games = ", ".join(self.games)
        if self.change == "level":
            return games if self.every == 1 else f"{games} every {self.every} levels"
        return f"{games} every hand" if self.every == 1 else f"{games} every {self.every} hands"

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON shape of the rotation, which ``Rotation.from_dict`` reads back.

        >>> Rotation.parse("nlhe, plo").to_dict()
        {'games': ['nlhe', 'plo'], 'change': 'level', 'every': 1}
        """
        return {"games": list(self.games), "change": self.change, "every": self.every}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rotation:
        """Read the shape ``to_dict`` writes; raise ParseError for anything else.

        >>> Rotation.from_dict({"games": ["nlhe", "stud"], "change": "hands", "every": 6})
        Rotation(games=('nlhe', 'stud'), change='hands', every=6)
        >>> Rotation.from_dict({"games": []})
        Traceback (most recent call last):
        ...
        pokertd.errors.ParseError: a rotation names at least one game
        """
        if not isinstance(data, Mapping):
            raise ParseError(message("a rotation is an object, not {data!r}", data=data))
        extra = sorted(set(data) - {"games", "change", "every"})
        if extra:
            raise ParseError(message("a rotation has no field {extra!r}", extra=extra[0]))
        if "games" not in data:
            raise ParseError(message("the rotation has no 'games'"))
        games = data["games"]
        if not isinstance(games, list) or not all(isinstance(game, str) for game in games):
            raise ParseError(
                message("a rotation's games are a list of game ids, not {games!r}", games=games)
            )
        return cls(tuple(games), data.get("change", "level"), data.get("every", 1))

    def game_at(self, *, level_number: int = 1, hands_played: int = 0) -> str:
        """Return the game of level ``level_number`` (from 1, breaks not counted, as
        ``Structure.level_number`` numbers them) or of a table's hand after ``hands_played``
        hands in the rotation; a rotation by level reads only the first, by hands only the second.

        Raises ValueError for a level below 1 or a negative number of hands.

        >>> horse = Rotation.horse()
        >>> [horse.game_at(level_number=n) for n in range(1, 7)]
        ['flhe', 'flo8', 'razz', 'stud', 'stud8', 'flhe']
        """
        if level_number < 1:
            raise ValueError(f"levels are numbered from 1, not {level_number!r}")
        if hands_played < 0:
            raise ValueError(f"a table has played 0 or more hands, not {hands_played!r}")
        step = level_number - 1 if self.change == "level" else hands_played
        return self.games[(step // self.every) % len(self.games)]

    def apply_to(self, structure: Structure) -> Structure:
        """Return ``structure`` with the game of each level set by this rotation (by level).

        Raises ValueError for a rotation by hands: its game does not follow the levels.

        >>> s = Structure((Level(20, 40), Level(30, 60), Level(40, 80)), (10,), 4_000)
        >>> [level.game for level in Rotation.parse("nlhe, plo").apply_to(s).levels]
        ['nlhe', 'plo', 'nlhe']
        """
        if self.change != "level":
            raise ValueError(f"rotation {str(self)!r} changes game by hands, not by level")
        items = list(structure.items)
        number = 0
        for index, item in enumerate(items):
            if isinstance(item, Level):
                number += 1
                items[index] = replace(item, game=self.game_at(level_number=number))
        return replace(structure, items=tuple(items))


def rotate_levels(structure: Mapping[str, Any], text: str) -> dict[str, Any]:
    """Return a structure (as data) whose levels play the games of the rotation ``text``
    (``"8-game"``, ``"horse every 2 levels"``, ``"nlhe, fl27td"``): how an event is given a
    rotation when it is created (``tournament create --rotation``, the API's ``rotation``).

    >>> from pokertd.tournament.structure import template
    >>> rotated = rotate_levels(template("turbo").to_dict(), "8-game")
    >>> [item["game"] for item in rotated["items"] if item["type"] == "level"][:3]
    ['fl27td', 'flhe', 'flo8']

    Raises ParseError for a rotation that does not read, or one by hands (an event changes its
    game with its levels; a table's count of hands is not kept yet).
    """
    rotation = Rotation.parse(text)
    if rotation.change != "level":
        raise ParseError(
            message(
                "rotation {rotation!r} changes game every {every} hands: an event changes its "
                "game with its levels (write 'every 2 levels', or nothing for every level)",
                rotation=text,
                every=rotation.every,
            )
        )
    return rotation.apply_to(Structure.from_dict(structure)).to_dict()


# -- the button through the stud games (TBL-MIXED-BUTTON: TDA 10B) ------------------------------


def after_hand(table: Table, game: str, blinds: Blinds | None = None) -> Table:
    """Return ``table`` once a hand of ``game`` has been played there.

    A flop-game hand moves the button: ``blinds`` are its positions (``Table.after_hand``). A stud
    hand leaves the table as it is: the button stays frozen where the last flop hand's dead-button
    rule puts it next, and players new to the table stay new until the first flop hand
    (TBL-MIXED-BUTTON: TDA 10B).

    Raises ValueError when a flop hand comes without its blinds or a stud hand with blinds, and
    ParseError for an unknown game.

    >>> table = Table(1, 8, {s: f"p{s}" for s in range(1, 9)})
    >>> table = after_hand(table, "flhe", Blinds(1, 2, 3))  # the last hold'em hand
    >>> after_hand(table, "razz") == table
    True
    """
    if not _game(game).has_button:
        if blinds is not None:
            raise ValueError(f"a {game} hand has no button or blinds, not {blinds!r}")
        return table
    if blinds is None:
        raise ValueError(f"a {game} hand at table {table.number} needs its button and blinds")
    return table.after_hand(blinds)


def frozen_button(table: Table, *, initial_button: int | None = None) -> int:
    """Return the seat where the button stays through the stud games, and where it is for the
    first flop-game hand after them (TBL-MIXED-BUTTON: TDA 10B).

    TDA 10B: after the last hold'em hand the button moves on one place and is frozen there; back
    at hold'em the first hand's button is at that place. This is the next hand's button under the
    dead-button rule (BTN-DEAD-BUTTON: TDA 32), so the seat does not change when players bust or
    arrive during the stud games. Before its first flop hand a table's button is its first button
    (SEAT-FIRST-BUTTON), ``initial_button`` moved to the next occupied seat.

    Raises ValueError with fewer than two players seated, or before the first hand without an
    initial button.

    >>> table = Table(1, 8, {s: f"p{s}" for s in range(1, 9)}, last_hand=Blinds(1, 2, 3))
    >>> frozen_button(table)  # the last hold'em button was S1: frozen on S2
    2
    >>> frozen_button(table.without_player(2))  # S2 busts in razz: a dead button on S2
    2
    """
    return next_hand(table, initial_button=initial_button).blinds.button


def would_be_big_blind(table: Table, *, initial_button: int | None = None) -> int:
    """Return the seat of the player a table gives up to balance another during the stud games:
    the one who would have been big blind had the hand been hold'em (TBL-MIXED-BUTTON: TDA 10B;
    TBL-BALANCE-WHO: TDA 10A "flop and mixed games").

    He is the next hand's big blind with the button frozen (``frozen_button``): the next occupied
    seat after the last flop hand's big blind, so when he leaves, the one after him is next. He goes
    to the seat ``seating.balance_seat`` gives at the new table, read at its frozen button too
    (TBL-BALANCE-SEAT: TDA 10A), and ``seating.balance_moves`` proposes the same moves.

    Raises ValueError as ``frozen_button`` does.

    >>> table = Table(1, 8, {s: f"p{s}" for s in range(1, 9)}, last_hand=Blinds(1, 2, 3))
    >>> would_be_big_blind(table), would_be_big_blind(table.without_player(4))
    (4, 5)
    """
    return next_hand(table, initial_button=initial_button).blinds.big_blind


def stud_hand(table: Table, upcoming: NextHand) -> NextHand:
    """Return the next hand at ``table`` as a stud game deals it, from ``upcoming``, the next
    hand as a flop game would deal it (``button.next_hand``).

    Its positions stay those of ``upcoming``: the frozen button (``frozen_button``) and the blinds
    the hand would have had in hold'em, whose big blind is the player balancing moves
    (TBL-MIXED-BUTTON: TDA 10B); no blind is posted. Every seated player is dealt in, clockwise
    from the seat left of the button: nobody sits out waiting for a big blind that stud does not
    have (BTN-NEW-PLAYER, SEAT-LATE-POSITION are flop-game rules).

    >>> table = Table(1, 9, {2: "ann", 3: "bob", 4: "cyd", 6: "dan"}, last_hand=Blinds(1, 2, 4),
    ...               newcomers=frozenset({3}))
    >>> flop = next_hand(table)
    >>> flop.dealt, flop.sitting_out  # bob, new between the button and the small blind, waits
    ((4, 6, 2), (3,))
    >>> stud = stud_hand(table, flop)
    >>> stud.blinds == flop.blinds, stud.dealt, stud.sitting_out  # in stud he plays
    (True, (3, 4, 6, 2), ())
    """
    button = upcoming.blinds.button
    seats = tuple(sorted(table.players, key=lambda seat: (seat - button - 1) % table.size))
    return NextHand(upcoming.blinds, seats, (), len(seats) == 2)


def _game(game: str) -> Game:
    """Return the engine's game ``game``; raise ParseError for an unknown id."""
    found = GAMES.get(game) if isinstance(game, str) else None
    if found is None:
        known = ", ".join(GAMES)
        raise ParseError(
            message("unknown game {game!r}; pokertd plays {known}", game=game, known=known)
        )
    return found
