"""The floor assistant: a situation described in a form, the ruling, and the articles quoted.

A page lists the situation ``KINDS``; each kind describes its input ``fields`` as data (name, type,
English and French label, choices, default), so that a form can be rendered generically.
``rule(profile_id, kind, inputs)`` takes the form's values, all strings as a form posts them (an
empty string is a field left blank), and returns an ``AssistantRuling``: the floor ``Ruling`` and
the French text of each article it cites (``pokertd.rules.articles``).

Kinds about the player to act need a hand. It is given either as PHH text (field ``phh``, replayed
by the profile, with its cards if any), or, when ``phh`` is blank, by the simple fields ``game``,
``stacks`` (one amount for every player, or one per player: ``10000,8000,12000``), ``players``
(when ``stacks`` is one amount), ``blinds`` (``50/100``), ``ante`` and ``actions``: one action a
line (or separated by ``;``), in PHH codes (``p3 cbr 300``, ``p4 cc``, ``p1 f``) or in words after
the player (``p3 raise 300``, ``p4 call``). ``p1`` posts the small blind and the last player has
the button; the cards are dealt from a fixed seed, so the board is there but arbitrary: enter PHH
text to rule on known cards.

Bad input raises ``ParseError`` with a one-sentence message in English and French: an unknown
profile, kind or field, a missing or malformed value, a hand whose actions the rules refuse. The
floor functions' own errors (``IllegalActionError`` for a ruling the rules forbid, such as a clock
on a hand where nobody is to act) pass through.

>>> answer = rule("tda-2017", "chips", {"actions": "p3 cbr 1100", "chips": "1000,500"})
>>> answer.ruling.rule, str(answer.ruling.decision), [str(q) for q in answer.quotes]
('BET-MULTI-CHIP', 'call 1100', ['TDA 50A'])
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal, cast

from pokertd import rules
from pokertd.cards import Card, Deck, parse_cards
from pokertd.cards.card import ALL_CARDS
from pokertd.engine import GAMES, GameFamily, Hand
from pokertd.errors import IllegalActionError, NotFoundError, ParseError
from pokertd.floor.board import BoardError, board_error, expected_burns
from pokertd.floor.chips import interpret
from pokertd.floor.clock import CALLERS, Caller, call_clock, clock_expired
from pokertd.floor.irregularities import Situation, misdeal
from pokertd.floor.order import conditional_statement, parse_decision, substantial_action
from pokertd.floor.penalties import Offence, exposed_cards, missed_hands, next_penalty
from pokertd.floor.rulings import Decision, Ruling
from pokertd.floor.showdown import Holding, Showdown, cards_speak, may_see
from pokertd.floor.stud import (
    absent_player,
    deal_error_kinds,
    dealing_error,
    deck_short,
    first_to_act,
    fold_up_cards,
    premature_card,
)
from pokertd.floor.turns import Declaration, declare, out_of_turn, skipped_player_acts
from pokertd.history import read_phh
from pokertd.history.codes import parse_action
from pokertd.history.replay import apply_action, replay
from pokertd.present.floor.choices import choice_label
from pokertd.present.floor.render import ruling_dict
from pokertd.rules import Profile
from pokertd.rules.articles import Quote, quote, references

FieldType = Literal["text", "lines", "int", "bool", "choice"]


@dataclass(frozen=True, slots=True)
class Field:
    """One input of a situation form: ``lines`` is a multi-line text, ``bool`` a checkbox.

    >>> KINDS["clock-call"].fields[0].label("fr")
    'Qui demande le time'
    """

    name: str
    type: FieldType
    label_en: str
    label_fr: str
    choices: tuple[str, ...] = ()
    is_required: bool = False
    default: str = ""
    example: str = ""

    def label(self, lang: str = "en") -> str:
        """Return the label in ``"en"`` or ``"fr"``."""
        return self.label_fr if lang == "fr" else self.label_en

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
    """A kind of situation: its id, labels, the rule ids it rules on and its fields.

    ``needs_hand`` says the fields include the hand (``HAND_FIELDS``), placed last.
    """

    id: str
    label_en: str
    label_fr: str
    rules: tuple[str, ...]
    fields: tuple[Field, ...]
    needs_hand: bool = False

    def label(self, lang: str = "en") -> str:
        """Return the label in ``"en"`` or ``"fr"``."""
        return self.label_fr if lang == "fr" else self.label_en

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """Return the kind and its fields as a page renders them."""
        return {
            "id": self.id,
            "label": self.label(lang),
            "rules": list(self.rules),
            "needs_hand": self.needs_hand,
            "fields": [field.to_dict(lang) for field in self.fields],
        }


@dataclass(frozen=True, slots=True)
class AssistantRuling:
    """The ruling on a situation, with the French text of the articles it cites.

    ``player`` is the player to act the ruling is about (PHH index from 0), for the kinds that
    need a hand. ``unquoted`` lists the cited references no book text was found for (none for
    the references the code writes today: ``tests/rules/test_articles.py``).
    """

    kind: str
    profile: str
    ruling: Ruling
    quotes: tuple[Quote, ...]
    unquoted: tuple[str, ...] = ()
    player: int | None = None

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """Return the ruling's JSON (``ruling_dict``) with the kind, profile and quotes."""
        return {
            "kind": self.kind,
            "profile": self.profile,
            "player": self.player,
            **ruling_dict(self.ruling, lang),
            "quotes": [found.to_dict() for found in self.quotes],
            "unquoted": list(self.unquoted),
        }


def _f(name: str, type_: FieldType, en: str, fr: str, **options: Any) -> Field:
    return Field(name, type_, en, fr, **options)


_YES_NO = {"true", "false", "on", "off", "yes", "no", "oui", "non", "1", "0"}

#: The hand fields of the kinds about the player to act (module docstring).
HAND_FIELDS: tuple[Field, ...] = (
    _f("game", "choice", "Game", "Jeu", choices=tuple(GAMES), default="nlhe"),
    _f("stacks", "text", "Stacks", "Tapis", default="10000", example="10000,8000,12000"),
    _f("players", "int", "Players (one stack for all)", "Joueurs (même tapis)", default="6"),
    _f("blinds", "text", "Blinds", "Blinds", default="50/100", example="50/100"),
    _f("ante", "int", "Ante", "Ante", default="0"),
    _f("bring_in", "int", "Bring-in (stud)", "Bring-in (stud)", example="10"),
    _f("bets", "text", "Small/big bet (stud)", "Petite/grosse mise (stud)", example="20/40"),
    _f("actions", "lines", "Actions so far", "Actions jusqu'ici", example="p3 cbr 300\np4 call"),
    _f("phh", "lines", "Or the hand in PHH", "Ou la main en PHH"),
)

_PLAYER = "p3"


def _kind(
    id_: str, en: str, fr: str, rule_ids: tuple[str, ...], *fields: Field, hand: bool = False
) -> Kind:
    return Kind(id_, en, fr, rule_ids, (*fields, *(HAND_FIELDS if hand else ())), hand)


_KINDS = (
    _kind(
        "chips",
        "Chips pushed",
        "Jetons poussés",
        ("BET-SINGLE-CHIP", "BET-MULTI-CHIP", "BET-PRIOR-CHIPS", "BET-UNDERRAISE-50"),
        _f(
            "chips",
            "text",
            "Chips pushed",
            "Jetons poussés",
            is_required=True,
            example="1000,500 or 1000,5x100",
        ),
        _f("say", "text", "Words said", "Paroles dites", example="raise"),
        _f(
            "said_first",
            "choice",
            "Which came first",
            "Qu'est-ce qui est venu d'abord",
            choices=("words", "chips"),
        ),
        _f(
            "pulled_back",
            "bool",
            "He pulled back his earlier chips",
            "Il a retiré ses jetons d'avant",
        ),
        _f("in_front", "int", "Chips in front, when not his bet", "Jetons devant lui (autres)"),
        _f("string_bet", "bool", "In several motions", "En plusieurs fois"),
        hand=True,
    ),
    _kind(
        "words",
        "Words said, string bet, tap",
        "Annonce, string bet, tape",
        ("BET-VERBAL-BINDING", "BET-VERBAL-TOTAL", "BET-STRING", "BET-TAP"),
        _f("say", "text", "Words said", "Paroles dites", example="relance 8000"),
        _f("tap", "bool", "He tapped the table", "Il a tapé sur la table"),
        _f("string_bet", "bool", "Chips in several motions", "Jetons en plusieurs fois"),
        hand=True,
    ),
    _kind(
        "out-of-turn",
        "Action out of turn",
        "Action hors de son tour",
        ("BET-OOT",),
        _f(
            "actor",
            "text",
            "Who acted out of turn",
            "Qui a agi hors tour",
            is_required=True,
            example=_PLAYER,
        ),
        _f(
            "action",
            "text",
            "What he did",
            "Ce qu'il a fait",
            is_required=True,
            example="raise 800",
        ),
        _f(
            "earlier",
            "lines",
            "Earlier out-of-turn actions",
            "Actions hors tour précédentes",
            example="p5 call",
        ),
        _f(
            "skipped_acts",
            "text",
            "Then the skipped player",
            "Puis le joueur oublié",
            example="call",
        ),
        hand=True,
    ),
    _kind(
        "conditional",
        "Conditional statement",
        "Annonce conditionnelle",
        ("BET-CONDITIONAL",),
        _f(
            "action",
            "text",
            "What he said he would do",
            "Ce qu'il a annoncé",
            is_required=True,
            example="raise 900",
        ),
        _f("met", "bool", "The condition is met", "La condition est remplie"),
        hand=True,
    ),
    _kind(
        "substantial-action",
        "Substantial action?",
        "Action substantielle ?",
        ("DEAL-SA-DEFINITION",),
        hand=True,
    ),
    _kind(
        "misdeal",
        "Misdeal",
        "Fausse donne",
        ("DEAL-MISDEAL-CONDITIONS",),
        _f(
            "situation",
            "choice",
            "What went wrong",
            "Ce qui s'est passé",
            is_required=True,
            choices=tuple(situation.value for situation in Situation),
        ),
        _f("player", "text", "Player concerned", "Joueur concerné", example=_PLAYER),
        _f("cards_held", "int", "Cards he holds", "Cartes qu'il a"),
        hand=True,
    ),
    _kind(
        "board-error",
        "Board card exposed or premature",
        "Carte du board exposée ou prématurée",
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
        _f(
            "error",
            "choice",
            "The dealer's mistake",
            "L'erreur du donneur",
            is_required=True,
            choices=tuple(error.value for error in BoardError),
        ),
        _f(
            "cards",
            "text",
            "Cards dealt in error",
            "Cartes sorties par erreur",
            is_required=True,
            example="AsKd7c2h",
        ),
        _f("board", "text", "Board before them", "Board avant elles", example="AsKd7c"),
        _f("burns", "text", "Burn cards on the table", "Cartes brûlées sur la table"),
        _f(
            "order_known",
            "bool",
            "Order of the cards known",
            "Ordre des cartes connu",
            default="true",
        ),
        _f(
            "after_sa",
            "bool",
            "Noticed after substantial action",
            "Vu après une action substantielle",
        ),
        _f("seed", "int", "Seed of the reshuffles", "Graine des mélanges", default="0"),
    ),
    _kind(
        "clock-call",
        "Clock called",
        "Demande de time",
        ("CLK-REQUEST", "CLK-DURATION"),
        _f(
            "caller",
            "choice",
            "Who asks for the clock",
            "Qui demande le time",
            is_required=True,
            choices=CALLERS,
        ),
        _f("waited", "int", "Seconds he has been thinking", "Secondes de réflexion"),
    ),
    _kind("clock-expired", "Clock expired", "Time écoulé", ("CLK-EXPIRY",), hand=True),
    _kind(
        "penalty",
        "Penalty",
        "Sanction",
        ("PEN-MISSED-HANDS", "PEN-LADDER"),
        _f("players", "int", "Players at the table", "Joueurs à la table", is_required=True),
        _f("rounds", "int", "Suspension in rounds", "Suspension en tours"),
        _f("hands", "int", "Suspension in hands", "Suspension en mains"),
        _f("faults", "int", "His fault number (the ladder)", "Numéro de sa faute (l'échelle)"),
        _f(
            "offence",
            "choice",
            "What he did",
            "Ce qu'il a fait",
            choices=tuple(offence.value for offence in Offence),
            default=Offence.OTHER.value,
        ),
    ),
    _kind(
        "exposed-cards",
        "Cards shown during the hand",
        "Cartes montrées pendant le coup",
        ("PEN-TIMING",),
        _f("final_heads_up", "bool", "Final heads-up", "Tête-à-tête final"),
    ),
    _kind(
        "right-to-see",
        "Asking to see a hand",
        "Demande à voir une main",
        ("SHOW-RIGHT-TO-SEE",),
        _f("players", "int", "Players at showdown", "Joueurs à l'abattage", is_required=True),
        _f(
            "requester",
            "text",
            "Who asks (or 'table')",
            "Qui demande (ou 'table')",
            is_required=True,
            example="p1",
        ),
        _f("target", "text", "Whose hand", "La main de qui", is_required=True, example=_PLAYER),
        _f("bettor", "text", "Last river bettor", "Dernier miseur à la river"),
        _f("callers", "text", "Who called him", "Qui l'a payé", example="p1,p2"),
        _f("tabled", "text", "Who tabled his cards", "Qui a montré ses cartes"),
        _f("pushed", "text", "Who pushed his cards face down", "Qui a poussé ses cartes"),
        _f("mucked", "text", "Whose cards are in the muck", "Cartes au muck"),
        _f("winner", "text", "Best hand shown so far", "Meilleure main montrée"),
        _f("heads_up", "bool", "Only two players left", "Plus que deux joueurs"),
        _f("asked", "int", "His requests before", "Ses demandes précédentes", default="0"),
        _f("consent", "bool", "The owner agrees to show", "Le joueur accepte de montrer"),
    ),
    _kind(
        "cards-speak",
        "Hand announced wrongly",
        "Main mal annoncée",
        ("SHOW-CARDS-SPEAK",),
        _f("deliberate", "bool", "On purpose", "Volontairement"),
    ),
    _kind(
        "stud-premature",
        "Stud: premature card",
        "Stud : carte prématurée",
        ("STUD-PREMATURE", "DEAL-STUD-PREMATURE"),
        _f("cards", "text", "Premature card(s)", "Carte(s) prématurée(s)", example="7h"),
        _f("player", "text", "Dealt to", "Donnée à", example=_PLAYER),
        _f(
            "kept",
            "bool",
            "Seventh-street card lost among his down cards",
            "Septième carte mêlée à ses cartes fermées",
        ),
        hand=True,
    ),
    _kind(
        "stud-dealing",
        "Stud: card dealt with the wrong face",
        "Stud : carte donnée du mauvais côté",
        ("STUD-MISDEAL", "STUD-RIVER-UP", "DEAL-MISDEAL-CONDITIONS"),
        _f(
            "error",
            "choice",
            "What went wrong",
            "Ce qui s'est passé",
            is_required=True,
            choices=deal_error_kinds(),
        ),
        _f("player", "text", "Player concerned", "Joueur concerné", example=_PLAYER),
        hand=True,
    ),
    _kind(
        "stud-first-to-act",
        "Stud: who brings in or acts first",
        "Stud : qui paie le bring-in ou parle en premier",
        ("STUD-BRINGIN-TIE", "STUD-BRINGIN-ABSENT"),
        _f("claimed", "text", "Player said to be first", "Joueur désigné", example=_PLAYER),
        hand=True,
    ),
    _kind(
        "stud-absent",
        "Stud: player absent for the deal",
        "Stud : joueur absent pour la donne",
        ("STUD-BRINGIN-ABSENT",),
        _f("player", "text", "Absent player", "Joueur absent", is_required=True, example=_PLAYER),
        hand=True,
    ),
    _kind(
        "stud-fold",
        "Stud: up cards picked up",
        "Stud : cartes ouvertes ramassées",
        ("STUD-FOLD",),
        _f(
            "player",
            "text",
            "Who picked them up",
            "Qui les a ramassées",
            is_required=True,
            example=_PLAYER,
        ),
        _f("next_acted", "bool", "The next player has acted", "Le joueur suivant a parlé"),
        hand=True,
    ),
    _kind(
        "stud-deck-short",
        "Stud: enough cards for the next street?",
        "Stud : assez de cartes pour la rue suivante ?",
        ("STUD-DECK-SHORT",),
        hand=True,
    ),
)

#: The situation kinds, by id, in the order a page lists them.
KINDS: Mapping[str, Kind] = MappingProxyType({kind.id: kind for kind in _KINDS})


def rule(profile_id: str, kind: str, inputs: Mapping[str, str]) -> AssistantRuling:
    """Rule on a situation of ``kind`` under profile ``profile_id``, from a form's ``inputs``.

    Raises ParseError for an unknown profile, kind or field name, a missing or malformed value,
    or a hand whose actions the rules refuse.

    >>> answer = rule("lfp", "clock-call", {"caller": "player-in-hand"})
    >>> answer.ruling.rule, answer.quotes[0].book
    ('CLK-REQUEST', 'LFP')
    """
    if profile_id not in rules.PROFILE_IDS:
        known = ", ".join(rules.PROFILE_IDS)
        raise ParseError(
            f"unknown profile {profile_id!r}; the profiles are {known}",
            fr=f"profil inconnu {profile_id!r} ; les profils sont {known}",
        )
    found = KINDS.get(kind)
    if found is None:
        known = ", ".join(KINDS)
        raise ParseError(
            f"unknown situation {kind!r}; the situations are {known}",
            fr=f"situation inconnue {kind!r} ; les situations sont {known}",
        )
    profile = rules.load(profile_id)
    values = _Values(found, inputs)
    try:
        hand = _hand(profile, values) if found.needs_hand else None
        ruling = _HANDLERS[kind](profile, values, hand)
    except ParseError as error:
        if error.fr is not None:
            raise
        # A message of the layers below without its French text: say so in French around it.
        raise _error(str(error), f"saisie invalide ({error})") from error
    legal = None if hand is None else hand.legal()
    quoted, missing = _quotes(ruling)
    player = None if legal is None else legal.player
    return AssistantRuling(kind, profile_id, ruling, quoted, missing, player)


# --- inputs ---------------------------------------------------------------------------------


class _Values:
    """A form's inputs checked against a kind's fields: names known, required ones given, each
    value of its field's type."""

    def __init__(self, kind: Kind, inputs: Mapping[str, str]) -> None:
        fields = {field.name: field for field in kind.fields}
        for name in inputs:
            if name not in fields:
                known = ", ".join(fields) or "none"
                raise _error(
                    f"situation {kind.id!r} has no field {name!r}; its fields are {known}",
                    f"la situation {kind.id!r} n'a pas de champ {name!r} ; ses champs sont {known}",
                )
        self._values: dict[str, str] = {}
        for field in kind.fields:
            text = (inputs.get(field.name) or "").strip() or field.default
            if not text:
                if field.is_required:
                    raise _error(
                        f"{field.label_en!r} ({field.name}) is required",
                        f"{field.label_fr!r} ({field.name}) est obligatoire",
                    )
                continue
            _check(field, text)
            self._values[field.name] = text

    def text(self, name: str) -> str | None:
        return self._values.get(name)

    def required(self, name: str) -> str:
        value = self._values.get(name)
        assert value is not None, name  # required fields are checked in __init__
        return value

    def integer(self, name: str) -> int | None:
        value = self._values.get(name)
        return None if value is None else int(value)

    def flag(self, name: str) -> bool:
        return self._values.get(name, "false").lower() in {"true", "on", "yes", "oui", "1"}


def _is_number(text: str) -> bool:
    """Return whether ``text`` is a plain whole number of at most 12 digits (``"²"`` is not)."""
    return text.isascii() and text.isdigit() and len(text) <= 12


def _check(field: Field, text: str) -> None:
    if field.type == "int" and not _is_number(text):
        raise _error(
            f"{field.name} is a whole number, not {text!r}",
            f"{field.name} est un nombre entier, pas {text!r}",
        )
    if field.name == "players" and int(text) > 10:  # before any list of players is built
        raise _error(
            f"a table has at most 10 players, not {text}",
            f"une table a au plus 10 joueurs, pas {text}",
        )
    if field.type == "bool" and text.lower() not in _YES_NO:
        raise _error(
            f"{field.name} is true or false, not {text!r}",
            f"{field.name} vaut true ou false, pas {text!r}",
        )
    if field.type == "choice" and text not in field.choices:
        choices = ", ".join(field.choices)
        raise _error(
            f"{field.name} is one of {choices}, not {text!r}",
            f"{field.name} est l'un de {choices}, pas {text!r}",
        )


def _error(en: str, fr: str) -> ParseError:
    return ParseError(en, fr=fr)


def _player(text: str, players: int, field: str) -> int:
    """Return the PHH index of the player numbered ``text`` from 1 (``3`` or ``p3``)."""
    cleaned = text.strip().lower().removeprefix("p")
    if not cleaned.isdigit() or not 1 <= int(cleaned) <= players:
        raise _error(
            f"{field} is a player from p1 to p{players}, not {text!r}",
            f"{field} est un joueur de p1 à p{players}, pas {text!r}",
        )
    return int(cleaned) - 1


def _players(text: str | None, players: int, field: str) -> list[int]:
    return [_player(part, players, field) for part in (text or "").split(",") if part.strip()]


def _lines(text: str | None) -> list[str]:
    return [line.strip() for line in re.split(r"[\n;]", text or "") if line.strip()]


def _amounts(text: str, field: str) -> list[int]:
    parts = [part.strip() for part in re.split(r"[,/]", text)]
    if len(parts) > 10 or not all(_is_number(part) for part in parts):
        raise _error(
            f"{field} lists whole numbers of chips, not {text!r}",
            f"{field} donne des nombres entiers de jetons, pas {text!r}",
        )
    return [int(part) for part in parts]


def _chips(text: str) -> list[int]:
    """Read ``1000,500`` or ``1000,5x100`` (five chips of 100) into chips by denomination."""
    found: list[int] = []
    for part in text.replace(" ", "").split(","):
        match = re.fullmatch(r"(?:(\d+)[x×*])?(\d+)", part)
        if match is None or match.group(2) == "0" or match.group(1) in ("0",):
            raise _error(
                f"chips are listed by denomination, such as 1000,500 or 1000,5x100, not {text!r}",
                f"les jetons se donnent par valeur, comme 1000,500 ou 1000,5x100, pas {text!r}",
            )
        found += [int(match.group(2))] * int(match.group(1) or 1)
    return found


def _cards(text: str | None, field: str) -> tuple[Card, ...]:
    if not text:
        return ()
    try:
        cards = parse_cards(text.replace(" ", ""))
    except ParseError:
        cards = (None,)
    if not cards or any(card is None for card in cards):
        raise _error(
            f"{field} lists known cards such as AsKd7c, not {text!r}",
            f"{field} donne des cartes connues comme AsKd7c, pas {text!r}",
        )
    return tuple(card for card in cards if card is not None)


# --- the hand -------------------------------------------------------------------------------

_PHH_CODE = re.compile(r"p\d+\s+(f|cc|pb|cbr\s+\d+|sm(\s+.*)?)\s*(#.*)?", re.IGNORECASE)


def _hand(profile: Profile, values: _Values) -> Hand:
    """Build the hand the form describes: the PHH text, else the simple fields."""
    phh = values.text("phh")
    if phh is not None:
        try:
            history = read_phh(phh, source="phh")
        except ParseError as error:
            raise _error(
                f"the hand is not valid PHH: {error}", f"la main n'est pas du PHH valide : {error}"
            ) from error
        result = replay(history, profile)
        if result.error is not None:
            refused = result.error
            raise _error(
                f"action {refused.index} {refused.action!r} of the hand breaks a rule: "
                f"{refused.message}",
                f"l'action {refused.index} {refused.action!r} de la main enfreint une règle "
                f"({refused.rule})",
            )
        return result.hand
    stacks = _amounts(values.required("stacks"), "stacks")
    if len(stacks) == 1:
        stacks *= values.integer("players") or 0
    game = values.required("game")
    if GAMES[game].family is GameFamily.STUD:
        hand = _stud_hand(profile, values, game, stacks)
    else:
        blinds = _amounts(values.required("blinds"), "blinds")
        if len(blinds) != 2 or not 2 <= len(stacks) <= 10:
            raise _error(
                "blinds are two amounts such as 50/100, and a hand has 2 to 10 players",
                "les blinds sont deux montants comme 50/100, et une main a de 2 à 10 joueurs",
            )
        hand = Hand.create(
            game=game,
            profile=profile,
            stacks=stacks,
            blinds=(blinds[0], blinds[1]),
            ante=values.integer("ante") or 0,
            seed=0,
        )
    for number, text in enumerate(_lines(values.text("actions")), 1):
        _act(hand, number, text)
    return hand


def _stud_hand(profile: Profile, values: _Values, game: str, stacks: list[int]) -> Hand:
    """A stud hand (``stud``, ``stud8``, ``razz``): antes, a bring-in and the small and big bets
    instead of blinds; the cards are dealt from a fixed seed and the weakest up card brings in."""
    bets = _amounts(values.text("bets") or "", "bets") if values.text("bets") else []
    bring_in = values.integer("bring_in")
    if len(bets) != 2 or bring_in is None or not 2 <= len(stacks) <= 8:
        raise _error(
            f"{game} needs a bring-in and the small and big bets such as 20/40, and 2 to 8 players",
            f"le {game} demande un bring-in et les petite et grosse mises comme 20/40, et de 2 à "
            "8 joueurs",
        )
    return Hand.create(
        game=game,
        profile=profile,
        stacks=stacks,
        ante=values.integer("ante") or 0,
        bring_in=bring_in,
        limits=(bets[0], bets[1]),
        seed=0,
    )


def _act(hand: Hand, number: int, text: str) -> None:
    who, _, what = text.partition(" ")
    if not re.fullmatch(r"[pP]\d+", who) or not what.strip():
        raise _error(
            f"action {number} is a player and what he did, such as 'p3 cbr 300' or "
            f"'p3 raise 300', not {text!r}",
            f"l'action {number} est un joueur et ce qu'il a fait, comme 'p3 cbr 300' ou "
            f"'p3 raise 300', pas {text!r}",
        )
    player = _player(who, hand.player_count, f"action {number}")
    try:
        if _PHH_CODE.fullmatch(text.strip()):
            apply_action(hand, parse_action(text.lower()))
        else:
            decision = _decision(what, f"action {number}")
            hand.act(player, decision.kind, to=decision.to)
    except IllegalActionError as error:
        raise _error(
            f"action {number} {text!r} is not legal here: {error}",
            f"l'action {number} {text!r} n'est pas permise ici : {error.text('fr')}",
        ) from error


def _decision(text: str, field: str) -> Decision:
    try:
        return parse_decision(text)
    except ParseError as error:
        raise _error(f"{field}: {error}", f"{field} : {error.text('fr')}") from error


# --- the kinds ------------------------------------------------------------------------------

_Handler = Callable[[Profile, _Values, Hand | None], Ruling]


def _on_hand(function: Callable[[Hand, _Values], Ruling]) -> _Handler:
    def handler(profile: Profile, values: _Values, hand: Hand | None) -> Ruling:
        del profile  # the hand was built with it
        assert hand is not None
        return function(hand, values)

    return handler


def _on_profile(function: Callable[[Profile, _Values], Ruling]) -> _Handler:
    def handler(profile: Profile, values: _Values, hand: Hand | None) -> Ruling:
        del hand
        return function(profile, values)

    return handler


def _chips_pushed(hand: Hand, values: _Values) -> Ruling:
    return interpret(
        hand,
        chips=_chips(values.required("chips")),
        say=values.text("say"),
        said_first=values.text("said_first"),
        pulled_back=values.flag("pulled_back"),
        string_bet=values.flag("string_bet"),
        in_front=values.integer("in_front"),
    )


def _words(hand: Hand, values: _Values) -> Ruling:
    if values.text("say") is None and not values.flag("tap"):
        raise _error("say what he said, or tick the tap", "dites ce qu'il a dit, ou cochez la tape")
    return interpret(
        hand, say=values.text("say"), tap=values.flag("tap"), string_bet=values.flag("string_bet")
    )


def _out_of_turn(hand: Hand, values: _Values) -> Ruling:
    pending: list[Declaration] = []
    for number, text in enumerate(_lines(values.text("earlier")), 1):
        who, _, what = text.partition(" ")
        player = _player(who, hand.player_count, f"earlier action {number}")
        pending.append(
            declare(hand, player, _decision(what, f"earlier action {number}"), pending=pending)
        )
    actor = _player(values.required("actor"), hand.player_count, "actor")
    action = _decision(values.required("action"), "action")
    skipped = values.text("skipped_acts")
    if skipped is None:
        return out_of_turn(hand, actor, action, pending=pending)
    pending.append(declare(hand, actor, action, pending=pending))
    return skipped_player_acts(hand, pending, _decision(skipped, "skipped_acts"))


def _misdeal(hand: Hand, values: _Values) -> Ruling:
    who = values.text("player")
    player = None if who is None else _player(who, hand.player_count, "player")
    return misdeal(
        hand, values.required("situation"), player=player, cards_held=values.integer("cards_held")
    )


def _board(profile: Profile, values: _Values) -> Ruling:
    error = BoardError(values.required("error"))
    before = _cards(values.text("board"), "board")
    faulty = _cards(values.required("cards"), "cards")
    burns = _cards(values.text("burns"), "burns")
    known = [*before, *faulty, *burns]
    if len(set(known)) != len(known):
        raise _error(
            "a card is given twice among the board, the cards and the burns",
            "une carte est donnée deux fois entre le board, les cartes et les brûlées",
        )
    rng = random.Random(values.integer("seed") or 0)
    unseen = [card for card in ALL_CARDS if card not in known]
    rng.shuffle(unseen)
    if not burns:
        burns = tuple(unseen[: expected_burns(error)])
        unseen = unseen[len(burns) :]
    return board_error(
        error,
        profile,
        board=[*before, *faulty],
        burns=burns,
        stub=Deck(unseen),
        rng=rng,
        is_order_known=values.flag("order_known"),
        is_after_substantial_action=values.flag("after_sa"),
    )


def _penalty(profile: Profile, values: _Values) -> Ruling:
    players = values.integer("players") or 0
    faults = values.integer("faults")
    if faults is None:
        return missed_hands(
            profile,
            players_at_table=players,
            rounds=values.integer("rounds"),
            hands=values.integer("hands"),
        )
    if values.integer("hands") is not None:
        raise _error(
            "a suspension in hands goes without a fault number; the ladder counts rounds",
            "une suspension en mains va sans numéro de faute ; l'échelle compte en tours",
        )
    return next_penalty(
        profile,
        faults=faults,
        offence=Offence(values.required("offence")),
        players_at_table=players,
        rounds=values.integer("rounds"),
    )


def _right_to_see(profile: Profile, values: _Values) -> Ruling:
    count = values.integer("players") or 0
    if count < 2:
        raise _error("a showdown has at least two players", "un abattage a au moins deux joueurs")
    holdings = [Holding.HELD] * count
    for name, holding in (
        ("tabled", Holding.TABLED),
        ("pushed", Holding.PUSHED),
        ("mucked", Holding.MUCKED),
    ):
        for player in _players(values.text(name), count, name):
            if holdings[player] is not Holding.HELD:
                raise _error(
                    f"player p{player + 1} is given two holdings",
                    f"le joueur p{player + 1} a deux états de cartes",
                )
            holdings[player] = holding
    bettor, winner, requester = (
        values.text("bettor"),
        values.text("winner"),
        values.required("requester"),
    )
    situation = Showdown(
        tuple(holdings),
        river_aggressor=None if bettor is None else _player(bettor, count, "bettor"),
        river_callers=frozenset(_players(values.text("callers"), count, "callers")),
        winner=None if winner is None else _player(winner, count, "winner"),
        is_heads_up=values.flag("heads_up"),
        requests_before=values.integer("asked") or 0,
        has_mucker_consent=values.flag("consent"),
    )
    asker = None if requester.lower() == "table" else _player(requester, count, "requester")
    target = _player(values.required("target"), count, "target")
    return may_see(profile, requester=asker, target=target, situation=situation)


_HANDLERS: Mapping[str, _Handler] = MappingProxyType(
    {
        "chips": _on_hand(_chips_pushed),
        "words": _on_hand(_words),
        "out-of-turn": _on_hand(_out_of_turn),
        "conditional": _on_hand(
            lambda hand, values: conditional_statement(
                hand, _decision(values.required("action"), "action"), is_met=values.flag("met")
            )
        ),
        "substantial-action": _on_hand(lambda hand, values: substantial_action(hand)),
        "misdeal": _on_hand(_misdeal),
        "board-error": _on_profile(_board),
        "clock-call": _on_profile(
            lambda profile, values: call_clock(
                profile,
                caller=cast(Caller, values.required("caller")),
                waited_seconds=values.integer("waited"),
            )
        ),
        "clock-expired": _on_hand(lambda hand, values: clock_expired(hand)),
        "penalty": _on_profile(_penalty),
        "exposed-cards": _on_profile(
            lambda profile, values: exposed_cards(
                profile, is_final_heads_up=values.flag("final_heads_up")
            )
        ),
        "right-to-see": _on_profile(_right_to_see),
        "cards-speak": _on_profile(
            lambda profile, values: cards_speak(profile, is_deliberate=values.flag("deliberate"))
        ),
        "stud-premature": _on_hand(
            lambda hand, values: premature_card(
                hand,
                player=_optional_player(hand, values, "player"),
                cards=_cards(values.text("cards"), "cards"),
                is_kept=values.flag("kept"),
            )
        ),
        "stud-dealing": _on_hand(
            lambda hand, values: dealing_error(
                hand, values.required("error"), player=_optional_player(hand, values, "player")
            )
        ),
        "stud-first-to-act": _on_hand(
            lambda hand, values: first_to_act(
                hand, claimed=_optional_player(hand, values, "claimed")
            )
        ),
        "stud-absent": _on_hand(
            lambda hand, values: absent_player(
                hand, _player(values.required("player"), hand.player_count, "player")
            )
        ),
        "stud-fold": _on_hand(
            lambda hand, values: fold_up_cards(
                hand,
                _player(values.required("player"), hand.player_count, "player"),
                is_next_acted=values.flag("next_acted"),
            )
        ),
        "stud-deck-short": _on_hand(lambda hand, values: deck_short(hand)),
    }
)


def _optional_player(hand: Hand, values: _Values, name: str) -> int | None:
    text = values.text(name)
    return None if text is None else _player(text, hand.player_count, name)


def _quotes(ruling: Ruling) -> tuple[tuple[Quote, ...], tuple[str, ...]]:
    """Quote every article the ruling cites, once each; keep those no book text was found for."""
    found: list[Quote] = []
    missing: list[str] = []
    seen: set[str] = set()
    for citation in ruling.articles:
        for reference in references(citation):
            if reference in seen:
                continue
            seen.add(reference)
            try:
                found.append(quote(reference))
            except (NotFoundError, ParseError):
                missing.append(reference)
    return tuple(found), tuple(missing)


def kinds(rule_id: str | None = None) -> tuple[Kind, ...]:
    """Return the situation kinds, or those that rule on ``rule_id``.

    >>> [kind.id for kind in kinds("BET-OOT")]
    ['out-of-turn']
    """
    return tuple(kind for kind in _KINDS if rule_id is None or rule_id in kind.rules)
