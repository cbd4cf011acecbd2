"""``Ruling``: what the floor decides, the rule that decides it, and why, in French and English.

A ruling is a value: the action a player's chips or words amount to (``decision``), the choices
left to him (``choices``), or the procedure to carry out (``steps``: concrete operations on the
cards), with the catalogue rule id, the articles of the profile's book, and a one-paragraph
explanation in both languages. ``td_decides`` marks the cases a book leaves to the director.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from pokertd.cards import Card, format_cards
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
    """One operation of a procedure: its kind, the cards involved, and a note for the dealer.

    >>> from pokertd.cards import parse_cards
    >>> str(Step(StepKind.BURN, tuple(parse_cards("Kd"))))
    'burn Kd'
    """

    kind: StepKind
    cards: tuple[Card, ...] = ()
    note: str = ""

    def __str__(self) -> str:
        text = self.kind.value
        if self.cards:
            text += " " + format_cards(list(self.cards))
        return text + (f" ({self.note})" if self.note else "")


@dataclass(frozen=True, slots=True)
class Ruling:
    """What the floor decides.

    >>> ruling = Ruling("BET-MULTI-CHIP", ("TDA 50A",), "A call.", "Un call.",
    ...                 decision=Decision(ActionKind.CALL))
    >>> ruling.explanation("fr"), ruling.to_dict()["action"]
    ('Un call.', 'call')
    """

    rule: str
    articles: tuple[str, ...]
    explanation_en: str
    explanation_fr: str
    decision: Decision | None = None
    choices: tuple[Decision, ...] = ()
    steps: tuple[Step, ...] = ()
    td_decides: bool = False
    details: dict[str, Any] = field(default_factory=dict)

    def explanation(self, lang: str = "en") -> str:
        """Return the explanation in ``"en"`` or ``"fr"``."""
        return self.explanation_fr if lang == "fr" else self.explanation_en

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """Return the JSON shape of ``pokertd floor ... --json`` (DESIGN.md, "Floor CLI")."""
        decision = self.decision
        return {
            "action": None if decision is None else decision.kind.value,
            "to": None if decision is None else decision.to,
            "choices": [str(choice) for choice in self.choices],
            "steps": [str(step) for step in self.steps],
            "td_decides": self.td_decides,
            "rule": self.rule,
            "articles": list(self.articles),
            "explanation": self.explanation(lang),
            "explanation_fr": self.explanation_fr,
            "explanation_en": self.explanation_en,
            **({"details": self.details} if self.details else {}),
        }
