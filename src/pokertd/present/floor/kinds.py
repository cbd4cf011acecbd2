"""The floor assistant's situation kinds and their input fields, described as data.

A page lists the situation ``KINDS``; each kind describes its input ``fields`` (name, type, label,
choices, default, example), so that a form can be rendered generically. Labels are English texts
marked for extraction with the field's name, the kind's id or the choice's value as message
context (``make messages``); ``label(lang)`` reads them from the one catalogue.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal

from pokertd.engine import GAMES
from pokertd.floor.board import BoardError
from pokertd.floor.clock import CALLERS
from pokertd.floor.irregularities import Situation
from pokertd.floor.penalties import Offence
from pokertd.floor.stud import deal_error_kinds
from pokertd.messages import Message, Translate
from pokertd.present.floor.choices import choice_label
from pokertd.present.i18n import translations

FieldType = Literal["text", "lines", "int", "bool", "choice"]


@dataclass(frozen=True, slots=True)
class Label(Message):
    """A label as a value of a message: rendered from the catalogue with its ``context``."""

    context: str = ""

    def render(self, translate: Translate) -> str:
        """Return the label in the renderer's language."""
        return translate(self.context, self.template)


def label_text(context: str, label: str, lang: str) -> str:
    """Return ``label`` (marked with ``context``) in ``lang``."""
    return translations(lang).pgettext(context, label)


@dataclass(frozen=True, slots=True)
class Field:
    """One input of a situation form: ``lines`` is a multi-line text, ``bool`` a checkbox.

    ``label_en`` is the English label (the msgid; its context is the field's name).

    >>> KINDS["clock-call"].fields[0].label("fr")
    'Qui demande le time'
    """

    name: str
    type: FieldType
    label_en: str
    choices: tuple[str, ...] = ()
    is_required: bool = False
    default: str = ""
    example: str = ""

    def label(self, lang: str = "en") -> str:
        """Return the label in ``"en"`` or ``"fr"``."""
        return label_text(self.name, self.label_en, lang)

    def term(self) -> Label:
        """Return the label as a value of a message (an error naming the field)."""
        return Label(self.label_en, context=self.name)

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """Return the field as a page renders it."""
        return {
            "name": self.name,
            "type": self.type,
            "label": self.label(lang),
            "choices": list(self.choices),
            "choice_labels": {choice: choice_label(choice, lang) for choice in self.choices},
            "required": self.is_required,
            "default": self.default,
            "example": self.example,
        }


@dataclass(frozen=True, slots=True)
class Kind:
    """A kind of situation: its id, label, the rule ids it rules on and its fields.

    ``needs_hand`` says the fields include the hand (``HAND_FIELDS``), placed last.
    """

    id: str
    label_en: str
    rules: tuple[str, ...]
    fields: tuple[Field, ...]
    needs_hand: bool = False

    def label(self, lang: str = "en") -> str:
        """Return the label in ``"en"`` or ``"fr"``."""
        return label_text(self.id, self.label_en, lang)

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """Return the kind and its fields as a page renders them."""
        return {
            "id": self.id,
            "label": self.label(lang),
            "rules": list(self.rules),
            "needs_hand": self.needs_hand,
            "fields": [field.to_dict(lang) for field in self.fields],
        }


def _field(name: str, type_: FieldType, label: str, **options: Any) -> Field:
    """A field, its label marked for extraction (context: its name)."""
    return Field(name, type_, label, **options)


#: The hand fields of the kinds about the player to act (module docstring).
HAND_FIELDS: tuple[Field, ...] = (
    _field("game", "choice", "Game", choices=tuple(GAMES), default="nlhe"),
    _field("stacks", "text", "Stacks", default="10000", example="10000,8000,12000"),
    _field("players", "int", "Players (one stack for all)", default="6"),
    _field("blinds", "text", "Blinds", default="50/100", example="50/100"),
    _field("ante", "int", "Ante", default="0"),
    _field("bring_in", "int", "Bring-in (stud)", example="10"),
    _field("bets", "text", "Small/big bet (stud)", example="20/40"),
    _field("actions", "lines", "Actions so far", example="p3 cbr 300\np4 call"),
    _field("phh", "lines", "Or the hand in PHH"),
)

_PLAYER = "p3"


def _kind(
    id_: str, label: str, rule_ids: tuple[str, ...], *fields: Field, hand: bool = False
) -> Kind:
    """A kind, its label marked for extraction (context: its id) and, if ``hand``, the hand
    fields last."""
    return Kind(id_, label, rule_ids, (*fields, *(HAND_FIELDS if hand else ())), hand)


_KINDS = (
    _kind(
        "chips",
        "Chips pushed",
        ("BET-SINGLE-CHIP", "BET-MULTI-CHIP", "BET-PRIOR-CHIPS", "BET-UNDERRAISE-50"),
        _field(
            "chips",
            "text",
            "Chips pushed",
            is_required=True,
            example="1000,500 or 1000,5x100",
        ),
        _field("say", "text", "Words said", example="raise"),
        _field(
            "said_first",
            "choice",
            "Which came first",
            choices=("words", "chips"),
        ),
        _field(
            "pulled_back",
            "bool",
            "He pulled back his earlier chips",
        ),
        _field("in_front", "int", "Chips in front, when not his bet"),
        _field("string_bet", "bool", "In several motions"),
        hand=True,
    ),
    _kind(
        "words",
        "Words said, string bet, tap",
        ("BET-VERBAL-BINDING", "BET-VERBAL-TOTAL", "BET-STRING", "BET-TAP"),
        _field("say", "text", "Words said", example="relance 8000"),
        _field("tap", "bool", "He tapped the table"),
        _field("string_bet", "bool", "Chips in several motions"),
        hand=True,
    ),
    _kind(
        "out-of-turn",
        "Action out of turn",
        ("BET-OOT",),
        _field(
            "actor",
            "text",
            "Who acted out of turn",
            is_required=True,
            example=_PLAYER,
        ),
        _field(
            "action",
            "text",
            "What he did",
            is_required=True,
            example="raise 800",
        ),
        _field(
            "earlier",
            "lines",
            "Earlier out-of-turn actions",
            example="p5 call",
        ),
        _field(
            "skipped_acts",
            "text",
            "Then the skipped player",
            example="call",
        ),
        hand=True,
    ),
    _kind(
        "conditional",
        "Conditional statement",
        ("BET-CONDITIONAL",),
        _field(
            "action",
            "text",
            "What he said he would do",
            is_required=True,
            example="raise 900",
        ),
        _field("met", "bool", "The condition is met"),
        hand=True,
    ),
    _kind(
        "substantial-action",
        "Substantial action?",
        ("DEAL-SA-DEFINITION",),
        hand=True,
    ),
    _kind(
        "misdeal",
        "Misdeal",
        ("DEAL-MISDEAL-CONDITIONS",),
        _field(
            "situation",
            "choice",
            "What went wrong",
            is_required=True,
            choices=tuple(situation.value for situation in Situation),
        ),
        _field("player", "text", "Player concerned", example=_PLAYER),
        _field("cards_held", "int", "Cards he holds"),
        hand=True,
    ),
    _kind(
        "board-error",
        "Board card exposed or premature",
        (
            "DEAL-FOUR-CARD-FLOP",
            "DEAL-FLOP-NO-BURN",
            "DEAL-FLOP-TWO-BURNS",
            "DEAL-TURN-RIVER-NO-BURN",
            "DEAL-PREMATURE-FLOP",
            "DEAL-PREMATURE-TURN",
            "DEAL-PREMATURE-RIVER",
            "DEAL-BOARD-ERROR-AFTER-SA",
        ),
        _field(
            "error",
            "choice",
            "The dealer's mistake",
            is_required=True,
            choices=tuple(error.value for error in BoardError),
        ),
        _field(
            "cards",
            "text",
            "Cards dealt in error",
            is_required=True,
            example="AsKd7c2h",
        ),
        _field("board", "text", "Board before them", example="AsKd7c"),
        _field("burns", "text", "Burn cards on the table"),
        _field(
            "order_known",
            "bool",
            "Order of the cards known",
            default="true",
        ),
        _field(
            "after_sa",
            "bool",
            "Noticed after substantial action",
        ),
        _field("seed", "int", "Seed of the reshuffles", default="0"),
    ),
    _kind(
        "clock-call",
        "Clock called",
        ("CLK-REQUEST", "CLK-DURATION"),
        _field(
            "caller",
            "choice",
            "Who asks for the clock",
            is_required=True,
            choices=CALLERS,
        ),
        _field("waited", "int", "Seconds he has been thinking"),
    ),
    _kind("clock-expired", "Clock expired", ("CLK-EXPIRY",), hand=True),
    _kind(
        "penalty",
        "Penalty",
        ("PEN-MISSED-HANDS", "PEN-LADDER"),
        _field("players", "int", "Players at the table", is_required=True),
        _field("rounds", "int", "Suspension in rounds"),
        _field("hands", "int", "Suspension in hands"),
        _field("faults", "int", "His fault number (the ladder)"),
        _field(
            "offence",
            "choice",
            "What he did",
            choices=tuple(offence.value for offence in Offence),
            default=Offence.OTHER.value,
        ),
    ),
    _kind(
        "exposed-cards",
        "Cards shown during the hand",
        ("PEN-TIMING",),
        _field("final_heads_up", "bool", "Final heads-up"),
    ),
    _kind(
        "right-to-see",
        "Asking to see a hand",
        ("SHOW-RIGHT-TO-SEE",),
        _field("players", "int", "Players at showdown", is_required=True),
        _field(
            "requester",
            "text",
            "Who asks (or 'table')",
            is_required=True,
            example="p1",
        ),
        _field("target", "text", "Whose hand", is_required=True, example=_PLAYER),
        _field("bettor", "text", "Last river bettor"),
        _field("callers", "text", "Who called him", example="p1,p2"),
        _field("tabled", "text", "Who tabled his cards"),
        _field("pushed", "text", "Who pushed his cards face down"),
        _field("mucked", "text", "Whose cards are in the muck"),
        _field("winner", "text", "Best hand shown so far"),
        _field("heads_up", "bool", "Only two players left"),
        _field("asked", "int", "His requests before", default="0"),
        _field("consent", "bool", "The owner agrees to show"),
    ),
    _kind(
        "cards-speak",
        "Hand announced wrongly",
        ("SHOW-CARDS-SPEAK",),
        _field("deliberate", "bool", "On purpose"),
    ),
    _kind(
        "stud-premature",
        "Stud: premature card",
        ("STUD-PREMATURE", "DEAL-STUD-PREMATURE"),
        _field("cards", "text", "Premature card(s)", example="7h"),
        _field("player", "text", "Dealt to", example=_PLAYER),
        _field(
            "kept",
            "bool",
            "Seventh-street card lost among his down cards",
        ),
        hand=True,
    ),
    _kind(
        "stud-dealing",
        "Stud: card dealt with the wrong face",
        ("STUD-MISDEAL", "STUD-RIVER-UP", "DEAL-MISDEAL-CONDITIONS"),
        _field(
            "error",
            "choice",
            "What went wrong",
            is_required=True,
            choices=deal_error_kinds(),
        ),
        _field("player", "text", "Player concerned", example=_PLAYER),
        hand=True,
    ),
    _kind(
        "stud-first-to-act",
        "Stud: who brings in or acts first",
        ("STUD-BRINGIN-TIE", "STUD-BRINGIN-ABSENT"),
        _field("claimed", "text", "Player said to be first", example=_PLAYER),
        hand=True,
    ),
    _kind(
        "stud-absent",
        "Stud: player absent for the deal",
        ("STUD-BRINGIN-ABSENT",),
        _field("player", "text", "Absent player", is_required=True, example=_PLAYER),
        hand=True,
    ),
    _kind(
        "stud-fold",
        "Stud: up cards picked up",
        ("STUD-FOLD",),
        _field(
            "player",
            "text",
            "Who picked them up",
            is_required=True,
            example=_PLAYER,
        ),
        _field("next_acted", "bool", "The next player has acted"),
        hand=True,
    ),
    _kind(
        "stud-deck-short",
        "Stud: enough cards for the next street?",
        ("STUD-DECK-SHORT",),
        hand=True,
    ),
)

#: The situation kinds, by id, in the order a page lists them.
KINDS: Mapping[str, Kind] = MappingProxyType({kind.id: kind for kind in _KINDS})


def kinds(rule_id: str | None = None) -> tuple[Kind, ...]:
    """Return the situation kinds, or those that rule on ``rule_id``.

    >>> [kind.id for kind in kinds("BET-OOT")]
    ['out-of-turn']
    """
    return tuple(kind for kind in _KINDS if rule_id is None or rule_id in kind.rules)
