"""``Ruling``: what the floor decides, the rule that decides it, and why, as facts.

A ruling is a value: the action a player's chips or words amount to (``decision``), the choices
left to him (``choices``), or the procedure to carry out (``steps``: concrete operations on the
cards), with the catalogue rule id and the articles of the profile's book. ``td_decides`` marks the
cases a book leaves to the director.

Why is said as facts too, never as text: ``outcome`` names the branch of the rule that applied
(``"not-in-hand"``) and ``values`` hold what its explanation needs (amounts, players numbered from
1, decisions, nested ``Phrase``\\ s). ``lead`` are the sentences said before it (what the player
did), ``notes`` those added after it (a value the profile inherits). The edge renders them in the
reader's language from the one catalogue (``pokertd.present.floor``); floor code writes no
sentence, in any language.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from pokertd.cards import Card
from pokertd.engine import ActionKind


@dataclass(frozen=True, slots=True)
class Decision:
    """An action the engine can carry out: ``kind`` and, for a bet or raise, the total ``to``.

    >>> Decision(ActionKind.RAISE, 1700)
    Decision(kind=<ActionKind.RAISE: 'raise'>, to=1700)
    >>> str(Decision(ActionKind.CALL))
    'call'
    """

    kind: ActionKind
    to: int | None = None

    def __str__(self) -> str:
        return self.kind.value if self.to is None else f"{self.kind.value} {self.to}"


@dataclass(frozen=True, slots=True)
class Phrase:
    """A sentence, or a part of one, as a fact: the ``key`` of its text in the catalogue and the
    ``values`` of its fields (numbers, decisions, other phrases, tuples of them).

    >>> phrase("player", player=3)
    Phrase(key='player', values={'player': 3})
    """

    key: str
    values: Mapping[str, Any] = field(default_factory=dict)


def phrase(key: str, /, **values: Any) -> Phrase:
    """Return the ``Phrase`` of ``key`` with ``values``."""
    return Phrase(key, values)


class StepKind(StrEnum):
    """A concrete operation on the cards."""

    BURN = "burn"  # put the card(s) with the burn cards
    DEAL_TO_BOARD = "deal-to-board"  # turn the card(s) face up on the board
    TAKE_BACK = "take-back"  # take the card(s) off the board or out of a hand
    SET_ASIDE = "set-aside"  # keep the card(s) apart, face up or down as said
    SCRAMBLE = "scramble"  # mix the card(s) face down
    DRAW_AT_RANDOM = "draw-at-random"  # a floor person draws one of the scrambled cards
    RESHUFFLE_INTO_STUB = "reshuffle-into-stub"  # shuffle the card(s) back into the stub
    KILL_HAND = "kill-hand"  # the player's hand is dead
    REDEAL = "redeal"  # the hand is dealt again (a misdeal)
    RETURN_BETS = "return-bets"  # bets go back to their owners
    CONTINUE = "continue"  # play goes on


@dataclass(frozen=True, slots=True)
class Step:
    """One operation of a procedure: its kind, the cards involved, and a note for the dealer
    (a ``Phrase``, rendered at the edge).

    >>> from pokertd.cards import parse_cards
    >>> Step(StepKind.BURN, tuple(parse_cards("Kd"))).kind
    <StepKind.BURN: 'burn'>
    """

    kind: StepKind
    cards: tuple[Card, ...] = ()
    note: Phrase | None = None


@dataclass(frozen=True, slots=True)
class Ruling:
    """What the floor decides, and why as facts (module docstring).

    >>> ruling = Ruling("BET-MULTI-CHIP", ("TDA 50A",), "all-chips-needed", {"chip": 500},
    ...                 decision=Decision(ActionKind.CALL, 1100))
    >>> ruling.outcome, str(ruling.decision), ruling.phrases
    ('all-chips-needed', 'call 1100', (Phrase(key='all-chips-needed', values={'chip': 500}),))
    """

    rule: str
    articles: tuple[str, ...]
    outcome: str
    values: Mapping[str, Any] = field(default_factory=dict)
    decision: Decision | None = None
    choices: tuple[Decision, ...] = ()
    steps: tuple[Step, ...] = ()
    td_decides: bool = False
    details: dict[str, Any] = field(default_factory=dict)
    lead: tuple[Phrase, ...] = ()
    notes: tuple[Phrase, ...] = ()

    @property
    def phrases(self) -> tuple[Phrase, ...]:
        """Return the sentences of the explanation in order: the lead, the outcome, the notes."""
        return (*self.lead, Phrase(self.outcome, self.values), *self.notes)

    def noted(self, *notes: Phrase) -> Ruling:
        """Return the ruling with ``notes`` added after its explanation."""
        return replace(self, notes=(*self.notes, *notes))
