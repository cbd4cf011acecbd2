"""What a player may do: ``ActionKind``, and ``Legal``, the options of the player to act."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from pokertd.errors import ParseError


class ActionKind(StrEnum):
    """A player's action. ``hand.act(i, "raise", to=300)`` converts the word with ``ActionKind``.

    ``ALL_IN`` is a shorthand: it calls, bets or raises with every chip the player has.
    """

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    ALL_IN = "all-in"
    #: Stud: the player with the bring-in card posts it (he may complete instead: bet).
    BRING_IN = "bring-in"
    SHOW = "show"
    MUCK = "muck"

    @classmethod
    def parse(cls, word: str) -> ActionKind:
        """Read an action word such as ``"raise"`` or ``"all-in"``.

        >>> ActionKind.parse("Raise")
        <ActionKind.RAISE: 'raise'>

        Raises ParseError for an unknown word.
        """
        kind = _BY_WORD.get(word)
        if kind is not None:
            return kind
        try:
            return cls(word.strip().lower())
        except ValueError:
            known = ", ".join(kind.value for kind in cls)
            raise ParseError(f"unknown action {word!r}; expected one of {known}") from None


_BY_WORD: dict[str, ActionKind] = {kind.value: kind for kind in ActionKind}


class Legal(NamedTuple):
    """The options of the player to act.

    ``call`` is the number of chips he must add to call (0 when he may check; less than the bet
    when calling puts him all-in). ``min_raise_to`` and ``max_raise_to`` are totals for the round
    and are ``None`` when he may not bet or raise; when his whole stack is short of a full raise
    both are his all-in total. ``is_opening`` says that a bet or raise would open the round.
    At showdown ``show`` and ``muck`` say what he may do with his cards. In stud, ``is_bring_in``
    says that he owes the bring-in: ``call`` is what he posts ("bring-in", or "call") and
    ``min_raise_to`` the completion to the small bet; he may not fold or check. In fixed limit only
    ``min_raise_to`` and ``max_raise_to`` themselves are legal totals (they differ only under the
    stud open-pair option on fourth street: one small or one big bet). In a draw game's draw,
    ``draw`` is the most cards the player may discard (``Hand.draw``; he may also stand pat) and
    nothing else is offered; it is 0 at any other time. (A named tuple: the engine builds one
    per decision, and a tuple is several times cheaper to build than a dataclass.)

    >>> Legal(player=2, fold=True, check=False, call=100, min_raise_to=200, max_raise_to=10_000)
    Legal(player=2, fold=True, check=False, call=100, min_raise_to=200, max_raise_to=10000, \
is_opening=False, show=False, muck=False, is_bring_in=False, draw=0)
    """

    player: int
    fold: bool
    check: bool
    call: int
    min_raise_to: int | None
    max_raise_to: int | None
    is_opening: bool = False
    show: bool = False
    muck: bool = False
    is_bring_in: bool = False
    draw: int = 0

    @property
    def can_raise(self) -> bool:
        """Return whether a bet or raise is allowed."""
        return self.min_raise_to is not None

    def to_dict(self) -> dict[str, object]:
        """Return the JSON shape of ``pokertd replay --json`` (DESIGN.md)."""
        shape: dict[str, object] = {
            "fold": self.fold,
            "check": self.check,
            "call": self.call,
            "min_raise_to": self.min_raise_to,
            "max_raise_to": self.max_raise_to,
        }
        if self.is_bring_in:
            shape["bring_in"] = True  # stud: "call" posts the bring-in
        if self.draw:
            shape["draw"] = self.draw  # draw games: the most cards he may discard
        return shape
