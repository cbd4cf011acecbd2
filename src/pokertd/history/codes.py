"""PHH action notations and variant codes: the only place where actions are strings.

Each PHH action (``"p1 cbr 300"``) is a frozen value with a text round trip:
``str(BetOrRaise.parse("p1 cbr 300")) == "p1 cbr 300"``. Players are numbered from 0 here and
from 1 in the text (``p1`` is player 0). Every notation may end with a commentary after ``#``
(``"p2 f # tanks, then folds"``), kept in ``commentary``; a notation made only of a commentary,
or only of whitespace, is a ``NoOp``.

The grammar is the PHH specification's (phh.readthedocs.io, "Actions" and "Card Notation").
"""

from __future__ import annotations

import re
from abc import abstractmethod
from collections.abc import Mapping
from dataclasses import KW_ONLY, dataclass
from decimal import Decimal
from types import MappingProxyType
from typing import Self

from pokertd.cards.card import Card, format_cards, parse_cards
from pokertd.errors import ParseError
from pokertd.messages import message

Cards = tuple[Card | None, ...]


class _Action:
    """Shared behaviour of the action values; ``__str__`` is each class's ``_body`` + commentary.

    Not an ``ABC`` (``_body`` is abstract to mypy alone): ``isinstance`` on an ABC's subclasses
    runs Python code, and a replay matches each action against several classes (3% of a replay).
    """

    __slots__ = ()

    commentary: str | None

    @abstractmethod
    def _body(self) -> str:
        """Return the action's code without its commentary."""

    def __str__(self) -> str:
        body = self._body()
        parts = [body] if body else []
        if self.commentary is not None:
            parts.append(f"# {self.commentary}" if self.commentary else "#")
        return " ".join(parts)

    @classmethod
    def parse(cls, text: str) -> Self:
        """Read one notation of this kind; ParseError if the text is another kind or malformed."""
        action = parse_action(text)
        if not isinstance(action, cls):
            raise ParseError(f"action {text!r} is not a {cls.__name__} notation")
        return action

    def _check(self) -> None:
        commentary = self.commentary
        if commentary is not None and commentary != commentary.strip():
            raise ParseError(f"commentary {commentary!r} has leading or trailing whitespace")
        player = getattr(self, "player", 0)
        if type(player) is not int or player < 0:
            raise ParseError(f"player {player!r} is not a player index from 0")


def _check_cards(cards: Cards, what: str) -> None:
    if not cards:
        raise ParseError(f"{what} needs at least one card")


@dataclass(frozen=True, slots=True)
class DealHole(_Action):
    """``d dh p1 AsKs``: the dealer gives ``player`` hole cards (``None`` for ``??``).

    In stud the same notation deals down and up cards; which are up follows from the street.

    >>> DealHole.parse("d dh p3 ????7c")
    DealHole(player=2, cards=(None, None, Card.parse('7c')), commentary=None)
    """

    player: int
    cards: Cards
    _: KW_ONLY
    commentary: str | None = None

    def __post_init__(self) -> None:
        self._check()
        _check_cards(self.cards, "dealing hole cards")

    def _body(self) -> str:
        return f"d dh p{self.player + 1} {format_cards(self.cards)}"


@dataclass(frozen=True, slots=True)
class DealBoard(_Action):
    """``d db JcTs2d``: the dealer turns community cards (the whole flop in one notation).

    >>> str(DealBoard(parse_cards("As")))
    'd db As'
    """

    cards: Cards
    _: KW_ONLY
    commentary: str | None = None

    def __post_init__(self) -> None:
        self._check()
        _check_cards(self.cards, "dealing the board")

    def _body(self) -> str:
        return f"d db {format_cards(self.cards)}"


@dataclass(frozen=True, slots=True)
class Fold(_Action):
    """``p1 f``.

    >>> Fold.parse("p1 f")
    Fold(player=0, commentary=None)
    """

    player: int
    _: KW_ONLY
    commentary: str | None = None

    def __post_init__(self) -> None:
        self._check()

    def _body(self) -> str:
        return f"p{self.player + 1} f"


@dataclass(frozen=True, slots=True)
class CheckOrCall(_Action):
    """``p1 cc``: check when nothing is owed, call otherwise.

    >>> str(CheckOrCall(1, commentary="slowplay"))
    'p2 cc # slowplay'
    """

    player: int
    _: KW_ONLY
    commentary: str | None = None

    def __post_init__(self) -> None:
        self._check()

    def _body(self) -> str:
        return f"p{self.player + 1} cc"


@dataclass(frozen=True, slots=True)
class BetOrRaise(_Action):
    """``p1 cbr 300``: bet or raise so that the player's bet this round totals ``to``.

    In fixed-limit and stud games ``cbr`` also completes the bring-in. ``to`` is a whole number
    of the hand's chip unit: ``parse_action("p1 cbr 6.50", decimals=2).to == 650``.

    >>> BetOrRaise.parse("p4 cbr 170000").to
    170000
    """

    player: int
    to: int
    _: KW_ONLY
    commentary: str | None = None

    def __post_init__(self) -> None:
        self._check()
        if type(self.to) is not int or self.to <= 0:
            raise ParseError(f"bet or raise to {self.to!r} is not a positive whole number of chips")

    def _body(self) -> str:
        return f"p{self.player + 1} cbr {self.to}"


@dataclass(frozen=True, slots=True)
class PostBringIn(_Action):
    """``p1 pb``: the stud player with the lowest up card posts the bring-in.

    >>> PostBringIn.parse("p2 pb").player
    1
    """

    player: int
    _: KW_ONLY
    commentary: str | None = None

    def __post_init__(self) -> None:
        self._check()

    def _body(self) -> str:
        return f"p{self.player + 1} pb"


@dataclass(frozen=True, slots=True)
class StandPatOrDiscard(_Action):
    """``p1 sd`` stands pat (``cards == ()``); ``p1 sd 7h2c`` discards those cards.

    >>> StandPatOrDiscard.parse("p1 sd 7h2c").cards
    (Card.parse('7h'), Card.parse('2c'))
    >>> str(StandPatOrDiscard(0, ()))
    'p1 sd'
    """

    player: int
    cards: Cards = ()
    _: KW_ONLY
    commentary: str | None = None

    def __post_init__(self) -> None:
        self._check()

    def _body(self) -> str:
        cards = format_cards(self.cards)
        return f"p{self.player + 1} sd {cards}" if cards else f"p{self.player + 1} sd"


@dataclass(frozen=True, slots=True)
class ShowOrMuck(_Action):
    """``p1 sm AsKs`` shows these cards; ``p1 sm`` mucks (``cards is None``).

    Shown cards may be ``None`` (``p1 sm ??Ad``) where the spec lets a cash-game player keep
    some cards hidden. ``p1 sm -`` (show the cards already dealt) is ``ShowDealt``.

    >>> ShowOrMuck.parse("p2 sm") == ShowOrMuck(1, None)
    True
    """

    player: int
    cards: Cards | None
    _: KW_ONLY
    commentary: str | None = None

    def __post_init__(self) -> None:
        self._check()
        if self.cards is not None:
            _check_cards(self.cards, "showing")

    def _body(self) -> str:
        if self.cards is None:
            return f"p{self.player + 1} sm"
        return f"p{self.player + 1} sm {format_cards(self.cards)}"


@dataclass(frozen=True, slots=True)
class ShowDealt(_Action):
    """``p1 sm -``: show the hole cards already written in this player's ``d dh`` notations.

    >>> ShowDealt.parse("p1 sm -")
    ShowDealt(player=0, commentary=None)
    """

    player: int
    _: KW_ONLY
    commentary: str | None = None

    def __post_init__(self) -> None:
        self._check()

    def _body(self) -> str:
        return f"p{self.player + 1} sm -"


@dataclass(frozen=True, slots=True)
class NoOp(_Action):
    """An empty notation or a standalone ``# commentary`` (e.g. an exposed burn card).

    >>> NoOp.parse("# Burn card 6s is exposed")
    NoOp(commentary='Burn card 6s is exposed')
    """

    _: KW_ONLY
    commentary: str | None = None

    def __post_init__(self) -> None:
        self._check()

    def _body(self) -> str:
        return ""


PhhAction = (
    DealHole
    | DealBoard
    | Fold
    | CheckOrCall
    | BetOrRaise
    | PostBringIn
    | StandPatOrDiscard
    | ShowOrMuck
    | ShowDealt
    | NoOp
)

_PLAYER = re.compile(r"p([1-9][0-9]*)")
_CARDS = re.compile(r"(?:[2-9TJQKAtjqka][cdhsCDHS]|\?\?)+")
_AMOUNT = re.compile(r"[0-9]+(?:\.[0-9]+)?")
#: The amount of a ``cbr`` notation, for finding the decimals a file writes its amounts with.
CBR_AMOUNT = re.compile(r"^\s*p[0-9]+\s+cbr\s+([0-9]+(?:\.[0-9]+)?)\s*(?:#|$)")
_EXPECTED = (
    "expected 'd dh pN CARDS', 'd db CARDS' or 'pN' followed by f, cc, cbr AMOUNT, pb, "
    "sd [CARDS] or sm [CARDS|-], each optionally followed by '# commentary'"
)


def parse_action(text: str, decimals: int = 0) -> PhhAction:
    """Read one PHH action notation; words may be separated by any whitespace.

    A ``cbr`` amount is read in units of ``10 ** -decimals`` (the chip unit of a file that writes
    amounts with decimals, ``pokertd.history.phh``), exactly: ``6.05`` with two decimals is 605.

    Raises ParseError naming the notation and what was expected.

    >>> parse_action("p1 cbr 300 # open")
    BetOrRaise(player=0, to=300, commentary='open')
    >>> parse_action("p2 cbr 6.05", decimals=2).to
    605
    >>> parse_action("d db JcTs2d")
    DealBoard(cards=(Card.parse('Jc'), Card.parse('Ts'), Card.parse('2d')), commentary=None)
    """
    body, hash_sign, rest = text.partition("#")
    commentary = rest.strip() if hash_sign else None
    match body.split():
        case []:
            return NoOp(commentary=commentary)
        case ["d", "dh", player, cards]:
            return DealHole(_player(text, player), _cards(text, cards), commentary=commentary)
        case ["d", "db", cards]:
            return DealBoard(_cards(text, cards), commentary=commentary)
        case [player, "f"]:
            return Fold(_player(text, player), commentary=commentary)
        case [player, "cc"]:
            return CheckOrCall(_player(text, player), commentary=commentary)
        case [player, "cbr", amount]:
            return BetOrRaise(
                _player(text, player), _amount(text, amount, decimals), commentary=commentary
            )
        case [player, "pb"]:
            return PostBringIn(_player(text, player), commentary=commentary)
        case [player, "sd"]:
            return StandPatOrDiscard(_player(text, player), (), commentary=commentary)
        case [player, "sd", cards]:
            return StandPatOrDiscard(
                _player(text, player), _cards(text, cards), commentary=commentary
            )
        case [player, "sm"]:
            return ShowOrMuck(_player(text, player), None, commentary=commentary)
        case [player, "sm", "-"]:
            return ShowDealt(_player(text, player), commentary=commentary)
        case [player, "sm", cards]:
            return ShowOrMuck(_player(text, player), _cards(text, cards), commentary=commentary)
    raise ParseError(f"action {text!r} is not a PHH action notation; {_EXPECTED}")


def format_action(action: PhhAction, decimals: int = 0) -> str:
    """Write an action in PHH notation: the inverse of ``parse_action`` (a ``cbr`` amount in
    units of ``10 ** -decimals`` is written with that many decimals).

    >>> format_action(ShowOrMuck(3, parse_cards("6d5h")))
    'p4 sm 6d5h'
    >>> format_action(BetOrRaise(0, 650), decimals=2)
    'p1 cbr 6.50'
    """
    if decimals and isinstance(action, BetOrRaise):
        text = f"p{action.player + 1} cbr {format_amount(action.to, decimals)}"
        commentary = action.commentary
        if commentary is None:
            return text
        return f"{text} # {commentary}" if commentary else f"{text} #"
    return str(action)


def format_amount(amount: int, decimals: int) -> str:
    """Write a whole number of ``10 ** -decimals`` units with exactly that many decimals.

    >>> format_amount(125, 2), format_amount(7, 1), format_amount(30, 0)
    ('1.25', '0.7', '30')
    """
    if not decimals:
        return str(amount)
    return format(Decimal(amount).scaleb(-decimals), "f")


def read_amount(text: str, decimals: int) -> int | None:
    """Return an amount written with decimals as a whole number of ``10 ** -decimals`` units,
    exactly, or None when it has more decimals than that.

    >>> read_amount("6.05", 2), read_amount("6", 2), read_amount("6.055", 2)
    (605, 600, None)
    """
    units = Decimal(text).scaleb(decimals)
    return int(units) if units == units.to_integral_value() else None


def _player(text: str, word: str) -> int:
    found = _PLAYER.fullmatch(word)
    if found is None:
        raise ParseError(f"action {text!r} names the actor {word!r}; expected p1, p2, ...")
    return int(found[1]) - 1


def _cards(text: str, word: str) -> Cards:
    if _CARDS.fullmatch(word) is None:
        raise ParseError(
            f"action {text!r} has cards {word!r}; expected cards written back to back "
            "such as 'AsKs', with '??' for an unknown card"
        )
    return parse_cards(word)


def _amount(text: str, word: str, decimals: int) -> int:
    amount = read_amount(word, decimals) if _AMOUNT.fullmatch(word) else 0
    if amount is None:
        raise ParseError(
            message(
                "action {action!r} has amount {word!r}, finer than the chip unit of the hand; "
                "expected at most {decimals} decimals",
                action=text,
                word=word,
                decimals=decimals,
            )
        )
    if amount <= 0:
        raise ParseError(
            f"action {text!r} has amount {word!r}; expected a positive whole number of chips"
        )
    return amount


# --- variant codes ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Variant:
    """A PHH variant code, what it means and which game fields a file in it must give.

    ``game`` is the pokertd game id, or None for a variant pokertd does not play.
    """

    code: str
    name: str
    game: str | None
    fields: tuple[str, ...]
    #: Whether the PHH specification defines the code (False: a pokertd code in its style, which
    #: other PHH tools do not read).
    is_standard: bool = True


# The game fields each betting structure requires, besides antes (spec, "Required Fields").
_NL = ("blinds_or_straddles", "min_bet")  # no-limit and pot-limit button games
_FL = ("blinds_or_straddles", "small_bet", "big_bet")
_STUD = ("bring_in", "small_bet", "big_bet")

#: Every variant code: the spec's eleven (version 0.0.2, "Required Fields"; every one played by
#: pokertd), then the three pokertd codes in the same style for the games the spec has no code
#: for (``PT``, ``PO/8``, ``N5CD``, marked "pokertd code"): the spec adds codes on request, and
#: no other PHH tool reads these. Pot-limit games use ``min_bet``.
VARIANTS: Mapping[str, Variant] = MappingProxyType(
    {
        v.code: v
        for v in (
            Variant("FT", "Fixed-limit Texas hold 'em", "flhe", _FL),
            Variant("NT", "No-limit Texas hold 'em", "nlhe", _NL),
            Variant("NS", "No-limit short-deck hold 'em", "shortdeck", _NL),
            Variant("PO", "Pot-limit Omaha hold 'em", "plo", _NL),
            Variant("FO/8", "Fixed-limit Omaha hold 'em eight or better", "flo8", _FL),
            Variant("F7S", "Fixed-limit seven card stud", "stud", _STUD),
            Variant("F7S/8", "Fixed-limit seven card stud eight or better", "stud8", _STUD),
            Variant("FR", "Fixed-limit razz", "razz", _STUD),
            Variant("N2L1D", "No-limit deuce-to-seven lowball single draw", "nl27sd", _NL),
            Variant("F2L3D", "Fixed-limit deuce-to-seven lowball triple draw", "fl27td", _FL),
            Variant("FB", "Fixed-limit badugi", "badugi", _FL),
            Variant("PT", "Pot-limit Texas hold 'em (pokertd code)", "plhe", _NL, False),
            Variant(
                "PO/8",
                "Pot-limit Omaha hold 'em eight or better (pokertd code)",
                "plo8",
                _NL,
                False,
            ),
            Variant("N5CD", "No-limit five-card draw (pokertd code)", "nl5cd", _NL, False),
        )
    }
)

#: PHH variant code -> pokertd game id, for the variants pokertd plays.
GAMES: Mapping[str, str] = MappingProxyType(
    {code: v.game for code, v in VARIANTS.items() if v.game is not None}
)

#: pokertd game id -> PHH variant code: the reverse of ``GAMES``.
VARIANT_CODES: Mapping[str, str] = MappingProxyType({game: code for code, game in GAMES.items()})


def game_of(variant: str) -> str | None:
    """Return the pokertd game id of a PHH variant code, None if pokertd does not play it.

    Raises ParseError for a code that is not PHH.

    >>> game_of("FO/8"), game_of("FB")
    ('flo8', 'badugi')
    """
    try:
        return VARIANTS[variant].game
    except KeyError:
        known = ", ".join(VARIANTS)
        raise ParseError(
            f"variant {variant!r} is not a PHH variant code; expected one of {known}"
        ) from None


def variant_of(game: str) -> str:
    """Return the PHH variant code of a pokertd game id.

    Raises ParseError for an unknown game id.

    >>> variant_of("stud8")
    'F7S/8'
    """
    try:
        return VARIANT_CODES[game]
    except KeyError:
        known = ", ".join(VARIANT_CODES)
        raise ParseError(
            f"game {game!r} has no PHH variant code; expected one of {known}"
        ) from None
